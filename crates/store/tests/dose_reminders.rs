//! Dose reminders' subscribers (issue 16), on both backends: verified users with at least
//! one medication whose reminders are on, in their time zone (UTC without preferences);
//! unsubscribing turns the reminders of all their medications off and nothing else.

#![allow(clippy::expect_used)]

use chrono::Utc;
use identity::model::Preferences;
use identity::ports::UserRepository;
use kernel::UserId;
use medications::ports::MedicationRepository;
use notifications::{NotificationStore, Topic};
use store::NotificationStoreDb;
use testkit::{Backend, on_both_backends};

mod fixtures;
use fixtures::medications::*;
use fixtures::user;

async fn verified(c: &Ctx, name: &str) -> UserId {
    let id = user(&c.users, name).await;
    c.users
        .consume_verification(&format!("v-{name}"), Utc::now())
        .await
        .expect("verify")
        .expect("verified");
    id
}

async fn reminders_of(c: &Ctx, user: UserId) -> Vec<bool> {
    c.meds
        .list(user)
        .await
        .expect("list")
        .iter()
        .map(|m| m.reminders)
        .collect()
}

async fn subscribers_have_a_medication_with_reminders_on(b: Backend) {
    let c = ctx(b);
    let store = NotificationStoreDb::new(c.db.clone());
    let once = || dose(10.0, medications::Frequency::OnceDaily, &["08:00"]);
    // Ann: two medications with reminders, in Paris.
    let ann = verified(&c, "ann").await;
    c.add(ann, new_med("Amlodipine", once(), "2026-01-10"))
        .await;
    c.add(ann, new_med("Ramipril", once(), "2026-01-10")).await;
    c.users
        .save_preferences(
            ann,
            Preferences {
                time_zone: chrono_tz::Europe::Paris,
                ..Preferences::default()
            },
        )
        .await
        .expect("prefs");
    // Bob: reminders on, no preferences saved (UTC).
    let bob = verified(&c, "bob").await;
    c.add(bob, new_med("Losartan", once(), "2026-01-10")).await;
    // Cid: reminders off. Dee: not verified.
    let cid = verified(&c, "cid").await;
    let mut quiet = new_med("Quiet", once(), "2026-01-10");
    quiet.details.reminders = false;
    c.add(cid, quiet).await;
    let dee = user(&c.users, "dee").await;
    c.add(dee, new_med("Unverified", once(), "2026-01-10"))
        .await;

    let subs = store
        .subscribers(Topic::Medications)
        .await
        .expect("subscribers");
    let who: Vec<(UserId, chrono_tz::Tz)> = subs.iter().map(|s| (s.user, s.time_zone)).collect();
    assert_eq!(
        who,
        [(ann, chrono_tz::Europe::Paris), (bob, chrono_tz::UTC)],
        "once each, in their zone"
    );
    assert!(
        store
            .subscribers(Topic::Reminders)
            .await
            .expect("subscribers")
            .is_empty(),
        "daily reminders are another topic"
    );

    // Unsubscribing turns off all of Ann's and nothing of Bob's or her preferences.
    assert!(store.turn_off(ann, Topic::Medications).await.expect("off"));
    assert_eq!(reminders_of(&c, ann).await, [false, false]);
    assert_eq!(reminders_of(&c, bob).await, [true]);
    let prefs = c.users.preferences(ann).await.expect("prefs");
    assert_eq!(prefs.time_zone, chrono_tz::Europe::Paris);
    let subs = store
        .subscribers(Topic::Medications)
        .await
        .expect("subscribers");
    assert_eq!(subs.iter().map(|s| s.user).collect::<Vec<_>>(), [bob]);
    assert!(
        !store
            .turn_off(UserId(999_999), Topic::Medications)
            .await
            .expect("off"),
        "no such user"
    );
}

on_both_backends!(subscribers_have_a_medication_with_reminders_on);

//! Shares in the store, on both backends (issue 17): scoped to the owner, found by their
//! token's hash, ended ones purged, the active and email caps held (under concurrency too),
//! the link email queued with the share and only then, the access log trimmed and views
//! counted, everything gone with the account; and both tables copied to PostgreSQL.

#![allow(clippy::expect_used)]

use chrono::Duration;
use identity::ports::UserRepository;
use kernel::email_caps::{Cap, EmailCaps};
use kernel::outbox::OutgoingEmail;
use sharing::model::*;
use sharing::ports::{InsertOutcome, Kept, ShareRepository};
use store::{Db, DbOptions, ShareStore};
use testkit::{Backend, TestDb, on_both_backends};

mod fixtures;
use fixtures::shares::*;
use fixtures::{rows, user};

async fn shares_are_stored_and_scoped_to_their_owner(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let bob = user(&c.users, "bob").await;
    let t = now();
    let mut since = new_share("since", t - Duration::hours(2), 7);
    since.period = Period::Since(d("2026-01-15"));
    since.code_hash = Some("$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".into());
    since.includes = Includes {
        heart_rate: true,
        weight: true,
        blood_sugar: true,
        notes: true,
        medications: true,
    };
    let mut fixed = new_share("fixed", t - Duration::hours(1), 30);
    fixed.period = Period::Fixed {
        from: d("2026-08-01"),
        to: d("2026-10-29"),
    };
    fixed.emailed_to = Some(kernel::Email::parse("dr@example.com").expect("address"));
    let rolling = new_share("rolling", t, 1);
    let mut stored = Vec::new();
    for s in [since.clone(), fixed.clone(), rolling.clone()] {
        let share = c.add(ann, s.clone()).await;
        assert_eq!(
            (
                share.user_id,
                &share.label,
                &share.shown_name,
                share.period,
                share.includes
            ),
            (ann, &s.label, &s.shown_name, s.period, s.includes)
        );
        assert_eq!(
            (
                &share.code_hash,
                share.created_at,
                share.expires_at,
                share.emailed_to.as_deref()
            ),
            (
                &s.code_hash,
                s.created_at,
                s.expires_at,
                s.emailed_to.as_ref().map(kernel::Email::as_str)
            )
        );
        assert_eq!(
            (share.revoked_at, share.opened, share.last_opened_at),
            (None, 0, None)
        );
        stored.push(share);
    }
    let bobs = c.add(bob, new_share("bob", t, 7)).await;

    let newest_first: Vec<Share> = stored.iter().rev().cloned().collect();
    assert_eq!(c.shares.list(ann).await.expect("list"), newest_first);
    assert_eq!(
        c.shares.list(bob).await.expect("list"),
        std::slice::from_ref(&bobs)
    );
    let first = &stored[0];
    assert_eq!(
        c.shares.get(ann, first.id).await.expect("get").as_ref(),
        Some(first)
    );
    assert_eq!(c.shares.get(bob, first.id).await.expect("get"), None);
    assert_eq!(c.shares.get(ann, bobs.id).await.expect("get"), None);

    // Found by the token's hash only, whatever its owner.
    assert_eq!(
        c.shares
            .find_by_token(&kernel::secret::hash("fixed"))
            .await
            .expect("find"),
        Some(stored[1].clone())
    );
    assert_eq!(
        c.shares.find_by_token("fixed").await.expect("find"),
        None,
        "the token itself is not stored"
    );
    assert_eq!(
        c.shares
            .find_by_token(&kernel::secret::hash("guessed"))
            .await
            .expect("find"),
        None
    );

    // Revoking: only the owner, once (a second revoke keeps the first time).
    assert_eq!(
        c.shares.revoke(bob, first.id, t).await.expect("revoke"),
        None
    );
    assert_eq!(
        c.shares.get(ann, first.id).await.expect("get"),
        Some(first.clone())
    );
    let revoked = c
        .shares
        .revoke(ann, first.id, t)
        .await
        .expect("revoke")
        .expect("ann's");
    assert_eq!(revoked.revoked_at, Some(t));
    assert_eq!(revoked.status(t), Status::Revoked);
    let again = c
        .shares
        .revoke(ann, first.id, t + Duration::hours(1))
        .await
        .expect("revoke")
        .expect("ann's");
    assert_eq!(again.revoked_at, Some(t));
    assert_eq!(
        c.shares
            .find_by_token(&kernel::secret::hash("since"))
            .await
            .expect("find")
            .map(|s| s.revoked_at),
        Some(Some(t)),
        "a revoked share is still found; the caller refuses it"
    );

    // The access log: only the owner reads it (a visit before the share was revoked).
    c.view(
        first.id,
        t - Duration::minutes(1),
        AccessKind::View,
        roomy_log(100),
    )
    .await;
    assert_eq!(
        c.shares.accesses(bob, first.id, 10).await.expect("log"),
        None
    );
    assert_eq!(
        c.shares
            .accesses(ann, first.id, 10)
            .await
            .expect("log")
            .map(|l| l.len()),
        Some(1)
    );

    // Deleting: only the owner, once, and the log goes with it.
    assert!(!c.shares.delete(bob, first.id).await.expect("delete"));
    assert!(!c.shares.delete(ann, bobs.id).await.expect("delete"));
    assert!(c.shares.delete(ann, first.id).await.expect("delete"));
    assert!(
        !c.shares.delete(ann, first.id).await.expect("delete"),
        "once"
    );
    assert_eq!(c.shares.get(ann, first.id).await.expect("get"), None);
    assert_eq!(
        c.shares.accesses(ann, first.id, 10).await.expect("log"),
        None
    );
    assert_eq!(rows(&c.db, "share_accesses").await, 0);
    assert_eq!(c.shares.list(ann).await.expect("list").len(), 2);
    assert_eq!(c.shares.list(bob).await.expect("list"), [bobs]);
}

async fn a_new_share_purges_the_owners_long_ended_ones(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let bob = user(&c.users, "bob").await;
    let t = now();
    let cutoff = t - Duration::days(30);
    // Expired before the cutoff, revoked before it, expired after it, active.
    let expired_long_ago = c
        .add(ann, new_share("old", cutoff - Duration::days(8), 7))
        .await;
    let revoked_long_ago = c
        .add(ann, new_share("rev", cutoff - Duration::days(2), 90))
        .await;
    c.shares
        .revoke(ann, revoked_long_ago.id, cutoff - Duration::days(1))
        .await
        .expect("revoke");
    let expired_lately = c
        .add(ann, new_share("late", cutoff - Duration::days(6), 7))
        .await;
    let revoked_lately = c.add(ann, new_share("rl", t - Duration::days(3), 90)).await;
    c.shares
        .revoke(ann, revoked_lately.id, cutoff + Duration::days(1))
        .await
        .expect("revoke");
    let active = c.add(ann, new_share("act", t - Duration::days(1), 7)).await;
    let bobs_old = c
        .add(bob, new_share("bob", cutoff - Duration::days(8), 7))
        .await;
    for s in [&expired_long_ago, &revoked_long_ago, &active] {
        c.view(
            s.id,
            t - Duration::days(40),
            AccessKind::View,
            roomy_log(100),
        )
        .await;
    }
    assert_eq!(rows(&c.db, "share_accesses").await, 3);

    let mut caps = roomy(t);
    caps.purge_ended_before = cutoff;
    let new = match c.insert(ann, new_share("new", t, 7), None, caps).await {
        InsertOutcome::Created(s) => s,
        other => panic!("{other:?}"),
    };
    let left: Vec<i64> = c
        .shares
        .list(ann)
        .await
        .expect("list")
        .iter()
        .map(|s| s.id)
        .collect();
    assert_eq!(
        left,
        [new.id, active.id, revoked_lately.id, expired_lately.id],
        "ended before the cutoff: gone"
    );
    assert_eq!(rows(&c.db, "share_accesses").await, 1, "their logs too");
    assert_eq!(
        c.shares.get(bob, bobs_old.id).await.expect("get"),
        Some(bobs_old),
        "only the owner's"
    );
}

async fn the_active_cap_counts_shares_neither_expired_nor_revoked(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let bob = user(&c.users, "bob").await;
    let t = now();
    let kept = c.add(ann, new_share("a", t - Duration::hours(1), 7)).await;
    c.add(ann, new_share("b", t - Duration::hours(1), 7)).await;
    c.add(ann, new_share("expired", t - Duration::days(2), 1))
        .await;
    let revoked = c
        .add(ann, new_share("revoked", t - Duration::hours(1), 7))
        .await;
    c.shares
        .revoke(ann, revoked.id, t - Duration::minutes(1))
        .await
        .expect("revoke");
    // Expiring exactly now: no longer active.
    c.add(ann, {
        let mut s = new_share("now", t - Duration::days(1), 1);
        s.expires_at = t;
        s
    })
    .await;
    let mut caps = roomy(t);
    caps.active = 2;
    let (share, email) = emailed(new_share("third", t, 7), "dr@example.com");
    assert_eq!(
        c.insert(ann, share, email, caps).await,
        InsertOutcome::TooMany
    );
    assert_eq!(c.link_emails().await, 0, "nothing queued when refused");
    assert_eq!(c.shares.list(ann).await.expect("list").len(), 5);
    // The cap is per user, and a revoke makes room.
    assert!(matches!(
        c.insert(bob, new_share("bob", t, 7), None, caps).await,
        InsertOutcome::Created(_)
    ));
    c.shares.revoke(ann, kept.id, t).await.expect("revoke");
    assert!(matches!(
        c.insert(ann, new_share("third", t, 7), None, caps).await,
        InsertOutcome::Created(_)
    ));
}

async fn the_email_caps_count_emailed_shares_of_the_last_day(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let bob = user(&c.users, "bob").await;
    let carol = user(&c.users, "carol").await;
    let t = now();
    let mut caps = roomy(t);
    caps.email.per_user = 2;
    caps.email.per_recipient = 3;

    // Ann: one emailed a day and a half ago (outside the window), shares without email,
    // then two emailed ones: the third is refused.
    let (old, old_mail) = emailed(
        new_share("old", t - Duration::hours(36), 7),
        "a@example.com",
    );
    assert!(matches!(
        c.insert(ann, old, old_mail, roomy(t - Duration::hours(36)))
            .await,
        InsertOutcome::Created(_)
    ));
    for n in 0..3 {
        c.add(ann, new_share(&format!("plain{n}"), t, 7)).await;
    }
    for n in 0..2 {
        let (s, mail) = emailed(
            new_share(&format!("e{n}"), t, 7),
            &format!("n{n}@example.com"),
        );
        let created = c.insert(ann, s, mail, caps).await;
        let InsertOutcome::Created(share) = created else {
            panic!("{created:?}");
        };
        assert_eq!(share.emailed_to, Some(format!("n{n}@example.com")));
    }
    assert_eq!(
        c.link_emails().await,
        3,
        "each created share's email queued"
    );
    let (s, mail) = emailed(new_share("e2", t, 7), "n2@example.com");
    assert_eq!(
        c.insert(ann, s, mail, caps).await,
        InsertOutcome::EmailCapped(Cap::Sender)
    );
    // Without an email Ann still shares.
    c.add(ann, new_share("plain3", t, 7)).await;

    // The recipient: any case, from every user. Ann sent n0 one; Bob and Carol two more.
    for (who, token, to) in [
        (bob, "b0", "N0@Example.com"),
        (carol, "c0", "n0@EXAMPLE.COM"),
    ] {
        let (s, mail) = emailed(new_share(token, t, 7), to);
        assert!(matches!(
            c.insert(who, s, mail, caps).await,
            InsertOutcome::Created(_)
        ));
    }
    let (s, mail) = emailed(new_share("b1", t, 7), "n0@example.com");
    assert_eq!(
        c.insert(bob, s, mail, caps).await,
        InsertOutcome::EmailCapped(Cap::Recipient)
    );
    // Another address is fine.
    let (s, mail) = emailed(new_share("b2", t, 7), "other@example.com");
    assert!(matches!(
        c.insert(bob, s, mail, caps).await,
        InsertOutcome::Created(_)
    ));
    assert_eq!(c.link_emails().await, 6, "refused shares queue nothing");
    assert_eq!(
        c.shares
            .find_by_token(&kernel::secret::hash("b1"))
            .await
            .expect("find"),
        None,
        "nor are they stored"
    );
    // Outside the window the recipient may receive more.
    let later = t + Duration::hours(24) + Duration::seconds(1);
    let mut caps_later = caps;
    caps_later.now = later;
    caps_later.email = EmailCaps::daily(later, 2, 3);
    let (s, mail) = emailed(new_share("b3", later, 7), "n0@example.com");
    assert!(matches!(
        c.insert(bob, s, mail, caps_later).await,
        InsertOutcome::Created(_)
    ));
}

async fn deleting_emailed_shares_does_not_reset_the_email_caps(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let t = now();
    let mut caps = roomy(t);
    caps.email.per_user = 10;
    caps.email.per_recipient = 2;
    for n in 0..2 {
        let (s, mail) = emailed(new_share(&format!("d{n}"), t, 7), "dr@example.com");
        let InsertOutcome::Created(share) = c.insert(ann, s, mail, caps).await else {
            panic!("created");
        };
        assert!(
            c.shares
                .revoke(ann, share.id, t)
                .await
                .expect("revoke")
                .is_some()
        );
        assert!(c.shares.delete(ann, share.id).await.expect("delete"));
    }
    let (s, mail) = emailed(new_share("d2", t, 7), "dr@example.com");
    assert_eq!(
        c.insert(ann, s, mail, caps).await,
        InsertOutcome::EmailCapped(Cap::Recipient),
        "the deleted shares' emails still count"
    );
    // Nor does deleting the account: the recipient still had two links today.
    let email = kernel::Email::parse("ann@example.com").expect("email");
    c.users
        .delete_account(
            ann,
            OutgoingEmail::new(None, &email, "Deleted", "t".into(), "h".into()),
        )
        .await
        .expect("delete account");
    let bob = user(&c.users, "bob").await;
    let (s, mail) = emailed(new_share("b0", t, 7), "DR@example.com");
    assert_eq!(
        c.insert(bob, s, mail, caps).await,
        InsertOutcome::EmailCapped(Cap::Recipient)
    );
}

async fn the_access_log_keeps_the_first_and_newest_lines_and_counts_views(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let t = now();
    let share = c.add(ann, new_share("s", t - Duration::hours(1), 7)).await;
    let other = c.add(ann, new_share("o", t - Duration::hours(1), 7)).await;
    // The first line and the newest two.
    let kept = Kept {
        first: 1,
        newest: 2,
    };
    c.view(other.id, t, AccessKind::View, kept).await;
    let kinds = [
        AccessKind::View,
        AccessKind::Pdf,
        AccessKind::View,
        AccessKind::View,
        AccessKind::Pdf,
    ];
    for (n, kind) in (0i64..).zip(kinds) {
        c.view(share.id, t + Duration::minutes(n), kind, kept).await;
    }
    let log = c
        .shares
        .accesses(ann, share.id, 100)
        .await
        .expect("log")
        .expect("ann's");
    assert_eq!(
        log.iter().map(|a| (a.at, a.kind)).collect::<Vec<_>>(),
        [
            (t + Duration::minutes(4), AccessKind::Pdf),
            (t + Duration::minutes(3), AccessKind::View),
            (t, AccessKind::View),
        ],
        "the newest 2 and the first, newest first: reloads do not push the first visit out"
    );
    assert_eq!(log[0].browser, "Firefox on Linux");
    let limited = c
        .shares
        .accesses(ann, share.id, 2)
        .await
        .expect("log")
        .expect("ann's");
    assert_eq!(limited, log[..2]);
    let counted = c
        .shares
        .get(ann, share.id)
        .await
        .expect("get")
        .expect("ann's");
    assert_eq!(
        (counted.opened, counted.last_opened_at),
        (3, Some(t + Duration::minutes(3))),
        "views counted, PDFs not"
    );
    assert_eq!(
        c.shares
            .accesses(ann, other.id, 100)
            .await
            .expect("log")
            .map(|l| l.len()),
        Some(1),
        "per share"
    );
    // A share deleted meanwhile: nothing to log, no error.
    assert!(c.shares.delete(ann, share.id).await.expect("delete"));
    c.view(share.id, t, AccessKind::View, roomy_log(3)).await;
    assert_eq!(rows(&c.db, "share_accesses").await, 1);
}

async fn the_active_cap_holds_when_inserts_race(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let t = now();
    for n in 0..2 {
        c.add(ann, new_share(&format!("s{n}"), t, 7)).await;
    }
    // Each round, room for one more: exactly one of the racers fits.
    for round in 0..4 {
        let mut caps = roomy(t);
        caps.active = 3 + round;
        let racers = (0..8)
            .map(|n| (ann, new_share(&format!("r{round}-{n}"), t, 7), None))
            .collect();
        assert_eq!(race(&c, racers, caps).await, 1, "round {round}");
    }
    assert_eq!(c.shares.list(ann).await.expect("list").len(), 6);
}

async fn the_recipient_cap_holds_when_users_race(b: Backend) {
    let c = ctx(b);
    let mut users = Vec::new();
    for n in 0..8 {
        users.push(user(&c.users, &format!("u{n}")).await);
    }
    let t = now();
    let mut caps = roomy(t);
    caps.email.per_recipient = 2;
    // Each round, a recipient who received one link already: one more goes out.
    for round in 0..4 {
        let to = format!("dr{round}@example.com");
        let (s, mail) = emailed(new_share(&format!("first{round}"), t, 7), &to);
        assert!(matches!(
            c.insert(users[0], s, mail, caps).await,
            InsertOutcome::Created(_)
        ));
        let racers = users
            .iter()
            .enumerate()
            .map(|(n, &who)| {
                let (s, mail) = emailed(new_share(&format!("r{round}-{n}"), t, 7), &to);
                (who, s, mail)
            })
            .collect();
        assert_eq!(race(&c, racers, caps).await, 1, "round {round}");
    }
    assert_eq!(c.link_emails().await, 8);
}

async fn deleting_the_account_deletes_its_shares_and_their_logs(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let bob = user(&c.users, "bob").await;
    let t = now();
    for who in [ann, bob] {
        let share = c.add(who, new_share(&format!("{}", who.0), t, 7)).await;
        c.view(share.id, t, AccessKind::View, roomy_log(10)).await;
        c.view(share.id, t, AccessKind::Pdf, roomy_log(10)).await;
    }
    assert_eq!(
        (
            rows(&c.db, "shares").await,
            rows(&c.db, "share_accesses").await
        ),
        (2, 4)
    );
    let email = kernel::Email::parse("ann@example.com").expect("email");
    c.users
        .delete_account(
            ann,
            OutgoingEmail::new(None, &email, "Deleted", "t".into(), "h".into()),
        )
        .await
        .expect("delete");
    assert_eq!(
        (
            rows(&c.db, "shares").await,
            rows(&c.db, "share_accesses").await
        ),
        (1, 2),
        "Bob's alone"
    );
    assert_eq!(c.shares.list(ann).await.expect("list"), []);
    assert_eq!(c.shares.list(bob).await.expect("list").len(), 1);
}

/// A visit answered only while the share is live: one withdrawn or expired while the view
/// was read or the PDF drawn is neither logged nor counted (the service then answers 404).
async fn a_share_that_ended_meanwhile_logs_no_visit(b: Backend) {
    let c = ctx(b);
    let ann = user(&c.users, "ann").await;
    let t = now();
    let revoked = c.add(ann, new_share("r", t - Duration::hours(1), 7)).await;
    c.shares.revoke(ann, revoked.id, t).await.expect("revoke");
    let expired = c.add(ann, new_share("e", t - Duration::days(2), 1)).await;
    let live = c.add(ann, new_share("l", t - Duration::hours(1), 7)).await;
    for (share, kind) in [
        (revoked.id, AccessKind::View),
        (revoked.id, AccessKind::Pdf),
        (expired.id, AccessKind::View),
        (expired.id, AccessKind::Pdf),
    ] {
        assert!(
            !c.logged(share, t + Duration::seconds(1), kind).await,
            "{share} {kind:?}"
        );
    }
    assert!(c.logged(live.id, t, AccessKind::Pdf).await);
    assert!(c.logged(live.id, t, AccessKind::View).await);
    // The last instant before the expiry still answers; the expiry itself does not.
    let edge = live.expires_at;
    assert!(
        c.logged(live.id, edge - Duration::seconds(1), AccessKind::View)
            .await
    );
    assert!(!c.logged(live.id, edge, AccessKind::View).await);
    for s in [&revoked, &expired] {
        let after = c.shares.get(ann, s.id).await.expect("get").expect("ann's");
        assert_eq!((after.opened, after.last_opened_at), (0, None));
        assert_eq!(
            c.shares.accesses(ann, s.id, 100).await.expect("log"),
            Some(Vec::new())
        );
    }
    assert_eq!(rows(&c.db, "share_accesses").await, 3);
}

on_both_backends!(
    shares_are_stored_and_scoped_to_their_owner,
    a_new_share_purges_the_owners_long_ended_ones,
    the_active_cap_counts_shares_neither_expired_nor_revoked,
    the_email_caps_count_emailed_shares_of_the_last_day,
    the_access_log_keeps_the_first_and_newest_lines_and_counts_views,
    the_active_cap_holds_when_inserts_race,
    the_recipient_cap_holds_when_users_race,
    deleting_emailed_shares_does_not_reset_the_email_caps,
    deleting_the_account_deletes_its_shares_and_their_logs,
    a_share_that_ended_meanwhile_logs_no_visit,
);

/// `vitalog copy-database`: shares and their logs move from SQLite to PostgreSQL with their
/// ids, and new rows get ids after the copied ones.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn copied_to_postgres_with_their_ids() {
    let c = ctx(Backend::Sqlite);
    let ann = user(&c.users, "ann").await;
    let t = now();
    // Gaps in the ids (deleted rows) must survive the copy.
    let deleted = c.add(ann, new_share("deleted", t, 7)).await;
    assert!(c.shares.delete(ann, deleted.id).await.expect("delete"));
    let mut fixed = new_share("fixed", t, 30);
    fixed.period = Period::Fixed {
        from: d("2026-08-01"),
        to: d("2026-10-29"),
    };
    fixed.code_hash = Some("$argon2id$hash".into());
    let (fixed, mail) = emailed(fixed, "dr@example.com");
    let InsertOutcome::Created(_) = c.insert(ann, fixed, mail, roomy(t)).await else {
        panic!("not created");
    };
    c.view(deleted.id + 1, t, AccessKind::View, roomy_log(10))
        .await;
    c.view(deleted.id + 1, t, AccessKind::Pdf, roomy_log(10))
        .await;
    c.shares
        .revoke(ann, deleted.id + 1, t)
        .await
        .expect("revoke");
    let shares = c.shares.list(ann).await.expect("list");
    let log = c
        .shares
        .accesses(ann, deleted.id + 1, 10)
        .await
        .expect("log");

    let pg = TestDb::new(Backend::Postgres);
    let target = Db::connect(&DbOptions::new(&pg.url)).expect("connect");
    target.migrate().expect("migrate");
    let report = c.db.copy_into(&target).await.expect("copy");
    for (table, n) in [("shares", 1), ("share_accesses", 2)] {
        assert!(report.contains(&(table, n)), "{table}: {report:?}");
    }
    let moved = ShareStore::new(target.clone());
    assert_eq!(moved.list(ann).await.expect("list"), shares);
    assert_eq!(
        moved.accesses(ann, deleted.id + 1, 10).await.expect("log"),
        log
    );
    let new = match moved
        .insert(ann, new_share("new", t, 7), None, roomy(t))
        .await
    {
        Ok(InsertOutcome::Created(s)) => s,
        other => panic!("{other:?}"),
    };
    assert!(new.id > deleted.id + 1, "{} after the copied ids", new.id);
    let before = rows(&target, "share_accesses").await;
    moved
        .record_access(
            new.id,
            Access {
                at: t,
                kind: AccessKind::View,
                browser: "Safari on iPhone".into(),
            },
            Kept {
                first: 1,
                newest: 9,
            },
        )
        .await
        .expect("record");
    assert_eq!(rows(&target, "share_accesses").await, before + 1);
}

use super::*;
use crate::ports::{MockPaymentGateway, MockSubscriptionRepository};
use chrono::{DateTime, TimeZone, Utc};
use kernel::clock::MockClock;

fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 12, 0, 0)
        .single()
        .expect("t")
}

fn order(status: &str, amount: &str, currency: &str, user: &str) -> VerifiedOrder {
    VerifiedOrder {
        order_id: "ORDER1".into(),
        status: status.into(),
        amount: Some(amount.into()),
        currency: Some(currency.into()),
        custom_id: Some(user.into()),
        capture_id: Some("CAP1".into()),
    }
}

fn service(repo: MockSubscriptionRepository, gw: MockPaymentGateway) -> BillingService {
    let mut clock = MockClock::new();
    clock.expect_now().returning(now);
    BillingService::new(Arc::new(repo), Arc::new(gw), Arc::new(clock))
}

fn activation() -> Activation {
    Activation {
        payment_method: "paypal".into(),
        amount: "0.01".into(),
        transaction_id: "ORDER1".into(),
        payment_details: serde_json::json!({"payer": "x"}),
    }
}

#[tokio::test]
async fn completed_order_for_the_price_activates_and_records_the_claim() {
    let mut gw = MockPaymentGateway::new();
    gw.expect_capture()
        .returning(|_| Ok(order("COMPLETED", "5.00", "USD", "7")));
    let mut repo = MockSubscriptionRepository::new();
    repo.expect_begin_capture().times(1).returning(|_| Ok(()));
    repo.expect_record_payment()
        .withf(|p, at| {
            p.user_id == UserId(7)
                && p.amount == "5.00"
                && p.order_id == "ORDER1"
                && p.client_claim.contains("0.01")
                && *at == now()
        })
        .times(1)
        .returning(|_, _| Ok(Recorded::Extended(now())));
    repo.expect_status().returning(|_| {
        Ok(SubscriptionStatus {
            expires_at: Some(extend(None, now())),
            cancelled_at: None,
        })
    });
    let s = service(repo, gw)
        .activate(UserId(7), activation())
        .await
        .expect("activated");
    assert!(s.is_active(now()));
}

#[tokio::test]
async fn every_refusal_activates_nothing() {
    let cases = [
        order("PENDING", "5.00", "USD", "7"),
        order("DECLINED", "5.00", "USD", "7"),
        order("COMPLETED", "0.01", "USD", "7"),
        order("COMPLETED", "5.00", "EUR", "7"),
        order("COMPLETED", "5.00", "USD", "8"),
    ];
    for case in cases {
        let mut gw = MockPaymentGateway::new();
        let c = case.clone();
        gw.expect_capture().returning(move |_| Ok(c.clone()));
        let mut repo = MockSubscriptionRepository::new();
        repo.expect_begin_capture().times(1).returning(|_| Ok(()));
        repo.expect_drop_capture()
            .withf(|u, o| *u == UserId(7) && o == "ORDER1")
            .times(1)
            .returning(|_, _| Ok(()));
        repo.expect_record_payment().never();
        let err = service(repo, gw)
            .activate(UserId(7), activation())
            .await
            .expect_err("refused");
        assert_eq!(err.to_string(), MSG_PAYMENT_ERROR, "{case:?}");
    }
}

#[tokio::test]
async fn provider_down_gives_the_paypal_message() {
    let mut gw = MockPaymentGateway::new();
    gw.expect_capture()
        .returning(|_| Err(GatewayError::Unavailable("timeout".into())));
    let mut repo = MockSubscriptionRepository::new();
    repo.expect_begin_capture().times(1).returning(|_| Ok(()));
    repo.expect_record_payment().never();
    // The capture may have happened with its answer lost: kept for reconciliation.
    repo.expect_drop_capture().never();
    let err = service(repo, gw)
        .activate(UserId(7), activation())
        .await
        .expect_err("down");
    assert_eq!(err.to_string(), MSG_PAYPAL_ERROR);
}

#[tokio::test]
async fn recording_failure_after_capture_says_contact_support() {
    let mut gw = MockPaymentGateway::new();
    gw.expect_capture()
        .returning(|_| Ok(order("COMPLETED", "5.00", "USD", "7")));
    let mut repo = MockSubscriptionRepository::new();
    repo.expect_begin_capture().times(1).returning(|_| Ok(()));
    repo.expect_record_payment()
        .returning(|_, _| Err(anyhow::anyhow!("disk full")));
    // Kept: reconciliation records it once the database works again.
    repo.expect_drop_capture().never();
    let err = service(repo, gw)
        .activate(UserId(7), activation())
        .await
        .expect_err("failed");
    assert_eq!(err.to_string(), MSG_ACTIVATION_FAILED);
}

#[tokio::test]
async fn malformed_input_never_reaches_the_provider() {
    let mut gw = MockPaymentGateway::new();
    gw.expect_capture().never();
    let s = service(MockSubscriptionRepository::new(), gw);
    for (method, id) in [
        ("bitcoin", "ORDER1"),
        ("paypal", ""),
        ("paypal", "../x"),
        ("paypal", &"A".repeat(65)),
    ] {
        let err = s
            .activate(
                UserId(7),
                Activation {
                    payment_method: method.into(),
                    transaction_id: id.into(),
                    ..activation()
                },
            )
            .await
            .expect_err("invalid");
        assert!(matches!(err, BillingError::Invalid { .. }), "{method} {id}");
    }
}

#[tokio::test]
async fn order_recorded_for_another_user_is_refused() {
    let mut gw = MockPaymentGateway::new();
    gw.expect_capture()
        .returning(|_| Ok(order("COMPLETED", "5.00", "USD", "7")));
    let mut repo = MockSubscriptionRepository::new();
    repo.expect_begin_capture().times(1).returning(|_| Ok(()));
    repo.expect_record_payment()
        .returning(|_, _| Ok(Recorded::OtherUser));
    let err = service(repo, gw)
        .activate(UserId(7), activation())
        .await
        .expect_err("refused");
    assert!(matches!(err, BillingError::NotYours));
}

fn pending(order_id: &str) -> PendingCapture {
    PendingCapture {
        user_id: UserId(7),
        order_id: order_id.into(),
        method: PaymentMethod::Paypal,
        client_claim: "{}".into(),
        created_at: now(),
    }
}

#[tokio::test]
async fn reconciliation_records_confirmed_drops_refused_and_waits_on_outages() {
    let mut gw = MockPaymentGateway::new();
    gw.expect_capture().returning(|id| match id {
        "PAID" => Ok(order("COMPLETED", "5.00", "USD", "7")),
        "REFUSED" => Err(GatewayError::Refused("unknown order".into())),
        "CHEAP" => Ok(order("COMPLETED", "0.01", "USD", "7")),
        _ => Err(GatewayError::Unavailable("timeout".into())),
    });
    let mut repo = MockSubscriptionRepository::new();
    repo.expect_pending_captures().returning(|_| {
        Ok(["PAID", "REFUSED", "CHEAP", "OUTAGE"]
            .into_iter()
            .map(pending)
            .collect())
    });
    repo.expect_record_payment()
        .withf(|p, _| p.order_id == "PAID" && p.user_id == UserId(7) && p.amount == PRICE)
        .times(1)
        .returning(|_, _| Ok(Recorded::Extended(now())));
    repo.expect_drop_capture()
        .withf(|_, o| o == "REFUSED" || o == "CHEAP")
        .times(2)
        .returning(|_, _| Ok(()));
    let done = service(repo, gw).reconcile().await.expect("reconciled");
    assert_eq!(
        done,
        Reconciled {
            recorded: 1,
            dropped: 2,
            waiting: 1
        }
    );
}

#[tokio::test]
async fn nothing_is_captured_when_the_activation_cannot_be_written_down() {
    let mut gw = MockPaymentGateway::new();
    gw.expect_capture().never();
    let mut repo = MockSubscriptionRepository::new();
    repo.expect_begin_capture()
        .returning(|_| Err(anyhow::anyhow!("database is locked")));
    let err = service(repo, gw)
        .activate(UserId(7), activation())
        .await
        .expect_err("not written");
    assert!(matches!(err, BillingError::Unexpected(_)), "{err:?}");
}

#[tokio::test]
async fn entitlements_follow_the_paid_period_for_everything_paid_for() {
    use kernel::{Entitlement, Entitlements};
    let mut repo = MockSubscriptionRepository::new();
    repo.expect_status().returning(|user| {
        Ok(SubscriptionStatus {
            // User 1's period ended a second ago; user 2's ends in a second.
            expires_at: Some(
                now() + chrono::Duration::seconds(if user == UserId(1) { -1 } else { 1 }),
            ),
            cancelled_at: None,
        })
    });
    let s = service(repo, MockPaymentGateway::new());
    for what in [
        Entitlement::Record,
        Entitlement::EmailReport,
        Entitlement::EmailLink,
    ] {
        assert!(!s.allows(UserId(1), what).await.expect("asked"), "{what:?}");
        assert!(s.allows(UserId(2), what).await.expect("asked"), "{what:?}");
    }
}

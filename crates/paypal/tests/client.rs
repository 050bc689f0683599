//! The PayPal adapter against a PayPal-shaped server on loopback.

#![allow(clippy::expect_used)]

use std::time::Duration;

use billing::ports::{GatewayError, PaymentGateway};
use billing::rules::{CURRENCY, DESCRIPTION, PRICE};
use kernel::UserId;
use paypal::{PayPalClient, PayPalSettings};
use testkit::paypal::{FakePayPal, Scenario};

fn client(base: &str) -> PayPalClient {
    let mut s = PayPalSettings::new(base, "client-id", "secret");
    s.retry_delay = Duration::from_millis(10);
    s.timeout = Duration::from_secs(3);
    PayPalClient::new(s).expect("client")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn creates_the_order_with_the_servers_price_and_the_user() {
    let fake = FakePayPal::start().await;
    let c = client(&fake.base);
    let id = c.create_order(UserId(42)).await.expect("order");
    assert!(id.starts_with("ORDER"));
    let body = &fake.create_bodies()[0];
    assert_eq!(body["intent"], "CAPTURE");
    let unit = &body["purchase_units"][0];
    assert_eq!(unit["amount"]["value"], PRICE);
    assert_eq!(unit["amount"]["currency_code"], CURRENCY);
    assert_eq!(unit["description"], DESCRIPTION);
    assert_eq!(unit["custom_id"], "42");
    c.create_order(UserId(42)).await.expect("second order");
    assert_eq!(fake.token_requests(), 1, "the token is cached");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn capture_reports_what_paypal_says() {
    let fake = FakePayPal::start().await;
    let c = client(&fake.base);
    let cases = [
        (Scenario::Completed, "COMPLETED", "5.00", "USD"),
        (Scenario::Pending, "PENDING", "5.00", "USD"),
        (Scenario::Declined, "DECLINED", "5.00", "USD"),
        (Scenario::WrongAmount, "COMPLETED", "0.50", "USD"),
        (Scenario::WrongCurrency, "COMPLETED", "5.00", "EUR"),
        (Scenario::AlreadyCaptured, "COMPLETED", "5.00", "USD"),
    ];
    for (scenario, status, value, currency) in cases {
        let id = fake.add_order("7", scenario);
        let o = c.capture(&id).await.expect("answer");
        assert_eq!(o.status, status, "{scenario:?}");
        assert_eq!(o.amount.as_deref(), Some(value), "{scenario:?}");
        assert_eq!(o.currency.as_deref(), Some(currency), "{scenario:?}");
        assert_eq!(o.custom_id.as_deref(), Some("7"), "{scenario:?}");
    }
    assert!(matches!(
        c.capture("NOPE").await,
        Err(GatewayError::Refused(_))
    ));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn retries_reuse_the_same_request_id() {
    let fake = FakePayPal::start().await;
    let c = client(&fake.base);
    let id = fake.add_order("7", Scenario::FailThenComplete(2));
    let o = c.capture(&id).await.expect("third attempt succeeds");
    assert_eq!(o.status, "COMPLETED");
    let ids = fake.capture_request_ids();
    assert_eq!(ids.len(), 3);
    assert!(ids.iter().all(|r| *r == ids[0]), "{ids:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn persistent_5xx_and_unreachable_are_unavailable() {
    let fake = FakePayPal::start().await;
    let c = client(&fake.base);
    let id = fake.add_order("7", Scenario::Down);
    assert!(matches!(
        c.capture(&id).await,
        Err(GatewayError::Unavailable(_))
    ));
    let gone = client("http://127.0.0.1:1");
    assert!(matches!(
        gone.capture("X").await,
        Err(GatewayError::Unavailable(_))
    ));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_provider_times_out_as_unavailable() {
    let fake = FakePayPal::start().await;
    let mut s = PayPalSettings::new(&fake.base, "client-id", "secret");
    s.retry_delay = Duration::from_millis(10);
    s.timeout = Duration::from_millis(300);
    let c = PayPalClient::new(s).expect("client");
    let id = fake.add_order("7", Scenario::Slow(2_000));
    let started = std::time::Instant::now();
    assert!(matches!(
        c.capture(&id).await,
        Err(GatewayError::Unavailable(_))
    ));
    assert!(
        started.elapsed() < Duration::from_millis(1_900),
        "gave up on its own time-outs, not the provider's: {:?}",
        started.elapsed()
    );
}

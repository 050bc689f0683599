//! Subscription over HTTP against a PayPal-shaped server on loopback, on both backends.

#![allow(clippy::expect_used)]

mod common;

use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};
use testkit::paypal::{FakePayPal, Scenario};
use testkit::{Backend, on_both_backends};

const PAYMENT_ERROR: &str =
    "There was an error processing your payment. Please try again or contact support.";
const PAYPAL_ERROR: &str = "There was an error with PayPal. Please try again later.";

async fn with_paypal(b: Backend) -> (TestApp, FakePayPal) {
    let fake = FakePayPal::start().await;
    let base = fake.base.clone();
    let app = TestApp::spawn_with(b, move |c| {
        c.paypal_api_base = base;
        c.paypal_client_id = Some("client-id".into());
        c.paypal_client_secret = Some("secret".into());
    })
    .await;
    (app, fake)
}

async fn activate(app: &TestApp, order: &str) -> reqwest::Response {
    app.post(
        "/api/subscription/activate",
        json!({"paymentMethod": "paypal", "amount": "5.00", "transactionId": order,
               "paymentDetails": {"payer": {"email_address": "ann@example.com"}}}),
    )
    .await
}

async fn subscription(app: &TestApp) -> Value {
    json_of(app.get("/api/user/subscription").await).await
}

async fn user_id(app: &TestApp) -> String {
    json_of(app.get("/api/user").await).await["id"].to_string()
}

async fn paypal_order_activates_one_year(b: Backend) {
    let (app, fake) = with_paypal(b).await;
    app.signed_up("ann", "ann@example.com").await;
    assert_eq!(
        subscription(&app).await,
        json!({"isActive": false, "expiresAt": null, "cancelledAt": null})
    );

    let config = json_of(app.get("/api/subscription/config").await).await;
    assert_eq!(config["mode"], "paypal");
    assert_eq!(config["clientId"], "client-id");
    assert_eq!(config["price"], "5.00");

    let res = app
        .post("/api/subscription/orders", json!({"amount": "0.01"}))
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let order = json_of(res).await["id"].as_str().expect("id").to_owned();
    let created = &fake.create_bodies()[0]["purchase_units"][0];
    assert_eq!(
        created["amount"]["value"], "5.00",
        "the server sets the price"
    );
    assert_eq!(created["description"], "Annual Subscription");
    assert_eq!(
        created["custom_id"].to_string().trim_matches('"'),
        user_id(&app).await.trim_matches('"')
    );

    let res = activate(&app, &order).await;
    assert_eq!(res.status(), StatusCode::OK);
    let s = json_of(res).await;
    assert_eq!(s["isActive"], true);
    let expires = chrono::DateTime::parse_from_rfc3339(s["expiresAt"].as_str().expect("date"))
        .expect("rfc3339");
    let days = (expires.with_timezone(&chrono::Utc) - chrono::Utc::now()).num_days();
    assert!((364..=366).contains(&days), "a year ahead: {days}");
    assert_eq!(subscription(&app).await["isActive"], true);

    // Repeating the call with the same order changes nothing.
    let again = json_of(activate(&app, &order).await).await;
    assert_eq!(again["expiresAt"], s["expiresAt"]);

    let res = app.post("/api/subscription/cancel", json!({})).await;
    assert_eq!(res.status(), StatusCode::OK);
    let c = json_of(res).await;
    assert_eq!(c["isActive"], true, "the paid year runs to its end");
    assert!(c["cancelledAt"].is_string());
}

async fn every_refusal_activates_nothing(b: Backend) {
    let (app, fake) = with_paypal(b).await;
    app.signed_up("ann", "ann@example.com").await;
    let me = user_id(&app).await;
    let cases = [
        (
            Scenario::Pending,
            me.as_str(),
            StatusCode::PAYMENT_REQUIRED,
            PAYMENT_ERROR,
        ),
        (
            Scenario::Declined,
            me.as_str(),
            StatusCode::PAYMENT_REQUIRED,
            PAYMENT_ERROR,
        ),
        (
            Scenario::WrongAmount,
            me.as_str(),
            StatusCode::PAYMENT_REQUIRED,
            PAYMENT_ERROR,
        ),
        (
            Scenario::WrongCurrency,
            me.as_str(),
            StatusCode::PAYMENT_REQUIRED,
            PAYMENT_ERROR,
        ),
        (
            Scenario::Completed,
            "999999",
            StatusCode::FORBIDDEN,
            PAYMENT_ERROR,
        ),
        (
            Scenario::Down,
            me.as_str(),
            StatusCode::BAD_GATEWAY,
            PAYPAL_ERROR,
        ),
    ];
    for (scenario, owner, status, message) in cases {
        let order = fake.add_order(owner, scenario);
        let res = activate(&app, &order).await;
        assert_eq!(res.status(), status, "{scenario:?}");
        assert_eq!(json_of(res).await["message"], message, "{scenario:?}");
        assert_eq!(subscription(&app).await["isActive"], false, "{scenario:?}");
    }
    let res = activate(&app, "NO-SUCH-ORDER").await;
    assert_eq!(res.status(), StatusCode::PAYMENT_REQUIRED);
    let res = app
        .post(
            "/api/subscription/activate",
            json!({"paymentMethod": "cash", "transactionId": ""}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert_eq!(subscription(&app).await["isActive"], false);
}

async fn another_users_activated_order_is_refused(b: Backend) {
    let (app, fake) = with_paypal(b).await;
    app.signed_up("ann", "ann@example.com").await;
    let ann_order = fake.add_order(&user_id(&app).await, Scenario::Completed);
    assert_eq!(activate(&app, &ann_order).await.status(), StatusCode::OK);

    let bob = TestApp {
        client: client(),
        ..app
    };
    assert_eq!(
        bob.register("bob", "bob@example.com").await.status(),
        StatusCode::CREATED
    );
    let token = bob
        .token_from_email("bob@example.com", "Verify", "verify-email")
        .await;
    bob.post("/api/verify-email", json!({"token": token})).await;
    assert_eq!(
        bob.login(&bob.client, "bob", PASSWORD).await.status(),
        StatusCode::OK
    );
    let res = activate(&bob, &ann_order).await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert_eq!(subscription(&bob).await["isActive"], false);
}

async fn twenty_concurrent_activations_extend_once(b: Backend) {
    let (app, fake) = with_paypal(b).await;
    app.signed_up("ann", "ann@example.com").await;
    let order = fake.add_order(&user_id(&app).await, Scenario::Completed);
    let mut tasks = Vec::new();
    for _ in 0..20 {
        let c = app.client.clone();
        let url = app.url("/api/subscription/activate");
        let order = order.clone();
        tasks.push(tokio::spawn(async move {
            let res = c
                .post(url)
                .json(&json!({"paymentMethod": "paypal", "amount": "5.00", "transactionId": order, "paymentDetails": {}}))
                .send()
                .await
                .expect("req");
            (res.status(), res.json::<Value>().await.expect("json"))
        }));
    }
    let mut expiries = Vec::new();
    for t in tasks {
        let (status, body) = t.await.expect("join");
        assert_eq!(status, StatusCode::OK, "{body}");
        expiries.push(body["expiresAt"].as_str().expect("date").to_owned());
    }
    expiries.dedup();
    assert_eq!(expiries.len(), 1, "one extension: {expiries:?}");
    let expires = chrono::DateTime::parse_from_rfc3339(&expiries[0]).expect("date");
    let days = (expires.with_timezone(&chrono::Utc) - chrono::Utc::now()).num_days();
    assert!((364..=366).contains(&days), "{days}");
}

async fn test_mode_goes_through_the_same_path(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    let config = json_of(app.get("/api/subscription/config").await).await;
    assert_eq!(config["mode"], "test");
    assert!(config["clientId"].is_null());
    let order = json_of(app.post("/api/subscription/orders", json!({})).await).await["id"]
        .as_str()
        .expect("id")
        .to_owned();
    assert!(order.starts_with("TEST-"));
    let res = activate(&app, &order).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(json_of(res).await["isActive"], true);
    assert_eq!(
        activate(&app, "TEST-unknown").await.status(),
        StatusCode::PAYMENT_REQUIRED,
        "an order the server never created is refused"
    );
}

async fn subscription_routes_need_a_session(b: Backend) {
    let app = TestApp::spawn(b).await;
    assert_eq!(
        app.get("/api/user/subscription").await.status(),
        StatusCode::UNAUTHORIZED
    );
    for path in [
        "/api/subscription/orders",
        "/api/subscription/activate",
        "/api/subscription/cancel",
    ] {
        assert_eq!(
            app.post(path, json!({})).await.status(),
            StatusCode::UNAUTHORIZED,
            "{path}"
        );
    }
}

/// Holds the database's write lock (SQLite) or the payments table (PostgreSQL) from
/// another connection, as a busy database would, until dropped.
enum Busy {
    Sqlite(diesel::SqliteConnection),
    Postgres(diesel::PgConnection),
}

impl Busy {
    fn hold(url: &str) -> Self {
        use diesel::Connection;
        use diesel::connection::SimpleConnection;
        match url.strip_prefix("sqlite://") {
            Some(path) => {
                let mut c = diesel::SqliteConnection::establish(path).expect("sqlite");
                c.batch_execute("PRAGMA busy_timeout = 5000; BEGIN IMMEDIATE")
                    .expect("write lock");
                Busy::Sqlite(c)
            }
            None => {
                let mut c = diesel::PgConnection::establish(url).expect("pg");
                c.batch_execute("BEGIN; LOCK TABLE payments IN EXCLUSIVE MODE;")
                    .expect("table lock");
                Busy::Postgres(c)
            }
        }
    }

    fn release(self) {
        use diesel::connection::SimpleConnection;
        match self {
            Busy::Sqlite(mut c) => c.batch_execute("COMMIT"),
            Busy::Postgres(mut c) => c.batch_execute("COMMIT"),
        }
        .expect("released");
    }
}

async fn count(app: &TestApp, table: &'static str) -> i64 {
    #[derive(diesel::QueryableByName)]
    struct N {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let db = store::Db::connect(&store::DbOptions::new(&app.db_url)).expect("db");
    db.read(move |c| {
        use diesel::RunQueryDsl;
        diesel::sql_query(format!("SELECT COUNT(*) AS n FROM {table}")).get_result::<N>(c)
    })
    .await
    .expect("count")
    .n
}

/// The money is taken at PayPal, then the database is too busy to record it (every
/// in-request retry fails): the answer is an error, but the payment is recorded exactly
/// once soon after, by reconciliation, and repeating the activation changes nothing.
async fn payment_captured_while_the_database_is_busy_is_recorded_once(b: Backend) {
    let fake = FakePayPal::start().await;
    let base = fake.base.clone();
    let app = TestApp::spawn_with(b, move |c| {
        c.paypal_api_base = base;
        c.paypal_client_id = Some("client-id".into());
        c.paypal_client_secret = Some("secret".into());
        c.database_statement_timeout_ms = 300;
        c.payment_reconcile_seconds = 1;
    })
    .await;
    app.signed_up("ann", "ann@example.com").await;
    let res = app.post("/api/subscription/orders", json!({})).await;
    let order = json_of(res).await["id"].as_str().expect("id").to_owned();

    fake.hold_captures();
    let (client, url, o) = (
        app.client.clone(),
        app.url("/api/subscription/activate"),
        order.clone(),
    );
    let activation = tokio::spawn(async move {
        client
            .post(url)
            .json(
                &json!({"paymentMethod": "paypal", "amount": "5.00", "transactionId": o,
                          "paymentDetails": {}}),
            )
            .send()
            .await
            .expect("answer")
    });
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while fake.captures_arrived() == 0 {
        assert!(
            std::time::Instant::now() < deadline,
            "capture never arrived"
        );
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    // PayPal is capturing; the database becomes busy before the answer comes back.
    let busy = Busy::hold(&app.db_url);
    fake.release_captures();
    let res = activation.await.expect("join");
    assert!(res.status().is_server_error(), "{}", res.status());
    assert_eq!(count(&app, "payments").await, 0, "not recorded yet");
    busy.release();

    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
    while subscription(&app).await["isActive"] != true {
        assert!(
            std::time::Instant::now() < deadline,
            "the captured payment was never recorded"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let res = activate(&app, &order).await;
    assert_eq!(res.status(), StatusCode::OK, "the user's retry is answered");
    assert_eq!(count(&app, "payments").await, 1, "recorded exactly once");
    assert_eq!(count(&app, "pending_captures").await, 0);
    let expires = subscription(&app).await["expiresAt"]
        .as_str()
        .expect("date")
        .to_owned();
    let days = (chrono::DateTime::parse_from_rfc3339(&expires)
        .expect("rfc3339")
        .with_timezone(&chrono::Utc)
        - chrono::Utc::now())
    .num_days();
    assert!((364..=366).contains(&days), "one year, not two: {days}");
}

on_both_backends!(
    payment_captured_while_the_database_is_busy_is_recorded_once,
    paypal_order_activates_one_year,
    every_refusal_activates_nothing,
    another_users_activated_order_is_refused,
    twenty_concurrent_activations_extend_once,
    test_mode_goes_through_the_same_path,
    subscription_routes_need_a_session,
);

//! Medications over HTTP on both backends (issue 16): the list, dose changes, recorded
//! doses, the before/after averages, ownership and the subscription gate. The server's clock
//! is pinned, so "today" does not depend on when the suite runs.

#![allow(clippy::expect_used)]

mod common;

use common::guided::*;
use common::*;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use testkit::{Backend, on_both_backends};

fn amlodipine() -> Value {
    json!({"name": "Amlodipine", "strength": 5, "unit": "mg", "form": "tablet",
           "frequency": "twice-daily", "times": ["20:00", "08:00"], "startDate": "2026-03-01",
           "reason": "Blood pressure", "reminders": true})
}

async fn create(app: &TestApp, body: Value) -> Value {
    let res = app.post("/api/medications", body).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    json_of(res).await
}

async fn list(app: &TestApp) -> Value {
    let res = app.get("/api/medications").await;
    assert_eq!(res.status(), StatusCode::OK);
    json_of(res).await
}

async fn medications_from_start_to_change(b: Backend) {
    let app = subscriber(b, "2026-04-10T12:00:00Z").await;
    let m = create(&app, amlodipine()).await;
    assert_eq!(m["name"], "Amlodipine");
    assert_eq!(m["current"], true);
    assert_eq!(m["reminders"], true);
    assert_eq!(
        m["periods"][0]["times"],
        json!(["08:00", "20:00"]),
        "sorted"
    );
    assert_eq!(m["periods"][0]["label"], "5 mg, twice a day (08:00, 20:00)");
    assert_eq!(m["endDate"], Value::Null);
    let id = m["id"].as_i64().expect("id");

    // A change of dose is a new period; the previous one ends the day before.
    let path = format!("/api/medications/{id}/changes");
    let res = app
        .post(&path, json!({"strength": "10", "startDate": "2026-03-01"}))
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        json_of(res).await["errors"]["startDate"],
        "A change must start after the current dose started"
    );
    let res = app
        .post(&path, json!({"strength": 10, "frequency": "once-daily", "times": ["08:00"], "startDate": "2026-03-21"}))
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let m = json_of(res).await;
    let periods = m["periods"].as_array().expect("periods");
    assert_eq!(periods.len(), 2);
    assert_eq!(periods[0]["endDate"], "2026-03-20");
    assert_eq!(periods[1]["label"], "10 mg, once a day (08:00)");
    assert_eq!(m["name"], "Amlodipine", "details are kept");

    // Stopping is an end date; the list shows a stop marker once it has passed.
    let res = send(
        &app,
        Method::PATCH,
        &format!("/api/medications/{id}"),
        json!({"endDate": "2026-04-05"}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
    let l = list(&app).await;
    assert_eq!(l["medications"][0]["current"], false);
    let kinds: Vec<&str> = l["events"]
        .as_array()
        .expect("events")
        .iter()
        .filter_map(|e| e["kind"].as_str())
        .collect();
    assert_eq!(kinds, vec!["started", "changed", "stopped"]);
    assert_eq!(l["events"][1]["label"], "Amlodipine 5 mg → 10 mg");
    assert_eq!(l["events"][2]["date"], "2026-04-06");

    // Restart (endDate: null), and correct the latest dose in place.
    let res = send(
        &app,
        Method::PATCH,
        &format!("/api/medications/{id}"),
        json!({"endDate": null, "strength": 7.5, "name": "Amlodipine besilate"}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
    let m = json_of(res).await;
    assert_eq!(m["current"], true);
    assert_eq!(m["name"], "Amlodipine besilate");
    assert_eq!(m["periods"][1]["strength"], 7.5);
    assert_eq!(m["periods"][0]["strength"], 5.0, "history stays true");

    // A correction cannot move the latest start into the previous period.
    let res = send(
        &app,
        Method::PATCH,
        &format!("/api/medications/{id}"),
        json!({"startDate": "2026-03-15"}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert!(json_of(res).await["errors"]["startDate"].is_string());
}

async fn bad_medications_store_nothing(b: Backend) {
    let app = subscriber(b, "2026-04-10T12:00:00Z").await;
    let res = app
        .post(
            "/api/medications",
            json!({"name": "", "strength": -1, "unit": "spoon", "form": "x", "frequency": "twice-daily",
                   "times": ["08:00"], "startDate": "2026-03-10", "endDate": "2026-03-01"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let body = json_of(res).await;
    assert_eq!(body["errors"]["name"], "Name is required");
    assert_eq!(
        body["errors"]["strength"],
        "Strength must be a positive number"
    );
    assert_eq!(body["errors"]["unit"], "Choose a unit");
    assert_eq!(body["errors"]["form"], "Choose a form");
    assert_eq!(body["errors"]["times"], "Give 2 times of day");
    assert_eq!(
        body["errors"]["endDate"],
        "End date cannot be before the start date"
    );
    let res = app
        .post(
            "/api/medications",
            json!({"name": "x".repeat(101), "strength": 5, "unit": "mg", "form": "tablet",
                   "frequency": "as-needed", "times": [], "startDate": "2026-03-10"}),
        )
        .await;
    assert_eq!(
        json_of(res).await["errors"]["name"],
        "Name must be 100 characters or fewer"
    );
    assert_eq!(list(&app).await["medications"], json!([]));
}

async fn writing_needs_a_subscription(b: Backend) {
    let app = TestApp::spawn(b).await;
    app.clock.set(at("2026-04-10T12:00:00Z"));
    app.signed_up("ann", "ann@example.com").await;
    let res = app.post("/api/medications", amlodipine()).await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    assert_eq!(json_of(res).await["message"], "Subscription Required");
    let res = app
        .post("/api/medications/doses", json!({"status": "taken"}))
        .await;
    assert_eq!(res.status(), StatusCode::FORBIDDEN);
    // Reading stays open.
    assert_eq!(list(&app).await["medications"], json!([]));
    let res = app.get("/api/medications/doses").await;
    assert_eq!(res.status(), StatusCode::OK);
    let anonymous = client()
        .get(app.url("/api/medications"))
        .send()
        .await
        .expect("req");
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
}

async fn doses_of_a_day(b: Backend) {
    // The medications are added to Vitalog on March 1st, before the 30 days the adherence
    // below counts (doses due before a medication was added are not recorded, issue 36).
    let app = subscriber(b, "2026-03-01T14:00:00Z").await;
    let res = send(
        &app,
        Method::PATCH,
        "/api/user/preferences",
        json!({"timeZone": "America/New_York"}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
    let daily = create(&app, amlodipine()).await;
    let prn = create(
        &app,
        json!({"name": "Ibuprofen", "strength": 400, "unit": "mg", "form": "tablet",
               "frequency": "as-needed", "times": [], "startDate": "2026-03-01"}),
    )
    .await;
    let (daily, prn) = (
        daily["id"].as_i64().expect("id"),
        prn["id"].as_i64().expect("id"),
    );
    // 02:00 UTC on the 11th is 22:00 on the 10th in New York (EDT): the user's today.
    move_to(&app, "2026-04-11T02:00:00Z").await;

    let day = json_of(app.get("/api/medications/doses").await).await;
    assert_eq!(day["date"], "2026-04-10", "today in the user's zone");
    assert_eq!(day["today"], "2026-04-10");
    let statuses: Vec<(&str, &str)> = day["doses"]
        .as_array()
        .expect("doses")
        .iter()
        .map(|d| {
            (
                d["time"].as_str().unwrap_or(""),
                d["status"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(statuses, vec![("08:00", "due"), ("20:00", "due")]);
    assert_eq!(day["doses"][0]["doseLabel"], "5 mg");
    assert_eq!(day["asNeeded"][0]["name"], "Ibuprofen");

    // Skip the morning dose with a reason, then one tap takes the rest.
    let path = format!("/api/medications/{daily}/intakes");
    let res = app
        .post(&path, json!({"date": "2026-04-10", "time": "08:00", "status": "skipped", "reason": "Felt dizzy"}))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let res = app
        .post("/api/medications/doses", json!({"status": "taken"}))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let day = json_of(res).await;
    assert_eq!(day["doses"][0]["status"], "skipped");
    assert_eq!(day["doses"][0]["reason"], "Felt dizzy");
    assert_eq!(day["doses"][1]["status"], "taken");

    // Undo the evening dose.
    let intake = day["doses"][1]["intakeId"].as_i64().expect("intake");
    let undo = format!("/api/medications/{daily}/intakes/{intake}");
    let res = send(&app, Method::DELETE, &undo, json!({})).await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    let res = send(&app, Method::DELETE, &undo, json!({})).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    let day = json_of(app.get("/api/medications/doses").await).await;
    assert_eq!(day["doses"][1]["status"], "due");

    // Past days can be filled in; the future and days before the start cannot.
    let res = app
        .post(
            &path,
            json!({"date": "2026-04-02", "time": "20:00", "status": "taken"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let past = json_of(app.get("/api/medications/doses?date=2026-04-02").await).await;
    assert_eq!(past["doses"][1]["status"], "taken");
    for (body, field, message) in [
        (
            json!({"date": "2026-04-11", "time": "08:00", "status": "taken"}),
            "date",
            "You cannot record a dose in the future",
        ),
        (
            json!({"date": "2026-02-27", "time": "08:00", "status": "taken"}),
            "date",
            "This medication was not taken on that day",
        ),
        (
            json!({"date": "2026-04-09", "time": "09:00", "status": "taken"}),
            "time",
            "Choose one of this medication's dose times",
        ),
        (
            json!({"date": "2026-04-09", "time": "08:00", "status": "maybe"}),
            "status",
            "Choose taken or skipped",
        ),
    ] {
        let res = app.post(&path, body).await;
        assert_eq!(res.status(), StatusCode::BAD_REQUEST);
        assert_eq!(json_of(res).await["errors"][field], message);
    }
    let res = app.get("/api/medications/doses?date=04/10/2026").await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);

    // As needed: logged at the time taken, never skipped.
    let prn_path = format!("/api/medications/{prn}/intakes");
    let res = app
        .post(
            &prn_path,
            json!({"date": "2026-04-10", "time": "14:35", "status": "taken"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let res = app
        .post(
            &prn_path,
            json!({"date": "2026-04-10", "time": "15:00", "status": "skipped"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    let day = json_of(app.get("/api/medications/doses").await).await;
    assert_eq!(day["asNeeded"][0]["taken"][0]["time"], "14:35");

    // The medication's page: the last 30 days' doses (Mar 12..Apr 10; at 22:00 local both
    // of today's doses are due).
    move_to(&app, "2026-04-11T02:00:00Z").await;
    let detail = json_of(app.get(&format!("/api/medications/{daily}")).await).await;
    let a = &detail["adherence"];
    assert_eq!(a["from"], "2026-03-12");
    assert_eq!(a["to"], "2026-04-10");
    assert_eq!(a["due"], 60);
    assert_eq!(a["taken"], 1);
    assert_eq!(a["skipped"], 1);
    assert_eq!(a["missed"], 58);
    assert_eq!(a["percent"], 2);

    // Deleting the medication deletes its doses.
    let res = send(
        &app,
        Method::DELETE,
        &format!("/api/medications/{daily}"),
        json!({}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    let past = json_of(app.get("/api/medications/doses?date=2026-04-02").await).await;
    assert_eq!(past["doses"], json!([]));
    let res = app.get(&format!("/api/medications/{daily}")).await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
}

async fn before_and_after_a_start(b: Backend) {
    let app = subscriber(b, "2026-04-10T12:00:00Z").await;
    // Before March 15th: three readings averaging 148/93; from March 17th: 136/84.
    for (date, s, d) in [
        ("2026-03-02", 150, 95),
        ("2026-03-08", 148, 93),
        ("2026-03-14", 146, 91),
        ("2026-03-15", 100, 60), // day 1: left out
        ("2026-03-17", 138, 86),
        ("2026-03-20", 136, 84),
        ("2026-03-28", 134, 82),
    ] {
        let res = app
            .post(
                "/api/readings",
                json!({"date": date, "time": "08:00", "systolic": s, "diastolic": d}),
            )
            .await;
        assert_eq!(res.status(), StatusCode::CREATED);
    }
    let m = create(
        &app,
        json!({"name": "Lisinopril", "strength": 10, "unit": "mg", "form": "tablet",
               "frequency": "once-daily", "times": ["08:00"], "startDate": "2026-03-15"}),
    )
    .await;
    let detail = json_of(app.get(&format!("/api/medications/{}", m["id"])).await).await;
    let e = &detail["effects"][0];
    assert_eq!(e["kind"], "started");
    assert_eq!(
        e["before"],
        json!({"systolic": 148, "diastolic": 93, "count": 3})
    );
    assert_eq!(
        e["after"],
        json!({"systolic": 136, "diastolic": 84, "count": 3})
    );
    assert_eq!(e["enough"], true);
    assert!(
        e["summary"]
            .as_str()
            .unwrap_or("")
            .contains("systolic 12 lower"),
        "{e}"
    );
    assert_eq!(detail["minReadings"], 3);
    assert!(
        detail["note"]
            .as_str()
            .unwrap_or("")
            .contains("not a diagnosis")
    );
}

async fn another_users_medications_are_not_found(b: Backend) {
    let app = subscriber(b, "2026-04-10T12:00:00Z").await;
    let m = create(&app, amlodipine()).await;
    let id = m["id"].as_i64().expect("id");
    let day = json_of(
        app.post("/api/medications/doses", json!({"status": "taken"}))
            .await,
    )
    .await;
    let intake = day["doses"][0]["intakeId"].as_i64().expect("intake");

    // Bob, subscribed too, tries every route with Ann's ids.
    let bob = client();
    let res = app
        .post(
            "/api/register",
            json!({"username": "bob", "email": "bob@example.com",
              "password": PASSWORD, "firstName": "", "lastName": "", "redirect": "/"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let token = app
        .token_from_email("bob@example.com", "Verify your email", "verify-email")
        .await;
    post_with(&bob, &app.url("/api/verify-email"), json!({"token": token})).await;
    assert_eq!(
        app.login(&bob, "bob", PASSWORD).await.status(),
        StatusCode::OK
    );
    let order = json_of(post_with(&bob, &app.url("/api/subscription/orders"), json!({})).await)
        .await["id"]
        .clone();
    let res = post_with(&bob, &app.url("/api/subscription/activate"),
        json!({"paymentMethod": "paypal", "amount": "5.00", "transactionId": order, "paymentDetails": {}})).await;
    assert_eq!(res.status(), StatusCode::OK);

    let call = |method: Method, path: String, body: Value| {
        let bob = bob.clone();
        let url = app.url(&path);
        async move {
            bob.request(method, url)
                .json(&body)
                .send()
                .await
                .expect("req")
                .status()
        }
    };
    let one = format!("/api/medications/{id}");
    assert_eq!(
        call(Method::GET, one.clone(), json!({})).await,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        call(Method::PATCH, one.clone(), json!({"name": "Mine"})).await,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        call(Method::DELETE, one.clone(), json!({})).await,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        call(
            Method::POST,
            format!("{one}/changes"),
            json!({"strength": 10, "startDate": "2026-04-01"})
        )
        .await,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        call(
            Method::POST,
            format!("{one}/intakes"),
            json!({"date": "2026-04-10", "time": "20:00", "status": "taken"})
        )
        .await,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        call(Method::DELETE, format!("{one}/intakes/{intake}"), json!({})).await,
        StatusCode::NOT_FOUND
    );
    let theirs = bob
        .get(app.url("/api/medications/doses"))
        .send()
        .await
        .expect("req");
    assert_eq!(json_of(theirs).await["doses"], json!([]));
    let res = bob
        .post(app.url("/api/medications/doses"))
        .json(&json!({"status": "taken"}))
        .send()
        .await
        .expect("req");
    assert_eq!(res.status(), StatusCode::OK);

    // Ann's medication and dose are untouched.
    let detail = json_of(app.get(&one).await).await;
    assert_eq!(detail["medication"]["name"], "Amlodipine");
    let day = json_of(app.get("/api/medications/doses").await).await;
    assert_eq!(day["doses"][0]["status"], "taken");
    assert_eq!(
        day["doses"][1]["status"], "taken",
        "12:00 UTC: both marked by Ann's one tap"
    );
}

/// The averages read every reading of their days, however many there are: a thousand
/// readings after a start (an import, a monitor that uploads often) must not hide the ones
/// before it.
async fn many_readings_after_a_start_keep_those_before(b: Backend) {
    let app = subscriber(b, "2026-04-10T12:00:00Z").await;
    let mut csv = String::from("date,time,systolic,diastolic\n");
    for day in ["2026-03-02", "2026-03-08", "2026-03-14"] {
        csv.push_str(&format!("{day},08:00,150,95\n"));
    }
    // 1,200 readings from March 17th (day 3) on: 100 a day over 12 days.
    for i in 0..1200_i64 {
        let day = chrono::NaiveDate::from_ymd_opt(2026, 3, 17).expect("date")
            + chrono::Duration::days(i / 100);
        csv.push_str(&format!(
            "{day},{:02}:{:02},130,80\n",
            (i % 100) / 10 + 6,
            (i % 10) * 5
        ));
    }
    let res = app.import_csv(&csv).await;
    assert_eq!(json_of(res).await["imported"], 1203);
    let m = create(
        &app,
        json!({"name": "Lisinopril", "strength": 10, "unit": "mg", "form": "tablet",
               "frequency": "once-daily", "times": ["08:00"], "startDate": "2026-03-15"}),
    )
    .await;
    let detail = json_of(app.get(&format!("/api/medications/{}", m["id"])).await).await;
    let e = &detail["effects"][0];
    assert_eq!(
        e["before"],
        json!({"systolic": 150, "diastolic": 95, "count": 3}),
        "{e}"
    );
    assert_eq!(e["after"]["count"], 1200, "{e}");
}

/// A change of dose inside a planned course keeps the course's end: tapering 40 mg to 20 mg
/// halfway through a fortnight does not make the 20 mg go on for ever (nor its reminders).
async fn a_change_within_a_planned_course_keeps_its_end(b: Backend) {
    let app = subscriber(b, "2026-04-10T12:00:00Z").await;
    let m = create(
        &app,
        json!({"name": "Prednisolone", "strength": 40, "unit": "mg", "form": "tablet",
               "frequency": "once-daily", "times": ["08:00"], "startDate": "2026-04-01",
               "endDate": "2026-04-14"}),
    )
    .await;
    let res = app
        .post(
            &format!("/api/medications/{}/changes", m["id"]),
            json!({"strength": 20, "startDate": "2026-04-08"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let m = json_of(res).await;
    assert_eq!(m["periods"][0]["endDate"], "2026-04-07");
    assert_eq!(m["periods"][1]["endDate"], "2026-04-14", "{m}");
    assert_eq!(m["endDate"], "2026-04-14");

    // After a stop, a change is a restart: ongoing from its date.
    let res = app
        .post(
            &format!("/api/medications/{}/changes", m["id"]),
            json!({"strength": 10, "startDate": "2026-04-20"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let m = json_of(res).await;
    assert_eq!(m["periods"][1]["endDate"], "2026-04-14");
    assert_eq!(m["periods"][2]["endDate"], Value::Null);
}

/// The medications service over this app's database, as the clinic and home patterns will
/// ask it (issue 35); what it reads of blood pressure and the subscription is not asked.
struct Unasked;

#[async_trait::async_trait]
impl medications::ports::BloodPressureHistory for Unasked {
    async fn between(
        &self,
        _: kernel::UserId,
        _: chrono::NaiveDate,
        _: chrono::NaiveDate,
    ) -> anyhow::Result<Vec<medications::analysis::BpPoint>> {
        anyhow::bail!("not asked")
    }
}

#[async_trait::async_trait]
impl kernel::Entitlements for Unasked {
    async fn allows(&self, _: kernel::UserId, _: kernel::Entitlement) -> anyhow::Result<bool> {
        anyhow::bail!("not asked")
    }
}

fn service_of(app: &TestApp) -> medications::MedicationService {
    let db = store::Db::connect(&store::DbOptions::new(&app.db_url)).expect("db");
    medications::MedicationService::new(
        std::sync::Arc::new(store::MedicationStore::new(db)),
        std::sync::Arc::new(Unasked),
        std::sync::Arc::new(Unasked),
    )
}

async fn me(app: &TestApp) -> kernel::UserId {
    kernel::UserId(
        json_of(app.get("/api/user").await).await["id"]
            .as_i64()
            .expect("id"),
    )
}

fn day(s: &str) -> chrono::NaiveDate {
    kernel::date::parse_date(s).expect("date")
}

/// Issue 35: a medication is for blood pressure when marked so; the mark is kept by the
/// list, a change of dose and an update that does not send it; and the days its dose
/// periods cover are the days the person is treated.
async fn a_medication_for_blood_pressure(b: Backend) {
    let app = subscriber(b, "2026-04-10T12:00:00Z").await;
    let unmarked = create(&app, amlodipine()).await;
    assert_eq!(unmarked["forBloodPressure"], false, "absent: not marked");
    let mut body = amlodipine();
    body["name"] = json!("Lisinopril");
    body["forBloodPressure"] = json!(true);
    let m = create(&app, body).await;
    assert_eq!(m["forBloodPressure"], true);
    let id = m["id"].as_i64().expect("id");
    let path = format!("/api/medications/{id}");

    let marked = |l: &Value| -> Vec<(String, bool)> {
        l["medications"]
            .as_array()
            .expect("medications")
            .iter()
            .map(|m| {
                (
                    m["name"].as_str().unwrap_or_default().to_owned(),
                    m["forBloodPressure"].as_bool().expect("a boolean"),
                )
            })
            .collect()
    };
    assert_eq!(
        marked(&list(&app).await),
        [
            ("Amlodipine".to_owned(), false),
            ("Lisinopril".to_owned(), true)
        ]
    );
    let res = send(
        &app,
        Method::PATCH,
        &path,
        json!({"name": "Lisinopril HCT"}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        json_of(res).await["forBloodPressure"],
        true,
        "not sent: kept"
    );
    // A change of dose from 2026-03-21 ends the first period on 2026-03-20; the course stops
    // on 2026-04-05.
    let res = app
        .post(
            &format!("{path}/changes"),
            json!({"strength": 10, "frequency": "once-daily", "times": ["08:00"], "startDate": "2026-03-21"}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    assert_eq!(
        json_of(res).await["forBloodPressure"],
        true,
        "a change keeps it"
    );
    let res = send(&app, Method::PATCH, &path, json!({"endDate": "2026-04-05"})).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        json_of(app.get(&path).await).await["medication"]["forBloodPressure"],
        true
    );

    let svc = service_of(&app);
    let ann = me(&app).await;
    // The unmarked Amlodipine is taken every day from 2026-03-01 and never counts.
    for (date, treated) in [
        ("2026-02-28", false),
        ("2026-03-01", true),
        ("2026-03-20", true),
        ("2026-03-21", true),
        ("2026-04-05", true),
        ("2026-04-06", false),
    ] {
        assert_eq!(
            svc.bp_treated_on(ann, day(date)).await.expect("answer"),
            treated,
            "{date}"
        );
    }
    let between = |from: &str, to: &str| svc.bp_treated_between(ann, day(from), day(to));
    assert!(!between("2026-02-20", "2026-02-28").await.expect("before"));
    assert!(
        between("2026-02-20", "2026-03-01")
            .await
            .expect("its first day")
    );
    assert!(
        between("2026-04-05", "2026-04-12")
            .await
            .expect("its last day")
    );
    assert!(!between("2026-04-06", "2026-04-12").await.expect("after"));

    // Ann's medications count for Ann alone.
    assert!(
        !svc.bp_treated_on(kernel::UserId(ann.0 + 1000), day("2026-03-10"))
            .await
            .expect("answer")
    );

    // Unmarked, the days are untreated.
    let res = send(
        &app,
        Method::PATCH,
        &path,
        json!({"forBloodPressure": false}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(json_of(res).await["forBloodPressure"], false);
    assert_eq!(
        marked(&list(&app).await),
        [
            ("Amlodipine".to_owned(), false),
            ("Lisinopril HCT".to_owned(), false)
        ]
    );
    assert!(
        !svc.bp_treated_on(ann, day("2026-03-10"))
            .await
            .expect("answer")
    );
}

on_both_backends!(
    a_medication_for_blood_pressure,
    medications_from_start_to_change,
    bad_medications_store_nothing,
    writing_needs_a_subscription,
    doses_of_a_day,
    before_and_after_a_start,
    another_users_medications_are_not_found,
    many_readings_after_a_start_keep_those_before,
    a_change_within_a_planned_course_keeps_its_end,
);

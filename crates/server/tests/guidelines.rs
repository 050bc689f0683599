//! The person's guideline (issue 35) over HTTP on both backends: the preference, and the
//! readings, severe flag and home week stated in it, never in another's terms.

#![allow(clippy::expect_used)]

mod common;

use common::guided::*;
use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};
use testkit::{Backend, on_both_backends};

async fn preferences(app: &TestApp) -> Value {
    json_of(app.get("/api/user/preferences").await).await
}

async fn reading(app: &TestApp, date: &str, time: &str, s: i64, d: i64) -> Value {
    let res = app
        .post(
            "/api/readings",
            json!({"date": date, "time": time, "systolic": s, "diastolic": d}),
        )
        .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    json_of(res).await
}

async fn the_guideline_is_a_preference_and_every_answer_speaks_it(b: Backend) {
    let app = subscriber(b, "2026-11-16T21:00:00Z").await;
    assert_eq!(preferences(&app).await["guideline"], "acc-aha-2025");

    // An unknown guideline is refused with its message and changes nothing.
    let res = send(
        &app,
        reqwest::Method::PATCH,
        "/api/user/preferences",
        json!({"guideline": "jnc-7", "weightUnit": "kg"}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        json_of(res).await["errors"]["guideline"],
        "Guideline must be acc-aha-2025, esh-2023 or esc-2024."
    );
    let p = preferences(&app).await;
    assert_eq!(
        (p["guideline"].clone(), p["weightUnit"].clone()),
        (json!("acc-aha-2025"), json!("lbs"))
    );

    // 178/112 in ACC/AHA terms: Stage 2, not severe (above 180 and/or above 120).
    let r = reading(&app, "2026-11-16", "07:00", 178, 112).await;
    assert_eq!(r["bpCategory"]["code"], "stage-2");
    assert_eq!(r["severe"], false);

    let res = send(
        &app,
        reqwest::Method::PATCH,
        "/api/user/preferences",
        json!({"guideline": "esh-2023"}),
    )
    .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(json_of(res).await["guideline"], "esh-2023");

    // The same stored reading, now in ESH 2023 terms: grade 3 and very high (110 or more).
    let id = r["id"].as_i64().expect("id");
    let again = json_of(app.get(&format!("/api/readings/{id}")).await).await;
    assert_eq!(
        again["bpCategory"],
        json!({"code": "grade-3", "label": "Grade 3 hypertension", "guideline": "esh-2023",
               "guidelineName": "ESH 2023", "atLeast": false})
    );
    assert_eq!(again["severe"], true);
    // ESH's combination: 145/85 is isolated systolic hypertension; a lone systolic of 150
    // could be that or grade 1, so it has no category.
    let ish = reading(&app, "2026-11-16", "08:00", 145, 85).await;
    assert_eq!(ish["bpCategory"]["code"], "isolated-systolic");
    let lone = json_of(
        app.post(
            "/api/readings",
            json!({"date": "2026-11-16", "time": "09:00", "systolic": 150}),
        )
        .await,
    )
    .await;
    assert!(lone["bpCategory"].is_null(), "{lone}");
    // The list (streamed whole, and paged) says the same.
    let list = json_of(app.get("/api/readings").await).await;
    let codes: Vec<Value> = list
        .as_array()
        .expect("list")
        .iter()
        .map(|r| r["bpCategory"]["code"].clone())
        .collect();
    assert_eq!(
        codes,
        [Value::Null, json!("isolated-systolic"), json!("grade-3")]
    );
    let page = json_of(app.get("/api/readings?limit=1").await).await;
    assert_eq!(page[0]["bpCategory"], Value::Null);

    // A home week of 12 readings averaging 136/80: ESH's level and words, not ACC/AHA's.
    app.post("/api/home-week", json!({})).await;
    for (day, time) in [("17", "07:00"), ("18", "07:00"), ("19", "07:00")] {
        move_to(&app, &format!("2026-11-{day}T21:00:00Z")).await;
        for minute in ["00", "05", "10", "15"] {
            let at = format!("{}:{minute}", &time[..2]);
            reading(&app, &format!("2026-11-{day}"), &at, 136, 80).await;
        }
    }
    let w = week(&app).await;
    assert_eq!(w["countedReadings"], 12);
    assert_eq!(w["level"]["code"], "from-135-85");
    let text = w["level"]["text"].as_str().expect("text");
    assert!(text.contains("ESH") && !text.contains("ACC/AHA"), "{text}");
}

/// Clinic and home side by side (issue 35): two clinic readings of 150/95 and a home week
/// averaging 132/78 are "sustained hypertension" in ACC/AHA terms (home high from 130/80)
/// and "white-coat hypertension" in ESH terms (home high from 135/85); with a medication for
/// blood pressure, "white-coat effect".
async fn clinic_and_home_are_put_side_by_side_in_the_guidelines_terms(b: Backend) {
    let app = subscriber(b, "2026-11-16T21:00:00Z").await;
    for date in ["2026-10-20", "2026-10-27"] {
        let res = app
            .post(
                "/api/readings",
                json!({"date": date, "time": "10:00", "systolic": 150, "diastolic": 95, "setting": "office"}),
            )
            .await;
        assert_eq!(res.status(), StatusCode::CREATED);
    }
    app.post("/api/home-week", json!({})).await;
    let answer = json_of(app.get("/api/home-week").await).await;
    assert!(answer["pattern"].is_null(), "no home average yet: {answer}");
    for day in ["17", "18", "19"] {
        move_to(&app, &format!("2026-11-{day}T21:00:00Z")).await;
        for minute in ["00", "05", "10", "15"] {
            reading(
                &app,
                &format!("2026-11-{day}"),
                &format!("07:{minute}"),
                132,
                78,
            )
            .await;
        }
    }
    let answer = json_of(app.get("/api/home-week").await).await;
    let p = &answer["pattern"];
    assert_eq!(p["code"], "sustained-hypertension", "{answer}");
    assert_eq!(p["treated"], false);
    assert_eq!(
        p["clinic"],
        json!({"systolic": 150.0, "diastolic": 95.0, "count": 2, "from": "2026-10-20",
               "to": "2026-10-27", "threshold": "130/80"})
    );
    assert_eq!(
        (p["home"]["count"].clone(), p["home"]["threshold"].clone()),
        (json!(12), json!("130/80"))
    );
    let text = p["text"].as_str().expect("text");
    assert!(
        text.contains("ACC/AHA 2025") && text.ends_with("not a diagnosis."),
        "{text}"
    );
    // The clinic readings stay out of the home average.
    assert_eq!(answer["week"]["average"]["systolic"], 132);

    send(
        &app,
        reqwest::Method::PATCH,
        "/api/user/preferences",
        json!({"guideline": "esh-2023"}),
    )
    .await;
    let p = json_of(app.get("/api/home-week").await).await["pattern"].clone();
    assert_eq!(p["code"], "white-coat-hypertension");
    assert_eq!(p["label"], "White-coat hypertension");
    assert_eq!(
        (
            p["clinic"]["threshold"].clone(),
            p["home"]["threshold"].clone()
        ),
        (json!("140/90"), json!("135/85"))
    );
    // A medication for blood pressure taken over those days: the treated terms apply. One
    // not marked for blood pressure changes nothing.
    let med = |name: &str, marked: bool| {
        json!({"name": name, "strength": 5, "unit": "mg", "form": "tablet",
               "frequency": "once-daily", "times": ["08:00"], "startDate": "2026-10-01",
               "forBloodPressure": marked})
    };
    let res = app.post("/api/medications", med("Vitamin D", false)).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let p = json_of(app.get("/api/home-week").await).await["pattern"].clone();
    assert_eq!(
        (p["code"].clone(), p["treated"].clone()),
        (json!("white-coat-hypertension"), json!(false))
    );
    let res = app.post("/api/medications", med("Amlodipine", true)).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let p = json_of(app.get("/api/home-week").await).await["pattern"].clone();
    assert_eq!(
        (p["code"].clone(), p["label"].clone(), p["treated"].clone()),
        (
            json!("white-coat-effect"),
            json!("White-coat effect"),
            json!(true)
        )
    );
    assert!(
        p["text"]
            .as_str()
            .is_some_and(|t| t.contains("treated terms"))
    );
}

on_both_backends!(
    the_guideline_is_a_preference_and_every_answer_speaks_it,
    clinic_and_home_are_put_side_by_side_in_the_guidelines_terms,
);

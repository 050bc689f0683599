//! Import from other apps over HTTP, on both backends (issue 18): sniff, upload with its
//! NDJSON progress and preview, commit in one transaction, the same file twice adding
//! nothing, bad files refused with nothing stored, the spreadsheet mapping remembered,
//! drafts scoped to their owner, one import per account, uploads bounded in size.

#![allow(clippy::expect_used)]

mod common;

use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};
use testkit::{Backend, on_both_backends};

const OMRON: &str = "\u{feff}\"Date\",\"Time\",\"Systolic (mmHg)\",\"Diastolic (mmHg)\",\"Pulse (bpm)\",\"Symptoms\",\"Consumed\",\"TruRead\",\"Notes\"\r\n\
\"Jul 6 2023\",\"10:43 am\",\"128\",\"82\",\"66\",\"-\",\"-\",\"Off\",\"-\"\r\n\
\"Jul 6 2023\",\"11:58 pm\",\"131\",\"84\",\"70\",\"Headache\",\"Coffee\",\"Off\",\"late\"\r\n\
\"Jul 7 2023\",\"12:03 am\",\"129\",\"83\",\"69\",\"-\",\"-\",\"Off\",\"-\"\r\n\
\"Jul 7 2023\",\"8:15 am\",\"300\",\"83\",\"69\",\"-\",\"-\",\"Off\",\"-\"\r\n\
\"Jul 35 2023\",\"8:15 am\",\"120\",\"80\",\"60\",\"-\",\"-\",\"Off\",\"-\"\r\n\r\n";

async fn count(app: &TestApp) -> usize {
    json_of(app.get("/api/readings").await)
        .await
        .as_array()
        .map_or(0, Vec::len)
}

/// The NDJSON answer's lines.
async fn events(res: reqwest::Response) -> Vec<Value> {
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        res.headers()["content-type"].to_str().expect("type"),
        "application/x-ndjson"
    );
    res.text()
        .await
        .expect("body")
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

async fn upload(app: &TestApp, query: &str, body: impl Into<reqwest::Body>) -> reqwest::Response {
    app.client
        .post(app.url(&format!("/api/data/imports?{query}")))
        .header("content-type", "application/octet-stream")
        .body(body)
        .send()
        .await
        .expect("request")
}

/// Uploads `body` and returns the preview, after checking the progress lines before it.
async fn preview(app: &TestApp, query: &str, body: &str) -> Value {
    let lines = events(upload(app, query, body.to_owned()).await).await;
    let (last, progress) = lines.split_last().expect("lines");
    assert!(!progress.is_empty(), "progress comes first: {lines:?}");
    assert!(
        progress.iter().all(|p| p["type"] == "progress"),
        "{lines:?}"
    );
    assert_eq!(last["type"], "preview", "{last}");
    last["preview"].clone()
}

async fn subscriber(b: Backend) -> TestApp {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    app.subscribe().await;
    app
}

async fn omron_file_is_previewed_then_stored_and_a_second_time_adds_nothing(b: Backend) {
    let app = subscriber(b).await;
    let sniff = app
        .client
        .post(app.url("/api/data/imports/sniff?name=omron.csv"))
        .body(OMRON.as_bytes()[..200].to_vec())
        .send()
        .await
        .expect("sniff");
    assert_eq!(sniff.status(), StatusCode::OK);
    let sniff = json_of(sniff).await;
    assert_eq!(sniff["format"], "omron", "{sniff}");
    assert_eq!(sniff["container"], "csv");

    let p = preview(&app, "format=auto&name=omron.csv", OMRON).await;
    assert_eq!(p["format"], "omron");
    assert_eq!(p["fileName"], "omron.csv");
    assert_eq!(p["timeBasis"], "as-written");
    assert_eq!(p["new"], 3, "{p}");
    assert_eq!(p["counts"]["bloodPressure"], 3);
    assert_eq!(p["counts"]["heartRate"], 3);
    assert_eq!(p["counts"]["weight"], 0);
    assert_eq!(
        (&p["from"], &p["to"]),
        (&json!("2023-07-06"), &json!("2023-07-07"))
    );
    assert_eq!(p["skipped"], 2);
    assert_eq!(p["skippedByReason"]["out-of-range"], 1, "{p}");
    assert_eq!(p["skippedByReason"]["unreadable-date"], 1, "{p}");
    let reasons: Vec<&str> = p["skippedRows"]
        .as_array()
        .expect("skipped")
        .iter()
        .map(|s| s["message"].as_str().unwrap_or(""))
        .collect();
    assert!(
        reasons.contains(&"Systolic must be less than 250"),
        "never clamped: {reasons:?}"
    );
    // 12-hour times across midnight, oldest first.
    let rows = p["rows"].as_array().expect("rows");
    let when: Vec<(String, String)> = rows
        .iter()
        .map(|r| {
            (
                r["date"].as_str().unwrap_or("").into(),
                r["time"].as_str().unwrap_or("").into(),
            )
        })
        .collect();
    assert_eq!(
        when,
        [
            ("2023-07-06".into(), "10:43".into()),
            ("2023-07-06".into(), "23:58".into()),
            ("2023-07-07".into(), "00:03".into())
        ]
    );
    assert!(
        rows[1]["notes"]
            .as_str()
            .is_some_and(|n| n.contains("Headache") && n.contains("Coffee") && n.contains("late")),
        "symptoms and consumed go into the notes: {}",
        rows[1]
    );
    assert_eq!(count(&app).await, 0, "a preview stores nothing");

    let id = p["id"].as_str().expect("id");
    let res = app
        .post(&format!("/api/data/imports/{id}/commit"), json!({}))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    let done = json_of(res).await;
    assert_eq!(done["imported"], 3, "{done}");
    assert_eq!(count(&app).await, 3);
    let again = app
        .post(&format!("/api/data/imports/{id}/commit"), json!({}))
        .await;
    assert_eq!(
        again.status(),
        StatusCode::NOT_FOUND,
        "a draft is committed once"
    );

    let p = preview(&app, "format=omron&name=omron.csv", OMRON).await;
    assert_eq!(
        (p["new"].as_u64(), p["duplicates"].as_u64()),
        (Some(0), Some(3)),
        "{p}"
    );
    assert_eq!(p["skippedByReason"]["duplicate"], 3);
    let id = p["id"].as_str().expect("id");
    let done = json_of(
        app.post(&format!("/api/data/imports/{id}/commit"), json!({}))
            .await,
    )
    .await;
    assert_eq!(done["imported"], 0, "{done}");
    assert_eq!(count(&app).await, 3, "the same file twice adds nothing");
}

async fn apple_health_times_are_converted_to_the_users_time_zone(b: Backend) {
    let app = subscriber(b).await;
    let res = app
        .client
        .patch(app.url("/api/user/preferences"))
        .json(&json!({"timeZone": "America/New_York"}))
        .send()
        .await
        .expect("prefs");
    assert_eq!(res.status(), StatusCode::OK, "{:?}", res.text().await);
    let xml = r#"<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE HealthData [
<!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
<!ATTLIST Record type CDATA #REQUIRED value CDATA #IMPLIED>
]>
<HealthData locale="en_US">
 <ExportDate value="2026-11-20 08:00:00 -0500"/>
 <Me HKCharacteristicTypeIdentifierDateOfBirth=""/>
 <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" creationDate="2023-07-06 10:00:00 -0700" startDate="2023-07-06 09:00:00 -0700" endDate="2023-07-06 10:00:00 -0700" value="420"/>
 <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Cuff" unit="count/min" creationDate="2023-07-06 07:43:00 -0700" startDate="2023-07-06 07:43:00 -0700" endDate="2023-07-06 07:43:00 -0700" value="66"/>
 <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Cuff" creationDate="2023-07-06 07:43:00 -0700" startDate="2023-07-06 07:43:00 -0700" endDate="2023-07-06 07:43:00 -0700">
  <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Cuff" unit="mmHg" creationDate="2023-07-06 07:43:00 -0700" startDate="2023-07-06 07:43:00 -0700" endDate="2023-07-06 07:43:00 -0700" value="128"/>
  <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Cuff" unit="mmHg" creationDate="2023-07-06 07:43:00 -0700" startDate="2023-07-06 07:43:00 -0700" endDate="2023-07-06 07:43:00 -0700" value="82"/>
 </Correlation>
 <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Cuff" unit="mmHg" creationDate="2023-07-06 07:43:00 -0700" startDate="2023-07-06 07:43:00 -0700" endDate="2023-07-06 07:43:00 -0700" value="128"/>
 <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" creationDate="2023-07-06 22:30:00 -0700" startDate="2023-07-06 22:30:00 -0700" endDate="2023-07-06 22:30:00 -0700" value="80"/>
</HealthData>
"#;
    let p = preview(&app, "format=auto&name=export.xml", xml).await;
    assert_eq!(p["format"], "apple-health", "{p}");
    assert_eq!(p["timeBasis"], "converted");
    assert_eq!(p["timeZone"], "America/New_York");
    assert_eq!(p["new"], 2, "{p}");
    let rows = p["rows"].as_array().expect("rows");
    // 07:43 at -0700 is 10:43 in New York; 22:30 at -0700 is 01:30 the next day there.
    assert_eq!(
        (rows[0]["date"].as_str(), rows[0]["time"].as_str()),
        (Some("2023-07-06"), Some("10:43"))
    );
    assert_eq!(
        (rows[0]["systolic"].as_i64(), rows[0]["heartRate"].as_i64()),
        (Some(128), Some(66))
    );
    assert_eq!(
        (rows[1]["date"].as_str(), rows[1]["time"].as_str()),
        (Some("2023-07-07"), Some("01:30"))
    );
    let lbs = rows[1]["weight"].as_f64().expect("weight");
    assert!((lbs - 176.37).abs() < 0.01, "80 kg in lbs: {lbs}");
}

async fn bad_files_are_refused_with_the_format_and_line_and_store_nothing(b: Backend) {
    let app = subscriber(b).await;
    for (query, body, expect) in [
        (
            "format=omron&name=x.csv",
            "\"Date\",\"When\"\n\"Jul 6 2023\",\"x\"\n",
            "OMRON",
        ),
        ("format=auto&name=empty.csv", "", "empty"),
        (
            "format=apple-health&name=export.xml",
            "<HealthData><Record type=\"x\"",
            "Apple Health",
        ),
    ] {
        let lines = events(upload(&app, query, body.to_owned()).await).await;
        let last = lines.last().expect("a last line");
        assert_eq!(last["type"], "error", "{query}: {lines:?}");
        assert_eq!(last["status"], 400);
        let message = last["message"].as_str().expect("message");
        assert!(message.contains(expect), "{query}: {message}");
    }
    let not_utf8: Vec<u8> =
        b"date,time,systolic,diastolic\n2023-07-06,10:43,120,80,caf\xe9\n".to_vec();
    let lines = events(upload(&app, "format=vitalog&name=latin1.csv", not_utf8).await).await;
    assert!(
        lines
            .last()
            .and_then(|l| l["message"].as_str())
            .is_some_and(|m| m.contains("UTF-8")),
        "{lines:?}"
    );
    let res = upload(&app, "format=spreadsheet&name=s.csv", "a,b\n1,2\n").await;
    assert_eq!(
        res.status(),
        StatusCode::BAD_REQUEST,
        "a spreadsheet needs its mapping"
    );
    assert!(json_of(res).await["errors"]["mapping"].is_string());
    let res = upload(&app, "format=lotus&name=s.csv", "a,b\n").await;
    assert_eq!(res.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        json_of(res).await["errors"]["format"],
        json!(web::routes::imports::MSG_FORMAT)
    );
    assert_eq!(count(&app).await, 0);
}

async fn a_spreadsheets_mapping_is_remembered_for_the_same_header(b: Backend) {
    let app = subscriber(b).await;
    let sheet = "Tag;Uhrzeit;Oben;Unten;Puls;Gewicht\r\n06.07.2023;07:30;128;82;66;80,5\r\n13.07.2023;21:05;131;84;70;\r\n";
    let sniff = json_of(
        app.client
            .post(app.url("/api/data/imports/sniff?name=blutdruck.csv"))
            .body(sheet.as_bytes().to_vec())
            .send()
            .await
            .expect("sniff"),
    )
    .await;
    assert_eq!(sniff["format"], "spreadsheet", "{sniff}");
    assert_eq!(sniff["delimiter"], ";");
    assert_eq!(sniff["remembered"], false);
    assert_eq!(sniff["columns"][2], "Oben");
    let mapping = json!({
        "delimiter": ";", "date": 0, "time": 1, "systolic": 2, "diastolic": 3, "heartRate": 4,
        "weight": 5, "bloodSugar": null, "notes": null, "weightUnit": "kg",
        "bloodSugarUnit": "mg/dL", "dateOrder": "dmy"
    });
    let query = format!(
        "format=spreadsheet&name=blutdruck.csv&mapping={}",
        url::form_urlencoded::byte_serialize(mapping.to_string().as_bytes()).collect::<String>()
    );
    let p = preview(&app, &query, sheet).await;
    assert_eq!(p["new"], 2, "{p}");
    let rows = p["rows"].as_array().expect("rows");
    assert_eq!(rows[0]["date"], "2023-07-06", "DD.MM");
    assert_eq!(rows[1]["date"], "2023-07-13");
    let lbs = rows[0]["weight"].as_f64().expect("weight");
    assert!((lbs - 177.47).abs() < 0.01, "80,5 kg: {lbs}");

    let again = json_of(
        app.client
            .post(app.url("/api/data/imports/sniff?name=next.csv"))
            .body(sheet.as_bytes().to_vec())
            .send()
            .await
            .expect("sniff"),
    )
    .await;
    assert_eq!(again["remembered"], true, "{again}");
    // A mapping sent without the fields added since (issue 34) is remembered as sent, and
    // offered with this file's header line.
    for (key, value) in mapping.as_object().expect("object") {
        assert_eq!(&again["mapping"][key], value, "{key}: {again}");
    }
    assert_eq!(again["mapping"]["headerRow"], 1, "{again}");
    assert_eq!(again["mapping"]["defaultTime"], Value::Null, "{again}");
}

async fn drafts_belong_to_their_owner_and_can_be_discarded(b: Backend) {
    let app = subscriber(b).await;
    let csv = "date,time,systolic,diastolic,heart_rate,weight,weight_unit,blood_sugar,blood_sugar_unit,notes\n2026-11-20,07:00,120,80,,,,,,\n";
    let p = preview(&app, "format=auto&name=v.csv", csv).await;
    assert_eq!(p["format"], "vitalog");
    let id = p["id"].as_str().expect("id").to_owned();

    let bob = client();
    assert_eq!(
        app.register("bob", "bob@example.com").await.status(),
        StatusCode::CREATED
    );
    let token = app
        .token_from_email("bob@example.com", "Verify your email", "verify-email")
        .await;
    post_with(
        &bob,
        &app.url("/api/verify-email"),
        json!({ "token": token }),
    )
    .await;
    assert_eq!(
        app.login(&bob, "bob", PASSWORD).await.status(),
        StatusCode::OK
    );
    let res = post_with(
        &bob,
        &app.url(&format!("/api/data/imports/{id}/commit")),
        json!({}),
    )
    .await;
    assert_eq!(
        res.status(),
        StatusCode::FORBIDDEN,
        "bob has no subscription"
    );
    let res = bob
        .delete(app.url(&format!("/api/data/imports/{id}")))
        .send()
        .await
        .expect("delete");
    assert_eq!(res.status(), StatusCode::NOT_FOUND, "not bob's draft");
    let res = bob
        .post(app.url("/api/data/imports?format=auto"))
        .body(csv)
        .send()
        .await
        .expect("upload");
    assert_eq!(
        res.status(),
        StatusCode::FORBIDDEN,
        "reading a file needs a subscription"
    );

    let res = app
        .client
        .delete(app.url(&format!("/api/data/imports/{id}")))
        .send()
        .await
        .expect("delete");
    assert_eq!(res.status(), StatusCode::NO_CONTENT);
    let res = app
        .post(&format!("/api/data/imports/{id}/commit"), json!({}))
        .await;
    assert_eq!(res.status(), StatusCode::NOT_FOUND);
    assert_eq!(count(&app).await, 0);
}

async fn one_import_per_account_and_uploads_are_bounded(b: Backend) {
    let app = TestApp::spawn_with(b, |c| c.import_max_mb = 1).await;
    app.signed_up("ann", "ann@example.com").await;
    app.subscribe().await;
    // An upload still arriving holds the account's turn.
    let (tx, rx) = tokio::sync::mpsc::channel::<Result<Vec<u8>, std::io::Error>>(1);
    let body = reqwest::Body::wrap_stream(tokio_stream_of(rx));
    let first = {
        let req = app
            .client
            .post(app.url("/api/data/imports?format=vitalog&name=slow.csv"))
            .body(body);
        tokio::spawn(req.send())
    };
    tx.send(Ok(b"date,time,heart_rate\n".to_vec()))
        .await
        .expect("send");
    // Its file appears once the server has admitted it and is writing what arrives.
    let uploads = app._data.path().join("uploads");
    let admitted = async {
        while std::fs::read_dir(&uploads).map_or(0, |d| d.count()) == 0 {
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
    };
    tokio::time::timeout(std::time::Duration::from_secs(30), admitted)
        .await
        .expect("the first upload is admitted");
    let res = upload(&app, "format=vitalog&name=b.csv", "date,time,heart_rate\n").await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(res.headers().contains_key("retry-after"));
    let second = json_of(res).await;
    assert_eq!(
        second["message"],
        json!(imports::service::MSG_IMPORT_RUNNING)
    );
    tx.send(Ok(b"2026-11-20,07:00,70\n".to_vec()))
        .await
        .expect("send");
    drop(tx);
    let first = first.await.expect("join").expect("response");
    let lines = events(first).await;
    assert_eq!(
        lines.last().expect("last")["preview"]["new"],
        1,
        "{lines:?}"
    );

    // Over the limit: refused as it arrives, and nothing is left on disk.
    let big = "date,time,heart_rate\n".to_owned() + &"2026-11-20,07:00,70\n".repeat(60_000);
    let res = upload(&app, "format=vitalog&name=big.csv", big).await;
    assert_eq!(res.status(), StatusCode::PAYLOAD_TOO_LARGE);
    let left = std::fs::read_dir(&uploads).map_or(0, |d| d.count());
    assert_eq!(left, 0, "no upload file is left behind");
    assert_eq!(count(&app).await, 0);
}

async fn a_client_gone_mid_upload_leaves_no_file_and_releases_its_turn(b: Backend) {
    let app = subscriber(b).await;
    let (tx, rx) = tokio::sync::mpsc::channel::<Result<Vec<u8>, std::io::Error>>(1);
    let body = reqwest::Body::wrap_stream(tokio_stream_of(rx));
    let req = app
        .client
        .post(app.url("/api/data/imports?format=omron&name=gone.csv"))
        .body(body);
    let first = tokio::spawn(req.send());
    tx.send(Ok(OMRON.as_bytes().to_vec())).await.expect("send");
    let uploads = app._data.path().join("uploads");
    let files = || std::fs::read_dir(&uploads).map_or(0, |d| d.count());
    let wait_for = |want: usize| async move {
        while files() != want {
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
    };
    tokio::time::timeout(std::time::Duration::from_secs(30), wait_for(1))
        .await
        .expect("the upload is admitted");
    // The connection breaks mid-body (the client's body fails: reqwest drops it).
    tx.send(Err(std::io::Error::other("gone")))
        .await
        .expect("send");
    drop(tx);
    let _ = first.await.expect("join");
    tokio::time::timeout(std::time::Duration::from_secs(10), wait_for(0))
        .await
        .expect("the partial file is removed");
    let lines = events(upload(&app, "format=omron&name=again.csv", OMRON.to_owned()).await).await;
    assert_eq!(lines.last().expect("last")["type"], "preview", "{lines:?}");
    assert_eq!(count(&app).await, 0, "nothing stored");
}

async fn withings_and_apple_health_zips_are_read_as_downloaded(b: Backend) {
    let app = subscriber(b).await;
    let bp = "Date,\"Heart rate\",Systolic,Diastolic,Comments\n\
              \"2024-03-10 07:05:31\",64,122,79,\n\
              \"2024-03-10 21:40:02\",58,,,\"after the walk\"\n";
    let weight = "Date,\"Weight (kg)\",\"Fat mass (kg)\",\"Bone mass (kg)\",\"Muscle mass (kg)\",\"Hydration (kg)\",Comments\n\
                  \"2024-03-10 07:05:50\",81.2,,,,,\n";
    let withings = zip_of(&[
        ("data_ANN_1710000000/activities.csv", "Date,Steps\n"),
        ("data_ANN_1710000000/bp.csv", bp),
        ("data_ANN_1710000000/weight.csv", weight),
    ]);
    let sniff = json_of(
        app.client
            .post(app.url("/api/data/imports/sniff?name=data_ANN.zip"))
            .body(withings[..withings.len().min(65_536)].to_vec())
            .send()
            .await
            .expect("sniff"),
    )
    .await;
    assert_eq!(sniff["container"], "zip", "{sniff}");
    let lines = events(upload(&app, "format=auto&name=data_ANN.zip", withings).await).await;
    let p = &lines.last().expect("last")["preview"];
    assert_eq!(p["format"], "withings", "{lines:?}");
    assert_eq!(p["new"], 2, "{p}");
    assert_eq!(p["counts"]["bloodPressure"], 1);
    assert_eq!(
        p["counts"]["heartRate"], 2,
        "a row with only a heart rate is one"
    );
    assert_eq!(
        p["counts"]["weight"], 1,
        "the weight joins the blood pressure of its minute"
    );
    let morning = &p["rows"][0];
    assert_eq!(
        (morning["time"].as_str(), morning["systolic"].as_i64()),
        (Some("07:05"), Some(122))
    );
    assert!(
        morning["weight"]
            .as_f64()
            .is_some_and(|w| (w - 179.01).abs() < 0.01),
        "{morning}"
    );
    let id = p["id"].as_str().expect("id");
    let done = json_of(
        app.post(&format!("/api/data/imports/{id}/commit"), json!({}))
            .await,
    )
    .await;
    assert_eq!(done["imported"], 2, "{done}");

    let xml = r#"<?xml version="1.0" encoding="UTF-8"?>
<HealthData locale="en_US">
 <ExportDate value="2024-03-12 08:00:00 +0000"/>
 <Record type="HKQuantityTypeIdentifierRestingHeartRate" sourceName="Watch" unit="count/min" creationDate="2024-03-11 23:00:00 +0000" startDate="2024-03-11 00:00:00 +0000" endDate="2024-03-11 23:00:00 +0000" value="57"/>
 <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" creationDate="2024-03-11 10:01:00 +0000" startDate="2024-03-11 10:01:00 +0000" endDate="2024-03-11 10:01:00 +0000" value="88"/>
 <Record type="HKQuantityTypeIdentifierBloodGlucose" sourceName="Meter" unit="mmol&lt;180.1558800000541&gt;/L" creationDate="2024-03-11 08:00:00 +0000" startDate="2024-03-11 08:00:00 +0000" endDate="2024-03-11 08:00:00 +0000" value="5.5"/>
</HealthData>
"#;
    let apple = zip_of(&[
        ("apple_health_export/export_cda.xml", "<ClinicalDocument/>"),
        ("apple_health_export/export.xml", xml),
    ]);
    let lines = events(upload(&app, "format=auto&name=export.zip", apple).await).await;
    let p = &lines.last().expect("last")["preview"];
    assert_eq!(p["format"], "apple-health", "{lines:?}");
    assert_eq!(
        p["new"], 2,
        "the watch's background heart rate is left out: {p}"
    );
    assert_eq!(p["counts"]["heartRate"], 1);
    assert_eq!(p["counts"]["bloodSugar"], 1);
    let sugar = p["rows"][1]["bloodSugar"]
        .as_f64()
        .or(p["rows"][0]["bloodSugar"].as_f64());
    assert!(
        sugar.is_some_and(|s| (s - 99.09).abs() < 0.01),
        "5.5 mmol/L in mg/dL: {p}"
    );
    assert_eq!(count(&app).await, 2, "the Apple preview stored nothing");
}

/// A receiver as a stream of body chunks.
fn tokio_stream_of(
    rx: tokio::sync::mpsc::Receiver<Result<Vec<u8>, std::io::Error>>,
) -> impl futures_util::Stream<Item = Result<Vec<u8>, std::io::Error>> {
    futures_util::stream::unfold(rx, |mut rx| async move { rx.recv().await.map(|c| (c, rx)) })
}

on_both_backends!(
    omron_file_is_previewed_then_stored_and_a_second_time_adds_nothing,
    apple_health_times_are_converted_to_the_users_time_zone,
    bad_files_are_refused_with_the_format_and_line_and_store_nothing,
    a_spreadsheets_mapping_is_remembered_for_the_same_header,
    drafts_belong_to_their_owner_and_can_be_discarded,
    one_import_per_account_and_uploads_are_bounded,
    a_client_gone_mid_upload_leaves_no_file_and_releases_its_turn,
    withings_and_apple_health_zips_are_read_as_downloaded,
);

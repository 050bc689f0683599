//! Every export variant issue 34 found in the world, as a person imports it over HTTP, on
//! both backends: sniff the head, take what the page would offer (the format, the mapping,
//! the units the header says), make the choices a person must make (a unit nothing in the
//! file says, a time for rows without one), upload, commit, and compare the readings
//! stored. The files are synthetic: the structure of each real variant (docs/import.md
//! says where each was learned) with invented values.

#![allow(clippy::expect_used)]

mod common;

use common::*;
use reqwest::StatusCode;
use serde_json::{Value, json};
use testkit::{Backend, on_both_backends};

async fn subscriber(b: Backend) -> TestApp {
    let app = TestApp::spawn(b).await;
    app.signed_up("ann", "ann@example.com").await;
    app.subscribe().await;
    app.set_time_zone("Europe/Berlin").await;
    app
}

async fn sniff(app: &TestApp, name: &str, bytes: &[u8], header_row: Option<u64>) -> Value {
    let row = header_row.map_or(String::new(), |r| format!("&headerRow={r}"));
    let res = app
        .client
        .post(app.url(&format!("/api/data/imports/sniff?name={name}{row}")))
        .body(bytes[..bytes.len().min(64 * 1024)].to_vec())
        .send()
        .await
        .expect("sniff");
    assert_eq!(res.status(), StatusCode::OK);
    json_of(res).await
}

/// Uploads as the page does; the last NDJSON line.
async fn upload(
    app: &TestApp,
    name: &str,
    format: &str,
    mapping: Option<&Value>,
    bytes: &[u8],
) -> (StatusCode, Value) {
    let mut query = format!("format={format}&name={name}");
    if let Some(m) = mapping {
        let json = serde_json::to_string(m).expect("json");
        query.push_str(&format!("&mapping={}", urlencode(&json)));
    }
    let res = app
        .client
        .post(app.url(&format!("/api/data/imports?{query}")))
        .header("content-type", "application/octet-stream")
        .body(bytes.to_vec())
        .send()
        .await
        .expect("upload");
    let status = res.status();
    let text = res.text().await.expect("body");
    let last = text.lines().last().unwrap_or("{}");
    (status, serde_json::from_str(last).expect("json"))
}

fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Each stored reading as `date time sys/dia pulse weight(lb, 1 decimal) sugar notes`.
async fn stored(app: &TestApp) -> Vec<String> {
    let list = json_of(app.get("/api/readings").await).await;
    let mut out: Vec<String> = list
        .as_array()
        .expect("list")
        .iter()
        .map(|r| {
            let n = |k: &str| r[k].as_i64().map_or("-".to_owned(), |v| v.to_string());
            let w = r["weight"]
                .as_f64()
                .map_or("-".to_owned(), |v| format!("{v:.1}lb"));
            let g = r["bloodSugar"]
                .as_f64()
                .map_or("-".to_owned(), |v| format!("{v:.0}mg"));
            format!(
                "{} {} {}/{} {} {w} {g} {}",
                r["date"].as_str().unwrap_or(""),
                r["time"].as_str().unwrap_or(""),
                n("systolic"),
                n("diastolic"),
                n("heartRate"),
                r["notes"].as_str().unwrap_or("")
            )
            .trim_end()
            .to_owned()
        })
        .collect();
    out.sort();
    out
}

/// Sniff, choose (`choose` edits the offered mapping as a person would), upload, commit;
/// the preview.
async fn import(app: &TestApp, name: &str, bytes: &[u8], choose: impl FnOnce(&mut Value)) -> Value {
    let s = sniff(app, name, bytes, None).await;
    let format = s["format"].as_str().unwrap_or("auto").to_owned();
    let mut mapping = s["mapping"].clone();
    let mapping = (format == "spreadsheet").then(|| {
        choose(&mut mapping);
        mapping
    });
    let (status, last) = upload(app, name, &format, mapping.as_ref(), bytes).await;
    assert_eq!(status, StatusCode::OK, "{name}: {last}");
    assert_eq!(last["type"], "preview", "{name}: {last}");
    let p = last["preview"].clone();
    let id = p["id"].as_str().expect("id");
    let res = app
        .post(&format!("/api/data/imports/{id}/commit"), json!({}))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    p
}

async fn older_apple_exports_with_export_xml_capitalised(b: Backend) {
    let app = subscriber(b).await;
    let xml = r#"<?xml version="1.0" encoding="UTF-8"?>
<HealthData locale="de_DE">
 <ExportDate value="2017-09-01 08:00:00 +0200"/>
 <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Health" unit="kg" creationDate="2017-08-30 07:10:00 +0200" startDate="2017-08-30 07:10:00 +0200" endDate="2017-08-30 07:10:00 +0200" value="83"/>
 <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Health" creationDate="2017-08-30 07:20:00 +0200" startDate="2017-08-30 07:20:00 +0200" endDate="2017-08-30 07:20:00 +0200">
  <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Health" unit="mmHg" startDate="2017-08-30 07:20:00 +0200" endDate="2017-08-30 07:20:00 +0200" value="81"/>
  <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Health" unit="mmHg" startDate="2017-08-30 07:20:00 +0200" endDate="2017-08-30 07:20:00 +0200" value="127"/>
 </Correlation>
 <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Health" unit="mmHg" startDate="2017-08-30 07:20:00 +0200" endDate="2017-08-30 07:20:00 +0200" value="81"/>
 <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Health" unit="mmHg" startDate="2017-08-30 07:20:00 +0200" endDate="2017-08-30 07:20:00 +0200" value="127"/>
 <Record type="HKQuantityTypeIdentifierHeartRate" sourceName="Watch" unit="count/min" startDate="2017-08-30 11:02:00 +0200" endDate="2017-08-30 11:02:00 +0200" value="88"/>
 <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2017-08-30 11:00:00 +0200" endDate="2017-08-30 11:05:00 +0200" value="400"/>
</HealthData>
"#;
    let zip = zip_of(&[
        ("apple_health_export/Export_cda.xml", "<ClinicalDocument/>"),
        ("apple_health_export/Export.xml", xml),
    ]);
    let p = import(&app, "export.zip", &zip, |_| {}).await;
    assert_eq!(p["format"], "apple-health");
    let left: Vec<(String, u64)> = p["leftOut"]
        .as_array()
        .expect("leftOut")
        .iter()
        .map(|l| {
            (
                l["reason"].as_str().unwrap_or("").to_owned(),
                l["count"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(
        left.len(),
        3,
        "the watch's sample, the copies and the steps are counted: {left:?}"
    );
    assert!(
        left.iter()
            .any(|(r, n)| r.starts_with("Heart-rate samples") && *n == 1),
        "{left:?}"
    );
    assert!(
        left.iter()
            .any(|(r, n)| r.starts_with("Records of other kinds") && *n == 1),
        "{left:?}"
    );
    assert_eq!(
        stored(&app).await,
        [
            "2017-08-30 07:10 -/- - 183.0lb -",
            "2017-08-30 07:20 127/81 - - -"
        ]
    );
}

/// bp.csv and weight.csv headers as Withings writes them in each language its app ships.
const WITHINGS: &[(&str, &str, &str)] = &[
    (
        "en",
        "Date,\"Heart rate\",Systolic,Diastolic,Comments",
        "Date,\"Weight (kg)\",\"Fat mass (kg)\",\"Bone mass (kg)\",\"Muscle mass (kg)\",\"Hydration (kg)\",Comments",
    ),
    (
        "de",
        "Date,Herzfrequenz,Systole,Diastole,Kommentare",
        "Date,\"Gewicht (kg)\",\"Fettmasse (kg)\",\"Knochenmasse (kg)\",\"Muskelmasse (kg)\",\"Wasseranteil (kg)\",Kommentare",
    ),
    (
        "fr",
        "Date,\"Fréquence cardiaque\",Systolique,Diastolique,Commentaires",
        "Date,\"Poids (kg)\",\"Masse grasse (kg)\",\"Masse osseuse (kg)\",\"Masse musculaire (kg)\",\"Hydratation (kg)\",Commentaires",
    ),
    (
        "es",
        "Date,\"Frecuencia cardíaca\",Sistólica,Diastólica,Comentarios",
        "Date,\"Peso (kg)\",\"Masa grasa (kg)\",\"Masa ósea (kg)\",\"Masa muscular (kg)\",\"Hidratación (kg)\",Comentarios",
    ),
    (
        "it",
        "Date,\"Frequenza cardiaca\",Sistolica,Diastolica,Commenti",
        "Date,\"Peso (kg)\",\"Massa grassa (kg)\",\"Massa ossea (kg)\",\"Massa muscolare (kg)\",\"Idratazione (kg)\",Commenti",
    ),
    (
        "nl",
        "Date,Hartslag,Systolisch,Diastolisch,Opmerkingen",
        "Date,\"Gewicht (kg)\",\"Vetmassa (kg)\",\"Botmassa (kg)\",\"Spiermassa (kg)\",\"Hydratatie (kg)\",Opmerkingen",
    ),
    (
        "pt",
        "Date,\"Frequência cardíaca\",Sistólica,Diastólica,Comentários",
        "Date,\"Peso (kg)\",\"Massa gorda (kg)\",\"Massa óssea (kg)\",\"Massa muscular (kg)\",\"Hidratação (kg)\",Comentários",
    ),
    (
        "ja",
        "Date,心拍数,最高血圧,最低血圧,コメント",
        "Date,\"体重 (kg)\",\"体脂肪量 (kg)\",\"骨量 (kg)\",\"筋肉量 (kg)\",\"水分量 (kg)\",コメント",
    ),
    // A language not in any table: read by the columns' places.
    (
        "xx",
        "Date,Qq,Ww,Ee,Rr",
        "Date,\"Zz (kg)\",\"Yy (kg)\",\"Xx (kg)\",\"Vv (kg)\",\"Uu (kg)\",Tt",
    ),
];

async fn withings_exports_in_every_language(b: Backend) {
    let app = subscriber(b).await;
    for (i, (lang, bp, weight)) in WITHINGS.iter().enumerate() {
        let day = 10 + i;
        let bp_csv = format!(
            "{bp}\n\"2024-03-{day} 07:31:02\",64,128,82,\n\"2024-03-{day} 19:02:40\",71,,,\n"
        );
        let weight_csv = format!(
            "{weight}\n\"2024-03-{day} 07:31:40\",83,21.5,3.1,58.2,42.0,\n\"2024-03-{day} 08:15:00\",82.6,,,,,\n"
        );
        let zip = zip_of(&[
            (&format!("data_ANN_{day}/bp.csv") as &str, &bp_csv as &str),
            (
                &format!("data_ANN_{day}/weight.csv") as &str,
                &weight_csv as &str,
            ),
            (
                &format!("data_ANN_{day}/activities.csv") as &str,
                "Date,Steps\n",
            ),
        ]);
        let p = import(&app, "data_ANN.zip", &zip, |_| {}).await;
        assert_eq!(p["format"], "withings", "{lang}: {p}");
        assert_eq!(p["new"], 3, "{lang}: {p}");
        let units = &p["units"][0];
        assert_eq!(
            (units["measure"].as_str(), units["unit"].as_str()),
            (Some("weight"), Some("kg")),
            "{lang}: {p}"
        );
    }
    let all = stored(&app).await;
    assert_eq!(all.len(), 3 * WITHINGS.len(), "{all:?}");
    for (i, (lang, ..)) in WITHINGS.iter().enumerate() {
        let day = 10 + i;
        let want = [
            format!("2024-03-{day} 07:31 128/82 64 183.0lb -"),
            format!("2024-03-{day} 08:15 -/- - 182.1lb -"),
            format!("2024-03-{day} 19:02 -/- 71 - -"),
        ];
        for w in want {
            assert!(all.contains(&w), "{lang}: {w} in {all:?}");
        }
    }
}

async fn older_withings_web_export_and_a_german_csv_alone(b: Backend) {
    let app = subscriber(b).await;
    let old = "\"Date\",\"Gewicht (kg)\",\"Fettmasse (kg)\",\"Fettfreier Anteil (kg)\",\"Kommentare\"\n\"2014-02-13 6:04 Uhr\",\"94.34\",\"26.81\",\"67.53\",\"\"\n";
    let p = import(&app, "weight.csv", old.as_bytes(), |_| {}).await;
    assert_eq!(p["format"], "withings", "{p}");
    let bp = "Date,Herzfrequenz,Systole,Diastole,Kommentare\n\"2024-05-02 07:15:00\",61,122,79,nach dem Aufstehen\n";
    let p = import(&app, "bp.csv", bp.as_bytes(), |_| {}).await;
    assert_eq!(p["format"], "withings", "{p}");
    assert_eq!(
        stored(&app).await,
        [
            "2014-02-13 06:04 -/- - 208.0lb -",
            "2024-05-02 07:15 122/79 61 - - nach dem Aufstehen",
        ]
    );
}

async fn units_from_headers_and_none_guessed(b: Backend) {
    let app = subscriber(b).await;
    // "Gewicht (kg)": read from the header, never lb.
    let sheet = "Datum;Gewicht (kg)\n06.07.2023;83\n";
    let s = sniff(&app, "gewicht.csv", sheet.as_bytes(), None).await;
    assert_eq!(s["mapping"]["weightUnit"], "kg", "{s}");
    // No time: the person gives one.
    let p = import(&app, "gewicht.csv", sheet.as_bytes(), |m| {
        m["defaultTime"] = json!("08:00");
    })
    .await;
    assert_eq!(
        p["rows"][0]["weightAsRead"],
        json!({"value": 83.0, "unit": "kg"}),
        "{p}"
    );
    assert_eq!(p["units"][0]["source"], "the column “Gewicht (kg)”", "{p}");
    // A column named just "Weight": no unit is offered, and none is assumed.
    let bare = "Date,Weight\n2023-07-07,12.5\n";
    let s = sniff(&app, "w.csv", bare.as_bytes(), None).await;
    assert_eq!(s["mapping"]["weightUnit"], Value::Null, "{s}");
    let mut m = s["mapping"].clone();
    m["defaultTime"] = json!("07:30");
    let (status, body) = upload(&app, "w.csv", "spreadsheet", Some(&m), bare.as_bytes()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(
        body.to_string()
            .contains("Choose the unit of the weight column."),
        "{body}"
    );
    m["weightUnit"] = json!("st");
    let (status, body) = upload(&app, "w.csv", "spreadsheet", Some(&m), bare.as_bytes()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let id = body["preview"]["id"].as_str().expect("id");
    app.post(&format!("/api/data/imports/{id}/commit"), json!({}))
        .await;
    // One column, two roles: refused in the words the page uses.
    let mut two = s["mapping"].clone();
    two["weight"] = json!(0);
    two["weightUnit"] = json!("kg");
    let (status, body) = upload(&app, "w.csv", "spreadsheet", Some(&two), bare.as_bytes()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body.to_string()
            .contains("Column A is chosen for both Date and Weight: choose one column for each."),
        "{body}"
    );
    assert_eq!(
        stored(&app).await,
        [
            "2023-07-06 08:00 -/- - 183.0lb -",
            "2023-07-07 07:30 -/- - 175.0lb -"
        ]
    );
}

async fn title_lines_preambles_and_known_apps(b: Backend) {
    let app = subscriber(b).await;
    // Beurer HealthManager: a title line above the header.
    let beurer = "Weight\r\nDate;Time;kg;BMI;Body fat;Water;Muscles;Bones;Medication;Comment\r\n\"12.02.2021\";\"08:35\";\"70.2\";\"21\";\"\";\"\";\"\";\"\";\"\";\"\"\r\n\r\n";
    let s = sniff(
        &app,
        "HealthManagerApp_DataExport.csv",
        beurer.as_bytes(),
        None,
    )
    .await;
    assert_eq!(
        (s["headerRow"].as_u64(), s["app"].as_str()),
        (Some(2), Some("Beurer HealthManager")),
        "{s}"
    );
    assert_eq!(s["lead"], json!(["Weight"]));
    import(
        &app,
        "HealthManagerApp_DataExport.csv",
        beurer.as_bytes(),
        |_| {},
    )
    .await;
    // Beurer HealthManager Pro (German): the person's details, then the blood pressure table.
    let pro = "Benutzerangaben\n\nVorname;Anna\nNachname;Beispiel\nGeburtstag;01.01.1961\n\nZeitraum\n\nvon;01.03.2026\nbis;31.03.2026\n\nBLUTDRUCK\nDatum;Uhrzeit;Sys;Dia;Puls;MAD;Manuell hinzugefügt\n31.03.2026;20:14;132;86;72;101;0\n";
    let s = sniff(&app, "export.csv", pro.as_bytes(), None).await;
    assert_eq!(s["headerRow"], 13, "{s}");
    import(&app, "export.csv", pro.as_bytes(), |_| {}).await;
    // blood-pressure-monitor-fl: Unix milliseconds, `null` for no value.
    let fl = "timestampUnixMs,systolic,diastolic,pulse,notes,color,intakes\n1703175193324,123,81,63,,4293467747,\n1703239921194,null,null,58,nur Puls,null,\n";
    let s = sniff(&app, "bp.csv", fl.as_bytes(), None).await;
    assert_eq!(
        (s["format"].as_str(), s["mapping"]["dateOrder"].as_str()),
        (Some("spreadsheet"), Some("epoch")),
        "{s}"
    );
    import(&app, "blood_pressure.csv", fl.as_bytes(), |_| {}).await;
    // A morning/evening column.
    let me = "Tag;Tageszeit;Sys;Dia\n02.01.2025;morgens;131;84\n02.01.2025;abends;126;80\n";
    import(&app, "me.csv", me.as_bytes(), |m| {
        assert_eq!(m["period"], 1, "{m}");
        m["morningTime"] = json!("07:00");
        m["eveningTime"] = json!("21:30");
    })
    .await;
    assert_eq!(
        stored(&app).await,
        [
            "2021-02-12 08:35 -/- - 154.8lb -",
            "2023-12-21 17:13 123/81 63 - -",
            "2023-12-22 11:12 -/- 58 - - nur Puls",
            "2025-01-02 07:00 131/84 - - -",
            "2025-01-02 21:30 126/80 - - -",
            "2026-03-31 20:14 132/86 72 - -",
        ]
    );
}

async fn omron_connect_layouts_old_and_new(b: Backend) {
    let app = subscriber(b).await;
    let current = "\"Measurement Date\",\"Timezone\",\"SYS(mmHg)\",\"DIA(mmHg)\",\"Pulse(bpm)\",\"Irregular heartbeat detected\",\"IHB detection counts(times)\",\"Body Movement\",\"Cuff wrap guide\",\"Positioning Indicator\",\"room temperature(°C)\",\"Measurement Mode\",\"Device\"\n\"2024/11/21 07:02\",\"Europe/Berlin\",\"128\",\"84\",\"66\",\"Detected\",\"2\",\"Not Detected\",\"OK\",,,,\"HEM-7361T\"\n\"2024/11/21 22:15\",\"Europe/Berlin\",\"119\",\"77\",\"61\",,,\"Detected\",\"OK\",,,,\"HEM-7361T\"\n";
    let p = import(&app, "omron.csv", current.as_bytes(), |_| {}).await;
    assert_eq!(p["format"], "omron", "{p}");
    let unquoted = "Date,Time,Systolic (mmHg),Diastolic (mmHg),Pulse (bpm),Symptoms,Consumed,TruRead,Notes\nJan 12 2025,08:12,114,74,47,-,-,-,-\n21 Jan 2025,18:40,-2147483648,-2147483648,-2147483648,-,-,-,-\n";
    let p = import(
        &app,
        "Your Requested OMRON Report from Jan 01 2025 to Jan 22 2025.csv",
        unquoted.as_bytes(),
        |_| {},
    )
    .await;
    assert_eq!(p["format"], "omron", "{p}");
    let logbook = "Messdatum,Zeitzone,SYS,DIA,Pulse,Modellname des Geräts\n21/11/2024 11:40,Europe/Berlin,123,81,70,HEM-7281T\n";
    let p = import(&app, "BP-Logbook.csv", logbook.as_bytes(), |_| {}).await;
    assert_eq!(p["format"], "omron", "{p}");
    assert_eq!(
        stored(&app).await,
        [
            "2024-11-21 07:02 128/84 66 - - Irregular heartbeat (2) · OMRON HEM-7361T",
            "2024-11-21 11:40 123/81 70 - - OMRON HEM-7281T",
            "2024-11-21 22:15 119/77 61 - - Body movement · OMRON HEM-7361T",
            "2025-01-12 08:12 114/74 47 - -",
        ]
    );
}

on_both_backends!(
    older_apple_exports_with_export_xml_capitalised,
    withings_exports_in_every_language,
    older_withings_web_export_and_a_german_csv_alone,
    units_from_headers_and_none_guessed,
    title_lines_preambles_and_known_apps,
    omron_connect_layouts_old_and_new,
);

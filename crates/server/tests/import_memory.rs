//! What one import may cost the server in memory (issue 33), measured as the real binary's
//! peak resident memory (`VmHWM`, reset before each import through `clear_refs`), for the
//! worst previews an account can send: a Withings zip whose 499 rows each hold a ~1 MB
//! junk date (each skipped row's message quoted the whole cell: ~1.5 GB), and a zip of
//! 100,000 readings, previewed and committed. The bound is the one docs/security.md states.

#![allow(clippy::expect_used)]

mod common;

use common::binary::*;
use common::zip_of;
use reqwest::{Client, StatusCode};
use serde_json::Value;
use testkit::smtp::SmtpSink;

/// What one import may add to the server's peak resident memory (docs/security.md).
const IMPORT_PEAK_BOUND_MIB: u64 = 192;

/// A field of `/proc/<pid>/status` in KiB.
fn status_kib(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("status");
    status
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or_else(|| panic!("{field} in {status}"))
}

/// Resets the process's peak (`VmHWM`) to its current resident memory (Linux 4.0+).
fn reset_peak(pid: u32) {
    std::fs::write(format!("/proc/{pid}/clear_refs"), "5").expect(
        "resetting the peak RSS needs write access to /proc/<pid>/clear_refs (the test runs as \
         the server's user)",
    );
}

/// The attack's junk rows: its zip packs past the 50 times a Withings entry may unpack to.
const ATTACK_ROWS: u64 = 499;
/// The most junk rows of ~1 MB the bound admits: before, each one's whole cell was quoted
/// in its message, and the preview's answer was one line of some 60 MB.
const JUNK_ROWS: u64 = 60;

const BP_HEADER: &str = "Date,\"Heart rate\",Systolic,Diastolic,Comments\n";

/// Uploads `body` and answers the NDJSON body's size and its last line.
async fn preview(c: &Client, base: &str, name: &str, body: Vec<u8>) -> (usize, Value) {
    let res = c
        .post(format!("{base}/api/data/imports?format=auto&name={name}"))
        .header("content-type", "application/octet-stream")
        .body(body)
        .send()
        .await
        .expect("upload");
    assert_eq!(res.status(), StatusCode::OK);
    let text = res.text().await.expect("body");
    let last = text.lines().last().expect("a line");
    (text.len(), serde_json::from_str(last).expect("a JSON line"))
}

/// The peak resident memory `run` added, in MiB.
async fn peak_added<F: std::future::Future<Output = T>, T>(pid: u32, run: F) -> (u64, T) {
    reset_peak(pid);
    let before = status_kib(pid, "VmRSS");
    let out = run.await;
    let peak = status_kib(pid, "VmHWM");
    (peak.saturating_sub(before) / 1024, out)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_worst_previews_stay_within_the_stated_memory() {
    let dir = tempfile::tempdir().expect("dir");
    let smtp = SmtpSink::start().await;
    let mut bin = start(dir.path(), free_port(), &smtp).await;
    let pid = bin.child.id();
    let c = ready_user(&bin.base, &smtp).await;

    // Rows of ~1 MB junk dates. The attack's: an 8 KiB block of pseudo-random digits
    // repeated (its zip packed ~100 times); the admitted ones: 1 MB of them, which packs
    // ~2.4 times, under the zip-bomb guard's 50.
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut digits = |n: usize| -> String {
        (0..n)
            .map(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                char::from(b'0' + u8::try_from(seed % 10).expect("digit"))
            })
            .collect()
    };
    let attack_junk = digits(8192).repeat(128);
    let junk = digits(1 << 20);
    let junk_zip = |junk: &str, rows: u64| {
        let mut bp = String::from(BP_HEADER);
        bp.push_str("\"2024-03-10 07:05:31\",64,122,79,\n");
        for _ in 0..rows {
            bp.push_str(&format!("\"{junk}\",64,122,79,\n"));
        }
        zip_of(&[("data_X/bp.csv", &bp)])
    };
    // The attack's zip is refused once it has unpacked 64 MiB.
    let (attack_mib, (_, last)) = peak_added(
        pid,
        preview(
            &c,
            &bin.base,
            "data_X.zip",
            junk_zip(&attack_junk, ATTACK_ROWS),
        ),
    )
    .await;
    assert_eq!(last["type"], "error", "{last}");
    assert!(
        last["message"]
            .as_str()
            .is_some_and(|m| m.contains("(it may be a zip bomb)")),
        "{last}"
    );
    // The most the bound admits is previewed, each cell quoted as an excerpt.
    let (junk_mib, (size, last)) = peak_added(
        pid,
        preview(&c, &bin.base, "data_X.zip", junk_zip(&junk, JUNK_ROWS)),
    )
    .await;
    assert_eq!(last["type"], "preview", "{last}");
    let p = &last["preview"];
    assert_eq!(p["skipped"], JUNK_ROWS, "{p}");
    assert!(size < 256 << 10, "the answer is {size} bytes");
    let listed = p["skippedRows"].as_array().expect("rows");
    assert!(
        listed.iter().all(|r| r.to_string().len() < 400),
        "{:?}",
        listed.first()
    );

    // 100,000 readings (the most one file holds), previewed then stored.
    let mut bp = String::from(BP_HEADER);
    let start = chrono::NaiveDate::from_ymd_opt(2000, 1, 1)
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .expect("start");
    for i in 0..100_000 {
        let at = start + chrono::Duration::minutes(i * 7);
        bp.push_str(&format!(
            "\"{}\",{},{},{},\n",
            at.format("%Y-%m-%d %H:%M:%S"),
            60 + i % 30,
            110 + i % 40,
            70 + i % 15
        ));
    }
    let zip = zip_of(&[("data_Y/bp.csv", &bp)]);
    drop(bp);
    let (many_mib, (_, last)) = peak_added(pid, preview(&c, &bin.base, "data_Y.zip", zip)).await;
    assert_eq!(last["type"], "preview", "{last}");
    assert_eq!(last["preview"]["new"], 100_000);
    let id = last["preview"]["id"].as_str().expect("id").to_owned();
    let commit = async {
        c.post(format!("{}/api/data/imports/{id}/commit", bin.base))
            .json(&serde_json::json!({}))
            .send()
            .await
            .expect("commit")
    };
    let (commit_mib, res) = peak_added(pid, commit).await;
    assert_eq!(res.status(), StatusCode::OK);

    eprintln!(
        "peak added: the attack's zip {attack_mib} MiB, junk-date preview {junk_mib} MiB, \
         100,000-reading preview {many_mib} MiB, \
         its commit {commit_mib} MiB (bound {IMPORT_PEAK_BOUND_MIB} MiB)"
    );
    for (what, mib) in [
        ("the attack's zip", attack_mib),
        ("the junk-date preview", junk_mib),
        ("the 100,000-reading preview", many_mib),
        ("its commit", commit_mib),
    ] {
        assert!(
            mib <= IMPORT_PEAK_BOUND_MIB,
            "{what} added {mib} MiB to the server's peak"
        );
    }
    bin.child.kill().expect("kill");
    let _ = bin.child.wait();
}

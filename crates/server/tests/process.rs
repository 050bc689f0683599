//! The running `vitalog` process's own settings, read from /proc (Linux).

#![allow(clippy::expect_used)]
#![cfg(target_os = "linux")]

mod common;

use common::binary::*;
use testkit::smtp::SmtpSink;

/// Transparent huge pages are off for the server (main.rs): with them, each 4 KiB the
/// allocator touched could cost 2 MiB of memory.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_runs_without_transparent_huge_pages() {
    let smtp = SmtpSink::start().await;
    let data = tempfile::tempdir().expect("dir");
    let mut server = start(data.path(), free_port(), &smtp).await;
    let pid = server.child.id();
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("status");
    let rollup = std::fs::read_to_string(format!("/proc/{pid}/smaps_rollup")).expect("smaps");
    let _ = server.child.kill();
    let _ = server.child.wait();
    let field = |text: &str, name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .map(|v| v.trim().to_owned())
    };
    match field(&status, "THP_enabled:") {
        Some(flag) => assert_eq!(flag, "0", "THP_enabled in /proc/<pid>/status"),
        // Kernels before 6.4 do not show the flag: then no memory is in huge pages (the
        // allocator's first arena, touched at start, was before the fix).
        None => assert_eq!(
            field(&rollup, "AnonHugePages:").as_deref(),
            Some("0 kB"),
            "AnonHugePages"
        ),
    }
}

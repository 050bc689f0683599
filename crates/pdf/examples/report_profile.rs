//! How long a year's report takes to draw and how much memory the process holds at its
//! peak: the tests' 365-day document (1,095 readings) drawn `N` times (default 20), as the
//! server draws it: on the renderer's own thread, with the server's allocator. A
//! measurement to run by hand, not a test:
//!
//! ```text
//! cargo run --release -p pdf --example report_profile [N]
//! ```
//!
//! Prints the median and fastest time, the file's size and the peak resident memory (VmHWM)
//! after the first render and after all of them. `MIMALLOC_SHOW_STATS=1` adds mimalloc's
//! own account at exit. Which allocations the bytes are is a question for heaptrack, which
//! sees only malloc: comment out the allocator below and run
//! `heaptrack target/release/examples/report_profile 3`.

#![allow(clippy::expect_used)]

use std::time::Instant;

use reports::ReportDocument;
use reports::ports::PdfRenderer;

#[path = "../tests/fixture/mod.rs"]
mod fixture;

// The `vitalog` binary's allocator: where a report's memory goes and how fast it is
// allocated depend on it.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn status(field: &str) -> String {
    std::fs::read_to_string("/proc/self/status")
        .unwrap_or_default()
        .lines()
        .find(|l| l.starts_with(field))
        .map(|l| l.split_whitespace().skip(1).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .map(|a| a.parse().expect("N: a count of renders"))
        .unwrap_or(20);
    // As `vitalog` does first thing: mimalloc asks for transparent huge pages, and each
    // 2 MiB page touched at all would count whole.
    nix::sys::prctl::set_thp_disable(true).expect("prctl");
    let doc = fixture::doc(reports::ReportType::Comprehensive, 365, false);
    println!("document built: VmHWM {}", status("VmHWM:"));
    // As the server draws: a fresh document handed to the renderer's own thread each time.
    let renderer = pdf::PrintPdfRenderer::new(1, || {}).expect("threads");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("runtime");
    let render = |doc: &ReportDocument| {
        let started = Instant::now();
        let bytes = runtime
            .block_on(renderer.render(doc.clone()))
            .expect("render");
        (started.elapsed().as_secs_f64() * 1000.0, bytes.len())
    };
    // The first render also parses the two faces, which the server does once for its life.
    let (took, size) = render(&doc);
    println!(
        "first render (parses the faces): {took:.1} ms, {size} bytes, VmHWM {}",
        status("VmHWM:")
    );
    let mut times = Vec::new();
    let mut size = 0;
    for _ in 0..n {
        let (took, bytes) = render(&doc);
        times.push(took);
        size = bytes;
    }
    times.sort_by(f64::total_cmp);
    if let (Some(min), Some(p50)) = (times.first(), times.get(times.len() / 2)) {
        println!(
            "{n} renders of 365 days (1,095 readings): p50 {p50:.1} ms, min {min:.1} ms; {size} bytes"
        );
    }
    println!(
        "process: VmHWM {}, VmRSS {}",
        status("VmHWM:"),
        status("VmRSS:")
    );
}

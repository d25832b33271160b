//! Issue 29's yardstick: `arbiter validate` on ten copies of the Armada corpus against one
//! process reading the same files.
//!
//! `cargo bench --bench validate_10x` copies `../shared/corpus/armada` (or `$ARBITER_CORPUS`)
//! ten times into `target/bench-corpus10` once, then, cache warm, runs in pairs (same
//! minutes, alternating):
//! - the yardstick: this process walks the folder and reads every file into memory, on one
//!   thread, nothing else;
//! - `arbiter validate DIR --output json > /dev/null`, then the same with the table output.
//!
//! It prints the median wall time of each, the median of the per-pair ratios, the peak
//! memory of the arbiter runs (the children's maximum resident set), the machine's load,
//! and a digest of the JSON output so two builds can be shown to print the same bytes.
//! Last, the start-up of a one-list `validate` (median of 25 runs).

use std::fs;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const PAIRS: usize = 5;
const COPIES: usize = 10;
const STARTUP_RUNS: usize = 25;

fn main() {
    let source = std::env::var_os("ARBITER_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/armada"));
    if !source.is_dir() {
        println!("no corpus at {}; nothing to measure", source.display());
        return;
    }
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-corpus10");
    if !corpus.is_dir() {
        for copy in 0..COPIES {
            copy_tree(&source, &corpus.join(format!("c{copy}")));
        }
    }
    let files = walk(&corpus);
    let bytes: u64 = files
        .iter()
        .map(|f| fs::metadata(f).map_or(0, |m| m.len()))
        .sum();
    println!(
        "{} files, {:.1} MB, load average {}",
        files.len(),
        bytes as f64 / 1e6,
        load_average()
    );

    let binary = env!("CARGO_BIN_EXE_arbiter");
    let json = digest(&run_capture(binary, &corpus, "json"));
    // Warm the cache and the binary once.
    read_all(&corpus);
    run(binary, &corpus, "json");

    for output in ["json", "table"] {
        let mut read_times = Vec::new();
        let mut run_times = Vec::new();
        let mut ratios = Vec::new();
        for _ in 0..PAIRS {
            let read = time(|| read_all(&corpus));
            let validate = time(|| run(binary, &corpus, output));
            ratios.push(validate.as_secs_f64() / read.as_secs_f64());
            read_times.push(read);
            run_times.push(validate);
        }
        println!(
            "--output {output:5}: arbiter {:.3} s, reading {:.3} s, ratio {:.2}× (pairs {:.2}–{:.2}×)",
            median(&mut run_times).as_secs_f64(),
            median(&mut read_times).as_secs_f64(),
            median_f(&mut ratios),
            ratios.iter().copied().fold(f64::INFINITY, f64::min),
            ratios.iter().copied().fold(0.0, f64::max),
        );
    }
    println!(
        "peak memory of the arbiter runs: {:.1} MiB",
        children_peak_kib() as f64 / 1024.0
    );
    println!("JSON output digest: {json:016x}");

    let one = files.first().cloned().unwrap_or_default();
    let mut startup: Vec<Duration> = (0..STARTUP_RUNS)
        .map(|_| time(|| run(binary, &one, "json")))
        .collect();
    println!(
        "one-list validate start-up: {:.1} ms (median of {STARTUP_RUNS})",
        median(&mut startup).as_secs_f64() * 1000.0
    );
}

/// The yardstick: one process, one thread, every file read into memory.
fn read_all(root: &Path) -> usize {
    let mut total = 0;
    let mut buffer = Vec::new();
    for file in walk(root) {
        buffer.clear();
        if let Ok(mut f) = fs::File::open(&file) {
            total += f.read_to_end(&mut buffer).unwrap_or(0);
        }
    }
    std::hint::black_box(total)
}

fn walk(root: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = fs::read_dir(&folder) else {
            files.push(folder);
            continue;
        };
        for entry in entries.flatten() {
            match entry.file_type() {
                Ok(t) if t.is_dir() => folders.push(entry.path()),
                Ok(t) if t.is_file() => files.push(entry.path()),
                _ => {}
            }
        }
    }
    files.sort();
    files
}

fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("create the benchmark corpus");
    for entry in fs::read_dir(from).expect("read the corpus").flatten() {
        let target = to.join(entry.file_name());
        match entry.file_type() {
            Ok(t) if t.is_dir() => copy_tree(&entry.path(), &target),
            Ok(t) if t.is_file() => {
                fs::copy(entry.path(), &target).expect("copy a corpus file");
            }
            _ => {}
        }
    }
}

fn run(binary: &str, input: &Path, output: &str) {
    let status = Command::new(binary)
        .arg("validate")
        .arg(input)
        .args(["--output", output])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("run arbiter");
    assert!(
        status.code().is_some_and(|c| c <= 1),
        "arbiter failed: {status}"
    );
}

fn run_capture(binary: &str, input: &Path, output: &str) -> Vec<u8> {
    Command::new(binary)
        .arg("validate")
        .arg(input)
        .args(["--output", output])
        .stderr(Stdio::null())
        .output()
        .expect("run arbiter")
        .stdout
}

/// FNV-1a: enough to tell two outputs apart in a printed line.
fn digest(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The largest resident set of any child waited for, in KiB (Linux reports KiB).
fn children_peak_kib() -> i64 {
    // SAFETY: getrusage only writes the struct it is given.
    unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        if libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) == 0 {
            usage.ru_maxrss
        } else {
            -1
        }
    }
}

fn load_average() -> String {
    fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

fn time<R>(f: impl FnOnce() -> R) -> Duration {
    let start = Instant::now();
    std::hint::black_box(f());
    start.elapsed()
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times.get(times.len() / 2).copied().unwrap_or_default()
}

fn median_f(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values.get(values.len() / 2).copied().unwrap_or_default()
}

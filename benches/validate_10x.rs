//! Issue 29's yardstick: `arbiter validate` on ten copies of the Armada corpus against one
//! process reading the same files.
//!
//! `cargo bench --bench validate_10x` copies `../shared/corpus/armada` (or `$ARBITER_CORPUS`)
//! ten times into `target/bench-corpus10` once, then, cache warm, runs in pairs (same
//! minutes, alternating):
//! - the yardstick: one Python process walking the folder and reading every file
//!   (the reader the issue measured, and `tools/bench-validate-10x`'s); skipped, with a
//!   line saying so, where there is no `python3`;
//! - a stricter one: this process doing the same in Rust, on one thread (about half the
//!   Python reader's time: no interpreter per file, only the system calls);
//! - `arbiter validate DIR --output json > /dev/null`, then the same with the table output
//!   (`--output human`).
//!
//! It prints the median wall time of each, the median of the per-pair ratios to each
//! yardstick, the peak
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
    let json = run_digest(binary, &corpus, "json");
    // Warm the cache and the binary once.
    read_all(&corpus);
    run(binary, &corpus, "json");

    let python = python_reads(&corpus).is_some();
    if !python {
        println!("no python3: the issue's yardstick (a Python reader) is skipped");
    }
    let mut peak_kib = 0;
    for output in ["json", "human"] {
        let mut run_times = Vec::new();
        let mut rust = Yardstick::default();
        let mut py = Yardstick::default();
        for _ in 0..PAIRS {
            let read = time(|| read_all(&corpus));
            let python_read = if python { python_reads(&corpus) } else { None };
            let mut kib = 0;
            let validate = time(|| kib = run(binary, &corpus, output));
            peak_kib = peak_kib.max(kib);
            rust.pair(read, validate);
            if let Some(python_read) = python_read {
                py.pair(python_read, validate);
            }
            run_times.push(validate);
        }
        println!(
            "--output {output:5}: arbiter {:.3} s",
            median(&mut run_times).as_secs_f64()
        );
        if python {
            py.print("one Python process reading the files (the issue's yardstick)");
        }
        rust.print("one Rust thread reading the files (stricter)");
    }
    println!(
        "peak memory of the arbiter runs: {:.1} MiB",
        peak_kib as f64 / 1024.0
    );
    println!("JSON output digest: {json:016x}");

    // A list, not the corpus's licence file (which is no list, and exits 2).
    let one = files
        .iter()
        .find(|f| f.extension().is_some_and(|e| e == "txt"))
        .cloned()
        .unwrap_or_default();
    let mut startup: Vec<Duration> = (0..STARTUP_RUNS)
        .map(|_| time(|| run(binary, &one, "json")))
        .collect();
    println!(
        "one-list validate start-up: {:.1} ms (median of {STARTUP_RUNS})",
        median(&mut startup).as_secs_f64() * 1000.0
    );
}

/// Reading times of a yardstick and the ratios of arbiter's runs to them, pair by pair.
#[derive(Default)]
struct Yardstick {
    reads: Vec<Duration>,
    ratios: Vec<f64>,
}

impl Yardstick {
    fn pair(&mut self, read: Duration, validate: Duration) {
        self.ratios
            .push(validate.as_secs_f64() / read.as_secs_f64());
        self.reads.push(read);
    }

    fn print(&mut self, what: &str) {
        println!(
            "    against {what}: reading {:.3} s, ratio {:.2}× (pairs {:.2}–{:.2}×)",
            median(&mut self.reads).as_secs_f64(),
            median_f(&mut self.ratios),
            self.ratios.iter().copied().fold(f64::INFINITY, f64::min),
            self.ratios.iter().copied().fold(0.0, f64::max),
        );
    }
}

/// The reader of `tools/bench-validate-10x`, which the issue measured: the wall time of
/// one `python3` process reading every file, or `None` without Python.
fn python_reads(root: &Path) -> Option<Duration> {
    const READER: &str = "import os, sys
total = 0
for root, _, files in os.walk(sys.argv[1], followlinks=True):
    for name in files:
        with open(os.path.join(root, name), 'rb') as f:
            total += len(f.read())";
    let start = Instant::now();
    let status = Command::new("python3")
        .args(["-c", READER])
        .arg(root)
        .stdout(Stdio::null())
        .status()
        .ok()?;
    let elapsed = start.elapsed();
    status.success().then_some(elapsed)
}

/// The stricter yardstick: this process, one thread, every file read into memory.
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

/// One `validate` run, output thrown away; its peak resident memory in KiB, from `wait4`
/// (this run's own, not the largest of every child's so far).
#[expect(
    clippy::zombie_processes,
    reason = "the child is reaped by wait4, which std cannot do"
)]
fn run(binary: &str, input: &Path, output: &str) -> i64 {
    let child = Command::new(binary)
        .arg("validate")
        .arg(input)
        .args(["--output", output])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("run arbiter");
    let pid = child.id() as libc::pid_t;
    let mut status = 0;
    // SAFETY: wait4 only writes the status and the struct it is given; the child is reaped
    // here and `child` is never waited for again.
    let (waited, usage) = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        (libc::wait4(pid, &mut status, 0, &mut usage), usage)
    };
    assert_eq!(waited, pid, "wait for arbiter");
    let code = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
    assert!(
        code.is_some_and(|c| c <= 1),
        "arbiter failed on {}: wait status {status}",
        input.display()
    );
    usage.ru_maxrss
}

/// The digest of a `validate` run's standard output, read a block at a time. Held whole
/// (546 MB of JSON), it made the peak memory reported for later children 537 MiB: a forked
/// child's figure can include what its parent held at the fork.
fn run_digest(binary: &str, input: &Path, output: &str) -> u64 {
    let mut child = Command::new(binary)
        .arg("validate")
        .arg(input)
        .args(["--output", output])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("run arbiter");
    let mut hash = FNV_START;
    let mut block = vec![0u8; 1 << 16];
    if let Some(mut out) = child.stdout.take() {
        while let Ok(n) = out.read(&mut block) {
            let Some(bytes) = block.get(..n).filter(|b| !b.is_empty()) else {
                break;
            };
            hash = digest(hash, bytes);
        }
    }
    let _ = child.wait();
    hash
}

const FNV_START: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV-1a, continued over `bytes`: enough to tell two outputs apart in a printed line.
fn digest(start: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(start, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
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

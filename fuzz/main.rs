//! The fuzz runner: mutates real inputs and runs them through a target, checking the
//! properties in `targets.rs`, on stable Rust. `fuzz/run` builds and runs it; see
//! fuzz/README.md.
//!
//! usage: fuzz TARGET EXECUTIONS [--seed N] [--seconds S] [--save-corpus]
//!        fuzz TARGET replay FILE…

#[path = "mutate.rs"]
mod mutate;
#[path = "targets.rs"]
mod targets;

use std::alloc::{GlobalAlloc, Layout, System};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Counts live heap bytes and their peak, so an execution that allocates past the bound
/// is caught even when it does not crash.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

/// Past this much live heap the allocator refuses, so a runaway execution aborts at once
/// (its input is in fuzz/crashes/.current-TARGET-SEED) instead of taking the machine's memory.
const HARD_LIMIT: usize = 2 << 30;

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if LIVE.load(Ordering::Relaxed) + layout.size() > HARD_LIMIT {
            return std::ptr::null_mut();
        }
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            raise_peak(live);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > layout.size()
            && LIVE.load(Ordering::Relaxed) + (new_size - layout.size()) > HARD_LIMIT
        {
            return std::ptr::null_mut();
        }
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size > layout.size() {
                let grow = new_size - layout.size();
                let live = LIVE.fetch_add(grow, Ordering::Relaxed) + grow;
                raise_peak(live);
            } else {
                LIVE.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        p
    }
}

/// A load and a rare store rather than `fetch_max` (a compare-and-swap loop on every
/// allocation): the runner allocates from one thread, and the peak only has to be right
/// for it.
fn raise_peak(live: usize) {
    if live > PEAK.load(Ordering::Relaxed) {
        PEAK.store(live, Ordering::Relaxed);
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Heap one execution may add on top of what the run holds (inputs are at most ~1 MiB).
/// Scenarios get more: a real stress scenario of 10,000 abilities holds 80 MB, so their
/// density limits are higher, and issue 13 allows a scenario 500 MB.
fn allocation_bound(target: &str) -> usize {
    match target {
        "scenario" => 256 << 20,
        _ => 64 << 20,
    }
}

/// An execution slower than this counts as a hang (generous: the machine is shared).
const HANG: Duration = Duration::from_secs(10);

/// Inputs kept for mutation, at most.
const POOL_MAX: usize = 4000;

/// Largest input kept for further mutation (libFuzzer's default `max_len`). The long-run,
/// repeat and paste mutations still make inputs up to 1 MiB every time they are drawn;
/// they just do not pile up in the pool, where they made every later execution slow.
const POOL_INPUT_MAX: usize = 4096;

/// New corpus files one run may save per target.
const SAVE_MAX: usize = 40;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(target) = args.first().cloned() else {
        eprintln!(
            "usage: fuzz TARGET EXECUTIONS [--seed N] [--seconds S] [--save-corpus]; targets: {}",
            targets::TARGETS.join(", ")
        );
        std::process::exit(2);
    };
    if !targets::TARGETS.contains(&target.as_str()) {
        eprintln!(
            "no target `{target}`; targets: {}",
            targets::TARGETS.join(", ")
        );
        std::process::exit(2);
    }
    let executions: u64 = args
        .get(1)
        .and_then(|n| n.replace('_', "").parse().ok())
        .unwrap_or(10_000);
    let seed: u64 = args
        .iter()
        .position(|a| a == "--seed")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let save = args.iter().any(|a| a == "--save-corpus");
    // `--seconds S`: stop early when the time is up (the counts say how far it got).
    let deadline = args
        .iter()
        .position(|a| a == "--seconds")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse::<u64>().ok())
        .map(Duration::from_secs);
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    // `fuzz TARGET replay FILE…`: run saved inputs once each, with their time.
    if args.get(1).map(String::as_str) == Some("replay") {
        let context = targets::Context::new();
        let checker = context.checker();
        for file in &args[2..] {
            let bytes = std::fs::read(file).unwrap_or_default();
            let clock = Instant::now();
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                let mut first_error = Ok(0);
                let mut most_added = 0usize;
                for pick in 0..12 {
                    let base = LIVE.load(Ordering::Relaxed);
                    PEAK.store(base, Ordering::Relaxed);
                    let clock = Instant::now();
                    let outcome = targets::run(&checker, &target, &bytes, pick);
                    if clock.elapsed() > HANG / 4 {
                        println!("  pick {pick}: {:?}", clock.elapsed());
                    }
                    let added = PEAK.load(Ordering::Relaxed).saturating_sub(base);
                    most_added = most_added.max(added);
                    if added > allocation_bound(&target) && first_error.is_ok() {
                        first_error = Err(format!("pick {pick} allocated {} MiB", added >> 20));
                    }
                    if outcome.is_err() && first_error.is_ok() {
                        first_error = outcome;
                    }
                }
                (first_error, most_added)
            }));
            let (result, added) = match outcome {
                Ok((result, added)) => (Ok(result.err()), added),
                Err(_) => (Err("panicked"), 0),
            };
            println!(
                "{file}: {result:?} in {:?}, peak heap {:.1} MiB",
                clock.elapsed(),
                added as f64 / (1u64 << 20) as f64
            );
        }
        return;
    }

    let seeds = seeds(&root, &target);
    if seeds.is_empty() {
        eprintln!("no seeds for {target}");
        std::process::exit(2);
    }
    let context = targets::Context::new();
    let checker = context.checker();
    // Quiet panics: they are counted and saved, not printed one by one.
    std::panic::set_hook(Box::new(|info| {
        LAST_PANIC.with(|p| *p.borrow_mut() = info.to_string());
    }));

    let mut rng = fastrand::Rng::with_seed(seed);
    let mut pool: Vec<Vec<u8>> = seeds;
    let mut signatures = std::collections::HashSet::new();
    let mut saved = 0usize;
    let mut failures = 0u64;
    let mut hangs = 0u64;
    let mut worst = Duration::ZERO;
    let mut peak_added = 0usize;
    let started = Instant::now();
    let corpus_dir = root.join("fuzz/corpus").join(&target);
    let crash_dir = root.join("fuzz/crashes");
    let _ = std::fs::create_dir_all(&crash_dir);
    // One file per target and seed: two runs of a target at once must not share it.
    let current = crash_dir.join(format!(".current-{target}-{seed}"));
    let current_file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(true)
        .write(true)
        .open(&current)
        .ok();
    let mut done = 0u64;
    for n in 0..executions {
        if deadline.is_some_and(|d| n % 1024 == 0 && started.elapsed() > d) {
            break;
        }
        done = n + 1;
        let seed_input = &pool[rng.usize(0..pool.len())];
        let other = &pool[rng.usize(0..pool.len())];
        let input = if rng.u8(0..32) == 0 {
            seed_input.clone()
        } else {
            mutate::mutate(&mut rng, seed_input, other)
        };
        let pick = rng.usize(0..1024);
        // Kept on disk while it runs: an abort (out of memory) leaves it behind. One open
        // handle, rewritten in place: opening and truncating a file per execution cost a
        // fifth of the run (ext4 flushes a truncated file on close).
        if let Some(file) = &current_file {
            use std::os::unix::fs::FileExt;
            let _ = file
                .write_all_at(&input, 0)
                .and_then(|()| file.set_len(input.len() as u64));
        }
        let base = LIVE.load(Ordering::Relaxed);
        PEAK.store(base, Ordering::Relaxed);
        let clock = Instant::now();
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            targets::run(&checker, &target, &input, pick)
        }));
        let mut took = clock.elapsed();
        if took > HANG {
            // Wall time counts a stopped or starved process too (the machine is shared,
            // and a run paused with SIGSTOP for a benchmark would count every input it
            // was on): a hang is a hang only if running the input again is as slow.
            let again = Instant::now();
            let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                targets::run(&checker, &target, &input, pick)
            }));
            took = took.min(again.elapsed());
        }
        let added = PEAK.load(Ordering::Relaxed).saturating_sub(base);
        peak_added = peak_added.max(added);
        worst = worst.max(took);
        let problem = match outcome {
            Err(_) => Some(format!(
                "panic: {}",
                LAST_PANIC.with(|p| p.borrow().clone())
            )),
            Ok(Err(property)) => Some(format!("property: {property}")),
            Ok(Ok(_)) if added > allocation_bound(&target) => {
                Some(format!("allocated {} MiB", added >> 20))
            }
            Ok(Ok(_)) if took > HANG => {
                hangs += 1;
                Some(format!("took {took:?}"))
            }
            Ok(Ok(signature)) => {
                if signatures.insert(signature) && input.len() <= POOL_INPUT_MAX {
                    if save && saved < SAVE_MAX && input.len() <= 16 * 1024 {
                        let _ = std::fs::create_dir_all(&corpus_dir);
                        let name = format!("found-{:016x}", targets::hash(&input));
                        if std::fs::write(corpus_dir.join(name), &input).is_ok() {
                            saved += 1;
                        }
                    }
                    if pool.len() < POOL_MAX {
                        pool.push(input.clone());
                    }
                }
                None
            }
        };
        if let Some(problem) = problem {
            failures += 1;
            let _ = std::fs::create_dir_all(&crash_dir);
            let name = format!("{target}-{:016x}", targets::hash(&input));
            let _ = std::fs::write(crash_dir.join(&name), &input);
            eprintln!(
                "FAILURE #{failures} at execution {n}: {problem} (input saved as fuzz/crashes/{name}, {} bytes)",
                input.len()
            );
        }
        if (n + 1) % 200_000 == 0 {
            let secs = started.elapsed().as_secs_f64();
            eprintln!(
                "{target}: {} executions, {:.0}/s, pool {}, signatures {}, failures {failures}",
                n + 1,
                (n + 1) as f64 / secs,
                pool.len(),
                signatures.len()
            );
        }
    }
    let secs = started.elapsed().as_secs_f64();
    println!(
        "target={target} executions={done} of={executions} failures={failures} hangs={hangs} seconds={secs:.0} exec_per_s={:.0} slowest_ms={} peak_heap_added_mib={:.1} signatures={} saved={saved} seed={seed}",
        done as f64 / secs.max(0.001),
        worst.as_millis(),
        peak_added as f64 / (1u64 << 20) as f64,
        signatures.len()
    );
    if failures > 0 {
        std::process::exit(1);
    }
}

thread_local! {
    static LAST_PANIC: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// Real inputs of the target's kind: the saved corpus, the examples, the test fixtures
/// and, when present, the shared corpus of real lists (`../shared/corpus`).
fn seeds(root: &Path, target: &str) -> Vec<Vec<u8>> {
    let mut files = Vec::new();
    let mut add = |dir: &str, wanted: &dyn Fn(&Path) -> bool, limit: usize| {
        let walk = arbiter::input::walk(&root.join(dir), |p| wanted(p));
        files.extend(walk.files.into_iter().take(limit));
    };
    let any = |_: &Path| true;
    let armada_text = |p: &Path| {
        let s = p.to_string_lossy();
        (s.contains("armada") || s.contains("/lists/armada"))
            && !s.ends_with(".toml")
            && !s.ends_with(".snap")
    };
    let xwing_input = |p: &Path| {
        let s = p.to_string_lossy();
        (s.contains("xwing") || s.contains("export"))
            && !s.ends_with(".toml")
            && !s.ends_with(".snap")
    };
    let toml = |p: &Path| p.extension().is_some_and(|e| e == "toml");
    add(&format!("fuzz/corpus/{target}"), &any, usize::MAX);
    match target {
        "armada" => {
            add("examples/lists", &armada_text, usize::MAX);
            add("tests/fixtures/armada", &armada_text, usize::MAX);
            add("../shared/corpus/armada", &any, 400);
        }
        "xwing" => {
            add("examples/lists", &xwing_input, usize::MAX);
            add("tests/fixtures/xwing", &any, usize::MAX);
            add("tests/fixtures/export", &any, usize::MAX);
        }
        "validate" => {
            add("examples/lists", &any, usize::MAX);
            add("tests/fixtures/armada", &any, usize::MAX);
            add("tests/fixtures/xwing", &any, usize::MAX);
            add("../shared/corpus/armada", &any, 200);
        }
        "scenario" => {
            add("examples/armada", &toml, usize::MAX);
            add("examples/xwing", &toml, usize::MAX);
            add("examples/spacealert", &toml, usize::MAX);
            add("examples/talon", &toml, usize::MAX);
            add("tests/fixtures/broken-scenarios", &any, usize::MAX);
            add("tests/fixtures/broken-spacealert", &any, usize::MAX);
        }
        "cards" => {
            add("tests/fixtures/broken-data", &any, usize::MAX);
            add("data", &toml, usize::MAX);
        }
        "rule" => {
            let questions = |p: &Path| p.to_string_lossy().contains("rule-que");
            add("tests/fixtures", &|p| questions(p) && toml(p), usize::MAX);
        }
        _ => {}
    }
    let mut seeds = Vec::new();
    for file in files {
        let Ok(bytes) = std::fs::read(&file) else {
            continue;
        };
        if target == "rule" && file.extension().is_some_and(|e| e == "toml") {
            seeds.extend(questions_of(&bytes));
        } else if target == "cards" && bytes.len() > 4096 {
            seeds.extend(data_pieces(&bytes));
        } else if bytes.len() <= mutate::MAX_MUTANT_BYTES {
            seeds.push(bytes);
        }
    }
    seeds
}

/// The `q` of every question in a question table (`tests/fixtures/rule-questions*.toml`,
/// `rule-queries.toml`): each one a seed of its own.
fn questions_of(bytes: &[u8]) -> Vec<Vec<u8>> {
    let text = String::from_utf8_lossy(bytes);
    let Ok(table) = text.parse::<toml::Table>() else {
        return Vec::new();
    };
    table
        .values()
        .filter_map(toml::Value::as_array)
        .flatten()
        .filter_map(|q| q.get("q")?.as_str())
        .map(|q| q.as_bytes().to_vec())
        .collect()
}

/// A large data file cut into small files (its preamble plus a few tables each), so
/// executions stay fast and every record kind is reached.
fn data_pieces(bytes: &[u8]) -> Vec<Vec<u8>> {
    let text = String::from_utf8_lossy(bytes);
    let mut blocks: Vec<String> = vec![String::new()];
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if trimmed.starts_with("[[") || (trimmed.starts_with('[') && !trimmed.contains('.')) {
            blocks.push(String::new());
        }
        if let Some(last) = blocks.last_mut() {
            last.push_str(line);
        }
    }
    let preamble = blocks.remove(0);
    blocks
        .chunks(3)
        .take(40)
        .map(|chunk| {
            let mut piece = preamble.clone();
            for block in chunk {
                piece.push_str(block);
            }
            piece.into_bytes()
        })
        .collect()
}

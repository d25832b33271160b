//! Coverage and speed of the Armada fleet-list readers on the real lists in
//! `../shared/corpus/armada/{kingston,starforge}` (or `$ARBITER_CORPUS/{kingston,starforge}`).
//!
//! `cargo bench --bench armada_parse` prints, per corpus: the share of lists read without any
//! `::parse` diagnostic, the count per code for the rest (with example files), the detected
//! builders, and lists per second against the time to merely read the same files.

use arbiter::parse::armada::{ParsedFleet, parse_bytes};
use arbiter::report::FileId;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

const ROUNDS: usize = 5;

fn main() {
    let root = std::env::var_os("ARBITER_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/armada"));
    if !root.is_dir() {
        println!("no corpus at {}; nothing to measure", root.display());
        return;
    }
    let mut all_files = 0;
    let mut all_parse = Duration::ZERO;
    let mut all_read = Duration::ZERO;
    for corpus in ["kingston", "starforge"] {
        let paths = list(&root.join(corpus));
        let (timings, fleets) = measure(&paths);
        report(corpus, &paths, &fleets, &timings);
        all_files += paths.len();
        all_parse += timings.both;
        all_read += timings.read;
    }
    println!(
        "both corpora: {all_files} lists, read {:.1} ms, read + parse {:.1} ms ({:.0} lists/s)",
        ms(all_read),
        ms(all_parse),
        all_files as f64 / all_parse.as_secs_f64()
    );
}

fn list(dir: &Path) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    paths.retain(|p| p.is_file());
    paths.sort();
    paths
}

struct Timings {
    /// Reading every file, nothing else.
    read: Duration,
    /// Parsing the files already in memory.
    parse: Duration,
    /// Reading and parsing, as a user's run does.
    both: Duration,
}

/// Best of several rounds of each.
fn measure(paths: &[PathBuf]) -> (Timings, Vec<ParsedFleet>) {
    let mut t = Timings {
        read: Duration::MAX,
        parse: Duration::MAX,
        both: Duration::MAX,
    };
    let mut fleets = Vec::new();
    for _ in 0..ROUNDS {
        let start = Instant::now();
        let contents: Vec<Vec<u8>> = paths
            .iter()
            .map(|p| std::fs::read(p).unwrap_or_default())
            .collect();
        t.read = t.read.min(start.elapsed());

        let start = Instant::now();
        let parsed: Vec<ParsedFleet> = contents
            .iter()
            .enumerate()
            .map(|(i, bytes)| parse_bytes(FileId(i as u32), bytes).1)
            .collect();
        t.parse = t.parse.min(start.elapsed());
        std::hint::black_box(&parsed);

        let start = Instant::now();
        let parsed: Vec<ParsedFleet> = paths
            .iter()
            .enumerate()
            .map(|(i, path)| {
                let bytes = std::fs::read(path).unwrap_or_default();
                parse_bytes(FileId(i as u32), &bytes).1
            })
            .collect();
        t.both = t.both.min(start.elapsed());
        fleets = parsed;
    }
    (t, fleets)
}

fn report(corpus: &str, paths: &[PathBuf], fleets: &[ParsedFleet], t: &Timings) {
    let total = fleets.len();
    let clean = fleets
        .iter()
        .filter(|f| {
            !f.findings
                .iter()
                .any(|d| d.code.as_str().contains("::parse"))
        })
        .count();
    let mut per_code: BTreeMap<&str, (usize, Vec<String>)> = BTreeMap::new();
    for (fleet, path) in fleets.iter().zip(paths) {
        for finding in &fleet.findings {
            let entry = per_code.entry(finding.code.as_str()).or_default();
            entry.0 += 1;
            if entry.1.len() < 5 {
                let name = path.file_name().unwrap_or_default().to_string_lossy();
                entry.1.push(format!("{name}: {}", finding.message));
            }
        }
    }
    let mut formats: BTreeMap<&str, usize> = BTreeMap::new();
    for fleet in fleets {
        *formats
            .entry(fleet.source_format.map_or("none", |f| f.as_str()))
            .or_default() += 1;
    }
    println!("== {corpus}: {total} lists");
    println!(
        "clean (no ::parse diagnostic): {clean}/{total} = {:.2}%",
        100.0 * clean as f64 / total.max(1) as f64
    );
    println!("detected: {formats:?}");
    for (code, (count, examples)) in &per_code {
        println!("  {code}: {count}");
        for example in examples {
            println!("    {example}");
        }
    }
    println!(
        "time: read only {:.1} ms; parse only (in memory) {:.1} ms = {:.0} lists/s; \
         read + parse {:.1} ms = {:.0} lists/s",
        ms(t.read),
        ms(t.parse),
        total as f64 / t.parse.as_secs_f64(),
        ms(t.both),
        total as f64 / t.both.as_secs_f64()
    );
    println!();
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

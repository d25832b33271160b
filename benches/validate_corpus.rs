//! Speed of Armada fleet validation on the real lists in `../shared/corpus/armada/
//! {kingston,starforge}` (or `$ARBITER_CORPUS`), about 8,900 lists.
//!
//! `cargo bench --bench validate_corpus` prints, as medians of several rounds:
//! - reading the files, nothing else (what `cat` does);
//! - parsing and validating them in one thread of this process (library calls);
//! - the whole run as a user types it: `arbiter validate kingston starforge --output json`
//!   (process start, card data, every list, the JSON document), and its lists per second.

use arbiter::cards::formats::Format;
use arbiter::cards::{Game, LoadOptions, load};
use arbiter::parse::armada::parse_bytes;
use arbiter::report::FileId;
use arbiter::validate::armada::{CardIndex, validate};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const ROUNDS: usize = 7;

fn main() {
    let root = std::env::var_os("ARBITER_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/armada"));
    let folders = [root.join("kingston"), root.join("starforge")];
    if !folders.iter().all(|f| f.is_dir()) {
        println!("no corpus at {}; nothing to measure", root.display());
        return;
    }
    let paths: Vec<PathBuf> = folders.iter().flat_map(|f| list(f)).collect();
    let lists = paths.len();

    let read = median(|| {
        let start = Instant::now();
        let bytes: usize = paths
            .iter()
            .map(|p| std::fs::read(p).map_or(0, |b| b.len()))
            .sum();
        std::hint::black_box(bytes);
        start.elapsed()
    });

    let (db, _) = load(&LoadOptions::built_in());
    let format: &Format = db
        .format(Game::Armada, "standard")
        .expect("the standard Armada format");
    let index = CardIndex::new(&db.armada);
    let contents: Vec<Vec<u8>> = paths
        .iter()
        .map(|p| std::fs::read(p).unwrap_or_default())
        .collect();
    let parse_only = median(|| {
        let start = Instant::now();
        for bytes in &contents {
            std::hint::black_box(parse_bytes(FileId(0), bytes));
        }
        start.elapsed()
    });
    let parse_validate = median(|| {
        let start = Instant::now();
        let mut invalid = 0;
        for bytes in &contents {
            let (_, parsed) = parse_bytes(FileId(0), bytes);
            let fleet = validate(&index, format, &parsed, FileId(0));
            invalid += usize::from(!fleet.is_valid());
        }
        std::hint::black_box(invalid);
        start.elapsed()
    });

    let binary = env!("CARGO_BIN_EXE_arbiter");
    let whole_run = median(|| {
        let start = Instant::now();
        let status = Command::new(binary)
            .arg("validate")
            .args(&folders)
            .args(["--output", "json"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .expect("run arbiter");
        let elapsed = start.elapsed();
        assert!(
            status.code().is_some_and(|c| c <= 1),
            "arbiter failed: {status}"
        );
        elapsed
    });

    println!("{lists} Armada lists (kingston + starforge), median of {ROUNDS} rounds");
    println!("  read the files only            {:>8.1} ms", ms(read));
    println!(
        "  parse, in memory, one thread   {:>8.1} ms  ({:.0} lists/s)",
        ms(parse_only),
        per_second(lists, parse_only)
    );
    println!(
        "  parse + validate, one thread   {:>8.1} ms  ({:.0} lists/s)",
        ms(parse_validate),
        per_second(lists, parse_validate)
    );
    println!(
        "  `arbiter validate --output json` {:>6.1} ms  ({:.0} lists/s, whole process)",
        ms(whole_run),
        per_second(lists, whole_run)
    );
}

fn list(dir: &Path) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    paths.retain(|p| p.is_file() && p.extension().is_some_and(|e| e == "txt"));
    paths.sort();
    paths
}

fn median(mut round: impl FnMut() -> Duration) -> Duration {
    let mut times: Vec<Duration> = (0..ROUNDS).map(|_| round()).collect();
    times.sort();
    times[ROUNDS / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn per_second(count: usize, d: Duration) -> f64 {
    count as f64 / d.as_secs_f64()
}

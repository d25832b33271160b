//! Start-up cost of a lookup: `arbiter cards show "Victory II-class Star Destroyer"` as a
//! user runs it (release binary, embedded data), plus the in-process load time behind it.
//! Run with `cargo bench --bench cards_show`.

use std::process::Command;
use std::time::{Duration, Instant};

const RUNS: usize = 40;

fn main() {
    let binary = env!("CARGO_BIN_EXE_arbiter");
    let mut walls = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let start = Instant::now();
        let output = Command::new(binary)
            .args(["cards", "show", "Victory II-class Star Destroyer"])
            .output()
            .expect("the binary runs");
        walls.push(start.elapsed());
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    report("cards show (process wall time)", &mut walls);

    let mut loads = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let start = Instant::now();
        let (db, _) = arbiter::cards::load(&arbiter::cards::LoadOptions {
            spans: false,
            embedded: true,
            overlays: Vec::new(),
            without: Vec::new(),
        });
        loads.push(start.elapsed());
        std::hint::black_box(db);
    }
    report("load embedded data, JSON (in process)", &mut loads);

    let mut checks = Vec::with_capacity(5);
    for _ in 0..5 {
        let start = Instant::now();
        let (db, _) = arbiter::cards::load(&arbiter::cards::LoadOptions {
            spans: true,
            embedded: true,
            overlays: Vec::new(),
            without: Vec::new(),
        });
        let findings = arbiter::check::run(&db);
        checks.push(start.elapsed());
        std::hint::black_box(findings);
    }
    report(
        "load TOML with spans + cards check (in process)",
        &mut checks,
    );
}

fn report(what: &str, samples: &mut [Duration]) {
    samples.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{what}: median {:.1} ms, min {:.1} ms, max {:.1} ms over {} runs",
        ms(samples[samples.len() / 2]),
        ms(samples[0]),
        ms(samples[samples.len() - 1]),
        samples.len()
    );
}

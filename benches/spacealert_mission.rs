//! `cargo bench --bench spacealert_mission`: a 4-player, 6-threat Space Alert mission (four
//! external threats, two internal) resolved without a trace in a loop, as a solver or a
//! "what if" search would call it; goal ≥ 100,000 missions a second on one core. Also the
//! whole `arbiter resolve` path (read, check, trace) once per run, for comparison. No harness.

use arbiter::adjudicate::spacealert::{prepare, resolve_quietly};
use arbiter::parse::scenario;
use arbiter::report::FileId;
use std::time::Instant;

const MISSION: &str = r#"
game = "spacealert"
kind = "spacealert/mission"
title = "Benchmark: 4 crew, 6 threats"

[tracks]
red = "T3"
white = "T5"
blue = "T2"
internal = "T4"

[[threat]]
name = "Caza"
zone = "red"
turn = 1

[[threat]]
name = "Destructor"
zone = "blue"
turn = 2

[[threat]]
name = "Saboteador (A)"
zone = "internal"
turn = 3

[[threat]]
name = "Cañonero"
zone = "white"
turn = 4

[[threat]]
name = "Escudos pirateados (A)"
zone = "internal"
turn = 5

[[threat]]
name = "Pequeño asteroide"
zone = "red"
turn = 6

[[player]]
name = "Ana"
actions = ["red", "A", "A", "B", "A", "lift", "A", "A", "-", "A", "B", "A"]

[[player]]
name = "Bea"
actions = ["C", "A", "lift", "A", "C", "A", "B", "C", "A", "A", "-", "A"]

[[player]]
name = "Carlos"
actions = ["lift", "red", "C", "robots", "blue", "blue", "C", "C", "A", "B", "A", "-"]

[[player]]
name = "Dani"
actions = ["blue", "A", "lift", "C", "A", "heroic A", "lift", "B", "A", "red", "B", "A"]
"#;

fn main() {
    let read = match scenario::read(FileId(0), MISSION, None) {
        Ok(read) => read,
        Err(_) => panic!("the benchmark mission does not read"),
    };
    let (db, _) = arbiter::cards::load(&arbiter::cards::LoadOptions {
        embedded: true,
        ..Default::default()
    });
    let mission =
        scenario::spacealert::load(&read, &db.spacealert).unwrap_or_else(|f| panic!("{f:#?}"));
    let prepared = prepare(&mission, None).unwrap_or_else(|f| panic!("{f:#?}"));
    let summary = resolve_quietly(&prepared);
    println!("mission: {summary:?}");

    let runs = 200_000u32;
    let mut best = f64::MAX;
    let mut checksum = 0i64;
    for _ in 0..5 {
        let started = Instant::now();
        for _ in 0..runs {
            let s = resolve_quietly(std::hint::black_box(&prepared));
            checksum += i64::from(s.score.unwrap_or(-1));
        }
        best = best.min(started.elapsed().as_secs_f64());
    }
    println!(
        "quiet resolution (no trace): best of 5 × {runs}: {:.0} missions/s ({:.2} µs each; checksum {checksum})",
        f64::from(runs) / best,
        best / f64::from(runs) * 1e6
    );

    let traced = 2_000u32;
    let started = Instant::now();
    for _ in 0..traced {
        let (_, r) = arbiter::adjudicate::resolve_text(
            &db,
            "bench.toml",
            MISSION,
            &arbiter::adjudicate::ResolveOptions::default(),
        );
        assert!(r.is_ok());
    }
    let elapsed = started.elapsed().as_secs_f64();
    println!(
        "read + check + traced resolution: {:.0} missions/s ({:.1} µs each)",
        f64::from(traced) / elapsed,
        elapsed / f64::from(traced) * 1e6
    );
}

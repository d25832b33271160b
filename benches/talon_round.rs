//! `cargo bench --bench talon_round`: the real `talon/round` kind for 12 ships (6 a side):
//! every ship flies its whole round (its speed's moves, impulses A–F), each fires its first
//! weapon group in impulse A (damage, criticals and blasts included), the initiative is
//! contested in impulse F, and the energy phase closes the round. The map holds asteroids
//! and a nebula on the ships' paths and lines of fire (17.3–17.5), and two missiles fly at
//! their targets all round (13.4–13.5). Timed without a trace
//! (`round_quietly`, what a solver calls) and with one (what `arbiter resolve` does). Then
//! the round read from TOML and resolved whole, and Talon fleet validation. No harness; goal
//! ≥ 100,000 quiet rounds a second.

use arbiter::adjudicate::talon::{replay_quietly, round_quietly, run};
use arbiter::cards::talon::TalonCards;
use arbiter::parse::scenario::{self, talon};
use arbiter::report::FileId;
use std::hint::black_box;
use std::time::Instant;

const TERRAN: [&str; 6] = [
    "Terran BB",
    "Terran BC",
    "Terran CA",
    "Terran CL",
    "Terran DD",
    "Terran SC",
];
const TALON: [&str; 6] = [
    "Talon BB", "Talon BC", "Talon CA", "Talon CL", "Talon DD", "Talon FF",
];

/// Twelve ships face to face: Terrans in column 05 facing east, Talons in column 08 facing
/// west, on every second row, so every ship has an enemy at range 3 dead ahead. Each flies
/// straight for as many impulses as its starting speed moves it; each fires in impulse A.
fn round_text(cards: &TalonCards) -> String {
    let mut text = String::from(
        "game = \"talon\"\nkind = \"talon/round\"\ntitle = \"bench\"\ninitiative = \"terran\"\nround = 3\n",
    );
    for (side, classes, column, heading) in [("t", TERRAN, 5, 90), ("k", TALON, 8, 270)] {
        for (i, class) in classes.iter().enumerate() {
            let row = 2 * i + 1;
            let found = cards.find_class(class, None).expect("a Talon class");
            let speed = found.value.default_curve.speed;
            let moves = cards.impulses_with(speed).count();
            let plan = vec!["\"straight\""; moves].join(", ");
            text.push_str(&format!(
                "\n[[ship]]\nid = \"{side}{i}\"\nclass = \"{class}\"\nhex = \"{column:02}{row:02}\"\nheading = {heading}\nmoves = [{plan}]\n"
            ));
        }
    }
    for (i, talon_class) in TALON.iter().enumerate() {
        // The Talon DD's first group launches a missile, placed ahead of it (13.2).
        let launch = if *talon_class == "Talon DD" {
            format!("missile = {{ hex = \"07{:02}\" }}\n", 2 * i + 1)
        } else {
            String::new()
        };
        text.push_str(&format!(
            "\n[[shot]]\nimpulse = \"A\"\nattacker = \"t{i}\"\ngroup = 1\ntarget = \"k{i}\"\n\n[[shot]]\nimpulse = \"A\"\nattacker = \"k{i}\"\ngroup = 1\ntarget = \"t{i}\"\n{launch}"
        ));
    }
    // Terrain on the rows the ships fly and fire along, and a missile in flight each way.
    for (kind, hex) in [
        ("asteroid", "0603"),
        ("asteroid", "0707"),
        ("nebula", "0611"),
    ] {
        text.push_str(&format!(
            "\n[[terrain]]\nkind = \"{kind}\"\nhex = \"{hex}\"\n"
        ));
    }
    for (id, side, target, hex, heading) in [
        ("m1", "talon", "t1", "1003", 270),
        ("m2", "terran", "k4", "0309", 90),
    ] {
        text.push_str(&format!(
            "\n[[missile]]\nid = \"{id}\"\nside = \"{side}\"\ntarget = \"{target}\"\nhex = \"{hex}\"\nheading = {heading}\n"
        ));
    }
    // Every ship gains power in F: three Change markers against two Defend.
    for (ship, on) in [
        ("t0", "change"),
        ("t1", "change"),
        ("k0", "change"),
        ("k1", "defend"),
        ("k2", "defend"),
    ] {
        text.push_str(&format!(
            "\n[[spend]]\nship = \"{ship}\"\nimpulse = \"F\"\non = \"{on}\"\n"
        ));
    }
    text
}

fn main() {
    let (db, _) = arbiter::cards::load(&arbiter::cards::LoadOptions {
        embedded: true,
        ..Default::default()
    });
    let text = round_text(&db.talon);
    let read = scenario::read(FileId(0), &text, None).unwrap_or_else(|_| panic!("the round reads"));
    let round =
        talon::load(&read, talon::Kind::Round, &db.talon).unwrap_or_else(|f| panic!("{f:#?}"));
    let (steps, _, _) = run(&round, Some(1)).unwrap_or_else(|f| panic!("{f:#?}"));
    let played = round_quietly(&round, Some(1)).unwrap_or_else(|f| panic!("{f:#?}"));
    assert!(played.shots.len() >= 6, "the ships fire");
    assert!(steps.len() > 60, "a round has steps ({})", steps.len());

    let rounds = 200_000u64;
    // `TALON_ROUND_FRESH_ONLY=1` skips the reused-memory loop, so the binary does the same
    // work as before it existed (for `perf stat -e cycles:u` against an older build).
    if std::env::var_os("TALON_ROUND_FRESH_ONLY").is_none() {
        // As a solver plays one scenario many times: one round's memory, reset between rounds.
        let mut again = round_quietly(&round, Some(0)).unwrap_or_else(|f| panic!("{f:#?}"));
        let (wall, cpu) = best_of_3(|| {
            for seed in 0..rounds {
                let played = replay_quietly(black_box(&mut again), Some(black_box(seed)));
                black_box(played.map(|()| again.holder).ok());
            }
        });
        println!(
            "talon/round, 12 ships, terrain and missiles, no trace, memory reused: {:.0} rounds/s, {:.0} per CPU second (best of 3 × {rounds}; goal 100,000)",
            rounds as f64 / wall,
            rounds as f64 / cpu
        );
    }
    let (wall, cpu) = best_of_3(|| {
        for seed in 0..rounds {
            let played = round_quietly(black_box(&round), Some(black_box(seed)));
            black_box(played.map(|r| r.holder).ok());
        }
    });
    println!(
        "talon/round, 12 ships, terrain and missiles, no trace, each round fresh: {:.0} rounds/s, {:.0} per CPU second (best of 3 × {rounds})",
        rounds as f64 / wall,
        rounds as f64 / cpu
    );

    let traced = 5_000u64;
    let started = Instant::now();
    for seed in 0..traced {
        black_box(
            run(black_box(&round), Some(seed))
                .map(|(s, _, _)| s.len())
                .ok(),
        );
    }
    println!(
        "talon/round, 12 ships, with its trace and JSON outcome ({} steps): {:.0} rounds/s",
        steps.len(),
        traced as f64 / started.elapsed().as_secs_f64()
    );

    // The whole scenario text, read and checked each time, as `arbiter resolve` does.
    let options = arbiter::adjudicate::ResolveOptions {
        max_steps: None,
        seed: Some(3),
    };
    let runs = 2_000;
    let started = Instant::now();
    for _ in 0..runs {
        let (_, result) =
            arbiter::adjudicate::resolve_text(&db, "bench.toml", black_box(&text), &options);
        assert!(result.is_ok());
    }
    println!(
        "talon/round with 12 ships read from TOML and resolved: {:.0} scenarios/s",
        f64::from(runs) / started.elapsed().as_secs_f64()
    );

    // Fleet validation.
    let cards = &db.talon;
    let list = "Side: Terran\nPoints: 1000\nBB \"Cordoba\"\nCA \"Patton\"\n2x DD\nCrucero Ligero \"Thor\"\nCV \"Hornet\"\n2x FTR\nSC\n";
    let lists = 100_000;
    let started = Instant::now();
    for _ in 0..lists {
        let parsed = arbiter::parse::talon::parse(FileId(0), black_box(list));
        let fleet = arbiter::validate::talon::validate(cards, &parsed, FileId(0), None);
        assert!(fleet.findings.is_empty());
        black_box(fleet.total);
    }
    println!(
        "talon fleet validation (9 lines, 10 ships): {:.0} lists/s",
        f64::from(lists) / started.elapsed().as_secs_f64()
    );
}

/// The best wall time and the best CPU time of three runs of `work`, in seconds. The CPU
/// time (this thread's time on a core, from `/proc/thread-self/schedstat`) hardly moves
/// with the machine's load, which the wall time does; it is 0 where that file is missing.
fn best_of_3(mut work: impl FnMut()) -> (f64, f64) {
    let (mut wall, mut cpu) = (f64::MAX, f64::MAX);
    for _ in 0..3 {
        let (started, cpu_before) = (Instant::now(), cpu_seconds());
        work();
        wall = wall.min(started.elapsed().as_secs_f64());
        cpu = cpu.min(cpu_seconds() - cpu_before);
    }
    (wall, cpu)
}

fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(0.0, |ns| ns / 1e9)
}

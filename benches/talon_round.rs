//! `cargo bench --bench talon_round`: the Talon engines over one round's worth of
//! questions for 12 ships (6 a side): the impulse chart for all 12, one shot from each
//! (damage, criticals and blasts included), and the energy phase of all 12. `talon/round`
//! (moves, collisions) is not built yet, so this is the round as the existing kinds play
//! it. Then Talon fleet validation (read, resolve classes, total). No harness; goal ≥ 50,000
//! rounds a second.

use arbiter::adjudicate::talon::run;
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
/// west, row by row, so every ship has an enemy at range 3 dead ahead.
fn ships(with_charge: bool) -> String {
    let mut text = String::new();
    for (side, classes, column, heading) in [("t", TERRAN, 5, 90), ("k", TALON, 8, 270)] {
        for (i, class) in classes.iter().enumerate() {
            let row = 2 * i + 1;
            text.push_str(&format!(
                "\n[[ship]]\nid = \"{side}{i}\"\nclass = \"{class}\"\nhex = \"{column:02}{row:02}\"\nheading = {heading}\n"
            ));
            if with_charge {
                text.push_str("hull_boxes_lost = 1\n");
            }
        }
    }
    text
}

fn scenario(kind: &str, body: &str) -> talon::Scenario {
    let text = format!("game = \"talon\"\nkind = \"talon/{kind}\"\ntitle = \"bench\"\n{body}");
    let read = scenario::read(FileId(0), &text, None).unwrap_or_else(|_| panic!("{kind} reads"));
    let kind = talon::Kind::parse(&read.envelope.kind).expect("a Talon kind");
    talon::load(&read, kind).unwrap_or_else(|f| panic!("{kind:?}: {f:#?}"))
}

fn main() {
    let impulse = scenario("impulse", &ships(false));
    let mut shots = String::new();
    for i in 0..6 {
        shots.push_str(&format!(
            "\n[[shot]]\nattacker = \"t{i}\"\ngroup = 1\ntarget = \"k{i}\"\n\n[[shot]]\nattacker = \"k{i}\"\ngroup = 1\ntarget = \"t{i}\"\n"
        ));
    }
    let fire = scenario("fire", &format!("{}{shots}", ships(false)));
    let energy = scenario(
        "energy-phase",
        &format!("round = 3\ninitiative = \"talon\"\n{}", ships(true)),
    );
    let round = |seed: u64| {
        let a = run(&impulse, Some(seed))
            .map(|(s, _, _)| s.len())
            .unwrap_or(0);
        let b = run(&fire, Some(seed)).map(|(s, _, _)| s.len()).unwrap_or(0);
        let c = run(&energy, Some(seed))
            .map(|(s, _, _)| s.len())
            .unwrap_or(0);
        a + b + c
    };
    for (name, sc) in [
        ("impulse", &impulse),
        ("fire", &fire),
        ("energy-phase", &energy),
    ] {
        let runs = 5_000u64;
        let started = Instant::now();
        for seed in 0..runs {
            black_box(
                run(black_box(sc), Some(seed))
                    .map(|(s, _, _)| s.len())
                    .unwrap_or(0),
            );
        }
        println!(
            "  talon/{name}, 12 ships: {:.1} µs each",
            started.elapsed().as_secs_f64() * 1e6 / runs as f64
        );
    }
    let steps = round(1);
    assert!(steps > 30, "a round has steps ({steps})");
    let rounds = 20_000u64;
    let mut best = f64::MAX;
    for _ in 0..3 {
        let started = Instant::now();
        for seed in 0..rounds {
            black_box(round(black_box(seed)));
        }
        best = best.min(started.elapsed().as_secs_f64());
    }
    println!(
        "talon round, 12 ships (impulse + 12 shots + energy phase, {steps} steps): {:.0} rounds/s (best of 3 × {rounds}; goal 50,000)",
        rounds as f64 / best
    );

    // Whole scenario texts, read and checked each time, as `arbiter resolve` does.
    let text = format!(
        "game = \"talon\"\nkind = \"talon/fire\"\ntitle = \"bench\"\n{}{shots}",
        ships(false)
    );
    let options = arbiter::adjudicate::ResolveOptions {
        max_steps: None,
        seed: Some(3),
    };
    let runs = 2_000;
    let started = Instant::now();
    for _ in 0..runs {
        let (_, result) =
            arbiter::adjudicate::resolve_text("bench.toml", black_box(&text), &options);
        assert!(result.is_ok());
    }
    println!(
        "talon/fire with 12 ships read from TOML and resolved: {:.0} scenarios/s",
        f64::from(runs) / started.elapsed().as_secs_f64()
    );

    // Fleet validation.
    let cards = arbiter::cards::talon::TalonCards::builtin();
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

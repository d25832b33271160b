//! What `arbiter rule` costs: a judge's question, an abbreviation and a 10,000-word paste as
//! a user runs them (release binary, embedded data, whole process), plus the in-process
//! cost of building the search index and of one search. Run with
//! `cargo bench --bench rule_search`.

use arbiter::cards::{Game, LoadOptions, load};
use arbiter::glossary::Glossary;
use arbiter::glossary::search::Index;
use std::process::Command;
use std::time::{Duration, Instant};

const RUNS: usize = 40;

fn main() {
    let page = "squadron obstacle attack ".repeat(3_334);
    let queries: [(&str, Vec<&str>); 4] = [
        (
            "question, all games",
            vec![
                "rule",
                "can a squadron move and attack in the same activation",
            ],
        ),
        (
            "abbreviation, --game",
            vec!["rule", "TL", "range", "--game", "xwing"],
        ),
        (
            "typo, --output json",
            vec!["rule", "interceptrs fuerza", "--output", "json"],
        ),
        ("10,000 words", vec!["rule", &page]),
    ];
    for (what, args) in &queries {
        let mut walls = Vec::with_capacity(RUNS);
        for _ in 0..RUNS {
            let start = Instant::now();
            let output = Command::new(env!("CARGO_BIN_EXE_arbiter"))
                .args(args)
                .output()
                .expect("the binary runs");
            walls.push(start.elapsed());
            assert!(output.status.success(), "{what}");
        }
        report(&format!("rule, {what} (process wall time)"), &mut walls);
    }

    let (db, _) = load(&LoadOptions::built_in());
    let glossary = Glossary::from_db(&db);
    let mut builds = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let start = Instant::now();
        std::hint::black_box(Index::new(&glossary));
        builds.push(start.elapsed());
    }
    report("build the index (in process)", &mut builds);
    let index = Index::new(&glossary);
    let mut searches = Vec::with_capacity(RUNS);
    for _ in 0..RUNS {
        let start = Instant::now();
        std::hint::black_box(
            index.search("¿qué pasa si mi nave acaba encima de un asteroide?", None),
        );
        std::hint::black_box(index.search("interceptrs fuerza", Some(Game::Spacealert)));
        searches.push(start.elapsed());
    }
    report("two searches (in process)", &mut searches);
}

fn report(what: &str, samples: &mut [Duration]) {
    samples.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{what}: median {:.2} ms, min {:.2} ms, max {:.2} ms over {} runs",
        ms(samples[samples.len() / 2]),
        ms(samples[0]),
        ms(samples[samples.len() - 1]),
        samples.len()
    );
}

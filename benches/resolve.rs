//! `cargo bench --bench resolve`: parse and adjudicate a scenario with 10,000 abilities
//! (all triggered by one event) and one whose triggers loop until the default step cap.
//! Prints the time of each; no harness.

use std::time::Instant;

fn many_abilities(n: usize, max_steps: u32) -> String {
    let mut text = format!(
        "game = \"xwing\"\nkind = \"xwing/queue\"\ntitle = \"{n} abilities\"\nmax_steps = {max_steps}\nevent = [\"start engagement\"]\n\n[[player]]\nid = \"a\"\n\n[[player]]\nid = \"b\"\n\n[[ship]]\nid = \"x\"\nowner = \"a\"\n\n[[ship]]\nid = \"y\"\nowner = \"b\"\n"
    );
    for i in 0..n {
        let ship = if i % 2 == 0 { "x" } else { "y" };
        text.push_str(&format!(
            "\n[[ability]]\nid = \"a{i}\"\nship = \"{ship}\"\ncard = \"Card {i}\"\ntiming = \"start engagement\"\noptional = true\nrequires = [\"not-stressed\"]\ncost = [\"gain strain\"]\neffect = [\"gain focus\"]\nuse = [true]\n"
        ));
    }
    text
}

fn time(db: &arbiter::cards::CardDb, label: &str, text: &str, runs: u32) {
    let mut best = f64::MAX;
    let mut steps = 0;
    let mut ok = false;
    for _ in 0..runs {
        let started = Instant::now();
        let (_, result) = arbiter::adjudicate::resolve_text(
            db,
            "bench.toml",
            text,
            &arbiter::adjudicate::ResolveOptions::default(),
        );
        let elapsed = started.elapsed().as_secs_f64();
        best = best.min(elapsed);
        match result {
            Ok(trace) => {
                steps = trace.step_count();
                ok = true;
            }
            Err(findings) => {
                steps = 0;
                ok = findings
                    .first()
                    .is_some_and(|f| f.code.as_str() == "scenario::loop");
            }
        }
    }
    println!(
        "{label}: best of {runs}: {:.1} ms ({steps} steps, {} KiB of TOML, {})",
        best * 1e3,
        text.len() / 1024,
        if ok { "ok" } else { "UNEXPECTED" }
    );
}

fn main() {
    let (db, _) = arbiter::cards::load(&arbiter::cards::LoadOptions {
        embedded: true,
        ..Default::default()
    });
    time(
        &db,
        "10,000 abilities, one event",
        &many_abilities(10_000, 100_000),
        5,
    );
    let looping = "game = \"xwing\"\nkind = \"xwing/queue\"\ntitle = \"loop\"\nevent = [\"x gain focus\"]\n\n[[player]]\nid = \"a\"\n\n[[ship]]\nid = \"x\"\nowner = \"a\"\n\n[[ability]]\nid = \"ping\"\nship = \"x\"\ncard = \"Ping\"\ntiming = \"after self gain focus\"\neffect = [\"gain focus\"]\n";
    time(
        &db,
        "cyclic triggers to the default cap of 1,000 steps",
        looping,
        5,
    );
}

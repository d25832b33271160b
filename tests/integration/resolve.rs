//! `arbiter resolve`: every scenario under examples/ has its trace held as a snapshot (the
//! table at a fixed width, and the JSON), every broken scenario under
//! tests/fixtures/broken-scenarios/ its diagnostics, and every cited section must be a
//! heading printed in its rulebook (../shared/seeds).

use crate::support::{self, built_in_db, relative, root};
use arbiter::adjudicate::{Adjudication, ResolveOptions, resolve_text};
use arbiter::report::{HumanStyle, render_human as render_finding};
use std::path::Path;

fn trace(path: &Path) -> Box<dyn Adjudication> {
    let text = std::fs::read_to_string(path).unwrap();
    let (files, result) = resolve_text(
        built_in_db(),
        &relative(path),
        &text,
        &ResolveOptions::default(),
    );
    match result {
        Ok(trace) => trace,
        Err(findings) => panic!(
            "{} does not resolve:\n{}",
            relative(path),
            findings
                .iter()
                .map(|f| render_finding(&files, f, HumanStyle::plain(100)))
                .collect::<String>()
        ),
    }
}

#[test]
fn example_traces_as_tables() {
    insta::glob!("../../examples", "**/*.toml", |path| {
        insta::assert_snapshot!(trace(path).render_human(120));
    });
}

#[test]
fn example_traces_as_json() {
    insta::glob!("../../examples", "**/*.toml", |path| {
        let json = trace(path).render_json();
        let steps = json["steps"].as_array().expect("steps");
        assert!(!steps.is_empty());
        for step in steps {
            for key in ["n", "event", "outcome", "rule", "choice_point"] {
                assert!(
                    !step[key].is_null(),
                    "{}: step without `{key}`",
                    relative(path)
                );
            }
        }
        insta::assert_snapshot!(serde_json::to_string_pretty(&json).unwrap());
    });
}

#[test]
fn there_are_enough_examples() {
    let examples = root().join("examples");
    let count = |sub: &str| {
        std::fs::read_dir(examples.join(sub))
            .map(|d| {
                d.filter(|e| {
                    e.as_ref()
                        .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "toml"))
                })
                .count()
            })
            .unwrap_or(0)
    };
    assert!(count("xwing") >= 11, "X-Wing scenarios: {}", count("xwing"));
    assert!(
        count("armada") >= 2,
        "Armada scenarios: {}",
        count("armada")
    );
    assert!(count("talon") >= 12, "Talon scenarios: {}", count("talon"));
}

#[test]
fn broken_scenarios() {
    insta::glob!("../fixtures", "broken-scenarios/*.toml", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let (files, result) = resolve_text(
            built_in_db(),
            &relative(path),
            &text,
            &ResolveOptions::default(),
        );
        let findings = result
            .err()
            .unwrap_or_else(|| panic!("{}: a broken scenario must not resolve", relative(path)));
        let mut out = String::new();
        for finding in &findings {
            assert!(
                finding.help.is_some(),
                "{}: every finding needs a help line",
                relative(path)
            );
            assert!(
                finding.code.as_str().starts_with("scenario::"),
                "{}: {}",
                relative(path),
                finding.code
            );
            out.push_str(&render_finding(&files, finding, HumanStyle::plain(90)));
            out.push('\n');
        }
        insta::assert_snapshot!(out);
    });
}

/// Headings as printed: whole lines of the seed, with the Sector Fleets conversion's `#` and
/// `**` marks taken away.
fn headings(seed: &str) -> std::collections::HashSet<String> {
    seed.lines()
        .map(|l| l.trim().trim_start_matches('#').trim().replace("**", ""))
        .collect()
}

#[test]
fn every_cited_section_is_printed_in_its_rulebook() {
    let Some(seeds) = support::seeds() else {
        return;
    };
    let xwing = headings(&seeds.text("002_1d63b3a51872ba9e.txt"));
    let armada = headings(&seeds.text("000_ae69564e4264402a.txt"));
    let sector = headings(&seeds.text("003_a861d8c4f0e4206b.txt"));
    for cite in arbiter::adjudicate::xwing::rules::ALL {
        assert!(
            xwing.contains(cite.section),
            "X-Wing: `{}` is not a heading of seed 002",
            cite.section
        );
    }
    for cite in arbiter::adjudicate::armada::rules::ALL {
        let seed = if cite.document.contains("Flotas de Sector") {
            &sector
        } else {
            &armada
        };
        assert!(
            seed.contains(cite.section),
            "Armada: `{}` is not a heading of its seed",
            cite.section
        );
    }
}

/// Talon's seed runs its headings into the text that follows them, so a citation must be
/// printed in it rather than be a whole line.
#[test]
fn every_talon_citation_is_printed_in_seed_004() {
    let Some(seeds) = support::seeds() else {
        return;
    };
    let seed = seeds.text("004_579842cdaeb9a2fa.txt");
    for cite in arbiter::adjudicate::talon::rules::ALL {
        assert!(
            seed.contains(cite.section),
            "Talon: `{}` is not printed in seed 004",
            cite.section
        );
    }
}

/// A scenario with `n` abilities that all apply at the start of the Engagement phase.
fn many_abilities(n: usize, max_steps: u32) -> String {
    let mut text = format!(
        "game = \"xwing\"\nkind = \"xwing/queue\"\ntitle = \"{n} abilities\"\nmax_steps = {max_steps}\nevent = [\"start engagement\"]\n\n[[player]]\nid = \"a\"\n\n[[player]]\nid = \"b\"\n\n[[ship]]\nid = \"x\"\nowner = \"a\"\n\n[[ship]]\nid = \"y\"\nowner = \"b\"\n"
    );
    for i in 0..n {
        let ship = if i % 2 == 0 { "x" } else { "y" };
        text.push_str(&format!("\n[[ability]]\nid = \"a{i}\"\nship = \"{ship}\"\ncard = \"Card {i}\"\ntiming = \"start engagement\"\noptional = true\neffect = [\"gain focus\"]\nuse = [true]\n"));
    }
    text
}

#[test]
fn ten_thousand_abilities_resolve_with_a_bounded_queue_display() {
    let text = many_abilities(10_000, 100_000);
    let (_, result) = resolve_text(
        built_in_db(),
        "many.toml",
        &text,
        &ResolveOptions::default(),
    );
    let json = result.expect("resolves").render_json();
    let steps = json["steps"].as_array().expect("steps");
    // One entering step, then a resolve and a gain step per ability.
    assert_eq!(steps.len(), 2 + 2 * 10_000);
    assert!(steps.iter().all(|s| {
        s["queue"]
            .as_array()
            .is_some_and(|q| q.len() <= arbiter::adjudicate::QUEUE_SHOWN)
    }));
    assert_eq!(steps[1]["queue_length"], 10_000);
    assert!(
        steps[1]["outcome"]
            .as_str()
            .is_some_and(|o| o.len() < 2_000),
        "outcomes list a bounded number of names"
    );
    // The same scenario under the default cap stops with a loop diagnostic instead.
    let (_, capped) = resolve_text(
        built_in_db(),
        "many.toml",
        &many_abilities(10_000, 1_000),
        &ResolveOptions::default(),
    );
    let findings = capped.err().expect("capped");
    assert_eq!(findings[0].code.as_str(), "scenario::loop");
}

#[test]
fn a_step_cap_above_the_ceiling_is_refused_before_anything_runs() {
    let text = many_abilities(2, 4_000_000_000);
    let (_, result) = resolve_text(built_in_db(), "big.toml", &text, &ResolveOptions::default());
    let findings = result.err().expect("refused");
    assert_eq!(findings.len(), 1);
    assert_eq!(findings[0].code.as_str(), "scenario::invalid_value");
    assert!(
        findings[0].message.contains("100000"),
        "{}",
        findings[0].message
    );
}

/// `--data` reaches `resolve` for every game: an unreadable overlay stops the run (exit 2),
/// and an overlay that changes the cards a scenario names changes its answer.
#[test]
fn data_overlays_reach_every_game() {
    for example in [
        "examples/armada/first-player-resolves-first.toml",
        "examples/xwing/queue-example-1-jake-farrell.toml",
        "examples/spacealert/heavy-laser-fighter.toml",
        "examples/talon/fire-patton-at-vision.toml",
    ] {
        let output = support::arbiter(&["--data", "no/such/folder", "resolve", example]);
        assert_eq!(output.status.code(), Some(2), "{example}");
        assert!(
            support::stderr(&output).contains("cards::io"),
            "{example}: {}",
            support::stderr(&output)
        );
    }
    let overlaid = |file: &str, change: &dyn Fn(&str) -> String, scenario: &str| {
        let dir = support::scratch();
        let target = dir.path().join(file);
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        let built_in = std::fs::read_to_string(root().join("data").join(file)).unwrap();
        let changed = change(&built_in);
        assert_ne!(changed, built_in, "{file}: the change applies");
        std::fs::write(&target, changed).unwrap();
        let data = dir.path().display().to_string();
        let plain = support::arbiter(&["resolve", "--output", "json", scenario]);
        let with = support::arbiter(&["--data", &data, "resolve", "--output", "json", scenario]);
        assert_eq!(with.status.code(), Some(0), "{}", support::stderr(&with));
        assert_ne!(
            support::json(&plain)["outcome"],
            support::json(&with)["outcome"],
            "{scenario}: the overlay of {file} changes nothing"
        );
    };
    // A Fighter with ten times its hit points survives the heavy lasers.
    overlaid(
        "cards/spacealert/threats.toml",
        &|text| {
            let at = text.find("id = \"fighter\"").unwrap();
            let hp = at + text[at..].find("hit_points = 4").unwrap();
            format!("{}hit_points = 40{}", &text[..hp], &text[hp + 14..])
        },
        "examples/spacealert/heavy-laser-fighter.toml",
    );
    // Every Talon class with one point of forward shield takes the Patton's shot on its hull.
    overlaid(
        "cards/talon/ships.toml",
        &|text| {
            let mut out = String::new();
            for line in text.split_inclusive('\n') {
                match line.strip_prefix("shields = { forward = ") {
                    Some(rest) => {
                        let after = rest.find(',').unwrap();
                        out.push_str(&format!("shields = {{ forward = 1{}", &rest[after..]));
                    }
                    None => out.push_str(line),
                }
            }
            out
        },
        "examples/talon/fire-patton-at-vision.toml",
    );
}

/// The order of the answer, without the marks of abilities from card facts and with one
/// spelling of quotes and card names (the hand-written example 2 calls the vanes by the
/// Rules Reference's own name for them).
fn resolution_order(path: &Path) -> Vec<String> {
    let json = trace(path).render_json();
    let answer = json["answer"].as_str().expect("an answer").to_string();
    let order = answer
        .strip_prefix("The abilities resolve in this order: ")
        .unwrap_or_else(|| panic!("{}: no order in {answer:?}", relative(path)));
    order
        .trim_end_matches('.')
        .split(", then ")
        .map(|item| {
            item.replace(" [checked]", "")
                .replace(" [derived]", "")
                .replace(['“', '”'], "\"")
                .replace("Electrostatic Discharge Rig", "Static Discharge Vanes")
        })
        .collect()
}

#[test]
fn queue_examples_from_card_names_resolve_in_the_hand_written_order() {
    let examples = root().join("examples/xwing");
    for example in [
        "queue-example-1-jake-farrell",
        "queue-example-2-chopper-kyle-teroch",
    ] {
        let by_hand = resolution_order(&examples.join(format!("{example}.toml")));
        let from_names = resolution_order(&examples.join(format!("{example}-from-names.toml")));
        assert!(by_hand.len() >= 4, "{example}: {by_hand:?}");
        assert_eq!(from_names, by_hand, "{example}");
        let text =
            std::fs::read_to_string(examples.join(format!("{example}-from-names.toml"))).unwrap();
        assert!(
            !text.contains("[[ability]]"),
            "{example}-from-names has abilities"
        );
    }
}

#[test]
fn a_judges_scenario_from_two_builder_links_is_under_ten_lines() {
    let path = root().join("examples/xwing/judge-yavin-squads-from-links.toml");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.lines().count() < 10, "{} lines", text.lines().count());
    assert_eq!(text.matches("squad = \"https://yasb.app/").count(), 2);
    assert_eq!(text.lines().filter(|l| l.starts_with("event")).count(), 1);
    let json = trace(&path).render_json();
    let answer = json["answer"].as_str().unwrap();
    assert!(answer.contains("Afterburners (Darth Vader)"), "{answer}");
    let docs = std::fs::read_to_string(root().join("docs/scenarios.md")).unwrap();
    assert!(
        docs.contains(text.trim_end()),
        "docs/scenarios.md shows the example"
    );
}

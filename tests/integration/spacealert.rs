//! Space Alert missions: every broken mission under tests/fixtures/broken-spacealert/ has its
//! diagnostics held as a snapshot (each a `spacealert::` or `scenario::` code with a help
//! line); every section the engine cites is a line printed in seed 001; the quiet engine
//! (no trace) agrees with the traced one on every example; the binary exits 2 on a broken
//! mission. (The examples' traces are snapshotted by tests/integration/resolve.rs with every game's.)

use crate::support::{self, built_in_db, command, relative, root};
use arbiter::adjudicate::spacealert::{prepare, resolve_quietly, rules};
use arbiter::adjudicate::{ResolveOptions, resolve_text};
use arbiter::parse::scenario;
use arbiter::report::{FileId, HumanStyle, render_human as render_finding};

#[test]
fn broken_missions() {
    insta::glob!("../fixtures", "broken-spacealert/*.toml", |path| {
        let text = std::fs::read_to_string(path).unwrap();
        let (files, result) = resolve_text(
            built_in_db(),
            &relative(path),
            &text,
            &ResolveOptions::default(),
        );
        let findings = result
            .err()
            .unwrap_or_else(|| panic!("{}: a broken mission must not resolve", relative(path)));
        let mut out = String::new();
        for finding in &findings {
            assert!(finding.help.is_some(), "{}: no help line", relative(path));
            let code = finding.code.as_str();
            assert!(
                code.starts_with("spacealert::") || code.starts_with("scenario::"),
                "{}: {code}",
                relative(path)
            );
            assert!(
                finding.location.is_some(),
                "{}: not located",
                relative(path)
            );
            out.push_str(&render_finding(&files, finding, HumanStyle::plain(90)));
            out.push('\n');
        }
        insta::assert_snapshot!(out);
    });
}

#[test]
fn every_cited_section_is_a_line_of_seed_001() {
    let Some(seeds) = support::seeds() else {
        return;
    };
    let text = seeds.text("001_e6e16b4d69e41dea.txt");
    let lines: std::collections::HashSet<&str> = text.lines().map(str::trim).collect();
    for cite in rules::ALL {
        assert!(
            lines.contains(cite.section),
            "`{}` is not printed in seed 001",
            cite.section
        );
    }
}

#[test]
fn the_quiet_engine_agrees_with_the_traced_one() {
    let missions = root().join("examples/spacealert");
    let mut seen = 0;
    for entry in std::fs::read_dir(missions).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let (_, traced) = resolve_text(built_in_db(), "m.toml", &text, &ResolveOptions::default());
        let json = traced.expect("resolves").render_json();
        let read = scenario::read(FileId(0), &text, None)
            .map_err(|_| ())
            .unwrap();
        let mission = scenario::spacealert::load(&read, &built_in_db().spacealert)
            .map_err(|_| ())
            .unwrap();
        let prepared = prepare(&mission, None).map_err(|_| ()).unwrap();
        let quiet = resolve_quietly(&prepared);
        let outcome = &json["outcome"];
        assert_eq!(outcome["status"] == "won", quiet.won, "{}", path.display());
        assert_eq!(
            outcome["score"].as_i64(),
            quiet.score.map(i64::from),
            "{}",
            path.display()
        );
        assert_eq!(
            outcome["damage"]["red"].as_u64(),
            Some(u64::from(quiet.damage[0]))
        );
        assert_eq!(
            outcome["threats_destroyed"].as_array().map(Vec::len),
            Some(usize::from(quiet.destroyed))
        );
        seen += 1;
    }
    assert!(seen >= 10, "at least ten example missions, found {seen}");
}

#[test]
fn the_outcome_has_exactly_the_documented_keys() {
    let path = root().join("examples/spacealert/heavy-laser-fighter.toml");
    let text = std::fs::read_to_string(path).unwrap();
    let (_, result) = resolve_text(built_in_db(), "m.toml", &text, &ResolveOptions::default());
    let json = result.expect("resolves").render_json();
    let mut keys: Vec<&str> = json["outcome"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "damage",
            "score",
            "score_breakdown",
            "status",
            "threats_destroyed",
            "threats_survived"
        ]
    );
    assert!(
        json["steps"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["rule"]["section"].is_string())
    );
}

#[test]
fn a_seed_shuffles_the_damage_tiles_reproducibly() {
    let path = root().join("examples/spacealert/computer-maintenance-missed.toml");
    let text = std::fs::read_to_string(path).unwrap();
    let run = |seed| {
        let (_, r) = resolve_text(
            built_in_db(),
            "m.toml",
            &text,
            &ResolveOptions {
                max_steps: None,
                seed,
            },
        );
        r.expect("resolves").render_json()["steps"].to_string()
    };
    assert_eq!(run(Some(7)), run(Some(7)));
    let differs = (1..20).any(|s| run(Some(s)) != run(None));
    assert!(differs, "some seed draws the tiles in another order");
}

#[test]
fn a_broken_mission_exits_2() {
    let path = root().join("tests/fixtures/broken-spacealert/unknown-threat.toml");
    let status = support::run(command().arg("resolve").arg(path));
    assert_eq!(status.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&status.stderr);
    assert!(stderr.contains("spacealert::unknown_threat"), "{stderr}");
    assert!(stderr.contains("did you mean"), "{stderr}");
}

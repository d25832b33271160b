//! X-Wing scenarios from card names: an explicit `[[ability]]` replaces the derived one, a
//! `[[decision]]` states a player's choice, a needed choice not stated is a choice point,
//! and a squad file is read relative to the scenario.

use crate::support::{built_in_db, root};
use arbiter::adjudicate::{ResolveOptions, resolve_text};
use std::path::Path;

const JAKE: &str = r#"
game = "xwing"
kind = "xwing/queue"
title = "t"
event = ["jake perform barrel-roll"]
[[player]]
id = "rebel"
order = ["jake-pilot", "jake-ship"]
[[player]]
id = "imperial"
[[ship]]
id = "jake"
owner = "rebel"
pilot = "Jake Farrell"
range = { phoenix = 1 }
[[ship]]
id = "phoenix"
owner = "rebel"
pilot = "Phoenix Squadron Pilot"
"#;

fn resolved(name: &Path, text: &str) -> Result<serde_json::Value, String> {
    let (_, result) = resolve_text(
        built_in_db(),
        &name.display().to_string(),
        text,
        &ResolveOptions::default(),
    );
    result.map(|trace| trace.render_json()).map_err(|findings| {
        findings
            .iter()
            .map(|f| f.message.clone())
            .collect::<Vec<_>>()
            .join("\n")
    })
}

fn events(json: &serde_json::Value) -> Vec<String> {
    json["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["event"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn a_needed_choice_not_stated_is_a_choice_point() {
    let json = resolved(Path::new("s.toml"), JAKE).unwrap();
    let marked: Vec<_> = json["steps"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["choice_point"] == true)
        .collect();
    assert!(!marked.is_empty(), "{json:#}");
    assert!(
        events(&json)
            .iter()
            .any(|e| e.contains("[checked]") || e.contains("[derived]"))
    );
}

#[test]
fn a_decision_declines_the_pilot_ability_once() {
    let text =
        format!("{JAKE}[[decision]]\nship = \"jake\"\ncard = \"Jake Farrell\"\nuse = [false]\n");
    let json = resolved(Path::new("s.toml"), &text).unwrap();
    let outcomes: Vec<String> = json["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["outcome"].as_str().unwrap().to_string())
        .collect();
    // `use` is per resolution: the first declines, the second (not stated) is used.
    let all = events(&json);
    let first = all
        .iter()
        .position(|e| e == "Jake Farrell (pilot ability) [checked] resolves")
        .unwrap();
    assert!(
        outcomes[first].contains("declines"),
        "{:?}",
        outcomes[first]
    );
    assert!(!all[first + 1].contains("performs focus"), "{all:#?}");
    let second = all
        .iter()
        .position(|e| e == "Jake Farrell (pilot ability) #2 [checked] resolves")
        .unwrap();
    assert!(
        outcomes[second].contains("uses it"),
        "{:?}",
        outcomes[second]
    );
}

#[test]
fn an_explicit_ability_replaces_the_derived_one() {
    let text = format!(
        "{JAKE}[[ability]]\nid = \"jake-pilot\"\nship = \"jake\"\ncard = \"Jake Farrell\"\npart = \"pilot\"\ntiming = \"after self perform barrel-roll\"\neffect = [\"gain focus\"]\n"
    );
    let json = resolved(Path::new("s.toml"), &text).unwrap();
    let all = events(&json);
    assert!(
        all.iter()
            .any(|e| e == "Jake Farrell (pilot ability) resolves"),
        "{all:#?}"
    );
    assert!(
        !all.iter()
            .any(|e| e.starts_with("Jake Farrell (pilot ability) [")),
        "{all:#?}"
    );
}

#[test]
fn a_squad_file_is_read_relative_to_the_scenario() {
    let dir = root().join("tests/fixtures/xwing/xws");
    let text = "game = \"xwing\"\nkind = \"xwing/queue\"\ntitle = \"t\"\nevent = [\"start engagement\"]\n[[player]]\nsquad = \"blade-runners.json\"\n";
    let json = resolved(&dir.join("scenario.toml"), text).unwrap();
    let state = json["final_state"].to_string();
    for pilot in ["Braylen Stramm", "Garven Dreis", "Shara Bey"] {
        assert!(state.contains(pilot), "{state}");
    }
    let missing = resolved(Path::new("elsewhere/scenario.toml"), text).unwrap_err();
    assert!(missing.contains("blade-runners.json"), "{missing}");
}

#[test]
fn an_unknown_pilot_is_a_located_finding() {
    let text = JAKE.replace("Phoenix Squadron Pilot", "Nobody At All");
    let message = resolved(Path::new("s.toml"), &text).unwrap_err();
    assert!(message.contains("Nobody At All"), "{message}");
}

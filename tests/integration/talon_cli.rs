//! Talon end to end through the real binary: fleet lists (detection, `--game talon`,
//! `--points-limit`, exit codes, the JSON shape every game shares), card lookup, and a
//! scenario whose dice come from `--seed`.

use crate::support::{arbiter, json, root, scratch};

#[test]
fn example_lists_validate_with_points_and_exit_codes() {
    let valid = arbiter(&[
        "validate",
        "examples/lists/talon-terran-patrol.txt",
        "--output",
        "json",
    ]);
    assert_eq!(valid.status.code(), Some(0));
    let doc = json(&valid);
    let result = &doc["results"][0];
    assert_eq!(result["game"], "talon");
    assert_eq!(result["valid"], true);
    assert_eq!(result["points"]["total"], 419);
    assert_eq!(result["points"]["limit"], 500);

    let invalid = arbiter(&[
        "validate",
        "tests/fixtures/talon/over-the-limit.txt",
        "--output",
        "json",
    ]);
    assert_eq!(invalid.status.code(), Some(1));
    let doc = json(&invalid);
    let codes: Vec<&str> = doc["results"][0]["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|d| d["code"].as_str())
        .collect();
    assert_eq!(
        codes,
        ["talon::points", "talon::side", "talon::unknown_class"]
    );

    // The option wins over the list's `Points:` line.
    let tighter = arbiter(&[
        "validate",
        "examples/lists/talon-terran-patrol.txt",
        "--points-limit",
        "400",
        "--output",
        "json",
    ]);
    assert_eq!(tighter.status.code(), Some(1));
    assert_eq!(json(&tighter)["results"][0]["points"]["limit"], 400);
}

#[test]
fn human_output_has_a_points_table() {
    let out = arbiter(&["validate", "examples/lists/talon-imperial-strike.txt"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Talon Battle Cruiser (BC)"), "{text}");
    assert!(text.contains("524 / 600"), "{text}");
}

#[test]
fn unreadable_input_for_talon_exits_two() {
    let dir = scratch();
    let binary = dir.path().join("fleet.txt");
    std::fs::write(&binary, [0xff, 0xfe, 0x00, 0x01]).unwrap();
    let out = arbiter(&["validate", "--game", "talon", binary.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn cards_show_finds_a_class_by_side_and_abbreviation() {
    let out = arbiter(&["cards", "show", "Terran CA", "--output", "json"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("terran-ca") && text.contains("\"points\": 115"),
        "{text}"
    );
}

#[test]
fn a_seed_rolls_the_dice_a_scenario_leaves_out() {
    let scenario = root().join("tests/fixtures/broken-scenarios/talon-dice-run-out.toml");
    let path = scenario.to_str().unwrap();
    let without = arbiter(&["resolve", path]);
    assert_eq!(without.status.code(), Some(2));
    let first = arbiter(&["resolve", path, "--seed", "12", "--output", "json"]);
    assert_eq!(first.status.code(), Some(0));
    let again = arbiter(&["resolve", path, "--seed", "12", "--output", "json"]);
    assert_eq!(
        first.stdout, again.stdout,
        "the same seed gives the same trace"
    );
    let doc = json(&first);
    // The 3 damage crosses boxes 1–3, box 3 is critical; the seeded roll may add more.
    let justice = &doc["outcome"]["ships"]["Justice"];
    assert!(
        justice["hull_boxes_crossed"].as_u64() >= Some(3),
        "{justice}"
    );
    assert!(
        justice["critical_boxes_crossed"].as_u64() >= Some(1),
        "{justice}"
    );
    assert!(
        !justice["criticals"].as_array().unwrap().is_empty(),
        "{justice}"
    );
}

/// Talon rulebook 12.1.1 and 12.2.1: fighters need a friendly carrier or base, four
/// squadrons each at most.
#[test]
fn fighters_need_a_carrier_or_base_and_four_squadrons_each_at_most() {
    for (fixture, message) in [
        (
            "tests/fixtures/talon/fighters-without-a-carrier.txt",
            "2 fighter squadron(s) and no carrier or base",
        ),
        (
            "tests/fixtures/talon/five-squadrons-one-carrier.txt",
            "5 fighter squadrons for 1 carrier(s) and base(s), which deploy 4 at most",
        ),
    ] {
        let out = arbiter(&["validate", fixture, "--output", "json"]);
        assert_eq!(out.status.code(), Some(1), "{fixture}");
        let doc = json(&out);
        let diagnostics = doc["results"][0]["diagnostics"].as_array().unwrap();
        assert!(
            diagnostics.iter().any(|d| d["code"] == "talon::fighters"
                && d["message"].as_str().is_some_and(|m| m.contains(message))),
            "{fixture}: {diagnostics:#?}"
        );
    }
    // The carrier group example has one carrier and two squadrons: no finding.
    let fine = arbiter(&["validate", "examples/lists/talon-terran-carrier-group.txt"]);
    assert_eq!(fine.status.code(), Some(0));
}

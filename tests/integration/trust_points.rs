//! Issue 23, item 4: points are summed without wrapping, and card data cannot hold a cost
//! no card has.

use crate::support::{arbiter, arbiter_with_stdin, json, scratch, stderr};
use arbiter::cards::{LoadOptions, load};
use std::path::Path;

const FOUR_ACADEMY_PILOTS: &str = r#"{"faction": "galacticempire", "ruleset": "AMG",
  "pilots": [{"id": "academypilot"}, {"id": "academypilot"}, {"id": "academypilot"},
             {"id": "academypilot"}]}"#;

#[test]
fn four_pilots_of_two_to_the_thirtieth_do_not_wrap_to_a_valid_squad() {
    // Data no check has seen (the rules must not rely on it): four pilots of 2^30 points
    // once wrapped the squad's i32 total to 0, "0 / 20, valid".
    let (mut db, unreadable) = load(&LoadOptions {
        spans: false,
        embedded: true,
        overlays: Vec::new(),
        without: Vec::new(),
    });
    assert!(unreadable.is_empty());
    let pilot = db
        .xwing
        .pilots
        .iter_mut()
        .find(|p| p.value.id == "academypilot")
        .expect("the Academy Pilot");
    for points in &mut pilot.value.points {
        points.cost = 1 << 30;
    }
    let checker = arbiter::ListChecker::new(&db).expect("a checker");
    let report = checker.check("squad.json", FOUR_ACADEMY_PILOTS.as_bytes());
    assert_eq!(report.points.total, Some(4 << 30));
    assert!(!report.valid, "{:?}", report.diagnostics);
}

#[test]
fn an_armada_fleet_of_huge_stated_costs_does_not_wrap() {
    // Unknown cards count at their stated cost (up to 999,999 each, and squadron counts up
    // to 999,999): together far past u32::MAX.
    let mut list = String::from("Name: Big\nFaction: Rebel\n\n999999 x Foo Squadron (999999)\n\n");
    for n in 0..5000 {
        list.push_str(&format!("Ship{n} (999999)\n\n"));
    }
    let output = arbiter_with_stdin(
        &["validate", "--game", "armada", "--output", "json", "-"],
        list.as_bytes(),
    );
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let report = &json(&output)["results"][0];
    let total = report["points"]["total"].as_i64().expect("a total");
    assert!(
        total >= i64::from(u32::MAX),
        "{total}: no wrap to a small number"
    );
    assert_eq!(report["valid"], false);
}

/// `cards check` on one data file (laid over the built-in data).
fn check(dir: &Path, relative: &str, text: &str) -> (Option<i32>, String) {
    let path = dir.join(relative);
    std::fs::create_dir_all(path.parent().expect("a folder")).expect("made");
    std::fs::write(&path, text).expect("written");
    let output = arbiter(&["cards", "check", path.to_str().expect("UTF-8")]);
    (
        output.status.code(),
        crate::support::stdout(&output) + &stderr(&output),
    )
}

#[test]
fn cards_check_refuses_costs_outside_the_range_and_says_it() {
    let dir = scratch();
    let cases = [
        (
            "cards/xwing/pilots/extra.toml",
            "game = \"xwing\"\n\n[[pilot]]\nid = \"hugepilot\"\nname = \"Huge Pilot\"\nship = \"tielnfighter\"\nfaction = \"galacticempire\"\ninitiative = 1\nlimited = 0\ncost = 1073741824\nloadout = 0\nlegal = [\"standard\"]\n",
            "1073741824",
        ),
        (
            "cards/xwing/pilots/negative.toml",
            "game = \"xwing\"\n\n[[pilot]]\nid = \"negativepilot\"\nname = \"Negative Pilot\"\nship = \"tielnfighter\"\nfaction = \"galacticempire\"\ninitiative = 1\nlimited = 0\ncost = -100\nloadout = 0\nlegal = [\"standard\"]\n",
            "-100",
        ),
    ];
    for (relative, text, value) in cases {
        let (code, said) = check(dir.path(), relative, text);
        assert_eq!(code, Some(1), "{said}");
        assert!(said.contains("cards::impossible_value"), "{said}");
        assert!(said.contains(value), "{said}");
        assert!(
            said.contains("0 to 1,000"),
            "the range is in the message: {said}"
        );
    }
}

#[test]
fn every_games_costs_are_held_to_the_range() {
    let dir = scratch();
    // Each game's built-in file with one cost raised past the range.
    for (relative, from, to) in [
        ("cards/armada/ships.toml", "points = 411", "points = 4110"),
        ("cards/talon/ships.toml", "points = 194", "points = 19400"),
        ("cards/xwing/upgrades.toml", "cost = 3", "cost = 3000"),
    ] {
        let text = std::fs::read_to_string(crate::support::root().join("data").join(relative))
            .expect("the built-in file");
        assert!(text.contains(from), "{relative} has `{from}`");
        let (code, said) = check(dir.path(), relative, &text.replacen(from, to, 1));
        assert_eq!(code, Some(1), "{relative}: {said}");
        assert!(said.contains("0 to 1,000"), "{relative}: {said}");
    }
}

#[test]
fn an_overlay_with_an_impossible_cost_stops_validate() {
    let dir = scratch();
    let data = dir.path().join("data/cards/xwing/pilots");
    std::fs::create_dir_all(&data).expect("made");
    std::fs::write(
        data.join("huge.toml"),
        "game = \"xwing\"\n\n[[pilot]]\nid = \"hugepilot\"\nname = \"Huge Pilot\"\nship = \"tielnfighter\"\nfaction = \"galacticempire\"\ninitiative = 1\nlimited = 0\ncost = 1073741824\nloadout = 0\nlegal = [\"standard\"]\n",
    )
    .expect("written");
    let overlay = dir.path().join("data");
    let output = arbiter(&[
        "--data",
        overlay.to_str().expect("UTF-8"),
        "validate",
        "examples/lists/xwing-yavin-link.txt",
    ]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("0 to 1,000"),
        "{}",
        stderr(&output)
    );
}

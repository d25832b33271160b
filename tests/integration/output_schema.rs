//! Every JSON document arbiter prints starts with `"version": 1`, keeps one layout
//! whatever it holds, and matches the schema `arbiter schema output COMMAND` prints.

use crate::support::xws_schema::validate;
use crate::support::{arbiter, json, scratch, stdout};
use serde_json::Value;

/// The schema as the binary prints it.
fn schema(command: &str) -> Value {
    let output = arbiter(&["schema", "output", command]);
    assert_eq!(output.status.code(), Some(0), "schema output {command}");
    json(&output)
}

/// Runs `arbiter ARGS --output json` and checks the document against `command`'s schema.
fn assert_matches(command: &str, args: &[&str]) -> Value {
    let mut args = args.to_vec();
    args.extend(["--output", "json"]);
    let output = arbiter(&args);
    let text = stdout(&output);
    assert!(
        text.starts_with("{\n  \"version\": 1,\n"),
        "{args:?} does not lead with the version:\n{text}"
    );
    let document = json(&output);
    let errors = validate(&schema(command), &document, "$");
    assert!(errors.is_empty(), "{args:?}: {errors:#?}");
    document
}

#[test]
fn validate_output_matches_its_schema() {
    let document = assert_matches(
        "validate",
        &[
            "validate",
            "examples/lists/armada-garm-liberty.txt",
            "examples/lists/xwing-yavin-link.txt",
            "examples/lists/talon-terran-patrol.txt",
            "no-such-list.txt",
        ],
    );
    assert_eq!(document["summary"]["lists"], 4);
    assert_eq!(document["results"][3]["diagnostics"][0]["code"], "list::io");
}

#[test]
fn resolve_output_matches_its_schema_for_every_game_and_a_failure() {
    for scenario in [
        "examples/spacealert/stealth-fighter.toml",
        "examples/talon/damage-power-loss-twice.toml",
        "examples/xwing/round-order.toml",
        "examples/armada/first-player-resolves-first.toml",
        "no-such-scenario.toml",
    ] {
        assert_matches("resolve", &["resolve", scenario]);
    }
}

#[test]
fn rule_output_matches_its_schema() {
    let found = assert_matches("rule", &["rule", "initiative"]);
    assert!(found["entries"][0]["score"].is_number());
    let missing = assert_matches("rule", &["rule", "zzzzqqq"]);
    assert_eq!(missing["entries"], serde_json::json!([]));
    assert_matches("rule", &["rule", "--list"]);
}

#[test]
fn cards_check_output_matches_its_schema() {
    let dir = scratch();
    let broken = dir.path().join("broken.toml");
    std::fs::write(&broken, "[[ships]]\nid = 3\n").unwrap();
    let document = assert_matches("cards-check", &["cards", "check", broken.to_str().unwrap()]);
    assert!(document["errors"].as_u64().unwrap() > 0, "{document}");
    assert_matches("cards-check", &["cards", "check"]);
}

#[test]
fn the_schemas_reject_a_document_that_breaks_them() {
    let output = arbiter(&[
        "validate",
        "examples/lists/armada-garm-liberty.txt",
        "--output",
        "json",
    ]);
    let mut document = json(&output);
    document["version"] = Value::from(2);
    document["summary"]["lists"] = Value::from("one");
    let errors = validate(&schema("validate"), &document, "$");
    assert_eq!(errors.len(), 2, "{errors:#?}");
}

#[test]
fn every_json_output_leads_with_the_version() {
    let commands: &[&[&str]] = &[
        &["explain", "list::io"],
        &["explain", "--list"],
        &["explain", "no::such"],
        &["cards", "show", "Garm Bel Iblis"],
        &["cards", "search", "garm"],
        &["cards", "coverage"],
        &[
            "score",
            "armada",
            "--format",
            "sector-800",
            "--margin",
            "120",
        ],
    ];
    for args in commands {
        let mut args = args.to_vec();
        args.extend(["--output", "json"]);
        let text = stdout(&arbiter(&args));
        assert!(
            text.starts_with("{\n  \"version\": 1,\n"),
            "{args:?}:\n{text}"
        );
    }
}

#[test]
fn validate_json_keeps_its_layout_for_many_lists() {
    let dir = scratch();
    let list = std::fs::read_to_string("examples/lists/armada-garm-liberty.txt").unwrap();
    for i in 0..25 {
        std::fs::write(dir.path().join(format!("list-{i:02}.txt")), &list).unwrap();
    }
    let output = arbiter(&["validate", dir.path().to_str().unwrap(), "--output", "json"]);
    let text = stdout(&output);
    assert!(
        text.starts_with("{\n  \"version\": 1,\n  \"results\": [\n    {\n"),
        "{}",
        &text[..text.len().min(200)]
    );
    let document = json(&output);
    assert_eq!(document["summary"]["lists"], 25);
    assert!(validate(&schema("validate"), &document, "$").is_empty());
}

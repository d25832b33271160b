//! data/schema/*.json must match what `arbiter schema` prints, so editors validate data
//! files against the model the binary really uses. Regenerate with
//! `ARBITER_BLESS=1 cargo test --test integration schema::`.

use crate::support::root;
use arbiter::schema::SchemaKind;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

#[test]
fn committed_schemas_are_current() {
    let dir = root().join("data/schema");
    let bless = std::env::var_os("ARBITER_BLESS").is_some();
    let mut stale = Vec::new();
    for kind in SchemaKind::ALL {
        let path = dir.join(kind.file_name());
        let current = kind.render();
        if bless {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &current).unwrap();
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(current.as_str()) {
            stale.push(path.display().to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "stale schema files: {stale:?}; run `ARBITER_BLESS=1 cargo test --test integration schema::`"
    );
}

/// Every example scenario, of every game, fits the schema `arbiter schema scenario` prints
/// (issue 24, item 14: games' definitions of the same name once replaced each other, so
/// X-Wing's `Ship` was checked as Talon's and 20 examples failed). Checked by a JSON Schema
/// validator, not by arbiter's own reader, so the schema is held to what the examples are.
#[test]
fn every_example_scenario_fits_the_printed_schema() {
    let output = crate::support::arbiter(&["schema", "scenario"]);
    assert_eq!(output.status.code(), Some(0));
    let schema: Value = serde_json::from_slice(&output.stdout).unwrap();
    let validator = jsonschema::validator_for(&schema).expect("the printed schema compiles");
    let mut scenarios = Vec::new();
    collect_toml(&root().join("examples"), &mut scenarios);
    let mut games = BTreeSet::new();
    let mut failures = Vec::new();
    for path in &scenarios {
        let text = std::fs::read_to_string(path).unwrap();
        let scenario = serde_json::to_value(toml::from_str::<toml::Value>(&text).unwrap()).unwrap();
        let game = scenario["game"].as_str().unwrap_or_default().to_string();
        if !validator.is_valid(&scenario) {
            failures.push(format!(
                "{}: {}",
                crate::support::relative(path),
                why_not(&schema, &game, &scenario)
            ));
        }
        games.insert(game);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(
        games.into_iter().collect::<Vec<_>>(),
        ["armada", "spacealert", "talon", "xwing"],
        "an example scenario of each game"
    );
}

/// Why `scenario` fails its own game's variant of the schema: `oneOf` alone only says that
/// no variant fits.
fn why_not(schema: &Value, game: &str, scenario: &Value) -> String {
    let Some(mut variant) = schema["oneOf"]
        .as_array()
        .and_then(|variants| {
            variants
                .iter()
                .find(|v| v["properties"]["game"]["const"] == game)
        })
        .cloned()
    else {
        return format!("no variant for game `{game}`");
    };
    variant["$defs"] = schema["$defs"].clone();
    let validator = jsonschema::validator_for(&variant).expect("a variant compiles");
    validator
        .iter_errors(scenario)
        .map(|error| {
            let message: String = error.to_string().chars().take(200).collect();
            format!("{message} at `{}`", error.instance_path())
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The `.toml` files under `dir`, at any depth (`examples/lists` holds fleet lists, no
/// scenarios).
fn collect_toml(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect_toml(&path, out);
        } else if path.extension().is_some_and(|e| e == "toml") {
            out.push(path);
        }
    }
}

//! What a user of the crate or of the card-data CI helpers relies on: the licence files
//! the manifest names, a changelog in the Keep a Changelog form, and an action and a
//! pre-commit hook that run a command arbiter really has.

use crate::support::{arbiter, root, stdout};

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn the_manifest_names_the_licence_files_that_exist() {
    let manifest: toml::Table = toml::from_str(&read("Cargo.toml")).unwrap();
    let package = manifest["package"].as_table().unwrap();
    assert_eq!(package["license"].as_str(), Some("MIT OR Apache-2.0"));
    for key in [
        "description",
        "readme",
        "keywords",
        "categories",
        "rust-version",
    ] {
        assert!(package.contains_key(key), "Cargo.toml lacks {key}");
    }
    assert!(read("LICENSE-MIT").contains("Permission is hereby granted"));
    assert!(read("LICENSE-APACHE").contains("Version 2.0, January 2004"));
}

#[test]
fn the_changelog_keeps_an_unreleased_section_first() {
    let changelog = read("CHANGELOG.md");
    assert!(changelog.contains("keepachangelog.com"));
    let first = changelog.lines().find(|l| l.starts_with("## ")).unwrap();
    assert_eq!(first, "## [Unreleased]");
}

/// The command the action and the hook run, on the built-in data: it must exist, take
/// those options and pass.
#[test]
fn the_action_and_the_hook_run_cards_check() {
    let action = read("action.yml");
    assert!(action.contains("using: composite"));
    assert!(action.contains("cargo install --locked"));
    assert!(action.contains("arbiter cards check --output github $PATHS"));
    assert!(read(".pre-commit-hooks.yaml").contains("entry: arbiter cards check"));
    let output = arbiter(&["cards", "check", "--output", "github", "data"]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
}

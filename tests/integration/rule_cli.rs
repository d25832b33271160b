//! End-to-end tests of `arbiter rule`: exit codes (0 hit, 1 miss, 2 bad arguments), the
//! language default from `LANG`, and the JSON shape of lookups, lists and misses.

use crate::support::{self, json, stderr, stdout};
use std::process::Output;

/// `arbiter ARGS` under the locale `lang`, which sets the default language of entries.
fn arbiter(args: &[&str], lang: &str) -> Output {
    support::run(support::command().args(args).env("LANG", lang))
}

#[test]
fn a_hit_exits_0_and_shows_the_entry_in_the_locale_language() {
    let output = arbiter(&["rule", "tonel", "volado"], "es_ES.UTF-8");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.starts_with("Tonel volado · Barrel Roll\nStar Wars: X-Wing · tonel-volado\n"),
        "{text}"
    );
    assert!(text.contains("Fuente: Star Wars: X-Wing — Guía de referencia, versión 1.4.5, sección «TONEL VOLADO (↻)»"), "{text}");
    assert!(text.contains("Véase también: Acciones"), "{text}");
    assert!(
        text.lines().all(|l| l.chars().count() <= 100),
        "wrapped to 100 columns when piped:\n{text}"
    );

    let output = arbiter(&["rule", "barrel roll"], "en_GB.UTF-8");
    assert_eq!(output.status.code(), Some(0));
    assert!(
        stdout(&output).contains("See also: Actions"),
        "{}",
        stdout(&output)
    );

    let output = arbiter(&["rule", "barrel roll", "--lang", "es"], "en_GB.UTF-8");
    assert!(
        stdout(&output).contains("Véase también: Acciones"),
        "--lang beats LANG"
    );
}

#[test]
fn a_misspelt_term_still_finds_its_entry_and_says_so() {
    let output = arbiter(
        &["rule", "--game", "talon", "deslizamineto", "lateral"],
        "C",
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.starts_with(
            "No exact match for `deslizamineto lateral`; closest: Deslizamiento lateral\n"
        ),
        "{text}"
    );
    assert!(text.contains("Talon · sideslip"), "{text}");
}

#[test]
fn a_term_in_several_games_lists_the_others_as_also() {
    let output = arbiter(&["rule", "attack"], "C");
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(text.contains("Star Wars: Armada · attack"), "{text}");
    assert!(
        text.contains("also: Attack (Star Wars: X-Wing) — arbiter rule ataque --game xwing"),
        "{text}"
    );
    let body = json(&arbiter(&["rule", "attack", "--output", "json"], "C"));
    let entries = body["entries"].as_array().unwrap();
    assert!(entries.len() >= 3, "{body}");
    assert_eq!(entries[0]["id"], "attack");
    assert_eq!(entries[0]["match"]["kind"], "exact");
}

#[test]
fn a_miss_exits_1_with_a_diagnostic() {
    let output = arbiter(&["rule", "vision nocturna", "--game", "armada"], "C");
    assert_eq!(output.status.code(), Some(1));
    let err = stderr(&output);
    assert!(err.contains("rules::not_found"), "{err}");
    assert!(err.contains("unknown term"), "{err}");
    assert!(
        err.contains("did you mean `Line of Sight` (armada)?"),
        "{err}"
    );
    assert!(stdout(&output).is_empty());

    let output = arbiter(
        &[
            "rule",
            "vision nocturna",
            "--game",
            "armada",
            "--output",
            "json",
        ],
        "C",
    );
    assert_eq!(output.status.code(), Some(1));
    let body = json(&output);
    assert_eq!(body["entries"].as_array().unwrap().len(), 0);
    assert_eq!(body["did_you_mean"][0]["id"], "line-of-sight");
    assert_eq!(body["diagnostics"][0]["code"], "rules::not_found");
    assert_eq!(
        body["diagnostics"][0]["span"]["length"],
        "vision nocturna".len()
    );
}

#[test]
fn a_term_of_another_game_is_pointed_out() {
    let output = arbiter(&["rule", "gravolift", "--game", "xwing"], "C");
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stderr(&output).contains("found in another game: `Gravolift` (spacealert)"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn bad_arguments_exit_2() {
    for args in [
        &["rule"][..],
        &["rule", "ataque", "--game", "chess"],
        &["rule", "ataque", "--lang", "fr"],
        &["rule", "ataque", "--list"],
        &["rule", "ataque", "--output", "yaml"],
    ] {
        let output = arbiter(args, "C");
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
    }
    assert_eq!(arbiter(&["rule", "--help"], "C").status.code(), Some(0));
}

#[test]
fn list_shows_every_entry_or_one_game() {
    let output = arbiter(&["rule", "--list", "--game", "talon"], "C");
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(
        text.contains("│ sideslip ") && text.contains("7.3 Deslizamiento"),
        "{text}"
    );
    assert!(text.trim_end().ends_with("136 entries"), "{text}");

    let body = json(&arbiter(&["rule", "--list", "--output", "json"], "C"));
    let entries = body["entries"].as_array().unwrap();
    let games: std::collections::BTreeSet<&str> = entries
        .iter()
        .map(|e| e["game"].as_str().unwrap())
        .collect();
    assert_eq!(
        games.into_iter().collect::<Vec<_>>(),
        ["armada", "spacealert", "talon", "xwing"]
    );
    for entry in entries {
        for field in ["id", "title", "summary", "points", "see_also", "citation"] {
            assert!(!entry[field].is_null(), "{field} missing in {entry}");
        }
        assert!(entry.get("match").is_none(), "a list has no match data");
    }
}

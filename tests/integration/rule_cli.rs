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
    assert!(text.contains("Relacionado: Acciones"), "{text}");
    assert!(
        text.lines().all(|l| l.chars().count() <= 100),
        "wrapped to 100 columns when piped:\n{text}"
    );

    let output = arbiter(&["rule", "barrel roll"], "en_GB.UTF-8");
    assert_eq!(output.status.code(), Some(0));
    assert!(
        stdout(&output).contains("Related: Actions"),
        "{}",
        stdout(&output)
    );

    let output = arbiter(&["rule", "barrel roll", "--lang", "es"], "en_GB.UTF-8");
    assert!(
        stdout(&output).contains("Relacionado: Acciones"),
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
fn a_term_in_several_games_lists_the_others_under_see_also() {
    let output = arbiter(&["rule", "attack"], "C");
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(text.contains("Star Wars: Armada · attack"), "{text}");
    assert!(
        text.contains("\nSee also:\n  • Attack — Star Wars: X-Wing · ataque\n"),
        "{text}"
    );
    let body = json(&arbiter(&["rule", "attack", "--output", "json"], "C"));
    let entries = body["entries"].as_array().unwrap();
    assert!(entries.len() >= 3, "{body}");
    assert_eq!(entries[0]["id"], "attack");
    assert_eq!(entries[0]["match"]["kind"], "exact");
}

/// Questions as judges ask them answer with the entry, ranked, each with its score and the
/// fields its words were found in; the query's language picks the summary's.
#[test]
fn a_question_answers_with_ranked_entries() {
    let output = arbiter(
        &[
            "rule",
            "can a squadron move and attack in the same activation",
            "--game",
            "armada",
        ],
        "es_ES.UTF-8",
    );
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(
        text.contains("Star Wars: Armada · squadron-activation"),
        "{text}"
    );
    assert!(
        text.contains("Related: "),
        "English query, English text: {text}"
    );
    assert!(text.contains("\nSee also:\n  • "), "{text}");

    let body = json(&arbiter(
        &[
            "rule",
            "¿qué pasa si mi nave acaba encima de un asteroide?",
            "--output",
            "json",
        ],
        "C",
    ));
    let entries = body["entries"].as_array().unwrap();
    assert!((2..=5).contains(&entries.len()), "{body}");
    let scores: Vec<f64> = entries
        .iter()
        .map(|e| e["score"].as_f64().unwrap())
        .collect();
    assert!(
        scores.windows(2).all(|w| w[0] >= w[1]),
        "best first: {scores:?}"
    );
    assert_eq!(
        entries[0]["lang"], "es",
        "a Spanish question answers in Spanish"
    );
    let words = entries[0]["match"]["words"].as_object().unwrap();
    assert!(words.contains_key("asteroide"), "{body}");
    assert!(
        words.values().flat_map(|f| f.as_array().unwrap()).all(|f| {
            let f = f.as_str().unwrap();
            ["title.", "alias.", "body.", "situation."]
                .iter()
                .any(|p| f.starts_with(p))
        }),
        "{body}"
    );
}

#[test]
fn abbreviations_and_typos_find_their_entries() {
    for (query, game, id) in [
        ("TL range", "xwing", "fijar-blanco"),
        ("two CDRs in one fleet", "armada", "commanders"),
        ("mov", "armada", "movement"),
        ("interceptrs fuerza", "spacealert", "interceptors"),
    ] {
        let body = json(&arbiter(
            &["rule", query, "--game", game, "--output", "json"],
            "C",
        ));
        assert_eq!(body["entries"][0]["id"], id, "{query}: {body}");
    }
}

#[test]
fn abbreviations_and_typos_find_their_entries_across_games() {
    // Without --game every game's slang applies; an alias typed in its own mixed case
    // ("MoV") means that alias, not the abbreviation spelt with the same letters.
    for (query, game, id) in [
        ("mov", "armada", "movement"),
        ("MoV", "armada", "sector-tournament-points"),
        ("TL range", "xwing", "fijar-blanco"),
        ("two CDRs in one fleet", "armada", "commanders"),
        ("interceptrs fuerza", "spacealert", "interceptors"),
    ] {
        let body = json(&arbiter(&["rule", query, "--output", "json"], "C"));
        assert_eq!(body["entries"][0]["game"], game, "{query}: {body}");
        assert_eq!(body["entries"][0]["id"], id, "{query}: {body}");
    }
}

#[test]
fn a_pasted_page_still_answers() {
    // Timed in benches/rule_search.rs; here: it answers, from the words it scores.
    let page = "squadron ".repeat(5_000) + &"obstacle ".repeat(5_000);
    let output = arbiter(&["rule", &page, "--game", "armada"], "C");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(stdout(&output).contains("Star Wars: Armada · "));
}

#[test]
fn a_miss_exits_1_with_a_diagnostic() {
    let output = arbiter(
        &[
            "rule",
            "vision nocturna termica infrarroja ultravioleta",
            "--game",
            "armada",
        ],
        "C",
    );
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
            "vision nocturna termica infrarroja ultravioleta",
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
        "vision nocturna termica infrarroja ultravioleta".len()
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

/// A rules file given with `--data` is searched: the index built into the binary is of the
/// built-in files only, so with another glossary it is built at start-up instead.
#[test]
fn a_rules_file_from_data_is_searched() {
    let dir = support::scratch();
    let rules = dir.path().join("rules");
    std::fs::create_dir_all(&rules).unwrap();
    let built_in = std::fs::read_to_string(support::root().join("data/rules/talon.toml")).unwrap();
    let extra = r#"
[[entry]]
id = "house-docking"
[entry.citation]
document = "Talon — Reglamento"
version = "2015"
section = "1. TRASFONDO"
[entry.es]
title = "Atraque de zepelines"
summary = "Una regla de la casa sobre zepelines atracados."
[entry.en]
title = "Zeppelin docking"
summary = "A house rule about docked zeppelins."
"#;
    std::fs::write(rules.join("talon.toml"), format!("{built_in}\n{extra}")).unwrap();
    let data = dir.path().to_str().unwrap();
    let output = arbiter(&["rule", "zeppelin"], "en_GB.UTF-8");
    assert_eq!(output.status.code(), Some(1), "not a built-in entry");
    for game in [&[][..], &["--game", "talon"][..]] {
        let mut args = vec!["--data", data, "rule", "zeppelin", "--output", "json"];
        args.extend_from_slice(game);
        let output = arbiter(&args, "en_GB.UTF-8");
        assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
        let found = json(&output);
        assert_eq!(found["entries"][0]["id"], "house-docking", "{found}");
        // The built-in entries are still found, ranked by the same glossary.
        let output = arbiter(&["--data", data, "rule", "sideslip"], "en_GB.UTF-8");
        assert!(stdout(&output).contains("Sideslip"), "{}", stdout(&output));
    }
}

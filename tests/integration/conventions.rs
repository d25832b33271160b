//! Terminal conventions, end to end on the real binary: shell completions and the man
//! page, `--color` / `NO_COLOR` on every command, errors on stderr and data on stdout,
//! ambiguous card names, and `arbiter explain` (with its citations held to the documents
//! they name).

use crate::support::{self, root, stderr, stdout};
use arbiter::report::Code;
use arbiter::report::explain::explanations;
use std::process::Output;

const ESC: char = '\u{1b}';

/// `arbiter ARGS` with `env` set on top of an environment that says nothing of colour:
/// these tests are about how colour is chosen.
fn run_with(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = support::command();
    command
        .args(args)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE");
    for (key, value) in env {
        command.env(key, value);
    }
    support::run(&mut command)
}

/// `arbiter ARGS`, colour left to the terminal (none into a pipe).
fn arbiter(args: &[&str]) -> Output {
    run_with(args, &[])
}

// ---------------------------------------------------------------------------------------
// Completions and man page

#[test]
fn completions_for_every_shell_name_the_subcommands() {
    for (shell, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef arbiter"),
        ("fish", "complete -c arbiter"),
        ("powershell", "Register-ArgumentCompleter"),
        ("elvish", "edit:completion:arg-completer[arbiter]"),
    ] {
        let output = arbiter(&["completions", shell]);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{shell}: {}",
            stderr(&output)
        );
        let script = stdout(&output);
        assert!(script.contains(marker), "{shell}: no `{marker}`");
        for word in ["validate", "explain", "resolve", "color"] {
            assert!(script.contains(word), "{shell}: `{word}` not completed");
        }
        assert!(stderr(&output).is_empty(), "{shell}: {}", stderr(&output));
    }
    let output = arbiter(&["completions", "tcsh"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("bash"), "{}", stderr(&output));
}

#[test]
fn man_prints_a_roff_page_of_every_subcommand() {
    let output = arbiter(&["man"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let page = stdout(&output);
    assert!(
        page.starts_with(".ie \\n(.g .ds Aq"),
        "{}",
        &page[..page.len().min(200)]
    );
    assert!(page.contains(".TH arbiter 1"), "no title header");
    for section in [".SH NAME", ".SH SYNOPSIS", ".SH OPTIONS", ".SH SUBCOMMANDS"] {
        assert!(page.contains(section), "no `{section}`");
    }
    for command in ["validate", "explain", "completions", "rule"] {
        assert!(page.contains(command), "`{command}` missing");
    }
}

// ---------------------------------------------------------------------------------------
// Colour and streams

/// One invocation of each command that prints something on stdout or stderr.
const EVERY_COMMAND: &[&[&str]] = &[
    &["cards", "show", "vsd2"],
    &["cards", "show", "Victroy II"],
    &["cards", "show", "tie"],
    &["cards", "search", "tie"],
    &[
        "cards",
        "check",
        "tests/fixtures/broken-data/errata-unknown-card.toml",
    ],
    &["rule", "ataque"],
    &["rule", "zzzqqq"],
    &[
        "resolve",
        "examples/armada/first-player-resolves-first.toml",
    ],
    &["validate", "examples/lists/armada-garm-liberty.txt"],
    &[
        "score",
        "armada",
        "--format",
        "sector-800",
        "--margin",
        "230",
    ],
    &["explain", "armada::squadron_cap"],
    &["explain", "--list"],
    &["explain", "nonsense"],
    &["schema", "rules"],
];

#[test]
fn color_never_and_auto_into_a_pipe_print_no_escape_codes() {
    for args in EVERY_COMMAND {
        for (flag, env) in [
            (Some("never"), &[][..]),
            (None, &[][..]),
            (None, &[("NO_COLOR", "1")][..]),
            (Some("never"), &[("CLICOLOR_FORCE", "1")][..]),
        ] {
            let mut full: Vec<&str> = args.to_vec();
            if let Some(flag) = flag {
                full.extend(["--color", flag]);
            }
            let output = run_with(&full, env);
            let text = format!("{}{}", stdout(&output), stderr(&output));
            assert!(!text.is_empty(), "{full:?}: printed nothing");
            assert!(
                !text.contains(ESC),
                "{full:?} {env:?}: escape codes in {text}"
            );
        }
    }
}

#[test]
fn color_always_colours_tables_and_diagnostics_even_with_no_color() {
    // A table on stdout: bold header.
    for env in [&[][..], &[("NO_COLOR", "1")][..]] {
        let output = run_with(&["--color", "always", "cards", "search", "tie"], env);
        assert_eq!(output.status.code(), Some(0));
        assert!(
            stdout(&output).contains(ESC),
            "{env:?}: {}",
            stdout(&output)
        );
        // A diagnostic on stderr: miette's coloured theme.
        let output = run_with(&["cards", "show", "Victroy II", "--color=always"], env);
        assert_eq!(output.status.code(), Some(1));
        assert!(
            stderr(&output).contains(ESC),
            "{env:?}: {}",
            stderr(&output)
        );
        assert!(stdout(&output).is_empty());
    }
    // The flag is global: before or after the subcommand, the last one wins.
    let output = arbiter(&["--color", "always", "explain", "--list", "--color", "never"]);
    assert!(!stdout(&output).contains(ESC));
}

#[test]
fn a_bad_color_value_is_a_usage_error() {
    let output = arbiter(&["--color", "sometimes", "explain", "--list"]);
    assert_eq!(output.status.code(), Some(2));
    let text = stderr(&output);
    assert!(text.contains("auto") && text.contains("never"), "{text}");
    assert!(stdout(&output).is_empty());
}

#[test]
fn errors_go_to_stderr_and_data_to_stdout() {
    let found = arbiter(&["cards", "show", "vsd2"]);
    assert!(stdout(&found).contains("victory-ii-class-star-destroyer"));
    assert!(stderr(&found).is_empty(), "{}", stderr(&found));
    for args in [
        &["cards", "show", "Victroy II"][..],
        &["cards", "show", "tie"][..],
        &["rule", "zzzqqq"][..],
        &["explain", "nonsense"][..],
    ] {
        let output = arbiter(args);
        assert_ne!(output.status.code(), Some(0), "{args:?}");
        assert!(stdout(&output).is_empty(), "{args:?}: {}", stdout(&output));
        assert!(
            stderr(&output).contains("×"),
            "{args:?}: {}",
            stderr(&output)
        );
    }
}

// ---------------------------------------------------------------------------------------
// Ambiguous card names

#[test]
fn an_ambiguous_name_lists_the_candidates_and_exits_2() {
    let output = arbiter(&["cards", "show", "tie"]);
    assert_eq!(output.status.code(), Some(2));
    let text = stderr(&output);
    assert!(text.contains("cards::ambiguous_name"), "{text}");
    assert!(text.contains("`tie` matches 69 cards"), "{text}");
    for column in ["name", "game", "type", "id"] {
        assert!(
            text.contains(&format!(" {column} ")),
            "no {column} column: {text}"
        );
    }
    // Best first: in the ranking `cards search` uses, whose first 20 are the ones listed.
    // The cells of one column of every table row (header included).
    let column = |text: &str, n: usize| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with('│'))
            .filter_map(|l| l.trim_matches('│').split('┆').nth(n))
            .map(|cell| cell.trim().to_string())
            .collect()
    };
    let search = stdout(&arbiter(&["cards", "search", "tie", "--limit", "20"]));
    let listed = column(&text, 3);
    assert_eq!(listed.len(), 21, "header and 20 candidates: {listed:?}");
    assert_eq!(listed[1..], column(&search, 2)[1..], "{text}\n{search}");
    assert!(text.contains("--limit 69"), "{text}");
    // No card's facts are shown.
    assert!(!text.contains("Points"), "{text}");
}

#[test]
fn an_ambiguous_name_in_json_lists_the_matches() {
    let output = arbiter(&["cards", "show", "howlrun", "--output", "json"]);
    assert_eq!(output.status.code(), Some(2));
    let body: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(body["cards"].as_array().map(Vec::len), Some(0));
    assert_eq!(body["diagnostics"][0]["code"], "cards::ambiguous_name");
    let matches = body["matches"].as_array().unwrap();
    assert_eq!(body["total"], matches.len());
    let games: Vec<&str> = matches.iter().filter_map(|m| m["game"].as_str()).collect();
    assert!(
        games.contains(&"armada") && games.contains(&"xwing"),
        "{body}"
    );
    for m in matches {
        for key in ["name", "game", "kind", "id"] {
            assert!(m[key].is_string(), "{key} in {m}");
        }
    }
}

#[test]
fn an_exact_id_or_name_still_shows_the_card() {
    for query in [
        "howlrunner-tie-fighter-squadron",
        "Whisper",
        "TIE Reaper",
        "tiereaper",
    ] {
        let output = arbiter(&["cards", "show", query]);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{query}: {}",
            stderr(&output)
        );
        assert!(
            stdout(&output).contains("│ id "),
            "{query}: {}",
            stdout(&output)
        );
    }
    // Part of a name that fits one card alone is not ambiguous.
    let output = arbiter(&["cards", "show", "howlrun", "--game", "armada"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(stdout(&output).contains("howlrunner-tie-fighter-squadron"));
}

// ---------------------------------------------------------------------------------------
// explain

#[test]
fn explain_list_names_every_code() {
    let output = arbiter(&["explain", "--list"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    for code in Code::ALL {
        assert!(text.contains(code.as_str()), "{code} not listed");
    }
    insta::assert_snapshot!("explain_list", text);
    let output = arbiter(&["explain", "--list", "--output", "json"]);
    let body: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(
        body["codes"].as_array().map(Vec::len),
        Some(Code::ALL.len())
    );
}

#[test]
fn explain_a_code_prints_meaning_rule_source_and_example() {
    let output = arbiter(&["explain", "armada::squadron_cap"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.starts_with("armada::squadron_cap: "), "{text}");
    for part in [
        "\nRule\n",
        "\nSource: Star Wars: Armada",
        "“FORMACIÓN DE FLOTAS”",
        "\nExample\n",
    ] {
        assert!(text.contains(part), "no `{part}` in {text}");
    }
    // Case and surrounding spaces do not matter; JSON carries the same fields.
    let output = arbiter(&["explain", " XWING::LIMITED ", "--output", "json"]);
    assert_eq!(output.status.code(), Some(0));
    let body: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(body["code"], "xwing::limited");
    for key in ["meaning", "rule", "example"] {
        assert!(body[key].as_str().is_some_and(|s| !s.is_empty()), "{key}");
    }
    assert_eq!(body["source"]["section"], "CARTAS LIMITADAS Y SINGULARES");
}

#[test]
fn explain_an_unknown_code_suggests_and_exits_2() {
    let output = arbiter(&["explain", "armada::squadron_caps"]);
    assert_eq!(output.status.code(), Some(2));
    let text = stderr(&output);
    assert!(text.contains("explain::unknown_code"), "{text}");
    assert!(
        text.contains("did you mean `armada::squadron_cap`"),
        "{text}"
    );
    let output = arbiter(&["explain"]);
    assert_eq!(
        output.status.code(),
        Some(2),
        "a code or --list is required"
    );
}

/// A heading line as printed: Markdown `#` and bold markers taken off.
fn printed_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(|l| {
            l.trim()
                .trim_start_matches('#')
                .replace("**", "")
                .trim()
                .to_string()
        })
        .collect()
}

/// The documents explanations cite for what is arbiter's own choice: the README
/// (`arbiter README`) and the pages under docs/ (`arbiter docs/validate.md`).
fn own_document(document: &str) -> Option<std::path::PathBuf> {
    match document {
        "arbiter README" => Some(root().join("README.md")),
        other => other
            .strip_prefix("arbiter docs/")
            .map(|f| root().join("docs").join(f)),
    }
}

#[test]
fn every_explanation_citing_our_docs_names_one_of_their_sections() {
    let citing: Vec<_> = explanations()
        .unwrap()
        .into_iter()
        .filter(|e| own_document(&e.source.document).is_some())
        .collect();
    assert!(!citing.is_empty(), "no explanation cites arbiter's docs");
    let wrong: Vec<String> = citing
        .iter()
        .filter(|e| {
            let path = own_document(&e.source.document).unwrap();
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            !text.lines().any(|l| {
                let heading = l.strip_prefix("## ").or_else(|| l.strip_prefix("# "));
                heading == Some(e.source.section.as_str())
            })
        })
        .map(|e| format!("{}: {} / {}", e.code, e.source.document, e.source.section))
        .collect();
    assert!(
        wrong.is_empty(),
        "citations of sections our docs do not have: {wrong:#?}"
    );
}

#[test]
fn every_explanation_cites_a_heading_its_document_prints() {
    let Some(seeds) = support::seeds() else {
        return;
    };
    let documents: Vec<(&str, Vec<String>)> = vec![
        (
            "Star Wars: Armada — Guía de referencia",
            printed_lines(&seeds.text("000")),
        ),
        (
            "Star Wars: X-Wing — Guía de referencia",
            printed_lines(&seeds.text("002")),
        ),
        (
            "Star Wars: Armada — Flotas de Sector",
            printed_lines(&seeds.text("003")),
        ),
        (
            "Space Alert — Reglamento",
            printed_lines(&seeds.text("001")),
        ),
        ("Talon — Reglamento", printed_lines(&seeds.text("004"))),
    ];
    let mut wrong = Vec::new();
    for e in explanations().unwrap() {
        let section = e.source.section.as_str();
        if own_document(&e.source.document).is_some() {
            continue;
        }
        let printed = match documents.iter().find(|(d, _)| *d == e.source.document) {
            // Talon's rulebook runs a heading into its first sentence on one line.
            Some((_, lines)) => lines
                .iter()
                .any(|l| l == section || l.starts_with(&format!("{section} "))),
            None => false,
        };
        if !printed {
            wrong.push(format!("{}: {} / {section}", e.code, e.source.document));
        }
    }
    assert!(
        wrong.is_empty(),
        "citations of headings not printed there: {wrong:#?}"
    );
}

/// Users know the rulebooks by name, not by the numbers of the files they came in: the
/// README, the docs, the examples and the JSON Schemas (shown by editors) never say
/// "seed", except the `--seed` option that makes dice rolls reproducible.
#[test]
fn user_facing_text_names_documents_not_seeds() {
    let mut files = vec![root().join("README.md")];
    for folder in ["docs", "examples", "data/schema"] {
        files.extend(
            walkdir::WalkDir::new(root().join(folder))
                .into_iter()
                .filter_map(Result::ok)
                .filter(|e| e.file_type().is_file())
                .map(|e| e.into_path()),
        );
    }
    let mut offenders = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap_or_default();
        for (n, line) in text.lines().enumerate() {
            let lower = line.to_lowercase().replace("--seed", "");
            if lower.contains("seed") {
                offenders.push(format!("{}:{}: {line}", file.display(), n + 1));
            }
        }
    }
    assert!(files.len() > 10, "{files:?}");
    assert!(offenders.is_empty(), "{offenders:#?}");
}

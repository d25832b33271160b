//! What a run prints and where (issue "Day one"): reports on stdout and logs on stderr,
//! `--quiet` and `--verbose` on `validate` and `cards check`, builder links and standard
//! input where a path is expected, a missing scenario under a `scenario::` code.

use crate::support::{self, arbiter_with_stdin, json, stderr, stdout};
use std::process::Output;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");

/// Run the binary from the fixtures folder, so file names in reports are relative.
fn arbiter(args: &[&str]) -> Output {
    support::run(
        support::command()
            .current_dir(FIXTURES)
            .env("NO_COLOR", "1")
            .args(args),
    )
}

const MIXED_FOLDERS: [&str; 3] = ["validate", "armada/validate/valid", "armada/kingston"];

#[test]
fn validate_quiet_prints_only_the_failing_lists_and_the_totals() {
    let everything = arbiter(&MIXED_FOLDERS);
    let quiet = arbiter(&[&MIXED_FOLDERS[..], &["--quiet"]].concat());
    assert_eq!(quiet.status.code(), everything.status.code());
    assert_eq!(quiet.status.code(), Some(1), "{}", stdout(&everything));
    let summary = json(&arbiter(
        &[&MIXED_FOLDERS[..], &["--output", "json"]].concat(),
    ))["summary"]
        .clone();
    let failing = summary["invalid"].as_u64().unwrap() + summary["unreadable"].as_u64().unwrap();
    let text = stdout(&quiet);
    assert!(!text.contains('✔'), "a passing list is left out:\n{text}");
    let shown = text.lines().filter(|l| l.starts_with('✘')).count() as u64;
    assert_eq!(shown, failing, "{text}");
    assert!(
        text.contains("13 lists:"),
        "the totals close the run:\n{text}"
    );
    assert!(
        !text.contains("diagnostics"),
        "no table of codes under --quiet:\n{text}"
    );
    assert_eq!(stderr(&quiet), "");
    insta::assert_snapshot!(text);
}

#[test]
fn validate_quiet_prints_nothing_when_every_list_passes() {
    for args in [
        &["validate", "armada/validate/valid", "--quiet"][..],
        &[
            "validate",
            "armada/validate/valid/kingston-rebel-garm-liberty.txt",
            "-q",
        ],
        &[
            "validate",
            "armada/validate/valid",
            "--quiet",
            "--output",
            "github",
        ],
    ] {
        let output = arbiter(args);
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert_eq!(stdout(&output), "", "{args:?}");
        assert_eq!(stderr(&output), "", "{args:?}");
    }
    // A document for tools stays whole.
    let body = json(&arbiter(&[
        "validate",
        "armada/validate/valid",
        "--quiet",
        "--output",
        "json",
    ]));
    assert_eq!(
        body["summary"]["lists"],
        body["results"].as_array().unwrap().len()
    );
    assert!(body["summary"]["lists"].as_u64().unwrap() > 1);
}

#[test]
fn validate_verbose_shows_every_list_in_full_and_logs_on_stderr() {
    let output = arbiter(&["validate", "armada/validate/valid", "--verbose"]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    let lists = json(&arbiter(&[
        "validate",
        "armada/validate/valid",
        "--output",
        "json",
    ]))["summary"]["lists"]
        .as_u64()
        .unwrap();
    // In full: each list's closing verdict with its counts, under its table.
    let verdicts = text.lines().filter(|l| l.contains(": valid, ")).count() as u64;
    assert_eq!(verdicts, lists, "{text}");
    assert!(text.contains('┆'), "each list's points table:\n{text}");
    let log = stderr(&output);
    assert!(log.starts_with("data: "), "{log}");
    assert!(log.contains(&format!("checked {lists} lists in ")), "{log}");
    assert!(!text.contains("data: "), "logs stay off stdout");
    let both = arbiter(&["validate", "armada/validate/valid", "-q", "-v"]);
    assert_eq!(
        both.status.code(),
        Some(2),
        "--quiet and --verbose conflict"
    );
}

#[test]
fn cards_check_reports_on_stdout_and_counts_the_files_given() {
    let output = arbiter(&["cards", "check", "broken-data/errata-unknown-card.toml"]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(text.contains("cards::"), "{text}");
    let last = text.trim_end().lines().last().unwrap_or_default();
    assert!(
        last.starts_with("checked 1 file (") && last.ends_with("): 1 error, 0 warnings"),
        "{text}"
    );
    assert!(!stderr(&output).contains("cards::"), "{}", stderr(&output));
    // The built-in data alone: its own files are what is counted.
    let built_in = arbiter(&["cards", "check", "--output", "json"]);
    assert!(json(&built_in)["files_checked"].as_u64().unwrap() > 30);
    let given = json(&arbiter(&[
        "cards",
        "check",
        "--output",
        "json",
        "broken-data/errata-unknown-card.toml",
        "broken-data/errata-duplicate-id.toml",
    ]));
    assert_eq!(given["files_checked"], 2, "{given}");
}

#[test]
fn cards_check_quiet_prints_errors_only_and_nothing_when_clean() {
    let clean = arbiter(&["cards", "check", "--quiet"]);
    assert_eq!(clean.status.code(), Some(0));
    assert_eq!(stdout(&clean), "");
    assert_eq!(stderr(&clean), "");
    let broken = arbiter(&[
        "cards",
        "check",
        "-q",
        "broken-data/errata-unknown-card.toml",
    ]);
    assert_eq!(broken.status.code(), Some(1));
    let text = stdout(&broken);
    assert!(text.contains("cards::"), "{text}");
    assert!(
        !text.contains("checked "),
        "no totals under --quiet:\n{text}"
    );
}

#[test]
fn cards_check_verbose_names_each_file_read_and_folds_no_repeats() {
    let output = arbiter(&[
        "cards",
        "check",
        "--verbose",
        "broken-data/errata-unknown-card.toml",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let log = stderr(&output);
    assert!(
        log.lines()
            .any(|l| l == "read broken-data/errata-unknown-card.toml"),
        "{log}"
    );
    assert!(
        log.lines().any(|l| l.starts_with("read <embedded>/")),
        "{log}"
    );
    assert!(!stdout(&output).contains("read "), "logs stay off stdout");
}

#[test]
fn cards_check_reads_standard_input() {
    let text = std::fs::read(format!("{FIXTURES}/broken-data/errata-unknown-card.toml")).unwrap();
    let output = arbiter_with_stdin(&["cards", "check", "-", "--output", "json"], &text);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let body = json(&output);
    assert_eq!(body["files_checked"], 1, "{body}");
    let files: Vec<&str> = body["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|d| d["file"].as_str())
        .collect();
    assert!(files.contains(&"<stdin>"), "{body}");
    let clean = arbiter_with_stdin(
        &["cards", "check", "--standalone", "-"],
        &std::fs::read(format!(
            "{}/data/rules/talon.toml",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap(),
    );
    assert_eq!(clean.status.code(), Some(0), "{}", stdout(&clean));
    assert!(
        stdout(&clean).starts_with("checked 1 file ("),
        "{}",
        stdout(&clean)
    );
}

#[test]
fn a_builder_link_as_an_argument_is_the_list_it_encodes() {
    let link = std::fs::read_to_string(format!(
        "{}/examples/lists/xwing-yavin-link.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let link = link.trim();
    let piped = arbiter_with_stdin(&["validate", "-", "--output", "json"], link.as_bytes());
    let given = arbiter(&["validate", link, "--output", "json"]);
    assert_eq!(given.status.code(), Some(0), "{}", stdout(&given));
    let (mut piped, mut given) = (json(&piped), json(&given));
    assert_eq!(given["results"][0]["file"], link);
    assert_eq!(given["results"][0]["source_format"], "yasb-link");
    piped["results"][0]["file"] = serde_json::Value::Null;
    given["results"][0]["file"] = serde_json::Value::Null;
    assert_eq!(piped, given, "the same list as when piped in");
    // A link to no list is still a located diagnostic, not a missing file.
    let nothing = arbiter(&["validate", "https://example.com/nothing"]);
    assert_eq!(nothing.status.code(), Some(2));
    assert!(
        !stdout(&nothing).contains("No such file"),
        "{}",
        stdout(&nothing)
    );
}

#[test]
fn a_missing_scenario_has_a_scenario_code() {
    let output = arbiter(&["resolve", "no/such/scenario.toml"]);
    assert_eq!(output.status.code(), Some(2));
    let log = stderr(&output);
    assert!(log.contains("scenario::io"), "{log}");
    assert!(!log.contains("cards::io"), "{log}");
    let body = json(&arbiter(&[
        "resolve",
        "no/such/scenario.toml",
        "--output",
        "json",
    ]));
    assert_eq!(body["diagnostics"][0]["code"], "scenario::io", "{body}");
}

#[test]
fn no_progress_is_drawn_when_stderr_is_not_a_terminal() {
    let folders = ["validate", "armada", "xwing", "talon"];
    let output = arbiter(&folders);
    let lists = json(&arbiter(&[&folders[..], &["--output", "json"]].concat()))["summary"]["lists"]
        .as_u64()
        .unwrap();
    assert!(lists > 20, "a folder run: {lists} lists");
    assert!(
        !stderr(&output).contains("lists checked"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn the_folder_summary_leads_with_errors_and_keeps_notes_apart() {
    let output = arbiter(&MIXED_FOLDERS);
    let text = stdout(&output);
    for line in text.lines().filter(|l| l.starts_with('✔')) {
        assert!(!line.contains("::"), "a passing list shows no note: {line}");
    }
    let totals = text.lines().find(|l| l.starts_with("13 lists:")).unwrap();
    assert!(
        totals.ends_with("2 errors, 0 warnings, 3 notes"),
        "{totals}"
    );
    assert!(
        text.contains("notes: armada::points_revision (3)"),
        "{text}"
    );
    let table = text.split("13 lists:").nth(1).unwrap();
    assert!(
        !table
            .lines()
            .any(|l| l.contains("points_revision") && l.contains('┆')),
        "notes are not in the table of problems:\n{table}"
    );

    let only = arbiter(&[&MIXED_FOLDERS[..], &["--only", "invalid"]].concat());
    assert_eq!(only.status.code(), output.status.code());
    let shown = stdout(&only);
    assert!(!shown.contains('✔'), "{shown}");
    assert_eq!(
        shown.lines().filter(|l| l.starts_with('✘')).count(),
        1,
        "{shown}"
    );
    assert!(shown.contains("┆ severity ┆"), "the codes stay: {shown}");

    let plain = stdout(&output);
    assert!(!plain.contains('\x1b'), "NO_COLOR: no colour");
    let coloured = stdout(&arbiter(
        &[&MIXED_FOLDERS[..], &["--color", "always"]].concat(),
    ));
    assert!(coloured.contains("\x1b[32m✔\x1b[0m"), "{coloured}");
    assert!(coloured.contains("\x1b[31m✘\x1b[0m"), "{coloured}");
}

/// `arbiter ARGS` with `COLUMNS` set, from the project's root.
fn arbiter_at_width(columns: &str, args: &[&str]) -> Output {
    support::run(support::command().env("COLUMNS", columns).args(args))
}

fn widest_table_line(text: &str) -> usize {
    text.lines()
        .filter(|l| l.starts_with(['│', '┌', '└', '╞']))
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0)
}

#[test]
fn tables_and_reports_fit_the_width_columns_asks_for() {
    let scenario = "examples/xwing/queue-example-1-jake-farrell.toml";
    let wide = stdout(&arbiter_at_width("160", &["resolve", scenario]));
    let narrow = stdout(&arbiter_at_width("80", &["resolve", scenario]));
    assert_eq!(widest_table_line(&narrow), 80, "{narrow}");
    assert!(widest_table_line(&wide) > 80, "{wide}");
    // Without COLUMNS and without a terminal: the fixed width, as before.
    let fixed = stdout(&support::arbiter(&["resolve", scenario]));
    assert_eq!(widest_table_line(&fixed), 120, "{fixed}");
    // Every step is still there at 80 columns.
    let rows = |text: &str| {
        text.lines()
            .filter(|l| {
                l.split('┆')
                    .next()
                    .is_some_and(|c| c.trim_start_matches('│').trim().parse::<u32>().is_ok())
            })
            .count()
    };
    assert_eq!(rows(&narrow), rows(&fixed));

    let list = "examples/lists/armada-garm-liberty.txt";
    let table = stdout(&arbiter_at_width("72", &["validate", list]));
    assert!(widest_table_line(&table) <= 72, "{table}");
    let report = stdout(&arbiter_at_width(
        "60",
        &[
            "cards",
            "check",
            "tests/fixtures/broken-data/errata-unknown-field.toml",
        ],
    ));
    let help: Vec<&str> = report
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("help:"))
        .take_while(|l| !l.is_empty() && !l.starts_with("checked"))
        .collect();
    assert!(help.len() > 2, "the help wraps at 60 columns:\n{report}");
    assert!(help.iter().all(|l| l.chars().count() <= 60), "{report}");
}

//! Issue 23, item 8: every reader takes a byte-order mark and CRLF or lone-CR line ends;
//! unreadable files exit as the README says, with messages that fit; an option a list's
//! game does not take is a warning.

use crate::support::{arbiter, arbiter_with_stdin, json, scratch, stderr};
use serde_json::Value;

/// One list of every reader: each Armada builder, each X-Wing format, Talon.
const LISTS: &[&str] = &[
    "tests/fixtures/armada/kingston/dumpster-fire-mk-18.txt",
    "tests/fixtures/armada/star-forge/clone-wars-carrier.txt",
    "tests/fixtures/armada/flagship/dumpster-fire-mk-18.txt",
    "tests/fixtures/armada/fleet-builder-app/raddeux-lib-v4.txt",
    "tests/fixtures/armada/fleets-designer/dumpster-fire-mk-18.txt",
    "examples/lists/armada-screed-raiders.txt",
    "tests/fixtures/xwing/xws/blade-runners.json",
    "tests/fixtures/xwing/yasb-link/blade-runners.txt",
    "tests/fixtures/xwing/yasb-text/blade-runners.txt",
    "tests/fixtures/xwing/yasb-text/old-format.txt",
    "tests/fixtures/xwing/reddit/blade-runners.md",
    "tests/fixtures/xwing/lbn/blade-runners.txt",
    "tests/fixtures/xwing/tts/blade-runners.txt",
    "examples/lists/talon-terran-patrol.txt",
    "examples/lists/talon-terran-carrier-group.txt",
];

/// The same text with its line ends and start changed as editors change them.
fn variants(bytes: &[u8]) -> Vec<(&'static str, Vec<u8>)> {
    let lf = String::from_utf8_lossy(bytes).replace("\r\n", "\n");
    let bom = |text: &str| [&b"\xef\xbb\xbf"[..], text.as_bytes()].concat();
    let crlf = lf.replace('\n', "\r\n");
    let cr = lf.replace('\n', "\r");
    vec![
        ("BOM", bom(&lf)),
        ("CRLF", crlf.clone().into_bytes()),
        ("lone CR", cr.clone().into_bytes()),
        ("BOM and CRLF", bom(&crlf)),
        ("BOM and lone CR", bom(&cr)),
    ]
}

/// What a reader made of a list: the verdict and every diagnostic with its line.
fn reading(result: &Value) -> Value {
    let diagnostics: Vec<Value> = result["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| serde_json::json!([d["code"], d["line"], d["severity"]]))
        .collect();
    serde_json::json!({
        "readable": result["readable"],
        "valid": result["valid"],
        "source_format": result["source_format"],
        "points": result["points"],
        "diagnostics": diagnostics,
    })
}

fn validate_bytes(bytes: &[u8]) -> Value {
    let output = arbiter_with_stdin(&["validate", "--output", "json", "-"], bytes);
    reading(&json(&output)["results"][0])
}

#[test]
fn every_list_reader_takes_a_bom_and_any_line_end() {
    for path in LISTS {
        let bytes = std::fs::read(crate::support::root().join(path)).expect("the fixture");
        let expected = validate_bytes(&bytes);
        assert_eq!(expected["readable"], true, "{path}: {expected}");
        for (what, variant) in variants(&bytes) {
            assert_eq!(validate_bytes(&variant), expected, "{path} with {what}");
        }
    }
}

#[test]
fn export_takes_a_bom_and_any_line_end() {
    let path = "tests/fixtures/xwing/yasb-text/blade-runners.txt";
    let bytes = std::fs::read(crate::support::root().join(path)).expect("the fixture");
    let export = |input: &[u8]| arbiter_with_stdin(&["export", "-", "--to", "xws"], input);
    let expected = export(&bytes);
    assert_eq!(expected.status.code(), Some(0), "{}", stderr(&expected));
    for (what, variant) in variants(&bytes) {
        let output = export(&variant);
        assert_eq!(
            output.stdout,
            expected.stdout,
            "{path} with {what}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn every_scenario_and_data_reader_takes_a_bom_and_any_line_end() {
    let dir = scratch();
    let cases: &[(&[&str], &str)] = &[
        (
            &["resolve", "--output", "json"],
            "examples/xwing/afterburners-boost-twice.toml",
        ),
        (
            &["resolve", "--output", "json"],
            "examples/armada/first-player-resolves-first.toml",
        ),
        (
            &["resolve", "--output", "json"],
            "examples/spacealert/heavy-laser-fighter.toml",
        ),
        (
            &["resolve", "--output", "json"],
            "examples/talon/fire-patton-at-vision.toml",
        ),
        (
            &["cards", "check", "--output", "json"],
            "data/errata/xwing-rr-1.4.5.toml",
        ),
        (
            &["cards", "check", "--output", "json"],
            "data/cards/talon/ships.toml",
        ),
        (
            &["cards", "check", "--output", "json"],
            "data/rules/spacealert.toml",
        ),
    ];
    for (command, path) in cases {
        let bytes = std::fs::read(crate::support::root().join(path)).expect("the example");
        // At the same path in a data tree, a data file replaces the built-in one.
        let at = dir.path().join(path);
        std::fs::create_dir_all(at.parent().expect("a folder")).expect("made");
        let run = |bytes: &[u8]| {
            std::fs::write(&at, bytes).expect("written");
            let mut args = command.to_vec();
            args.push(at.to_str().expect("UTF-8"));
            let output = arbiter(&args);
            let mut body = json(&output);
            // The file's name and checked counts are the same; the rest must be too.
            if let Some(steps) = body.get_mut("steps") {
                *steps = Value::from(steps.as_array().map_or(0, Vec::len));
            }
            (output.status.code(), body)
        };
        let expected = run(&bytes);
        assert_eq!(
            expected.0,
            Some(0),
            "{path}: {:.2000}",
            expected.1.to_string()
        );
        for (what, variant) in variants(&bytes) {
            assert_eq!(run(&variant), expected, "{path} with {what}");
        }
    }
}

#[cfg(unix)]
#[test]
fn cards_check_exits_2_on_a_file_it_cannot_read_and_says_why() {
    let dir = scratch();
    let data = dir.path().join("data/errata");
    std::fs::create_dir_all(&data).expect("made");
    std::os::unix::fs::symlink(dir.path().join("gone.toml"), data.join("broken.toml"))
        .expect("linked");
    let output = arbiter(&[
        "cards",
        "check",
        dir.path().join("data").to_str().expect("UTF-8"),
    ]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let said = stderr(&output);
    assert!(said.contains("broken.toml"), "{said}");
    assert!(
        !said.contains("split the file"),
        "a read failure is no size problem: {said}"
    );
}

#[test]
fn a_scenario_that_is_no_utf8_or_no_file_gets_a_scenario_code() {
    let dir = scratch();
    let latin1 = dir.path().join("latin1.toml");
    std::fs::write(
        &latin1,
        b"game = \"xwing\"\ntitle = \"Maniobra de Poe \xf3\"\n",
    )
    .expect("written");
    let output = arbiter(&["resolve", latin1.to_str().expect("UTF-8")]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("scenario::encoding"),
        "{}",
        stderr(&output)
    );
    assert!(
        stderr(&output).contains("latin1.toml:2:"),
        "located: {}",
        stderr(&output)
    );
    let missing = arbiter(&["resolve", "no/such/scenario.toml"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        stderr(&missing).contains("scenario::io"),
        "{}",
        stderr(&missing)
    );
}

/// The `list::option_ignored` warnings of one list validated with `args`.
fn ignored(args: &[&str], list: &str) -> Vec<String> {
    let mut all = vec!["validate", "--output", "json"];
    all.extend_from_slice(args);
    all.push(list);
    let output = arbiter(&all);
    json(&output)["results"][0]["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .filter(|d| d["code"] == "list::option_ignored")
        .map(|d| d["message"].as_str().unwrap_or_default().to_string())
        .collect()
}

#[test]
fn an_option_the_lists_game_does_not_take_is_a_warning() {
    let armada = "examples/lists/armada-garm-liberty.txt";
    let xwing = "examples/lists/xwing-yavin-link.txt";
    let talon = "examples/lists/talon-terran-patrol.txt";
    for list in [armada, xwing] {
        let said = ignored(&["--points-limit", "500"], list);
        assert_eq!(said.len(), 1, "{list}: {said:?}");
        assert!(said[0].contains("--points-limit 500"), "{said:?}");
        assert!(
            ignored(&["--format", "standard"], list).is_empty(),
            "{list} takes --format"
        );
    }
    let said = ignored(&["--format", "standard"], talon);
    assert_eq!(said.len(), 1, "{said:?}");
    assert!(said[0].contains("Talon"), "{said:?}");
    assert!(
        ignored(&["--points-limit", "500"], talon).is_empty(),
        "Talon takes the limit"
    );
}

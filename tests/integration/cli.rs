//! End-to-end tests of the real binary: exit codes, output shapes, bad input.

use crate::support::{arbiter, root, scratch, stderr, stdout};

#[test]
fn the_built_in_data_passes_its_own_check() {
    let output = arbiter(&["cards", "check"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(stdout(&output).contains(" 0 errors"), "{}", stdout(&output));
}

#[test]
fn check_json_has_the_documented_shape() {
    let output = arbiter(&[
        "cards",
        "check",
        "--output",
        "json",
        "tests/fixtures/broken-data/errata-unknown-card.toml",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let body: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(
        body["files_checked"], 1,
        "the file given, not the built-in data under it"
    );
    let first = &body["diagnostics"][0];
    assert_eq!(first["code"], "cards::dangling_reference");
    assert_eq!(first["severity"], "error");
    assert_eq!(
        first["file"],
        "tests/fixtures/broken-data/errata-unknown-card.toml"
    );
    assert_eq!(first["line"], 4);
    assert_eq!(first["span"]["length"], "\"lukeskywalkr\"".len());
    assert!(first["help"].as_str().unwrap().contains("did you mean"));
}

#[test]
fn check_github_prints_annotations() {
    let output = arbiter(&[
        "cards",
        "check",
        "--output",
        "github",
        "tests/fixtures/broken-data/errata-unknown-field.toml",
    ]);
    assert_eq!(output.status.code(), Some(1));
    let text = stdout(&output);
    assert!(
        text.starts_with("::error file=tests/fixtures/broken-data/errata-unknown-field.toml,line=8,col=1,title=cards%3A%3Aunknown_field::"),
        "{text}"
    );
}

#[test]
fn check_reports_every_problem_of_a_file() {
    let output = arbiter(&[
        "cards",
        "check",
        "--output",
        "json",
        "tests/fixtures/broken-data/syntax-several-broken-records.toml",
    ]);
    let body: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    let lines: Vec<u64> = body["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["line"].as_u64().unwrap())
        .collect();
    assert_eq!(lines, vec![8, 16]);
}

#[test]
fn a_missing_path_cannot_be_checked() {
    let output = arbiter(&["cards", "check", "no/such/folder"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("cards::io"), "{}", stderr(&output));
}

#[test]
fn bad_arguments_exit_2() {
    assert_eq!(arbiter(&["cards", "frobnicate"]).status.code(), Some(2));
    assert_eq!(
        arbiter(&["cards", "check", "--output", "yaml"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(arbiter(&["--help"]).status.code(), Some(0));
}

#[test]
fn huge_and_binary_files_get_diagnostics_not_panics() {
    let temp = scratch();
    let dir = temp.path();
    let errata = dir.join("errata");
    std::fs::create_dir_all(&errata).unwrap();
    let huge = errata.join("huge.toml");
    let line = "# padding padding padding padding padding padding padding padding\n";
    std::fs::write(&huge, line.repeat(50 * 1024 * 1024 / line.len())).unwrap();
    let binary = errata.join("binary.toml");
    let garbage: Vec<u8> = (0..4096u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    std::fs::write(&binary, garbage).unwrap();
    let output = arbiter(&["cards", "check", "--output", "json", dir.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("cards::too_large"), "{text}");
    assert!(
        text.contains("cards::encoding") || text.contains("cards::syntax"),
        "{text}"
    );
}

#[test]
fn a_folder_of_thousands_of_files_is_checked() {
    let temp = scratch();
    let dir = temp.path();
    let errata = dir.join("errata");
    std::fs::create_dir_all(&errata).unwrap();
    for i in 0..2000 {
        let text = format!(
            "[[erratum]]\nid = \"many-{i}\"\ngame = \"xwing\"\ncard = \"no-card-{i}\"\ncard_kind = \"pilot\"\ndocument = \"Test\"\nversion = \"1\"\nsummary = \"x\"\n"
        );
        std::fs::write(errata.join(format!("e{i:04}.toml")), text).unwrap();
    }
    let output = arbiter(&["cards", "check", "--output", "json", dir.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(1));
    let body: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    let dangling = body["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["code"] == "cards::dangling_reference")
        .count();
    assert_eq!(dangling, 2000);
}

#[test]
fn a_failed_import_leaves_the_previous_data() {
    let temp = scratch();
    let dir = temp.path();
    let out = dir.join("armada");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("keep.toml"), "game = \"armada\"\n").unwrap();
    let output = arbiter(&[
        "cards",
        "import",
        "isb",
        "no/such/source",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(out.join("keep.toml").exists());
    assert_eq!(
        std::fs::read_dir(dir).unwrap().count(),
        1,
        "no staging folder is left behind"
    );
}

#[test]
fn schema_prints_json_schema() {
    let output = arbiter(&["schema", "errata"]);
    assert_eq!(output.status.code(), Some(0));
    let schema: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert!(schema["properties"]["erratum"].is_object(), "{schema}");
}

#[test]
fn the_data_overlay_replaces_files_by_path() {
    let temp = scratch();
    let dir = temp.path();
    let formats = dir.join("formats/armada");
    std::fs::create_dir_all(&formats).unwrap();
    let standard =
        std::fs::read_to_string(root().join("data/formats/armada/standard.toml")).unwrap();
    std::fs::write(
        formats.join("standard.toml"),
        standard.replace("points_limit = 400", "points_limit = -1"),
    )
    .unwrap();
    let output = arbiter(&[
        "cards",
        "check",
        "--output",
        "json",
        "--data",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(1));
    let body: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    let diagnostics = body["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert!(
        diagnostics[0]["file"]
            .as_str()
            .unwrap()
            .ends_with("formats/armada/standard.toml")
    );
}

#[test]
fn resolve_prints_a_trace_and_json() {
    let output = arbiter(&[
        "resolve",
        "examples/xwing/queue-example-1-jake-farrell.toml",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let text = stdout(&output);
    assert!(text.contains("COLA DE CAPACIDADES"), "{text}");
    assert!(text.contains("queue after"), "{text}");
    let output = arbiter(&[
        "resolve",
        "--output",
        "json",
        "examples/armada/first-player-resolves-first.toml",
    ]);
    assert_eq!(output.status.code(), Some(0));
    let body: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    let first = &body["steps"][0];
    for key in ["n", "event", "outcome", "rule", "choice_point"] {
        assert!(!first[key].is_null(), "missing {key}: {first}");
    }
    assert_eq!(
        first["rule"]["section"],
        "USO Y MOMENTO DE APLICACIÓN DE EFECTOS"
    );
}

#[test]
fn resolve_rejects_broken_scenarios_with_exit_2() {
    let output = arbiter(&[
        "resolve",
        "tests/fixtures/broken-scenarios/unknown-ship.toml",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("scenario::unknown_ship"),
        "{}",
        stderr(&output)
    );
    let output = arbiter(&[
        "resolve",
        "--output",
        "json",
        "tests/fixtures/broken-scenarios/cyclic-triggers.toml",
    ]);
    assert_eq!(output.status.code(), Some(2));
    let body: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(body["diagnostics"][0]["code"], "scenario::loop");
    assert_eq!(body["diagnostics"][0]["line"], 18);
    assert_eq!(
        arbiter(&["resolve", "no/such/scenario.toml"]).status.code(),
        Some(2)
    );
    // --max-steps overrides the scenario's cap.
    let output = arbiter(&[
        "resolve",
        "--max-steps",
        "3",
        "examples/xwing/queue-example-1-jake-farrell.toml",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("scenario::loop"));
}

#[test]
fn resolve_survives_binary_and_huge_input() {
    let temp = scratch();
    let dir = temp.path();
    let binary = dir.join("binary.toml");
    let garbage: Vec<u8> = (0..4096u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    std::fs::write(&binary, garbage).unwrap();
    assert_eq!(
        arbiter(&["resolve", binary.to_str().unwrap()])
            .status
            .code(),
        Some(2)
    );
    let huge = dir.join("huge.toml");
    std::fs::write(&huge, "# padding\n".repeat(2 * 1024 * 1024)).unwrap();
    let output = arbiter(&["resolve", huge.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("larger than"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn schema_scenario_prints_the_scenario_schema() {
    let output = arbiter(&["schema", "scenario"]);
    assert_eq!(output.status.code(), Some(0));
    let schema: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    // One variant per game with scenarios, each holding the envelope and the game's tables.
    let variants = schema["oneOf"].as_array().expect("oneOf");
    let xwing = variants
        .iter()
        .find(|v| v["properties"]["game"]["const"] == "xwing")
        .expect("an X-Wing variant");
    assert!(xwing["properties"]["ability"].is_object(), "{schema}");
    assert!(xwing["properties"]["title"].is_object(), "{schema}");
    assert_eq!(xwing["additionalProperties"], false);
}

#[test]
fn show_finds_cards_however_they_are_typed() {
    for query in [
        "Victory II-class Star Destroyer",
        "VICTORY ii class star-destroyer",
        "vsd2",
    ] {
        let output = arbiter(&["cards", "show", query]);
        assert_eq!(
            output.status.code(),
            Some(0),
            "{query}: {}",
            stderr(&output)
        );
        let text = stdout(&output);
        assert!(
            text.contains("victory-ii-class-star-destroyer "),
            "{query}: {text}"
        );
        assert!(text.contains("│ Points"), "{query}: {text}");
    }
}

#[test]
fn show_lists_older_printings_after_the_current_card() {
    let text = stdout(&arbiter(&[
        "cards",
        "show",
        "Victory II-class Star Destroyer",
    ]));
    let current = text
        .find("│ id                              ┆ victory-ii-class-star-destroyer ")
        .unwrap();
    let older = text
        .find("arbiter cards show victory-ii-class-star-destroyer-old")
        .unwrap();
    assert!(current < older);
    assert_eq!(text.matches("Star Wars: Armada ship").count(), 1, "{text}");
}

#[test]
fn show_lists_errata_under_the_card() {
    let text = stdout(&arbiter(&["cards", "show", "edrio two tubes"]));
    assert!(text.contains("errata"), "{text}");
    assert!(
        text.contains("Star Wars: X-Wing Rules Reference 1.4.5"),
        "{text}"
    );
}

#[test]
fn show_json_has_the_documented_shape() {
    let output = arbiter(&[
        "cards",
        "show",
        "Darth Vader",
        "--game",
        "armada",
        "--output",
        "json",
    ]);
    assert_eq!(output.status.code(), Some(0));
    let body: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    let cards = body["cards"].as_array().unwrap();
    let commander = cards
        .iter()
        .find(|c| c["id"] == "darth-vader-commander")
        .unwrap();
    assert_eq!(commander["game"], "armada");
    assert_eq!(commander["kind"], "upgrade");
    assert_eq!(commander["card"]["points"], 34);
    let officer = cards
        .iter()
        .find(|c| c["id"] == "darth-vader-officer")
        .unwrap();
    assert_eq!(officer["card"]["points"], 4);
    assert!(
        commander["facts"]
            .as_array()
            .unwrap()
            .iter()
            .any(|f| f["label"] == "Points")
    );
}

#[test]
fn a_miss_exits_1_with_did_you_mean() {
    let output = arbiter(&["cards", "show", "Victroy II"]);
    assert_eq!(output.status.code(), Some(1));
    let text = stderr(&output);
    assert!(
        text.contains("cards::not_found") && text.contains("did you mean `Victory II`"),
        "{text}"
    );
    let output = arbiter(&["cards", "search", "zzzqqq", "--output", "json"]);
    assert_eq!(output.status.code(), Some(1));
    let body: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    assert_eq!(body["diagnostics"][0]["code"], "cards::not_found");
}

#[test]
fn search_tells_same_name_cards_apart() {
    let output = arbiter(&[
        "cards", "search", "gozanti", "--game", "armada", "--output", "json",
    ]);
    assert_eq!(output.status.code(), Some(0));
    let body: serde_json::Value = serde_json::from_str(&stdout(&output)).unwrap();
    let ids: Vec<&str> = body["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert!(
        ids.contains(&"gozanti-class-cruisers-separatist"),
        "{ids:?}"
    );
    assert!(ids.contains(&"gozanti-class-cruisers"), "{ids:?}");
    assert!(
        body["results"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["game"] == "armada")
    );
}

#[test]
fn a_broken_file_of_one_game_leaves_the_other_games_references_checked() {
    // An X-Wing card file that cannot be parsed, and an Armada title naming no ship type:
    // the Armada reference is still reported; references to X-Wing cards wait.
    let files = [
        "tests/fixtures/broken-data/syntax-xwing-pilots.toml",
        "tests/fixtures/broken-data/armada-title-unknown-ship-type.toml",
        "tests/fixtures/broken-data/xwing-pilot-unknown-ship.toml",
    ];
    let codes = check_codes(&files);
    assert!(
        codes
            .iter()
            .any(|(code, file)| code.starts_with("cards::syntax")
                && file.ends_with("syntax-xwing-pilots.toml")),
        "{codes:?}"
    );
    assert!(
        codes
            .iter()
            .any(|(code, file)| code == "cards::dangling_reference"
                && file.ends_with("armada-title-unknown-ship-type.toml")),
        "the Armada reference is still checked: {codes:?}"
    );
    assert!(
        !codes
            .iter()
            .any(|(_, file)| file.ends_with("xwing-pilot-unknown-ship.toml")),
        "an X-Wing card reference waits for the X-Wing card file: {codes:?}"
    );
    let human = arbiter(&[&["cards", "check"][..], &files[..]].concat());
    assert!(
        stderr(&human).contains("references to xwing cards are checked once the files above load"),
        "{}",
        stderr(&human)
    );
}

#[test]
fn a_broken_errata_file_holds_back_no_reference() {
    // No record refers into an errata file: with one broken, the X-Wing pilot naming no
    // ship is still reported, and no note says anything waits.
    let files = [
        "tests/fixtures/broken-data/syntax-unclosed-string.toml",
        "tests/fixtures/broken-data/xwing-pilot-unknown-ship.toml",
    ];
    let codes = check_codes(&files);
    assert!(
        codes
            .iter()
            .any(|(code, file)| code == "cards::dangling_reference"
                && file.ends_with("xwing-pilot-unknown-ship.toml")),
        "{codes:?}"
    );
    let human = arbiter(&[&["cards", "check"][..], &files[..]].concat());
    assert!(
        !stderr(&human).contains("checked once"),
        "{}",
        stderr(&human)
    );
}

/// `(code, file)` of every diagnostic `cards check --output json` gives for `files`.
fn check_codes(files: &[&str]) -> Vec<(String, String)> {
    let output = arbiter(&[&["cards", "check", "--output", "json"][..], files].concat());
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let body: serde_json::Value = serde_json::from_str(&stdout(&output)).expect("JSON");
    body["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| {
            let text = |key: &str| d[key].as_str().unwrap_or_default().to_string();
            (text("code"), text("file"))
        })
        .collect()
}

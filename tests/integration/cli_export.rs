//! `arbiter export` end to end: each fixture of tests/fixtures/export/ exported to every
//! target (exit code, output and diagnostics are snapshots); round trips through the
//! binary; the xws-spec sample (read from ../shared) exported to schema-valid XWS; one
//! squad written as XWS, link and text resolving alike; bad input failing cleanly.

use crate::support::xws_schema;
use crate::support::{
    arbiter, arbiter_with_stdin, built_in_db, relative, root, scratch, stderr, stdout,
};
use arbiter::cards::CardDb;
use arbiter::parse::xwing;
use arbiter::report::SourceFiles;
use arbiter::validate::xwing::{Options, Validator};
use serde_json::Value;
use std::path::Path;

const TARGETS: [&str; 4] = ["xws", "yasb", "text", "tts"];

/// Export that must succeed; its output.
fn export(input: &str, to: &str, extra: &[&str]) -> String {
    let mut args = vec!["export", input, "--to", to];
    args.extend_from_slice(extra);
    let output = arbiter(&args);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{input} --to {to}: {}",
        stderr(&output)
    );
    stdout(&output)
}

fn write_scratch(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

#[test]
fn every_fixture_exports_to_every_target() {
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).unwrap();
    insta::glob!("../fixtures", "export/*", |path| {
        let input = &relative(path);
        let mut report = String::new();
        for to in TARGETS {
            let output = arbiter(&["export", input, "--to", to]);
            let code = output.status.code();
            assert!(matches!(code, Some(0 | 2)), "{input} --to {to}: {code:?}");
            if code == Some(2) {
                assert!(
                    stdout(&output).is_empty(),
                    "{input}: written despite failing"
                );
                assert!(
                    stderr(&output).contains("×"),
                    "{input}: failed without an error"
                );
            }
            report.push_str(&format!(
                "===== --to {to}: exit {}\n----- stdout\n{}----- stderr\n{}\n",
                code.unwrap(),
                stdout(&output),
                stderr(&output)
            ));
        }
        insta::assert_snapshot!(report);
    });
}

const LINK_FILE: &str = "tests/fixtures/export/xwa-link-pilots-and-loadouts.txt";

#[test]
fn link_to_xws_to_link_is_a_round_trip() {
    let link = std::fs::read_to_string(LINK_FILE).unwrap();
    let temp = scratch();
    let dir = temp.path();
    let xws_path = dir.join("squad.json").display().to_string();
    assert_eq!(export(LINK_FILE, "xws", &["-o", &xws_path]), "");
    let xws: Value = serde_json::from_str(&std::fs::read_to_string(&xws_path).unwrap()).unwrap();
    assert_eq!(xws["vendor"]["arbiter"]["ruleset"], "xwa-50p20");
    let again = export(&xws_path, "yasb", &[]);
    assert_eq!(again, link);
}

#[test]
fn a_link_exported_to_xws_is_schema_valid() {
    let Some(spec) = xws_schema::spec() else {
        return;
    };
    let xws: Value = serde_json::from_str(&export(LINK_FILE, "xws", &[])).unwrap();
    let errors = xws_schema::validate(&spec.schema(), &xws, "$");
    assert!(errors.is_empty(), "{errors:#?}");
}

#[test]
fn xws_to_text_to_xws_keeps_the_squad() {
    let temp = scratch();
    let dir = temp.path();
    for input in [
        "tests/fixtures/export/xws-xwa-with-upgrades.json",
        "tests/fixtures/export/over-points.json",
        "tests/fixtures/xwing/xws/blade-runners.json",
    ] {
        let xws = export(input, "xws", &[]);
        let text = export(input, "text", &[]);
        let text_path = write_scratch(dir, "squad.txt", &text);
        // The same JSON: pilots, upgrades, costs, faction, revision, name and obstacles.
        assert_eq!(export(&text_path, "xws", &[]), xws, "{input} via\n{text}");
    }
}

#[test]
fn text_names_the_editions_that_share_a_name() {
    let text = export(
        "tests/fixtures/export/xwa-link-pilots-and-loadouts.txt",
        "text",
        &[],
    );
    assert!(
        text.contains("\nLuke Skywalker – T-65 X-wing (14)\n"),
        "{text}"
    );
    assert!(
        text.contains("\nBiggs Darklighter [biggsdarklighter-battleofyavin] – T-65 X-wing (13)\n"),
        "{text}"
    );
}

#[test]
fn the_xws_spec_sample_exports_to_schema_valid_xws() {
    let Some(spec) = xws_schema::spec() else {
        return;
    };
    let sample = spec.sample_path();
    let output = arbiter(&["export", sample.to_str().unwrap(), "--to", "xws"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    // The sample's ids are read: `dfs311-vultureclassdroidfighter` with a warning.
    assert!(
        stderr(&output).contains("xwing::id_alias"),
        "{}",
        stderr(&output)
    );
    let xws: Value = serde_json::from_str(&stdout(&output)).unwrap();
    let errors = xws_schema::validate(&spec.schema(), &xws, "$");
    assert!(errors.is_empty(), "{errors:#?}");

    let original: Value = serde_json::from_str(&std::fs::read_to_string(&sample).unwrap()).unwrap();
    assert_eq!(xws["name"], original["name"]);
    assert_eq!(xws["faction"], original["faction"]);
    assert_eq!(xws["description"], original["description"]);
    let ids: Vec<&str> = xws["pilots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["bombardmentdrone", "dfs311"]);
    for (exported, written) in xws["pilots"]
        .as_array()
        .unwrap()
        .iter()
        .zip(original["pilots"].as_array().unwrap())
    {
        assert_eq!(exported["upgrades"], written["upgrades"]);
    }
}

/// A squad as resolved: revision, faction, and each pilot's id with its upgrade ids.
type Resolved = (String, Option<String>, Vec<(String, Vec<String>)>);

/// The revision, faction and each pilot with its upgrades, as the validator resolves them.
fn resolved(db: &CardDb, path: &str) -> Resolved {
    let bytes = std::fs::read(path).unwrap();
    let mut files = SourceFiles::default();
    let parsed = xwing::read(&mut files, path, &bytes).unwrap();
    let squad = Validator::new(db)
        .validate(arbiter::report::FileId(0), &parsed, &Options::default())
        .unwrap();
    assert!(squad.is_valid(), "{path}: {:#?}", squad.findings);
    let pilots = squad
        .pilots
        .into_iter()
        .map(|p| {
            let upgrades = p.upgrades.into_iter().map(|u| u.id).collect();
            (p.id.unwrap(), upgrades)
        })
        .collect();
    (squad.revision, squad.faction, pilots)
}

#[test]
fn one_squad_as_xws_link_and_text_resolves_alike() {
    let db = built_in_db();
    let dir = "tests/fixtures/export-same-squad";
    let files = [
        "yavin-veterans.json",
        "yavin-veterans-link.txt",
        "yavin-veterans-text.txt",
    ];
    let from_xws = resolved(db, &format!("{dir}/{}", files[0]));
    assert_eq!(from_xws.0, "xwa-50p20");
    assert_eq!(from_xws.2.len(), 3);
    // Standard loadouts come with the pilot whatever the input wrote of them.
    assert_eq!(from_xws.2[1].1.len(), 4, "{:?}", from_xws.2[1]);
    for file in &files[1..] {
        assert_eq!(resolved(db, &format!("{dir}/{file}")), from_xws, "{file}");
    }
    // And the binary writes one XWS for all three.
    let xws: Vec<String> = files
        .iter()
        .map(|f| export(&format!("{dir}/{f}"), "xws", &[]))
        .collect();
    assert_eq!(xws[1], xws[0]);
    assert_eq!(xws[2], xws[0]);
}

#[test]
fn reads_standard_input() {
    let link = std::fs::read("tests/fixtures/export/xwa-link-pilots-and-loadouts.txt").unwrap();
    let output = arbiter_with_stdin(&["export", "-", "--to", "tts"], &link);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(stdout(&output).starts_with("Luke Skywalker / Biggs Darklighter / Garven Dreis | "));
    let garbage = arbiter_with_stdin(&["export", "-", "--to", "xws"], b"\x00\x01\x02binary");
    assert_eq!(garbage.status.code(), Some(2));
    assert!(stderr(&garbage).contains("<stdin>"), "{}", stderr(&garbage));
}

#[test]
fn bad_input_fails_with_a_diagnostic_and_writes_nothing() {
    let temp = scratch();
    let dir = temp.path();
    let out = dir.join("out.json");
    for input in [
        "tests/fixtures/xwing/bad/not-a-squad.txt",
        "tests/fixtures/xwing/bad/binary.bin",
        "tests/fixtures/xwing/bad/garbage-link-segments.txt",
        "tests/fixtures/xwing/bad/cut-off.json",
        "tests/fixtures/export/link-with-upgrade-numbers.txt",
        "tests/fixtures/export/unknown-pilot.json",
        "no/such/squad.json",
    ] {
        let output = arbiter(&["export", input, "--to", "xws", "-o", out.to_str().unwrap()]);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{input}: {}",
            stderr(&output)
        );
        assert!(
            stderr(&output).contains("help:"),
            "{input}: {}",
            stderr(&output)
        );
        assert!(!out.exists(), "{input}: an output file was written");
    }
    // Unknown options are the caller's mistake, also exit 2.
    for args in [
        &[
            "export",
            "tests/fixtures/export/over-points.json",
            "--to",
            "pdf",
        ][..],
        &[
            "export",
            "tests/fixtures/export/over-points.json",
            "--to",
            "xws",
            "--points",
            "amg-1999",
        ],
        &[
            "export",
            "tests/fixtures/export/over-points.json",
            "--to",
            "xws",
            "--format",
            "hyperspace",
        ],
    ] {
        let output = arbiter(args);
        assert_eq!(
            output.status.code(),
            Some(2),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(stdout(&output).is_empty());
    }
}

#[test]
fn every_bad_squad_fixture_exits_cleanly() {
    let dir = root().join("tests/fixtures/xwing/bad");
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        for to in TARGETS {
            let output = arbiter(&["export", path.to_str().unwrap(), "--to", to]);
            let code = output.status.code();
            // Inputs the readers recover from with warnings may export; none may crash.
            assert!(matches!(code, Some(0 | 2)), "{}: {code:?}", path.display());
            assert!(!stderr(&output).contains("panicked"), "{}", path.display());
            assert!(
                !stderr(&output).is_empty(),
                "{}: no diagnostic",
                path.display()
            );
        }
    }
}

#[test]
fn an_unwritable_output_is_an_error() {
    let output = arbiter(&[
        "export",
        "tests/fixtures/export/over-points.json",
        "--to",
        "text",
        "-o",
        "no/such/folder/out.txt",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("export::write"),
        "{}",
        stderr(&output)
    );
    assert!(stdout(&output).is_empty());
}

#[test]
fn a_chosen_revision_sets_the_links_version_mode_and_limit() {
    let input = "tests/fixtures/export/xwa-link-pilots-and-loadouts.txt";
    // The link's own settings are kept when the list chose the revision...
    assert!(export(input, "yasb", &[]).contains("&d=v10ZsZ50Z4XY557XY554X&"));
    // ...and follow the revision the caller chose.
    let amg = export(input, "yasb", &["--points", "amg"]);
    assert!(amg.contains("&d=v9ZhZ20Z4XY557XY554X&"), "{amg}");
    let text = export(input, "text", &["--points", "amg"]);
    assert!(text.contains("\nRuleset: amg-sep2024\n"), "{text}");
}

//! Armada fleet-building rules on whole lists as builders export them: one list per file
//! under tests/fixtures/armada/validate/, read by the real reader and checked by the real
//! validator.
//!
//! Folder convention (paths relative to `validate/`):
//! - `<code>[--<variant>].txt` breaks exactly the rule `armada::<code>` and is otherwise
//!   legal. `unknown_card--did-you-mean.txt` expects `armada::unknown_card`.
//! - `valid/<name>.txt` is a legal list: no error, no reading problem.
//! - A list checked under another format than `standard` sits in a folder named after the
//!   format's id: `sector-800/squadron_cap--quarter-share.txt`, `sector-800/valid/…`. Under
//!   a team-only format (`sector-900/`) a list is one player's fleet of that team game.
//!   (Builders' exports have no place for a format, and a comment line would not be one of
//!   their lines, so the folder carries it.)
//!
//! Every list also gets a snapshot of its findings as the JSON reporter shows them.

use crate::support::{built_in_db, root};
use arbiter::cards::Game;
use arbiter::cards::formats::Format;
use arbiter::parse::armada::parse_bytes;
use arbiter::report::{FileId, HumanStyle, JsonFinding, SourceFiles, render_human};
use arbiter::validate::armada::{CardIndex, Totals, ValidatedFleet, validate};
use serde::Serialize;
use std::path::{Component, Path};
use std::sync::OnceLock;

const DEFAULT_FORMAT: &str = "standard";
const VALID_FOLDER: &str = "valid";

fn index() -> &'static CardIndex<'static> {
    static INDEX: OnceLock<CardIndex<'static>> = OnceLock::new();
    INDEX.get_or_init(|| CardIndex::new(&built_in_db().armada))
}

fn armada_format(id: &str) -> Option<&'static Format> {
    built_in_db()
        .formats
        .iter()
        .find(|f| f.id == id && f.game == Game::Armada)
        .map(|f| &f.value)
}

fn validate_root() -> &'static Path {
    static ROOT: OnceLock<std::path::PathBuf> = OnceLock::new();
    ROOT.get_or_init(|| root().join("tests/fixtures/armada/validate"))
}

/// What a fixture's place in the folder tree says about it.
#[derive(Debug, PartialEq)]
struct Expectation {
    format: String,
    /// `None` for a legal list; otherwise the code the list must give.
    code: Option<String>,
}

fn expectation(relative: &Path) -> Expectation {
    let folders: Vec<String> = relative
        .parent()
        .into_iter()
        .flat_map(Path::components)
        .filter_map(|c| match c {
            Component::Normal(s) => Some(s.to_string_lossy().to_string()),
            _ => None,
        })
        .collect();
    let (format, rest) = match folders.split_first() {
        Some((first, rest)) if first != VALID_FOLDER => (first.clone(), rest),
        _ => (DEFAULT_FORMAT.to_string(), folders.as_slice()),
    };
    let valid = match rest {
        [] => false,
        [only] if only == VALID_FOLDER => true,
        _ => panic!(
            "{}: put a list in validate/[<format>/][valid/]",
            relative.display()
        ),
    };
    let code = (!valid).then(|| {
        let stem = relative.file_stem().unwrap().to_string_lossy();
        let rule = stem.split("--").next().unwrap();
        format!("armada::{rule}")
    });
    Expectation { format, code }
}

struct Checked {
    files: SourceFiles,
    fleet: ValidatedFleet<'static>,
    parse_findings: Vec<arbiter::report::Finding>,
}

fn check(path: &Path) -> Checked {
    let relative = path.strip_prefix(validate_root()).unwrap();
    let expected = expectation(relative);
    let format = armada_format(&expected.format).unwrap_or_else(|| {
        panic!(
            "{}: no Armada format `{}`",
            relative.display(),
            expected.format
        )
    });
    let mut files = SourceFiles::default();
    let (text, parsed) = parse_bytes(FileId(0), &std::fs::read(path).unwrap());
    files.add(
        format!("validate/{}", relative.display()).replace('\\', "/"),
        text,
    );
    // A team-only format judges one fleet as one player's of its team game, as
    // `arbiter validate --format sector-900 FILE` does.
    let one_player = format
        .team_only
        .then(|| arbiter::validate::armada::team::one_player_format(format))
        .transpose()
        .unwrap_or_else(|e| panic!("{}: {e}", relative.display()));
    let format = one_player.as_ref().map_or(format, |(f, _)| f);
    let fleet = validate(index(), format, &parsed, FileId(0));
    Checked {
        files,
        fleet,
        parse_findings: parsed.findings,
    }
}

fn shown(checked: &Checked) -> String {
    checked
        .parse_findings
        .iter()
        .chain(&checked.fleet.findings)
        .map(|f| render_human(&checked.files, f, HumanStyle::plain(100)))
        .collect::<Vec<_>>()
        .join("\n")
}

fn assert_expected(path: &Path, checked: &Checked) {
    let relative = path.strip_prefix(validate_root()).unwrap();
    let name = relative.display();
    let expected = expectation(relative);
    let findings = &checked.fleet.findings;
    assert!(
        checked.parse_findings.is_empty(),
        "{name}: a rule fixture must read cleanly\n{}",
        shown(checked)
    );
    for finding in findings {
        assert!(
            finding.location.is_some() && finding.label.is_some() && finding.help.is_some(),
            "{name}: {} lacks a span, label or help",
            finding.code
        );
    }
    let Some(code) = expected.code else {
        assert!(
            checked.fleet.is_valid(),
            "{name}: a valid list gave errors\n{}",
            shown(checked)
        );
        return;
    };
    assert!(
        findings.iter().any(|f| f.code.as_str() == code),
        "{name}: expected {code}\n{}",
        shown(checked)
    );
    let unexpected: Vec<&str> = findings
        .iter()
        .filter(|f| f.is_error() && f.code.as_str() != code)
        .map(|f| f.code.as_str())
        .collect();
    assert!(
        unexpected.is_empty(),
        "{name}: breaks more than {code}: {unexpected:?}\n{}",
        shown(checked)
    );
    // A warning's fixture has its warning and no error, so its list is otherwise legal.
    if findings.iter().all(|f| !f.is_error()) {
        assert!(checked.fleet.is_valid());
    }
}

/// What a snapshot shows: the totals recomputed from the card data, then every finding as
/// the JSON reporter shows it.
#[derive(Serialize)]
struct Shown<'a> {
    totals: &'a Totals,
    findings: Vec<JsonFinding>,
}

fn json(checked: &Checked) -> String {
    let findings = checked
        .parse_findings
        .iter()
        .chain(&checked.fleet.findings)
        .map(|f| JsonFinding::new(&checked.files, f))
        .collect();
    serde_json::to_string_pretty(&Shown {
        totals: &checked.fleet.totals,
        findings,
    })
    .unwrap()
}

/// Each list breaks exactly the rule it is named after (or none, under `valid/`).
#[test]
fn fixture_lists() {
    insta::glob!("../fixtures", "armada/validate/**/*.txt", |path| {
        let checked = check(path);
        assert_expected(path, &checked);
        insta::assert_snapshot!(json(&checked));
    });
}

/// Every rule code has a failing list, and every builder a legal one (and some failing).
#[test]
fn every_rule_and_every_builder_is_covered() {
    let mut lists = Vec::new();
    collect_lists(validate_root(), &mut lists);
    let relative: Vec<&Path> = lists
        .iter()
        .map(|p| p.strip_prefix(validate_root()).unwrap())
        .collect();
    let codes: Vec<String> = relative
        .iter()
        .filter_map(|p| expectation(p).code)
        .collect();
    for code in [
        "faction",
        "commander",
        "objectives",
        "points",
        "squadron_cap",
        "unique",
        "modification",
        "title",
        "slot",
        "restriction",
        "flotilla_cap",
        "unknown_card",
        "stated_points",
    ] {
        let code = format!("armada::{code}");
        assert!(codes.contains(&code), "no failing list for {code}");
    }
    for builder in arbiter::parse::armada::SourceFormat::ALL {
        let read_as = |valid: bool| {
            lists
                .iter()
                .zip(&relative)
                .filter(|(_, r)| expectation(r).code.is_none() == valid)
                .filter(|(p, _)| {
                    let bytes = std::fs::read(p).unwrap();
                    parse_bytes(FileId(0), &bytes).1.source_format == Some(*builder)
                })
                .count()
        };
        assert!(read_as(true) >= 1, "no legal {} list", builder.as_str());
        assert!(read_as(false) >= 1, "no failing {} list", builder.as_str());
    }
}

fn collect_lists(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect_lists(&path, out);
        } else if path.extension().is_some_and(|e| e == "txt") {
            out.push(path);
        }
    }
}

fn codes_under(format: &Format, relative: &str) -> Vec<&'static str> {
    let bytes = std::fs::read(validate_root().join(relative)).unwrap();
    let (_, parsed) = parse_bytes(FileId(0), &bytes);
    validate(index(), format, &parsed, FileId(0))
        .findings
        .iter()
        .map(|f| f.code.as_str())
        .collect()
}

/// Standard games give squadrons a third of the points, Sector Fleets a quarter: each
/// share fixture passes under the other share, so the share (not the points) decides.
#[test]
fn the_squadron_share_is_the_formats() {
    let standard = armada_format("standard").unwrap();
    let sector = armada_format("sector-800").unwrap();
    let with_share_of = |format: &Format, other: &Format| Format {
        squadron_share: other.squadron_share,
        ..format.clone()
    };

    let sector_list = "sector-800/squadron_cap--over-a-quarter-under-a-third.txt";
    assert_eq!(codes_under(sector, sector_list), ["armada::squadron_cap"]);
    assert_eq!(
        codes_under(&with_share_of(sector, standard), sector_list),
        Vec::<&str>::new()
    );

    let standard_list = "valid/kingston-imperial-full-squadron-third.txt";
    assert_eq!(codes_under(standard, standard_list), Vec::<&str>::new());
    assert_eq!(
        codes_under(&with_share_of(standard, sector), standard_list),
        ["armada::squadron_cap"]
    );
}

#[test]
fn the_folder_names_the_format_and_the_file_the_code() {
    assert_eq!(
        expectation(Path::new("unique--commander-and-squadron.txt")),
        Expectation {
            format: "standard".into(),
            code: Some("armada::unique".into())
        }
    );
    assert_eq!(
        expectation(Path::new("sector-800/squadron_cap.txt")),
        Expectation {
            format: "sector-800".into(),
            code: Some("armada::squadron_cap".into())
        }
    );
    assert_eq!(
        expectation(Path::new("valid/kingston-rebels.txt")),
        Expectation {
            format: "standard".into(),
            code: None
        }
    );
    assert_eq!(
        expectation(Path::new("sector-800/valid/empire.txt")),
        Expectation {
            format: "sector-800".into(),
            code: None
        }
    );
}

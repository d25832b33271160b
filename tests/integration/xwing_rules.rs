//! One failing and one passing squad per squad-building rule, read from
//! `tests/fixtures/xwing/validate/{fail,pass}/` and validated as `arbiter validate FILE`
//! would: the format the list names (`xwa-standard` for an XWA ruleset) or else `standard`,
//! the points revision from the list (XWS `ruleset`, link version) or else the format's.
//!
//! Naming: `<rule>[-<variant>].<ext>`.
//! - `<rule>` is the finding code without its `xwing::` prefix (`slot`, `restricted_cap`);
//!   rule names use `_`, never `-`, so the stem up to the first `-` or `.` is the rule.
//! - `<variant>` (kebab-case) tells apart several fixtures of one rule: the restriction kind
//!   (`restriction-force-side`), the input format (`faction-tts`), or the case
//!   (`limited-standard-loadout`).
//! - `<ext>`: `.json` for XWS; `.txt` for the text formats (YASB text, TTS, Launch Bay
//!   Next, YASB link), which the reader detects from the content.
//!
//! A `fail/` squad breaks exactly its rule: it has at least one finding, and every finding
//! (errors and warnings) has the rule's code. A `pass/` squad of the same name is the
//! nearest legal variant and has no finding at all. Each fixture's findings are a JSON
//! snapshot (`JsonFinding`, as `--output json` prints them) so the messages are reviewed.

use crate::support::{built_in_db, relative, root};
use arbiter::parse::xwing;
use arbiter::report::{Code, FileId, JsonFinding, SourceFiles};
use arbiter::validate::xwing::{Options, ValidatedSquad, Validator, format_named_by};
use std::cell::RefCell;
use std::collections::BTreeSet;
use std::path::Path;

const FIXTURES: &str = "tests/fixtures/xwing/validate";

/// Restriction kinds the card data has (see notes/xwing-card-data.md), each needing a
/// `restriction-<kind>` pair. `non_limited` is missing: the sources only ever write `false`.
const RESTRICTION_KINDS: &[&str] = &[
    "faction",
    "size",
    "ship",
    "keyword",
    "action",
    "action-colour",
    "arc",
    "force-side",
    "equipped",
    "stat",
    "names",
    "ship-ability",
    "solitary",
];

/// The rule a fixture is about: its file name up to the first `-` or `.`.
fn rule_of(path: &Path) -> String {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    name.split(['-', '.'])
        .next()
        .unwrap_or_default()
        .to_string()
}

fn validate(path: &Path) -> (SourceFiles, ValidatedSquad) {
    let name = relative(path);
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{name}: {e}"));
    // The squad is the only file, so it is file 0.
    let mut files = SourceFiles::default();
    let squad = xwing::read(&mut files, &name, &bytes)
        .unwrap_or_else(|findings| panic!("{name} must read as a squad: {findings:#?}"));
    // The format the list names (an XWA ruleset: `xwa-standard`), as `arbiter validate` picks it.
    let options = Options {
        format: format_named_by(&squad).unwrap_or("standard").to_string(),
        points: None,
    };
    let validated = Validator::new(built_in_db())
        .validate(FileId(0), &squad, &options)
        .unwrap_or_else(|finding| panic!("{name}: {finding:#?}"));
    (files, validated)
}

/// What the snapshot shows: the revision and totals the verdict rests on, and the findings
/// as the JSON reporter prints them.
fn snapshot(files: &SourceFiles, squad: &ValidatedSquad) -> String {
    let findings: Vec<JsonFinding> = squad
        .findings
        .iter()
        .map(|f| JsonFinding::new(files, f))
        .collect();
    let shown = serde_json::json!({
        "revision": squad.revision,
        "points": format!("{}/{}", squad.points, squad.points_limit),
        "ships": squad.ship_count,
        "findings": findings,
    });
    serde_json::to_string_pretty(&shown).unwrap_or_default()
}

#[test]
fn failing_squads_break_exactly_their_rule() {
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).unwrap();
    // Collected so that one run lists every fixture that is off, not just the first.
    let problems = RefCell::new(Vec::new());
    insta::glob!("../fixtures", "xwing/validate/fail/*", |path| {
        let name = relative(path);
        let (files, squad) = validate(path);
        let expected = format!("xwing::{}", rule_of(path));
        if squad.findings.is_empty() {
            problems
                .borrow_mut()
                .push(format!("{name}: wanted {expected}, got no finding"));
        }
        for finding in &squad.findings {
            if finding.code.as_str() != expected {
                problems.borrow_mut().push(format!(
                    "{name}: only {expected} may be found, got {}: {}",
                    finding.code.as_str(),
                    finding.message
                ));
            }
            if finding.location.is_none() || finding.label.is_none() || finding.help.is_none() {
                problems.borrow_mut().push(format!(
                    "{name}: a finding is not located, labelled and helped: {finding:?}"
                ));
            }
        }
        insta::assert_snapshot!(snapshot(&files, &squad));
    });
    let problems = problems.into_inner();
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn passing_squads_have_no_finding() {
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).unwrap();
    let problems = RefCell::new(Vec::new());
    insta::glob!("../fixtures", "xwing/validate/pass/*", |path| {
        let (files, squad) = validate(path);
        for finding in &squad.findings {
            problems.borrow_mut().push(format!(
                "{}: {}: {}",
                relative(path),
                finding.code.as_str(),
                finding.message
            ));
        }
        insta::assert_snapshot!(snapshot(&files, &squad));
    });
    let problems = problems.into_inner();
    assert!(problems.is_empty(), "{problems:#?}");
}

fn fixture_names(folder: &str) -> BTreeSet<String> {
    let dir = root().join(FIXTURES).join(folder);
    std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect()
}

#[test]
fn every_failing_squad_has_a_passing_twin() {
    let fail = fixture_names("fail");
    let pass = fixture_names("pass");
    let unpaired: Vec<&String> = fail.symmetric_difference(&pass).collect();
    assert!(unpaired.is_empty(), "fixtures without a twin: {unpaired:?}");
}

#[test]
fn every_rule_and_restriction_kind_has_a_failing_squad() {
    let fail = fixture_names("fail");
    let rules: BTreeSet<String> = fail.iter().map(|n| rule_of(Path::new(n))).collect();
    // Parse codes have their own fixtures (tests/integration/xwing_parse.rs); `revision` is the
    // caller naming an unknown format or revision, which no squad can cause.
    let wanted = Code::ALL.iter().map(|c| c.as_str()).filter(|c| {
        c.starts_with("xwing::") && !c.starts_with("xwing::parse") && *c != "xwing::revision"
    });
    for code in wanted {
        let rule = code.trim_start_matches("xwing::");
        assert!(rules.contains(rule), "no fail/{rule}.* fixture for {code}");
    }
    for kind in RESTRICTION_KINDS {
        let stem = format!("restriction-{kind}.");
        assert!(
            fail.iter().any(|n| n.starts_with(&stem)),
            "no fail/restriction-{kind}.* fixture"
        );
    }
}

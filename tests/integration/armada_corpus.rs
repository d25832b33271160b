//! Coverage of the Armada readers on the real lists in ../shared/corpus/armada (skipped when
//! that folder is absent): the share of lists read without any `::parse` diagnostic must not
//! drop below what was measured (`cargo bench --bench armada_parse` prints the details).

use arbiter::parse::armada::{SourceFormat, parse_bytes};
use arbiter::report::FileId;
use std::path::Path;

/// Measured with the bench, rounded down to 0.1%: Kingston 7,118/7,118 = 100.00%,
/// Star Forge 1,780/1,782 = 99.89% (the other two hold the builder's own
/// `• match not found for …` lines: `armada::parse::builder_message`).
const KINGSTON_MIN_CLEAN: f64 = 100.0;
const STAR_FORGE_MIN_CLEAN: f64 = 99.8;

fn coverage(corpus: &str, expected: SourceFormat) -> Option<(usize, usize)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus/armada")
        .join(corpus);
    let entries = std::fs::read_dir(&dir).ok()?;
    let mut total = 0;
    let mut clean = 0;
    for entry in entries {
        let path = entry.unwrap().path();
        let (_, fleet) = parse_bytes(FileId(0), &std::fs::read(&path).unwrap());
        assert_eq!(fleet.source_format, Some(expected), "{}", path.display());
        total += 1;
        if !fleet
            .findings
            .iter()
            .any(|f| f.code.as_str().contains("::parse"))
        {
            clean += 1;
        }
    }
    Some((clean, total))
}

fn check(corpus: &str, expected: SourceFormat, minimum: f64) {
    let Some((clean, total)) = coverage(corpus, expected) else {
        eprintln!("../shared/corpus/armada/{corpus} not found; coverage not checked");
        return;
    };
    assert!(total > 1000, "{corpus}: only {total} lists found");
    let share = 100.0 * clean as f64 / total as f64;
    assert!(
        share >= minimum,
        "{corpus}: {clean}/{total} = {share:.2}% clean, below the measured {minimum}%"
    );
}

#[test]
fn kingston_corpus_coverage() {
    check("kingston", SourceFormat::Kingston, KINGSTON_MIN_CLEAN);
}

#[test]
fn star_forge_corpus_coverage() {
    check("starforge", SourceFormat::StarForge, STAR_FORGE_MIN_CLEAN);
}

/// Lists are judged under the points revision their stated costs point to, and one cause
/// gives one finding: measured in release on the whole corpus, 925 `armada::stated_points`
/// diagnostics (5,718 before points revisions), so this bound fails if either the
/// revision choice or the one-finding-per-cause rule breaks.
const STATED_POINTS_MAX: usize = 1_000;

#[test]
fn stated_points_findings_on_the_corpus_stay_under_the_bound() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/armada");
    if !dir.is_dir() {
        eprintln!("../shared/corpus/armada not found; not checked");
        return;
    }
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .args(["validate", "--output", "json"])
        .arg(&dir)
        .output()
        .expect("the binary runs");
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let results = report["results"].as_array().expect("results");
    assert!(results.len() > 8_000, "only {} lists", results.len());
    let mut stated_points = 0;
    for result in results {
        assert!(
            result["points_revision"].is_string(),
            "{}: no points revision",
            result["file"]
        );
        let diagnostics = result["diagnostics"].as_array().expect("diagnostics");
        let count = |code: &str| diagnostics.iter().filter(|d| d["code"] == code).count();
        stated_points += count("armada::stated_points");
        assert!(
            count("armada::points_revision") <= 1,
            "{}: the revision is told once per list",
            result["file"]
        );
    }
    assert!(
        stated_points < STATED_POINTS_MAX,
        "{stated_points} armada::stated_points diagnostics on the corpus (bound {STATED_POINTS_MAX})"
    );
}

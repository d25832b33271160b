//! Every rule arbiter applies says where it is written, and the place is real (issue 14
//! item 6):
//! - each format file under `data/formats/` cites every rule it sets, rule by rule;
//! - a citation that names a rulebook (`seed`) names a section heading that rulebook prints;
//! - the headings the validators cite for rules that are not format numbers are printed in
//!   their seeds too.

use crate::support::{self, Seeds, root};
use arbiter::cards::formats::Format;
use std::collections::HashSet;
use std::path::PathBuf;

fn format_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut dirs = vec![root().join("data/formats")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "toml") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Headings as printed: whole lines, with the Markdown marks some conversions carry
/// (`#`, `**`) taken away.
fn headings(seeds: &Seeds, id: &str) -> HashSet<String> {
    seeds
        .text(id)
        .lines()
        .map(|l| l.trim().trim_start_matches('#').trim().replace("**", ""))
        .collect()
}

fn rulebook_headings(seeds: &Seeds, id: &str) -> HashSet<String> {
    seeds
        .rulebook(id)
        .lines()
        .map(|l| l.trim().trim_start_matches('#').trim().replace("**", ""))
        .collect()
}

/// Each format file, read.
fn formats() -> Vec<(String, Format)> {
    let files = format_files();
    assert!(files.len() >= 10, "found only {} format files", files.len());
    files
        .iter()
        .map(|path| {
            let name = path.strip_prefix(root()).unwrap().display().to_string();
            let format: Format = toml::from_str(&std::fs::read_to_string(path).unwrap())
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            (name, format)
        })
        .collect()
}

#[test]
fn every_format_rule_cites_its_source() {
    let mut problems = Vec::new();
    for (name, format) in formats() {
        let (uncited, stray) = format.citation_gaps();
        for rule in uncited {
            problems.push(format!("{name}: `{rule}` has no [sources.{rule}]"));
        }
        for rule in stray {
            problems.push(format!(
                "{name}: [sources.{rule}] cites a rule it does not set"
            ));
        }
        for (rule, source) in &format.sources {
            if source.document.trim().is_empty() || source.section.trim().is_empty() {
                problems.push(format!(
                    "{name}: [sources.{rule}] lacks a document or section"
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{problems:#?}");
}

/// A citation that names a rulebook names a section heading that rulebook prints.
#[test]
fn every_format_citation_of_a_rulebook_is_a_heading_it_prints() {
    let Some(seeds) = support::seeds() else {
        return;
    };
    let mut problems = Vec::new();
    let mut cited = 0;
    for (name, format) in formats() {
        for (rule, source) in &format.sources {
            if let Some(rulebook) = &source.rulebook {
                cited += 1;
                if !rulebook_headings(&seeds, rulebook).contains(&source.section) {
                    problems.push(format!(
                        "{name}: [sources.{rule}] cites `{}`, which {rulebook} does not print as a heading",
                        source.section
                    ));
                }
            }
        }
    }
    assert!(cited > 0, "no format rule cites a rulebook");
    assert!(problems.is_empty(), "{problems:#?}");
}

/// The Armada Rules Reference plays 300 points; 400 points and two flotillas come from the tournament
/// regulations, which `standard` must say (and not claim a rulebook for).
#[test]
fn standard_armada_is_not_the_rules_reference_game() {
    let read = |id: &str| -> Format {
        let path = root().join(format!("data/formats/armada/{id}.toml"));
        toml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
    };
    let rrg = read("rrg-1.0");
    assert_eq!(rrg.points_limit, 300);
    assert_eq!(
        rrg.source_of("points_limit")
            .and_then(|c| c.rulebook.as_deref()),
        Some("armada-rules-reference")
    );
    let standard = read("standard");
    for rule in ["points_limit", "flotilla_cap"] {
        let cited = standard.source_of(rule).unwrap();
        assert!(cited.rulebook.is_none(), "{rule}: no rulebook states it");
        assert!(
            cited.document.contains("Tournament Regulations"),
            "{rule}: {cited:?}"
        );
    }
    assert!(!standard.rules_set().iter().any(|r| r.contains("ace")));
}

#[test]
fn the_validators_cite_headings_their_seeds_print() {
    let Some(seeds) = support::seeds() else {
        return;
    };
    let xwing = headings(&seeds, "002");
    for section in arbiter::validate::xwing::rules::cite::ALL {
        assert!(
            xwing.contains(*section),
            "X-Wing: `{section}` is not a heading of seed 002"
        );
    }
    let armada = headings(&seeds, "000");
    for section in arbiter::validate::armada::rules::cite::ALL {
        assert!(
            armada.contains(*section),
            "Armada: `{section}` is not a heading of seed 000"
        );
    }
}

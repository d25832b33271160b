//! Hostile input: every fixture read in every format, and thousands of mutated fixtures
//! (cut, spliced, stuffed with separators and escapes). No reader may panic, and every
//! span it returns must lie inside the input on character boundaries.

use crate::support::root;
use arbiter::parse::xwing::{self, ParsedSquad, SourceFormat};
use arbiter::report::{FileId, Finding};
use std::ops::Range;
use std::path::PathBuf;

fn fixtures() -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let mut dirs = vec![root().join("tests/fixtures/xwing")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if let Ok(text) = std::fs::read_to_string(&path) {
                out.push((path, text));
            }
        }
    }
    out.sort();
    out
}

fn spans(squad: &ParsedSquad) -> Vec<Range<usize>> {
    let mut out: Vec<Range<usize>> = Vec::new();
    let optional = [
        &squad.name,
        &squad.description,
        &squad.version,
        &squad.ruleset,
        &squad.game_format,
        &squad.builder,
        &squad.link,
    ];
    out.extend(
        optional
            .iter()
            .filter_map(|v| v.as_ref().map(|v| v.span.clone())),
    );
    out.extend(squad.points.iter().map(|p| p.span.clone()));
    out.extend(squad.points_limit.iter().map(|p| p.span.clone()));
    out.extend(squad.faction.iter().map(|f| f.written.span.clone()));
    out.extend(squad.obstacles.iter().map(|o| o.span.clone()));
    for pilot in &squad.pilots {
        out.push(pilot.span.clone());
        out.push(pilot.card.span());
        out.extend(pilot.ship.iter().map(|s| s.span.clone()));
        out.extend(pilot.points.iter().map(|s| s.span.clone()));
        out.extend(pilot.total_points.iter().map(|s| s.span.clone()));
        out.extend(pilot.loadout.iter().map(|s| s.span.clone()));
        out.extend(pilot.wingmates.iter().map(|s| s.span.clone()));
        for upgrade in &pilot.upgrades {
            out.push(upgrade.span.clone());
            out.extend(upgrade.card.iter().map(|c| c.span()));
            out.extend(upgrade.slot.iter().map(|s| s.written.span.clone()));
            out.extend(upgrade.points.iter().map(|s| s.span.clone()));
        }
    }
    out
}

fn check_spans(text: &str, spans: impl IntoIterator<Item = Range<usize>>, what: &str) {
    for span in spans {
        assert!(
            span.start <= span.end
                && span.end <= text.len()
                && text.is_char_boundary(span.start)
                && text.is_char_boundary(span.end),
            "{what}: bad span {span:?} in {text:?}"
        );
    }
}

fn finding_spans(findings: &[Finding]) -> Vec<Range<usize>> {
    findings
        .iter()
        .filter_map(|f| f.location.as_ref().map(|l| l.span.clone()))
        .collect()
}

fn check(text: &str, result: Result<ParsedSquad, Vec<Finding>>, what: &str) {
    match result {
        Ok(squad) => {
            check_spans(text, spans(&squad), what);
            check_spans(text, finding_spans(&squad.findings), what);
        }
        Err(findings) => {
            assert!(
                findings.iter().any(Finding::is_error),
                "{what}: Err without an error"
            );
            check_spans(text, finding_spans(&findings), what);
        }
    }
}

#[test]
fn every_fixture_in_every_format() {
    for (path, text) in fixtures() {
        for format in SourceFormat::ALL {
            let what = format!("{} as {}", path.display(), format.as_str());
            check(&text, xwing::parse_as(FileId(0), &text, format), &what);
        }
    }
}

/// A small deterministic generator, so failures reproduce.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const NOISE: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    "\"",
    "\\",
    "\\u",
    ",",
    ":",
    "%",
    "%2",
    "%FF",
    "X",
    "W",
    "Y",
    "Z",
    "v",
    "(",
    ")",
    "**",
    "*",
    "&nbsp;",
    " / ",
    " + ",
    " | ",
    "\n",
    "\r\n",
    "é",
    "😀",
    "\u{a0}",
    "0",
    "99999999999999999999",
    "-",
    "–",
    "[View in YASB](",
    "Ship Cost:",
    "Loadout: (",
    "?d=v9Z",
];

fn mutate(text: &str, rng: &mut Lcg) -> String {
    let mut out = text.to_string();
    for _ in 0..=rng.below(3) {
        let boundaries: Vec<usize> = (0..=out.len())
            .filter(|&i| out.is_char_boundary(i))
            .collect();
        let at = boundaries[rng.below(boundaries.len())];
        match rng.below(4) {
            0 => out.truncate(at),
            1 => out.insert_str(at, NOISE[rng.below(NOISE.len())]),
            2 => {
                let end = boundaries[rng.below(boundaries.len())].max(at);
                out.replace_range(at..end, "");
            }
            _ => {
                let end = boundaries[rng.below(boundaries.len())].max(at);
                let copy = out[at..end].to_string();
                out.insert_str(at, &copy);
            }
        }
    }
    out
}

#[test]
fn mutated_fixtures_never_panic() {
    let mut rng = Lcg(0x5eed);
    for (path, text) in fixtures().into_iter().filter(|(_, t)| t.len() < 20_000) {
        for round in 0..150 {
            let mutated = mutate(&text, &mut rng);
            let what = format!("{} mutation {round}", path.display());
            check(&mutated, xwing::parse(FileId(0), &mutated), &what);
        }
    }
}

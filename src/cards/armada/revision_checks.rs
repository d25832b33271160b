//! Checks of the points revisions against the cards: every listed id is a current card,
//! exactly one revision is the current one, ids are unique and dates are dates.

use super::ArmadaCards;
use super::model::Printing;
use crate::cards::locate::value_span;
use crate::cards::points::{CARD_POINTS_TEXT, possible_points};
use crate::report::{Code, Finding, SourceFiles};
use std::collections::HashSet;

pub(super) fn run(cards: &ArmadaCards, files: &SourceFiles, findings: &mut Vec<Finding>) {
    if cards.revisions.is_empty() {
        return;
    }
    let current: HashSet<&str> = cards
        .ships
        .iter()
        .filter(|c| c.is_current())
        .map(|c| c.id.as_str())
        .chain(
            cards
                .squadrons
                .iter()
                .filter(|c| c.is_current())
                .map(|c| c.id.as_str()),
        )
        .chain(
            cards
                .upgrades
                .iter()
                .filter(|c| c.is_current())
                .map(|c| c.id.as_str()),
        )
        .collect();
    let mut seen = HashSet::new();
    for revision in &cards.revisions {
        let span = |key: &str, value: Option<&str>| {
            value_span(files, revision.file, revision.span.clone(), key, value)
        };
        if !seen.insert(revision.id.as_str()) {
            findings.push(
                Finding::error(
                    Code::ImpossibleValue,
                    format!("two points revisions are called `{}`", revision.id),
                )
                .at(revision.file, span("id", None))
                .label("repeated id")
                .help("give each revision its own id: `--points` names one by it"),
            );
        }
        if !is_date(&revision.date) {
            findings.push(
                Finding::error(
                    Code::ImpossibleValue,
                    format!(
                        "points revision `{}` has the date `{}`",
                        revision.id, revision.date
                    ),
                )
                .at(revision.file, span("date", None))
                .label("not a YYYY-MM-DD date")
                .help("write the date as YYYY-MM-DD"),
            );
        }
        if revision.current && !(revision.points.is_empty() && revision.unsettled.is_empty()) {
            findings.push(
                Finding::error(
                    Code::ImpossibleValue,
                    format!(
                        "points revision `{}` is the current one but lists costs",
                        revision.id
                    ),
                )
                .at(revision.file, span("current", None))
                .label("current")
                .help("the current revision's costs are the cards' own: list none"),
            );
        }
        for (id, &points) in &revision.points {
            if !possible_points(points) {
                findings.push(
                    Finding::error(
                        Code::ImpossibleValue,
                        format!(
                            "points revision `{}` prices `{id}` at {points}; a card's points are {CARD_POINTS_TEXT}",
                            revision.id
                        ),
                    )
                    .at(revision.file, span(id, None))
                    .label("too many points")
                    .help(format!("give points from {CARD_POINTS_TEXT}")),
                );
            }
        }
        let listed = revision.points.keys().chain(revision.unsettled.keys());
        for id in listed.filter(|id| !current.contains(id.as_str())) {
            findings.push(
                Finding::error(
                    Code::DanglingReference,
                    format!(
                        "points revision `{}` prices `{id}`, which is no current ship, squadron or upgrade",
                        revision.id
                    ),
                )
                .at(revision.file, span(id, None))
                .label("unknown card")
                .help("list cards by the id of their current printing"),
            );
        }
    }
    let currents = cards.revisions.iter().filter(|r| r.current).count();
    if currents != 1 {
        let first = &cards.revisions[0];
        findings.push(
            Finding::error(
                Code::ImpossibleValue,
                format!("{currents} points revisions are marked current"),
            )
            .at(first.file, first.span.clone())
            .label("revisions")
            .help(
                "mark exactly one revision `current = true`: the one whose costs the cards carry",
            ),
        );
    }
}

fn is_date(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.len() == 10
        && bytes.iter().enumerate().all(|(i, b)| match i {
            4 | 7 => *b == b'-',
            _ => b.is_ascii_digit(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_iso() {
        assert!(is_date("2020-03-03"));
        assert!(!is_date("2020-3-3"));
        assert!(!is_date("March 2020"));
    }
}

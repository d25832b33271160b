//! Launch Bay Next's text export (`exportAsText` in andrelind/launch-bay-next-web):
//!
//! ```text
//! Squad name
//!
//! (12) Braylen Stramm [A/SF-01 B-wing]
//! (2) Fire-Control System
//! Points: 12
//!
//! (9) Shara Bey [RZ-1 A-wing]
//! Points: 9
//!
//! Total points: 23
//! ```
//!
//! Costs come first in parentheses; the ship follows the pilot in brackets. Launch Bay
//! Next fills the `Points:` line with the pilot's own cost, not the ship's total, and
//! strips parenthesised parts from upgrade names (`Vectored Cannons`).

use super::builder::SquadBuilder;
use super::lines::{Line, labelled_number, lines, trim};
use super::span::{Source, Spanned};
use super::squad::{CardRef, ParsedPilot, ParsedSquad, ParsedUpgrade, SourceFormat};
use crate::report::{FileId, Finding};
use nom::bytes::complete::take_until;
use nom::character::complete::{char, space1};
use nom::sequence::delimited;
use nom::{IResult, Parser};

/// `(12) Name [Ship]` split into cost, name and ship.
struct Entry<'a> {
    cost: &'a str,
    name: &'a str,
    ship: Option<&'a str>,
}

fn entry(text: &str) -> Option<Entry<'_>> {
    let parsed: IResult<&str, (&str, &str)> =
        (delimited(char('('), take_until(")"), char(')')), space1).parse(text);
    let (rest, (cost, _)) = parsed.ok()?;
    let rest = trim(rest);
    let (name, ship) = match rest.strip_suffix(']').and_then(|r| r.rsplit_once('[')) {
        Some((name, ship)) => (trim(name), Some(trim(ship))),
        None => (rest, None),
    };
    (!name.is_empty()).then_some(Entry {
        cost: trim(cost),
        name,
        ship,
    })
}

/// Does this look like Launch Bay Next's text export?
pub fn looks_like(lines: &[Line]) -> bool {
    lines.iter().any(|line| {
        line.text.starts_with("Total points:") || entry(line.text).is_some_and(|e| e.ship.is_some())
    })
}

pub fn parse(file: FileId, text: &str) -> Result<ParsedSquad, Vec<Finding>> {
    let source = Source::new(text);
    let mut b = SquadBuilder::new(file, SourceFormat::Lbn);
    for line in lines(&source) {
        let span = source.span_of(line.text);
        if let Some(total) = labelled_number(&source, line.text, "Total points:") {
            b.squad.points = Some(total);
            continue;
        }
        if let Some(total) = labelled_number(&source, line.text, "Points:") {
            b.ship_total(total, span);
            continue;
        }
        let Some(entry) = entry(line.text) else {
            if !b.has_any_pilot() && b.squad.name.is_none() {
                b.squad.name = Some(source.spanned(line.text));
            } else {
                b.skip_line(
                    span,
                    "`(cost) Pilot [Ship]`, `(cost) Upgrade`, `Points: …` and `Total points: …`",
                );
            }
            continue;
        };
        let points = match entry.cost.parse::<i64>() {
            Ok(points) => Some(Spanned::new(points, source.span_of(entry.cost))),
            Err(_) => {
                b.warn(
                    source.span_of(entry.cost),
                    format!("the cost `{}` is not a number", entry.cost),
                    "no cost read",
                    "Launch Bay Next writes costs as (12); re-export the squad".into(),
                );
                None
            }
        };
        let card = CardRef::Name(source.spanned(entry.name));
        match entry.ship {
            Some(ship) => {
                let mut pilot = ParsedPilot::new(card, span);
                pilot.ship = Some(source.spanned(ship));
                pilot.points = points;
                b.start_pilot(pilot);
            }
            None => {
                let upgrade = ParsedUpgrade {
                    slot: None,
                    card: Some(card),
                    points,
                    span: span.clone(),
                };
                b.add_upgrade(upgrade, span);
            }
        }
    }
    b.finish(source.span_of(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXPORT: &str = "Blade Runners\n\n(12) Braylen Stramm [A/SF-01 B-wing]\n(2) Fire-Control System\n(4) Proton Torpedoes\nPoints: 12\n\n(9) Shara Bey [RZ-1 A-wing]\nPoints: 9\n\nTotal points: 27";

    #[test]
    fn reads_the_export() {
        let squad = parse(FileId(0), EXPORT).unwrap();
        assert!(squad.findings.is_empty(), "{:?}", squad.findings);
        assert_eq!(squad.name.as_ref().unwrap().value, "Blade Runners");
        assert_eq!(squad.pilots.len(), 2);
        let first = &squad.pilots[0];
        assert_eq!(&EXPORT[first.card.span()], "Braylen Stramm");
        assert_eq!(first.ship.as_ref().unwrap().value, "A/SF-01 B-wing");
        assert_eq!(first.upgrades.len(), 2);
        assert_eq!(first.total_points.as_ref().unwrap().value, 12);
        assert_eq!(squad.points.as_ref().unwrap().value, 27);
    }

    #[test]
    fn entries() {
        let e = entry("(12) Braylen Stramm [A/SF-01 B-wing]").unwrap();
        assert_eq!(
            (e.cost, e.name, e.ship),
            ("12", "Braylen Stramm", Some("A/SF-01 B-wing"))
        );
        let e = entry("(undefined) R2-D2").unwrap();
        assert_eq!((e.cost, e.name, e.ship), ("undefined", "R2-D2", None));
        assert!(entry("Points: 12").is_none());
    }
}

//! Limited cards (• on the card): a squad holds at most that many cards of one *name*,
//! pilots and upgrades together, standard-loadout upgrades included (glossary, Limited).
//! Counting by name is why Han Solo the pilot and Han Solo the crew cannot both fly.

use crate::report::{Code, Finding};
use crate::text::normalized_eq;
use crate::validate::xwing::fitted::Squad;
use std::ops::Range;

/// One name counted: as printed first, the lowest limit of its cards, every copy's span.
struct Counted<'a> {
    name: &'a str,
    limit: i32,
    spans: Vec<Range<usize>>,
}

pub fn check(squad: &Squad<'_>, findings: &mut Vec<Finding>) {
    // A squad has a dozen or two cards: a list compared by name beats hashing a
    // normalised copy of every name.
    let mut counted: Vec<Counted<'_>> = Vec::new();
    let cards = squad.ships.iter().flat_map(|ship| {
        let upgrades = ship
            .upgrades
            .iter()
            .map(|u| (u.card.name.as_str(), u.values.limited, u.span.clone()));
        std::iter::once((ship.pilot.name.as_str(), ship.values.limited, ship.span()))
            .chain(upgrades)
    });
    for (name, limited, span) in cards.filter(|(_, limited, _)| *limited > 0) {
        match counted.iter_mut().find(|c| normalized_eq(c.name, name)) {
            Some(entry) => {
                entry.limit = entry.limit.min(limited);
                entry.spans.push(span);
            }
            None => counted.push(Counted {
                name,
                limit: limited,
                spans: vec![span],
            }),
        }
    }
    let mut over: Vec<_> = counted
        .into_iter()
        .filter(|c| c.spans.len() > c.limit as usize)
        .map(|c| (c.name, c.limit, c.spans))
        .collect();
    over.sort_by_key(|(_, _, spans)| spans.first().map_or(0, |s| s.start));
    for (name, limit, spans) in over {
        for span in spans.iter().skip(limit as usize) {
            findings.push(
                Finding::error(
                    Code::XwingLimited,
                    format!(
                        "{name} is limited to {limit} per squad, and the squad has {}",
                        spans.len()
                    ),
                )
                .at(squad.file, span.clone())
                .label(format!("copy {} of {name}", spans.len()))
                .help(format!(
                    "keep at most {limit} card(s) named {name}, pilots and upgrades together"
                )),
            );
        }
    }
}

//! Limited cards (• on the card): a squad holds at most that many cards of one *name*,
//! pilots and upgrades together, standard-loadout upgrades included (glossary, Limited).
//! Counting by name is why Han Solo the pilot and Han Solo the crew cannot both fly.

use crate::report::{Code, Finding};
use crate::text::normalize;
use crate::validate::xwing::fitted::Squad;
use std::collections::HashMap;
use std::ops::Range;

pub fn check(squad: &Squad<'_>, findings: &mut Vec<Finding>) {
    // name key → (printed name, limit, spans of every copy)
    let mut counted: HashMap<String, (String, i32, Vec<Range<usize>>)> = HashMap::new();
    let mut count = |name: &str, limited: i32, span: Range<usize>| {
        if limited <= 0 {
            return;
        }
        let entry = counted
            .entry(normalize(name))
            .or_insert_with(|| (name.to_string(), limited, Vec::new()));
        entry.1 = entry.1.min(limited);
        entry.2.push(span);
    };
    for ship in &squad.ships {
        count(&ship.pilot.name, ship.values.limited, ship.span());
        for upgrade in &ship.upgrades {
            count(
                &upgrade.card.name,
                upgrade.values.limited,
                upgrade.span.clone(),
            );
        }
    }
    let mut over: Vec<_> = counted
        .into_values()
        .filter(|(_, limit, spans)| spans.len() > *limit as usize)
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

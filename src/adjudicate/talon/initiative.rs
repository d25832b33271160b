//! `talon/initiative` (Talon rulebook 4.2): at the end of an impulse, more Change markers than
//! Defend markers turn the initiative marker over; otherwise it stays. The example of 4.2
//! lets the side whose markers forced the change pick the new holder (players may even hand
//! it to the opponent). When both sides placed Change markers the seed does not say who
//! picks, so `chooser` is null and the marker is simply turned over.
//!
//! Outcome: `{"holder": side, "chooser": side or null}`.

use super::{Played, Steps, choice, rules, step};
use crate::cards::talon::Side;
use crate::parse::scenario::talon::{MarkerKind, Scenario};
use crate::report::{Code, Finding};
use serde_json::json;

pub fn run(sc: &Scenario, steps: &mut Steps) -> Played {
    let holder = sc.holder.unwrap_or(Side::Terran);
    let count = |kind: MarkerKind, side: Option<Side>| {
        sc.markers
            .iter()
            .filter(|m| m.kind == kind && side.is_none_or(|s| m.side == s))
            .count()
    };
    let change = count(MarkerKind::Change, None);
    let defend = count(MarkerKind::Defend, None);
    for side in [holder, holder.other()] {
        let placed: Vec<String> = sc
            .markers
            .iter()
            .filter(|m| m.side == side)
            .map(|m| {
                let kind = match m.kind {
                    MarkerKind::Change => "Change",
                    MarkerKind::Defend => "Defend",
                };
                format!("{} ({kind})", m.ship)
            })
            .collect();
        let role = if side == holder {
            "initiative player"
        } else {
            "second player"
        };
        step!(
            steps,
            rules::INITIATIVE,
            format!("{} turn ({role})", side.title()),
            if placed.is_empty() {
                "No initiative markers.".to_string()
            } else {
                format!("Spends power on initiative markers: {}.", placed.join(", "))
            }
        )?;
    }
    let (new_holder, chooser) = if change > defend {
        let changers: Vec<Side> = Side::ALL
            .into_iter()
            .filter(|s| count(MarkerKind::Change, Some(*s)) > 0)
            .collect();
        let chooser = match changers.as_slice() {
            [one] => Some(*one),
            _ => None,
        };
        let new_holder = match (chooser, sc.chosen.as_ref()) {
            (Some(_), Some((pick, _))) => *pick,
            (None, Some((_, span))) => {
                return Err(Finding::error(
                    Code::ScenarioContradiction,
                    "both sides placed Change markers, so no side picks the new holder",
                    )
                    .at(sc.file, span.clone())
                    .label("no chooser")
                    .help("leave `chosen` out: the Talon rulebook (4.2) says the marker is turned over, and is silent on who would pick")
                    .into());
            }
            (_, None) => holder.other(),
        };
        let outcome = match chooser {
            Some(c) if sc.chosen.is_some() => format!(
                "{change} Change against {defend} Defend: the initiative changes. {} picks the holder: {}.",
                c.title(),
                new_holder.title()
            ),
            Some(c) => format!(
                "{change} Change against {defend} Defend: the initiative changes. {} may pick either side; the marker is turned over, so {} holds it.",
                c.title(),
                new_holder.title()
            ),
            None => format!(
                "{change} Change against {defend} Defend: the marker is turned over; {} holds the initiative. Both sides placed Change markers and the rulebook does not say who would pick.",
                new_holder.title()
            ),
        };
        let event = "End of the impulse: compare the markers";
        if chooser.is_some() && sc.chosen.is_none() {
            choice!(steps, rules::INITIATIVE, event, outcome)?;
        } else {
            step!(steps, rules::INITIATIVE, event, outcome)?;
        }
        (new_holder, chooser)
    } else {
        if let Some((_, span)) = &sc.chosen {
            return Err(Finding::error(
                Code::ScenarioContradiction,
                format!("the initiative does not change ({change} Change against {defend} Defend), so nobody picks"),
            )
            .at(sc.file, span.clone())
            .label("nothing to choose")
            .help("leave `chosen` out, or add Change markers")
            .into());
        }
        step!(
            steps,
            rules::INITIATIVE,
            "End of the impulse: compare the markers",
            format!(
                "{change} Change against {defend} Defend: Defend markers equal or outnumber Change markers, so {} keeps the initiative.",
                holder.title()
            )
        )?;
        (holder, None)
    };
    step!(
        steps,
        rules::INITIATIVE,
        "Before the next impulse",
        format!(
            "All Change and Defend markers are removed. {} plays first in the next impulse.",
            new_holder.title()
        )
    )?;
    let final_state = vec![format!(
        "Initiative: {}{}",
        new_holder.title(),
        chooser.map_or(String::new(), |c| format!(" (chosen by {})", c.title()))
    )];
    Ok((
        final_state,
        json!({ "holder": new_holder.as_str(), "chooser": chooser.map(Side::as_str) }),
    ))
}

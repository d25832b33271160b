//! Stated costs against the revision the list is judged under. A difference is a warning,
//! not an error: the totals already use the revision's costs.
//!
//! One cause, one finding: every card whose stated cost the revision does not give is in
//! one warning (with the revisions that do give it, if any), and a stated total is reported
//! only when it does not follow from the list's own card costs (an addition error, or a
//! card the data prices differently that the list leaves unpriced) — a total that is off
//! only because its cards are is not a second problem.

use super::Context;
use crate::parse::armada::Number;
use crate::report::{Code, Finding};
use crate::validate::armada::ValidatedFleet;
use crate::validate::armada::identity;
use std::ops::Range;

/// Cards named in the message before "and N more".
const NAMED: usize = 4;

/// A stated cost the revision does not give.
struct Off {
    what: String,
    stated: u32,
    judged: u32,
    span: Range<usize>,
    /// The card's id and current cost, to find revisions that give the stated cost.
    card: Option<(String, u32)>,
    /// A squadron group's count, when the stated cost is the group's.
    group: u32,
}

pub fn check(cx: &Context<'_, '_>, fleet: &ValidatedFleet<'_>, out: &mut Vec<Finding>) {
    let revision = fleet
        .points_revision
        .as_ref()
        .map_or("the card data".to_string(), |r| {
            format!("points revision `{}`", r.id())
        });
    let mut cards: Vec<Off> = Vec::new();
    let mut card_off =
        |what: String, stated: &Number, judged: u32, card: Option<(&str, u32)>, group: u32| {
            if stated.value != judged {
                cards.push(Off {
                    what,
                    stated: stated.value,
                    judged,
                    span: stated.span.clone(),
                    card: card.map(|(id, own)| (id.to_string(), own)),
                    group,
                });
            }
        };
    let own = |id: &str, points: u16| cx.index.current_cost(id).unwrap_or(u32::from(points));
    // The list's own sum: each card at its stated cost where it states one.
    let mut fleet_sum = 0;
    let mut squadron_sum = 0;
    let mut totals: Vec<(String, &Number, u32, u32)> = Vec::new();
    for (ship, parsed) in fleet.ships.iter().zip(&cx.parsed.ships) {
        let mut ship_sum = parsed
            .stated_points
            .as_ref()
            .map_or(ship.points, |n| n.value);
        if let (Some(card), Some(stated)) = (ship.card, &parsed.stated_points) {
            let id = identity(card);
            card_off(
                format!("`{}`", ship.name),
                stated,
                ship.points,
                Some((id, own(id, card.points))),
                1,
            );
        }
        for (upgrade, parsed) in ship.upgrades.iter().zip(&parsed.upgrades) {
            ship_sum += parsed
                .stated_points
                .as_ref()
                .map_or(upgrade.points, |n| n.value);
            if let (Some(card), Some(stated)) = (upgrade.card, &parsed.stated_points) {
                let id = identity(card);
                card_off(
                    format!("`{}`", upgrade.name),
                    stated,
                    upgrade.points,
                    Some((id, own(id, card.points))),
                    1,
                );
            }
        }
        fleet_sum += ship_sum;
        let all_known = ship.card.is_some() && ship.upgrades.iter().all(|u| u.card.is_some());
        if let (true, Some(stated)) = (all_known, &parsed.stated_total) {
            totals.push((
                format!("`{}` with its upgrades", ship.name),
                stated,
                ship.total,
                ship_sum,
            ));
        }
    }
    fleet_sum += fleet.commander.as_ref().map_or(0, |c| c.points);
    for (squadron, parsed) in fleet.squadrons.iter().zip(&cx.parsed.squadrons) {
        let judged = if parsed.points_are_group_total {
            squadron.total
        } else {
            squadron.points
        };
        squadron_sum += parsed.stated_points.as_ref().map_or(squadron.total, |n| {
            if parsed.points_are_group_total {
                n.value
            } else {
                n.value * squadron.count
            }
        });
        if let (Some(card), Some(stated)) = (squadron.card, &parsed.stated_points) {
            let id = identity(card);
            let group = if parsed.points_are_group_total {
                squadron.count.max(1)
            } else {
                1
            };
            card_off(
                format!("`{}`", squadron.name),
                stated,
                judged,
                Some((id, own(id, card.points))),
                group,
            );
        }
    }
    fleet_sum += squadron_sum;
    let all_known = fleet
        .ships
        .iter()
        .all(|s| s.card.is_some() && s.upgrades.iter().all(|u| u.card.is_some()))
        && fleet.squadrons.iter().all(|s| s.card.is_some());
    if all_known {
        if let Some(stated) = &cx.parsed.points.squadrons {
            totals.push((
                "the squadrons".to_string(),
                stated,
                fleet.totals.squadrons,
                squadron_sum,
            ));
        }
        if let Some(stated) = &cx.parsed.points.total {
            totals.push((
                "the fleet".to_string(),
                stated,
                fleet.totals.total,
                fleet_sum,
            ));
        }
    }
    let judged = fleet.points_revision.as_ref();
    // Lines all priced in one other revision are one cause, told by the revision note.
    if !cards.is_empty() && judged.is_none_or(|j| j.lines_from.is_none()) {
        out.extend(cards_finding(cx, fleet, &revision, &cards));
    }
    // A total that is off only because its cards are follows from them; a fleet total
    // that is the revision's own (an unsettled cost in it) is no problem either.
    let total_explained = judged.is_some_and(|j| j.total_explained);
    let fleet_total = cx.parsed.points.total.as_ref().map(|n| n.span.clone());
    let sums_off: Vec<&(String, &Number, u32, u32)> = totals
        .iter()
        .filter(|(_, stated, judged, sum)| stated.value != *judged && stated.value != *sum)
        .filter(|(_, stated, _, _)| {
            !(total_explained && Some(&stated.span) == fleet_total.as_ref())
        })
        .collect();
    if let Some((what, stated, _, sum)) = sums_off.first() {
        let more = match sums_off.len() {
            1 => String::new(),
            n => format!(
                " (and {} more stated total{})",
                n - 1,
                if n == 2 { "" } else { "s" }
            ),
        };
        out.push(
            Finding::warning(
                Code::ArmadaStatedPoints,
                format!(
                    "the list says {what} costs {}, but its own costs add up to {sum}{more}",
                    stated.value
                ),
            )
            .at(cx.file, stated.span.clone())
            .label(format!("the costs add up to {sum}"))
            .help(format!(
                "write {sum}: a total the list states is the sum of its cards (checked under {revision})"
            )),
        );
    }
}

fn cards_finding(
    cx: &Context<'_, '_>,
    fleet: &ValidatedFleet<'_>,
    revision: &str,
    cards: &[Off],
) -> Option<Finding> {
    let first = cards.first()?;
    let named: Vec<String> = cards
        .iter()
        .take(NAMED)
        .map(|c| format!("{} {} ({})", c.what, c.stated, c.judged))
        .collect();
    let more = match cards.len().saturating_sub(NAMED) {
        0 => String::new(),
        n => format!(" and {n} more"),
    };
    let message = match cards {
        [one] => format!(
            "the list says {} costs {}; under {revision} it costs {}",
            one.what, one.stated, one.judged
        ),
        _ => format!(
            "{} stated costs are not those of {revision}: {}{more}",
            cards.len(),
            named.join(", ")
        ),
    };
    Some(
        Finding::warning(Code::ArmadaStatedPoints, message)
            .at(cx.file, first.span.clone())
            .label(format!("{revision}: {}", first.judged))
            .help(where_from(cx, fleet, cards)),
    )
}

/// Which revisions give the stated costs: the list mixes revisions, or uses costs the card
/// data does not have.
fn where_from(cx: &Context<'_, '_>, fleet: &ValidatedFleet<'_>, cards: &[Off]) -> String {
    let judged = fleet.points_revision.as_ref().map(|r| r.id());
    let mut given = Vec::new();
    let mut unknown = Vec::new();
    for off in cards {
        let found: Vec<&str> = off.card.as_ref().map_or(Vec::new(), |(id, own)| {
            let own = u16::try_from(*own).unwrap_or(u16::MAX);
            let each = off.stated / off.group.max(1);
            cx.index
                .cards
                .revisions
                .iter()
                .filter(|r| Some(r.id.as_str()) != judged)
                .filter(|r| off.stated % off.group.max(1) == 0 && r.accepts(id, own, each))
                .map(|r| r.id.as_str())
                .collect()
        });
        if found.is_empty() {
            unknown.push(off.what.as_str());
        } else {
            given.push(format!("{} is {}'s cost", off.what, found.join("/")));
        }
    }
    let mut parts = Vec::new();
    if !given.is_empty() {
        parts.push(format!(
            "the list mixes points revisions: {}",
            given.join("; ")
        ));
    }
    if !unknown.is_empty() {
        parts.push(format!(
            "no points revision in the card data gives the stated cost of {}",
            unknown.join(", ")
        ));
    }
    parts.push("the totals use the costs of the revision the list is judged under".to_string());
    parts.join("; ")
}

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
use crate::validate::armada::fleet::{sum_points, times};
use crate::validate::armada::{HasId, Resolvable, identity};
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

/// A total the list states (of a ship with its upgrades, the squadrons, the fleet): what
/// the revision makes it and what the list's own costs add up to.
struct StatedTotal<'a> {
    what: Totalled<'a>,
    stated: &'a Number,
    judged: u32,
    sum: u32,
}

/// What a stated total is the total of, written only into a finding (most lists state
/// totals that are right: a `String` for each was most of this rule's work).
enum Totalled<'a> {
    Ship(&'a str),
    Squadrons,
    Fleet,
}

impl std::fmt::Display for Totalled<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Totalled::Ship(name) => write!(f, "`{name}` with its upgrades"),
            Totalled::Squadrons => f.write_str("the squadrons"),
            Totalled::Fleet => f.write_str("the fleet"),
        }
    }
}

/// The revision the costs are checked under, as a finding names it.
struct Judged<'r>(Option<&'r str>);

impl std::fmt::Display for Judged<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Some(id) => write!(f, "points revision `{id}`"),
            None => f.write_str("the card data"),
        }
    }
}

/// Every stated cost the revision does not give, and every stated total.
struct Tally<'a> {
    cards: Vec<Off>,
    totals: Vec<StatedTotal<'a>>,
}

pub fn check(cx: &Context<'_, '_>, fleet: &ValidatedFleet<'_>, out: &mut Vec<Finding>) {
    let revision = Judged(fleet.points_revision.as_ref().map(|r| r.id()));
    let tally = Tally::of(cx, fleet);
    let judged = fleet.points_revision.as_ref();
    // Lines all priced in one other revision are one cause, told by the revision note.
    if !tally.cards.is_empty() && judged.is_none_or(|j| j.lines_from.is_none()) {
        out.extend(cards_finding(cx, fleet, &revision, &tally.cards));
    }
    out.extend(totals_finding(cx, fleet, &revision, &tally.totals));
}

impl<'a> Tally<'a> {
    fn of(cx: &Context<'a, '_>, fleet: &'a ValidatedFleet<'_>) -> Self {
        // At most a total a ship, the squadrons' and the fleet's: one allocation.
        let mut tally = Tally {
            cards: Vec::new(),
            totals: Vec::with_capacity(fleet.ships.len() + 2),
        };
        // The list's own sum: each card at its stated cost where it states one.
        let ships_sum = tally.ships(cx, fleet);
        let squadron_sum = tally.squadrons(cx, fleet);
        let commander = fleet.commander.as_ref().map_or(0, |c| c.points);
        let fleet_sum = sum_points([ships_sum, commander, squadron_sum]);
        let all_known = fleet
            .ships
            .iter()
            .all(|s| s.card.is_some() && s.upgrades.iter().all(|u| u.card.is_some()))
            && fleet.squadrons.iter().all(|s| s.card.is_some());
        if all_known {
            if let Some(stated) = &cx.parsed.points.squadrons {
                tally.totals.push(StatedTotal {
                    what: Totalled::Squadrons,
                    stated,
                    judged: fleet.totals.squadrons,
                    sum: squadron_sum,
                });
            }
            if let Some(stated) = &cx.parsed.points.total {
                tally.totals.push(StatedTotal {
                    what: Totalled::Fleet,
                    stated,
                    judged: fleet.totals.total,
                    sum: fleet_sum,
                });
            }
        }
        tally
    }

    /// A card whose stated cost is not what it is judged to cost.
    fn card<C: Resolvable + HasId>(
        &mut self,
        cx: &Context<'_, '_>,
        name: &str,
        stated: &Number,
        judged: u32,
        card: &C,
        group: u32,
    ) {
        if stated.value == judged {
            return;
        }
        let id = identity(card);
        let own = cx
            .index
            .current_cost(id)
            .unwrap_or(u32::from(card.points()));
        self.cards.push(Off {
            what: format!("`{name}`"),
            stated: stated.value,
            judged,
            span: stated.span.clone(),
            card: Some((id.to_string(), own)),
            group,
        });
    }

    /// The ships' and their upgrades' stated costs; the list's own sum of them.
    fn ships(&mut self, cx: &Context<'a, '_>, fleet: &'a ValidatedFleet<'_>) -> u32 {
        let mut fleet_sum = 0;
        for (ship, parsed) in fleet.ships.iter().zip(&cx.parsed.ships) {
            let mut ship_sum = parsed
                .stated_points
                .as_ref()
                .map_or(ship.points, |n| n.value);
            if let (Some(card), Some(stated)) = (ship.card, &parsed.stated_points) {
                self.card(cx, &ship.name, stated, ship.points, card, 1);
            }
            for (upgrade, parsed) in ship.upgrades.iter().zip(&parsed.upgrades) {
                ship_sum = ship_sum.saturating_add(
                    parsed
                        .stated_points
                        .as_ref()
                        .map_or(upgrade.points, |n| n.value),
                );
                if let (Some(card), Some(stated)) = (upgrade.card, &parsed.stated_points) {
                    self.card(cx, &upgrade.name, stated, upgrade.points, card, 1);
                }
            }
            fleet_sum = sum_points([fleet_sum, ship_sum]);
            let all_known = ship.card.is_some() && ship.upgrades.iter().all(|u| u.card.is_some());
            if let (true, Some(stated)) = (all_known, &parsed.stated_total) {
                self.totals.push(StatedTotal {
                    what: Totalled::Ship(&ship.name),
                    stated,
                    judged: ship.total,
                    sum: ship_sum,
                });
            }
        }
        fleet_sum
    }

    /// The squadrons' stated costs (each, or a group's); the list's own sum of them.
    fn squadrons(&mut self, cx: &Context<'a, '_>, fleet: &ValidatedFleet<'_>) -> u32 {
        let mut squadron_sum = 0;
        for (squadron, parsed) in fleet.squadrons.iter().zip(&cx.parsed.squadrons) {
            let group_total = parsed.points_are_group_total;
            let judged = if group_total {
                squadron.total
            } else {
                squadron.points
            };
            let stated = parsed.stated_points.as_ref().map_or(squadron.total, |n| {
                if group_total {
                    n.value
                } else {
                    times(n.value, squadron.count)
                }
            });
            squadron_sum = sum_points([squadron_sum, stated]);
            if let (Some(card), Some(stated)) = (squadron.card, &parsed.stated_points) {
                let group = if group_total {
                    squadron.count.max(1)
                } else {
                    1
                };
                self.card(cx, &squadron.name, stated, judged, card, group);
            }
        }
        squadron_sum
    }
}

/// A stated total that follows neither from the revision nor from the list's own costs.
/// A total that is off only because its cards are follows from them; a fleet total that
/// is the revision's own (an unsettled cost in it) is no problem either.
fn totals_finding(
    cx: &Context<'_, '_>,
    fleet: &ValidatedFleet<'_>,
    revision: &Judged<'_>,
    totals: &[StatedTotal<'_>],
) -> Option<Finding> {
    let total_explained = fleet
        .points_revision
        .as_ref()
        .is_some_and(|j| j.total_explained);
    let fleet_total = cx.parsed.points.total.as_ref().map(|n| n.span.clone());
    let sums_off: Vec<&StatedTotal<'_>> = totals
        .iter()
        .filter(|t| t.stated.value != t.judged && t.stated.value != t.sum)
        .filter(|t| !(total_explained && Some(&t.stated.span) == fleet_total.as_ref()))
        .collect();
    let first = sums_off.first()?;
    let more = match sums_off.len() {
        1 => String::new(),
        n => format!(
            " (and {} more stated total{})",
            n - 1,
            if n == 2 { "" } else { "s" }
        ),
    };
    let (what, sum) = (&first.what, first.sum);
    Some(
        Finding::warning(
            Code::ArmadaStatedPoints,
            format!(
                "the list says {what} costs {}, but its own costs add up to {sum}{more}",
                first.stated.value
            ),
        )
        .at(cx.file, first.stated.span.clone())
        .label(format!("the costs add up to {sum}"))
        .help(format!(
            "write {sum}: a total the list states is the sum of its cards (checked under {revision})"
        )),
    )
}

fn cards_finding(
    cx: &Context<'_, '_>,
    fleet: &ValidatedFleet<'_>,
    revision: &Judged<'_>,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_written_when_a_finding_needs_them_read_as_the_strings_made_before() {
        assert_eq!(
            Totalled::Ship("Home One").to_string(),
            "`Home One` with its upgrades"
        );
        assert_eq!(Totalled::Squadrons.to_string(), "the squadrons");
        assert_eq!(Totalled::Fleet.to_string(), "the fleet");
        assert_eq!(
            Judged(Some("ffg-2020")).to_string(),
            "points revision `ffg-2020`"
        );
        assert_eq!(Judged(None).to_string(), "the card data");
    }
}

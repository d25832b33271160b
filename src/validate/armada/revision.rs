//! Which points revision a fleet is judged under, and its cards' costs in it.
//!
//! Lists are priced by the builder that wrote them, with the points of their day: a list
//! judged under today's points is "over" for reasons its author never saw. So unless the
//! caller names a revision (`--points`), the revision is the one that gives the most of the
//! list's stated costs (ties: the current one, then the newest). Every card then costs what
//! it costs in that revision — or what the list states, where the revision leaves the cost
//! open (`unsettled`) and the list states one of its costs — and the totals and the points
//! limit are judged on those costs.

use super::card_index::CardIndex;
use super::fleet::{JudgedUnder, RevisionSource, ValidatedFleet, sum_points, times};
use super::prices::{RevisionPrice, identity};
use crate::cards::armada::PointsRevision;
use crate::parse::armada::ParsedFleet;
use crate::report::{Code, Finding};

/// One priced card of the fleet: where it is, its current cost, what the list states for
/// one of it, and its costs in the revisions.
struct Priced<'a> {
    at: At,
    own: u32,
    stated: Option<u32>,
    in_revisions: &'a [RevisionPrice<'a>],
}

impl Priced<'_> {
    /// Its cost in revision `at` (what `PointsRevision::cost` gives).
    fn cost_in(&self, at: usize) -> u16 {
        self.in_revisions
            .get(at)
            .and_then(|p| p.cost)
            .unwrap_or(own(self))
    }

    /// Whether `stated` is a cost it may have in revision `at` (what
    /// `PointsRevision::accepts` gives).
    fn accepts_in(&self, at: usize, stated: u32) -> bool {
        u32::from(self.cost_in(at)) == stated
            || self
                .unsettled_in(at)
                .iter()
                .any(|&c| u32::from(c) == stated)
    }

    fn unsettled_in(&self, at: usize) -> &[u16] {
        self.in_revisions.get(at).map_or(&[], |p| p.unsettled)
    }
}

#[derive(Clone, Copy)]
enum At {
    Ship(usize),
    Upgrade(usize, usize),
    Commander,
    Squadron(usize),
}

/// A `--points` name no Armada revision has.
pub fn unknown(index: &CardIndex<'_>, name: &str) -> Finding {
    Finding::error(
        Code::ArmadaPointsRevision,
        format!("no Armada points revision is called `{name}`"),
    )
    .help(format!(
        "use one of: {}",
        index.cards.revision_ids().join(", ")
    ))
}

/// Choose the revision, price every known card of `fleet` in it and recompute the totals.
/// `requested` is the caller's `--points`; it must name a revision (checked by the caller
/// with [`CardIndex::cards`]). Without revisions in the card data, nothing changes.
pub fn apply<'db>(
    index: &CardIndex<'db>,
    fleet: &mut ValidatedFleet<'db>,
    parsed: &ParsedFleet,
    requested: Option<&str>,
) {
    let revisions = &index.cards.revisions;
    if revisions.is_empty() {
        return;
    }
    // Revisions are worked with by their position, which is how cards' prices are kept.
    let position = |wanted: &PointsRevision| revisions.iter().position(|r| r.value.id == wanted.id);
    let priced = priced(index, fleet, parsed);
    // The unknown cards cost the same in every revision: summed once, not per question.
    let unknown = unknown_cost(fleet);
    let all_known = fleet.ships.iter().all(|s| s.card.is_some())
        && fleet.upgrades().all(|u| u.card.is_some())
        && fleet.squadrons.iter().all(|s| s.card.is_some());
    let stated_total = parsed
        .points
        .total
        .as_ref()
        .map(|n| n.value)
        .filter(|_| all_known);
    // What each revision explains is worked out once per revision, for the choice and the
    // chosen one's account alike.
    let figures = |at: usize| Figures {
        total_explained: stated_total.is_some_and(|t| reachable(fleet, &priced, unknown, at, t)),
        explained: explained(&priced, at),
    };
    // The stated total first: it is what the author checked against the limit, and some
    // builders re-price the lines on export but keep it.
    let chosen = match requested
        .and_then(|name| index.cards.revision(name))
        .and_then(|r| Some((position(r)?, r)))
    {
        Some((at, revision)) => Some((at, revision, RevisionSource::Caller, figures(at))),
        None => revisions
            .iter()
            .map(|r| &r.value)
            .enumerate()
            .map(|(at, r)| (at, r, figures(at)))
            .max_by_key(|&(_, r, f)| (f.total_explained, f.explained, r.current, &r.date))
            .map(|(at, r, f)| (at, r, RevisionSource::StatedCosts, f)),
    };
    let Some((chosen_at, revision, source, chosen_figures)) = chosen else {
        return;
    };
    let current = index.cards.current_revision();
    let current_at = current.and_then(position);
    let current_total = fleet_cost(fleet, &priced, unknown, |p| {
        current_at.map_or(p.own, |at| u32::from(p.cost_in(at)))
    });
    for p in &priced {
        let cost = match p.stated {
            Some(s) if p.accepts_in(chosen_at, s) => s,
            _ => u32::from(p.cost_in(chosen_at)),
        };
        match p.at {
            At::Ship(i) => set(fleet.ships.get_mut(i).map(|s| &mut s.points), cost),
            At::Upgrade(i, j) => set(
                fleet
                    .ships
                    .get_mut(i)
                    .and_then(|s| s.upgrades.get_mut(j))
                    .map(|u| &mut u.points),
                cost,
            ),
            At::Commander => set(fleet.commander.as_mut().map(|c| &mut c.points), cost),
            At::Squadron(k) => set(fleet.squadrons.get_mut(k).map(|s| &mut s.points), cost),
        }
    }
    recompute_totals(fleet);
    let off: Vec<&Priced<'_>> = priced
        .iter()
        .filter(|p| p.stated.is_some_and(|s| !p.accepts_in(chosen_at, s)))
        .collect();
    let lines_from = (!off.is_empty())
        .then(|| {
            revisions
                .iter()
                .map(|r| &r.value)
                .enumerate()
                .filter(|&(at, _)| {
                    at != chosen_at
                        && off
                            .iter()
                            .all(|p| p.stated.is_some_and(|s| p.accepts_in(at, s)))
                })
                .max_by_key(|(_, r)| &r.date)
                .map(|(_, r)| r)
        })
        .flatten();
    fleet.points_revision = Some(JudgedUnder {
        revision,
        source,
        stated: priced.iter().filter(|p| p.stated.is_some()).count(),
        explained: chosen_figures.explained,
        current: current.map(|c| c.id.as_str()),
        current_total,
        total_explained: chosen_figures.total_explained,
        lines_from,
        off: off.len(),
    });
}

/// What one revision explains of a list: whether its stated total, and how many of its
/// stated costs.
#[derive(Clone, Copy)]
struct Figures {
    total_explained: bool,
    explained: usize,
}

/// How many of the cards' stated costs revision `at` gives them.
fn explained(priced: &[Priced<'_>], at: usize) -> usize {
    priced
        .iter()
        .filter(|p| p.stated.is_some_and(|s| p.accepts_in(at, s)))
        .count()
}

/// Most combinations of unsettled costs tried for one list.
const MAX_COMBINATIONS: usize = 256;

/// Whether `total` is the fleet's cost in `revision`, some unsettled card at any of the
/// costs the sources give it.
/// `unknown` is what the unknown cards cost ([`unknown_cost`]).
fn reachable(
    fleet: &ValidatedFleet<'_>,
    priced: &[Priced<'_>],
    unknown: u32,
    at: usize,
    total: u32,
) -> bool {
    let count = |p: &Priced<'_>| match p.at {
        At::Squadron(k) => fleet.squadrons.get(k).map_or(1, |s| s.count),
        _ => 1,
    };
    let base = fleet_cost(fleet, priced, unknown, |p| u32::from(p.cost_in(at)));
    if priced.iter().all(|p| p.unsettled_in(at).is_empty()) {
        return base == total;
    }
    let mut sums = vec![i64::from(base)];
    for p in priced {
        let costs = p.unsettled_in(at);
        if costs.is_empty() {
            continue;
        }
        let cost = i64::from(p.cost_in(at));
        let n = i64::from(count(p));
        let mut more = Vec::new();
        for &alt in costs {
            let delta = (i64::from(alt) - cost) * n;
            more.extend(sums.iter().map(|s| s + delta));
        }
        sums.extend(more);
        sums.sort_unstable();
        sums.dedup();
        if sums.len() > MAX_COMBINATIONS {
            break;
        }
    }
    sums.contains(&i64::from(total))
}

/// Current costs are at most `u16`; widened once here.
fn own(p: &Priced<'_>) -> u16 {
    u16::try_from(p.own).unwrap_or(u16::MAX)
}

fn set(slot: Option<&mut u32>, cost: u32) {
    if let Some(slot) = slot {
        *slot = cost;
    }
}

/// Ship totals, squadron totals and the fleet's totals from the cards' points.
pub fn recompute_totals(fleet: &mut ValidatedFleet<'_>) {
    for ship in &mut fleet.ships {
        ship.total =
            sum_points(std::iter::once(ship.points).chain(ship.upgrades.iter().map(|u| u.points)));
    }
    for squadron in &mut fleet.squadrons {
        squadron.total = times(squadron.points, squadron.count);
    }
    let squadrons = sum_points(fleet.squadrons.iter().map(|s| s.total));
    fleet.totals.squadrons = squadrons;
    fleet.totals.total = sum_points(
        fleet
            .ships
            .iter()
            .map(|s| s.total)
            .chain(fleet.commander.as_ref().map(|c| c.points))
            .chain([squadrons]),
    );
}

/// The fleet's cost with each known card at `cost`, the unknown cards costing `unknown`
/// together ([`unknown_cost`]).
fn fleet_cost(
    fleet: &ValidatedFleet<'_>,
    priced: &[Priced<'_>],
    unknown: u32,
    cost: impl Fn(&Priced<'_>) -> u32,
) -> u32 {
    let known = sum_points(priced.iter().map(|p| {
        let count = match p.at {
            At::Squadron(k) => fleet.squadrons.get(k).map_or(1, |s| s.count),
            _ => 1,
        };
        times(cost(p), count)
    }));
    known.saturating_add(unknown)
}

/// What the fleet's unknown cards cost, at their points as the list has them.
fn unknown_cost(fleet: &ValidatedFleet<'_>) -> u32 {
    sum_points(
        fleet
            .ships
            .iter()
            .filter(|s| s.card.is_none())
            .map(|s| s.points)
            .chain(
                fleet
                    .upgrades()
                    .filter(|u| u.card.is_none())
                    .map(|u| u.points),
            )
            .chain(
                fleet
                    .squadrons
                    .iter()
                    .filter(|s| s.card.is_none())
                    .map(|s| s.total),
            ),
    )
}

/// Every known card of the fleet with its stated cost for one.
fn priced<'a>(
    index: &'a CardIndex<'a>,
    fleet: &ValidatedFleet<'a>,
    parsed: &ParsedFleet,
) -> Vec<Priced<'a>> {
    let cards = fleet
        .ships
        .iter()
        .map(|s| 1 + s.upgrades.len())
        .sum::<usize>()
        + usize::from(fleet.commander.is_some())
        + fleet.squadrons.len();
    let mut out = Vec::with_capacity(cards);
    let lookup = |id: &'a str, points: u16| {
        let prices = index.prices(id);
        let own = prices
            .and_then(|p| p.current)
            .map_or(u32::from(points), u32::from);
        let in_revisions = prices.map_or(&[][..], |p| p.in_revisions.as_slice());
        (own, in_revisions)
    };
    let stated = |n: &Option<crate::parse::armada::Number>| n.as_ref().map(|n| n.value);
    for (i, (ship, written)) in fleet.ships.iter().zip(&parsed.ships).enumerate() {
        if let Some(card) = ship.card {
            let (own, in_revisions) = lookup(identity(card), card.points);
            out.push(Priced {
                at: At::Ship(i),
                own,
                stated: stated(&written.stated_points),
                in_revisions,
            });
        }
        for (j, (upgrade, written)) in ship.upgrades.iter().zip(&written.upgrades).enumerate() {
            if let Some(card) = upgrade.card {
                let (own, in_revisions) = lookup(identity(card), card.points);
                out.push(Priced {
                    at: At::Upgrade(i, j),
                    own,
                    stated: stated(&written.stated_points),
                    in_revisions,
                });
            }
        }
    }
    if let Some(card) = fleet.commander.as_ref().and_then(|c| c.card) {
        let (own, in_revisions) = lookup(identity(card), card.points);
        out.push(Priced {
            at: At::Commander,
            own,
            in_revisions,
            stated: parsed
                .commander
                .as_ref()
                .and_then(|c| stated(&c.stated_points)),
        });
    }
    for (k, (squadron, written)) in fleet.squadrons.iter().zip(&parsed.squadrons).enumerate() {
        if let Some(card) = squadron.card {
            let (own, in_revisions) = lookup(identity(card), card.points);
            let count = squadron.count.max(1);
            let each = written.stated_points.as_ref().and_then(|n| {
                if written.points_are_group_total {
                    (n.value % count == 0).then_some(n.value / count)
                } else {
                    Some(n.value)
                }
            });
            out.push(Priced {
                at: At::Squadron(k),
                own,
                stated: each,
                in_revisions,
            });
        }
    }
    out
}

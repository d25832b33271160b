//! The fleet-building rules (Rules Reference "Fleet Building", Sector Fleets), one concept
//! per file. Every number comes from the format, so organisers change data, not code.

pub mod cite;
mod commander;
mod disabled;
mod faction;
mod flotilla_cap;
mod legal_source;
mod modification;
mod objectives;
mod points;
mod points_revision;
mod restrictions;
mod slots;
mod stated_points;
mod title;
mod unique;

pub use unique::uses as unique_uses;

use super::resolve::CardIndex;
use super::resolved::{ResolvedShip, ResolvedUpgrade, ValidatedFleet};
use crate::cards::armada::{Size, Slot};
use crate::cards::formats::Format;
use crate::parse::armada::ParsedFleet;
use crate::report::FileId;
use std::ops::Range;

/// What every rule sees.
pub struct Context<'a, 'db> {
    pub index: &'a CardIndex<'db>,
    pub format: &'a Format,
    pub parsed: &'a ParsedFleet,
    pub file: FileId,
}

impl Context<'_, '_> {
    /// Where a finding about the whole fleet points: the stated total, else the first
    /// line the list has.
    pub fn fleet_span(&self) -> Range<usize> {
        let p = self.parsed;
        p.points
            .total
            .as_ref()
            .map(|n| n.span.clone())
            .or_else(|| p.faction.as_ref().map(|f| f.span.clone()))
            .or_else(|| p.name.as_ref().map(|n| n.span.clone()))
            .or_else(|| p.ships.first().map(|s| s.span.clone()))
            .unwrap_or(0..0)
    }

    pub fn ship_size(&self, ship: &ResolvedShip<'_>) -> Option<Size> {
        let card = ship.card?;
        self.index
            .cards
            .ship_types
            .iter()
            .find(|t| t.id == card.ship_type)
            .map(|t| t.size)
    }
}

/// The icons of the ship card's upgrade bar plus those its upgrades add.
fn bar_before_removals(ship: &ResolvedShip<'_>) -> Vec<Slot> {
    let Some(card) = ship.card else {
        return Vec::new();
    };
    let mut bar = card.upgrade_slots.clone();
    for upgrade in ship.upgrades.iter().filter_map(|u| u.card) {
        bar.extend(upgrade.adds_slots.iter().copied());
    }
    bar
}

/// The icons a ship's upgrade bar offers once its upgrades have added and removed theirs.
/// A card that removes the icons of a kind it sits in keeps the one it occupies: it bars
/// other upgrades of that kind, not itself.
pub fn upgrade_bar(ship: &ResolvedShip<'_>) -> Vec<Slot> {
    let mut bar = bar_before_removals(ship);
    for upgrade in ship.upgrades.iter().filter_map(|u| u.card) {
        let had: Vec<Slot> = bar.clone();
        bar.retain(|s| !upgrade.removes_slots.contains(s));
        for own in upgrade
            .slots
            .iter()
            .filter(|s| upgrade.removes_slots.contains(s) && had.contains(s))
        {
            bar.push(*own);
        }
        for slot in &upgrade.removes_one_slot {
            if let Some(at) = bar.iter().position(|s| s == slot) {
                bar.remove(at);
            }
        }
    }
    bar
}

/// Where one upgrade of a ship lands on the ship's upgrade bar.
#[derive(Debug)]
pub enum Placement<'a, 'db> {
    /// In free icons of its kinds.
    Placed,
    /// Not placed and not a slot problem: the card is unknown.
    Skipped,
    /// The bar has no free icon of these kinds.
    NoIcon(Vec<Slot>),
    /// The bar had free icons of these kinds, but another upgrade of the ship removes them.
    Removed {
        slots: Vec<Slot>,
        by: &'a ResolvedUpgrade<'db>,
    },
}

/// Every upgrade of the ship, in list order, put in the free icons of its kinds.
pub fn placements<'a, 'db>(ship: &'a ResolvedShip<'db>) -> Vec<Placement<'a, 'db>> {
    if ship.card.is_none() {
        return ship.upgrades.iter().map(|_| Placement::Skipped).collect();
    }
    let mut free = upgrade_bar(ship);
    // The same placing on the bar as if nothing removed icons: an upgrade that fits there
    // but not on the real bar lost its icon to another upgrade.
    let mut free_unremoved = bar_before_removals(ship);
    let take = |bar: &mut Vec<Slot>, slots: &[Slot]| {
        for slot in slots {
            if let Some(at) = bar.iter().position(|s| s == slot) {
                bar.remove(at);
            }
        }
    };
    // Few upgrades remove icons; finding them once keeps a ship with thousands of
    // upgrades that do not fit (a pasted or damaged list) linear rather than quadratic.
    let removers: Vec<(usize, &ResolvedUpgrade<'db>)> = ship
        .upgrades
        .iter()
        .enumerate()
        .filter(|(_, u)| {
            u.card
                .is_some_and(|c| !c.removes_slots.is_empty() || !c.removes_one_slot.is_empty())
        })
        .collect();
    let mut out = Vec::with_capacity(ship.upgrades.len());
    for (index, upgrade) in ship.upgrades.iter().enumerate() {
        let Some(card) = upgrade.card else {
            out.push(Placement::Skipped);
            continue;
        };
        // Any ship may be the flagship whatever its upgrade bar (seed 000, NAVE INSIGNIA):
        // a commander takes no icon, so builders' bars without one (flotillas) hold it too.
        if card.slots.contains(&Slot::Commander) {
            out.push(Placement::Placed);
            continue;
        }
        let fits_unremoved = card.slots.iter().all(|s| free_unremoved.contains(s));
        if fits_unremoved {
            take(&mut free_unremoved, &card.slots);
        }
        let missing: Vec<Slot> = card
            .slots
            .iter()
            .copied()
            .filter(|s| !free.contains(s))
            .collect();
        if missing.is_empty() {
            take(&mut free, &card.slots);
            out.push(Placement::Placed);
            continue;
        }
        let remover = removers.iter().copied().find(|(other, u)| {
            *other != index
                && u.card.is_some_and(|c| {
                    missing
                        .iter()
                        .any(|m| c.removes_slots.contains(m) || c.removes_one_slot.contains(m))
                })
        });
        out.push(match remover {
            Some((_, by)) if fits_unremoved => Placement::Removed { slots: missing, by },
            _ => Placement::NoIcon(missing),
        });
    }
    out
}

/// The ship's traits plus those its upgrades give it.
pub fn ship_traits(ship: &ResolvedShip<'_>) -> Vec<String> {
    let mut traits: Vec<String> = ship.card.map(|c| c.traits.clone()).unwrap_or_default();
    for upgrade in ship.upgrades.iter().filter_map(|u| u.card) {
        traits.extend(upgrade.adds_traits.iter().cloned());
    }
    traits
}

pub fn is_flotilla(ship: &ResolvedShip<'_>) -> bool {
    ship.card
        .is_some_and(|c| c.traits.iter().any(|t| t == "flotilla"))
}

pub fn check_all(
    fleet: &mut ValidatedFleet<'_>,
    index: &CardIndex<'_>,
    format: &Format,
    parsed: &ParsedFleet,
    file: FileId,
) {
    let cx = Context {
        index,
        format,
        parsed,
        file,
    };
    let mut findings = Vec::new();
    legal_source::check(&cx, fleet, &mut findings);
    faction::check(&cx, fleet, &mut findings);
    commander::check(&cx, fleet, &mut findings);
    objectives::check(&cx, fleet, &mut findings);
    points_revision::check(&cx, fleet, &mut findings);
    points::check(&cx, fleet, &mut findings);
    unique::check(&cx, fleet, &mut findings);
    modification::check(&cx, fleet, &mut findings);
    title::check(&cx, fleet, &mut findings);
    slots::check(&cx, fleet, &mut findings);
    disabled::check(&cx, fleet, &mut findings);
    restrictions::check(&cx, fleet, &mut findings);
    flotilla_cap::check(&cx, fleet, &mut findings);
    stated_points::check(&cx, fleet, &mut findings);
    fleet.findings.append(&mut findings);
}

//! The fleet-building rules (Rules Reference "Fleet Building", Sector Fleets), one concept
//! per file. Every number comes from the format, so organisers change data, not code.

mod aces;
mod commander;
mod faction;
mod flotilla_cap;
mod modification;
mod objectives;
mod points;
mod restrictions;
mod slots;
mod stated_points;
mod title;
mod unique;

pub use unique::uses as unique_uses;

use super::resolve::CardIndex;
use super::resolved::{ResolvedShip, ValidatedFleet};
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

/// The icons a ship's upgrade bar offers once its upgrades have added and removed theirs.
pub fn upgrade_bar(ship: &ResolvedShip<'_>) -> Vec<Slot> {
    let Some(card) = ship.card else {
        return Vec::new();
    };
    let mut bar = card.upgrade_slots.clone();
    for upgrade in ship.upgrades.iter().filter_map(|u| u.card) {
        bar.extend(upgrade.adds_slots.iter().copied());
    }
    for upgrade in ship.upgrades.iter().filter_map(|u| u.card) {
        bar.retain(|s| !upgrade.removes_slots.contains(s));
        for slot in &upgrade.removes_one_slot {
            if let Some(at) = bar.iter().position(|s| s == slot) {
                bar.remove(at);
            }
        }
    }
    bar
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
    faction::check(&cx, fleet, &mut findings);
    commander::check(&cx, fleet, &mut findings);
    objectives::check(&cx, fleet, &mut findings);
    points::check(&cx, fleet, &mut findings);
    unique::check(&cx, fleet, &mut findings);
    modification::check(&cx, fleet, &mut findings);
    title::check(&cx, fleet, &mut findings);
    slots::check(&cx, fleet, &mut findings);
    restrictions::check(&cx, fleet, &mut findings);
    flotilla_cap::check(&cx, fleet, &mut findings);
    aces::check(&cx, fleet, &mut findings);
    stated_points::check(&cx, fleet, &mut findings);
    fleet.findings.append(&mut findings);
}

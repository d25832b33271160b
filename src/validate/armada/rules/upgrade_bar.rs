//! A ship's upgrade bar as its upgrades leave it, and where each upgrade lands on it.

use crate::cards::armada::Slot;
use crate::validate::armada::{ResolvedShip, ResolvedUpgrade};
use smallvec::SmallVec;

/// A ship's upgrade icons. A bar holds about ten: kept inline, a ship's two bars are no
/// allocation (they were two of a list's allocations a ship).
pub type Bar = SmallVec<[Slot; 16]>;

/// The icons of the ship card's upgrade bar plus those its upgrades add.
fn bar_before_removals(ship: &ResolvedShip<'_>) -> Bar {
    let Some(card) = ship.card else {
        return Bar::new();
    };
    let mut bar = Bar::from_slice(&card.upgrade_slots);
    for upgrade in ship.upgrades.iter().filter_map(|u| u.card) {
        bar.extend(upgrade.adds_slots.iter().copied());
    }
    bar
}

/// The icons a ship's upgrade bar offers once its upgrades have added and removed theirs.
/// A card that removes the icons of a kind it sits in keeps the one it occupies: it bars
/// other upgrades of that kind, not itself.
pub fn upgrade_bar(ship: &ResolvedShip<'_>) -> Bar {
    let mut bar = bar_before_removals(ship);
    for upgrade in ship.upgrades.iter().filter_map(|u| u.card) {
        // Few upgrades remove icons: the bar is copied only for those.
        if !upgrade.removes_slots.is_empty() {
            let had = bar.clone();
            bar.retain(|s| !upgrade.removes_slots.contains(s));
            for own in upgrade
                .slots
                .iter()
                .filter(|s| upgrade.removes_slots.contains(s) && had.contains(s))
            {
                bar.push(*own);
            }
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
    let take = |bar: &mut Bar, slots: &[Slot]| {
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
        // Any ship may be the flagship whatever its upgrade bar (the Armada Rules Reference, NAVE INSIGNIA):
        // a commander takes no icon, so builders' bars without one (flotillas) hold it too.
        if card.slots.contains(&Slot::Commander) {
            out.push(Placement::Placed);
            continue;
        }
        let fits_unremoved = card.slots.iter().all(|s| free_unremoved.contains(s));
        if fits_unremoved {
            take(&mut free_unremoved, &card.slots);
        }
        // Asked before the missing icons are collected: almost every upgrade fits.
        if card.slots.iter().all(|s| free.contains(s)) {
            take(&mut free, &card.slots);
            out.push(Placement::Placed);
            continue;
        }
        let missing: Vec<Slot> = card
            .slots
            .iter()
            .copied()
            .filter(|s| !free.contains(s))
            .collect();
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

//! What a ship is once fitted: its traits with those its upgrades give it.

use crate::validate::armada::ResolvedShip;

/// The ship's traits plus those its upgrades give it.
pub fn ship_traits<'db>(ship: &ResolvedShip<'db>) -> Vec<&'db str> {
    let mut traits: Vec<&str> = ship
        .card
        .map(|c| c.traits.iter().map(String::as_str).collect())
        .unwrap_or_default();
    for upgrade in ship.upgrades.iter().filter_map(|u| u.card) {
        traits.extend(upgrade.adds_traits.iter().map(String::as_str));
    }
    traits
}

pub fn is_flotilla(ship: &ResolvedShip<'_>) -> bool {
    ship.card
        .is_some_and(|c| c.traits.iter().any(|t| t == "flotilla"))
}

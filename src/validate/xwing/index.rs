//! Lookup tables over the card data, built once and shared by every squad validated: a
//! squad names a dozen cards and the data holds thousands, so scanning per lookup would
//! dominate validating many squads.

use crate::cards::xwing::{Pilot, Quickbuild, Ship, Upgrade, XwingCards};
use crate::text::{normalize, squash, squashes_to};
use rustc_hash::FxHashMap as HashMap;
use std::borrow::Cow;
use std::sync::OnceLock;

/// One card kind's tables. On collisions the first card in load order wins, as a scan
/// would find it.
#[derive(Debug)]
pub struct Tables<'a, T> {
    pub by_id: HashMap<&'a str, &'a T>,
    /// Ids a revision uses for the card where they are not its own (`xws` in `points`).
    pub by_revision_id: HashMap<&'a str, &'a T>,
    /// Ids without punctuation (`fanaticbattleofyavin`); most ids have none, and are
    /// borrowed.
    pub by_squashed_id: HashMap<Cow<'a, str>, &'a T>,
    /// Normalized printed names; several cards share one.
    pub by_name: HashMap<String, Vec<&'a T>>,
}

impl<'a, T> Tables<'a, T> {
    /// Tables for `cards` cards, sized once (growing them rehashed every key each time).
    fn with_capacity(cards: usize) -> Self {
        Tables {
            by_id: HashMap::with_capacity_and_hasher(cards, Default::default()),
            by_revision_id: HashMap::default(),
            by_squashed_id: HashMap::with_capacity_and_hasher(cards, Default::default()),
            by_name: HashMap::with_capacity_and_hasher(cards, Default::default()),
        }
    }

    fn add(&mut self, card: &'a T, id: &'a str, name: &str, revision_ids: Vec<&'a str>) {
        self.by_id.entry(id).or_insert(card);
        for alias in revision_ids {
            self.by_revision_id.entry(alias).or_insert(card);
        }
        self.by_squashed_id.entry(squashed_id(id)).or_insert(card);
        self.by_name.entry(normalize(name)).or_default().push(card);
    }
}

#[derive(Debug)]
pub struct CardIndex<'a> {
    pub cards: &'a XwingCards,
    pub pilots: Tables<'a, Pilot>,
    /// YASB pilot numbers: the card's `yasb`, else (for a pilot without one) any
    /// revision's `yasb_id` that no card's `yasb` has.
    pub pilots_by_yasb: HashMap<i64, Vec<&'a Pilot>>,
    pub upgrades: Tables<'a, Upgrade>,
    /// YASB upgrade numbers (`yasb`).
    pub upgrades_by_yasb: HashMap<u32, &'a Upgrade>,
    /// YASB quick-build numbers.
    pub quickbuilds_by_yasb: HashMap<u32, &'a Quickbuild>,
    ships: HashMap<&'a str, &'a Ship>,
    /// Every pilot's and upgrade's id [`normalize`]d, in load order, for the did-you-mean
    /// of an unknown id: made on the first one (a run that meets none never pays for it),
    /// then shared by the rest, which otherwise normalized every id of the faction each.
    /// Kept apart from the cards so the index stays covariant in `'a`.
    pilot_id_keys: OnceLock<Vec<String>>,
    upgrade_id_keys: OnceLock<Vec<String>>,
}

impl<'a> CardIndex<'a> {
    pub fn new(cards: &'a XwingCards) -> Self {
        let mut pilots = Tables::with_capacity(cards.pilots.len());
        let mut pilots_by_yasb: HashMap<i64, Vec<&Pilot>> = HashMap::default();
        for pilot in cards.pilots.iter().map(|p| &p.value) {
            let aliases = pilot
                .points
                .iter()
                .filter_map(|e| e.xws.as_deref())
                .collect();
            pilots.add(pilot, &pilot.id, &pilot.name, aliases);
            if let Some(number) = pilot.yasb {
                pilots_by_yasb
                    .entry(i64::from(number))
                    .or_default()
                    .push(pilot);
            }
        }
        // xwing-points' numbers are older than YASB's own and some have moved since: they
        // only stand in for pilots YASB's data did not give a number.
        let mut older: HashMap<i64, Vec<&Pilot>> = HashMap::default();
        for pilot in cards.pilots.iter().map(|p| &p.value) {
            if pilot.yasb.is_some() {
                continue;
            }
            let mut numbers: Vec<i64> = pilot.points.iter().filter_map(|e| e.yasb_id).collect();
            numbers.dedup();
            for number in numbers {
                if !pilots_by_yasb.contains_key(&number) {
                    older.entry(number).or_default().push(pilot);
                }
            }
        }
        pilots_by_yasb.extend(older);
        let mut upgrades = Tables::with_capacity(cards.upgrades.len());
        for upgrade in cards.upgrades.iter().map(|u| &u.value) {
            let aliases = upgrade
                .points
                .iter()
                .filter_map(|e| e.xws.as_deref())
                .collect();
            upgrades.add(upgrade, &upgrade.id, &upgrade.name, aliases);
        }
        let upgrades_by_yasb = cards
            .upgrades
            .iter()
            .filter_map(|u| Some((u.yasb?, &u.value)))
            .collect();
        let quickbuilds_by_yasb = cards
            .quickbuilds
            .iter()
            .map(|q| (q.yasb, &q.value))
            .collect();
        let mut ships = HashMap::default();
        for ship in cards.ships.iter().map(|s| &s.value) {
            ships.entry(ship.id.as_str()).or_insert(ship);
        }
        CardIndex {
            cards,
            pilots,
            pilots_by_yasb,
            upgrades,
            upgrades_by_yasb,
            quickbuilds_by_yasb,
            ships,
            pilot_id_keys: OnceLock::new(),
            upgrade_id_keys: OnceLock::new(),
        }
    }

    /// Each pilot with its id's key; see `pilot_id_keys`.
    pub fn pilot_id_keys(&self) -> impl Iterator<Item = (&'a Pilot, &str)> {
        let pilots = self.cards.pilots.iter().map(|p| &p.value);
        let keys = self
            .pilot_id_keys
            .get_or_init(|| pilots.clone().map(|p| normalize(&p.id)).collect());
        pilots.zip(keys.iter().map(String::as_str))
    }

    /// Each upgrade with its id's key; see `pilot_id_keys`.
    pub fn upgrade_id_keys(&self) -> impl Iterator<Item = (&'a Upgrade, &str)> {
        let upgrades = self.cards.upgrades.iter().map(|u| &u.value);
        let keys = self
            .upgrade_id_keys
            .get_or_init(|| upgrades.clone().map(|u| normalize(&u.id)).collect());
        upgrades.zip(keys.iter().map(String::as_str))
    }

    pub fn ship(&self, id: &str) -> Option<&'a Ship> {
        self.ships.get(id).copied()
    }

    pub fn upgrade(&self, id: &str) -> Option<&'a Upgrade> {
        self.upgrades.by_id.get(id).copied()
    }
}

/// [`squash`] of an id, borrowed when that is the id itself (as for most ids: lower-case
/// letters and digits); what squashing keeps is `text`'s rule, not restated here.
fn squashed_id(id: &str) -> Cow<'_, str> {
    if squashes_to(id, id) {
        Cow::Borrowed(id)
    } else {
        Cow::Owned(squash(id))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_squashed_id_is_borrowed_only_when_squashing_leaves_it_alone() {
        for id in [
            "garvendreis",
            "000",
            "fanatic-battleofyavin",
            "R2-D2",
            "",
            "é-x",
        ] {
            let squashed = squashed_id(id);
            assert_eq!(squashed, squash(id), "{id}");
            assert_eq!(
                matches!(squashed, Cow::Borrowed(_)),
                squash(id) == id,
                "{id}"
            );
        }
    }
}

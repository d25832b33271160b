//! Every card's cost in every points revision, worked out once per card index so that
//! pricing a list costs one lookup per card.

use crate::cards::armada::{ArmadaCards, Printing};
use rustc_hash::FxHashMap;

/// The card a resolved printing is a printing of: revisions price cards by the id of their
/// current printing.
pub fn identity<C: Printing + HasId>(card: &C) -> &str {
    card.links().0.as_deref().unwrap_or_else(|| card.id())
}

pub trait HasId {
    fn id(&self) -> &str;
}

macro_rules! has_id {
    ($($t:ty),*) => { $(impl HasId for $t { fn id(&self) -> &str { &self.id } })* };
}
has_id!(
    crate::cards::armada::Ship,
    crate::cards::armada::Squadron,
    crate::cards::armada::Upgrade
);

/// A card's cost in one points revision, where the revision lists the card.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RevisionPrice<'db> {
    /// Its cost in the revision, where that is not its current cost.
    pub cost: Option<u16>,
    /// Other costs the sources give it in the revision.
    pub unsettled: &'db [u16],
}

/// A card's current cost and its costs in each revision (by the revision's position in
/// the card data; empty when no revision lists the card). Built once per card index, so
/// pricing a list costs one lookup per card instead of one string-keyed lookup per card,
/// revision and question.
#[derive(Debug, Clone, Default)]
pub struct CardPrices<'db> {
    pub current: Option<u16>,
    pub in_revisions: Vec<RevisionPrice<'db>>,
}

impl<'db> CardPrices<'db> {
    pub fn current(cost: u16) -> Self {
        CardPrices {
            current: Some(cost),
            in_revisions: Vec::new(),
        }
    }

    /// The card's entry for revision `at` of `count`, made when first needed.
    pub fn in_revision_mut(&mut self, at: usize, count: usize) -> Option<&mut RevisionPrice<'db>> {
        if self.in_revisions.len() < count {
            self.in_revisions.resize(count, RevisionPrice::default());
        }
        self.in_revisions.get_mut(at)
    }
}

/// By card id (of its current printing): its current cost and its costs in each points
/// revision.
pub fn card_prices(cards: &ArmadaCards) -> FxHashMap<&str, CardPrices<'_>> {
    let ships = cards.ships.iter().filter(|c| c.is_current());
    let squadrons = cards.squadrons.iter().filter(|c| c.is_current());
    let upgrades = cards.upgrades.iter().filter(|c| c.is_current());
    let mut prices: FxHashMap<&str, CardPrices<'_>> = ships
        .map(|c| (c.id.as_str(), c.points))
        .chain(squadrons.map(|c| (c.id.as_str(), c.points)))
        .chain(upgrades.map(|c| (c.id.as_str(), c.points)))
        .map(|(id, points)| (id, CardPrices::current(points)))
        .collect();
    let count = cards.revisions.len();
    for (at, revision) in cards.revisions.iter().enumerate() {
        let revision = &revision.value;
        for (id, &cost) in &revision.points {
            let card = prices.entry(id.as_str()).or_default();
            if let Some(price) = card.in_revision_mut(at, count) {
                price.cost = Some(cost);
            }
        }
        for (id, costs) in &revision.unsettled {
            let card = prices.entry(id.as_str()).or_default();
            if let Some(price) = card.in_revision_mut(at, count) {
                price.unsettled = costs;
            }
        }
    }
    prices
}

//! What every rule sees: the card index, the format, the list as written and its file.

use crate::cards::armada::Size;
use crate::cards::formats::Format;
use crate::parse::armada::ParsedFleet;
use crate::report::FileId;
use crate::validate::armada::{CardIndex, ResolvedShip};
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

//! Armada fleet validation: a [`ParsedFleet`](crate::parse::armada::ParsedFleet) in, a
//! [`ValidatedFleet`] out (every card resolved with its points from the card data, totals
//! against the format's limits, and one finding per broken rule).
//!
//! Build a [`CardIndex`] once and validate any number of lists with it.

mod card_index;
mod faction_names;
mod fleet;
mod lists;
mod prices;
mod repeated_ship;
mod report;
mod resolve_fleet;
pub mod revision;
pub mod rules;
pub mod team;
mod validate_fleet;

#[cfg(test)]
mod revision_tests;
#[cfg(test)]
mod tests;

pub use card_index::{CardIndex, Hints, Resolvable};
pub use faction_names::{faction_named, faction_title};
pub use fleet::{
    JudgedUnder, ResolvedObjective, ResolvedShip, ResolvedSquadron, ResolvedUpgrade,
    RevisionSource, Totals, ValidatedFleet,
};
pub use lists::{ArmadaLists, SIGNS, format_named_by};
pub use prices::{HasId, identity};
pub use report::{FormatChoice, armada_report};
pub use resolve_fleet::legal_sources;
pub use validate_fleet::{validate, validate_with};

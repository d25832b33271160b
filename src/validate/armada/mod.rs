//! Armada fleet validation: a [`ParsedFleet`] in, a [`ValidatedFleet`] out (every card
//! resolved with its points from the card data, totals against the format's limits, and
//! one finding per broken rule).
//!
//! Build a [`CardIndex`] once and validate any number of lists with it.

mod faction;
mod report;
mod resolve;
mod resolved;
pub mod revision;
pub mod rules;
pub mod team;

#[cfg(test)]
mod revision_tests;
#[cfg(test)]
mod tests;

pub use faction::{faction_named, faction_title};
pub use report::{FormatChoice, armada_report};
pub use resolve::{CardIndex, Hints};
pub use resolved::{
    ResolvedObjective, ResolvedShip, ResolvedSquadron, ResolvedUpgrade, Totals, ValidatedFleet,
};

use crate::cards::armada::Source;
use crate::cards::formats::Format;
use crate::parse::armada::ParsedFleet;
use crate::report::FileId;

/// The content sources a format allows, as [`Source`] values.
pub fn legal_sources(format: &Format) -> Vec<Source> {
    Source::ALL
        .into_iter()
        .filter(|s| format.legal_sources.iter().any(|l| l == s.as_str()))
        .collect()
}

/// Resolve every card of `fleet` and check it against `format`, under the points revision
/// its stated costs point to. `file` is where the list's spans point.
pub fn validate<'db>(
    index: &CardIndex<'db>,
    format: &Format,
    fleet: &ParsedFleet,
    file: FileId,
) -> ValidatedFleet<'db> {
    validate_with(index, format, fleet, file, None)
}

/// [`validate`] under the points revision `points` names (an id of the card data's
/// revisions; one it does not have is a finding), or, when `None`, the one the list's
/// stated costs point to.
pub fn validate_with<'db>(
    index: &CardIndex<'db>,
    format: &Format,
    fleet: &ParsedFleet,
    file: FileId,
    points: Option<&str>,
) -> ValidatedFleet<'db> {
    let mut validated = resolved::resolve_fleet(index, format, fleet, file);
    if let Some(name) = points.filter(|n| index.cards.revision(n).is_none()) {
        validated
            .findings
            .push(revision::unknown(index, name).at(file, 0..0));
    }
    revision::apply(index, &mut validated, fleet, points);
    rules::check_all(&mut validated, index, format, fleet, file);
    validated
}

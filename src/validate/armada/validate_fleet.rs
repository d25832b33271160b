//! One fleet validated: resolved against the card data, priced under its points revision,
//! and checked against the format's rules.

use super::card_index::CardIndex;
use super::fleet::ValidatedFleet;
use super::resolve_fleet::resolve_fleet;
use super::{repeated_ship, revision, rules};
use crate::cards::formats::Format;
use crate::parse::armada::ParsedFleet;
use crate::report::FileId;

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
    let (fleet, repeats) = repeated_ship::without_repeats(index, format, fleet, file);
    let fleet = fleet.as_ref();
    let mut validated = resolve_fleet(index, format, fleet, file);
    validated.findings.extend(repeats);
    if let Some(name) = points.filter(|n| index.cards.revision(n).is_none()) {
        validated
            .findings
            .push(revision::unknown(index, name).at(file, 0..0));
    }
    revision::apply(index, &mut validated, fleet, points);
    rules::check_all(&mut validated, index, format, fleet, file);
    validated
}

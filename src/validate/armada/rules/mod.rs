//! The fleet-building rules (Rules Reference "Fleet Building", Sector Fleets), one concept
//! per file. Every number comes from the format, so organisers change data, not code.

pub mod cite;
mod commander;
mod context;
mod disabled;
mod faction;
mod flotilla_cap;
mod legal_source;
mod modification;
mod objectives;
mod points;
mod points_revision;
mod restrictions;
mod ship_traits;
mod slots;
mod stated_points;
mod title;
mod unique;
mod upgrade_bar;

pub use context::Context;
pub use ship_traits::{is_flotilla, ship_traits};
pub use unique::uses as unique_uses;
pub use upgrade_bar::{Placement, placements, upgrade_bar};

use crate::cards::formats::Format;
use crate::parse::armada::ParsedFleet;
use crate::report::FileId;
use crate::validate::armada::{CardIndex, ValidatedFleet};

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
    // Both rules ask where each upgrade lands: worked out once per ship.
    let placed: Vec<Vec<Placement<'_, '_>>> = fleet.ships.iter().map(placements).collect();
    slots::check(&cx, fleet, &placed, &mut findings);
    disabled::check(&cx, fleet, &placed, &mut findings);
    drop(placed);
    restrictions::check(&cx, fleet, &mut findings);
    flotilla_cap::check(&cx, fleet, &mut findings);
    stated_points::check(&cx, fleet, &mut findings);
    fleet.findings.append(&mut findings);
}

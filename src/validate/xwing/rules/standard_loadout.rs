//! Standard-loadout pilots come with fixed upgrades, paid for by the pilot's cost, and
//! "take no additional upgrades" (glossary, Standardized). Builders often write the
//! loadout's cards into the list; those are the loadout, not additions.

use crate::report::{Code, FileId, Finding};
use crate::validate::xwing::fitted::{Fitted, Ship};
use crate::validate::xwing::index::CardIndex;

/// Replace what the list equips on a standard-loadout pilot with its loadout, reporting
/// every card the list adds beyond it.
pub fn apply<'a>(
    ship: &mut Ship<'a>,
    index: &CardIndex<'a>,
    revision: &str,
    file: FileId,
    findings: &mut Vec<Finding>,
) {
    let loadout = &ship.pilot.standard_loadout;
    if loadout.is_empty() {
        return;
    }
    for extra in ship
        .upgrades
        .iter()
        .filter(|u| !loadout.contains(&u.card.id))
    {
        findings.push(
            Finding::error(
                Code::XwingStandardLoadout,
                format!(
                    "{} has a standard loadout and takes no other upgrade, but the list adds {}",
                    ship.pilot.name, extra.card.name
                ),
            )
            .at(file, extra.span.clone())
            .label("not in the standard loadout")
            .help(format!(
                "remove {}; a standard-loadout pilot flies only the upgrades printed on its card",
                extra.card.name
            )),
        );
    }
    let span = ship.span();
    ship.upgrades = loadout
        .iter()
        .filter_map(|id| index.upgrade(id))
        .map(|card| {
            let mut fitted = Fitted::new(card, revision, ship.pilot, ship.chassis, span.clone());
            fitted.from_loadout = true;
            fitted
        })
        .collect();
}

//! Each ship's upgrades cost at most its pilot's loadout value (formats with the
//! loadout-value rule). Standard-loadout upgrades are part of the pilot's cost and do not
//! count.

use crate::cards::formats::LoadoutRule;
use crate::report::{Code, Finding};
use crate::validate::xwing::fitted::Squad;

pub fn check(squad: &Squad<'_>, findings: &mut Vec<Finding>) {
    if squad.format.loadout_rule != Some(LoadoutRule::LoadoutValue) {
        return;
    }
    for ship in &squad.ships {
        let used = ship.loadout_used();
        let limit = i64::from(ship.values.loadout);
        if used > limit {
            findings.push(
                Finding::error(
                    Code::XwingLoadout,
                    format!(
                        "{}'s upgrades cost {used}, over its loadout value of {limit}",
                        ship.pilot.name
                    ),
                )
                .at(squad.file, ship.span())
                .label(format!("loadout {used}/{limit}"))
                .help(format!(
                    "remove upgrades worth {} from this ship",
                    used - limit
                ))
                .cite_if(squad.format.source_of("loadout_rule")),
            );
        }
    }
}

//! One faction: every pilot belongs to the squad's faction (appendix, step 1).

use crate::report::{Code, Finding};
use crate::validate::xwing::fitted::Squad;

pub fn check(squad: &Squad<'_>, findings: &mut Vec<Finding>) {
    let Some(faction) = squad.faction else {
        return;
    };
    for ship in squad.ships.iter().filter(|s| s.pilot.faction != faction) {
        findings.push(
            Finding::error(
                Code::XwingFaction,
                format!(
                    "{} flies for the {}, not the squad's faction, {}",
                    ship.pilot.name,
                    ship.pilot.faction.label(),
                    faction.label()
                ),
            )
            .at(squad.file, ship.span())
            .label(format!("a {} pilot", ship.pilot.faction.label()))
            .help(format!(
                "a squad has one faction; replace {} with a {} pilot",
                ship.pilot.name,
                faction.label()
            )),
        );
    }
}

//! A ship cannot equip two copies of the same upgrade (appendix, upgrades).

use crate::report::{Code, Finding};
use crate::validate::xwing::fitted::Squad;

pub fn check(squad: &Squad<'_>, findings: &mut Vec<Finding>) {
    for ship in &squad.ships {
        for (index, upgrade) in ship.upgrades.iter().enumerate() {
            let earlier = ship
                .upgrades
                .iter()
                .take(index)
                .any(|u| u.card.id == upgrade.card.id);
            if earlier {
                findings.push(
                    Finding::error(
                        Code::XwingDuplicateUpgrade,
                        format!(
                            "{} carries {} twice; a ship equips one copy of an upgrade",
                            ship.pilot.name, upgrade.card.name
                        ),
                    )
                    .at(squad.file, upgrade.span.clone())
                    .label("second copy")
                    .help(format!("remove this copy of {}", upgrade.card.name)),
                );
            }
        }
    }
}

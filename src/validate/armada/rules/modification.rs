//! At most one Modification upgrade per ship.

use super::Context;
use crate::report::{Code, Finding};
use crate::validate::armada::ValidatedFleet;

pub fn check(cx: &Context<'_, '_>, fleet: &ValidatedFleet<'_>, out: &mut Vec<Finding>) {
    for ship in &fleet.ships {
        let mods: Vec<_> = ship
            .upgrades
            .iter()
            .filter(|u| u.card.is_some_and(|c| c.modification))
            .collect();
        let first = mods.first().map_or("", |m| m.name.as_str());
        for extra in mods.iter().skip(1) {
            out.push(
                Finding::error(
                    Code::ArmadaModification,
                    format!(
                        "`{}` is a second Modification on `{}` (it already has `{first}`)",
                        extra.name, ship.name
                    ),
                )
                .at(cx.file, extra.name_span.clone())
                .label("second Modification")
                .help("a ship may equip one Modification upgrade: keep one"),
            );
        }
    }
}

//! Titles (and other hull-bound upgrades) only on their ship type.

use super::Context;
use crate::report::{Code, Finding};
use crate::validate::armada::ValidatedFleet;

pub fn check(cx: &Context<'_, '_>, fleet: &ValidatedFleet<'_>, out: &mut Vec<Finding>) {
    for ship in &fleet.ships {
        let Some(ship_card) = ship.card else { continue };
        for upgrade in &ship.upgrades {
            let Some(bound_to) = upgrade.card.and_then(|c| c.ship_type.as_deref()) else {
                continue;
            };
            if bound_to != ship_card.ship_type {
                let hull = cx
                    .index
                    .cards
                    .ship_types
                    .iter()
                    .find(|t| t.id == bound_to)
                    .map_or(bound_to, |t| t.name.as_str());
                out.push(
                    Finding::error(
                        Code::ArmadaTitle,
                        format!(
                            "`{}` belongs on a {hull}, not on `{}`",
                            upgrade.name, ship.name
                        ),
                    )
                    .at(cx.file, upgrade.name_span.clone())
                    .label(format!("only for a {hull}"))
                    .help(format!("move `{}` to a {hull} or remove it", upgrade.name)),
                );
            }
        }
    }
}

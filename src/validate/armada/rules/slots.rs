//! Every upgrade in a free icon of its kind on its ship's upgrade bar (boarding teams
//! take two icons; titles and commanders need theirs too).

use super::{Context, Placement};
use crate::report::{Code, Finding};
use crate::validate::armada::ValidatedFleet;

/// `placed`: each ship's [`super::placements`], in fleet order.
pub fn check(
    cx: &Context<'_, '_>,
    fleet: &ValidatedFleet<'_>,
    placed: &[Vec<Placement<'_, '_>>],
    out: &mut Vec<Finding>,
) {
    for (ship, placements) in fleet.ships.iter().zip(placed) {
        for (upgrade, placement) in ship.upgrades.iter().zip(placements) {
            // An icon another upgrade removed is the disabled-icon rule's finding.
            let Placement::NoIcon(missing) = placement else {
                continue;
            };
            let icons: Vec<&str> = missing.iter().map(|s| s.as_str()).collect();
            let on_bar = ship
                .card
                .is_some_and(|c| missing.iter().all(|m| c.upgrade_slots.contains(m)));
            out.push(
                Finding::error(
                    Code::ArmadaSlot,
                    format!(
                        "`{}` has no free {} icon for `{}`",
                        ship.name,
                        icons.join(" and "),
                        upgrade.name
                    ),
                )
                .at(cx.file, upgrade.name_span.clone())
                .label(if on_bar {
                    "icon already taken"
                } else {
                    "no such icon on this ship"
                })
                .help(format!(
                    "equip `{}` on a ship with a free {} icon, or remove it",
                    upgrade.name,
                    icons.join(" and ")
                )),
            );
        }
    }
}

//! Icons an upgrade takes away from its ship (Radiant VII: no turbolaser or ordnance
//! upgrades; Redhawk: one defensive retrofit icon fewer): an upgrade that needs such an
//! icon cannot be equipped alongside it.

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
            let Placement::Removed { slots, by } = placement else {
                continue;
            };
            let icons: Vec<&str> = slots.iter().map(|s| s.as_str()).collect();
            let icons = icons.join(" and ");
            let removes_all = by
                .card
                .is_some_and(|c| slots.iter().any(|s| c.removes_slots.contains(s)));
            let what = if removes_all {
                format!("`{}` removes its {icons} icons", by.name)
            } else {
                format!("`{}` takes away one of its {icons} icons", by.name)
            };
            out.push(
                Finding::error(
                    Code::ArmadaDisabledIcon,
                    format!("`{}` cannot equip `{}`: {what}", ship.name, upgrade.name),
                )
                .at(cx.file, upgrade.name_span.clone())
                .label(format!("{icons} icon removed by `{}`", by.name))
                .help(format!(
                    "remove `{}`, or take `{}` off `{}`",
                    upgrade.name, by.name, ship.name
                )),
            );
        }
    }
}

//! Stated costs against the card data. A difference is a warning, not an error: the list
//! may come from another points revision, and the totals already use the data's costs.

use super::Context;
use crate::parse::armada::Number;
use crate::report::{Code, Finding};
use crate::validate::armada::ValidatedFleet;

pub fn check(cx: &Context<'_, '_>, fleet: &ValidatedFleet<'_>, out: &mut Vec<Finding>) {
    let mut differs = |what: &str, stated: &Number, data: u32| {
        if stated.value != data {
            out.push(
                Finding::warning(
                    Code::ArmadaStatedPoints,
                    format!(
                        "the list says {what} costs {}; the card data says {data}",
                        stated.value
                    ),
                )
                .at(cx.file, stated.span.clone())
                .label(format!("card data: {data}"))
                .help(format!(
                    "write {data}, or check which points revision the list was built with"
                )),
            );
        }
    };
    for (ship, parsed) in fleet.ships.iter().zip(&cx.parsed.ships) {
        if let (Some(_), Some(stated)) = (ship.card, &parsed.stated_points) {
            differs(&format!("`{}`", ship.name), stated, ship.points);
        }
        for (upgrade, parsed) in ship.upgrades.iter().zip(&parsed.upgrades) {
            if let (Some(_), Some(stated)) = (upgrade.card, &parsed.stated_points) {
                differs(&format!("`{}`", upgrade.name), stated, upgrade.points);
            }
        }
        let all_known = ship.card.is_some() && ship.upgrades.iter().all(|u| u.card.is_some());
        if let (true, Some(stated)) = (all_known, &parsed.stated_total) {
            differs(
                &format!("`{}` with its upgrades", ship.name),
                stated,
                ship.total,
            );
        }
    }
    for (squadron, parsed) in fleet.squadrons.iter().zip(&cx.parsed.squadrons) {
        if let (Some(_), Some(stated)) = (squadron.card, &parsed.stated_points) {
            let data = if parsed.points_are_group_total {
                squadron.total
            } else {
                squadron.points
            };
            differs(&format!("`{}`", squadron.name), stated, data);
        }
    }
    let all_known = fleet
        .ships
        .iter()
        .all(|s| s.card.is_some() && s.upgrades.iter().all(|u| u.card.is_some()))
        && fleet.squadrons.iter().all(|s| s.card.is_some());
    if all_known {
        if let Some(stated) = &cx.parsed.points.squadrons {
            differs("the squadrons", stated, fleet.totals.squadrons);
        }
        if let Some(stated) = &cx.parsed.points.total {
            differs("the fleet", stated, fleet.totals.total);
        }
    }
}

//! Costs the list states that differ from the revision's: a warning, not an error, since
//! the list was probably built with other points; it names both values so a judge can see
//! which document the builder used.

use crate::report::{Code, Finding};
use crate::validate::xwing::fitted::Squad;
use std::ops::Range;

pub fn check(squad: &Squad<'_>, findings: &mut Vec<Finding>) {
    let revision = squad.revision.id.as_str();
    // `what` names the cost only when there is something to report.
    let mut differ = |what: &dyn Fn() -> String, stated: i64, actual: i64, span: Range<usize>| {
        if stated == actual {
            return;
        }
        let what = what();
        findings.push(
            Finding::warning(
                Code::XwingStatedPoints,
                format!("the list states {stated} for {what}; {revision} says {actual}"),
            )
            .at(squad.file, span)
            .label(format!("{revision}: {actual}"))
            .help(format!(
                "rebuild the list with {revision} points, or validate with the revision it was built for"
            )),
        );
    };
    for ship in &squad.ships {
        let parsed = ship.parsed;
        if let Some(stated) = &parsed.points {
            let own = i64::from(ship.values.cost);
            differ(
                &|| ship.pilot.name.clone(),
                stated.value,
                own,
                stated.span.clone(),
            );
        }
        if let Some(stated) = &parsed.total_points {
            let total = squad.ship_points(ship);
            differ(
                &|| format!("{} as fielded", ship.pilot.name),
                stated.value,
                total,
                stated.span.clone(),
            );
        }
        for upgrade in ship.upgrades.iter().filter(|u| !u.from_loadout) {
            if let (Some(stated), Some(cost)) = (&upgrade.stated, upgrade.cost) {
                differ(
                    &|| upgrade.card.name.clone(),
                    stated.value,
                    i64::from(cost),
                    stated.span.clone(),
                );
            }
        }
    }
    // Only a complete squad's total can be compared.
    if squad.ships.len() == squad.parsed.pilots.len()
        && let Some(stated) = &squad.parsed.points
    {
        let total = squad.total_points();
        differ(
            &|| "the squad".to_string(),
            stated.value,
            total,
            stated.span.clone(),
        );
    }
}

//! Points within the limit: pilots and upgrades together cost at most the format's limit
//! (appendix, step 2). Upgrades the revision gives no price are said so, since the total
//! then counts them as free.

use crate::report::{Citation, Code, Finding};
use crate::validate::xwing::fitted::Squad;

pub fn check(squad: &Squad<'_>, findings: &mut Vec<Finding>) {
    let total = squad.total_points();
    let limit = i64::from(squad.points_limit);
    if total > limit {
        findings.push(
            Finding::error(
                Code::XwingPoints,
                format!(
                    "the squad costs {total} points under {}, over the limit of {limit}",
                    squad.revision.id
                ),
            )
            .at(squad.file, squad.squad_span())
            .label(format!("{total} points"))
            .help(format!(
                "remove pilots or upgrades worth {} points",
                total - limit
            ))
            .cite_if(limit_source(squad).as_ref()),
        );
    }
    for ship in &squad.ships {
        // A loadout-only card has no price of its own; `banned` reports buying it.
        for upgrade in ship
            .upgrades
            .iter()
            .filter(|u| u.cost.is_none() && !u.from_loadout && !u.card.standard_loadout_only)
        {
            findings.push(
                Finding::warning(
                    Code::XwingPoints,
                    format!(
                        "{} has no price for this ship in {}; it is counted as 0",
                        upgrade.card.name, squad.revision.id
                    ),
                )
                .at(squad.file, upgrade.span.clone())
                .label("no price")
                .help("check the points document; the revision may not allow it on this ship"),
            );
        }
    }
}

/// Where the limit is written: the format's rule, or — when a list on another points scale
/// takes that scale's squad size (a 50-point XWA list in a 20-point format) — the points
/// document the list names, which no rulebook states.
fn limit_source(squad: &Squad<'_>) -> Option<Citation> {
    if squad.points_limit == squad.format.points_limit {
        return squad.format.source_of("points_limit").cloned();
    }
    Some(Citation {
        document: format!("{} ({})", squad.revision.name, squad.revision.id),
        version: None,
        section: format!("squads of {} points", squad.revision.scale),
        rulebook: None,
    })
}

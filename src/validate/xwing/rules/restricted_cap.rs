//! The restricted list: a squad holds at most the format's number of restricted cards
//! (standard: four), counting each card's restricted value in the revision.

use crate::report::{Code, Finding};
use crate::validate::xwing::fitted::Squad;

pub fn check(squad: &Squad<'_>, findings: &mut Vec<Finding>) {
    let Some(cap) = squad.format.restricted_cap else {
        return;
    };
    let mut cards = Vec::new();
    for ship in &squad.ships {
        if ship.values.restricted > 0 {
            cards.push((
                ship.pilot.name.as_str(),
                ship.values.restricted,
                ship.span(),
            ));
        }
        for upgrade in &ship.upgrades {
            if upgrade.values.restricted > 0 {
                cards.push((
                    upgrade.card.name.as_str(),
                    upgrade.values.restricted,
                    upgrade.span.clone(),
                ));
            }
        }
    }
    let total: i64 = cards.iter().map(|(_, n, _)| i64::from(*n)).sum();
    if total <= i64::from(cap) {
        return;
    }
    let listed: Vec<&str> = cards.iter().map(|(name, _, _)| *name).collect();
    let last = cards
        .last()
        .map(|(_, _, span)| span.clone())
        .unwrap_or(0..0);
    findings.push(
        Finding::error(
            Code::XwingRestrictedCap,
            format!(
                "the squad holds {total} restricted cards ({}); {} allows {cap}",
                listed.join(", "),
                squad.format.name
            ),
        )
        .at(squad.file, last)
        .label("over the restricted-list cap")
        .help(format!(
            "replace {} restricted card(s) with unrestricted ones",
            total - i64::from(cap)
        ))
        .cite_if(squad.format.source_of("restricted_cap")),
    );
}

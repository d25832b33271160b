//! No card banned in the format: the revision must list the card, and mark it legal for
//! the format's legality key (standard, extended).

use crate::cards::xwing::Legality;
use crate::report::{Code, Finding};
use crate::validate::xwing::fitted::{Fitted, Squad};
use std::ops::Range;

pub fn check(squad: &Squad<'_>, findings: &mut Vec<Finding>) {
    let key = squad
        .format
        .legality_key
        .as_deref()
        .and_then(Legality::parse_loose);
    let revision = squad.revision.id.as_str();
    let mut extra = Vec::new();
    let mut report = |name: &str, listed: bool, legal: &[Legality], span: Range<usize>| {
        let why = if !listed {
            format!("{revision} does not list {name}")
        } else if key.is_some_and(|k| !legal.contains(&k)) {
            format!(
                "{name} is not legal in {} under {revision}",
                squad.format.name
            )
        } else {
            return;
        };
        findings.push(
            Finding::error(Code::XwingBanned, why)
                .at(squad.file, span)
                .label("not legal in this format")
                .help(format!(
                    "replace {name}, or validate with the format or points revision the list was built for"
                )),
        );
    };
    for ship in &squad.ships {
        report(
            &ship.pilot.name,
            ship.values.listed,
            ship.values.legal,
            ship.span(),
        );
        for upgrade in ship.upgrades.iter().filter(|u| !u.from_loadout) {
            // No revision lists a loadout-only card on its own: saying so as well would
            // report one mistake twice.
            if upgrade.card.standard_loadout_only {
                findings_for_loadout_only(squad, upgrade, &mut extra);
                continue;
            }
            report(
                &upgrade.card.name,
                upgrade.values.listed,
                upgrade.values.legal,
                upgrade.span.clone(),
            );
        }
    }
    findings.append(&mut extra);
}

/// Cards printed for standard loadouts (`-battleofyavin` editions) cannot be bought.
fn findings_for_loadout_only(squad: &Squad<'_>, upgrade: &Fitted<'_>, out: &mut Vec<Finding>) {
    out.push(
        Finding::error(
            Code::XwingBanned,
            format!(
                "{} exists only in standard loadouts and cannot be equipped",
                upgrade.card.name
            ),
        )
        .at(squad.file, upgrade.span.clone())
        .label("standard-loadout card")
        .help(format!(
            "equip the regular edition of {} instead",
            upgrade.card.name
        )),
    );
}

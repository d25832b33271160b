//! Exactly one commander per fleet: its ship is the flagship, and a fleet has exactly one
//! (the Armada Rules Reference, NAVE INSIGNIA).

use super::{Context, cite};
use crate::report::{Code, Finding};
use crate::text::normalized_eq;
use crate::validate::armada::ValidatedFleet;

pub fn check(cx: &Context<'_, '_>, fleet: &ValidatedFleet<'_>, out: &mut Vec<Finding>) {
    let commanders: Vec<_> = fleet.upgrades().filter(|u| u.is_commander()).collect();
    // A named commander the data does not know already has its unknown-card finding, and
    // so has an unknown upgrade that may be the named commander misspelt on its ship;
    // calling the fleet commander-less too would say the same thing twice.
    let named = cx
        .parsed
        .commander
        .as_ref()
        .is_some_and(|c| !c.name.text.trim().is_empty());
    let unknown_named = fleet.commander.as_ref().is_some_and(|c| c.card.is_none())
        || (named && fleet.upgrades().any(|u| u.card.is_none()));
    if commanders.is_empty() && !unknown_named {
        out.push(
            Finding::error(Code::ArmadaCommander, "the fleet has no commander")
                .at(cx.file, cx.fleet_span())
                .label("no commander in this fleet")
                .help("equip exactly one commander upgrade on one ship (its flagship)")
                .cite(cite::rule(cite::FLAGSHIP)),
        );
    }
    // The `Commander:` line and the commander on a ship must agree, or one of them is
    // a leftover of an edit.
    if let (Some(named), Some(equipped)) = (cx.parsed.commander.as_ref(), commanders.first())
        && !named.name.text.trim().is_empty()
        && fleet.commander.is_none()
        && !normalized_eq(&named.name.text, &equipped.name)
    {
        out.push(
            Finding::error(
                Code::ArmadaCommander,
                format!(
                    "the list names `{}` as commander, but the ships carry `{}`",
                    named.name.text, equipped.name
                ),
            )
            .at(cx.file, named.name.span.clone())
            .label("not the equipped commander")
            .help("name the commander the flagship carries, or equip this one"),
        );
    }
    let first = commanders.first().map_or("", |c| c.name.as_str());
    for extra in commanders.iter().skip(1) {
        out.push(
            Finding::error(
                Code::ArmadaCommander,
                format!(
                    "`{}` is a second commander (the fleet already has `{first}`)",
                    extra.name
                ),
            )
            .at(cx.file, extra.name_span.clone())
            .label("second commander")
            .help("a fleet has exactly one commander: remove all but one")
            .cite(cite::rule(cite::FLAGSHIP)),
        );
    }
}

//! One faction: every ship, squadron and upgrade must be fieldable by the fleet's faction.

use super::Context;
use crate::report::{Code, Finding};
use crate::validate::armada::ValidatedFleet;
use crate::validate::armada::faction::faction_title;
use crate::validate::armada::resolve::Resolvable;
use std::ops::Range;

pub fn check(cx: &Context<'_, '_>, fleet: &ValidatedFleet<'_>, out: &mut Vec<Finding>) {
    let Some(faction) = fleet.faction else {
        if !fleet.ships.is_empty() || !fleet.squadrons.is_empty() {
            out.push(
                Finding::error(Code::ArmadaFaction, "the fleet's faction is unknown")
                    .at(cx.file, cx.fleet_span())
                    .label("no faction for this fleet")
                    .help("add a `Faction:` line, or a ship the card data knows"),
            );
        }
        return;
    };
    let mut foreign = |name: &str, span: &Range<usize>, fits: bool| {
        if !fits {
            out.push(
                Finding::error(
                    Code::ArmadaFaction,
                    format!(
                        "`{name}` is not a card of the {} fleet",
                        faction_title(faction)
                    ),
                )
                .at(cx.file, span.clone())
                .label("another faction's card")
                .help("a fleet holds cards of its own faction only: remove or replace this card"),
            );
        }
    };
    for ship in &fleet.ships {
        if let Some(card) = ship.card {
            foreign(&ship.name, &ship.name_span, card.fits_faction(faction));
        }
    }
    for upgrade in fleet.upgrades() {
        if let Some(card) = upgrade.card {
            foreign(
                &upgrade.name,
                &upgrade.name_span,
                card.fits_faction(faction),
            );
        }
    }
    for squadron in &fleet.squadrons {
        if let Some(card) = squadron.card {
            foreign(
                &squadron.name,
                &squadron.name_span,
                card.fits_faction(faction),
            );
        }
    }
}

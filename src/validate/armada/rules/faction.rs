//! One faction: every ship, squadron and upgrade must be fieldable by the fleet's faction.

use super::Context;
use crate::cards::armada::Faction;
use crate::report::{Code, Finding};
use crate::validate::armada::Resolvable;
use crate::validate::armada::ValidatedFleet;
use crate::validate::armada::faction_title;
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
    // The message names the card's own faction: a builder's `{CIS}` variant is not part
    // of the name shown, and `Gozanti-class Cruisers` alone is an Imperial card too.
    let mut foreign = |name: &str, span: &Range<usize>, fits: bool, card_factions: &[Faction]| {
        if fits {
            return;
        }
        let theirs: Vec<&str> = card_factions.iter().map(|f| faction_title(*f)).collect();
        out.push(
            Finding::error(
                Code::ArmadaFaction,
                format!(
                    "`{name}` is a card of the {}, not of the {} fleet",
                    theirs.join(" or "),
                    faction_title(faction)
                ),
            )
            .at(cx.file, span.clone())
            .label("another faction's card")
            .help("a fleet holds cards of its own faction only: remove or replace this card"),
        );
    };
    for ship in &fleet.ships {
        if let Some(card) = ship.card {
            foreign(
                &ship.name,
                &ship.name_span,
                card.fits_faction(faction),
                &[card.faction],
            );
        }
    }
    for upgrade in fleet.upgrades() {
        if let Some(card) = upgrade.card {
            foreign(
                &upgrade.name,
                &upgrade.name_span,
                card.fits_faction(faction),
                &card.factions,
            );
        }
    }
    for squadron in &fleet.squadrons {
        if let Some(card) = squadron.card {
            let card_factions: Vec<Faction> = card.faction.into_iter().collect();
            foreign(
                &squadron.name,
                &squadron.name_span,
                card.fits_faction(faction),
                &card_factions,
            );
        }
    }
}

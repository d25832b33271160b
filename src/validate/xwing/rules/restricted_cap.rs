//! The restricted list. X-Wing Rules Reference 1.4.5, LISTA DE CARTAS RESTRINGIDAS: a squad
//! holds at most four ships and upgrades from the list (the format's `restricted_cap`),
//! counting cards: four copies of one card or four different cards, whatever number the
//! points data gives a card. A format whose own points document gives each restricted card
//! a number of its own (XWA's `Restricted-N`, `restricted_copies`) also holds each card to
//! that many copies; that rule cites the format's document.

use crate::report::{Code, Finding};
use crate::validate::xwing::fitted::Squad;
use std::ops::Range;

/// One card of the squad on the restricted list.
struct Listed<'a> {
    id: &'a str,
    name: &'a str,
    number: i32,
    span: Range<usize>,
}

pub fn check(squad: &Squad<'_>, findings: &mut Vec<Finding>) {
    let listed = restricted_cards(squad);
    if let Some(cap) = squad.format.restricted_cap {
        card_cap(squad, &listed, cap, findings);
    }
    if squad.format.restricted_copies {
        copy_limits(squad, &listed, findings);
    }
}

/// Pilots and upgrades (standard-loadout upgrades included) the revision puts on the list.
fn restricted_cards<'a>(squad: &'a Squad<'_>) -> Vec<Listed<'a>> {
    let mut cards = Vec::new();
    for ship in &squad.ships {
        if ship.values.restricted > 0 {
            cards.push(Listed {
                id: &ship.pilot.id,
                name: &ship.pilot.name,
                number: ship.values.restricted,
                span: ship.span(),
            });
        }
        for upgrade in &ship.upgrades {
            if upgrade.values.restricted > 0 {
                cards.push(Listed {
                    id: &upgrade.card.id,
                    name: &upgrade.card.name,
                    number: upgrade.values.restricted,
                    span: upgrade.span.clone(),
                });
            }
        }
    }
    cards
}

/// The rulebook's cap: every card on the list counts one.
fn card_cap(squad: &Squad<'_>, listed: &[Listed<'_>], cap: u32, findings: &mut Vec<Finding>) {
    let total = listed.len();
    let Some(first_over) = listed.get(cap as usize) else {
        return;
    };
    let names: Vec<&str> = listed.iter().map(|c| c.name).collect();
    findings.push(
        Finding::error(
            Code::XwingRestrictedCap,
            format!(
                "the squad holds {total} cards from the restricted list ({}); {} allows {cap}",
                names.join(", "),
                squad.format.name
            ),
        )
        .at(squad.file, first_over.span.clone())
        .label(format!("restricted card {}", cap + 1))
        .help(format!(
            "the cap counts cards, one each whatever number the card shows: replace {} of them with unrestricted cards",
            total - cap as usize
        ))
        .cite_if(squad.format.source_of("restricted_cap")),
    );
}

/// The format's own document: a card with number N may be in the squad at most N times.
fn copy_limits(squad: &Squad<'_>, listed: &[Listed<'_>], findings: &mut Vec<Finding>) {
    let mut seen: Vec<&str> = Vec::new();
    for card in listed {
        if seen.contains(&card.id) {
            continue;
        }
        seen.push(card.id);
        let copies: Vec<&Listed<'_>> = listed.iter().filter(|c| c.id == card.id).collect();
        let allowed = usize::try_from(card.number).unwrap_or(0);
        let Some(first_over) = copies.get(allowed) else {
            continue;
        };
        findings.push(
            Finding::error(
                Code::XwingRestrictedCap,
                format!(
                    "{} is in the squad {} times; the points make it Restricted-{}: {allowed} at most",
                    card.name,
                    copies.len(),
                    card.number
                ),
            )
            .at(squad.file, first_over.span.clone())
            .label(format!("copy {} of {}", allowed + 1, card.name))
            .help(format!(
                "keep at most {allowed} {} (the points document's restricted number is a limit on copies of that card)",
                card.name
            ))
            .cite_if(squad.format.source_of("restricted_copies")),
        );
    }
}

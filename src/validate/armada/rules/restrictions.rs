//! Upgrade restrictions from the card data: ship size, required traits, flagship only,
//! icons that exclude the card; and, where a format's document says so, that a flotilla
//! takes no commander (the seeds let any ship be the flagship).

use super::{Context, is_flotilla, ship_traits};
use crate::report::{Code, Finding};
use crate::validate::armada::ValidatedFleet;

pub fn check(cx: &Context<'_, '_>, fleet: &ValidatedFleet<'_>, out: &mut Vec<Finding>) {
    for ship in &fleet.ships {
        let Some(ship_card) = ship.card else { continue };
        let size = cx.ship_size(ship);
        // Worked out for the first upgrade that asks for a trait (few do).
        let mut traits = None;
        let is_flagship = ship.carries_commander() || ship.marked_flagship;
        for upgrade in &ship.upgrades {
            let Some(card) = upgrade.card else { continue };
            // Armada Rules Reference (NAVE INSIGNIA) lets any ship be the flagship; only a format whose
            // cited document forbids a flotilla flagship rejects it.
            if upgrade.is_commander() && is_flotilla(ship) && cx.format.flotilla_flagship_forbidden
            {
                out.push(
                    Finding::error(
                        Code::ArmadaRestriction,
                        format!(
                            "`{}` cannot equip `{}`: format `{}` forbids a flotilla as flagship",
                            ship.name, upgrade.name, cx.format.id
                        ),
                    )
                    .at(cx.file, upgrade.name_span.clone())
                    .label("a flotilla as flagship")
                    .help("put the commander on a ship without the flotilla trait")
                    .cite_if(cx.format.source_of("flotilla_flagship_forbidden")),
                );
            }
            let r = &card.restrictions;
            let mut problem = |why: String, help: String| {
                out.push(
                    Finding::error(
                        Code::ArmadaRestriction,
                        format!("`{}` cannot equip `{}`: {why}", ship.name, upgrade.name),
                    )
                    .at(cx.file, upgrade.name_span.clone())
                    .label("not allowed on this ship")
                    .help(help),
                );
            };
            if let Some(size) = size
                && !r.sizes.is_empty()
                && !r.sizes.contains(&size)
            {
                let allowed: Vec<&str> = r.sizes.iter().map(|s| s.as_str()).collect();
                problem(
                    format!(
                        "it is {} only and the ship is {}",
                        allowed.join(" or "),
                        size.as_str()
                    ),
                    format!("equip it on a {} ship", allowed.join(" or ")),
                );
            }
            if !r.traits.is_empty()
                && !r.traits.iter().any(|t| {
                    traits
                        .get_or_insert_with(|| ship_traits(ship))
                        .contains(&t.as_str())
                })
            {
                problem(
                    format!("it needs a ship with the trait {}", r.traits.join(" or ")),
                    format!(
                        "equip it on a ship with the trait {}",
                        r.traits.join(" or ")
                    ),
                );
            }
            if r.flagship && !is_flagship {
                problem(
                    "it is flagship only and this ship carries no commander".into(),
                    "equip it on the ship that carries the commander".into(),
                );
            }
            if let Some(slot) = r
                .not_with_slots
                .iter()
                .find(|s| ship_card.upgrade_slots.contains(s))
            {
                problem(
                    format!("it is not allowed on a ship with a {} icon", slot.as_str()),
                    format!("equip it on a ship without a {} icon", slot.as_str()),
                );
            }
            if let Some(cond) = &r.not_if {
                let size_matches =
                    cond.sizes.is_empty() || size.is_some_and(|s| cond.sizes.contains(&s));
                if let Some(slot) = cond
                    .slots
                    .iter()
                    .find(|s| ship_card.upgrade_slots.contains(s))
                    && size_matches
                {
                    problem(
                        format!(
                            "it is not allowed on this size of ship with a {} icon",
                            slot.as_str()
                        ),
                        "equip it on another ship".into(),
                    );
                }
            }
        }
    }
}

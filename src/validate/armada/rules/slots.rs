//! Every upgrade in a free icon of its kind on its ship's upgrade bar (boarding teams
//! take two icons; titles and commanders need theirs too).

use super::{Context, is_flotilla, upgrade_bar};
use crate::cards::armada::Slot;
use crate::report::{Code, Finding};
use crate::validate::armada::ValidatedFleet;

pub fn check(cx: &Context<'_, '_>, fleet: &ValidatedFleet<'_>, out: &mut Vec<Finding>) {
    for ship in &fleet.ships {
        if ship.card.is_none() {
            continue;
        }
        let mut free = upgrade_bar(ship);
        for upgrade in &ship.upgrades {
            let Some(card) = upgrade.card else { continue };
            // A commander on a flotilla is the restriction rule's finding, with the reason.
            if card.slots.contains(&Slot::Commander) && is_flotilla(ship) {
                continue;
            }
            let missing: Vec<Slot> = card
                .slots
                .iter()
                .copied()
                .filter(|slot| !free.contains(slot))
                .collect();
            if missing.is_empty() {
                for slot in &card.slots {
                    let at = free.iter().position(|s| s == slot).expect("checked above");
                    free.remove(at);
                }
                continue;
            }
            let icons: Vec<&str> = missing.iter().map(|s| s.as_str()).collect();
            let on_bar = ship
                .card
                .is_some_and(|c| missing.iter().all(|m| c.upgrade_slots.contains(m)));
            out.push(
                Finding::error(
                    Code::ArmadaSlot,
                    format!(
                        "`{}` has no free {} icon for `{}`",
                        ship.name,
                        icons.join(" and "),
                        upgrade.name
                    ),
                )
                .at(cx.file, upgrade.name_span.clone())
                .label(if on_bar {
                    "icon already taken"
                } else {
                    "no such icon on this ship"
                })
                .help(format!(
                    "equip `{}` on a ship with a free {} icon, or remove it",
                    upgrade.name,
                    icons.join(" and ")
                )),
            );
        }
    }
}

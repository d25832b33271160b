//! Standardized (the X-Wing Rules Reference, ESTANDARIZADA): when a ship carries a Standardized upgrade,
//! every other ship of that type in the squad must carry a copy too — if it has the ship
//! ability the card names. A ship of the type without that ability (a Kelrodo-Ai Holdout
//! among Vulture-class drones) is not bound. Cards that name no ship ability bind the ships
//! of the type with the slot for it. Pilots with a standard loadout ignore this.

use super::cite;
use crate::report::{Code, Finding};
use crate::validate::xwing::fitted::Squad;

pub fn check(squad: &Squad<'_>, findings: &mut Vec<Finding>) {
    let flown = || squad.ships.iter().filter(|s| !s.has_standard_loadout());
    let mut reported: Vec<(&str, &str)> = Vec::new();
    for carrier in flown() {
        for upgrade in &carrier.upgrades {
            let standardized = upgrade.values.restrictions.iter().any(|r| r.standardized);
            let key = (carrier.pilot.ship.as_str(), upgrade.card.id.as_str());
            if !standardized || reported.contains(&key) {
                continue;
            }
            reported.push(key);
            for other in flown().filter(|s| s.pilot.ship == carrier.pilot.ship) {
                let carries = other.upgrades.iter().any(|u| u.card.id == upgrade.card.id);
                let able = upgrade
                    .values
                    .slots
                    .iter()
                    .all(|slot| other.values.slots.contains(slot))
                    && upgrade
                        .values
                        .restrictions
                        .iter()
                        .filter(|r| !r.ship_abilities.is_empty())
                        .all(|r| other.has_ship_ability(&r.ship_abilities));
                if carries || !able {
                    continue;
                }
                let ship_name = carrier
                    .chassis
                    .map_or(carrier.pilot.ship.as_str(), |c| &c.name);
                findings.push(
                    Finding::error(
                        Code::XwingStandardized,
                        format!(
                            "{} is Standardized: every {ship_name} in the squad must carry it, and {} does not",
                            upgrade.card.name, other.pilot.name
                        ),
                    )
                    .at(squad.file, other.span())
                    .label(format!("no {}", upgrade.card.name))
                    .help(format!(
                        "equip {} on {} too, or remove it from every {ship_name}",
                        upgrade.card.name, other.pilot.name
                    ))
                    .cite(cite::rule(cite::STANDARDIZED)),
                );
            }
        }
    }
}

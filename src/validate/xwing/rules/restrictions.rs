//! Upgrade restrictions of every kind the data has: faction, ship, size, keyword, squad
//! names, ship ability, arc, force side, equipped upgrade types, action (and its colour),
//! ship or pilot stats, and Solitary (one card of a slot type per squad).
//! `names` is an alternative to the rest of its entry ("Scum, or a squad with Vader").

use super::cite;
use crate::cards::xwing::{Restriction, Slot};
use crate::report::{Code, Finding};
use crate::text::normalize;
use crate::validate::xwing::fitted::{Fitted, Ship, Squad};
use crate::validate::xwing::index::CardIndex;
use std::cell::OnceCell;
use std::collections::HashMap;

pub fn check(squad: &Squad<'_>, findings: &mut Vec<Finding>) {
    // Few cards name other cards: the squad's names are gathered only when one does.
    let names = OnceCell::new();
    let names = || names.get_or_init(|| squad_names(squad)).as_slice();
    for ship in &squad.ships {
        // Standard loadouts are printed on the pilot card: legal by definition.
        for upgrade in ship.upgrades.iter().filter(|u| !u.from_loadout) {
            for restriction in upgrade.values.restrictions {
                if let Some(why) = broken(restriction, squad.index, ship, upgrade, &names) {
                    findings.push(
                        Finding::error(
                            Code::XwingRestriction,
                            format!(
                                "{} cannot equip {}: it requires {why}",
                                ship.pilot.name, upgrade.card.name
                            ),
                        )
                        .at(squad.file, upgrade.span.clone())
                        .label(format!("requires {why}"))
                        .help(format!(
                            "move {} to a ship that meets its restriction, or remove it",
                            upgrade.card.name
                        ))
                        .cite(cite::rule(cite::UPGRADE_CARDS)),
                    );
                }
            }
        }
    }
    solitary(squad, findings);
}

/// Every card name in the squad, normalized.
fn squad_names(squad: &Squad<'_>) -> Vec<String> {
    squad
        .ships
        .iter()
        .flat_map(|s| {
            std::iter::once(normalize(&s.pilot.name))
                .chain(s.upgrades.iter().map(|u| normalize(&u.card.name)))
        })
        .collect()
}

/// What the ship lacks, or `None` when the entry holds.
fn broken<'n>(
    restriction: &Restriction,
    index: &CardIndex<'_>,
    ship: &Ship<'_>,
    upgrade: &Fitted<'_>,
    names: &dyn Fn() -> &'n [String],
) -> Option<String> {
    let rest = rest_broken(restriction, index, ship, upgrade);
    if restriction.names.is_empty() {
        return rest;
    }
    let named = restriction
        .names
        .iter()
        .any(|n| names().contains(&normalize(n)));
    let has_rest = rest_is_stated(restriction);
    if named || (has_rest && rest.is_none()) {
        return None;
    }
    let wanted = format!("a squad with {}", restriction.names.join(" or "));
    Some(match rest {
        Some(rest) if has_rest => format!("{rest}, or {wanted}"),
        _ => wanted,
    })
}

fn rest_is_stated(r: &Restriction) -> bool {
    !(r.factions.is_empty()
        && r.ships.is_empty()
        && r.sizes.is_empty()
        && r.keywords.is_empty()
        && r.ship_abilities.is_empty()
        && r.arcs.is_empty()
        && r.force_sides.is_empty()
        && r.equipped.is_empty()
        && r.action.is_none()
        && r.stats.is_empty())
}

fn rest_broken(
    r: &Restriction,
    index: &CardIndex<'_>,
    ship: &Ship<'_>,
    upgrade: &Fitted<'_>,
) -> Option<String> {
    let any = |labels: Vec<&str>| labels.join(" or ");
    if !r.factions.is_empty() && !r.factions.contains(&ship.pilot.faction) {
        return Some(any(r.factions.iter().map(|f| f.label()).collect()));
    }
    if !r.ships.is_empty() && !r.ships.contains(&ship.pilot.ship) {
        // Players know ships by their printed names, not the data's ids.
        let names = r
            .ships
            .iter()
            .map(|id| index.ship(id).map_or(id.as_str(), |s| s.name.as_str()));
        return Some(format!("a ship of type {}", any(names.collect())));
    }
    if !r.sizes.is_empty() && !ship.size().is_some_and(|s| r.sizes.contains(&s)) {
        let sizes = any(r.sizes.iter().map(|s| s.label()).collect());
        return Some(format!("a {sizes} ship"));
    }
    if !r.keywords.is_empty() && !r.keywords.iter().any(|k| ship.values.keywords.contains(k)) {
        return Some(format!(
            "keyword {}",
            any(r.keywords.iter().map(|k| k.label()).collect())
        ));
    }
    if !r.ship_abilities.is_empty() && !ship.has_ship_ability(&r.ship_abilities) {
        return Some(format!(
            "ship ability {}",
            any(r.ship_abilities.iter().map(String::as_str).collect())
        ));
    }
    if !r.arcs.is_empty() {
        let arcs = ship.arcs();
        if !r.arcs.iter().any(|a| arcs.contains(a)) {
            return Some(format!(
                "a {}",
                any(r.arcs.iter().map(|a| a.label()).collect())
            ));
        }
    }
    if !r.force_sides.is_empty() {
        let sides = ship.force_sides();
        if !r.force_sides.iter().any(|s| sides.contains(s)) {
            return Some(format!(
                "the {} side of the Force",
                any(r.force_sides.iter().map(|s| s.label()).collect())
            ));
        }
    }
    if !r.equipped.is_empty() {
        let others = ship
            .upgrades
            .iter()
            .filter(|u| u.card.id != upgrade.card.id);
        let equipped: Vec<Slot> = others
            .flat_map(|u| u.values.slots.iter().copied())
            .collect();
        if !r.equipped.iter().all(|s| equipped.contains(s)) {
            return Some(format!(
                "an equipped {} upgrade",
                any(r.equipped.iter().map(|s| s.label()).collect())
            ));
        }
    }
    if let Some(action) = &r.action
        && !ship.has_action(action.action, action.colour, &upgrade.card.id)
    {
        let colour = action
            .colour
            .map(|c| format!("{} ", c.label().to_lowercase()));
        return Some(format!(
            "a {}{} action",
            colour.unwrap_or_default(),
            action.action.label()
        ));
    }
    for stat in &r.stats {
        let value = ship.stat(stat.stat);
        let fits = value.is_some_and(|v| {
            stat.min.is_none_or(|min| v >= min) && stat.max.is_none_or(|max| v <= max)
        });
        if !fits {
            let bound = match (stat.min, stat.max) {
                (Some(min), Some(max)) if min == max => format!("{min}"),
                (Some(min), Some(max)) => format!("{min} to {max}"),
                (Some(min), None) => format!("{min} or more"),
                (None, Some(max)) => format!("{max} or less"),
                (None, None) => continue,
            };
            return Some(format!("{} {bound}", stat.stat.label().to_lowercase()));
        }
    }
    None
}

/// Solitary: a squad holds at most one Solitary upgrade of each upgrade type.
fn solitary(squad: &Squad<'_>, findings: &mut Vec<Finding>) {
    let mut seen: HashMap<Slot, &str> = HashMap::new();
    for ship in &squad.ships {
        for upgrade in &ship.upgrades {
            if !upgrade.values.restrictions.iter().any(|r| r.solitary) {
                continue;
            }
            for slot in upgrade.values.slots {
                if let Some(first) = seen.insert(*slot, &upgrade.card.name) {
                    findings.push(
                        Finding::error(
                            Code::XwingRestriction,
                            format!(
                                "{} is Solitary and the squad already has {first}, another Solitary {} upgrade",
                                upgrade.card.name,
                                slot.label()
                            ),
                        )
                        .at(squad.file, upgrade.span.clone())
                        .label("second Solitary upgrade of this type")
                        .help(format!(
                            "keep one Solitary {} upgrade in the squad",
                            slot.label()
                        ))
                        .cite(cite::rule(cite::SOLITARY)),
                    );
                }
            }
        }
    }
}

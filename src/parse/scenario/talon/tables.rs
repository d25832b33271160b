//! The round's tables of choices: power spent (`[[spend]]`), afterburners burnt
//! (`[[afterburner]]`) and repairs tried (`[[repair]]`), each resolved against the ships,
//! missiles and groups it names. What a spend needs beyond its `on` is checked here; whether
//! the rules allow it where it happens is the engine's to say.

use super::file::{Afterburn, FighterUse, Repair, Spend, SpendOn};
use super::letters::impulse_letter;
use super::scenario::{AfterburnDef, RepairDef, ShipDef, SpendDef};
use crate::parse::scenario::check::Check;
use crate::report::Code;
use std::collections::HashMap;
use toml::Spanned;

/// The ids a spend may name: ships and missiles.
pub struct Ids<'a> {
    pub ships: &'a HashMap<String, usize>,
    pub missiles: &'a HashMap<String, usize>,
}

pub fn spends(
    check: &mut Check<'_>,
    spends: &[Spanned<Spend>],
    ids: &Ids<'_>,
    ships: &[ShipDef],
) -> Vec<SpendDef> {
    spends
        .iter()
        .map(|s| {
            let spend = s.get_ref();
            let ship = check.lookup(ids.ships, &spend.ship, "ship", Code::ScenarioUnknownShip);
            let mut def = SpendDef {
                ship,
                impulse: impulse_letter(check, &spend.impulse).unwrap_or(0),
                on: spend.on,
                span: s.span(),
                arc: spend.arc,
                remove: spend.remove,
                group: None,
                fighter: None,
                fighter_use: spend.fighter_use,
                missile: None,
                target: None,
            };
            details(check, spend, &mut def, ids, ships);
            def
        })
        .collect()
}

/// What each `on` needs besides the ship and impulse.
fn details(
    check: &mut Check<'_>,
    spend: &Spend,
    def: &mut SpendDef,
    ids: &Ids<'_>,
    ships: &[ShipDef],
) {
    let span = def.span.clone();
    let need = |check: &mut Check<'_>, what: &str, help: &str| {
        check.error(
            Code::ScenarioMissingField,
            span.clone(),
            format!("power spent on `{}` needs `{what}`", spend.on.as_str()),
            "which?",
            help.to_string(),
        );
    };
    match spend.on {
        SpendOn::Reinforce if spend.arc.is_none() => need(
            check,
            "arc",
            "name the shield arc reinforced: `arc = \"forward\"` (Talon rulebook 6.2)",
        ),
        SpendOn::Charge => {
            def.group = group(check, spend, ships.get(def.ship));
        }
        SpendOn::Fighter => {
            match &spend.fighter {
                Some(name) => {
                    def.fighter =
                        Some(check.lookup(ids.ships, name, "ship", Code::ScenarioUnknownShip));
                }
                None => need(
                    check,
                    "fighter",
                    "name the squadron powered: `fighter = \"Flying Tigers\"` (Talon rulebook 12.2.2)",
                ),
            }
            match spend.fighter_use {
                None => need(
                    check,
                    "use",
                    "say what the power does for it: `use = \"charge\"`, `\"turn\"` or `\"sideslip\"` (Talon rulebook 12.2.2)",
                ),
                Some(FighterUse::Charge) => {
                    let squadron = def.fighter.and_then(|f| ships.get(f));
                    def.group = group(check, spend, squadron);
                }
                Some(_) => {}
            }
        }
        SpendOn::Retarget => {
            match &spend.missile {
                Some(name) => {
                    def.missile = Some(check.lookup(
                        ids.missiles,
                        name,
                        "missile",
                        Code::ScenarioUnknownReference,
                    ));
                }
                None => need(
                    check,
                    "missile",
                    "name the missile sent after a new target: `missile = \"M1\"` (Talon rulebook 13.7)",
                ),
            }
            match &spend.target {
                Some(name) => {
                    def.target =
                        Some(check.lookup(ids.ships, name, "ship", Code::ScenarioUnknownShip));
                }
                None => need(
                    check,
                    "target",
                    "name the missile's new target, an enemy ship: `target = \"Patton\"` (Talon rulebook 13.7)",
                ),
            }
        }
        _ => {}
    }
}

/// The weapon group a charge names, 0-based; default the only group of a one-group class.
fn group(check: &mut Check<'_>, spend: &Spend, ship: Option<&ShipDef>) -> Option<usize> {
    let groups = ship
        .and_then(|s| s.class)
        .map_or(0, |c| c.weapon_group.len());
    match &spend.group {
        None if groups == 1 => Some(0),
        None => {
            check.error(
                Code::ScenarioMissingField,
                spend.ship.span(),
                "power spent on a charge needs `group`".into(),
                "which group?",
                format!(
                    "name the weapon group whose yellow box is charged, 1 to {groups} in the card's order (Talon rulebook 6.1)"
                ),
            );
            None
        }
        Some(g) => {
            let index = usize::try_from(*g.get_ref())
                .ok()
                .and_then(|g| g.checked_sub(1))
                .filter(|&g| g < groups);
            if index.is_none() {
                check.error(
                    Code::ScenarioUnknownReference,
                    g.span(),
                    format!("there is no weapon group {}", g.get_ref()),
                    "no such group",
                    format!("the class has {groups} weapon group(s), numbered from 1"),
                );
            }
            index
        }
    }
}

pub fn afterburners(
    check: &mut Check<'_>,
    burns: &[Spanned<Afterburn>],
    ids: &HashMap<String, usize>,
) -> Vec<AfterburnDef> {
    burns
        .iter()
        .map(|b| {
            let burn = b.get_ref();
            AfterburnDef {
                ship: check.lookup(ids, &burn.ship, "ship", Code::ScenarioUnknownShip),
                impulse: impulse_letter(check, &burn.impulse).unwrap_or(0),
                movement: *burn.movement.get_ref(),
                span: b.span(),
            }
        })
        .collect()
}

pub fn repairs(
    check: &mut Check<'_>,
    repairs: &[Spanned<Repair>],
    ids: &HashMap<String, usize>,
) -> Vec<RepairDef> {
    repairs
        .iter()
        .map(|r| {
            let repair = r.get_ref();
            RepairDef {
                ship: check.lookup(ids, &repair.ship, "ship", Code::ScenarioUnknownShip),
                impulse: impulse_letter(check, &repair.impulse).unwrap_or(0),
                span: r.span(),
            }
        })
        .collect()
}

//! `talon/energy-phase` (seed 004 9.x): the initiative player first (9.1); each ship charges
//! one red box per bar, or, where no red box is left, as many yellow boxes as the group has
//! weapons (9.2); then changes speed by one at most (5.4.3, 9.3), with the leftmost hull
//! box's modifier applied to power (8.4.2) and no speed that leaves power below zero
//! (5.4.4); a ship with no such speed explodes (5.4.5). A Power Loss marker stops both
//! (9.3). Then the round marker advances (9.4), and FTL drives warm up in the round equal to
//! the ship's hull boxes (11.1.3).
//!
//! Outcome: `{"first": side or null, "next_round": n or null, "ships": {"<id>": {"curve",
//! "written", "allowed_speeds", "speed_allowed", "explodes", "groups": [{"weapon", "red",
//! "yellow", "charged"}], "ftl_warm"}}}`.

use super::{Played, Steps, rules};
use crate::cards::talon::{PowerCurve, ShipClass, Side};
use crate::parse::scenario::talon::Scenario;
use serde_json::{Map, Value, json};

/// What the energy phase allows a ship.
pub struct CurveOptions {
    /// Leftmost hull box's modifier plus power relay damage.
    pub modifier: i32,
    /// Curves it may take, each with its power after the modifier.
    pub allowed: Vec<(PowerCurve, i32)>,
}

impl CurveOptions {
    /// The curves as the owner would write them on the counter (power after the modifier).
    pub fn written(&self) -> Vec<String> {
        self.allowed
            .iter()
            .map(|(c, power)| written(*c, *power))
            .collect()
    }
}

fn written(curve: PowerCurve, power: i32) -> String {
    match curve.turn {
        Some(turn) => format!("{power}-{}-{turn}", curve.speed),
        None => format!("{power}-{}", curve.speed),
    }
}

/// The curves a ship on `current` may take in the energy phase.
pub fn curve_options(
    class: &ShipClass,
    current: PowerCurve,
    hull_lost: u32,
    power_relay: u8,
    power_loss: bool,
) -> CurveOptions {
    let box_modifier = class
        .hull_boxes
        .get(hull_lost as usize)
        .copied()
        .map_or(0, i32::from);
    let modifier = box_modifier - i32::from(power_relay);
    let allowed = class
        .curves
        .iter()
        .filter(|c| {
            let step = i32::from(c.speed) - i32::from(current.speed);
            if power_loss {
                step == 0
            } else {
                step.abs() <= 1
            }
        })
        .map(|c| (*c, i32::from(c.power) + modifier))
        .filter(|(_, power)| *power >= 0)
        .collect();
    CurveOptions { modifier, allowed }
}

pub fn run(sc: &Scenario, steps: &mut Steps) -> Played {
    let first = sc.initiative;
    let mut order: Vec<usize> = (0..sc.ships.len()).collect();
    if let Some(first) = first {
        order.sort_by_key(|&i| sc.ships[i].side != Some(first));
        steps.push(
            "Energy phase",
            format!(
                "{} holds the initiative and does all of its energy phase first; then {}.",
                first.title(),
                first.other().title()
            ),
            rules::ENERGY_PHASE,
        )?;
    }
    let mut ships = Map::new();
    let mut final_state = Vec::new();
    for i in order {
        let ship = &sc.ships[i];
        let Some(class) = ship.class else { continue };
        let id = &ship.id;
        let current = ship.curve.unwrap_or(class.default_curve);
        let mut groups = Vec::new();
        for (index, group) in class.weapon_group.iter().enumerate() {
            let [mut red, mut yellow] = ship
                .charge
                .get(index)
                .copied()
                .unwrap_or([group.red, group.yellow]);
            let before = (red, yellow);
            let (what, rule) = if ship.power_loss {
                ("Power Loss: no charging.".to_string(), rules::CURVE_CHANGE)
            } else if red < group.red {
                red += 1;
                (
                    format!("one red box charged ({red}/{} red)", group.red),
                    rules::RED_CHARGE,
                )
            } else if yellow < group.yellow {
                let add = group.count.min(group.yellow - yellow);
                yellow += add;
                (
                    format!(
                        "no red box left, so {add} yellow box{} charged passively ({yellow}/{} yellow)",
                        if add == 1 { "" } else { "es" },
                        group.yellow
                    ),
                    rules::PASSIVE_CHARGE,
                )
            } else {
                ("already fully charged".to_string(), rules::CHARGING)
            };
            let charged = red == group.red && yellow == group.yellow;
            if before != (red, yellow) || !ship.charge.is_empty() {
                steps.push(
                    format!("{id}: weapon group {} ({})", index + 1, group.weapon),
                    format!(
                        "{}{}",
                        capitalised(&what),
                        if charged {
                            "; the group can fire."
                        } else {
                            "."
                        }
                    ),
                    rule,
                )?;
            }
            groups.push(json!({
                "weapon": group.weapon,
                "red": red,
                "yellow": yellow,
                "charged": charged,
            }));
        }
        let options = curve_options(
            class,
            current,
            ship.hull_lost,
            ship.power_relay,
            ship.power_loss,
        );
        let speeds: Vec<u8> = options.allowed.iter().map(|(c, _)| c.speed).collect();
        let wanted = ship.speed.as_ref().map_or(current.speed, |(s, _)| *s);
        let speed_allowed = speeds.contains(&wanted);
        let explodes = options.allowed.is_empty();
        let chosen = options
            .allowed
            .iter()
            .find(|(c, _)| c.speed == wanted)
            .copied();
        let modifier_text = if options.modifier == 0 {
            "no power modifier".to_string()
        } else {
            format!("power modifier {}", options.modifier)
        };
        let (outcome, rule) = if explodes {
            (
                format!(
                    "On {current} with {modifier_text}, every speed it could take leaves its power below 0: its FTL core overloads and it explodes at the end of the energy phase."
                ),
                rules::POWER_BELOW_ZERO,
            )
        } else if ship.power_loss && wanted != current.speed {
            (
                format!(
                    "A Power Loss marker stops any curve change: it stays at speed {} (written {}).",
                    current.speed,
                    options.written().join(", ")
                ),
                rules::CURVE_CHANGE,
            )
        } else if let Some((curve, power)) = chosen {
            (
                format!(
                    "Speed {wanted}: curve {curve}, written {} ({modifier_text}). Speeds it may take: {}.",
                    written(curve, power),
                    join(&speeds)
                ),
                if options.modifier == 0 {
                    rules::SPEED_CHANGE
                } else {
                    rules::POWER_MODIFIERS
                },
            )
        } else {
            (
                format!(
                    "Speed {wanted} is not open to it: from {current}, with {modifier_text}, it may take speed {} ({}).",
                    join(&speeds),
                    options.written().join(", ")
                ),
                if (i32::from(wanted) - i32::from(current.speed)).abs() > 1 {
                    rules::SPEED_CHANGE
                } else {
                    rules::HULL_DAMAGE_POWER
                },
            )
        };
        steps.push(format!("{id}: power curve (from {current})"), outcome, rule)?;
        let ftl_warm = sc
            .round
            .map(|round| round as usize >= class.hull_boxes.len());
        if let (Some(round), Some(true)) = (sc.round, ftl_warm) {
            steps.push(
                format!("{id}: FTL drive"),
                format!(
                    "Round {round} ≥ its {} hull boxes: its FTL drive is warm and it may retreat.",
                    class.hull_boxes.len()
                ),
                rules::FTL_WARM_UP,
            )?;
        }
        final_state.push(match chosen {
            _ if explodes => format!("{id}: explodes"),
            Some((curve, power))
                if speed_allowed && !(ship.power_loss && wanted != current.speed) =>
            {
                format!("{id}: {}", written(curve, power))
            }
            _ => format!("{id}: may take {}", options.written().join(" or ")),
        });
        ships.insert(
            id.clone(),
            json!({
                "curve": chosen.map(|(c, _)| c.to_string()),
                "written": chosen.map(|(c, p)| written(c, p)),
                "allowed_speeds": speeds,
                "speed_allowed": speed_allowed && !explodes,
                "explodes": explodes,
                "groups": groups,
                "ftl_warm": ftl_warm,
            }),
        );
    }
    let next_round = sc.round.map(|r| r + 1);
    if let Some(next) = next_round {
        steps.push(
            "End of the round",
            format!(
                "The round marker moves on one box: round {next} begins (the track wraps from 10 back to its first box)."
            ),
            rules::END_OF_TURN,
        )?;
    }
    Ok((
        final_state,
        json!({
            "first": first.map(Side::as_str),
            "next_round": next_round,
            "ships": Value::Object(ships),
        }),
    ))
}

fn join(speeds: &[u8]) -> String {
    let parts: Vec<String> = speeds.iter().map(u8::to_string).collect();
    match parts.as_slice() {
        [] => "none".to_string(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::talon::TalonCards;

    fn ca() -> &'static ShipClass {
        TalonCards::builtin().class("terran-ca").unwrap()
    }

    fn curve(text: &str) -> PowerCurve {
        PowerCurve::parse(text).unwrap()
    }

    #[test]
    fn guderian_must_slow_to_four() {
        // Seed 004 5.4.5: on 1-5-3 with only its -2 box left, it must drop to 2-4-2,
        // written 0-4-2.
        let options = curve_options(ca(), curve("1-5-3"), 5, 0, false);
        assert_eq!(options.modifier, -2);
        assert_eq!(options.written(), ["0-4-2"]);
    }

    #[test]
    fn napoleon_writes_two_three_two() {
        // Seed 004 8.4.2: three boxes crossed, leftmost -1: speed 3 is written 2-3-2.
        let options = curve_options(ca(), curve("3-3-2"), 3, 0, false);
        assert!(options.written().contains(&"2-3-2".to_string()));
        assert_eq!(options.written(), ["1-4-2", "2-3-2", "3-2-1"]);
    }

    #[test]
    fn power_loss_freezes_the_curve() {
        let options = curve_options(ca(), curve("3-3-2"), 0, 0, true);
        assert_eq!(options.written(), ["3-3-2"]);
    }
}

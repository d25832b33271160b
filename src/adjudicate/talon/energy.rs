//! `talon/energy-phase` (Talon rulebook 9.x): the initiative player first (9.1); each ship charges
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

use super::{Played, Steps, Stop, rules, step};
use crate::adjudicate::Cite;
use crate::cards::talon::{PowerCurve, ShipClass, Side, WeaponGroup};
use crate::parse::scenario::talon::Scenario;
use serde_json::{Map, Value, json};
use smallvec::SmallVec;

/// A unit's weapon groups charged, inline: the energy phase of a round allocates nothing
/// for them.
pub type Charges<'a> = SmallVec<[GroupCharge<'a>; 4]>;

/// What the energy phase allows a ship.
#[derive(Debug, Clone)]
pub struct CurveOptions {
    /// Leftmost hull box's modifier plus power relay damage.
    pub modifier: i32,
    /// Curves it may take, each with its power after the modifier.
    pub allowed: SmallVec<[(PowerCurve, i32); 4]>,
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
    let order = announce(sc, first, steps)?;
    let mut ships = Map::new();
    let mut final_state = Vec::new();
    for i in order {
        let ship = &sc.ships[i];
        let Some(class) = ship.class else { continue };
        let input = Input {
            curve: ship.curve.unwrap_or(class.default_curve),
            charge: &ship.charge,
            hull_lost: ship.hull_lost,
            power_relay: ship.power_relay,
            power_loss: ship.power_loss,
            wanted: ship.speed.as_ref().map(|(s, _)| *s),
        };
        let result = phase(&ship.id, class, &input, sc.round, steps)?;
        final_state.push(result.final_line(&ship.id, &input));
        ships.insert(ship.id.clone(), result.to_json());
    }
    let next_round = end_of_round(sc.round, steps)?;
    Ok((
        final_state,
        json!({
            "first": first.map(Side::as_str),
            "next_round": next_round,
            "ships": Value::Object(ships),
        }),
    ))
}

/// Talon rulebook 9.1: the order in which ships take their energy phase (the initiative side's
/// first, each side in file order).
pub fn announce(sc: &Scenario, first: Option<Side>, steps: &mut Steps) -> Result<Vec<usize>, Stop> {
    let mut order: Vec<usize> = (0..sc.ships.len()).collect();
    if let Some(first) = first {
        order.sort_by_key(|&i| sc.ships[i].side != Some(first));
        step!(
            steps,
            rules::ENERGY_PHASE,
            "Energy phase",
            format!(
                "{} holds the initiative and does all of its energy phase first; then {}.",
                first.title(),
                first.other().title()
            )
        )?;
    }
    Ok(order)
}

/// Talon rulebook 9.4: the round marker moves on.
pub fn end_of_round(round: Option<u32>, steps: &mut Steps) -> Result<Option<u32>, Stop> {
    let next_round = round.map(|r| r + 1);
    if let Some(next) = next_round {
        step!(
            steps,
            rules::END_OF_TURN,
            "End of the round",
            format!(
                "The round marker moves on one box: round {next} begins (the track wraps from 10 back to its first box)."
            )
        )?;
    }
    Ok(next_round)
}

/// What a ship brings to the energy phase.
#[derive(Debug, Clone)]
pub struct Input<'c> {
    pub curve: PowerCurve,
    /// Per weapon group, `[red, yellow]` boxes crossed; empty: every bar full.
    pub charge: &'c [[u8; 2]],
    pub hull_lost: u32,
    pub power_relay: u8,
    pub power_loss: bool,
    /// The speed the owner wants (default: the current one).
    pub wanted: Option<u8>,
}

/// One weapon group's bar after charging.
#[derive(Debug, Clone)]
pub struct GroupCharge<'a> {
    pub weapon: &'a str,
    pub red: u8,
    pub yellow: u8,
    pub charged: bool,
}

impl GroupCharge<'_> {
    pub fn to_json(&self) -> Value {
        json!({
            "weapon": self.weapon,
            "red": self.red,
            "yellow": self.yellow,
            "charged": self.charged,
        })
    }
}

/// One ship's energy phase, computed before any text.
#[derive(Debug, Clone)]
pub struct ShipEnergy<'a> {
    pub options: CurveOptions,
    pub chosen: Option<(PowerCurve, i32)>,
    pub wanted: u8,
    pub speed_allowed: bool,
    pub explodes: bool,
    pub groups: Charges<'a>,
    pub ftl_warm: Option<bool>,
    /// A squadron: each fighter's bars (12.1.1), the first fighter's also in `groups`.
    pub fighters: Vec<Charges<'a>>,
}

impl ShipEnergy<'_> {
    pub fn speeds(&self) -> Vec<u8> {
        self.options.allowed.iter().map(|(c, _)| c.speed).collect()
    }

    pub fn to_json(&self) -> Value {
        let groups: Vec<Value> = self.groups.iter().map(GroupCharge::to_json).collect();
        let mut json = json!({
            "curve": self.chosen.map(|(c, _)| c.to_string()),
            "written": self.chosen.map(|(c, p)| written(c, p)),
            "allowed_speeds": self.speeds(),
            "speed_allowed": self.speed_allowed && !self.explodes,
            "explodes": self.explodes,
            "groups": groups,
            "ftl_warm": self.ftl_warm,
        });
        if !self.fighters.is_empty() {
            json["fighters"] = self
                .fighters
                .iter()
                .map(|groups| groups.iter().map(GroupCharge::to_json).collect::<Vec<_>>())
                .collect();
        }
        json
    }

    pub fn final_line(&self, id: &str, input: &Input) -> String {
        match self.chosen {
            _ if self.explodes => format!("{id}: explodes"),
            Some((curve, power))
                if self.speed_allowed
                    && !(input.power_loss && self.wanted != input.curve.speed) =>
            {
                format!("{id}: {}", written(curve, power))
            }
            _ => format!("{id}: may take {}", self.options.written().join(" or ")),
        }
    }
}

/// One ship's energy phase: charging (9.2), then the curve (5.4, 8.4.2, 9.3), then FTL
/// warm-up (11.1.3).
pub fn phase<'a>(
    id: &str,
    class: &'a ShipClass,
    input: &Input,
    round: Option<u32>,
    steps: &mut Steps,
) -> Result<ShipEnergy<'a>, Stop> {
    let current = input.curve;
    let groups = charge_groups(id, class, input.charge, input.power_loss, steps)?;
    let options = curve_options(
        class,
        current,
        input.hull_lost,
        input.power_relay,
        input.power_loss,
    );
    let wanted = input.wanted.unwrap_or(current.speed);
    let speed_allowed = options.allowed.iter().any(|(c, _)| c.speed == wanted);
    let explodes = options.allowed.is_empty();
    let chosen = options
        .allowed
        .iter()
        .find(|(c, _)| c.speed == wanted)
        .copied();
    if steps.on {
        let (outcome, rule) = curve_outcome(input, &options, wanted, chosen);
        steps.push(format!("{id}: power curve (from {current})"), outcome, rule)?;
    }
    let ftl_warm = ftl_drive(id, class, round, steps)?;
    Ok(ShipEnergy {
        options,
        chosen,
        wanted,
        speed_allowed,
        explodes,
        groups,
        ftl_warm,
        fighters: Vec::new(),
    })
}

/// Talon rulebook 9.2: every weapon group of one unit (a ship, or one fighter) charges.
pub fn charge_groups<'a>(
    id: &str,
    class: &'a ShipClass,
    bars: &[[u8; 2]],
    power_loss: bool,
    steps: &mut Steps,
) -> Result<Charges<'a>, Stop> {
    let mut groups = Charges::with_capacity(class.weapon_group.len());
    for (index, group) in class.weapon_group.iter().enumerate() {
        groups.push(charge(id, index, group, bars, power_loss, steps)?);
    }
    Ok(groups)
}

/// Talon rulebook 11.1.3: the FTL drive warms in the energy phase of the round whose number is the
/// ship's hull boxes. A base has no FTL drive (11.1.4, 14), nor has a fighter (12.1.2): `None`,
/// never warm, never able to retreat.
fn ftl_drive(
    id: &str,
    class: &ShipClass,
    round: Option<u32>,
    steps: &mut Steps,
) -> Result<Option<bool>, Stop> {
    let Some(round) = round else {
        return Ok(None);
    };
    if class.is_base() || class.is_fighter() {
        step!(
            steps,
            if class.is_base() {
                rules::RETREAT_RESTRICTIONS
            } else {
                rules::FIGHTERS
            },
            format!("{id}: FTL drive"),
            if class.is_base() {
                "A base has no FTL drive: it never warms up and can never retreat."
            } else {
                "Fighters have no FTL drive: they never warm up and retreat only aboard a carrier (16)."
            }
        )?;
        return Ok(None);
    }
    let warm = round as usize >= class.hull_boxes.len();
    if warm {
        step!(
            steps,
            rules::FTL_WARM_UP,
            format!("{id}: FTL drive"),
            format!(
                "Round {round} ≥ its {} hull boxes: its FTL drive is warm and it may retreat.",
                class.hull_boxes.len()
            )
        )?;
    }
    Ok(Some(warm))
}

/// What charging did to one bar.
enum Charging {
    /// A Power Loss marker: no charging.
    PowerLoss,
    /// One red box.
    Red,
    /// No red box left: this many yellow boxes, one per weapon of the group.
    Yellow(u8),
    /// Nothing left to charge.
    Full,
}

/// Weapon group `index` charges one red box, or else its yellow boxes passively (9.2).
fn charge<'a>(
    id: &str,
    index: usize,
    group: &'a WeaponGroup,
    bars: &[[u8; 2]],
    power_loss: bool,
    steps: &mut Steps,
) -> Result<GroupCharge<'a>, Stop> {
    let [mut red, mut yellow] = bars
        .get(index)
        .copied()
        .unwrap_or([group.red, group.yellow]);
    let before = (red, yellow);
    let did = if power_loss {
        Charging::PowerLoss
    } else if red < group.red {
        red += 1;
        Charging::Red
    } else if yellow < group.yellow {
        let add = group.count.min(group.yellow - yellow);
        yellow += add;
        Charging::Yellow(add)
    } else {
        Charging::Full
    };
    let charged = red == group.red && yellow == group.yellow;
    if steps.on && (before != (red, yellow) || !bars.is_empty()) {
        let (what, rule) = match did {
            Charging::PowerLoss => ("Power Loss: no charging.".to_string(), rules::CURVE_CHANGE),
            Charging::Red => (
                format!("one red box charged ({red}/{} red)", group.red),
                rules::RED_CHARGE,
            ),
            Charging::Yellow(added) => (
                format!(
                    "no red box left, so {added} yellow box{} charged passively ({yellow}/{} yellow)",
                    if added == 1 { "" } else { "es" },
                    group.yellow
                ),
                rules::PASSIVE_CHARGE,
            ),
            Charging::Full => ("already fully charged".to_string(), rules::CHARGING),
        };
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
    Ok(GroupCharge {
        weapon: &group.weapon,
        red,
        yellow,
        charged,
    })
}

/// The trace's words on the curve: it explodes, Power Loss holds it, the speed wanted is
/// taken, or it is not open (by the speed step or by hull damage).
fn curve_outcome(
    input: &Input,
    options: &CurveOptions,
    wanted: u8,
    chosen: Option<(PowerCurve, i32)>,
) -> (String, Cite) {
    let current = input.curve;
    let speeds: Vec<u8> = options.allowed.iter().map(|(c, _)| c.speed).collect();
    let modifier_text = if options.modifier == 0 {
        "no power modifier".to_string()
    } else {
        format!("power modifier {}", options.modifier)
    };
    if options.allowed.is_empty() {
        (
            format!(
                "On {current} with {modifier_text}, every speed it could take leaves its power below 0: its FTL core overloads and it explodes at the end of the energy phase."
            ),
            rules::POWER_BELOW_ZERO,
        )
    } else if input.power_loss && wanted != current.speed {
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
    }
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
        // Talon rulebook 5.4.5: on 1-5-3 with only its -2 box left, it must drop to 2-4-2,
        // written 0-4-2.
        let options = curve_options(ca(), curve("1-5-3"), 5, 0, false);
        assert_eq!(options.modifier, -2);
        assert_eq!(options.written(), ["0-4-2"]);
    }

    #[test]
    fn napoleon_writes_two_three_two() {
        // Talon rulebook 8.4.2: three boxes crossed, leftmost -1: speed 3 is written 2-3-2.
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

//! `talon/fire` (seed 004 5.3, 8.1–8.3): one weapon of a charged group at a target. The
//! target must be in one of the group's firing arcs and within the weapon's range, in
//! another hex and not a friend (8.2.2); the first shot clears the group's charge bar, and
//! each weapon of the group fires once (8.1.1, 8.3). The shield hit is the arc of the
//! target in which the firer stands (5.3.2, 8.3 step 6). A to-hit weapon hits on its
//! range's number or more; a table weapon's damage comes from the roll and the range. The
//! Fusion Cannon hits every ship in its cone with one roll (15.2), fighters excepted
//! (12.1.2); a missile is launched, not resolved (13.2). Damage then lands as in
//! `talon/damage`.
//!
//! Outcome: `{"shots": [{"attacker", "group", "weapon", "target", "allowed", "reason",
//! "arc", "in_arc", "range", "in_range", "shield_arc", "to_hit", "roll", "damage"}],
//! "ships": {… as talon/damage …}, "blasts": [...]}`.

use super::damage::Fleet;
use super::geometry::{Seen, arc_of};
use super::{Played, Steps, Stop, choice, rules, step};
use crate::cards::talon::{Arc, TalonCards, Weapon, WeaponGroup, WeaponKind};
use crate::parse::scenario::talon::{Heading, Hex, Scenario, ShipDef, ShotDef};
use crate::report::{Code, Finding};
use serde_json::{Value, json};

pub fn run(sc: &Scenario, seed: Option<u64>, steps: &mut Steps) -> Played {
    let mut fleet = Fleet::new(sc, seed);
    fleet.check_reinforcements()?;
    let can_roll = !sc.dice.is_empty() || seed.is_some();
    let mut fired = Fired::new(sc);
    let mut shots = Vec::new();
    for shot in &sc.shots {
        shots.push(fire(sc, &mut fleet, steps, shot, &mut fired, can_roll)?);
    }
    let final_state = fleet.final_state();
    let shots: Vec<Value> = shots.iter().map(|s| s.to_json(sc)).collect();
    Ok((
        final_state,
        json!({ "shots": shots, "ships": fleet.ships_json(), "blasts": fleet.blasts_json() }),
    ))
}

/// Weapons of each group fired so far this round, per ship.
pub struct Fired(pub Vec<Vec<u8>>);

impl Fired {
    pub fn new(sc: &Scenario) -> Self {
        Fired(sc.ships.iter().map(|s| vec![0; s.charged.len()]).collect())
    }

    /// Whether any weapon of `group` of `ship` has fired.
    pub fn any(&self, ship: usize, group: usize) -> bool {
        self.0
            .get(ship)
            .and_then(|g| g.get(group))
            .is_some_and(|n| *n > 0)
    }
}

/// A ship in a Fusion Cannon's cone: its index, range, damage and the shield hit (none for
/// a fighter).
pub type ConeHit = (usize, u32, u8, Option<Arc>);

/// What one shot came to, computed before any text; rendered by [`ShotResult::to_json`].
/// `None` fields are the keys a shot stopped before reaching; `Some(None)` a null.
#[derive(Debug, Clone, Default)]
pub struct ShotResult {
    /// False when the scenario's data could not make a shot at all (null in JSON).
    pub made: bool,
    pub attacker: usize,
    pub group: usize,
    pub weapon: &'static str,
    pub target: usize,
    pub allowed: bool,
    pub reason: Option<&'static str>,
    pub range: Option<u32>,
    pub seen: Option<Seen>,
    pub in_arc: Option<bool>,
    pub in_range: Option<bool>,
    pub shield_arc: Option<Option<Arc>>,
    pub to_hit: Option<Option<u8>>,
    pub roll: Option<Option<u8>>,
    pub damage: Option<Option<u8>>,
    pub launched: bool,
    /// Fusion Cannon: every ship in the cone, its range, damage and shield hit.
    pub cone: Option<Vec<ConeHit>>,
}

impl ShotResult {
    pub fn to_json(&self, sc: &Scenario) -> Value {
        if !self.made {
            return Value::Null;
        }
        let id = |i: usize| sc.ships.get(i).map_or("", |s| s.id.as_str());
        let mut json = json!({
            "attacker": id(self.attacker),
            "group": self.group + 1,
            "weapon": self.weapon,
            "target": id(self.target),
            "allowed": self.allowed,
        });
        if let Some(reason) = self.reason {
            json["reason"] = json!(reason);
        }
        if let Some(range) = self.range {
            json["range"] = json!(range);
        }
        if let Some(seen) = self.seen {
            json["arc"] = json!(seen.describe());
        }
        if let Some(in_arc) = self.in_arc {
            json["in_arc"] = json!(in_arc);
        }
        if let Some(in_range) = self.in_range {
            json["in_range"] = json!(in_range);
        }
        if let Some(shield) = self.shield_arc {
            json["shield_arc"] = json!(shield.map(Arc::as_str));
        }
        if let Some(to_hit) = self.to_hit {
            json["to_hit"] = json!(to_hit);
        }
        if let Some(roll) = self.roll {
            json["roll"] = json!(roll);
        }
        if let Some(damage) = self.damage {
            json["damage"] = json!(damage);
        }
        if self.launched {
            json["launched"] = json!(true);
        }
        if let Some(cone) = &self.cone {
            let hits: Vec<Value> = cone
                .iter()
                .map(|(i, range, damage, shield)| match shield {
                    Some(arc) => json!({ "ship": id(*i), "range": range, "damage": damage, "shield_arc": arc.as_str() }),
                    None => json!({ "ship": id(*i), "range": range, "damage": damage }),
                })
                .collect();
            json["cone"] = json!(hits);
        }
        json
    }
}

/// One weapon of a group at a target, from where the ships are now (`fleet.at`).
pub fn fire(
    sc: &Scenario,
    fleet: &mut Fleet<'_>,
    steps: &mut Steps,
    shot: &ShotDef,
    fired: &mut Fired,
    can_roll: bool,
) -> Result<ShotResult, Stop> {
    let cards = TalonCards::builtin();
    let attacker = &sc.ships[shot.attacker];
    let target = &sc.ships[shot.target];
    let mut result = ShotResult {
        attacker: shot.attacker,
        group: shot.group,
        target: shot.target,
        ..ShotResult::default()
    };
    let (from, heading) = fleet.at[shot.attacker];
    let (Some(class), Some(from), Some(heading)) = (attacker.class, from, heading) else {
        return Ok(result);
    };
    let Some(group) = class.weapon_group.get(shot.group) else {
        return Ok(result);
    };
    let Some(weapon) = cards.weapon(&group.weapon) else {
        return Ok(result);
    };
    result.made = true;
    result.weapon = &weapon.value.id;
    let event = || {
        format!(
            "{} fires {} (group {}) at {}",
            attacker.id,
            weapon.name,
            shot.group + 1,
            target.id
        )
    };
    if fleet.state[shot.attacker].destroyed || fleet.state[shot.target].destroyed {
        return Err(Finding::error(
            Code::ScenarioContradiction,
            "this shot involves a ship destroyed earlier in the scenario",
        )
        .at(sc.file, shot.span.clone())
        .label("destroyed before this shot")
        .help("a destroyed ship is removed from play (seed 004 8.6.1): remove the shot")
        .into());
    }
    let Some(used) = fired
        .0
        .get_mut(shot.attacker)
        .and_then(|g| g.get_mut(shot.group))
    else {
        result.made = false;
        return Ok(result);
    };
    if *used >= group.count {
        return Err(Finding::error(
            Code::ScenarioIllegalChoice,
            format!(
                "group {} of `{}` has {} weapon(s), and all have fired",
                shot.group + 1,
                attacker.id,
                group.count
            ),
        )
        .at(sc.file, shot.span.clone())
        .label("one shot too many")
        .help("each weapon of a group fires once, then the bar must be charged again (seed 004 8.1.1)")
        .into());
    }
    if *used == 0 && !attacker.charged.get(shot.group).copied().unwrap_or(true) {
        step!(
            steps,
            rules::CHARGE_BAR,
            event(),
            "Its charge bar is not full, so the group cannot fire."
        )?;
        result.reason = Some("not charged");
        return Ok(result);
    }
    if attacker.side.is_some() && attacker.side == target.side {
        step!(
            steps,
            rules::TARGET_RESTRICTIONS,
            event(),
            "The target is a friendly ship: no weapon may fire at one on purpose."
        )?;
        result.reason = Some("friendly target");
        return Ok(result);
    }
    let Some(to) = fleet.at[shot.target].0 else {
        result.made = false;
        return Ok(result);
    };
    let range = from.distance(to);
    result.range = Some(range);
    let Some(seen) = arc_of(from, heading, to) else {
        step!(
            steps,
            rules::TARGET_RESTRICTIONS,
            event(),
            "Both ships are in the same hex: no shot between them."
        )?;
        result.reason = Some("same hex");
        return Ok(result);
    };
    let in_arc = group.arcs.iter().any(|a| seen.contains(*a));
    let in_range = weapon.in_range(range);
    result.seen = Some(seen);
    result.in_arc = Some(in_arc);
    result.in_range = Some(in_range);
    let edge_choice = matches!(seen, Seen::Edge(..)) && in_arc;
    let sight = || {
        let arcs: Vec<&str> = group.arcs.iter().map(|a| a.as_str()).collect();
        format!(
            "{} is in {}'s {} arc at range {range}; the group fires {}, the {} reaches {}–{}.",
            target.id,
            attacker.id,
            seen.describe(),
            arcs.join("/"),
            weapon.name,
            weapon.min_range,
            weapon.max_range
        )
    };
    if !in_arc || !in_range {
        let why = if !in_arc {
            "not in the group's arcs"
        } else {
            "out of range"
        };
        step!(
            steps,
            rules::FIRING_ARCS,
            event(),
            format!("{} It cannot fire: {why}.", sight())
        )?;
        result.reason = Some(why);
        return Ok(result);
    }
    result.allowed = true;
    let first_of_group = *used == 0;
    *used += 1;
    let bar = if first_of_group {
        " Its charge bar is cleared."
    } else {
        ""
    };
    if edge_choice {
        choice!(
            steps,
            rules::FIRING_ARCS,
            event(),
            format!(
                "{} The target is on an arc edge; it counts as in the group's arc.{bar}",
                sight()
            )
        )?;
    } else {
        step!(steps, rules::FIRING, event(), format!("{}{bar}", sight()))?;
    }
    let cone_weapon = weapon.id == "fusion-cannon";
    let shield = if cone_weapon || weapon.kind() == WeaponKind::Missile {
        None
    } else {
        Some(shield_arc(steps, target, fleet.at[shot.target], from)?)
    };
    result.shield_arc = Some(shield);
    if weapon.kind() == WeaponKind::Missile {
        step!(
            steps,
            rules::MISSILE_LAUNCH,
            format!("{}: missile", attacker.id),
            format!(
                "A missile counter is placed next to {} in the arc, aimed at {}; it does {} damage when it reaches its target.",
                attacker.id,
                target.id,
                weapon.damage.unwrap_or(0)
            )
        )?;
        result.to_hit = Some(None);
        result.roll = Some(None);
        result.damage = Some(None);
        result.launched = true;
        return Ok(result);
    }
    let to_hit = weapon.hits_on(range);
    result.to_hit = Some(to_hit);
    let roll = match shot.roll {
        Some(roll) => Some(roll),
        None if can_roll => Some(fleet.dice.roll("a shot")?),
        None => None,
    };
    result.roll = Some(roll);
    let Some(roll) = roll else {
        step!(
            steps,
            rules::FIRING,
            format!("{}: the roll", attacker.id),
            {
                let needs = match to_hit {
                    Some(n) => format!("it hits on {n} or more for {}", weapon.damage.unwrap_or(0)),
                    None => format!(
                        "damage by roll at range {range}: {}",
                        table_row(weapon, range)
                    ),
                };
                format!("No roll given: {needs}.")
            }
        )?;
        result.damage = Some(None);
        return Ok(result);
    };
    let damage = weapon.damage_for(range, roll);
    result.damage = Some(Some(damage));
    step!(
        steps,
        rules::FIRING,
        format!("{}: the roll", attacker.id),
        match to_hit {
            Some(n) if damage > 0 =>
                format!("Rolled {roll}, {n} or more needed: a hit for {damage}."),
            Some(n) => format!("Rolled {roll}, {n} or more needed: a miss."),
            None if damage > 0 => format!("Rolled {roll} at range {range}: {damage} damage."),
            None => format!("Rolled {roll} at range {range}: no damage."),
        }
    )?;
    if cone_weapon {
        result.cone = Some(cone(sc, fleet, steps, shot, group, weapon, roll)?);
        return Ok(result);
    }
    if let (true, Some(shield)) = (damage > 0, shield) {
        if weapon.id == "wave-motion-gun" {
            step!(
                steps,
                rules::WAVE_MOTION_PUSH,
                format!("{}: pushed back", target.id),
                "Before the damage, the target is pushed one hex straight away from the firer, keeping its facing (not moved here)."
            )?;
        }
        let what = if steps.on {
            format!("{} from {}", weapon.name, attacker.id)
        } else {
            String::new()
        };
        fleet.hit(steps, shot.target, shield, u32::from(damage), &what)?;
    }
    Ok(result)
}

/// The target's shield arc in which the firer stands.
fn shield_arc(
    steps: &mut Steps,
    target: &ShipDef,
    (at, heading): (Option<Hex>, Option<Heading>),
    from: Hex,
) -> Result<Arc, Stop> {
    let (Some(at), Some(heading)) = (at, heading) else {
        return Ok(Arc::Forward);
    };
    match arc_of(at, heading, from) {
        Some(Seen::Edge(a, b)) => {
            choice!(
                steps,
                rules::SHIELD_ARCS,
                format!("{}: shield hit", target.id),
                format!(
                    "The firer is on {}'s {}/{} edge; the text does not say which shield takes it, so the {} shield is taken.",
                    target.id,
                    a.as_str(),
                    b.as_str(),
                    a.as_str()
                )
            )?;
            Ok(a)
        }
        Some(Seen::One(a)) => {
            step!(
                steps,
                rules::SHIELD_ARCS,
                format!("{}: shield hit", target.id),
                format!(
                    "The firer is in {}'s {} arc, so its {} shield is hit.",
                    target.id,
                    a.as_str(),
                    a.as_str()
                )
            )?;
            Ok(a)
        }
        None => Ok(Arc::Forward),
    }
}

fn table_row(weapon: &Weapon, range: u32) -> String {
    (1..=6u8)
        .map(|roll| format!("{roll}→{}", weapon.damage_for(range, roll)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Seed 004 15.2: one roll, every ship in the cone, damage by its range; friends too,
/// fighters never.
#[allow(clippy::too_many_arguments)]
fn cone(
    sc: &Scenario,
    fleet: &mut Fleet<'_>,
    steps: &mut Steps,
    shot: &ShotDef,
    group: &WeaponGroup,
    weapon: &Weapon,
    roll: u8,
) -> Result<Vec<ConeHit>, Stop> {
    let mut hits = Vec::new();
    let (Some(from), Some(heading)) = fleet.at[shot.attacker] else {
        return Ok(hits);
    };
    let mut cone = Vec::new();
    for (i, (hex, _)) in fleet.at.iter().enumerate() {
        if i == shot.attacker || fleet.state[i].destroyed {
            continue;
        }
        let Some(at) = *hex else { continue };
        let range = from.distance(at);
        let in_cone = arc_of(from, heading, at)
            .is_some_and(|seen| group.arcs.iter().any(|a| seen.contains(*a)));
        if in_cone && weapon.in_range(range) {
            cone.push((i, range));
        }
    }
    for (i, range) in cone {
        let ship = &sc.ships[i];
        let damage = weapon.damage_for(range, roll);
        if ship.class.is_some_and(|c| c.is_fighter()) {
            step!(
                steps,
                rules::FIGHTERS,
                format!("Fusion cone: {}", ship.id),
                "Fighters ignore all Fusion Cannon damage."
            )?;
            hits.push((i, range, 0, None));
            continue;
        }
        let shield = shield_arc(steps, ship, fleet.at[i], from)?;
        step!(
            steps,
            rules::FUSION_CANNON,
            format!("Fusion cone: {}", ship.id),
            format!("At range {range} the roll of {roll} does {damage}.")
        )?;
        hits.push((i, range, damage, Some(shield)));
        if damage > 0 && !fleet.state[i].destroyed {
            fleet.hit(steps, i, shield, u32::from(damage), "Fusion Cannon")?;
        }
    }
    Ok(hits)
}

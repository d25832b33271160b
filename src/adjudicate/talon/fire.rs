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
use super::{Played, Steps, Stop, rules};
use crate::cards::talon::{Arc, TalonCards, Weapon, WeaponGroup, WeaponKind};
use crate::parse::scenario::talon::{Scenario, ShotDef};
use crate::report::{Code, Finding};
use serde_json::{Value, json};

pub fn run(sc: &Scenario, seed: Option<u64>, steps: &mut Steps) -> Played {
    let cards = TalonCards::builtin();
    let mut fleet = Fleet::new(sc, seed);
    fleet.check_reinforcements()?;
    let can_roll = !sc.dice.is_empty() || seed.is_some();
    // Weapons of each group fired so far, and whether the bar is charged.
    let mut fired: Vec<Vec<u8>> = sc.ships.iter().map(|s| vec![0; s.charged.len()]).collect();
    let mut shots = Vec::new();
    for shot in &sc.shots {
        let json = fire(sc, cards, &mut fleet, steps, shot, &mut fired, can_roll)?;
        shots.push(json);
    }
    let final_state = fleet.final_state();
    Ok((
        final_state,
        json!({ "shots": shots, "ships": fleet.ships_json(), "blasts": fleet.blasts }),
    ))
}

fn fire(
    sc: &Scenario,
    cards: &TalonCards,
    fleet: &mut Fleet<'_>,
    steps: &mut Steps,
    shot: &ShotDef,
    fired: &mut [Vec<u8>],
    can_roll: bool,
) -> Result<Value, Stop> {
    let attacker = &sc.ships[shot.attacker];
    let target = &sc.ships[shot.target];
    let (Some(class), Some(from), Some(heading)) = (attacker.class, attacker.hex, attacker.heading)
    else {
        return Ok(Value::Null);
    };
    let Some(group) = class.weapon_group.get(shot.group) else {
        return Ok(Value::Null);
    };
    let Some(weapon) = cards.weapon(&group.weapon) else {
        return Ok(Value::Null);
    };
    let event = format!(
        "{} fires {} (group {}) at {}",
        attacker.id,
        weapon.name,
        shot.group + 1,
        target.id
    );
    let mut json = json!({
        "attacker": attacker.id,
        "group": shot.group + 1,
        "weapon": weapon.id,
        "target": target.id,
    });
    let refuse = |json: &mut Value, reason: &str| {
        json["allowed"] = json!(false);
        json["reason"] = json!(reason);
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
    let used = &mut fired[shot.attacker][shot.group];
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
        steps.push(
            event,
            "Its charge bar is not full, so the group cannot fire.",
            rules::CHARGE_BAR,
        )?;
        refuse(&mut json, "not charged");
        return Ok(json);
    }
    if attacker.side.is_some() && attacker.side == target.side {
        steps.push(
            event,
            "The target is a friendly ship: no weapon may fire at one on purpose.",
            rules::TARGET_RESTRICTIONS,
        )?;
        refuse(&mut json, "friendly target");
        return Ok(json);
    }
    let Some(to) = target.hex else {
        return Ok(Value::Null);
    };
    let range = from.distance(to);
    json["range"] = json!(range);
    let Some(seen) = arc_of(from, heading, to) else {
        steps.push(
            event,
            "Both ships are in the same hex: no shot between them.",
            rules::TARGET_RESTRICTIONS,
        )?;
        refuse(&mut json, "same hex");
        return Ok(json);
    };
    let in_arc = group.arcs.iter().any(|a| seen.contains(*a));
    let in_range = weapon.in_range(range);
    json["arc"] = json!(seen.describe());
    json["in_arc"] = json!(in_arc);
    json["in_range"] = json!(in_range);
    let arcs: Vec<&str> = group.arcs.iter().map(|a| a.as_str()).collect();
    let edge_choice = matches!(seen, Seen::Edge(..)) && in_arc;
    let sight = format!(
        "{} is in {}'s {} arc at range {range}; the group fires {}, the {} reaches {}–{}.",
        target.id,
        attacker.id,
        seen.describe(),
        arcs.join("/"),
        weapon.name,
        weapon.min_range,
        weapon.max_range
    );
    if !in_arc || !in_range {
        let why = if !in_arc {
            "not in the group's arcs"
        } else {
            "out of range"
        };
        steps.push(
            event,
            format!("{sight} It cannot fire: {why}."),
            rules::FIRING_ARCS,
        )?;
        refuse(&mut json, why);
        return Ok(json);
    }
    json["allowed"] = json!(true);
    let first_of_group = *used == 0;
    *used += 1;
    let bar = if first_of_group {
        " Its charge bar is cleared."
    } else {
        ""
    };
    if edge_choice {
        steps.choice(
            event.clone(),
            format!("{sight} The target is on an arc edge; it counts as in the group's arc.{bar}"),
            rules::FIRING_ARCS,
        )?;
    } else {
        steps.push(event.clone(), format!("{sight}{bar}"), rules::FIRING)?;
    }
    let cone_weapon = weapon.id == "fusion-cannon";
    let shield = if cone_weapon || weapon.kind() == WeaponKind::Missile {
        None
    } else {
        Some(shield_arc(steps, target, from)?)
    };
    json["shield_arc"] = json!(shield.map(Arc::as_str));
    if weapon.kind() == WeaponKind::Missile {
        steps.push(
            format!("{}: missile", attacker.id),
            format!(
                "A missile counter is placed next to {} in the arc, aimed at {}; it does {} damage when it reaches its target.",
                attacker.id,
                target.id,
                weapon.damage.unwrap_or(0)
            ),
            rules::MISSILE_LAUNCH,
        )?;
        json["to_hit"] = Value::Null;
        json["roll"] = Value::Null;
        json["damage"] = Value::Null;
        json["launched"] = json!(true);
        return Ok(json);
    }
    let to_hit = weapon.hits_on(range);
    json["to_hit"] = json!(to_hit);
    let roll = match shot.roll {
        Some(roll) => Some(roll),
        None if can_roll => Some(fleet.dice.roll("a shot")?),
        None => None,
    };
    json["roll"] = json!(roll);
    let Some(roll) = roll else {
        let needs = match to_hit {
            Some(n) => format!("it hits on {n} or more for {}", weapon.damage.unwrap_or(0)),
            None => format!(
                "damage by roll at range {range}: {}",
                table_row(weapon, range)
            ),
        };
        steps.push(
            format!("{}: the roll", attacker.id),
            format!("No roll given: {needs}."),
            rules::FIRING,
        )?;
        json["damage"] = Value::Null;
        return Ok(json);
    };
    let damage = weapon.damage_for(range, roll);
    json["damage"] = json!(damage);
    let verdict = match to_hit {
        Some(n) if damage > 0 => format!("Rolled {roll}, {n} or more needed: a hit for {damage}."),
        Some(n) => format!("Rolled {roll}, {n} or more needed: a miss."),
        None if damage > 0 => format!("Rolled {roll} at range {range}: {damage} damage."),
        None => format!("Rolled {roll} at range {range}: no damage."),
    };
    steps.push(format!("{}: the roll", attacker.id), verdict, rules::FIRING)?;
    if cone_weapon {
        return cone(sc, fleet, steps, shot, group, weapon, roll, json);
    }
    if let (true, Some(shield)) = (damage > 0, shield) {
        if weapon.id == "wave-motion-gun" {
            steps.push(
                format!("{}: pushed back", target.id),
                "Before the damage, the target is pushed one hex straight away from the firer, keeping its facing (not moved here).",
                rules::WAVE_MOTION_PUSH,
            )?;
        }
        let what = format!("{} from {}", weapon.name, attacker.id);
        fleet.hit(steps, shot.target, shield, u32::from(damage), &what)?;
    }
    Ok(json)
}

/// The target's shield arc in which the firer stands.
fn shield_arc(
    steps: &mut Steps,
    target: &crate::parse::scenario::talon::ShipDef,
    from: crate::parse::scenario::talon::Hex,
) -> Result<Arc, Stop> {
    let (Some(at), Some(heading)) = (target.hex, target.heading) else {
        return Ok(Arc::Forward);
    };
    match arc_of(at, heading, from) {
        Some(Seen::Edge(a, b)) => {
            steps.choice(
                format!("{}: shield hit", target.id),
                format!(
                    "The firer is on {}'s {}/{} edge; the text does not say which shield takes it, so the {} shield is taken.",
                    target.id,
                    a.as_str(),
                    b.as_str(),
                    a.as_str()
                ),
                rules::SHIELD_ARCS,
            )?;
            Ok(a)
        }
        Some(Seen::One(a)) => {
            steps.push(
                format!("{}: shield hit", target.id),
                format!(
                    "The firer is in {}'s {} arc, so its {} shield is hit.",
                    target.id,
                    a.as_str(),
                    a.as_str()
                ),
                rules::SHIELD_ARCS,
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
    mut json: Value,
) -> Result<Value, Stop> {
    let attacker = &sc.ships[shot.attacker];
    let (Some(from), Some(heading)) = (attacker.hex, attacker.heading) else {
        return Ok(json);
    };
    let mut cone = Vec::new();
    for (i, ship) in sc.ships.iter().enumerate() {
        if i == shot.attacker || fleet.state[i].destroyed {
            continue;
        }
        let Some(at) = ship.hex else { continue };
        let range = from.distance(at);
        let in_cone = arc_of(from, heading, at)
            .is_some_and(|seen| group.arcs.iter().any(|a| seen.contains(*a)));
        if in_cone && weapon.in_range(range) {
            cone.push((i, range));
        }
    }
    let mut hits = Vec::new();
    for (i, range) in cone {
        let ship = &sc.ships[i];
        let damage = weapon.damage_for(range, roll);
        if ship.class.is_some_and(|c| c.is_fighter()) {
            steps.push(
                format!("Fusion cone: {}", ship.id),
                "Fighters ignore all Fusion Cannon damage.",
                rules::FIGHTERS,
            )?;
            hits.push(json!({ "ship": ship.id, "range": range, "damage": 0 }));
            continue;
        }
        let shield = shield_arc(steps, ship, from)?;
        steps.push(
            format!("Fusion cone: {}", ship.id),
            format!("At range {range} the roll of {roll} does {damage}."),
            rules::FUSION_CANNON,
        )?;
        hits.push(json!({ "ship": ship.id, "range": range, "damage": damage, "shield_arc": shield.as_str() }));
        if damage > 0 && !fleet.state[i].destroyed {
            fleet.hit(steps, i, shield, u32::from(damage), "Fusion Cannon")?;
        }
    }
    json["cone"] = json!(hits);
    Ok(json)
}

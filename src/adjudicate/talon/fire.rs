//! `talon/fire` (Talon rulebook 5.3, 8.1–8.3, 12.1.3, 13, 15, 17): one weapon of a charged
//! group at a target, a ship or a missile. The target must be in one of the group's firing
//! arcs and within the weapon's range, in another hex and not a friend (8.2.2), and no
//! planet or black hole may lie on the ruler between them (17.2.2, 18.1); the first shot
//! of a volley clears the group's charge bar, and each weapon of the group fires once
//! (8.1.1, 8.3). The shield hit is the arc of the target in which the firer stands (5.3.2,
//! 8.3 step 6); a squadron has no shields and one of its fighters is hit (12.1.3). A to-hit
//! weapon hits on its range's number or more; a table weapon's damage comes from the roll
//! and the range; asteroids and nebulae on the ruler, and a target nearer a black hole,
//! take from the roll (17.5, 18.1). The Fusion Cannon hits every ship in its cone with one
//! roll (15.2), fighters excepted (12.1.2); the Wave Motion Gun pushes its target one hex
//! before its damage (15.1.2–15.1.3); a missile is launched, not resolved (13.2); a missile
//! shot at is destroyed or damaged (13.6). Damage then lands as in `talon/damage`.
//!
//! Outcome: `{"shots": [{"attacker", "group", "weapon", "target", "allowed", "reason",
//! "arc", "in_arc", "range", "in_range", "shield_arc", "to_hit", "roll", "damage"} and,
//! where they apply, "roll_modifier", "fighter", "pushed_to", "launched", "missile",
//! "cone"], "ships": {… as talon/damage …}, "blasts": [...]}`, with `"missiles"` and
//! `"terrain"` when the scenario has any.

use super::aim::{Aim, ShotResult};
use super::board::Fleet;
use super::{Played, Steps, Stop};
use crate::parse::scenario::talon::{Scenario, ShotDef};
use serde_json::Value;

pub fn run(sc: &Scenario, seed: Option<u64>, steps: &mut Steps) -> Played {
    let mut fleet = Fleet::new(sc, seed);
    fleet.check_reinforcements()?;
    let can_roll = !sc.dice.is_empty() || seed.is_some();
    let mut shots = Vec::new();
    for shot in &sc.shots {
        shots.push(fire(sc, &mut fleet, steps, shot, can_roll)?);
    }
    let final_state = fleet.final_state();
    let shots: Vec<Value> = shots.iter().map(|s| s.to_json(sc)).collect();
    let mut outcome = fleet.outcome();
    outcome["shots"] = Value::Array(shots);
    Ok((final_state, outcome))
}

/// One weapon of a group at a target, from where the counters are now (`fleet.at`).
pub fn fire<'a>(
    sc: &'a Scenario<'a>,
    fleet: &mut Fleet<'_>,
    steps: &mut Steps,
    shot: &'a ShotDef,
    can_roll: bool,
) -> Result<ShotResult<'a>, Stop> {
    let cards = sc.cards;
    let mut result = ShotResult {
        attacker: shot.attacker,
        group: shot.group,
        target: Some(shot.target),
        ..ShotResult::default()
    };
    let Some(aim) = Aim::new(sc, cards, fleet, shot) else {
        return Ok(result);
    };
    result.made = true;
    result.weapon = &aim.weapon.id;
    aim.refuse_destroyed(fleet)?;
    aim.refuse_spent_group(fleet)?;
    let Some((seen, range, sight, opens)) = aim.may_fire(fleet, steps, &mut result)? else {
        return Ok(result);
    };
    result.allowed = true;
    aim.announce(fleet, steps, seen, range, opens)?;
    aim.resolve(fleet, steps, range, &sight, can_roll, &mut result)?;
    Ok(result)
}

//! `talon/impulse` (Talon rulebook 4.1): in each impulse A–F, a ship gains power when a number in
//! the impulse's box equals its power and must move when one equals its speed. A base
//! rotates instead of moving (14).
//!
//! Outcome: `{"ships": {"<id>": {"move": ["A", …], "energy": ["C", "F"], "turn_mode": n}}}`
//! (`turn_mode` is null for a base, whose curve has no turn radius).

use super::{Played, Steps, letters, rules, step};
use crate::cards::talon::{Impulse, PowerCurve};
use crate::parse::scenario::talon::Scenario;
use serde_json::{Map, Value, json};

/// Talon rulebook 4.1: a number of the impulse's box equals the ship's power.
pub fn gains_power(impulse: &Impulse, curve: PowerCurve) -> bool {
    impulse.numbers.contains(&curve.power)
}

/// Talon rulebook 4.1: a number of the impulse's box equals the ship's speed.
pub fn must_move(impulse: &Impulse, curve: PowerCurve) -> bool {
    impulse.numbers.contains(&curve.speed)
}

pub fn run(sc: &Scenario, steps: &mut Steps) -> Played {
    let cards = sc.cards;
    let curves: Vec<_> = sc.ships.iter().map(|s| s.curve).collect();
    let mut moves: Vec<Vec<&str>> = vec![Vec::new(); sc.ships.len()];
    let mut energy: Vec<Vec<&str>> = vec![Vec::new(); sc.ships.len()];
    for impulse in &cards.impulses {
        let numbers: Vec<String> = impulse.numbers.iter().map(u8::to_string).collect();
        let mut power = Vec::new();
        let mut moving = Vec::new();
        for (i, (ship, curve)) in sc.ships.iter().zip(&curves).enumerate() {
            let Some(curve) = curve else { continue };
            if gains_power(impulse, *curve) {
                energy[i].push(&impulse.id);
                power.push(ship.id.as_str());
            }
            if must_move(impulse, *curve) {
                moves[i].push(&impulse.id);
                let base = ship.class.is_some_and(|c| c.is_base());
                moving.push(if base {
                    format!("{} (rotates one hex side clockwise)", ship.id)
                } else {
                    ship.id.clone()
                });
            }
        }
        let moving_refs: Vec<&str> = moving.iter().map(String::as_str).collect();
        step!(
            steps,
            rules::IMPULSE_CHART,
            format!("Impulse {} (numbers {})", impulse.id, numbers.join(", ")),
            format!(
                "Gain 1 power: {}. Must move: {}.",
                letters(&power),
                letters(&moving_refs)
            )
        )?;
    }
    let mut ships = Map::new();
    let mut final_state = Vec::new();
    for (i, ship) in sc.ships.iter().enumerate() {
        let turn = curves[i].and_then(|c| c.turn);
        let base = ship.class.is_some_and(|c| c.is_base());
        let curve = curves[i].map_or_else(String::new, |c| c.to_string());
        final_state.push(format!(
            "{} ({curve}): moves in {}, gains power in {}{}",
            ship.id,
            letters(&moves[i]),
            letters(&energy[i]),
            match (turn, base) {
                (Some(t), _) => format!(", turn radius {t}"),
                (None, true) => ", a base: it rotates, and its curve has no turn radius".into(),
                (None, false) => String::new(),
            }
        ));
        ships.insert(
            ship.id.clone(),
            json!({ "move": moves[i], "energy": energy[i], "turn_mode": turn }),
        );
    }
    if sc
        .ships
        .iter()
        .any(|s| s.class.is_some_and(|c| c.is_base()))
    {
        step!(
            steps,
            rules::BASES,
            "Bases",
            "A base's speed is its rotation: in each impulse it would move, it turns one hex side clockwise instead; its power does not depend on it."
        )?;
    }
    Ok((final_state, json!({ "ships": Value::Object(ships) })))
}

//! The Fusion Cannon's cone (Talon rulebook 15.2): one roll, every ship in the group's arc
//! and range, friends too, damage by each one's range; fighters never (12.1.2); missiles
//! in the cone too (15.2's example). The firing player's own ships resolve first (15.2.2).
//! Terrain changes the roll for each ship apart, and a planet shields what is behind it
//! (17.2.2, 17.5).

use super::aim::ConeHit;
use super::board::{Fleet, MissileStatus};
use super::geometry::arc_of;
use super::hit::{damage_after, shield_arc, terrain_modifier};
use super::{Steps, Stop, letters, rules, step};
use crate::cards::talon::{Weapon, WeaponGroup};
use crate::parse::scenario::talon::{Hex, Scenario, ShotDef};

/// Talon rulebook 15.2: one roll, every ship in the cone, damage by its range.
pub fn cone(
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
    let in_cone = |at: Hex| {
        arc_of(from, heading, at).is_some_and(|seen| group.arcs.iter().any(|a| seen.contains(*a)))
            && weapon.in_range(from.distance(at))
    };
    let mut cone: Vec<(usize, u32)> = Vec::new();
    for (i, (hex, _)) in fleet.at.iter().enumerate() {
        if i == shot.attacker || !fleet.state[i].in_play() {
            continue;
        }
        if let Some(at) = *hex
            && in_cone(at)
        {
            cone.push((i, from.distance(at)));
        }
    }
    order_cone(sc, steps, shot.attacker, &mut cone)?;
    for (i, range) in cone {
        let ship = &sc.ships[i];
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
        if !fleet.state[i].in_play() {
            continue;
        }
        let Some(at) = fleet.at[i].0 else { continue };
        let event = format!("Fusion cone: {}", ship.id);
        let sight = fleet.sight(from, at);
        if let Some((kind, hex)) = sight.blocked_by {
            step!(
                steps,
                rules::PLANET_BLOCKING,
                event,
                format!(
                    "The ruler to it passes through the {} in {}: the cone does not reach it.",
                    kind.as_str(),
                    hex.display()
                )
            )?;
            continue;
        }
        let modifier = terrain_modifier(fleet, steps, &sight, &event)?;
        let damage = damage_after(weapon, range, roll, modifier);
        let shield = shield_arc(steps, ship, fleet.at[i], from)?;
        step!(
            steps,
            rules::FUSION_CANNON,
            event,
            if modifier == 0 {
                format!("At range {range} the roll of {roll} does {damage}.")
            } else {
                format!(
                    "At range {range} the roll of {roll}, {} for it, does {damage}.",
                    i32::from(roll) + modifier
                )
            }
        )?;
        hits.push((i, range, damage, Some(shield)));
        if damage > 0 && fleet.state[i].in_play() {
            fleet.hit(steps, i, shield, u32::from(damage), "Fusion Cannon")?;
        }
    }
    missiles_in_cone(fleet, steps, from, &in_cone, weapon, roll)?;
    Ok(hits)
}

/// Missiles in the cone take its damage too (15.2's example turns two to their damaged
/// side), each by its range.
fn missiles_in_cone(
    fleet: &mut Fleet<'_>,
    steps: &mut Steps,
    from: Hex,
    in_cone: &dyn Fn(Hex) -> bool,
    weapon: &Weapon,
    roll: u8,
) -> Result<(), Stop> {
    for m in 0..fleet.missiles.len() {
        let Some(at) = fleet.missiles[m].hex else {
            continue;
        };
        if fleet.missiles[m].status != MissileStatus::Flying || at == from || !in_cone(at) {
            continue;
        }
        let sight = fleet.sight(from, at);
        if sight.blocked_by.is_some() {
            continue;
        }
        let event = format!("Fusion cone: missile {}", fleet.sc.missiles[m].id);
        let modifier = terrain_modifier(fleet, steps, &sight, &event)?;
        let damage = damage_after(weapon, from.distance(at), roll, modifier);
        fleet.damage_missile(steps, m, u32::from(damage), "Fusion Cannon")?;
    }
    Ok(())
}

/// Talon rulebook 15.2.2: when both sides have ships in the cone, the firing player resolves its own
/// first; within a side the owner picks the order, which the scenario states by file order.
fn order_cone(
    sc: &Scenario,
    steps: &mut Steps,
    attacker: usize,
    cone: &mut [(usize, u32)],
) -> Result<(), Stop> {
    let side = sc.ships[attacker].side;
    cone.sort_by_key(|(i, _)| sc.ships[*i].side != side);
    let ids = |mine: bool| -> Vec<&str> {
        cone.iter()
            .filter(|(i, _)| (sc.ships[*i].side == side) == mine)
            .map(|(i, _)| sc.ships[*i].id.as_str())
            .collect()
    };
    let (own, other) = (ids(true), ids(false));
    if !own.is_empty() && !other.is_empty() {
        step!(
            steps,
            rules::FUSION_DAMAGE,
            "Fusion cone: order of resolution",
            format!(
                "Both sides have ships in the cone: the firing player's resolve first ({}), then the others ({}); within a side, the owner's order as the file lists them.",
                letters(&own),
                letters(&other)
            )
        )?;
    }
    Ok(())
}

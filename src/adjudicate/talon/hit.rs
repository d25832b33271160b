//! What lands where: terrain's change to the roll (Talon rulebook 17.5, 18.1), the damage of a
//! changed roll, and the target's shield facing the firer (8.3). Shared by single shots and
//! the Fusion Cannon's cone.

use super::board::Fleet;
use super::geometry::{Seen, arc_of};
use super::terrain::Sight;
use super::{Steps, Stop, choice, rules, step};
use crate::cards::talon::{Arc, Weapon};
use crate::parse::scenario::talon::{Hex, ShipDef};

/// Talon rulebook 17.5, 18.1: what terrain takes from the roll, said in the trace.
pub fn terrain_modifier(
    fleet: &Fleet<'_>,
    steps: &mut Steps,
    sight: &Sight,
    event: &str,
) -> Result<i32, Stop> {
    if sight.lone_edges > 0 {
        choice!(
            steps,
            rules::TERRAIN_TARGETING,
            event.to_string(),
            format!(
                "The ruler runs along {} edge(s) with an asteroid or nebula on one side only. The rulebook counts the edge between two such hexes once and says nothing of one; arbiter does not count it, as a planet's edge does not block.",
                sight.lone_edges
            )
        )?;
    }
    let modifier = fleet.roll_modifier(sight);
    if modifier != 0 {
        step!(
            steps,
            if sight.crossed > 0 {
                rules::TERRAIN_TARGETING
            } else {
                rules::BLACK_HOLES
            },
            event.to_string(),
            format!(
                "The roll takes {modifier}: {} asteroid or nebula hex(es) on the ruler, the firer's and the target's included{}; a roll below 1 misses.",
                sight.crossed,
                if sight.nearer_black_holes > 0 {
                    format!(
                        ", and the target is nearer a black hole than the firer ({})",
                        sight.nearer_black_holes
                    )
                } else {
                    String::new()
                }
            )
        )?;
    }
    Ok(modifier)
}

/// The damage a roll changed by terrain does: below 1 misses (17.5).
pub fn damage_after(weapon: &Weapon, range: u32, roll: u8, modifier: i32) -> u8 {
    let modified = i32::from(roll) + modifier;
    u8::try_from(modified)
        .ok()
        .filter(|r| *r >= 1)
        .map_or(0, |r| weapon.damage_for(range, r.min(6)))
}

/// The target's shield arc in which the firer stands.
pub fn shield_arc(
    steps: &mut Steps,
    target: &ShipDef,
    (at, heading): (Option<Hex>, Option<crate::parse::scenario::talon::Heading>),
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
            if target.class.is_some_and(|c| c.is_fighter()) {
                return Ok(a);
            }
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

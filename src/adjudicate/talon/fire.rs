//! `talon/fire` (Talon rulebook 5.3, 8.1–8.3): one weapon of a charged group at a target. The
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
pub struct ShotResult<'a> {
    /// False when the scenario's data could not make a shot at all (null in JSON).
    pub made: bool,
    pub attacker: usize,
    pub group: usize,
    pub weapon: &'a str,
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

impl ShotResult<'_> {
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
pub fn fire<'a>(
    sc: &'a Scenario<'a>,
    fleet: &mut Fleet<'_>,
    steps: &mut Steps,
    shot: &'a ShotDef,
    fired: &mut Fired,
    can_roll: bool,
) -> Result<ShotResult<'a>, Stop> {
    let cards = sc.cards;
    let mut result = ShotResult {
        attacker: shot.attacker,
        group: shot.group,
        target: shot.target,
        ..ShotResult::default()
    };
    let Some(aim) = Aim::new(sc, cards, fleet, shot) else {
        return Ok(result);
    };
    result.made = true;
    result.weapon = &aim.weapon.id;
    aim.refuse_destroyed(fleet)?;
    let Some(used) = fired
        .0
        .get_mut(shot.attacker)
        .and_then(|g| g.get_mut(shot.group))
    else {
        result.made = false;
        return Ok(result);
    };
    aim.refuse_spent_group(*used)?;
    let Some((seen, range)) = aim.may_fire(fleet, steps, *used, &mut result)? else {
        return Ok(result);
    };
    result.allowed = true;
    let first_of_group = *used == 0;
    *used += 1;
    aim.announce(steps, seen, range, first_of_group)?;
    aim.resolve(fleet, steps, range, can_roll, &mut result)?;
    Ok(result)
}

/// A shot whose weapon and ships the data resolve: who fires what from where.
struct Aim<'a> {
    sc: &'a Scenario<'a>,
    shot: &'a ShotDef,
    attacker: &'a ShipDef<'a>,
    target: &'a ShipDef<'a>,
    group: &'a WeaponGroup,
    weapon: &'a Weapon,
    from: Hex,
    heading: Heading,
}

impl<'a> Aim<'a> {
    /// `None` when the scenario's data cannot make the shot: an attacker without a class
    /// or a position, a group or weapon its class does not have.
    fn new(
        sc: &'a Scenario<'a>,
        cards: &'a TalonCards,
        fleet: &Fleet<'_>,
        shot: &'a ShotDef,
    ) -> Option<Self> {
        let attacker = &sc.ships[shot.attacker];
        let (from, heading) = fleet.at[shot.attacker];
        let (Some(class), Some(from), Some(heading)) = (attacker.class, from, heading) else {
            return None;
        };
        let group = class.weapon_group.get(shot.group)?;
        let weapon = cards.weapon(&group.weapon)?;
        Some(Aim {
            sc,
            shot,
            attacker,
            target: &sc.ships[shot.target],
            group,
            weapon: &weapon.value,
            from,
            heading,
        })
    }

    /// The trace's event for every step of the shot.
    fn event(&self) -> String {
        format!(
            "{} fires {} (group {}) at {}",
            self.attacker.id,
            self.weapon.name,
            self.shot.group + 1,
            self.target.id
        )
    }

    /// Where the target is seen from the firer, and what the group and weapon reach.
    fn sight(&self, seen: Seen, range: u32) -> String {
        let arcs: Vec<&str> = self.group.arcs.iter().map(|a| a.as_str()).collect();
        format!(
            "{} is in {}'s {} arc at range {range}; the group fires {}, the {} reaches {}–{}.",
            self.target.id,
            self.attacker.id,
            seen.describe(),
            arcs.join("/"),
            self.weapon.name,
            self.weapon.min_range,
            self.weapon.max_range
        )
    }

    /// A destroyed ship is out of play: a later shot by it or at it contradicts the
    /// scenario.
    fn refuse_destroyed(&self, fleet: &Fleet<'_>) -> Result<(), Stop> {
        if fleet.state[self.shot.attacker].destroyed || fleet.state[self.shot.target].destroyed {
            return Err(Finding::error(
                Code::ScenarioContradiction,
                "this shot involves a ship destroyed earlier in the scenario",
            )
            .at(self.sc.file, self.shot.span.clone())
            .label("destroyed before this shot")
            .help("a destroyed ship is removed from play (Talon rulebook 8.6.1): remove the shot")
            .into());
        }
        Ok(())
    }

    /// Each weapon of a group fires once: one shot more is an illegal choice.
    fn refuse_spent_group(&self, used: u8) -> Result<(), Stop> {
        if used >= self.group.count {
            return Err(Finding::error(
                Code::ScenarioIllegalChoice,
                format!(
                    "group {} of `{}` has {} weapon(s), and all have fired",
                    self.shot.group + 1,
                    self.attacker.id,
                    self.group.count
                ),
            )
            .at(self.sc.file, self.shot.span.clone())
            .label("one shot too many")
            .help("each weapon of a group fires once, then the bar must be charged again (Talon rulebook 8.1.1)")
            .into());
        }
        Ok(())
    }

    /// Whether the group may fire at the target (charged, not a friend, in another hex,
    /// in its arcs and range): where the target is seen and its range if so, else the
    /// reason in `result`.
    fn may_fire(
        &self,
        fleet: &Fleet<'_>,
        steps: &mut Steps,
        used: u8,
        result: &mut ShotResult<'a>,
    ) -> Result<Option<(Seen, u32)>, Stop> {
        if used == 0
            && !self
                .attacker
                .charged
                .get(self.shot.group)
                .copied()
                .unwrap_or(true)
        {
            step!(
                steps,
                rules::CHARGE_BAR,
                self.event(),
                "Its charge bar is not full, so the group cannot fire."
            )?;
            result.reason = Some("not charged");
            return Ok(None);
        }
        if self.attacker.side.is_some() && self.attacker.side == self.target.side {
            step!(
                steps,
                rules::TARGET_RESTRICTIONS,
                self.event(),
                "The target is a friendly ship: no weapon may fire at one on purpose."
            )?;
            result.reason = Some("friendly target");
            return Ok(None);
        }
        let Some(to) = fleet.at[self.shot.target].0 else {
            result.made = false;
            return Ok(None);
        };
        let range = self.from.distance(to);
        result.range = Some(range);
        let Some(seen) = arc_of(self.from, self.heading, to) else {
            step!(
                steps,
                rules::TARGET_RESTRICTIONS,
                self.event(),
                "Both ships are in the same hex: no shot between them."
            )?;
            result.reason = Some("same hex");
            return Ok(None);
        };
        let in_arc = self.group.arcs.iter().any(|a| seen.contains(*a));
        let in_range = self.weapon.in_range(range);
        result.seen = Some(seen);
        result.in_arc = Some(in_arc);
        result.in_range = Some(in_range);
        if !in_arc || !in_range {
            let why = if !in_arc {
                "not in the group's arcs"
            } else {
                "out of range"
            };
            step!(
                steps,
                rules::FIRING_ARCS,
                self.event(),
                format!("{} It cannot fire: {why}.", self.sight(seen, range))
            )?;
            result.reason = Some(why);
            return Ok(None);
        }
        Ok(Some((seen, range)))
    }

    /// The shot is fired; the first of its group clears the charge bar. A target on an
    /// arc edge counts as in the arc, a choice the trace says.
    fn announce(
        &self,
        steps: &mut Steps,
        seen: Seen,
        range: u32,
        first_of_group: bool,
    ) -> Result<(), Stop> {
        let bar = if first_of_group {
            " Its charge bar is cleared."
        } else {
            ""
        };
        if matches!(seen, Seen::Edge(..)) {
            choice!(
                steps,
                rules::FIRING_ARCS,
                self.event(),
                format!(
                    "{} The target is on an arc edge; it counts as in the group's arc.{bar}",
                    self.sight(seen, range)
                )
            )?;
        } else {
            step!(
                steps,
                rules::FIRING,
                self.event(),
                format!("{}{bar}", self.sight(seen, range))
            )?;
        }
        Ok(())
    }

    /// What the fired shot does: a missile is launched; otherwise the roll decides the
    /// damage, which lands on the shield facing the firer, or on the whole cone of a
    /// Fusion Cannon.
    fn resolve(
        &self,
        fleet: &mut Fleet<'_>,
        steps: &mut Steps,
        range: u32,
        can_roll: bool,
        result: &mut ShotResult<'a>,
    ) -> Result<(), Stop> {
        let cone_weapon = self.weapon.id == "fusion-cannon";
        let missile = self.weapon.kind() == WeaponKind::Missile;
        let shield = if cone_weapon || missile {
            None
        } else {
            Some(shield_arc(
                steps,
                self.target,
                fleet.at[self.shot.target],
                self.from,
            )?)
        };
        result.shield_arc = Some(shield);
        if missile {
            self.launch_missile(steps)?;
            result.to_hit = Some(None);
            result.roll = Some(None);
            result.damage = Some(None);
            result.launched = true;
            return Ok(());
        }
        let to_hit = self.weapon.hits_on(range);
        result.to_hit = Some(to_hit);
        let roll = match self.shot.roll {
            Some(roll) => Some(roll),
            None if can_roll => Some(fleet.dice.roll("a shot")?),
            None => None,
        };
        result.roll = Some(roll);
        let Some(roll) = roll else {
            self.unrolled(steps, to_hit, range)?;
            result.damage = Some(None);
            return Ok(());
        };
        let damage = self.weapon.damage_for(range, roll);
        result.damage = Some(Some(damage));
        self.rolled(steps, to_hit, range, roll, damage)?;
        if cone_weapon {
            result.cone = Some(cone(
                self.sc,
                fleet,
                steps,
                self.shot,
                self.group,
                self.weapon,
                roll,
            )?);
            return Ok(());
        }
        if let (true, Some(shield)) = (damage > 0, shield) {
            self.land(fleet, steps, shield, damage)?;
        }
        Ok(())
    }

    fn launch_missile(&self, steps: &mut Steps) -> Result<(), Stop> {
        step!(
            steps,
            rules::MISSILE_LAUNCH,
            format!("{}: missile", self.attacker.id),
            format!(
                "A missile counter is placed next to {} in the arc, aimed at {}; it does {} damage when it reaches its target.",
                self.attacker.id,
                self.target.id,
                self.weapon.damage.unwrap_or(0)
            )
        )?;
        Ok(())
    }

    /// No roll given and no dice to roll: the trace says what each roll would do.
    fn unrolled(&self, steps: &mut Steps, to_hit: Option<u8>, range: u32) -> Result<(), Stop> {
        step!(
            steps,
            rules::FIRING,
            format!("{}: the roll", self.attacker.id),
            {
                let needs = match to_hit {
                    Some(n) => format!(
                        "it hits on {n} or more for {}",
                        self.weapon.damage.unwrap_or(0)
                    ),
                    None => format!(
                        "damage by roll at range {range}: {}",
                        table_row(self.weapon, range)
                    ),
                };
                format!("No roll given: {needs}.")
            }
        )?;
        Ok(())
    }

    fn rolled(
        &self,
        steps: &mut Steps,
        to_hit: Option<u8>,
        range: u32,
        roll: u8,
        damage: u8,
    ) -> Result<(), Stop> {
        step!(
            steps,
            rules::FIRING,
            format!("{}: the roll", self.attacker.id),
            match to_hit {
                Some(n) if damage > 0 =>
                    format!("Rolled {roll}, {n} or more needed: a hit for {damage}."),
                Some(n) => format!("Rolled {roll}, {n} or more needed: a miss."),
                None if damage > 0 => format!("Rolled {roll} at range {range}: {damage} damage."),
                None => format!("Rolled {roll} at range {range}: no damage."),
            }
        )?;
        Ok(())
    }

    /// The damage lands on the target's shield arc (a Wave Motion Gun pushes it first).
    fn land(
        &self,
        fleet: &mut Fleet<'_>,
        steps: &mut Steps,
        shield: Arc,
        damage: u8,
    ) -> Result<(), Stop> {
        if self.weapon.id == "wave-motion-gun" {
            step!(
                steps,
                rules::WAVE_MOTION_PUSH,
                format!("{}: pushed back", self.target.id),
                "Before the damage, the target is pushed one hex straight away from the firer, keeping its facing (not moved here)."
            )?;
        }
        let what = if steps.on {
            format!("{} from {}", self.weapon.name, self.attacker.id)
        } else {
            String::new()
        };
        fleet.hit(steps, self.shot.target, shield, u32::from(damage), &what)
    }
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

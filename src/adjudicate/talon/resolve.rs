//! What a fired shot does (Talon rulebook 8.3, 12.1.3, 13.2, 13.6, 15.1, 17.5): a missile
//! group launches; otherwise the die, less what terrain takes from it, decides the damage,
//! which lands on the shield facing the firer, on one fighter of a squadron, on a missile,
//! or, for a Fusion Cannon, on the whole cone. A Wave Motion Gun pushes its target first.

use super::aim::{Aim, ShotResult};
use super::board::Fleet;
use super::geometry::arc_of;
use super::hit::{damage_after, shield_arc, terrain_modifier};
use super::terrain::Sight;
use super::{Steps, Stop, cone, rules, step};
use crate::cards::talon::{Arc, Weapon, WeaponKind};
use crate::parse::scenario::talon::Target;
use crate::report::{Code, Finding};

impl<'a> Aim<'a> {
    pub fn resolve(
        &self,
        fleet: &mut Fleet<'_>,
        steps: &mut Steps,
        range: u32,
        sight: &Sight,
        can_roll: bool,
        result: &mut ShotResult<'a>,
    ) -> Result<(), Stop> {
        let cone_weapon = self.weapon.id == "fusion-cannon";
        if self.weapon.kind() == WeaponKind::Missile {
            result.shield_arc = Some(None);
            result.to_hit = Some(None);
            result.roll = Some(None);
            result.damage = Some(None);
            result.launched = self.shot.launches;
            if let Some(m) = self.shot.launches {
                fleet.launch(steps, m, self.shot.attacker, &self.group.arcs)?;
            }
            return Ok(());
        }
        let shield = match self.target_ship() {
            Some(t) if !cone_weapon => Some(shield_arc(
                steps,
                &self.sc.ships[t],
                fleet.at[t],
                self.from,
            )?),
            _ => None,
        };
        result.shield_arc = Some(shield);
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
        if cone_weapon {
            result.damage = Some(Some(self.weapon.damage_for(range, roll)));
            self.rolled(
                steps,
                to_hit,
                range,
                roll,
                0,
                self.weapon.damage_for(range, roll),
            )?;
            result.cone = Some(cone::cone(
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
        // The event names the step only a trace prints.
        let event = if steps.on {
            self.event()
        } else {
            String::new()
        };
        let modifier = terrain_modifier(fleet, steps, sight, &event)?;
        result.modifier = modifier;
        let damage = damage_after(self.weapon, range, roll, modifier);
        result.damage = Some(Some(damage));
        self.rolled(steps, to_hit, range, roll, modifier, damage)?;
        if damage == 0 {
            return Ok(());
        }
        match self.shot.target {
            Target::Missile(m) => {
                let what = if steps.on {
                    format!("{} from {}", self.weapon.name, self.attacker.id)
                } else {
                    String::new()
                };
                fleet.damage_missile(steps, m, u32::from(damage), &what)
            }
            Target::Ship(t) => {
                result.fighter = self.fighter_hit(fleet, t)?;
                self.land(
                    fleet,
                    steps,
                    t,
                    shield.unwrap_or(Arc::Forward),
                    damage,
                    result,
                )
            }
        }
    }

    /// Talon rulebook 12.1.3: a shot at a squadron picks one of its fighters. Fighters alike in
    /// damage make the pick idle; otherwise the scenario must say which.
    fn fighter_hit(&self, fleet: &Fleet<'_>, t: usize) -> Result<Option<usize>, Stop> {
        if !fleet.is_fighter(t) {
            return Ok(None);
        }
        let hull = fleet.hull_boxes(t);
        let state = &fleet.state[t];
        let living: Vec<usize> = state.living_fighters(hull).collect();
        let list = || {
            living
                .iter()
                .map(|f| (f + 1).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        match &self.shot.fighter {
            Some((f, _)) if living.contains(f) => Ok(Some(*f)),
            Some((f, span)) => Err(Finding::error(
                Code::ScenarioIllegalChoice,
                format!("fighter {} of `{}` is not flying", f + 1, self.target_id),
            )
            .at(self.sc.file, span.clone())
            .label("destroyed already")
            .help(format!("aim at a fighter still flying: {}", list()))
            .into()),
            None => {
                let first = living.first().copied().unwrap_or(0);
                if living
                    .iter()
                    .all(|f| state.fighters.get(*f) == state.fighters.get(first))
                {
                    Ok(Some(first))
                } else {
                    Err(Finding::error(
                        Code::ScenarioMissingField,
                        format!("the shot at squadron `{}` must pick one of its fighters, which differ in damage", self.target_id),
                    )
                    .at(self.sc.file, self.shot.span.clone())
                    .label("which fighter?")
                    .help(format!(
                        "a shot at fighters picks one fighter of the squadron (Talon rulebook 12.1.3): add `fighter = N` to the shot, one of {}",
                        list()
                    ))
                    .into())
                }
            }
        }
    }

    /// The damage lands (a Wave Motion Gun pushes its target first, 15.1.3).
    fn land(
        &self,
        fleet: &mut Fleet<'_>,
        steps: &mut Steps,
        target: usize,
        shield: Arc,
        damage: u8,
        result: &mut ShotResult<'a>,
    ) -> Result<(), Stop> {
        let mut shield = shield;
        if self.weapon.id == "wave-motion-gun" {
            fleet.push_back(steps, self.shot, self.from)?;
            result.pushed_to = fleet.at[target].0;
            if !fleet.state[target].in_play() {
                step!(
                    steps,
                    rules::WAVE_MOTION_DAMAGE,
                    format!("{}: the gun's damage", self.target_id),
                    "The push took it out of play before the damage: the 10 points land on nothing."
                )?;
                return Ok(());
            }
            let (at, heading) = fleet.at[target];
            if let (Some(at), Some(heading)) = (at, heading)
                && let Some(seen) = arc_of(at, heading, self.from)
            {
                shield = seen.first();
                result.shield_arc = Some(Some(shield));
            }
            step!(
                steps,
                rules::WAVE_MOTION_DAMAGE,
                format!("{}: the gun's damage", self.target_id),
                format!(
                    "After the push, its {} damage lands on the shield facing the firer, its {} shield.",
                    damage,
                    shield.as_str()
                )
            )?;
        }
        let what = if steps.on {
            format!("{} from {}", self.weapon.name, self.attacker.id)
        } else {
            String::new()
        };
        fleet.hit_unit(
            steps,
            target,
            shield,
            result.fighter,
            u32::from(damage),
            &what,
        )
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
        modifier: i32,
        damage: u8,
    ) -> Result<(), Stop> {
        step!(
            steps,
            rules::FIRING,
            format!("{}: the roll", self.attacker.id),
            {
                let rolled = if modifier == 0 {
                    format!("Rolled {roll}")
                } else {
                    format!("Rolled {roll}, {} with terrain", i32::from(roll) + modifier)
                };
                match to_hit {
                    _ if i32::from(roll) + modifier < 1 => {
                        format!("{rolled}: below 1, the shot misses.")
                    }
                    Some(n) if damage > 0 => {
                        format!("{rolled}, {n} or more needed: a hit for {damage}.")
                    }
                    Some(n) => format!("{rolled}, {n} or more needed: a miss."),
                    None if damage > 0 => format!("{rolled} at range {range}: {damage} damage."),
                    None => format!("{rolled} at range {range}: no damage."),
                }
            }
        )?;
        Ok(())
    }
}

fn table_row(weapon: &Weapon, range: u32) -> String {
    (1..=6u8)
        .map(|roll| format!("{roll}→{}", weapon.damage_for(range, roll)))
        .collect::<Vec<_>>()
        .join(", ")
}

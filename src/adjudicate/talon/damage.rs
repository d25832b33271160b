//! `talon/damage` (Talon rulebook 6.2, 8.4–8.6, 12.1): hits in order. A reinforcement marker
//! takes the first point of its arc (6.2.1), the arc's shield boxes the next, and once the
//! arc is down the rest crosses hull boxes from the left (8.4.1); in a nebula every shield is
//! down (17.4.1). Crossing a critical box rolls two dice on the critical damage table (8.4.3,
//! 8.5); crossing the last box destroys the ship (8.6.1), whose explosion damages ships in its
//! hex (value + 1, on an arc the dice pick) and next to it (value, on the arc facing it)
//! (8.6.2). A fighter squadron is three fighters without shields: damage goes to the hull of
//! one of them (12.1.2), and fighters cause no blast (8.6.4).
//!
//! Outcome: `{"ships": {"<id>": {"shields": {"forward": n, "right": n, "rear": n, "left": n},
//! "hull_boxes_crossed": n, "critical_boxes_crossed": n, "destroyed": bool, "criticals":
//! [...], "power_modifier": n, "next_curves": [...], "explodes_in_energy_phase": bool}},
//! "blasts": [{"from", "to", "damage", "arc"}]}`; a squadron adds `"fighters": [hull boxes
//! crossed per fighter]`, a ship that left the battle `"gone"`. `hull_boxes_crossed` and
//! `critical_boxes_crossed` count every box crossed, those lost before the scenario too;
//! `next_curves` are the curves the ship may take in the next energy phase, as written
//! after the damage modifier.

use super::board::Fleet;
use super::{Played, Steps, Stop, rules, step};
use crate::cards::talon::Arc;
use crate::parse::scenario::talon::Scenario;
use crate::report::{Code, Finding};

pub fn run(sc: &Scenario, seed: Option<u64>, steps: &mut Steps) -> Played {
    let mut fleet = Fleet::new(sc, seed);
    fleet.check_reinforcements()?;
    for hit in &sc.hits {
        let ship = &sc.ships[hit.ship];
        if fleet.state[hit.ship].destroyed {
            return Err(Finding::error(
                Code::ScenarioContradiction,
                format!("`{}` is already destroyed when this hit lands", ship.id),
            )
            .at(sc.file, hit.span.clone())
            .label("hit on a destroyed ship")
            .help("a destroyed ship is removed from play (Talon rulebook 8.6.1): remove this hit or aim it at another ship")
            .into());
        }
        fleet.hit(steps, hit.ship, hit.arc, hit.damage, "Hit")?;
    }
    let final_state = fleet.final_state();
    Ok((final_state, fleet.outcome()))
}

impl Fleet<'_> {
    /// Talon rulebook 6.2.2: a shield arc that is down cannot be reinforced.
    pub fn check_reinforcements(&self) -> Result<(), Stop> {
        for ship in &self.sc.ships {
            for arc in Arc::ALL {
                if ship.reinforced[arc.index()] && ship.shields[arc.index()] == 0 {
                    return Err(Finding::error(
                        Code::ScenarioIllegalChoice,
                        format!(
                            "`{}` has a reinforcement on its {} arc, which has no shield box left",
                            ship.id,
                            arc.as_str()
                        ),
                    )
                    .at(self.sc.file, ship.span.clone())
                    .help("an arc that is down cannot be reinforced (Talon rulebook 6.2.2): remove it from `reinforced`")
                    .into());
                }
            }
        }
        Ok(())
    }

    /// `damage` points on `arc` of `ship`, then whatever they set off. A squadron's fighter
    /// is the first one flying when the fighters are alike, else the trace says whose
    /// choice the rulebook leaves it to.
    pub fn hit(
        &mut self,
        steps: &mut Steps,
        ship: usize,
        arc: Arc,
        damage: u32,
        what: &str,
    ) -> Result<(), Stop> {
        self.hit_unit(steps, ship, arc, None, damage, what)
    }

    /// As [`Fleet::hit`], with the squadron's fighter chosen.
    pub fn hit_unit(
        &mut self,
        steps: &mut Steps,
        ship: usize,
        arc: Arc,
        fighter: Option<usize>,
        damage: u32,
        what: &str,
    ) -> Result<(), Stop> {
        let mut exploding = Vec::new();
        if self.is_fighter(ship) {
            let fighter = match fighter {
                Some(f) => f,
                None => self.any_fighter(steps, ship)?,
            };
            self.hit_fighter(steps, ship, fighter, damage, what, &mut exploding)?;
        } else {
            self.apply(steps, ship, arc, damage, what, &mut exploding)?;
        }
        while let Some(gone) = exploding.pop() {
            self.explode(steps, gone, &mut exploding)?;
        }
        Ok(())
    }

    /// Damage on `arc` of a ship (not a squadron), its blasts queued in `exploding`.
    pub fn apply(
        &mut self,
        steps: &mut Steps,
        ship: usize,
        arc: Arc,
        damage: u32,
        what: &str,
        exploding: &mut Vec<usize>,
    ) -> Result<(), Stop> {
        if self.is_fighter(ship) {
            let fighter = self.any_fighter(steps, ship)?;
            return self.hit_fighter(steps, ship, fighter, damage, what, exploding);
        }
        let off = self.shields_off(ship);
        let nebula = self.in_nebula(ship);
        let id = self.id(ship);
        let s = &mut self.state[ship];
        let a = arc.index();
        let mut left = damage;
        let mut rule = rules::DAMAGE;
        let reinforcement = left > 0 && s.reinforced[a].is_some() && !off;
        if reinforcement {
            s.reinforced[a] = None;
            left -= 1;
            rule = rules::REINFORCE;
        }
        // Shield boxes crossed and the count before, when any were.
        let mut shield = None;
        if !off && left > 0 && s.shields[a] > 0 {
            let taken = left.min(u32::from(s.shields[a]));
            shield = Some((taken, s.shields[a]));
            s.shields[a] -= taken as u8;
            left -= taken;
        }
        if nebula {
            rule = rules::NEBULAE;
        }
        if steps.on {
            let mut parts = Vec::new();
            if reinforcement {
                parts.push("the reinforcement takes 1".to_string());
            }
            if nebula {
                parts.push("it is in a nebula, so its shields are down and the damage goes to the hull (the boxes are not crossed)".to_string());
            } else if off {
                parts.push("shields are down (critical damage)".to_string());
            } else if let Some((taken, before)) = shield {
                parts.push(format!(
                    "{taken} shield box{} crossed ({before} → {})",
                    if taken == 1 { "" } else { "es" },
                    s.shields[a]
                ));
            } else if left > 0 {
                parts.push(format!("the {} arc is down", arc.as_str()));
            }
            if left > 0 {
                parts.push(format!("{left} to the hull"));
            }
            steps.push(
                format!("{what}: {damage} on {id}'s {} arc", arc.as_str()),
                format!("{}.", capitalise(&parts.join("; "))),
                rule,
            )?;
        }
        if left > 0 {
            self.cross_hull(steps, ship, left, exploding)?;
        }
        Ok(())
    }

    fn cross_hull(
        &mut self,
        steps: &mut Steps,
        ship: usize,
        boxes: u32,
        exploding: &mut Vec<usize>,
    ) -> Result<(), Stop> {
        let Some(class) = self.class(ship) else {
            return Ok(());
        };
        let total = class.hull_boxes.len() as u32;
        let id = self.id(ship);
        let mut left = boxes;
        let mut crossed = 0;
        while left > 0 && !self.state[ship].destroyed {
            left -= 1;
            let s = &mut self.state[ship];
            s.hull_lost += 1;
            let position = s.hull_lost;
            crossed += 1;
            if position >= total {
                s.destroyed = true;
                step!(
                    steps,
                    rules::DESTRUCTION,
                    format!("{id}: hull box {position} of {total}"),
                    format!("The last hull box is crossed: {id} is destroyed and removed.")
                )?;
                exploding.push(ship);
                break;
            }
            if class.is_critical_box(position as usize) {
                step!(
                    steps,
                    rules::CRITICAL_BOX,
                    format!("{id}: hull box {position} of {total}"),
                    "A critical hull box is crossed: roll two dice on the critical damage table."
                        .to_string()
                )?;
                left += self.critical(steps, ship, exploding)?;
            }
        }
        let s = &self.state[ship];
        if !s.destroyed && crossed > 0 {
            let modifier = class
                .hull_boxes
                .get(s.hull_lost as usize)
                .copied()
                .unwrap_or(0);
            step!(
                steps,
                rules::POWER_MODIFIERS,
                format!("{id}: hull"),
                format!(
                    "{} of {total} hull boxes crossed; the leftmost box left is {modifier}, applied to power in the energy phase.",
                    s.hull_lost
                )
            )?;
        }
        Ok(())
    }

    /// Talon rulebook 12.1.2, 8.6.4: damage goes to one fighter's hull; a squadron is destroyed
    /// with its last fighter, and causes no blast.
    fn hit_fighter(
        &mut self,
        steps: &mut Steps,
        ship: usize,
        fighter: usize,
        damage: u32,
        what: &str,
        exploding: &mut Vec<usize>,
    ) -> Result<(), Stop> {
        let hull = self.hull_boxes(ship);
        let id = self.id(ship);
        let s = &mut self.state[ship];
        let Some(lost) = s.fighters.get_mut(fighter) else {
            return Ok(());
        };
        let before = *lost;
        *lost = (*lost + damage).min(hull);
        let downed = *lost >= hull;
        let left = s.living_fighters(hull).count();
        if downed && left == 0 {
            s.destroyed = true;
            exploding.push(ship);
        }
        step!(
            steps,
            rules::FIGHTERS,
            format!("{what}: {damage} on {id}, fighter {}", fighter + 1),
            format!(
                "Fighters have no shields: the damage crosses hull boxes of that one fighter ({before} → {} of {hull}){}",
                (before + damage).min(hull),
                match (downed, left) {
                    (false, _) => ".".to_string(),
                    (true, 0) => "; it is destroyed, the squadron's last: the counter is removed."
                        .to_string(),
                    (true, n) => format!(
                        "; it is destroyed; {n} fighter(s) of the squadron fly on and still fire."
                    ),
                }
            )
        )?;
        Ok(())
    }

    /// The fighter a blast, collision or terrain hits when the scenario cannot say: the
    /// fighters still flying are alike when their damage is equal, and then which one does
    /// not matter; otherwise the rulebook (8.6.4) does not say who picks, and the first is
    /// taken, as the trace says.
    pub fn any_fighter(&mut self, steps: &mut Steps, ship: usize) -> Result<usize, Stop> {
        let hull = self.hull_boxes(ship);
        let s = &self.state[ship];
        let living: Vec<usize> = s.living_fighters(hull).collect();
        let first = living.first().copied().unwrap_or(0);
        let alike = living
            .iter()
            .all(|&f| s.fighters.get(f) == s.fighters.get(first));
        if !alike {
            super::choice!(
                steps,
                rules::FIGHTER_BLAST,
                format!("{}: which fighter", self.id(ship)),
                format!(
                    "The damage goes to one fighter; its fighters are not alike and the rulebook does not say who picks: fighter {} is taken.",
                    first + 1
                )
            )?;
        }
        Ok(first)
    }
}

pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

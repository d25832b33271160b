//! `talon/damage` (Talon rulebook 6.2, 8.4–8.6): hits in order. A reinforcement marker takes the
//! first point of its arc (6.2.1), the arc's shield boxes the next, and once the arc is down
//! the rest crosses hull boxes from the left (8.4.1). Crossing a critical box rolls two dice
//! on the critical damage table (8.4.3, 8.5); crossing the last box destroys the ship
//! (8.6.1), whose explosion damages ships in its hex (value + 1, on an arc the dice pick) and
//! next to it (value, on the arc facing it) (8.6.2). Fighters cause no blast (8.6.4).
//!
//! Outcome: `{"ships": {"<id>": {"shields": {"forward": n, "right": n, "rear": n, "left": n},
//! "hull_boxes_crossed": n, "critical_boxes_crossed": n, "destroyed": bool, "criticals":
//! [...], "power_modifier": n, "next_curves": [...], "explodes_in_energy_phase": bool}},
//! "blasts": [{"from", "to", "damage", "arc"}]}`. `hull_boxes_crossed` and
//! `critical_boxes_crossed` count every box crossed, those lost before the scenario too;
//! `next_curves` are the curves the ship may take in the next energy phase, as written
//! after the damage modifier.

use super::dice::Dice;
use super::geometry::{Seen, arc_of};
use super::{Played, Steps, Stop, choice, energy, rules, step};
use crate::cards::talon::{Arc, ShipClass, TalonCards};
use crate::parse::scenario::talon::{Heading, Hex, Scenario, ShipDef};
use crate::report::{Code, Finding};
use serde_json::{Map, Value, json};

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

/// A ship's damage state while hits land.
#[derive(Debug, Clone)]
pub struct ShipState<'a> {
    pub shields: [u8; 4],
    pub reinforced: [bool; 4],
    pub hull_lost: u32,
    pub destroyed: bool,
    pub shields_down: bool,
    pub power_relay: u8,
    pub power_loss: bool,
    pub helm_down: bool,
    pub turn_penalty: u8,
    pub criticals: Vec<&'a str>,
}

/// Blast damage dealt by an exploding ship (Talon rulebook 8.6.2), by ship index.
#[derive(Debug, Clone, Copy)]
pub struct Blast {
    pub from: usize,
    pub to: usize,
    pub damage: u32,
    pub arc: Arc,
}

/// Every ship of a scenario and the dice, for the engines that deal damage.
pub struct Fleet<'a> {
    pub sc: &'a Scenario<'a>,
    pub state: Vec<ShipState<'a>>,
    /// Where each ship is now and which way it faces (the scenario's, until it moves).
    pub at: Vec<(Option<Hex>, Option<Heading>)>,
    pub dice: Dice,
    pub blasts: Vec<Blast>,
    cards: &'a TalonCards,
}

impl<'a> Fleet<'a> {
    pub fn new(sc: &'a Scenario<'a>, seed: Option<u64>) -> Self {
        let state = sc
            .ships
            .iter()
            .map(|s| ShipState {
                shields: s.shields,
                reinforced: s.reinforced,
                hull_lost: s.hull_lost,
                destroyed: false,
                shields_down: false,
                power_relay: s.power_relay,
                power_loss: s.power_loss,
                helm_down: false,
                turn_penalty: 0,
                criticals: Vec::new(),
            })
            .collect();
        Fleet {
            sc,
            state,
            at: sc.ships.iter().map(|s| (s.hex, s.heading)).collect(),
            dice: Dice::new(sc.dice.clone(), seed, sc.file, sc.dice_span.clone()),
            blasts: Vec::new(),
            cards: sc.cards,
        }
    }

    /// Seed 004 6.2.2: a shield arc that is down cannot be reinforced.
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
                    .at(self.sc.file, 0..0)
                    .help("an arc that is down cannot be reinforced (Talon rulebook 6.2.2): remove it from `reinforced`")
                    .into());
                }
            }
        }
        Ok(())
    }

    fn class(&self, ship: usize) -> Option<&'a ShipClass> {
        self.sc.ships[ship].class
    }

    /// `damage` points on `arc` of `ship`, then whatever they set off.
    pub fn hit(
        &mut self,
        steps: &mut Steps,
        ship: usize,
        arc: Arc,
        damage: u32,
        what: &str,
    ) -> Result<(), Stop> {
        let mut exploding = Vec::new();
        self.apply(steps, ship, arc, damage, what, &mut exploding)?;
        while let Some(gone) = exploding.pop() {
            self.explode(steps, gone, &mut exploding)?;
        }
        Ok(())
    }

    fn apply(
        &mut self,
        steps: &mut Steps,
        ship: usize,
        arc: Arc,
        damage: u32,
        what: &str,
        exploding: &mut Vec<usize>,
    ) -> Result<(), Stop> {
        let id = &self.sc.ships[ship].id;
        let s = &mut self.state[ship];
        let a = arc.index();
        let mut left = damage;
        let mut rule = rules::DAMAGE;
        let reinforcement = left > 0 && s.reinforced[a];
        if reinforcement {
            s.reinforced[a] = false;
            left -= 1;
            rule = rules::REINFORCE;
        }
        // Shield boxes crossed and the count before, when any were.
        let mut shield = None;
        if !s.shields_down && left > 0 && s.shields[a] > 0 {
            let taken = left.min(u32::from(s.shields[a]));
            shield = Some((taken, s.shields[a]));
            s.shields[a] -= taken as u8;
            left -= taken;
        }
        if steps.on {
            let mut parts = Vec::new();
            if reinforcement {
                parts.push("the reinforcement takes 1".to_string());
            }
            if s.shields_down {
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
        let sc = self.sc;
        let id = &sc.ships[ship].id;
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

    /// Roll on the table (Talon rulebook 8.5); returns extra hull boxes to cross.
    fn critical(
        &mut self,
        steps: &mut Steps,
        ship: usize,
        exploding: &mut Vec<usize>,
    ) -> Result<u32, Stop> {
        let sc = self.sc;
        let id = &sc.ships[ship].id;
        let a = self.dice.roll("critical damage")?;
        let b = self.dice.roll("critical damage")?;
        let roll = a + b;
        let Some(result) = self.cards.critical(roll) else {
            return Ok(0);
        };
        let base = self.class(ship).is_some_and(|c| c.is_base());
        let s = &mut self.state[ship];
        let mut extra = 0;
        let effect = if base && result.bases_unaffected {
            "Bases take no damage from this result.".to_string()
        } else if result.destroys_ship {
            s.destroyed = true;
            exploding.push(ship);
            format!("{id} is destroyed.")
        } else if let Some(hull) = result.hull_damage {
            extra = u32::from(hull);
            format!(
                "{hull} more hull box{} crossed.",
                if hull == 1 { "" } else { "es" }
            )
        } else if result.shields_down {
            if s.shields_down {
                "Shields are already down: no further effect.".to_string()
            } else {
                s.shields_down = true;
                "Every shield arc counts as down until repaired.".to_string()
            }
        } else if let Some(turn) = result.turn_radius {
            s.turn_penalty += turn;
            format!("Turn radius +{turn}.")
        } else if let Some(power) = result.power {
            s.power_relay += 1;
            format!("Power {power}.")
        } else if result.repairable && result.roll == 11 {
            if s.power_loss {
                "The ship already has a Power Loss marker: nothing happens (8.5 example)."
                    .to_string()
            } else {
                s.power_loss = true;
                "Power Loss marker: no curve change and no weapon charging until repaired (9.3)."
                    .to_string()
            }
        } else if result.repairable && result.roll == 4 {
            if s.helm_down {
                "The helm is already down: no further effect.".to_string()
            } else {
                s.helm_down = true;
                "Helm down until repaired.".to_string()
            }
        } else if result.destroys_weapon_group {
            "One of its weapon groups, picked at random, is destroyed.".to_string()
        } else {
            "No further effect.".to_string()
        };
        let ignored = base && result.bases_unaffected;
        if !ignored && result.roll != 7 {
            s.criticals.push(&result.name);
        }
        step!(
            steps,
            rules::CRITICAL_TABLE,
            format!("{id}: critical damage roll {a} + {b} = {roll}"),
            format!("{}. {effect}", result.name)
        )?;
        Ok(extra)
    }

    /// Blast damage of a destroyed ship (Talon rulebook 8.6.2).
    fn explode(
        &mut self,
        steps: &mut Steps,
        gone: usize,
        exploding: &mut Vec<usize>,
    ) -> Result<(), Stop> {
        let sc = self.sc;
        let ship = &sc.ships[gone];
        let Some(class) = ship.class else {
            return Ok(());
        };
        if class.explosion == 0 {
            step!(
                steps,
                if class.is_fighter() {
                    rules::FIGHTER_BLAST
                } else {
                    rules::BLAST
                },
                format!("{} explodes", ship.id),
                "Its explosion value is 0: fighters cause no blast damage."
            )?;
            return Ok(());
        }
        let Some(at) = self.at[gone].0 else {
            step!(
                steps,
                rules::BLAST,
                format!("{} explodes (explosion {})", ship.id, class.explosion),
                "The scenario gives it no hex, so blast damage to other ships is not worked out."
            )?;
            return Ok(());
        };
        let mut hits = Vec::new();
        for (other, (hex, _)) in self.at.iter().enumerate() {
            if other == gone || self.state[other].destroyed {
                continue;
            }
            let Some(there) = *hex else { continue };
            match at.distance(there) {
                0 => hits.push((other, u32::from(class.explosion) + 1, None)),
                1 => hits.push((other, u32::from(class.explosion), Some(there))),
                _ => {}
            }
        }
        step!(
            steps,
            rules::BLAST,
            format!("{} explodes (explosion {})", ship.id, class.explosion),
            {
                let names: Vec<String> = hits
                    .iter()
                    .map(|(o, d, _)| format!("{} ({d})", sc.ships[*o].id))
                    .collect();
                if names.is_empty() {
                    "No ship in its hex or next to it.".to_string()
                } else {
                    format!(
                        "Blast damage: {}. In its hex: explosion + 1 on an arc the dice pick; next to it: the explosion value on the arc facing it.",
                        names.join(", ")
                    )
                }
            }
        )?;
        for (other, damage, adjacent) in hits {
            let arc = match adjacent {
                Some(there) => self.facing_arc(steps, other, there, at)?,
                None => self.random_arc(steps, other)?,
            };
            self.blasts.push(Blast {
                from: gone,
                to: other,
                damage,
                arc,
            });
            let what = if steps.on {
                format!("Blast from {}", ship.id)
            } else {
                String::new()
            };
            self.apply(steps, other, arc, damage, &what, exploding)?;
        }
        Ok(())
    }

    /// The arc of `ship` (at `there`) that faces the hex `at`.
    fn facing_arc(
        &mut self,
        steps: &mut Steps,
        ship: usize,
        there: crate::parse::scenario::talon::Hex,
        at: crate::parse::scenario::talon::Hex,
    ) -> Result<Arc, Stop> {
        let def: &ShipDef = &self.sc.ships[ship];
        let Some(heading) = self.at[ship].1 else {
            return Err(Finding::error(
                Code::ScenarioMissingField,
                format!(
                    "`{}` is next to an explosion, and its shield arc needs its `heading`",
                    def.id
                ),
            )
            .at(self.sc.file, 0..0)
            .help("add `heading = 90` (or 30, 150, 210, 270, 330) to the ship")
            .into());
        };
        match arc_of(there, heading, at) {
            Some(Seen::Edge(a, b)) => {
                choice!(
                    steps,
                    rules::SHIELD_ARCS,
                    format!("{}: arc facing the blast", def.id),
                    format!(
                        "The blast comes along the {}/{} edge; the Talon rulebook does not say which arc takes it, so the {} arc is taken.",
                        a.as_str(),
                        b.as_str(),
                        a.as_str()
                    )
                )?;
                Ok(a)
            }
            Some(Seen::One(a)) => Ok(a),
            None => Ok(Arc::Forward),
        }
    }

    /// Seed 004 8.6.2: a die per shield arc, the highest is hit; ties roll again.
    fn random_arc(&mut self, steps: &mut Steps, ship: usize) -> Result<Arc, Stop> {
        let mut candidates: Vec<Arc> = Arc::ALL.to_vec();
        let mut rounds: Vec<String> = Vec::new();
        // Ties among four dice end quickly; the bound only guards a die source that
        // repeats itself forever.
        for _ in 0..64 {
            let mut rolls = Vec::new();
            for arc in &candidates {
                rolls.push((*arc, self.dice.roll("blast arc")?));
            }
            let best = rolls.iter().map(|(_, r)| *r).max().unwrap_or(0);
            if steps.on {
                rounds.push(
                    rolls
                        .iter()
                        .map(|(a, r)| format!("{} {r}", a.as_str()))
                        .collect::<Vec<_>>()
                        .join(", "),
                );
            }
            candidates = rolls
                .iter()
                .filter(|(_, r)| *r == best)
                .map(|(a, _)| *a)
                .collect();
            if candidates.len() == 1 {
                break;
            }
        }
        let arc = candidates.first().copied().unwrap_or(Arc::Forward);
        step!(
            steps,
            rules::BLAST,
            format!("{}: which arc the blast hits", self.sc.ships[ship].id),
            format!(
                "Dice per arc: {}; the highest, {}, takes the blast.",
                rounds.join("; then "),
                arc.as_str()
            )
        )?;
        Ok(arc)
    }

    pub fn final_state(&self) -> Vec<String> {
        self.sc
            .ships
            .iter()
            .zip(&self.state)
            .map(|(ship, s)| {
                let total = ship.class.map_or(0, |c| c.hull_boxes.len());
                if s.destroyed {
                    format!("{}: destroyed", ship.id)
                } else {
                    format!(
                        "{}: shields forward {} · right {} · rear {} · left {}; hull {}/{total} crossed{}",
                        ship.id,
                        s.shields[0],
                        s.shields[1],
                        s.shields[2],
                        s.shields[3],
                        s.hull_lost,
                        if s.criticals.is_empty() {
                            String::new()
                        } else {
                            format!("; criticals: {}", s.criticals.join(", "))
                        }
                    )
                }
            })
            .collect()
    }

    /// The per-ship outcome object.
    pub fn ships_json(&self) -> Value {
        let mut ships = Map::new();
        for (ship, s) in self.sc.ships.iter().zip(&self.state) {
            let Some(class) = ship.class else { continue };
            let hull_crossed = s.hull_lost.min(class.hull_boxes.len() as u32);
            let critical_crossed = class
                .critical_boxes
                .iter()
                .filter(|&&c| u32::from(c) <= hull_crossed)
                .count();
            let options = energy::curve_options(
                class,
                ship.curve.unwrap_or(class.default_curve),
                s.hull_lost,
                s.power_relay,
                s.power_loss,
            );
            let alive = !s.destroyed;
            ships.insert(
                ship.id.clone(),
                json!({
                    "shields": {
                        "forward": s.shields[0],
                        "right": s.shields[1],
                        "rear": s.shields[2],
                        "left": s.shields[3],
                    },
                    "hull_boxes_crossed": hull_crossed,
                    "critical_boxes_crossed": critical_crossed,
                    "destroyed": s.destroyed,
                    "criticals": s.criticals,
                    "power_modifier": alive.then_some(options.modifier),
                    "next_curves": if alive { options.written() } else { Vec::new() },
                    "explodes_in_energy_phase": alive && options.allowed.is_empty(),
                }),
            );
        }
        Value::Object(ships)
    }

    pub fn outcome(&self) -> Value {
        json!({ "ships": self.ships_json(), "blasts": self.blasts_json() })
    }

    pub fn blasts_json(&self) -> Value {
        let ids = |i: usize| self.sc.ships.get(i).map_or("", |s| s.id.as_str());
        self.blasts
            .iter()
            .map(|b| {
                json!({
                    "from": ids(b.from),
                    "to": ids(b.to),
                    "damage": b.damage,
                    "arc": b.arc.as_str(),
                })
            })
            .collect()
    }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

//! A destroyed ship's explosion (Talon rulebook 8.6.2–8.6.5): its explosion value + 1 to each
//! ship in its hex, on an arc the dice pick, and its value to each ship next to it, on the
//! arc facing it; to one missile only in each of those hexes. Fighters cause no blast
//! (8.6.4); a carrier destroyed with squadrons aboard takes them with it (16).

use super::board::{Blast, Fleet, Gone, MissileStatus};
use super::geometry::{Seen, arc_of};
use super::{Steps, Stop, choice, rules, step};
use crate::cards::talon::Arc;
use crate::parse::scenario::talon::Hex;
use crate::report::{Code, Finding};

impl Fleet<'_> {
    /// Blast damage of a destroyed ship (Talon rulebook 8.6.2).
    pub fn explode(
        &mut self,
        steps: &mut Steps,
        gone: usize,
        exploding: &mut Vec<usize>,
    ) -> Result<(), Stop> {
        self.lose_squadrons_aboard(steps, gone)?;
        let id = self.id(gone);
        let Some(class) = self.class(gone) else {
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
                format!("{id} explodes"),
                "Its explosion value is 0: fighters cause no blast damage."
            )?;
            return Ok(());
        }
        let Some(at) = self.at[gone].0 else {
            step!(
                steps,
                rules::BLAST,
                format!("{id} explodes (explosion {})", class.explosion),
                "The scenario gives it no hex, so blast damage to other ships is not worked out."
            )?;
            return Ok(());
        };
        let mut hits = Vec::new();
        for (other, (hex, _)) in self.at.iter().enumerate() {
            if other == gone || !self.state[other].in_play() {
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
            format!("{id} explodes (explosion {})", class.explosion),
            {
                let names: Vec<String> = hits
                    .iter()
                    .map(|(o, d, _)| format!("{} ({d})", self.id(*o)))
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
            if !self.state[other].in_play() {
                continue;
            }
            let arc = match adjacent {
                Some(there) => self.facing_arc(steps, other, there, at)?,
                None if self.is_fighter(other) => Arc::Forward,
                None => self.random_arc(steps, other, "blast", rules::BLAST)?,
            };
            self.blasts.push(Blast {
                from: gone,
                to: other,
                damage,
                arc,
            });
            let what = if steps.on {
                format!("Blast from {id}")
            } else {
                String::new()
            };
            self.apply(steps, other, arc, damage, &what, exploding)?;
        }
        self.blast_missiles(steps, gone, at, u32::from(class.explosion))
    }

    /// Talon rulebook 8.6.5, 13.6: one missile in each hex the blast reaches takes it.
    fn blast_missiles(
        &mut self,
        steps: &mut Steps,
        gone: usize,
        at: Hex,
        explosion: u32,
    ) -> Result<(), Stop> {
        let mut hit_hexes: Vec<Hex> = Vec::new();
        for m in 0..self.missiles.len() {
            let missile = &self.missiles[m];
            let Some(hex) = missile.hex else { continue };
            if missile.status != MissileStatus::Flying
                || at.distance(hex) > 1
                || hit_hexes.contains(&hex)
            {
                continue;
            }
            hit_hexes.push(hex);
            let damage = if hex == at { explosion + 1 } else { explosion };
            let others = self
                .missiles
                .iter()
                .filter(|o| o.status == MissileStatus::Flying && o.hex == Some(hex))
                .count();
            if others > 1 {
                choice!(
                    steps,
                    rules::MISSILE_BLAST,
                    format!(
                        "Blast from {}: missiles in {}",
                        self.id(gone),
                        hex.display()
                    ),
                    format!(
                        "{others} missiles share the hex; the blast hits one only, and the rulebook does not say who picks: {} is taken.",
                        self.sc.missiles[m].id
                    )
                )?;
            }
            self.damage_missile(steps, m, damage, &format!("Blast from {}", self.id(gone)))?;
        }
        Ok(())
    }

    /// Talon rulebook 16 ("Retirada de Escuadrones de Cazas"): squadrons aboard a destroyed
    /// carrier are destroyed with it.
    fn lose_squadrons_aboard(&mut self, steps: &mut Steps, carrier: usize) -> Result<(), Stop> {
        let host = self.id(carrier);
        for i in 0..self.state.len() {
            if self.state[i].gone == Some(Gone::Docked(host.to_string())) && self.is_fighter(i) {
                self.state[i].destroyed = true;
                step!(
                    steps,
                    rules::FIGHTERS_RETREAT,
                    format!("{} aboard {host}", self.id(i)),
                    "The squadron docked aboard the carrier that was destroyed: it is destroyed too."
                )?;
            }
        }
        Ok(())
    }

    /// The arc of `ship` (at `there`) that faces the hex `at`.
    pub fn facing_arc(
        &mut self,
        steps: &mut Steps,
        ship: usize,
        there: Hex,
        at: Hex,
    ) -> Result<Arc, Stop> {
        let Some(heading) = self.at[ship].1 else {
            return Err(Finding::error(
                Code::ScenarioMissingField,
                format!(
                    "`{}` is next to an explosion, and its shield arc needs its `heading`",
                    self.id(ship)
                ),
            )
            .at(self.sc.file, self.sc.ships[ship].span.clone())
            .help("add `heading = 90` (or 30, 150, 210, 270, 330) to the ship")
            .into());
        };
        match arc_of(there, heading, at) {
            Some(Seen::Edge(a, b)) => {
                choice!(
                    steps,
                    rules::SHIELD_ARCS,
                    format!("{}: arc facing the blast", self.id(ship)),
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

    /// Talon rulebook 8.6.2, 13.7: a die per shield arc, the highest is hit; ties roll again.
    pub fn random_arc(
        &mut self,
        steps: &mut Steps,
        ship: usize,
        cause: &str,
        rule: crate::adjudicate::Cite,
    ) -> Result<Arc, Stop> {
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
            rule,
            format!("{}: which arc the {cause} hits", self.id(ship)),
            format!(
                "Dice per arc: {}; the highest, {}, takes the {cause}.",
                rounds.join("; then "),
                arc.as_str()
            )
        )?;
        Ok(arc)
    }
}

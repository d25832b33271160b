//! What a ship meets when it comes into a hex, whether it moved, was pushed by a Wave Motion
//! Gun (15.1.3) or pulled by a black hole (18.2): a wormhole takes it out of the battle (19);
//! a planet or black hole destroys it (17.2.1, 18.1); an asteroid does 1 damage on the arc
//! facing the hex (17.3); a nebula puts its shields down and destroys its reinforcements
//! (17.4.1); a ship of its race there collides with it (7.4); a missile aimed at it there
//! detonates (13.5).

use super::board::{CAME_THROUGH, Collision, Fleet, Gone, MissileStatus};
use super::geometry::arc_of;
use super::{Steps, Stop, choice, rules, step};
use crate::cards::talon::Arc;
use crate::parse::scenario::talon::{Hex, TerrainKind};

impl Fleet<'_> {
    /// `ship` has just come from `from` into `to` (its position already updated).
    pub fn enter(
        &mut self,
        steps: &mut Steps,
        ship: usize,
        from: Hex,
        to: Hex,
    ) -> Result<(), Stop> {
        if !self.terrain.is_empty() && self.enter_terrain(steps, ship, from, to)? {
            return Ok(());
        }
        self.collide(steps, ship, from, to)?;
        if self.state[ship].in_play() {
            self.meet_missiles(steps, ship, from, to)?;
        }
        Ok(())
    }

    /// The terrain of `to` (and a nebula left behind). True when the ship left play.
    fn enter_terrain(
        &mut self,
        steps: &mut Steps,
        ship: usize,
        from: Hex,
        to: Hex,
    ) -> Result<bool, Stop> {
        let id = self.id(ship);
        // One look at the counters for each hex; open space on both sides is the usual move.
        let here = self.kinds_at(to);
        let left = self.kinds_at(from);
        if here.is_empty() && !left.contains(TerrainKind::Nebula) {
            return Ok(!self.state[ship].in_play());
        }
        if here.contains(TerrainKind::Wormhole) {
            self.state[ship].gone = Some(Gone::Retreated);
            step!(
                steps,
                rules::WORMHOLES,
                format!("{id} enters the wormhole in {}", to.display()),
                "A ship that meets a wormhole leaves the battle at once: it has retreated."
            )?;
            return Ok(true);
        }
        let deadly = if here.contains(TerrainKind::Planet) || here.contains(TerrainKind::BlackHole)
        {
            self.terrain_at(to)
                .find(|k| matches!(k, TerrainKind::Planet | TerrainKind::BlackHole))
        } else {
            None
        };
        if let Some(kind) = deadly {
            self.state[ship].destroyed = true;
            step!(
                steps,
                if kind == TerrainKind::Planet {
                    rules::PLANETS
                } else {
                    rules::BLACK_HOLES
                },
                format!("{id} enters the {} in {}", kind.as_str(), to.display()),
                format!(
                    "A ship that moves into a {}'s hex is destroyed; ships next to it take its blast as usual{}.",
                    kind.as_str(),
                    if kind == TerrainKind::BlackHole {
                        " (the black hole takes no damage)"
                    } else {
                        " (planets take none)"
                    }
                )
            )?;
            let mut exploding = vec![ship];
            while let Some(gone) = exploding.pop() {
                self.explode(steps, gone, &mut exploding)?;
            }
            return Ok(true);
        }
        if here.contains(TerrainKind::Asteroid) {
            self.asteroid(steps, ship, from, to)?;
        }
        let was_in_nebula = left.contains(TerrainKind::Nebula);
        let in_nebula = here.contains(TerrainKind::Nebula);
        if in_nebula && !was_in_nebula && self.state[ship].in_play() {
            let lost = self.state[ship]
                .reinforced
                .iter_mut()
                .filter_map(Option::take)
                .count();
            step!(
                steps,
                rules::NEBULAE,
                format!("{id} enters the nebula in {}", to.display()),
                format!(
                    "While it shares the nebula's hex, all its shields count as down (not crossed) and damage goes to the hull{}.",
                    if lost > 0 {
                        format!("; its {lost} shield reinforcement marker(s) are destroyed")
                    } else {
                        String::new()
                    }
                )
            )?;
        } else if was_in_nebula && !in_nebula && self.state[ship].in_play() {
            step!(
                steps,
                rules::NEBULAE,
                format!("{id} leaves the nebula"),
                "Its shields come back at once, at the boxes marked on its counter."
            )?;
        }
        Ok(!self.state[ship].in_play())
    }

    /// Talon rulebook 17.3: 1 damage on the shield arc toward the asteroid hex entered; fighters
    /// (and missiles) never take it.
    fn asteroid(&mut self, steps: &mut Steps, ship: usize, from: Hex, to: Hex) -> Result<(), Stop> {
        let id = self.id(ship);
        if self.is_fighter(ship) {
            step!(
                steps,
                rules::ASTEROIDS,
                format!("{id} enters the asteroids in {}", to.display()),
                "Fighters never take damage from asteroids."
            )?;
            return Ok(());
        }
        let arc = self.entry_arc(steps, ship, from, to)?;
        let damage = u32::from(self.numbers.asteroid_damage);
        step!(
            steps,
            rules::ASTEROIDS,
            format!("{id} enters the asteroids in {}", to.display()),
            format!(
                "A ship moving into an asteroid hex takes {damage} on the shield arc it moves through, its {} arc (the hull if that arc is down).",
                arc.as_str()
            )
        )?;
        let what = if steps.on {
            format!("Asteroids in {}", to.display())
        } else {
            String::new()
        };
        self.hit(steps, ship, arc, damage, &what)
    }

    /// The arc of `ship`, at `from` with its facing now, toward `to`.
    pub fn entry_arc(
        &mut self,
        steps: &mut Steps,
        ship: usize,
        from: Hex,
        to: Hex,
    ) -> Result<Arc, Stop> {
        let Some(heading) = self.at[ship].1 else {
            return Ok(Arc::Forward);
        };
        match arc_of(from, heading, to) {
            Some(super::geometry::Seen::Edge(a, b)) => {
                choice!(
                    steps,
                    rules::SHIELD_ARCS,
                    format!("{}: arc toward {}", self.id(ship), to.display()),
                    format!(
                        "The hex lies on the {}/{} edge; the rulebook does not say which arc, so the {} arc is taken.",
                        a.as_str(),
                        b.as_str(),
                        a.as_str()
                    )
                )?;
                Ok(a)
            }
            Some(seen) => Ok(seen.first()),
            None => Ok(Arc::Forward),
        }
    }

    /// Talon rulebook 7.4, 12.1.2, 14: a ship entering a hex with a ship of its race: both take 3
    /// on the shield facing the other (a squadron on one fighter). Bases never collide with
    /// friends (nor missiles, which are no ships).
    fn collide(
        &mut self,
        steps: &mut Steps,
        mover: usize,
        came_from: Hex,
        hex: Hex,
    ) -> Result<(), Stop> {
        let base = |f: &Self, i: usize| f.class(i).is_some_and(|c| c.is_base());
        if base(self, mover) {
            return Ok(());
        }
        let damage = u32::from(self.numbers.collision_damage);
        for other in 0..self.state.len() {
            // The hex first: most ships are elsewhere, and `at` is the smallest list read.
            if other == mover
                || self.at[other].0 != Some(hex)
                || !self.state[other].in_play()
                || !self.state[mover].in_play()
                || self.side(other) != self.side(mover)
                || base(self, other)
            {
                continue;
            }
            self.collisions.push(Collision {
                impulse: self.impulse,
                mover,
                other,
                hex,
            });
            // The rulebook names "the shield facing the other ship" without saying how two
            // ships in one hex face each other; the direction of the move is taken.
            let mover_arc = self.at[mover]
                .1
                .and_then(|h| arc_of(came_from, h, hex))
                .map_or(Arc::Forward, |s| s.first());
            let other_arc = self.at[other]
                .1
                .and_then(|h| arc_of(hex, h, came_from))
                .map_or(Arc::Forward, |s| s.first());
            choice!(
                steps,
                rules::COLLISIONS,
                format!("Collision: {} and {}", self.id(mover), self.id(other)),
                format!(
                    "{} enters {}, where {} of its race is: each takes {damage} on the shield facing the other ({}'s {}, {}'s {}, by the direction of the move). The owner picks which resolves first; {} is taken first.",
                    self.id(mover),
                    hex.display(),
                    self.id(other),
                    self.id(mover),
                    mover_arc.as_str(),
                    self.id(other),
                    other_arc.as_str(),
                    self.id(mover)
                )
            )?;
            for (ship, arc) in [(mover, mover_arc), (other, other_arc)] {
                if !self.state[ship].in_play() {
                    continue;
                }
                let what = if steps.on {
                    format!("Collision in {}", hex.display())
                } else {
                    String::new()
                };
                self.hit(steps, ship, arc, damage, &what)?;
            }
        }
        Ok(())
    }

    /// Talon rulebook 13.5: a ship moving into the hex of a missile aimed at it is hit at once.
    fn meet_missiles(
        &mut self,
        steps: &mut Steps,
        ship: usize,
        from: Hex,
        to: Hex,
    ) -> Result<(), Stop> {
        for m in 0..self.missiles.len() {
            let missile = &self.missiles[m];
            if missile.status == MissileStatus::Flying
                && missile.hex == Some(to)
                && missile.target == Some(ship)
            {
                let arc = self.entry_arc(steps, ship, from, to)?;
                self.detonate(steps, m, (arc, CAME_THROUGH), "moves into its hex")?;
                if !self.state[ship].in_play() {
                    break;
                }
            }
        }
        Ok(())
    }
}

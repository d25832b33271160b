//! Putting a missile on the map (Talon rulebook 13.2) and sending one after a new target
//! (13.7).

use super::board::{CAME_THROUGH, Fleet, MissileStatus};
use super::geometry::arc_of;
use super::ruler::{Next, toward};
use super::{Steps, Stop, rules, step};
use crate::cards::talon::{Arc, WeaponKind};
use crate::parse::scenario::talon::{Heading, Hex, SpendDef};
use crate::report::{Code, Finding};
use std::ops::Range;

impl Fleet<'_> {
    /// Talon rulebook 13.2: missile `m`, fired by `attacker`'s group with `arcs`, is placed in a
    /// hex next to it inside those arcs, facing a hex side toward its target.
    pub fn launch(
        &mut self,
        steps: &mut Steps,
        m: usize,
        attacker: usize,
        arcs: &[Arc],
    ) -> Result<(), Stop> {
        let def = &self.sc.missiles[m];
        let (Some(from), Some(heading)) = self.at[attacker] else {
            return Ok(());
        };
        let Some(target) = self.missiles[m].target else {
            return Ok(());
        };
        let Some(goal) = self.at[target].0 else {
            return Ok(());
        };
        let open: Vec<Hex> = (0..6u8)
            .map(|i| from.neighbour(Heading(i)))
            .filter(|n| {
                arc_of(from, heading, *n).is_some_and(|s| arcs.iter().any(|a| s.contains(*a)))
            })
            .collect();
        let refuse = |what: String, help: String| -> Stop {
            Finding::error(Code::ScenarioMissingField, what)
                .at(self.sc.file, def.span.clone())
                .label("the firing player places it")
                .help(help)
                .into()
        };
        let hex = match (def.hex, open.as_slice()) {
            (Some(h), _) if open.contains(&h) => h,
            (None, [only]) => *only,
            (given, _) => {
                return Err(refuse(
                    match given {
                        Some(h) => format!(
                            "missile `{}` cannot be placed in {}: not next to {} in the group's arcs",
                            def.id,
                            h.display(),
                            self.id(attacker)
                        ),
                        None => format!(
                            "missile `{}` may be placed in {} hexes next to {}",
                            def.id,
                            open.len(),
                            self.id(attacker)
                        ),
                    },
                    format!(
                        "a missile is placed in a hex next to its launcher inside the group's arcs (Talon rulebook 13.2): give `missile = {{ hex = \"…\" }}` on the shot, one of {}",
                        open.iter()
                            .map(|h| h.display())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ));
            }
        };
        let facing = match (toward(hex, goal), def.heading) {
            (Some(Next::One(n)), _) => heading_to(hex, n),
            (Some(Next::Either(a, b)), Some(h)) if [a, b].contains(&hex.neighbour(h)) => Some(h),
            (Some(Next::Either(a, b)), _) => {
                return Err(refuse(
                    format!(
                        "missile `{}` may face either of two hex sides toward {}",
                        def.id,
                        self.id(target)
                    ),
                    format!(
                        "the ruler to the target runs along an edge, so the firing player picks the hex side (Talon rulebook 13.2): give `missile = {{ heading = {} }}` or {}",
                        heading_to(hex, a).map_or(0, Heading::degrees),
                        heading_to(hex, b).map_or(0, Heading::degrees)
                    ),
                ));
            }
            (None, given) => given.or(Some(heading)),
        };
        let missile = &mut self.missiles[m];
        missile.hex = Some(hex);
        missile.heading = facing;
        missile.status = MissileStatus::Flying;
        missile.path.clear();
        missile.path.push(hex);
        step!(
            steps,
            rules::MISSILE_LAUNCH,
            format!("{}: missile {} launched", self.id(attacker), def.id),
            format!(
                "Placed in {}, next to {} in the group's arc, facing {}° toward {}; it flies from the next impulse, one hex every impulse (13.4), and hits only {} (its number is written on it).",
                hex.display(),
                self.id(attacker),
                facing.map_or(0, Heading::degrees),
                self.id(target),
                self.id(target)
            )
        )?;
        if hex == goal {
            let arc = self.arc_toward(steps, target, goal, from)?;
            self.detonate(
                steps,
                m,
                (arc, CAME_THROUGH),
                "it is placed in its target's hex",
            )?;
        }
        Ok(())
    }

    /// Talon rulebook 13.7: a ship with launchers spends a power to send a missile after an enemy
    /// ship in a launcher group's arc and range; one already in the missile's hex is hit at
    /// once, on an arc the dice pick.
    pub fn retarget(&mut self, steps: &mut Steps, spend: &SpendDef) -> Result<(), Stop> {
        let (Some(m), Some(target)) = (spend.missile, spend.target) else {
            return Ok(());
        };
        let ship = spend.ship;
        let refuse = |why: String, span: &Range<usize>| -> Stop {
            Finding::error(Code::ScenarioIllegalChoice, why)
                .at(self.sc.file, span.clone())
                .label("not allowed here")
                .help("the new target is an enemy ship in the arc and range of one of the spending ship's missile launcher groups, and the missile must be flying (Talon rulebook 13.7)")
                .into()
        };
        if self.missiles.get(m).map(|x| x.status) != Some(MissileStatus::Flying) {
            return Err(refuse(
                format!("missile `{}` is not in flight", self.sc.missiles[m].id),
                &spend.span,
            ));
        }
        if self.side(target) == self.side(ship) || !self.state[target].in_play() {
            return Err(refuse(
                format!("`{}` is no enemy ship in play", self.id(target)),
                &spend.span,
            ));
        }
        if !self.launcher_reaches(ship, target) {
            return Err(refuse(
                format!(
                    "`{}` is in no missile launcher group's arc and range of `{}`",
                    self.id(target),
                    self.id(ship)
                ),
                &spend.span,
            ));
        }
        let old = self.missiles[m].target;
        self.missiles[m].target = Some(target);
        step!(
            steps,
            rules::MISSILE_RETARGET,
            format!(
                "{} sends missile {} after {}",
                self.id(ship),
                self.sc.missiles[m].id,
                self.id(target)
            ),
            format!(
                "One power: the missile's number is written on {} and wiped from {}; the missile need not be in the ship's arc.",
                self.id(target),
                old.map_or("no ship", |o| self.id(o))
            )
        )?;
        if self.missiles[m].hex.is_some() && self.missiles[m].hex == self.at[target].0 {
            let arc = self.random_arc(steps, target, "missile", rules::MISSILE_RETARGET)?;
            // 13.7: the dice pick the arc, as for a blast; the missile came through none.
            self.detonate(
                steps,
                m,
                (arc, "the dice picked"),
                "the new target is already in its hex",
            )?;
        }
        Ok(())
    }

    /// Whether one of `ship`'s missile groups has `target` in its arcs and range.
    fn launcher_reaches(&self, ship: usize, target: usize) -> bool {
        let (Some(from), Some(heading)) = self.at[ship] else {
            return false;
        };
        let Some(to) = self.at[target].0 else {
            return false;
        };
        let Some(seen) = arc_of(from, heading, to) else {
            return false;
        };
        self.class(ship).is_some_and(|c| {
            c.weapon_group.iter().any(|g| {
                self.cards.weapon(&g.weapon).is_some_and(|w| {
                    w.kind() == WeaponKind::Missile
                        && w.in_range(from.distance(to))
                        && g.arcs.iter().any(|a| seen.contains(*a))
                })
            })
        })
    }
}

/// The heading from `from` toward its neighbour `to`.
pub fn heading_to(from: Hex, to: Hex) -> Option<Heading> {
    (0..6u8).map(Heading).find(|h| from.neighbour(*h) == to)
}

//! Missiles after launch (Talon rulebook 13.2–13.7): a counter placed next to its launcher,
//! facing its target; it moves in every impulse (speed 6), turning one hex side at most and
//! never sideslipping, always into a hex nearer its target where one is (13.4); it hits its
//! target for 2 when either enters the other's hex (13.5); one source of 3 or more damage
//! destroys it, less turns it to its damaged side, and any damage on that side destroys it
//! (13.6); a ship with launchers may spend power to send it after a new target (13.7).
//! Planets destroy missiles that enter them (17.2.1); so does leaving the map (13.4).

use super::board::{CAME_THROUGH, Fleet, MissileStatus};
use super::geometry::{Seen, arc_of};
use super::{Steps, Stop, choice, rules, step};
use crate::cards::talon::{Arc, WeaponKind};
use crate::parse::scenario::talon::{Heading, Hex, LETTERS, Move, TerrainKind};
use crate::report::{Code, Finding};

/// The three ways a missile can go from where it is (13.4: turn radius 0, no sideslip).
const MOVES: [Move; 3] = [Move::Straight, Move::Left, Move::Right];

impl Fleet<'_> {
    /// The damage a missile does on arrival (the missile weapon's, 2).
    fn missile_damage(&self) -> u32 {
        self.cards
            .weapons
            .iter()
            .find(|w| w.kind() == WeaponKind::Missile)
            .and_then(|w| w.damage)
            .map_or(0, u32::from)
    }

    /// Talon rulebook 13.5: the missile hits its target for 2 on `arc` (damaged or not);
    /// `arc_by` says how the arc was found ("it came through", or the dice of 13.7).
    pub fn detonate(
        &mut self,
        steps: &mut Steps,
        m: usize,
        (arc, arc_by): (Arc, &str),
        how: &str,
    ) -> Result<(), Stop> {
        let Some(target) = self.missiles[m].target else {
            return Ok(());
        };
        self.missiles[m].status = MissileStatus::Hit;
        let damage = self.missile_damage();
        let id = &self.sc.missiles[m].id;
        step!(
            steps,
            rules::MISSILE_DETONATION,
            format!("Missile {id} hits {}", self.id(target)),
            format!(
                "The missile and its target meet ({how}): it detonates at once for {damage} on the {} shield arc {arc_by}{}.",
                arc.as_str(),
                if self.missiles[m].damaged {
                    " (a damaged missile still does its full damage)"
                } else {
                    ""
                }
            )
        )?;
        let what = if steps.on {
            format!("Missile {id}")
        } else {
            String::new()
        };
        self.hit(steps, target, arc, damage, &what)
    }

    /// Talon rulebook 13.6: damage from one source on a missile.
    pub fn damage_missile(
        &mut self,
        steps: &mut Steps,
        m: usize,
        damage: u32,
        what: &str,
    ) -> Result<(), Stop> {
        if damage == 0 || self.missiles[m].status != MissileStatus::Flying {
            return Ok(());
        }
        let kill = u32::from(self.numbers.missile_kill_damage);
        let missile = &mut self.missiles[m];
        let text = if damage >= kill {
            missile.status = MissileStatus::Destroyed;
            format!("{damage} from one source, {kill} or more: it is destroyed.")
        } else if missile.damaged {
            missile.status = MissileStatus::Destroyed;
            format!("{damage} on its damaged side: it is destroyed.")
        } else {
            missile.damaged = true;
            format!("{damage}, less than {kill}: it is turned to its damaged side.")
        };
        step!(
            steps,
            rules::MISSILE_SHOT_DOWN,
            format!("{what}: missile {}", self.sc.missiles[m].id),
            text
        )?;
        Ok(())
    }

    /// Talon rulebook 13.4: one move of a flying missile in `impulse`. `on_map` tells whether a hex
    /// is on the map (missiles never float it).
    pub fn fly_missile(
        &mut self,
        steps: &mut Steps,
        m: usize,
        impulse: usize,
        on_map: &dyn Fn(Hex) -> bool,
    ) -> Result<(), Stop> {
        let def = &self.sc.missiles[m];
        let missile = &self.missiles[m];
        let (Some(hex), Some(heading)) = (missile.hex, missile.heading) else {
            return Ok(());
        };
        let Some(target) = missile.target.filter(|&t| self.state[t].in_play()) else {
            step!(
                steps,
                rules::MISSILE_TRACKING,
                format!("Missile {}", def.id),
                "Its target is out of play. The rulebook has missiles follow their targets until they hit or are destroyed, and says nothing of a target that is gone: it stays where it is until a ship sends it after a new target (13.7)."
            )?;
            return Ok(());
        };
        let Some(goal) = self.at[target].0 else {
            return Ok(());
        };
        // Three options at most: kept on the stack, as a missile moves every impulse.
        let options: [(Move, Heading, Hex); 3] = MOVES.map(|mv| {
            let facing = match mv {
                Move::Left => heading.left(),
                Move::Right => heading.right(),
                _ => heading,
            };
            (mv, facing, hex.neighbour(facing))
        });
        let now = hex.distance(goal);
        let mut nearer = [&options[0]; 3];
        let mut count = 0;
        for option in options.iter().filter(|o| o.2.distance(goal) < now) {
            nearer[count] = option;
            count += 1;
        }
        let all = options.each_ref();
        let legal: &[&(Move, Heading, Hex)] = if count == 0 { &all } else { &nearer[..count] };
        let (mv, facing, to) = self.missile_choice(m, impulse, legal)?;
        self.missiles[m].next_move += 1;
        self.missiles[m].hex = Some(to);
        self.missiles[m].heading = Some(facing);
        self.missiles[m].path.push(to);
        let planet = self.has_terrain(to, TerrainKind::Planet);
        let off = !on_map(to);
        step!(
            steps,
            rules::MISSILE_MOVEMENT,
            format!("Missile {}: {}", def.id, mv.as_str()),
            format!(
                "{} → {}, facing {}°; {} hex(es) from {} (was {now}){}.",
                hex.display(),
                to.display(),
                facing.degrees(),
                to.distance(goal),
                self.id(target),
                if legal.len() < options.len() {
                    ", a hex nearer its target as it must"
                } else {
                    ", no hex was nearer, so any move was open"
                }
            )
        )?;
        if planet || off {
            self.missiles[m].status = MissileStatus::Destroyed;
            step!(
                steps,
                if planet {
                    rules::PLANETS
                } else {
                    rules::MISSILE_MOVEMENT
                },
                format!("Missile {}", def.id),
                if planet {
                    "A missile that moves into a planet's hex is destroyed."
                } else {
                    "It leaves the map, which missiles never float: it is destroyed."
                }
            )?;
            return Ok(());
        }
        if to == goal {
            let arc = self.arc_toward(steps, target, goal, hex)?;
            self.detonate(
                steps,
                m,
                (arc, CAME_THROUGH),
                "it moves into its target's hex",
            )?;
        }
        Ok(())
    }

    /// The move the owner chose (the missile's `moves`), checked; else the only legal one.
    fn missile_choice(
        &self,
        m: usize,
        impulse: usize,
        legal: &[&(Move, Heading, Hex)],
    ) -> Result<(Move, Heading, Hex), Stop> {
        let def = &self.sc.missiles[m];
        let next = self.missiles[m].next_move;
        let letter = LETTERS.get(impulse).copied().unwrap_or("?");
        match def.moves.get(next) {
            Some((chosen, span)) => legal
                .iter()
                .find(|o| o.0 == *chosen)
                .map(|o| **o)
                .ok_or_else(|| {
                    Finding::error(
                        Code::ScenarioIllegalChoice,
                        format!(
                            "missile `{}` cannot go {} in impulse {letter}: it must move into a hex nearer its target",
                            def.id,
                            chosen.as_str()
                        ),
                    )
                    .at(self.sc.file, span.clone())
                    .label("not nearer its target")
                    .help(format!(
                        "a missile moves into a hex nearer its target whenever one is (Talon rulebook 13.4); here: {}",
                        names(legal)
                    ))
                    .into()
                }),
            None => match legal {
                [only] => Ok(**only),
                _ => Err(Finding::error(
                    Code::ScenarioMissingField,
                    format!(
                        "missile `{}` has a choice in impulse {letter}: {}",
                        def.id,
                        names(legal)
                    ),
                )
                .at(self.sc.file, def.span.clone())
                .label("its owner chooses")
                .help(format!(
                    "hexes equally near its target are its owner's choice (Talon rulebook 13.4): give the missile `moves` (its move {} is the one for impulse {letter})",
                    next + 1
                ))
                .into()),
            },
        }
    }

    /// The arc of `ship` (at `at`) facing the hex `from`; an edge is taken as its first arc.
    pub fn arc_toward(
        &mut self,
        steps: &mut Steps,
        ship: usize,
        at: Hex,
        from: Hex,
    ) -> Result<Arc, Stop> {
        let Some(heading) = self.at[ship].1 else {
            return Ok(Arc::Forward);
        };
        match arc_of(at, heading, from) {
            Some(Seen::Edge(a, b)) => {
                choice!(
                    steps,
                    rules::SHIELD_ARCS,
                    format!("{}: shield hit", self.id(ship)),
                    format!(
                        "It comes along {}'s {}/{} edge; the rulebook does not say which shield takes it, so the {} shield is taken.",
                        self.id(ship),
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
}

/// "straight (to 0605) or left (to 0604)".
fn names(options: &[&(Move, Heading, Hex)]) -> String {
    options
        .iter()
        .map(|(mv, _, to)| format!("{} (to {})", mv.as_str(), to.display()))
        .collect::<Vec<_>>()
        .join(" or ")
}

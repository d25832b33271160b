//! After impulse F (Talon rulebook 3.2): a plan with moves left over is refused; the energy
//! phase (9, with the round's damage, bars and markers); a black hole's pull (18.2); the
//! retreat phase (11.1.2).

use super::energy::{self, Input};
use super::round::{Pull, Round};
use super::ruler::{Next, toward};
use super::{Steps, Stop, rules, step};
use crate::parse::scenario::talon::{Hex, TerrainKind};
use crate::report::{Code, Finding};

impl<'a> Round<'a> {
    /// Talon rulebook 4.1, 7.1: a plan with moves left over asks for more moves than the speed.
    pub(super) fn leftover_moves(&self) -> Result<(), Stop> {
        for (ship, def) in self.sc.ships.iter().enumerate() {
            if !self.fleet.state[ship].in_play() {
                continue;
            }
            if let Some((_, span)) = def.moves.get(self.next_move[ship]) {
                let speed = def.curve.map_or(0, |c| c.speed);
                return Err(Finding::error(
                    Code::ScenarioIllegalChoice,
                    format!(
                        "`{}` plans {} moves, and at speed {speed} it moves in {} impulse(s) of the round",
                        def.id,
                        def.moves.len(),
                        self.next_move[ship]
                    ),
                )
                .at(self.sc.file, span.clone())
                .label("a move the curve does not allow")
                .help("a ship moves exactly in the impulses whose box holds its speed (Talon rulebook 4.1): remove the extra moves or change its curve")
                .into());
            }
        }
        Ok(())
    }

    /// Ship indices, the initiative holder's first, each side in file order (what a stable
    /// sort on "not the holder's" gives, without a list).
    fn holder_first(&self) -> impl Iterator<Item = usize> + use<'a> {
        let sc = self.sc;
        let holder = Some(self.holder);
        let n = sc.ships.len();
        let mine = move |i: &usize| sc.ships[*i].side == holder;
        (0..n).filter(mine).chain((0..n).filter(move |i| !mine(i)))
    }

    /// Talon rulebook 9.x with what the round did: damage, markers, bars fired and charged.
    pub(super) fn energy_phase(&mut self, steps: &mut Steps) -> Result<(), Stop> {
        let sc = self.sc;
        if steps.on {
            energy::announce(sc, Some(self.holder), steps)?;
        }
        for ship in self.holder_first() {
            let def = &sc.ships[ship];
            let Some(class) = def.class else { continue };
            let state = &self.fleet.state[ship];
            if !state.in_play() {
                continue;
            }
            let hull = class.hull_boxes.len() as u32;
            // The ship's one bar set, or each fighter still flying (12.1.1).
            let first = if state.fighters.is_empty() {
                0
            } else {
                state.living_fighters(hull).next().unwrap_or(0)
            };
            let bars_of = |unit: usize| state.bars.get(unit).unwrap_or(&[]);
            let input = Input {
                curve: def.curve.unwrap_or(class.default_curve),
                charge: bars_of(first),
                hull_lost: if state.fighters.is_empty() {
                    state.hull_lost
                } else {
                    0
                },
                power_relay: state.power_relay,
                power_loss: state.power_loss(),
                wanted: def.speed.as_ref().map(|(s, _)| *s),
            };
            let mut result = energy::phase(&def.id, class, &input, sc.round, steps)?;
            for unit in state.living_fighters(hull).skip(1) {
                result.fighters.push(energy::charge_groups(
                    &def.id,
                    class,
                    bars_of(unit),
                    input.power_loss,
                    steps,
                )?);
            }
            if !self.fleet.state[ship].fighters.is_empty() {
                result.fighters.insert(0, result.groups.clone());
            }
            self.energy[ship] = Some(result);
        }
        self.next_round = energy::end_of_round(sc.round, steps)?;
        Ok(())
    }

    /// Talon rulebook 18.2: once a round, right after the energy phase, every ship (bases too)
    /// moves one hex toward each black hole, the initiative player's first; facings and
    /// turn radius markers stay as they were.
    pub(super) fn gravity(&mut self, steps: &mut Steps) -> Result<(), Stop> {
        let holes: Vec<Hex> = self
            .fleet
            .terrain
            .iter()
            .filter(|t| !t.removed && t.kind == TerrainKind::BlackHole)
            .map(|t| t.hex)
            .collect();
        for hole in holes {
            for ship in self.holder_first() {
                if !self.fleet.state[ship].in_play() {
                    continue;
                }
                let Some(from) = self.fleet.at[ship].0 else {
                    continue;
                };
                let Some(to) = self.pull_hex(ship, from, hole)? else {
                    continue;
                };
                self.fleet.at[ship].0 = Some(to);
                self.pulls.push(Pull { ship, from, to });
                step!(
                    steps,
                    rules::GRAVITY,
                    format!("{} is pulled toward the black hole", self.sc.ships[ship].id),
                    format!(
                        "After the energy phase every ship moves one hex toward the black hole in {}, along the ruler: {} → {}, keeping its facing; its turn radius marker moves with it.",
                        hole.display(),
                        from.display(),
                        to.display()
                    )
                )?;
                self.fleet.enter(steps, ship, from, to)?;
            }
        }
        Ok(())
    }

    /// The hex the pull takes `ship` to; on an edge, the owner's `pull`.
    fn pull_hex(&self, ship: usize, from: Hex, hole: Hex) -> Result<Option<Hex>, Stop> {
        let def = &self.sc.ships[ship];
        Ok(match toward(from, hole) {
            None => None,
            Some(Next::One(h)) => Some(h),
            Some(Next::Either(a, b)) => match &def.pull {
                Some((h, _)) if *h == a || *h == b => Some(*h),
                given => {
                    let span = given.as_ref().map_or(def.span.clone(), |(_, s)| s.clone());
                    return Err(Finding::error(
                        Code::ScenarioMissingField,
                        format!(
                            "the black hole's pull on `{}` runs along the edge between {} and {}: its owner picks one",
                            def.id,
                            a.display(),
                            b.display()
                        ),
                    )
                    .at(self.sc.file, span)
                    .label("the owner's choice")
                    .help(format!(
                        "where the ruler to the black hole passes along a hex edge the ship's owner picks the hex (Talon rulebook 18.2): add `pull = \"{}\"` or `pull = \"{}\"` to the ship",
                        a.display(),
                        b.display()
                    ))
                    .into());
                }
            },
        })
    }

    /// Talon rulebook 11.1.2–11.1.4: a ship the scenario retreats jumps to FTL after the energy
    /// phase, if its drive is warm, its speed is 1, it is in no nebula or asteroid hex, and
    /// it has an FTL drive at all; squadrons docked aboard a carrier go with it (16).
    pub(super) fn retreat_phase(&mut self, steps: &mut Steps) -> Result<(), Stop> {
        for ship in self.holder_first() {
            let def = &self.sc.ships[ship];
            let Some(retreat_span) = &def.retreat else {
                continue;
            };
            if !self.fleet.state[ship].in_play() {
                continue;
            }
            if let Some(why) = self.cannot_jump(ship) {
                return Err(Finding::error(
                    Code::ScenarioIllegalChoice,
                    format!("`{}` cannot jump to FTL this round: {why}", def.id),
                )
                .at(self.sc.file, retreat_span.clone())
                .label("no retreat")
                .help("to retreat a ship warms its FTL drive (the round of its hull boxes), slows to speed 1, and jumps after the energy phase from a hex without nebula or asteroids; bases and fighters have no FTL drive (Talon rulebook 11.1.2–11.1.4)")
                .into());
            }
            let aboard = self.retreat_with_docked(ship);
            step!(
                steps,
                rules::RETREAT,
                format!("{} jumps to FTL", def.id),
                format!(
                    "Its FTL drive is warm and its speed is 1: after the energy phase it leaves normal space, whatever is ahead of it, and is set aside{}.",
                    if aboard.is_empty() {
                        String::new()
                    } else {
                        format!(
                            "; the squadron(s) aboard go with it ({})",
                            self.ids_of(&aboard)
                        )
                    }
                )
            )?;
        }
        Ok(())
    }

    fn cannot_jump(&self, ship: usize) -> Option<String> {
        let def = &self.sc.ships[ship];
        let class = def.class?;
        let energy = self.energy[ship].as_ref();
        let speed = energy
            .and_then(|e| e.chosen.filter(|_| e.speed_allowed))
            .map(|(c, _)| c.speed)
            .or(def.curve.map(|c| c.speed));
        let hex = self.fleet.at[ship].0;
        let terrain = hex.is_some_and(|h| {
            self.fleet.has_terrain(h, TerrainKind::Nebula)
                || self.fleet.has_terrain(h, TerrainKind::Asteroid)
        });
        if class.is_base() {
            Some("a base has no FTL drive (11.1.4)".into())
        } else if class.is_fighter() {
            Some(
                "fighters have no FTL drive; they dock on a carrier, which takes them (11.1.4, 16)"
                    .into(),
            )
        } else if self.sc.round.is_none() {
            Some(
                "the scenario gives no `round`, so whether its drive is warm is unknown (11.1.3)"
                    .into(),
            )
        } else if energy.and_then(|e| e.ftl_warm) != Some(true) {
            Some(format!(
                "its drive warms in the energy phase of round {} (its hull boxes), and this is round {}",
                class.hull_boxes.len(),
                self.sc.round.unwrap_or(0)
            ))
        } else if self.fleet.state[ship].ftl_offline {
            Some("its FTL drive is offline (critical damage)".into())
        } else if speed != Some(self.fleet.numbers.retreat_speed) {
            Some(format!(
                "its speed after the energy phase is {}, not {}",
                speed.unwrap_or(0),
                self.fleet.numbers.retreat_speed
            ))
        } else if terrain {
            Some("it is in a nebula or asteroid hex (11.1.4)".into())
        } else {
            None
        }
    }
}

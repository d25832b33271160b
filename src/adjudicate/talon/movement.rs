//! A side's movement in one impulse (Talon rulebook 7, 10.2, 13.4, 14, 16): bases rotate;
//! ships that must move take their next planned move; afterburners move ships in impulses
//! they would not; then the side's missiles fly. Ships move in file order, the order the
//! owner chose (7.1: "en cualquier orden").

use super::impulse::must_move;
use super::round::Round;
use super::{Steps, Stop, rules, step};
use crate::cards::talon::{Impulse, Side};
use crate::parse::scenario::talon::{Heading, Hex, LETTERS, Move};
use crate::report::{Code, Finding};
use std::ops::Range;

/// Why a ship moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// Its speed says it must (4.1, 7.1).
    Speed,
    /// It burns an afterburner (10.2.2).
    Afterburner,
}

impl<'a> Round<'a> {
    pub(super) fn move_side(
        &mut self,
        impulse: usize,
        side: Side,
        chart: &Impulse,
        steps: &mut Steps,
    ) -> Result<(), Stop> {
        for ship in 0..self.sc.ships.len() {
            let def = &self.sc.ships[ship];
            let (Some(curve), Some(class)) = (def.curve, def.class) else {
                continue;
            };
            if def.side != Some(side)
                || !self.fleet.state[ship].in_play()
                || !must_move(chart, curve)
            {
                continue;
            }
            if class.is_base() {
                self.rotate_base(ship, steps)?;
            } else {
                let Some((planned, span)) = def.moves.get(self.next_move[ship]) else {
                    return Err(self.one_move_short(impulse, ship));
                };
                self.next_move[ship] += 1;
                self.move_ship(impulse, ship, *planned, span, Why::Speed, steps)?;
            }
            self.moved_in[ship].push(impulse);
        }
        self.afterburners(impulse, side, chart, steps)?;
        let map = self.sc.map;
        let on_map = move |h: Hex| {
            map.is_none_or(|(columns, rows)| super::geometry::on_map(h, columns, rows))
        };
        for m in 0..self.fleet.missiles.len() {
            if self.sc.missiles[m].side == Some(side)
                && self.fleet.missiles[m].status == super::board::MissileStatus::Flying
                && !self.launched_this_impulse(m, impulse)
            {
                self.fleet.fly_missile(steps, m, impulse, &on_map)?;
            }
        }
        Ok(())
    }

    /// A missile launched by a shot of this impulse is placed after the side's moves.
    fn launched_this_impulse(&self, m: usize, impulse: usize) -> bool {
        self.sc.missiles[m]
            .launched_by
            .and_then(|s| self.sc.shots.get(s))
            .is_some_and(|s| s.impulse == Some(impulse))
    }

    fn one_move_short(&self, impulse: usize, ship: usize) -> Stop {
        let def = &self.sc.ships[ship];
        Finding::error(
            Code::ScenarioIllegalChoice,
            format!(
                "`{}` must move in impulse {}, and its `moves` has only {} move(s)",
                def.id,
                LETTERS[impulse],
                def.moves.len()
            ),
        )
        .at(self.sc.file, def.span.clone())
        .label("one move short")
        .help("a ship moves in every impulse whose box holds its speed, and must (Talon rulebook 4.1, 7.1): add a move")
        .into()
    }

    /// Talon rulebook 14: a base turns one hex side clockwise instead of moving.
    fn rotate_base(&mut self, ship: usize, steps: &mut Steps) -> Result<(), Stop> {
        let (hex, heading) = self.fleet.at[ship];
        let Some(heading) = heading else {
            return Ok(());
        };
        let turned = heading.right();
        self.fleet.at[ship] = (hex, Some(turned));
        step!(
            steps,
            rules::BASES,
            format!("{} rotates", self.sc.ships[ship].id),
            format!(
                "A base turns one hex side clockwise: facing {}° → {}°.",
                heading.degrees(),
                turned.degrees()
            )
        )?;
        Ok(())
    }

    /// Talon rulebook 10.2: afterburners burnt this impulse by the side's ships.
    fn afterburners(
        &mut self,
        impulse: usize,
        side: Side,
        chart: &Impulse,
        steps: &mut Steps,
    ) -> Result<(), Stop> {
        let sc = self.sc;
        let mut burnt: Vec<usize> = Vec::new();
        for burn in sc.afterburners.iter().filter(|b| b.impulse == impulse) {
            let def = &sc.ships[burn.ship];
            if def.side != Some(side) {
                continue;
            }
            if !self.fleet.state[burn.ship].in_play() {
                step!(
                    steps,
                    rules::DESTRUCTION,
                    format!("{}: afterburner", def.id),
                    "It is out of play: nothing burns."
                )?;
                continue;
            }
            let have = def.class.map_or(0, |c| c.afterburners);
            let used = self.fleet.state[burn.ship].afterburners_used;
            let scheduled = def.curve.is_some_and(|c| must_move(chart, c));
            let why = if scheduled {
                Some(format!(
                    "`{}` moves in impulse {} already: an afterburner moves a ship only in an impulse it is not to move",
                    def.id, LETTERS[impulse]
                ))
            } else if burnt.contains(&burn.ship) {
                Some(format!(
                    "`{}` burns a second afterburner in impulse {}: one an impulse at most",
                    def.id, LETTERS[impulse]
                ))
            } else if used >= have {
                Some(format!(
                    "`{}` has {have} afterburner(s) and has burnt {used}",
                    def.id
                ))
            } else {
                None
            };
            if let Some(why) = why {
                return Err(Finding::error(Code::ScenarioIllegalChoice, why)
                    .at(sc.file, burn.span.clone())
                    .label("no afterburner here")
                    .help("an afterburner moves a ship one hex in an impulse it is not scheduled to move, one an impulse, and each burns once (Talon rulebook 10.2.2, 10.2.3)")
                    .into());
            }
            burnt.push(burn.ship);
            self.fleet.state[burn.ship].afterburners_used += 1;
            step!(
                steps,
                rules::AFTERBURNERS,
                format!("{}: afterburner", def.id),
                format!(
                    "Not scheduled to move in impulse {}, it burns afterburner {} of {have} (crossed off for good) to move one hex under the normal rules.",
                    LETTERS[impulse],
                    used + 1
                )
            )?;
            self.move_ship(
                impulse,
                burn.ship,
                burn.movement,
                &burn.span,
                Why::Afterburner,
                steps,
            )?;
            self.moved_in[burn.ship].push(impulse);
        }
        Ok(())
    }

    /// One move (Talon rulebook 7.1–7.3), then what entering the hex brings (7.4, 13.5,
    /// 17–19), or docking (16.2).
    pub(super) fn move_ship(
        &mut self,
        impulse: usize,
        ship: usize,
        planned: Move,
        span: &Range<usize>,
        why: Why,
        steps: &mut Steps,
    ) -> Result<(), Stop> {
        let (Some(from), Some(heading)) = self.fleet.at[ship] else {
            return Ok(());
        };
        let (facing, to, rule) =
            self.check_move(impulse, ship, (from, heading), planned, span, why)?;
        let marker = self.turn_marker[ship];
        let sideslip_marker = self.sideslip[ship];
        if self.dock(ship, to, span, steps)? {
            self.sideslip[ship] = false;
            return Ok(());
        }
        let to = self.float_map(impulse, ship, to, steps)?;
        let from = self.fleet.at[ship].0.unwrap_or(from);
        self.fleet.at[ship] = (Some(to), Some(facing));
        // Talon rulebook 6.1, 7.3.2: the sideslip marker goes at the next move, used or not.
        self.sideslip[ship] = false;
        let penalty = self.fleet.state[ship].turn_penalty;
        let radius = self.sc.ships[ship].curve.and_then(|c| c.turn).unwrap_or(0) + penalty;
        let after = match planned {
            Move::Left | Move::Right => radius,
            _ => marker.saturating_sub(1),
        };
        self.turn_marker[ship] = after;
        step!(
            steps,
            rule,
            format!("{}: {}", self.sc.ships[ship].id, planned.as_str()),
            {
                describe_move(
                    &self.sc.ships[ship].id,
                    planned,
                    (from, to),
                    (heading, facing),
                    (marker, after, radius, penalty),
                    sideslip_marker,
                )
            }
        )?;
        self.fleet.enter(steps, ship, from, to)
    }

    /// Where the move goes, or why the rules refuse it: a turn before the marker is reached
    /// (7.2.2) or with the helm down (8.5), a sideslip without a marker (7.3.2; an
    /// afterburner may sideslip without one, 10.2.2).
    fn check_move(
        &self,
        impulse: usize,
        ship: usize,
        (from, heading): (Hex, Heading),
        planned: Move,
        span: &Range<usize>,
        why: Why,
    ) -> Result<(Heading, Hex, crate::adjudicate::Cite), Stop> {
        let def = &self.sc.ships[ship];
        let marker = self.turn_marker[ship];
        let illegal = |why: String, help: &str| -> Stop {
            Finding::error(Code::ScenarioIllegalChoice, why)
                .at(self.sc.file, span.clone())
                .label("not allowed here")
                .help(help.to_string())
                .into()
        };
        let letter = LETTERS[impulse];
        match planned {
            Move::Straight => Ok((heading, from.neighbour(heading), rules::MOVEMENT)),
            Move::Left | Move::Right => {
                if self.fleet.state[ship].has(super::board::CriticalMarker::HelmDown) {
                    return Err(illegal(
                        format!(
                            "`{}` cannot turn in impulse {letter}: its helm is down",
                            def.id
                        ),
                        "a Helm Down critical (Talon rulebook 8.5, \"Timón Inoperativo\") stops turns until it is repaired (8.7): move straight or sideslip",
                    ));
                }
                if marker > 0 {
                    return Err(illegal(
                        format!(
                            "`{}` cannot turn in impulse {letter}: its turn radius marker is {marker} hex(es) away",
                            def.id
                        ),
                        "a ship turns only once it has moved as many hexes as its turn radius since its last turn (Talon rulebook 7.2.2): move straight, sideslip, or spend power to bring the marker nearer (6.1)",
                    ));
                }
                let turned = if planned == Move::Left {
                    heading.left()
                } else {
                    heading.right()
                };
                Ok((turned, from.neighbour(turned), rules::TURN))
            }
            Move::SideslipLeft | Move::SideslipRight => {
                if !self.sideslip[ship] && why != Why::Afterburner {
                    return Err(illegal(
                        format!(
                            "`{}` has no sideslip marker for a sideslip in impulse {letter}",
                            def.id
                        ),
                        "a sideslip needs a marker bought with power before the move: add a [[spend]] with `on = \"sideslip\"` in this or an earlier impulse (Talon rulebook 6.1, 7.3.2)",
                    ));
                }
                let side = if planned == Move::SideslipLeft {
                    heading.left()
                } else {
                    heading.right()
                };
                Ok((heading, from.neighbour(side), rules::SIDESLIP))
            }
        }
    }
}

/// The trace's words for one move.
fn describe_move(
    id: &str,
    planned: Move,
    (from, to): (Hex, Hex),
    (heading, facing): (Heading, Heading),
    (marker, after, radius, penalty): (u8, u8, u8, u8),
    sideslip_marker: bool,
) -> String {
    let how = match planned {
        Move::Straight => "one hex forward".to_string(),
        Move::Left | Move::Right => format!(
            "turns one hex side {} ({}° → {}°), then one hex forward",
            planned.as_str(),
            heading.degrees(),
            facing.degrees()
        ),
        _ => format!(
            "one hex forward-{}, keeping its facing ({})",
            if planned == Move::SideslipLeft {
                "left"
            } else {
                "right"
            },
            if sideslip_marker {
                "the sideslip marker is used"
            } else {
                "an afterburner's move may sideslip without a marker"
            }
        ),
    };
    let thrusters = if penalty > 0 {
        format!(", +{penalty} for damaged thrusters")
    } else {
        String::new()
    };
    let marker_text = match planned {
        Move::Left | Move::Right if after > 0 => {
            format!(
                "; turn radius marker placed {after} hex(es) ahead (radius {radius}{thrusters})"
            )
        }
        Move::Left | Move::Right => "; turn radius 0: it may turn at every move".into(),
        _ if marker > 0 && after == 0 => {
            "; it reaches its turn radius marker, which is removed: it may turn again".into()
        }
        _ if marker > 0 => format!("; turn radius marker {marker} → {after}"),
        _ => String::new(),
    };
    let dropped = if sideslip_marker && !matches!(planned, Move::SideslipLeft | Move::SideslipRight)
    {
        "; its unused sideslip marker is removed"
    } else {
        ""
    };
    format!(
        "{id}: {how}, {} → {}, facing {}°{marker_text}{dropped}.",
        from.display(),
        to.display(),
        facing.degrees()
    )
}

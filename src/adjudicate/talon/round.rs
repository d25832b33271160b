//! `talon/round` (Talon rulebook 3.2): a whole round. In each impulse A–F the initiative player
//! takes its turn, then the second player (4.1): its ships spend the power they gain (6.1),
//! those that must move take their next planned move — straight (7.1), a turn (7.2) or a
//! sideslip (7.3) — with collisions between ships of one race (7.4) and the floating map
//! (7.5), then its shots of that impulse are fired (8.x, as `talon/fire`). At the end of the
//! impulse the initiative markers are compared (4.2). After F comes the energy phase (9.x,
//! as `talon/energy-phase`, with the damage and the shots of the round).
//!
//! Everything is computed first; step text is only formatted when a trace is recorded, so a
//! quiet round ([`play`] with [`Steps::quiet`]) costs no formatting.
//!
//! Outcome: `{"initiative": [side per impulse], "next_initiative": side, "ships": {"<id>":
//! {… as talon/damage …, "hex", "heading", "turn_marker", "moved_in": ["A", …], "energy":
//! {… as talon/energy-phase …} or null}}, "shots": [{"impulse", … as talon/fire …}],
//! "collisions": [{"impulse", "ship", "other", "hex"}], "map_floats": [{"impulse", "by"}],
//! "blasts": [...], "next_round": n or null}`.

use super::damage::Fleet;
use super::energy::{self, Input, ShipEnergy};
use super::fire::{self, Fired, ShotResult};
use super::geometry::arc_of;
use super::impulse::{gains_power, must_move};
use super::{Played, Steps, Stop, choice, rules, step};
use crate::cards::talon::{Arc, Side};
use crate::parse::scenario::talon::{Heading, Hex, Move, Scenario, SpendOn};
use crate::report::{Code, Finding};
use serde_json::{Map, Value, json};

const LETTERS: [&str; 6] = ["A", "B", "C", "D", "E", "F"];

/// Collision damage to each ship (Talon rulebook 7.4).
const COLLISION_DAMAGE: u32 = 3;

pub fn run(sc: &Scenario, seed: Option<u64>, steps: &mut Steps) -> Played {
    let round = play(sc, seed, steps)?;
    Ok((round.final_state(), round.outcome()))
}

/// A collision: the ship that moved, the one it met, where and when.
#[derive(Debug, Clone, Copy)]
pub struct Collision {
    pub impulse: usize,
    pub mover: usize,
    pub other: usize,
    pub hex: Hex,
}

/// A round played out: what [`run`] renders, and what a quiet caller reads.
pub struct Round<'a> {
    pub sc: &'a Scenario<'a>,
    pub fleet: Fleet<'a>,
    pub turn_marker: Vec<u8>,
    sideslip: Vec<bool>,
    next_move: Vec<usize>,
    /// Impulses (0–5) in which each ship moved.
    pub moved_in: Vec<Vec<usize>>,
    fired: Fired,
    pub shots: Vec<(usize, ShotResult<'a>)>,
    pub collisions: Vec<Collision>,
    /// The map floated in an impulse by an axial `(q, r)`.
    pub floats: Vec<(usize, i32, i32)>,
    /// Who held the initiative in each impulse, and after the last.
    pub holders: [Side; 6],
    pub holder: Side,
    pub energy: Vec<Option<ShipEnergy<'a>>>,
    pub next_round: Option<u32>,
    too_big_told: bool,
}

/// Play the round; `steps` records the trace or is quiet.
pub fn play<'a>(sc: &'a Scenario, seed: Option<u64>, steps: &mut Steps) -> Result<Round<'a>, Stop> {
    let fleet = Fleet::new(sc, seed);
    fleet.check_reinforcements()?;
    let n = sc.ships.len();
    let holder = sc.initiative.unwrap_or(Side::Terran);
    let mut round = Round {
        sc,
        fleet,
        turn_marker: sc.ships.iter().map(|s| s.turn_marker).collect(),
        sideslip: vec![false; n],
        next_move: vec![0; n],
        moved_in: vec![Vec::new(); n],
        fired: Fired::new(sc),
        shots: Vec::new(),
        collisions: Vec::new(),
        floats: Vec::new(),
        holders: [holder; 6],
        holder,
        energy: vec![None; n],
        next_round: None,
        too_big_told: false,
    };
    for impulse in 0..LETTERS.len() {
        round.impulse(impulse, steps)?;
    }
    round.leftover_moves()?;
    round.energy_phase(steps)?;
    Ok(round)
}

impl<'a> Round<'a> {
    fn impulse(&mut self, impulse: usize, steps: &mut Steps) -> Result<(), Stop> {
        let cards = self.sc.cards;
        let Some(chart) = cards.impulses.get(impulse) else {
            return Ok(());
        };
        self.holders[impulse] = self.holder;
        let mut change = [0usize; 2];
        let mut defend = 0usize;
        for side in [self.holder, self.holder.other()] {
            step!(
                steps,
                rules::SEQUENCE_SUMMARY,
                format!("Impulse {}: {} turn", LETTERS[impulse], side.title()),
                format!(
                    "{}: spend power, move the ships that must move, then fire (numbers in the box: {}).",
                    if side == self.holder {
                        "The initiative player goes first"
                    } else {
                        "The second player"
                    },
                    chart
                        .numbers
                        .iter()
                        .map(u8::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            )?;
            self.spend(impulse, side, &chart.value, &mut change, &mut defend, steps)?;
            for ship in 0..self.sc.ships.len() {
                let def = &self.sc.ships[ship];
                let (Some(curve), Some(class)) = (def.curve, def.class) else {
                    continue;
                };
                if def.side != Some(side)
                    || self.fleet.state[ship].destroyed
                    || !must_move(chart, curve)
                {
                    continue;
                }
                if class.is_base() {
                    self.rotate_base(ship, steps)?;
                } else {
                    self.advance(impulse, ship, steps)?;
                }
                self.moved_in[ship].push(impulse);
            }
            self.shoot(impulse, side, steps)?;
        }
        self.settle_initiative(impulse, change, defend, steps)
    }

    /// Seed 004 6.1: each ship that gains power this impulse may spend it on one thing.
    fn spend(
        &mut self,
        impulse: usize,
        side: Side,
        chart: &crate::cards::talon::Impulse,
        change: &mut [usize; 2],
        defend: &mut usize,
        steps: &mut Steps,
    ) -> Result<(), Stop> {
        let sc = self.sc;
        let mut spent: Vec<usize> = Vec::new();
        for spend in sc.spends.iter().filter(|s| s.impulse == impulse) {
            let def = &sc.ships[spend.ship];
            if def.side != Some(side) {
                continue;
            }
            if self.fleet.state[spend.ship].destroyed {
                step!(
                    steps,
                    rules::DESTRUCTION,
                    format!("{} spends power", def.id),
                    "It was destroyed earlier in the round: nothing is spent."
                )?;
                continue;
            }
            let gains = def.curve.is_some_and(|c| gains_power(chart, c));
            if !gains || spent.contains(&spend.ship) {
                let power = def.curve.map_or(0, |c| c.power);
                return Err(Finding::error(
                    Code::ScenarioIllegalChoice,
                    if gains {
                        format!("`{}` spends power twice in impulse {}", def.id, LETTERS[impulse])
                    } else {
                        format!(
                            "`{}` gains no power in impulse {} (its power is {power})",
                            def.id, LETTERS[impulse]
                        )
                    },
                )
                .at(sc.file, spend.span.clone())
                .label("no power to spend here")
                .help("a ship gets one point of power in each impulse whose box holds its power, and spends it there (Talon rulebook 4.1, 6.1)")
                .into());
            }
            spent.push(spend.ship);
            let what = match spend.on {
                SpendOn::Sideslip => {
                    self.sideslip[spend.ship] = true;
                    "a sideslip marker: its next move may be a sideslip"
                }
                SpendOn::Change => {
                    change[usize::from(side == Side::Talon)] += 1;
                    "a Change Initiative marker"
                }
                SpendOn::Defend => {
                    *defend += 1;
                    "a Defend Initiative marker"
                }
            };
            step!(
                steps,
                if spend.on == SpendOn::Sideslip {
                    rules::SIDESLIP_MARKER
                } else {
                    rules::POWER_SPENT
                },
                format!("{} spends power", def.id),
                format!(
                    "Its point of power of impulse {} buys {what}.",
                    LETTERS[impulse]
                )
            )?;
        }
        Ok(())
    }

    /// Seed 004 14: a base turns one hex side clockwise instead of moving.
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

    /// The ship's next planned move (Talon rulebook 7.1–7.3), then any collision (7.4).
    fn advance(&mut self, impulse: usize, ship: usize, steps: &mut Steps) -> Result<(), Stop> {
        let sc = self.sc;
        let def = &sc.ships[ship];
        let Some((planned, span)) = def.moves.get(self.next_move[ship]) else {
            return Err(Finding::error(
                Code::ScenarioIllegalChoice,
                format!(
                    "`{}` must move in impulse {}, and its `moves` has only {} move(s)",
                    def.id,
                    LETTERS[impulse],
                    def.moves.len()
                ),
            )
            .at(sc.file, def.span.clone())
            .label("one move short")
            .help("a ship moves in every impulse whose box holds its speed, and must (Talon rulebook 4.1, 7.1): add a move")
            .into());
        };
        self.next_move[ship] += 1;
        let (Some(from), Some(heading)) = self.fleet.at[ship] else {
            return Ok(());
        };
        let marker = self.turn_marker[ship];
        let sideslip_marker = self.sideslip[ship];
        let illegal = |why: String, help: &str| -> Stop {
            Finding::error(Code::ScenarioIllegalChoice, why)
                .at(sc.file, span.clone())
                .label("not allowed here")
                .help(help.to_string())
                .into()
        };
        let (facing, to, rule) = match planned {
            Move::Straight => (heading, from.neighbour(heading), rules::MOVEMENT),
            Move::Left | Move::Right => {
                if marker > 0 {
                    return Err(illegal(
                        format!(
                            "`{}` cannot turn in impulse {}: its turn radius marker is {marker} hex(es) away",
                            def.id, LETTERS[impulse]
                        ),
                        "a ship turns only once it has moved as many hexes as its turn radius since its last turn (Talon rulebook 7.2.2): move straight or sideslip first",
                    ));
                }
                let turned = if *planned == Move::Left {
                    heading.left()
                } else {
                    heading.right()
                };
                (turned, from.neighbour(turned), rules::TURN)
            }
            Move::SideslipLeft | Move::SideslipRight => {
                if !sideslip_marker {
                    return Err(illegal(
                        format!(
                            "`{}` has no sideslip marker for a sideslip in impulse {}",
                            def.id, LETTERS[impulse]
                        ),
                        "a sideslip needs a marker bought with power before the move: add a [[spend]] with `on = \"sideslip\"` in this or an earlier impulse (Talon rulebook 6.1, 7.3.2)",
                    ));
                }
                let side = if *planned == Move::SideslipLeft {
                    heading.left()
                } else {
                    heading.right()
                };
                (heading, from.neighbour(side), rules::SIDESLIP)
            }
        };
        let to = self.float_map(impulse, ship, to, steps)?;
        let from = self.fleet.at[ship].0.unwrap_or(from);
        self.fleet.at[ship] = (Some(to), Some(facing));
        // Seed 004 6.1, 7.3.2: the sideslip marker goes at the next move, used or not.
        self.sideslip[ship] = false;
        let penalty = self.fleet.state[ship].turn_penalty;
        let radius = def.curve.and_then(|c| c.turn).unwrap_or(0) + penalty;
        let after = match planned {
            Move::Left | Move::Right => radius,
            _ => marker.saturating_sub(1),
        };
        self.turn_marker[ship] = after;
        step!(steps, rule, format!("{}: {}", def.id, planned.as_str()), {
            let how = match planned {
                Move::Straight => "one hex forward".to_string(),
                Move::Left | Move::Right => format!(
                    "turns one hex side {} ({}° → {}°), then one hex forward",
                    planned.as_str(),
                    heading.degrees(),
                    facing.degrees()
                ),
                _ => format!(
                    "one hex forward-{}, keeping its facing (the sideslip marker is used)",
                    if *planned == Move::SideslipLeft {
                        "left"
                    } else {
                        "right"
                    }
                ),
            };
            let marker_text = match planned {
                Move::Left | Move::Right if after > 0 => {
                    format!("; turn radius marker placed {after} hex(es) ahead (radius {radius})")
                }
                Move::Left | Move::Right => "; turn radius 0: it may turn at every move".into(),
                _ if marker > 0 && after == 0 => {
                    "; it reaches its turn radius marker, which is removed: it may turn again"
                        .into()
                }
                _ if marker > 0 => format!("; turn radius marker {marker} → {after}"),
                _ => String::new(),
            };
            let dropped = if sideslip_marker
                && !matches!(planned, Move::SideslipLeft | Move::SideslipRight)
            {
                "; its unused sideslip marker is removed"
            } else {
                ""
            };
            format!(
                "{}: {how}, {} → {}, facing {}°{marker_text}{dropped}.",
                def.id,
                from.display(),
                to.display(),
                facing.degrees()
            )
        })?;
        self.collide(impulse, ship, from, to, steps)
    }

    /// Seed 004 7.4: a ship entering a hex with a ship of its race: both take 3 on the
    /// shield facing the other. Fighters, bases (and missiles) are exempt.
    fn collide(
        &mut self,
        impulse: usize,
        mover: usize,
        came_from: Hex,
        hex: Hex,
        steps: &mut Steps,
    ) -> Result<(), Stop> {
        let sc = self.sc;
        let exempt = |i: usize| {
            sc.ships[i]
                .class
                .is_some_and(|c| c.is_base() || c.is_fighter())
        };
        if exempt(mover) {
            return Ok(());
        }
        for other in 0..sc.ships.len() {
            if other == mover
                || self.fleet.state[other].destroyed
                || self.fleet.state[mover].destroyed
                || self.fleet.at[other].0 != Some(hex)
                || sc.ships[other].side != sc.ships[mover].side
                || exempt(other)
            {
                continue;
            }
            self.collisions.push(Collision {
                impulse,
                mover,
                other,
                hex,
            });
            // The seed names "the shield facing the other ship" without saying how two
            // ships in one hex face each other; the direction of the move is taken.
            let mover_heading = self.fleet.at[mover].1;
            let mover_arc = mover_heading
                .and_then(|h| arc_of(came_from, h, hex))
                .map_or(Arc::Forward, |s| s.first());
            let other_arc = self.fleet.at[other]
                .1
                .and_then(|h| arc_of(hex, h, came_from))
                .map_or(Arc::Forward, |s| s.first());
            choice!(
                steps,
                rules::COLLISIONS,
                format!(
                    "Collision: {} and {}",
                    sc.ships[mover].id, sc.ships[other].id
                ),
                format!(
                    "{} enters {}, where {} of its race is: each takes {COLLISION_DAMAGE} on the shield facing the other ({}'s {}, {}'s {}, by the direction of the move). The owner picks which resolves first; {} is taken first.",
                    sc.ships[mover].id,
                    hex.display(),
                    sc.ships[other].id,
                    sc.ships[mover].id,
                    mover_arc.as_str(),
                    sc.ships[other].id,
                    other_arc.as_str(),
                    sc.ships[mover].id
                )
            )?;
            for (ship, arc) in [(mover, mover_arc), (other, other_arc)] {
                if self.fleet.state[ship].destroyed {
                    continue;
                }
                let what = if steps.on {
                    format!("Collision in {}", hex.display())
                } else {
                    String::new()
                };
                self.fleet.hit(steps, ship, arc, COLLISION_DAMAGE, &what)?;
            }
        }
        Ok(())
    }

    /// Seed 004 7.5.1: a ship about to leave the map floats every counter back toward the
    /// centre. Returns where the moving ship goes, after any shift.
    fn float_map(
        &mut self,
        impulse: usize,
        ship: usize,
        to: Hex,
        steps: &mut Steps,
    ) -> Result<Hex, Stop> {
        let Some((columns, rows)) = self.sc.map else {
            return Ok(to);
        };
        let offset = |h: Hex| (h.q + (h.r - (h.r & 1)) / 2, h.r);
        let on_map = |h: Hex| {
            let (c, r) = offset(h);
            (0..columns).contains(&c) && (0..rows).contains(&r)
        };
        if on_map(to) {
            return Ok(to);
        }
        let (c0, r0) = offset(to);
        let mut box_c = (c0, c0);
        let mut rws = (r0, r0);
        for (i, (hex, _)) in self.fleet.at.iter().enumerate() {
            let Some(hex) = *hex else { continue };
            if i == ship || self.fleet.state[i].destroyed {
                continue;
            }
            let (c, r) = offset(hex);
            box_c = (box_c.0.min(c), box_c.1.max(c));
            rws = (rws.0.min(r), rws.1.max(r));
        }
        let (width, height) = (box_c.1 - box_c.0 + 1, rws.1 - rws.0 + 1);
        // Shift rows by an even number, so every row keeps its half-hex offset.
        let mut dr = (rows - height) / 2 - rws.0;
        if dr % 2 != 0 {
            dr += if rws.0 + dr > 0 { -1 } else { 1 };
        }
        let dc = (columns - width) / 2 - box_c.0;
        if width > columns || height > rows || rws.0 + dr < 0 || rws.1 + dr >= rows {
            if !self.too_big_told {
                self.too_big_told = true;
                step!(
                    steps,
                    rules::FLOATING_MAP,
                    format!("{} leaves the map", self.sc.ships[ship].id),
                    format!(
                        "The ships span {width} columns and {height} rows, more than the {columns} × {rows} map holds: the map extension is needed (arbiter does not place it; positions go on in axial coordinates)."
                    )
                )?;
            }
            return Ok(to);
        }
        let (dq, dr_axial) = (dc - dr / 2, dr);
        for (hex, _) in &mut self.fleet.at {
            if let Some(h) = hex {
                *h = Hex {
                    q: h.q + dq,
                    r: h.r + dr_axial,
                };
            }
        }
        self.floats.push((impulse, dq, dr_axial));
        let to = Hex {
            q: to.q + dq,
            r: to.r + dr_axial,
        };
        step!(
            steps,
            rules::FLOATING_MAP,
            format!("The map floats for {}", self.sc.ships[ship].id),
            format!(
                "Its move would leave the {columns} × {rows} map, so every ship moves {dc} column(s) and {dr} row(s), centring them; it moves to {} instead.",
                to.display()
            )
        )?;
        Ok(to)
    }

    /// The side's shots of this impulse, in file order, as `talon/fire` fires them.
    fn shoot(&mut self, impulse: usize, side: Side, steps: &mut Steps) -> Result<(), Stop> {
        let sc = self.sc;
        let can_roll = !sc.dice.is_empty() || self.fleet.dice.seeded();
        for shot in sc.shots.iter().filter(|s| s.impulse == Some(impulse)) {
            if sc.ships[shot.attacker].side != Some(side) {
                continue;
            }
            if self.fleet.state[shot.attacker].destroyed || self.fleet.state[shot.target].destroyed
            {
                step!(
                    steps,
                    rules::DESTRUCTION,
                    format!(
                        "{} fires at {}",
                        sc.ships[shot.attacker].id, sc.ships[shot.target].id
                    ),
                    "One of the two was destroyed earlier in the round and is out of play: no shot."
                )?;
                continue;
            }
            let result = fire::fire(sc, &mut self.fleet, steps, shot, &mut self.fired, can_roll)?;
            self.shots.push((impulse, result));
        }
        Ok(())
    }

    /// Seed 004 4.2: more Change than Defend markers turn the initiative marker over.
    fn settle_initiative(
        &mut self,
        impulse: usize,
        change: [usize; 2],
        defend: usize,
        steps: &mut Steps,
    ) -> Result<(), Stop> {
        let changes = change[0] + change[1];
        if changes == 0 && defend == 0 {
            return Ok(());
        }
        let before = self.holder;
        if changes > defend {
            self.holder = before.other();
            let chooser = match change {
                [_, 0] => Some(Side::Terran),
                [0, _] => Some(Side::Talon),
                _ => None,
            };
            choice!(
                steps,
                rules::INITIATIVE,
                format!("End of impulse {}: initiative", LETTERS[impulse]),
                match chooser {
                    Some(c) => format!(
                        "{changes} Change against {defend} Defend: the initiative changes. {} may pick either side; the marker is turned over, so {} holds it.",
                        c.title(),
                        self.holder.title()
                    ),
                    None => format!(
                        "{changes} Change against {defend} Defend: the marker is turned over; {} holds the initiative. Both sides placed Change markers and the rulebook does not say who would pick.",
                        self.holder.title()
                    ),
                }
            )?;
        } else {
            step!(
                steps,
                rules::INITIATIVE,
                format!("End of impulse {}: initiative", LETTERS[impulse]),
                format!(
                    "{changes} Change against {defend} Defend: {} keeps the initiative. The markers are removed.",
                    before.title()
                )
            )?;
        }
        Ok(())
    }

    /// Seed 004 4.1, 7.1: a plan with moves left over asks for more moves than the speed.
    fn leftover_moves(&self) -> Result<(), Stop> {
        for (ship, def) in self.sc.ships.iter().enumerate() {
            if self.fleet.state[ship].destroyed {
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
                        self.moved_in[ship].len()
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

    /// Seed 004 9.x with what the round did: damage, Power Loss, bars cleared by firing.
    fn energy_phase(&mut self, steps: &mut Steps) -> Result<(), Stop> {
        let sc = self.sc;
        let order: Vec<usize> = if steps.on {
            energy::announce(sc, Some(self.holder), steps)?
        } else {
            let mut order: Vec<usize> = (0..sc.ships.len()).collect();
            order.sort_by_key(|&i| sc.ships[i].side != Some(self.holder));
            order
        };
        for ship in order {
            let def = &sc.ships[ship];
            let Some(class) = def.class else { continue };
            let state = &self.fleet.state[ship];
            if state.destroyed {
                continue;
            }
            let charge = class
                .weapon_group
                .iter()
                .enumerate()
                .map(|(g, group)| {
                    if self.fired.any(ship, g) {
                        [0, 0]
                    } else {
                        def.charge.get(g).copied().unwrap_or(
                            if def.charged.get(g).copied().unwrap_or(true) {
                                [group.red, group.yellow]
                            } else {
                                [0, 0]
                            },
                        )
                    }
                })
                .collect();
            let input = Input {
                curve: def.curve.unwrap_or(class.default_curve),
                charge,
                hull_lost: state.hull_lost,
                power_relay: state.power_relay,
                power_loss: state.power_loss,
                wanted: def.speed.as_ref().map(|(s, _)| *s),
            };
            self.energy[ship] = Some(energy::phase(&def.id, class, &input, sc.round, steps)?);
        }
        self.next_round = energy::end_of_round(sc.round, steps)?;
        Ok(())
    }

    pub fn final_state(&self) -> Vec<String> {
        let sc = self.sc;
        let mut lines: Vec<String> = sc
            .ships
            .iter()
            .enumerate()
            .filter(|(i, _)| !self.fleet.state[*i].destroyed)
            .map(|(i, def)| {
                let (hex, heading) = self.fleet.at[i];
                format!(
                    "{}: in {}, facing {}°, turn radius marker {}",
                    def.id,
                    hex.map_or("?".to_string(), Hex::display),
                    heading.map_or(0, Heading::degrees),
                    self.turn_marker[i]
                )
            })
            .collect();
        lines.extend(self.fleet.final_state());
        for (i, def) in sc.ships.iter().enumerate() {
            if let (Some(energy), Some(class)) = (&self.energy[i], def.class) {
                let input_curve = def.curve.unwrap_or(class.default_curve);
                let input = Input {
                    curve: input_curve,
                    charge: Vec::new(),
                    hull_lost: 0,
                    power_relay: 0,
                    power_loss: self.fleet.state[i].power_loss,
                    wanted: None,
                };
                lines.push(format!(
                    "Next round: {}",
                    energy.final_line(&def.id, &input)
                ));
            }
        }
        lines.push(format!(
            "Initiative after impulse F: {}",
            self.holder.title()
        ));
        lines
    }

    pub fn outcome(&self) -> Value {
        let sc = self.sc;
        let id = |i: usize| sc.ships.get(i).map_or("", |s| s.id.as_str());
        let mut ships = match self.fleet.ships_json() {
            Value::Object(map) => map,
            _ => Map::new(),
        };
        for (i, def) in sc.ships.iter().enumerate() {
            let Some(Value::Object(ship)) = ships.get_mut(&def.id) else {
                continue;
            };
            let (hex, heading) = self.fleet.at[i];
            ship.insert(
                "hex".into(),
                json!(hex.map(|h| h.label().unwrap_or_else(|| format!("[{}, {}]", h.q, h.r)))),
            );
            ship.insert("heading".into(), json!(heading.map(Heading::degrees)));
            ship.insert("turn_marker".into(), json!(self.turn_marker[i]));
            let moved: Vec<&str> = self.moved_in[i].iter().map(|m| LETTERS[*m]).collect();
            ship.insert("moved_in".into(), json!(moved));
            ship.insert(
                "energy".into(),
                self.energy[i]
                    .as_ref()
                    .map_or(Value::Null, ShipEnergy::to_json),
            );
        }
        let shots: Vec<Value> = self
            .shots
            .iter()
            .map(|(impulse, shot)| {
                let mut json = shot.to_json(sc);
                if let Some(object) = json.as_object_mut() {
                    object.insert("impulse".into(), json!(LETTERS[*impulse]));
                }
                json
            })
            .collect();
        let collisions: Vec<Value> = self
            .collisions
            .iter()
            .map(|c| {
                json!({
                    "impulse": LETTERS[c.impulse],
                    "ship": id(c.mover),
                    "other": id(c.other),
                    "hex": c.hex.display(),
                })
            })
            .collect();
        let floats: Vec<Value> = self
            .floats
            .iter()
            .map(|(impulse, q, r)| json!({ "impulse": LETTERS[*impulse], "by": [q, r] }))
            .collect();
        json!({
            "initiative": self.holders.map(Side::as_str),
            "next_initiative": self.holder.as_str(),
            "ships": Value::Object(ships),
            "shots": shots,
            "collisions": collisions,
            "map_floats": floats,
            "blasts": self.fleet.blasts_json(),
            "next_round": self.next_round,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::scenario::{self, talon};
    use crate::report::FileId;

    fn scenario(body: &str) -> Scenario<'static> {
        let text = format!(
            "game = \"talon\"\nkind = \"talon/round\"\ntitle = \"t\"\ninitiative = \"terran\"\n{body}"
        );
        let read = scenario::read(FileId(0), &text, None).expect("reads");
        let cards = crate::cards::talon::TalonCards::builtin();
        talon::load(&read, talon::Kind::Round, cards).expect("loads")
    }

    const PATTON: &str = "[[ship]]\nid = \"p\"\nclass = \"Terran CA\"\ncurve = \"2-4-2\"\nhex = \"0505\"\nheading = 90\n";

    #[test]
    fn a_turn_sets_the_turn_radius_marker_and_straight_moves_count_it_down() {
        let sc = scenario(&format!(
            "{PATTON}moves = [\"left\", \"straight\", \"straight\", \"right\"]\n"
        ));
        let round = play(&sc, None, &mut Steps::quiet()).ok().expect("legal");
        assert_eq!(round.turn_marker[0], 2, "turned again in F, radius 2");
        assert_eq!(round.moved_in[0], [0, 2, 3, 5], "speed 4: A, C, D, F");
        assert_eq!(round.fleet.at[0].1.map(Heading::degrees), Some(90));
    }

    #[test]
    fn turning_before_the_marker_is_reached_is_refused() {
        let sc = scenario(&format!(
            "{PATTON}moves = [\"left\", \"straight\", \"left\", \"straight\"]\n"
        ));
        assert!(matches!(
            play(&sc, None, &mut Steps::quiet()),
            Err(Stop::Finding(_))
        ));
    }

    #[test]
    fn a_sideslip_needs_a_marker_bought_with_power() {
        let plan = "moves = [\"straight\", \"sideslip-right\", \"straight\", \"straight\"]\n";
        let without = scenario(&format!("{PATTON}{plan}"));
        assert!(play(&without, None, &mut Steps::quiet()).is_err());
        let with = scenario(&format!(
            "{PATTON}{plan}\n[[spend]]\nship = \"p\"\nimpulse = \"C\"\non = \"sideslip\"\n"
        ));
        let round = play(&with, None, &mut Steps::quiet()).ok().expect("legal");
        // A: 0505 → 0605; C: forward-right → 0606; D, F: east → 0806.
        assert_eq!(
            round.fleet.at[0].0.and_then(Hex::label).as_deref(),
            Some("0806")
        );
    }

    #[test]
    fn ships_of_one_race_in_one_hex_collide_and_the_quiet_round_agrees_with_the_trace() {
        let sc = scenario(
            "[[ship]]\nid = \"a\"\nclass = \"Terran DD\"\nhex = \"0505\"\nheading = 90\nmoves = [\"straight\", \"straight\", \"straight\"]\n\n[[ship]]\nid = \"b\"\nclass = \"Terran DD\"\nhex = \"0705\"\nheading = 270\nmoves = [\"straight\", \"straight\", \"straight\"]\n",
        );
        let quiet = play(&sc, None, &mut Steps::quiet()).ok().expect("legal");
        assert_eq!(quiet.collisions.len(), 1);
        assert_eq!(quiet.fleet.state[0].shields[0], 0);
        let mut steps = Steps::recording(1_000);
        let traced = play(&sc, None, &mut steps).ok().expect("legal");
        assert_eq!(quiet.outcome(), traced.outcome());
        assert!(steps.on);
    }
}

//! `talon/round` (Talon rulebook 3.2): a whole round. In each impulse A–F the initiative player
//! takes its turn, then the second player (4.1). A turn: the side's reinforcement markers of
//! that letter expire (6.2.3); its ships spend the power they gain, or a battery's (6.1,
//! 10.1); those that must move take their next planned move — straight (7.1), a turn (7.2)
//! or a sideslip (7.3) — and afterburners move others (10.2), docking where the plan says
//! (16); its missiles fly (13.4); what entering a hex brings is resolved there (7.4, 13.5,
//! 17–19), and the map floats (7.5); its shots of that impulse are fired (8.x, as
//! `talon/fire`); it may try to repair criticals (8.7). At the end of the impulse the
//! initiative markers are compared (4.2). After F comes the energy phase (9.x, as
//! `talon/energy-phase`, with the damage and the shots of the round), then a black hole's
//! pull (18.2) and the retreat phase (11.1.2).
//!
//! Everything is computed first; step text is only formatted, and the board only copied at
//! the end of each impulse, when a trace is recorded, so a quiet round ([`play`] with
//! [`Steps::quiet`]) costs neither.
//!
//! Outcome: `{"initiative": [side per impulse], "next_initiative": side, "ships": {"<id>":
//! {… as talon/damage …, "hex", "heading", "turn_marker", "moved_in": ["A", …], "energy":
//! {… as talon/energy-phase …} or null}}, "shots": [{"impulse", … as talon/fire …}],
//! "collisions": [{"impulse", "ship", "other", "hex"}], "map_floats": [{"impulse", "by"}],
//! "blasts": [...], "next_round": n or null}`; with `"missiles"`, `"terrain"`,
//! `"pulls"`, `"repairs"` where the scenario has any, each ship's `"battery"`,
//! `"afterburners_used"` and `"reinforced"` where its class or state has them, and
//! `"impulses"`: the board at the end of each impulse (ships' hex, heading, shields, hull;
//! missiles' hex and status) for pictures.

use super::aim::ShotResult;
use super::board::Fleet;
use super::energy::ShipEnergy;
use super::fire;
use super::{Steps, Stop, choice, rules, step};
use crate::cards::talon::Side;
use crate::parse::scenario::talon::{Hex, LETTERS, Scenario};
use smallvec::SmallVec;

/// Called after each impulse with its index (0 for A), the round so far and the trace:
/// what the pictures of a round are taken from.
pub type Watch<'w> = &'w mut dyn FnMut(usize, &Round<'_>, &Steps);

pub fn run(sc: &Scenario, seed: Option<u64>, steps: &mut Steps, watch: Watch<'_>) -> super::Played {
    let round = play_watched(sc, seed, steps, watch)?;
    Ok((round.final_state(), round.outcome()))
}

/// A black hole's pull on one ship (18.2).
#[derive(Debug, Clone, Copy)]
pub struct Pull {
    pub ship: usize,
    pub from: Hex,
    pub to: Hex,
}

/// A repair attempt (8.7): ship, impulse, marker, roll and whether it worked.
#[derive(Debug, Clone, Copy)]
pub struct RepairTry {
    pub ship: usize,
    pub impulse: usize,
    pub marker: super::board::CriticalMarker,
    pub roll: u8,
    pub repaired: bool,
}

/// A round played out: what [`run`] renders, and what a quiet caller reads.
pub struct Round<'a> {
    pub sc: &'a Scenario<'a>,
    pub fleet: Fleet<'a>,
    pub turn_marker: Vec<u8>,
    pub sideslip: Vec<bool>,
    pub next_move: Vec<usize>,
    /// Impulses (0–5) in which each ship moved, afterburners included.
    pub moved_in: Vec<SmallVec<[usize; 6]>>,
    pub shots: Vec<(usize, ShotResult<'a>)>,
    /// The map floated in an impulse by an axial `(q, r)`.
    pub floats: Vec<(usize, i32, i32)>,
    /// Who held the initiative in each impulse, and after the last.
    pub holders: [Side; 6],
    pub holder: Side,
    pub energy: Vec<Option<ShipEnergy<'a>>>,
    pub next_round: Option<u32>,
    pub pulls: Vec<Pull>,
    pub repairs: Vec<RepairTry>,
    /// Squadrons powered by a carrier or base, by impulse (12.2.3: one point each).
    pub powered: Vec<(usize, usize)>,
    /// The board at the end of each impulse; empty in a quiet round.
    pub snapshots: Vec<super::snapshot::Board>,
    pub too_big_told: bool,
    /// Impulses (bit 0 for A) in which a marker the scenario starts with may expire
    /// (6.2.3), from the scenario once: the other impulses skip the look.
    pub expiring: u8,
}

/// Play the round; `steps` records the trace or is quiet.
pub fn play<'a>(sc: &'a Scenario, seed: Option<u64>, steps: &mut Steps) -> Result<Round<'a>, Stop> {
    play_watched(sc, seed, steps, &mut |_, _, _| {})
}

/// [`play`], with `watch` called after each impulse.
pub fn play_watched<'a>(
    sc: &'a Scenario,
    seed: Option<u64>,
    steps: &mut Steps,
    watch: Watch<'_>,
) -> Result<Round<'a>, Stop> {
    let mut round = Round::new(sc, seed);
    round.play_on(steps, watch)?;
    Ok(round)
}

impl<'a> Round<'a> {
    /// The scenario's start, before impulse A.
    fn new(sc: &'a Scenario, seed: Option<u64>) -> Self {
        let n = sc.ships.len();
        let holder = sc.initiative.unwrap_or(Side::Terran);
        Round {
            sc,
            fleet: Fleet::new(sc, seed),
            turn_marker: sc.ships.iter().map(|s| s.turn_marker).collect(),
            sideslip: vec![false; n],
            next_move: vec![0; n],
            moved_in: vec![SmallVec::new(); n],
            shots: Vec::with_capacity(sc.shots.len()),
            floats: Vec::new(),
            holders: [holder; 6],
            holder,
            energy: vec![None; n],
            next_round: None,
            pulls: Vec::new(),
            repairs: Vec::new(),
            powered: Vec::new(),
            snapshots: Vec::new(),
            too_big_told: false,
            expiring: expiring(sc),
        }
    }

    /// Play the same scenario again from its start with `seed`, reusing this round's
    /// memory: what a solver or a benchmark that plays one scenario many times calls. The
    /// results are those of a fresh [`play`].
    pub fn replay(&mut self, seed: Option<u64>, steps: &mut Steps) -> Result<(), Stop> {
        let sc = self.sc;
        let n = sc.ships.len();
        let holder = sc.initiative.unwrap_or(Side::Terran);
        self.fleet.reset(seed);
        self.turn_marker.clear();
        self.turn_marker
            .extend(sc.ships.iter().map(|s| s.turn_marker));
        self.sideslip.clear();
        self.sideslip.resize(n, false);
        self.next_move.clear();
        self.next_move.resize(n, 0);
        self.moved_in.resize_with(n, SmallVec::new);
        self.moved_in.iter_mut().for_each(SmallVec::clear);
        self.shots.clear();
        self.floats.clear();
        self.holders = [holder; 6];
        self.holder = holder;
        self.energy.clear();
        self.energy.resize(n, None);
        self.next_round = None;
        self.pulls.clear();
        self.repairs.clear();
        self.powered.clear();
        self.snapshots.clear();
        self.too_big_told = false;
        self.expiring = expiring(sc);
        self.play_on(steps, &mut |_, _, _| {})
    }

    /// Impulses A–F, the energy phase, a black hole's pull and the retreat phase.
    fn play_on(&mut self, steps: &mut Steps, watch: Watch<'_>) -> Result<(), Stop> {
        self.fleet.check_reinforcements()?;
        self.start(steps)?;
        for impulse in 0..LETTERS.len() {
            self.impulse(impulse, steps)?;
            // Only a traced round prints the boards (its JSON `impulses`, the pictures): a
            // quiet one skips the copies.
            if steps.on {
                self.snapshot(impulse);
            }
            watch(impulse, self, steps);
        }
        self.leftover_moves()?;
        self.fleet.impulse = None;
        self.energy_phase(steps)?;
        self.gravity(steps)?;
        self.retreat_phase(steps)
    }

    /// Before impulse A: a ship that starts in a nebula has lost its reinforcements (17.4.1).
    fn start(&mut self, steps: &mut Steps) -> Result<(), Stop> {
        for ship in 0..self.sc.ships.len() {
            if self.fleet.in_nebula(ship)
                && self.fleet.state[ship]
                    .reinforced
                    .iter()
                    .any(Option::is_some)
            {
                self.fleet.state[ship].reinforced = [None; 4];
                step!(
                    steps,
                    rules::NEBULAE,
                    format!("{} starts in a nebula", self.fleet.id(ship)),
                    "Its shields count as down there, and its shield reinforcement markers are destroyed."
                )?;
            }
        }
        Ok(())
    }

    fn impulse(&mut self, impulse: usize, steps: &mut Steps) -> Result<(), Stop> {
        let cards = self.sc.cards;
        let Some(chart) = cards.impulses.get(impulse) else {
            return Ok(());
        };
        self.fleet.impulse = Some(impulse);
        self.holders[impulse] = self.holder;
        let mut markers = Markers::default();
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
            self.expire_reinforcements(impulse, side, steps)?;
            self.spend(impulse, side, &chart.value, &mut markers, steps)?;
            self.move_side(impulse, side, &chart.value, steps)?;
            self.shoot(impulse, side, steps)?;
            self.repair(impulse, side, steps)?;
        }
        self.settle_initiative(impulse, markers, steps)
    }

    /// The side's shots of this impulse, in file order, as `talon/fire` fires them.
    fn shoot(&mut self, impulse: usize, side: Side, steps: &mut Steps) -> Result<(), Stop> {
        let sc = self.sc;
        let can_roll = !sc.dice.is_empty() || self.fleet.dice.seeded();
        for shot in sc.shots.iter().filter(|s| s.impulse == Some(impulse)) {
            if sc.ships[shot.attacker].side != Some(side) {
                continue;
            }
            let target_in_play = match shot.target {
                crate::parse::scenario::talon::Target::Ship(t) => self.fleet.state[t].in_play(),
                crate::parse::scenario::talon::Target::Missile(m) => {
                    self.fleet.missiles[m].status == super::board::MissileStatus::Flying
                }
            };
            if !self.fleet.state[shot.attacker].in_play() || !target_in_play {
                step!(
                    steps,
                    rules::DESTRUCTION,
                    format!(
                        "{} fires at {}",
                        sc.ships[shot.attacker].id,
                        target_name(sc, shot)
                    ),
                    "One of the two is out of play (destroyed, gone, or a missile no longer flying): no shot."
                )?;
                continue;
            }
            let result = fire::fire(sc, &mut self.fleet, steps, shot, can_roll)?;
            self.shots.push((impulse, result));
        }
        Ok(())
    }

    /// Talon rulebook 4.2: more Change than Defend markers turn the initiative marker over.
    fn settle_initiative(
        &mut self,
        impulse: usize,
        markers: Markers,
        steps: &mut Steps,
    ) -> Result<(), Stop> {
        let Markers { change, defend } = markers;
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
}

/// The initiative markers placed in one impulse (4.2): Change per side (Terran, Talon),
/// Defend in all.
#[derive(Debug, Default, Clone, Copy)]
pub struct Markers {
    pub change: [usize; 2],
    pub defend: usize,
}

/// The impulses in which a reinforcement marker the scenario places may expire (6.2.3).
fn expiring(sc: &Scenario) -> u8 {
    let mut impulses = 0u8;
    for def in &sc.ships {
        for (on, placed) in def.reinforced.iter().zip(def.reinforced_in) {
            if let Some(i) = placed.filter(|&i| *on && i < 8) {
                impulses |= 1 << i;
            }
        }
    }
    impulses
}

fn target_name<'a>(sc: &'a Scenario, shot: &crate::parse::scenario::talon::ShotDef) -> &'a str {
    match shot.target {
        crate::parse::scenario::talon::Target::Ship(t) => sc.ships[t].id.as_str(),
        crate::parse::scenario::talon::Target::Missile(m) => sc.missiles[m].id.as_str(),
    }
}

#[cfg(test)]
mod tests;

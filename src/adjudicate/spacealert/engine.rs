//! The resolution round (Space Alert rulebook §3): every turn in the seed's step order, then turn 13
//! (§3.6) and the score (§4). The engine is plain data; the log records the trace only when
//! asked, so a solver can resolve missions in a loop without formatting a line.

use super::log::{Log, TurnRow};
use super::rules;
use super::state::*;
use crate::parse::scenario::spacealert::TURNS;

/// Write a step when the trace is on; nothing is formatted otherwise.
macro_rules! note {
    ($eng:expr, $rule:expr, $event:expr, $($outcome:tt)+) => {
        if $eng.log.on {
            let event: String = ($event).to_string();
            let outcome = format!($($outcome)+);
            $eng.log.push($eng.turn, $rule, event, outcome);
        }
    };
}
pub(super) use note;

/// "Ana: C" — an event label that is only formatted when the trace is on.
pub struct Said<'a>(pub &'a str, pub &'a str);

impl std::fmt::Display for Said<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.1.is_empty() {
            f.write_str(self.0)
        } else {
            write!(f, "{}: {}", self.0, self.1)
        }
    }
}

/// "T+3 Caza" — a threat by its numbered token, which carries the time code of its
/// announcement (Space Alert rulebook 2.1), and its name.
pub struct Token<'a>(pub u8, pub &'a str);

impl std::fmt::Display for Token<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "T+{} {}", self.0, self.1)
    }
}

pub struct Engine<'p> {
    pub p: &'p Prepared<'p>,
    pub turn: u8,
    pub reactors: [u8; 3],
    pub shields: [u8; 3],
    pub reactor_cap: [u8; 3],
    pub shield_cap: [u8; 3],
    /// Strength lost by the weapon of each station (damage tiles).
    pub strength_loss: [u8; 6],
    pub pulse_range_loss: u8,
    pub lift_broken: [bool; 3],
    pub lift_used: [bool; 3],
    pub fuel: u8,
    pub rockets: u8,
    /// A rocket on the first / second space of its trajectory.
    pub rocket_space: [bool; 2],
    /// The weapon of each station fired this turn: 0 no, 1 yes, 2 heroic.
    pub fired: [u8; 6],
    pub tiles_drawn: [u8; 3],
    pub computer: [bool; 3],
    pub vc_best: [u8; 3],
    pub vc_turn: u8,
    pub stored: [Stored; 6],
    pub crew: [Crew; MAX_CREW],
    pub ncrew: usize,
    /// The crew member in the interceptors, and whether this turn's attack is heroic.
    pub pilot: Option<usize>,
    pub pilot_heroic: bool,
    pub threats: Vec<ThreatState>,
    /// The Scout whose X gives the other external threats +1 (appendix 7.1, Explorador).
    pub attack_bonus_from: Option<usize>,
    pub shield_bonus_from: Option<usize>,
    /// Damage to each zone is doubled (Fissure, appendix 7.2).
    pub double: [bool; 3],
    pub lost: Option<(u8, String)>,
    pub log: Log,
}

impl<'p> Engine<'p> {
    pub fn new(p: &'p Prepared<'p>, log: Log) -> Self {
        let s = &p.ship;
        let mut crew = [Crew {
            station: s.start_station,
            in_space: false,
            robots: Robots::None,
            out: false,
            actions: [crate::parse::scenario::spacealert::Action::None; TURNS],
            delayed_slot: 0,
        }; MAX_CREW];
        let ncrew = p.actions.len().min(MAX_CREW);
        for (c, a) in crew.iter_mut().zip(&p.actions) {
            c.actions = *a;
        }
        let mut stored = [Stored::Taken; 6];
        for (i, c) in s.c.iter().enumerate() {
            if *c == crate::cards::spacealert::ActionC::Robots {
                stored[i] = Stored::Present;
            }
        }
        Engine {
            p,
            turn: 0,
            reactors: s.reactor_start,
            shields: s.shield_start,
            reactor_cap: s.reactor_cap,
            shield_cap: s.shield_cap,
            strength_loss: [0; 6],
            pulse_range_loss: 0,
            lift_broken: [false; 3],
            lift_used: [false; 3],
            fuel: s.fuel,
            rockets: s.rockets,
            rocket_space: [false; 2],
            fired: [0; 6],
            tiles_drawn: [0; 3],
            computer: [false; 3],
            vc_best: [0; 3],
            vc_turn: 0,
            stored,
            crew,
            ncrew,
            pilot: None,
            pilot_heroic: false,
            threats: vec![ThreatState::new(); p.threats.len()],
            attack_bonus_from: None,
            shield_bonus_from: None,
            double: [false; 3],
            lost: None,
            log,
        }
    }

    /// The whole resolution round.
    pub fn run(&mut self) {
        self.turn = 1;
        self.crew_note();
        for turn in 1..=self.p.ship.last_turn {
            self.turn = turn;
            self.lift_used = [false; 3];
            self.appear();
            if self.lost.is_none() {
                self.player_actions();
            }
            if self.lost.is_none() {
                self.damage_step(false);
            }
            if self.lost.is_none() {
                self.threat_actions();
            }
            if self.lost.is_none() {
                self.advance_rocket();
                self.computer_check();
            }
            self.snapshot();
            if self.lost.is_some() {
                return;
            }
        }
        // §3.6: turn 13, no player actions; a rocket may still hit, the pilot comes back,
        // and the threats act once more.
        self.turn = self.p.ship.last_turn + 1;
        if let Some(pilot) = self.pilot.take() {
            self.crew[pilot].in_space = false;
            self.crew[pilot].station = crate::cards::spacealert::StationId::UpperRed;
            note!(
                self,
                rules::ROCKETS,
                self.p.names[pilot].clone(),
                "back from the interceptors to the upper red station before the jump"
            );
        }
        self.damage_step(true);
        if self.lost.is_none() {
            self.threat_actions();
        }
        self.snapshot();
    }

    fn crew_note(&mut self) {
        let androids = self.p.androids.iter().filter(|a| **a).count();
        if androids > 0 {
            note!(
                self,
                rules::ANDROIDS,
                "crew",
                "{androids} android(s) in the crew: their actions resolve like any player's, in their seat"
            );
        }
        if self.ncrew == 5 {
            note!(
                self,
                rules::FIVE,
                "crew",
                "five crew members: unconfirmed reports count"
            );
        }
    }

    /// The phase (0, 1, 2) of a turn (§2).
    pub fn phase(&self, turn: u8) -> usize {
        self.p
            .ship
            .phases
            .iter()
            .position(|(a, b)| (*a..=*b).contains(&turn))
            .unwrap_or(2)
    }

    /// §3.5: after the second turn of each phase the computer box of that phase must hold
    /// a cube.
    fn computer_check(&mut self) {
        let k = self.phase(self.turn);
        if self.p.ship.computer_checks.get(k) != Some(&self.turn) {
            return;
        }
        if self.computer[k] {
            note!(
                self,
                rules::COMPUTER,
                "computer check",
                "maintenance was done: nothing happens"
            );
            return;
        }
        let slot = self.turn + 1;
        for i in 0..self.ncrew {
            if !self.crew[i].in_space && !self.crew[i].out {
                self.delay(i, slot);
            }
        }
        note!(
            self,
            rules::COMPUTER,
            "computer check",
            "no maintenance in the first two turns of the phase: every crew member on the ship is delayed on turn {slot}"
        );
    }

    /// §3.4, last paragraph: a rocket on the first space moves to the second.
    fn advance_rocket(&mut self) {
        if self.rocket_space[0] {
            self.rocket_space = [false, true];
        }
    }

    /// Shift a crew member's card of `slot` and the following ones one turn later (§3.2).
    pub fn delay(&mut self, who: usize, slot: u8) {
        let c = &mut self.crew[who];
        if slot as usize > TURNS || c.delayed_slot == slot {
            return;
        }
        c.delayed_slot = slot;
        let start = slot as usize - 1;
        let empty = (start..TURNS)
            .find(|&i| c.actions[i] == crate::parse::scenario::spacealert::Action::None);
        let end = empty.unwrap_or(TURNS - 1);
        for i in (start + 1..=end).rev() {
            c.actions[i] = c.actions[i - 1];
        }
        c.actions[start] = crate::parse::scenario::spacealert::Action::None;
    }

    pub fn knock_out(&mut self, who: usize) {
        let c = &mut self.crew[who];
        if c.out {
            return;
        }
        c.out = true;
        if c.robots != Robots::None {
            c.robots = Robots::Disabled;
        }
    }

    pub fn lose(&mut self, cause: String) {
        if self.lost.is_none() {
            self.lost = Some((self.turn, cause));
        }
    }

    fn snapshot(&mut self) {
        if !self.log.on {
            return;
        }
        let mut threats = Vec::new();
        for (i, t) in self.threats.iter().enumerate() {
            if t.status != Status::Active {
                continue;
            }
            let spec = &self.p.threats[i];
            let place = match spec.zone {
                Some(z) => format!("{} {}", z.as_str(), t.pos),
                None => format!("internal {}", t.pos),
            };
            threats.push(format!(
                "T+{} {} {place} ({}/{})",
                spec.turn,
                spec.card.name,
                t.hp.saturating_sub(t.damage),
                t.hp
            ));
        }
        let row = TurnRow {
            turn: self.turn,
            threats,
            damage: self.tiles_drawn,
            reactors: self.reactors,
            shields: self.shields,
        };
        self.log.turns.push(row);
        let board = self.board();
        self.log.boards.push(board);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::scenario::spacealert::Action;
    use crate::report::FileId;

    fn prepared(players: &str) -> Prepared<'static> {
        let text = format!(
            "game = \"spacealert\"\nkind = \"spacealert/mission\"\ntitle = \"t\"\n[tracks]\nred = \"T1\"\nwhite = \"T2\"\nblue = \"T3\"\n{players}"
        );
        let read = crate::parse::scenario::read(FileId(0), &text, None)
            .map_err(|_| ())
            .unwrap();
        let cards = crate::cards::spacealert::SpaceAlertCards::builtin();
        let mission = crate::parse::scenario::spacealert::load(&read, cards)
            .map_err(|f| format!("{f:?}"))
            .unwrap();
        Prepared::new(&mission, None).unwrap()
    }

    const FOUR: &str =
        "[[player]]\nactions = [\"A\", \"B\", \"-\", \"C\"]\n[[player]]\n[[player]]\n[[player]]\n";

    #[test]
    fn a_delay_shifts_cards_up_to_the_first_empty_slot() {
        let p = prepared(FOUR);
        let mut e = Engine::new(&p, Log::off());
        e.delay(0, 1);
        let a = e.crew[0].actions;
        assert_eq!(&a[..4], &[Action::None, Action::A, Action::B, Action::C]);
        // A second delay of the same slot in the same turn does not add up.
        e.delay(0, 1);
        assert_eq!(e.crew[0].actions, a);
    }

    #[test]
    fn a_delay_of_a_full_board_pushes_the_last_card_off() {
        let full = "[[player]]\nactions = [\"A\", \"A\", \"A\", \"A\", \"A\", \"A\", \"A\", \"A\", \"A\", \"A\", \"A\", \"B\"]\n[[player]]\n[[player]]\n[[player]]\n";
        let p = prepared(full);
        let mut e = Engine::new(&p, Log::off());
        e.delay(0, 11);
        assert_eq!(e.crew[0].actions[10], Action::None);
        assert_eq!(e.crew[0].actions[11], Action::A, "B fell off the board");
    }

    #[test]
    fn maintenance_counts_only_in_the_first_two_turns_of_its_phase() {
        // §3.5: a C on turn 3 (phase 1) or 7 (phase 2) fills no computer box.
        let late = "[[player]]\nactions = [\"C\", \"-\", \"C\", \"-\", \"-\", \"-\", \"C\"]\n[[player]]\n[[player]]\n[[player]]\n";
        let p = prepared(late);
        let mut e = Engine::new(&p, Log::off());
        e.run();
        assert_eq!(e.computer, [true, false, false]);
        let on_time = "[[player]]\nactions = [\"-\", \"C\", \"-\", \"-\", \"-\", \"-\", \"C\", \"-\", \"C\"]\n[[player]]\n[[player]]\n[[player]]\n";
        let p = prepared(on_time);
        let mut e = Engine::new(&p, Log::off());
        e.run();
        assert_eq!(e.computer, [true, false, true]);
    }

    #[test]
    fn the_ship_starts_as_the_board_legend_says() {
        let p = prepared(FOUR);
        let e = Engine::new(&p, Log::off());
        assert_eq!(e.reactors, [2, 3, 2]);
        assert_eq!(e.shields, [1, 1, 1]);
        assert_eq!((e.fuel, e.rockets), (3, 3));
        assert!(
            e.crew[..4]
                .iter()
                .all(|c| c.station == crate::cards::spacealert::StationId::UpperWhite)
        );
    }

    #[test]
    fn tracks_have_three_range_bands_of_five() {
        let p = prepared(FOUR);
        let _ = p;
        let t = Track {
            length: 14,
            x: 11,
            y: [7, 0],
            ny: 1,
            band_end: [5, 10],
        };
        assert_eq!(
            (t.band(1), t.band(5), t.band(6), t.band(10), t.band(11)),
            (1, 1, 2, 2, 3)
        );
        assert!(t.is_y(7) && !t.is_y(0));
    }
}

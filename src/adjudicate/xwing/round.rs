//! The X-Wing order of play for one round: who acts when in the System, Activation and
//! Engagement phases, when destroyed ships leave, and the End phase steps.

use super::QueueDetail;
use super::rules::{self, TokenColour};
use crate::adjudicate::{Played, Recorder, list, loop_finding};
use crate::parse::scenario::xwing::Scenario;
use crate::parse::scenario::xwing::words::Token;
use crate::report::{Code, Finding};

/// The steps of one round's order of play, and what is left in play after it.
pub fn run(sc: &Scenario) -> Played<QueueDetail> {
    let mut findings = Vec::new();
    let mut levels: Vec<u8> = sc.ships.iter().filter_map(|s| s.initiative).collect();
    levels.sort_unstable();
    levels.dedup();
    for s in &sc.ships {
        if let Some((at, span)) = &s.destroyed_at
            && !levels.contains(at)
        {
            findings.push(
                Finding::error(Code::ScenarioContradiction, format!("`{}` is destroyed at initiative {at}, but no ship engages at initiative {at}", s.id))
                    .at(sc.file, span.clone())
                    .label("no such initiative step")
                    .help(format!("ships engage at initiative {}", levels.iter().map(u8::to_string).collect::<Vec<_>>().join(", "))),
            );
        }
    }
    if !findings.is_empty() {
        return Err(findings);
    }
    let mut round = Round {
        sc,
        rec: Recorder::new(sc.max_steps),
        removed: vec![false; sc.ships.len()],
    };
    match round.play(&levels) {
        Some(()) => {
            let state = round.final_state();
            Ok((round.rec.steps, state))
        }
        None => Err(vec![loop_finding(sc.file, sc.max_steps, None)]),
    }
}

struct Round<'a> {
    sc: &'a Scenario,
    rec: Recorder<QueueDetail>,
    removed: Vec<bool>,
}

impl Round<'_> {
    fn push(
        &mut self,
        event: String,
        outcome: String,
        rule: crate::adjudicate::Cite,
        choice: bool,
    ) -> Option<()> {
        self.rec
            .push(event, outcome, rule, choice, QueueDetail::default())
            .ok()
    }

    /// Ships with this initiative still in play, first player's first, each player's in the
    /// order that player chose; whether an unchosen order had to be assumed.
    fn at(&self, initiative: u8) -> (Vec<usize>, bool, bool) {
        let mut ordered = Vec::new();
        let mut assumed = false;
        let mut players_with_ships = 0;
        for (p, player) in self.sc.players.iter().enumerate() {
            let mut mine: Vec<usize> = (0..self.sc.ships.len())
                .filter(|&i| {
                    !self.removed[i]
                        && self.sc.ships[i].owner == p
                        && self.sc.ships[i].initiative == Some(initiative)
                })
                .collect();
            if mine.is_empty() {
                continue;
            }
            players_with_ships += 1;
            let position = |s: usize| {
                player
                    .order
                    .iter()
                    .position(|&o| o == s)
                    .unwrap_or(usize::MAX)
            };
            if mine.len() > 1 && mine.iter().any(|&s| position(s) == usize::MAX) {
                assumed = true;
            }
            mine.sort_by_key(|&s| (position(s), s));
            ordered.extend(mine);
        }
        (ordered, assumed, players_with_ships > 1)
    }

    fn names(&self, ships: &[usize]) -> Vec<String> {
        ships
            .iter()
            .map(|&s| {
                format!(
                    "{} ({})",
                    self.sc.ships[s].name, self.sc.players[self.sc.ships[s].owner].name
                )
            })
            .collect()
    }

    fn play(&mut self, levels: &[u8]) -> Option<()> {
        self.planning_phase()?;
        self.system_phase(levels)?;
        self.activation_phase(levels)?;
        for &i in levels.iter().rev() {
            self.engage(i)?;
            self.remove_destroyed(i)?;
        }
        self.end_phase()
    }

    fn planning_phase(&mut self) -> Option<()> {
        let players: Vec<String> = self.sc.players.iter().map(|p| p.name.clone()).collect();
        self.push(
            "Planning phase".into(),
            format!("Every player sets a dial for each ship in secret; then the player order is settled: {}.", players.iter().enumerate().map(|(i, p)| format!("{} {p}", ordinal(i + 1))).collect::<Vec<_>>().join(", ")),
            rules::PLANNING,
            false,
        )
    }

    /// From the lowest initiative up, the ships that may resolve System-phase abilities.
    fn system_phase(&mut self, levels: &[u8]) -> Option<()> {
        for &i in levels {
            let (ships, assumed, tie) = self.at(i);
            if ships.is_empty() {
                continue;
            }
            let mut outcome = format!(
                "Initiative {i}: {} may resolve their System-phase abilities, in this order",
                list(&self.names(&ships))
            );
            outcome.push_str(&tie_note(tie, assumed));
            let rule = if tie {
                rules::PLAYER_ORDER
            } else {
                rules::SYSTEM
            };
            self.push(
                format!("System phase, initiative {i}"),
                outcome,
                rule,
                assumed,
            )?;
        }
        Some(())
    }

    /// From the lowest initiative up, each ship activates.
    fn activation_phase(&mut self, levels: &[u8]) -> Option<()> {
        for &i in levels {
            let (ships, assumed, tie) = self.at(i);
            for (k, &s) in ships.iter().enumerate() {
                let note = if k == 0 {
                    tie_note(tie, assumed)
                } else {
                    String::new()
                };
                let rule = if tie {
                    rules::PLAYER_ORDER
                } else {
                    rules::ACTIVATION
                };
                self.push(
                    format!("Activation phase, initiative {i}"),
                    format!("{} activates: reveals its dial, executes the maneuver, may perform an action{note}", self.names(&[s])[0]),
                    rule,
                    assumed && k == 0,
                )?;
            }
        }
        Some(())
    }

    /// The Engagement phase at initiative `i`: each ship engages, those destroyed at this
    /// initiative too (ships of one initiative fire simultaneously).
    fn engage(&mut self, i: u8) -> Option<()> {
        let (ships, assumed, tie) = self.at(i);
        for (k, &s) in ships.iter().enumerate() {
            let note = if k == 0 {
                tie_note(tie, assumed)
            } else {
                String::new()
            };
            let destroyed_here = self.destroyed_at(s, i);
            let (outcome, rule) = if destroyed_here {
                (
                    format!(
                        "{} engages although it is destroyed at this initiative: ships of the same initiative fire simultaneously{note}",
                        self.names(&[s])[0]
                    ),
                    rules::SIMULTANEOUS,
                )
            } else {
                (
                    format!("{} engages and may attack{note}", self.names(&[s])[0]),
                    if tie {
                        rules::PLAYER_ORDER
                    } else {
                        rules::ENGAGEMENT
                    },
                )
            };
            self.push(
                format!("Engagement phase, initiative {i}"),
                outcome,
                rule,
                assumed && k == 0,
            )?;
        }
        Some(())
    }

    /// Whether the scenario destroys ship `s` while initiative `i` engages.
    fn destroyed_at(&self, s: usize, i: u8) -> bool {
        self.sc.ships[s]
            .destroyed_at
            .as_ref()
            .is_some_and(|(at, _)| *at == i)
    }

    /// Once every ship of initiative `i` has engaged, the ships destroyed at this step are
    /// removed; those of a lower initiative will not engage.
    fn remove_destroyed(&mut self, i: u8) -> Option<()> {
        let gone: Vec<usize> = (0..self.sc.ships.len())
            .filter(|&s| !self.removed[s] && self.destroyed_at(s, i))
            .collect();
        if gone.is_empty() {
            return Some(());
        }
        for &s in &gone {
            self.removed[s] = true;
        }
        let later: Vec<usize> = gone
            .iter()
            .copied()
            .filter(|&s| self.sc.ships[s].initiative.is_some_and(|x| x < i))
            .collect();
        let mut outcome = format!(
            "Every ship of initiative {i} has engaged: {} destroyed at this step, removed now",
            list(&self.names(&gone))
        );
        if !later.is_empty() {
            outcome.push_str(&format!("; {} will not engage", list(&self.names(&later))));
        }
        outcome.push('.');
        self.push(
            format!("Engagement phase, after initiative {i}"),
            outcome,
            rules::ENGAGEMENT,
            false,
        )
    }

    /// The End phase's four steps.
    fn end_phase(&mut self) -> Option<()> {
        self.push(
            "End phase, step 1".into(),
            "Abilities that apply at the start of the End phase form a queue and resolve.".into(),
            rules::END,
            false,
        )?;
        self.push(
            "End phase, step 2".into(),
            "Abilities that apply during the End phase form a queue and resolve.".into(),
            rules::END,
            false,
        )?;
        let removals = self.round_tokens();
        let removed = if removals.is_empty() {
            "no ship has any".to_string()
        } else {
            removals.join("; ")
        };
        self.push(
            "End phase, step 3".into(),
            format!(
                "Every round token is removed, green ones first, then orange ones ({removed})."
            ),
            rules::END,
            false,
        )?;
        self.push("End phase, step 4".into(), "Cards with a recurring charge icon recover that many charges; cards with a negative recurring icon lose that many.".into(), rules::END, false)
    }

    /// The round tokens the ships in play hold, green ones first, then orange ones:
    /// `"<ship>: 1 focus, 2 stress"` per ship and colour.
    fn round_tokens(&self) -> Vec<String> {
        let mut removals = Vec::new();
        for colour in [TokenColour::Green, TokenColour::Orange] {
            for (s, ship) in self.sc.ships.iter().enumerate() {
                if self.removed[s] {
                    continue;
                }
                let tokens: Vec<String> = Token::ALL
                    .iter()
                    .filter(|t| super::rules::colour(**t) == colour && ship.tokens.count(**t) > 0)
                    .map(|t| format!("{} {}", ship.tokens.count(*t), t.as_str()))
                    .collect();
                if !tokens.is_empty() {
                    removals.push(format!("{}: {}", ship.name, tokens.join(", ")));
                }
            }
        }
        removals
    }

    fn final_state(&self) -> Vec<String> {
        self.sc
            .ships
            .iter()
            .enumerate()
            .map(|(s, ship)| {
                let init = ship.initiative.map_or("?".to_string(), |i| i.to_string());
                let state = if self.removed[s] {
                    "destroyed and removed"
                } else {
                    "in play"
                };
                format!(
                    "{} (initiative {init}, {}): {state}",
                    ship.name, self.sc.players[ship.owner].name
                )
            })
            .collect()
    }
}

fn tie_note(tie: bool, assumed: bool) -> String {
    match (tie, assumed) {
        (true, true) => {
            " (tie broken by player order; a player's own order was not given, scenario order used)"
                .into()
        }
        (true, false) => " (tie broken by player order: the first player's ships first)".into(),
        (false, true) => " (the player's order was not given: scenario order used)".into(),
        (false, false) => String::new(),
    }
}

fn ordinal(n: usize) -> String {
    let suffix = match n {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

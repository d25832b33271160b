//! Star Wars: Armada timing: effects of both players (or both Sector Fleets teams) at one
//! timing point. The first player resolves all of theirs first, each player in the order they
//! choose; a when/while/before/after effect resolves at most once per event; upgrade effects
//! are optional unless stated, other card effects mandatory; during set-up only objective
//! cards resolve; a component spent as a cost gives none of its own effect.

mod answer;
pub mod rules;

use super::{Adjudication, GameRules, NoDetail, ResolveOptions, trace_of};
use crate::adjudicate::{CapReached, Played, Recorder, list, loop_finding};
use crate::cards::CardDb;
use crate::parse::scenario::ScenarioText;
use crate::parse::scenario::armada::{self as scenario, CardType, EffectDef, Owner, Scenario};
use crate::report::Finding;

/// Armada's adjudication: `armada/timing`.
pub struct Armada;

impl GameRules for Armada {
    fn kinds(&self) -> &'static [&'static str] {
        scenario::KINDS
    }

    fn schema(&self) -> schemars::Schema {
        schemars::schema_for!(scenario::ScenarioFile)
    }

    fn resolve<'db>(
        &self,
        _db: &'db CardDb,
        text: &ScenarioText<'_>,
        _options: &ResolveOptions,
    ) -> Result<Box<dyn Adjudication + 'db>, Vec<Finding>> {
        let sc = scenario::load(text)?;
        let (steps, final_state) = run(&sc)?;
        let answer = answer::answer(&final_state);
        Ok(Box::new(
            trace_of(&text.envelope, steps, final_state).answered(answer),
        ))
    }
}

/// The steps of every timing point of the scenario, and what each side resolved.
pub fn run(sc: &Scenario) -> Played<NoDetail> {
    let mut timing = Timing {
        sc,
        rec: Recorder::new(sc.max_steps),
        resolved: vec![Vec::new(); sides(sc).len()],
    };
    match timing.play() {
        Ok(()) => {
            let state = timing.final_state();
            Ok((timing.rec.steps, state))
        }
        Err(CapReached) => Err(vec![loop_finding(sc.file, sc.max_steps, None)]),
    }
}

/// The sides in order: teams when the scenario has teams, else players.
fn sides(sc: &Scenario) -> Vec<String> {
    if sc.teams.is_empty() {
        sc.players.iter().map(|p| p.name.clone()).collect()
    } else {
        sc.teams.iter().map(|t| t.name.clone()).collect()
    }
}

struct Timing<'a> {
    sc: &'a Scenario,
    rec: Recorder<NoDetail>,
    resolved: Vec<Vec<String>>,
}

impl Timing<'_> {
    fn push(
        &mut self,
        event: String,
        outcome: String,
        rule: crate::adjudicate::Cite,
        choice: bool,
    ) -> Result<(), CapReached> {
        self.rec.push(event, outcome, rule, choice, NoDetail {})
    }

    fn side_of(&self, e: &EffectDef) -> usize {
        match e.owner {
            Owner::Team(t) => t,
            Owner::Player(p) => {
                if self.sc.teams.is_empty() {
                    p
                } else {
                    self.sc.players[p].team.unwrap_or(0)
                }
            }
        }
    }

    /// Who decides and resolves the effect.
    fn resolver(&self, e: &EffectDef) -> (String, bool) {
        match e.owner {
            Owner::Player(p) => (self.sc.players[p].name.clone(), false),
            Owner::Team(t) => (
                self.sc.players[self.sc.teams[t].grand_admiral].name.clone(),
                true,
            ),
        }
    }

    fn play(&mut self) -> Result<(), CapReached> {
        let sc = self.sc;
        let side_names = sides(sc);
        let team_game = !sc.teams.is_empty();
        for (point, _) in &sc.events {
            let here: Vec<usize> = (0..sc.effects.len())
                .filter(|&i| sc.effects[i].timing == *point)
                .collect();
            let when = if sc.setup { " during set-up" } else { "" };
            self.push(
                format!("Timing point: {point}{when}"),
                format!(
                    "{} effect{} of this timing: {}.",
                    here.len(),
                    if here.len() == 1 { "" } else { "s" },
                    list(
                        &here
                            .iter()
                            .map(|&i| sc.effects[i].card.clone())
                            .collect::<Vec<_>>()
                    )
                ),
                rules::TIMING,
                false,
            )?;
            for (side, side_name) in side_names.iter().enumerate() {
                let mut mine: Vec<usize> = here
                    .iter()
                    .copied()
                    .filter(|&i| self.side_of(&sc.effects[i]) == side)
                    .collect();
                if mine.is_empty() {
                    continue;
                }
                // Who orders this side's effects: the player, or in a team game the Grand Admiral.
                let (orderer, order): (String, &[usize]) = if team_game {
                    let ga = sc.teams[side].grand_admiral;
                    (sc.players[ga].name.clone(), &sc.players[ga].order)
                } else {
                    (sc.players[side].name.clone(), &sc.players[side].order)
                };
                let position = |i: usize| order.iter().position(|&o| o == i).unwrap_or(usize::MAX);
                let assumed = mine.len() > 1 && mine.iter().any(|&i| position(i) == usize::MAX);
                mine.sort_by_key(|&i| (position(i), i));
                let names: Vec<String> = mine.iter().map(|&i| sc.effects[i].card.clone()).collect();
                let (who, rule) = match (side, team_game) {
                    (0, false) => (
                        format!(
                            "{side_name}, the first player, resolves all of their effects of this timing first"
                        ),
                        rules::TIMING,
                    ),
                    (_, false) => (
                        format!("{side_name} resolves their effects after the first player"),
                        rules::TIMING,
                    ),
                    (0, true) => (
                        format!(
                            "{side_name} is the first team, so for this timing it counts as the first player and resolves all of its effects first"
                        ),
                        rules::SF_EFFECTS,
                    ),
                    (_, true) => (
                        format!("{side_name} resolves its effects after the first team"),
                        rules::SF_EFFECTS,
                    ),
                };
                let how = if mine.len() < 2 {
                    String::new()
                } else if assumed {
                    format!("; order not given by {orderer}: scenario order used")
                } else if team_game {
                    format!(
                        "; the team's Grand Admiral ({orderer}) sets the order, since it is unclear within the team"
                    )
                } else {
                    format!("; order chosen by {orderer}")
                };
                let rule = if team_game && mine.len() > 1 && !assumed {
                    rules::SF_TEAMMATES
                } else {
                    rule
                };
                self.push(
                    format!("{side_name}'s effects"),
                    format!("{who}: {}{how}.", list(&names)),
                    rule,
                    assumed,
                )?;
                for i in mine {
                    self.effect(&sc.effects[i], side)?;
                }
            }
        }
        Ok(())
    }

    fn effect(&mut self, e: &EffectDef, side: usize) -> Result<(), CapReached> {
        let (resolver, by_ga) = self.resolver(e);
        let event = format!("{} ({})", e.card, e.card_type.as_str());
        if self.sc.setup && e.card_type != CardType::Objective {
            return self.push(event, format!("Not resolved: during set-up no card effect resolves except an objective card's ({} is {} {} card).", e.card, if e.card_type == CardType::Upgrade { "an" } else { "a" }, e.card_type.as_str()), rules::TIMING, false);
        }
        if by_ga {
            self.push(event.clone(), format!("It is unclear which team member resolves it, so {resolver}, the team's Grand Admiral, does."), rules::SF_EFFECTS, false)?;
        }
        for attempt in 1..=e.attempts {
            if attempt > 1 {
                self.push(event.clone(), format!("{resolver} wants to resolve it again for the same event: refused, an effect with \"{}\" resolves at most once per event.", e.timing.moment.as_str()), rules::TIMING, false)?;
                continue;
            }
            let optional = e.optional.unwrap_or(e.card_type == CardType::Upgrade);
            let mut choice = false;
            let decision = if optional {
                match e.use_ {
                    Some(false) => {
                        let why = if e.optional.is_some() {
                            "the card makes it optional"
                        } else {
                            "upgrade card effects are optional"
                        };
                        self.push(
                            event.clone(),
                            format!("{resolver} chooses not to resolve it ({why})."),
                            rules::TIMING,
                            false,
                        )?;
                        continue;
                    }
                    Some(true) => format!("{resolver} chooses to resolve it"),
                    None => {
                        choice = true;
                        format!(
                            "{resolver} resolves it (optional; choice not given: first legal option)"
                        )
                    }
                }
            } else {
                let why = if e.optional == Some(false) {
                    "the card makes it mandatory"
                } else {
                    "effects of cards other than upgrades are mandatory"
                };
                format!("It must resolve ({why})")
            };
            let mut outcome = decision;
            if !e.cost.is_empty() {
                outcome.push_str(&format!(
                    "; pays {} as the cost, and what is spent this way gives none of its own effect",
                    list(&e.cost)
                ));
            }
            if !e.does.is_empty() {
                outcome.push_str(&format!(": {}", e.does));
            }
            outcome.push('.');
            self.push(event.clone(), outcome, rules::TIMING, choice)?;
            self.resolved[side].push(e.card.clone());
        }
        Ok(())
    }

    fn final_state(&self) -> Vec<String> {
        sides(self.sc)
            .iter()
            .enumerate()
            .map(|(i, name)| {
                format!(
                    "{name} resolved: {}",
                    if self.resolved[i].is_empty() {
                        "nothing".to_string()
                    } else {
                        self.resolved[i].join(", ")
                    }
                )
            })
            .collect()
    }
}

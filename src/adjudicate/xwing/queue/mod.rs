//! The X-Wing ability queue, event by event.
//!
//! An event happens (a game effect resolves at once: a red action's stress, a jam token
//! taking a green token); the abilities it triggers enter the queue in player order and, for
//! one player, in the order that player chose; at the end of the queue for a scenario event,
//! at the front for an event caused while an ability resolves. Requirements are checked on
//! entry and on resolution, costs are paid on resolution all together, optional abilities are
//! decided on resolution, and destroyed ships leave only once the queue is empty (in the
//! Engagement phase, once their initiative step is over: [`engagement`]).

mod actions;
mod attack;
mod choices;
mod damage;
mod describe;
mod effects;
mod engagement;
mod engaging;
mod phrasing;
mod resolution;
#[cfg(test)]
mod tests;
mod tokens;
mod triggers;

use super::QueueDetail;
use super::rules::{self, TokenColour};
use crate::adjudicate::{CapReached, Cite, Played, QUEUE_SHOWN, Recorder, list, loop_finding};
use crate::parse::scenario::xwing::words::{
    Action, Colour, Cost, Count, EventKind, Moment, Pred, Side, Stmt, Subject, Token, TokenSel, Who,
};
use crate::parse::scenario::xwing::{AbilityDef, Origin, Part, Scenario};
use crate::report::{Code, Finding};
use phrasing::{capital, moment_word, plural, range_text};
use std::collections::{HashMap, VecDeque};

const TOKEN_KINDS: usize = Token::ALL.len();
/// Replacement effects can call each other; deeper than this is a loop.
const MAX_DEPTH: usize = 64;

#[derive(Debug, Clone)]
struct ShipState {
    tokens: [u32; TOKEN_KINDS],
    force: u32,
    shields: u32,
    damage: u32,
    destroyed: bool,
    removed: bool,
    actions: Vec<Action>,
}

impl ShipState {
    fn count(&self, token: Token) -> u32 {
        self.tokens[token as usize]
    }
    fn add(&mut self, token: Token, n: u32) {
        self.tokens[token as usize] += n;
    }
    fn take(&mut self, token: Token, n: u32) -> u32 {
        let taken = self.tokens[token as usize].min(n);
        self.tokens[token as usize] -= taken;
        taken
    }
    fn stressed(&self) -> bool {
        self.count(Token::Stress) > 0
    }
}

#[derive(Debug, Clone, Copy)]
struct Entry {
    ability: usize,
    instance: u32,
    trigger: Option<usize>,
}

/// What happened, for matching timings.
#[derive(Debug, Clone)]
struct Happened {
    kind: EventKind,
    moment: Moment,
    actor: Option<usize>,
    action: Option<Action>,
    colour: Option<Colour>,
    token: Option<Token>,
    speed: Option<u8>,
}

impl Happened {
    fn after(kind: EventKind, actor: usize) -> Self {
        Happened {
            kind,
            moment: Moment::After,
            actor: Some(actor),
            action: None,
            colour: None,
            token: None,
            speed: None,
        }
    }
}

/// The ship context of an ability while it resolves.
#[derive(Debug, Clone, Copy)]
struct Ctx {
    ability: Option<usize>,
    ship: usize,
    chosen: Option<usize>,
    trigger: Option<usize>,
    resolution: usize,
}

enum Stop {
    Cap,
    Finding(Finding),
}

impl From<CapReached> for Stop {
    fn from(_: CapReached) -> Self {
        Stop::Cap
    }
}

type Triggered = Vec<(usize, Option<usize>)>;

struct Engine<'a> {
    sc: &'a Scenario,
    ships: Vec<ShipState>,
    charges: Vec<u32>,
    added: Vec<u32>,
    resolutions: Vec<usize>,
    queue: VecDeque<Entry>,
    rec: Recorder<QueueDetail>,
    by_event: HashMap<EventKind, Vec<usize>>,
    pending: Vec<Triggered>,
    depth: usize,
    /// Range bands and firing arcs; effects that move ships change them.
    ranges: Vec<HashMap<usize, u8>>,
    arcs: Vec<Vec<usize>>,
    /// Bonus attacks each ship performed this round (at most one: ATAQUE ADICIONAL).
    bonus_attacks: Vec<u32>,
    /// What is pending came from an attack's consequences step, and keeps its order.
    after_attack: bool,
    /// The phase and the engaging initiative, for simultaneous fire.
    engaging: engaging::Engaging,
}

/// The steps of the scenario's events through the queue, and the ships' state after them.
pub fn run(sc: &Scenario) -> Played<QueueDetail> {
    let mut by_event: HashMap<EventKind, Vec<usize>> = HashMap::new();
    for (i, a) in sc.abilities.iter().enumerate() {
        if let Some(kind) = a.timing.event {
            by_event.entry(kind).or_default().push(i);
        }
    }
    let mut engine = Engine {
        sc,
        ships: sc
            .ships
            .iter()
            .map(|s| {
                let mut tokens = [0; TOKEN_KINDS];
                for t in Token::ALL {
                    tokens[*t as usize] = s.tokens.count(*t);
                }
                ShipState {
                    tokens,
                    force: s.force,
                    shields: s.shields,
                    damage: s.damage,
                    destroyed: false,
                    removed: false,
                    actions: Vec::new(),
                }
            })
            .collect(),
        charges: sc.abilities.iter().map(|a| a.charges).collect(),
        added: vec![0; sc.abilities.len()],
        resolutions: vec![0; sc.abilities.len()],
        queue: VecDeque::new(),
        rec: Recorder::new(sc.max_steps),
        by_event,
        pending: Vec::new(),
        depth: 0,
        ranges: sc.ships.iter().map(|s| s.range.clone()).collect(),
        arcs: sc.ships.iter().map(|s| s.arc.clone()).collect(),
        bonus_attacks: vec![0; sc.ships.len()],
        after_attack: false,
        engaging: engaging::Engaging::default(),
    };
    match engine.run_all() {
        Ok(()) => {
            let state = engine.final_state();
            Ok((engine.rec.steps, state))
        }
        Err(Stop::Finding(f)) => Err(vec![f]),
        Err(Stop::Cap) => {
            let culprit = engine
                .added
                .iter()
                .enumerate()
                .max_by_key(|(i, n)| (**n, std::cmp::Reverse(*i)))
                .map(|(i, n)| {
                    let a = &sc.abilities[i];
                    (a.id.clone(), *n as usize, a.timing_span.clone())
                });
            Err(vec![loop_finding(sc.file, sc.max_steps, culprit)])
        }
    }
}

impl Engine<'_> {
    fn run_all(&mut self) -> Result<(), Stop> {
        self.note_unqueued()?;
        for (stmt, _) in &self.sc.events {
            let top = Ctx {
                ability: None,
                ship: usize::MAX,
                chosen: None,
                trigger: None,
                resolution: 0,
            };
            self.before_scenario_event(stmt)?;
            if let Some(before) = self.before_of(stmt) {
                let triggered = self.matching(&before);
                self.enqueue(
                    vec![triggered],
                    false,
                    &format!("before {}", self.describe(stmt)),
                )?;
                self.drain()?;
            }
            self.exec(stmt, top)?;
            let groups = std::mem::take(&mut self.pending);
            self.enqueue(
                groups,
                false,
                &format!("triggered by: {}", self.describe(stmt)),
            )?;
            self.drain()?;
        }
        self.end_initiative_step()
    }

    /// Constant abilities, dice modifications and replacements never use the queue; say so once.
    fn note_unqueued(&mut self) -> Result<(), Stop> {
        // Those from card facts are many and say nothing about the question asked.
        let written = self
            .sc
            .abilities
            .iter()
            .filter(|a| a.origin == Origin::Scenario);
        for a in written {
            let (why, rule) = match a.timing.moment {
                Moment::Constant => (
                    "a constant ability: always in effect, it never enters the queue",
                    rules::QUEUE_FAQ,
                ),
                Moment::DiceMod => (
                    "a dice modification: it is applied in the attack's modify-dice step, outside the queue",
                    rules::DICE_MOD,
                ),
                _ => continue,
            };
            self.rec
                .push(self.label_of(a, 1), why, rule, false, self.snapshot())?;
        }
        Ok(())
    }

    fn step(
        &mut self,
        event: impl Into<String>,
        outcome: impl Into<String>,
        rule: Cite,
        choice: bool,
    ) -> Result<(), Stop> {
        let snapshot = self.snapshot();
        self.rec.push(event, outcome, rule, choice, snapshot)?;
        Ok(())
    }

    /// The queue as the step shows it: the first [`QUEUE_SHOWN`] entries and its length.
    fn snapshot(&self) -> QueueDetail {
        QueueDetail {
            queue: self
                .queue
                .iter()
                .take(QUEUE_SHOWN)
                .map(|e| self.label(e))
                .collect(),
            queue_length: self.queue.len(),
        }
    }
}

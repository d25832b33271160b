//! Talon (GMT, the Talon rulebook): which ships move and gain power in which impulse, who holds the
//! initiative, how damage crosses shields, hull and critical boxes, whether a shot is in arc
//! and range and what it does, and what the energy phase allows. Every step cites the
//! section of the Talon rulebook it applies.
//!
//! Each kind answers with the usual trace and, in its JSON, an `outcome` object of the
//! shape the kind documents (see each module).

mod aim;
mod answer;
mod blast;
pub mod board;
mod board_json;
mod cone;
mod critical;
mod damage;
pub mod dice;
mod docking;
mod energy;
mod enter;
mod fighters;
mod fire;
mod floating;
pub mod geometry;
mod hit;
mod impulse;
mod initiative;
mod launch;
mod missiles;
mod movement;
mod picture;
mod power;
mod push;
mod repair;
mod resolve;
pub mod round;
mod round_end;
pub mod round_json;
pub mod ruler;
pub mod rules;
mod snapshot;
mod steps;
mod terrain;
mod units;

pub use steps::{Played, Steps, Stop, letters};
pub(crate) use steps::{choice, step};

use super::{Adjudication, GameRules, NoDetail, ResolveOptions, Trace, trace_of};
use crate::adjudicate::loop_finding;
use crate::cards::CardDb;
use crate::parse::scenario::ScenarioText;
use crate::parse::scenario::talon::{self as scenario, Kind, Scenario};
use crate::report::Finding;

/// Talon's adjudication.
pub struct Talon;

impl GameRules for Talon {
    fn kinds(&self) -> &'static [&'static str] {
        scenario::KINDS
    }

    fn schema(&self) -> schemars::Schema {
        schemars::schema_for!(scenario::ScenarioFile)
    }

    fn resolve<'db>(
        &self,
        db: &'db CardDb,
        text: &ScenarioText<'_>,
        options: &ResolveOptions,
    ) -> Result<Box<dyn Adjudication + 'db>, Vec<Finding>> {
        let kind = Kind::parse(&text.envelope.kind).unwrap_or(Kind::Impulse);
        let sc = scenario::load(text, kind, &db.talon)?;
        let start = picture::scenario_board(&sc);
        let mut impulses: Vec<picture::Snapshot> = Vec::new();
        let (steps, final_state, outcome) =
            run_watched(&sc, options.seed, &mut |impulse, round, steps| {
                let before = impulses.last().map_or(&start, |s| &s.board);
                let snapshot = picture::after_impulse(round, impulse, before, steps.recorded());
                impulses.push(snapshot);
            })?;
        let snapshots = picture::snapshots(&sc, start, impulses, &outcome, steps.len());
        let answer = answer::answer(kind, &outcome, &final_state);
        Ok(Box::new(TalonTrace {
            trace: trace_of(&text.envelope, steps, final_state).answered(answer),
            outcome,
            snapshots,
        }))
    }
}

/// What one engine returns: steps, the final-state lines and the `outcome` object.
pub type Answer = (
    Vec<crate::adjudicate::Step<NoDetail>>,
    Vec<String>,
    serde_json::Value,
);

/// Adjudicate a checked scenario. `seed` rolls the dice the scenario does not list.
pub fn run(sc: &Scenario, seed: Option<u64>) -> Result<Answer, Vec<Finding>> {
    run_watched(sc, seed, &mut |_, _, _| {})
}

/// [`run`], with `watch` called after each impulse of a `talon/round` (the pictures).
pub fn run_watched(
    sc: &Scenario,
    seed: Option<u64>,
    watch: round::Watch<'_>,
) -> Result<Answer, Vec<Finding>> {
    let mut steps = Steps::recording(sc.max_steps);
    let played = match sc.kind {
        Kind::Impulse => impulse::run(sc, &mut steps),
        Kind::Initiative => initiative::run(sc, &mut steps),
        Kind::Damage => damage::run(sc, seed, &mut steps),
        Kind::Fire => fire::run(sc, seed, &mut steps),
        Kind::EnergyPhase => energy::run(sc, &mut steps),
        Kind::Round => round::run(sc, seed, &mut steps, watch),
    };
    match played {
        Ok((final_state, outcome)) => Ok((steps.into_steps(), final_state, outcome)),
        Err(Stop::Cap) => Err(vec![loop_finding(sc.file, sc.max_steps, None)]),
        Err(Stop::Finding(finding)) => Err(vec![*finding]),
    }
}

/// Play a `talon/round` scenario without a trace (benchmarks, solvers): the same results
/// as [`run`], and no step text or JSON is built.
pub fn round_quietly<'a>(
    sc: &'a Scenario<'a>,
    seed: Option<u64>,
) -> Result<round::Round<'a>, Vec<Finding>> {
    let mut steps = Steps::quiet();
    round::play(sc, seed, &mut steps).map_err(|stop| match stop {
        Stop::Cap => vec![loop_finding(sc.file, sc.max_steps, None)],
        Stop::Finding(finding) => vec![*finding],
    })
}

/// [`round_quietly`] again on a round it returned, with another seed: the round's lists
/// are cleared and refilled rather than dropped and allocated (what a solver playing one
/// scenario many times wants). Same results as a fresh [`round_quietly`].
pub fn replay_quietly(round: &mut round::Round<'_>, seed: Option<u64>) -> Result<(), Vec<Finding>> {
    let file = round.sc.file;
    let max_steps = round.sc.max_steps;
    round
        .replay(seed, &mut Steps::quiet())
        .map_err(|stop| match stop {
            Stop::Cap => vec![loop_finding(file, max_steps, None)],
            Stop::Finding(finding) => vec![*finding],
        })
}

/// A Talon trace: the generic steps plus the kind's `outcome` object in the JSON.
pub struct TalonTrace {
    pub trace: Trace<NoDetail>,
    pub outcome: serde_json::Value,
    /// The map at each picture, for `--output html|svg`.
    snapshots: Vec<picture::Snapshot>,
}

impl Adjudication for TalonTrace {
    fn answer(&self) -> String {
        self.trace.answer.clone()
    }

    fn render_human(&self, width: u16) -> String {
        self.trace.render_human(width)
    }

    fn render_json(&self) -> serde_json::Value {
        let mut json = self.trace.render_json();
        if let Some(object) = json.as_object_mut() {
            object.insert("outcome".into(), self.outcome.clone());
        }
        json
    }

    fn step_count(&self) -> usize {
        self.trace.step_count()
    }

    fn picture(&self) -> crate::report::picture::Story {
        picture::story(&self.trace, &self.snapshots)
    }
}

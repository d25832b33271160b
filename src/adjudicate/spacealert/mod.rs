//! Space Alert: a whole mission's resolution round (Space Alert rulebook §3), turn by turn in the seed's
//! step order, every step citing its section; the appendix's special threats (7.1, 7.2) cite
//! their entry. Split by concept: [`state`] (plain data), [`crew`] (§3.2 player actions),
//! [`combat`] (§3.3 damage to threats), [`threats`] (§3.1 appearance, §3.4 threat actions),
//! [`effects`] (what a threat's X, Y and Z actions do), [`hull`] (attacks on the ship, damage
//! tiles), [`score`] (§4), [`report`] (output).

mod combat;
mod crew;
mod effects;
mod engine;
mod hull;
mod log;
mod report;
pub mod rules;
mod score;
mod state;
mod threats;

pub use engine::Engine;
pub use log::Log;
pub use score::{Outcome, Summary};
pub use state::Prepared;

use super::{Adjudication, GameRules, ResolveOptions, loop_finding};
use crate::cards::CardDb;
use crate::parse::scenario::ScenarioText;
use crate::parse::scenario::spacealert::{self as mission, Mission};
use crate::report::{Code, Finding};

/// Space Alert's adjudication: `spacealert/mission`.
pub struct SpaceAlert;

impl GameRules for SpaceAlert {
    fn kinds(&self) -> &'static [&'static str] {
        mission::KINDS
    }

    fn schema(&self) -> schemars::Schema {
        schemars::schema_for!(mission::MissionFile)
    }

    fn resolve<'db>(
        &self,
        db: &'db CardDb,
        text: &ScenarioText<'_>,
        options: &ResolveOptions,
    ) -> Result<Box<dyn Adjudication + 'db>, Vec<Finding>> {
        let m = mission::load(text, &db.spacealert)?;
        let prepared = prepare(&m, options.seed)?;
        let mut engine = Engine::new(&prepared, Log::recording(text.envelope.max_steps));
        engine.run();
        let outcome = engine.outcome();
        if engine.log.capped {
            return Err(vec![loop_finding(m.file, text.envelope.max_steps, None)]);
        }
        Ok(Box::new(report::Report::new(
            &text.envelope,
            engine,
            outcome,
        )))
    }
}

/// Fix a mission's numbers once, for [`resolve_quietly`] in a loop.
pub fn prepare<'db>(m: &Mission<'db>, seed: Option<u64>) -> Result<Prepared<'db>, Vec<Finding>> {
    Prepared::new(m, seed).map_err(|e| {
        vec![
            Finding::error(
                Code::SpacealertData,
                format!("the built-in Space Alert data is incomplete: {e}"),
            )
            .help("run `arbiter cards check` and rebuild"),
        ]
    })
}

/// Resolve without a trace: what solvers and the benchmark call.
pub fn resolve_quietly(p: &Prepared<'_>) -> Summary {
    let mut engine = Engine::new(p, Log::off());
    engine.run();
    engine.summary()
}

//! X-Wing (2nd edition, Rules Reference 1.4.5): the ability queue and the order of play.

pub mod queue;
mod queue_detail;
pub mod round;
pub mod rules;

pub use queue_detail::QueueDetail;

use super::{Adjudication, GameRules, ResolveOptions, trace_of};
use crate::cards::CardDb;
use crate::parse::scenario::ScenarioText;
use crate::parse::scenario::xwing::{self as scenario, Kind};
use crate::report::Finding;

/// X-Wing's adjudication: `xwing/queue` and `xwing/round`.
pub struct Xwing;

impl GameRules for Xwing {
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
        let kind = Kind::parse(&text.envelope.kind).unwrap_or(Kind::Queue);
        let sc = scenario::load(text, kind)?;
        let (steps, final_state) = match kind {
            Kind::Queue => queue::run(&sc)?,
            Kind::Round => round::run(&sc)?,
        };
        Ok(Box::new(trace_of(&text.envelope, steps, final_state)))
    }
}

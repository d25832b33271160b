//! X-Wing (2nd edition, Rules Reference 1.4.5): the ability queue and the order of play.

pub mod queue;
pub mod round;
pub mod rules;

use super::{Adjudication, GameRules, ResolveOptions, StepDetail, trace_of};
use crate::cards::CardDb;
use crate::parse::scenario::ScenarioText;
use crate::parse::scenario::xwing::{self as scenario, Kind};
use crate::report::Finding;
use serde::Serialize;

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

/// What an X-Wing step adds: the ability queue after it, front first (at most
/// [`super::QUEUE_SHOWN`] entries) and its full length. The order of play uses no queue.
#[derive(Debug, Clone, Default, Serialize)]
pub struct QueueDetail {
    pub queue: Vec<String>,
    pub queue_length: usize,
}

impl StepDetail for QueueDetail {
    fn column() -> Option<&'static str> {
        Some("queue after")
    }

    fn cell(&self, kind: &str) -> String {
        if kind != "xwing/queue" {
            return "—".to_string();
        }
        let mut queue: Vec<String> = self
            .queue
            .iter()
            .enumerate()
            .map(|(i, q)| format!("{}. {q}", i + 1))
            .collect();
        if self.queue_length > self.queue.len() {
            queue.push(format!("… {} more", self.queue_length - self.queue.len()));
        }
        if queue.is_empty() {
            "(empty)".to_string()
        } else {
            queue.join("\n")
        }
    }
}

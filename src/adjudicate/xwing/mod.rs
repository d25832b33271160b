//! X-Wing (2nd edition, Rules Reference 1.4.5): the ability queue and the order of play.

mod answer;
mod names;
pub mod queue;
mod queue_detail;
pub mod round;
pub mod rules;

pub use queue_detail::QueueDetail;

use super::{Adjudication, GameRules, ResolveOptions, trace_of};
use crate::cards::CardDb;
use crate::parse::scenario::ScenarioText;
use crate::parse::scenario::xwing::{self as scenario, Kind, Origin};
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
        db: &'db CardDb,
        text: &ScenarioText<'_>,
        _options: &ResolveOptions,
    ) -> Result<Box<dyn Adjudication + 'db>, Vec<Finding>> {
        let kind = Kind::parse(&text.envelope.kind).unwrap_or(Kind::Queue);
        let names = names::Names::new(db, text.dir.clone());
        let sc = scenario::load_with(text, kind, &names)?;
        let (steps, final_state) = match kind {
            Kind::Queue => queue::run(&sc)?,
            Kind::Round => round::run(&sc)?,
        };
        let answer = match kind {
            Kind::Queue => answer::queue(&steps),
            Kind::Round => answer::round(&steps),
        };
        let mut trace = trace_of(&text.envelope, steps, final_state).answered(answer);
        trace.notes = legend(&sc);
        Ok(Box::new(trace))
    }
}

/// What the marks of abilities from card facts mean, when the scenario has any.
fn legend(sc: &scenario::Scenario) -> Vec<String> {
    let from_cards = |origin| sc.abilities.iter().any(|a| a.origin == origin);
    let mut notes = Vec::new();
    if from_cards(Origin::Derived) {
        notes.push("[derived]: an ability filled in from timing facts derived from the card's text, not checked by hand; an [[ability]] for the card replaces them".to_string());
    }
    if from_cards(Origin::Checked) {
        notes.push(
            "[checked]: an ability filled in from the card's timing facts checked by hand"
                .to_string(),
        );
    }
    notes
}

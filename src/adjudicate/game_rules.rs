//! What one game offers adjudication: its kinds of scenario, the schema of its tables,
//! and its engines.

use super::Adjudication;
use crate::cards::CardDb;
use crate::parse::scenario::ScenarioText;
use crate::report::Finding;

/// What the command line adds to a scenario.
#[derive(Debug, Clone, Copy, Default)]
pub struct ResolveOptions {
    /// Overrides the scenario's `max_steps` (1 to [`scenario::MAX_STEPS_CEILING`]).
    pub max_steps: Option<u32>,
    /// Seeds what the game leaves to chance (dice, card draws) when the scenario does not
    /// say; the same seed gives the same trace.
    pub seed: Option<u64>,
}

/// One game's adjudication: its kinds of scenario, the schema of its tables, its engines.
pub trait GameRules: Sync {
    /// The kinds this game answers, `<game>/<question>`.
    fn kinds(&self) -> &'static [&'static str];
    /// The JSON Schema of the game's own tables (everything but the envelope).
    fn schema(&self) -> schemars::Schema;
    /// Read the game's tables, resolving what they name against `db` (the built-in card
    /// data with any `--data` overlays), and adjudicate. The kind is one of
    /// [`GameRules::kinds`].
    fn resolve<'db>(
        &self,
        db: &'db CardDb,
        scenario: &ScenarioText<'_>,
        options: &ResolveOptions,
    ) -> Result<Box<dyn Adjudication + 'db>, Vec<Finding>>;
}

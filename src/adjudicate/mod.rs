//! Timing adjudication: a scenario goes in, a step-by-step trace comes out, each step
//! citing the rule it applies (document and section heading as printed in the rulebook).
//!
//! Each game has its engine in its own module and joins here through [`GameRules`] and one
//! arm of [`rules_of`]. What is shared is only the envelope of a scenario (read by
//! [`crate::parse::scenario`]), the dispatch on its game and kind, and the trace: numbered
//! steps with a rule citation, what happened, and the game's own detail.

pub mod armada;
pub mod spacealert;
pub mod talon;
mod trace;
pub mod xwing;

pub use trace::{
    Adjudication, CapReached, NoDetail, Played, Recorder, Step, StepDetail, Trace, header,
};

use crate::cards::Game;
use crate::parse::scenario::{self, Envelope, ScenarioText};
use crate::report::{Code, FileId, Finding, SourceFiles};
use serde::Serialize;

/// A rule as cited in a trace: the document, its version ("" when it prints none) and the
/// section heading exactly as printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Cite {
    pub document: &'static str,
    pub version: &'static str,
    pub section: &'static str,
}

impl Cite {
    pub fn short(&self) -> String {
        if self.version.is_empty() {
            format!("{} · {}", self.document, self.section)
        } else {
            format!("{} {} · {}", self.document, self.version, self.section)
        }
    }

    /// The document as a table shows it: without the "Star Wars: " the titles start with.
    pub fn label(&self) -> String {
        let document = self
            .document
            .strip_prefix("Star Wars: ")
            .unwrap_or(self.document);
        if self.version.is_empty() {
            document.to_string()
        } else {
            format!("{document} {}", self.version)
        }
    }
}

/// Most queue entries a step shows; longer queues show a count of the rest.
pub const QUEUE_SHOWN: usize = 8;
/// Most names an outcome lists before summarising the rest.
pub const NAMES_SHOWN: usize = 8;

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
    /// Read the game's tables and adjudicate. The kind is one of [`GameRules::kinds`].
    fn resolve(
        &self,
        scenario: &ScenarioText<'_>,
        options: &ResolveOptions,
    ) -> Result<Box<dyn Adjudication>, Vec<Finding>>;
}

/// The one place a game joins adjudication; `None` for a game without scenarios yet.
pub fn rules_of(game: Game) -> Option<&'static dyn GameRules> {
    match game {
        Game::Armada => Some(&armada::Armada),
        Game::Xwing => Some(&xwing::Xwing),
        Game::Spacealert => Some(&spacealert::SpaceAlert),
        Game::Talon => Some(&talon::Talon),
    }
}

/// Read, check and adjudicate a scenario text. On failure the findings point into `files`.
pub fn resolve_text(
    name: &str,
    text: &str,
    options: &ResolveOptions,
) -> (SourceFiles, Result<Box<dyn Adjudication>, Vec<Finding>>) {
    let mut files = SourceFiles::default();
    let file: FileId = files.add(name, text.to_string());
    let result = scenario::read(file, text, options.max_steps).and_then(|scenario| {
        let envelope = &scenario.envelope;
        let rules = rules_of(envelope.game);
        let kinds = rules.map_or(&[][..], |r| r.kinds());
        if let Some(rules) = rules
            && kinds.contains(&envelope.kind.as_str())
        {
            return rules.resolve(&scenario, options);
        }
        let mut findings = vec![scenario::wrong_kind(envelope, kinds)];
        // A kind of another game: check the rest as that game's, to report every problem.
        let kind_game = envelope
            .kind
            .split_once('/')
            .and_then(|(g, _)| Game::from_id(g));
        if let Some(other) = kind_game.and_then(rules_of)
            && other.kinds().contains(&envelope.kind.as_str())
            && let Err(more) = other.resolve(&scenario, options)
        {
            findings.extend(more);
        }
        Err(findings)
    });
    (files, result)
}

/// The JSON Schema of every scenario file (`arbiter schema scenario`).
pub fn scenario_schema() -> schemars::Schema {
    let bodies: Vec<_> = Game::ALL
        .into_iter()
        .filter_map(|game| rules_of(game).map(|rules| (game, rules.kinds(), rules.schema())))
        .collect();
    scenario::schema(&bodies)
}

/// A trace with the envelope's title, kind, question and source.
pub fn trace_of<D>(envelope: &Envelope, steps: Vec<Step<D>>, final_state: Vec<String>) -> Trace<D> {
    Trace {
        title: envelope.title.clone(),
        kind: envelope.kind.clone(),
        question: envelope.question.clone(),
        source: envelope.source_line(),
        steps,
        final_state,
    }
}

/// "a, b and c", at most [`NAMES_SHOWN`] names then "and N more".
pub fn list(names: &[String]) -> String {
    let shown: Vec<&str> = names.iter().take(NAMES_SHOWN).map(String::as_str).collect();
    let rest = names.len().saturating_sub(NAMES_SHOWN);
    match (shown.as_slice(), rest) {
        ([], _) => "nothing".to_string(),
        ([one], 0) => one.to_string(),
        ([init @ .., last], 0) => format!("{} and {last}", init.join(", ")),
        _ => format!("{} and {rest} more", shown.join(", ")),
    }
}

/// The loop diagnostic: the steps ran out; `culprit` is the ability (or effect) seen most.
pub fn loop_finding(
    file: FileId,
    max_steps: u32,
    culprit: Option<(String, usize, std::ops::Range<usize>)>,
) -> Finding {
    let ceiling = scenario::MAX_STEPS_CEILING;
    match culprit {
        Some((name, times, span)) if times > 1 => Finding::error(
            Code::ScenarioLoop,
            format!("the scenario did not settle within {max_steps} steps: `{name}` entered the queue {times} times"),
        )
        .at(file, span)
        .label("triggers again and again")
        .help(format!("abilities that trigger each other without end loop forever; change a timing or a requirement, or raise `max_steps` (at most {ceiling}) if the scenario really is that long")),
        _ => Finding::error(Code::ScenarioLoop, format!("the scenario did not settle within {max_steps} steps"))
            .at(file, 0..0)
            .help(format!("raise `max_steps` (or pass --max-steps; at most {ceiling}) if the scenario really is that long")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_are_capped() {
        let names: Vec<String> = (0..12).map(|i| i.to_string()).collect();
        assert_eq!(list(&names[..1]), "0");
        assert_eq!(list(&names[..3]), "0, 1 and 2");
        assert_eq!(list(&names), "0, 1, 2, 3, 4, 5, 6, 7 and 4 more");
    }

    #[test]
    fn every_game_with_scenarios_names_kinds_of_its_own() {
        for game in Game::ALL {
            if let Some(rules) = rules_of(game) {
                for kind in rules.kinds() {
                    assert!(kind.starts_with(&format!("{}/", game.as_str())), "{kind}");
                }
            }
        }
    }
}

//! Timing adjudication: a scenario goes in, a step-by-step trace comes out, each step
//! citing the rule it applies (document and section heading as printed in the rulebook).
//!
//! Each game has its engine in its own module and joins here through [`GameRules`] and one
//! arm of [`rules_of`]. What is shared is only the envelope of a scenario (read by
//! [`crate::parse::scenario`]), the dispatch on its game and kind, and the trace: numbered
//! steps with a rule citation, what happened, and the game's own detail.

pub mod armada;
mod cite;
mod game_rules;
mod phrasing;
pub mod spacealert;
pub mod talon;
mod trace;
pub mod xwing;

pub use cite::Cite;
pub use game_rules::{GameRules, ResolveOptions};
pub use phrasing::{
    NAMES_SHOWN, QUEUE_SHOWN, QUEUE_SHOWN_IN_TABLE, STEPS_SHOWN_IN_TABLE, in_order, list,
};
pub use trace::{
    Adjudication, CapReached, NoDetail, Played, Recorder, Step, StepDetail, Trace, answer_line,
    header, loop_finding, trace_of,
};

use crate::cards::{CardDb, Game};
use crate::parse::scenario::{self, ScenarioText};
use crate::report::{FileId, Finding, SourceFiles};

/// The one place a game joins adjudication: the games with scenarios and their rules.
const GAMES_WITH_SCENARIOS: &[(Game, &dyn GameRules)] = &[
    (Game::Armada, &armada::Armada),
    (Game::Xwing, &xwing::Xwing),
    (Game::Spacealert, &spacealert::SpaceAlert),
    (Game::Talon, &talon::Talon),
];

/// A game's adjudication; `None` for a game without scenarios yet.
pub fn rules_of(game: Game) -> Option<&'static dyn GameRules> {
    GAMES_WITH_SCENARIOS
        .iter()
        .find(|(g, _)| *g == game)
        .map(|(_, rules)| *rules)
}

/// Adjudicate a scenario whose envelope is read, with the card data `db`. A kind of
/// another game than the envelope's is reported, with every problem the rest of the file
/// has as that game's.
pub fn resolve<'db>(
    db: &'db CardDb,
    scenario: &ScenarioText<'_>,
    options: &ResolveOptions,
) -> Result<Box<dyn Adjudication + 'db>, Vec<Finding>> {
    let envelope = &scenario.envelope;
    let rules = rules_of(envelope.game);
    let kinds = rules.map_or(&[][..], |r| r.kinds());
    if let Some(rules) = rules
        && kinds.contains(&envelope.kind.as_str())
    {
        return rules.resolve(db, scenario, options);
    }
    let mut findings = vec![scenario::wrong_kind(envelope, kinds)];
    let kind_game = envelope
        .kind
        .split_once('/')
        .and_then(|(g, _)| Game::from_id(g));
    if let Some(other) = kind_game.and_then(rules_of)
        && other.kinds().contains(&envelope.kind.as_str())
        && let Err(more) = other.resolve(db, scenario, options)
    {
        findings.extend(more);
    }
    Err(findings)
}

/// Read, check and adjudicate a scenario text (tests, the fuzz harness). On failure the
/// findings point into `files`.
pub fn resolve_text<'db>(
    db: &'db CardDb,
    name: &str,
    text: &str,
    options: &ResolveOptions,
) -> (
    SourceFiles,
    Result<Box<dyn Adjudication + 'db>, Vec<Finding>>,
) {
    let mut files = SourceFiles::default();
    let text = crate::input::lone_cr_as_lf_text(text.to_string());
    let file: FileId = files.add(name, text.clone());
    let result = scenario::read(file, &text, options.max_steps).and_then(|mut scenario| {
        scenario.dir = std::path::Path::new(name)
            .parent()
            .map(std::path::Path::to_path_buf);
        resolve(db, &scenario, options)
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

#[cfg(test)]
mod tests {
    use super::*;

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

//! arbiter: list validation, timing adjudication, rules lookup and card-data checks for
//! space-combat tabletop games.

#![warn(clippy::too_many_lines)]

pub mod adjudicate;
pub mod atomic;
pub mod cards;
pub mod check;
pub mod cli;
mod commands;
pub mod export;
pub mod glossary;
pub mod help;
pub mod import;
pub mod input;
pub mod parse;
pub mod report;
pub mod schema;
pub mod text;
pub mod validate;

/// `../shared` for the unit tests that read it: the integration tests' helper, included so
/// both say alike that they skipped (or, with `ARBITER_REQUIRE_SHARED=1`, fail).
#[cfg(test)]
#[path = "../tests/integration/support/shared.rs"]
mod test_shared;

pub use validate::lists::ListChecker;

/// The `arbiter` program: parse the command line, run the command, return its exit code.
pub fn run() -> std::process::ExitCode {
    commands::run()
}

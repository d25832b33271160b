//! arbiter: list validation, timing adjudication, rules lookup and card-data checks for
//! space-combat tabletop games.

#![warn(clippy::too_many_lines)]

pub mod adjudicate;
pub mod cards;
pub mod check;
pub mod cli;
mod commands;
pub mod export;
pub mod glossary;
pub mod import;
pub mod input;
pub mod parse;
pub mod report;
pub mod schema;
pub mod text;
pub mod validate;

pub use validate::lists::ListChecker;

/// The `arbiter` program: parse the command line, run the command, return its exit code.
pub fn run() -> std::process::ExitCode {
    commands::run()
}

//! `cards check`: every problem in the data, each located. Reading problems come from the
//! loader; each module here adds one kind of cross-record check.

mod dates;
mod duplicates;
mod format_sources;
mod references;
mod rules;
mod timing;

pub use crate::cards::locate::value_span;

use crate::cards::CardDb;
use crate::report::{Code, Finding};

/// All findings for a loaded database, in file and position order.
///
/// A file that failed to load leaves out all its records, so references to them would
/// dangle by the thousand (an empty points file: one per card). Its own diagnostic is the
/// one that matters: references within its game wait until it loads, references within
/// the other games are checked ([`games_unchecked`]).
pub fn run(db: &CardDb) -> Vec<Finding> {
    let mut findings = db.findings.clone();
    let loaded = findings.len();
    dates::check(db, &mut findings);
    duplicates::check(db, &mut findings);
    references::check(db, &mut findings);
    rules::check(db, &mut findings);
    format_sources::check(db, &mut findings);
    timing::check(db, &mut findings);
    for game in crate::cards::Game::ALL {
        db.cards(game).check(&db.files, &mut findings);
    }
    if let Some(unchecked) = games_unchecked(db) {
        let mut index = 0;
        findings.retain(|f| {
            index += 1;
            let waits = match (&unchecked, f.location.as_ref()) {
                (Unchecked::Games(games), Some(at)) => {
                    game_of_file(db, at.file).is_none_or(|g| games.contains(&g))
                }
                _ => true,
            };
            index <= loaded || f.code != Code::DanglingReference || !waits
        });
    }
    findings.sort_by(|a, b| {
        let key = |f: &Finding| f.location.as_ref().map(|l| (l.file, l.span.start));
        key(a).cmp(&key(b)).then(a.code.cmp(&b.code))
    });
    findings
}

/// Whose references wait for a broken file to load.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unchecked {
    /// The games of the files that failed to load.
    Games(Vec<crate::cards::Game>),
    /// A broken file names no game: every reference waits.
    All,
}

/// The references that wait because a data file failed to load; `None` when every file
/// loaded. A broken file's game is read from its text, since its records never loaded.
pub fn games_unchecked(db: &CardDb) -> Option<Unchecked> {
    let mut games = Vec::new();
    for finding in db.findings.iter().filter(|f| f.is_error()) {
        let Some(game) = finding
            .location
            .as_ref()
            .and_then(|at| game_of_file(db, at.file))
        else {
            return Some(Unchecked::All);
        };
        if !games.contains(&game) {
            games.push(game);
        }
    }
    (!games.is_empty()).then_some(Unchecked::Games(games))
}

/// The game a data file is about: its first `game = "…"` line (every card, errata, format
/// and rules file has one), readable even when the file as a whole is not.
fn game_of_file(db: &CardDb, file: crate::report::FileId) -> Option<crate::cards::Game> {
    db.files.text(file).lines().find_map(|line| {
        let value = line
            .trim()
            .strip_prefix("game")?
            .trim_start()
            .strip_prefix('=')?;
        let name = value.trim().trim_matches('"');
        crate::cards::Game::ALL
            .into_iter()
            .find(|g| g.as_str() == name)
    })
}

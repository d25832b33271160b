//! `cards check`: every problem in the data, each located. Reading problems come from the
//! loader; each module here adds one kind of cross-record check.

mod dates;
mod duplicates;
mod format_sources;
mod references;
mod rules;
mod timing;

pub use crate::cards::locate::value_span;

use crate::cards::{CardDb, DataKind, Game};
use crate::report::{Code, FileId, Finding};

/// All findings for a loaded database, in file and position order.
///
/// A file that failed to load leaves out all its records, so references to them would
/// dangle by the thousand (an empty points file: one per card). Its own diagnostic is the
/// one that matters: the references that could land in it wait until it loads, and every
/// other check runs ([`unchecked`]).
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
    if let Some(unchecked) = unchecked(db) {
        let mut index = 0;
        findings.retain(|f| {
            index += 1;
            let waits = match (&unchecked, f.location.as_ref()) {
                (Unchecked::Targets(broken), Some(at)) => {
                    target_of_references(db, at.file).is_none_or(|t| broken.contains(&t))
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
    /// References into these (game, kind of file) pairs: the broken files' own. A broken
    /// errata or formats file holds nothing back, since no record refers into one.
    Targets(Vec<(Game, DataKind)>),
    /// A broken file names no game or no kind: every reference waits.
    All,
}

/// The references that wait because a data file failed to load; `None` when every file
/// loaded. A broken file's game and kind are read from its path and text, since its
/// records never loaded.
pub fn unchecked(db: &CardDb) -> Option<Unchecked> {
    let mut targets = Vec::new();
    for finding in db.findings.iter().filter(|f| f.is_error()) {
        let Some(target) = finding.location.as_ref().and_then(|at| {
            let game = game_of_file(db, at.file)?;
            let kind = DataKind::of_file(db.files.name(at.file), db.files.text(at.file))?;
            Some((game, kind))
        }) else {
            return Some(Unchecked::All);
        };
        if !targets.contains(&target) {
            targets.push(target);
        }
    }
    (!targets.is_empty()).then_some(Unchecked::Targets(targets))
}

/// Where the references of a file land: a rules file's see-also ids and abbreviations name
/// rules entries; every other file names cards, points revisions or content sources, all
/// of which live in card files.
fn target_of_references(db: &CardDb, file: FileId) -> Option<(Game, DataKind)> {
    let game = game_of_file(db, file)?;
    match DataKind::of_file(db.files.name(file), db.files.text(file))? {
        DataKind::Rules => Some((game, DataKind::Rules)),
        _ => Some((game, DataKind::Cards)),
    }
}

/// The game a data file is about: its first `game = "…"` line (every card, errata, format
/// and rules file has one), readable even when the file as a whole is not.
fn game_of_file(db: &CardDb, file: FileId) -> Option<Game> {
    db.files.text(file).lines().find_map(|line| {
        let value = line
            .trim()
            .strip_prefix("game")?
            .trim_start()
            .strip_prefix('=')?;
        let name = value.trim().trim_matches('"');
        Game::ALL.into_iter().find(|g| g.as_str() == name)
    })
}

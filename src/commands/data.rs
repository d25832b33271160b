//! The card data a command runs on: the built-in data with any `--data` folders over it.

use super::output::{print_findings_stderr, stderr_line};
use crate::cards::{CardDb, DataKind, Game, LoadOptions, load_games};
use crate::cli::Outcome;
use std::path::PathBuf;

/// The built-in data with any `--data` folders over it. Paths that cannot be read are
/// reported and make the command fail.
pub(super) fn load_data(overlays: &[PathBuf], without: &[DataKind]) -> Result<CardDb, Outcome> {
    load_game_data(overlays, without, &[])
}

/// [`load_data`] with only `games`' built-in cards (empty: every game's).
pub(super) fn load_game_data(
    overlays: &[PathBuf],
    without: &[DataKind],
    games: &[Game],
) -> Result<CardDb, Outcome> {
    let options = LoadOptions {
        spans: false,
        embedded: true,
        overlays: overlays.to_vec(),
        without: without.to_vec(),
    };
    let (db, unreadable) = load_games(&options, games);
    print_skipped(&db);
    if unreadable.is_empty() {
        Ok(db)
    } else {
        print_findings_stderr(&db, &unreadable);
        Err(Outcome::Failed)
    }
}

/// A note for each entry of a data folder that was passed over (a FIFO, a link loop).
pub(super) fn print_skipped(db: &CardDb) {
    for skipped in &db.skipped {
        stderr_line(&format!("note: {skipped}"));
    }
}

//! The card data a command runs on: the built-in data with any `--data` folders over it.

use super::output::{print_findings_stderr, print_stderr, stderr_line};
use crate::cards::{CardDb, DataKind, Game, LoadOptions, load, load_games_except};
use crate::cli::Outcome;
use crate::report::{
    HumanStyle, OutputFormat, SHOWN_PER_CODE_AND_FILE, cap_repeats, render_findings,
};
use std::path::PathBuf;

/// `--data` checked as `cards check` checks it (the built-in data with the folders over it,
/// every cross-record check): its findings are printed, and an error stops the command
/// (exit 2) before it runs on data that is broken. Nothing to do without `--data`.
pub(super) fn check_overlays(overlays: &[PathBuf]) -> Result<(), Outcome> {
    if overlays.is_empty() {
        return Ok(());
    }
    let (db, unreadable) = load(&LoadOptions {
        spans: true,
        embedded: true,
        overlays: overlays.to_vec(),
        without: Vec::new(),
    });
    let findings = if unreadable.is_empty() {
        crate::check::run(&db)
    } else {
        unreadable
    };
    let shown = cap_repeats(&findings, SHOWN_PER_CODE_AND_FILE, |file| {
        db.files.name(file).to_string()
    });
    print_stderr(&render_findings(
        &db.files,
        &shown,
        OutputFormat::Human,
        HumanStyle::for_stderr(),
    ));
    let errors = findings.iter().filter(|f| f.is_error()).count();
    if errors == 0 {
        return Ok(());
    }
    stderr_line(&format!(
        "error: the data given with --data has {errors} error{} (`arbiter cards check` lists them all); nothing was run",
        if errors == 1 { "" } else { "s" }
    ));
    Err(Outcome::Failed)
}

/// The built-in data with any `--data` folders over it. Paths that cannot be read are
/// reported and make the command fail.
pub(super) fn load_data(overlays: &[PathBuf], without: &[DataKind]) -> Result<CardDb, Outcome> {
    load_game_data(overlays, without, &[], &[])
}

/// [`load_data`] with only `games`' built-in cards (empty: every game's), the built-in
/// files at the data-tree paths `unread` left out.
pub(super) fn load_game_data(
    overlays: &[PathBuf],
    without: &[DataKind],
    games: &[Game],
    unread: &[&str],
) -> Result<CardDb, Outcome> {
    let options = LoadOptions {
        spans: false,
        embedded: true,
        overlays: overlays.to_vec(),
        without: without.to_vec(),
    };
    let (db, unreadable) = load_games_except(&options, games, unread);
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

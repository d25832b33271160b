//! One file per command: each turns parsed arguments into output and an [`Outcome`].

mod cards_check;
mod cards_import;
mod cards_show;
mod export;
mod resolve;
mod rule;
mod schema;
mod score;
mod validate;

pub use validate::ListChecker;

use crate::cards::{CardDb, DataKind, LoadOptions, load};
use crate::cli::{CardsCommand, Cli, Command, Outcome, ScoreCommand};
use crate::report::{Finding, HumanStyle, render_human};
use std::io::Write;
use std::path::PathBuf;

pub fn dispatch(cli: Cli) -> Outcome {
    match cli.command {
        Command::Cards(CardsCommand::Check(args)) => cards_check::run(&cli.data, args),
        Command::Cards(CardsCommand::Show(args)) => cards_show::show(&cli.data, args),
        Command::Cards(CardsCommand::Search(args)) => cards_show::search(&cli.data, args),
        Command::Cards(CardsCommand::Import(args)) => cards_import::run(args),
        Command::Schema(args) => schema::run(args),
        Command::Rule(args) => rule::run(&cli.data, args),
        Command::Resolve(args) => resolve::run(args),
        Command::Validate(args) => validate::run(&cli.data, args),
        Command::Score(ScoreCommand::Armada(args)) => score::armada(&cli.data, args),
        Command::Export(args) => export::run(&cli.data, args),
    }
}

/// The built-in data with any `--data` folders over it. Paths that cannot be read are
/// reported and make the command fail.
fn load_data(overlays: &[PathBuf], without: &[DataKind]) -> Result<CardDb, Outcome> {
    let (db, unreadable) = load(&LoadOptions {
        spans: false,
        embedded: true,
        overlays: overlays.to_vec(),
        without: without.to_vec(),
    });
    print_skipped(&db);
    if unreadable.is_empty() {
        Ok(db)
    } else {
        print_findings_stderr(&db, &unreadable);
        Err(Outcome::Failed)
    }
}

/// A note for each entry of a data folder that was passed over (a FIFO, a link loop).
fn print_skipped(db: &CardDb) {
    for skipped in &db.skipped {
        eprintln!("note: {skipped}");
    }
}

fn print_findings_stderr(db: &CardDb, findings: &[Finding]) {
    let style = HumanStyle::for_stderr();
    let mut stderr = std::io::stderr().lock();
    for finding in findings {
        let _ = write!(stderr, "{}", render_human(&db.files, finding, style));
    }
}

/// Write to stdout, ignoring a closed pipe (`arbiter … | head`).
fn print_stdout(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes());
    if !text.ends_with('\n') {
        let _ = stdout.write_all(b"\n");
    }
}

//! `arbiter validate`: read fleet and squad lists (files, folders, standard input), check
//! each against its format, and write each result as soon as it is known.

use super::progress::Progress;
use super::{StdoutSink, load_game_data, stderr_line};
use crate::cards::{DataKind, Game};
use crate::cli::{Outcome, ValidateArgs};
use crate::input::{Input, list_inputs};
use crate::report::HumanStyle;
use crate::report::list::Summary;
use crate::report::list::write::{ListWriter, ReportText, failures_only, writer};
use crate::validate::Request;
use crate::validate::lists::{Checker, Workers, check_in_order, games_of, max_list_bytes};

/// Up to this many lists are checked on one thread: starting workers costs more than
/// they save.
const FEW_LISTS: usize = 20;

/// Lists a worker takes at a time when each result is one verdict line (about 150 bytes):
/// four times the default batch holds less text in flight than JSON reports do. It cut
/// the table run's wall time by about 5 % while a writer thread was woken for every batch
/// (docs/performance.md); with the workers writing, it is kept as measured, within the
/// noise of 16.
const VERDICT_LINES_PER_BATCH: usize = 64;

pub fn run(overlays: &[std::path::PathBuf], args: ValidateArgs) -> Outcome {
    let started = std::time::Instant::now();
    // Lists are checked against cards and formats only: the glossary, the errata (a
    // megabyte of data between them) and X-Wing's ability timings stay unread. `--data` is
    // checked whole before this.
    let without = [DataKind::Errata, DataKind::Rules];
    let unread = crate::cards::xwing::TIMING_FILES;
    let db = match load_game_data(overlays, &without, &games_to_load(&args), &unread) {
        Ok(db) => db,
        Err(outcome) => return outcome,
    };
    if args.verbose {
        stderr_line(&format!(
            "data: {} files, {} cards ({} ms)",
            db.loaded.len(),
            db.entries().count(),
            started.elapsed().as_millis()
        ));
    }
    // One list, a team game, `--details` or `--verbose`: every list in full; else a
    // verdict line each.
    let details =
        args.details || args.verbose || !args.teams.is_empty() || Input::is_single(&args.inputs);
    let human = args.output == crate::report::list::write::ListOutput::Human;
    let request = Request {
        game: args.game,
        format: args.format.clone(),
        points: args.points.clone(),
        points_limit: args.points_limit,
        teams: !args.teams.is_empty(),
        tables: human && details,
    };
    let checker = match Checker::new(&db, &request) {
        Ok(checker) => checker,
        Err(message) => {
            stderr_line(&format!("error: {message}"));
            return Outcome::Failed;
        }
    };
    let mut out = StdoutSink::new();
    let mut progress = Progress::for_run(human, args.quiet);
    let summary = if args.teams.is_empty() {
        // The first few inputs tell a handful of lists from a season's worth.
        let mut walk = list_inputs(&args.inputs, checker.max_list_bytes());
        let head: Vec<Input> = walk.by_ref().take(FEW_LISTS + 1).collect();
        let few = head.len() <= FEW_LISTS;
        let writer = list_writer(&args, details);
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        let workers = Workers::new(if few { 1 } else { threads });
        let workers = if human && !details {
            workers.with_batch(VERDICT_LINES_PER_BATCH)
        } else {
            workers
        };
        // The report becomes text on the worker that checked it; whichever worker finishes
        // the oldest batch copies the texts out in order.
        let render = |input: Input| {
            let report = checker.check(&input);
            (
                Summary::of(std::slice::from_ref(&report)),
                writer.report_text(&report),
            )
        };
        write_run(&mut out, &mut progress, writer.as_ref(), |emit| {
            check_in_order(head.into_iter().chain(walk), workers, &render, emit);
        })
    } else {
        let reports = match checker.check_teams(&args.teams) {
            Ok(reports) => reports,
            Err(message) => {
                stderr_line(&format!("error: {message}"));
                return Outcome::Failed;
            }
        };
        let writer = list_writer(&args, details);
        write_run(&mut out, &mut progress, writer.as_ref(), |emit| {
            for report in reports {
                emit((
                    Summary::of(std::slice::from_ref(&report)),
                    writer.report_text(&report),
                ));
            }
        })
    };
    // Every byte is written and flushed by now (`write_run`); the card data and its
    // indexes are left to the operating system, which frees them at exit faster than
    // dropping tens of thousands of strings one by one (about a tenth of a one-list run).
    std::mem::forget(checker);
    std::mem::forget(db);
    if args.verbose {
        stderr_line(&format!(
            "checked {} list{} in {} ms",
            summary.lists,
            if summary.lists == 1 { "" } else { "s" },
            started.elapsed().as_millis()
        ));
    }
    if summary.unreadable > 0 {
        Outcome::Failed
    } else if summary.invalid > 0 {
        Outcome::Findings
    } else {
        Outcome::Clean
    }
}

/// The games whose cards a run loads (empty: every game's). A few lists named one by one
/// are looked at first, so they load only their games' cards: most of a one-list run's
/// time went on loading and indexing the cards of games it did not need. A run that prints
/// anything about the other games' data (`--verbose` counts the cards, an unknown
/// `--points` lists every game's revisions) loads them all.
fn games_to_load(args: &ValidateArgs) -> Vec<Game> {
    if !args.teams.is_empty() || args.verbose {
        return Vec::new();
    }
    if let Some(game) = args.game {
        return vec![game];
    }
    // Only regular files: a FIFO or standard input can be read once only, and is read
    // when it is checked.
    let named_files = args.inputs.len() <= FEW_LISTS && args.inputs.iter().all(|p| p.is_file());
    if args.points.is_some() || !named_files {
        return Vec::new();
    }
    let inputs: Vec<Input> = list_inputs(&args.inputs, max_list_bytes()).collect();
    games_of(&inputs)
}

fn list_writer(args: &ValidateArgs, details: bool) -> Box<dyn ListWriter> {
    let writer = writer(args.output, details, HumanStyle::for_stdout());
    let only_invalid = args.only == Some(crate::cli::OnlyLists::Invalid);
    if args.quiet || only_invalid {
        failures_only(args.output, writer, !args.quiet)
    } else {
        writer
    }
}

/// Write the text of every report `produce` hands over, in order, with the writer's
/// framing, and return the totals. Only the totals outlive a report.
fn write_run(
    out: &mut StdoutSink,
    progress: &mut Progress,
    writer: &dyn ListWriter,
    produce: impl FnOnce(&mut (dyn FnMut((Summary, ReportText)) + Send)),
) -> Summary {
    let mut summary = Summary::default();
    out.write_str(&writer.start());
    let mut first = true;
    produce(&mut |(piece, text): (Summary, ReportText)| {
        progress.tick(|drawn| {
            if !first {
                out.write_str(writer.separator());
            }
            if text.shown_as_is {
                out.write_shown(&text.text);
            } else {
                out.write_str(&text.text);
            }
            if drawn {
                out.flush_buffer();
            }
        });
        first = false;
        summary.add(&piece);
    });
    progress.finish();
    out.write_str(&writer.end(&summary));
    out.flush_buffer();
    summary
}

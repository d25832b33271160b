//! `arbiter cards import`: community data into arbiter's card files, written so that
//! nothing the user owns is lost (see [`crate::import::tree`]): the target is checked, the
//! import locked, the new tree written beside the target and checked as `cards check`
//! would, and only then swapped in whole.

use super::{print_stderr, stderr_line};
use crate::cards::{Game, load_replacing};
use crate::cli::{ImportCommand, Outcome};
use crate::import::tree::{ImportLock, Refusal, Staged, Target};
use crate::import::{ImportedFiles, isb, xwing_data2};
use crate::report::{
    Code, Finding, HumanStyle, SHOWN_PER_CODE_AND_FILE, SourceFiles, cap_repeats, render_findings,
    render_human,
};
use std::path::Path;

/// One import as the command line asks for it.
struct Request<'a> {
    importer: &'static str,
    game: Game,
    out: &'a Path,
    force: bool,
    run: Box<dyn Fn() -> Result<ImportedFiles, String> + 'a>,
}

fn request(command: &ImportCommand) -> Request<'_> {
    match command {
        ImportCommand::Isb(args) => Request {
            importer: "isb",
            game: Game::Armada,
            out: &args.out,
            force: args.force,
            run: Box::new(|| isb::import(&args.source, args.armada_data.as_deref())),
        },
        ImportCommand::XwingData2(args) => Request {
            importer: "xwing-data2",
            game: Game::Xwing,
            out: &args.out,
            force: args.force,
            run: Box::new(|| {
                let mut files = xwing_data2::import(
                    &args.source,
                    args.points.as_deref(),
                    args.yasb.as_deref(),
                )?;
                // The hand-kept timing facts of the folder being replaced carry over.
                files.extend(xwing_data2::hand_kept(&args.out)?);
                Ok(files)
            }),
        },
    }
}

pub fn run(command: ImportCommand) -> Outcome {
    let request = request(&command);
    let out = request.out;
    // The target and the lock first: a refused folder costs no import.
    let target = match Target::check(out, request.force) {
        Ok(target) => target,
        Err(refusal) => return refuse(&refusal),
    };
    let lock = match ImportLock::acquire(&target) {
        Ok(lock) => lock,
        Err(refusal) => return refuse(&refusal),
    };
    let files = match (request.run)() {
        Ok(files) => files,
        Err(message) => {
            return refuse(&Refusal {
                message: format!("import failed: {message}"),
                help: format!("nothing was written; {} is unchanged", out.display()),
            });
        }
    };
    let staged = match Staged::write(&target, &lock, &files, request.importer) {
        Ok(staged) => staged,
        Err(refusal) => return refuse(&refusal),
    };
    if !passes_check(&staged, request.game, out) {
        return Outcome::Findings;
    }
    match staged.swap() {
        Ok(()) => {
            stderr_line(&format!("wrote {} files to {}", files.len(), out.display()));
            Outcome::Clean
        }
        Err(refusal) => refuse(&refusal),
    }
}

/// Check the staged tree as `cards check` would check the data with it in place of the
/// game's built-in cards. Its findings are printed; errors keep it from being swapped in.
fn passes_check(staged: &Staged<'_>, game: Game, out: &Path) -> bool {
    let mount = format!("cards/{}", game.as_str());
    let db = load_replacing(staged.path(), &mount, out);
    let findings = crate::check::run(&db);
    let shown = cap_repeats(&findings, SHOWN_PER_CODE_AND_FILE, |file| {
        db.files.name(file).to_string()
    });
    let style = HumanStyle::for_stderr();
    print_stderr(&render_findings(
        &db.files,
        &shown,
        crate::report::OutputFormat::Human,
        style,
    ));
    let errors = findings.iter().filter(|f| f.is_error()).count();
    if errors > 0 {
        stderr_line(&format!(
            "error: the import fails `cards check` ({errors} error{}); nothing was replaced, {} is unchanged",
            if errors == 1 { "" } else { "s" },
            out.display()
        ));
    }
    errors == 0
}

fn refuse(refusal: &Refusal) -> Outcome {
    let finding = Finding::error(Code::ImportRefused, &refusal.message).help(&refusal.help);
    print_stderr(&render_human(
        &SourceFiles::default(),
        &finding,
        HumanStyle::for_stderr(),
    ));
    Outcome::Failed
}

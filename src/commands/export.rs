//! `arbiter export`: read an X-Wing squad in any format arbiter reads, resolve its cards
//! with the validator, and write it as XWS, a YASB link, text or a TTS line.
//!
//! Export converts; it does not judge. A squad that breaks squad-building rules is still
//! written (exit 0) and the validator's findings are printed as warnings, so a judge who
//! gathers lists sees them without losing the list. Nothing is written (exit 2) when the
//! squad could not be read whole, a card matches nothing in the card data, or the target
//! has no way to write one of the cards: a partial list would be worse than none.

use super::{load_data, print_stderr, print_stdout};
use crate::cards::DataKind;
use crate::cli::{ExportArgs, Outcome};
use crate::export::xwing::{ExportSquad, check, write};
use crate::parse::xwing::{self, MAX_INPUT_BYTES};
use crate::report::{Code, FileId, Finding, HumanStyle, Severity, SourceFiles, render_human};
use crate::validate::xwing::{Options, Validator};
use std::path::{Path, PathBuf};

pub fn run(data: &[PathBuf], args: ExportArgs) -> Outcome {
    let mut files = SourceFiles::default();
    if let Some(finding) = writes_over_input(&args.input, args.out.as_deref()) {
        print_findings(&files, &[finding]);
        return Outcome::Failed;
    }
    let (name, bytes) = match read_input(&args.input, &mut files) {
        Ok(input) => input,
        Err(finding) => {
            print_findings(&files, &[finding]);
            return Outcome::Failed;
        }
    };
    let parsed = match xwing::read(&mut files, &name, &bytes) {
        Ok(parsed) => parsed,
        Err(findings) => {
            print_findings(&files, &findings);
            return Outcome::Failed;
        }
    };
    // The squad's file is the only one read.
    let file = FileId(0);
    if parsed.has_errors() {
        print_findings(&files, &parsed.findings);
        return Outcome::Failed;
    }

    let db = match load_data(data, &[DataKind::Rules]) {
        Ok(db) => db,
        Err(outcome) => return outcome,
    };
    let options = Options {
        format: args.format.clone(),
        points: args.points.clone(),
    };
    let validated = match Validator::new(&db).validate(file, &parsed, &options) {
        Ok(validated) => validated,
        Err(finding) => {
            print_findings(&files, &[finding]);
            return Outcome::Failed;
        }
    };
    let (unknown, rule_findings): (Vec<Finding>, Vec<Finding>) = validated
        .findings
        .iter()
        .cloned()
        .partition(|f| f.code == Code::XwingUnknownCard);
    if !unknown.is_empty() {
        let mut shown = parsed.findings.clone();
        shown.extend(unknown.into_iter().map(|f| Finding {
            code: Code::ExportUnknownCard,
            message: format!("cannot export: {}", f.message),
            ..f
        }));
        print_findings(&files, &shown);
        return Outcome::Failed;
    }

    let squad = match ExportSquad::from_validated(&db.xwing, &parsed, &validated) {
        Ok(squad) => squad,
        Err(error) => {
            let finding = Finding::error(
                Code::ExportNotExpressible,
                format!("cannot export: {error}"),
            )
            .help("every target needs the squad's faction and every card identified");
            print_findings(&files, &[finding]);
            return Outcome::Failed;
        }
    };
    let target_findings = check(&squad, args.to, file);
    if target_findings.iter().any(Finding::is_error) {
        print_findings(&files, &target_findings);
        return Outcome::Failed;
    }
    let text = match write(&squad, args.to) {
        Ok(text) => text,
        Err(error) => {
            let finding = Finding::error(
                Code::ExportNotExpressible,
                format!("cannot write {}: {error}", args.to.describe()),
            )
            .help("export to another target (`--to xws` or `--to text`)");
            print_findings(&files, &[finding]);
            return Outcome::Failed;
        }
    };

    let warnings: Vec<Finding> = rule_findings
        .into_iter()
        .map(|f| Finding {
            severity: Severity::Warning,
            ..f
        })
        .chain(target_findings)
        .collect();
    print_findings(&files, &warnings);
    match &args.out {
        None => print_stdout(&text),
        Some(path) => {
            let mut contents = text;
            if !contents.ends_with('\n') {
                contents.push('\n');
            }
            if let Err(error) = crate::atomic::write_file(path, contents.as_bytes()) {
                let finding = Finding::error(Code::ExportWrite, error)
                .help(format!("{} is as it was; check that the folder exists and can be written, or leave out `--out` to print the squad", path.display()));
                print_findings(&files, &[finding]);
                return Outcome::Failed;
            }
        }
    }
    Outcome::Clean
}

/// `--out` naming the squad being read (by any spelling of its path, or a link to it):
/// the export would replace the squad by a lossy copy of it.
fn writes_over_input(input: &Path, out: Option<&Path>) -> Option<Finding> {
    let out = out?;
    let same = input.as_os_str() != crate::input::STDIN
        && same_file::is_same_file(input, out).unwrap_or(false);
    same.then(|| {
        Finding::error(
            Code::ExportWrite,
            format!(
                "--out {} is the squad being read; it was not written over",
                out.display()
            ),
        )
        .help("write the export to another file")
    })
}

/// The input's name for messages and its bytes, at most [`MAX_INPUT_BYTES`]; a larger
/// input is refused with a diagnostic on its first line.
fn read_input(path: &Path, files: &mut SourceFiles) -> Result<(String, Vec<u8>), Finding> {
    let name = crate::input::display_name(path);
    match crate::input::read_bounded(path, MAX_INPUT_BYTES) {
        Ok(bytes) => Ok((name, crate::input::lone_cr_as_lf(bytes.into()).into_owned())),
        Err(crate::input::Unread::Failed(message)) => Err(Finding::error(Code::Io, message)
            .help("check the path; `-` reads the squad from standard input")),
        Err(unread) => Err(unread.finding(&name, files, Code::XwingParseTooLarge, Code::Io)),
    }
}

fn print_findings(files: &SourceFiles, findings: &[Finding]) {
    let style = HumanStyle::for_stderr();
    for finding in findings {
        print_stderr(&render_human(files, finding, style));
    }
}

use super::{StdoutSink, print_stderr, print_stdout, stderr_line};
use crate::cards::{DataKind, LoadOptions, load};
use crate::cli::{CheckArgs, Outcome};
use crate::report::{
    Code, Finding, HumanStyle, JsonFinding, OutputFormat, SHOWN_PER_CODE_AND_FILE, Severity,
    SourceFiles, cap_repeats, render_findings,
};
use serde::Serialize;
use std::path::PathBuf;

pub fn run(data: &[PathBuf], args: CheckArgs) -> Outcome {
    let mut overlays = data.to_vec();
    overlays.extend(args.paths.iter().cloned());
    let (db, unreadable) = load(&LoadOptions {
        spans: true,
        embedded: !args.standalone,
        overlays,
        without: Vec::new(),
    });
    super::print_skipped(&db);
    let findings = if unreadable.is_empty() {
        crate::check::run(&db)
    } else {
        unreadable.clone()
    };
    let errors = findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .count();
    let warnings = findings.len() - errors;
    let files_checked = files_checked(&db, !args.paths.is_empty() || !data.is_empty());
    if args.verbose {
        for file in &db.loaded {
            stderr_line(&format!("read {}", db.files.name(*file)));
        }
    }
    // `--quiet` shows what fails, the errors; warnings pass.
    let reported: Vec<Finding> = if args.quiet {
        findings.iter().filter(|f| f.is_error()).cloned().collect()
    } else {
        findings.clone()
    };
    // People read the first few of a repeated mistake; JSON and `--verbose` keep every one.
    let shown = || {
        if args.verbose {
            return reported.clone();
        }
        cap_repeats(&reported, SHOWN_PER_CODE_AND_FILE, |file| {
            db.files.name(file).to_string()
        })
    };
    match args.output {
        OutputFormat::Human => {
            let style = HumanStyle::for_stdout();
            let mut out = render_findings(&db.files, &shown(), OutputFormat::Human, style);
            if !args.quiet {
                let records =
                    db.entries().count() + db.errata.len() + db.formats.len() + db.rules.len();
                out.push_str(&format!(
                    "checked {files_checked} file{} ({records} records): {errors} error{}, {warnings} warning{}\n",
                    plural(files_checked),
                    plural(errors),
                    plural(warnings)
                ));
            }
            if !unreadable.is_empty() || findings.iter().any(|f| f.code == Code::Io) {
                // A path that cannot be read is about the run, not a report: stderr.
                print_stderr(&out);
            } else if !out.is_empty() {
                print_stdout(&out);
            }
            if !args.quiet {
                use crate::check::Unchecked;
                match crate::check::unchecked(&db) {
                    None => {}
                    Some(Unchecked::All) => stderr_line(
                        "note: references between records are checked once every file loads; fix the files above first",
                    ),
                    Some(Unchecked::Targets(targets)) => {
                        let waiting: Vec<String> = targets
                            .iter()
                            .filter(|(_, kind)| matches!(kind, DataKind::Cards | DataKind::Rules))
                            .map(|(game, kind)| format!("{} {}", game.as_str(), kind.folder()))
                            .collect();
                        if !waiting.is_empty() {
                            stderr_line(&format!(
                                "note: references to {} are checked once the files above load; every other check ran",
                                waiting.join(", ")
                            ));
                        }
                    }
                }
            }
        }
        OutputFormat::Json => {
            // Written as it is serialised: a file with tens of thousands of findings
            // would otherwise be held a second time as a JSON tree (kilobytes each).
            let body = CheckJson {
                version: crate::report::JSON_VERSION,
                diagnostics: Diagnostics {
                    files: &db.files,
                    findings: &findings,
                },
                errors,
                files_checked,
                warnings,
            };
            let mut stdout = StdoutSink::new();
            if let Err(error) = serde_json::to_writer_pretty(&mut stdout, &body) {
                stderr_line(&format!("error: cannot write the report: {error}"));
                return Outcome::Failed;
            }
            stdout.write_str("\n");
            stdout.finish();
        }
        OutputFormat::Github => {
            let text = render_findings(
                &db.files,
                &shown(),
                OutputFormat::Github,
                HumanStyle::plain(100),
            );
            // Written even when empty (a newline), so a stdout that cannot take it fails
            // the run; `--quiet` writes nothing when the data passes.
            if !(args.quiet && text.is_empty()) {
                print_stdout(&text);
            }
        }
    }
    // A file that could not be read at all (no permission, a dangling link) stops the
    // check as a missing path does: what it holds was never checked.
    let unread = findings.iter().any(|f| f.code == Code::Io);
    if !unreadable.is_empty() || unread {
        Outcome::Failed
    } else if errors > 0 {
        Outcome::Findings
    } else {
        Outcome::Clean
    }
}

/// The files a run checked: those given on the command line (or with `--data`) when any
/// were, else the built-in ones. Built-in files under given ones are checked with them
/// (references between records span both) but are not the user's to count.
fn files_checked(db: &crate::cards::CardDb, given: bool) -> usize {
    db.loaded
        .iter()
        .filter(|file| {
            !given
                || !db
                    .files
                    .name(**file)
                    .starts_with(crate::cards::EMBEDDED_PREFIX)
        })
        .count()
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// The JSON report of `cards check`. Fields in alphabetical order, as the keys of each
/// finding are: the shape documented in the README.
#[derive(Serialize)]
struct CheckJson<'a> {
    version: u32,
    diagnostics: Diagnostics<'a>,
    errors: usize,
    files_checked: usize,
    warnings: usize,
}

struct Diagnostics<'a> {
    files: &'a SourceFiles,
    findings: &'a [Finding],
}

impl Serialize for Diagnostics<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // Each finding goes through a JSON value so that its keys come out sorted, as
        // they always have.
        serializer.collect_seq(self.findings.iter().map(|finding| {
            serde_json::to_value(JsonFinding::new(self.files, finding)).unwrap_or_default()
        }))
    }
}

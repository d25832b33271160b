use super::{StdoutSink, print_stderr, print_stdout, stderr_line};
use crate::cards::{LoadOptions, load};
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
    // People read the first few of a repeated mistake; JSON keeps every one for tools.
    let shown = || {
        cap_repeats(&findings, SHOWN_PER_CODE_AND_FILE, |file| {
            db.files.name(file).to_string()
        })
    };
    match args.output {
        OutputFormat::Human => {
            let style = HumanStyle::for_stderr();
            let rendered = render_findings(&db.files, &shown(), OutputFormat::Human, style);
            print_stderr(&rendered);
            let files = db.loaded.len();
            let records =
                db.entries().count() + db.errata.len() + db.formats.len() + db.rules.len();
            stderr_line(&format!(
                "checked {files} file{} ({records} records): {errors} error{}, {warnings} warning{}",
                plural(files),
                plural(errors),
                plural(warnings)
            ));
            if !crate::check::references_checked(&db) {
                stderr_line(
                    "note: references between records are checked once every file loads; fix the files above first",
                );
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
                files_checked: db.loaded.len(),
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
            print_stdout(&render_findings(
                &db.files,
                &shown(),
                OutputFormat::Github,
                HumanStyle::plain(100),
            ));
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

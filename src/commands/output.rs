//! Writing what a command prints: every byte goes through [`crate::report::stream`], and
//! [`finish`] turns a failed write into the run's failure.

use crate::cards::CardDb;
use crate::cli::Outcome;
use crate::report::{Finding, HumanStyle, Versioned, render_human};

pub(super) use crate::report::stream::{
    StdoutSink, print_stderr, print_stdout, stderr_line, write_stdout,
};

/// A JSON document on stdout, indented, with `"version"` as its first key.
pub(super) fn print_json(body: &impl serde::Serialize) {
    print_stdout(&serde_json::to_string_pretty(&Versioned::new(body)).unwrap_or_default());
}

pub(super) fn print_findings_stderr(db: &CardDb, findings: &[Finding]) {
    let style = HumanStyle::for_stderr();
    for finding in findings {
        print_stderr(&render_human(&db.files, finding, style));
    }
}

/// The command's outcome, unless a write to standard output or standard error failed: then
/// the output is incomplete, which is said on stderr (if it still takes it), and the run
/// failed (exit 2).
pub(super) fn finish(outcome: Outcome) -> Outcome {
    match crate::report::stream::write_failure() {
        Some(message) => {
            stderr_line(&format!("error: {message}"));
            Outcome::Failed
        }
        None => outcome,
    }
}

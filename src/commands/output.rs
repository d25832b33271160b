//! Writing what a command prints.

use crate::cards::CardDb;
use crate::report::{Finding, HumanStyle, Versioned, render_human};
use std::io::Write;

/// A JSON document on stdout, indented, with `"version"` as its first key.
pub(super) fn print_json(body: &impl serde::Serialize) {
    print_stdout(&serde_json::to_string_pretty(&Versioned::new(body)).unwrap_or_default());
}

/// Write to stdout, ignoring a closed pipe (`arbiter … | head`).
pub(super) fn print_stdout(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes());
    if !text.ends_with('\n') {
        let _ = stdout.write_all(b"\n");
    }
}

pub(super) fn print_findings_stderr(db: &CardDb, findings: &[Finding]) {
    let style = HumanStyle::for_stderr();
    let mut stderr = std::io::stderr().lock();
    for finding in findings {
        let _ = write!(stderr, "{}", render_human(&db.files, finding, style));
    }
}

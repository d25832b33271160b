//! `cards check`: every problem in the data, each located. Reading problems come from the
//! loader; each module here adds one kind of cross-record check.

mod dates;
mod duplicates;
mod format_sources;
mod references;
mod rules;
mod timing;

pub use crate::cards::locate::value_span;

use crate::cards::CardDb;
use crate::report::{Code, Finding};

/// All findings for a loaded database, in file and position order.
///
/// A file that failed to load leaves out all its records, so references to them would
/// dangle by the thousand (an empty points file: one per card). Its own diagnostic is the
/// one that matters; references are checked once every file loads
/// ([`references_checked`]).
pub fn run(db: &CardDb) -> Vec<Finding> {
    let mut findings = db.findings.clone();
    let loaded = findings.len();
    dates::check(db, &mut findings);
    duplicates::check(db, &mut findings);
    references::check(db, &mut findings);
    rules::check(db, &mut findings);
    format_sources::check(db, &mut findings);
    timing::check(db, &mut findings);
    for game in crate::cards::Game::ALL {
        db.cards(game).check(&db.files, &mut findings);
    }
    if !references_checked(db) {
        let mut index = 0;
        findings.retain(|f| {
            index += 1;
            index <= loaded || f.code != Code::DanglingReference
        });
    }
    findings.sort_by(|a, b| {
        let key = |f: &Finding| f.location.as_ref().map(|l| (l.file, l.span.start));
        key(a).cmp(&key(b)).then(a.code.cmp(&b.code))
    });
    findings
}

/// References between records are checked only when every data file loaded.
pub fn references_checked(db: &CardDb) -> bool {
    !db.findings.iter().any(Finding::is_error)
}

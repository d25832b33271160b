//! `cards check`: every problem in the data, each located. Reading problems come from the
//! loader; each module here adds one kind of cross-record check.

mod duplicates;
mod format_sources;
mod references;
mod rules;

pub use crate::cards::locate::value_span;

use crate::cards::CardDb;
use crate::report::Finding;

/// All findings for a loaded database, in file and position order.
pub fn run(db: &CardDb) -> Vec<Finding> {
    let mut findings = db.findings.clone();
    duplicates::check(db, &mut findings);
    references::check(db, &mut findings);
    rules::check(db, &mut findings);
    format_sources::check(db, &mut findings);
    for game in crate::cards::Game::ALL {
        db.cards(game).check(db, &mut findings);
    }
    findings.sort_by(|a, b| {
        let key = |f: &Finding| f.location.as_ref().map(|l| (l.file, l.span.start));
        key(a).cmp(&key(b)).then(a.code.cmp(&b.code))
    });
    findings
}

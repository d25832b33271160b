//! X-Wing timing facts speak the scenario language: every `timing`, `requires`, `cost` and
//! `effect` of a `[[timing]]` record parses as an `[[ability]]` of an X-Wing scenario would.

use super::value_span;
use crate::cards::xwing::AbilityTiming;
use crate::cards::{CardDb, Located as Record};
use crate::parse::scenario::xwing::card::{AbilityWords, Located, parse_ability};
use crate::parse::scenario::xwing::words::Grammar;
use crate::report::Finding;

pub fn check(db: &CardDb, findings: &mut Vec<Finding>) {
    let no_ships = |_: &str| None;
    for record in &db.xwing.timings {
        let grammar = Grammar {
            file: record.file,
            ships: &no_ships,
        };
        let words = AbilityWords {
            timing: located(db, record, "timing", &record.timing),
            requires: all(db, record, "requires", &record.requires),
            cost: all(db, record, "cost", &record.cost),
            effect: all(db, record, "effect", &record.effect),
        };
        if let Err(mut found) = parse_ability(&grammar, db.files.text(record.file), &words) {
            findings.append(&mut found);
        }
    }
}

/// A string of the record with the span of its literal (the key's value when the literal
/// cannot be found).
fn located<'a>(
    db: &CardDb,
    record: &Record<AbilityTiming>,
    key: &str,
    value: &'a str,
) -> Located<'a> {
    let span = value_span(
        &db.files,
        record.file,
        record.span.clone(),
        key,
        Some(value),
    );
    (value, span)
}

fn all<'a>(
    db: &CardDb,
    record: &Record<AbilityTiming>,
    key: &str,
    values: &'a [String],
) -> Vec<Located<'a>> {
    values.iter().map(|v| located(db, record, key, v)).collect()
}

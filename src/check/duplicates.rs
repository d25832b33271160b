//! Ids must be unique: per game and card kind, and among errata, formats and glossary entries.

use crate::cards::CardDb;
use crate::report::{Code, FileId, Finding};
use std::collections::HashMap;
use std::ops::Range;

pub fn check(db: &CardDb, findings: &mut Vec<Finding>) {
    let mut seen = Seen::default();
    for entry in db.entries() {
        let scope = format!("{} {}", entry.game.as_str(), entry.kind);
        seen.record(
            db,
            findings,
            scope,
            entry.id,
            entry.file,
            entry.span.clone(),
        );
    }
    for erratum in &db.errata {
        seen.record(
            db,
            findings,
            "erratum".into(),
            &erratum.id,
            erratum.file,
            erratum.span.clone(),
        );
    }
    for format in &db.formats {
        let scope = format!("{} format", format.game.as_str());
        seen.record(
            db,
            findings,
            scope,
            &format.id,
            format.file,
            format.span.clone(),
        );
    }
    for entry in &db.rules {
        let scope = format!("glossary {}", db.files.name(entry.file));
        seen.record(
            db,
            findings,
            scope,
            &entry.id,
            entry.file,
            entry.span.clone(),
        );
    }
}

#[derive(Default)]
struct Seen {
    first: HashMap<(String, String), (FileId, Range<usize>)>,
}

impl Seen {
    fn record(
        &mut self,
        db: &CardDb,
        findings: &mut Vec<Finding>,
        scope: String,
        id: &str,
        file: FileId,
        span: Range<usize>,
    ) {
        let key = (scope, id.to_string());
        if let Some((first_file, first_span)) = self.first.get(&key) {
            let (line, _) = db.files.line_column(*first_file, first_span.start);
            findings.push(
                Finding::error(Code::DuplicateId, format!("duplicate {} id `{id}`", key.0))
                    .at(file, id_span(db, file, span, id))
                    .label("second definition")
                    .help(format!(
                        "the id is already used at {}:{line}; ids must be unique, rename one of them",
                        db.files.name(*first_file)
                    )),
            );
        } else {
            self.first.insert(key, (file, span));
        }
    }
}

/// Narrow a record's span to its `id = "…"` value when the text has one.
pub fn id_span(db: &CardDb, file: FileId, record: Range<usize>, id: &str) -> Range<usize> {
    super::value_span(&db.files, file, record, "id", Some(id))
}

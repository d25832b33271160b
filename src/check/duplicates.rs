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
    value_span(db, file, record, "id", id)
}

/// The span of `key = "value"`'s value inside a record, or the whole record.
pub fn value_span(
    db: &CardDb,
    file: FileId,
    record: Range<usize>,
    key: &str,
    value: &str,
) -> Range<usize> {
    let text = db.files.text(file);
    let record = db.files.clamp(file, record);
    let body = &text[record.clone()];
    let quoted = format!("\"{value}\"");
    let mut offset = 0;
    for line in body.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if trimmed.starts_with(key) && trimmed[key.len()..].trim_start().starts_with('=') {
            if let Some(at) = line.find(&quoted) {
                let start = record.start + offset + at;
                return start..start + quoted.len();
            }
        } else if let Some(at) = line.find(&quoted)
            && (trimmed.starts_with(key) || line.contains(&format!("{key} =")))
        {
            let start = record.start + offset + at;
            return start..start + quoted.len();
        }
        offset += line.len();
    }
    // Fall back to any quoted occurrence, then to the record header.
    if let Some(at) = body.find(&quoted) {
        return record.start + at..record.start + at + quoted.len();
    }
    let header_end = body.find('\n').unwrap_or(body.len());
    record.start..record.start + header_end
}

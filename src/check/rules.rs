//! Glossary entries: both languages filled in, a citation, and see-also targets that exist.

use super::duplicates::id_span;
use super::value_span;
use crate::cards::CardDb;
use crate::report::{Code, Finding};
use crate::text::did_you_mean;
use std::collections::HashSet;

pub fn check(db: &CardDb, findings: &mut Vec<Finding>) {
    let ids: HashSet<(crate::report::FileId, &str)> =
        db.rules.iter().map(|e| (e.file, e.id.as_str())).collect();
    for entry in &db.rules {
        let mut empty = Vec::new();
        for (lang, text) in [("es", &entry.es), ("en", &entry.en)] {
            if text.title.trim().is_empty() {
                empty.push(format!("{lang}.title"));
            }
            if text.summary.trim().is_empty() {
                empty.push(format!("{lang}.summary"));
            }
        }
        for (field, value) in [
            ("citation.document", &entry.citation.document),
            ("citation.section", &entry.citation.section),
        ] {
            if value.trim().is_empty() {
                empty.push(field.to_string());
            }
        }
        if !empty.is_empty() {
            findings.push(
                Finding::error(
                    Code::MissingField,
                    format!(
                        "glossary entry `{}` leaves {} empty",
                        entry.id,
                        empty.join(", ")
                    ),
                )
                .at(
                    entry.file,
                    id_span(db, entry.file, entry.span.clone(), &entry.id),
                )
                .label("incomplete entry")
                .help(
                    "every entry needs a title and summary in Spanish and English and a citation",
                ),
            );
        }
        for target in &entry.see_also {
            if !ids.contains(&(entry.file, target.as_str())) {
                let candidates = db
                    .rules
                    .iter()
                    .filter(|e| e.file == entry.file)
                    .map(|e| e.id.as_str());
                findings.push(
                    Finding::error(
                        Code::DanglingReference,
                        format!(
                            "glossary entry `{}` refers to unknown entry `{target}`",
                            entry.id
                        ),
                    )
                    .at(
                        entry.file,
                        value_span(
                            &db.files,
                            entry.file,
                            entry.span.clone(),
                            "see_also",
                            Some(target),
                        ),
                    )
                    .label("no entry with this id")
                    .help(did_you_mean(
                        target,
                        candidates,
                        "see_also takes ids of entries in the same file",
                    )),
                );
            }
        }
    }
}

//! Formats: every rule a format sets says where it is written (document and section), one
//! citation per rule; a citation for a rule the format does not set is a leftover. A rule
//! cited to a rulebook names which (`rulebook`); one without says the rulebooks are silent.

use crate::cards::CardDb;
use crate::report::FileId;
use crate::report::{Code, Finding, RULEBOOKS};
use std::ops::Range;

pub fn check(db: &CardDb, findings: &mut Vec<Finding>) {
    for format in &db.formats {
        let (uncited, stray) = format.citation_gaps();
        let at = |key: &str| line_of(db, format.file, format.span.clone(), key);
        for rule in uncited {
            findings.push(
                Finding::error(
                    Code::MissingField,
                    format!(
                        "format `{}` sets `{rule}` without saying where that rule is written",
                        format.id
                    ),
                )
                .at(format.file, at(&rule))
                .label("rule without a source")
                .help(format!(
                    "add a [sources.{rule}] table with the document and section that state it (and `rulebook` when a rulebook does)"
                )),
            );
        }
        for key in stray {
            findings.push(
                Finding::error(
                    Code::DanglingReference,
                    format!(
                        "format `{}` cites a source for `{key}`, a rule it does not set",
                        format.id
                    ),
                )
                .at(format.file, at(&format!("sources.{key}")))
                .label("no such rule in this format")
                .help("remove the citation, or set the rule it cites"),
            );
        }
        for (rule, source) in &format.sources {
            let empty = source.document.trim().is_empty() || source.section.trim().is_empty();
            let unknown_rulebook = source
                .rulebook
                .as_deref()
                .is_some_and(|r| !RULEBOOKS.contains(&r));
            if empty || unknown_rulebook {
                findings.push(
                    Finding::error(
                        Code::InvalidValue,
                        format!(
                            "format `{}`: the source of `{rule}` {}",
                            format.id,
                            if empty {
                                "needs a document and a section".to_string()
                            } else {
                                format!(
                                    "names unknown rulebook `{}`",
                                    source.rulebook.as_deref().unwrap_or("")
                                )
                            }
                        ),
                    )
                    .at(format.file, at(&format!("sources.{rule}")))
                    .label("incomplete citation")
                    .help(format!("the rulebooks are {}", RULEBOOKS.join(", "))),
                );
            }
        }
    }
}

/// The line that sets `key` in a format file: `key = …`, a `[key]`/`[[key]]` table header,
/// or a `[sources.key]` header when `key` is `sources.…`. The file's first line otherwise.
fn line_of(db: &CardDb, file: FileId, record: Range<usize>, key: &str) -> Range<usize> {
    let record = db.files.clamp(file, record);
    let text = db.files.text(file);
    let body = text.get(record.clone()).unwrap_or("");
    let headers = [format!("[{key}]"), format!("[[{key}]]")];
    let mut offset = record.start;
    for line in body.split_inclusive('\n') {
        let trimmed = line.trim();
        let sets = trimmed
            .strip_prefix(key)
            .is_some_and(|rest| rest.trim_start().starts_with('='));
        if sets || headers.iter().any(|h| trimmed == h) {
            let start = offset + (line.len() - line.trim_start().len());
            return start..start + trimmed.len();
        }
        offset += line.len();
    }
    let first = body.find('\n').unwrap_or(body.len());
    record.start..record.start + first
}

//! Glossary entries: both languages filled in, a citation, and see-also targets that exist.
//! Players' abbreviations (`[[slang]]`): one word each, none twice in a file, standing for
//! words the file's entries use, and naming only entries of the same file.

use super::duplicates::id_span;
use super::value_span;
use crate::cards::rules::RuleEntry;
use crate::cards::{CardDb, Located};
use crate::report::{Code, FileId, Finding};
use crate::text::{did_you_mean, normalize};
use std::collections::{HashMap, HashSet};

pub fn check(db: &CardDb, findings: &mut Vec<Finding>) {
    check_entries(db, findings);
    check_slang(db, findings);
}

fn check_entries(db: &CardDb, findings: &mut Vec<Finding>) {
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
        check_situations(db, entry, findings);
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
                    .at(entry.file, entry_value_span(db, entry, "see_also", target))
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

/// Where one value of a key of an entry stands in its file.
fn entry_value_span(
    db: &CardDb,
    entry: &Located<RuleEntry>,
    key: &str,
    value: &str,
) -> std::ops::Range<usize> {
    value_span(&db.files, entry.file, entry.span.clone(), key, Some(value))
}

/// A situation is searched for its words: an empty one is a slip (a stray `""`).
fn check_situations(db: &CardDb, entry: &Located<RuleEntry>, findings: &mut Vec<Finding>) {
    for (lang, text) in [("es", &entry.es), ("en", &entry.en)] {
        if let Some(blank) = text.situations.iter().find(|s| s.trim().is_empty()) {
            findings.push(
                Finding::error(
                    Code::MissingField,
                    format!(
                        "glossary entry `{}` has an empty phrase in {lang}.situations",
                        entry.id
                    ),
                )
                .at(entry.file, entry_value_span(db, entry, "situations", blank))
                .label("empty situation")
                .help("write the situation in players' words, or delete the empty string"),
            );
        }
    }
}

/// Every folded word of the entries of each file: what an abbreviation may stand for.
fn words_by_file(db: &CardDb) -> HashMap<FileId, HashSet<String>> {
    let mut words: HashMap<FileId, HashSet<String>> = HashMap::new();
    for entry in &db.rules {
        let known = words.entry(entry.file).or_default();
        for text in [&entry.es, &entry.en] {
            let texts = [&text.title, &text.summary]
                .into_iter()
                .chain(&text.aliases)
                .chain(&text.situations)
                .chain(&text.points);
            for piece in texts {
                known.extend(normalize(piece).split(' ').map(str::to_string));
            }
        }
    }
    words
}

fn check_slang(db: &CardDb, findings: &mut Vec<Finding>) {
    let words = words_by_file(db);
    let ids: HashSet<(FileId, &str)> = db.rules.iter().map(|e| (e.file, e.id.as_str())).collect();
    let mut seen: HashSet<(FileId, String)> = HashSet::new();
    for slang in &db.rule_slang {
        let term = normalize(&slang.term);
        let span = |key: &str, value: Option<&str>| {
            value_span(&db.files, slang.file, slang.span.clone(), key, value)
        };
        if term.is_empty() || term.contains(' ') {
            findings.push(
                Finding::error(
                    Code::InvalidValue,
                    format!("abbreviation `{}` is not one word", slang.term),
                )
                .at(slang.file, span("term", Some(&slang.term)))
                .label("one word expected")
                .help("a term is one word as players type it (\"TL\", \"obst\"); put phrases in `means`"),
            );
        } else if !seen.insert((slang.file, term.clone())) {
            findings.push(
                Finding::error(
                    Code::DuplicateId,
                    format!(
                        "abbreviation `{}` is defined twice in this file",
                        slang.term
                    ),
                )
                .at(slang.file, span("term", Some(&slang.term)))
                .label("second definition")
                .help("merge the two: one `[[slang]]` per term, with every meaning in `means`"),
            );
        }
        let known = words.get(&slang.file);
        let unknown: Vec<String> = slang
            .means
            .iter()
            .flat_map(|m| {
                normalize(m)
                    .split(' ')
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
            .filter(|w| !w.is_empty() && known.is_none_or(|k| !k.contains(w)))
            .collect();
        if slang.means.is_empty() || !unknown.is_empty() {
            let message = if slang.means.is_empty() {
                format!("abbreviation `{}` stands for nothing", slang.term)
            } else {
                format!(
                    "abbreviation `{}` stands for {}, which no entry of this file uses",
                    slang.term,
                    unknown
                        .iter()
                        .map(|w| format!("`{w}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            };
            findings.push(
                Finding::error(Code::InvalidValue, message)
                    .at(slang.file, span("means", None))
                    .label("not a word of the glossary")
                    .help("`means` lists words the entries use (a title, an alias, a word of a summary), so the search can find them"),
            );
        }
        if let Some(target) = &slang.entry
            && !ids.contains(&(slang.file, target.as_str()))
        {
            let candidates = db
                .rules
                .iter()
                .filter(|e| e.file == slang.file)
                .map(|e| e.id.as_str());
            findings.push(
                Finding::error(
                    Code::DanglingReference,
                    format!(
                        "abbreviation `{}` names unknown entry `{target}`",
                        slang.term
                    ),
                )
                .at(slang.file, span("entry", Some(target)))
                .label("no entry with this id")
                .help(did_you_mean(
                    target,
                    candidates,
                    "`entry` takes the id of an entry in the same file",
                )),
            );
        }
    }
}

//! What every game's scenario checker needs: ids that must be unique, references that must
//! name one of them, and findings that point at the key or value at fault.

use super::words::{self, Word};
use crate::report::{Code, FileId, Finding};
use std::collections::HashMap;
use std::ops::Range;
use toml::Spanned;

/// Collects the findings of one scenario file.
pub struct Check<'a> {
    pub file: FileId,
    pub text: &'a str,
    pub findings: Vec<Finding>,
}

impl<'a> Check<'a> {
    pub fn new(file: FileId, text: &'a str) -> Self {
        Check {
            file,
            text,
            findings: Vec::new(),
        }
    }

    pub fn error(
        &mut self,
        code: Code,
        span: Range<usize>,
        message: String,
        label: &str,
        help: String,
    ) {
        self.findings.push(
            Finding::error(code, message)
                .at(self.file, span)
                .label(label.to_string())
                .help(help),
        );
    }

    /// A finding about the file as a whole (a table that is missing).
    pub fn missing(&mut self, message: &str, help: &str) {
        self.findings.push(
            Finding::error(Code::ScenarioMissingField, message.to_string())
                .at(self.file, 0..0)
                .help(help.to_string()),
        );
    }

    /// `Ok(value)` when nothing was found, else every finding.
    pub fn finish<T>(self, value: T) -> Result<T, Vec<Finding>> {
        if self.findings.is_empty() {
            Ok(value)
        } else {
            Err(self.findings)
        }
    }

    /// The words of a string value, each with its own span where the literal allows.
    pub fn words(&self, value: &Spanned<String>) -> Vec<Word> {
        words::split(self.text, value.get_ref(), value.span())
    }

    /// Span of the key `key` inside the table holding `value` (searching back from it).
    pub fn key_span(&self, key: &str, value: Range<usize>) -> Range<usize> {
        match self
            .text
            .get(..value.start)
            .and_then(|before| before.rfind(key))
        {
            Some(start) => start..start + key.len(),
            None => value,
        }
    }

    /// Span of the first `needle` in the table whose header or body is `table`, else `table`:
    /// a search that never strays into another table, where the same text may stand in a
    /// string. (An array-of-tables element is spanned by its header alone, so the body is
    /// taken to run to the next line that opens a table.)
    pub fn find_in(&self, needle: &str, table: Range<usize>) -> Range<usize> {
        let body_end = self
            .text
            .get(table.end..)
            .and_then(|rest| rest.find("\n["))
            .map_or(self.text.len(), |at| table.end + at);
        match self
            .text
            .get(table.start..body_end)
            .and_then(|inside| inside.find(needle))
        {
            Some(at) => table.start + at..table.start + at + needle.len(),
            None => table,
        }
    }

    /// Span of the first `[[table]]` or `[table]` header, else of a `table =` key: where a
    /// table is written.
    pub fn table_span(&self, table: &str) -> Range<usize> {
        if let Some(start) = self.text.find(&format!("[[{table}]]")) {
            return start..start + table.len() + 4;
        }
        if let Some(start) = self.text.find(&format!("[{table}]")) {
            return start..start + table.len() + 2;
        }
        self.text
            .find(&format!("{table} ="))
            .map_or(0..0, |start| start..start + table.len())
    }

    /// Index of each record by its id; a repeated id is a finding.
    pub fn ids<T>(
        &mut self,
        records: &[Spanned<T>],
        id: impl Fn(&T) -> &str,
        what: &str,
    ) -> HashMap<String, usize> {
        let ids: Vec<String> = records
            .iter()
            .map(|r| id(r.get_ref()).to_string())
            .collect();
        self.ids_of(records, &ids, what)
    }

    /// Index of each record by the id given for it (`ids[i]` is the id of `records[i]`);
    /// a repeated id is a finding.
    pub fn ids_of<T>(
        &mut self,
        records: &[Spanned<T>],
        ids: &[String],
        what: &str,
    ) -> HashMap<String, usize> {
        let mut map = HashMap::new();
        for (i, (record, key)) in records.iter().zip(ids).enumerate() {
            let key = key.clone();
            if map.insert(key.clone(), i).is_some() {
                // The record's span starts at its header; its id comes after it.
                let quoted = format!("\"{key}\"");
                let start = record.span().start;
                let span = self
                    .text
                    .get(start..)
                    .and_then(|rest| rest.find(&quoted))
                    .map_or(record.span(), |at| start + at..start + at + quoted.len());
                self.error(
                    Code::ScenarioContradiction,
                    span,
                    format!("two {what}s have the id `{key}`"),
                    "used again here",
                    format!("give each {what} its own id"),
                );
            }
        }
        map
    }

    /// The index `name` stands for; an unknown name is a finding and gives `usize::MAX`,
    /// which the checker never hands to an engine (it stops on any finding).
    pub fn lookup(
        &mut self,
        map: &HashMap<String, usize>,
        name: &Spanned<String>,
        what: &str,
        code: Code,
    ) -> usize {
        match map.get(name.get_ref()) {
            Some(&i) => i,
            None => {
                let help = if map.is_empty() {
                    format!("add a [[{what}]] table with id `{}`", name.get_ref())
                } else {
                    format!("known {what}s: {}", sorted_keys(map))
                };
                self.error(
                    code,
                    name.span(),
                    format!("`{}` is not a {what} of this scenario", name.get_ref()),
                    &format!("unknown {what}"),
                    help,
                );
                usize::MAX
            }
        }
    }
}

/// The ids of a map, sorted and quoted: "`a`, `b`".
pub fn sorted_keys(map: &HashMap<String, usize>) -> String {
    let mut keys: Vec<&String> = map.keys().collect();
    keys.sort();
    keys.iter()
        .map(|k| format!("`{k}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

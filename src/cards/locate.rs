//! Pointing a finding at the exact value inside a record: the record spans toml gives are
//! whole tables, but a reader wants the one wrong value underlined.

use crate::report::{FileId, SourceFiles};
use std::ops::Range;

/// The span of `key`'s value inside a record: the quoted `value` when given (so one item of
/// a list or inline table is pointed at), else the whole value; the record's header line
/// when the key is not there.
pub fn value_span(
    files: &SourceFiles,
    file: FileId,
    record: Range<usize>,
    key: &str,
    value: Option<&str>,
) -> Range<usize> {
    if record.is_empty() {
        return record;
    }
    let text = files.text(file);
    let record = files.clamp(file, record);
    let body = &text[record.clone()];
    let quoted = value.map(|v| format!("\"{v}\""));
    let mut offset = record.start;
    let mut fallback = None;
    for line in body.split_inclusive('\n') {
        if let Some(at) = key_position(line, key) {
            let after = at + key.len();
            let rest = &line[after..];
            let eq = rest.find('=').map_or(after, |i| after + i + 1);
            let value_start = eq + (line[eq..].len() - line[eq..].trim_start().len());
            let value_end = line.trim_end().len().max(value_start);
            let whole = offset + value_start..offset + value_end;
            match &quoted {
                Some(q) => {
                    if let Some(i) = line[value_start..].find(q.as_str()) {
                        let start = offset + value_start + i;
                        return start..start + q.len();
                    }
                    fallback.get_or_insert(whole);
                }
                None => return whole,
            }
        }
        offset += line.len();
    }
    if let Some(span) = fallback {
        return span;
    }
    let header_end = body.find('\n').unwrap_or(body.len());
    record.start..record.start + header_end
}

/// Where `key = ` starts in a line: at the start of the line or after `{`/`,` of an inline
/// table.
fn key_position(line: &str, key: &str) -> Option<usize> {
    let mut search = 0;
    while let Some(found) = line[search..].find(key) {
        let at = search + found;
        let before = line[..at].trim_end();
        let boundary = before.is_empty() || before.ends_with('{') || before.ends_with(',');
        let after = line[at + key.len()..].trim_start();
        if boundary && after.starts_with('=') {
            return Some(at);
        }
        search = at + key.len();
    }
    None
}

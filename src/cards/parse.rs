//! Parsing a data file so that every problem in it is reported, not only the first one
//! serde stops at, and refusing a file too dense or too deep to parse safely.

use super::located::Located;
use super::record::Record;
use crate::report::{Code, FileId, Finding};
use serde::de::DeserializeOwned;
use std::ops::Range;

/// The text of a data file in the form it will be parsed from.
#[derive(Debug, Clone, Copy)]
pub enum DataText<'a> {
    Toml(&'a str),
    /// The packed form (`cards::packed`) build.rs made of a TOML file; records carry no span.
    Packed(&'a [u8]),
}

/// Turns the spans toml gives records (for `[[x]]` tables, only the header) into the whole
/// record: from its header to the next top-level header.
pub struct RecordSpans {
    file: FileId,
    blocks: Vec<Range<usize>>,
}

impl RecordSpans {
    pub fn new(file: FileId, text: &str) -> Self {
        RecordSpans {
            file,
            blocks: top_level_blocks(text),
        }
    }

    /// Spans for records read from `data`; packed records have none, so nothing is scanned.
    pub fn for_data(file: FileId, data: DataText<'_>) -> Self {
        match data {
            DataText::Toml(text) => RecordSpans::new(file, text),
            DataText::Packed(_) => RecordSpans::new(file, ""),
        }
    }

    pub fn locate<T>(&self, record: Record<T>) -> Located<T> {
        let span = record.span;
        if span.is_empty() {
            return Located {
                value: record.value,
                file: self.file,
                span,
            };
        }
        let index = self.blocks.partition_point(|b| b.start <= span.start);
        let span = match index.checked_sub(1).map(|i| &self.blocks[i]) {
            Some(block) if block.end >= span.end => block.clone(),
            _ => span,
        };
        Located {
            value: record.value,
            file: self.file,
            span,
        }
    }
}

/// Parse a data file from whichever form it was loaded in.
pub fn parse_data<T: DeserializeOwned>(
    file: FileId,
    data: DataText<'_>,
) -> Result<T, Vec<Finding>> {
    match data {
        DataText::Toml(text) => parse_toml(file, text),
        DataText::Packed(bytes) => super::record::from_embedded(bytes)
            .map_err(|e| vec![embedded_failure(file, &e.to_string())]),
    }
}

/// Embedded data is checked in CI, so this means the binary was built from broken data.
pub(super) fn embedded_failure(file: FileId, message: &str) -> Finding {
    Finding::error(
        Code::InvalidValue,
        format!("built-in data does not match the model: {message}"),
    )
    .at(file, 0..0)
    .help("run `arbiter cards check` on the data folder and rebuild")
}

/// Parse a whole TOML file into `T`. When that fails, parse it again one top-level table
/// at a time so that every broken record gets its own finding.
pub fn parse_toml<T: DeserializeOwned>(file: FileId, text: &str) -> Result<T, Vec<Finding>> {
    // The caller passed the whole text through `refused_before_parsing`; every piece
    // parsed below is the preamble and one block, which nest at most twice as deep.
    match toml::from_str::<T>(text) {
        Ok(value) => Ok(value),
        Err(first) => {
            let mut findings = Vec::new();
            let blocks = top_level_blocks(text);
            let preamble = &text[..blocks.first().map_or(text.len(), |b| b.start)];
            if let Err(e) = toml::from_str::<T>(preamble) {
                findings.push(finding_from_toml(file, &e, 0));
            }
            // A preamble that is not TOML would break every table parsed after it: then
            // each table is checked for syntax on its own.
            let preamble_is_toml = toml::from_str::<toml::Table>(preamble).is_ok();
            for block in &blocks {
                if !preamble_is_toml {
                    if let Err(e) = toml::from_str::<toml::Table>(&text[block.clone()]) {
                        findings.push(finding_from_toml(file, &e, block.start as isize));
                    }
                    continue;
                }
                let mut piece = String::with_capacity(preamble.len() + block.len() + 1);
                piece.push_str(preamble);
                if !piece.is_empty() && !piece.ends_with('\n') {
                    piece.push('\n');
                }
                let shift = piece.len();
                piece.push_str(&text[block.clone()]);
                if let Err(e) = toml::from_str::<T>(&piece) {
                    let span = e.span().unwrap_or(0..0);
                    if span.start < shift {
                        // Already reported when the preamble was parsed on its own.
                        continue;
                    }
                    findings.push(finding_from_toml(
                        file,
                        &e,
                        block.start as isize - shift as isize,
                    ));
                }
            }
            if findings.is_empty() {
                // The parts parse but the whole does not (e.g. a key defined in two tables).
                findings.push(finding_from_toml(file, &first, 0));
            }
            findings.dedup_by(|a, b| a.location == b.location && a.message == b.message);
            Err(findings)
        }
    }
}

/// Byte offset of the first `[table]` or `[[array]]` header line.
pub(super) fn first_header(text: &str) -> Option<usize> {
    top_level_blocks(text).first().map(|b| b.start)
}

/// Ranges of the top-level tables: each starts at an undotted `[name]` or `[[name]]` header
/// and runs to the next one; dotted sub-table headers stay inside their parent.
fn top_level_blocks(text: &str) -> Vec<Range<usize>> {
    let mut starts = Vec::new();
    let mut offset = 0;
    let mut in_multiline: Option<&str> = None;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim();
        if let Some(delimiter) = in_multiline {
            if trimmed.matches(delimiter).count() % 2 == 1 {
                in_multiline = None;
            }
        } else {
            for delimiter in ["\"\"\"", "'''"] {
                if trimmed.matches(delimiter).count() % 2 == 1 {
                    in_multiline = Some(delimiter);
                }
            }
            if in_multiline.is_none() && is_top_level_header(trimmed) {
                starts.push(offset);
            }
        }
        offset += line.len();
    }
    let mut blocks = Vec::with_capacity(starts.len());
    for (i, &start) in starts.iter().enumerate() {
        let end = starts.get(i + 1).copied().unwrap_or(text.len());
        blocks.push(start..end);
    }
    blocks
}

fn is_top_level_header(line: &str) -> bool {
    let Some(rest) = line.strip_prefix('[') else {
        return false;
    };
    let (inner, closing) = match rest.strip_prefix('[') {
        Some(inner) => (inner, "]]"),
        None => (rest, "]"),
    };
    match inner.find(closing) {
        Some(end) => {
            let name = inner[..end].trim();
            !name.is_empty() && !name.contains('.')
        }
        None => false,
    }
}

/// What keeps a TOML text from reaching the parser, checked once per file before any of
/// it is parsed: too dense to hold in memory, or nested deeper than the parser's stack
/// allows.
pub fn refused_before_parsing(
    file: FileId,
    text: &str,
    limits: crate::input::DensityLimits,
) -> Option<Finding> {
    if let Some(dense) = crate::input::too_dense(text, limits) {
        return Some(density_finding(file, dense));
    }
    crate::input::too_deep(text).map(|span| nesting_finding(file, span))
}

/// The parser would hold every table of it in memory at once.
fn density_finding(file: FileId, dense: crate::input::TooDense) -> Finding {
    let limit = dense.limit;
    Finding::error(
        Code::TooLarge,
        format!(
            "the file holds more {} than arbiter reads from one file ({limit})",
            dense.what.describe()
        ),
    )
    .at(file, dense.at)
    .label(format!("past {limit} here"))
    .help("split the file into smaller ones; real data files and scenarios hold far fewer")
}

/// Nesting this deep is a run of unclosed brackets, and the TOML
/// parser could recurse past its stack on it.
fn nesting_finding(file: FileId, span: Range<usize>) -> Finding {
    Finding::error(
        Code::Syntax,
        format!(
            "tables and arrays nest more than {} deep here",
            crate::input::MAX_TOML_NESTING
        ),
    )
    .at(file, span)
    .label("one level too deep")
    .help("close each `{` and `[` where its value ends; data nests a few levels at most")
}

pub(super) fn finding_from_toml(file: FileId, error: &toml::de::Error, shift: isize) -> Finding {
    let message = error.message().trim().to_string();
    let span = error
        .span()
        .map(|s| {
            let start = (s.start as isize + shift).max(0) as usize;
            let end = (s.end as isize + shift).max(start as isize) as usize;
            start..end
        })
        .unwrap_or(0..0);
    let (code, help) = classify(&message);
    let mut message = first_line(&message);
    if let Some((before, expected)) = message.split_once(", expected ") {
        message = format!("{before}, expected {}", plain_type(expected));
    }
    Finding::error(code, message)
        .at(file, span)
        .label(label_for(code))
        .help(help)
}

/// The allowed field nearest to the unknown one of serde's "unknown field `x`, expected
/// one of `a`, `b`" message, when it is near enough to be a misspelling of it.
fn nearest_field(message: &str) -> Option<&str> {
    let mut quoted = message.split('`').skip(1).step_by(2);
    let unknown = quoted.next()?;
    quoted
        .map(|field| (strsim::damerau_levenshtein(unknown, field), field))
        .filter(|(distance, field)| *distance <= (field.len() / 3).max(1))
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, field)| field)
}

fn first_line(message: &str) -> String {
    message.lines().next().unwrap_or(message).to_string()
}

fn classify(message: &str) -> (Code, String) {
    if message.starts_with("unknown field") {
        let expected = message
            .split_once("expected")
            .map(|(_, rest)| format!("the fields allowed here are {}", rest.trim()))
            .unwrap_or_else(|| "remove the key or fix its spelling".to_string());
        let help = match nearest_field(message) {
            Some(field) => format!("did you mean `{field}`? {expected}"),
            None => expected,
        };
        (Code::UnknownField, help)
    } else if message.starts_with("missing field") {
        (
            Code::MissingField,
            "add the field; `arbiter schema` lists the required fields of each kind".to_string(),
        )
    } else if message.starts_with("invalid type")
        || message.starts_with("unknown variant")
        || message.starts_with("invalid value")
        || message.starts_with("invalid length")
    {
        let help = message
            .split_once("expected")
            .map(|(_, rest)| format!("expected {}", plain_type(rest.trim())))
            .unwrap_or_else(|| "see `arbiter schema` for the allowed values".to_string());
        (Code::InvalidValue, help)
    } else if message.contains("duplicate key") {
        (
            Code::Syntax,
            "each key may appear once per table".to_string(),
        )
    } else {
        (
            Code::Syntax,
            "fix the TOML syntax at the marked position".to_string(),
        )
    }
}

/// Rust type names mean nothing to data maintainers.
fn plain_type(expected: &str) -> String {
    match expected {
        "u8" | "u16" | "u32" | "u64" | "usize" => "a whole number, 0 or more".to_string(),
        "i8" | "i16" | "i32" | "i64" | "isize" => "a whole number".to_string(),
        "f32" | "f64" => "a number".to_string(),
        other => other.to_string(),
    }
}

fn label_for(code: Code) -> &'static str {
    match code {
        Code::UnknownField => "unknown key",
        Code::MissingField => "in this table",
        Code::InvalidValue => "wrong value",
        _ => "here",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_misspelt_key_gets_the_nearest_field_and_a_stranger_none() {
        let message = "unknown field `sumary`, expected one of `id`, `date`, `summary`";
        assert_eq!(nearest_field(message), Some("summary"));
        assert_eq!(
            nearest_field("unknown field `initative`, expected one of `initiative`, `id`"),
            Some("initiative")
        );
        assert_eq!(
            nearest_field("unknown field `colour`, expected one of `id`, `date`"),
            None
        );
        assert!(classify(message).1.starts_with("did you mean `summary`? "));
    }

    #[test]
    fn blocks_split_on_undotted_headers_only() {
        let text =
            "game = \"x\"\n[[ship]]\na = 1\n[ship.speed]\nb = 2\n[[ship]]\nc = '''\n[[not]]\n'''\n";
        let blocks = top_level_blocks(text);
        assert_eq!(blocks.len(), 2);
        assert!(text[blocks[0].clone()].contains("[ship.speed]"));
        assert!(text[blocks[1].clone()].contains("[[not]]"));
    }

    #[test]
    fn every_broken_record_is_reported() {
        #[derive(serde::Deserialize, Debug)]
        #[serde(deny_unknown_fields)]
        struct Item {
            #[allow(dead_code)]
            n: u32,
        }
        #[derive(serde::Deserialize, Debug)]
        #[serde(deny_unknown_fields)]
        struct File {
            // Like every data file model: a file may hold no records.
            #[allow(dead_code)]
            #[serde(default)]
            item: Vec<Item>,
        }
        let text = "[[item]]\nn = 1\n[[item]]\nm = 2\n[[item]]\nn = \"x\"\n";
        let findings = parse_toml::<File>(FileId(0), text).unwrap_err();
        assert_eq!(findings.len(), 2, "{findings:#?}");
        assert_eq!(findings[0].code, Code::UnknownField);
        assert_eq!(
            &text[findings[0].location.as_ref().unwrap().span.clone()],
            "m"
        );
        assert_eq!(findings[1].code, Code::InvalidValue);
    }
}

//! Finding data files, telling what each one holds, and parsing it so that every problem
//! in a file is reported, not only the first one serde stops at.

use super::record::Record;
use super::{CardDb, Game, Located};
use crate::report::{Code, FileId, Finding, SourceText};
use serde::de::DeserializeOwned;
use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// Larger than any real data file by far; refusing early keeps a stray 50 MB file from
/// stalling CI.
pub const MAX_DATA_FILE_BYTES: usize = 8 * 1024 * 1024;

/// The top-level folders of a data tree; a file's kind is the folder it sits in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DataKind {
    Cards,
    Errata,
    Formats,
    Rules,
}

impl DataKind {
    const FOLDERS: [(&'static str, DataKind); 4] = [
        ("cards", DataKind::Cards),
        ("errata", DataKind::Errata),
        ("formats", DataKind::Formats),
        ("rules", DataKind::Rules),
    ];

    /// From the path inside a data tree: the last `cards|errata|formats|rules` component.
    fn from_path(relative: &str) -> Option<DataKind> {
        relative.split(['/', '\\']).rev().skip(1).find_map(|part| {
            Self::FOLDERS
                .iter()
                .find(|(n, _)| *n == part)
                .map(|(_, k)| *k)
        })
    }

    /// For files outside a data tree: what the text declares.
    fn sniff(text: &str) -> Option<DataKind> {
        for line in text.lines().map(str::trim) {
            match line {
                "[[erratum]]" => return Some(DataKind::Errata),
                "[[entry]]" => return Some(DataKind::Rules),
                "[[ship]]" | "[[ship_type]]" | "[[squadron]]" | "[[upgrade]]" | "[[objective]]"
                | "[[pilot]]" | "[[condition]]" | "[[device]]" | "[[revision]]" | "[[threat]]"
                | "[[trajectory]]" | "[[weapon]]" => {
                    return Some(DataKind::Cards);
                }
                _ if line.starts_with("points_limit") => return Some(DataKind::Formats),
                _ => {}
            }
        }
        None
    }
}

/// Where to read data from.
#[derive(Debug, Default, Clone)]
pub struct LoadOptions {
    /// Keep source positions of records (for `cards check`). Without them, embedded data
    /// is read from its faster JSON form.
    pub spans: bool,
    /// Start from the data compiled into the binary.
    pub embedded: bool,
    /// Folders or files laid over the embedded data; a file with the same path inside the
    /// data tree (e.g. `cards/armada/upgrades.toml`) replaces the embedded one.
    pub overlays: Vec<PathBuf>,
    /// Kinds of data the command does not use, left unread.
    pub without: Vec<DataKind>,
}

/// A file to parse: its name for messages, its path inside the data tree, its bytes.
struct Candidate {
    display: String,
    relative: String,
    content: Result<Content, crate::input::Unread>,
    /// The embedded JSON form, when this is an embedded file and spans are not needed.
    json: Option<&'static str>,
}

enum Content {
    /// Compiled in, so known to be UTF-8 and never copied.
    Embedded(&'static str),
    Read(Vec<u8>),
}

/// The text of a data file in the form it will be parsed from.
#[derive(Debug, Clone, Copy)]
pub enum DataText<'a> {
    Toml(&'a str),
    /// Embedded JSON made by build.rs from a TOML file; records carry no span.
    Json(&'a str),
}

/// Load everything the options name. Problems with paths that cannot be read at all are
/// returned separately: they mean the command could not run (exit 2).
pub fn load(options: &LoadOptions) -> (CardDb, Vec<Finding>) {
    let mut by_relative: BTreeMap<String, Candidate> = BTreeMap::new();
    let mut unreadable = Vec::new();
    let mut skipped = Vec::new();
    if options.embedded {
        for (relative, text, json) in super::embedded::FILES {
            by_relative.insert(
                relative.to_string(),
                Candidate {
                    display: format!("<embedded>/{relative}"),
                    relative: relative.to_string(),
                    content: Ok(Content::Embedded(text)),
                    json: (!options.spans && !json.is_empty()).then_some(*json),
                },
            );
        }
    }
    for overlay in &options.overlays {
        match collect_files(overlay, &mut skipped) {
            Ok(found) => {
                for candidate in found {
                    by_relative.insert(candidate.relative.clone(), candidate);
                }
            }
            Err(message) => unreadable.push(
                Finding::error(Code::Io, message).help("check the path exists and is readable"),
            ),
        }
    }
    let mut db = CardDb {
        skipped,
        ..CardDb::default()
    };
    for candidate in by_relative.into_values() {
        let kind = DataKind::from_path(&candidate.relative);
        if kind.is_some_and(|k| options.without.contains(&k)) {
            continue;
        }
        load_candidate(&mut db, candidate);
    }
    (db, unreadable)
}

/// One data file given as bytes, alone (no built-in data), read as if it sat at
/// `relative` in a data tree (`cards/xwing/revisions.toml`): for the fuzz harness and
/// tests. Its findings are in `findings`; `crate::check::run` adds the cross-record ones.
pub fn load_bytes(relative: &str, bytes: Vec<u8>) -> CardDb {
    let mut db = CardDb::default();
    load_candidate(
        &mut db,
        Candidate {
            display: relative.to_string(),
            relative: relative.to_string(),
            content: Ok(Content::Read(bytes)),
            json: None,
        },
    );
    db
}

/// The data files of one `--data` path: a folder's `.toml` files (walked, see
/// [`crate::input::walk`]) or the file itself.
fn collect_files(
    path: &Path,
    skipped: &mut Vec<crate::input::Skipped>,
) -> Result<Vec<Candidate>, String> {
    let meta =
        std::fs::metadata(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut out = Vec::new();
    if meta.is_dir() {
        let walk = crate::input::walk(path, |p| p.extension().is_some_and(|e| e == "toml"));
        skipped.extend(walk.skipped);
        for entry in walk.files {
            let relative = entry.strip_prefix(path).unwrap_or(&entry);
            out.push(read_candidate(&entry, &data_relative(path, relative)));
        }
        for (entry, why) in walk.unreadable {
            let relative = entry.strip_prefix(path).unwrap_or(&entry);
            out.push(Candidate {
                display: entry.display().to_string(),
                relative: data_relative(path, relative),
                content: Err(crate::input::Unread::Failed(format!(
                    "cannot read {}: {why}",
                    entry.display()
                ))),
                json: None,
            });
        }
    } else {
        let name = path.file_name().map(PathBuf::from).unwrap_or_default();
        out.push(read_candidate(
            path,
            &data_relative(path.parent().unwrap_or(path), &name),
        ));
    }
    Ok(out)
}

/// The path of a file inside a data tree, so `data/cards/armada/ships.toml` and the embedded
/// `cards/armada/ships.toml` are recognised as the same file.
fn data_relative(root: &Path, relative: &Path) -> String {
    let full = root.join(relative);
    let parts: Vec<String> = full
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let start = parts
        .iter()
        .rposition(|p| DataKind::FOLDERS.iter().any(|(n, _)| n == p))
        .filter(|&i| i + 1 < parts.len());
    match start {
        Some(i) => parts[i..].join("/"),
        None => full.to_string_lossy().replace('\\', "/"),
    }
}

fn read_candidate(path: &Path, relative: &str) -> Candidate {
    Candidate {
        display: path.display().to_string(),
        relative: relative.to_string(),
        content: crate::input::read_bounded(path, MAX_DATA_FILE_BYTES).map(Content::Read),
        json: None,
    }
}

fn load_candidate(db: &mut CardDb, candidate: Candidate) {
    let bytes = match candidate.content {
        Ok(Content::Embedded(text)) => {
            let kind = DataKind::from_path(&candidate.relative);
            let file = db.files.add(candidate.display, SourceText::Static(text));
            return parse_candidate(db, file, kind, candidate.json);
        }
        Ok(Content::Read(bytes)) => bytes,
        Err(unread) => {
            let finding =
                unread.finding(&candidate.display, &mut db.files, Code::TooLarge, Code::Io);
            db.findings
                .push(finding.help("split the file, or remove it from the data folder"));
            return;
        }
    };
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(error) => {
            let valid = error.utf8_error().valid_up_to();
            let lossy = String::from_utf8_lossy(error.as_bytes()).into_owned();
            // The bad byte shows as U+FFFD (three bytes) in the lossy copy: the span
            // covers that character, and the copy is cut on a character boundary.
            let width = lossy[valid..].chars().next().map_or(0, char::len_utf8);
            let mut keep = lossy.len().min(valid + width + 64);
            while !lossy.is_char_boundary(keep) {
                keep -= 1;
            }
            let shown = lossy[..keep].to_string();
            let file = db.files.add(candidate.display, shown);
            db.findings.push(
                Finding::error(Code::Encoding, "the file is not UTF-8 text")
                    .at(file, valid..valid + width)
                    .label("first byte that is not UTF-8")
                    .help("data files are TOML, which must be UTF-8; re-save the file as UTF-8"),
            );
            return;
        }
    };
    let kind = DataKind::from_path(&candidate.relative).or_else(|| DataKind::sniff(&text));
    let file = db.files.add(candidate.display, text);
    if let Some(refusal) =
        refused_before_parsing(file, db.files.text(file), crate::input::DATA_FILE)
    {
        db.findings.push(refusal);
        return;
    }
    parse_candidate(db, file, kind, candidate.json);
}

fn parse_candidate(
    db: &mut CardDb,
    file: FileId,
    kind: Option<DataKind>,
    json: Option<&'static str>,
) {
    db.loaded.push(file);
    let text = db.files.text(file).clone();
    let data = match json {
        Some(json) => DataText::Json(json),
        None => DataText::Toml(&text),
    };
    let Some(kind) = kind else {
        db.findings.push(
            Finding::error(Code::UnknownFileKind, "cannot tell what this file holds")
                .at(file, 0..0)
                .help("put it under a cards/, errata/, formats/ or rules/ folder"),
        );
        return;
    };
    match kind {
        DataKind::Cards => load_cards(db, file, &text, data),
        DataKind::Errata => {
            if let Some(parsed) = collect(db, parse_data::<super::errata::ErrataFile>(file, data)) {
                let records = RecordSpans::for_data(file, data);
                db.errata
                    .extend(parsed.erratum.into_iter().map(|e| records.locate(e)));
            }
        }
        DataKind::Formats => {
            // One format per file: its record is the whole file.
            let parsed = match data {
                DataText::Json(json) => serde_json::from_str(json).map_err(|e| e.to_string()),
                DataText::Toml(text) => toml::from_str(text).map_err(|e| {
                    db.findings.push(finding_from_toml(file, &e, 0));
                    String::new()
                }),
            };
            match parsed {
                Ok(format) => db.formats.push(Located {
                    value: format,
                    file,
                    span: 0..text.len(),
                }),
                Err(message) if !message.is_empty() => {
                    db.findings.push(embedded_json_failure(file, &message))
                }
                Err(_) => {}
            }
        }
        DataKind::Rules => {
            if let Some(parsed) = collect(db, parse_data::<super::rules::RulesFile>(file, data)) {
                let records = RecordSpans::for_data(file, data);
                db.rules
                    .extend(parsed.entry.into_iter().map(|e| records.locate(e)));
                db.rule_slang
                    .extend(parsed.slang.into_iter().map(|s| records.locate(s)));
            }
        }
    }
}

/// Card files say which game they belong to in a top-level `game = "…"`.
fn load_cards(db: &mut CardDb, file: FileId, text: &str, data: DataText<'_>) {
    #[derive(serde::Deserialize)]
    struct GameOnly {
        game: toml::Spanned<String>,
    }
    let games = || {
        Game::ALL
            .iter()
            .map(|g| format!("`{}`", g.as_str()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if let DataText::Json(json) = data {
        #[derive(serde::Deserialize)]
        struct JsonGame {
            game: String,
        }
        // Embedded data passed `cards check`, so it names a known game.
        match serde_json::from_str::<JsonGame>(json)
            .ok()
            .and_then(|g| Game::from_id(&g.game))
        {
            Some(game) => {
                let mut findings = Vec::new();
                db.cards_mut(game).add_data(file, data, text, &mut findings);
                db.findings.extend(findings);
            }
            None => db
                .findings
                .push(embedded_json_failure(file, "no known `game`")),
        }
        return;
    }
    let preamble_end = first_header(text).unwrap_or(text.len());
    let game = match toml::from_str::<GameOnly>(&text[..preamble_end]) {
        Ok(g) => g.game,
        Err(_) if toml::from_str::<toml::Table>(text).is_err() => {
            // Not TOML at all: the game key cannot be told, so say what is broken, every
            // broken table of it.
            if let Err(findings) = parse_toml::<toml::Table>(file, text) {
                db.findings.extend(findings);
            }
            return;
        }
        Err(e) => {
            let span = e.span().unwrap_or(0..0);
            db.findings.push(
                Finding::error(
                    Code::MissingField,
                    "a card file must start with `game = \"…\"` naming its game",
                )
                .at(file, span)
                .label(e.message().to_string())
                .help(format!(
                    "add `game = \"armada\"` (or another game: {}) before the first table",
                    games()
                )),
            );
            return;
        }
    };
    match Game::from_id(game.get_ref()) {
        Some(known) => {
            let mut findings = Vec::new();
            db.cards_mut(known)
                .add_data(file, data, text, &mut findings);
            db.findings.extend(findings);
        }
        None => db.findings.push(
            Finding::error(
                Code::InvalidValue,
                format!("unknown game `{}`", game.get_ref()),
            )
            .at(file, game.span())
            .label("not a game with card data")
            .help(format!("use one of {}", games())),
        ),
    }
}

fn collect<T>(db: &mut CardDb, parsed: Result<T, Vec<Finding>>) -> Option<T> {
    match parsed {
        Ok(value) => Some(value),
        Err(findings) => {
            db.findings.extend(findings);
            None
        }
    }
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

    /// Spans for records read from `data`; JSON records have none, so nothing is scanned.
    pub fn for_data(file: FileId, data: DataText<'_>) -> Self {
        match data {
            DataText::Toml(text) => RecordSpans::new(file, text),
            DataText::Json(_) => RecordSpans::new(file, ""),
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
        DataText::Json(json) => super::record::from_embedded_json(json)
            .map_err(|e| vec![embedded_json_failure(file, &e.to_string())]),
    }
}

/// Embedded data is checked in CI, so this means the binary was built from broken data.
fn embedded_json_failure(file: FileId, message: &str) -> Finding {
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
fn first_header(text: &str) -> Option<usize> {
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

fn finding_from_toml(file: FileId, error: &toml::de::Error, shift: isize) -> Finding {
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

fn first_line(message: &str) -> String {
    message.lines().next().unwrap_or(message).to_string()
}

fn classify(message: &str) -> (Code, String) {
    if message.starts_with("unknown field") {
        let expected = message
            .split_once("expected")
            .map(|(_, rest)| format!("the fields allowed here are {}", rest.trim()))
            .unwrap_or_else(|| "remove the key or fix its spelling".to_string());
        (Code::UnknownField, expected)
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
    fn blocks_split_on_undotted_headers_only() {
        let text =
            "game = \"x\"\n[[ship]]\na = 1\n[ship.speed]\nb = 2\n[[ship]]\nc = '''\n[[not]]\n'''\n";
        let blocks = top_level_blocks(text);
        assert_eq!(blocks.len(), 2);
        assert!(text[blocks[0].clone()].contains("[ship.speed]"));
        assert!(text[blocks[1].clone()].contains("[[not]]"));
    }

    #[test]
    fn data_relative_finds_the_data_tree() {
        let rel = data_relative(Path::new("/x/data"), Path::new("cards/armada/ships.toml"));
        assert_eq!(rel, "cards/armada/ships.toml");
        let rel = data_relative(Path::new("/tmp"), Path::new("mine.toml"));
        assert_eq!(rel, "/tmp/mine.toml");
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

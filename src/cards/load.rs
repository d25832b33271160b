//! Finding data files, telling what each one holds, and parsing it so that every problem
//! in a file is reported, not only the first one serde stops at.

use super::parse::{
    DataText, RecordSpans, embedded_failure, finding_from_toml, first_header, parse_data,
    parse_toml, refused_before_parsing,
};
use super::{CardDb, Game, Located};
use crate::report::{Code, FileId, Finding, SourceText};
use std::collections::BTreeMap;
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

    /// The folder of a data tree that holds this kind of file (`cards`, `errata`, …).
    pub fn folder(self) -> &'static str {
        Self::FOLDERS
            .iter()
            .find(|(_, kind)| *kind == self)
            .map_or("data", |(name, _)| name)
    }

    /// What a file holds: its folder inside a data tree, else what its text declares.
    pub fn of_file(path: &str, text: &str) -> Option<DataKind> {
        Self::from_path(path).or_else(|| Self::sniff(text))
    }

    /// For files outside a data tree: what the text declares.
    fn sniff(text: &str) -> Option<DataKind> {
        let mut names_a_game = false;
        for line in text.lines().map(str::trim) {
            names_a_game |= line.starts_with("game =") || line.starts_with("game=");
            match line {
                "[[erratum]]" => return Some(DataKind::Errata),
                "[[entry]]" => return Some(DataKind::Rules),
                "[[ship]]" | "[[ship_type]]" | "[[squadron]]" | "[[upgrade]]" | "[[objective]]"
                | "[[pilot]]" | "[[condition]]" | "[[device]]" | "[[revision]]" | "[[threat]]"
                | "[[trajectory]]" | "[[weapon]]" | "[[timing]]" | "[[untimed]]" => {
                    return Some(DataKind::Cards);
                }
                _ if line.starts_with("points_limit") => return Some(DataKind::Formats),
                _ => {}
            }
        }
        // A card file of a game whose tables are none of the above: its `game` key says so.
        names_a_game.then_some(DataKind::Cards)
    }
}

/// Where to read data from.
#[derive(Debug, Default, Clone)]
pub struct LoadOptions {
    /// Keep source positions of records (for `cards check`). Without them, embedded data
    /// is read from its faster packed form (`cards::packed`).
    pub spans: bool,
    /// Start from the data compiled into the binary.
    pub embedded: bool,
    /// Folders or files laid over the embedded data; a file with the same path inside the
    /// data tree (e.g. `cards/armada/upgrades.toml`) replaces the embedded one.
    pub overlays: Vec<PathBuf>,
    /// Kinds of data the command does not use, left unread.
    pub without: Vec<DataKind>,
}

impl LoadOptions {
    /// The data compiled into the binary and nothing else, without source positions: what
    /// tests and benches check against.
    pub fn built_in() -> Self {
        LoadOptions {
            embedded: true,
            ..LoadOptions::default()
        }
    }
}

/// A file to parse: its name for messages, its path inside the data tree, its bytes.
struct Candidate {
    display: String,
    relative: String,
    content: Result<Content, crate::input::Unread>,
    /// The embedded packed form (`cards::packed`), when this is an embedded file and
    /// spans are not needed.
    packed: Option<&'static [u8]>,
}

enum Content {
    /// Compiled in, so known to be UTF-8 and never copied.
    Embedded(&'static str),
    Read(Vec<u8>),
}

/// Whether a built-in file is read when only `games` are wanted: card files of other
/// games are not.
fn wanted_game(relative: &str, games: &[Game]) -> bool {
    let Some(rest) = relative.strip_prefix("cards/") else {
        return true;
    };
    let game = rest.split('/').next().and_then(Game::from_id);
    games.is_empty() || game.is_none_or(|g| games.contains(&g))
}

/// Load everything the options name. Problems with paths that cannot be read at all are
/// returned separately: they mean the command could not run (exit 2).
pub fn load(options: &LoadOptions) -> (CardDb, Vec<Finding>) {
    load_games(options, &[])
}

/// [`load`], reading the built-in card files of `games` only (empty: every game), for a
/// command about one game. Overlays are always read whole: they are the user's.
pub fn load_games(options: &LoadOptions, games: &[Game]) -> (CardDb, Vec<Finding>) {
    load_games_except(options, games, &[])
}

/// [`load_games`], leaving the built-in files at the data-tree paths `unread` unread (a
/// command that reads none of their records: `validate` and X-Wing's timing files). A
/// `--data` file at such a path is still read.
pub fn load_games_except(
    options: &LoadOptions,
    games: &[Game],
    unread: &[&str],
) -> (CardDb, Vec<Finding>) {
    let mut by_relative = if options.embedded {
        embedded_candidates(options.spans, games)
    } else {
        BTreeMap::new()
    };
    by_relative.retain(|relative, _| !unread.contains(&relative.as_str()));
    let mut unreadable = Vec::new();
    let mut skipped = Vec::new();
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

/// The built-in files of `games` (empty: every game), by their path in the data tree.
fn embedded_candidates(spans: bool, games: &[Game]) -> BTreeMap<String, Candidate> {
    super::embedded::FILES
        .iter()
        .filter(|(relative, _, _)| wanted_game(relative, games))
        .map(|(relative, text, packed)| {
            let candidate = Candidate {
                display: format!("{}{relative}", super::EMBEDDED_PREFIX),
                relative: relative.to_string(),
                content: Ok(Content::Embedded(text)),
                packed: (!spans && !packed.is_empty()).then_some(*packed),
            };
            (relative.to_string(), candidate)
        })
        .collect()
}

/// The built-in data (with spans, as `cards check` reads it) with the folder `tree` in
/// place of the data tree's folder `mount` (`cards/xwing`): every built-in file under
/// `mount` left out, every `.toml` file of `tree` read as if it sat there, and named in
/// reports as if it were in `shown_as`. What an import about to replace that folder would
/// give, checked before it does.
pub fn load_replacing(tree: &Path, mount: &str, shown_as: &Path) -> CardDb {
    let prefix = format!("{}/", mount.trim_end_matches('/'));
    let mut by_relative = embedded_candidates(true, &[]);
    by_relative.retain(|relative, _| !relative.starts_with(&prefix));
    let walk = crate::input::walk(tree, |p| p.extension().is_some_and(|e| e == "toml"));
    let relative_of = |path: &Path| {
        let inside = path.strip_prefix(tree).unwrap_or(path);
        format!("{prefix}{}", inside.to_string_lossy().replace('\\', "/"))
    };
    let shown = |path: &Path| {
        let inside = path.strip_prefix(tree).unwrap_or(path);
        shown_as.join(inside).display().to_string()
    };
    for entry in &walk.files {
        let mut candidate = read_candidate(entry, &relative_of(entry));
        candidate.display = shown(entry);
        by_relative.insert(candidate.relative.clone(), candidate);
    }
    for (entry, why) in &walk.unreadable {
        let candidate = Candidate {
            display: shown(entry),
            relative: relative_of(entry),
            content: Err(crate::input::Unread::Failed(format!(
                "cannot read {}: {why}",
                entry.display()
            ))),
            packed: None,
        };
        by_relative.insert(candidate.relative.clone(), candidate);
    }
    let mut db = CardDb {
        skipped: walk.skipped,
        ..CardDb::default()
    };
    for candidate in by_relative.into_values() {
        load_candidate(&mut db, candidate);
    }
    db
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
            packed: None,
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
    if path.as_os_str() == crate::input::STDIN {
        // Outside any data tree: its kind is what the text declares.
        return Ok(vec![Candidate {
            display: crate::input::display_name(path),
            relative: crate::input::display_name(path),
            content: crate::input::read_bounded(path, MAX_DATA_FILE_BYTES).map(Content::Read),
            packed: None,
        }]);
    }
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
                packed: None,
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
        packed: None,
    }
}

fn load_candidate(db: &mut CardDb, candidate: Candidate) {
    let bytes = match candidate.content {
        Ok(Content::Embedded(text)) => {
            let kind = DataKind::from_path(&candidate.relative);
            let file = db.files.add(candidate.display, SourceText::Static(text));
            return parse_candidate(db, file, kind, candidate.packed);
        }
        Ok(Content::Read(bytes)) => bytes,
        Err(unread) => {
            let help = match unread {
                crate::input::Unread::TooLarge { .. } => {
                    "split the file, or remove it from the data folder"
                }
                crate::input::Unread::Failed(_) => {
                    "check the file exists and can be read (its permissions), or remove it from the data folder"
                }
            };
            let finding =
                unread.finding(&candidate.display, &mut db.files, Code::TooLarge, Code::Io);
            db.findings.push(finding.help(help));
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
    let text = crate::input::lone_cr_as_lf_text(text);
    let kind = DataKind::from_path(&candidate.relative).or_else(|| DataKind::sniff(&text));
    let file = db.files.add(candidate.display, text);
    if let Some(refusal) =
        refused_before_parsing(file, db.files.text(file), crate::input::DATA_FILE)
    {
        db.findings.push(refusal);
        return;
    }
    parse_candidate(db, file, kind, candidate.packed);
}

fn parse_candidate(
    db: &mut CardDb,
    file: FileId,
    kind: Option<DataKind>,
    packed: Option<&'static [u8]>,
) {
    db.loaded.push(file);
    let text = db.files.text(file).clone();
    let data = match packed {
        Some(packed) => DataText::Packed(packed),
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
                DataText::Packed(packed) => {
                    super::record::from_embedded(packed).map_err(|e| e.to_string())
                }
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
                    db.findings.push(embedded_failure(file, &message))
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

/// The game of an embedded card file from its first bytes: build.rs writes the `game` key
/// first (`packed::Writer::value`), so the document is not read twice, once for its game.
/// `None` sends the caller to reading the whole document.
fn game_of_embedded(packed: &[u8]) -> Option<Game> {
    match super::packed::Reader::new(packed).ok()?.leading_entry()? {
        ("game", id) => Game::from_id(id),
        _ => None,
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
    if let DataText::Packed(packed) = data {
        #[derive(serde::Deserialize)]
        struct PackedGame {
            game: String,
        }
        // Embedded data passed `cards check`, so it names a known game.
        let game = game_of_embedded(packed).or_else(|| {
            super::record::from_embedded::<PackedGame>(packed)
                .ok()
                .and_then(|g| Game::from_id(&g.game))
        });
        match game {
            Some(game) => {
                let mut findings = Vec::new();
                db.cards_mut(game).add_data(file, data, text, &mut findings);
                db.findings.extend(findings);
            }
            None => db.findings.push(embedded_failure(file, "no known `game`")),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_relative_finds_the_data_tree() {
        let rel = data_relative(Path::new("/x/data"), Path::new("cards/armada/ships.toml"));
        assert_eq!(rel, "cards/armada/ships.toml");
        let rel = data_relative(Path::new("/tmp"), Path::new("mine.toml"));
        assert_eq!(rel, "/tmp/mine.toml");
    }

    /// A JSON object packed, its members in the order the text gives them.
    fn packed(json: &str) -> Vec<u8> {
        let value: serde_json::Value = serde_json::from_str(json).unwrap();
        let map = value.as_object().unwrap();
        let mut members: Vec<(&String, &serde_json::Value)> = map.iter().collect();
        members.sort_by_key(|(key, _)| json.find(&format!("\"{key}\"")));
        super::super::packed::pack_members(members.into_iter().map(|(k, v)| (k.as_str(), v)))
    }

    #[test]
    fn every_embedded_card_file_tells_its_game_from_its_first_bytes() {
        #[derive(serde::Deserialize)]
        struct PackedGame {
            game: String,
        }
        let mut card_files = 0;
        for (relative, _, packed) in super::super::embedded::FILES {
            if !relative.starts_with("cards/") {
                continue;
            }
            card_files += 1;
            let whole: PackedGame = super::super::record::from_embedded(packed).unwrap();
            assert_eq!(
                game_of_embedded(packed),
                Game::from_id(&whole.game),
                "{relative}"
            );
            assert!(game_of_embedded(packed).is_some(), "{relative}");
        }
        assert!(card_files > 10);
    }

    #[test]
    fn every_embedded_file_packs_its_toml_whole() {
        for (relative, text, packed) in super::super::embedded::FILES {
            let from_toml: serde_json::Value = toml::from_str(text).unwrap();
            let from_packed: serde_json::Value =
                super::super::record::from_embedded(packed).unwrap();
            assert_eq!(from_packed, from_toml, "{relative}");
        }
    }

    #[test]
    fn the_timing_files_hold_only_timings_and_are_left_unread_on_request() {
        let unread = crate::cards::xwing::TIMING_FILES;
        for relative in unread {
            let (_, _, packed) = super::super::embedded::FILES
                .iter()
                .find(|(r, _, _)| *r == relative)
                .unwrap();
            let value: serde_json::Value = super::super::record::from_embedded(packed).unwrap();
            let tables: Vec<&String> = value.as_object().unwrap().keys().collect();
            assert!(
                tables
                    .iter()
                    .all(|t| ["game", "timing", "untimed"].contains(&t.as_str())),
                "{relative}: {tables:?}"
            );
        }
        let (all, _) = load_games(&LoadOptions::built_in(), &[Game::Xwing]);
        let (without, _) = load_games_except(&LoadOptions::built_in(), &[Game::Xwing], &unread);
        assert!(!all.xwing.timings.is_empty());
        assert!(without.xwing.timings.is_empty() && without.xwing.untimed.is_empty());
        assert_eq!(without.xwing.pilots.len(), all.xwing.pilots.len());
        assert_eq!(without.xwing.upgrades.len(), all.xwing.upgrades.len());
        assert_eq!(without.loaded.len() + unread.len(), all.loaded.len());
    }

    #[test]
    fn a_document_without_its_game_first_is_read_whole() {
        assert_eq!(
            game_of_embedded(&packed(r#"{"pilot":[],"game":"xwing"}"#)),
            None
        );
        assert_eq!(game_of_embedded(&packed(r#"{"game":"chess","x":1}"#)), None);
        assert_eq!(
            game_of_embedded(&packed(r#"{"game":"talon","ship":[]}"#)),
            Some(Game::Talon)
        );
        assert_eq!(game_of_embedded(&packed(r#"{"game":7}"#)), None);
        let whole = packed(r#"{"game":"xwing"}"#);
        assert_eq!(game_of_embedded(&whole), Some(Game::Xwing));
        assert_eq!(game_of_embedded(&whole[..whole.len() - 1]), None);
        assert_eq!(game_of_embedded(b""), None);
    }
}

//! One report's JSON in `validate --output json`, written straight into the document's
//! buffer: the bytes serde_json's indented layout gives the report's `Serialize` form (the
//! documented shape, still what `--output jsonl` writes), moved right to the report's depth
//! in the document.
//!
//! Written by hand because a corpus run writes half a gigabyte of it: serde_json looks at
//! every byte of every string through its escape table and every separator goes through
//! its formatter, where almost every string here is a card name with nothing to escape.
//! Each type's fields are taken apart by a `let` that names them all, so a field added to
//! a report type does not compile until it is written here too; the tests compare the
//! bytes with serde_json's.

use super::armada::{CardJson, FleetJson, ObjectiveJson, ShipJson, SquadronJson};
use super::talon::{TalonFleetJson, TalonShipJson};
use super::xwing::{Loadout, PilotJson, SquadJson, UpgradeJson};
use super::{ListContents, ListReport, Points};
use crate::report::render::JsonSpan;
use crate::report::{Citation, JsonFinding, Severity};

/// `report` as serde_json's `to_string_pretty` lays it out, its first line not indented and
/// every later line indented by `depth` levels more, appended to `out`. `true` when what
/// was written holds no character the output filter would escape (see
/// [`crate::report::stream::StdoutSink::write_shown`]): JSON escapes every C0 control, so
/// only a string with DEL, a C1 control or a bidirectional formatting character needs it.
pub fn write_report(out: &mut String, report: &ListReport, depth: usize) -> bool {
    let mut writer = Writer {
        out,
        level: depth,
        shown_as_is: true,
    };
    writer.report(report);
    writer.shown_as_is
}

/// The document being written and the nesting level of what is written next.
struct Writer<'a> {
    /// Written only whole `str`s and ASCII, so it stays text without being checked.
    out: &'a mut String,
    level: usize,
    /// No string written so far holds a character the output filter escapes.
    shown_as_is: bool,
}

/// A line break and sixteen levels of indentation, cut to a line's depth.
const NEW_LINES: &str = "\n                                ";

/// Every key of the report's objects. Each is written with what comes before it (`,`, the
/// line break and the indentation) as one run of bytes made at compile time for each level
/// (see [`RUN_TEXT`]): a corpus run writes a few hundred keys a list.
macro_rules! keys {
    ($($key:ident = $name:literal),* $(,)?) => {
        #[derive(Clone, Copy)]
        enum Key {
            $($key),*
        }

        /// The keys' names, in [`Key`]'s order.
        const KEY_NAMES: &[&str] = &[$($name),*];
    };
}

keys! {
    File = "file", Game = "game", SourceFormat = "source_format", Format = "format",
    FormatSource = "format_source", PointsRevision = "points_revision", Team = "team",
    Faction = "faction", Name = "name", Valid = "valid", Readable = "readable",
    Points = "points", Notes = "notes", Fleet = "fleet", Squad = "squad",
    TalonFleet = "talon_fleet", Diagnostics = "diagnostics", Total = "total", Limit = "limit",
    Squadrons = "squadrons", SquadronLimit = "squadron_limit", CurrentTotal = "current_total",
    Code = "code", Severity = "severity", Message = "message", Help = "help", Line = "line",
    Column = "column", Span = "span", Offset = "offset", Length = "length", Rule = "rule",
    Document = "document", Version = "version", Section = "section", Rulebook = "rulebook",
    Commander = "commander", Ships = "ships", Objectives = "objectives",
    Flagship = "flagship", Upgrades = "upgrades", Count = "count", Id = "id",
    Category = "category", Pilots = "pilots", ShipCount = "ship_count",
    Obstacles = "obstacles", Written = "written", Ship = "ship", Initiative = "initiative",
    Cost = "cost", Loadout = "loadout", StandardLoadout = "standard_loadout", Used = "used",
    FromLoadout = "from_loadout", Side = "side", Class = "class",
}

/// The runs of one level, after the keys': `,` and a new line (an array's next item),
/// the end of an object and the end of an array on a line of their own.
const ITEM: usize = KEY_NAMES.len();
const OBJECT_END: usize = ITEM + 1;
const ARRAY_END: usize = ITEM + 2;
const PIECES: usize = ITEM + 3;

/// Levels whose runs are made in advance (a report in `validate`'s document reaches level
/// 8); deeper ones are written piece by piece.
const RUN_LEVELS: usize = 10;

/// The bytes of `piece` at `level`: a key's `,\n`, indentation and `"key": `; an item's
/// `,\n` and indentation; an end's `\n`, indentation and `}` or `]`. The first key of an
/// object and the first item of an array leave out the `,`.
const fn piece_len(level: usize, piece: usize) -> usize {
    let line = 2 + 2 * level;
    if piece < ITEM {
        line + KEY_NAMES[piece].len() + 4
    } else {
        line
    }
}

const RUN_LEN: usize = {
    let mut len = 0;
    let mut at = 0;
    while at < RUN_LEVELS * PIECES {
        len += piece_len(at / PIECES, at % PIECES);
        at += 1;
    }
    len
};

/// Where each run starts in [`RUN_TEXT`], level by level, then its end.
const RUN_STARTS: [u32; RUN_LEVELS * PIECES + 1] = {
    let mut starts = [0u32; RUN_LEVELS * PIECES + 1];
    let mut at = 0;
    while at < RUN_LEVELS * PIECES {
        starts[at + 1] = starts[at] + piece_len(at / PIECES, at % PIECES) as u32;
        at += 1;
    }
    starts
};

const RUN_BYTES: [u8; RUN_LEN] = {
    let mut bytes = [b' '; RUN_LEN];
    let mut at = 0;
    while at < RUN_LEVELS * PIECES {
        let (level, piece) = (at / PIECES, at % PIECES);
        let start = RUN_STARTS[at] as usize;
        let end = RUN_STARTS[at + 1] as usize;
        if piece < ITEM {
            bytes[start] = b',';
            bytes[start + 1] = b'\n';
            let key_at = start + 2 + 2 * level;
            bytes[key_at] = b'"';
            let name = KEY_NAMES[piece].as_bytes();
            let mut i = 0;
            while i < name.len() {
                bytes[key_at + 1 + i] = name[i];
                i += 1;
            }
            bytes[end - 3] = b'"';
            bytes[end - 2] = b':';
        } else if piece == ITEM {
            bytes[start] = b',';
            bytes[start + 1] = b'\n';
        } else {
            bytes[start] = b'\n';
            bytes[end - 1] = if piece == OBJECT_END { b'}' } else { b']' };
        }
        at += 1;
    }
    bytes
};

/// Every level's runs, one after the other (ASCII).
const RUN_TEXT: &str = ascii(&RUN_BYTES);

/// Every run by level and piece, whole and without its leading `,` (for an object's first
/// key or an array's first item; an end has none to leave out).
static RUNS: [[[&str; 2]; PIECES]; RUN_LEVELS] = {
    let mut runs = [[[""; 2]; PIECES]; RUN_LEVELS];
    let mut at = 0;
    while at < RUN_LEVELS * PIECES {
        let (before_end, _) = RUN_TEXT.as_bytes().split_at(RUN_STARTS[at + 1] as usize);
        let (_, run) = before_end.split_at(RUN_STARTS[at] as usize);
        let (_, first) = run.split_at(if at % PIECES <= ITEM { 1 } else { 0 });
        runs[at / PIECES][at % PIECES] = [ascii(run), ascii(first)];
        at += 1;
    }
    runs
};

const fn ascii(bytes: &[u8]) -> &str {
    match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(_) => panic!("the runs are ASCII"),
    }
}

/// Escapes of the bytes JSON strings may not hold as they are, as serde_json writes them:
/// `b`, `t`, `n`, `f`, `r`, `"` and `\` after a backslash, `u` for `\u00XX`, 0 for none;
/// [`FILTER_SUSPECT`] for a byte that JSON keeps but that may start a character the output
/// filter escapes (DEL, and the first bytes of C1 controls and bidirectional formatting
/// characters).
const ESCAPES: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut byte = 0;
    while byte < 0x20 {
        table[byte] = b'u';
        byte += 1;
    }
    table[0x08] = b'b';
    table[0x09] = b't';
    table[0x0a] = b'n';
    table[0x0c] = b'f';
    table[0x0d] = b'r';
    table[b'"' as usize] = b'"';
    table[b'\\' as usize] = b'\\';
    table[0x7f] = FILTER_SUSPECT;
    table[0xc2] = FILTER_SUSPECT;
    table[0xd8] = FILTER_SUSPECT;
    table[0xe2] = FILTER_SUSPECT;
    table
};

const FILTER_SUSPECT: u8 = 1;

/// How many of eight bytes (one little-endian word) come before the first that is not
/// printable ASCII other than `"` and `\\` (8: none is): the bytes before it are ones
/// [`ESCAPES`] has nothing for. The classic bit tricks ("has a zero byte", "has a byte
/// less than n") flag the lowest such byte exactly (a borrow only runs upwards from a
/// flagged byte).
fn first_not_plain(word: u64) -> usize {
    // At most 64 / 8.
    usize::try_from(not_plain_bits(word).trailing_zeros() / 8).unwrap_or(8)
}

/// The high bit of each byte of `word` that is not plain (see [`first_not_plain`]), exact
/// up to the lowest such byte; none set when every byte is plain.
fn not_plain_bits(word: u64) -> u64 {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let zero_bytes = |v: u64| v.wrapping_sub(ONES) & !v & HIGHS;
    let non_ascii = word & HIGHS;
    let control = word.wrapping_sub(ONES * 0x20) & !word & HIGHS;
    non_ascii
        | control
        | zero_bytes(word ^ (ONES * u64::from(b'"')))
        | zero_bytes(word ^ (ONES * u64::from(b'\\')))
        | zero_bytes(word ^ (ONES * 0x7f))
}

/// Every byte of `bytes` is plain: one pass of whole words with no branch per word (the
/// last padded with spaces), for the card names and ids that are almost every string.
fn all_plain(bytes: &[u8]) -> bool {
    let mut words = bytes.chunks_exact(8);
    let mut flagged = 0;
    for word in &mut words {
        // A zero byte, not plain, when the conversion could fail (it cannot).
        flagged |= not_plain_bits(u64::from_le_bytes(word.try_into().unwrap_or([0; 8])));
    }
    let rest = words.remainder();
    let mut last = [b' '; 8];
    if let Some(start) = last.get_mut(..rest.len()) {
        start.copy_from_slice(rest);
    }
    flagged |= not_plain_bits(u64::from_le_bytes(last));
    flagged == 0
}

impl Writer<'_> {
    /// Writes `piece` at the current level (see [`RUN_TEXT`]), without its `,` when it
    /// is an object's first key or an array's first item.
    #[inline]
    fn piece(&mut self, piece: usize, first: bool) {
        match RUNS.get(self.level).and_then(|runs| runs.get(piece)) {
            Some(runs) => self.out.push_str(runs[usize::from(first)]),
            None => self.piece_by_piece(piece, first),
        }
    }

    /// [`Writer::piece`] past [`RUN_LEVELS`].
    fn piece_by_piece(&mut self, piece: usize, first: bool) {
        if !first && piece <= ITEM {
            self.out.push(',');
        }
        self.new_line();
        if let Some(name) = KEY_NAMES.get(piece) {
            self.out.push('"');
            self.out.push_str(name);
            self.out.push_str("\": ");
        } else if piece == OBJECT_END {
            self.out.push('}');
        } else if piece == ARRAY_END {
            self.out.push(']');
        }
    }

    fn new_line(&mut self) {
        let width = self.level * 2;
        match NEW_LINES.get(..width + 1) {
            Some(line_start) => self.out.push_str(line_start),
            None => {
                self.out.push('\n');
                self.out.extend(std::iter::repeat_n(' ', width));
            }
        }
    }

    /// `{`, the fields `fields` writes, then `}` on a line of its own (or `{}` for none).
    fn object(&mut self, fields: impl FnOnce(&mut Fields<'_, '_>)) {
        self.out.push('{');
        self.level += 1;
        let mut object = Fields {
            writer: self,
            first: true,
        };
        fields(&mut object);
        let empty = object.first;
        self.level -= 1;
        if empty {
            self.out.push('}');
        } else {
            self.piece(OBJECT_END, false);
        }
    }

    /// `[`, each item on a line of its own, `]` (or `[]` for none).
    fn array<T>(&mut self, items: &[T], mut item: impl FnMut(&mut Self, &T)) {
        self.out.push('[');
        if items.is_empty() {
            self.out.push(']');
            return;
        }
        self.level += 1;
        for (i, value) in items.iter().enumerate() {
            self.piece(ITEM, i == 0);
            item(self, value);
        }
        self.level -= 1;
        self.piece(ARRAY_END, false);
    }

    fn string(&mut self, text: &str) {
        self.out.push('"');
        let bytes = text.as_bytes();
        if all_plain(bytes) {
            self.out.push_str(text);
            self.out.push('"');
            return;
        }
        let mut start = 0;
        let mut at = 0;
        let mut suspects_looked_at = false;
        while at < bytes.len() {
            // Eight bytes at a time while none needs a look (almost every byte written);
            // near the end the last eight, which overlap bytes already looked at.
            let word_at = at.min(bytes.len().saturating_sub(8));
            if let Some(word) = bytes
                .get(word_at..word_at + 8)
                .and_then(|w| <[u8; 8]>::try_from(w).ok())
            {
                // Past the plain bytes the word starts with, to the first that needs a look.
                let first_to_look_at = word_at + first_not_plain(u64::from_le_bytes(word));
                if first_to_look_at > at {
                    at = first_to_look_at;
                    continue;
                }
            }
            let Some(&byte) = bytes.get(at) else {
                break;
            };
            let escape = ESCAPES[usize::from(byte)];
            if escape == 0 {
                at += 1;
                continue;
            }
            if escape == FILTER_SUSPECT {
                // Most are a `—` or `’`: the string is looked at once as the filter would,
                // but for the C0 controls, which it holds escaped.
                if !suspects_looked_at && self.shown_as_is {
                    self.shown_as_is = !text
                        .chars()
                        .any(|c| c >= '\u{7f}' && crate::report::is_hidden_control(c));
                }
                suspects_looked_at = true;
                at += 1;
                continue;
            }
            // An escaped byte is ASCII, so `at` and `at + 1` are character boundaries.
            self.out.push_str(text.get(start..at).unwrap_or_default());
            at += 1;
            start = at;
            self.out.push('\\');
            if escape == b'u' {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                self.out.push_str("u00");
                self.out.push(char::from(HEX[usize::from(byte >> 4)]));
                self.out.push(char::from(HEX[usize::from(byte & 0xf)]));
            } else {
                self.out.push(char::from(escape));
            }
        }
        self.out.push_str(text.get(start..).unwrap_or_default());
        self.out.push('"');
    }

    fn optional_string(&mut self, text: Option<&str>) {
        match text {
            Some(text) => self.string(text),
            None => self.null(),
        }
    }

    fn null(&mut self) {
        self.out.push_str("null");
    }

    fn boolean(&mut self, value: bool) {
        self.out.push_str(if value { "true" } else { "false" });
    }

    fn unsigned(&mut self, value: u64) {
        self.out.push_str(itoa::Buffer::new().format(value));
    }

    fn signed(&mut self, value: i64) {
        self.out.push_str(itoa::Buffer::new().format(value));
    }

    fn optional_unsigned(&mut self, value: Option<u64>) {
        match value {
            Some(value) => self.unsigned(value),
            None => self.null(),
        }
    }

    fn optional_signed(&mut self, value: Option<i64>) {
        match value {
            Some(value) => self.signed(value),
            None => self.null(),
        }
    }
}

/// The fields of an object being written.
struct Fields<'w, 'a> {
    writer: &'w mut Writer<'a>,
    first: bool,
}

impl<'a> Fields<'_, 'a> {
    /// Starts the field `key`; its value comes next.
    #[inline]
    fn key(&mut self, key: Key) -> &mut Writer<'a> {
        let first = self.first;
        self.first = false;
        self.writer.piece(key as usize, first);
        self.writer
    }
}

fn widen(value: usize) -> u64 {
    u64::try_from(value).unwrap_or(u64::MAX)
}

impl Writer<'_> {
    fn report(&mut self, report: &ListReport) {
        let ListReport {
            file,
            game,
            noun: _,
            source_format,
            format,
            format_source,
            points_revision,
            team,
            faction,
            name,
            valid,
            readable,
            points,
            notes,
            contents,
            diagnostics,
            table: _,
            findings: _,
            files: _,
        } = report;
        self.object(|f| {
            f.key(Key::File).string(file);
            f.key(Key::Game).optional_string(*game);
            f.key(Key::SourceFormat).optional_string(*source_format);
            f.key(Key::Format).optional_string(format.as_deref());
            f.key(Key::FormatSource).optional_string(*format_source);
            f.key(Key::PointsRevision)
                .optional_string(points_revision.as_deref());
            f.key(Key::Team).optional_unsigned(team.map(widen));
            f.key(Key::Faction).optional_string(faction.as_deref());
            f.key(Key::Name).optional_string(name.as_deref());
            f.key(Key::Valid).boolean(*valid);
            f.key(Key::Readable).boolean(*readable);
            f.key(Key::Points).points(points);
            f.key(Key::Notes).array(notes, |w, note| w.string(note));
            match contents {
                Some(ListContents::Fleet(fleet)) => f.key(Key::Fleet).fleet(fleet),
                Some(ListContents::Squad(squad)) => f.key(Key::Squad).squad(squad),
                Some(ListContents::TalonFleet(fleet)) => f.key(Key::TalonFleet).talon_fleet(fleet),
                None => {}
            }
            f.key(Key::Diagnostics).array(diagnostics, Writer::finding);
        });
    }

    fn points(&mut self, points: &Points) {
        let Points {
            total,
            limit,
            squadrons,
            squadron_limit,
            current_total,
        } = points;
        self.object(|f| {
            f.key(Key::Total).optional_signed(*total);
            f.key(Key::Limit).optional_unsigned(limit.map(u64::from));
            f.key(Key::Squadrons)
                .optional_unsigned(squadrons.map(u64::from));
            f.key(Key::SquadronLimit)
                .optional_unsigned(squadron_limit.map(u64::from));
            if let Some(current) = current_total {
                f.key(Key::CurrentTotal).signed(*current);
            }
        });
    }

    fn finding(&mut self, finding: &JsonFinding) {
        let JsonFinding {
            code,
            severity,
            message,
            help,
            file,
            line,
            column,
            span,
            rule,
        } = finding;
        self.object(|f| {
            f.key(Key::Code).string(code);
            f.key(Key::Severity).string(match severity {
                Severity::Note => "note",
                Severity::Warning => "warning",
                Severity::Error => "error",
            });
            f.key(Key::Message).string(message);
            f.key(Key::Help).optional_string(help.as_deref());
            f.key(Key::File).optional_string(file.as_deref());
            f.key(Key::Line).optional_unsigned(line.map(widen));
            f.key(Key::Column).optional_unsigned(column.map(widen));
            let span_key = f.key(Key::Span);
            match span {
                Some(JsonSpan { offset, length }) => span_key.object(|s| {
                    s.key(Key::Offset).unsigned(widen(*offset));
                    s.key(Key::Length).unsigned(widen(*length));
                }),
                None => span_key.null(),
            }
            if let Some(rule) = rule {
                f.key(Key::Rule).citation(rule);
            }
        });
    }

    fn citation(&mut self, citation: &Citation) {
        let Citation {
            document,
            version,
            section,
            rulebook,
        } = citation;
        self.object(|f| {
            f.key(Key::Document).string(document);
            if let Some(version) = version {
                f.key(Key::Version).string(version);
            }
            f.key(Key::Section).string(section);
            if let Some(rulebook) = rulebook {
                f.key(Key::Rulebook).string(rulebook);
            }
        });
    }
}

/// Armada.
impl Writer<'_> {
    fn fleet(&mut self, fleet: &FleetJson) {
        let FleetJson {
            commander,
            ships,
            squadrons,
            objectives,
        } = fleet;
        self.object(|f| {
            let commander_key = f.key(Key::Commander);
            match commander {
                Some(card) => commander_key.object(|c| card_fields(c, card)),
                None => commander_key.null(),
            }
            f.key(Key::Ships).array(ships, Writer::ship);
            f.key(Key::Squadrons).array(squadrons, Writer::squadron);
            f.key(Key::Objectives).array(objectives, Writer::objective);
        });
    }

    fn ship(&mut self, ship: &ShipJson) {
        let ShipJson {
            card,
            flagship,
            upgrades,
            total,
        } = ship;
        self.object(|f| {
            card_fields(f, card);
            f.key(Key::Flagship).boolean(*flagship);
            f.key(Key::Upgrades)
                .array(upgrades, |w, card| w.object(|c| card_fields(c, card)));
            f.key(Key::Total).unsigned(u64::from(*total));
        });
    }

    fn squadron(&mut self, squadron: &SquadronJson) {
        let SquadronJson { card, count, total } = squadron;
        self.object(|f| {
            card_fields(f, card);
            f.key(Key::Count).unsigned(u64::from(*count));
            f.key(Key::Total).unsigned(u64::from(*total));
        });
    }

    fn objective(&mut self, objective: &ObjectiveJson) {
        let ObjectiveJson { name, id, category } = objective;
        self.object(|f| {
            f.key(Key::Name).string(name);
            f.key(Key::Id).optional_string(id.as_deref());
            f.key(Key::Category).optional_string(*category);
        });
    }
}

/// A card's fields, in an object of its own or first in a ship's or squadron's.
fn card_fields(f: &mut Fields<'_, '_>, card: &CardJson) {
    let CardJson {
        name,
        id,
        points,
        line,
    } = card;
    f.key(Key::Name).string(name);
    f.key(Key::Id).optional_string(id.as_deref());
    f.key(Key::Points).unsigned(u64::from(*points));
    f.key(Key::Line).unsigned(widen(*line));
}

/// X-Wing.
impl Writer<'_> {
    fn squad(&mut self, squad: &SquadJson) {
        let SquadJson {
            pilots,
            ship_count,
            obstacles,
        } = squad;
        self.object(|f| {
            f.key(Key::Pilots).array(pilots, Writer::pilot);
            f.key(Key::ShipCount).unsigned(widen(*ship_count));
            f.key(Key::Obstacles)
                .array(obstacles, |w, obstacle| w.string(obstacle));
        });
    }

    fn pilot(&mut self, pilot: &PilotJson) {
        let PilotJson {
            id,
            written,
            name,
            ship,
            initiative,
            cost,
            loadout,
            standard_loadout,
            upgrades,
            line,
        } = pilot;
        self.object(|f| {
            f.key(Key::Id).optional_string(id.as_deref());
            f.key(Key::Written).string(written);
            f.key(Key::Name).string(name);
            f.key(Key::Ship).optional_string(ship.as_deref());
            f.key(Key::Initiative)
                .optional_signed(initiative.map(i64::from));
            f.key(Key::Cost).signed(*cost);
            let Loadout { used, limit } = loadout;
            f.key(Key::Loadout).object(|l| {
                l.key(Key::Used).signed(*used);
                l.key(Key::Limit).signed(*limit);
            });
            f.key(Key::StandardLoadout).boolean(*standard_loadout);
            f.key(Key::Upgrades).array(upgrades, Writer::upgrade);
            f.key(Key::Line).unsigned(widen(*line));
        });
    }

    fn upgrade(&mut self, upgrade: &UpgradeJson) {
        let UpgradeJson {
            id,
            name,
            cost,
            from_loadout,
        } = upgrade;
        self.object(|f| {
            f.key(Key::Id).string(id);
            f.key(Key::Name).string(name);
            f.key(Key::Cost).signed(*cost);
            f.key(Key::FromLoadout).boolean(*from_loadout);
        });
    }
}

/// Talon.
impl Writer<'_> {
    fn talon_fleet(&mut self, fleet: &TalonFleetJson) {
        let TalonFleetJson { side, ships } = fleet;
        self.object(|f| {
            f.key(Key::Side).optional_string(*side);
            f.key(Key::Ships).array(ships, Writer::talon_ship);
        });
    }

    fn talon_ship(&mut self, ship: &TalonShipJson) {
        let TalonShipJson {
            written,
            class,
            count,
            name,
            points,
            total,
            line,
        } = ship;
        self.object(|f| {
            f.key(Key::Written).string(written);
            f.key(Key::Class).optional_string(class.as_deref());
            f.key(Key::Count).unsigned(u64::from(*count));
            f.key(Key::Name).optional_string(name.as_deref());
            f.key(Key::Points).unsigned(u64::from(*points));
            f.key(Key::Total).unsigned(*total);
            f.key(Key::Line).unsigned(widen(*line));
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::SourceFiles;

    /// serde_json's indented text of `report`, every line but the first moved right by
    /// `depth` levels: what [`write_report`] must write.
    fn by_serde(report: &ListReport, depth: usize) -> String {
        let text = serde_json::to_string_pretty(report).unwrap_or_default();
        let indent = "  ".repeat(depth);
        text.lines()
            .enumerate()
            .map(|(i, line)| {
                if i == 0 {
                    line.to_string()
                } else {
                    format!("{indent}{line}")
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn by_hand(report: &ListReport, depth: usize) -> String {
        let mut out = String::new();
        write_report(&mut out, report, depth);
        out
    }

    #[test]
    fn strings_as_serde_json_writes_them_every_byte_at_every_place() {
        let plain = "Assault Proton Torpedoes";
        let mut samples: Vec<String> = Vec::new();
        for byte in 0u8..0x80 {
            for at in 0..=17 {
                let mut text: String = plain.chars().take(at).collect();
                text.push(char::from(byte));
                text.push_str(plain);
                samples.push(text);
            }
        }
        samples.extend([
            awkward_text(),
            String::new(),
            "—’—".into(),
            "12345678\u{7f}".into(),
        ]);
        for text in &samples {
            let mut out = String::new();
            let mut writer = Writer {
                out: &mut out,
                level: 0,
                shown_as_is: true,
            };
            writer.string(text);
            assert_eq!(
                out,
                serde_json::to_string(text).unwrap_or_default(),
                "{text:?}"
            );
        }
        let plain = |b: u8| ESCAPES[usize::from(b)] == 0 && b < 0x7f;
        for byte in 0u8..=0xff {
            for at in 0..8 {
                for after in [b'a', 0, b'"', 0xff, 0x1f] {
                    let mut bytes = [b'a'; 8];
                    bytes[at] = byte;
                    bytes[(at + 1).min(7)..].fill(after);
                    bytes[at] = byte;
                    let expected = bytes.iter().position(|&b| !plain(b)).unwrap_or(8);
                    let word = u64::from_le_bytes(bytes);
                    assert_eq!(first_not_plain(word), expected, "{bytes:?}");
                    assert_eq!(all_plain(&bytes), expected == 8, "{bytes:?}");
                    for cut in 0..8 {
                        let (head, _) = bytes.split_at(cut);
                        let plain_head = head.iter().all(|&b| plain(b));
                        assert_eq!(all_plain(head), plain_head, "{head:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn says_whether_the_output_filter_would_change_the_text() {
        for (name, filtered) in [
            ("Star Wars: Armada — Guía ’…’ é ✓ \u{1b}\t\r\n", false),
            ("a\u{7f}", true),
            ("a\u{85}", true),
            ("Poe \u{202e}nor", true),
            ("x\u{61c}", true),
            ("\u{2068}", true),
        ] {
            let report =
                ListReport::unreadable(name.to_string(), None, SourceFiles::default(), Vec::new());
            let mut out = String::new();
            let shown_as_is = write_report(&mut out, &report, 2);
            let mut filter = crate::report::visible::Filter::new(false);
            let changed = *filter.feed(out.as_bytes()) != *out.as_bytes();
            assert_eq!(changed, filtered, "{name:?}");
            assert_eq!(shown_as_is, !filtered, "{name:?}");
        }
    }

    /// Every byte value in a string, and the characters the output filter cares about.
    fn awkward_text() -> String {
        let mut text: String = (0u8..0x80).map(char::from).collect();
        text.push_str("\u{80}\u{9f}\u{a0}é—…’\u{202e}\u{2066}\u{61c}🚀 \"quoted\" back\\slash");
        text
    }

    fn card(name: &str, id: Option<&str>, line: usize) -> CardJson {
        CardJson {
            name: name.to_string(),
            id: id.map(str::to_string),
            points: 23,
            line,
        }
    }

    fn finding(rule: Option<Citation>, located: bool) -> JsonFinding {
        JsonFinding {
            code: "armada::points::over",
            severity: if located {
                Severity::Error
            } else {
                Severity::Note
            },
            message: awkward_text(),
            help: located.then(|| "take a ship out".to_string()),
            file: located.then(|| "lists/a \"b\".txt".to_string()),
            line: located.then_some(12),
            column: located.then_some(1),
            span: located.then_some(JsonSpan {
                offset: 340,
                length: 17,
            }),
            rule,
        }
    }

    fn base(contents: Option<ListContents>) -> ListReport {
        let mut report =
            ListReport::unreadable(awkward_text(), None, SourceFiles::default(), Vec::new());
        report.contents = contents;
        report
    }

    fn reports() -> Vec<ListReport> {
        let mut reports = vec![base(None)];
        let mut full = base(Some(ListContents::Fleet(FleetJson {
            commander: Some(card("Grand Admiral Thrawn", Some("thrawn"), 3)),
            ships: vec![
                ShipJson {
                    card: card("Chimaera", Some("isd"), 4),
                    flagship: true,
                    upgrades: vec![card("Ozzel", None, 5), card("\u{1b}[31m", Some("x"), 6)],
                    total: 150,
                },
                ShipJson {
                    card: card("Raider", None, 9),
                    flagship: false,
                    upgrades: Vec::new(),
                    total: 44,
                },
            ],
            squadrons: vec![SquadronJson {
                card: card("TIE Fighter", Some("tie"), 12),
                count: 4,
                total: 32,
            }],
            objectives: vec![
                ObjectiveJson {
                    name: "Most Wanted".to_string(),
                    id: Some("most-wanted".to_string()),
                    category: Some("assault"),
                },
                ObjectiveJson {
                    name: "Nothing".to_string(),
                    id: None,
                    category: None,
                },
            ],
        })));
        full.game = Some("armada");
        full.source_format = Some("kingston");
        full.format = Some("standard".to_string());
        full.format_source = Some("default");
        full.points_revision = Some("amg-final".to_string());
        full.team = Some(2);
        full.faction = Some("Galactic Empire".to_string());
        full.name = Some("Tab\tand\nline".to_string());
        full.valid = true;
        full.readable = true;
        full.points = Points {
            total: Some(-5),
            limit: Some(400),
            squadrons: Some(134),
            squadron_limit: Some(u32::MAX),
            current_total: Some(i64::MIN),
        };
        full.notes = vec!["a note".to_string(), awkward_text()];
        full.diagnostics = vec![
            finding(None, false),
            finding(
                Some(Citation {
                    document: "Star Wars: Armada — Guía".to_string(),
                    version: Some("1.5".to_string()),
                    section: "Flota".to_string(),
                    rulebook: Some("armada-rules-reference".to_string()),
                }),
                true,
            ),
            finding(
                Some(Citation {
                    document: "d".to_string(),
                    version: None,
                    section: "s".to_string(),
                    rulebook: None,
                }),
                true,
            ),
        ];
        reports.push(full);
        let mut empty_fleet = base(Some(ListContents::Fleet(FleetJson {
            commander: None,
            ships: Vec::new(),
            squadrons: Vec::new(),
            objectives: Vec::new(),
        })));
        empty_fleet.points.current_total = Some(0);
        reports.push(empty_fleet);
        reports.push(base(Some(ListContents::Squad(SquadJson {
            pilots: vec![PilotJson {
                id: Some("lukeskywalker".to_string()),
                written: "luke".to_string(),
                name: "Luke Skywalker".to_string(),
                ship: None,
                initiative: Some(-1),
                cost: i64::MAX,
                loadout: Loadout { used: 0, limit: -3 },
                standard_loadout: true,
                upgrades: vec![UpgradeJson {
                    id: "r2d2".to_string(),
                    name: "R2-D2".to_string(),
                    cost: 4,
                    from_loadout: false,
                }],
                line: 1,
            }],
            ship_count: 1,
            obstacles: vec!["asteroid".to_string()],
        }))));
        reports.push(base(Some(ListContents::Squad(SquadJson {
            pilots: Vec::new(),
            ship_count: 0,
            obstacles: Vec::new(),
        }))));
        reports.push(base(Some(ListContents::TalonFleet(TalonFleetJson {
            side: Some("terran"),
            ships: vec![TalonShipJson {
                written: "CA".to_string(),
                class: None,
                count: 3,
                name: Some("Resolute".to_string()),
                points: 70,
                total: u64::MAX,
                line: 2,
            }],
        }))));
        reports.push(base(Some(ListContents::TalonFleet(TalonFleetJson {
            side: None,
            ships: Vec::new(),
        }))));
        reports
    }

    #[test]
    fn the_bytes_serde_json_writes_at_any_depth() {
        // Depth 10 crosses from the levels whose runs are made in advance to those written
        // piece by piece; at depth 16 every level is written piece by piece, and the report's
        // own nesting passes the levels of indentation written in one piece.
        for depth in [0, 1, 2, 8, 10, 16] {
            for (i, report) in reports().iter().enumerate() {
                assert_eq!(
                    by_hand(report, depth),
                    by_serde(report, depth),
                    "report {i}, depth {depth}"
                );
            }
        }
    }
}

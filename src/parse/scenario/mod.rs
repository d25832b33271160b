//! Scenario files for `arbiter resolve`.
//!
//! Every scenario shares an envelope: `game`, `kind`, `title`, `question`, `[source]` and
//! `max_steps`. Everything else belongs to the game: each game's module here reads and
//! checks its own tables into a scenario whose every reference is resolved. [`read`] takes
//! the envelope off the file and hands the rest to the game as a [`ScenarioText`].

pub mod armada;
mod check;
mod name_length;
pub mod spacealert;
pub mod talon;
pub mod words;
pub mod xwing;

pub use check::Check;
pub use name_length::MAX_NAME_BYTES;

use crate::cards::Game;
use crate::report::{Code, FileId, Finding};
use schemars::JsonSchema;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use std::ops::Range;
use toml::Spanned;
use toml::de::DeTable;

/// Larger than any hand-written scenario; generated stress tests stay far below it.
pub const MAX_SCENARIO_BYTES: usize = 16 * 1024 * 1024;

/// The step cap when the scenario does not set `max_steps`.
pub const DEFAULT_MAX_STEPS: u32 = 1_000;

/// The most steps any scenario may ask for. A trace keeps every step, so this bounds its
/// memory (a few hundred bytes a step: tens of megabytes at the ceiling).
pub const MAX_STEPS_CEILING: u32 = 100_000;

/// The keys every scenario has, whatever its game.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct EnvelopeFile {
    /// The game: `xwing`, `armada`, `spacealert` or `talon`.
    #[schemars(with = "Game")]
    pub game: Spanned<Game>,
    /// What is asked, as `<game>/<question>`: `xwing/queue`, `armada/timing`, …
    #[schemars(with = "String")]
    pub kind: Spanned<String>,
    /// One line saying what the scenario is.
    pub title: String,
    /// The judge's question, in your own words.
    #[serde(default)]
    pub question: Option<String>,
    /// Where the situation is discussed in the rules.
    #[serde(default)]
    pub source: Option<SourceRef>,
    /// Most steps to run before the scenario is reported as a loop (default 1000, at most
    /// 100000).
    #[serde(default)]
    #[schemars(with = "Option<u32>", range(min = 1, max = 100_000))]
    pub max_steps: Option<Spanned<u32>>,
}

/// The envelope's keys, which the games' own tables must not repeat.
const ENVELOPE_KEYS: &[&str] = &["game", "kind", "title", "question", "source", "max_steps"];

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SourceRef {
    pub document: String,
    pub section: String,
}

/// The envelope, checked.
#[derive(Debug, Clone)]
pub struct Envelope {
    pub file: FileId,
    pub game: Game,
    pub kind: String,
    pub kind_span: Range<usize>,
    pub title: String,
    pub question: Option<String>,
    pub source: Option<SourceRef>,
    /// The step cap: `--max-steps`, else the file's `max_steps`, else the default.
    pub max_steps: u32,
    /// Where `max_steps` is written (empty when it is not).
    pub max_steps_span: Range<usize>,
}

impl Envelope {
    /// `[source]` as one line, for trace headers.
    pub fn source_line(&self) -> Option<String> {
        self.source
            .as_ref()
            .map(|s| format!("{} · {}", s.document, s.section))
    }

    /// The part of `kind` after `<game>/`.
    pub fn question_kind(&self) -> &str {
        self.kind
            .split_once('/')
            .map_or(self.kind.as_str(), |(_, k)| k)
    }
}

/// A scenario file with its envelope read; the game's tables are still to be read.
pub struct ScenarioText<'a> {
    pub envelope: Envelope,
    /// The whole file, for diagnostics and word spans.
    pub text: &'a str,
    /// The folder of the scenario file, which files it names are relative to (`None`: the
    /// working folder).
    pub dir: Option<std::path::PathBuf>,
    /// The file's top-level keys but the envelope's, parsed once with it (every span is
    /// the file's own): what a game's `deny_unknown_fields` tables are read from.
    body: Spanned<DeTable<'a>>,
}

impl ScenarioText<'_> {
    /// Read the game's tables into `T` (a `deny_unknown_fields` model of the game's part
    /// of the file). Every problem is reported, each on its span.
    pub fn body<T: DeserializeOwned>(&self) -> Result<T, Vec<Finding>> {
        let deserializer = toml::de::Deserializer::from(self.body.clone());
        match T::deserialize(deserializer) {
            Ok(value) => Ok(value),
            // serde stops at the first problem: the reader that reads table by table
            // finds them all (on the text with the envelope blanked, so spans agree).
            Err(_) => {
                crate::cards::parse_toml::<T>(self.envelope.file, &without_envelope(self.text))
                    .map_err(|findings| findings.into_iter().map(scenario_code).collect())
            }
        }
    }

    /// A checker that reports into this scenario's file.
    pub fn check(&self) -> Check<'_> {
        Check::new(self.envelope.file, self.text)
    }
}

/// Longest line a scenario may have. Real ones stay under 300 bytes; a name 60,000
/// characters long, repeated in every step of a trace, made a 9 MB report.
pub const MAX_SCENARIO_LINE_BYTES: usize = 2_000;

/// The first line longer than [`MAX_SCENARIO_LINE_BYTES`]: its first
/// `MAX_SCENARIO_LINE_BYTES` (cut on a character boundary), and its whole length.
fn long_line(text: &str) -> Option<(std::ops::Range<usize>, usize)> {
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let length = line.trim_end_matches(['\n', '\r']).len();
        if length > MAX_SCENARIO_LINE_BYTES {
            let mut end = start + MAX_SCENARIO_LINE_BYTES;
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            return Some((start..end, length));
        }
        start += line.len();
    }
    None
}

/// Read the envelope of a scenario. `max_steps` from the command line wins over the file's.
pub fn read(
    file: FileId,
    text: &str,
    max_steps: Option<u32>,
) -> Result<ScenarioText<'_>, Vec<Finding>> {
    if text.len() > MAX_SCENARIO_BYTES {
        return Err(vec![
            Finding::error(
                Code::ScenarioTooLarge,
                format!(
                    "the scenario is {} bytes; scenarios are at most {MAX_SCENARIO_BYTES} bytes",
                    text.len()
                ),
            )
            .help("split the scenario into smaller ones"),
        ]);
    }
    if let Some((shown, length)) = long_line(text) {
        return Err(vec![
            Finding::error(
                Code::ScenarioTooLarge,
                format!(
                    "this line is {length} bytes long; scenario lines are at most {MAX_SCENARIO_LINE_BYTES}"
                ),
            )
            .at(file, shown)
            .label("too long")
            .help("names, questions and notes are short; every step of a trace repeats them"),
        ]);
    }
    if let Some(refusal) = crate::cards::refused_before_parsing(file, text, crate::input::SCENARIO)
    {
        return Err(vec![scenario_code(refusal)]);
    }
    let (head, body) = parse_once(file, text)?;
    let mut findings = Vec::new();
    let max_steps_span = head.max_steps.as_ref().map_or(0..0, |m| m.span());
    let written = head.max_steps.as_ref().map(|m| *m.get_ref());
    if let Some(steps) = written
        && !(1..=MAX_STEPS_CEILING).contains(&steps)
    {
        findings.push(
            Finding::error(
                Code::ScenarioInvalidValue,
                format!("`max_steps` is {steps}; it must be from 1 to {MAX_STEPS_CEILING}"),
            )
            .at(file, max_steps_span.clone())
            .label(if steps == 0 {
                "zero steps"
            } else {
                "above the ceiling"
            })
            .help(format!(
                "leave it out for the default of {DEFAULT_MAX_STEPS}; a trace keeps every step, so the cap also bounds its memory"
            )),
        );
    }
    findings.extend(name_length::long_names(file, body.get_ref()));
    if !findings.is_empty() {
        return Err(findings);
    }
    let envelope = Envelope {
        file,
        game: *head.game.get_ref(),
        kind: head.kind.get_ref().clone(),
        kind_span: head.kind.span(),
        title: head.title,
        question: head.question,
        source: head.source,
        max_steps: max_steps.or(written).unwrap_or(DEFAULT_MAX_STEPS),
        max_steps_span,
    };
    Ok(ScenarioText {
        envelope,
        text,
        dir: None,
        body,
    })
}

/// Parse the file once into the envelope and the game's part. A file that does not
/// parse, or whose envelope does not read, is read again by the reader that reports every
/// problem on its span.
fn parse_once(
    file: FileId,
    text: &str,
) -> Result<(EnvelopeFile, Spanned<DeTable<'_>>), Vec<Finding>> {
    let parsed = DeTable::parse(text).ok().and_then(|document| {
        let span = document.span();
        let mut body = document.into_inner();
        let mut envelope = DeTable::new();
        for key in ENVELOPE_KEYS {
            if let Some((key, value)) = body.remove_entry(*key) {
                envelope.insert(key, value);
            }
        }
        let deserializer = toml::de::Deserializer::from(Spanned::new(span.clone(), envelope));
        let head = EnvelopeFile::deserialize(deserializer).ok()?;
        Some((head, Spanned::new(span, body)))
    });
    match parsed {
        Some(parsed) => Ok(parsed),
        None => {
            let findings = match crate::cards::parse_toml::<EnvelopeFile>(file, text) {
                Err(findings) => findings,
                // Parsed piece by piece but not whole: the whole file's error stands.
                Ok(_) => vec![
                    Finding::error(Code::Syntax, "the scenario is not valid TOML").at(file, 0..0),
                ],
            };
            Err(findings.into_iter().map(scenario_code).collect())
        }
    }
}

/// Where the kind of a scenario does not fit its game: a finding on `kind`.
pub fn wrong_kind(envelope: &Envelope, kinds: &[&str]) -> Finding {
    let listed = kinds
        .iter()
        .map(|k| format!("`{k}`"))
        .collect::<Vec<_>>()
        .join(", ");
    let other_game = envelope
        .kind
        .split_once('/')
        .and_then(|(game, _)| Game::from_id(game))
        .filter(|g| *g != envelope.game);
    match other_game {
        Some(other) => Finding::error(
            Code::ScenarioContradiction,
            format!(
                "kind `{}` belongs to {}, but `game` says {}",
                envelope.kind,
                other.as_str(),
                envelope.game.as_str()
            ),
        )
        .at(envelope.file, envelope.kind_span.clone())
        .label("does not match `game`")
        .help(format!("set `game = \"{}\"`", other.as_str())),
        None => Finding::error(
            Code::ScenarioInvalidValue,
            format!(
                "`{}` is not a kind of {} scenario",
                envelope.kind,
                envelope.game.with_article()
            ),
        )
        .at(envelope.file, envelope.kind_span.clone())
        .label("unknown kind")
        .help(if kinds.is_empty() {
            format!("arbiter has no scenarios for {}", envelope.game.title())
        } else {
            format!("the kinds of {} are {listed}", envelope.game.title())
        }),
    }
}

/// The text with the envelope's keys replaced by spaces (newlines kept), so that the game's
/// tables can be read with `deny_unknown_fields` while every span stays the file's own.
fn without_envelope(text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    let mut blank = |range: Range<usize>| {
        for byte in bytes.get_mut(range).into_iter().flatten() {
            if *byte != b'\n' {
                *byte = b' ';
            }
        }
    };
    // Top-level keys (`game = …`, an inline `source = {…}`) are found by the parser, which
    // knows where each key and its value are; a `[source]` table is its whole block.
    if let Ok(table) = toml::de::DeTable::parse(text) {
        for (key, value) in table.get_ref().iter() {
            if !ENVELOPE_KEYS.contains(&key.get_ref().as_ref()) {
                continue;
            }
            let (start, end) = (key.span().start, value.span().end);
            if value.get_ref().is_table() && is_header(text, start) {
                blank(table_block(text, key.get_ref()));
            } else {
                blank(start..end);
            }
        }
    }
    // Only ASCII spaces replaced whole characters' bytes, so the text is still UTF-8.
    String::from_utf8(bytes).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// The key at `start` is the name in a `[table]` header, not a `key = …` line.
fn is_header(text: &str, start: usize) -> bool {
    text.get(..start)
        .is_some_and(|before| before.trim_end_matches([' ', '\t']).ends_with('['))
}

/// The block of a top-level `[name]` table: from its header to the next header.
fn table_block(text: &str, name: &str) -> Range<usize> {
    let mut offset = 0;
    let mut start = None;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            if let Some(start) = start {
                return start..offset;
            }
            let header = trimmed.trim_start_matches('[');
            let header = header.split(']').next().unwrap_or("").trim();
            if header == name {
                start = Some(offset);
            }
        }
        offset += line.len();
    }
    start.map_or(0..0, |start| start..text.len())
}

/// Findings of the shared TOML reader carry card-data codes; scenarios have their own.
fn scenario_code(mut finding: Finding) -> Finding {
    finding.code = match finding.code {
        Code::UnknownField => Code::ScenarioUnknownField,
        Code::MissingField => Code::ScenarioMissingField,
        Code::InvalidValue => Code::ScenarioInvalidValue,
        Code::TooLarge => Code::ScenarioTooLarge,
        _ => Code::ScenarioSyntax,
    };
    if let Some(help) = &finding.help
        && help.contains("`arbiter schema`")
    {
        finding.help =
            Some("`arbiter schema scenario` lists every field of a scenario".to_string());
    }
    finding
}

/// The JSON Schema of a whole scenario file: the envelope and, for each game, its own
/// tables (`bodies`: the game, its kinds, the schema of its tables).
pub fn schema(bodies: &[(Game, &[&str], schemars::Schema)]) -> schemars::Schema {
    use serde_json::{Map, Value, json};
    let envelope = schemars::schema_for!(EnvelopeFile);
    let envelope = envelope.as_value();
    let mut definitions = Map::new();
    let mut variants = Vec::new();
    let mut merge_defs = |schema: &Value| {
        if let Some(Value::Object(defs)) = schema.get("$defs") {
            for (name, def) in defs {
                definitions.insert(name.clone(), def.clone());
            }
        }
    };
    merge_defs(envelope);
    for (game, kinds, body) in bodies {
        let body = body.as_value();
        merge_defs(body);
        let mut properties = envelope
            .get("properties")
            .and_then(Value::as_object)
            .cloned()
            .unwrap_or_default();
        if let Some(Value::Object(own)) = body.get("properties") {
            properties.extend(own.clone());
        }
        properties.insert("game".into(), json!({ "const": game.as_str() }));
        properties.insert(
            "kind".into(),
            json!({ "enum": kinds, "description": "What is asked." }),
        );
        let mut required: Vec<Value> = envelope
            .get("required")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        if let Some(Value::Array(own)) = body.get("required") {
            required.extend(own.iter().cloned());
        }
        variants.push(json!({
            "title": format!("{} scenario", game.title()),
            "type": "object",
            "properties": properties,
            "required": required,
            "additionalProperties": false,
        }));
    }
    let mut root = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "Scenario",
        "description": "A scenario for `arbiter resolve`: the envelope every game shares, and the game's own tables.",
        "oneOf": variants,
    });
    if !definitions.is_empty()
        && let Some(object) = root.as_object_mut()
    {
        object.insert("$defs".into(), Value::Object(definitions));
    }
    schemars::Schema::try_from(root).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str = "game = \"xwing\"\nkind = \"xwing/queue\"\ntitle = \"T\"\n";

    #[test]
    fn the_envelope_is_blanked_and_spans_stay() {
        let text = format!(
            "{HEAD}question = \"\"\"two\nlines\"\"\"\nmax_steps = 9\n\n[source]\ndocument = \"D\"\nsection = \"S\"\n\n[[player]]\nid = \"a\"\n"
        );
        let body = without_envelope(&text);
        assert_eq!(body.len(), text.len());
        assert_eq!(body.lines().count(), text.lines().count());
        assert!(!body.contains("game") && !body.contains("document"));
        assert_eq!(body.find("[[player]]"), text.find("[[player]]"));
        let read = read(FileId(0), &text, None).map_err(|_| ()).unwrap();
        assert_eq!(read.envelope.max_steps, 9);
        assert_eq!(read.envelope.question_kind(), "queue");
        assert_eq!(read.envelope.source_line().as_deref(), Some("D · S"));
    }

    #[test]
    fn an_inline_source_is_blanked_too() {
        let text = format!("{HEAD}source = {{ document = \"D\", section = \"S\" }}\n");
        assert!(without_envelope(&text).trim().is_empty());
    }

    #[test]
    fn max_steps_has_a_ceiling() {
        let text = format!("{HEAD}max_steps = 4000000000\n");
        let findings = read(FileId(0), &text, None).err().unwrap_or_default();
        assert_eq!(findings.len(), 1);
        assert_eq!(findings[0].code, Code::ScenarioInvalidValue);
        let text = format!("{HEAD}max_steps = 0\n");
        assert!(read(FileId(0), &text, None).is_err());
        let text = format!("{HEAD}max_steps = 100000\n");
        assert!(read(FileId(0), &text, None).is_ok());
    }

    #[test]
    fn the_command_line_cap_wins() {
        let text = format!("{HEAD}max_steps = 50\n");
        let read = read(FileId(0), &text, Some(7)).map_err(|_| ()).unwrap();
        assert_eq!(read.envelope.max_steps, 7);
    }
}

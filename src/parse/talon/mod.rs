//! Talon fleet lists as players write them:
//!
//! ```text
//! Side: Terran
//! Points: 500
//! BB "Cordoba"
//! 2x DD
//! ```
//!
//! `Side:` (or `Bando:`) and `Points:` (or `Puntos:`) lines, then one line per class: an
//! optional count (`2x`, `2 x`, `2×`), the class as players write it (abbreviation, English
//! or Spanish name) and an optional ship name in double quotes. Blank lines and lines that
//! start with `#` or `//` are skipped. Every part keeps its byte span.

use crate::cards::talon::Side;
use crate::report::{Code, FileId, Finding};
use std::ops::Range;

/// Far more ships than any fleet; a count above it is a typo.
pub const MAX_COUNT: u32 = 99;

/// A value with where it was written.
#[derive(Debug, Clone)]
pub struct Spanned<T> {
    pub value: T,
    pub span: Range<usize>,
}

#[derive(Debug, Clone)]
pub struct ClassLine {
    pub count: u32,
    /// The class as written.
    pub class: Spanned<String>,
    /// The ship's name, when given in quotes.
    pub name: Option<String>,
    /// The whole line.
    pub span: Range<usize>,
}

#[derive(Debug, Clone, Default)]
pub struct ParsedFleet {
    pub side: Option<Spanned<Side>>,
    /// The side as written when it names neither side.
    pub side_written: Option<Spanned<String>>,
    pub points_limit: Option<Spanned<u32>>,
    pub lines: Vec<ClassLine>,
    pub findings: Vec<Finding>,
}

/// A `Side:` line naming a Talon side in the first lines: the text is a Talon fleet.
pub fn detect(text: &str) -> bool {
    // Every input of every game is asked this: most have no `Side:` key at all, which a
    // search of their colons tells sooner than reading their lines.
    has_side_key(text) && side_line_in_head(text)
}

/// Whether some line's first `:` follows a `side` or `bando` key, as [`header`] reads it,
/// anywhere in `text`: a line of an input that has none can be no side line. One pass
/// over the colons, each looked back from only as far as the colon before it.
fn has_side_key(text: &str) -> bool {
    let mut after_previous_colon = 0;
    memchr::memchr_iter(b':', text.as_bytes()).any(|colon| {
        let from = after_previous_colon;
        after_previous_colon = colon + 1;
        let before = text.as_bytes().get(from..colon).unwrap_or_default();
        let line_start = match memchr::memrchr2(b'\n', b'\r', before) {
            Some(end) => from + end + 1,
            // The line's first colon came before this one.
            None if from > 0 => return false,
            None => 0,
        };
        // Both ends are ASCII bytes: the slice stays on character boundaries.
        text.get(line_start..colon).is_some_and(is_side_key)
    })
}

fn is_side_key(key: &str) -> bool {
    let key = key.trim_start_matches('\u{feff}').trim();
    ["side", "bando"]
        .iter()
        .any(|k| k.eq_ignore_ascii_case(key))
}

/// The first 50 lines hold a `Side:` line naming a Talon side.
fn side_line_in_head(text: &str) -> bool {
    crate::input::lines(text).take(50).any(|(_, line)| {
        // Most lines of other games' lists start with another letter: they are passed
        // over before their `:` is searched for (detection runs on every list). 0xEF: a BOM.
        let starts_a_side_key = matches!(
            line.trim_start().as_bytes().first(),
            Some(b's' | b'S' | b'b' | b'B' | 0xEF)
        );
        starts_a_side_key
            && header(line, &["side", "bando"])
                .is_some_and(|(_, value)| Side::from_words(value).is_some())
    })
}

/// `key: value` (case-insensitive key): the value and its offset in the line.
fn header<'a>(line: &'a str, keys: &[&str]) -> Option<(usize, &'a str)> {
    let (key, value) = line.split_once(':')?;
    // Compared without lowercasing into a new string: detection asks this of the first
    // lines of every list, whatever its game. A byte-order mark may open the first line.
    let key = key.trim_start_matches('\u{feff}').trim();
    if !keys.iter().any(|k| k.eq_ignore_ascii_case(key)) {
        return None;
    }
    let start = line.len() - value.len();
    let trimmed = value.trim_start();
    Some((start + value.len() - trimmed.len(), trimmed.trim_end()))
}

pub fn parse(file: FileId, text: &str) -> ParsedFleet {
    let mut fleet = ParsedFleet::default();
    for (line_start, line) in crate::input::lines(text) {
        let content = line.trim_start_matches('\u{feff}');
        let lead = line.len() - content.len();
        let trimmed = content.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with("//") {
            continue;
        }
        let indent = lead + content.len() - content.trim_start().len();
        let span_of = |at: usize, len: usize| line_start + at..line_start + at + len;
        if let Some((at, value)) = header(line, &["side", "bando"]) {
            match Side::from_words(value) {
                Some(side) => {
                    fleet.side = Some(Spanned {
                        value: side,
                        span: span_of(at, value.len()),
                    })
                }
                None => {
                    fleet.side_written = Some(Spanned {
                        value: value.to_string(),
                        span: span_of(at, value.len()),
                    })
                }
            }
            continue;
        }
        if let Some((at, value)) = header(line, &["points", "puntos"]) {
            match value.parse::<u32>() {
                Ok(limit) => {
                    fleet.points_limit = Some(Spanned {
                        value: limit,
                        span: span_of(at, value.len()),
                    })
                }
                Err(_) => fleet.findings.push(
                    Finding::error(Code::TalonParse, format!("`{value}` is no points limit"))
                        .at(file, span_of(at, value.len()))
                        .label("not a number")
                        .help("write the limit as a whole number, e.g. `Points: 500`"),
                ),
            }
            continue;
        }
        match class_line(trimmed) {
            Ok((count, class_at, class, name)) => fleet.lines.push(ClassLine {
                count,
                class: Spanned {
                    value: class.to_string(),
                    span: span_of(indent + class_at, class.len()),
                },
                name: name.map(str::to_string),
                span: span_of(indent, trimmed.len()),
            }),
            Err(why) => fleet.findings.push(
                Finding::error(Code::TalonParse, format!("this line is {why}"))
                    .at(file, span_of(indent, trimmed.len()))
                    .label("not read")
                    .help("a class line is an optional count, the class and an optional \"name\": `2x DD`, `CA \"Patton\"`"),
            ),
        }
    }
    fleet
}

/// `[N x] class ["name"]`: the count, where the class starts, the class and the name.
fn class_line(line: &str) -> Result<(u32, usize, &str, Option<&str>), &'static str> {
    let (body, name) = match line.find('"') {
        Some(open) => {
            let rest = &line[open + 1..];
            let close = rest
                .find('"')
                .ok_or("a name whose closing quote is missing")?;
            if !rest[close + 1..].trim().is_empty() {
                return Err("text after the quoted name");
            }
            (&line[..open], Some(&rest[..close]))
        }
        None => (line, None),
    };
    let digits = body.len() - body.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let (count, mut at) = if digits > 0 {
        let count: u32 = body[..digits].parse().map_err(|_| "a count too large")?;
        let rest = &body[digits..];
        let spaced = rest.trim_start();
        let after_x = spaced
            .strip_prefix(['x', 'X', '×'])
            .filter(|r| r.is_empty() || r.starts_with(char::is_whitespace))
            .ok_or("a number without `x` before the class")?;
        (count, body.len() - after_x.len())
    } else {
        (1, 0)
    };
    if count == 0 || count > MAX_COUNT {
        return Err("a count of 0 or more than 99 ships");
    }
    let class = body[at..].trim();
    at += body[at..].len() - body[at..].trim_start().len();
    if class.is_empty() {
        return Err("a count or name with no class");
    }
    Ok((count, at, class, name))
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIST: &str = "Side: Terran\nPoints: 500\nBB \"Cordoba\"\nCA \"Patton\"\n2x DD\n\n# escorts\n3 x Crucero Ligero\n";

    #[test]
    fn the_issue_list_reads_with_spans() {
        assert!(detect(LIST));
        let fleet = parse(FileId(0), LIST);
        assert!(fleet.findings.is_empty(), "{:?}", fleet.findings);
        assert_eq!(fleet.side.as_ref().map(|s| s.value), Some(Side::Terran));
        assert_eq!(fleet.points_limit.as_ref().map(|p| p.value), Some(500));
        let lines: Vec<(u32, &str, Option<&str>)> = fleet
            .lines
            .iter()
            .map(|l| (l.count, l.class.value.as_str(), l.name.as_deref()))
            .collect();
        assert_eq!(
            lines,
            [
                (1, "BB", Some("Cordoba")),
                (1, "CA", Some("Patton")),
                (2, "DD", None),
                (3, "Crucero Ligero", None)
            ]
        );
        let dd = &fleet.lines[2];
        assert_eq!(&LIST[dd.class.span.clone()], "DD");
        assert_eq!(&LIST[fleet.side.unwrap().span], "Terran");
    }

    #[test]
    fn bad_lines_are_located_findings() {
        let text = "Bando: Talon\nPuntos: quinientos\n2 DD\n0x CA\nCA \"Justice\n";
        let fleet = parse(FileId(0), text);
        assert_eq!(fleet.side.map(|s| s.value), Some(Side::Talon));
        let spans: Vec<&str> = fleet
            .findings
            .iter()
            .map(|f| &text[f.location.as_ref().unwrap().span.clone()])
            .collect();
        assert_eq!(spans, ["quinientos", "2 DD", "0x CA", "CA \"Justice"]);
        assert!(fleet.findings.iter().all(|f| f.code == Code::TalonParse));
    }

    #[test]
    fn other_texts_are_not_talon_lists() {
        assert!(!detect("Talon scenario\nImpulse 1: move\n"));
        assert!(!detect("Faction: Rebel Alliance\nSide: Light\n"));
    }

    /// The colon search only ever turns away texts the line-by-line reading turns away.
    #[test]
    fn the_colon_search_agrees_with_reading_the_lines() {
        let mut texts: Vec<String> = [
            LIST,
            "Side: Terran",
            "\u{feff}Side: Talon\n",
            " \u{feff}Side: Talon\n",
            "\u{feff} bando : Talon\r\n",
            "Name: x\r\nSIDE\u{a0}: Terran\rPoints: 5",
            "Points: 500: x\nside: Talon: y\n",
            "a: b: side: Talon\n",
            "Fleet side: Terran\n",
            "Side Terran\n:Side: Terran",
            "Sidé: Terran\n",
            "::\n\r\n:\rSide:Talon",
            "",
            ":",
        ]
        .iter()
        .map(|t| t.to_string())
        .collect();
        let far = format!("{}Side: Terran\n", "Name: x\n".repeat(49));
        texts.push(far.clone());
        texts.push(format!("x\n{far}"));
        let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/lists");
        for entry in std::fs::read_dir(examples).unwrap() {
            let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
            texts.push(text.replace('\n', "\r\n"));
            texts.push(text.replace('\n', "\r"));
            texts.push(text.replacen(':', "", 1));
            texts.push(text);
        }
        let mut talon = 0;
        for text in &texts {
            assert_eq!(detect(text), side_line_in_head(text), "{text:?}");
            talon += usize::from(detect(text));
        }
        // Some of these must be Talon lists, or the comparison shows nothing.
        assert!(talon > 10, "{talon}");
    }
}

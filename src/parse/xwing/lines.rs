//! Line-level grammar the text exports share, written with nom: `Name (12)`,
//! `Label: 20`, `Loadout: (7/10)`, and splitting at separators with spaces around them.

use super::span::{Source, Spanned};
use super::squad::StatedLoadout;
use nom::bytes::complete::{tag, tag_no_case};
use nom::character::complete::{char, digit1, space0};
use nom::combinator::{all_consuming, opt};
use nom::sequence::{delimited, preceded};
use nom::{IResult, Parser};

/// A non-empty line of a text export.
#[derive(Debug, Clone, Copy)]
pub struct Line<'a> {
    /// The line without surrounding whitespace (non-breaking spaces included).
    pub text: &'a str,
    /// Whether the line started with whitespace (YASB indents upgrades).
    pub indented: bool,
}

/// The non-empty lines of `source`.
pub fn lines<'a>(source: &Source<'a>) -> Vec<Line<'a>> {
    source
        .lines()
        .filter_map(|raw| {
            let text = trim(raw);
            (!text.is_empty()).then(|| Line {
                text,
                indented: raw.starts_with(char::is_whitespace),
            })
        })
        .collect()
}

/// Trim whitespace, including the non-breaking spaces Markdown exports leave and a
/// byte-order mark.
pub fn trim(text: &str) -> &str {
    text.trim_matches(|c: char| c.is_whitespace() || c == '\u{a0}' || c == '\u{feff}')
}

/// `Name (12)` → the name and the number. The name may hold parentheses of its own
/// (`Vectored Cannons (RZ-1) (3)`): the number is the last group.
pub fn name_and_points<'a>(source: &Source<'a>, text: &'a str) -> Option<(&'a str, Spanned<i64>)> {
    let text = trim(text);
    let open = text.rfind('(')?;
    let (name, group) = text.split_at(open);
    let parsed: IResult<&str, &str> = all_consuming(delimited(
        char('('),
        delimited(space0, digit1, space0),
        char(')'),
    ))
    .parse(group);
    let (_, digits) = parsed.ok()?;
    let name = trim(name);
    let points = digits.parse().ok()?;
    (!name.is_empty()).then(|| (name, Spanned::new(points, source.span_of(digits))))
}

/// `Label: 12…` (case-insensitive label) → the number, spanned; text after the number is
/// allowed.
pub fn labelled_number<'a>(
    source: &Source<'a>,
    text: &'a str,
    label: &str,
) -> Option<Spanned<i64>> {
    let parsed: IResult<&str, &str> =
        preceded((tag_no_case(label), space0, opt(char('(')), space0), digit1).parse(text);
    let (_, digits) = parsed.ok()?;
    Some(Spanned::new(digits.parse().ok()?, source.span_of(digits)))
}

/// `Loadout: (7/10)` anywhere in the line.
pub fn loadout<'a>(source: &Source<'a>, text: &'a str) -> Option<Spanned<StatedLoadout>> {
    let at = text.find("Loadout:")?;
    let from = &text[at..];
    let parsed: IResult<&str, (&str, Option<&str>)> = preceded(
        (tag("Loadout:"), space0, char('('), space0),
        (digit1, opt(preceded(char('/'), digit1))),
    )
    .parse(from);
    let (after, (used, limit)) = parsed.ok()?;
    let span = source.span_of(from);
    let end = span.start + (from.len() - after.len());
    let used = used.parse().ok()?;
    let limit = match limit {
        Some(l) => Some(l.parse().ok()?),
        None => None,
    };
    let close = usize::from(after.starts_with(')'));
    Some(Spanned::new(
        StatedLoadout { used, limit },
        span.start..end + close,
    ))
}

/// Split at `sep` where it has whitespace (or the text's end) on both sides, so
/// `Palpatine/Sidious` stays whole while `A / B` splits. Pieces are trimmed slices; empty
/// ones are dropped.
pub fn split_spaced(text: &str, sep: char) -> Vec<&str> {
    let mut pieces = Vec::new();
    let mut start = 0;
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for (i, &(at, c)) in chars.iter().enumerate() {
        if c != sep {
            continue;
        }
        let before = i
            .checked_sub(1)
            .and_then(|j| chars.get(j))
            .is_none_or(|c| c.1.is_whitespace());
        let after = chars.get(i + 1).is_none_or(|c| c.1.is_whitespace());
        if before && after {
            pieces.push(&text[start..at]);
            start = at + c.len_utf8();
        }
    }
    pieces.push(&text[start..]);
    pieces
        .into_iter()
        .map(trim)
        .filter(|p| !p.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_with_points() {
        let text = "    Vectored Cannons (RZ-1) (3)    ";
        let source = Source::new(text);
        let (name, points) = name_and_points(&source, text).unwrap();
        assert_eq!(name, "Vectored Cannons (RZ-1)");
        assert_eq!(points.value, 3);
        assert_eq!(&text[points.span], "3");
        assert!(name_and_points(&source, "Proton Torpedoes").is_none());
        assert!(name_and_points(&source, "(3)").is_none());
        assert!(name_and_points(&source, "Crew (x)").is_none());
    }

    #[test]
    fn labels_and_loadout() {
        let text = "Ship Cost: 13  Loadout: (7/10)  Half Points: 6";
        let source = Source::new(text);
        assert_eq!(
            labelled_number(&source, text, "ship cost:").unwrap().value,
            13
        );
        assert_eq!(
            labelled_number(&source, "Ship total: (13)", "Ship total:")
                .unwrap()
                .value,
            13
        );
        let loadout = loadout(&source, text).unwrap();
        assert_eq!(
            loadout.value,
            StatedLoadout {
                used: 7,
                limit: Some(10)
            }
        );
        assert_eq!(&text[loadout.span], "Loadout: (7/10)");
        assert!(labelled_number(&source, text, "Total:").is_none());
    }

    #[test]
    fn splitting_needs_spaces() {
        assert_eq!(split_spaced("A + B/C + D", '+'), ["A", "B/C", "D"]);
        assert_eq!(
            split_spaced("Palpatine/Sidious / Vader /", '/'),
            ["Palpatine/Sidious", "Vader"]
        );
        assert_eq!(split_spaced(" / ", '/'), Vec::<&str>::new());
    }

    #[test]
    fn lines_skip_blanks_and_note_indent() {
        let text = "a\n    b\u{a0}\n\n\u{a0}\nc";
        let lines = lines(&Source::new(text));
        let shown: Vec<_> = lines.iter().map(|l| (l.text, l.indented)).collect();
        assert_eq!(shown, [("a", false), ("b", true), ("c", false)]);
    }
}

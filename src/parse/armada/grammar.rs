//! nom parsers for the pieces every builder's lines are made of: numbers, costs in
//! parentheses, `N x` counts, `Key: value` headers, `= N Points` subtotals, and card names
//! with their qualifiers, variants and source tags. All work on [`Span`], so everything they
//! return knows where it is in the file.

use super::model::{CardName, Number, Text};
use super::span::Span;
use nom::branch::alt;
use nom::bytes::complete::{tag, tag_no_case, take_while, take_while1};
use nom::character::complete::{char, digit1, one_of};
use nom::combinator::{all_consuming, eof, map_res, opt, rest, value, verify};
use nom::error::{ContextError, ErrorKind, FromExternalError, ParseError, context};
use nom::{IResult, Parser};

/// The error of our parsers: where it failed and what was expected there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expected<'a> {
    pub at: Span<'a>,
    pub what: &'static str,
}

pub type PResult<'a, O> = IResult<Span<'a>, O, Expected<'a>>;

impl<'a> ParseError<Span<'a>> for Expected<'a> {
    fn from_error_kind(input: Span<'a>, kind: ErrorKind) -> Self {
        let what = match kind {
            ErrorKind::Digit => "a number",
            ErrorKind::Eof => "the end of the line",
            ErrorKind::Char | ErrorKind::OneOf => "a different character",
            _ => "something else",
        };
        Expected { at: input, what }
    }

    fn append(_: Span<'a>, _: ErrorKind, other: Self) -> Self {
        other
    }

    /// Of two failed alternatives, report the one that got further.
    fn or(self, other: Self) -> Self {
        if other.at.offset() > self.at.offset() {
            other
        } else {
            self
        }
    }
}

impl<'a> ContextError<Span<'a>> for Expected<'a> {
    fn add_context(_: Span<'a>, what: &'static str, other: Self) -> Self {
        Expected { at: other.at, what }
    }
}

impl<'a, E> FromExternalError<Span<'a>, E> for Expected<'a> {
    fn from_external_error(input: Span<'a>, _: ErrorKind, _: E) -> Self {
        Expected {
            at: input,
            what: "a number below 1,000,000",
        }
    }
}

pub fn text(span: Span<'_>) -> Text {
    Text {
        text: span.fragment().to_string(),
        span: span.range(),
    }
}

/// Optional whitespace: spaces, tabs, no-break spaces.
pub fn ws(input: Span<'_>) -> PResult<'_, Span<'_>> {
    take_while(|c: char| c.is_whitespace()).parse(input)
}

pub fn ws1(input: Span<'_>) -> PResult<'_, Span<'_>> {
    take_while1(|c: char| c.is_whitespace()).parse(input)
}

/// A whole number of at most six digits (no card or fleet costs more).
pub fn number(input: Span<'_>) -> PResult<'_, Number> {
    map_res(digit1, |digits: Span<'_>| {
        if digits.len() > 6 {
            return Err(());
        }
        let value = digits
            .fragment()
            .bytes()
            .fold(0, |n, d| n * 10 + u32::from(d - b'0'));
        Ok(Number {
            value,
            span: digits.range(),
        })
    })
    .parse(input)
}

/// What the parentheses at the end of a card line say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CostKind {
    /// `(44)`, `(44 points)`, `( 2⇥ points)`.
    Plain,
    /// Fleets Designer ship: `(96 + 37: 133)` — card, upgrades, total.
    Sum { upgrades: Number, total: Number },
    /// Fleets Designer squadron group: `(2 x 13)` — count and cost of one.
    Each { count: Number },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cost {
    /// The card's own cost (the first number).
    pub points: Number,
    pub kind: CostKind,
    /// A `!` after the parentheses.
    pub marked: bool,
}

fn points_word(input: Span<'_>) -> PResult<'_, Span<'_>> {
    alt((
        tag_no_case("points"),
        tag_no_case("point"),
        tag_no_case("pts"),
    ))
    .parse(input)
}

/// `(N)`, `(N points)`, `(N + M: T)` or `(N x M)`, then an optional `!`, up to the end.
pub fn cost(input: Span<'_>) -> PResult<'_, Cost> {
    match plain_cost(input) {
        Some(plain) => Ok(plain),
        None => any_cost(input),
    }
}

/// [`cost`] by the combinators, whatever the form.
fn any_cost(input: Span<'_>) -> PResult<'_, Cost> {
    enum Tail {
        Sum(Number, Number),
        Each(Number),
        Plain,
    }
    // The first number is read once; the three forms differ in what follows it.
    let (input, (_, _, first, _)) = (char('('), ws, number, ws).parse(input)?;
    let sum = (char('+'), ws, number, ws, char(':'), ws, number)
        .map(|(_, _, upgrades, _, _, _, total)| Tail::Sum(upgrades, total));
    let each = (one_of("xX×"), ws, number).map(|(_, _, each)| Tail::Each(each));
    let plain = opt(points_word).map(|_| Tail::Plain);
    let close = context("`)` after the points", char(')'));
    let end = context("the end of the line after the points", eof);
    let (input, (tail, _, _, _, marked, _, _)) = (
        alt((sum, each, plain)),
        ws,
        close,
        ws,
        opt(char('!')),
        ws,
        end,
    )
        .parse(input)?;
    let (points, kind) = match tail {
        Tail::Sum(upgrades, total) => (first, CostKind::Sum { upgrades, total }),
        Tail::Each(each) => (each, CostKind::Each { count: first }),
        Tail::Plain => (first, CostKind::Plain),
    };
    Ok((
        input,
        Cost {
            points,
            kind,
            marked: marked.is_some(),
        },
    ))
}

/// `(N)` and nothing more, the form almost every card line of a corpus ends in, read
/// without the combinators (a corpus run spent about 7 % of its instructions in `cost`): what
/// [`cost`] gives for it. Anything else is left to the general parser.
fn plain_cost(input: Span<'_>) -> Option<(Span<'_>, Cost)> {
    let digits = input.fragment().strip_prefix('(')?.strip_suffix(')')?;
    if digits.is_empty() || digits.len() > 6 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let value = digits.bytes().fold(0, |n, d| n * 10 + u32::from(d - b'0'));
    let points = Number {
        value,
        span: input.slice(1, 1 + digits.len()).range(),
    };
    let cost = Cost {
        points,
        kind: CostKind::Plain,
        marked: false,
    };
    Some((input.slice(input.len(), input.len()), cost))
}

/// Split a card line into the name part and the cost in its last parentheses. `None` when
/// the line does not end in a cost.
pub fn split_cost(line: Span<'_>) -> Option<(Span<'_>, Cost)> {
    let open = line.fragment().rfind('(')?;
    let (name, tail) = line.split_at(open);
    let (_, cost) = cost(tail).ok()?;
    Some((name.trim(), cost))
}

/// Whether the line ends in parentheses that look like a cost but are malformed
/// (`(8 pts`, `(1000000)`, `(x)`): worth a more precise diagnostic than "not understood".
pub fn has_broken_cost(line: Span<'_>) -> bool {
    match line.fragment().rfind('(') {
        Some(open) => {
            let tail = &line.fragment()[open + 1..];
            tail.trim_start().starts_with(|c: char| c.is_ascii_digit())
        }
        None => false,
    }
}

/// Why the last parentheses of `line` are no cost: where the cost parser stopped and what
/// it expected there. `None` when the line has no parentheses or its cost is fine.
pub fn cost_error(line: Span<'_>) -> Option<Expected<'_>> {
    let open = line.fragment().rfind('(')?;
    match cost(line.split_at(open).1) {
        Ok(_) => None,
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => Some(e),
        Err(nom::Err::Incomplete(_)) => None,
    }
}

/// `2 x `, `2x `, `2 × ` before a squadron's name.
pub fn count_x(input: Span<'_>) -> PResult<'_, Number> {
    let (input, (count, _, _, _)) = (number, ws, one_of("xX×"), ws1).parse(input)?;
    Ok((input, count))
}

/// `2 ` or `2<tab>` before a squadron's name (Flagship, Warlords).
pub fn count_space(input: Span<'_>) -> PResult<'_, Number> {
    let (input, (count, _)) = (number, ws1).parse(input)?;
    Ok((input, count))
}

/// `Key: value`: the key (letters and spaces, trimmed) and the trimmed rest of the line.
/// Read by hand, byte by byte, rather than by the combinators: every line of every list
/// is asked (the builders' headers, the second-list check, detection), and a key is ASCII
/// letters, spaces and tabs only.
pub fn key_value(input: Span<'_>) -> PResult<'_, (Span<'_>, Span<'_>)> {
    let line = input.trim_start();
    let bytes = line.fragment().as_bytes();
    let key_len = bytes
        .iter()
        .take_while(|&&b| b.is_ascii_alphabetic() || b == b' ' || b == b'\t')
        .count();
    if key_len == 0 || bytes.get(key_len) != Some(&b':') {
        return Err(nom::Err::Error(Expected {
            at: line,
            what: "`Key: value`",
        }));
    }
    let key = line.slice(0, key_len).trim();
    let value = line.slice(key_len + 1, line.len()).trim();
    Ok((line.slice(line.len(), line.len()), (key, value)))
}

/// `Key:` (any case, optional spaces around) and the trimmed rest of the line.
pub fn header<'a>(
    key: &'static str,
) -> impl Parser<Span<'a>, Output = Span<'a>, Error = Expected<'a>> {
    verify(key_value, move |(k, _): &(Span<'a>, Span<'a>)| {
        k.fragment().eq_ignore_ascii_case(key)
    })
    .map(|(_, value)| value)
}

/// `= N <words>`: a subtotal line, with the words after the number (`Points`,
/// `total points`, `total ship cost`…).
pub fn subtotal(input: Span<'_>) -> PResult<'_, (Number, Span<'_>)> {
    // Most lines start with something else: no parser run for them.
    if !input.trim_start().fragment().starts_with('=') {
        return Err(nom::Err::Error(Expected {
            at: input,
            what: "`=`",
        }));
    }
    let (input, (_, _, _, n, _, words)) = (ws, char('='), ws, number, ws, rest).parse(input)?;
    Ok((input, (n, words.trim())))
}

/// `N/M` (points and limit), optionally `N/M/L`; returns all numbers.
pub fn fraction(input: Span<'_>) -> PResult<'_, Vec<Number>> {
    let (input, (first, _, _, _, second, third)) = (
        number,
        ws,
        char('/'),
        ws,
        number,
        opt((ws, char('/'), ws, number).map(|(_, _, _, n)| n)),
    )
        .parse(input)?;
    let mut numbers = vec![first, second];
    numbers.extend(third);
    Ok((input, numbers))
}

/// `[flagship]` / `[ flagship ]` before a ship's name.
pub fn flagship_marker(input: Span<'_>) -> PResult<'_, ()> {
    value(
        (),
        (
            ws,
            char('['),
            ws,
            tag_no_case("flagship"),
            ws,
            char(']'),
            ws,
        ),
    )
    .parse(input)
}

/// Parse all of `input` with `parser`.
pub fn whole<'a, O>(
    input: Span<'a>,
    parser: impl Parser<Span<'a>, Output = O, Error = Expected<'a>>,
) -> Option<O> {
    all_consuming(parser).parse(input).ok().map(|(_, o)| o)
}

/// Whether a line starts with a bullet made of one of `bullets` (after optional
/// whitespace); returns the rest after the bullet and following whitespace.
pub fn bullet<'a>(input: Span<'a>, bullets: &str) -> Option<Span<'a>> {
    let trimmed = input.trim_start();
    let first = trimmed.fragment().chars().next()?;
    if !bullets.contains(first) {
        return None;
    }
    let rest = trimmed.slice(first.len_utf8(), trimmed.len());
    Some(rest.trim_start())
}

/// Take a card name apart: trailing `[source]`, `{variant}` and `(qualifier)` groups, each
/// at most once, in any order; then the ` - ` parts.
pub fn card_name(span: Span<'_>) -> CardName {
    let mut rest = span.trim();
    let mut qualifier = None;
    let mut variant = None;
    let mut source_tag = None;
    for _ in 0..3 {
        let fragment = rest.fragment();
        let Some(close) = fragment.chars().last() else {
            break;
        };
        let (open, slot) = match close {
            ']' if source_tag.is_none() => ('[', &mut source_tag),
            '}' if variant.is_none() => ('{', &mut variant),
            ')' if qualifier.is_none() => ('(', &mut qualifier),
            _ => break,
        };
        let Some(start) = fragment.rfind(open) else {
            break;
        };
        let inner = rest.slice(start + 1, fragment.len() - 1).trim();
        let before = rest.slice(0, start).trim();
        // A group that is the whole name is the name ("[Redacted]"), not a tag.
        if inner.is_empty() || before.is_empty() {
            break;
        }
        *slot = Some(text(inner));
        rest = before;
    }
    let parts = split_parts(rest);
    CardName {
        text: rest.fragment().to_string(),
        span: rest.range(),
        qualifier,
        variant,
        source_tag,
        parts,
    }
}

fn split_parts(name: Span<'_>) -> Vec<Text> {
    let fragment = name.fragment();
    // Quick exit for the common case: no hyphen or dash at all (– and — start with 0xE2).
    if !fragment.bytes().any(|b| b == b'-' || b == 0xE2) {
        return Vec::new();
    }
    let mut parts = Vec::new();
    let mut start = 0;
    let mut at = 0;
    while let Some(c) = fragment[at..].chars().next() {
        let dash = [" - ", " – ", " — "]
            .into_iter()
            .find(|d| fragment[at..].starts_with(d));
        match dash {
            Some(dash) => {
                parts.push(name.slice(start, at).trim());
                start = at + dash.len();
                at = start;
            }
            None => at += c.len_utf8(),
        }
    }
    if parts.is_empty() {
        return Vec::new();
    }
    parts.push(name.slice(start, fragment.len()).trim());
    if parts.iter().any(|p| p.is_empty()) {
        return Vec::new();
    }
    parts.into_iter().map(text).collect()
}

/// `Key: value` where the key is one of `keys` (any case): the key's index and the value.
/// Inlined so each reader compares its own few keys in place (left to the compiler, the
/// Kingston reader's line loop got it inlined in one build and called in the next, 1.2 %
/// of a list's instructions apart).
#[inline]
pub fn any_header<'a>(line: Span<'a>, keys: &[&'static str]) -> Option<(usize, Span<'a>)> {
    let (_, (key, value)) = key_value(line).ok()?;
    let index = keys
        .iter()
        .position(|k| key.fragment().eq_ignore_ascii_case(k))?;
    Some((index, value))
}

/// `tag` at the start, case-sensitive, after optional whitespace.
pub fn starts_with_tag<'a>(line: Span<'a>, word: &'static str) -> Option<Span<'a>> {
    (ws, tag(word)).parse(line).ok().map(|(rest, _)| rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn span(text: &str) -> Span<'_> {
        Span::new(text)
    }

    #[test]
    fn the_quick_plain_cost_is_what_the_parser_reads() {
        let file = "x (44) (0) (123456) (1234567) ( 44) (44 ) (44)! (44 pts) (4x) (٣) () (4)(5)";
        let mut quick = 0;
        for (open, _) in file.match_indices('(') {
            // Each tail from its parenthesis, and each of its prefixes, at an offset.
            for end in open + 1..=file.len() {
                let Some(tail) = file.get(open..end) else {
                    continue;
                };
                let input = span(file).slice(open, open + tail.len());
                if let Some(found) = plain_cost(input) {
                    quick += 1;
                    assert_eq!(Ok(found), any_cost(input), "{tail:?}");
                }
            }
        }
        // (44) twice, (0), (123456), (4) and (5).
        assert_eq!(quick, 6);
    }

    #[test]
    fn plain_costs() {
        let line = "CR90 Corvette A (44)";
        let (name, cost) = split_cost(span(line)).unwrap();
        assert_eq!(name.fragment(), "CR90 Corvette A");
        assert_eq!(cost.points.value, 44);
        assert_eq!(&line[cost.points.span.clone()], "44");
        assert_eq!(cost.kind, CostKind::Plain);
        assert!(!cost.marked);
    }

    #[test]
    fn marked_and_worded_costs() {
        let (_, cost) = split_cost(span("Reserve Hangar Deck (3)!")).unwrap();
        assert!(cost.marked);
        let (name, cost) = split_cost(span("-  Jainas Light\t ( 2\t points) ")).unwrap();
        assert_eq!(name.fragment(), "-  Jainas Light");
        assert_eq!(cost.points.value, 2);
        let (_, cost) = split_cost(span("MC80 Star Cruiser (96 points)")).unwrap();
        assert_eq!(cost.points.value, 96);
    }

    #[test]
    fn designer_costs() {
        let line = "MC80 Star Cruiser (96 + 37: 133)";
        let (_, cost) = split_cost(span(line)).unwrap();
        assert_eq!(cost.points.value, 96);
        match cost.kind {
            CostKind::Sum { upgrades, total } => {
                assert_eq!((upgrades.value, total.value), (37, 133));
                assert_eq!(&line[total.span], "133");
            }
            other => panic!("{other:?}"),
        }
        let (_, cost) = split_cost(span("2 x X-wing Squadron (2 x 13)")).unwrap();
        assert_eq!(cost.points.value, 13);
        assert!(matches!(cost.kind, CostKind::Each { count } if count.value == 2));
    }

    #[test]
    fn lines_without_a_cost() {
        assert!(split_cost(span("Facility")).is_none());
        assert!(split_cost(span("Darth Vader (TIE Defender)")).is_none());
        assert!(split_cost(span("match not found for 388")).is_none());
        assert!(split_cost(span("Engine Techs (8) extra")).is_none());
        assert!(split_cost(span("Engine Techs (9999999)")).is_none());
        assert!(has_broken_cost(span("Engine Techs (9999999)")));
        assert!(!has_broken_cost(span("Facility")));
    }

    #[test]
    fn names_lose_their_tags() {
        let line = "Darth Vader (TIE Defender) [Legacy]";
        let name = card_name(span(line));
        assert_eq!(name.text, "Darth Vader");
        assert_eq!(&line[name.span.clone()], "Darth Vader");
        assert_eq!(name.qualifier.unwrap().text, "TIE Defender");
        assert_eq!(name.source_tag.unwrap().text, "Legacy");
        let name = card_name(span("Gozanti-class Cruisers {CIS}"));
        assert_eq!(name.text, "Gozanti-class Cruisers");
        assert_eq!(name.variant.unwrap().text, "CIS");
        let name = card_name(span("Intensify Firepower!"));
        assert_eq!(name.text, "Intensify Firepower!");
        let name = card_name(span("[Redacted]"));
        assert_eq!(name.text, "[Redacted]");
    }

    #[test]
    fn joined_names_have_parts() {
        let line = "Tycho Celchu - A-wing Squadron";
        let name = card_name(span(line));
        assert_eq!(name.text, line);
        let parts: Vec<_> = name.parts.iter().map(|p| p.text.as_str()).collect();
        assert_eq!(parts, ["Tycho Celchu", "A-wing Squadron"]);
        assert_eq!(&line[name.parts[1].span.clone()], "A-wing Squadron");
        assert!(
            card_name(span("Modified Pelta-class Command Ship"))
                .parts
                .is_empty()
        );
    }

    /// What `key_value` gave when it was written with the combinators.
    fn key_value_by_combinators(input: Span<'_>) -> Option<(Span<'_>, Span<'_>)> {
        let key_char = |c: char| c.is_ascii_alphabetic() || c == ' ' || c == '\t';
        let (_, (_, key, _, value)) = (ws, take_while1(key_char), char(':'), rest)
            .parse(input)
            .ok()?;
        Some((key.trim(), value.trim()))
    }

    #[test]
    fn key_value_reads_what_the_combinators_read() {
        let lines = [
            "Name: Motti",
            "  faction :  Rebel \t",
            "\u{a0}Total Points:400",
            "Squadrons:",
            "Squadrons (84/134):",
            "• Darth Vader (TIE Defender) (25)",
            "= 57 Points",
            ":",
            " : x",
            "Author\t: Ryan",
            "Name",
            "",
            "Quasar Fire I (54)",
            "Gamemode: Standard: 400",
            "Ñame: x",
            "\u{feff}Name: x",
            "\u{2003}\tObjectives: x: y",
        ];
        for line in lines {
            let got = key_value(span(line)).ok().map(|(_, kv)| kv);
            assert_eq!(got, key_value_by_combinators(span(line)), "{line:?}");
        }
        assert!(subtotal(span("Quasar Fire I (54)")).is_err());
        assert!(subtotal(span(" \t= 5 Points")).is_ok());
    }

    #[test]
    fn headers_and_subtotals() {
        let (_, value) = header("Faction")
            .parse(span(" faction :  Rebel \t"))
            .unwrap();
        assert_eq!(value.fragment(), "Rebel");
        let line = "= 133 total points";
        let (_, (n, words)) = subtotal(span(line)).unwrap();
        assert_eq!(n.value, 133);
        assert_eq!(words.fragment(), "total points");
        let numbers = whole(span("84/400/400"), fraction).unwrap();
        assert_eq!(
            numbers.iter().map(|n| n.value).collect::<Vec<_>>(),
            [84, 400, 400]
        );
        assert!(whole(span("[ flagship ] "), flagship_marker).is_some());
    }

    #[test]
    fn counts() {
        let (rest, n) = count_x(span("2 x Y-wing")).unwrap();
        assert_eq!((n.value, rest.fragment()), (2, "Y-wing"));
        let (rest, n) = count_x(span("1x Moldy Crow")).unwrap();
        assert_eq!((n.value, rest.fragment()), (1, "Moldy Crow"));
        let (rest, n) = count_space(span("2\tX-Wing Squadrons")).unwrap();
        assert_eq!((n.value, rest.fragment()), (2, "X-Wing Squadrons"));
    }
}

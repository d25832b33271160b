//! Control characters made visible: the one escaping layer between what arbiter read and
//! a terminal.
//!
//! Names, titles, file names and quoted lines come from input, and a crafted input can
//! hold ESC, BEL or C1 bytes that retitle, clear or rewrite a judge's terminal. Each is
//! written as the JSON escape of its code point (`\u001b`): visible to a person, and in a
//! JSON document (where C0 characters are escaped already, but C1 ones and DEL are not) the
//! same string as before.
//!
//! Two places use it: the renderers quote input through [`visible`] and [`VisibleSource`]
//! (so a report lays out what it will show), and every write to standard output and
//! standard error passes through [`Filter`], which lets through only line breaks, tabs and
//! — when the stream is coloured — the colour sequences of arbiter's own renderers.

use std::borrow::Cow;
use std::fmt::Write as _;

/// A character that must not reach a terminal as it is: C0 controls but line feed and
/// tab, DEL, the C1 controls, and the bidirectional formatting characters, which reorder
/// what a terminal shows ("Trojan Source", CVE-2021-42574): a name could read as another.
pub fn is_hidden_control(c: char) -> bool {
    (c.is_control() && !matches!(c, '\n' | '\t')) || c == '\u{7f}' || is_bidi_control(c)
}

/// The embeddings, overrides and isolates, their terminators, and the three marks.
fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'
    )
}

/// `c` as it is shown: `\u001b`.
fn push_escaped(out: &mut String, c: char) {
    let _ = write!(out, "\\u{:04x}", u32::from(c));
}

/// `text` with every control character but line feed and tab shown as its escape;
/// borrowed when there is none (the usual case).
pub fn visible(text: &str) -> Cow<'_, str> {
    if !text.chars().any(is_hidden_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if is_hidden_control(c) {
            push_escaped(&mut out, c);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A quoted input with its control characters shown, and the way from offsets in the
/// input to offsets in the shown text (each escape is longer than what it stands for).
/// A CR before a line feed stays: it ends a line, and the renderer reads it as one.
#[derive(Debug, Clone)]
pub struct VisibleSource {
    pub text: String,
    /// For each escaped character: its end in the input and the bytes added up to there.
    shifts: Vec<(usize, usize)>,
}

impl VisibleSource {
    /// `None` when `text` has nothing to escape.
    pub fn of(text: &str) -> Option<VisibleSource> {
        let hidden = |(i, c): &(usize, char)| {
            is_hidden_control(*c) && !(*c == '\r' && text.as_bytes().get(i + 1) == Some(&b'\n'))
        };
        if !text.char_indices().any(|ic| hidden(&ic)) {
            return None;
        }
        let mut shown = VisibleSource {
            text: String::with_capacity(text.len() + 64),
            shifts: Vec::new(),
        };
        for (i, c) in text.char_indices() {
            if hidden(&(i, c)) {
                let before = shown.text.len();
                push_escaped(&mut shown.text, c);
                let added = shown.text.len() - before - c.len_utf8();
                let total = shown.shifts.last().map_or(0, |s| s.1) + added;
                shown.shifts.push((i + c.len_utf8(), total));
            } else {
                shown.text.push(c);
            }
        }
        Some(shown)
    }

    /// Where `offset` of the input is in the shown text.
    pub fn shown_offset(&self, offset: usize) -> usize {
        let escaped_before = self.shifts.partition_point(|(end, _)| *end <= offset);
        let added = escaped_before
            .checked_sub(1)
            .and_then(|i| self.shifts.get(i))
            .map_or(0, |s| s.1);
        offset + added
    }

    /// Where `offset` of the shown text is in the input (inside an escape: its start).
    pub fn input_offset(&self, shown: usize) -> usize {
        let escaped_before = self
            .shifts
            .partition_point(|(end, added)| end + added <= shown);
        let added = escaped_before
            .checked_sub(1)
            .and_then(|i| self.shifts.get(i))
            .map_or(0, |s| s.1);
        shown.saturating_sub(added)
    }
}

/// Longest colour sequence let through (`ESC [ 1 ; 38 ; 5 ; 196 m` and the like).
const LONGEST_COLOUR_SEQUENCE: usize = 32;

/// The escaping of one output stream, fed its bytes in pieces: a UTF-8 character or a
/// colour sequence cut between two pieces is held until the next.
#[derive(Debug, Default)]
pub struct Filter {
    /// Colour sequences (`ESC [ digits ; … m`) pass: the stream is coloured.
    pub colour: bool,
    held: Vec<u8>,
}

impl Filter {
    pub fn new(colour: bool) -> Self {
        Filter {
            colour,
            held: Vec::new(),
        }
    }

    /// The bytes to write for `bytes`; borrowed when nothing needs escaping.
    pub fn feed<'a>(&mut self, bytes: &'a [u8]) -> Cow<'a, [u8]> {
        if self.held.is_empty() && !self.changes(bytes) {
            return Cow::Borrowed(bytes);
        }
        let mut input = std::mem::take(&mut self.held);
        input.extend_from_slice(bytes);
        let mut out = Vec::with_capacity(input.len() + 16);
        let mut at = 0;
        while let Some(rest) = input.get(at..).filter(|rest| !rest.is_empty()) {
            match self.step(rest) {
                Step::Pass(n) => {
                    out.extend_from_slice(rest.get(..n).unwrap_or(rest));
                    at += n;
                }
                Step::Escape(c, n) => {
                    let mut text = String::new();
                    push_escaped(&mut text, c);
                    out.extend_from_slice(text.as_bytes());
                    at += n;
                }
                Step::Hold => {
                    self.held = rest.to_vec();
                    break;
                }
            }
        }
        Cow::Owned(out)
    }

    /// Nothing of an earlier piece is held: the next piece starts afresh.
    pub fn holds_nothing(&self) -> bool {
        self.held.is_empty()
    }

    /// What is still held at the end of the output: shown escaped, as it was never completed.
    pub fn end(&mut self) -> Vec<u8> {
        let held = std::mem::take(&mut self.held);
        let text = String::from_utf8_lossy(&held);
        let mut out = String::new();
        for c in text.chars() {
            if is_hidden_control(c) {
                push_escaped(&mut out, c);
            } else {
                out.push(c);
            }
        }
        out.into_bytes()
    }

    /// Whether [`Filter::feed`] would write anything but `bytes` as they are (escape or
    /// hold something). Most suspect bytes start characters that pass (`—`, `…`, `©`): each
    /// is looked at where it is, and the bytes are not copied for it.
    fn changes(&self, bytes: &[u8]) -> bool {
        let mut at = 0;
        while let Some(found) = next_suspect(bytes, at) {
            match bytes.get(found..).map(|rest| self.step(rest)) {
                Some(Step::Pass(n)) => at = found + n.max(1),
                _ => return true,
            }
        }
        false
    }

    fn step(&self, rest: &[u8]) -> Step {
        match rest {
            [b'\r'] => Step::Hold,
            [b'\r', b'\n', ..] => Step::Pass(2),
            [0x1b, ..] if self.colour => match colour_sequence(rest) {
                Some(Some(length)) => Step::Pass(length),
                Some(None) => Step::Hold,
                None => Step::Escape('\u{1b}', 1),
            },
            [b, ..] if *b < 0x80 && suspect(*b) => Step::Escape(char::from(*b), 1),
            [0xc2] | [0xd8] | [0xe2] | [0xe2, 0x80 | 0x81] => Step::Hold,
            [0xc2, second @ 0x80..=0x9f, ..] => {
                Step::Escape(char::from_u32(u32::from(*second)).unwrap_or('?'), 2)
            }
            [0xd8, 0x9c, ..] => Step::Escape('\u{61c}', 2),
            [0xe2, second @ (0x80 | 0x81), third, ..] => {
                let code = 0x2000 | (u32::from(second & 0x3f) << 6) | u32::from(third & 0x3f);
                match char::from_u32(code).filter(|&c| is_bidi_control(c)) {
                    Some(c) => Step::Escape(c, 3),
                    None => Step::Pass(1),
                }
            }
            // Up to the next byte that may need escaping.
            _ => Step::Pass(
                rest.iter()
                    .skip(1)
                    .position(|&b| suspect(b))
                    .map_or(rest.len(), |p| p + 1),
            ),
        }
    }
}

enum Step {
    /// This many bytes go out as they are.
    Pass(usize),
    /// This character, this many bytes long, goes out escaped.
    Escape(char, usize),
    /// The bytes may start something the next piece completes.
    Hold,
}

/// Where the first [`suspect`] byte at or after `from` is. Every byte of a run's output
/// passes here: 64-byte blocks are tested whole, without stopping at the first hit, so the
/// compiler compares many bytes at once (a fifth of the writer thread's time when it went
/// byte by byte); only a block with a hit is looked into.
fn next_suspect(bytes: &[u8], from: usize) -> Option<usize> {
    let rest = bytes.get(from..)?;
    let mut block_start = from;
    for block in rest.chunks(64) {
        if block.iter().fold(false, |found, &b| found | suspect(b)) {
            return block
                .iter()
                .position(|&b| suspect(b))
                .map(|i| block_start + i);
        }
        block_start += block.len();
    }
    None
}

/// A byte that may start something to escape: a C0 control or DEL, or the first byte of a
/// C1 control (0xc2) or of a bidirectional formatting character (0xd8, 0xe2).
fn suspect(byte: u8) -> bool {
    (byte < 0x20 && byte != b'\n' && byte != b'\t') || matches!(byte, 0x7f | 0xc2 | 0xd8 | 0xe2)
}

/// `rest` starts with ESC. `Some(Some(n))`: a colour sequence of `n` bytes that arbiter's
/// renderers may write; `Some(None)`: the start of one, cut; `None`: anything else.
fn colour_sequence(rest: &[u8]) -> Option<Option<usize>> {
    let Some(&second) = rest.get(1) else {
        return Some(None);
    };
    if second != b'[' {
        return None;
    }
    for (i, &byte) in rest
        .iter()
        .enumerate()
        .skip(2)
        .take(LONGEST_COLOUR_SEQUENCE)
    {
        match byte {
            b'0'..=b'9' | b';' => {}
            b'm' => {
                let parameters = rest.get(2..i).unwrap_or_default();
                return ours(parameters).then_some(Some(i + 1));
            }
            _ => return None,
        }
    }
    (rest.len() < LONGEST_COLOUR_SEQUENCE + 2).then_some(None)
}

/// Whether every parameter of a colour sequence is one arbiter's renderers use (miette's
/// theme, bold table headers): reset, bold, dim, italic, underline, the foreground colours
/// red to cyan. Never one that hides text (conceal, black or white, backgrounds, reverse).
fn ours(parameters: &[u8]) -> bool {
    parameters.split(|&b| b == b';').all(|parameter| {
        matches!(
            parameter,
            b"" | b"0" | b"1" | b"2" | b"3" | b"4" | b"22" | b"23" | b"24" | b"39"
        ) || matches!(parameter, [b'3' | b'9', b'1'..=b'6'])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_shown_and_text_is_kept() {
        assert_eq!(
            visible("a\u{1b}]0;owned\u{7}b\u{9b}c"),
            "a\\u001b]0;owned\\u0007b\\u009bc"
        );
        assert!(matches!(visible("Poe Dameron\n\tña"), Cow::Borrowed(_)));
        assert_eq!(visible("a\rb"), "a\\u000db");
    }

    #[test]
    fn offsets_in_a_quoted_input_follow_the_escapes() {
        let input = "ab\u{1b}cd\r\ne\u{85}f";
        let shown = VisibleSource::of(input).expect("escaped");
        assert_eq!(shown.text, "ab\\u001bcd\r\ne\\u0085f");
        let c = input.find('c').expect("c");
        assert_eq!(&shown.text[shown.shown_offset(c)..][..1], "c");
        let f = input.find('f').expect("f");
        assert_eq!(&shown.text[shown.shown_offset(f)..][..1], "f");
        assert_eq!(shown.input_offset(shown.shown_offset(f)), f);
        assert_eq!(shown.shown_offset(2), 2, "the escape starts where ESC was");
        assert!(VisibleSource::of("plain\r\ntext").is_none());
    }

    #[test]
    fn the_block_test_finds_a_suspect_byte_wherever_it_is() {
        let clean = "Poe Dameron\n\tña ".repeat(20).into_bytes();
        assert_eq!(next_suspect(&clean, 0), None);
        for at in [0, 1, 63, 64, 65, clean.len() - 1] {
            for bad in [0x1b_u8, 0x7f, 0xc2, 0xd8, 0xe2, b'\r', 0] {
                let mut text = clean.clone();
                text[at] = bad;
                assert_eq!(next_suspect(&text, 0), Some(at), "{bad:#x} at {at}");
                assert_eq!(next_suspect(&text, at + 1), None, "{bad:#x} after {at}");
            }
        }
    }

    #[test]
    fn text_with_nothing_to_escape_is_not_copied() {
        let mut plain = Filter::new(false);
        let text = "Armada — Guía … © “x” ┆\r\n".repeat(30);
        assert!(matches!(plain.feed(text.as_bytes()), Cow::Borrowed(_)));
        let mut coloured = Filter::new(true);
        assert!(matches!(
            coloured.feed(b"\x1b[1;31mX\x1b[0m"),
            Cow::Borrowed(_)
        ));
        let late = format!("{text}\u{202e}");
        assert!(matches!(plain.feed(late.as_bytes()), Cow::Owned(_)));
        assert!(matches!(plain.feed(b"ends cut \xe2"), Cow::Owned(_)));
    }

    #[test]
    fn the_stream_escapes_all_but_its_own_colours() {
        let mut plain = Filter::new(false);
        assert_eq!(
            &*plain.feed(b"\x1b[1mX\x1b]0;t\x07\n"),
            b"\\u001b[1mX\\u001b]0;t\\u0007\n"
        );
        let mut coloured = Filter::new(true);
        assert_eq!(
            &*coloured.feed(b"\x1b[1;31mX\x1b[0m\x1b[2J"),
            b"\x1b[1;31mX\x1b[0m\\u001b[2J"
        );
        assert_eq!(
            &*coloured.feed(b"\x1b[8mhidden\x1b[30;40m"),
            b"\\u001b[8mhidden\\u001b[30;40m",
            "nothing that hides text passes"
        );
    }

    #[test]
    fn a_sequence_cut_between_pieces_is_held() {
        let mut coloured = Filter::new(true);
        let mut out = coloured.feed(b"a\x1b[3").into_owned();
        out.extend_from_slice(&coloured.feed(b"1mb\xc2"));
        out.extend_from_slice(&coloured.feed(b"\x9bc\x1b"));
        out.extend(coloured.end());
        assert_eq!(out, b"a\x1b[31mb\\u009bc\\u001b");
        let mut json = Filter::new(false);
        assert_eq!(&*json.feed("\"\u{85}\"".as_bytes()), b"\"\\u0085\"");
    }

    #[test]
    fn bidirectional_overrides_are_shown_and_other_text_passes() {
        assert_eq!(visible("abc\u{202e}fed\u{2066}"), "abc\\u202efed\\u2066");
        assert!(matches!(visible("Hélène → “Ñ” … ┆ ٢"), Cow::Borrowed(_)));
        let mut plain = Filter::new(false);
        let text = "┌ Poe\u{202e}x … → \u{61c}ع\u{200f} ┐";
        let mut out = Vec::new();
        // Fed a byte at a time, so every multi-byte character is cut between pieces.
        for byte in text.as_bytes() {
            out.extend_from_slice(&plain.feed(std::slice::from_ref(byte)));
        }
        out.extend(plain.end());
        assert_eq!(
            String::from_utf8(out).expect("UTF-8"),
            "┌ Poe\\u202ex … → \\u061cع\\u200f ┐"
        );
    }
}

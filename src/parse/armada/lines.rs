//! The input as lines: LF or CRLF (or a lone CR) endings, each line a [`Span`] without its
//! ending. Parsers look at one line at a time, so one bad line costs one diagnostic.

use super::span::Span;

/// Lines longer than this are not fleet-list lines; they are reported and skipped so a
/// pathological input costs linear time.
pub const MAX_LINE_BYTES: usize = 2_000;

#[derive(Debug, Clone, Copy)]
pub struct Line<'a> {
    /// 1-based line number.
    pub number: usize,
    /// The line without its ending; not trimmed.
    pub raw: Span<'a>,
    trimmed: Span<'a>,
}

impl<'a> Line<'a> {
    /// The line without surrounding whitespace.
    pub fn trimmed(&self) -> Span<'a> {
        self.trimmed
    }

    pub fn is_blank(&self) -> bool {
        self.trimmed.is_empty()
    }
}

/// The lines of `text`, in order.
pub fn lines(text: &str) -> Lines<'_> {
    // A byte-order mark is no part of the first line.
    let start = if text.starts_with('\u{feff}') { 3 } else { 0 };
    Lines {
        whole: Span::new(text),
        at: start,
        number: 0,
    }
}

pub struct Lines<'a> {
    whole: Span<'a>,
    at: usize,
    number: usize,
}

impl<'a> Iterator for Lines<'a> {
    type Item = Line<'a>;

    fn next(&mut self) -> Option<Line<'a>> {
        let bytes = self.whole.fragment().as_bytes();
        if self.at >= bytes.len() {
            return None;
        }
        let start = self.at;
        let rest = bytes.get(start..).unwrap_or_default();
        let end = memchr::memchr2(b'\n', b'\r', rest).map_or(bytes.len(), |i| start + i);
        self.at = match bytes.get(end) {
            Some(b'\r') if bytes.get(end + 1) == Some(&b'\n') => end + 2,
            Some(_) => end + 1,
            None => end,
        };
        self.number += 1;
        let raw = self.whole.slice(start, end);
        Some(Line {
            number: self.number,
            raw,
            trimmed: raw.trim(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crlf_lf_and_cr() {
        let text = "a\r\nb\n\nc\rd";
        let got: Vec<_> = lines(text).map(|l| (l.number, l.raw.fragment())).collect();
        assert_eq!(got, [(1, "a"), (2, "b"), (3, ""), (4, "c"), (5, "d")]);
        let d = lines(text).nth(4).unwrap().raw;
        assert_eq!(&text[d.range()], "d");
    }

    #[test]
    fn byte_order_mark() {
        let text = "\u{feff}Name: x\r\n";
        let first = lines(text).next().unwrap().raw;
        assert_eq!(first.fragment(), "Name: x");
        assert_eq!(first.offset(), 3);
    }

    #[test]
    fn no_final_newline_and_empty_input() {
        assert_eq!(lines("x\n").count(), 1);
        assert_eq!(lines("").count(), 0);
    }
}

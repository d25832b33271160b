//! `Span`: a piece of the input text that knows its byte offset in the whole file, so every
//! name and number a nom parser produces carries its location. It implements the nom 8 input
//! traits by delegating to `&str`; only the offset bookkeeping is added.

use nom::{AsBytes, Compare, CompareResult, FindSubstring, Input, Needed, Offset};
use std::ops::Range;
use std::str::{CharIndices, Chars};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span<'a> {
    fragment: &'a str,
    offset: usize,
}

impl<'a> Span<'a> {
    /// The whole file, starting at offset 0.
    pub fn new(text: &'a str) -> Self {
        Span {
            fragment: text,
            offset: 0,
        }
    }

    pub fn fragment(&self) -> &'a str {
        self.fragment
    }

    pub fn offset(&self) -> usize {
        self.offset
    }

    pub fn len(&self) -> usize {
        self.fragment.len()
    }

    pub fn is_empty(&self) -> bool {
        self.fragment.is_empty()
    }

    /// Byte range in the file.
    pub fn range(&self) -> Range<usize> {
        self.offset..self.offset + self.fragment.len()
    }

    /// The part from byte `start` to byte `end` of this span (both must be char boundaries
    /// of the fragment; callers get them from `find`/`char_indices`).
    pub fn slice(&self, start: usize, end: usize) -> Self {
        Span {
            fragment: &self.fragment[start..end],
            offset: self.offset + start,
        }
    }

    /// Without leading and trailing whitespace (spaces, tabs, CR, NBSP…).
    pub fn trim(&self) -> Self {
        self.trim_start().trim_end()
    }

    pub fn trim_start(&self) -> Self {
        // Most spans start with a printable ASCII byte: nothing to trim, no character
        // decoded (every line and name of every list is trimmed).
        if self
            .fragment
            .as_bytes()
            .first()
            .is_some_and(ascii_not_space)
        {
            return *self;
        }
        let trimmed = self.fragment.trim_start();
        self.slice(self.fragment.len() - trimmed.len(), self.fragment.len())
    }

    pub fn trim_end(&self) -> Self {
        if self.fragment.as_bytes().last().is_some_and(ascii_not_space) {
            return *self;
        }
        let trimmed = self.fragment.trim_end();
        self.slice(0, trimmed.len())
    }

    /// Split before byte `at`: (before, from `at` on).
    pub fn split_at(&self, at: usize) -> (Self, Self) {
        (self.slice(0, at), self.slice(at, self.fragment.len()))
    }
}

/// An ASCII byte that is a whole character and not whitespace as `char::is_whitespace`
/// has it (which counts the vertical tab, unlike `u8::is_ascii_whitespace`).
fn ascii_not_space(byte: &u8) -> bool {
    byte.is_ascii() && !matches!(byte, b' ' | b'\t' | b'\n' | 0x0b..=0x0d)
}

impl<'a> Input for Span<'a> {
    type Item = char;
    type Iter = Chars<'a>;
    type IterIndices = CharIndices<'a>;

    fn input_len(&self) -> usize {
        self.fragment.len()
    }

    fn take(&self, index: usize) -> Self {
        self.slice(0, index)
    }

    fn take_from(&self, index: usize) -> Self {
        self.slice(index, self.fragment.len())
    }

    fn take_split(&self, index: usize) -> (Self, Self) {
        let (before, after) = self.split_at(index);
        (after, before)
    }

    fn position<P>(&self, predicate: P) -> Option<usize>
    where
        P: Fn(Self::Item) -> bool,
    {
        self.fragment.find(predicate)
    }

    fn iter_elements(&self) -> Self::Iter {
        self.fragment.chars()
    }

    fn iter_indices(&self) -> Self::IterIndices {
        self.fragment.char_indices()
    }

    fn slice_index(&self, count: usize) -> Result<usize, Needed> {
        self.fragment.slice_index(count)
    }
}

impl<'a, 'b> Compare<&'b str> for Span<'a> {
    fn compare(&self, t: &'b str) -> CompareResult {
        self.fragment.compare(t)
    }

    /// ASCII case folding only (nom's `&str` version lowercases every char, which is slow
    /// and more than the builders' keywords need).
    fn compare_no_case(&self, t: &'b str) -> CompareResult {
        let own = self.fragment.as_bytes();
        let n = own.len().min(t.len());
        let (Some(own_head), Some(t_head)) = (own.get(..n), t.as_bytes().get(..n)) else {
            return CompareResult::Error;
        };
        if !own_head.eq_ignore_ascii_case(t_head) {
            CompareResult::Error
        } else if own.len() < t.len() {
            CompareResult::Incomplete
        } else {
            CompareResult::Ok
        }
    }
}

impl Offset for Span<'_> {
    fn offset(&self, second: &Self) -> usize {
        second.offset - self.offset
    }
}

impl AsBytes for Span<'_> {
    fn as_bytes(&self) -> &[u8] {
        self.fragment.as_bytes()
    }
}

impl<'b> FindSubstring<&'b str> for Span<'_> {
    fn find_substring(&self, substr: &'b str) -> Option<usize> {
        self.fragment.find(substr)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nom::Parser;
    use nom::bytes::complete::tag;
    use nom::character::complete::{digit1, space1};

    #[test]
    fn parsers_keep_offsets() {
        let text = "ab 42 cd";
        let input = Span::new(text).slice(3, text.len());
        let (rest, (digits, _)) = (digit1::<_, nom::error::Error<Span>>, space1)
            .parse(input)
            .unwrap();
        assert_eq!(digits.range(), 3..5);
        assert_eq!(&text[digits.range()], "42");
        let (rest, word) = tag::<_, _, nom::error::Error<Span>>("cd")
            .parse(rest)
            .unwrap();
        assert_eq!(word.range(), 6..8);
        assert!(rest.is_empty());
        assert_eq!(rest.offset(), 8);
    }

    #[test]
    fn the_quick_trim_is_the_standard_one() {
        let mut samples: Vec<String> = (0u8..0x80)
            .flat_map(|b| {
                let c = char::from(b);
                [
                    format!("{c}x{c}"),
                    format!("{c}"),
                    format!("{c}\u{a0}y\u{2003}{c}"),
                ]
            })
            .collect();
        samples.extend(["", " ", "\u{85}a\u{85}", "\u{a0}", "•x", "x\u{3000}"].map(String::from));
        for text in &samples {
            let span = Span::new(text);
            assert_eq!(span.trim_start().fragment(), text.trim_start(), "{text:?}");
            assert_eq!(span.trim_end().fragment(), text.trim_end(), "{text:?}");
            assert_eq!(span.trim().range(), {
                let start = text.len() - text.trim_start().len();
                start..start + text.trim().len()
            });
        }
    }

    #[test]
    fn trimming_moves_the_offset() {
        let text = "x\t  Engine Techs  \r";
        let span = Span::new(text).slice(1, text.len()).trim();
        assert_eq!(span.fragment(), "Engine Techs");
        assert_eq!(&text[span.range()], "Engine Techs");
    }
}

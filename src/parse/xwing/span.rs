//! Byte spans: values tagged with where in the input they were read, and offsets of
//! slices within one text.

use std::ops::Range;

/// A value and the bytes of the input it was read from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spanned<T> {
    pub value: T,
    pub span: Range<usize>,
}

impl<T> Spanned<T> {
    pub fn new(value: T, span: Range<usize>) -> Self {
        Spanned { value, span }
    }

    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Spanned<U> {
        Spanned {
            value: f(self.value),
            span: self.span,
        }
    }

    pub fn as_ref(&self) -> Spanned<&T> {
        Spanned {
            value: &self.value,
            span: self.span.clone(),
        }
    }
}

/// One input text, to turn its sub-slices back into byte offsets.
#[derive(Debug, Clone, Copy)]
pub struct Source<'a> {
    text: &'a str,
}

impl<'a> Source<'a> {
    pub fn new(text: &'a str) -> Self {
        Source { text }
    }

    pub fn text(&self) -> &'a str {
        self.text
    }

    /// The span of `part`, a slice of this source's text. A slice from elsewhere gets an
    /// empty span at 0 rather than a panic.
    pub fn span_of(&self, part: &str) -> Range<usize> {
        let base = self.text.as_ptr() as usize;
        match (part.as_ptr() as usize).checked_sub(base) {
            Some(start) if start + part.len() <= self.text.len() => start..start + part.len(),
            _ => 0..0,
        }
    }

    /// `part` with its span.
    pub fn spanned(&self, part: &'a str) -> Spanned<String> {
        Spanned::new(part.to_string(), self.span_of(part))
    }

    /// The lines of the text without their `\n`, `\r\n` or lone `\r`, each a slice of the
    /// text.
    pub fn lines(&self) -> impl Iterator<Item = &'a str> + 'a {
        crate::input::lines(self.text).map(|(_, line)| line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_of_slices() {
        let text = "ab\r\ncd ef\n";
        let source = Source::new(text);
        let lines: Vec<_> = source.lines().collect();
        assert_eq!(lines, ["ab", "cd ef", ""]);
        assert_eq!(source.span_of(lines[1]), 4..9);
        assert_eq!(source.span_of(&lines[1][3..]), 7..9);
        assert_eq!(source.span_of("elsewhere"), 0..0);
    }
}

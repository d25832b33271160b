//! The part of an input a diagnostic quotes, cut to a size a terminal can show.
//!
//! miette lays out a quoted line with `{:width$}` padding, and Rust refuses a width past
//! 65,535: a finding on a line that long (a pasted list with a run of 66,000 spaces) made
//! the renderer panic. Long lines and long spans are therefore cut here, before miette sees
//! them, while the line and column in the report stay those of the real input.

use miette::{MietteError, MietteSpanContents, SourceCode, SourceSpan, SpanContents};
use std::ops::Range;

use super::SourceText;

/// Lines longer than this (in bytes) are shown as a window around the finding. Far
/// below the 65,535 columns miette can lay out, even with every byte a tab.
pub const MAX_SHOWN_LINE_BYTES: usize = 1000;

/// Bytes of a long line shown.
const WINDOW_BYTES: usize = 400;

/// Bytes of a long line shown before the finding's start.
const LEAD_BYTES: usize = 80;

/// A span over more lines than this is shown by its first lines only.
pub const MAX_SHOWN_SPAN_LINES: usize = 100;

/// Inputs larger than this are always quoted through a snippet.
const ALWAYS_CUT_BYTES: usize = 64 * 1024;

/// Marks where a quoted line was cut.
const CUT: &str = "…";

/// A cut-down copy of the lines around a finding, standing in for the whole input.
#[derive(Debug, Clone)]
pub struct Snippet {
    name: String,
    whole: SourceText,
    text: String,
    /// 0-based line of the input on which `text` starts.
    first_line: usize,
    /// Pieces of `text` copied from the input: (offset in `text`, offset in the input, length).
    pieces: Vec<(usize, usize, usize)>,
}

impl Snippet {
    /// `None` when the lines around `span` are short enough to quote as they are (the
    /// usual case: the report then quotes the input itself). `span` must be clamped to the
    /// text and to character boundaries. Returns the snippet and the span within it.
    ///
    /// A large input is always cut: miette finds a span's line by scanning the text from
    /// its start, which over thousands of findings in a megabyte list added up to minutes.
    /// `line_of` gives the 0-based line of an offset (the caller's cached line starts).
    pub fn cut(
        name: &str,
        whole: &SourceText,
        span: Range<usize>,
        line_of: impl Fn(usize) -> usize,
    ) -> Option<(Snippet, Range<usize>)> {
        let text: &str = whole;
        let lines = line_ranges_around(text, &span);
        let span_lines = lines.iter().filter(|l| overlaps(l, &span)).count();
        if text.len() <= ALWAYS_CUT_BYTES
            && span_lines <= MAX_SHOWN_SPAN_LINES
            && lines.iter().all(|l| l.len() <= MAX_SHOWN_LINE_BYTES)
        {
            return None;
        }
        let first_line = line_of(lines.first().map_or(0, |l| l.start));
        // Of a long span, its first lines (and the one after, for context).
        let mut kept_span_lines = 0;
        let mut out = String::new();
        let mut pieces = Vec::new();
        let mut new_start = None;
        let mut new_end = None;
        for (i, line) in lines.iter().enumerate() {
            let in_span = overlaps(line, &span);
            if in_span {
                kept_span_lines += 1;
                if kept_span_lines > MAX_SHOWN_SPAN_LINES {
                    break;
                }
            }
            if i > 0 {
                out.push('\n');
            }
            let window = window_of(text, line, &span);
            if window.start > line.start {
                out.push_str(CUT);
            }
            let at = out.len();
            out.push_str(&text[window.clone()]);
            pieces.push((at, window.start, window.len()));
            if new_start.is_none() && span.start <= window.end && span.start >= line.start {
                new_start = Some(at + span.start.clamp(window.start, window.end) - window.start);
            }
            if in_span {
                new_end = Some(at + span.end.clamp(window.start, window.end) - window.start);
            }
            if window.end < line.end {
                out.push_str(CUT);
            }
        }
        let start = new_start.unwrap_or(0);
        let end = new_end.unwrap_or(start).max(start);
        let snippet = Snippet {
            name: name.to_string(),
            whole: whole.clone(),
            text: out,
            first_line,
            pieces,
        };
        Some((snippet, start..end))
    }

    /// The input offset a snippet offset was copied from (the nearest piece's end when it
    /// falls on a cut mark).
    fn input_offset(&self, offset: usize) -> usize {
        let mut found = 0;
        for &(at, from, len) in &self.pieces {
            if offset < at {
                break;
            }
            found = from + (offset - at).min(len);
        }
        found
    }
}

/// The lines around a span: one before, the span's own, one after (as miette shows them),
/// as byte ranges without their line breaks.
fn line_ranges_around(text: &str, span: &Range<usize>) -> Vec<Range<usize>> {
    let start_of = |offset: usize| text[..offset].rfind('\n').map_or(0, |n| n + 1);
    let end_of = |offset: usize| text[offset..].find('\n').map_or(text.len(), |n| offset + n);
    let mut first = start_of(span.start);
    if first > 0 {
        first = start_of(first - 1);
    }
    let mut lines = Vec::new();
    let mut at = first;
    let mut after_span = 0;
    loop {
        let end = end_of(at);
        let line = at..end;
        let past_span = line.start > span.end || (line.start == span.end && !span.is_empty());
        if past_span {
            after_span += 1;
        }
        // The line after the span for context; past the shown part of a long span, stop.
        if after_span > 1 || lines.len() > MAX_SHOWN_SPAN_LINES + 2 {
            break;
        }
        lines.push(line);
        if end >= text.len() {
            break;
        }
        at = end + 1;
    }
    lines
}

fn overlaps(line: &Range<usize>, span: &Range<usize>) -> bool {
    if span.is_empty() {
        line.start <= span.start && span.start <= line.end
    } else {
        line.start < span.end && span.start <= line.end
    }
}

/// The part of `line` to show: all of a short line; of a long one, a window starting a
/// little before the span (or the line's start when the span is elsewhere).
fn window_of(text: &str, line: &Range<usize>, span: &Range<usize>) -> Range<usize> {
    if line.len() <= MAX_SHOWN_LINE_BYTES {
        return line.clone();
    }
    let anchor = if (line.start..=line.end).contains(&span.start) {
        span.start.saturating_sub(LEAD_BYTES).max(line.start)
    } else {
        line.start
    };
    let start = super::files::floor_char_boundary(text, anchor);
    let end = super::files::floor_char_boundary(text, (start + WINDOW_BYTES).min(line.end));
    start..end
}

impl SourceCode for Snippet {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let contents =
            self.text
                .as_str()
                .read_span(span, context_lines_before, context_lines_after)?;
        // Line and column as in the input, so the report's `file:line:column` is true.
        let input_offset = self.input_offset(contents.span().offset());
        let whole: &str = &self.whole;
        let line_start = whole[..input_offset].rfind('\n').map_or(0, |n| n + 1);
        let column = whole[line_start..input_offset].chars().count();
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            contents.data(),
            *contents.span(),
            self.first_line + contents.line(),
            column,
            contents.line_count(),
        )))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cut(text: &'static str, span: Range<usize>) -> Option<(String, Range<usize>)> {
        let line_of = |offset: usize| text[..offset].matches('\n').count();
        Snippet::cut("t", &SourceText::Static(text), span, line_of).map(|(s, r)| (s.text, r))
    }

    #[test]
    fn short_lines_are_quoted_as_they_are() {
        assert!(cut("a\nbc\nd", 2..4).is_none());
    }

    #[test]
    fn a_long_line_is_cut_around_the_span() {
        let text: &'static str =
            Box::leak(format!("x\n{}word tail\ny", " ".repeat(70_000)).into_boxed_str());
        let start = 2 + 70_000;
        let (shown, span) = cut(text, start..start + 4).expect("cut");
        assert!(shown.len() < 2 * MAX_SHOWN_LINE_BYTES, "{}", shown.len());
        assert_eq!(&shown[span.clone()], "word");
        assert!(shown.starts_with("x\n…"));
        assert!(shown.ends_with("\ny"));
    }

    #[test]
    fn a_span_over_many_lines_shows_its_first_lines() {
        let text: &'static str = Box::leak("line\n".repeat(5000).into_boxed_str());
        let (shown, span) = cut(text, 0..text.len()).expect("cut");
        assert!(shown.lines().count() <= MAX_SHOWN_SPAN_LINES + 1);
        assert_eq!(span.start, 0);
        assert!(span.end <= shown.len());
    }
}

//! The source lines a diagnostic points at, as HTML: line numbers, and the span marked.

use super::escape::push_escaped;
use crate::report::{Location, SourceFiles};

/// Most lines of one span shown.
const MAX_LINES: usize = 3;
/// Bytes of text shown before a mark on a long line, and in all.
const BEFORE_MARK: usize = 80;
const LINE_BYTES: usize = 240;

/// `<pre class="src">` with the lines `location` covers (at most [`MAX_LINES`]), each
/// numbered and cut round the mark when long.
pub fn snippet(files: &SourceFiles, location: &Location) -> String {
    let text: &str = files.text(location.file);
    let span = files.clamp(location.file, location.span.clone());
    let (first_line, _) = files.line_column(location.file, span.start);
    let mut out = String::from("<pre class=\"src\">");
    let mut start = line_start(text, span.start);
    for number in first_line..first_line + MAX_LINES {
        let end = text[start..].find('\n').map_or(text.len(), |n| start + n);
        let line = text[start..end]
            .strip_suffix('\r')
            .unwrap_or(&text[start..end]);
        let line_end = start + line.len();
        let mark_start = span.start.max(start);
        let mark = mark_start..span.end.min(line_end).max(mark_start);
        if number == first_line || !mark.is_empty() {
            push_line(&mut out, number, text, start..line_end, mark);
        }
        if end >= text.len() || span.end <= end + 1 {
            break;
        }
        start = end + 1;
    }
    out.push_str("</pre>");
    out
}

fn line_start(text: &str, offset: usize) -> usize {
    text[..offset].rfind('\n').map_or(0, |n| n + 1)
}

/// One numbered line, `mark` inside `line` wrapped in `<mark>` (an empty span, a point, as
/// a caret), cut to a window round the mark.
fn push_line(
    out: &mut String,
    number: usize,
    text: &str,
    line: std::ops::Range<usize>,
    mark: std::ops::Range<usize>,
) {
    let from = boundary(text, mark.start.saturating_sub(BEFORE_MARK).max(line.start));
    let to = boundary(text, (from + LINE_BYTES).max(mark.end).min(line.end));
    let mark_start = mark.start.clamp(from, to);
    let mark_end = mark.end.clamp(mark_start, to);
    out.push_str(&format!("<span class=\"ln\">{number:>4}</span> "));
    if from > line.start {
        out.push('…');
    }
    push_escaped(out, &text[from..mark_start]);
    if mark_end > mark_start {
        out.push_str("<mark>");
        push_escaped(out, &text[mark_start..mark_end]);
        out.push_str("</mark>");
    } else if mark.is_empty() {
        out.push_str("<mark class=\"at\">▏</mark>");
    }
    push_escaped(out, &text[mark_end..to]);
    if to < line.end {
        out.push('…');
    }
    out.push('\n');
}

fn boundary(text: &str, mut offset: usize) -> usize {
    offset = offset.min(text.len());
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::FileId;

    fn shown(text: &str, span: std::ops::Range<usize>) -> String {
        let mut files = SourceFiles::default();
        let file: FileId = files.add("f", text.to_string());
        snippet(&files, &Location { file, span })
    }

    #[test]
    fn the_span_is_marked_on_its_numbered_line() {
        let html = shown("one\ntwo <x> three\nfour", 8..11);
        assert_eq!(
            html,
            "<pre class=\"src\"><span class=\"ln\">   2</span> two <mark>&lt;x&gt;</mark> three\n</pre>"
        );
    }

    #[test]
    fn a_span_over_lines_shows_each_and_a_point_shows_a_caret() {
        let html = shown("ab\ncd\nef\ngh\nij", 1..13);
        assert_eq!(html.matches("class=\"ln\"").count(), 3, "{html}");
        assert!(shown("abc", 1..1).contains("▏"));
    }

    #[test]
    fn a_long_line_is_cut_round_the_mark_on_character_boundaries() {
        let line = format!("{}X{}", "ñ".repeat(400), "é".repeat(400));
        let at = "ñ".repeat(400).len();
        let html = shown(&line, at..at + 1);
        assert!(html.contains("<mark>X</mark>"));
        assert!(html.len() < 1_000, "{}", html.len());
        assert!(html.contains('…'));
    }
}

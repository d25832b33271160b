use std::ops::Range;
use std::sync::Arc;

/// Index of a file in [`SourceFiles`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileId(pub u32);

/// The text of an input: borrowed for data compiled into the binary (copying megabytes
/// on every start would cost more than the lookup itself), shared for everything read.
#[derive(Debug, Clone)]
pub enum SourceText {
    Static(&'static str),
    Shared(Arc<str>),
}

impl std::ops::Deref for SourceText {
    type Target = str;
    fn deref(&self) -> &str {
        match self {
            SourceText::Static(text) => text,
            SourceText::Shared(text) => text,
        }
    }
}

impl From<&'static str> for SourceText {
    fn from(text: &'static str) -> Self {
        SourceText::Static(text)
    }
}

impl From<String> for SourceText {
    fn from(text: String) -> Self {
        SourceText::Shared(text.into())
    }
}

impl From<Arc<str>> for SourceText {
    fn from(text: Arc<str>) -> Self {
        SourceText::Shared(text)
    }
}

impl miette::SourceCode for SourceText {
    fn read_span<'a>(
        &'a self,
        span: &miette::SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let text: &'a str = self;
        text.read_span(span, context_lines_before, context_lines_after)
    }
}

/// The text of every input a command read, kept so findings can quote it.
#[derive(Debug, Default, Clone)]
pub struct SourceFiles {
    files: Vec<(String, SourceText, LineStarts, Shown)>,
}

/// The text of a file as a terminal is shown it, worked out on first use: `None` when it
/// has no control character to escape.
#[derive(Debug, Default, Clone)]
struct Shown(std::sync::OnceLock<Option<std::sync::Arc<super::VisibleSource>>>);

/// Where each line of a file starts, worked out on first use: a report asks for the line
/// of every card, and counting newlines from the top each time adds up over a folder.
#[derive(Debug, Default, Clone)]
struct LineStarts(std::sync::OnceLock<Vec<usize>>);

impl LineStarts {
    fn get(&self, text: &str) -> &[usize] {
        self.0.get_or_init(|| {
            std::iter::once(0)
                .chain(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1))
                .collect()
        })
    }
}

impl SourceFiles {
    pub fn add(&mut self, name: impl Into<String>, text: impl Into<SourceText>) -> FileId {
        self.files.push((
            name.into(),
            text.into(),
            LineStarts::default(),
            Shown::default(),
        ));
        FileId(self.files.len() as u32 - 1)
    }

    /// How many files are held.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }

    pub fn name(&self, id: FileId) -> &str {
        &self.files[id.0 as usize].0
    }

    pub fn text(&self, id: FileId) -> &SourceText {
        &self.files[id.0 as usize].1
    }

    /// The text with its control characters escaped, for quoting it to a person; `None`
    /// when it has none.
    pub fn shown(&self, id: FileId) -> Option<std::sync::Arc<super::VisibleSource>> {
        let (_, text, _, shown) = &self.files[id.0 as usize];
        shown
            .0
            .get_or_init(|| super::VisibleSource::of(text).map(std::sync::Arc::new))
            .clone()
    }

    /// 1-based line of a byte offset: [`SourceFiles::line_column`] without counting the
    /// characters of the column (a report gives the line of every card).
    pub fn line(&self, id: FileId, offset: usize) -> usize {
        let (_, text, starts, _) = &self.files[id.0 as usize];
        let offset = floor_char_boundary(text, offset.min(text.len()));
        starts.get(text).partition_point(|&start| start <= offset)
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_column(&self, id: FileId, offset: usize) -> (usize, usize) {
        let (_, text, starts, _) = &self.files[id.0 as usize];
        let offset = floor_char_boundary(text, offset.min(text.len()));
        let starts = starts.get(text);
        let line = starts.partition_point(|&start| start <= offset);
        let line_start = starts[line - 1];
        (line, text[line_start..offset].chars().count() + 1)
    }

    /// Clamp a span to the file and to character boundaries, so rendering never panics.
    pub fn clamp(&self, id: FileId, span: Range<usize>) -> Range<usize> {
        clamp_span(self.text(id), span)
    }
}

pub fn clamp_span(text: &str, span: Range<usize>) -> Range<usize> {
    let start = floor_char_boundary(text, span.start.min(text.len()));
    let end = floor_char_boundary(text, span.end.clamp(start, text.len()));
    start..end
}

/// The start of an input as text that is safe to quote: lossy UTF-8, at most `max` bytes
/// of it, control characters (but line breaks and tabs) shown as `?`.
pub fn shown_prefix(bytes: &[u8], max: usize) -> String {
    String::from_utf8_lossy(&bytes[..bytes.len().min(max)])
        .chars()
        .map(|c| {
            if c.is_control() && !matches!(c, '\n' | '\r' | '\t') {
                '?'
            } else {
                c
            }
        })
        .collect()
}

/// The first line with text on it, without leading blanks, at most `max` bytes long.
pub fn first_line_span(text: &str, max: usize) -> Range<usize> {
    let start = text.len() - text.trim_start().len();
    let end = text[start..]
        .find(['\n', '\r'])
        .map_or(text.len(), |n| start + n);
    start..floor_char_boundary(text, end.min(start.saturating_add(max)))
}

/// The last character boundary at or before `offset`.
pub(crate) fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_column_counts_characters_not_bytes() {
        let mut files = SourceFiles::default();
        let two_lines = files.add("a", "ab\nñx");
        let one_line = files.add("b", "ab");
        assert_eq!(files.line_column(two_lines, 5), (2, 2));
        assert_eq!(files.line_column(two_lines, 0), (1, 1));
        assert_eq!(files.line_column(two_lines, 3), (2, 1));
        assert_eq!(files.line_column(one_line, 99), (1, 3));
        for offset in 0..8 {
            assert_eq!(
                files.line(two_lines, offset),
                files.line_column(two_lines, offset).0,
                "offset {offset}"
            );
        }
    }

    #[test]
    fn first_line_of_blank_text_with_no_length_limit_stays_inside() {
        // Found by fuzzing: `start + usize::MAX` wrapped round to `start - 1`.
        let text = " ".repeat(256);
        let span = first_line_span(&text, usize::MAX);
        assert!(span.start <= span.end && span.end <= text.len(), "{span:?}");
    }

    #[test]
    fn clamp_stays_on_char_boundaries() {
        assert_eq!(clamp_span("ñ", 1..7), 0..2);
    }
}

//! Words of the small languages inside scenario strings. Each string is split into words
//! that keep their byte range in the file, so a diagnostic can point at the one word that is
//! wrong. The games' grammars (`xwing::words`, `armada`) are built on these.
use crate::report::{Code, FileId, Finding};
use std::ops::Range;

/// One word of a statement and where it is in the file.
#[derive(Debug, Clone)]
pub struct Word {
    pub text: String,
    pub span: Range<usize>,
}

/// Split a TOML string value into words. `span` is the span of the string literal; when the
/// literal is a plain one-line string the words get their own spans, otherwise (escapes,
/// multi-line strings) every word points at the whole literal.
pub fn split(source: &str, value: &str, span: Range<usize>) -> Vec<Word> {
    let literal = source.get(span.clone()).unwrap_or("");
    let exact = literal.len() == value.len() + 2 && &literal[1..literal.len() - 1] == value;
    let mut words = Vec::new();
    let mut start = None;
    for (i, c) in value
        .char_indices()
        .chain(std::iter::once((value.len(), ' ')))
    {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                let word_span = if exact {
                    span.start + 1 + s..span.start + 1 + i
                } else {
                    span.clone()
                };
                words.push(Word {
                    text: value[s..i].to_string(),
                    span: word_span,
                });
                start = None;
            }
            _ => {}
        }
    }
    words
}

/// A diagnostic about one word of a statement.
pub fn bad_word(
    file: FileId,
    code: Code,
    span: Range<usize>,
    message: String,
    label: &str,
    help: String,
) -> Finding {
    Finding::error(code, message)
        .at(file, span)
        .label(label.to_string())
        .help(help)
}

/// A closed set of words, each with its spelling: `as_str`, `parse`, `ALL` and `list`.
macro_rules! word_enum {
    ($(#[$meta:meta])* $name:ident { $($variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name { $($variant),+ }
        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }
            pub fn parse(word: &str) -> Option<$name> {
                match word { $($text => Some($name::$variant),)+ _ => None }
            }
            /// The allowed words, for help texts.
            pub fn list() -> String {
                Self::ALL.iter().map(|v| format!("`{}`", v.as_str())).collect::<Vec<_>>().join(", ")
            }
        }
    };
}

pub(crate) use word_enum;

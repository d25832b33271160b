//! How deep a TOML text nests its tables and arrays, counted before it is parsed.
//!
//! The TOML parser (toml_parser 1.1.5) recurses once per `{` or `[` it opens. Its own depth
//! guard (80 levels) can be lost after error recovery: the cards fuzz target found a 500 KB
//! file of unclosed inline tables, one per line, that it entered 7,000 deep and overflowed
//! the stack (an abort, not a panic). Counting with the parser's own lexer, so a bracket
//! inside a string or a comment is not counted, keeps every parse within this limit.
//!
//! The count is an upper bound on the parser's depth: an opening bracket always counts,
//! and a closing one only closes the innermost bracket of its own kind, as in the parser.

use std::ops::Range;
use toml_parser::lexer::TokenKind;

/// Real card, errata, format and scenario files nest three or four levels (an array of
/// inline tables holding arrays); toml's own limit is 80.
pub const MAX_TOML_NESTING: usize = 32;

/// The opening bracket that nests deeper than [`MAX_TOML_NESTING`], if one does.
pub fn too_deep(text: &str) -> Option<Range<usize>> {
    let mut open: Vec<TokenKind> = Vec::with_capacity(MAX_TOML_NESTING);
    for token in toml_parser::Source::new(text).lex() {
        let kind = token.kind();
        let closes = match kind {
            TokenKind::LeftCurlyBracket | TokenKind::LeftSquareBracket => {
                if open.len() >= MAX_TOML_NESTING {
                    let span = token.span();
                    return Some(span.start()..span.end());
                }
                open.push(kind);
                continue;
            }
            TokenKind::RightCurlyBracket => TokenKind::LeftCurlyBracket,
            TokenKind::RightSquareBracket => TokenKind::LeftSquareBracket,
            _ => continue,
        };
        if open.last() == Some(&closes) {
            open.pop();
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn real_nesting_passes() {
        let text = "[[pilot]]\npoints = [\n  { revisions = [\"a\", \"b\"], cost = 3 },\n]\n";
        assert_eq!(too_deep(&text.repeat(1_000)), None);
    }

    #[test]
    fn unclosed_tables_add_up_across_lines() {
        let line = "charg{\"faction\":es = { value = 2, recovers = 0 }\n";
        let text = format!("[[device]]\n{}", line.repeat(40));
        let span = too_deep(&text).expect("too deep");
        // Line 32 opens the 32nd level with `charg{`; its `{ value …}` would be the 33rd.
        assert_eq!(&text[span.start - 2..span.end], "= {");
        assert_eq!(text[..span.start].matches('\n').count(), 32);
    }

    #[test]
    fn brackets_in_strings_and_comments_do_not_count() {
        let text = format!(
            "a = \"{0}\"\nb = '{0}'\nc = \"\"\"\n{0}\n\"\"\"\n# {0}\n",
            "[{".repeat(100)
        );
        assert_eq!(too_deep(&text), None);
    }

    #[test]
    fn a_closing_bracket_of_the_other_kind_closes_nothing() {
        let text = "a = ".to_string() + &"{]".repeat(MAX_TOML_NESTING + 1);
        assert!(too_deep(&text).is_some());
        let balanced = "a = ".to_string() + &"[]".repeat(10_000);
        assert_eq!(too_deep(&balanced), None);
    }
}

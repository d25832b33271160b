//! The shape of the code: no function in `src/` longer than the brief allows, counted in raw
//! lines from the line of its `fn` to the line of its closing brace. The sources are read
//! with a small scanner that knows enough Rust to find `fn` items and match their braces:
//! comments, string, raw-string, byte and character literals and lifetimes are passed over.

use crate::support::{relative, root};
use std::path::{Path, PathBuf};

/// The brief: "functions short (< 150 lines, aim far lower)".
const MAX_FUNCTION_LINES: usize = 150;

#[test]
fn no_function_in_src_is_longer_than_150_lines() {
    let files = rust_files(&root().join("src"));
    assert!(files.len() > 50, "only {} files under src/", files.len());
    let mut long = Vec::new();
    for path in &files {
        let source = std::fs::read_to_string(path).unwrap();
        for function in functions(&source) {
            if function.lines > MAX_FUNCTION_LINES {
                long.push(format!(
                    "{}:{} fn {}: {} lines",
                    relative(path),
                    function.line,
                    function.name,
                    function.lines
                ));
            }
        }
    }
    assert!(
        long.is_empty(),
        "functions longer than {MAX_FUNCTION_LINES} lines:\n{}",
        long.join("\n")
    );
}

/// The scanner on the shapes a function takes, and on the literals and comments that could
/// fool it.
#[test]
fn the_scanner_measures_every_kind_of_function() {
    let source = r##"
pub fn one_line() -> u8 { 1 }
impl<T> Holder<T>
where
    T: Fn(u8) -> [u8; 2],
{
    pub(crate) async fn in_an_impl(&self, pointer: fn(u8) -> u8) -> Vec<[u8; 4]> {
        fn nested() {
            let _ = "} a brace in a string {";
        }
        let _ = r#"raw "} string"#;
        let _ = b'{';
        let _ = ('}', '\\'', '\\u{7b}');
        let _: &'static str = "\"}";
        /* a } block /* nested { */ comment */
        // a } line comment
    }
}
trait Declared {
    fn declared(&self) -> [u8; 3];
    fn defaulted<'a>(&'a self) -> &'a str
    where
        Self: Sized,
    {
        "é{"
    }
}
fn r#match() {}
"##;
    let found: Vec<(String, usize, usize)> = functions(source)
        .into_iter()
        .map(|f| (f.name, f.line, f.lines))
        .collect();
    let expected = [
        ("one_line", 2, 1),
        ("in_an_impl", 7, 11),
        ("nested", 8, 3),
        ("defaulted", 21, 6),
        ("r#match", 28, 1),
    ];
    let expected: Vec<(String, usize, usize)> = expected
        .iter()
        .map(|&(name, line, lines)| (name.to_string(), line, lines))
        .collect();
    assert_eq!(found, expected);
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// A function with a body: its name, the line of its `fn` and the lines up to its closing
/// brace.
#[derive(Debug)]
struct Function {
    name: String,
    line: usize,
    lines: usize,
}

/// Every function with a body in `source`, in order of their `fn`: free functions, methods,
/// trait methods with a default body, nested functions. Declarations ending in `;` and
/// function pointer types (`fn(u8) -> u8`) are not functions.
fn functions(source: &str) -> Vec<Function> {
    let tokens = tokens(source);
    let mut found = Vec::new();
    for (at, token) in tokens.iter().enumerate() {
        if token.text != "fn" {
            continue;
        }
        let Some(name) = tokens.get(at + 1).filter(|t| t.is_identifier()) else {
            continue;
        };
        if let Some(end) = body_end(&tokens[at + 2..]) {
            found.push(Function {
                name: name.text.to_string(),
                line: token.line,
                lines: end - token.line + 1,
            });
        }
    }
    found
}

/// The line of the brace closing the body that follows a signature, or `None` when the
/// signature ends in `;`. Brackets and parentheses are counted so that `[u8; 4]` in a
/// signature does not end it.
fn body_end(after_name: &[Token]) -> Option<usize> {
    let mut tokens = after_name.iter();
    let mut nesting = 0i32;
    loop {
        match tokens.next()?.text {
            "(" | "[" => nesting += 1,
            ")" | "]" => nesting -= 1,
            ";" if nesting == 0 => return None,
            "{" if nesting == 0 => break,
            _ => {}
        }
    }
    let mut depth = 1;
    for token in tokens {
        match token.text {
            "{" => depth += 1,
            "}" => {
                depth -= 1;
                if depth == 0 {
                    return Some(token.line);
                }
            }
            _ => {}
        }
    }
    None
}

/// An identifier, keyword or number, or one punctuation character, and its line.
#[derive(Debug)]
struct Token<'s> {
    text: &'s str,
    line: usize,
}

impl Token<'_> {
    fn is_identifier(&self) -> bool {
        self.text
            .bytes()
            .next()
            .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
    }
}

/// The tokens of Rust source that matter for finding functions, without comments,
/// literals of text and lifetimes.
fn tokens(source: &str) -> Vec<Token<'_>> {
    let mut scanner = Scanner {
        bytes: source.as_bytes(),
        at: 0,
        line: 1,
    };
    let mut tokens = Vec::new();
    while let Some(&byte) = scanner.bytes.get(scanner.at) {
        let start = scanner.at;
        let line = scanner.line;
        match byte {
            b'\n' => scanner.advance(1),
            b'/' if scanner.next_is(b'/') => scanner.skip_line_comment(),
            b'/' if scanner.next_is(b'*') => scanner.skip_block_comment(),
            b'"' => scanner.skip_string(),
            b'\'' => scanner.skip_char_or_lifetime(),
            b if b.is_ascii_alphanumeric() || b == b'_' => {
                let word = scanner.word();
                if !scanner.skip_prefixed_literal(word) {
                    tokens.push(Token {
                        text: scanner.raw_identifier(word, start),
                        line,
                    });
                }
            }
            b if b.is_ascii_punctuation() => {
                scanner.advance(1);
                tokens.push(Token {
                    text: &source[start..start + 1],
                    line,
                });
            }
            _ => scanner.advance(1),
        }
    }
    tokens
}

/// A position in source bytes and its line. Every delimiter is ASCII, and no byte of a
/// multi-byte UTF-8 character is, so bytes are enough.
struct Scanner<'s> {
    bytes: &'s [u8],
    at: usize,
    line: usize,
}

impl<'s> Scanner<'s> {
    fn advance(&mut self, count: usize) {
        let end = (self.at + count).min(self.bytes.len());
        self.line += self.bytes[self.at..end]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        self.at = end;
    }

    fn next_is(&self, byte: u8) -> bool {
        self.bytes.get(self.at + 1) == Some(&byte)
    }

    fn skip_line_comment(&mut self) {
        while self.bytes.get(self.at).is_some_and(|&b| b != b'\n') {
            self.advance(1);
        }
    }

    /// `/* … */`, nested ones included.
    fn skip_block_comment(&mut self) {
        let mut depth = 0;
        while self.at < self.bytes.len() {
            if self.bytes[self.at] == b'/' && self.next_is(b'*') {
                depth += 1;
                self.advance(2);
            } else if self.bytes[self.at] == b'*' && self.next_is(b'/') {
                depth -= 1;
                self.advance(2);
                if depth == 0 {
                    return;
                }
            } else {
                self.advance(1);
            }
        }
    }

    /// A `"…"` literal from its opening quote, escapes included.
    fn skip_string(&mut self) {
        self.advance(1);
        while let Some(&byte) = self.bytes.get(self.at) {
            match byte {
                b'\\' => self.advance(2),
                b'"' => return self.advance(1),
                _ => self.advance(1),
            }
        }
    }

    /// `r"…"`, `r#"…"#` and so on, from the first `#` or quote after the prefix.
    fn skip_raw_string(&mut self) {
        let hashes = self.bytes[self.at..]
            .iter()
            .take_while(|&&b| b == b'#')
            .count();
        self.advance(hashes + 1);
        let closing: Vec<u8> = std::iter::once(b'"')
            .chain(std::iter::repeat_n(b'#', hashes))
            .collect();
        while self.at < self.bytes.len() && !self.bytes[self.at..].starts_with(&closing) {
            self.advance(1);
        }
        self.advance(closing.len());
    }

    /// A character literal (`'{'`, `'\''`, `'é'`) or a lifetime or label (`'a`), from the
    /// quote.
    fn skip_char_or_lifetime(&mut self) {
        let rest = &self.bytes[self.at + 1..];
        if rest.first() == Some(&b'\\') {
            // The backslash, the character it escapes, then up to the closing quote.
            let to_quote = rest.iter().skip(2).position(|&b| b == b'\'').unwrap_or(0);
            return self.advance(1 + 2 + to_quote + 1);
        }
        let width = match rest.first() {
            Some(&b) if b >= 0xf0 => 4,
            Some(&b) if b >= 0xe0 => 3,
            Some(&b) if b >= 0xc0 => 2,
            _ => 1,
        };
        if rest.get(width) == Some(&b'\'') {
            self.advance(width + 2);
        } else {
            self.advance(1);
        }
    }

    /// A run of identifier characters from here (an identifier, keyword or number).
    fn word(&mut self) -> &'s str {
        let start = self.at;
        while self
            .bytes
            .get(self.at)
            .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
        {
            self.at += 1;
        }
        std::str::from_utf8(&self.bytes[start..self.at]).unwrap_or_default()
    }

    /// After a `b`, `r`, `br`, `c` or `cr` prefix: the literal it starts, passed over.
    fn skip_prefixed_literal(&mut self, prefix: &str) -> bool {
        let next = self.bytes.get(self.at).copied();
        let raw = matches!(prefix, "r" | "br" | "cr");
        match next {
            Some(b'"') if raw => self.skip_raw_string(),
            Some(b'"') if matches!(prefix, "b" | "c") => self.skip_string(),
            Some(b'\'') if prefix == "b" => self.skip_char_or_lifetime(),
            Some(b'#') if raw && self.raw_string_follows() => self.skip_raw_string(),
            _ => return false,
        }
        true
    }

    fn raw_string_follows(&self) -> bool {
        self.bytes[self.at..]
            .iter()
            .find(|&&b| b != b'#')
            .is_some_and(|&b| b == b'"')
    }

    /// `r#match` as one identifier; any other word as it is.
    fn raw_identifier(&mut self, word: &'s str, start: usize) -> &'s str {
        if word == "r" && self.bytes.get(self.at) == Some(&b'#') {
            self.at += 1;
            self.word();
            return std::str::from_utf8(&self.bytes[start..self.at]).unwrap_or(word);
        }
        word
    }
}

//! A small JSON reader that keeps the byte span of every value and key, so XWS problems
//! can point at the exact token. Hand-written recursive descent with hard limits on
//! nesting, items and string length: hostile input gets a located error, never a stack
//! overflow or a panic. Keys and strings borrow from the input; only a string with an
//! escape in it is copied, so reading a squad makes an allocation per list and object
//! rather than one per key and value.

use std::borrow::Cow;
use std::ops::Range;

/// Deepest nesting accepted. XWS needs 5 levels (squad, pilots, pilot, upgrades, slot).
pub const MAX_DEPTH: usize = 32;
/// Most items in one array or members in one object. A squad has at most a few dozen.
pub const MAX_ITEMS: usize = 1_000;
/// Longest string accepted, in bytes after unescaping.
pub const MAX_STRING_BYTES: usize = 10_000;

/// A JSON value and the bytes it was read from.
#[derive(Debug, Clone, PartialEq)]
pub struct Json<'a> {
    pub value: JsonValue<'a>,
    pub span: Range<usize>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum JsonValue<'a> {
    Null,
    Bool(bool),
    Number(Number),
    /// The text as read: borrowed from the input unless it had escapes.
    String(Cow<'a, str>),
    Array(Vec<Json<'a>>),
    Object(Vec<Member<'a>>),
}

/// A number: its value as a float, and as an integer when written without fraction or
/// exponent and within `i64`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Number {
    pub float: f64,
    pub integer: Option<i64>,
}

/// One `"key": value` of an object, in input order; duplicates are kept.
#[derive(Debug, Clone, PartialEq)]
pub struct Member<'a> {
    pub key: Cow<'a, str>,
    pub key_span: Range<usize>,
    pub value: Json<'a>,
}

impl<'a> Json<'a> {
    /// Short name of the value's type for messages ("a string", "an object").
    pub fn kind(&self) -> &'static str {
        match self.value {
            JsonValue::Null => "null",
            JsonValue::Bool(_) => "true or false",
            JsonValue::Number(_) => "a number",
            JsonValue::String(_) => "a string",
            JsonValue::Array(_) => "a list",
            JsonValue::Object(_) => "an object",
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match &self.value {
            JsonValue::String(s) => Some(s),
            _ => None,
        }
    }
}

/// Why the text is not JSON, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonError {
    pub message: String,
    pub span: Range<usize>,
    pub label: String,
    pub help: String,
}

/// Read one JSON document (a leading byte-order mark is skipped).
pub fn parse(text: &str) -> Result<Json<'_>, JsonError> {
    let mut reader = Reader {
        text,
        pos: 0,
        items: Vec::new(),
        members: Vec::new(),
    };
    if text.starts_with('\u{feff}') {
        reader.pos = '\u{feff}'.len_utf8();
    }
    reader.skip_whitespace();
    let value = reader.value(0)?;
    reader.skip_whitespace();
    if reader.pos < text.len() {
        return Err(reader.error(
            reader.token_span(),
            "unexpected text after the JSON value",
            "the JSON value ends before this",
            "a file holds one squad: remove what follows, or check for a missing `[` or `{`",
        ));
    }
    Ok(value)
}

struct Reader<'a> {
    text: &'a str,
    pos: usize,
    /// The items of the lists being read, innermost last: a list's items gather here and
    /// move into a vector of their exact number when it closes (one allocation a list,
    /// none for growing).
    items: Vec<Json<'a>>,
    /// The same for the members of objects.
    members: Vec<Member<'a>>,
}

impl<'a> Reader<'a> {
    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    fn peek(&self) -> Option<u8> {
        self.bytes().get(self.pos).copied()
    }

    fn skip_whitespace(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.pos += 1;
        }
    }

    fn error(
        &self,
        span: Range<usize>,
        message: impl Into<String>,
        label: impl Into<String>,
        help: impl Into<String>,
    ) -> JsonError {
        // The cursor moves byte by byte inside strings: widen the span to whole
        // characters so it can be quoted.
        let mut start = span.start.min(self.text.len());
        while !self.text.is_char_boundary(start) {
            start -= 1;
        }
        let mut end = span.end.clamp(start, self.text.len());
        while !self.text.is_char_boundary(end) {
            end += 1;
        }
        JsonError {
            message: message.into(),
            span: start..end,
            label: label.into(),
            help: help.into(),
        }
    }

    /// The character at the cursor (empty at the end).
    fn char_span(&self) -> Range<usize> {
        let len = self.text[self.pos..]
            .chars()
            .next()
            .map_or(0, char::len_utf8);
        self.pos..self.pos + len
    }

    /// The word at the cursor (letters, digits, `_`), or its one character.
    fn token_span(&self) -> Range<usize> {
        let word = self.text[self.pos..]
            .char_indices()
            .find(|(_, c)| !(c.is_alphanumeric() || *c == '_'))
            .map_or(self.text.len() - self.pos, |(i, _)| i);
        if word == 0 {
            self.char_span()
        } else {
            self.pos..self.pos + word
        }
    }

    fn end_of_input(&self, expected: &str) -> JsonError {
        let end = self.text.len();
        self.error(
            end..end,
            format!("the JSON ends early: expected {expected}"),
            "input ends here",
            "the file may be cut off; every `{` and `[` needs its `}` and `]`",
        )
    }

    fn value(&mut self, depth: usize) -> Result<Json<'a>, JsonError> {
        match self.peek() {
            None => Err(self.end_of_input("a value")),
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => {
                let start = self.pos;
                let s = self.string()?;
                Ok(Json {
                    value: JsonValue::String(s),
                    span: start..self.pos,
                })
            }
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => self.literal(),
        }
    }

    fn too_deep(&self, depth: usize) -> Result<(), JsonError> {
        if depth >= MAX_DEPTH {
            return Err(self.error(
                self.pos..self.pos + 1,
                format!("the JSON nests deeper than {MAX_DEPTH} levels"),
                "too deep",
                "an XWS squad nests 5 levels deep; this is not a squad file",
            ));
        }
        Ok(())
    }

    fn too_many(&self, start: usize, what: &str) -> JsonError {
        self.error(
            start..self.pos,
            format!("more than {MAX_ITEMS} {what}"),
            format!("item {} starts here", MAX_ITEMS + 1),
            "a squad has a few dozen entries at most; this is not a squad file",
        )
    }

    fn object(&mut self, depth: usize) -> Result<Json<'a>, JsonError> {
        self.too_deep(depth)?;
        let open = self.pos;
        self.pos += 1;
        let first = self.members.len();
        self.skip_whitespace();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(Json {
                value: JsonValue::Object(Vec::new()),
                span: open..self.pos,
            });
        }
        loop {
            self.skip_whitespace();
            let key_start = self.pos;
            match self.peek() {
                Some(b'"') => {}
                Some(b'}') => {
                    return Err(self.error(
                        self.char_span(),
                        "a comma before `}`",
                        "nothing follows the comma",
                        "JSON allows no comma after the last member: remove it",
                    ));
                }
                None => return Err(self.end_of_input("a key or `}`")),
                Some(_) => {
                    return Err(self.error(
                        self.token_span(),
                        "expected a key in double quotes",
                        "not a quoted key",
                        "JSON keys are written in double quotes: \"faction\": …",
                    ));
                }
            }
            if self.members.len() - first == MAX_ITEMS {
                return Err(self.too_many(key_start, "members in one object"));
            }
            let key = self.string()?;
            let key_span = key_start..self.pos;
            self.skip_whitespace();
            match self.peek() {
                Some(b':') => self.pos += 1,
                None => return Err(self.end_of_input("`:`")),
                Some(_) => {
                    return Err(self.error(
                        self.char_span(),
                        "expected `:` after the key",
                        "`:` belongs here",
                        "write each member as \"key\": value",
                    ));
                }
            }
            self.skip_whitespace();
            let value = self.value(depth + 1)?;
            self.members.push(Member {
                key,
                key_span,
                value,
            });
            self.skip_whitespace();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(Json {
                        value: JsonValue::Object(self.members.drain(first..).collect()),
                        span: open..self.pos,
                    });
                }
                None => return Err(self.end_of_input("`,` or `}`")),
                Some(_) => {
                    return Err(self.error(
                        self.char_span(),
                        "expected `,` or `}` after the value",
                        "a comma is missing before this, or a `}`",
                        "separate members with commas and close the object with `}`",
                    ));
                }
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Json<'a>, JsonError> {
        self.too_deep(depth)?;
        let open = self.pos;
        self.pos += 1;
        let first = self.items.len();
        self.skip_whitespace();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(Json {
                value: JsonValue::Array(Vec::new()),
                span: open..self.pos,
            });
        }
        loop {
            self.skip_whitespace();
            if self.peek() == Some(b']') {
                return Err(self.error(
                    self.char_span(),
                    "a comma before `]`",
                    "nothing follows the comma",
                    "JSON allows no comma after the last item: remove it",
                ));
            }
            if self.items.len() - first == MAX_ITEMS {
                return Err(self.too_many(self.pos, "items in one list"));
            }
            let item = self.value(depth + 1)?;
            self.items.push(item);
            self.skip_whitespace();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(Json {
                        value: JsonValue::Array(self.items.drain(first..).collect()),
                        span: open..self.pos,
                    });
                }
                None => return Err(self.end_of_input("`,` or `]`")),
                Some(_) => {
                    return Err(self.error(
                        self.char_span(),
                        "expected `,` or `]` after the item",
                        "a comma is missing before this, or a `]`",
                        "separate list items with commas and close the list with `]`",
                    ));
                }
            }
        }
    }

    /// A string starting at the cursor's `"`; the cursor ends after the closing quote.
    /// Borrowed from the input up to the first escape; copied from there on.
    fn string(&mut self) -> Result<Cow<'a, str>, JsonError> {
        let open = self.pos;
        self.pos += 1;
        let mut out: Option<String> = None;
        let mut run_start = self.pos;
        loop {
            let Some(byte) = self.peek() else {
                return Err(self.error(
                    open..open + 1,
                    "a string is not closed",
                    "this string has no closing `\"`",
                    "add the closing double quote",
                ));
            };
            match byte {
                b'"' => break,
                b'\\' => {
                    let copied = out.get_or_insert_with(String::new);
                    copied.push_str(&self.text[run_start..self.pos]);
                    self.escape(copied)?;
                    run_start = self.pos;
                }
                0x00..=0x1f => {
                    return Err(self.error(
                        self.pos..self.pos + 1,
                        "a control character inside a string",
                        if byte == b'\n' {
                            "line break inside the string"
                        } else {
                            "control character"
                        },
                        "strings cannot span lines in JSON; write \\n, or close the string",
                    ));
                }
                _ => self.skip_plain(open),
            }
            if self.pos - open > MAX_STRING_BYTES + 2 {
                return Err(self.too_long(open));
            }
        }
        let run = &self.text[run_start..self.pos];
        self.pos += 1;
        let text = match out {
            None => Cow::Borrowed(run),
            Some(mut copied) => {
                copied.push_str(run);
                Cow::Owned(copied)
            }
        };
        if text.len() > MAX_STRING_BYTES {
            return Err(self.too_long(open));
        }
        Ok(text)
    }

    /// Moves over the run of plain bytes at the cursor (no quote, backslash or control
    /// character) in one scan rather than a loop turn per byte, stopping where the byte
    /// loop would have found the string too long.
    fn skip_plain(&mut self, open: usize) {
        let rest = self.bytes().get(self.pos..).unwrap_or_default();
        let run = rest
            .iter()
            .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
            .unwrap_or(rest.len());
        let too_long_at = open + MAX_STRING_BYTES + 3;
        self.pos = (self.pos + run).min(too_long_at);
    }

    fn too_long(&self, open: usize) -> JsonError {
        self.error(
            open..self.pos,
            format!("a string longer than {MAX_STRING_BYTES} bytes"),
            "this string",
            "squad names and ids are short; this is not a squad file",
        )
    }

    /// One escape after `\`; the cursor is on the backslash.
    fn escape(&mut self, out: &mut String) -> Result<(), JsonError> {
        let start = self.pos;
        self.pos += 1;
        let Some(byte) = self.peek() else {
            return Err(self.end_of_input("an escape after `\\`"));
        };
        self.pos += 1;
        let c = match byte {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => {
                let high = self.hex4(start)?;
                if (0xD800..0xDC00).contains(&high) {
                    if self.text[self.pos..].starts_with("\\u") {
                        self.pos += 2;
                        let low = self.hex4(start)?;
                        if (0xDC00..0xE000).contains(&low) {
                            let code = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
                            char::from_u32(code).unwrap_or('\u{fffd}')
                        } else {
                            return Err(self.bad_surrogate(start));
                        }
                    } else {
                        return Err(self.bad_surrogate(start));
                    }
                } else if (0xDC00..0xE000).contains(&high) {
                    return Err(self.bad_surrogate(start));
                } else {
                    char::from_u32(high).unwrap_or('\u{fffd}')
                }
            }
            _ => {
                let escaped = self.text[start + 1..]
                    .chars()
                    .next()
                    .map_or(0, char::len_utf8);
                let span = start..start + 1 + escaped;
                return Err(self.error(
                    span,
                    "an unknown escape in a string",
                    "not a JSON escape",
                    "JSON knows \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX; write a backslash as \\\\",
                ));
            }
        };
        out.push(c);
        Ok(())
    }

    fn hex4(&mut self, escape_start: usize) -> Result<u32, JsonError> {
        let digits = self.text.get(self.pos..self.pos + 4).unwrap_or("");
        match u32::from_str_radix(digits, 16) {
            Ok(value) if digits.len() == 4 && digits.bytes().all(|b| b.is_ascii_hexdigit()) => {
                self.pos += 4;
                Ok(value)
            }
            _ => Err(self.error(
                escape_start..self.pos.min(self.text.len()),
                "`\\u` needs four hex digits",
                "incomplete escape",
                "write a character as \\u followed by four hex digits, e.g. \\u00e9",
            )),
        }
    }

    fn bad_surrogate(&self, start: usize) -> JsonError {
        self.error(
            start..self.pos,
            "a lone UTF-16 surrogate in a `\\u` escape",
            "half of a character",
            "characters above U+FFFF are written as two escapes, \\uD83D\\uDE00",
        )
    }

    fn number(&mut self) -> Result<Json<'a>, JsonError> {
        let start = self.pos;
        let bytes = self.bytes();
        let mut end = start;
        if bytes.get(end) == Some(&b'-') {
            end += 1;
        }
        let int_start = end;
        while bytes.get(end).is_some_and(u8::is_ascii_digit) {
            end += 1;
        }
        let int_digits = end - int_start;
        let mut integral = true;
        let mut valid = int_digits > 0 && !(int_digits > 1 && bytes.get(int_start) == Some(&b'0'));
        if bytes.get(end) == Some(&b'.') {
            integral = false;
            end += 1;
            let frac_start = end;
            while bytes.get(end).is_some_and(u8::is_ascii_digit) {
                end += 1;
            }
            valid &= end > frac_start;
        }
        if matches!(bytes.get(end), Some(b'e' | b'E')) {
            integral = false;
            end += 1;
            if matches!(bytes.get(end), Some(b'+' | b'-')) {
                end += 1;
            }
            let exp_start = end;
            while bytes.get(end).is_some_and(u8::is_ascii_digit) {
                end += 1;
            }
            valid &= end > exp_start;
        }
        // A number runs into letters (`12px`) or more dots: take the whole token.
        while bytes
            .get(end)
            .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'.')
        {
            valid = false;
            end += 1;
        }
        let raw = &self.text[start..end];
        self.pos = end;
        let integer = if valid && integral {
            raw.parse::<i64>().ok()
        } else {
            None
        };
        // An integer within i64 converts to the float its text reads as (both round to
        // nearest), except `-0`, whose float keeps the sign: parse the text only then.
        let float = match integer {
            Some(i) if i != 0 || !raw.starts_with('-') => Some(i as f64),
            _ => raw.parse::<f64>().ok().filter(|f| f.is_finite()),
        };
        match (valid, float) {
            (true, Some(float)) => Ok(Json {
                value: JsonValue::Number(Number { float, integer }),
                span: start..end,
            }),
            _ => Err(self.error(
                start..end,
                format!("`{raw}` is not a JSON number"),
                "not a number",
                "JSON numbers are digits with an optional `-`, fraction and exponent, without leading zeros",
            )),
        }
    }

    fn literal(&mut self) -> Result<Json<'a>, JsonError> {
        let span = self.token_span();
        let word = &self.text[span.clone()];
        let value = match word {
            "true" => JsonValue::Bool(true),
            "false" => JsonValue::Bool(false),
            "null" => JsonValue::Null,
            _ => {
                let help = match word {
                    "True" | "False" | "Null" | "TRUE" | "FALSE" | "NULL" | "None" => {
                        "JSON writes true, false and null in lower case"
                    }
                    "'" => "JSON strings are in double quotes, not single quotes",
                    "NaN" | "Infinity" => "JSON has no NaN or Infinity",
                    _ => {
                        "a JSON value is an object, list, string in double quotes, number, true, false or null"
                    }
                };
                return Err(self.error(span, "expected a JSON value", "not a JSON value", help));
            }
        };
        self.pos = span.end;
        Ok(Json { value, span })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> JsonError {
        parse(text).unwrap_err()
    }

    #[test]
    fn keeps_spans_of_keys_and_values() {
        let text = r#" {"a": [1, "x\"y", true], "b": {"c": null}} "#;
        let json = parse(text).unwrap();
        assert_eq!(json.span, 1..text.len() - 1);
        let JsonValue::Object(members) = &json.value else {
            panic!()
        };
        assert_eq!(&text[members[0].key_span.clone()], "\"a\"");
        let JsonValue::Array(items) = &members[0].value.value else {
            panic!()
        };
        assert_eq!(&text[items[1].span.clone()], "\"x\\\"y\"");
        assert_eq!(items[1].as_str(), Some("x\"y"));
        assert_eq!(&text[members[1].value.span.clone()], "{\"c\": null}");
    }

    #[test]
    fn numbers() {
        let json = parse("[0, -12, 2.5, 1e3, 99999999999999999999]").unwrap();
        let JsonValue::Array(items) = json.value else {
            panic!()
        };
        let ints: Vec<_> = items
            .iter()
            .map(|i| match i.value {
                JsonValue::Number(n) => n.integer,
                _ => panic!(),
            })
            .collect();
        assert_eq!(ints, [Some(0), Some(-12), None, None, None]);
        for bad in ["01", "1.", "-", "1e", "12px", ".5"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn escapes_and_surrogates() {
        let json = parse(r#""\u00e9\uD83D\uDE00\n""#).unwrap();
        assert_eq!(json.as_str(), Some("é😀\n"));
        assert!(parse(r#""\uD83D""#).is_err());
        assert!(parse(r#""\q""#).is_err());
        assert!(parse(r#""\u12""#).is_err());
    }

    #[test]
    fn errors_are_located() {
        let e = err("{\"a\": 1,}");
        assert_eq!(e.span, 8..9);
        let e = err("{\"a\" 1}");
        assert_eq!(e.span, 5..6);
        let e = err("{a: 1}");
        assert_eq!(e.span, 1..2);
        let e = err("[1 2]");
        assert_eq!(e.span, 3..4);
        let e = err("\"abc");
        assert_eq!(e.span, 0..1);
        let e = err("[True]");
        assert_eq!(e.span, 1..5);
        assert!(e.help.contains("lower case"));
        let e = err("{} x");
        assert_eq!(e.span, 3..4);
        let e = err("[1,");
        assert_eq!(e.span, 3..3);
        let e = err("\"a\nb\"");
        assert_eq!(e.span, 2..3);
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        let text = "[".repeat(100_000);
        let e = err(&text);
        assert_eq!(e.span, MAX_DEPTH..MAX_DEPTH + 1);
        let nested = format!("{}1{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(parse(&nested).is_ok());
        let objects = "{\"a\":".repeat(MAX_DEPTH + 1);
        assert!(err(&objects).message.contains("deeper"));
    }

    #[test]
    fn size_limits() {
        let many = format!("[{}0]", "0,".repeat(MAX_ITEMS));
        let e = err(&many);
        assert!(e.message.contains("more than"));
        assert_eq!(e.span.start, 1 + 2 * MAX_ITEMS);
        let long = format!("\"{}\"", "a".repeat(MAX_STRING_BYTES + 1));
        assert!(err(&long).message.contains("longer"));
        let ok = format!("\"{}\"", "a".repeat(MAX_STRING_BYTES));
        assert!(parse(&ok).is_ok());
    }

    #[test]
    fn a_long_string_is_cut_where_the_byte_by_byte_reader_cut_it() {
        // The reader stops after MAX_STRING_BYTES + 2 bytes from the opening quote, closed
        // or not; a cut inside a character widens to its end.
        let long = format!("\"{}\"", "a".repeat(MAX_STRING_BYTES + 5));
        assert_eq!(err(&long).span, 0..MAX_STRING_BYTES + 3);
        let unclosed = format!("[\"{}", "a".repeat(MAX_STRING_BYTES + 5));
        assert_eq!(err(&unclosed).span, 1..MAX_STRING_BYTES + 4);
        let wide = format!("\"a{}", "é".repeat(MAX_STRING_BYTES));
        assert_eq!(err(&wide).span, 0..MAX_STRING_BYTES + 4);
        let escaped = format!("\"{}\"", "\\n".repeat(MAX_STRING_BYTES / 2 + 1));
        assert!(err(&escaped).message.contains("longer"));
        let short_unclosed = format!("\"{}", "a".repeat(10));
        assert_eq!(err(&short_unclosed).span, 0..1);
    }

    #[test]
    fn integers_keep_the_float_their_text_reads_as() {
        let json = parse("[-0, 0, 9007199254740993, -9223372036854775808, 12]").unwrap();
        let JsonValue::Array(items) = json.value else {
            panic!()
        };
        let numbers: Vec<Number> = items
            .iter()
            .map(|i| match i.value {
                JsonValue::Number(n) => n,
                _ => panic!(),
            })
            .collect();
        for (n, text) in
            numbers
                .iter()
                .zip(["-0", "0", "9007199254740993", "-9223372036854775808", "12"])
        {
            let read: f64 = text.parse().unwrap();
            assert_eq!(n.float.to_bits(), read.to_bits(), "{text}");
            assert_eq!(n.integer, text.parse().ok(), "{text}");
        }
    }

    #[test]
    fn multibyte_text_never_splits_characters() {
        for text in [
            "é",
            "[é]",
            "{\"é\" é}",
            "\"\\é\"",
            "[1é]",
            "{\"a\":1}é",
            "\u{feff}[]",
        ] {
            let _ = parse(text);
        }
        assert!(parse("\u{feff}[]").is_ok());
    }
}

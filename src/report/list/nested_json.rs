//! serde_json's indented layout for a value that sits some levels deep in a larger
//! document, written straight into that document's buffer: the same bytes as
//! `to_string_pretty` with every line moved right, without the intermediate text and its
//! copy line by line.

use serde::Serialize;
use serde_json::ser::Formatter;
use std::io::{self, Write};

/// One level of indentation, as `to_string_pretty` writes it.
const INDENT: &[u8] = b"  ";

/// A line break and sixteen levels of indentation, cut to a line's depth.
const NEW_LINES: &[u8] = b"\n                                ";

/// `value` in serde_json's pretty layout, its first line not indented and every later line
/// indented by `depth` levels more than `to_string_pretty` puts it, appended to `out`.
pub fn write_nested(out: &mut Vec<u8>, value: &impl Serialize, depth: usize) {
    let formatter = NestedPretty {
        level: depth,
        has_value: false,
    };
    let mut serializer = serde_json::Serializer::with_formatter(out, formatter);
    // Writing to memory fails only on a value serde_json refuses (a map with keys that are
    // not strings), which no report holds; the text so far stays, as `pretty` would leave
    // an empty one.
    let _ = value.serialize(&mut serializer);
}

/// serde_json's `PrettyFormatter` starting at `level` rather than 0.
struct NestedPretty {
    level: usize,
    has_value: bool,
}

impl NestedPretty {
    /// A line break and the indentation of the level, in one write for the usual depths
    /// (a list's JSON has a few hundred lines).
    fn new_line<W: ?Sized + Write>(&self, writer: &mut W) -> io::Result<()> {
        let width = self.level * INDENT.len();
        if let Some(line_start) = NEW_LINES.get(..width + 1) {
            return writer.write_all(line_start);
        }
        writer.write_all(b"\n")?;
        for _ in 0..self.level {
            writer.write_all(INDENT)?;
        }
        Ok(())
    }

    fn open<W: ?Sized + Write>(&mut self, writer: &mut W, bracket: &[u8]) -> io::Result<()> {
        self.level += 1;
        self.has_value = false;
        writer.write_all(bracket)
    }

    fn close<W: ?Sized + Write>(&mut self, writer: &mut W, bracket: &[u8]) -> io::Result<()> {
        self.level = self.level.saturating_sub(1);
        if self.has_value {
            self.new_line(writer)?;
        }
        writer.write_all(bracket)
    }

    fn item<W: ?Sized + Write>(&self, writer: &mut W, first: bool) -> io::Result<()> {
        if !first {
            writer.write_all(b",")?;
        }
        self.new_line(writer)
    }
}

impl Formatter for NestedPretty {
    fn begin_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.open(writer, b"[")
    }

    fn end_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.close(writer, b"]")
    }

    fn begin_array_value<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.item(writer, first)
    }

    fn end_array_value<W: ?Sized + Write>(&mut self, _writer: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }

    fn begin_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.open(writer, b"{")
    }

    fn end_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.close(writer, b"}")
    }

    fn begin_object_key<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.item(writer, first)
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        writer.write_all(b": ")
    }

    fn end_object_value<W: ?Sized + Write>(&mut self, _writer: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn indented_pretty(value: &serde_json::Value, prefix: &str) -> String {
        let text = serde_json::to_string_pretty(value).unwrap_or_default();
        text.lines()
            .map(|l| format!("{prefix}{l}"))
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn the_same_bytes_as_pretty_text_moved_right() {
        let value = json!({
            "a": [1, {"b": [], "c": {}}, [[], [2, 3]]],
            "text": "line\nbreak \"quoted\" \u{1b}",
            "empty": {},
            "none": null,
            "nested": {"x": {"y": {"z": [true, false]}}}
        });
        // 14 levels and the value's own nesting pass the sixteen written in one piece.
        for depth in [0, 1, 2, 3, 14] {
            let mut out = "  ".repeat(depth).into_bytes();
            write_nested(&mut out, &value, depth);
            assert_eq!(
                String::from_utf8(out).unwrap_or_default(),
                indented_pretty(&value, &"  ".repeat(depth)),
                "depth {depth}"
            );
        }
    }
}

//! How much a data file or a scenario may hold before it is parsed. The TOML parser
//! builds every token, table and value of a file in memory at once, at tens to hundreds
//! of bytes each, and about a kilobyte per table: a megabyte of `{b=1},` or `[[upgrade]]` lines takes a
//! quarter of a gigabyte. Counting the bytes that open those things first keeps a hostile
//! file's memory bounded by these numbers, not by its size.
//!
//! The counts are upper bounds (a `,` inside a string counts too), so the limits sit far
//! above the densest real file: `cards/xwing/upgrades.toml` has about 37,000 items and
//! 7,900 tables and arrays.

use std::ops::Range;

/// Lines, keys, values and tables together: every `\n`, `=`, `,`, `.`, `{` and `[`.
pub const MAX_DATA_FILE_ITEMS: usize = 200_000;

/// Tables and arrays: every `{` and `[`. Each costs the parser far more than a plain value.
pub const MAX_DATA_FILE_TABLES: usize = 25_000;

/// Which of the two limits a file passed, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooDense {
    pub what: Density,
    /// The byte that went over the limit.
    pub at: Range<usize>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Density {
    Items,
    Tables,
}

impl Density {
    pub fn limit(self) -> usize {
        match self {
            Density::Items => MAX_DATA_FILE_ITEMS,
            Density::Tables => MAX_DATA_FILE_TABLES,
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            Density::Items => "lines, keys and values",
            Density::Tables => "tables and arrays",
        }
    }
}

/// The first place where `text` holds more than one file may, if it does.
pub fn too_dense(text: &str) -> Option<TooDense> {
    let (mut items, mut tables) = (0usize, 0usize);
    for (offset, byte) in text.bytes().enumerate() {
        match byte {
            b'{' | b'[' => {
                items += 1;
                tables += 1;
            }
            b'\n' | b'=' | b',' | b'.' => items += 1,
            _ => continue,
        }
        let what = if tables > MAX_DATA_FILE_TABLES {
            Density::Tables
        } else if items > MAX_DATA_FILE_ITEMS {
            Density::Items
        } else {
            continue;
        };
        return Some(TooDense {
            what,
            at: offset..offset + 1,
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn real_shapes_pass() {
        let record = "[[upgrade]]\nid = \"a\"\nslots = [\"cannon\", \"torpedo\"]\n";
        let text = record.repeat(MAX_DATA_FILE_TABLES / 4);
        assert_eq!(too_dense(&text), None);
    }

    #[test]
    fn tables_are_counted_before_items() {
        let text = "{b=1},".repeat(MAX_DATA_FILE_TABLES + 1);
        let found = too_dense(&text).expect("too many tables");
        assert_eq!(found.what, Density::Tables);
        // The 25,001st `{` is the first byte of the 25,001st copy.
        assert_eq!(found.at.start, MAX_DATA_FILE_TABLES * 6);
        assert_eq!(&text[found.at], "{");
    }

    #[test]
    fn lines_count_as_items() {
        let text = "\n".repeat(MAX_DATA_FILE_ITEMS + 5);
        let found = too_dense(&text).expect("too many lines");
        assert_eq!(found.what, Density::Items);
        assert_eq!(found.at, MAX_DATA_FILE_ITEMS..MAX_DATA_FILE_ITEMS + 1);
    }

    #[test]
    fn long_strings_and_spaces_are_not_items() {
        let text = format!("a = \"{}\"\n{}", "x".repeat(1 << 20), " ".repeat(1 << 20));
        assert_eq!(too_dense(&text), None);
    }
}

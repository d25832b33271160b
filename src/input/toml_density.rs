//! How much a data file or a scenario may hold before it is parsed. The TOML parser
//! builds every token, table and value of a file in memory at once, at tens to hundreds
//! of bytes each, and about a kilobyte per table: a megabyte of `{b=1},` or `[[upgrade]]`
//! lines takes a quarter of a gigabyte. Counting the bytes that open those things first keeps a hostile
//! file's memory bounded by these numbers, not by its size.
//!
//! The counts are upper bounds (a `,` inside a string counts too), so the limits sit far
//! above the densest real file: `cards/xwing/upgrades.toml` has about 37,000 items and
//! 7,900 tables and arrays.

use std::ops::Range;

/// How much one file may hold: lines, keys, values and tables together (every `\n`, `=`,
/// `,`, `.`, `{` and `[`), and tables and arrays alone (every `{` and `[`), which cost the
/// parser far more than a plain value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DensityLimits {
    pub items: usize,
    pub tables: usize,
}

/// Card, errata, format and glossary files. At these limits one file peaks at about
/// 46 MiB while it is parsed.
pub const DATA_FILE: DensityLimits = DensityLimits {
    items: 200_000,
    tables: 25_000,
};

/// Scenarios: a stress scenario of 10,000 abilities (the largest the tests resolve)
/// holds 200,039 items and 40,009 tables; these are two and a half times that. At these
/// limits one scenario peaks at about 150 MB while it is parsed, under the 500 MB a
/// scenario may take.
pub const SCENARIO: DensityLimits = DensityLimits {
    items: 500_000,
    tables: 100_000,
};

/// Which of the two limits a file passed, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooDense {
    pub what: Density,
    pub limit: usize,
    /// The byte that went over the limit.
    pub at: Range<usize>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Density {
    Items,
    Tables,
}

impl Density {
    pub fn describe(self) -> &'static str {
        match self {
            Density::Items => "lines, keys and values",
            Density::Tables => "tables and arrays",
        }
    }
}

/// The first place where `text` holds more than `limits` allow, if it does.
pub fn too_dense(text: &str, limits: DensityLimits) -> Option<TooDense> {
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
        let (what, limit) = if tables > limits.tables {
            (Density::Tables, limits.tables)
        } else if items > limits.items {
            (Density::Items, limits.items)
        } else {
            continue;
        };
        return Some(TooDense {
            what,
            limit,
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
        let text = record.repeat(DATA_FILE.tables / 4);
        assert_eq!(too_dense(&text, DATA_FILE), None);
    }

    #[test]
    fn tables_are_counted_before_items() {
        let text = "{b=1},".repeat(DATA_FILE.tables + 1);
        let found = too_dense(&text, DATA_FILE).expect("too many tables");
        assert_eq!(found.what, Density::Tables);
        // The 25,001st `{` is the first byte of the 25,001st copy.
        assert_eq!(found.at.start, DATA_FILE.tables * 6);
        assert_eq!(&text[found.at], "{");
    }

    #[test]
    fn lines_count_as_items() {
        let text = "\n".repeat(DATA_FILE.items + 5);
        let found = too_dense(&text, DATA_FILE).expect("too many lines");
        assert_eq!(found.what, Density::Items);
        assert_eq!(found.at, DATA_FILE.items..DATA_FILE.items + 1);
    }

    #[test]
    fn long_strings_and_spaces_are_not_items() {
        let text = format!("a = \"{}\"\n{}", "x".repeat(1 << 20), " ".repeat(1 << 20));
        assert_eq!(too_dense(&text, DATA_FILE), None);
    }

    #[test]
    fn ten_thousand_abilities_fit_a_scenario_but_not_a_data_file() {
        let ability = "\n[[ability]]\nid = \"a\"\nship = \"x\"\ntiming = \"start engagement\"\neffect = [\"gain focus\"]\nuse = [true]\n";
        let text = ability.repeat(10_000);
        assert_eq!(too_dense(&text, SCENARIO), None);
        assert!(too_dense(&text, DATA_FILE).is_some());
    }
}

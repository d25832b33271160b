//! Diagnostic codes. Each code is declared once, as a row of its namespace's table
//! `src/report/explain/<namespace>.toml` (format in `explain/README.md`): its string, its
//! `Code` variant, whether it leaves a list unread, and what `arbiter explain` says about
//! it. build.rs generates from the tables the `Code` enum (in table order, each variant's
//! doc its `meaning`), `Code::ALL`, `Code::as_str` and `Code::stops_reading`, so no code
//! can lack an explanation nor an explanation a code.

use serde::Serialize;
use std::fmt;

include!(concat!(env!("OUT_DIR"), "/codes.rs"));

impl Code {
    /// A problem in reading the text (every such code contains `::parse`).
    pub fn is_parse(self) -> bool {
        self.as_str().contains("::parse")
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_namespaced() {
        let mut seen = std::collections::HashSet::new();
        for code in Code::ALL {
            assert!(code.as_str().contains("::"), "{code} has no namespace");
            assert!(seen.insert(code.as_str()), "{code} is listed twice");
        }
    }

    #[test]
    fn only_reading_codes_stop_reading() {
        // A rule violation leaves the list read (exit 1); only a list that could not be
        // read as a whole stops it (exit 2).
        let stopping: Vec<&str> = Code::ALL
            .iter()
            .filter(|c| c.stops_reading())
            .map(|c| c.as_str())
            .collect();
        assert!(!stopping.is_empty());
        for code in stopping {
            assert!(
                code.starts_with("list::") || code.contains("::parse::"),
                "{code} stops reading but is no reading code"
            );
        }
    }

    #[test]
    fn armada_reading_codes_say_parse() {
        for code in Code::ALL {
            let name = format!("{code:?}");
            if name.starts_with("ArmadaParse") {
                assert!(code.as_str().starts_with("armada::parse"), "{code}");
            }
        }
    }

    #[test]
    fn xwing_parse_codes_say_parse() {
        // Validation codes (`xwing::points`, …) share the namespace; only the reading
        // codes must say `parse`.
        for code in Code::ALL {
            let name = format!("{code:?}");
            if name.starts_with("XwingParse") {
                assert!(code.as_str().starts_with("xwing::parse"), "{code}");
            }
        }
    }
}

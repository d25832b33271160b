//! Names in a scenario are short: every step of a trace, every queue entry and every
//! picture repeats them, so a kilobyte-long card name multiplies into gigabytes of output
//! (issue 23: 30,000 abilities named with 300 bytes each printed 330 MB). The limit is
//! documented in docs/limits.md.

use crate::report::{Code, FileId, Finding};
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// The most bytes of an id or a name in a scenario; the longest card name in the card data
/// has 45.
pub const MAX_NAME_BYTES: usize = 64;

/// The keys whose values name something a trace repeats.
const NAME_KEYS: &[&str] = &["id", "name", "card", "ship", "owner", "pilot", "player"];

/// Long names reported one by one; past this many, one more finding counts the rest.
const SHOWN: usize = 10;

/// Every id or name longer than [`MAX_NAME_BYTES`], located at its value: the first
/// [`SHOWN`], then a count of the rest.
pub fn long_names(file: FileId, body: &DeTable<'_>) -> Vec<Finding> {
    let mut findings = Vec::new();
    visit_table(file, body, &mut findings);
    if findings.len() > SHOWN {
        let rest = findings.len() - SHOWN;
        findings.truncate(SHOWN);
        findings.push(
            Finding::error(
                Code::ScenarioInvalidValue,
                format!("… and {rest} more ids or names over {MAX_NAME_BYTES} bytes"),
            )
            .help("shorten every id and name the same way"),
        );
    }
    findings
}

fn visit_table(file: FileId, table: &DeTable<'_>, findings: &mut Vec<Finding>) {
    for (key, value) in table {
        if NAME_KEYS.contains(&key.get_ref().as_ref()) {
            check_name(file, key.get_ref(), value, findings);
        }
        visit_value(file, value, findings);
    }
}

fn visit_value(file: FileId, value: &Spanned<DeValue<'_>>, findings: &mut Vec<Finding>) {
    match value.get_ref() {
        DeValue::Table(table) => visit_table(file, table, findings),
        DeValue::Array(items) => {
            for item in items.iter() {
                visit_value(file, item, findings);
            }
        }
        _ => {}
    }
}

fn check_name(file: FileId, key: &str, value: &Spanned<DeValue<'_>>, findings: &mut Vec<Finding>) {
    let DeValue::String(text) = value.get_ref() else {
        return;
    };
    if text.len() <= MAX_NAME_BYTES {
        return;
    }
    findings.push(
        Finding::error(
            Code::ScenarioInvalidValue,
            format!(
                "this `{key}` is {} bytes; ids and names in a scenario are at most {MAX_NAME_BYTES}",
                text.len()
            ),
        )
        .at(file, value.span())
        .label("too long")
        .help("use the card's printed name or a short id: every step of the trace repeats it"),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn findings(text: &str) -> Vec<Finding> {
        let table = DeTable::parse(text).expect("TOML");
        long_names(FileId(0), table.get_ref())
    }

    #[test]
    fn a_long_card_name_in_an_array_of_tables_is_found_at_its_value() {
        let long = "x".repeat(MAX_NAME_BYTES + 1);
        let text = format!("[[ability]]\nid = \"a\"\ncard = \"{long}\"\n");
        let found = findings(&text);
        assert_eq!(found.len(), 1);
        let at = found[0].location.as_ref().map(|l| l.span.clone());
        let start = text.find(&long).unwrap() - 1;
        assert_eq!(at, Some(start..start + long.len() + 2));
    }

    #[test]
    fn many_long_names_are_counted_after_the_first_ten() {
        let long = "x".repeat(MAX_NAME_BYTES + 1);
        let text: String = (0..25)
            .map(|i| format!("[[ability]]\nid = \"a{i}\"\ncard = \"{long}\"\n"))
            .collect();
        let found = findings(&text);
        assert_eq!(found.len(), SHOWN + 1);
        assert!(
            found[SHOWN].message.contains("and 15 more"),
            "{}",
            found[SHOWN].message
        );
    }

    #[test]
    fn names_at_the_limit_and_long_questions_pass() {
        let name = "x".repeat(MAX_NAME_BYTES);
        let question = "y".repeat(500);
        let text = format!("question = \"{question}\"\n[[ship]]\nname = \"{name}\"\n");
        assert!(findings(&text).is_empty());
    }
}

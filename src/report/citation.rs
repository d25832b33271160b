//! Where the rule behind a finding is written. Judges trust a verdict they can look up, so
//! a finding that applies a rule names the document and the section heading as printed,
//! and says so when the rulebooks are silent and the rule comes from elsewhere
//! (a tournament document, a points document, a house format).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Citation {
    /// The document's title.
    pub document: String,
    /// The version the document prints, if it prints one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// The section heading as the document prints it.
    pub section: String,
    /// The rulebook that states the rule, one of [`RULEBOOKS`] (`talon-rulebook`). Absent
    /// when the rulebooks are silent on the rule and only `document` states it. Data written
    /// before the rulebooks had names gave a number here under the key `seed`; it is read.
    #[serde(
        default,
        alias = "seed",
        deserialize_with = "rulebook_id",
        skip_serializing_if = "Option::is_none"
    )]
    pub rulebook: Option<String>,
}

/// The rulebooks arbiter applies, by the id a citation gives: the Armada Rules Reference,
/// the Space Alert rulebook, the X-Wing Rules Reference, Armada's Sector Fleets and the
/// Talon rulebook.
pub const RULEBOOKS: &[&str] = &[
    "armada-rules-reference",
    "space-alert-rulebook",
    "xwing-rules-reference",
    "armada-sector-fleets",
    "talon-rulebook",
];

/// A rulebook id, or the number older data gave (`"003"`, its place in [`RULEBOOKS`]).
fn rulebook_id<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    let id = Option::<String>::deserialize(d)?;
    Ok(id.map(|id| {
        id.parse::<usize>()
            .ok()
            .and_then(|n| RULEBOOKS.get(n))
            .map_or(id, |named| named.to_string())
    }))
}

impl Citation {
    /// A rule the rulebook `rulebook` (one of [`RULEBOOKS`]) states.
    pub fn rulebook(rulebook: &str, document: &str, version: Option<&str>, section: &str) -> Self {
        Citation {
            document: document.to_string(),
            version: version.map(str::to_string),
            section: section.to_string(),
            rulebook: Some(rulebook.to_string()),
        }
    }

    pub fn in_rulebook(&self) -> bool {
        self.rulebook.is_some()
    }

    /// One line for people: `Document 1.4.5 · SECTION`, with a note when no rulebook states
    /// the rule.
    pub fn line(&self) -> String {
        let document = match &self.version {
            Some(v) => format!("{} {v}", self.document),
            None => self.document.clone(),
        };
        let place = format!("{document} · {}", self.section);
        if self.in_rulebook() {
            place
        } else {
            format!("{place} (the rulebooks are silent on this; the rule comes from this document)")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_from_outside_the_rulebooks_says_so() {
        let cited = Citation::rulebook(
            "xwing-rules-reference",
            "Doc",
            Some("1.4.5"),
            "ESTANDARIZADA",
        );
        assert_eq!(cited.line(), "Doc 1.4.5 · ESTANDARIZADA");
        let other = Citation {
            rulebook: None,
            ..cited
        };
        assert!(
            other.line().contains("the rulebooks are silent"),
            "{}",
            other.line()
        );
    }

    #[test]
    fn older_data_numbers_its_rulebooks() {
        let read: Citation =
            toml::from_str("document = \"D\"\nsection = \"S\"\nseed = \"003\"\n").unwrap();
        assert_eq!(read.rulebook.as_deref(), Some("armada-sector-fleets"));
        let read: Citation =
            toml::from_str("document = \"D\"\nsection = \"S\"\nrulebook = \"talon-rulebook\"\n")
                .unwrap();
        assert_eq!(read.rulebook.as_deref(), Some("talon-rulebook"));
    }
}

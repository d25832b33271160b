//! Where the rule behind a finding is written. Judges trust a verdict they can look up, so
//! a finding that applies a rule names the document and the section heading as printed,
//! and says so when the rulebooks (the seeds) are silent and the rule comes from elsewhere
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
    /// The rulebook (seed) that states the rule: `000` … `004`, the file names' prefix in
    /// `../shared/seeds`. Absent when the rulebooks are silent on the rule and only
    /// `document` states it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
}

impl Citation {
    /// A rule one of the rulebooks states.
    pub fn seed(seed: &str, document: &str, version: Option<&str>, section: &str) -> Self {
        Citation {
            document: document.to_string(),
            version: version.map(str::to_string),
            section: section.to_string(),
            seed: Some(seed.to_string()),
        }
    }

    pub fn in_rulebook(&self) -> bool {
        self.seed.is_some()
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
        let seeded = Citation::seed("002", "Doc", Some("1.4.5"), "ESTANDARIZADA");
        assert_eq!(seeded.line(), "Doc 1.4.5 · ESTANDARIZADA");
        let other = Citation {
            seed: None,
            ..seeded
        };
        assert!(
            other.line().contains("the rulebooks are silent"),
            "{}",
            other.line()
        );
    }
}

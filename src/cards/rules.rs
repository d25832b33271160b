//! The judges' glossary: one entry per rules heading, in Spanish and English, in arbiter's
//! own words, citing the section of the rulebook it summarises.

use super::record::Record;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RulesFile {
    #[serde(default)]
    pub entry: Vec<Record<RuleEntry>>,
    /// Players' abbreviations and table slang of the game, for `arbiter rule`.
    #[serde(default)]
    pub slang: Vec<Record<RuleSlang>>,
}

/// A word players use for a rule ("TL", "LOS", "obst", "bump"): `arbiter rule` searches
/// what it stands for in its place.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RuleSlang {
    /// As players type it; one word, matched without case or accents.
    pub term: String,
    /// The words it stands for, in Spanish, English or both; each is a word of some entry
    /// of the file.
    pub means: Vec<String>,
    /// The id of the entry the term names, when it names one: that entry then comes first.
    #[serde(default)]
    pub entry: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RuleEntry {
    pub id: String,
    #[serde(default)]
    pub see_also: Vec<String>,
    pub citation: RuleCitation,
    pub es: RuleText,
    pub en: RuleText,
}

#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RuleCitation {
    pub document: String,
    pub version: String,
    /// The heading exactly as printed in the rulebook.
    pub section: String,
}

#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RuleText {
    pub title: String,
    #[serde(default)]
    pub aliases: Vec<String>,
    /// Table situations and doubts the entry settles, in players' words: searched, not shown.
    #[serde(default)]
    pub situations: Vec<String>,
    pub summary: String,
    #[serde(default)]
    pub points: Vec<String>,
}

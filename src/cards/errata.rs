//! Errata as data: which card changed, in which document, and the numbers or lists that
//! changed. Summaries are arbiter's own words, never card text.

use super::Game;
use super::record::Record;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// An errata file: `[[erratum]]` tables.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ErrataFile {
    #[serde(default)]
    pub erratum: Vec<Record<Erratum>>,
}

#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Erratum {
    /// Unique id of this erratum.
    pub id: String,
    pub game: Game,
    /// Id of the card it changes.
    pub card: String,
    /// Kind of that card: pilot, upgrade, ship, condition, device (X-Wing); ship, ship-type,
    /// squadron, upgrade, objective (Armada).
    pub card_kind: String,
    /// The document that published it, e.g. "Star Wars: X-Wing Rules Reference".
    pub document: String,
    pub version: String,
    /// Publication date, YYYY-MM-DD, where the document gives one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// Heading of the document's section that lists it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
    /// One line in arbiter's own words.
    pub summary: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub change: Vec<FieldChange>,
}

/// A field whose value the erratum changed, where that value is a number or a list.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FieldChange {
    pub field: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub old: Option<FieldValue>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new: Option<FieldValue>,
}

#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum FieldValue {
    Number(i64),
    List(Vec<String>),
    Text(String),
}

impl std::fmt::Display for FieldValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FieldValue::Number(n) => write!(f, "{n}"),
            FieldValue::List(items) => write!(f, "[{}]", items.join(", ")),
            FieldValue::Text(text) => f.write_str(text),
        }
    }
}

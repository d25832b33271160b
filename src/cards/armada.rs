//! PLACEHOLDER: replaced by the armada card model (see notes/card-model-contract.md).

use super::{CardDb, CardEntry, Fact};
use crate::report::{FileId, Finding};

#[derive(Debug, Default)]
pub struct ArmadaCards {}

impl ArmadaCards {
    pub fn add_file(&mut self, _file: FileId, _text: &str, _findings: &mut Vec<Finding>) {}

    pub fn entries(&self) -> impl Iterator<Item = CardEntry<'_>> {
        std::iter::empty()
    }

    pub fn facts(&self, _kind: &str, _id: &str) -> Vec<Fact> {
        Vec::new()
    }

    pub fn card_json(&self, _kind: &str, _id: &str) -> serde_json::Value {
        serde_json::Value::Null
    }

    pub fn check(&self, _db: &CardDb, _findings: &mut Vec<Finding>) {}
}
pub const SOURCE_NAMES: &[&str] = &[
    "ffg",
    "amg",
    "legacy",
    "legacy-beta",
    "legends",
    "nexus",
    "arc",
];

/// PLACEHOLDER top-level card file.
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CardFile {
    pub game: super::Game,
}

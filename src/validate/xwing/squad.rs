//! A squad checked: what a reporter prints as a table and JSON.

use super::revision::RevisionSource;
use crate::report::Finding;
use serde::Serialize;
use std::ops::Range;

/// A squad checked: what a reporter prints as a table and JSON.
#[derive(Debug, Clone, Serialize)]
pub struct ValidatedSquad {
    /// The revision id used (`amg-sep2024`), never an alias.
    pub revision: String,
    pub revision_source: RevisionSource,
    pub format: String,
    /// XWS faction id.
    pub faction: Option<String>,
    pub pilots: Vec<ValidatedPilot>,
    pub points: i64,
    pub points_limit: u32,
    pub ship_count: usize,
    /// Reading and validation findings, reading first.
    #[serde(skip)]
    pub findings: Vec<Finding>,
}

impl ValidatedSquad {
    pub fn is_valid(&self) -> bool {
        !self.findings.iter().any(Finding::is_error)
    }
}

#[derive(Debug, Clone, Serialize)]
pub struct ValidatedPilot {
    /// XWS id; `None` when the card was not found (`written` says what the list wrote).
    pub id: Option<String>,
    pub written: String,
    pub name: String,
    pub ship: Option<String>,
    pub initiative: Option<i32>,
    pub cost: i64,
    pub loadout_used: i64,
    pub loadout_limit: i64,
    pub standard_loadout: bool,
    pub upgrades: Vec<ValidatedUpgrade>,
    /// Where the list names the pilot, for diagnostics about it (an exporter's).
    #[serde(skip)]
    pub span: Range<usize>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ValidatedUpgrade {
    pub id: String,
    pub name: String,
    pub cost: i64,
    /// Part of the pilot's standard loadout (its cost is in the pilot's).
    pub from_loadout: bool,
    /// Where the list names the upgrade; the pilot's entry for standard-loadout upgrades.
    #[serde(skip)]
    pub span: Range<usize>,
}

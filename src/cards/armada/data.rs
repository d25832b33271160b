//! The armada card data as loaded: its records, and lookups by id and name.

use super::model::*;
use super::revision::PointsRevision;
use crate::cards::{CardEntry, DataText, Located, Record, RecordSpans, parse_data};
use crate::report::{FileId, Finding};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Content sources a format may name in `legal_sources` (the [`Source`] slugs).
pub const SOURCE_NAMES: &[&str] = &[
    "ffg",
    "amg",
    "legacy",
    "legacy-beta",
    "old-legacy",
    "nexus",
    "legends",
    "arc",
];

/// Kind strings of [`CardEntry::kind`].
pub const KIND_SHIP_TYPE: &str = "ship-type";
pub const KIND_SHIP: &str = "ship";
pub const KIND_SQUADRON: &str = "squadron";
pub const KIND_UPGRADE: &str = "upgrade";
pub const KIND_OBJECTIVE: &str = "objective";

/// One Armada card file. Every kind is optional, so a file may hold any mix.
#[derive(Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CardFile {
    pub game: crate::cards::Game,
    #[serde(default)]
    pub ship_type: Vec<Record<ShipType>>,
    #[serde(default)]
    pub ship: Vec<Record<Ship>>,
    #[serde(default)]
    pub squadron: Vec<Record<Squadron>>,
    #[serde(default)]
    pub upgrade: Vec<Record<Upgrade>>,
    #[serde(default)]
    pub objective: Vec<Record<Objective>>,
    /// Points revisions (see [`PointsRevision`]).
    #[serde(default)]
    pub revision: Vec<Record<PointsRevision>>,
}

#[derive(Debug, Default)]
pub struct ArmadaCards {
    pub ship_types: Vec<Located<ShipType>>,
    pub ships: Vec<Located<Ship>>,
    pub squadrons: Vec<Located<Squadron>>,
    pub upgrades: Vec<Located<Upgrade>>,
    pub objectives: Vec<Located<Objective>>,
    pub revisions: Vec<Located<PointsRevision>>,
}

impl ArmadaCards {
    /// Read one card file from its TOML text.
    pub fn add_file(&mut self, file: FileId, text: &str, findings: &mut Vec<Finding>) {
        self.add_data(file, DataText::Toml(text), text, findings);
    }

    /// Read one card file from TOML or from the embedded packed form (`text` is the TOML,
    /// used only to widen record spans; packed records carry none).
    pub fn add_data(
        &mut self,
        file: FileId,
        data: DataText<'_>,
        text: &str,
        findings: &mut Vec<Finding>,
    ) {
        let parsed = match parse_data::<CardFile>(file, data) {
            Ok(parsed) => parsed,
            Err(mut problems) => {
                findings.append(&mut problems);
                return;
            }
        };
        let records = match data {
            DataText::Toml(_) => RecordSpans::new(file, text),
            DataText::Packed(_) => RecordSpans::new(file, ""),
        };
        self.ship_types
            .extend(parsed.ship_type.into_iter().map(|r| records.locate(r)));
        self.ships
            .extend(parsed.ship.into_iter().map(|r| records.locate(r)));
        self.squadrons
            .extend(parsed.squadron.into_iter().map(|r| records.locate(r)));
        self.upgrades
            .extend(parsed.upgrade.into_iter().map(|r| records.locate(r)));
        self.objectives
            .extend(parsed.objective.into_iter().map(|r| records.locate(r)));
        self.revisions
            .extend(parsed.revision.into_iter().map(|r| records.locate(r)));
    }

    pub fn entries(&self) -> impl Iterator<Item = CardEntry<'_>> {
        fn entry<'a>(
            kind: &'static str,
            id: &'a str,
            name: &'a str,
            nicknames: &'a [String],
            file: FileId,
            span: &'a std::ops::Range<usize>,
            current: bool,
        ) -> CardEntry<'a> {
            CardEntry {
                game: crate::cards::Game::Armada,
                kind,
                id,
                name,
                nicknames,
                file,
                span,
                current,
            }
        }
        let types = self.ship_types.iter().map(|r| {
            entry(
                KIND_SHIP_TYPE,
                &r.id,
                &r.name,
                &r.nicknames,
                r.file,
                &r.span,
                true,
            )
        });
        let ships = self.ships.iter().map(|r| {
            let current = r.is_current();
            entry(
                KIND_SHIP,
                &r.id,
                &r.name,
                &r.nicknames,
                r.file,
                &r.span,
                current,
            )
        });
        let squadrons = self.squadrons.iter().map(|r| {
            let current = r.is_current();
            entry(
                KIND_SQUADRON,
                &r.id,
                r.card_name(),
                &r.nicknames,
                r.file,
                &r.span,
                current,
            )
        });
        let upgrades = self.upgrades.iter().map(|r| {
            let current = r.is_current();
            entry(
                KIND_UPGRADE,
                &r.id,
                &r.name,
                &r.nicknames,
                r.file,
                &r.span,
                current,
            )
        });
        let objectives = self.objectives.iter().map(|r| {
            let current = r.is_current();
            entry(
                KIND_OBJECTIVE,
                &r.id,
                &r.name,
                &r.nicknames,
                r.file,
                &r.span,
                current,
            )
        });
        types
            .chain(ships)
            .chain(squadrons)
            .chain(upgrades)
            .chain(objectives)
    }

    pub fn ship_type(&self, id: &str) -> Option<&Located<ShipType>> {
        self.ship_types.iter().find(|r| r.id == id)
    }

    pub fn ship(&self, id: &str) -> Option<&Located<Ship>> {
        self.ships.iter().find(|r| r.id == id)
    }

    pub fn squadron(&self, id: &str) -> Option<&Located<Squadron>> {
        self.squadrons.iter().find(|r| r.id == id)
    }

    pub fn upgrade(&self, id: &str) -> Option<&Located<Upgrade>> {
        self.upgrades.iter().find(|r| r.id == id)
    }

    pub fn objective(&self, id: &str) -> Option<&Located<Objective>> {
        self.objectives.iter().find(|r| r.id == id)
    }

    /// The points revision an id names.
    pub fn revision(&self, id: &str) -> Option<&PointsRevision> {
        self.revisions.iter().map(|r| &r.value).find(|r| r.id == id)
    }

    /// The revision of the card data's own costs.
    pub fn current_revision(&self) -> Option<&PointsRevision> {
        self.revisions.iter().map(|r| &r.value).find(|r| r.current)
    }

    /// Every revision id, oldest first.
    pub fn revision_ids(&self) -> Vec<&str> {
        let mut revisions: Vec<&PointsRevision> = self.revisions.iter().map(|r| &r.value).collect();
        revisions.sort_by(|a, b| a.date.cmp(&b.date).then(a.id.cmp(&b.id)));
        revisions.into_iter().map(|r| r.id.as_str()).collect()
    }
}

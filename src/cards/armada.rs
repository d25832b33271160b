//! Star Wars: Armada cards: ship types (hulls), ships, squadrons, upgrades and objectives.
//!
//! The records are in [`model`]; `data/cards/armada/*.toml` holds them, one file per kind
//! (`[[ship_type]]`, `[[ship]]`, `[[squadron]]`, `[[upgrade]]`, `[[objective]]`), produced by
//! `arbiter cards import isb` (see `crate::import::isb` for where every field comes from
//! and how content packs, errata and older printings are resolved).

mod checks;
mod facts;
pub mod model;
mod revision;
mod revision_checks;

pub use model::*;
pub use revision::PointsRevision;

use super::{CardDb, CardEntry, DataText, Fact, Located, Record, RecordSpans, parse_data};
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
    pub game: super::Game,
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

    /// Read one card file from TOML or from the embedded JSON form (`text` is the TOML,
    /// used only to widen record spans; JSON records carry none).
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
            DataText::Json(_) => RecordSpans::new(file, ""),
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
                game: super::Game::Armada,
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

    pub fn facts(&self, kind: &str, id: &str) -> Vec<Fact> {
        match kind {
            KIND_SHIP_TYPE => self.ship_type(id).map(|r| facts::ship_type(self, r)),
            KIND_SHIP => self.ship(id).map(|r| facts::ship(self, r)),
            KIND_SQUADRON => self.squadron(id).map(|r| facts::squadron(r)),
            KIND_UPGRADE => self.upgrade(id).map(|r| facts::upgrade(self, r)),
            KIND_OBJECTIVE => self.objective(id).map(|r| facts::objective(r)),
            _ => None,
        }
        .unwrap_or_default()
    }

    pub fn card_json(&self, kind: &str, id: &str) -> serde_json::Value {
        let value = match kind {
            KIND_SHIP_TYPE => self.ship_type(id).map(|r| serde_json::to_value(&r.value)),
            KIND_SHIP => self.ship(id).map(|r| serde_json::to_value(&r.value)),
            KIND_SQUADRON => self.squadron(id).map(|r| serde_json::to_value(&r.value)),
            KIND_UPGRADE => self.upgrade(id).map(|r| serde_json::to_value(&r.value)),
            KIND_OBJECTIVE => self.objective(id).map(|r| serde_json::to_value(&r.value)),
            _ => None,
        };
        value
            .and_then(Result::ok)
            .unwrap_or(serde_json::Value::Null)
    }

    /// Dangling references and impossible values; see [`checks`].
    pub fn check(&self, db: &CardDb, findings: &mut Vec<Finding>) {
        checks::run(self, db, findings);
        revision_checks::run(self, db, findings);
    }
}

impl super::GameCards for ArmadaCards {
    fn add_data(
        &mut self,
        file: FileId,
        data: DataText<'_>,
        text: &str,
        findings: &mut Vec<Finding>,
    ) {
        ArmadaCards::add_data(self, file, data, text, findings);
    }

    fn entries(&self) -> Box<dyn Iterator<Item = CardEntry<'_>> + '_> {
        Box::new(ArmadaCards::entries(self))
    }

    fn facts(&self, kind: &str, id: &str) -> Vec<Fact> {
        ArmadaCards::facts(self, kind, id)
    }

    fn card_json(&self, kind: &str, id: &str) -> serde_json::Value {
        ArmadaCards::card_json(self, kind, id)
    }

    fn check(&self, db: &CardDb, findings: &mut Vec<Finding>) {
        ArmadaCards::check(self, db, findings);
    }

    fn has_points_revision(&self, name: &str) -> bool {
        self.revision(name).is_some()
    }

    fn points_revision_ids(&self) -> Vec<&str> {
        ArmadaCards::revision_ids(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"game = "armada"

[[ship_type]]
id = "victory-star-destroyer"
name = "Victory Star Destroyer"
source = "ffg"
size = "medium"
hull = 8
speed = [[1], [0, 1]]
shields = { front = 3, left = 3, right = 3, rear = 1 }

[[ship]]
id = "victory-ii-class-star-destroyer"
name = "Victory II-class Star Destroyer"
nicknames = ["VSD2"]
source = "amg"
ship_type = "victory-star-destroyer"
faction = "empire"
points = 80
traits = ["star-destroyer"]
command = 3
squadron = 3
engineering = 4
defense_tokens = ["brace", "redirect", "redirect"]
armament = { front = [3, 3, 0], left = [2, 1, 0], right = [2, 1, 0], rear = [2, 0, 0], anti_squadron = [0, 1, 0] }
upgrade_slots = ["commander", "officer", "title"]

[[squadron]]
id = "darth-vader-tie-advanced-squadron"
name = "TIE Advanced Squadron"
ace_name = "Darth Vader"
source = "ffg"
squadron_type = "tie-advanced-squadron"
faction = "empire"
points = 21
unique = true
ace = true
hull = 5
speed = 4
defense_tokens = ["brace"]
keywords = { counter = 1, escort = true }
anti_squadron = [0, 3, 0]
anti_ship = [0, 1, 0]
"#;

    fn load(text: &str) -> (ArmadaCards, Vec<Finding>) {
        let mut cards = ArmadaCards::default();
        let mut findings = Vec::new();
        cards.add_file(FileId(0), text, &mut findings);
        (cards, findings)
    }

    #[test]
    fn a_sample_file_loads_with_spans_and_entries() {
        let (cards, findings) = load(SAMPLE);
        assert!(findings.is_empty(), "{findings:#?}");
        assert_eq!(cards.ships.len(), 1);
        let ship = &cards.ships[0];
        assert!(SAMPLE[ship.span.clone()].starts_with("[[ship]]"));
        assert_eq!(ship.armament.front, Some([3, 3, 0]));
        let names: Vec<_> = cards.entries().map(|e| (e.kind, e.name)).collect();
        assert!(names.contains(&(KIND_SQUADRON, "Darth Vader")), "{names:?}");
        assert!(names.contains(&(KIND_SHIP_TYPE, "Victory Star Destroyer")));
    }

    #[test]
    fn facts_read_like_the_card() {
        let (cards, _) = load(SAMPLE);
        let facts = cards.facts(KIND_SHIP, "victory-ii-class-star-destroyer");
        let get = |label: &str| {
            facts
                .iter()
                .find(|(l, _)| l == label)
                .map(|(_, v)| v.clone())
        };
        assert_eq!(get("Hull").as_deref(), Some("8"));
        assert_eq!(get("Speed").as_deref(), Some("1: I · 2: - I"));
        assert_eq!(
            get("Shields").as_deref(),
            Some("front 3 · left 3 · right 3 · rear 1")
        );
        assert_eq!(get("Defense tokens").as_deref(), Some("brace, 2 redirect"));
        let squadron = cards.facts(KIND_SQUADRON, "darth-vader-tie-advanced-squadron");
        assert!(
            squadron.contains(&("Keywords".to_string(), "Counter 1, Escort".to_string())),
            "{squadron:?}"
        );
    }

    #[test]
    fn typos_in_closed_sets_are_findings() {
        let broken = SAMPLE.replace(
            "faction = \"empire\"\npoints = 80",
            "faction = \"empyre\"\npoints = 80",
        );
        let (_, findings) = load(&broken);
        assert_eq!(findings.len(), 1, "{findings:#?}");
        assert_eq!(findings[0].code, crate::report::Code::InvalidValue);
        let broken = SAMPLE.replace("counter = 1", "countr = 1");
        let (_, findings) = load(&broken);
        assert_eq!(findings[0].code, crate::report::Code::UnknownField);
        // Points, hull and dice are unsigned: a negative number cannot load.
        let broken = SAMPLE.replace("points = 80", "points = -5");
        let (_, findings) = load(&broken);
        assert_eq!(findings.len(), 1, "{findings:#?}");
        assert_eq!(findings[0].code, crate::report::Code::InvalidValue);
        let span = findings[0].location.as_ref().unwrap().span.clone();
        assert_eq!(&broken[span], "-5");
    }

    #[test]
    fn source_names_match_the_enum() {
        let names: Vec<&str> = Source::ALL.iter().map(|s| s.as_str()).collect();
        assert_eq!(names, SOURCE_NAMES);
        for source in Source::ALL {
            let json = serde_json::to_value(source).unwrap();
            assert_eq!(json, source.as_str());
        }
    }
}

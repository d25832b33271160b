//! Star Wars: Armada cards: ship types (hulls), ships, squadrons, upgrades and objectives.
//!
//! The records are in [`model`]; `data/cards/armada/*.toml` holds them, one file per kind
//! (`[[ship_type]]`, `[[ship]]`, `[[squadron]]`, `[[upgrade]]`, `[[objective]]`), produced by
//! `arbiter cards import isb` (see `crate::import::isb` for where every field comes from
//! and how content packs, errata and older printings are resolved).

mod checks;
mod data;
mod facts;
pub mod model;
mod revision;
mod revision_checks;

pub use data::*;
pub use model::*;
pub use revision::PointsRevision;

use super::{CardEntry, DataText, Fact};
use crate::report::{FileId, Finding, SourceFiles};

impl ArmadaCards {
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
    pub fn check(&self, files: &SourceFiles, findings: &mut Vec<Finding>) {
        checks::run(self, files, findings);
        revision_checks::run(self, files, findings);
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

    fn check(&self, files: &SourceFiles, findings: &mut Vec<Finding>) {
        ArmadaCards::check(self, files, findings);
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

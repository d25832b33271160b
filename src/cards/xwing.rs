//! Star Wars: X-Wing (2nd edition / 2.5) cards: ships, pilots, upgrades, conditions and
//! devices, plus the points revisions their `points` lists refer to.
//! The records are in [`model`]; `cards show` rows in `facts`; cross-record checks in `check`.

mod append;
mod check;
pub mod coverage;
mod data;
mod facts;
pub mod model;

pub use data::*;
pub use model::*;

use super::{CardEntry, DataText, Fact};
use crate::report::{FileId, Finding, SourceFiles};

impl XwingCards {
    /// `cards show` rows for one card.
    pub fn facts(&self, kind: &str, id: &str) -> Vec<Fact> {
        facts::facts(self, kind, id)
    }

    /// The card record as JSON.
    pub fn card_json(&self, kind: &str, id: &str) -> serde_json::Value {
        let value = match kind {
            "ship" => self.ship(id).map(serde_json::to_value),
            "pilot" => self.pilot(id).map(serde_json::to_value),
            "upgrade" => self.upgrade(id).map(serde_json::to_value),
            "condition" => self.condition(id).map(serde_json::to_value),
            "device" => self.device(id).map(serde_json::to_value),
            _ => None,
        };
        value
            .and_then(Result::ok)
            .unwrap_or(serde_json::Value::Null)
    }

    /// Dangling references and impossible values.
    pub fn check(&self, files: &SourceFiles, findings: &mut Vec<Finding>) {
        check::check(self, files, findings);
    }
}

impl super::GameCards for XwingCards {
    fn add_data(
        &mut self,
        file: FileId,
        data: DataText<'_>,
        text: &str,
        findings: &mut Vec<Finding>,
    ) {
        XwingCards::add_data(self, file, data, text, findings);
    }

    fn entries(&self) -> Box<dyn Iterator<Item = CardEntry<'_>> + '_> {
        Box::new(XwingCards::entries(self))
    }

    fn facts(&self, kind: &str, id: &str) -> Vec<Fact> {
        XwingCards::facts(self, kind, id)
    }

    fn card_json(&self, kind: &str, id: &str) -> serde_json::Value {
        XwingCards::card_json(self, kind, id)
    }

    fn check(&self, files: &SourceFiles, findings: &mut Vec<Finding>) {
        XwingCards::check(self, files, findings);
    }

    fn has_points_revision(&self, name: &str) -> bool {
        self.revision(name).is_some()
    }

    fn points_revision_ids(&self) -> Vec<&str> {
        self.revisions.iter().map(|r| r.id.as_str()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"
game = "xwing"

[[revision]]
id = "amg-sep2024"
name = "Official AMG Points"
organisation = "amg"
code = "AMG/sep2024"
date = "2024-09-06"
scale = 20
aliases = ["amg"]

[[revision]]
id = "xwa-50p20"
name = "PAPA 50P2.0"
organisation = "xwa"
code = "XWA/50P20"
date = "2026-04-26"
scale = 50

[[ship]]
id = "t65xwing"
name = "T-65 X-wing"
size = "small"
factions = ["rebelalliance"]
stats = { attack = [{ arc = "front", value = 3 }], agility = 2, hull = 4, shields = 2 }
actions = [{ action = "focus", colour = "white" }, { action = "barrel-roll", colour = "white", linked = { action = "boost", colour = "red" } }]

[[pilot]]
id = "biggsdarklighter"
name = "Biggs Darklighter"
ship = "t65xwing"
faction = "rebelalliance"
initiative = 3
limited = 1
slots = ["torpedo", "astromech"]
keywords = ["x-wing"]
legal = ["standard", "extended", "epic"]
points = [
  { revisions = ["amg-sep2024"], cost = 5, loadout = 18 },
  { revisions = ["xwa-50p20"], cost = 12, loadout = 10, slots = ["talent"], restricted = 1, yasb_id = 7 },
]

[[upgrade]]
id = "hullupgrade"
name = "Hull Upgrade"
limited = 0
slots = ["modification"]
variable_cost = { by = "agility", values = { "0" = 2, "1" = 3, "2" = 5 } }
legal = ["extended"]
sides = [
  { title = "Hull Upgrade", type = "modification", grants = [{ stat = "hull", amount = 1 }] },
]
points = [
  { revisions = ["amg-sep2024"], cost = 6 },
]
"#;

    fn load(text: &str) -> (XwingCards, Vec<Finding>) {
        let mut cards = XwingCards::default();
        let mut findings = Vec::new();
        cards.add_file(FileId(0), text, &mut findings);
        (cards, findings)
    }

    #[test]
    fn sample_file_loads_and_resolves_points() {
        let (cards, findings) = load(SAMPLE);
        assert!(findings.is_empty(), "{findings:#?}");
        assert_eq!(
            cards.points_revisions(),
            ["amg-sep2024", "xwa-50p20", "amg"]
        );
        assert_eq!(
            cards.revision("amg").map(|r| r.id.as_str()),
            Some("amg-sep2024")
        );
        let biggs = cards.pilot("biggsdarklighter").unwrap();
        let amg = biggs.points_in("amg-sep2024").unwrap();
        assert_eq!(
            (amg.cost, amg.loadout, amg.slots),
            (5, 18, &[Slot::Torpedo, Slot::Astromech][..])
        );
        let xwa = biggs.points_in("xwa-50p20").unwrap();
        assert_eq!(
            (xwa.cost, xwa.slots, xwa.restricted, xwa.yasb_id),
            (12, &[Slot::Talent][..], 1, Some(7))
        );
        assert!(biggs.points_in("xwa-r1").is_none());
        let entries: Vec<_> = cards.entries().map(|e| (e.kind, e.id)).collect();
        assert!(entries.contains(&("upgrade", "hullupgrade")));
        assert!(entries.contains(&("ship", "t65xwing")));
    }

    #[test]
    fn variable_cost_depends_on_the_ship() {
        let (cards, _) = load(SAMPLE);
        let hull = cards.upgrade("hullupgrade").unwrap();
        let cost = hull.variable_cost.as_ref().unwrap();
        assert_eq!(cost.cost_for(Size::Small, 2, 4), Some(5));
        assert_eq!(cost.cost_for(Size::Small, 0, 4), Some(2));
        assert_eq!(cost.cost_for(Size::Small, 3, 4), None);
        assert!(cost.key_is_valid("3") && !cost.key_is_valid("small"));
        let by_size = VariableCost {
            by: CostVariable::Size,
            values: [("small".to_string(), 1), ("large".to_string(), 4)].into(),
        };
        assert_eq!(by_size.cost_for(Size::Large, 1, 1), Some(4));
        assert!(by_size.key_is_valid("huge") && !by_size.key_is_valid("1"));
    }

    #[test]
    fn facts_are_readable() {
        let (cards, _) = load(SAMPLE);
        let facts = cards.facts("ship", "t65xwing");
        let get = |label: &str| {
            facts
                .iter()
                .find(|(l, _)| l == label)
                .map(|(_, v)| v.as_str())
        };
        assert_eq!(get("Attack"), Some("Front Arc 3"));
        assert_eq!(get("Actions"), Some("Focus · Barrel Roll → Boost (red)"));
        let facts = cards.facts("pilot", "biggsdarklighter");
        let get = |label: &str| {
            facts
                .iter()
                .find(|(l, _)| l == label)
                .map(|(_, v)| v.clone())
        };
        assert_eq!(get("Initiative").as_deref(), Some("3"));
        assert_eq!(get("Points amg-sep2024").as_deref(), Some("5 · loadout 18"));
        assert_eq!(
            get("Points xwa-50p20").as_deref(),
            Some("12 · loadout 10 · slots Talent · restricted 1 · yasb 7")
        );
        let text = SAMPLE.replace(
            "revisions = [\"amg-sep2024\"], cost = 5",
            "revisions = [\"amg-sep2024\", \"xwa-50p20\"], cost = 5",
        );
        let text = text.replace("{ revisions = [\"xwa-50p20\"], cost = 12, loadout = 10, slots = [\"talent\"], restricted = 1, yasb_id = 7 },\n", "");
        let (cards, findings) = load(&text);
        assert!(findings.is_empty(), "{findings:#?}");
        let facts = cards.facts("pilot", "biggsdarklighter");
        assert!(
            facts
                .iter()
                .any(|(l, v)| l == "Points amg-sep2024, xwa-50p20" && v == "5 · loadout 18"),
            "{facts:?}"
        );
    }

    #[test]
    fn typos_in_closed_sets_are_rejected() {
        let text = SAMPLE.replace("size = \"small\"", "size = \"smal\"");
        let (cards, findings) = load(&text);
        assert!(cards.ships.is_empty());
        assert_eq!(findings.len(), 1, "{findings:#?}");
        assert!(
            findings[0].message.contains("smal"),
            "{}",
            findings[0].message
        );
    }

    #[test]
    fn loose_parsing_of_source_spellings() {
        assert_eq!(Slot::parse_loose("Force Power"), Some(Slot::ForcePower));
        assert_eq!(Slot::parse_loose("cannon"), Some(Slot::Cannon));
        assert_eq!(Keyword::parse_loose("YT-1300"), Some(Keyword::Yt1300));
        assert_eq!(
            Arc::parse_loose("Single Turret Arc"),
            Some(Arc::SingleTurret)
        );
        assert_eq!(ActionKind::parse_loose("SLAM"), Some(ActionKind::Slam));
        assert_eq!(
            Faction::parse_loose("scumandvillainy"),
            Some(Faction::ScumAndVillainy)
        );
        assert_eq!(Slot::parse_loose("Payload"), None);
    }
}

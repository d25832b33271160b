//! Star Wars: X-Wing (2nd edition / 2.5) cards: ships, pilots, upgrades, conditions and
//! devices, plus the points revisions their `points` lists refer to.
//! The records are in [`model`]; `cards show` rows in `facts`; cross-record checks in `check`.

mod check;
mod facts;
pub mod model;

pub use model::*;

use super::{CardDb, CardEntry, DataText, Fact, Game, Located, RecordSpans};
use crate::report::{FileId, Finding};

/// Every X-Wing record loaded, in load order.
#[derive(Debug, Default)]
pub struct XwingCards {
    pub revisions: Vec<Located<Revision>>,
    pub ships: Vec<Located<Ship>>,
    pub pilots: Vec<Located<Pilot>>,
    pub upgrades: Vec<Located<Upgrade>>,
    pub conditions: Vec<Located<Condition>>,
    pub devices: Vec<Located<Device>>,
    pub quickbuilds: Vec<Located<Quickbuild>>,
}

const NO_NICKNAMES: &[String] = &[];

impl XwingCards {
    /// Parse one card file (TOML) and keep its records.
    pub fn add_file(&mut self, file: FileId, text: &str, findings: &mut Vec<Finding>) {
        self.add_data(file, DataText::Toml(text), text, findings);
    }

    /// Like [`add_file`](Self::add_file), from whichever form the loader has (`text` is the
    /// TOML, used for record spans when `data` is TOML).
    pub fn add_data(
        &mut self,
        file: FileId,
        data: DataText<'_>,
        text: &str,
        findings: &mut Vec<Finding>,
    ) {
        let parsed = match super::parse_data::<CardFile>(file, data) {
            Ok(parsed) => parsed,
            Err(mut errors) => {
                findings.append(&mut errors);
                return;
            }
        };
        let records = match data {
            DataText::Toml(_) => RecordSpans::new(file, text),
            // JSON records have no spans; skip scanning the text.
            DataText::Json(_) => RecordSpans::new(file, ""),
        };
        self.revisions
            .extend(parsed.revision.into_iter().map(|r| records.locate(r)));
        self.ships
            .extend(parsed.ship.into_iter().map(|r| records.locate(r)));
        self.pilots
            .extend(parsed.pilot.into_iter().map(|r| records.locate(r)));
        self.upgrades
            .extend(parsed.upgrade.into_iter().map(|r| records.locate(r)));
        self.conditions
            .extend(parsed.condition.into_iter().map(|r| records.locate(r)));
        self.devices
            .extend(parsed.device.into_iter().map(|r| records.locate(r)));
        self.quickbuilds
            .extend(parsed.quickbuild.into_iter().map(|r| records.locate(r)));
    }

    /// Every card, with kind "ship", "pilot", "upgrade", "condition" or "device".
    pub fn entries(&self) -> impl Iterator<Item = CardEntry<'_>> {
        fn entry<'a>(
            kind: &'static str,
            id: &'a str,
            name: &'a str,
            file: FileId,
            span: &'a std::ops::Range<usize>,
        ) -> CardEntry<'a> {
            CardEntry {
                game: Game::Xwing,
                kind,
                id,
                name,
                nicknames: NO_NICKNAMES,
                file,
                span,
                current: true,
            }
        }
        let ships = self
            .ships
            .iter()
            .map(|s| entry("ship", &s.id, &s.name, s.file, &s.span));
        let pilots = self
            .pilots
            .iter()
            .map(|p| entry("pilot", &p.id, &p.name, p.file, &p.span));
        let upgrades = self
            .upgrades
            .iter()
            .map(|u| entry("upgrade", &u.id, &u.name, u.file, &u.span));
        let conditions = self
            .conditions
            .iter()
            .map(|c| entry("condition", &c.id, &c.name, c.file, &c.span));
        let devices = self
            .devices
            .iter()
            .map(|d| entry("device", &d.id, &d.name, d.file, &d.span));
        ships
            .chain(pilots)
            .chain(upgrades)
            .chain(conditions)
            .chain(devices)
    }

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
    pub fn check(&self, db: &CardDb, findings: &mut Vec<Finding>) {
        check::check(self, db, findings);
    }

    /// The names a format's `points_revision` may use: every revision id (oldest first),
    /// then the aliases (`amg`, `xwa`: each organisation's current revision).
    pub fn points_revisions(&self) -> Vec<String> {
        let mut revisions: Vec<&Revision> = self.revisions.iter().map(|r| &r.value).collect();
        revisions.sort_by(|a, b| a.date.cmp(&b.date).then(a.id.cmp(&b.id)));
        let ids = revisions.iter().map(|r| r.id.to_string());
        let aliases = revisions.iter().flat_map(|r| r.aliases.iter().cloned());
        ids.chain(aliases).collect()
    }

    /// The revision a name (id or alias) stands for.
    pub fn revision(&self, name: &str) -> Option<&Revision> {
        let revisions = self.revisions.iter().map(|r| &r.value);
        revisions
            .clone()
            .find(|r| r.id.as_str() == name)
            .or_else(|| {
                revisions
                    .into_iter()
                    .find(|r| r.aliases.iter().any(|a| a == name))
            })
    }

    pub fn ship(&self, id: &str) -> Option<&Ship> {
        self.ships.iter().map(|s| &s.value).find(|s| s.id == id)
    }

    pub fn pilot(&self, id: &str) -> Option<&Pilot> {
        self.pilots.iter().map(|p| &p.value).find(|p| p.id == id)
    }

    pub fn upgrade(&self, id: &str) -> Option<&Upgrade> {
        self.upgrades.iter().map(|u| &u.value).find(|u| u.id == id)
    }

    pub fn condition(&self, id: &str) -> Option<&Condition> {
        self.conditions
            .iter()
            .map(|c| &c.value)
            .find(|c| c.id == id)
    }

    pub fn device(&self, id: &str) -> Option<&Device> {
        self.devices.iter().map(|d| &d.value).find(|d| d.id == id)
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

    fn check(&self, db: &CardDb, findings: &mut Vec<Finding>) {
        XwingCards::check(self, db, findings);
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

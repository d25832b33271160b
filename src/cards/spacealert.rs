//! Space Alert card data: the threats, the seven trajectories and the ship, from
//! `data/cards/spacealert/` (threats and trajectories imported by `tools/import-spacealert`,
//! the ship written by hand from the Space Alert rulebook). The model is in [`model`].

mod checks;
mod data;
pub mod facts;
pub mod model;

pub use data::*;
pub use model::*;

use super::{CardEntry, DataText, Fact};
use crate::report::{FileId, Finding, SourceFiles};
use std::sync::OnceLock;

impl SpaceAlertCards {
    /// The data compiled into the binary, read once (only Space Alert's own files).
    pub fn builtin() -> &'static SpaceAlertCards {
        static CARDS: OnceLock<SpaceAlertCards> = OnceLock::new();
        CARDS.get_or_init(|| {
            let mut cards = SpaceAlertCards::default();
            let mut findings = Vec::new();
            for (index, (relative, text, packed)) in super::embedded::FILES.iter().enumerate() {
                if !relative.starts_with("cards/spacealert/") {
                    continue;
                }
                let data = if packed.is_empty() {
                    DataText::Toml(text)
                } else {
                    DataText::Packed(packed)
                };
                cards.add(FileId(index as u32), data, text, &mut findings);
            }
            cards
        })
    }

    pub fn facts(&self, kind: &str, id: &str) -> Vec<Fact> {
        match kind {
            KIND_THREAT => self.threat(id).map(|t| facts::threat(t)),
            KIND_TRAJECTORY => self.trajectory(id).map(|t| facts::trajectory(t)),
            KIND_SHIP => self.ship.as_ref().filter(|s| s.id == id).map(|s| {
                let zones: Vec<&ZoneFacts> = self.zones.iter().map(|z| &z.value).collect();
                let stations: Vec<&StationFacts> = self.stations.iter().map(|s| &s.value).collect();
                let weapons: Vec<&Weapon> = self.weapons.iter().map(|w| &w.value).collect();
                facts::ship(s, &zones, &stations, &weapons)
            }),
            _ => None,
        }
        .unwrap_or_default()
    }

    pub fn card_json(&self, kind: &str, id: &str) -> serde_json::Value {
        let value = match kind {
            KIND_THREAT => self.threat(id).map(|t| serde_json::to_value(&t.value)),
            KIND_TRAJECTORY => self.trajectory(id).map(|t| serde_json::to_value(&t.value)),
            KIND_SHIP => self.ship.as_ref().filter(|s| s.id == id).map(|s| {
                Ok(serde_json::json!({
                    "ship": s.value,
                    "zones": self.zones.iter().map(|z| &z.value).collect::<Vec<_>>(),
                    "stations": self.stations.iter().map(|z| &z.value).collect::<Vec<_>>(),
                    "weapons": self.weapons.iter().map(|z| &z.value).collect::<Vec<_>>(),
                    "damage_tiles": self.damage_tiles.iter().map(|z| &z.value).collect::<Vec<_>>(),
                }))
            }),
            _ => None,
        };
        value
            .and_then(Result::ok)
            .unwrap_or(serde_json::Value::Null)
    }
}

impl super::GameCards for SpaceAlertCards {
    fn add_data(
        &mut self,
        file: FileId,
        data: DataText<'_>,
        text: &str,
        findings: &mut Vec<Finding>,
    ) {
        self.add(file, data, text, findings);
    }

    fn entries(&self) -> Box<dyn Iterator<Item = CardEntry<'_>> + '_> {
        Box::new(SpaceAlertCards::entries(self))
    }

    fn facts(&self, kind: &str, id: &str) -> Vec<Fact> {
        SpaceAlertCards::facts(self, kind, id)
    }

    fn card_json(&self, kind: &str, id: &str) -> serde_json::Value {
        SpaceAlertCards::card_json(self, kind, id)
    }

    fn check(&self, files: &SourceFiles, findings: &mut Vec<Finding>) {
        checks::run(self, files, findings);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::CardDb;
    use crate::report::Code;

    #[test]
    fn the_builtin_data_has_every_base_threat_and_track() {
        let cards = SpaceAlertCards::builtin();
        assert_eq!(cards.threats.len(), 55);
        assert_eq!(cards.trajectories.len(), 7);
        assert!(cards.ship.is_some());
        assert_eq!(cards.stations.len(), 6);
        let fighter = cards.threat("fighter").expect("fighter");
        assert_eq!(fighter.name, "Caza");
        assert_eq!(
            (fighter.shield, fighter.hit_points, fighter.speed),
            (Some(2), 4, 3)
        );
        let fissure = cards.threat("fissure").expect("fissure");
        assert_eq!(
            fissure.fix_with,
            Some(FixWith::Interceptors),
            "the rulebook wins"
        );
    }

    #[test]
    fn the_printed_card_code_finds_the_threat() {
        let options = crate::cards::LoadOptions {
            spans: false,
            embedded: true,
            overlays: Vec::new(),
            without: Vec::new(),
        };
        let (db, _) = crate::cards::load_games(&options, &[crate::cards::Game::Spacealert]);
        let (hits, _) = crate::cards::lookup::search(&db, "i2-03", None);
        let first = hits.first().map(|h| (h.entry.id, h.quality));
        assert_eq!(
            first,
            Some(("troopers-b", crate::cards::lookup::MatchQuality::Exact))
        );
    }

    #[test]
    fn facts_show_effects_as_phrases() {
        let cards = SpaceAlertCards::builtin();
        let facts = cards.facts(KIND_THREAT, "fighter");
        let z = facts
            .iter()
            .find(|(l, _)| l == "Z")
            .map(|(_, v)| v.as_str());
        assert_eq!(z, Some("3 damage to own zone"));
        let ship = cards.facts(KIND_SHIP, "nave");
        assert!(
            ship.iter()
                .any(|(l, v)| l == "Zone white" && v == "reactor 3/5 · shield 1/3"),
            "{ship:?}"
        );
    }

    #[test]
    fn a_damage_effect_without_amount_is_impossible() {
        let text = "game = \"spacealert\"\n\n[[threat]]\nid = \"t\"\ncard = \"E\"\nname = \"T\"\nname_en = \"T\"\nname_es_printed = false\nkind = \"external\"\nseverity = \"minor\"\ncolor = \"white\"\nshield = 1\nhit_points = 3\nspeed = 2\npoints_survived = 2\npoints_destroyed = 4\nx = [{ effect = \"damage\", zones = \"own\" }]\ny = [{ effect = \"nothing\" }]\nz = [{ effect = \"move\", toward = \"red\" }]\n";
        let mut db = CardDb::default();
        let file = db.files.add("t.toml", text.to_string());
        let mut findings = Vec::new();
        db.spacealert.add_file(file, text, &mut findings);
        assert!(findings.is_empty(), "{findings:#?}");
        checks::run(&db.spacealert, &db.files, &mut findings);
        assert_eq!(findings.len(), 2, "{findings:#?}");
        assert!(findings.iter().all(|f| f.code == Code::ImpossibleValue));
        let span = findings[0]
            .location
            .as_ref()
            .map(|l| l.span.clone())
            .unwrap_or_default();
        assert!(text[span].starts_with("[{ effect = \"damage\""));
    }
}

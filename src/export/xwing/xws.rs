//! XWS JSON that validates against the xws-spec 2.0.0 schema: no `ship` on pilots and no
//! `ruleset` at the top (the schema allows neither; the ruleset goes under
//! `vendor.arbiter`), and obstacles only when there are exactly three. Slot keys are
//! written without hyphens (`forcepower`): the schema checks the upgrades of keys matching
//! `^[0-9a-z]+$` and lets any other key (`force-power`) through unchecked.

use super::squad::{ExportError, ExportSquad};
use crate::parse::xwing::slot::slot_key;
use serde::Serialize;
use serde::ser::SerializeMap;

/// The xws-spec version written.
pub const XWS_SPEC_VERSION: &str = "2.0.0";

/// XWS text, and what the writer had to leave out or could not make schema-valid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XwsExport {
    pub json: String,
    pub notes: Vec<String>,
}

#[derive(Serialize)]
struct Squad<'a> {
    faction: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    description: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    points: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    obstacles: Option<&'a [String]>,
    pilots: Vec<Pilot<'a>>,
    vendor: Vendor<'a>,
    version: &'a str,
}

#[derive(Serialize)]
struct Pilot<'a> {
    id: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    points: Option<i64>,
    #[serde(skip_serializing_if = "Slots::is_empty")]
    upgrades: Slots<'a>,
}

/// `{"slot": ["id", …]}` in the order slots first appear.
struct Slots<'a>(Vec<(String, Vec<&'a str>)>);

impl Slots<'_> {
    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Serialize for Slots<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (slot, ids) in &self.0 {
            map.serialize_entry(slot, ids)?;
        }
        map.end()
    }
}

#[derive(Serialize)]
struct Vendor<'a> {
    arbiter: ArbiterVendor<'a>,
}

#[derive(Serialize)]
struct ArbiterVendor<'a> {
    builder: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    ruleset: Option<&'a str>,
}

/// `^[0-9a-z]+$`, the schema's pattern for slot keys and upgrade ids.
pub(super) fn is_xws_token(text: &str) -> bool {
    !text.is_empty()
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || b.is_ascii_lowercase())
}

/// `^[0-9a-z-]+[^-]$`, the schema's pattern for pilot ids.
pub(super) fn is_xws_pilot_id(text: &str) -> bool {
    text.len() >= 2
        && !text.ends_with('-')
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || b.is_ascii_lowercase() || b == b'-')
}

/// Write the squad as XWS. Every pilot and upgrade needs its XWS id, every upgrade its
/// slot.
pub fn to_xws(squad: &ExportSquad) -> Result<XwsExport, ExportError> {
    let mut notes = Vec::new();
    let mut pilots = Vec::new();
    for (i, pilot) in squad.pilots.iter().enumerate() {
        let id = pilot.card.xws.as_deref().ok_or_else(|| {
            ExportError::new(format!(
                "pilot {} ({}) has no XWS id",
                i + 1,
                pilot.card.describe()
            ))
        })?;
        if !is_xws_pilot_id(id) {
            notes.push(format!(
                "pilot id `{id}` does not match the schema's pattern ^[0-9a-z-]+[^-]$"
            ));
        }
        let mut slots: Vec<(String, Vec<&str>)> = Vec::new();
        let equipped = pilot.upgrades.iter().flatten();
        for upgrade in equipped.filter(|_| !pilot.standard_loadout) {
            let upgrade_id = upgrade.card.xws.as_deref().ok_or_else(|| {
                ExportError::new(format!(
                    "upgrade {} of pilot {} has no XWS id",
                    upgrade.card.describe(),
                    i + 1
                ))
            })?;
            let slot = upgrade.slot.as_deref().map(slot_key).ok_or_else(|| {
                ExportError::new(format!(
                    "upgrade {} of pilot {} has no slot; XWS files upgrades by slot",
                    upgrade.card.describe(),
                    i + 1
                ))
            })?;
            if !is_xws_token(upgrade_id) {
                notes.push(format!(
                    "upgrade id `{upgrade_id}` does not match the schema's pattern ^[0-9a-z]+$"
                ));
            }
            match slots.iter_mut().find(|(key, _)| *key == slot) {
                Some((_, ids)) => ids.push(upgrade_id),
                None => slots.push((slot, vec![upgrade_id])),
            }
        }
        pilots.push(Pilot {
            id,
            points: pilot.points,
            upgrades: Slots(slots),
        });
    }
    let obstacles = match squad.obstacles.len() {
        0 => None,
        3 => Some(squad.obstacles.as_slice()),
        n => {
            notes.push(format!("{n} obstacles left out: XWS holds exactly three"));
            None
        }
    };
    let out = Squad {
        faction: squad.faction.xws(),
        name: squad.name.as_deref(),
        description: squad.description.as_deref(),
        points: squad.points,
        obstacles,
        pilots,
        vendor: Vendor {
            arbiter: ArbiterVendor {
                builder: "arbiter",
                ruleset: squad.ruleset.as_deref(),
            },
        },
        version: XWS_SPEC_VERSION,
    };
    let json = serde_json::to_string_pretty(&out)
        .map_err(|e| ExportError::new(format!("cannot write JSON: {e}")))?;
    Ok(XwsExport { json, notes })
}

#[cfg(test)]
mod tests {
    use super::super::squad::{CardIds, ExportPilot, ExportUpgrade};
    use super::*;
    use crate::parse::xwing::Faction;

    fn xws(id: &str) -> CardIds {
        CardIds {
            xws: Some(id.into()),
            ..CardIds::default()
        }
    }

    fn squad() -> ExportSquad {
        ExportSquad {
            faction: Faction::GalacticRepublic,
            name: Some("Jedi".into()),
            description: None,
            points: Some(24),
            points_limit: None,
            ruleset: Some("xwa".into()),
            game_mode: None,
            link_version: None,
            obstacles: vec![],
            pilots: vec![ExportPilot {
                card: xws("obiwankenobi"),
                points: Some(12),
                quickbuild: false,
                wingmates: None,
                standard_loadout: false,
                upgrades: vec![
                    Some(ExportUpgrade {
                        slot: Some("force-power".into()),
                        card: xws("patience"),
                        ..ExportUpgrade::default()
                    }),
                    None,
                    Some(ExportUpgrade {
                        slot: Some("Talent".into()),
                        card: xws("composure"),
                        ..ExportUpgrade::default()
                    }),
                    Some(ExportUpgrade {
                        slot: Some("forcepower".into()),
                        card: xws("sense"),
                        ..ExportUpgrade::default()
                    }),
                ],
                ..ExportPilot::default()
            }],
        }
    }

    #[test]
    fn writes_schema_shaped_json() {
        let out = to_xws(&squad()).unwrap();
        assert!(out.notes.is_empty());
        let value: serde_json::Value = serde_json::from_str(&out.json).unwrap();
        assert_eq!(value["faction"], "galacticrepublic");
        assert_eq!(value["version"], "2.0.0");
        assert_eq!(value["vendor"]["arbiter"]["ruleset"], "xwa");
        let upgrades = &value["pilots"][0]["upgrades"];
        assert_eq!(
            upgrades["forcepower"],
            serde_json::json!(["patience", "sense"])
        );
        assert_eq!(upgrades["talent"], serde_json::json!(["composure"]));
        assert!(value["pilots"][0].get("ship").is_none());
        assert!(value.get("obstacles").is_none());
        // Slots keep the order they first appear in.
        assert!(out.json.find("forcepower").unwrap() < out.json.find("talent").unwrap());
    }

    #[test]
    fn needs_ids_and_slots() {
        let mut no_id = squad();
        no_id.pilots[0].card = CardIds {
            name: Some("Obi-Wan Kenobi".into()),
            ..CardIds::default()
        };
        assert_eq!(
            to_xws(&no_id).unwrap_err().message,
            "pilot 1 (Obi-Wan Kenobi) has no XWS id"
        );
        let mut no_slot = squad();
        no_slot.pilots[0].upgrades[0].as_mut().unwrap().slot = None;
        assert!(to_xws(&no_slot).unwrap_err().message.contains("no slot"));
    }

    #[test]
    fn notes_what_the_schema_cannot_hold() {
        let mut s = squad();
        s.obstacles = vec!["core-asteroid-0".into()];
        s.pilots[0].upgrades[0].as_mut().unwrap().card = xws("fanatic-battleofyavin");
        let out = to_xws(&s).unwrap();
        assert_eq!(out.notes.len(), 2, "{:?}", out.notes);
        let mut standard = squad();
        standard.pilots[0].standard_loadout = true;
        let value: serde_json::Value =
            serde_json::from_str(&to_xws(&standard).unwrap().json).unwrap();
        assert!(value["pilots"][0].get("upgrades").is_none());
    }

    #[test]
    fn patterns() {
        assert!(is_xws_pilot_id("sharabey-rz1awing"));
        assert!(!is_xws_pilot_id("sharabey-"));
        assert!(!is_xws_pilot_id("Shara Bey"));
        assert!(is_xws_token("r2d2"));
        assert!(!is_xws_token("r2-d2"));
    }
}

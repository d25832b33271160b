//! YASB links, written as YASB writes them (see `parse::xwing::yasb_link` for the
//! format): `f` through `encodeURI`, `sn` through `encodeURIComponent`, ships as
//! `<pilot>X<upgrade>W<upgrade>…` joined with `Y`, empty slots as empty strings.

use super::squad::{ExportError, ExportSquad};
use crate::parse::xwing::GameMode;
use crate::parse::xwing::percent::{encode_uri, encode_uri_component};

/// Where links point unless told otherwise.
pub const YASB_URL: &str = "https://yasb.app/";

/// Write the squad as a YASB link on `base` (e.g. [`YASB_URL`]). Every pilot and upgrade
/// needs its YASB number, except the upgrades of standard-loadout pilots, which are left
/// out. Defaults: version 9, standard game mode, 20 points.
pub fn to_yasb_link(squad: &ExportSquad, base: &str) -> Result<String, ExportError> {
    let mut ships = Vec::new();
    for (i, pilot) in squad.pilots.iter().enumerate() {
        let number = pilot.card.yasb.ok_or_else(|| {
            ExportError::new(format!(
                "pilot {} ({}) has no YASB number",
                i + 1,
                pilot.card.describe()
            ))
        })?;
        if pilot.quickbuild {
            let wingmates = pilot.wingmates.map_or(String::new(), |w| w.to_string());
            ships.push(format!("{number}X{wingmates}"));
            continue;
        }
        let mut slots = Vec::new();
        // YASB equips a standard loadout itself when it sets the pilot and skips a link's
        // numbers for cards already equipped, so the pilot's number is enough.
        let written = if pilot.standard_loadout {
            &[][..]
        } else {
            &pilot.upgrades[..]
        };
        for upgrade in written {
            match upgrade {
                None => slots.push(String::new()),
                Some(upgrade) => {
                    let n = upgrade.card.yasb.ok_or_else(|| {
                        ExportError::new(format!(
                            "upgrade {} of pilot {} has no YASB number",
                            upgrade.card.describe(),
                            i + 1
                        ))
                    })?;
                    slots.push(n.to_string());
                }
            }
        }
        ships.push(format!("{number}X{}", slots.join("W")));
    }
    let version = squad.link_version.unwrap_or(9);
    let mode = squad
        .game_mode
        .unwrap_or(GameMode::Standard)
        .link_letter(version);
    let limit = squad.points_limit.unwrap_or(20);
    let data = format!("v{version}Z{mode}Z{limit}Z{}", ships.join("Y"));
    Ok(format!(
        "{base}?f={}&d={}&sn={}&obs={}",
        encode_uri(squad.faction.name()),
        encode_uri(&data),
        encode_uri_component(squad.name.as_deref().unwrap_or("")),
        encode_uri(&squad.obstacles.join(","))
    ))
}

#[cfg(test)]
mod tests {
    use super::super::squad::{CardIds, ExportPilot, ExportUpgrade};
    use super::*;
    use crate::parse::xwing::Faction;

    fn yasb(n: u32) -> CardIds {
        CardIds {
            yasb: Some(n),
            ..CardIds::default()
        }
    }

    fn pilot(n: u32, upgrades: Vec<Option<u32>>) -> ExportPilot {
        ExportPilot {
            card: yasb(n),
            points: None,
            quickbuild: false,
            wingmates: None,
            standard_loadout: false,
            upgrades: upgrades
                .into_iter()
                .map(|u| {
                    u.map(|n| ExportUpgrade {
                        slot: None,
                        card: yasb(n),
                        ..ExportUpgrade::default()
                    })
                })
                .collect(),
            ..ExportPilot::default()
        }
    }

    #[test]
    fn writes_links_like_yasb() {
        let squad = ExportSquad {
            faction: Faction::RebelAlliance,
            name: Some("Random Squad".into()),
            description: None,
            points: None,
            points_limit: None,
            ruleset: None,
            game_mode: None,
            link_version: None,
            obstacles: vec![],
            pilots: vec![
                pilot(462, vec![Some(130), None, Some(371)]),
                pilot(16, vec![]),
            ],
        };
        assert_eq!(
            to_yasb_link(&squad, YASB_URL).unwrap(),
            "https://yasb.app/?f=Rebel%20Alliance&d=v9ZhZ20Z462X130WW371Y16X&sn=Random%20Squad&obs="
        );
    }

    #[test]
    fn modes_obstacles_and_names() {
        let mut quick = pilot(117, vec![]);
        quick.quickbuild = true;
        quick.wingmates = Some(2);
        let squad = ExportSquad {
            faction: Faction::ScumAndVillainy,
            name: Some("Fett & Co / (v2)".into()),
            description: None,
            points: None,
            points_limit: Some(50),
            ruleset: None,
            game_mode: Some(GameMode::Quickbuild),
            link_version: Some(10),
            obstacles: vec!["core-asteroid-0".into(), "gascloud1".into()],
            pilots: vec![quick],
        };
        assert_eq!(
            to_yasb_link(&squad, "https://yasb.app/").unwrap(),
            "https://yasb.app/?f=Scum%20and%20Villainy&d=v10ZqZ50Z117X2&sn=Fett%20%26%20Co%20%2F%20(v2)&obs=core-asteroid-0,gascloud1"
        );
    }

    #[test]
    fn standard_loadout_pilots_are_written_alone() {
        let mut vader = pilot(564, vec![Some(9101), Some(9102)]);
        vader.standard_loadout = true;
        // A loadout card without a number is no obstacle: it is not written.
        vader.upgrades[1].as_mut().unwrap().card.yasb = None;
        let squad = ExportSquad::new(
            Faction::GalacticEmpire,
            vec![vader, pilot(16, vec![Some(1)])],
        );
        assert_eq!(
            to_yasb_link(&squad, YASB_URL).unwrap(),
            "https://yasb.app/?f=Galactic%20Empire&d=v9ZhZ20Z564XY16X1&sn=&obs="
        );
    }

    #[test]
    fn needs_yasb_numbers() {
        let mut p = pilot(1, vec![Some(2)]);
        p.upgrades[0].as_mut().unwrap().card = CardIds {
            name: Some("R2-D2".into()),
            ..CardIds::default()
        };
        let squad = ExportSquad::new(Faction::RebelAlliance, vec![p]);
        assert_eq!(
            to_yasb_link(&squad, YASB_URL).unwrap_err().message,
            "upgrade R2-D2 of pilot 1 has no YASB number"
        );
    }
}

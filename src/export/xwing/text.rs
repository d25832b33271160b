//! A plain text a person reads and arbiter reads back: YASB's text export ("Simple copy")
//! without its half-points and damage-threshold figures, which are derived.
//!
//! ```text
//! Blade Runners
//! Faction: Rebel Alliance
//! Ruleset: xwa-50p20
//! Obstacles: core-asteroid-0, core-asteroid-4, gascloud3
//!
//! Braylen Stramm – A/SF-01 B-wing (12)
//!     Fire-Control System (2)
//! Ship Cost: 12  Loadout: (2/12)
//!
//! Total: 12
//! ```
//!
//! A name that arbiter would read as another card of that name gets its XWS id in
//! brackets (`Darth Vader [darthvader-battleofyavin]`), which `parse::xwing::yasb_text`
//! reads as that card. Like
//! YASB's text leaves faction, points revision and obstacles to the link it ends with;
//! this text says them in `Faction:`, `Ruleset:` and `Obstacles:` lines instead. Like YASB's, it leaves out the
//! upgrades of standard-loadout pilots (the pilot says them).

use super::squad::{CardIds, ExportError, ExportSquad};
use crate::report::FileId;
use std::fmt::Write;

/// The name as written, with the XWS id where the name alone is ambiguous.
fn label(card: &CardIds, what: impl FnOnce() -> String) -> Result<String, ExportError> {
    let name = card
        .name
        .as_deref()
        .ok_or_else(|| ExportError::new(format!("{} has no name", what())))?;
    Ok(match (&card.xws, card.ambiguous_name) {
        (Some(id), true) => format!("{name} [{id}]"),
        _ => name.to_string(),
    })
}

/// Write the squad as text. Every card needs its printed name and cost.
pub fn to_text(squad: &ExportSquad) -> Result<String, ExportError> {
    let mut body = String::new();
    for (i, pilot) in squad.pilots.iter().enumerate() {
        let what = || format!("pilot {} ({})", i + 1, pilot.card.describe());
        let name = label(&pilot.card, what)?;
        let cost = pilot
            .cost
            .ok_or_else(|| ExportError::new(format!("{} has no cost", what())))?;
        // Writing to a String cannot fail.
        let _ = match &pilot.ship {
            Some(ship) => writeln!(body, "{name} – {ship} ({cost})"),
            None => writeln!(body, "{name} ({cost})"),
        };
        let mut upgrades_cost = 0;
        if !pilot.standard_loadout {
            for upgrade in pilot.upgrades.iter().flatten() {
                let what = || format!("upgrade {} of pilot {}", upgrade.card.describe(), i + 1);
                let name = label(&upgrade.card, what)?;
                let cost = upgrade
                    .cost
                    .ok_or_else(|| ExportError::new(format!("{} has no cost", what())))?;
                upgrades_cost += cost;
                let _ = writeln!(body, "    {name} ({cost})");
            }
        }
        let ship_cost = pilot.points.unwrap_or(cost + upgrades_cost);
        let _ = write!(body, "Ship Cost: {ship_cost}");
        if let Some(loadout) = pilot.loadout {
            let _ = write!(body, "  Loadout: ({}", loadout.used);
            if let Some(limit) = loadout.limit {
                let _ = write!(body, "/{limit}");
            }
            body.push(')');
        }
        body.push_str("\n\n");
    }
    if let Some(total) = squad.points {
        let _ = writeln!(body, "Total: {total}");
    }
    let mut header = format!("Faction: {}\n", squad.faction.name());
    if let Some(ruleset) = &squad.ruleset {
        let _ = writeln!(header, "Ruleset: {ruleset}");
    }
    if !squad.obstacles.is_empty() {
        let _ = writeln!(header, "Obstacles: {}", squad.obstacles.join(", "));
    }
    let body = format!("{header}\n{body}");
    Ok(match &squad.name {
        Some(name) if reads_back_as_name(name, &body, squad.pilots.len()) => {
            format!("{name}\n{body}")
        }
        _ => body,
    })
}

/// The reader takes a line above the first pilot as the squad's name, unless the line
/// looks like something else (`Aces (2)` is a pilot, `{…` is JSON): try it.
fn reads_back_as_name(name: &str, body: &str, pilots: usize) -> bool {
    let name = name.trim();
    if name.is_empty() || name.contains('\n') {
        return false;
    }
    let text = format!("{name}\n{body}");
    crate::parse::xwing::parse(FileId(0), &text).is_ok_and(|squad| {
        squad.pilots.len() == pilots && squad.name.is_some_and(|n| n.value == name)
    })
}

#[cfg(test)]
mod tests {
    use super::super::squad::{ExportPilot, ExportUpgrade};
    use super::*;
    use crate::parse::xwing::{self, CardRef, Faction, StatedLoadout};

    fn card(name: &str, id: &str, ambiguous_name: bool) -> CardIds {
        CardIds {
            xws: Some(id.into()),
            yasb: None,
            name: Some(name.into()),
            ambiguous_name,
        }
    }

    fn squad(name: Option<&str>) -> ExportSquad {
        ExportSquad {
            faction: Faction::RebelAlliance,
            name: name.map(String::from),
            description: None,
            points: Some(21),
            points_limit: None,
            ruleset: Some("xwa-50p20".into()),
            game_mode: None,
            link_version: None,
            obstacles: vec!["core-asteroid-0".into(), "gascloud3".into()],
            pilots: vec![
                ExportPilot {
                    card: card("Braylen Stramm", "braylenstramm", false),
                    ship: Some("A/SF-01 B-wing".into()),
                    cost: Some(12),
                    points: Some(12),
                    upgrades: vec![
                        Some(ExportUpgrade {
                            card: card("R2-D2", "r2d2-crew", true),
                            cost: Some(4),
                            ..ExportUpgrade::default()
                        }),
                        None,
                        Some(ExportUpgrade {
                            card: card("Vectored Cannons (RZ-1)", "vectoredcannonsrz1", false),
                            cost: Some(3),
                            ..ExportUpgrade::default()
                        }),
                    ],
                    loadout: Some(StatedLoadout {
                        used: 7,
                        limit: Some(12),
                    }),
                    ..ExportPilot::default()
                },
                ExportPilot {
                    card: card("Wedge Antilles", "wedgeantilles-battleofyavin", true),
                    ship: Some("T-65 X-wing".into()),
                    cost: Some(9),
                    points: Some(9),
                    standard_loadout: true,
                    upgrades: vec![Some(ExportUpgrade {
                        card: card("Attack Speed", "attackspeed-battleofyavin", true),
                        cost: Some(0),
                        ..ExportUpgrade::default()
                    })],
                    ..ExportPilot::default()
                },
            ],
        }
    }

    #[test]
    fn writes_yasb_style_text() {
        assert_eq!(
            to_text(&squad(Some("Blade Runners"))).unwrap(),
            "Blade Runners\n\
             Faction: Rebel Alliance\n\
             Ruleset: xwa-50p20\n\
             Obstacles: core-asteroid-0, gascloud3\n\n\
             Braylen Stramm – A/SF-01 B-wing (12)\n    R2-D2 [r2d2-crew] (4)\n    Vectored Cannons (RZ-1) (3)\n\
             Ship Cost: 12  Loadout: (7/12)\n\n\
             Wedge Antilles [wedgeantilles-battleofyavin] – T-65 X-wing (9)\n\
             Ship Cost: 9\n\n\
             Total: 21\n"
        );
    }

    #[test]
    fn reads_back_through_the_text_reader() {
        let text = to_text(&squad(Some("Blade Runners"))).unwrap();
        let parsed = xwing::parse(FileId(0), &text).unwrap();
        assert!(parsed.findings.is_empty(), "{:?}", parsed.findings);
        assert_eq!(parsed.name.unwrap().value, "Blade Runners");
        assert_eq!(
            parsed.faction.unwrap().faction,
            Some(Faction::RebelAlliance)
        );
        assert_eq!(parsed.ruleset.unwrap().value, "xwa-50p20");
        assert_eq!(parsed.obstacles.len(), 2);
        assert_eq!(parsed.points.unwrap().value, 21);
        let cards: Vec<Vec<String>> = parsed
            .pilots
            .iter()
            .map(|p| {
                std::iter::once(&p.card)
                    .chain(p.equipped().map(|(_, c)| c))
                    .map(|c| match c {
                        CardRef::Xws(id) => format!("id {}", id.value),
                        other => other.text(),
                    })
                    .collect()
            })
            .collect();
        assert_eq!(
            cards,
            [
                vec!["Braylen Stramm", "id r2d2-crew", "Vectored Cannons (RZ-1)"],
                vec!["id wedgeantilles-battleofyavin"],
            ]
        );
    }

    #[test]
    fn a_name_that_would_read_as_something_else_is_left_out() {
        for name in ["Aces (2)", "{json", "Total: 3", "Ship Cost: 4", "   "] {
            let text = to_text(&squad(Some(name))).unwrap();
            assert!(text.starts_with("Faction: "), "{name}: {text}");
        }
        assert!(
            to_text(&squad(Some("Aces (v2)")))
                .unwrap()
                .starts_with("Aces (v2)\n")
        );
    }

    #[test]
    fn needs_names_and_costs() {
        let mut nameless = squad(None);
        nameless.pilots[0].card.name = None;
        assert_eq!(
            to_text(&nameless).unwrap_err().message,
            "pilot 1 (braylenstramm) has no name"
        );
        let mut costless = squad(None);
        costless.pilots[0].upgrades[0].as_mut().unwrap().cost = None;
        assert_eq!(
            to_text(&costless).unwrap_err().message,
            "upgrade R2-D2 of pilot 1 has no cost"
        );
    }
}

//! The Tabletop Simulator line: `Pilot + Upgrade / Pilot | obstacle / obstacle / obstacle`.
//! Like YASB, parenthesised parts of names are dropped (`Vectored Cannons (RZ-1)` is
//! `Vectored Cannons`) and standard-loadout pilots are written without their upgrades.

use super::squad::{CardIds, ExportError, ExportSquad};

/// A name as the TTS mod matches it: without `(…)` and with plain quotes.
fn tts_name(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut depth = 0usize;
    for c in name.chars() {
        match c {
            '(' => depth += 1,
            ')' if depth > 0 => depth -= 1,
            _ if depth > 0 => {}
            '“' | '”' => out.push('"'),
            _ => out.push(c),
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn name_of(card: &CardIds, what: impl FnOnce() -> String) -> Result<String, ExportError> {
    card.name
        .as_deref()
        .map(tts_name)
        .ok_or_else(|| ExportError::new(format!("{} has no name", what())))
}

/// Write the squad as a TTS line. Every card needs its printed name.
pub fn to_tts(squad: &ExportSquad) -> Result<String, ExportError> {
    let mut ships = Vec::new();
    for (i, pilot) in squad.pilots.iter().enumerate() {
        let mut parts = vec![name_of(&pilot.card, || {
            format!("pilot {} ({})", i + 1, pilot.card.describe())
        })?];
        if !pilot.standard_loadout {
            for upgrade in pilot.upgrades.iter().flatten() {
                parts.push(name_of(&upgrade.card, || {
                    format!("upgrade {} of pilot {}", upgrade.card.describe(), i + 1)
                })?);
            }
        }
        ships.push(parts.join(" + "));
    }
    let mut line = ships.join(" / ");
    if !squad.obstacles.is_empty() {
        line.push_str(" | ");
        line.push_str(&squad.obstacles.join(" / "));
    }
    Ok(line)
}

#[cfg(test)]
mod tests {
    use super::super::squad::{ExportPilot, ExportUpgrade};
    use super::*;
    use crate::parse::xwing::Faction;

    fn named(name: &str) -> CardIds {
        CardIds {
            name: Some(name.into()),
            ..CardIds::default()
        }
    }

    fn pilot(name: &str, upgrades: &[&str]) -> ExportPilot {
        ExportPilot {
            card: named(name),
            points: None,
            quickbuild: false,
            wingmates: None,
            standard_loadout: false,
            upgrades: upgrades
                .iter()
                .map(|u| {
                    Some(ExportUpgrade {
                        slot: None,
                        card: named(u),
                        ..ExportUpgrade::default()
                    })
                })
                .collect(),
            ..ExportPilot::default()
        }
    }

    fn squad(pilots: Vec<ExportPilot>, obstacles: &[&str]) -> ExportSquad {
        ExportSquad {
            obstacles: obstacles.iter().map(|o| o.to_string()).collect(),
            ..ExportSquad::new(Faction::GalacticEmpire, pilots)
        }
    }

    #[test]
    fn writes_the_line() {
        let s = squad(
            vec![
                pilot("“Mauler” Mithel", &["Predator", "Vectored Cannons (RZ-1)"]),
                pilot("Darth Vader", &[]),
            ],
            &["core-asteroid-0", "gascloud1", "core-debris-2"],
        );
        assert_eq!(
            to_tts(&s).unwrap(),
            "\"Mauler\" Mithel + Predator + Vectored Cannons / Darth Vader | core-asteroid-0 / gascloud1 / core-debris-2"
        );
    }

    #[test]
    fn standard_loadouts_and_missing_names() {
        let mut vader = pilot("Darth Vader", &["Marksmanship"]);
        vader.standard_loadout = true;
        assert_eq!(to_tts(&squad(vec![vader], &[])).unwrap(), "Darth Vader");
        let mut nameless = pilot("x", &[]);
        nameless.card = CardIds {
            yasb: Some(564),
            ..CardIds::default()
        };
        assert_eq!(
            to_tts(&squad(vec![nameless], &[])).unwrap_err().message,
            "pilot 1 (YASB 564) has no name"
        );
    }
}

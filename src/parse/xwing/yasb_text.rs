//! YASB's plain-text export ("Simple copy"). Each ship is a block: the pilot, the
//! upgrades indented by four spaces, then a summary line; after the last ship the total
//! and the link. Current YASB writes (trailing spaces are Markdown line breaks):
//!
//! ```text
//! Braylen Stramm – A/SF-01 B-wing (12)
//!     Fire-Control System (2)
//! Ship Cost: 14  Loadout: (2/12)  Half Points: 7  Damage Threshold: 5
//!
//! Total: 14
//!
//! View in YASB: https://yasb.app/?f=…
//! ```
//!
//! Older YASB wrote `Pilot (5)` without the ship and `Ship total: 13  Half Points: 7
//! Threshold: 3`. arbiter's own text export adds `Faction: …`, `Ruleset: <revision>` and
//! `Obstacles: a, b, c` lines (YASB's text leaves them to its link) and `[xws-id]` after a name other cards
//! share (`Darth Vader [darthvader-battleofyavin] – TIE Advanced x1 (6)`). Blocks are told apart by the summary lines, so lost indentation does not
//! matter; without summary lines, indentation decides.

use super::builder::SquadBuilder;
use super::faction::Faction;
use super::lines::{Line, labelled_number, lines, loadout, name_and_points};
use super::span::Source;
use super::squad::{CardRef, FactionRef, ParsedPilot, ParsedSquad, ParsedUpgrade, SourceFormat};
use crate::report::{Code, FileId, Finding};

const SUMMARY_LABELS: [&str; 2] = ["Ship Cost:", "Ship total:"];
const LINK_LABEL: &str = "View in YASB:";
const PILOT_SHIP_SEPARATORS: [&str; 2] = [" – ", " — "];
/// arbiter's text export says what YASB's leaves to its link.
const FACTION_LABEL: &str = "Faction:";
const RULESET_LABEL: &str = "Ruleset:";
const OBSTACLES_LABEL: &str = "Obstacles:";

/// Does this look like YASB's text export?
pub fn looks_like(lines: &[Line]) -> bool {
    lines.iter().any(|line| {
        is_summary(line.text)
            || starts_with_ignore_case(line.text, LINK_LABEL)
            || (PILOT_SHIP_SEPARATORS.iter().any(|s| line.text.contains(s))
                && name_and_points(&Source::new(line.text), line.text).is_some())
    })
}

/// The text after `label`, trimmed, when the line starts with it and has some.
fn labelled<'a>(text: &'a str, label: &str) -> Option<&'a str> {
    if !starts_with_ignore_case(text, label) {
        return None;
    }
    Some(super::lines::trim(&text[label.len()..])).filter(|value| !value.is_empty())
}

fn is_summary(text: &str) -> bool {
    SUMMARY_LABELS
        .iter()
        .any(|l| starts_with_ignore_case(text, l))
}

pub fn starts_with_ignore_case(text: &str, prefix: &str) -> bool {
    text.get(..prefix.len())
        .is_some_and(|start| start.eq_ignore_ascii_case(prefix))
}

pub fn parse(file: FileId, text: &str) -> Result<ParsedSquad, Vec<Finding>> {
    let source = Source::new(text);
    let lines = lines(&source);
    let uses_summaries = lines.iter().any(|l| is_summary(l.text));
    let mut b = SquadBuilder::new(file, SourceFormat::YasbText);
    // After a summary line, the next entry starts a new ship.
    let mut block_open = false;
    for line in &lines {
        let span = source.span_of(line.text);
        if starts_with_ignore_case(line.text, LINK_LABEL) {
            let link = super::lines::trim(&line.text[LINK_LABEL.len()..]);
            if !link.is_empty() {
                b.squad.link = Some(source.spanned(link));
            }
            continue;
        }
        if let Some(value) = labelled(line.text, FACTION_LABEL) {
            let faction = Faction::from_written(value);
            if faction.is_none() {
                let help = match Faction::suggestions(value).first() {
                    Some(name) => format!("did you mean `{name}`?"),
                    None => format!(
                        "the factions are {}",
                        Faction::ALL.map(Faction::name).join(", ")
                    ),
                };
                b.squad.findings.push(
                    Finding::error(
                        Code::XwingParseFaction,
                        format!("`{value}` is not an X-Wing faction"),
                    )
                    .at(file, source.span_of(value))
                    .label("unknown faction")
                    .help(help),
                );
            }
            b.squad.faction = Some(FactionRef {
                written: source.spanned(value),
                faction,
            });
            continue;
        }
        if let Some(value) = labelled(line.text, RULESET_LABEL) {
            b.squad.ruleset = Some(source.spanned(value));
            continue;
        }
        if let Some(value) = labelled(line.text, OBSTACLES_LABEL) {
            b.squad.obstacles = value
                .split(',')
                .map(super::lines::trim)
                .filter(|o| !o.is_empty())
                .map(|o| source.spanned(o))
                .collect();
            continue;
        }
        if let Some(total) = labelled_number(&source, line.text, "Total:") {
            b.squad.points = Some(total);
            continue;
        }
        if is_summary(line.text) {
            let label = SUMMARY_LABELS
                .iter()
                .find(|l| starts_with_ignore_case(line.text, l))
                .copied()
                .unwrap_or("Ship Cost:");
            match labelled_number(&source, line.text, label) {
                Some(total) => {
                    if let Some(pilot) = b.ship_total(total, span.clone()) {
                        pilot.loadout = loadout(&source, line.text);
                    }
                }
                None => b.skip_line(
                    span,
                    "`Name (points)` lines, each ship closed by `Ship Cost: <points> …`",
                ),
            }
            block_open = false;
            continue;
        }
        let Some((name, points)) = name_and_points(&source, line.text) else {
            if !b.has_any_pilot() && b.squad.name.is_none() {
                // People paste the squad's name above YASB's export.
                b.squad.name = Some(source.spanned(line.text));
            } else {
                b.skip_line(
                    span,
                    "`Name (points)`, `Ship Cost: …`, `Total: …` and the link",
                );
            }
            continue;
        };
        let with_ship = PILOT_SHIP_SEPARATORS
            .iter()
            .find_map(|sep| name.split_once(sep));
        let is_pilot = with_ship.is_some()
            || !b.has_pilot()
            || !block_open
            || (!line.indented && !uses_summaries);
        if is_pilot {
            let (pilot_name, ship) = match with_ship {
                Some((pilot, ship)) => (pilot.trim(), Some(ship.trim())),
                None => (name, None),
            };
            let mut pilot = ParsedPilot::new(card_ref(&source, pilot_name), span);
            pilot.ship = ship.map(|s| source.spanned(s));
            pilot.points = Some(points);
            b.start_pilot(pilot);
            block_open = true;
        } else {
            let upgrade = ParsedUpgrade {
                slot: None,
                card: Some(card_ref(&source, name)),
                points: Some(points),
                span: span.clone(),
            };
            b.add_upgrade(upgrade, span);
        }
    }
    b.finish(source.span_of(text))
}

/// A name, or the XWS id in brackets after it: arbiter's text export writes
/// `Darth Vader [darthvader-battleofyavin]` where other cards share the name.
fn card_ref<'a>(source: &Source<'a>, name: &'a str) -> CardRef {
    let id = name
        .strip_suffix(']')
        .and_then(|rest| rest.rsplit_once(" ["))
        .map(|(_, id)| id)
        .filter(|id| {
            !id.is_empty()
                && id
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        });
    match id {
        Some(id) => CardRef::Xws(source.spanned(id)),
        None => CardRef::Name(source.spanned(name)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::xwing::Spanned;

    const CURRENT: &str = "Braylen Stramm – A/SF-01 B-wing (12)    \n    Fire-Control System (2)    \n    Vectored Cannons (RZ-1) (3)    \n    \nShip Cost: 17  Loadout: (5/12)  Half Points: 8  Damage Threshold: 5    \n    \nShara Bey – RZ-1 A-wing (9)    \nShip Cost: 9  Loadout: (0/12)  Half Points: 4  Damage Threshold: 2    \n    \n    \nTotal: 26    \n    \nView in YASB: https://yasb.app/?f=Rebel%20Alliance&d=v9ZhZ20Z73X1Y462X";

    #[test]
    fn reads_current_export() {
        let squad = parse(FileId(0), CURRENT).unwrap();
        assert!(squad.findings.is_empty(), "{:?}", squad.findings);
        assert_eq!(squad.pilots.len(), 2);
        let braylen = &squad.pilots[0];
        assert_eq!(braylen.card.text(), "Braylen Stramm");
        assert_eq!(braylen.ship.as_ref().unwrap().value, "A/SF-01 B-wing");
        assert_eq!(braylen.points.as_ref().unwrap().value, 12);
        assert_eq!(braylen.total_points.as_ref().unwrap().value, 17);
        assert_eq!(braylen.loadout.as_ref().unwrap().value.limit, Some(12));
        let names: Vec<_> = braylen.equipped().map(|(_, c)| c.text()).collect();
        assert_eq!(names, ["Fire-Control System", "Vectored Cannons (RZ-1)"]);
        assert!(squad.pilots[1].upgrades.is_empty());
        assert_eq!(squad.points.as_ref().unwrap().value, 26);
        assert!(
            squad
                .link
                .as_ref()
                .unwrap()
                .value
                .starts_with("https://yasb.app/")
        );
    }

    #[test]
    fn lost_indentation_and_old_format() {
        let text = "My squad\nGarven Dreis (12)\nR4 Astromech (1)\nShip total: 13  Half Points: 7  Threshold: 3\nCaptain Rex (7)\nShip total: 7\nTotal: 20";
        let squad = parse(FileId(0), text).unwrap();
        assert_eq!(squad.name.as_ref().unwrap().value, "My squad");
        assert_eq!(squad.pilots.len(), 2);
        assert_eq!(squad.pilots[0].upgrades.len(), 1);
        assert!(squad.pilots[1].upgrades.is_empty());
    }

    #[test]
    fn without_summaries_indentation_decides() {
        let text = "Garven Dreis (12)\n    R4 Astromech (1)\nCaptain Rex (7)";
        let squad = parse(FileId(0), text).unwrap();
        assert_eq!(squad.pilots.len(), 2);
        assert_eq!(squad.pilots[0].upgrades.len(), 1);
    }

    #[test]
    fn an_xws_id_in_brackets_names_the_card() {
        let text = "Darth Vader [darthvader-battleofyavin] – TIE Advanced x1 (6)\n    R2-D2 [r2d2-crew] (4)\n    Vectored Cannons (RZ-1) (3)\n    Odd [Name] (1)\nShip Cost: 6";
        let squad = parse(FileId(0), text).unwrap();
        let pilot = &squad.pilots[0];
        assert_eq!(
            pilot.card,
            CardRef::Xws(Spanned::new("darthvader-battleofyavin".into(), 13..37))
        );
        assert_eq!(pilot.ship.as_ref().unwrap().value, "TIE Advanced x1");
        let cards: Vec<_> = pilot.equipped().map(|(_, c)| c.clone()).collect();
        assert!(matches!(&cards[0], CardRef::Xws(id) if id.value == "r2d2-crew"));
        assert!(matches!(&cards[1], CardRef::Name(n) if n.value == "Vectored Cannons (RZ-1)"));
        // Only an id's letters make an id: anything else stays part of the name.
        assert!(matches!(&cards[2], CardRef::Name(n) if n.value == "Odd [Name]"));
    }

    #[test]
    fn faction_and_ruleset_lines() {
        let text = "Aces\nFaction: Galactic Empire\nRuleset: xwa-50p20\nObstacles: core-asteroid-0, gascloud1 ,\nDarth Vader (6)\nShip Cost: 6";
        let squad = parse(FileId(0), text).unwrap();
        assert!(squad.findings.is_empty(), "{:?}", squad.findings);
        assert_eq!(squad.name.unwrap().value, "Aces");
        let faction = squad.faction.unwrap();
        assert_eq!(faction.faction, Some(Faction::GalacticEmpire));
        assert_eq!(faction.written.span, 14..29);
        assert_eq!(squad.ruleset.unwrap().value, "xwa-50p20");
        let obstacles: Vec<_> = squad.obstacles.iter().map(|o| o.value.as_str()).collect();
        assert_eq!(obstacles, ["core-asteroid-0", "gascloud1"]);

        let squad = parse(FileId(0), "Faction: Galactic Emprie\nDarth Vader (6)").unwrap();
        assert_eq!(squad.findings[0].code, Code::XwingParseFaction);
        assert_eq!(
            squad.findings[0].help.as_deref(),
            Some("did you mean `Galactic Empire`?")
        );
    }

    #[test]
    fn nothing_readable_is_an_error() {
        assert!(parse(FileId(0), "Total: 20\n").is_err());
    }
}

//! The Tabletop Simulator line that YASB and Launch Bay Next export for the X-Wing TTS
//! mod: ships separated by ` / `, each pilot followed by ` + Upgrade`, and the obstacles
//! after ` | `:
//!
//! ```text
//! Braylen Stramm + Fire-Control System / Shara Bey | core-asteroid-0 / core-asteroid-4 / gascloud3
//! ```
//!
//! Separators count only with spaces around them, so `Palpatine/Sidious` and `G4R-G0R V/M`
//! stay whole. YASB drops parenthesised parts of names (`Vectored Cannons`), and leaves
//! out the fixed upgrades of standard-loadout pilots. Ships on separate lines read the
//! same as ships separated by ` / `.

use super::builder::SquadBuilder;
use super::lines::{Line, lines, split_spaced};
use super::span::Source;
use super::squad::{CardRef, ParsedPilot, ParsedSquad, ParsedUpgrade, SourceFormat};
use crate::report::{FileId, Finding};

/// Does this look like a TTS line: a few lines, some with spaced `/`, `+` or `|`, and
/// none with the marks of the other formats?
pub fn looks_like(lines: &[Line]) -> bool {
    let separated = |text: &str| {
        ['/', '+', '|']
            .iter()
            .any(|&sep| split_spaced(text, sep).len() > 1 || text.ends_with(&format!(" {sep}")))
    };
    !lines.is_empty()
        && lines.len() <= 16
        && lines.iter().any(|l| separated(l.text))
        && lines
            .iter()
            .all(|l| !l.text.contains("://") && !l.text.starts_with(['{', '[', '(', '*', '#']))
}

pub fn parse(file: FileId, text: &str) -> Result<ParsedSquad, Vec<Finding>> {
    let source = Source::new(text);
    let mut b = SquadBuilder::new(file, SourceFormat::Tts);
    for line in lines(&source) {
        let mut parts = split_spaced(line.text, '|').into_iter();
        let ships = parts.next().unwrap_or("");
        for ship in split_spaced(ships, '/') {
            let mut cards = split_spaced(ship, '+').into_iter();
            let Some(pilot_name) = cards.next() else {
                continue;
            };
            let pilot = ParsedPilot::new(
                CardRef::Name(source.spanned(pilot_name)),
                source.span_of(ship),
            );
            b.start_pilot(pilot);
            for upgrade in cards {
                let span = source.span_of(upgrade);
                b.add_upgrade(
                    ParsedUpgrade {
                        slot: None,
                        card: Some(CardRef::Name(source.spanned(upgrade))),
                        points: None,
                        span: span.clone(),
                    },
                    span,
                );
            }
        }
        b.close_pilot();
        for (i, obstacles) in parts.enumerate() {
            if i > 0 {
                b.warn(
                    source.span_of(obstacles),
                    "a second ` | ` part".into(),
                    "read as more obstacles",
                    "a TTS line has ships, then ` | ` and the obstacles".into(),
                );
            }
            for obstacle in split_spaced(obstacles, '/') {
                b.squad.obstacles.push(source.spanned(obstacle));
            }
        }
    }
    b.finish(source.span_of(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_ships_upgrades_and_obstacles() {
        let text = "Braylen Stramm + Fire-Control System + Proton Torpedoes / Shara Bey  | core-asteroid-0 / gascloud3 / pomasteroid2\n";
        let squad = parse(FileId(0), text).unwrap();
        assert!(squad.findings.is_empty());
        assert_eq!(squad.pilots.len(), 2);
        assert_eq!(
            &text[squad.pilots[0].span.clone()],
            "Braylen Stramm + Fire-Control System + Proton Torpedoes"
        );
        assert_eq!(squad.pilots[0].upgrades.len(), 2);
        assert_eq!(&text[squad.pilots[1].card.span()], "Shara Bey");
        let obstacles: Vec<_> = squad.obstacles.iter().map(|o| o.value.as_str()).collect();
        assert_eq!(obstacles, ["core-asteroid-0", "gascloud3", "pomasteroid2"]);
    }

    #[test]
    fn slashes_inside_names_stay() {
        let text = "Darth Vader + Palpatine/Sidious / \"Mauler\" Mithel /";
        let squad = parse(FileId(0), text).unwrap();
        assert_eq!(squad.pilots.len(), 2);
        assert_eq!(
            squad.pilots[0].upgrades[0].card.as_ref().unwrap().text(),
            "Palpatine/Sidious"
        );
    }

    #[test]
    fn detection() {
        let source = Source::new("A + B / C");
        assert!(looks_like(&lines(&source)));
        let source = Source::new("just some words");
        assert!(!looks_like(&lines(&source)));
    }
}

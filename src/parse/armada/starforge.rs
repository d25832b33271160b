//! Star Forge / Armada Legacy: the Kingston layout (see `kingston.rs`) with its own habits:
//!
//! ```text
//!  Name: Hawk
//! Faction: Empire
//! Gamemode: Standard
//! Commander: Moff Jerjerrod (23)
//!
//! Assault: Advanced Gunnery
//! Defense: Abandoned Mining
//! Facility
//!
//! Venator II-class Star Destroyer {IMP} (100)
//! • Moff Jerjerrod (23)
//! • Hondo Ohnaka [Legacy] (2)
//! = 125 Points
//!
//! Squadrons:
//! • Tycho Celchu - A-wing Squadron (16)
//! • 5 x Z-95 Headhunter Squadron (35)
//! = 51 Points
//!
//! Total Points: 176
//! ```
//!
//! A leading space before `Name:`, commander points, a `Gamemode:` line, `{CIS}`-style
//! variants and `[Legacy]`-style source tags, ace squadrons written `Ace - Squadron type`,
//! objective names the export wrapped onto a second line, and `Total Points:` without a
//! number. The shared line reader already takes all of these but `Gamemode:`.

use super::grammar::header;
use super::kingston::{self, Section};
use super::lines::Line;
use super::recorder::{Field, Recorder};
use nom::Parser;

pub fn read(rec: &mut Recorder, lines: &[Line<'_>]) {
    let mut section = Section::Ships;
    for (i, line) in lines.iter().enumerate() {
        if kingston::second_list_starts(rec, lines, i) {
            return;
        }
        if let Ok((_, mode)) = header("Gamemode").parse(line.trimmed()) {
            rec.set_text(Field::Gamemode, mode, line);
            continue;
        }
        if !kingston::read_line(rec, line, &mut section) {
            kingston::unknown_line(rec, line);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::parse::armada::{SourceFormat, parse_as};
    use crate::report::FileId;

    #[test]
    fn star_forge_habits() {
        let text = " Name: Hawk\nFaction: Empire\nGamemode: Standard\nCommander: Moff Jerjerrod (23)\n\n\
                    Assault: Advanced Gunnery\nDefense: Abandoned Mining\nFacility\nNavigation: Solar Corona\n\n\
                    Venator II-class Star Destroyer {IMP} (100)\n• Moff Jerjerrod (23)\n• Hondo Ohnaka [Legacy] (2)\n= 125 Points\n\n\
                    Squadrons:\n• Tycho Celchu - A-wing Squadron (16)\n= 16 Points\n\nTotal Points:";
        let fleet = parse_as(FileId(0), text, SourceFormat::StarForge);
        assert!(fleet.is_clean(), "{:?}", fleet.findings);
        assert_eq!(fleet.name.as_ref().unwrap().text, "Hawk");
        assert_eq!(fleet.gamemode.as_ref().unwrap().text, "Standard");
        let commander = fleet.commander.as_ref().unwrap();
        assert_eq!(commander.name.text, "Moff Jerjerrod");
        assert_eq!(commander.stated_points.as_ref().unwrap().value, 23);
        let defense = &fleet.objectives[1].name;
        assert_eq!(defense.text, "Abandoned Mining Facility");
        assert_eq!(&text[defense.span.clone()], "Abandoned Mining\nFacility");
        assert_eq!(fleet.objectives.len(), 3);
        let ship = &fleet.ships[0];
        assert_eq!(ship.name.variant.as_ref().unwrap().text, "IMP");
        assert_eq!(
            ship.upgrades[1].name.source_tag.as_ref().unwrap().text,
            "Legacy"
        );
        assert_eq!(fleet.squadrons[0].name.parts.len(), 2);
        assert_eq!(fleet.points.total, None);
    }
}

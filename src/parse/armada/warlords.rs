//! Armada Warlords:
//!
//! ```text
//! Dumpster Fire Mk 18
//!
//! Author: shmitty
//! Faction: Rebel Alliance
//! Points: 400/400
//! Commander: Garm Bel Iblis
//! Assault Objective: Ion Storm
//! Defense Objective: Contested Outpost
//! Navigation Objective: Hyperspace Migration
//!
//! [ flagship ] MC80 Star Cruiser (96 points)
//! -  Garm Bel Iblis⇥ ( 25⇥ points)
//! = 133 total ship cost
//!
//! 2⇥X-Wing Squadrons ( 26 points)
//! = 84 total squadron cost
//! ```
//!
//! Tabs (`⇥`) and trailing spaces everywhere; the first line is the fleet's name; squadron lines
//! start with their count and state the group's total; `(com)` / `(off)` tell a commander
//! from an officer of the same name.

use super::card_lines::{self, Examples};
use super::grammar::{self, count_space, fraction, split_cost, subtotal, whole};
use super::lines::Line;
use super::model::ObjectiveCategory;
use super::recorder::{Field, Recorder};
use super::span::Span;
use crate::report::Code;

const EXAMPLES: Examples = Examples {
    upgrade: "-  Engine Techs ( 8 points)",
    flagship: "[ flagship ] MC80 Star Cruiser (96 points)",
};

const HELP: &str = "lines of this format are the fleet name, `Author:`, `Faction:`, `Points: N/N`, \
     `Commander:`, `Assault Objective:` (and Defense, Navigation), a ship `[ flagship ] Name (N points)`, \
     its upgrades `-  Name ( N points)`, `= N total ship cost`, squadrons `N Name ( N points)` \
     and `= N total squadron cost`";

pub fn read(rec: &mut Recorder, lines: &[Line<'_>]) {
    let mut first = true;
    for line in lines {
        let t = line.trimmed();
        if t.is_empty() {
            continue;
        }
        let was_first = std::mem::replace(&mut first, false);
        if read_header(rec, line, t) {
            continue;
        }
        if was_first {
            rec.set_text(Field::Name, t, line);
            continue;
        }
        if !read_card(rec, line, t) && !rec.continue_objective(line) {
            if grammar::has_broken_cost(t) {
                rec.bad_points(line, "CR90 Corvette A (44 points)");
            } else {
                rec.not_understood(line, HELP);
            }
        }
    }
}

fn read_header(rec: &mut Recorder, line: &Line<'_>, t: Span<'_>) -> bool {
    let keys = [
        "Author",
        "Faction",
        "Points",
        "Commander",
        "Assault Objective",
        "Defense Objective",
        "Navigation Objective",
    ];
    let Some((key, value)) = grammar::any_header(t, &keys) else {
        return false;
    };
    match key {
        0 => rec.set_text(Field::Author, value, line),
        1 => rec.set_text(Field::Faction, value, line),
        2 => match whole(value, fraction) {
            Some(numbers) => {
                let mut numbers = numbers.into_iter();
                rec.set_points(numbers.next(), numbers.next());
            }
            None => rec.problem(
                Code::ArmadaParsePoints,
                line.trimmed().range(),
                format!("line {}: the fleet's points are not `N/N`", line.number),
                "expected points and limit",
                "Warlords writes the fleet's points as `Points: 392/400`",
            ),
        },
        3 => rec.set_commander(value, line),
        4 => rec.add_objective(Some(ObjectiveCategory::Assault), value, line),
        5 => rec.add_objective(Some(ObjectiveCategory::Defense), value, line),
        _ => rec.add_objective(Some(ObjectiveCategory::Navigation), value, line),
    }
    true
}

/// Ships, upgrades, squadrons and their totals.
fn read_card(rec: &mut Recorder, line: &Line<'_>, t: Span<'_>) -> bool {
    if let Ok((_, (total, words))) = subtotal(t) {
        match words.fragment().to_ascii_lowercase().as_str() {
            "total ship cost" => rec.ship_total(total, line),
            "total squadron cost" => rec.set_squadron_points(Some(total), None),
            _ => return false,
        }
        return true;
    }
    if card_lines::upgrade_or_flagship(rec, line, t, &EXAMPLES) {
        return true;
    }
    if let Ok((rest, count)) = count_space(t)
        && let Some((name, cost)) = split_cost(rest)
    {
        rec.add_squadron(name, Some(count), &cost, true, line);
        return true;
    }
    card_lines::plain_ship(rec, line, t)
}

#[cfg(test)]
mod tests {
    use crate::parse::armada::{SourceFormat, parse_as};
    use crate::report::FileId;

    #[test]
    fn tabs_counts_and_qualifiers() {
        let text = "Hawk \n\t\nAuthor: eb0n_hawk\nFaction: Rebel Alliance\t\nPoints: 392/400\t\n \n\
                    Commander: Kyrsta Agate (com)\nAssault Objective: Advanced Gunnery\t\n\n\
                    [ flagship ] Starhawk-class Battleship Mark II (150 points)\n\
                    -  Kyrsta Agate (com)\t ( 20\t points) \n= 170 total ship cost\n\n\
                    2\tX-Wing Squadrons ( 26 points) \n= 26 total squadron cost\n";
        let fleet = parse_as(FileId(0), text, SourceFormat::Warlords);
        assert!(fleet.is_clean(), "{:?}", fleet.findings);
        assert_eq!(fleet.name.as_ref().unwrap().text, "Hawk");
        assert_eq!(fleet.points.limit.as_ref().unwrap().value, 400);
        let commander = fleet.commander.as_ref().unwrap();
        assert_eq!(commander.name.qualifier.as_ref().unwrap().text, "com");
        let ship = &fleet.ships[0];
        assert!(ship.flagship);
        assert_eq!(ship.upgrades[0].name.text, "Kyrsta Agate");
        assert_eq!(ship.upgrades[0].stated_points.as_ref().unwrap().value, 20);
        let squadron = &fleet.squadrons[0];
        assert_eq!(
            (squadron.count, squadron.name.text.as_str()),
            (2, "X-Wing Squadrons")
        );
        assert!(squadron.points_are_group_total);
        assert_eq!(fleet.points.squadrons.as_ref().unwrap().value, 26);
    }
}

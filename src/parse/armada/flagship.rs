//! Flagship:
//!
//! ```text
//! Dumpster Fire Mk 18
//!
//! Author: schmitty
//! Faction: Rebels
//! Commander: Garm Bel Iblis
//!
//! Assault Objective: Ion Storm
//! Defense Objective: Contested Outpost
//! Navigation Objective: None
//!
//! [flagship] MC80 Star Cruiser (96)
//! - Garm Bel Iblis (25)
//! = 133 points
//!
//! 2 Y-Wing Squadron (10)
//! = 20 points
//! ```
//!
//! CRLF line endings; the first line is the fleet's name; `None` for a missing objective;
//! squadron lines start with their count and state the cost of **one** squadron; the
//! `= N points` after the squadrons is their subtotal.

use super::card_lines::{self, Examples};
use super::grammar::{self, count_space, split_cost, subtotal};
use super::lines::Line;
use super::model::ObjectiveCategory;
use super::recorder::{Field, Recorder};
use super::span::Span;

const EXAMPLES: Examples = Examples {
    upgrade: "- Engine Techs (8)",
    flagship: "[flagship] MC80 Star Cruiser (96)",
};

const HELP: &str = "lines of this format are the fleet name, `Author:`, `Faction:`, `Commander:`, \
     `Assault Objective:` (and Defense, Navigation), a ship `[flagship] Name (N)`, its upgrades \
     `- Name (N)`, `= N points`, and squadrons `N Name (N)`";

pub fn read(rec: &mut Recorder, lines: &[Line<'_>]) {
    let mut first = true;
    let mut in_squadrons = false;
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
        if !read_card(rec, line, t, &mut in_squadrons) && !rec.continue_objective(line) {
            if grammar::has_broken_cost(t) {
                rec.bad_points(line, "CR90A Corvette (44)");
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
        2 => rec.set_commander(value, line),
        3 => rec.add_objective(Some(ObjectiveCategory::Assault), value, line),
        4 => rec.add_objective(Some(ObjectiveCategory::Defense), value, line),
        _ => rec.add_objective(Some(ObjectiveCategory::Navigation), value, line),
    }
    true
}

fn read_card(rec: &mut Recorder, line: &Line<'_>, t: Span<'_>, in_squadrons: &mut bool) -> bool {
    if let Ok((_, (total, words))) = subtotal(t) {
        if !words.fragment().eq_ignore_ascii_case("points") {
            return false;
        }
        if *in_squadrons {
            rec.set_squadron_points(Some(total), None);
        } else {
            rec.ship_total(total, line);
        }
        return true;
    }
    if card_lines::upgrade_or_flagship(rec, line, t, &EXAMPLES) {
        return true;
    }
    if let Ok((rest, count)) = count_space(t)
        && let Some((name, cost)) = split_cost(rest)
    {
        rec.add_squadron(name, Some(count), &cost, false, line);
        *in_squadrons = true;
        return true;
    }
    card_lines::plain_ship(rec, line, t)
}

#[cfg(test)]
mod tests {
    use crate::parse::armada::{SourceFormat, parse_as};
    use crate::report::FileId;

    #[test]
    fn per_squadron_points_and_none() {
        let text = "Fleet\r\n\r\nAuthor: me\r\nFaction: Rebels\r\nCommander: Garm Bel Iblis\r\n\r\n\
                    Assault Objective: Ion Storm\r\nDefense Objective: None\r\n\r\n\
                    [flagship] MC80 Star Cruiser (96)\r\n- Garm Bel Iblis (25)\r\n= 121 points\r\n\r\n\
                    2 Y-Wing Squadron (10)\r\n= 20 points\r\n";
        let fleet = parse_as(FileId(0), text, SourceFormat::Flagship);
        assert!(fleet.is_clean(), "{:?}", fleet.findings);
        assert_eq!(fleet.objectives.len(), 1);
        assert_eq!(fleet.ships[0].stated_total.as_ref().unwrap().value, 121);
        let squadron = &fleet.squadrons[0];
        assert_eq!(squadron.count, 2);
        assert!(!squadron.points_are_group_total);
        assert_eq!(fleet.points.squadrons.as_ref().unwrap().value, 20);
        assert_eq!(
            &text[fleet.ships[0].span.clone()],
            "[flagship] MC80 Star Cruiser (96)"
        );
    }
}

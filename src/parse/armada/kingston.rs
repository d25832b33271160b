//! Ryan Kingston's builder:
//!
//! ```text
//! Name: Dumpster Fire Mk 18
//! Faction: Rebel
//! Commander: Garm Bel Iblis
//! Assault: Ion Storm
//! Defense: Contested Outpost
//! Navigation: Hyperspace Migration
//! CR90 Corvette A (44)
//! • Jaina's Light (2)
//! = 46 Points
//! Squadrons:
//! • 2 x Y-wing Squadron (20)
//! • Darth Vader (TIE Defender) (25)!
//! = 84 Points
//! Total Points: 400
//! ```
//!
//! Blank lines may separate blocks or not. Bullets under a ship are its upgrades, under
//! `Squadrons:` the squadrons, whose points are the group's total. Star Forge writes the same
//! layout (see `starforge.rs`), so its reader reuses [`read_line`].

use super::grammar::{self, bullet, count_x, has_broken_cost, split_cost, subtotal};
use super::lines::Line;
use super::model::ObjectiveCategory;
use super::recorder::{Field, Recorder};
use super::span::Span;
use crate::report::Code;

const BULLETS: &str = "•·*-";

/// Where in the list the reader is: bullets are upgrades before `Squadrons:`, squadrons after.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Section {
    #[default]
    Ships,
    Squadrons,
}

pub const HELP: &str = "lines of this format are `Name:`, `Faction:`, `Commander:`, `Assault:`, `Defense:`, \
     `Navigation:`, a ship `Name (points)`, its upgrades `• Name (points)`, `= N Points`, \
     `Squadrons:`, `• [N x ]Name (points)` and `Total Points: N`";

pub fn read(rec: &mut Recorder, lines: &[Line<'_>]) {
    let mut section = Section::Ships;
    for (i, line) in lines.iter().enumerate() {
        if second_list_starts(rec, lines, i) {
            return;
        }
        if !read_line(rec, line, &mut section) {
            unknown_line(rec, line);
        }
    }
}

/// A second `Name:` line after a list's cards: two lists were pasted into one file. One
/// diagnostic, and the rest (the other list) is not mixed into this one.
pub fn second_list_starts(rec: &mut Recorder, lines: &[Line<'_>], i: usize) -> bool {
    let Some(line) = lines.get(i) else {
        return false;
    };
    let is_name = |l: &Line<'_>| {
        // A trimmed `Name:` line starts with the key itself: most lines are told apart by
        // their first four bytes, without the header parser (every line of every list asks).
        let t = l.trimmed();
        t.fragment()
            .as_bytes()
            .get(..4)
            .is_some_and(|head| head.eq_ignore_ascii_case(b"name"))
            && grammar::any_header(t, &["Name"]).is_some()
    };
    if !is_name(line) || !lines.iter().take(i).any(is_name) {
        return false;
    }
    rec.problem(
        Code::ArmadaParseDuplicate,
        line.trimmed().range(),
        format!(
            "line {} starts a second fleet list; lines {} to {} are not read",
            line.number,
            line.number,
            lines.last().map_or(line.number, |l| l.number)
        ),
        "second list",
        "give each fleet list its own file",
    );
    true
}

/// Read one line of the Kingston layout; `false` when it is none of its lines.
pub fn read_line(rec: &mut Recorder, line: &Line<'_>, section: &mut Section) -> bool {
    let t = line.trimmed();
    if t.is_empty() {
        return true;
    }
    if read_header(rec, line, t, section) {
        return true;
    }
    if let Ok((_, (total, words))) = subtotal(t) {
        if !words.fragment().eq_ignore_ascii_case("points") {
            return false;
        }
        match section {
            Section::Squadrons => rec.set_squadron_points(Some(total), None),
            Section::Ships => rec.ship_total(total, line),
        }
        return true;
    }
    // `•` is what the builders write; `-`, `*` and `·` are what people retype (no card
    // name starts with them).
    if let Some(item) = bullet(t, BULLETS) {
        match section {
            Section::Ships => match split_cost(item) {
                Some((name, cost)) => rec.add_upgrade(name, &cost, line),
                None => rec.bad_points(line, "• Engine Techs (8)"),
            },
            Section::Squadrons => read_squadron(rec, line, item),
        }
        return true;
    }
    if let Some((name, cost)) = split_cost(t) {
        match section {
            Section::Ships => rec.add_ship(name, Some(&cost), false, line),
            // A squadron whose bullet was lost.
            Section::Squadrons => read_squadron(rec, line, t),
        }
        return true;
    }
    rec.continue_objective(line)
}

/// `• 2 x TIE Bomber Squadron (18)` or `• Boba Fett (26)!`.
pub fn read_squadron(rec: &mut Recorder, line: &Line<'_>, item: Span<'_>) {
    let (item, count) = match count_x(item) {
        Ok((rest, count)) => (rest, Some(count)),
        Err(_) => (item, None),
    };
    match split_cost(item) {
        Some((name, cost)) => rec.add_squadron(name, count, &cost, true, line),
        None => rec.bad_points(line, "• 2 x TIE Fighter Squadron (16)"),
    }
}

/// The `Key: value` lines.
fn read_header(rec: &mut Recorder, line: &Line<'_>, t: Span<'_>, section: &mut Section) -> bool {
    let keys = [
        "Name",
        "Faction",
        "Commander",
        "Assault",
        "Defense",
        "Navigation",
        "Squadrons",
        "Total Points",
    ];
    let Some((key, value)) = grammar::any_header(t, &keys) else {
        return false;
    };
    match key {
        0 => rec.set_text(Field::Name, value, line),
        1 => rec.set_text(Field::Faction, value, line),
        2 => rec.set_commander(value, line),
        3 => rec.add_objectives(Some(ObjectiveCategory::Assault), value, line),
        4 => rec.add_objectives(Some(ObjectiveCategory::Defense), value, line),
        5 => rec.add_objectives(Some(ObjectiveCategory::Navigation), value, line),
        6 if value.is_empty() => *section = Section::Squadrons,
        6 => return false,
        _ => read_total(rec, line, value),
    }
    true
}

/// `Total Points: 400`; Star Forge sometimes leaves the number out.
fn read_total(rec: &mut Recorder, line: &Line<'_>, value: Span<'_>) {
    if value.is_empty() {
        return;
    }
    match grammar::whole(value, grammar::number) {
        Some(total) => rec.set_points(Some(total), None),
        None => rec.problem(
            Code::ArmadaParsePoints,
            value.range(),
            format!("line {}: the fleet total is not a number", line.number),
            "expected a number",
            "write the total as the builder does, e.g. `Total Points: 400`",
        ),
    }
}

/// A line none of the readers took.
pub fn unknown_line(rec: &mut Recorder, line: &Line<'_>) {
    let t = line.trimmed();
    if has_broken_cost(t) {
        rec.bad_points(line, "CR90 Corvette A (44)");
    } else {
        rec.not_understood(line, HELP);
    }
}

#[cfg(test)]
mod tests {
    use crate::parse::armada::{SourceFormat, parse_as};
    use crate::report::FileId;

    fn read(text: &str) -> crate::parse::armada::ParsedFleet {
        parse_as(FileId(0), text, SourceFormat::Kingston)
    }

    #[test]
    fn a_compact_list() {
        let text = "Name: Motti\nFaction: Imperial\nCommander: Admiral Motti\nAssault:\nDefense:\nNavigation:\n\
                    Quasar Fire I (54)\n• Reserve Hangar Deck (3)!\n= 57 Points\nSquadrons:\n\
                    • Darth Vader (TIE Defender) (25)\n• 3 x TIE Interceptor Squadron (33)\n= 58 Points\nTotal Points: 115";
        let fleet = read(text);
        assert!(fleet.is_clean(), "{:?}", fleet.findings);
        assert_eq!(fleet.ships.len(), 1);
        let ship = &fleet.ships[0];
        assert_eq!(ship.upgrades[0].name.text, "Reserve Hangar Deck");
        assert!(ship.upgrades[0].marked);
        assert_eq!(ship.stated_total.as_ref().unwrap().value, 57);
        assert_eq!(
            fleet.squadrons[0].name.qualifier.as_ref().unwrap().text,
            "TIE Defender"
        );
        let group = &fleet.squadrons[1];
        assert_eq!(
            (group.count, group.stated_points.as_ref().unwrap().value),
            (3, 33)
        );
        assert!(group.points_are_group_total);
        assert_eq!(&text[group.name.span.clone()], "TIE Interceptor Squadron");
        assert_eq!(fleet.points.squadrons.as_ref().unwrap().value, 58);
        assert_eq!(fleet.points.total.as_ref().unwrap().value, 115);
        assert!(fleet.objectives.is_empty());
    }

    #[test]
    fn one_bad_line_is_one_diagnostic() {
        let text = "Name: x\nFaction: Rebel\nCommander:\nCR90 Corvette A (44)\n• Jaina's Light\n• Engine Techs (8)\nTotal Points: 52";
        let fleet = read(text);
        let codes: Vec<_> = fleet.findings.iter().map(|f| f.code.as_str()).collect();
        assert_eq!(codes, ["armada::parse::points"]);
        assert_eq!(fleet.ships[0].upgrades.len(), 1);
        assert_eq!(fleet.points.total.as_ref().unwrap().value, 52);
    }

    #[test]
    fn retyped_bullets_and_lost_bullets() {
        let text = "Name: x\nFaction: Rebel\nCommander:\nCR90 Corvette A (44)\n- Engine Techs (8)\n\
                    * Ordnance Experts (4)\nSquadrons:\n2 x X-wing Squadron (26)\n";
        let fleet = read(text);
        assert!(fleet.is_clean(), "{:?}", fleet.findings);
        assert_eq!(fleet.ships.len(), 1);
        assert_eq!(fleet.ships[0].upgrades.len(), 2);
        assert_eq!(fleet.squadrons[0].count, 2);
    }
}

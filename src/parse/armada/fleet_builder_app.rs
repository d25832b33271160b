//! The Armada Fleet Builder app:
//!
//! ```text
//! Raddeux Lib V4 (399/400)
//! Rebels  - Author: Ralph Bodenner
//!
//! Commander: Admiral Raddus
//!
//! Objectives: Surprise Attack, Salvage Run, Asteroid Tactics
//!
//! [flagship] MC75 Armored Cruiser (104)
//!  - Admiral Raddus (26)
//! = 130 total points
//!
//! Squadrons (60/134):
//! 1x Dutch Vander Y-Wing Squadron (16)
//! 2x Y-Wing Squadron (20)
//! ```
//!
//! The title line carries the total and the limit, the second line the faction and author;
//! objectives come in one line without categories; squadron lines state the group's total.

use super::card_lines::{self, Examples};
use super::detect::parenthesised_tail;
use super::grammar::{self, count_x, fraction, split_cost, subtotal, whole};
use super::lines::Line;
use super::recorder::{Field, Recorder};
use super::span::Span;

const EXAMPLES: Examples = Examples {
    upgrade: " - Engine Techs (8)",
    flagship: "[flagship] MC80 Liberty Star Cruiser (96)",
};

const HELP: &str = "lines of this format are the title `Name (N/N)`, `Faction - Author: name`, \
     `Commander:`, `Objectives: A, B, C`, a ship `[flagship] Name (N)`, its upgrades ` - Name (N)`, \
     `= N total points`, `Squadrons (N/N):` and squadrons `Nx Name (N)`";

pub fn read(rec: &mut Recorder, lines: &[Line<'_>]) {
    let mut index = 0;
    for line in lines {
        let t = line.trimmed();
        if t.is_empty() {
            continue;
        }
        index += 1;
        let handled = match index {
            1 => read_title(rec, line, t),
            2 if read_faction_author(rec, line, t) => true,
            _ => read_line(rec, line, t) || rec.continue_objective(line),
        };
        if !handled {
            if grammar::has_broken_cost(t) {
                rec.bad_points(line, "CR90 Corvette A (44)");
            } else {
                rec.not_understood(line, HELP);
            }
        }
    }
}

/// `Dumpster Fire Mk 18 (400/400)`: name, total and limit.
fn read_title(rec: &mut Recorder, line: &Line<'_>, t: Span<'_>) -> bool {
    if let Some(tail) = parenthesised_tail(t)
        && let Some(numbers) = whole(tail, fraction)
    {
        let open = t.fragment().rfind('(').unwrap_or(0);
        rec.set_text(Field::Name, t.slice(0, open).trim(), line);
        let mut numbers = numbers.into_iter();
        rec.set_points(numbers.next(), numbers.next());
        return true;
    }
    rec.set_text(Field::Name, t, line);
    true
}

/// `Rebels  - Author: schmitty` (or just the faction).
fn read_faction_author(rec: &mut Recorder, line: &Line<'_>, t: Span<'_>) -> bool {
    let f = t.fragment();
    if let Some(at) = f.find("- Author:") {
        rec.set_text(Field::Faction, t.slice(0, at).trim(), line);
        let author = t.slice(at + "- Author:".len(), f.len()).trim();
        rec.set_text(Field::Author, author, line);
        return true;
    }
    if !f.contains([':', '(']) && !f.starts_with('[') {
        rec.set_text(Field::Faction, t, line);
        return true;
    }
    false
}

fn read_line(rec: &mut Recorder, line: &Line<'_>, t: Span<'_>) -> bool {
    if let Some((key, value)) = grammar::any_header(t, &["Commander", "Objectives"]) {
        match key {
            0 => rec.set_commander(value, line),
            _ => rec.add_objectives(None, value, line),
        }
        return true;
    }
    if let Some(rest) = grammar::starts_with_tag(t, "Squadrons") {
        let rest = rest.trim();
        if rest.fragment() == ":" {
            return true;
        }
        if let Some(inner) = rest.fragment().strip_suffix(':') {
            let inner = rest.slice(0, inner.len());
            if let Some(numbers) = parenthesised_tail(inner).and_then(|n| whole(n, fraction)) {
                let mut numbers = numbers.into_iter();
                rec.set_squadron_points(numbers.next(), numbers.next());
                return true;
            }
        }
    }
    if let Ok((_, (total, words))) = subtotal(t) {
        if !words.fragment().eq_ignore_ascii_case("total points") {
            return false;
        }
        rec.ship_total(total, line);
        return true;
    }
    if card_lines::upgrade_or_flagship(rec, line, t, &EXAMPLES) {
        return true;
    }
    if let Ok((rest, count)) = count_x(t) {
        match split_cost(rest) {
            Some((name, cost)) => rec.add_squadron(name, Some(count), &cost, true, line),
            None => rec.bad_points(line, "2x Y-Wing Squadron (20)"),
        }
        return true;
    }
    card_lines::plain_ship(rec, line, t)
}

#[cfg(test)]
mod tests {
    use crate::parse::armada::{SourceFormat, parse_as};
    use crate::report::FileId;

    #[test]
    fn title_faction_and_squadron_header() {
        let text = "Lib (399/400)\nRebels  - Author: Ralph\n\nCommander: Admiral Raddus\n\n\
                    Objectives: Surprise Attack, Salvage Run, Asteroid Tactics\n\n\
                    [flagship] MC75 Armored Cruiser (104)\n - Admiral Raddus (26)\n= 130 total points\n\n\
                    Squadrons (60/134):\n1x Moldy Crow - Jan Ors (19)\n2x Y-Wing Squadron (20)\n";
        let fleet = parse_as(FileId(0), text, SourceFormat::FleetBuilderApp);
        assert!(fleet.is_clean(), "{:?}", fleet.findings);
        assert_eq!(fleet.name.as_ref().unwrap().text, "Lib");
        assert_eq!(fleet.points.total.as_ref().unwrap().value, 399);
        assert_eq!(fleet.faction.as_ref().unwrap().text, "Rebels");
        assert_eq!(fleet.author.as_ref().unwrap().text, "Ralph");
        assert_eq!(fleet.objectives.len(), 3);
        assert!(fleet.objectives.iter().all(|o| o.category.is_none()));
        assert_eq!(fleet.points.squadron_limit.as_ref().unwrap().value, 134);
        assert_eq!(fleet.squadrons[0].name.parts[1].text, "Jan Ors");
        assert_eq!(fleet.squadrons[1].count, 2);
    }
}

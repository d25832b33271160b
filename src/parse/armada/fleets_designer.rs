//! Armada Fleets Designer:
//!
//! ```text
//! Dumpster Fire Mk 18 (84/400/400)
//! ================================
//! MC80 Star Cruiser (96 + 37: 133)
//! ⇥+ Garm Bel Iblis (25)
//! CR90 Corvette A (44 + 2: 46)
//! ⇥+ Jaina's Light (2)
//! Jan Ors (19)
//! 2 x X-wing Squadron (2 x 13)
//! Ion Storm
//! Contested Outpost
//! Hyperspace Migration
//! ```
//!
//! The title carries squadron points, total and limit; a ship states card, upgrades and
//! total; a squadron group states count and the cost of one; the objectives close the list,
//! one name per line, without categories (`⇥` marks a tab). A bare `Name (N)` is a ship when upgrades follow
//! it and a squadron otherwise (the export does not say which).

use super::detect::parenthesised_tail;
use super::grammar::{self, CostKind, bullet, count_x, fraction, split_cost, whole};
use super::lines::Line;
use super::recorder::{Field, Recorder};
use super::span::Span;

const HELP: &str = "lines of this format are the title `Name (N/N/N)`, a row of `=`, a ship \
     `Name (N + N: N)`, its upgrades `+ Name (N)`, squadrons `Name (N)` or `N x Name (N x N)`, \
     and one objective name per line";

pub fn read(rec: &mut Recorder, lines: &[Line<'_>]) {
    let cards: Vec<&Line<'_>> = lines.iter().filter(|l| !l.is_blank()).collect();
    for (i, line) in cards.iter().enumerate() {
        let t = line.trimmed();
        if i == 0 {
            read_title(rec, line, t);
            continue;
        }
        let next_is_upgrade = cards
            .get(i + 1)
            .is_some_and(|next| bullet(next.trimmed(), "+").is_some());
        if !read_line(rec, line, t, next_is_upgrade) {
            if grammar::has_broken_cost(t) {
                rec.bad_points(line, "Jan Ors (19)");
            } else {
                rec.not_understood(line, HELP);
            }
        }
    }
}

/// `Dumpster Fire Mk 18 (84/400/400)`: name, squadron points, total, limit.
fn read_title(rec: &mut Recorder, line: &Line<'_>, t: Span<'_>) {
    if let Some(numbers) = parenthesised_tail(t).and_then(|tail| whole(tail, fraction)) {
        let open = t.fragment().rfind('(').unwrap_or(0);
        rec.set_text(Field::Name, t.slice(0, open).trim(), line);
        let mut numbers = numbers.into_iter();
        if numbers.len() == 3 {
            rec.set_squadron_points(numbers.next(), None);
        }
        rec.set_points(numbers.next(), numbers.next());
        return;
    }
    rec.set_text(Field::Name, t, line);
}

fn read_line(rec: &mut Recorder, line: &Line<'_>, t: Span<'_>, next_is_upgrade: bool) -> bool {
    let f = t.fragment();
    if f.chars().all(|c| c == '=') {
        return true;
    }
    if let Some(item) = bullet(t, "+") {
        match split_cost(item) {
            Some((name, cost)) => rec.add_upgrade(name, &cost, line),
            None => rec.bad_points(line, "\t+ Engine Techs (8)"),
        }
        return true;
    }
    let (item, count) = match count_x(t) {
        Ok((rest, count)) => (rest, Some(count)),
        Err(_) => (t, None),
    };
    if let Some((name, cost)) = split_cost(item) {
        match cost.kind {
            CostKind::Sum { .. } => rec.add_ship(name, Some(&cost), false, line),
            CostKind::Each { .. } => rec.add_squadron(name, count, &cost, false, line),
            CostKind::Plain if count.is_none() && next_is_upgrade => {
                rec.add_ship(name, Some(&cost), false, line)
            }
            CostKind::Plain => rec.add_squadron(name, count, &cost, true, line),
        }
        return true;
    }
    if count.is_none() && is_objective_name(f) {
        rec.add_objective(None, t, line);
        return true;
    }
    false
}

/// Objective names are words: letters, digits, spaces, hyphens, apostrophes.
fn is_objective_name(text: &str) -> bool {
    text.chars().any(char::is_alphabetic)
        && text
            .chars()
            .all(|c| c.is_alphanumeric() || " '-’".contains(c))
}

#[cfg(test)]
mod tests {
    use crate::parse::armada::{SourceFormat, parse_as};
    use crate::report::FileId;

    #[test]
    fn ships_squadrons_and_objectives() {
        let text = "Fire (84/400/400)\n=====\nMC80 Star Cruiser (96 + 37: 133)\n\t+ Garm Bel Iblis (25)\n\
                    Nebulon-B Escort Frigate (57)\n\t+ Yavaris (5)\nJan Ors (19)\n2 x X-wing Squadron (2 x 13)\n\
                    Ion Storm\nContested Outpost\n";
        let fleet = parse_as(FileId(0), text, SourceFormat::FleetsDesigner);
        assert!(fleet.is_clean(), "{:?}", fleet.findings);
        assert_eq!(fleet.points.squadrons.as_ref().unwrap().value, 84);
        assert_eq!(fleet.points.total.as_ref().unwrap().value, 400);
        assert_eq!(fleet.ships.len(), 2);
        assert_eq!(fleet.ships[0].stated_total.as_ref().unwrap().value, 133);
        assert_eq!(
            fleet.ships[0].stated_upgrade_points.as_ref().unwrap().value,
            37
        );
        assert_eq!(fleet.ships[1].upgrades[0].name.text, "Yavaris");
        assert_eq!(fleet.squadrons.len(), 2);
        let group = &fleet.squadrons[1];
        assert_eq!(
            (group.count, group.stated_points.as_ref().unwrap().value),
            (2, 13)
        );
        assert!(!group.points_are_group_total);
        assert_eq!(fleet.objectives.len(), 2);
    }
}

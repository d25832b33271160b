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
//! it; otherwise the export does not say which, and the title's squadron points decide (see
//! [`bare_ships`]).

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
    let bare_ships = bare_ships(&cards);
    for (i, line) in cards.iter().enumerate() {
        let t = line.trimmed();
        if i == 0 {
            read_title(rec, line, t);
            continue;
        }
        let is_ship = next_is_upgrade(&cards, i) || bare_ships.contains(&i);
        if !read_line(rec, line, t, is_ship) {
            if grammar::has_broken_cost(t) {
                rec.bad_points(line, "Jan Ors (19)");
            } else {
                rec.not_understood(line, HELP);
            }
        }
    }
}

fn next_is_upgrade(cards: &[&Line<'_>], i: usize) -> bool {
    cards
        .get(i + 1)
        .is_some_and(|next| bullet(next.trimmed(), "+").is_some())
}

/// The bare `Name (N)` lines (no upgrades below, no count) that are ships, by index in
/// `cards`. The export lists ships before squadrons and its title states the squadron
/// points, so the leading bare lines that the squadron points leave over are ships (a
/// `Raider I-class Corvette (44)` without upgrades). When no split adds up, every bare
/// line stays a squadron.
fn bare_ships(cards: &[&Line<'_>]) -> Vec<usize> {
    let Some(stated) = cards
        .first()
        .and_then(|title| parenthesised_tail(title.trimmed()))
        .and_then(|tail| whole(tail, fraction))
        .filter(|numbers| numbers.len() == 3)
        .and_then(|numbers| numbers.first().map(|n| n.value))
    else {
        return Vec::new();
    };
    let mut counted = 0u32;
    let mut first_counted = None;
    let mut bare = Vec::new();
    for (i, line) in cards.iter().enumerate().skip(1) {
        let t = line.trimmed();
        if bullet(t, "+").is_some() {
            continue;
        }
        let (item, count) = match count_x(t) {
            Ok((rest, count)) => (rest, Some(count.value)),
            Err(_) => (t, None),
        };
        let Some((_, cost)) = split_cost(item) else {
            continue;
        };
        let points = cost.points.value;
        match (&cost.kind, count) {
            (CostKind::Sum { .. }, _) => {}
            (CostKind::Each { count }, _) => {
                counted = counted.saturating_add(points.saturating_mul(count.value));
                first_counted.get_or_insert(i);
            }
            (CostKind::Plain, Some(_)) => {
                counted = counted.saturating_add(points);
                first_counted.get_or_insert(i);
            }
            (CostKind::Plain, None) if !next_is_upgrade(cards, i) => bare.push((i, points)),
            (CostKind::Plain, None) => {}
        }
    }
    let squadrons_from = |k: usize| {
        bare.iter()
            .skip(k)
            .fold(counted, |sum, (_, points)| sum.saturating_add(*points))
    };
    (0..=bare.len())
        .take_while(|&k| {
            k == 0
                || first_counted
                    .is_none_or(|first| bare.get(k - 1).is_some_and(|(i, _)| *i < first))
        })
        .find(|&k| squadrons_from(k) == stated)
        .map(|k| bare.iter().take(k).map(|(i, _)| *i).collect())
        .unwrap_or_default()
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

fn read_line(rec: &mut Recorder, line: &Line<'_>, t: Span<'_>, is_ship: bool) -> bool {
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
            CostKind::Plain if count.is_none() && is_ship => {
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

    fn ship_and_squadron_names(text: &str) -> (Vec<String>, Vec<String>) {
        let fleet = parse_as(FileId(0), text, SourceFormat::FleetsDesigner);
        assert!(fleet.is_clean(), "{:?}", fleet.findings);
        (
            fleet.ships.iter().map(|s| s.name.text.clone()).collect(),
            fleet
                .squadrons
                .iter()
                .map(|s| s.name.text.clone())
                .collect(),
        )
    }

    #[test]
    fn a_bare_ship_is_told_from_squadrons_by_the_titles_squadron_points() {
        let text = "Wing (47/220/400)\n=====\nVictory II-class Star Destroyer (80 + 7: 87)\n\t+ Gunnery Team (7)\n\
                    Raider I-class Corvette (44)\nGozanti-class Cruisers (23)\nHowlrunner (16)\n\
                    Mauler Mithel (15)\n2 x TIE Fighter Squadron (2 x 8)\nMost Wanted\n";
        let (ships, squadrons) = ship_and_squadron_names(text);
        assert_eq!(
            ships,
            [
                "Victory II-class Star Destroyer",
                "Raider I-class Corvette",
                "Gozanti-class Cruisers"
            ]
        );
        assert_eq!(
            squadrons,
            ["Howlrunner", "Mauler Mithel", "TIE Fighter Squadron"]
        );
    }

    #[test]
    fn bare_lines_stay_squadrons_when_no_split_adds_up() {
        // The title's 50 matches no split (16 + 15 + 16 = 47, 15 + 16 = 31, 16): keep the
        // reading that needs no guess.
        let text = "Wing (50/220/400)\n=====\nVictory II-class Star Destroyer (80 + 7: 87)\n\t+ Gunnery Team (7)\n\
                    Howlrunner (16)\nMauler Mithel (15)\n2 x TIE Fighter Squadron (2 x 8)\n";
        let (ships, squadrons) = ship_and_squadron_names(text);
        assert_eq!(ships, ["Victory II-class Star Destroyer"]);
        assert_eq!(squadrons.len(), 3);
    }

    #[test]
    fn a_bare_line_after_a_counted_squadron_is_a_squadron() {
        // The title's 16 would add up with Mauler Mithel as a ship, but it follows a
        // squadron group and ships come first.
        let text = "Wing (16/220/400)\n=====\nVictory II-class Star Destroyer (80 + 7: 87)\n\t+ Gunnery Team (7)\n\
                    2 x TIE Fighter Squadron (2 x 8)\nMauler Mithel (15)\n";
        let (ships, squadrons) = ship_and_squadron_names(text);
        assert_eq!(ships, ["Victory II-class Star Destroyer"]);
        assert_eq!(squadrons, ["TIE Fighter Squadron", "Mauler Mithel"]);
    }
}

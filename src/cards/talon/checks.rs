//! `cards check` for Talon: what reading alone cannot catch. A curve the class does not list
//! as its default, a weapon group naming no weapon, a critical box past the last hull box,
//! weapon tables of the wrong size, an impulse chart that does not move a ship of speed n
//! exactly n times (Talon rulebook 5.1), a critical table with a roll missing.

use super::TalonCards;
use super::model::*;
use crate::cards::Located;
use crate::cards::locate::value_span;
use crate::cards::points::{CARD_POINTS_TEXT, possible_points};
use crate::report::{Code, Finding, SourceFiles};
use crate::text::did_you_mean;
use std::collections::HashSet;
use std::ops::Range;

/// Impulses per round, and the highest number on the chart (Talon rulebook 3.1, 4.1).
const IMPULSES: [&str; 6] = ["A", "B", "C", "D", "E", "F"];
const MAX_NUMBER: u8 = 6;

pub(super) fn run(cards: &TalonCards, files: &SourceFiles, findings: &mut Vec<Finding>) {
    let mut check = Checker { files, findings };
    let weapons: HashSet<&str> = cards.weapons.iter().map(|w| w.id.as_str()).collect();
    for class in &cards.classes {
        check.class(class, &weapons);
    }
    for weapon in &cards.weapons {
        check.weapon(weapon);
    }
    if let Some(first) = cards.impulses.first() {
        check.impulse_chart(&cards.impulses, first);
    }
    if let Some(first) = cards.criticals.first() {
        check.critical_table(&cards.criticals, first);
    }
}

struct Checker<'a> {
    files: &'a SourceFiles,
    findings: &'a mut Vec<Finding>,
}

impl Checker<'_> {
    fn span<T>(&self, record: &Located<T>, key: &str, value: Option<&str>) -> Range<usize> {
        value_span(self.files, record.file, record.span.clone(), key, value)
    }

    fn impossible<T>(
        &mut self,
        record: &Located<T>,
        span: Range<usize>,
        message: String,
        help: impl Into<String>,
    ) {
        self.findings.push(
            Finding::error(Code::ImpossibleValue, message)
                .at(record.file, span)
                .label("not possible in Talon")
                .help(help),
        );
    }

    /// A ship class's card: power curves, hull and critical boxes, weapon groups.
    fn class(&mut self, class: &Located<ShipClass>, weapons: &HashSet<&str>) {
        self.class_curves(class);
        self.class_hull(class);
        self.class_weapons(class, weapons);
        let id = class.id.as_str();
        if !possible_points(class.points) {
            let span = self.span(class, "points", None);
            self.impossible(
                class,
                span,
                format!(
                    "class `{id}` costs {} points; a card's points are {CARD_POINTS_TEXT}",
                    class.points
                ),
                format!("give points from {CARD_POINTS_TEXT}"),
            );
        }
        if class.is_fighter() && class.curves.iter().any(|c| c.speed < 5) {
            let span = self.span(class, "curves", None);
            self.impossible(
                class,
                span,
                format!("fighter class `{id}` has a speed below 5"),
                "fighters have a minimum speed of 5 (Talon rulebook 12.1.2)",
            );
        }
    }

    /// The power curves: the starting one among them, each within the impulse chart, one
    /// per speed, with a turn radius unless the class is a base.
    fn class_curves(&mut self, class: &Located<ShipClass>) {
        let id = class.id.as_str();
        if class.curves.is_empty() {
            let span = self.span(class, "curves", None);
            self.impossible(
                class,
                span,
                format!("class `{id}` has no power curve"),
                "list every power-speed-turn step of the player aid card in `curves` (Talon rulebook 5.4.1)",
            );
        }
        if !class.curves.contains(&class.default_curve) {
            let span = self.span(class, "default_curve", None);
            self.impossible(
                class,
                span,
                format!(
                    "class `{id}` starts on curve {}, which is not one of its curves",
                    class.default_curve
                ),
                format!(
                    "the starting curve is one of `curves` (Talon rulebook 5.4.1): {}",
                    class
                        .curves
                        .iter()
                        .map(|c| format!("`{c}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
        }
        let mut speeds = HashSet::new();
        for curve in &class.curves {
            let text = curve.to_string();
            if curve.power > MAX_NUMBER || curve.speed > MAX_NUMBER {
                let span = self.span(class, "curves", Some(&text));
                self.impossible(
                    class,
                    span,
                    format!("class `{id}`: curve {text} goes past 6"),
                    "power and speed are at most 6: a ship gains 1 power and moves 1 hex at most per impulse, and a round has 6 impulses (Talon rulebook 5.1)",
                );
            }
            if !speeds.insert(curve.speed) {
                let span = self.span(class, "curves", Some(&text));
                self.impossible(
                    class,
                    span,
                    format!("class `{id}` has two curves of speed {}", curve.speed),
                    "a power curve has one step per speed (Talon rulebook 5.4.1)",
                );
            }
            if curve.turn.is_some() == class.is_base() {
                let span = self.span(class, "curves", Some(&text));
                let help = if class.is_base() {
                    "a base's curve has no turn radius (Talon rulebook 14): write power-speed, e.g. `6-2`"
                } else {
                    "a ship's curve is power-speed-turn, e.g. `3-3-2` (Talon rulebook 5.4.1)"
                };
                self.impossible(
                    class,
                    span,
                    format!("class `{id}`: curve {text} has the wrong number of parts"),
                    help,
                );
            }
        }
    }

    /// Hull boxes: at least one, power modifiers 0 or less and worsening from left to right;
    /// critical boxes among them.
    fn class_hull(&mut self, class: &Located<ShipClass>) {
        let id = class.id.as_str();
        if class.hull_boxes.is_empty() {
            let span = self.span(class, "hull_boxes", None);
            self.impossible(
                class,
                span,
                format!("class `{id}` has no hull boxes"),
                "a ship is destroyed when its last hull box is crossed (Talon rulebook 8.6.1), so it has at least one",
            );
        }
        if let Some(pair) = class.hull_boxes.windows(2).find(|w| w[1] > w[0]) {
            let span = self.span(class, "hull_boxes", None);
            self.impossible(
                class,
                span,
                format!(
                    "class `{id}`: a hull box of {} follows one of {}",
                    pair[1], pair[0]
                ),
                "power modifiers only grow worse from left to right, and are 0 or less",
            );
        }
        if let Some(&positive) = class.hull_boxes.iter().find(|&&m| m > 0) {
            let span = self.span(class, "hull_boxes", None);
            self.impossible(
                class,
                span,
                format!("class `{id}`: a hull box of +{positive}"),
                "damage never adds power: a hull box's modifier is 0 or less (Talon rulebook 8.4.2)",
            );
        }
        let mut seen = HashSet::new();
        for &position in &class.critical_boxes {
            if position == 0
                || usize::from(position) > class.hull_boxes.len()
                || !seen.insert(position)
            {
                let span = self.span(class, "critical_boxes", None);
                self.impossible(
                    class,
                    span,
                    format!(
                        "class `{id}`: critical box {position} is not one of its {} hull boxes (or is listed twice)",
                        class.hull_boxes.len()
                    ),
                    "critical boxes are 1-based positions in `hull_boxes`, each once",
                );
            }
        }
    }

    /// Each weapon group fires a known weapon and has a weapon, an arc and a charge box.
    fn class_weapons(&mut self, class: &Located<ShipClass>, weapons: &HashSet<&str>) {
        let id = class.id.as_str();
        for group in &class.weapon_group {
            if !weapons.is_empty() && !weapons.contains(group.weapon.as_str()) {
                let span = self.span(class, "weapon", Some(&group.weapon));
                self.findings.push(
                    Finding::error(
                        Code::DanglingReference,
                        format!(
                            "class `{id}` has a group of `{}`, which is no weapon",
                            group.weapon
                        ),
                    )
                    .at(class.file, span)
                    .label("unknown weapon")
                    .help(did_you_mean(
                        &group.weapon,
                        weapons.iter().copied(),
                        "use a weapon id of data/cards/talon/tables.toml",
                    )),
                );
            }
            if group.count == 0 || group.arcs.is_empty() || group.red + group.yellow == 0 {
                let span = self.span(class, "weapon", Some(&group.weapon));
                self.impossible(
                    class,
                    span,
                    format!(
                        "class `{id}`: a group of `{}` with no weapon, no arc or no charge box",
                        group.weapon
                    ),
                    "a weapon group has at least one weapon, one firing arc and one charge box (Talon rulebook 5.1)",
                );
            }
        }
    }

    fn weapon(&mut self, weapon: &Located<Weapon>) {
        let id = weapon.id.as_str();
        if weapon.min_range == 0 || weapon.min_range > weapon.max_range {
            let span = self.span(weapon, "min_range", None);
            self.impossible(
                weapon,
                span,
                format!(
                    "weapon `{id}` reaches from range {} to {}",
                    weapon.min_range, weapon.max_range
                ),
                "ships in the same hex cannot fire at each other (Talon rulebook 8.2.2): the least range is 1, and no more than the greatest",
            );
            return;
        }
        let ranges = usize::from(weapon.max_range - weapon.min_range) + 1;
        let tables = [
            !weapon.hits_on.is_empty(),
            !weapon.damage_table.is_empty(),
            weapon.speed.is_some(),
        ];
        if tables.iter().filter(|t| **t).count() != 1 {
            let span = self.span(weapon, "id", None);
            self.impossible(
                weapon,
                span,
                format!("weapon `{id}` needs exactly one of `hits_on`, `damage_table` or `speed`"),
                "a to-hit weapon has `hits_on` and `damage`; a table weapon `damage_table`; a missile `speed` and `damage`",
            );
            return;
        }
        match weapon.kind() {
            WeaponKind::ToHit => {
                if weapon.hits_on.len() != ranges || weapon.hits_on.iter().any(|&n| n == 0 || n > 6)
                {
                    let span = self.span(weapon, "hits_on", None);
                    self.impossible(
                        weapon,
                        span,
                        format!(
                            "weapon `{id}` lists {} to-hit numbers for {ranges} ranges",
                            weapon.hits_on.len()
                        ),
                        "one d6 number (1–6) per range from `min_range` to `max_range`",
                    );
                }
                if weapon.damage.is_none_or(|d| d == 0) {
                    let span = self.span(weapon, "id", None);
                    self.impossible(
                        weapon,
                        span,
                        format!("weapon `{id}` hits for no damage"),
                        "add `damage`, the damage of a hit",
                    );
                }
            }
            WeaponKind::Table => {
                if weapon.damage_table.len() != 6
                    || weapon.damage_table.iter().any(|row| row.len() != ranges)
                {
                    let span = self.span(weapon, "damage_table", None);
                    self.impossible(
                        weapon,
                        span,
                        format!("weapon `{id}`: the damage table is not 6 rows of {ranges}"),
                        "one row per d6 roll (1 to 6), one column per range from `min_range` to `max_range`",
                    );
                }
            }
            WeaponKind::Missile => {
                if weapon.damage.is_none() {
                    let span = self.span(weapon, "id", None);
                    self.impossible(
                        weapon,
                        span,
                        format!("missile `{id}` has no damage"),
                        "a missile does its damage when it reaches its target (Talon rulebook 13.5): add `damage`",
                    );
                }
            }
        }
    }

    fn impulse_chart(&mut self, impulses: &[Located<Impulse>], first: &Located<Impulse>) {
        let ids: Vec<&str> = impulses.iter().map(|i| i.id.as_str()).collect();
        if ids != IMPULSES {
            let span = self.span(first, "id", None);
            self.impossible(
                first,
                span,
                format!("the impulse chart lists {}", ids.join(", ")),
                "a round has six impulses, A to F, in that order (Talon rulebook 3.1)",
            );
            return;
        }
        for impulse in impulses {
            if let Some(&n) = impulse.numbers.iter().find(|&&n| n == 0 || n > MAX_NUMBER) {
                let span = self.span(impulse, "numbers", None);
                self.impossible(
                    impulse,
                    span,
                    format!("impulse {} holds {n}", impulse.id),
                    "the chart's numbers are 1 to 6",
                );
            }
        }
        // A ship of speed n moves n hexes a round, at most one per impulse (Talon rulebook 5.1),
        // and a ship of power n gains n power: so n is printed in exactly n impulses.
        for n in 1..=MAX_NUMBER {
            let count = impulses.iter().filter(|i| i.numbers.contains(&n)).count();
            if count != usize::from(n) {
                let span = self.span(first, "numbers", None);
                self.impossible(
                    first,
                    span,
                    format!("{n} is printed in {count} impulses of the chart"),
                    format!(
                        "a ship of speed {n} moves {n} hexes a round, one per impulse at most (Talon rulebook 5.1): {n} is in exactly {n} impulses"
                    ),
                );
            }
        }
    }

    fn critical_table(&mut self, criticals: &[Located<Critical>], first: &Located<Critical>) {
        let mut rolls: Vec<u8> = criticals.iter().map(|c| c.roll).collect();
        rolls.sort_unstable();
        if rolls != (2..=12).collect::<Vec<u8>>() {
            let span = self.span(first, "roll", None);
            self.impossible(
                first,
                span,
                format!(
                    "the critical damage table has rolls {}",
                    rolls
                        .iter()
                        .map(u8::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                "two dice are rolled on the table (Talon rulebook 8.5): one result for each roll from 2 to 12",
            );
        }
    }
}

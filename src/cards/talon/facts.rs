//! `cards show` rows for Talon: a class's facts in the order of the player aid card.

use super::TalonCards;
use super::model::*;
use crate::cards::Fact;

fn row(out: &mut Vec<Fact>, label: &str, value: impl Into<String>) {
    out.push((label.to_string(), value.into()));
}

pub(super) fn ship_class(cards: &TalonCards, class: &ShipClass) -> Vec<Fact> {
    let mut out = Vec::new();
    row(&mut out, "Side", class.side.title());
    let abbreviations: Vec<&str> = class.abbreviations().collect();
    row(&mut out, "Classification", abbreviations.join(", "));
    row(&mut out, "Spanish name", class.name_es.as_str());
    row(&mut out, "Points", class.points.to_string());
    let curves: Vec<String> = class
        .curves
        .iter()
        .map(|c| {
            if *c == class.default_curve {
                format!("[{c}]")
            } else {
                c.to_string()
            }
        })
        .collect();
    row(
        &mut out,
        "Power curves",
        format!("{} ([…] = starting curve)", curves.join(" · ")),
    );
    let s = class.shields;
    row(
        &mut out,
        "Shields",
        format!(
            "forward {} · right {} · rear {} · left {}",
            s.forward, s.right, s.rear, s.left
        ),
    );
    let boxes: Vec<String> = class
        .hull_boxes
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let crit = if class.is_critical_box(i + 1) {
                "*"
            } else {
                ""
            };
            format!("{m}{crit}")
        })
        .collect();
    row(
        &mut out,
        "Hull boxes",
        format!(
            "{} ({} boxes; * = critical; power modifier each)",
            boxes.join(" "),
            class.hull_boxes.len()
        ),
    );
    row(&mut out, "Explosion", class.explosion.to_string());
    if class.afterburners > 0 {
        row(&mut out, "Afterburners", class.afterburners.to_string());
    }
    if class.batteries > 0 {
        row(&mut out, "Batteries", class.batteries.to_string());
    }
    for (i, group) in class.weapon_group.iter().enumerate() {
        let weapon = cards
            .weapon(&group.weapon)
            .map_or(group.weapon.as_str(), |w| w.name.as_str());
        let arcs: Vec<&str> = group.arcs.iter().map(|a| a.as_str()).collect();
        row(
            &mut out,
            &format!("Weapon group {}", i + 1),
            format!(
                "{}× {weapon} · charge {} red + {} yellow · arcs {}",
                group.count,
                group.red,
                group.yellow,
                arcs.join("/")
            ),
        );
    }
    if !class.ship_names.is_empty() {
        row(&mut out, "Ships", class.ship_names.join(", "));
    }
    if let Some(differs) = &class.rulebook_differs {
        row(&mut out, "Rulebook differs", differs.as_str());
    }
    if let Some(note) = &class.note {
        row(&mut out, "Note", note.as_str());
    }
    out
}

pub(super) fn weapon(weapon: &Weapon) -> Vec<Fact> {
    let mut out = Vec::new();
    row(&mut out, "Spanish name", weapon.name_es.as_str());
    row(
        &mut out,
        "Range",
        format!("{}–{}", weapon.min_range, weapon.max_range),
    );
    match weapon.kind() {
        WeaponKind::ToHit => {
            let hits: Vec<String> = weapon
                .hits_on
                .iter()
                .enumerate()
                .map(|(i, n)| format!("range {}: {n}+", usize::from(weapon.min_range) + i))
                .collect();
            row(&mut out, "To hit (d6)", hits.join(" · "));
            row(&mut out, "Damage", weapon.damage.unwrap_or(0).to_string());
        }
        WeaponKind::Table => {
            for (roll, damage) in weapon.damage_table.iter().enumerate() {
                let cells: Vec<String> = damage.iter().map(u8::to_string).collect();
                row(
                    &mut out,
                    &format!("Roll {}", roll + 1),
                    format!("damage by range: {}", cells.join(" / ")),
                );
            }
        }
        WeaponKind::Missile => {
            row(&mut out, "Damage", weapon.damage.unwrap_or(0).to_string());
            if let Some(speed) = weapon.speed {
                row(&mut out, "Speed", speed.to_string());
            }
        }
    }
    if let Some(note) = &weapon.note {
        row(&mut out, "Note", note.as_str());
    }
    out
}

pub(super) fn critical(critical: &Critical) -> Vec<Fact> {
    let mut out = Vec::new();
    row(&mut out, "Roll (2d6)", critical.roll.to_string());
    if let Some(name) = &critical.name_es {
        row(&mut out, "Spanish name", name.as_str());
    }
    if let Some(n) = critical.hull_damage {
        row(&mut out, "Hull damage", n.to_string());
    }
    if let Some(n) = critical.power {
        row(&mut out, "Power", n.to_string());
    }
    if let Some(n) = critical.turn_radius {
        row(&mut out, "Turn radius", format!("+{n}"));
    }
    let flags: Vec<&str> = [
        (critical.destroys_ship, "destroys the ship"),
        (critical.destroys_weapon_group, "destroys a weapon group"),
        (critical.shields_down, "shields down"),
        (critical.repairable, "repairable"),
        (critical.bases_unaffected, "bases unaffected"),
    ]
    .into_iter()
    .filter_map(|(on, text)| on.then_some(text))
    .collect();
    if !flags.is_empty() {
        row(&mut out, "Effects", flags.join(", "));
    }
    if let Some(note) = &critical.note {
        row(&mut out, "Note", note.as_str());
    }
    out
}

//! The answer a Talon trace starts with, from the kind's `outcome` and the final state:
//! when ships move, who holds the initiative, the damage taken, what a shot does, the next
//! power curves, how a round ends.

use crate::parse::scenario::talon::Kind;
use serde_json::Value;

pub fn answer(kind: Kind, outcome: &Value, final_state: &[String]) -> String {
    match kind {
        Kind::Impulse => format!("{}.", final_state.join("; ")),
        Kind::EnergyPhase => format!(
            "Power curves for the next round: {}.",
            final_state.join("; ")
        ),
        Kind::Initiative => initiative(final_state),
        Kind::Damage => damage(outcome),
        Kind::Fire => format!("{} {}", shots(outcome), damage(outcome)),
        Kind::Round => round(outcome),
    }
}

fn text(v: &Value) -> &str {
    v.as_str().unwrap_or("")
}

/// `Initiative: Terran (chosen by Terran)`.
fn initiative(final_state: &[String]) -> String {
    let line = final_state.first().map_or("", String::as_str);
    let holder = line.strip_prefix("Initiative: ").unwrap_or(line);
    match holder.split_once(" (") {
        Some((side, rest)) => format!("{side} holds the initiative ({rest}."),
        None => format!("{holder} holds the initiative."),
    }
}

/// Ships destroyed or with hull boxes crossed, criticals, and blast damage.
fn damage(outcome: &Value) -> String {
    let mut parts = Vec::new();
    if let Some(ships) = outcome["ships"].as_object() {
        for (name, ship) in ships {
            let hull = ship["hull_boxes_crossed"].as_u64().unwrap_or(0);
            if ship["destroyed"].as_bool() == Some(true) {
                parts.push(format!("{name} is destroyed"));
            } else if hull > 0 {
                let criticals: Vec<&str> = ship["criticals"]
                    .as_array()
                    .map(|c| c.iter().map(text).collect())
                    .unwrap_or_default();
                let with = if criticals.is_empty() {
                    String::new()
                } else {
                    format!(" and suffers {}", criticals.join(", "))
                };
                let boxes = if hull == 1 { "box" } else { "boxes" };
                parts.push(format!("{name} has {hull} hull {boxes} crossed{with}"));
            }
        }
    }
    for blast in outcome["blasts"].as_array().into_iter().flatten() {
        parts.push(format!(
            "{}'s explosion deals {} to {}'s {} shield",
            text(&blast["from"]),
            blast["damage"],
            text(&blast["to"]),
            text(&blast["arc"])
        ));
    }
    if parts.is_empty() {
        "No ship takes hull damage.".to_string()
    } else {
        format!("{}.", parts.join("; "))
    }
}

/// Each shot: refused (why), missed or hit for how much.
fn shots(outcome: &Value) -> String {
    let said: Vec<String> = outcome["shots"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|shot| {
            let (who, weapon, target) = (
                text(&shot["attacker"]),
                text(&shot["weapon"]),
                text(&shot["target"]),
            );
            if shot["allowed"].as_bool() != Some(true) {
                format!(
                    "{who} cannot fire its {weapon} at {target} ({})",
                    text(&shot["reason"])
                )
            } else {
                match shot["damage"].as_u64() {
                    Some(n) if n > 0 => format!("{who}'s {weapon} hits {target} for {n}"),
                    _ => format!("{who}'s {weapon} misses {target}"),
                }
            }
        })
        .collect();
    format!("{}.", said.join("; "))
}

/// Who holds the initiative next, what collided and what was destroyed.
fn round(outcome: &Value) -> String {
    let mut parts = vec![format!(
        "After the round {} holds the initiative",
        capital(text(&outcome["next_initiative"]))
    )];
    for c in outcome["collisions"].as_array().into_iter().flatten() {
        parts.push(format!(
            "{} collides with {} in impulse {}",
            text(&c["ship"]),
            text(&c["other"]),
            text(&c["impulse"])
        ));
    }
    parts.extend(round_events(outcome));
    let destroyed: Vec<&str> = outcome["ships"]
        .as_object()
        .into_iter()
        .flatten()
        .filter(|(_, s)| s["destroyed"].as_bool() == Some(true))
        .map(|(name, _)| name.as_str())
        .collect();
    parts.push(if destroyed.is_empty() {
        "no ship is destroyed".to_string()
    } else {
        format!("{} destroyed", destroyed.join(", "))
    });
    format!("{}.", parts.join("; "))
}

/// What the round's terrain, missiles, repairs and retreats did, in the order a reader asks.
fn round_events(outcome: &Value) -> Vec<String> {
    let list = |key: &str| outcome[key].as_array().cloned().unwrap_or_default();
    let mut parts = Vec::new();
    for pull in list("pulls") {
        parts.push(format!(
            "the black hole pulls {} from {} to {}",
            text(&pull["ship"]),
            text(&pull["from"]),
            text(&pull["to"])
        ));
    }
    for (id, missile) in outcome["missiles"].as_object().into_iter().flatten() {
        let target = text(&missile["target"]);
        let hex = text(&missile["hex"]);
        match text(&missile["status"]) {
            "hit" => parts.push(format!("missile {id} reaches {target} in {hex}")),
            "destroyed" => parts.push(format!("missile {id} is destroyed")),
            _ => {}
        }
    }
    for repair in list("repairs") {
        let verb = if repair["repaired"].as_bool() == Some(true) {
            "repairs"
        } else {
            "fails to repair"
        };
        parts.push(format!(
            "{} {verb} {} in impulse {}",
            text(&repair["ship"]),
            text(&repair["marker"]),
            text(&repair["impulse"])
        ));
    }
    for (name, ship) in outcome["ships"].as_object().into_iter().flatten() {
        if let Some(gone) = ship["gone"].as_str() {
            parts.push(format!("{name} leaves the map ({gone})"));
        }
    }
    parts
}

fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

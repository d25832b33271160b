//! The board as the trace's last lines and as the `outcome` JSON: each ship's shields, hull,
//! criticals and what it may do next; the blasts; the missiles and terrain.

use super::board::{Fleet, Gone, MissileStatus};
use super::energy;
use crate::parse::scenario::talon::Hex;
use serde_json::{Map, Value, json};

impl Fleet<'_> {
    pub fn final_state(&self) -> Vec<String> {
        let mut lines: Vec<String> = self
            .sc
            .ships
            .iter()
            .zip(&self.state)
            .map(|(ship, s)| {
                let total = ship.class.map_or(0, |c| c.hull_boxes.len());
                let criticals = if s.criticals.is_empty() {
                    String::new()
                } else {
                    format!("; criticals: {}", s.criticals.join(", "))
                };
                match &s.gone {
                    _ if s.destroyed => format!("{}: destroyed", ship.id),
                    Some(Gone::Retreated) => format!("{}: retreated from the battle", ship.id),
                    Some(Gone::Docked(host)) => format!("{}: docked at {host}", ship.id),
                    None if !s.fighters.is_empty() => {
                        let fighters: Vec<String> = s
                            .fighters
                            .iter()
                            .enumerate()
                            .map(|(i, lost)| {
                                if *lost as usize >= total {
                                    format!("{} destroyed", i + 1)
                                } else {
                                    format!("{} hull {lost}/{total}", i + 1)
                                }
                            })
                            .collect();
                        format!("{}: fighters {}", ship.id, fighters.join(" · "))
                    }
                    None => format!(
                        "{}: shields forward {} · right {} · rear {} · left {}; hull {}/{total} crossed{criticals}",
                        ship.id, s.shields[0], s.shields[1], s.shields[2], s.shields[3], s.hull_lost
                    ),
                }
            })
            .collect();
        for (m, missile) in self.missiles.iter().enumerate() {
            if missile.status == MissileStatus::Unlaunched
                && self.sc.missiles[m].launched_by.is_some()
            {
                continue;
            }
            lines.push(format!(
                "Missile {}: {}{}",
                self.sc.missiles[m].id,
                missile.status.as_str(),
                match (missile.status, missile.hex) {
                    (MissileStatus::Flying, Some(hex)) => format!(
                        " in {}{}",
                        hex.display(),
                        if missile.damaged { ", damaged" } else { "" }
                    ),
                    _ => String::new(),
                }
            ));
        }
        lines
    }

    /// The per-ship outcome object.
    pub fn ships_json(&self) -> Value {
        let mut ships = Map::new();
        for (ship, s) in self.sc.ships.iter().zip(&self.state) {
            let Some(class) = ship.class else { continue };
            let hull_crossed = s.hull_lost.min(class.hull_boxes.len() as u32);
            let critical_crossed = class
                .critical_boxes
                .iter()
                .filter(|&&c| u32::from(c) <= hull_crossed)
                .count();
            let options = energy::curve_options(
                class,
                ship.curve.unwrap_or(class.default_curve),
                s.hull_lost,
                s.power_relay,
                s.power_loss(),
            );
            let alive = s.in_play();
            let mut one = json!({
                "shields": {
                    "forward": s.shields[0],
                    "right": s.shields[1],
                    "rear": s.shields[2],
                    "left": s.shields[3],
                },
                "hull_boxes_crossed": hull_crossed,
                "critical_boxes_crossed": critical_crossed,
                "destroyed": s.destroyed,
                "criticals": &s.criticals[..],
                "power_modifier": alive.then_some(options.modifier),
                "next_curves": if alive { options.written() } else { Vec::new() },
                "explodes_in_energy_phase": alive && options.allowed.is_empty(),
            });
            if !s.fighters.is_empty() {
                one["fighters"] = json!(s.fighters);
            }
            match &s.gone {
                Some(Gone::Retreated) => one["gone"] = json!("retreated"),
                Some(Gone::Docked(host)) => one["gone"] = json!(format!("docked at {host}")),
                None => {}
            }
            ships.insert(ship.id.clone(), one);
        }
        Value::Object(ships)
    }

    pub fn outcome(&self) -> Value {
        let mut out = json!({ "ships": self.ships_json(), "blasts": self.blasts_json() });
        if !self.missiles.is_empty() {
            out["missiles"] = self.missiles_json();
        }
        if !self.terrain.is_empty() {
            out["terrain"] = self.terrain_json();
        }
        out
    }

    pub fn blasts_json(&self) -> Value {
        self.blasts
            .iter()
            .map(|b| {
                json!({
                    "from": self.id(b.from),
                    "to": self.id(b.to),
                    "damage": b.damage,
                    "arc": b.arc.as_str(),
                })
            })
            .collect()
    }

    /// `{"<id>": {"side", "target", "hex", "heading", "damaged", "status", "path"}}`.
    pub fn missiles_json(&self) -> Value {
        let mut out = Map::new();
        for (m, missile) in self.missiles.iter().enumerate() {
            let def = &self.sc.missiles[m];
            out.insert(
                def.id.clone(),
                json!({
                    "side": def.side.map(|s| s.as_str()),
                    "target": missile.target.map(|t| self.id(t)),
                    "hex": missile.hex.map(label),
                    "heading": missile.heading.map(|h| h.degrees()),
                    "damaged": missile.damaged,
                    "status": missile.status.as_str(),
                    "path": missile.path.iter().map(|h| label(*h)).collect::<Vec<_>>(),
                }),
            );
        }
        Value::Object(out)
    }

    /// `[{"id", "kind", "hex", "removed"}]`.
    pub fn terrain_json(&self) -> Value {
        self.terrain
            .iter()
            .zip(&self.sc.terrain)
            .map(|(t, def)| {
                json!({
                    "id": def.id,
                    "kind": t.kind.as_str(),
                    "hex": label(t.hex),
                    "removed": t.removed,
                })
            })
            .collect()
    }
}

/// A hex as JSON writes it: its `CCRR` label, else `[q, r]`.
pub fn label(h: Hex) -> String {
    h.label().unwrap_or_else(|| format!("[{}, {}]", h.q, h.r))
}

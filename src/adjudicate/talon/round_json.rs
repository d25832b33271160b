//! A played round as the trace's last lines and as its `outcome` JSON (see `round.rs` for
//! the shape), and the board at the end of each impulse, for pictures.

use super::board::MissileStatus;
use super::board_json::label;
use super::energy::Input;
use super::round::Round;
use super::snapshot::{Board, ShipAt};
use crate::cards::talon::Side;
use crate::parse::scenario::talon::{Heading, Hex, LETTERS};
use serde_json::{Map, Value, json};

impl<'a> Round<'a> {
    pub fn final_state(&self) -> Vec<String> {
        let sc = self.sc;
        let mut lines: Vec<String> = sc
            .ships
            .iter()
            .enumerate()
            .filter(|(i, _)| self.fleet.state[*i].in_play())
            .map(|(i, def)| {
                let (hex, heading) = self.fleet.at[i];
                format!(
                    "{}: in {}, facing {}°, turn radius marker {}",
                    def.id,
                    hex.map_or("?".to_string(), Hex::display),
                    heading.map_or(0, Heading::degrees),
                    self.turn_marker[i]
                )
            })
            .collect();
        lines.extend(self.fleet.final_state());
        for (i, def) in sc.ships.iter().enumerate() {
            if let (Some(energy), Some(class)) = (&self.energy[i], def.class) {
                let input = Input {
                    curve: def.curve.unwrap_or(class.default_curve),
                    charge: &[],
                    hull_lost: 0,
                    power_relay: 0,
                    power_loss: self.fleet.state[i].power_loss(),
                    wanted: None,
                };
                if self.fleet.state[i].in_play() {
                    lines.push(format!(
                        "Next round: {}",
                        energy.final_line(&def.id, &input)
                    ));
                }
            }
        }
        lines.push(format!(
            "Initiative after impulse F: {}",
            self.holder.title()
        ));
        lines
    }

    pub fn outcome(&self) -> Value {
        let sc = self.sc;
        let id = |i: usize| sc.ships.get(i).map_or("", |s| s.id.as_str());
        let mut ships = match self.fleet.ships_json() {
            Value::Object(map) => map,
            _ => Map::new(),
        };
        for (i, def) in sc.ships.iter().enumerate() {
            let Some(Value::Object(ship)) = ships.get_mut(&def.id) else {
                continue;
            };
            self.ship_extras(i, ship);
        }
        let shots: Vec<Value> = self
            .shots
            .iter()
            .map(|(impulse, shot)| {
                let mut json = shot.to_json(sc);
                if let Some(object) = json.as_object_mut() {
                    object.insert("impulse".into(), json!(LETTERS[*impulse]));
                }
                json
            })
            .collect();
        let collisions: Vec<Value> = self
            .fleet
            .collisions
            .iter()
            .map(|c| {
                json!({
                    "impulse": c.impulse.and_then(|i| LETTERS.get(i)),
                    "ship": id(c.mover),
                    "other": id(c.other),
                    "hex": c.hex.display(),
                })
            })
            .collect();
        let floats: Vec<Value> = self
            .floats
            .iter()
            .map(|(impulse, q, r)| json!({ "impulse": LETTERS[*impulse], "by": [q, r] }))
            .collect();
        let mut out = json!({
            "initiative": self.holders.map(Side::as_str),
            "next_initiative": self.holder.as_str(),
            "ships": Value::Object(ships),
            "shots": shots,
            "collisions": collisions,
            "map_floats": floats,
            "blasts": self.fleet.blasts_json(),
            "next_round": self.next_round,
        });
        self.extras(&mut out);
        out
    }

    /// A ship's round keys: where it ended, what it moved and what is left for next round.
    fn ship_extras(&self, i: usize, ship: &mut Map<String, Value>) {
        let def = &self.sc.ships[i];
        let (hex, heading) = self.fleet.at[i];
        let state = &self.fleet.state[i];
        ship.insert("hex".into(), json!(hex.map(label)));
        ship.insert("heading".into(), json!(heading.map(Heading::degrees)));
        ship.insert("turn_marker".into(), json!(self.turn_marker[i]));
        let moved: Vec<&str> = self.moved_in[i].iter().map(|m| LETTERS[*m]).collect();
        ship.insert("moved_in".into(), json!(moved));
        ship.insert(
            "energy".into(),
            self.energy[i].as_ref().map_or(Value::Null, |e| e.to_json()),
        );
        if def.class.is_some_and(|c| c.batteries > 0) {
            ship.insert("battery".into(), json!(state.battery));
        }
        if def.class.is_some_and(|c| c.afterburners > 0) {
            ship.insert("afterburners_used".into(), json!(state.afterburners_used));
        }
        let reinforced: Vec<&str> = crate::cards::talon::Arc::ALL
            .iter()
            .filter(|a| state.reinforced[a.index()].is_some())
            .map(|a| a.as_str())
            .collect();
        if !reinforced.is_empty() {
            ship.insert("reinforced".into(), json!(reinforced));
        }
    }

    /// The keys only some rounds have: missiles, terrain, pulls, repairs, the impulses.
    fn extras(&self, out: &mut Value) {
        let id = |i: usize| self.sc.ships.get(i).map_or("", |s| s.id.as_str());
        if !self.fleet.missiles.is_empty() {
            out["missiles"] = self.fleet.missiles_json();
        }
        if !self.fleet.terrain.is_empty() {
            out["terrain"] = self.fleet.terrain_json();
        }
        if !self.pulls.is_empty() {
            out["pulls"] = self
                .pulls
                .iter()
                .map(|p| json!({ "ship": id(p.ship), "from": label(p.from), "to": label(p.to) }))
                .collect();
        }
        if !self.repairs.is_empty() {
            out["repairs"] = self
                .repairs
                .iter()
                .map(|r| {
                    json!({
                        "ship": id(r.ship),
                        "impulse": LETTERS[r.impulse],
                        "marker": r.marker.as_str(),
                        "roll": r.roll,
                        "repaired": r.repaired,
                    })
                })
                .collect();
        }
        out["impulses"] = self.snapshots.iter().map(|b| self.board_json(b)).collect();
    }

    /// The board at the end of `impulse`: each ship's place, facing, shields and hull (or
    /// fighters), and each missile's place: plain copies, taken when the round is traced.
    pub(super) fn snapshot(&mut self, impulse: usize) {
        let ships = self
            .fleet
            .state
            .iter()
            .zip(&self.fleet.at)
            .map(|(s, (hex, heading))| ShipAt {
                hex: *hex,
                heading: *heading,
                shields: s.shields,
                hull: s.hull_lost,
                status: if s.destroyed {
                    "destroyed"
                } else if s.gone.is_some() {
                    "gone"
                } else {
                    "in play"
                },
                fighters: s.fighters.clone(),
            })
            .collect();
        let missiles = self
            .fleet
            .missiles
            .iter()
            .map(|m| (m.hex, m.heading, m.status))
            .collect();
        self.snapshots.push(Board {
            impulse,
            ships,
            missiles,
        });
    }
}

impl Round<'_> {
    fn board_json(&self, board: &Board) -> Value {
        let mut ships = Map::new();
        for (def, at) in self.sc.ships.iter().zip(&board.ships) {
            let mut one = json!({
                "hex": at.hex.map(label),
                "heading": at.heading.map(Heading::degrees),
                "shields": at.shields,
                "hull_boxes_crossed": at.hull,
                "status": at.status,
            });
            if !at.fighters.is_empty() {
                one["fighters"] = json!(at.fighters);
            }
            ships.insert(def.id.clone(), one);
        }
        let mut out = json!({ "impulse": LETTERS[board.impulse], "ships": Value::Object(ships) });
        let missiles: Map<String, Value> = self
            .sc
            .missiles
            .iter()
            .zip(&board.missiles)
            .filter(|(_, (_, _, status))| *status != MissileStatus::Unlaunched)
            .map(|(def, (hex, heading, status))| {
                (
                    def.id.clone(),
                    json!({ "hex": hex.map(label), "heading": heading.map(Heading::degrees), "status": status.as_str() }),
                )
            })
            .collect();
        if !missiles.is_empty() {
            out["missiles"] = Value::Object(missiles);
        }
        out
    }
}

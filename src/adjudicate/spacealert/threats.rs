//! §3.1 appearance and §3.4 threat actions: tokens move by their speed, lowest token first,
//! doing X, Y and Z as they reach those spaces (what those actions do is in `effects`).

use super::engine::{Engine, note};
use super::rules;
use super::state::*;
use crate::cards::spacealert::Special;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slot {
    X,
    Y,
    Z,
}

impl Engine<'_> {
    /// §3.1: threats announced for this turn appear on the first space of their track.
    pub fn appear(&mut self) {
        let p = self.p;
        for i in 0..p.threats.len() {
            let spec = &p.threats[i];
            if spec.turn != self.turn || self.threats[i].status != Status::Pending {
                continue;
            }
            if spec.unconfirmed && self.ncrew < MAX_CREW {
                self.threats[i].status = Status::Absent;
                note!(
                    self,
                    rules::MESSAGES,
                    format!("T+{} {}", spec.turn, spec.card.name),
                    "an unconfirmed report: with fewer than five crew members it does not come"
                );
                continue;
            }
            let t = &mut self.threats[i];
            t.status = Status::Active;
            t.pos = spec.track.length;
            t.hp = spec.card.hit_points;
            t.speed = spec.card.speed;
            t.visible = !spec.has(Special::Stealth);
            for st in &spec.card.stations {
                t.tokens |= 1 << st.index();
            }
            if spec.has(Special::Slime) {
                t.home = spec.card.stations.first().copied();
            }
            let place = match spec.zone {
                Some(z) => format!("the {} track", z.as_str()),
                None => format!(
                    "the internal track, at {}",
                    spec.card
                        .stations
                        .iter()
                        .map(|s| s.as_str())
                        .collect::<Vec<_>>()
                        .join(" + ")
                ),
            };
            note!(
                self,
                rules::APPEARANCE,
                format!("T+{} {}", spec.turn, spec.card.name),
                "appears on space {} of {place}",
                spec.track.length
            );
            if spec.has(Special::Warheads) {
                self.threats[i].hp = self.rockets;
                note!(
                    self,
                    rules::WARHEADS,
                    spec.card.name,
                    "hit points = rockets still on the ship: {}",
                    self.rockets
                );
                if self.rockets == 0 {
                    self.internal_destroyed(i, None);
                }
            }
        }
    }

    /// §3.4: every token in order; then (in the caller) the rocket moves.
    pub fn threat_actions(&mut self) {
        for i in 0..self.threats.len() {
            if !self.threats[i].active() {
                continue;
            }
            let speed = self.threats[i].speed;
            self.advance(i, speed);
            if self.lost.is_some() {
                return;
            }
        }
    }

    pub(super) fn advance(&mut self, i: usize, spaces: u8) {
        let p = self.p;
        let spec = &p.threats[i];
        let from = self.threats[i].pos;
        for _ in 0..spaces {
            if !self.threats[i].active() {
                return;
            }
            let left = self.threats[i].pos;
            if left == spec.track.x || spec.track.is_y(left) {
                self.threats[i].passed += 1;
            }
            let pos = left.saturating_sub(1).max(1);
            self.threats[i].pos = pos;
            let slot = if pos == 1 {
                Some(Slot::Z)
            } else if pos == spec.track.x {
                Some(Slot::X)
            } else if spec.track.is_y(pos) {
                Some(Slot::Y)
            } else {
                None
            };
            if let Some(slot) = slot {
                self.perform(i, slot);
                if self.lost.is_some() {
                    return;
                }
            }
            if pos == 1 {
                break;
            }
        }
        if self.threats[i].active() && self.log.on && self.threats[i].pos != from {
            note!(
                self,
                rules::THREATS,
                format!("T+{} {}", spec.turn, spec.card.name),
                "moves {} → {}",
                from,
                self.threats[i].pos
            );
        }
    }

    fn perform(&mut self, i: usize, slot: Slot) {
        let p = self.p;
        let spec = &p.threats[i];
        let effects = match slot {
            Slot::X => &spec.card.x,
            Slot::Y => &spec.card.y,
            Slot::Z => &spec.card.z,
        };
        let letter = match slot {
            Slot::X => "X",
            Slot::Y => "Y",
            Slot::Z => "Z",
        };
        note!(
            self,
            rules::THREATS,
            format!("T+{} {}: {letter}", spec.turn, spec.card.name),
            "{}",
            crate::cards::spacealert::facts::effects(effects)
        );
        for e in effects {
            self.effect(i, e);
            if self.lost.is_some() {
                return;
            }
        }
        if slot == Slot::Z {
            self.after_z(i);
        }
    }

    fn after_z(&mut self, i: usize) {
        let spec = &self.p.threats[i];
        let t = &mut self.threats[i];
        t.z_done = true;
        t.status = Status::Survived;
        if spec.external() {
            // Scout and Marauder bonuses stay to the end once they reach Z (appendix 7.1).
        } else if !spec.malfunction()
            && !spec.has(Special::Slime)
            && !spec.has(Special::Contamination)
        {
            t.tokens = 0;
        }
        if spec.has(Special::Fissure) {
            // It leaves play: the doubling ends with it.
            self.double = [false; 3];
        }
        note!(
            self,
            rules::THREATS,
            format!("T+{} {}", spec.turn, spec.card.name),
            "reached the end of its track: survived (the communications officer keeps the card){}",
            if spec.malfunction() {
                "; its systems stay broken"
            } else {
                ""
            }
        );
    }
}

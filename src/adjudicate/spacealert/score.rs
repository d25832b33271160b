//! §4: the score of a completed mission — the survived value of every threat survived, the
//! destroyed value of every threat destroyed, minus the damage, the worst zone's damage, 2 a
//! knocked-out crew member and 1 a disabled battle-bot squad, plus visual confirmation.

use super::engine::{Engine, note};
use super::rules;
use super::state::*;
use serde::Serialize;

#[derive(Debug, Clone, Serialize)]
pub struct Damage {
    pub red: u8,
    pub white: u8,
    pub blue: u8,
}

#[derive(Debug, Clone, Serialize)]
pub struct Breakdown {
    pub survived_points: i32,
    pub destroyed_points: i32,
    pub damage_penalty: i32,
    pub worst_zone_penalty: i32,
    pub knocked_out_penalty: i32,
    pub disabled_robots_penalty: i32,
    pub visual_confirmation: i32,
    pub total: i32,
}

/// The `outcome` object of the JSON output: exactly these keys.
#[derive(Debug, Clone, Serialize)]
pub struct Outcome {
    pub status: &'static str,
    pub damage: Damage,
    pub threats_destroyed: Vec<String>,
    pub threats_survived: Vec<String>,
    pub score: Option<i32>,
    /// The score's parts; when the mission is lost, what destroyed the ship and when.
    pub score_breakdown: serde_json::Value,
}

/// The outcome as numbers only (no names): what a solver loop reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    pub won: bool,
    pub damage: [u8; 3],
    pub destroyed: u8,
    pub survived: u8,
    pub score: Option<i32>,
}

impl Engine<'_> {
    pub fn breakdown(&self) -> Breakdown {
        let p = self.p;
        let mut survived = 0i32;
        let mut destroyed = 0i32;
        for (t, spec) in self.threats.iter().zip(&p.threats) {
            match t.status {
                Status::Survived => survived += i32::from(spec.card.points_survived),
                Status::Destroyed => destroyed += i32::from(spec.card.points_destroyed),
                _ => {}
            }
        }
        let damage: i32 = self.tiles_drawn.iter().map(|&d| i32::from(d)).sum();
        let worst = self.tiles_drawn.iter().copied().max().unwrap_or(0);
        let out = self.crew[..self.ncrew].iter().filter(|c| c.out).count() as i32;
        let disabled = self.crew[..self.ncrew]
            .iter()
            .filter(|c| c.robots == Robots::Disabled)
            .count() as i32
            + self
                .stored
                .iter()
                .filter(|s| **s == Stored::DisabledPresent)
                .count() as i32;
        let vc: i32 = (0..3)
            .map(|ph| {
                let n = usize::from(self.vc_best[ph]);
                if n == 0 {
                    0
                } else {
                    i32::from(p.ship.vc_points[ph][n - 1])
                }
            })
            .sum();
        let knocked = out * i32::from(p.ship.knocked_out_penalty);
        let robots = disabled * i32::from(p.ship.robots_penalty);
        let total = survived + destroyed - damage - i32::from(worst) - knocked - robots + vc;
        Breakdown {
            survived_points: survived,
            destroyed_points: destroyed,
            damage_penalty: -damage,
            worst_zone_penalty: -i32::from(worst),
            knocked_out_penalty: -knocked,
            disabled_robots_penalty: -robots,
            visual_confirmation: vc,
            total,
        }
    }

    pub fn summary(&self) -> Summary {
        let count = |s: Status| self.threats.iter().filter(|t| t.status == s).count() as u8;
        let won = self.lost.is_none();
        Summary {
            won,
            damage: self.tiles_drawn,
            destroyed: count(Status::Destroyed),
            survived: count(Status::Survived),
            score: won.then(|| self.breakdown().total),
        }
    }

    pub fn outcome(&mut self) -> Outcome {
        let p = self.p;
        let names = |s: Status| -> Vec<String> {
            self.threats
                .iter()
                .zip(&p.threats)
                .filter(|(t, _)| t.status == s)
                .map(|(_, spec)| spec.card.name.clone())
                .collect()
        };
        let destroyed = names(Status::Destroyed);
        let survived = names(Status::Survived);
        let damage = Damage {
            red: self.tiles_drawn[0],
            white: self.tiles_drawn[1],
            blue: self.tiles_drawn[2],
        };
        match self.lost.clone() {
            Some((turn, cause)) => {
                note!(
                    self,
                    rules::SCORE,
                    "score",
                    "the ship was destroyed: no score"
                );
                Outcome {
                    status: "lost",
                    damage,
                    threats_destroyed: destroyed,
                    threats_survived: survived,
                    score: None,
                    score_breakdown: serde_json::json!({ "ship_destroyed_on_turn": turn, "cause": cause }),
                }
            }
            None => {
                let b = self.breakdown();
                note!(
                    self,
                    rules::SCORE,
                    "score",
                    "{} survived + {} destroyed {} damage {} worst zone {} knocked out {} battle bots + {} visual confirmation = {}",
                    b.survived_points,
                    b.destroyed_points,
                    b.damage_penalty,
                    b.worst_zone_penalty,
                    b.knocked_out_penalty,
                    b.disabled_robots_penalty,
                    b.visual_confirmation,
                    b.total
                );
                Outcome {
                    status: "won",
                    damage,
                    threats_destroyed: destroyed,
                    threats_survived: survived,
                    score: Some(b.total),
                    score_breakdown: serde_json::to_value(&b).unwrap_or_default(),
                }
            }
        }
    }
}

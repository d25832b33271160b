//! The trace of a resolution: steps (each citing its seed section) and one row per turn.
//! Off for benchmarks and solvers: then nothing is formatted or stored.

use super::super::{Cite, Step, StepDetail};
use crate::report::picture::spacealert::{ShipBoard, Track};
use serde::Serialize;

/// The turn a step belongs to (13 = the turn after the action round, §3.6).
#[derive(Debug, Clone, Serialize)]
pub struct TurnDetail {
    pub turn: u8,
}

impl StepDetail for TurnDetail {}

#[derive(Debug, Clone, Serialize)]
pub struct TurnRow {
    pub turn: u8,
    pub threats: Vec<String>,
    /// Damage taken so far per zone (red, white, blue).
    pub damage: [u8; 3],
    pub reactors: [u8; 3],
    pub shields: [u8; 3],
}

#[derive(Debug, Default)]
pub struct Log {
    pub on: bool,
    pub max: usize,
    pub capped: bool,
    pub steps: Vec<Step<TurnDetail>>,
    pub turns: Vec<TurnRow>,
    /// The mission's trajectories (for the pictures), and the ship after each turn.
    pub tracks: Vec<Track>,
    pub boards: Vec<ShipBoard>,
}

impl Log {
    pub fn off() -> Self {
        Log::default()
    }

    pub fn recording(max_steps: u32) -> Self {
        Log {
            on: true,
            max: max_steps as usize,
            ..Log::default()
        }
    }

    pub fn push(&mut self, turn: u8, rule: Cite, event: String, outcome: String) {
        if self.steps.len() >= self.max {
            self.capped = true;
            return;
        }
        self.steps.push(Step {
            n: self.steps.len() + 1,
            event,
            outcome,
            rule,
            choice_point: false,
            detail: TurnDetail { turn },
        });
    }
}

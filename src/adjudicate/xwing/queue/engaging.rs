//! Where the scenario's events are in the round, for simultaneous fire (REGLA DE ATAQUES
//! SIMULTÁNEOS). Apart from `engagement` so the engine can hold it without an import circle.

use crate::parse::scenario::xwing::words::{Moment, Phase};

/// Where the scenario's events are in the round, for simultaneous fire.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Engaging {
    /// The last phase event (`start engagement`, `end system`, …), if any.
    pub(super) phase: Option<(Moment, Phase)>,
    /// The initiative of the ship engaging now (`Some(None)`: the scenario gives it none).
    pub(super) initiative: Option<Option<u8>>,
}

impl Engaging {
    pub(super) fn in_engagement_phase(&self) -> bool {
        match self.phase {
            None => true,
            Some((moment, phase)) => phase == Phase::Engagement && moment != Moment::End,
        }
    }
}

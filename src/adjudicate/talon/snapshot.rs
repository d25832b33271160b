//! The board at the end of an impulse: plain copies kept by the round (quiet or traced) and
//! printed by its JSON.

use super::board::MissileStatus;
use crate::parse::scenario::talon::{Heading, Hex};

/// One ship at the end of an impulse.
#[derive(Debug, Clone)]
pub struct ShipAt {
    pub hex: Option<Hex>,
    pub heading: Option<Heading>,
    pub shields: [u8; 4],
    pub hull: u32,
    pub status: &'static str,
    pub fighters: Vec<u32>,
}

/// The board at the end of one impulse.
#[derive(Debug, Clone)]
pub struct Board {
    pub impulse: usize,
    pub ships: Vec<ShipAt>,
    pub missiles: Vec<(Option<Hex>, Option<Heading>, MissileStatus)>,
}

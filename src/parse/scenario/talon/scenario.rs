//! The checked Talon scenario the engines work on: every reference resolved.

use super::file::{Kind, MarkerKind, Move, SpendOn};
use super::hex::{Heading, Hex};
use crate::cards::talon::{Arc, PowerCurve, ShipClass, Side, TalonCards};
use crate::report::FileId;
use std::ops::Range;

// ---------------------------------------------------------------------------------------
// The checked scenario.

#[derive(Debug, Clone)]
pub struct Scenario<'db> {
    pub file: FileId,
    /// The Talon data the scenario was read against: classes and the impulse chart.
    pub cards: &'db TalonCards,
    pub kind: Kind,
    pub max_steps: u32,
    pub ships: Vec<ShipDef<'db>>,
    pub holder: Option<Side>,
    pub chosen: Option<(Side, Range<usize>)>,
    pub markers: Vec<MarkerDef>,
    pub hits: Vec<HitDef>,
    pub shots: Vec<ShotDef>,
    pub dice: Vec<u8>,
    pub dice_span: Range<usize>,
    pub round: Option<u32>,
    pub initiative: Option<Side>,
    pub spends: Vec<SpendDef>,
    /// Columns and rows of the map, when it floats.
    pub map: Option<(i32, i32)>,
}

#[derive(Debug, Clone)]
pub struct SpendDef {
    pub ship: usize,
    /// 0 for A … 5 for F.
    pub impulse: usize,
    pub on: SpendOn,
    pub span: Range<usize>,
}

#[derive(Debug, Clone)]
pub struct ShipDef<'db> {
    pub id: String,
    pub class: Option<&'db ShipClass>,
    pub side: Option<Side>,
    pub curve: Option<PowerCurve>,
    pub hex: Option<Hex>,
    pub heading: Option<Heading>,
    /// Shield boxes left, forward/right/rear/left.
    pub shields: [u8; 4],
    pub hull_lost: u32,
    pub reinforced: [bool; 4],
    /// Per weapon group: fully charged.
    pub charged: Vec<bool>,
    /// Per weapon group: `[red, yellow]` boxes crossed.
    pub charge: Vec<[u8; 2]>,
    pub speed: Option<(u8, Range<usize>)>,
    pub power_loss: bool,
    pub power_relay: u8,
    pub moves: Vec<(Move, Range<usize>)>,
    pub turn_marker: u8,
    /// Where `moves` is written (or the ship's id), for diagnostics about the plan.
    pub span: Range<usize>,
}

#[derive(Debug, Clone)]
pub struct MarkerDef {
    pub ship: String,
    pub side: Side,
    pub kind: MarkerKind,
}

#[derive(Debug, Clone)]
pub struct HitDef {
    pub ship: usize,
    pub arc: Arc,
    pub damage: u32,
    pub span: Range<usize>,
}

#[derive(Debug, Clone)]
pub struct ShotDef {
    pub attacker: usize,
    /// 0-based.
    pub group: usize,
    pub target: usize,
    pub roll: Option<u8>,
    pub span: Range<usize>,
    /// `talon/round`: 0 for A … 5 for F.
    pub impulse: Option<usize>,
}

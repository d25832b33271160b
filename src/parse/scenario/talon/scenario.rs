//! The checked Talon scenario the engines work on: every reference resolved.

use super::file::{FighterUse, Kind, MarkerKind, Move, SpendOn, TerrainKind};
use super::hex::{Heading, Hex};
use crate::cards::talon::{Arc, PowerCurve, RuleNumbers, ShipClass, Side, TalonCards};
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
    /// The map extension is in play too: `map` is both maps together (Talon rulebook 7.5.2).
    pub map_extension: bool,
    pub terrain: Vec<TerrainDef>,
    /// Missiles in flight at the start, then those the shots launch, in shot order.
    pub missiles: Vec<MissileDef>,
    pub afterburners: Vec<AfterburnDef>,
    pub repairs: Vec<RepairDef>,
    /// The scenario's rules call for docking or landing (16.1).
    pub docking: bool,
    /// The rulebook's own numbers, from the Talon data.
    pub numbers: &'db RuleNumbers,
}

#[derive(Debug, Clone)]
pub struct TerrainDef {
    pub id: String,
    pub kind: TerrainKind,
    pub hex: Hex,
}

/// A missile counter: in flight at the start, or launched by shot `launched_by`.
#[derive(Debug, Clone)]
pub struct MissileDef {
    pub id: String,
    pub side: Option<Side>,
    pub launcher: Option<usize>,
    /// Ship index; `usize::MAX` when the scenario names none (never handed to an engine).
    pub target: usize,
    /// Where it starts (a launched missile's `hex` if the shot gives one).
    pub hex: Option<Hex>,
    pub heading: Option<Heading>,
    pub damaged: bool,
    pub moves: Vec<(Move, Range<usize>)>,
    /// The index of the shot that launches it.
    pub launched_by: Option<usize>,
    pub span: Range<usize>,
}

#[derive(Debug, Clone)]
pub struct AfterburnDef {
    pub ship: usize,
    pub impulse: usize,
    pub movement: Move,
    pub span: Range<usize>,
}

#[derive(Debug, Clone)]
pub struct RepairDef {
    pub ship: usize,
    pub impulse: usize,
    pub span: Range<usize>,
}

/// What a shot is aimed at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Ship(usize),
    Missile(usize),
}

impl Target {
    /// The ship aimed at, if a ship.
    pub fn ship(self) -> Option<usize> {
        match self {
            Target::Ship(i) => Some(i),
            Target::Missile(_) => None,
        }
    }
}

#[derive(Debug, Clone)]
pub struct SpendDef {
    pub ship: usize,
    /// 0 for A … 5 for F.
    pub impulse: usize,
    pub on: SpendOn,
    pub span: Range<usize>,
    pub arc: Option<Arc>,
    pub remove: Option<Arc>,
    /// 0-based.
    pub group: Option<usize>,
    pub fighter: Option<usize>,
    pub fighter_use: Option<FighterUse>,
    pub missile: Option<usize>,
    pub target: Option<usize>,
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
    /// The impulse (0–5) each reinforcement was placed in, where the scenario says.
    pub reinforced_in: [Option<usize>; 4],
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
    pub battery: bool,
    pub afterburners_used: u8,
    pub shields_down: bool,
    pub helm_down: bool,
    pub thrusters: u8,
    pub ftl_offline: bool,
    /// A squadron: hull boxes crossed on each fighter, one entry per fighter on the counter
    /// (a destroyed one has all its boxes crossed).
    pub fighters: Vec<u32>,
    /// The `retreat = true` key, when the owner retreats it (11.1.2).
    pub retreat: Option<Range<usize>>,
    /// The id it docks or lands at, and where that is written.
    pub dock: Option<(String, Range<usize>)>,
    /// The hex its owner picks for a black hole's pull along an edge.
    pub pull: Option<(Hex, Range<usize>)>,
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
    pub target: Target,
    pub roll: Option<u8>,
    pub span: Range<usize>,
    /// `talon/round`: 0 for A … 5 for F.
    pub impulse: Option<usize>,
    /// At a squadron: the fighter chosen (0-based) and where it is written.
    pub fighter: Option<(usize, Range<usize>)>,
    /// Wave Motion Gun: the push hex the firer chose.
    pub push: Option<(Hex, Range<usize>)>,
    /// A missile group: the missile it launches (an index into `Scenario::missiles`).
    pub launches: Option<usize>,
}

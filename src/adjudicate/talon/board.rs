//! The board the Talon engines play on: every ship's damage, charge and markers, where
//! each ship, missile and terrain counter is, and the dice. Plain data, so a caller (a
//! picture, a solver) can read a position at any point; the rules that change it live in
//! the files that `impl Fleet` (damage, critical, blast, enter, push, missiles).

use super::dice::Dice;
use super::units::PerUnit;
use crate::cards::talon::{Arc, RuleNumbers, ShipClass, Side, TalonCards};
use crate::parse::scenario::talon::{Heading, Hex, Scenario, TerrainKind};
use smallvec::SmallVec;

/// A critical damage marker that can be repaired (Talon rulebook 8.7), and when it was
/// placed: the impulse (0–5) of this round, or `None` before the scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Marker {
    pub kind: CriticalMarker,
    pub placed: Option<usize>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CriticalMarker {
    ShieldsDown,
    HelmDown,
    PowerLoss,
}

impl CriticalMarker {
    pub fn as_str(self) -> &'static str {
        match self {
            CriticalMarker::ShieldsDown => "Shields Down",
            CriticalMarker::HelmDown => "Helm Down",
            CriticalMarker::PowerLoss => "Power Loss",
        }
    }
}

/// How a ship left the battle other than by destruction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Gone {
    /// Jumped to FTL (11.1.2) or entered a wormhole (19).
    Retreated,
    /// Docked at a base or carrier, or landed on a planet (16.2): the host's id.
    Docked(String),
}

/// One weapon group's firing this round: the impulse of its latest volley and how many of
/// its weapons fired in it (all of a group fire together, Talon rulebook 8.1.1, 8.3).
#[derive(Debug, Clone, Copy, Default)]
pub struct Volley {
    pub impulse: Option<Option<usize>>,
    pub fired: u8,
}

/// A ship's state while the scenario plays out.
#[derive(Debug, Clone)]
pub struct ShipState<'a> {
    pub shields: [u8; 4],
    /// Per arc: a reinforcement marker, with the impulse it was placed in when known.
    pub reinforced: [Option<Option<usize>>; 4],
    pub hull_lost: u32,
    pub destroyed: bool,
    pub gone: Option<Gone>,
    /// Held inline, as `criticals`: a round sets up and drops no list for them.
    pub markers: SmallVec<[Marker; 3]>,
    pub power_relay: u8,
    pub turn_penalty: u8,
    pub ftl_offline: bool,
    pub criticals: SmallVec<[&'a str; 3]>,
    /// A squadron: hull boxes crossed on each fighter of the counter.
    pub fighters: Vec<u32>,
    /// `[red, yellow]` boxes crossed, per unit (one, or each fighter) and weapon group.
    pub bars: PerUnit<[u8; 2]>,
    pub volleys: PerUnit<Volley>,
    pub battery: bool,
    pub afterburners_used: u8,
}

impl ShipState<'_> {
    /// Still on the map: neither destroyed nor gone.
    pub fn in_play(&self) -> bool {
        !self.destroyed && self.gone.is_none()
    }

    pub fn has(&self, kind: CriticalMarker) -> bool {
        self.markers.iter().any(|m| m.kind == kind)
    }

    pub fn power_loss(&self) -> bool {
        self.has(CriticalMarker::PowerLoss)
    }

    /// The fighters of a squadron still flying, by index.
    pub fn living_fighters(&self, hull: u32) -> impl Iterator<Item = usize> + '_ {
        self.fighters
            .iter()
            .enumerate()
            .filter(move |(_, lost)| **lost < hull)
            .map(|(i, _)| i)
    }
}

/// Blast damage dealt by an exploding ship (Talon rulebook 8.6.2), by ship index.
#[derive(Debug, Clone, Copy)]
pub struct Blast {
    pub from: usize,
    pub to: usize,
    pub damage: u32,
    pub arc: Arc,
}

/// A collision (Talon rulebook 7.4): the ship that moved, the one it met, where and when.
#[derive(Debug, Clone, Copy)]
pub struct Collision {
    pub impulse: Option<usize>,
    pub mover: usize,
    pub other: usize,
    pub hex: Hex,
}

/// What became of a missile counter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MissileStatus {
    /// A shot of the scenario will launch it; not on the map yet.
    Unlaunched,
    Flying,
    /// It reached its target and detonated (13.5).
    Hit,
    Destroyed,
}

impl MissileStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            MissileStatus::Unlaunched => "not launched",
            MissileStatus::Flying => "flying",
            MissileStatus::Hit => "hit",
            MissileStatus::Destroyed => "destroyed",
        }
    }
}

/// How the shield arc a missile hits is found, but for a retargeted one already in its new
/// target's hex: the side it comes through (13.5).
pub const CAME_THROUGH: &str = "it came through";

/// A missile counter on the board (Talon rulebook 13.3–13.7).
#[derive(Debug, Clone)]
pub struct MissileState {
    pub hex: Option<Hex>,
    pub heading: Option<Heading>,
    /// The ship it flies at.
    pub target: Option<usize>,
    pub damaged: bool,
    pub status: MissileStatus,
    /// How many of its scenario `moves` it has used.
    pub next_move: usize,
    /// The hexes it has been in, from its first (a round's flight fits inline).
    pub path: SmallVec<[Hex; 8]>,
}

impl MissileState {
    /// As the scenario places it: flying, or waiting for the shot that launches it.
    fn reset(&mut self, def: &crate::parse::scenario::talon::MissileDef, target: Option<usize>) {
        self.hex = def.hex;
        self.heading = def.heading;
        self.target = target;
        self.damaged = def.damaged;
        self.status = if def.launched_by.is_some() {
            MissileStatus::Unlaunched
        } else {
            MissileStatus::Flying
        };
        self.next_move = 0;
        self.path.clear();
        self.path
            .extend(def.hex.filter(|_| def.launched_by.is_none()));
    }
}

/// A set of terrain kinds (those in one hex).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Kinds(u8);

impl Kinds {
    fn bit(kind: TerrainKind) -> u8 {
        1 << (kind as u8)
    }

    pub fn contains(self, kind: TerrainKind) -> bool {
        self.0 & Kinds::bit(kind) != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// A terrain counter on the board (Talon rulebook 17–19).
#[derive(Debug, Clone)]
pub struct TerrainState {
    pub kind: TerrainKind,
    pub hex: Hex,
    /// Left the battle when the map floated (7.5.3).
    pub removed: bool,
}

/// Every ship, missile and terrain counter of a scenario and the dice, for the engines.
pub struct Fleet<'a> {
    pub sc: &'a Scenario<'a>,
    pub state: Vec<ShipState<'a>>,
    /// Where each ship is now and which way it faces (the scenario's, until it moves).
    pub at: Vec<(Option<Hex>, Option<Heading>)>,
    pub missiles: Vec<MissileState>,
    pub terrain: Vec<TerrainState>,
    pub dice: Dice,
    pub blasts: Vec<Blast>,
    pub collisions: Vec<Collision>,
    /// The impulse being played (0–5), or `None` outside a round.
    pub impulse: Option<usize>,
    pub cards: &'a TalonCards,
    pub numbers: &'a RuleNumbers,
}

impl<'a> Fleet<'a> {
    pub fn new(sc: &'a Scenario<'a>, seed: Option<u64>) -> Self {
        let mut fleet = Fleet {
            sc,
            state: Vec::with_capacity(sc.ships.len()),
            at: Vec::with_capacity(sc.ships.len()),
            missiles: Vec::with_capacity(sc.missiles.len()),
            terrain: Vec::with_capacity(sc.terrain.len()),
            dice: Dice::new(sc.dice.clone(), seed, sc.file, sc.dice_span.clone()),
            blasts: Vec::new(),
            collisions: Vec::new(),
            impulse: None,
            cards: sc.cards,
            numbers: sc.numbers,
        };
        fleet.reset(seed);
        fleet
    }

    /// Back to the scenario's start, with `seed` for the dice, keeping every buffer's
    /// memory (a caller that plays the same scenario many times allocates once).
    pub fn reset(&mut self, seed: Option<u64>) {
        let sc = self.sc;
        self.state.truncate(sc.ships.len());
        for (i, def) in sc.ships.iter().enumerate() {
            match self.state.get_mut(i) {
                Some(state) => state.reset(def),
                None => {
                    // Pushed empty and filled in place: the state is large to copy.
                    self.state.push(empty_ship_state());
                    if let Some(state) = self.state.last_mut() {
                        state.reset(def);
                    }
                }
            }
        }
        self.at.clear();
        self.at.extend(sc.ships.iter().map(|s| (s.hex, s.heading)));
        self.missiles.truncate(sc.missiles.len());
        for (i, def) in sc.missiles.iter().enumerate() {
            let target = sc.ships.get(def.target).map(|_| def.target);
            match self.missiles.get_mut(i) {
                Some(missile) => missile.reset(def, target),
                None => {
                    let mut missile = MissileState {
                        hex: None,
                        heading: None,
                        target: None,
                        damaged: false,
                        status: MissileStatus::Unlaunched,
                        next_move: 0,
                        path: SmallVec::new(),
                    };
                    missile.reset(def, target);
                    self.missiles.push(missile);
                }
            }
        }
        self.terrain.clear();
        self.terrain.extend(sc.terrain.iter().map(|t| TerrainState {
            kind: t.kind,
            hex: t.hex,
            removed: false,
        }));
        self.dice.restart(seed);
        self.blasts.clear();
        self.collisions.clear();
        self.impulse = None;
    }

    pub fn class(&self, ship: usize) -> Option<&'a ShipClass> {
        self.sc.ships[ship].class
    }

    pub fn side(&self, ship: usize) -> Option<Side> {
        self.sc.ships[ship].side
    }

    pub fn id(&self, ship: usize) -> &'a str {
        self.sc.ships[ship].id.as_str()
    }

    pub fn is_fighter(&self, ship: usize) -> bool {
        self.class(ship).is_some_and(ShipClass::is_fighter)
    }

    /// Hull boxes of one fighter of a squadron (or of the ship).
    pub fn hull_boxes(&self, ship: usize) -> u32 {
        self.class(ship).map_or(0, |c| c.hull_boxes.len() as u32)
    }

    /// The terrain in a hex.
    pub fn terrain_at(&self, hex: Hex) -> impl Iterator<Item = TerrainKind> + '_ {
        self.terrain
            .iter()
            .filter(move |t| !t.removed && t.hex == hex)
            .map(|t| t.kind)
    }

    pub fn has_terrain(&self, hex: Hex, kind: TerrainKind) -> bool {
        self.terrain_at(hex).any(|k| k == kind)
    }

    /// Every kind of terrain in a hex, from one look at the counters.
    pub fn kinds_at(&self, hex: Hex) -> Kinds {
        Kinds(self.terrain_at(hex).fold(0, |set, k| set | Kinds::bit(k)))
    }

    /// Talon rulebook 17.4.1: a ship sharing a hex with a nebula has every shield down.
    pub fn in_nebula(&self, ship: usize) -> bool {
        self.at[ship]
            .0
            .is_some_and(|h| self.has_terrain(h, TerrainKind::Nebula))
    }

    /// Every shield counts as down: a critical, or a nebula (8.5, 17.4.1).
    pub fn shields_off(&self, ship: usize) -> bool {
        self.state[ship].has(CriticalMarker::ShieldsDown) || self.in_nebula(ship)
    }

    /// Ships in play in a hex, by index.
    pub fn ships_in(&self, hex: Hex) -> impl Iterator<Item = usize> + '_ {
        (0..self.state.len()).filter(move |&i| self.state[i].in_play() && self.at[i].0 == Some(hex))
    }
}

/// A ship's state with nothing in it, for [`ShipState::reset`] to fill.
fn empty_ship_state<'a>() -> ShipState<'a> {
    ShipState {
        shields: [0; 4],
        reinforced: [None; 4],
        hull_lost: 0,
        destroyed: false,
        gone: None,
        markers: SmallVec::new(),
        power_relay: 0,
        turn_penalty: 0,
        ftl_offline: false,
        criticals: SmallVec::new(),
        fighters: Vec::new(),
        bars: PerUnit::default(),
        volleys: PerUnit::default(),
        battery: false,
        afterburners_used: 0,
    }
}

impl<'a> ShipState<'a> {
    /// Back to the scenario's start, keeping the lists' memory.
    fn reset(&mut self, def: &crate::parse::scenario::talon::ShipDef<'a>) {
        let groups = def.class.map_or(&[][..], |c| &c.weapon_group[..]);
        let units = def.fighters.len().max(1);
        let bar = |g: usize| {
            let full = groups
                .get(g)
                .map_or([0, 0], |group| [group.red, group.yellow]);
            def.charge
                .get(g)
                .copied()
                .unwrap_or(if def.charged.get(g).copied().unwrap_or(true) {
                    full
                } else {
                    [0, 0]
                })
        };
        self.bars.fill(units, groups.len(), bar);
        self.volleys
            .fill(units, groups.len(), |_| Volley::default());
        self.markers.clear();
        for (on, kind) in [
            (def.shields_down, CriticalMarker::ShieldsDown),
            (def.helm_down, CriticalMarker::HelmDown),
            (def.power_loss, CriticalMarker::PowerLoss),
        ] {
            if on {
                self.markers.push(Marker { kind, placed: None });
            }
        }
        self.reinforced = [None; 4];
        for (slot, (on, placed)) in self
            .reinforced
            .iter_mut()
            .zip(def.reinforced.iter().zip(def.reinforced_in))
        {
            if *on {
                *slot = Some(placed);
            }
        }
        self.shields = def.shields;
        self.hull_lost = def.hull_lost;
        self.destroyed = false;
        self.gone = None;
        self.power_relay = def.power_relay;
        self.turn_penalty = def.thrusters;
        self.ftl_offline = def.ftl_offline;
        self.criticals.clear();
        self.fighters.clone_from(&def.fighters);
        self.battery = def.battery;
        self.afterburners_used = def.afterburners_used;
    }
}

//! The engine's plain data: what a mission fixes before turn 1 ([`Prepared`], built once) and
//! what changes during the resolution ([`Engine`]: ship, crew, threats). Fixed-size arrays
//! and one threat vector allocated per run, so resolving is cheap enough to run in a loop.

use crate::cards::spacealert::{
    ActionA, ActionB, ActionC, FixWith, InternalKind, Special, StationId, Threat, ThreatKind, Tile,
    Trajectory, ZoneId,
};
use crate::parse::scenario::spacealert::{Action, Mission, Placement, TURNS};

pub const ZONES: [ZoneId; 3] = [ZoneId::Red, ZoneId::White, ZoneId::Blue];
pub const MAX_CREW: usize = 5;
pub const MAX_TILES: usize = 8;

/// A track as the engine reads it: spaces counted from the ship, 1 = Z.
#[derive(Debug, Clone, Copy)]
pub struct Track {
    pub length: u8,
    pub x: u8,
    pub y: [u8; 2],
    pub ny: u8,
    /// Last space of range bands 1 and 2 (band 3 is the rest).
    pub band_end: [u8; 2],
}

impl Track {
    pub fn from(t: &Trajectory) -> Track {
        let mut y = [0u8; 2];
        for (slot, &space) in y.iter_mut().zip(&t.y) {
            *slot = space;
        }
        let end = |i: usize| {
            t.range
                .get(i)
                .and_then(|b| b.get(1))
                .copied()
                .unwrap_or(t.length)
        };
        Track {
            length: t.length,
            x: t.x,
            y,
            ny: t.y.len().min(2) as u8,
            band_end: [end(0), end(1)],
        }
    }

    pub fn band(&self, pos: u8) -> u8 {
        if pos <= self.band_end[0] {
            1
        } else if pos <= self.band_end[1] {
            2
        } else {
            3
        }
    }

    pub fn is_y(&self, pos: u8) -> bool {
        self.y[..usize::from(self.ny)].contains(&pos)
    }
}

/// The ship's numbers, from `data/cards/spacealert/ship.toml`.
#[derive(Debug, Clone)]
pub struct ShipSpec {
    pub reactor_cap: [u8; 3],
    pub reactor_start: [u8; 3],
    pub shield_cap: [u8; 3],
    pub shield_start: [u8; 3],
    pub a: [ActionA; 6],
    pub b: [ActionB; 6],
    pub c: [ActionC; 6],
    /// Weapon strength by station (A) and range.
    pub strength: [u8; 6],
    pub range: [u8; 6],
    pub phases: [(u8, u8); 3],
    pub computer_checks: [u8; 3],
    pub vc_points: [[u8; MAX_CREW]; 3],
    pub start_station: StationId,
    pub fuel: u8,
    pub rockets: u8,
    pub rocket_range: u8,
    pub rocket_strength: u8,
    pub interceptor_range: u8,
    pub interceptor_single: u8,
    pub interceptor_each: u8,
    pub interceptor_behemoth: u8,
    pub heroic_bonus: u8,
    pub heroic_repair: u8,
    pub heroic_transfer: u8,
    pub tiles_per_zone: u8,
    pub knocked_out_penalty: u8,
    pub robots_penalty: u8,
    pub nuclear_repairers: u8,
    pub uprising_bonus: u8,
    pub overload_bonus: u8,
    pub last_turn: u8,
}

/// One threat of the mission, as fixed before the resolution. Threats act in the order of
/// [`Prepared::threats`]: by their numbered tokens, i.e. by the time of their announcement
/// (§3.1, §3.4), equal times in file order.
#[derive(Debug, Clone)]
pub struct ThreatSpec<'db> {
    pub card: &'db Threat,
    /// `None` for an internal threat.
    pub zone: Option<ZoneId>,
    pub turn: u8,
    pub unconfirmed: bool,
    pub track: Track,
}

impl ThreatSpec<'_> {
    pub fn external(&self) -> bool {
        self.card.kind == ThreatKind::External
    }
    pub fn has(&self, s: Special) -> bool {
        self.card.special.contains(&s)
    }
    pub fn malfunction(&self) -> bool {
        self.card.internal_kind == Some(InternalKind::Malfunction)
    }
}

/// Everything fixed before turn 1.
#[derive(Debug, Clone)]
pub struct Prepared<'db> {
    pub ship: ShipSpec,
    pub threats: Vec<ThreatSpec<'db>>,
    pub names: Vec<String>,
    pub androids: Vec<bool>,
    pub actions: Vec<[Action; TURNS]>,
    pub tiles: [[Tile; MAX_TILES]; 3],
    pub tiles_given: bool,
}

impl<'db> Prepared<'db> {
    /// Fix the mission's numbers. `seed` shuffles the damage tiles when the file gives no
    /// order; without either, the ship data's order is used.
    pub fn new(m: &Mission<'db>, seed: Option<u64>) -> Result<Prepared<'db>, String> {
        let cards = m.cards;
        let ship = cards.ship.as_ref().ok_or("no ship data")?;
        let zone = |z: ZoneId| {
            cards
                .zones
                .iter()
                .find(|f| f.id == z)
                .ok_or(format!("no data for zone {}", z.as_str()))
        };
        let mut spec = ShipSpec {
            reactor_cap: [0; 3],
            reactor_start: [0; 3],
            shield_cap: [0; 3],
            shield_start: [0; 3],
            a: [ActionA::HeavyLaser; 6],
            b: [ActionB::Shield; 6],
            c: [ActionC::Computer; 6],
            strength: [0; 6],
            range: [0; 6],
            phases: [(1, 3), (4, 7), (8, 12)],
            computer_checks: [0; 3],
            vc_points: [[0; MAX_CREW]; 3],
            start_station: ship.start_station,
            fuel: ship.fuel_capsules,
            rockets: ship.rockets,
            rocket_range: ship.rocket_range,
            rocket_strength: ship.rocket_strength,
            interceptor_range: ship.interceptor_range,
            interceptor_single: ship.interceptor_strength_single,
            interceptor_each: ship.interceptor_strength_each,
            interceptor_behemoth: ship.interceptor_strength_behemoth,
            heroic_bonus: ship.heroic_strength_bonus,
            heroic_repair: ship.heroic_repair,
            heroic_transfer: ship.heroic_transfer_bonus,
            tiles_per_zone: ship.damage_tiles_per_zone.min(MAX_TILES as u8),
            knocked_out_penalty: ship.knocked_out_penalty,
            robots_penalty: ship.disabled_robots_penalty,
            nuclear_repairers: ship.nuclear_repairers,
            uprising_bonus: ship.uprising_bonus,
            overload_bonus: ship.overload_bonus,
            last_turn: ship.last_turn.min(TURNS as u8),
        };
        for z in ZONES {
            let f = zone(z)?;
            let i = z.index();
            spec.reactor_cap[i] = f.reactor_capacity;
            spec.reactor_start[i] = f.reactor_start;
            spec.shield_cap[i] = f.shield_capacity;
            spec.shield_start[i] = f.shield_start;
        }
        for st in StationId::ALL {
            let f = cards
                .stations
                .iter()
                .find(|s| s.id == *st)
                .ok_or(format!("no data for station {}", st.as_str()))?;
            let i = st.index();
            spec.a[i] = f.a;
            spec.b[i] = f.b;
            spec.c[i] = f.c;
            if let Some(w) = cards.weapons.iter().find(|w| w.station == *st) {
                spec.strength[i] = w.strength;
                spec.range[i] = w.range;
            }
        }
        for (i, p) in ship.phases.iter().take(3).enumerate() {
            spec.phases[i] = (p[0], p[1]);
        }
        for (i, &t) in ship.computer_checks.iter().take(3).enumerate() {
            spec.computer_checks[i] = t;
        }
        for (i, row) in ship.visual_confirmation_points.iter().take(3).enumerate() {
            for (j, &v) in row.iter().take(MAX_CREW).enumerate() {
                spec.vc_points[i][j] = v;
            }
        }
        let mut tiles = [[Tile::Structure; MAX_TILES]; 3];
        let mut rng = seed.map(SplitMix::new);
        for z in ZONES {
            let mut order: Vec<Tile> = match &m.damage_tiles {
                Some(given) => given[z.index()].clone(),
                None => cards
                    .damage_tiles
                    .iter()
                    .find(|d| d.zone == z)
                    .map(|d| d.tiles.clone())
                    .unwrap_or_default(),
            };
            if m.damage_tiles.is_none()
                && let Some(rng) = rng.as_mut()
            {
                rng.shuffle(&mut order);
            }
            for (slot, t) in tiles[z.index()].iter_mut().zip(order) {
                *slot = t;
            }
        }
        let mut threats = Vec::with_capacity(m.threats.len());
        for t in &m.threats {
            let (zone, track) = match t.placement {
                Placement::External(z) => (Some(z), m.tracks[z.index()]),
                Placement::Internal => (None, m.internal_track.ok_or("no internal track")?),
            };
            threats.push(ThreatSpec {
                card: t.threat,
                zone,
                turn: t.turn,
                unconfirmed: t.unconfirmed,
                track: Track::from(track),
            });
        }
        Ok(Prepared {
            ship: spec,
            threats,
            names: m.crew.iter().map(|c| c.name.clone()).collect(),
            androids: m.crew.iter().map(|c| c.android).collect(),
            actions: m.crew.iter().map(|c| c.actions).collect(),
            tiles,
            tiles_given: m.damage_tiles.is_some(),
        })
    }
}

/// A small reproducible generator for `--seed` (no dependency for a shuffle of six tiles).
pub struct SplitMix(u64);

impl SplitMix {
    pub fn new(seed: u64) -> Self {
        SplitMix(seed)
    }
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = (self.next() % (i as u64 + 1)) as usize;
            items.swap(i, j);
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Robots {
    None,
    Active,
    Disabled,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stored {
    Present,
    /// Disabled where it lies (Slime, appendix 7.2).
    DisabledPresent,
    Taken,
}

#[derive(Debug, Clone, Copy)]
pub struct Crew {
    pub station: StationId,
    pub in_space: bool,
    pub robots: Robots,
    pub out: bool,
    pub actions: [Action; TURNS],
    /// The last slot already delayed (delays in one turn do not add up, appendix 7.2).
    pub delayed_slot: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Pending,
    Active,
    Destroyed,
    Survived,
    /// An unconfirmed report with fewer than five crew members.
    Absent,
}

#[derive(Debug, Clone, Copy)]
pub struct ThreatState {
    pub status: Status,
    pub pos: u8,
    pub damage: u8,
    pub hp: u8,
    pub speed: u8,
    pub shield_add: i8,
    pub shield_set: Option<i8>,
    pub visible: bool,
    pub cryo_lost: bool,
    pub passed: u8,
    /// Internal threats: stations holding one of its tokens (bit = station index).
    pub tokens: u8,
    /// Slime: the original's station, while the original is on the board.
    pub home: Option<StationId>,
    pub grown: bool,
    pub z_done: bool,
    pub incoming: u8,
    pub targeted: bool,
    pub pulse_hit: bool,
    pub rocket_hit: bool,
    pub hit_this_turn: bool,
    pub swarm_turns: u8,
    pub repairers: u8,
    pub repaired_at: u8,
    pub destroyed_turn: u8,
}

impl ThreatState {
    pub fn new() -> Self {
        ThreatState {
            status: Status::Pending,
            pos: 0,
            damage: 0,
            hp: 0,
            speed: 0,
            shield_add: 0,
            shield_set: None,
            visible: true,
            cryo_lost: false,
            passed: 0,
            tokens: 0,
            home: None,
            grown: false,
            z_done: false,
            incoming: 0,
            targeted: false,
            pulse_hit: false,
            rocket_hit: false,
            hit_this_turn: false,
            swarm_turns: 0,
            repairers: 0,
            repaired_at: 0,
            destroyed_turn: 0,
        }
    }

    pub fn active(&self) -> bool {
        self.status == Status::Active
    }

    pub fn at(&self, station: StationId) -> bool {
        self.tokens & (1 << station.index()) != 0
    }
}

/// Fixed facts of a station letter for repairs.
pub fn letter_of(action: Action) -> Option<FixWith> {
    match action {
        Action::A | Action::HeroicA => Some(FixWith::A),
        Action::B | Action::HeroicB => Some(FixWith::B),
        Action::C => Some(FixWith::C),
        _ => None,
    }
}

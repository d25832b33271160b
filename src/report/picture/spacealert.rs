//! The Space Alert ship after a turn (Space Alert rulebook §3): three zones of two decks,
//! reactors, shields and damage per zone, where each crew member is, and the four
//! trajectories with the threat tokens on them.

/// Zones left to right, as the board prints them.
pub const ZONES: [&str; 3] = ["red", "white", "blue"];

/// The ship and its trajectories after one turn.
#[derive(Debug, Clone, Default)]
pub struct ShipBoard {
    /// Red, white, blue.
    pub zones: [Zone; 3],
    pub crew: Vec<CrewMember>,
    /// The red, white and blue trajectories, then the internal one (when the mission has it).
    pub tracks: Vec<Track>,
    /// Internal threats with tokens in stations.
    pub internal: Vec<InternalThreat>,
    /// Rockets left in the rack.
    pub rockets: u8,
    /// A launched rocket: the space of its trajectory it is on (1 or 2).
    pub rocket_flying: Option<u8>,
    /// Why the ship was lost, once it is.
    pub lost: Option<String>,
}

/// One zone's numbers.
#[derive(Debug, Clone, Copy, Default)]
pub struct Zone {
    /// Energy in the reactor, and its capacity.
    pub reactor: (u8, u8),
    /// Energy in the shield, and its capacity.
    pub shield: (u8, u8),
    /// Damage tiles taken, and how many the zone has (one more destroys the ship).
    pub damage: (u8, u8),
}

/// Upper or lower deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deck {
    Upper,
    Lower,
}

impl Deck {
    pub fn as_str(self) -> &'static str {
        match self {
            Deck::Upper => "upper",
            Deck::Lower => "lower",
        }
    }
}

/// A station: a zone (0 red, 1 white, 2 blue) and a deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Station {
    pub zone: usize,
    pub deck: Deck,
}

/// Where a crew member is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    Station(Station),
    /// Out in the interceptors.
    Interceptors,
}

/// Battle bots a crew member leads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Robots {
    None,
    Active,
    Disabled,
}

#[derive(Debug, Clone)]
pub struct CrewMember {
    pub name: String,
    pub android: bool,
    pub place: Place,
    pub robots: Robots,
    pub knocked_out: bool,
}

/// A trajectory: spaces counted from the ship (1 is next to it), its X, Y and Z spaces, and
/// the threats on it.
#[derive(Debug, Clone, Default)]
pub struct Track {
    /// The zone it leads to (0 red, 1 white, 2 blue); `None`: the internal trajectory.
    pub zone: Option<usize>,
    /// The trajectory card's name (`T2`).
    pub name: String,
    pub length: u8,
    pub x: u8,
    pub y: Vec<u8>,
    pub z: u8,
    pub threats: Vec<ThreatToken>,
}

/// A threat token on a trajectory.
#[derive(Debug, Clone, Default)]
pub struct ThreatToken {
    /// The number on its token (the order threats act in).
    pub token: u8,
    pub name: String,
    /// Its space, counted from the ship.
    pub space: u8,
    /// Hit points left, and its hit points.
    pub health: (u8, u8),
}

/// An internal threat's tokens in the ship's stations.
#[derive(Debug, Clone)]
pub struct InternalThreat {
    pub token: u8,
    pub name: String,
    pub stations: Vec<Station>,
}

//! A Talon scenario file as written: its tables and their words.

use super::hex::HexInput;
use crate::cards::talon::{Arc, Side};
use schemars::JsonSchema;
use serde::Deserialize;
use toml::Spanned;

/// What a Talon scenario asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Impulse,
    Initiative,
    Damage,
    Fire,
    EnergyPhase,
    Round,
}

impl Kind {
    pub const ALL: [(Kind, &'static str); 6] = [
        (Kind::Impulse, "talon/impulse"),
        (Kind::Initiative, "talon/initiative"),
        (Kind::Damage, "talon/damage"),
        (Kind::Fire, "talon/fire"),
        (Kind::EnergyPhase, "talon/energy-phase"),
        (Kind::Round, "talon/round"),
    ];

    pub fn parse(kind: &str) -> Option<Kind> {
        Kind::ALL.iter().find(|(_, k)| *k == kind).map(|(k, _)| *k)
    }
}

/// The kinds of Talon scenario.
pub const KINDS: &[&str] = &[
    "talon/impulse",
    "talon/initiative",
    "talon/damage",
    "talon/fire",
    "talon/energy-phase",
    "talon/round",
];

/// Most dice a scenario may list (far more than any question needs).
pub const MAX_DICE: usize = 10_000;

/// A Talon scenario's own tables (the envelope is read by [`super::read`]).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    /// The ships.
    #[serde(default)]
    #[schemars(with = "Vec<Ship>")]
    pub ship: Vec<Spanned<Ship>>,
    /// `talon/initiative`: the side holding the initiative during the impulse.
    #[serde(default)]
    #[schemars(with = "Option<Side>")]
    pub holder: Option<Spanned<Side>>,
    /// `talon/initiative`: the side the chooser picks when the initiative changes.
    #[serde(default)]
    #[schemars(with = "Option<Side>")]
    pub chosen: Option<Spanned<Side>>,
    /// `talon/initiative`: change/defend markers placed this impulse.
    #[serde(default)]
    #[schemars(with = "Vec<Marker>")]
    pub marker: Vec<Spanned<Marker>>,
    /// `talon/damage`: hits in the order they land.
    #[serde(default)]
    #[schemars(with = "Vec<Hit>")]
    pub hit: Vec<Spanned<Hit>>,
    /// `talon/fire`: shots, one weapon each, in order.
    #[serde(default)]
    #[schemars(with = "Vec<Shot>")]
    pub shot: Vec<Spanned<Shot>>,
    /// d6 results used in order wherever the rules roll (critical damage takes two); when
    /// they run out, `--seed` rolls the rest.
    #[serde(default)]
    #[schemars(with = "Option<Vec<u8>>")]
    pub dice: Option<Spanned<Vec<u8>>>,
    /// `talon/energy-phase`: the round that ends (for the round track and FTL warm-up).
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    pub round: Option<Spanned<u32>>,
    /// `talon/energy-phase`: the side with the initiative (it goes first, seed 004 9.1).
    /// `talon/round`: the side holding it in impulse A.
    #[serde(default)]
    #[schemars(with = "Option<Side>")]
    pub initiative: Option<Spanned<Side>>,
    /// `talon/round`: power spent in an impulse (Talon rulebook 6.1).
    #[serde(default)]
    #[schemars(with = "Vec<Spend>")]
    pub spend: Vec<Spanned<Spend>>,
    /// `talon/round`: the map's size in hexes; with it, the map floats (Talon rulebook 7.5).
    #[serde(default)]
    pub map: Option<MapSize>,
}

/// One movement a ship makes when its speed says it must move (Talon rulebook 7.1–7.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Move {
    /// One hex forward (7.1).
    Straight,
    /// Turn one hex side left, then one hex forward (7.2).
    Left,
    /// Turn one hex side right, then one hex forward (7.2).
    Right,
    /// One hex forward-left, keeping the facing (7.3); needs a sideslip marker.
    SideslipLeft,
    /// One hex forward-right, keeping the facing (7.3); needs a sideslip marker.
    SideslipRight,
}

impl Move {
    pub fn as_str(self) -> &'static str {
        match self {
            Move::Straight => "straight",
            Move::Left => "left",
            Move::Right => "right",
            Move::SideslipLeft => "sideslip-left",
            Move::SideslipRight => "sideslip-right",
        }
    }
}

/// What a ship spends a point of power on (Talon rulebook 6.1), among those a round plays out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum SpendOn {
    /// A sideslip marker: the next move may be a sideslip (7.3.2).
    Sideslip,
    /// A Change Initiative marker (4.2).
    Change,
    /// A Defend Initiative marker (4.2).
    Defend,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Spend {
    #[schemars(with = "String")]
    pub ship: Spanned<String>,
    /// The impulse letter, `A` to `F`.
    #[schemars(with = "String")]
    pub impulse: Spanned<String>,
    pub on: SpendOn,
}

/// The map's size: columns and rows of hexes (`CCRR` labels run from 0101).
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MapSize {
    pub columns: u8,
    pub rows: u8,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ship {
    pub id: String,
    /// Class id (`terran-ca`) or name (`Terran CA`, `CA Terrano`).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub class: Option<Spanned<String>>,
    /// Without a class: the ship's side.
    #[serde(default)]
    #[schemars(with = "Option<Side>")]
    pub side: Option<Spanned<Side>>,
    /// The current power curve, `power-speed-turn` (default: the class's starting curve).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub curve: Option<Spanned<String>>,
    #[serde(default)]
    #[schemars(with = "Option<HexInput>")]
    pub hex: Option<Spanned<HexInput>>,
    /// Compass degrees of the hex side the ship faces: 30, 90, 150, 210, 270 or 330.
    #[serde(default)]
    #[schemars(with = "Option<i64>")]
    pub heading: Option<Spanned<i64>>,
    /// Shield boxes left per arc (default: the class's full shields).
    #[serde(default)]
    pub shields: Option<ShieldsLeft>,
    /// Hull boxes already crossed, from the left.
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    pub hull_boxes_lost: Option<Spanned<u32>>,
    /// Arcs with a shield reinforcement marker (Talon rulebook 6.2).
    #[serde(default)]
    #[schemars(with = "Vec<Arc>")]
    pub reinforced: Vec<Spanned<Arc>>,
    /// `talon/fire`: weapon groups (1-based) that are not fully charged.
    #[serde(default)]
    #[schemars(with = "Vec<u32>")]
    pub uncharged: Vec<Spanned<u32>>,
    /// `talon/energy-phase`: boxes already crossed on each group's charge bar, `[red, yellow]`.
    #[serde(default)]
    #[schemars(with = "Vec<[u8; 2]>")]
    pub charge: Vec<Spanned<[u8; 2]>>,
    /// `talon/energy-phase`: the speed the owner wants for the next round.
    #[serde(default)]
    #[schemars(with = "Option<u8>")]
    pub speed: Option<Spanned<u8>>,
    /// A "Power Loss" critical marker (Talon rulebook 8.5 result 11, 9.3).
    #[serde(default)]
    pub power_loss: bool,
    /// "Power Relay Damage" criticals taken (table result 8: power −1 each).
    #[serde(default)]
    pub power_relay: u8,
    /// `talon/round`: one move per impulse in which the ship must move, in order.
    #[serde(default)]
    #[schemars(with = "Vec<Move>")]
    pub moves: Vec<Spanned<Move>>,
    /// `talon/round`: hexes the ship must still move before it may turn (its turn radius
    /// marker, seed 004 7.2.2); default 0, free to turn.
    #[serde(default)]
    #[schemars(with = "Option<u8>")]
    pub turn_marker: Option<Spanned<u8>>,
}

#[derive(Debug, Clone, Copy, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ShieldsLeft {
    pub forward: Option<u8>,
    pub right: Option<u8>,
    pub rear: Option<u8>,
    pub left: Option<u8>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum MarkerKind {
    Change,
    Defend,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Marker {
    /// The ship that spent its power on the marker.
    #[schemars(with = "String")]
    pub ship: Spanned<String>,
    #[schemars(with = "Side")]
    pub side: Spanned<Side>,
    pub kind: MarkerKind,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Hit {
    #[schemars(with = "String")]
    pub ship: Spanned<String>,
    /// The shield arc hit.
    pub arc: Arc,
    #[schemars(with = "u32")]
    pub damage: Spanned<u32>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Shot {
    #[schemars(with = "String")]
    pub attacker: Spanned<String>,
    /// The weapon group, 1-based in the order of the class's card.
    #[schemars(with = "u32")]
    pub group: Spanned<u32>,
    #[schemars(with = "String")]
    pub target: Spanned<String>,
    /// The d6 rolled (default: the next of `dice`, else `--seed`; none: the shot is
    /// judged without a roll).
    #[serde(default)]
    #[schemars(with = "Option<u8>")]
    pub roll: Option<Spanned<u8>>,
    /// `talon/round`: the impulse letter, `A` to `F`; the shot is fired in its side's turn.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub impulse: Option<Spanned<String>>,
}

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
    /// `talon/energy-phase`: the side with the initiative (it goes first, Talon rulebook 9.1).
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
    /// Terrain counters: planets, asteroids, nebulae, black holes, wormholes (Talon rulebook
    /// 17–19).
    #[serde(default)]
    #[schemars(with = "Vec<Terrain>")]
    pub terrain: Vec<Spanned<Terrain>>,
    /// Missiles already in flight when the scenario starts (Talon rulebook 13.3–13.7).
    #[serde(default)]
    #[schemars(with = "Vec<MissileFile>")]
    pub missile: Vec<Spanned<MissileFile>>,
    /// `talon/round`: afterburners burnt to move in an impulse the ship would not (Talon
    /// rulebook 10.2).
    #[serde(default)]
    #[schemars(with = "Vec<Afterburn>")]
    pub afterburner: Vec<Spanned<Afterburn>>,
    /// `talon/round`: critical damage repair attempts at the end of a turn (Talon rulebook 8.7).
    #[serde(default)]
    #[schemars(with = "Vec<Repair>")]
    pub repair: Vec<Spanned<Repair>>,
    /// The scenario's rules call for docking at bases or landing on planets (Talon rulebook
    /// 16.1); fighters docking on a carrier or base need no such rule.
    #[serde(default)]
    pub docking: bool,
}

/// What a terrain counter is (Talon rulebook 17–19).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum TerrainKind {
    /// Destroys what enters it, blocks shots (17.2).
    Planet,
    /// 1 damage on entering, −1 to shots through it (17.3, 17.5).
    Asteroid,
    /// Shields down inside it, −1 to shots through it (17.4, 17.5).
    Nebula,
    /// Destroys what enters it, blocks shots, pulls every ship (18).
    BlackHole,
    /// A ship entering it leaves the battle (19).
    Wormhole,
}

impl TerrainKind {
    pub fn as_str(self) -> &'static str {
        match self {
            TerrainKind::Planet => "planet",
            TerrainKind::Asteroid => "asteroid",
            TerrainKind::Nebula => "nebula",
            TerrainKind::BlackHole => "black hole",
            TerrainKind::Wormhole => "wormhole",
        }
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Terrain {
    /// A name to dock or land at (default: the kind and its hex).
    #[serde(default)]
    pub id: Option<String>,
    pub kind: TerrainKind,
    #[schemars(with = "HexInput")]
    pub hex: Spanned<HexInput>,
}

/// A missile counter in flight (Talon rulebook 13.3–13.6).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MissileFile {
    pub id: String,
    /// The ship that launched it (its side moves it); or give `side`.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub launcher: Option<Spanned<String>>,
    /// Without a launcher: the side that moves it.
    #[serde(default)]
    #[schemars(with = "Option<Side>")]
    pub side: Option<Spanned<Side>>,
    /// The ship it was launched at (13.2).
    #[schemars(with = "String")]
    pub target: Spanned<String>,
    #[schemars(with = "HexInput")]
    pub hex: Spanned<HexInput>,
    /// The hex side it faces, compass degrees.
    #[schemars(with = "i64")]
    pub heading: Spanned<i64>,
    /// Turned to its damaged side (13.6).
    #[serde(default)]
    pub damaged: bool,
    /// `talon/round`: its move in each impulse, in order, where its owner chooses (13.4).
    #[serde(default)]
    #[schemars(with = "Vec<Move>")]
    pub moves: Vec<Spanned<Move>>,
}

/// A missile launched by a shot: where it is placed and how it flies (Talon rulebook 13.2).
#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Launch {
    /// Its counter's name (default `M1`, `M2`… in launch order).
    #[serde(default)]
    pub id: Option<String>,
    /// The hex next to the launcher, in the group's arc, where it is placed.
    #[serde(default)]
    #[schemars(with = "Option<HexInput>")]
    pub hex: Option<Spanned<HexInput>>,
    /// The hex side it faces, when the ruler to its target runs along an edge.
    #[serde(default)]
    #[schemars(with = "Option<i64>")]
    pub heading: Option<Spanned<i64>>,
    /// Its move in each later impulse, where its owner chooses (13.4).
    #[serde(default)]
    #[schemars(with = "Vec<Move>")]
    pub moves: Vec<Spanned<Move>>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Afterburn {
    #[schemars(with = "String")]
    pub ship: Spanned<String>,
    /// The impulse letter, `A` to `F`: one the ship does not move in.
    #[schemars(with = "String")]
    pub impulse: Spanned<String>,
    #[serde(rename = "move")]
    #[schemars(with = "Move")]
    pub movement: Spanned<Move>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Repair {
    #[schemars(with = "String")]
    pub ship: Spanned<String>,
    /// The impulse letter at the end of whose turn the owner tries (8.7).
    #[schemars(with = "String")]
    pub impulse: Spanned<String>,
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
    /// A shield reinforcement marker on `arc` (6.2); `remove` takes one off first.
    Reinforce,
    /// Brings the turn radius marker one hex nearer (6.1).
    Turn,
    /// Charges one yellow box of weapon group `group` (6.1, 8.1.2).
    Charge,
    /// Charges the battery (10.1.3).
    Battery,
    /// A carrier or base spends it on squadron `fighter`, for `use` (12.2.2).
    Fighter,
    /// Sends missile `missile` after `target` (13.7).
    Retarget,
}

impl SpendOn {
    pub fn as_str(self) -> &'static str {
        match self {
            SpendOn::Sideslip => "sideslip",
            SpendOn::Change => "change",
            SpendOn::Defend => "defend",
            SpendOn::Reinforce => "reinforce",
            SpendOn::Turn => "turn",
            SpendOn::Charge => "charge",
            SpendOn::Battery => "battery",
            SpendOn::Fighter => "fighter",
            SpendOn::Retarget => "retarget",
        }
    }
}

/// What a carrier's power does for a squadron (Talon rulebook 12.2.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum FighterUse {
    /// One yellow box of one fighter's weapon group.
    Charge,
    /// The squadron's turn radius marker one hex nearer.
    Turn,
    /// A sideslip marker for the squadron.
    Sideslip,
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
    /// `reinforce`: the shield arc.
    #[serde(default)]
    pub arc: Option<Arc>,
    /// `reinforce`: an arc whose marker the owner removes first (6.2.3).
    #[serde(default)]
    pub remove: Option<Arc>,
    /// `charge` (and `fighter` with `use = "charge"`): the weapon group, 1-based (default 1
    /// when the class has one).
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    pub group: Option<Spanned<u32>>,
    /// `fighter`: the squadron powered.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub fighter: Option<Spanned<String>>,
    /// `fighter`: what the power does for it.
    #[serde(default, rename = "use")]
    pub fighter_use: Option<FighterUse>,
    /// `retarget`: the missile sent after a new target.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub missile: Option<Spanned<String>>,
    /// `retarget`: the new target, an enemy ship.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub target: Option<Spanned<String>>,
}

/// The map's size: columns and rows of hexes (`CCRR` labels run from 0101).
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MapSize {
    pub columns: u8,
    pub rows: u8,
    /// `true`: the map extension is already in play, and `columns` × `rows` is both maps
    /// together. When the ships no longer fit, a ship six or more hexes from its nearest ship
    /// is forced to retreat (Talon rulebook 7.5.2).
    #[serde(default)]
    pub extension: bool,
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
    /// Arcs with a shield reinforcement marker (Talon rulebook 6.2): an arc, or `{ arc,
    /// impulse }` with the letter of the impulse it was placed in (it expires there, 6.2.3).
    #[serde(default)]
    #[schemars(with = "Vec<Reinforced>")]
    pub reinforced: Vec<Spanned<Reinforced>>,
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
    /// marker, Talon rulebook 7.2.2); default 0, free to turn.
    #[serde(default)]
    #[schemars(with = "Option<u8>")]
    pub turn_marker: Option<Spanned<u8>>,
    /// Its battery is charged (Talon rulebook 10.1.4: batteries start empty).
    #[serde(default)]
    pub battery: bool,
    /// Afterburners already burnt (Talon rulebook 10.2.2: each burns once).
    #[serde(default)]
    pub afterburners_used: u8,
    /// Critical "Shields Down until Repaired" (Talon rulebook 8.5).
    #[serde(default)]
    pub shields_down: bool,
    /// Critical "Helm Down until Repaired" (Talon rulebook 8.5).
    #[serde(default)]
    pub helm_down: bool,
    /// "Maneuvering Thrusters Damaged" criticals taken (turn radius +1 each, Talon rulebook 8.5).
    #[serde(default)]
    pub thrusters: u8,
    /// Critical "FTL Offline" (Talon rulebook 8.5): it cannot jump.
    #[serde(default)]
    pub ftl_offline: bool,
    /// A fighter squadron: hull boxes crossed on each fighter still flying (default: three
    /// unhurt fighters, Talon rulebook 12.1.1).
    #[serde(default)]
    #[schemars(with = "Option<Vec<u32>>")]
    pub fighters: Option<Spanned<Vec<u32>>>,
    /// `talon/round`: the owner jumps to FTL in this round's retreat phase (Talon rulebook
    /// 11.1.2).
    #[serde(default)]
    #[schemars(with = "bool", extend("default" = false))]
    pub retreat: Option<Spanned<bool>>,
    /// `talon/round`: the carrier, base or planet it docks or lands at, when its move enters
    /// that hex (Talon rulebook 16.2).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub dock: Option<Spanned<String>>,
    /// `talon/round`: the hex it is pulled into when a black hole's pull runs along an edge
    /// (Talon rulebook 18.2, the owner's choice).
    #[serde(default)]
    #[schemars(with = "Option<HexInput>")]
    pub pull: Option<Spanned<HexInput>>,
}

/// A shield reinforcement as a scenario writes it.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Reinforced {
    /// The arc; the impulse it was placed in is not known.
    Arc(Arc),
    /// The arc and the letter of the impulse it was placed in.
    Placed {
        arc: Arc,
        #[schemars(with = "String")]
        impulse: char,
    },
}

impl Reinforced {
    pub fn arc(self) -> Arc {
        match self {
            Reinforced::Arc(arc) | Reinforced::Placed { arc, .. } => arc,
        }
    }
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
    /// At a fighter squadron: which fighter, 1 to 3 (Talon rulebook 12.1.3).
    #[serde(default)]
    #[schemars(with = "Option<u8>")]
    pub fighter: Option<Spanned<u8>>,
    /// Wave Motion Gun: the hex the target is pushed into when the ruler runs along an edge
    /// (Talon rulebook 15.1.2, the firer's choice).
    #[serde(default)]
    #[schemars(with = "Option<HexInput>")]
    pub push: Option<Spanned<HexInput>>,
    /// A missile group: the missile launched (Talon rulebook 13.2).
    #[serde(default)]
    pub missile: Option<Launch>,
}

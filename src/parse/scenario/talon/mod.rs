//! Talon scenario files (seed 004). One set of tables serves every kind; each kind says
//! which it needs:
//! - `talon/impulse` (4.1): `[[ship]]` with a `class` and/or a `curve`.
//! - `talon/initiative` (4.2): `holder`, `[[marker]]`, optionally `chosen`.
//! - `talon/damage` (6.2, 8.4–8.6): `[[ship]]` with a `class` (and `hex`/`heading` for
//!   blast damage), `[[hit]]` in order, `dice` for critical and blast rolls.
//! - `talon/fire` (5.3, 8.1–8.3): `[[ship]]` with `class`, `hex` and `heading`; `[[shot]]`.
//! - `talon/energy-phase` (9.x): `[[ship]]` with `class`, its `curve`, damage, `charge` and
//!   the `speed` wanted.
//! - `talon/round` (3.2, 7.x, then the above): `initiative` (the holder in impulse A),
//!   `[[ship]]` with `class`, `hex`, `heading` and its planned `moves`, `[[shot]]` with the
//!   `impulse` it is fired in, `[[spend]]` for power spent on sideslips and initiative, and
//!   optionally the `map` size for the floating map (7.5).
//!
//! [`load`] checks the file against the Talon data compiled into the binary and resolves
//! every reference, so the engine never meets a name it does not know.

pub mod hex;
mod ship;

use super::ScenarioText;
use super::check::Check;
use crate::cards::talon::{Arc, PowerCurve, ShipClass, Side, TalonCards};
use crate::report::{Code, FileId, Finding};
pub use hex::{Heading, Hex, HexInput};
use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::HashMap;
use std::ops::Range;
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
    /// `talon/round`: power spent in an impulse (seed 004 6.1).
    #[serde(default)]
    #[schemars(with = "Vec<Spend>")]
    pub spend: Vec<Spanned<Spend>>,
    /// `talon/round`: the map's size in hexes; with it, the map floats (seed 004 7.5).
    #[serde(default)]
    pub map: Option<MapSize>,
}

/// One movement a ship makes when its speed says it must move (seed 004 7.1–7.3).
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

/// What a ship spends a point of power on (seed 004 6.1), among those a round plays out.
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
    /// Arcs with a shield reinforcement marker (seed 004 6.2).
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
    /// A "Power Loss" critical marker (seed 004 8.5 result 11, 9.3).
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

/// Read and check a Talon scenario of `kind`. `Err` holds every problem found.
pub fn load<'db>(
    scenario: &ScenarioText<'_>,
    kind: Kind,
    cards: &'db TalonCards,
) -> Result<Scenario<'db>, Vec<Finding>> {
    let file: ScenarioFile = scenario.body()?;
    let mut check = scenario.check();
    let ids = check.ids(&file.ship, |s| &s.id, "ship");
    let ships: Vec<ShipDef<'db>> = file
        .ship
        .iter()
        .map(|s| ship::ship(&mut check, cards, s.get_ref(), s.span(), kind))
        .collect();
    let needs_ships = matches!(
        kind,
        Kind::Impulse | Kind::Damage | Kind::Fire | Kind::EnergyPhase | Kind::Round
    );
    if needs_ships && file.ship.is_empty() {
        check.missing(
            "the scenario has no [[ship]]",
            "add a [[ship]] table per ship, with its `id` and `class`",
        );
    }
    let holder = file.holder.as_ref().map(|h| *h.get_ref());
    if kind == Kind::Initiative && holder.is_none() {
        check.missing(
            "an initiative scenario needs `holder`, the side with the initiative",
            "add `holder = \"talon\"` or `holder = \"terran\"`",
        );
    }
    let markers = markers(&mut check, &file.marker);
    let hits: Vec<HitDef> = file
        .hit
        .iter()
        .map(|h| {
            let hit = h.get_ref();
            HitDef {
                ship: check.lookup(&ids, &hit.ship, "ship", Code::ScenarioUnknownShip),
                arc: hit.arc,
                damage: *hit.damage.get_ref(),
                span: h.span(),
            }
        })
        .collect();
    if kind == Kind::Damage && hits.is_empty() {
        check.missing(
            "a damage scenario needs at least one [[hit]]",
            "add [[hit]] tables with `ship`, `arc` and `damage`, in the order they land",
        );
    }
    let shots = shots(&mut check, &file.shot, &ids, &ships, kind);
    if kind == Kind::Fire && shots.is_empty() {
        check.missing(
            "a fire scenario needs at least one [[shot]]",
            "add [[shot]] tables with `attacker`, `group` and `target`",
        );
    }
    let (dice, dice_span) = match &file.dice {
        Some(d) => (d.get_ref().clone(), d.span()),
        None => (Vec::new(), 0..0),
    };
    if dice.len() > MAX_DICE || dice.iter().any(|&d| !(1..=6).contains(&d)) {
        check.error(
            Code::ScenarioInvalidValue,
            dice_span.clone(),
            format!("`dice` holds a value that no d6 shows (or more than {MAX_DICE} dice)"),
            "not d6 results",
            "list results from 1 to 6".into(),
        );
    }
    let spends = file
        .spend
        .iter()
        .map(|s| {
            let spend = s.get_ref();
            SpendDef {
                ship: check.lookup(&ids, &spend.ship, "ship", Code::ScenarioUnknownShip),
                impulse: impulse_letter(&mut check, &spend.impulse).unwrap_or(0),
                on: spend.on,
                span: s.span(),
            }
        })
        .collect();
    if kind == Kind::Round {
        round_checks(&mut check, &file, &ships);
    }
    let sc = Scenario {
        file: check.file,
        cards,
        kind,
        max_steps: scenario.envelope.max_steps,
        ships,
        holder,
        chosen: file.chosen.as_ref().map(|c| (*c.get_ref(), c.span())),
        markers,
        hits,
        shots,
        dice,
        dice_span,
        round: file.round.as_ref().map(|r| *r.get_ref()),
        initiative: file.initiative.as_ref().map(|s| *s.get_ref()),
        spends,
        map: file.map.map(|m| (i32::from(m.columns), i32::from(m.rows))),
    };
    check.finish(sc)
}

/// `"A"` … `"F"` as 0 … 5.
fn impulse_letter(check: &mut Check<'_>, letter: &Spanned<String>) -> Option<usize> {
    let index = ["A", "B", "C", "D", "E", "F"]
        .iter()
        .position(|l| l.eq_ignore_ascii_case(letter.get_ref().trim()));
    if index.is_none() {
        check.error(
            Code::ScenarioInvalidValue,
            letter.span(),
            format!("`{}` is no impulse", letter.get_ref()),
            "not A to F",
            "a round has six impulses, A to F (seed 004 3.1)".into(),
        );
    }
    index
}

/// What a whole round needs beyond the per-ship checks.
fn round_checks(check: &mut Check<'_>, file: &ScenarioFile, ships: &[ShipDef]) {
    if file.initiative.is_none() {
        check.missing(
            "a round needs `initiative`, the side holding it in impulse A",
            "add `initiative = \"terran\"` or `initiative = \"talon\"` (seed 004 4.2)",
        );
    }
    if let Some(map) = file.map
        && (map.columns == 0 || map.rows == 0)
    {
        let at = check.key_span("map", 0..check.text.len());
        check.error(
            Code::ScenarioInvalidValue,
            at,
            "the map has no hexes".into(),
            "empty map",
            "give its `columns` and `rows` (at least 1 each), or leave `map` out".into(),
        );
    }
    // Seed 004 7.4: ships of one race never start stacked (fighters and bases excepted,
    // as they are from collision damage).
    for (i, a) in ships.iter().enumerate() {
        for b in ships.iter().skip(i + 1) {
            let exempt = |s: &ShipDef| s.class.is_some_and(|c| c.is_base() || c.is_fighter());
            if a.hex.is_some() && a.hex == b.hex && a.side == b.side && !exempt(a) && !exempt(b) {
                check.error(
                    Code::ScenarioIllegalChoice,
                    b.span.clone(),
                    format!("`{}` starts in the same hex as `{}`, a ship of its side", b.id, a.id),
                    "stacked at the start",
                    "ships of one race never start a scenario stacked in one hex (seed 004 7.4): move one".into(),
                );
            }
        }
    }
    for (s, def) in file.ship.iter().zip(ships) {
        if def.class.is_some_and(|c| c.is_base()) && !s.get_ref().moves.is_empty() {
            check.error(
                Code::ScenarioIllegalChoice,
                def.span.clone(),
                format!("`{}` is a base: it rotates, it does not move", def.id),
                "moves for a base",
                "leave `moves` out: a base turns one hex side clockwise in each impulse it would move (seed 004 14)".into(),
            );
        }
    }
}

fn markers(check: &mut Check<'_>, markers: &[Spanned<Marker>]) -> Vec<MarkerDef> {
    let mut seen: HashMap<&str, ()> = HashMap::new();
    let mut out = Vec::new();
    for m in markers {
        let marker = m.get_ref();
        if seen.insert(marker.ship.get_ref(), ()).is_some() {
            check.error(
                Code::ScenarioIllegalChoice,
                marker.ship.span(),
                format!("`{}` places a second initiative marker", marker.ship.get_ref()),
                "second marker",
                "a ship spends at most one power a impulse (seed 004 5.1), so it places one marker at most".into(),
            );
        }
        out.push(MarkerDef {
            ship: marker.ship.get_ref().clone(),
            side: *marker.side.get_ref(),
            kind: marker.kind,
        });
    }
    out
}

fn shots(
    check: &mut Check<'_>,
    shots: &[Spanned<Shot>],
    ids: &HashMap<String, usize>,
    ships: &[ShipDef],
    kind: Kind,
) -> Vec<ShotDef> {
    let mut out = Vec::new();
    for s in shots {
        let shot = s.get_ref();
        let attacker = check.lookup(ids, &shot.attacker, "ship", Code::ScenarioUnknownShip);
        let target = check.lookup(ids, &shot.target, "ship", Code::ScenarioUnknownShip);
        let groups = ships
            .get(attacker)
            .and_then(|a| a.class)
            .map_or(0, |c| c.weapon_group.len());
        let group = usize::try_from(*shot.group.get_ref())
            .ok()
            .and_then(|g| g.checked_sub(1))
            .filter(|&g| g < groups);
        if ships.get(attacker).is_some_and(|a| a.class.is_some()) && group.is_none() {
            check.error(
                Code::ScenarioUnknownReference,
                shot.group.span(),
                format!(
                    "`{}` has no weapon group {}",
                    shot.attacker.get_ref(),
                    shot.group.get_ref()
                ),
                "no such group",
                format!(
                    "its class has {groups} weapon group(s), numbered from 1 in the card's order"
                ),
            );
        }
        let roll = shot.roll.as_ref().and_then(|r| {
            if (1..=6).contains(r.get_ref()) {
                Some(*r.get_ref())
            } else {
                check.error(
                    Code::ScenarioInvalidValue,
                    r.span(),
                    format!("a d6 does not show {}", r.get_ref()),
                    "not a d6 result",
                    "rolls are 1 to 6".into(),
                );
                None
            }
        });
        let impulse = shot
            .impulse
            .as_ref()
            .and_then(|letter| impulse_letter(check, letter));
        if kind == Kind::Round && shot.impulse.is_none() {
            check.error(
                Code::ScenarioMissingField,
                shot.attacker.span(),
                "in a round, a shot says in which impulse it is fired".into(),
                "which impulse?",
                "add `impulse = \"C\"` (A to F): the shot comes after its side's moves in that impulse (seed 004 3.2)".into(),
            );
        }
        out.push(ShotDef {
            attacker,
            group: group.unwrap_or(usize::MAX),
            target,
            roll,
            span: shot.attacker.span(),
            impulse,
        });
    }
    out
}

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

use super::ScenarioText;
use super::check::Check;
use crate::cards::talon::{Arc, PowerCurve, ShipClass, Side, TalonCards};
use crate::report::{Code, FileId, Finding};
use crate::text::did_you_mean;
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
pub struct Scenario {
    pub file: FileId,
    pub kind: Kind,
    pub max_steps: u32,
    pub ships: Vec<ShipDef>,
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
pub struct ShipDef {
    pub id: String,
    pub class: Option<&'static ShipClass>,
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
pub fn load(scenario: &ScenarioText<'_>, kind: Kind) -> Result<Scenario, Vec<Finding>> {
    let file: ScenarioFile = scenario.body()?;
    let cards = TalonCards::builtin();
    let mut check = scenario.check();
    let ids = check.ids(&file.ship, |s| &s.id, "ship");
    let ships: Vec<ShipDef> = file
        .ship
        .iter()
        .map(|s| ship(&mut check, cards, s.get_ref(), s.span(), kind))
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

fn ship(
    check: &mut Check<'_>,
    cards: &'static TalonCards,
    s: &Ship,
    span: Range<usize>,
    kind: Kind,
) -> ShipDef {
    let id_span = check.key_span(&format!("\"{}\"", s.id), span.end..span.end);
    let id_span = if id_span.start < span.start {
        span.clone()
    } else {
        id_span
    };
    let class = s.class.as_ref().and_then(|c| {
        let found = cards
            .class(c.get_ref())
            .or_else(|| cards.find_class(c.get_ref(), None));
        if found.is_none() {
            let names: Vec<String> = cards
                .classes
                .iter()
                .flat_map(|c| [c.id.clone(), c.name.clone()])
                .collect();
            check.error(
                Code::ScenarioUnknownReference,
                c.span(),
                format!("`{}` is no Talon ship class", c.get_ref()),
                "unknown class",
                did_you_mean(
                    c.get_ref(),
                    names.iter().map(String::as_str),
                    "name a class by id (`terran-ca`) or with its side (`Terran CA`, `CA Talon`)",
                ),
            );
        }
        found.map(|f| &f.value)
    });
    let needs_class = matches!(
        kind,
        Kind::Damage | Kind::Fire | Kind::EnergyPhase | Kind::Round
    );
    if needs_class && class.is_none() && s.class.is_none() {
        check.error(
            Code::ScenarioMissingField,
            id_span.clone(),
            format!("ship `{}` has no `class`", s.id),
            "this ship",
            "its shields, hull and weapons come from its class: add `class = \"Terran CA\"` (or another)".into(),
        );
    }
    if kind == Kind::Impulse && s.class.is_none() && s.curve.is_none() {
        check.error(
            Code::ScenarioMissingField,
            id_span.clone(),
            format!("ship `{}` has neither `class` nor `curve`", s.id),
            "this ship",
            "give its power curve (`curve = \"2-4-1\"`) or its class (its starting curve is used)"
                .into(),
        );
    }
    let curve = match &s.curve {
        Some(text) => match PowerCurve::parse(text.get_ref()) {
            None => {
                check.error(
                    Code::ScenarioInvalidValue,
                    text.span(),
                    format!("`{}` is no power curve", text.get_ref()),
                    "not power-speed-turn",
                    "write the three numbers of the counter, e.g. `3-3-2` (seed 004 5.4.1)".into(),
                );
                None
            }
            Some(curve) if curve.power > 6 || curve.speed > 6 => {
                check.error(
                    Code::ScenarioInvalidValue,
                    text.span(),
                    format!("curve `{curve}` goes past 6"),
                    "not on the impulse chart",
                    "power and speed are 0 to 6 (seed 004 4.1, 5.1)".into(),
                );
                None
            }
            Some(curve) => {
                if let Some(class) = class
                    && !class.curves.contains(&curve)
                {
                    let curves: Vec<String> =
                        class.curves.iter().map(|c| format!("`{c}`")).collect();
                    check.error(
                        Code::ScenarioIllegalChoice,
                        text.span(),
                        format!("the {} has no curve {curve}", class.name),
                        "not on its card",
                        format!("its curves are {}", curves.join(", ")),
                    );
                }
                Some(curve)
            }
        },
        None => class.map(|c| c.default_curve),
    };
    let hex = s.hex.as_ref().and_then(|h| {
        let hex = h.get_ref().hex();
        if hex.is_none() {
            check.error(
                Code::ScenarioInvalidValue,
                h.span(),
                "not a hex of the map".into(),
                "not CCRR or [q, r]",
                "write `\"0512\"` (column 05, row 12) or axial `[q, r]`".into(),
            );
        }
        hex
    });
    let heading = s.heading.as_ref().and_then(|h| {
        let heading = Heading::from_degrees(*h.get_ref());
        if heading.is_none() {
            check.error(
                Code::ScenarioInvalidValue,
                h.span(),
                format!("heading {} is out of range", h.get_ref()),
                "no hex side",
                "a ship faces a hex side: 30, 90, 150, 210, 270 or 330 (compass degrees)".into(),
            );
        }
        heading
    });
    if matches!(kind, Kind::Fire | Kind::Round)
        && class.is_some()
        && (s.hex.is_none() || s.heading.is_none())
    {
        check.error(
            Code::ScenarioMissingField,
            id_span.clone(),
            format!(
                "ship `{}` needs `hex` and `heading` to {}fire or be fired at",
                s.id,
                if kind == Kind::Round { "move, " } else { "" }
            ),
            "this ship",
            "arcs and range come from where ships are: add `hex = \"0505\"` and `heading = 90`"
                .into(),
        );
    }
    let full = class.map_or([0; 4], |c| c.shields.as_array());
    let given = s.shields.unwrap_or_default();
    let shields = [
        given.forward.unwrap_or(full[0]),
        given.right.unwrap_or(full[1]),
        given.rear.unwrap_or(full[2]),
        given.left.unwrap_or(full[3]),
    ];
    if let Some(class) = class
        && shields.iter().zip(full).any(|(now, max)| *now > max)
    {
        let at = check.key_span("shields", span.end..span.end);
        check.error(
            Code::ScenarioContradiction,
            at,
            format!("ship `{}` has more shield boxes than its class", s.id),
            "above the card",
            format!(
                "the {} has forward {}, right {}, rear {}, left {}",
                class.name, full[0], full[1], full[2], full[3]
            ),
        );
    }
    let hull_lost = s.hull_boxes_lost.as_ref().map_or(0, |h| *h.get_ref());
    if let (Some(class), Some(lost)) = (class, &s.hull_boxes_lost)
        && *lost.get_ref() as usize >= class.hull_boxes.len()
    {
        check.error(
            Code::ScenarioContradiction,
            lost.span(),
            format!(
                "the {} has {} hull boxes; with {} crossed it is already destroyed",
                class.name,
                class.hull_boxes.len(),
                lost.get_ref()
            ),
            "no hull left",
            "a ship is gone once its last hull box is crossed (seed 004 8.6.1): give fewer".into(),
        );
    }
    let mut reinforced = [false; 4];
    for arc in &s.reinforced {
        let index = arc.get_ref().index();
        if reinforced.get(index).copied().unwrap_or(false) {
            check.error(
                Code::ScenarioIllegalChoice,
                arc.span(),
                format!("the {} arc is reinforced twice", arc.get_ref().as_str()),
                "second reinforcement",
                "each shield arc has at most one reinforcement (seed 004 6.2.2)".into(),
            );
        }
        if let Some(slot) = reinforced.get_mut(index) {
            *slot = true;
        }
    }
    let groups = class.map_or(0, |c| c.weapon_group.len());
    let mut charged = vec![true; groups];
    for g in &s.uncharged {
        match usize::try_from(*g.get_ref())
            .ok()
            .and_then(|g| g.checked_sub(1))
            .filter(|&g| g < groups)
        {
            Some(index) => {
                if let Some(slot) = charged.get_mut(index) {
                    *slot = false;
                }
            }
            None => check.error(
                Code::ScenarioInvalidValue,
                g.span(),
                format!("ship `{}` has no weapon group {}", s.id, g.get_ref()),
                "no such group",
                format!("its class has {groups} weapon group(s), numbered from 1"),
            ),
        }
    }
    let mut charge = Vec::new();
    if !s.charge.is_empty() {
        if s.charge.len() != groups {
            let at = check.key_span("charge", span.end..span.end);
            check.error(
                Code::ScenarioContradiction,
                at,
                format!(
                    "ship `{}` gives {} charge bars for {groups} weapon groups",
                    s.id,
                    s.charge.len()
                ),
                "one `[red, yellow]` per group",
                "list the crossed boxes of every weapon group, in the card's order".into(),
            );
        }
        for (bar, group) in s
            .charge
            .iter()
            .zip(class.map_or(&[][..], |c| &c.weapon_group[..]))
        {
            let [red, yellow] = *bar.get_ref();
            if red > group.red || yellow > group.yellow {
                check.error(
                    Code::ScenarioContradiction,
                    bar.span(),
                    format!(
                        "the {} bar has {} red and {} yellow boxes",
                        group.weapon, group.red, group.yellow
                    ),
                    "more than the bar holds",
                    "give the boxes already crossed, at most the bar's".into(),
                );
            }
            charge.push([red, yellow]);
        }
    }
    if kind == Kind::Round {
        // A round fires only groups whose bar is full (seed 004 8.1).
        for ((ready, bar), group) in charged
            .iter_mut()
            .zip(&charge)
            .zip(class.map_or(&[][..], |c| &c.weapon_group[..]))
        {
            *ready &= *bar == [group.red, group.yellow];
        }
    }
    let side = class
        .map(|c| c.side)
        .or(s.side.as_ref().map(|s| *s.get_ref()));
    if let (Some(class), Some(given)) = (class, &s.side)
        && class.side != *given.get_ref()
    {
        check.error(
            Code::ScenarioContradiction,
            given.span(),
            format!("the {} is a {} class", class.name, class.side.title()),
            "other side",
            "leave `side` out: the class says it".into(),
        );
    }
    ShipDef {
        id: s.id.clone(),
        class,
        side,
        curve,
        hex,
        heading,
        shields,
        hull_lost,
        reinforced,
        charged,
        charge,
        speed: s.speed.as_ref().map(|v| (*v.get_ref(), v.span())),
        power_loss: s.power_loss,
        power_relay: s.power_relay,
        moves: s.moves.iter().map(|m| (*m.get_ref(), m.span())).collect(),
        turn_marker: s.turn_marker.as_ref().map_or(0, |t| *t.get_ref()),
        span: match s.moves.first() {
            Some(first) => check.key_span("moves", first.span()),
            None => id_span,
        },
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

//! X-Wing scenario files: `xwing/queue` (an event triggers abilities; resolve them through
//! the ability queue) and `xwing/round` (the order of play of one round). The TOML model
//! (its JSON Schema is part of `arbiter schema scenario`) and the checks that turn it into a
//! [`Scenario`] whose every reference is resolved.

pub mod card;
mod cost;
mod requirement;
mod statement;
mod timing;
pub mod words;

use super::ScenarioText;
use super::check::{Check, sorted_keys};
use super::words::Word;
use crate::report::{Code, FileId, Finding};
use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};
use std::ops::Range;
use toml::Spanned;
use words::{Cost, Grammar, Req, Stmt, Timing, Token};

/// What an X-Wing scenario asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// An event triggers abilities; resolve them through the ability queue.
    Queue,
    /// The order of play of one round.
    Round,
}

impl Kind {
    pub const ALL: [(Kind, &'static str); 2] =
        [(Kind::Queue, "xwing/queue"), (Kind::Round, "xwing/round")];

    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Queue => "xwing/queue",
            Kind::Round => "xwing/round",
        }
    }

    pub fn parse(kind: &str) -> Option<Kind> {
        Kind::ALL.iter().find(|(_, k)| *k == kind).map(|(k, _)| *k)
    }
}

/// The kinds of X-Wing scenario.
pub const KINDS: &[&str] = &["xwing/queue", "xwing/round"];

/// An X-Wing scenario's own tables (the envelope is read by [`super::read`]).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    /// Players in player order: the first one is the first player.
    #[serde(default)]
    #[schemars(with = "Vec<Player>")]
    pub player: Vec<Spanned<Player>>,
    /// The ships.
    #[serde(default)]
    #[schemars(with = "Vec<Ship>")]
    pub ship: Vec<Spanned<Ship>>,
    /// Abilities in play (`xwing/queue`).
    #[serde(default)]
    #[schemars(with = "Vec<Ability>")]
    pub ability: Vec<Spanned<Ability>>,
    /// The events that happen, in order (`xwing/queue`): `<ship> <verb> …` or
    /// `start <phase>`.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub event: Vec<Spanned<String>>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Player {
    pub id: String,
    #[serde(default)]
    pub name: Option<String>,
    /// The order this player chooses for simultaneous things: ability ids (xwing/queue) or
    /// ship ids with the same initiative (xwing/round).
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub order: Vec<Spanned<String>>,
}

/// Tokens on a ship, by kind.
#[derive(Debug, Default, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Tokens {
    #[serde(default)]
    pub calculate: u32,
    #[serde(default)]
    pub cloak: u32,
    #[serde(default)]
    pub deplete: u32,
    #[serde(default)]
    pub disarm: u32,
    #[serde(default)]
    pub evade: u32,
    #[serde(default)]
    pub focus: u32,
    #[serde(default)]
    pub ion: u32,
    #[serde(default)]
    pub jam: u32,
    #[serde(default)]
    pub reinforce: u32,
    #[serde(default)]
    pub strain: u32,
    #[serde(default)]
    pub stress: u32,
    #[serde(default)]
    pub tractor: u32,
}

impl Tokens {
    pub fn count(&self, token: Token) -> u32 {
        match token {
            Token::Calculate => self.calculate,
            Token::Cloak => self.cloak,
            Token::Deplete => self.deplete,
            Token::Disarm => self.disarm,
            Token::Evade => self.evade,
            Token::Focus => self.focus,
            Token::Ion => self.ion,
            Token::Jam => self.jam,
            Token::Reinforce => self.reinforce,
            Token::Strain => self.strain,
            Token::Stress => self.stress,
            Token::Tractor => self.tractor,
        }
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ship {
    pub id: String,
    /// Shown in traces; the id when absent.
    #[serde(default)]
    pub name: Option<String>,
    /// The player id.
    #[schemars(with = "String")]
    pub owner: Spanned<String>,
    #[serde(default)]
    pub initiative: Option<u8>,
    #[serde(default)]
    pub hull: Option<u32>,
    #[serde(default)]
    pub shields: u32,
    #[serde(default)]
    pub damage: u32,
    #[serde(default)]
    pub force: u32,
    #[serde(default)]
    pub tokens: Tokens,
    /// Range band to other ships: `range = { kyle = 1 }`. Ranges are symmetric.
    #[serde(default)]
    #[schemars(with = "BTreeMap<String, u8>")]
    pub range: BTreeMap<String, Spanned<u8>>,
    /// Ships inside this ship's firing arc.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub arc: Vec<Spanned<String>>,
    /// Ships inside this ship's bullseye arc.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub bullseye: Vec<Spanned<String>>,
    /// xwing/round: the ship is destroyed during the Engagement phase while ships of this
    /// initiative engage.
    #[serde(default)]
    #[schemars(with = "Option<u8>")]
    pub destroyed_at: Option<Spanned<u8>>,
}

/// Which card text an ability comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Part {
    Pilot,
    Ship,
    #[default]
    Upgrade,
    Damage,
    Condition,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ability {
    pub id: String,
    /// The ship that has the ability.
    #[schemars(with = "String")]
    pub ship: Spanned<String>,
    /// The card's name.
    pub card: String,
    /// pilot, ship, upgrade (default), damage or condition ability.
    #[serde(default)]
    pub part: Part,
    /// When it applies: `after self perform boost|barrel-roll`, `start engagement`,
    /// `after enemy execute`, `would self gain jam|ion`, `constant`, `while modify-attack`.
    #[schemars(with = "String")]
    pub timing: Spanned<String>,
    /// The player may decline it when it resolves.
    #[serde(default)]
    pub optional: bool,
    /// Conditions ("if …"), checked when it would enter the queue and when it resolves.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub requires: Vec<Spanned<String>>,
    /// Costs, paid all together when it resolves.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub cost: Vec<Spanned<String>>,
    /// What it does, as game events in order.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub effect: Vec<Spanned<String>>,
    /// Active charges on the card.
    #[serde(default)]
    pub charges: u32,
    /// For each time it resolves: whether the player uses it (optional abilities).
    #[serde(default, rename = "use")]
    pub use_: Vec<bool>,
    /// For each time it resolves: the ship chosen, or `none`.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub choose: Vec<Spanned<String>>,
    /// For each time it resolves: the action picked from alternatives (`boost|barrel-roll`).
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub pick: Vec<Spanned<String>>,
}

// ---------------------------------------------------------------------------------------
// The checked scenario the engines work on.

#[derive(Debug, Clone)]
pub struct Scenario {
    pub file: FileId,
    pub kind: Kind,
    pub max_steps: u32,
    pub players: Vec<PlayerDef>,
    pub ships: Vec<ShipDef>,
    pub abilities: Vec<AbilityDef>,
    pub events: Vec<(Stmt, Range<usize>)>,
}

#[derive(Debug, Clone)]
pub struct PlayerDef {
    pub id: String,
    pub name: String,
    /// Indices into abilities (xwing/queue) or ships (xwing/round).
    pub order: Vec<usize>,
}

#[derive(Debug, Clone)]
pub struct ShipDef {
    pub id: String,
    pub name: String,
    pub owner: usize,
    pub initiative: Option<u8>,
    pub hull: Option<u32>,
    pub shields: u32,
    pub damage: u32,
    pub force: u32,
    pub tokens: Tokens,
    pub range: HashMap<usize, u8>,
    pub arc: Vec<usize>,
    pub bullseye: Vec<usize>,
    pub destroyed_at: Option<(u8, Range<usize>)>,
    pub span: Range<usize>,
}

/// Where an ability of a checked scenario comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// An `[[ability]]` table of the scenario.
    Scenario,
    /// The card's timing facts, derived from its text by the importer.
    Derived,
    /// The card's timing facts, checked by hand.
    Checked,
}

#[derive(Debug, Clone)]
pub struct AbilityDef {
    pub id: String,
    pub origin: Origin,
    /// The facts say everything the card does (always for scenario abilities).
    pub complete: bool,
    pub ship: usize,
    pub card: String,
    pub part: Part,
    pub timing: Timing,
    pub timing_span: Range<usize>,
    pub optional: bool,
    pub requires: Vec<Req>,
    pub costs: Vec<Cost>,
    pub effects: Vec<Stmt>,
    pub charges: u32,
    pub use_: Vec<bool>,
    /// `None` = the player chooses no ship.
    pub choose: Vec<(Option<usize>, Range<usize>)>,
    pub pick: Vec<(words::Action, Range<usize>)>,
}

/// Read and check an X-Wing scenario of `kind`. `Err` holds every problem found.
pub fn load(scenario: &ScenarioText<'_>, kind: Kind) -> Result<Scenario, Vec<Finding>> {
    let file: ScenarioFile = scenario.body()?;
    let mut check = scenario.check();
    if file.player.is_empty() {
        check.missing(
            "a scenario needs at least one [[player]]",
            "add [[player]] tables in player order, first player first",
        );
    }
    let players = check.ids(&file.player, |p| &p.id, "player");
    let ships_map = check.ids(&file.ship, |s| &s.id, "ship");
    let abilities_map = check.ids(&file.ability, |a| &a.id, "ability");
    if kind == Kind::Round {
        refuse_queue_tables(&mut check, &file, kind);
    }
    let order_map = match kind {
        Kind::Queue => (&abilities_map, "ability"),
        Kind::Round => (&ships_map, "ship"),
    };
    let player_defs: Vec<PlayerDef> = file
        .player
        .iter()
        .map(|p| player_def(&mut check, p.get_ref(), order_map))
        .collect();
    let mut ship_defs: Vec<ShipDef> = file
        .ship
        .iter()
        .map(|s| ship_def(&mut check, s, kind, &players, &ships_map))
        .collect();
    agree_ranges(&mut check, &file.ship, &ships_map, &mut ship_defs);

    let lookup_ship = |id: &str| ships_map.get(id).copied();
    let grammar = Grammar {
        file: check.file,
        ships: &lookup_ship,
    };
    let ability_defs = file
        .ability
        .iter()
        .filter_map(|a| ability_def(&mut check, &grammar, a.get_ref(), &ships_map))
        .collect();
    let events = parsed(&mut check, &file.event, |words, span| {
        grammar
            .statement(words, span.clone(), true)
            .map(|stmt| (stmt, span))
    });
    if kind == Kind::Queue && file.event.is_empty() {
        check.missing(
            "the scenario has no `event`",
            "add `event = [\"…\"]`: what happens that triggers the abilities or effects",
        );
    }

    let scenario = Scenario {
        file: check.file,
        kind,
        max_steps: scenario.envelope.max_steps,
        players: player_defs,
        ships: ship_defs,
        abilities: ability_defs,
        events,
    };
    check.finish(scenario)
}

/// Tables the round would silently ignore are contradictions.
fn refuse_queue_tables(check: &mut Check<'_>, file: &ScenarioFile, kind: Kind) {
    for (table, present) in [
        ("ability", !file.ability.is_empty()),
        ("event", !file.event.is_empty()),
    ] {
        if present {
            let span = check.table_span(table);
            check.error(
                Code::ScenarioContradiction,
                span,
                format!("`{table}` is not used by kind `{}`", kind.as_str()),
                "not used by this kind",
                "remove it, or change `kind`".into(),
            );
        }
    }
}

/// A player with its `order` resolved against `order_map`: abilities (xwing/queue) or
/// ships (xwing/round), and what they are called.
fn player_def(
    check: &mut Check<'_>,
    p: &Player,
    order_map: (&HashMap<String, usize>, &str),
) -> PlayerDef {
    let order = p
        .order
        .iter()
        .map(|o| check.lookup(order_map.0, o, order_map.1, Code::ScenarioUnknownReference))
        .collect();
    PlayerDef {
        id: p.id.clone(),
        name: p.name.clone().unwrap_or_else(|| p.id.clone()),
        order,
    }
}

/// A ship with its owner, ranges and arcs resolved to indices.
fn ship_def(
    check: &mut Check<'_>,
    ship: &Spanned<Ship>,
    kind: Kind,
    players: &HashMap<String, usize>,
    ships_map: &HashMap<String, usize>,
) -> ShipDef {
    let span = ship.span();
    let s = ship.get_ref();
    let owner = check.lookup(players, &s.owner, "player", Code::ScenarioUnknownReference);
    let mut range = HashMap::new();
    for (other, band) in &s.range {
        match ships_map.get(other) {
            Some(&i) => {
                range.insert(i, *band.get_ref());
            }
            None => {
                let key = check.key_span(other, band.span());
                check.error(
                    Code::ScenarioUnknownShip,
                    key,
                    format!("`{other}` is not a ship of this scenario"),
                    "unknown ship",
                    format!("known ships: {}", sorted_keys(ships_map)),
                );
            }
        }
    }
    let arc = s
        .arc
        .iter()
        .map(|a| check.lookup(ships_map, a, "ship", Code::ScenarioUnknownShip))
        .collect();
    let bullseye = s
        .bullseye
        .iter()
        .map(|a| check.lookup(ships_map, a, "ship", Code::ScenarioUnknownShip))
        .collect();
    if kind == Kind::Round && s.initiative.is_none() {
        let at = check.key_span(&format!("\"{}\"", s.id), span.end..span.end);
        check.error(
            Code::ScenarioMissingField,
            at,
            format!("ship `{}` has no initiative", s.id),
            "needs `initiative`",
            "the order of play depends on initiative: add `initiative = 0..=8`".into(),
        );
    }
    ShipDef {
        id: s.id.clone(),
        name: s.name.clone().unwrap_or_else(|| s.id.clone()),
        owner,
        initiative: s.initiative,
        hull: s.hull,
        shields: s.shields,
        damage: s.damage,
        force: s.force,
        tokens: s.tokens.clone(),
        range,
        arc,
        bullseye,
        destroyed_at: s.destroyed_at.as_ref().map(|d| (*d.get_ref(), d.span())),
        span,
    }
}

/// Ranges are symmetric: one side may say it, both may only agree. Each ship gets the
/// bands the other ships gave.
fn agree_ranges(
    check: &mut Check<'_>,
    ships: &[Spanned<Ship>],
    ships_map: &HashMap<String, usize>,
    ship_defs: &mut [ShipDef],
) {
    for (i, s) in ships.iter().enumerate() {
        for (other, band) in &s.get_ref().range {
            let Some(&j) = ships_map.get(other) else {
                continue;
            };
            let Some(def) = ship_defs.get_mut(j) else {
                continue;
            };
            match def.range.get(&i) {
                Some(&back) if back != *band.get_ref() => {
                    if i > j {
                        // Reported once, on the second of the two ships.
                        continue;
                    }
                    check.error(
                        Code::ScenarioContradiction,
                        band.span(),
                        format!(
                            "`{}` says range {} to `{other}`, but `{other}` says range {back}",
                            s.get_ref().id,
                            band.get_ref()
                        ),
                        "contradicts the other ship",
                        "ranges are symmetric: give the same band on both ships, or on one only"
                            .into(),
                    );
                }
                _ => {
                    def.range.insert(i, *band.get_ref());
                }
            }
        }
    }
}

/// Each value of `values` read by `parse`; a value that does not parse is a finding.
fn parsed<T>(
    check: &mut Check<'_>,
    values: &[Spanned<String>],
    parse: impl Fn(&[Word], Range<usize>) -> Result<T, Finding>,
) -> Vec<T> {
    let mut out = Vec::new();
    for value in values {
        match parse(&check.words(value), value.span()) {
            Ok(v) => out.push(v),
            Err(f) => check.findings.push(f),
        }
    }
    out
}

/// An ability with its words parsed and its references resolved; `None` when its timing
/// does not parse (the findings say why).
fn ability_def(
    check: &mut Check<'_>,
    grammar: &Grammar<'_>,
    a: &Ability,
    ships_map: &HashMap<String, usize>,
) -> Option<AbilityDef> {
    let ship = check.lookup(ships_map, &a.ship, "ship", Code::ScenarioUnknownShip);
    let timing = match grammar.timing(&check.words(&a.timing), a.timing.span()) {
        Ok(t) => Some(t),
        Err(f) => {
            check.findings.push(f);
            None
        }
    };
    let requires = parsed(check, &a.requires, |w, span| grammar.requirement(w, span));
    let costs = parsed(check, &a.cost, |w, span| grammar.cost(w, span));
    let effects = parsed(check, &a.effect, |w, span| {
        grammar.statement(w, span, false)
    });
    check_chosen_is_set(check, a, &requires, &effects);
    let choose = a
        .choose
        .iter()
        .map(|c| {
            if c.get_ref() == "none" {
                (None, c.span())
            } else {
                (
                    Some(check.lookup(ships_map, c, "ship", Code::ScenarioUnknownShip)),
                    c.span(),
                )
            }
        })
        .collect();
    let pick = picks(check, a);
    Some(AbilityDef {
        id: a.id.clone(),
        origin: Origin::Scenario,
        complete: true,
        ship,
        card: a.card.clone(),
        part: a.part,
        timing: timing?,
        timing_span: a.timing.span(),
        optional: a.optional,
        requires,
        costs,
        effects,
        charges: a.charges,
        use_: a.use_.clone(),
        choose,
        pick,
    })
}

/// An ability that refers to `chosen` must choose a ship first.
fn check_chosen_is_set(check: &mut Check<'_>, a: &Ability, requires: &[Req], effects: &[Stmt]) {
    if card::uses_chosen_without_choosing(requires, effects) {
        let span = a.effect.first().map_or(a.timing.span(), |e| e.span());
        check.error(
            Code::ScenarioContradiction,
            span,
            format!(
                "ability `{}` refers to `chosen` but never chooses a ship",
                a.id
            ),
            "`chosen` is never set",
            "add an effect such as `choose friendly range 0-1` before using `chosen`".into(),
        );
    }
}

/// The actions an ability's `pick` names, one for each time it resolves.
fn picks(check: &mut Check<'_>, a: &Ability) -> Vec<(words::Action, Range<usize>)> {
    let mut pick = Vec::new();
    for p in &a.pick {
        match words::Action::parse(p.get_ref()) {
            Some(action) => pick.push((action, p.span())),
            None => check.error(
                Code::ScenarioInvalidValue,
                p.span(),
                format!("`{}` is not an action", p.get_ref()),
                "unknown action",
                format!("actions: {}", words::Action::list()),
            ),
        }
    }
    pick
}

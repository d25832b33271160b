//! X-Wing scenario files: `xwing/queue` (an event triggers abilities; resolve them through
//! the ability queue) and `xwing/round` (the order of play of one round). The TOML model
//! (its JSON Schema is part of `arbiter schema scenario`) and the checks that turn it into a
//! [`Scenario`] whose every reference is resolved.

pub mod card;
mod cost;
mod named;
mod requirement;
mod statement;
mod timing;
pub mod words;

use super::ScenarioText;
use super::check::{Check, sorted_keys};
use super::words::Word;
use crate::report::{Code, FileId, Finding};
use crate::text::normalize;
use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};
use std::ops::Range;
use toml::Spanned;
use words::{Cost, Grammar, Req, Stmt, Timing, Token};

pub use named::{CardAbility, CardNames, NamedShip, NoCards, Origin, Part};

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
    /// The choices a player makes for an ability filled in from card facts.
    #[serde(default)]
    #[schemars(with = "Vec<Decision>")]
    pub decision: Vec<Spanned<Decision>>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Player {
    /// `player1`, `player2`, … when absent.
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default)]
    pub name: Option<String>,
    /// The player's squad: a builder link (YASB, …) or the path of a squad file (XWS, a
    /// text export), relative to the scenario. Each pilot becomes a ship of the player, its
    /// id the pilot's XWS id, with the abilities of its cards.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub squad: Option<Spanned<String>>,
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

#[derive(Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Ship {
    pub id: String,
    /// Shown in traces; the id when absent.
    #[serde(default)]
    pub name: Option<String>,
    /// The player id. A table without one adds to the ship of a player's squad with this
    /// id (its `range`, `arc`, `tokens`, …).
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub owner: Option<Spanned<String>>,
    /// The pilot card (name or XWS id): the ship's numbers and abilities come from its
    /// cards; what the table states wins.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub pilot: Option<Spanned<String>>,
    /// The pilot's upgrades (names or XWS ids).
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub upgrades: Vec<Spanned<String>>,
    #[serde(default)]
    pub initiative: Option<u8>,
    #[serde(default)]
    pub hull: Option<u32>,
    #[serde(default)]
    pub shields: Option<u32>,
    #[serde(default)]
    pub damage: u32,
    #[serde(default)]
    pub force: Option<u32>,
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

/// What a player decides for the abilities of one card of one ship: the choices an
/// `[[ability]]` states, for an ability filled in from card facts.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Decision {
    #[schemars(with = "String")]
    pub ship: Spanned<String>,
    /// The card's name (or XWS id) as the trace shows it.
    #[schemars(with = "String")]
    pub card: Spanned<String>,
    /// For each time it resolves: whether the player uses it.
    #[serde(default, rename = "use")]
    pub use_: Vec<bool>,
    /// For each time it resolves: the ship chosen, or `none`.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub choose: Vec<Spanned<String>>,
    /// For each time it resolves: the action picked from alternatives.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub pick: Vec<Spanned<String>>,
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

/// Read and check an X-Wing scenario of `kind` that names no card. `Err` holds every
/// problem found.
pub fn load(scenario: &ScenarioText<'_>, kind: Kind) -> Result<Scenario, Vec<Finding>> {
    load_with(scenario, kind, &NoCards)
}

/// Read and check an X-Wing scenario of `kind`; `names` tells what the cards it names are
/// (pilots of `[[ship]]` tables, players' squads). `Err` holds every problem found.
pub fn load_with(
    scenario: &ScenarioText<'_>,
    kind: Kind,
    names: &dyn CardNames,
) -> Result<Scenario, Vec<Finding>> {
    let file: ScenarioFile = scenario.body()?;
    let mut check = scenario.check();
    if file.player.is_empty() {
        check.missing(
            "a scenario needs at least one [[player]]",
            "add [[player]] tables in player order, first player first",
        );
    }
    let player_ids: Vec<String> = file
        .player
        .iter()
        .enumerate()
        .map(|(i, p)| {
            p.get_ref()
                .id
                .clone()
                .unwrap_or_else(|| format!("player{}", i + 1))
        })
        .collect();
    let players = check.ids_of(&file.player, &player_ids, "player");
    if kind == Kind::Round {
        refuse_queue_tables(&mut check, &file, kind);
    }
    let roster = Roster::read(&mut check, &file, names);
    let ships_map = roster.ids();
    let mut ship_defs: Vec<ShipDef> = roster
        .entries
        .iter()
        .map(|e| ship_def(&mut check, e, kind, &players, &ships_map))
        .collect();
    agree_ranges(&mut check, &roster, &ships_map, &mut ship_defs);

    let lookup_ship = |id: &str| ships_map.get(id).copied();
    let grammar = Grammar {
        file: check.file,
        ships: &lookup_ship,
    };
    let mut abilities_map = check.ids(&file.ability, |a| &a.id, "ability");
    let mut ability_defs: Vec<AbilityDef> = file
        .ability
        .iter()
        .filter_map(|a| ability_def(&mut check, &grammar, a.get_ref(), &ships_map))
        .collect();
    let cards = CardAbilities {
        roster: &roster,
        explicit: &file.ability,
        ships_map: &ships_map,
    };
    cards.add(&mut check, &grammar, &mut ability_defs, &mut abilities_map);
    decisions(&mut check, &file.decision, &ships_map, &mut ability_defs);
    let order_map = match kind {
        Kind::Queue => (&abilities_map, "ability"),
        Kind::Round => (&ships_map, "ship"),
    };
    let player_defs: Vec<PlayerDef> = file
        .player
        .iter()
        .zip(&player_ids)
        .map(|(p, id)| player_def(&mut check, p.get_ref(), id, order_map))
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

/// The ships of a scenario: its `[[ship]]` tables (perhaps named by their pilot), then
/// each player's squad, a squad's ship with the table that adds to it.
struct Roster<'f> {
    entries: Vec<RosterShip<'f>>,
}

struct RosterShip<'f> {
    id: String,
    table: Option<&'f Spanned<Ship>>,
    /// What its cards say, when it is named by a pilot or comes from a squad.
    named: Option<NamedShip>,
    /// The player whose squad it comes from.
    squad_of: Option<usize>,
    /// Where a problem with its cards is reported: the `pilot` or `squad` value.
    cards_span: Range<usize>,
}

impl<'f> Roster<'f> {
    fn read(check: &mut Check<'_>, file: &'f ScenarioFile, names: &dyn CardNames) -> Self {
        let (own, adding): (Vec<&Spanned<Ship>>, Vec<&Spanned<Ship>>) = file
            .ship
            .iter()
            .partition(|s| s.get_ref().owner.is_some() || s.get_ref().pilot.is_some());
        let own_ids: Vec<String> = own.iter().map(|s| s.get_ref().id.clone()).collect();
        let own_tables: Vec<Spanned<()>> = own.iter().map(|s| Spanned::new(s.span(), ())).collect();
        check.ids_of(&own_tables, &own_ids, "ship");
        let mut entries: Vec<RosterShip<'f>> = own
            .into_iter()
            .map(|table| own_ship(check, table, names))
            .collect();
        for (player, p) in file.player.iter().enumerate() {
            let Some(squad) = &p.get_ref().squad else {
                continue;
            };
            match names.squad(squad.get_ref()) {
                Ok(ships) => {
                    for named in ships {
                        let id = unique_id(&named.pilot, &entries);
                        entries.push(RosterShip {
                            id,
                            table: None,
                            named: Some(named),
                            squad_of: Some(player),
                            cards_span: squad.span(),
                        });
                    }
                }
                Err(message) => check.error(
                    Code::ScenarioUnknownReference,
                    squad.span(),
                    format!("the squad cannot be read: {message}"),
                    "this squad",
                    "give a builder link (YASB) or the path of a squad file (XWS, a YASB or Launch Bay Next export), relative to the scenario".into(),
                ),
            }
        }
        for table in adding {
            add_to_squad_ship(check, table, &mut entries);
        }
        Roster { entries }
    }

    fn ids(&self) -> HashMap<String, usize> {
        let mut map = HashMap::new();
        for (i, e) in self.entries.iter().enumerate() {
            map.entry(e.id.clone()).or_insert(i);
        }
        map
    }
}

/// A `[[ship]]` that is a ship of its own; named by its pilot, its cards are read.
fn own_ship<'f>(
    check: &mut Check<'_>,
    table: &'f Spanned<Ship>,
    names: &dyn CardNames,
) -> RosterShip<'f> {
    let s = table.get_ref();
    let mut ship = RosterShip {
        id: s.id.clone(),
        table: Some(table),
        named: None,
        squad_of: None,
        cards_span: table.span(),
    };
    if s.owner.is_none() {
        let at = check.find_in(&format!("\"{}\"", s.id), table.span());
        check.error(
            Code::ScenarioMissingField,
            at,
            format!("ship `{}` has no owner", s.id),
            "needs `owner`",
            "give the id of the player who owns it: `owner = \"…\"`".into(),
        );
    }
    match &s.pilot {
        Some(pilot) => {
            let upgrades: Vec<String> = s.upgrades.iter().map(|u| u.get_ref().clone()).collect();
            ship.cards_span = pilot.span();
            match names.ship(pilot.get_ref(), &upgrades) {
                Ok(named) => ship.named = Some(named),
                Err(message) => check.error(
                    Code::ScenarioUnknownReference,
                    pilot.span(),
                    message,
                    "not found in the card data",
                    "name a pilot and its upgrades as the cards print them, or by XWS id (`arbiter cards search`)".into(),
                ),
            }
        }
        None => {
            if let Some(first) = s.upgrades.first() {
                check.error(
                    Code::ScenarioContradiction,
                    first.span(),
                    format!("ship `{}` has upgrades but no pilot", s.id),
                    "no pilot to fit them to",
                    "add `pilot = \"…\"`, or remove `upgrades`".into(),
                );
            }
        }
    }
    ship
}

/// A squad's ships are named after their pilot: `jakefarrell`, then `jakefarrell-2`, …
fn unique_id(pilot: &str, taken: &[RosterShip<'_>]) -> String {
    let used = |id: &str| taken.iter().any(|e| e.id == id);
    if !used(pilot) {
        return pilot.to_string();
    }
    (2..)
        .map(|n| format!("{pilot}-{n}"))
        .find(|id| !used(id))
        .unwrap_or_default()
}

/// A `[[ship]]` without owner or pilot adds to the squad's ship of its id.
fn add_to_squad_ship<'f>(
    check: &mut Check<'_>,
    table: &'f Spanned<Ship>,
    entries: &mut [RosterShip<'f>],
) {
    let id = &table.get_ref().id;
    let squad_ships = || {
        entries
            .iter()
            .filter(|e| e.squad_of.is_some())
            .map(|e| format!("`{}`", e.id))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let at = check.find_in(&format!("\"{id}\""), table.span());
    let known = squad_ships();
    match entries
        .iter_mut()
        .find(|e| e.squad_of.is_some() && e.id == *id)
    {
        Some(entry) if entry.table.is_none() => entry.table = Some(table),
        Some(_) => check.error(
            Code::ScenarioContradiction,
            at,
            format!("two [[ship]] tables add to the squad's ship `{id}`"),
            "added to again here",
            "say everything about the ship in one table".into(),
        ),
        None => check.error(
            Code::ScenarioMissingField,
            at,
            format!("ship `{id}` has no owner and is no ship of a squad"),
            "needs `owner` or a squad ship's id",
            if known.is_empty() {
                "give it `owner = \"…\"` (and `pilot = \"…\"` to take its cards)".to_string()
            } else {
                format!("give it `owner = \"…\"`, or use the id of a squad's ship: {known}")
            },
        ),
    }
}

/// The abilities of the ships named by their cards, each window one ability: `<ship>-pilot`,
/// `<ship>-ship`, `<ship>-<upgrade id>` (then `-2`, `-3` for a card's further windows).
/// An `[[ability]]` for the same card of the same ship replaces them.
struct CardAbilities<'a, 'f> {
    roster: &'a Roster<'f>,
    explicit: &'a [Spanned<Ability>],
    ships_map: &'a HashMap<String, usize>,
}

impl CardAbilities<'_, '_> {
    fn add(
        &self,
        check: &mut Check<'_>,
        grammar: &Grammar<'_>,
        defs: &mut Vec<AbilityDef>,
        map: &mut HashMap<String, usize>,
    ) {
        for (ship, entry) in self.roster.entries.iter().enumerate() {
            let Some(named) = &entry.named else {
                continue;
            };
            let mut windows: HashMap<&str, usize> = HashMap::new();
            for ability in &named.abilities {
                if self.replaced(ship, &ability.card) {
                    continue;
                }
                let n = windows.entry(ability.key.as_str()).or_insert(0);
                *n += 1;
                let id = match *n {
                    1 => format!("{}-{}", entry.id, ability.key),
                    n => format!("{}-{}-{n}", entry.id, ability.key),
                };
                let span = entry.cards_span.clone();
                match card_ability(grammar, check.text, ability, &span) {
                    Ok(parsed) => {
                        map.entry(id.clone()).or_insert(defs.len());
                        defs.push(AbilityDef {
                            id,
                            origin: if ability.checked {
                                Origin::Checked
                            } else {
                                Origin::Derived
                            },
                            complete: ability.complete,
                            ship,
                            card: ability.card.clone(),
                            part: ability.part,
                            timing: parsed.timing,
                            timing_span: span,
                            optional: ability.optional,
                            requires: parsed.requires,
                            costs: parsed.costs,
                            effects: parsed.effects,
                            charges: ability.charges,
                            use_: Vec::new(),
                            choose: Vec::new(),
                            pick: Vec::new(),
                        });
                    }
                    Err(found) => check.findings.extend(found),
                }
            }
        }
    }

    /// An `[[ability]]` of this ship is for the card.
    fn replaced(&self, ship: usize, card: &str) -> bool {
        let card = normalize(card);
        self.explicit.iter().any(|a| {
            let a = a.get_ref();
            self.ships_map.get(a.ship.get_ref()) == Some(&ship) && normalize(&a.card) == card
        })
    }
}

/// A card ability's words, parsed; a problem is reported at `span`.
fn card_ability(
    grammar: &Grammar<'_>,
    text: &str,
    ability: &CardAbility,
    span: &Range<usize>,
) -> Result<card::ParsedAbility, Vec<Finding>> {
    let at = |list: &[String]| -> Vec<(String, Range<usize>)> {
        list.iter().map(|s| (s.clone(), span.clone())).collect()
    };
    let (requires, cost, effect) = (
        at(&ability.requires),
        at(&ability.cost),
        at(&ability.effect),
    );
    let borrow = |list: &[(String, Range<usize>)]| -> Vec<(String, Range<usize>)> { list.to_vec() };
    let (requires, cost, effect) = (borrow(&requires), borrow(&cost), borrow(&effect));
    let words = card::AbilityWords {
        timing: (ability.timing.as_str(), span.clone()),
        requires: requires
            .iter()
            .map(|(s, r)| (s.as_str(), r.clone()))
            .collect(),
        cost: cost.iter().map(|(s, r)| (s.as_str(), r.clone())).collect(),
        effect: effect
            .iter()
            .map(|(s, r)| (s.as_str(), r.clone()))
            .collect(),
    };
    card::parse_ability(grammar, text, &words)
}

/// `[[decision]]`: the choices for the abilities of one card of one ship.
fn decisions(
    check: &mut Check<'_>,
    decisions: &[Spanned<Decision>],
    ships_map: &HashMap<String, usize>,
    defs: &mut [AbilityDef],
) {
    for d in decisions {
        let d = d.get_ref();
        let ship = check.lookup(ships_map, &d.ship, "ship", Code::ScenarioUnknownShip);
        if ship == usize::MAX {
            continue;
        }
        let card = normalize(d.card.get_ref());
        let of_ship: Vec<&AbilityDef> = defs.iter().filter(|a| a.ship == ship).collect();
        if !of_ship.iter().any(|a| normalize(&a.card) == card) {
            let mut cards: Vec<String> = of_ship.iter().map(|a| format!("`{}`", a.card)).collect();
            cards.dedup();
            check.error(
                Code::ScenarioUnknownReference,
                d.card.span(),
                format!(
                    "ship `{}` has no ability of `{}`",
                    d.ship.get_ref(),
                    d.card.get_ref()
                ),
                "no such ability on this ship",
                if cards.is_empty() {
                    "the ship has no abilities".to_string()
                } else {
                    format!("its abilities are of {}", cards.join(", "))
                },
            );
            continue;
        }
        let choose = chosen_ships(check, &d.choose, ships_map);
        let pick = picks(check, &d.pick);
        let decided = defs
            .iter_mut()
            .filter(|a| a.ship == ship && normalize(&a.card) == card);
        for def in decided {
            def.use_.clone_from(&d.use_);
            def.choose.clone_from(&choose);
            def.pick.clone_from(&pick);
        }
    }
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
    id: &str,
    order_map: (&HashMap<String, usize>, &str),
) -> PlayerDef {
    let order = p
        .order
        .iter()
        .map(|o| check.lookup(order_map.0, o, order_map.1, Code::ScenarioUnknownReference))
        .collect();
    PlayerDef {
        id: id.to_string(),
        name: p.name.clone().unwrap_or_else(|| id.to_string()),
        order,
    }
}

/// A ship with its owner, ranges and arcs resolved to indices; what its table leaves out
/// comes from its cards.
fn ship_def(
    check: &mut Check<'_>,
    entry: &RosterShip<'_>,
    kind: Kind,
    players: &HashMap<String, usize>,
    ships_map: &HashMap<String, usize>,
) -> ShipDef {
    let blank = Ship::default();
    let s = entry.table.map_or(&blank, |t| t.get_ref());
    let span = entry.table.map_or(entry.cards_span.clone(), |t| t.span());
    let named = entry.named.as_ref();
    let owner = match (entry.squad_of, &s.owner) {
        (Some(player), _) => player,
        (None, Some(owner)) => {
            check.lookup(players, owner, "player", Code::ScenarioUnknownReference)
        }
        (None, None) => usize::MAX,
    };
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
    let initiative = s.initiative.or(named.and_then(|n| n.initiative));
    if kind == Kind::Round && initiative.is_none() {
        let at = check.find_in(&format!("\"{}\"", entry.id), span.clone());
        check.error(
            Code::ScenarioMissingField,
            at,
            format!("ship `{}` has no initiative", entry.id),
            "needs `initiative`",
            "the order of play depends on initiative: add `initiative = 0..=8`".into(),
        );
    }
    ShipDef {
        id: entry.id.clone(),
        name: s
            .name
            .clone()
            .or_else(|| named.map(|n| n.name.clone()))
            .unwrap_or_else(|| entry.id.clone()),
        owner,
        initiative,
        hull: s.hull.or(named.and_then(|n| n.hull)),
        shields: s.shields.or(named.map(|n| n.shields)).unwrap_or(0),
        damage: s.damage,
        force: s.force.or(named.map(|n| n.force)).unwrap_or(0),
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
    roster: &Roster<'_>,
    ships_map: &HashMap<String, usize>,
    ship_defs: &mut [ShipDef],
) {
    let tables = roster
        .entries
        .iter()
        .enumerate()
        .filter_map(|(i, e)| e.table.map(|t| (i, t)));
    for (i, s) in tables {
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
    let choose = chosen_ships(check, &a.choose, ships_map);
    let pick = picks(check, &a.pick);
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

/// The ships a `choose` names, one for each time it resolves (`none`: no ship).
fn chosen_ships(
    check: &mut Check<'_>,
    choose: &[Spanned<String>],
    ships_map: &HashMap<String, usize>,
) -> Vec<(Option<usize>, Range<usize>)> {
    choose
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
        .collect()
}

/// The actions a `pick` names, one for each time it resolves.
fn picks(check: &mut Check<'_>, picked: &[Spanned<String>]) -> Vec<(words::Action, Range<usize>)> {
    let mut pick = Vec::new();
    for p in picked {
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

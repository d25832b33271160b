//! Scenario files for `arbiter resolve`: the TOML model (its JSON Schema is
//! `arbiter schema scenario`) and the checks that turn it into a [`Scenario`] whose every
//! reference is resolved. Every problem is reported with the span it comes from.

pub mod words;

use crate::cards::Game;
use crate::report::{Code, FileId, Finding};
use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};
use std::ops::Range;
use toml::Spanned;
use words::{ArmadaTiming, Cost, Grammar, Req, Stmt, Timing, Token, Word};

/// Larger than any hand-written scenario; generated stress tests stay far below it.
pub const MAX_SCENARIO_BYTES: usize = 16 * 1024 * 1024;

/// The step cap when the scenario does not set `max_steps`.
pub const DEFAULT_MAX_STEPS: u32 = 1_000;

/// What a scenario asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
pub enum Kind {
    /// X-Wing: an event triggers abilities; resolve them through the ability queue.
    #[serde(rename = "xwing/queue")]
    XwingQueue,
    /// X-Wing: the order of play of one round.
    #[serde(rename = "xwing/round")]
    XwingRound,
    /// Armada: effects of both players at the same timing point.
    #[serde(rename = "armada/timing")]
    ArmadaTiming,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::XwingQueue => "xwing/queue",
            Kind::XwingRound => "xwing/round",
            Kind::ArmadaTiming => "armada/timing",
        }
    }

    pub fn game(self) -> Game {
        match self {
            Kind::XwingQueue | Kind::XwingRound => Game::Xwing,
            Kind::ArmadaTiming => Game::Armada,
        }
    }
}

/// A scenario file. `game` and `kind` say what is asked; the other tables describe the
/// situation and the choices the players make.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    /// `xwing` or `armada`; must match `kind`.
    #[schemars(with = "Game")]
    pub game: Spanned<Game>,
    /// `xwing/queue`, `xwing/round` or `armada/timing`.
    #[schemars(with = "Kind")]
    pub kind: Spanned<Kind>,
    /// One line saying what the scenario is.
    pub title: String,
    /// The judge's question, in your own words.
    #[serde(default)]
    pub question: Option<String>,
    /// Where the situation is discussed in the rules.
    #[serde(default)]
    pub source: Option<SourceRef>,
    /// Most steps to run before the scenario is reported as a loop (default 1000).
    #[serde(default)]
    #[schemars(with = "Option<u32>")]
    pub max_steps: Option<Spanned<u32>>,
    /// Armada: the timing points happen during set-up.
    #[serde(default)]
    pub setup: bool,
    /// Players in player order: the first one is the first player.
    #[serde(default)]
    #[schemars(with = "Vec<Player>")]
    pub player: Vec<Spanned<Player>>,
    /// Armada Sector Fleets teams, first team first.
    #[serde(default)]
    #[schemars(with = "Vec<Team>")]
    pub team: Vec<Spanned<Team>>,
    /// X-Wing ships.
    #[serde(default)]
    #[schemars(with = "Vec<Ship>")]
    pub ship: Vec<Spanned<Ship>>,
    /// X-Wing abilities in play.
    #[serde(default)]
    #[schemars(with = "Vec<Ability>")]
    pub ability: Vec<Spanned<Ability>>,
    /// The events that happen, in order. X-Wing: `<ship> <verb> …` or `start <phase>`;
    /// Armada: timing points such as `after attack`.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub event: Vec<Spanned<String>>,
    /// Armada card effects in play.
    #[serde(default)]
    #[schemars(with = "Vec<Effect>")]
    pub effect: Vec<Spanned<Effect>>,
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SourceRef {
    pub document: String,
    pub section: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Player {
    pub id: String,
    #[serde(default)]
    pub name: Option<String>,
    /// Armada Sector Fleets: the team id.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub team: Option<Spanned<String>>,
    /// The order this player chooses for simultaneous things: ability ids (xwing/queue),
    /// ship ids with the same initiative (xwing/round) or effect ids (armada/timing).
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub order: Vec<Spanned<String>>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Team {
    pub id: String,
    #[serde(default)]
    pub name: Option<String>,
    /// The player who is this team's Grand Admiral.
    #[schemars(with = "String")]
    pub grand_admiral: Spanned<String>,
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

/// Kind of Armada card an effect comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum CardType {
    Upgrade,
    Commander,
    Objective,
    Ship,
    Squadron,
    Damage,
}

impl CardType {
    pub fn as_str(self) -> &'static str {
        match self {
            CardType::Upgrade => "upgrade",
            CardType::Commander => "commander",
            CardType::Objective => "objective",
            CardType::Ship => "ship",
            CardType::Squadron => "squadron",
            CardType::Damage => "damage",
        }
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Effect {
    pub id: String,
    /// A player id, or a team id when it is unclear which team member resolves it.
    #[schemars(with = "String")]
    pub owner: Spanned<String>,
    pub card: String,
    #[schemars(with = "CardType")]
    pub card_type: Spanned<CardType>,
    /// `when|while|before|after <event>`; the event must be one of the scenario's events.
    #[schemars(with = "String")]
    pub timing: Spanned<String>,
    /// Overrides the default (upgrade effects optional, other card effects mandatory).
    #[serde(default)]
    pub optional: Option<bool>,
    /// Components spent as the cost (`brace`, `navigate-dial`, …).
    #[serde(default)]
    pub cost: Vec<String>,
    /// What it does, in a few words of your own.
    #[serde(default)]
    pub does: String,
    /// How many times its player tries to resolve it at one event (default 1).
    #[serde(default = "one")]
    pub attempts: u32,
    /// For optional effects: whether the player uses it.
    #[serde(default, rename = "use")]
    pub use_: Option<bool>,
}

fn one() -> u32 {
    1
}

// ---------------------------------------------------------------------------------------
// The checked scenario the engines work on.

#[derive(Debug, Clone)]
pub struct Scenario {
    pub file: FileId,
    pub kind: Kind,
    pub title: String,
    pub question: Option<String>,
    pub source: Option<SourceRef>,
    pub max_steps: u32,
    pub max_steps_span: Range<usize>,
    pub setup: bool,
    pub players: Vec<PlayerDef>,
    pub teams: Vec<TeamDef>,
    pub ships: Vec<ShipDef>,
    pub abilities: Vec<AbilityDef>,
    pub events: Vec<(Stmt, Range<usize>)>,
    pub armada_events: Vec<(ArmadaTiming, Range<usize>)>,
    pub effects: Vec<EffectDef>,
}

#[derive(Debug, Clone)]
pub struct PlayerDef {
    pub id: String,
    pub name: String,
    pub team: Option<usize>,
    /// Indices into abilities, ships or effects, by kind.
    pub order: Vec<usize>,
}

#[derive(Debug, Clone)]
pub struct TeamDef {
    pub id: String,
    pub name: String,
    pub grand_admiral: usize,
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

#[derive(Debug, Clone)]
pub struct EffectDef {
    pub id: String,
    pub owner: Owner,
    pub owner_span: Range<usize>,
    pub card: String,
    pub card_type: CardType,
    pub timing: ArmadaTiming,
    pub optional: Option<bool>,
    pub cost: Vec<String>,
    pub does: String,
    pub attempts: u32,
    pub use_: Option<bool>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    Player(usize),
    Team(usize),
}

/// Parse and check a scenario. `Err` holds every problem found.
pub fn load(file: FileId, text: &str) -> Result<Scenario, Vec<Finding>> {
    if text.len() > MAX_SCENARIO_BYTES {
        return Err(vec![
            Finding::error(
                Code::ScenarioTooLarge,
                format!(
                    "the scenario is {} bytes; scenarios are at most {MAX_SCENARIO_BYTES} bytes",
                    text.len()
                ),
            )
            .help("split the scenario into smaller ones"),
        ]);
    }
    let parsed = crate::cards::parse_toml::<ScenarioFile>(file, text)
        .map_err(|findings| findings.into_iter().map(rename_code).collect::<Vec<_>>())?;
    let mut checker = Checker {
        file,
        text,
        findings: Vec::new(),
    };
    let scenario = checker.check(parsed);
    if checker.findings.is_empty() {
        Ok(scenario)
    } else {
        Err(checker.findings)
    }
}

/// Findings of the shared TOML reader carry card-data codes; scenarios have their own.
fn rename_code(mut finding: Finding) -> Finding {
    finding.code = match finding.code {
        Code::UnknownField => Code::ScenarioUnknownField,
        Code::MissingField => Code::ScenarioMissingField,
        Code::InvalidValue => Code::ScenarioInvalidValue,
        _ => Code::ScenarioSyntax,
    };
    if let Some(help) = &finding.help
        && help.contains("`arbiter schema`")
    {
        finding.help =
            Some("`arbiter schema scenario` lists every field of a scenario".to_string());
    }
    finding
}

struct Checker<'a> {
    file: FileId,
    text: &'a str,
    findings: Vec<Finding>,
}

impl Checker<'_> {
    fn error(
        &mut self,
        code: Code,
        span: Range<usize>,
        message: String,
        label: &str,
        help: String,
    ) {
        self.findings.push(
            Finding::error(code, message)
                .at(self.file, span)
                .label(label.to_string())
                .help(help),
        );
    }

    fn words(&self, value: &Spanned<String>) -> Vec<Word> {
        words::split(self.text, value.get_ref(), value.span())
    }

    /// Span of the key `key` inside the table holding `value` (searching back from it).
    fn key_span(&self, key: &str, value: Range<usize>) -> Range<usize> {
        match self
            .text
            .get(..value.start)
            .and_then(|before| before.rfind(key))
        {
            Some(start) => start..start + key.len(),
            None => value,
        }
    }

    fn ids<T>(
        &mut self,
        records: &[Spanned<T>],
        id: impl Fn(&T) -> &str,
        what: &str,
    ) -> HashMap<String, usize> {
        let mut map = HashMap::new();
        for (i, record) in records.iter().enumerate() {
            let key = id(record.get_ref()).to_string();
            if map.insert(key.clone(), i).is_some() {
                // The record's span starts at its header; its id comes after it.
                let quoted = format!("\"{key}\"");
                let start = record.span().start;
                let span = self
                    .text
                    .get(start..)
                    .and_then(|rest| rest.find(&quoted))
                    .map_or(record.span(), |at| start + at..start + at + quoted.len());
                self.error(
                    Code::ScenarioContradiction,
                    span,
                    format!("two {what}s have the id `{key}`"),
                    "used again here",
                    format!("give each {what} its own id"),
                );
            }
        }
        map
    }

    fn lookup(
        &mut self,
        map: &HashMap<String, usize>,
        name: &Spanned<String>,
        what: &str,
        code: Code,
    ) -> usize {
        match map.get(name.get_ref()) {
            Some(&i) => i,
            None => {
                let mut known: Vec<&String> = map.keys().collect();
                known.sort();
                let help = if known.is_empty() {
                    format!("add a [[{what}]] table with id `{}`", name.get_ref())
                } else {
                    format!(
                        "known {what}s: {}",
                        known
                            .iter()
                            .map(|k| format!("`{k}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                };
                self.error(
                    code,
                    name.span(),
                    format!("`{}` is not a {what} of this scenario", name.get_ref()),
                    &format!("unknown {what}"),
                    help,
                );
                usize::MAX
            }
        }
    }

    fn check(&mut self, file: ScenarioFile) -> Scenario {
        let kind = *file.kind.get_ref();
        if *file.game.get_ref() != kind.game() {
            self.error(
                Code::ScenarioContradiction,
                file.kind.span(),
                format!(
                    "kind `{}` belongs to {}, but `game` says {}",
                    kind.as_str(),
                    kind.game().as_str(),
                    file.game.get_ref().as_str()
                ),
                "does not match `game`",
                format!("set `game = \"{}\"`", kind.game().as_str()),
            );
        }
        let max_steps = file
            .max_steps
            .as_ref()
            .map_or(DEFAULT_MAX_STEPS, |m| *m.get_ref());
        let max_steps_span = file.max_steps.as_ref().map_or(0..0, |m| m.span());
        if max_steps == 0 {
            self.error(
                Code::ScenarioInvalidValue,
                max_steps_span.clone(),
                "`max_steps` must be at least 1".into(),
                "zero steps",
                "leave it out for the default of 1000".into(),
            );
        }
        if file.player.is_empty() {
            self.findings.push(
                Finding::error(
                    Code::ScenarioMissingField,
                    "a scenario needs at least one [[player]]",
                )
                .at(self.file, 0..0)
                .help("add [[player]] tables in player order, first player first"),
            );
        }
        let players = self.ids(&file.player, |p| &p.id, "player");
        let teams = self.ids(&file.team, |t| &t.id, "team");
        let ships_map = self.ids(&file.ship, |s| &s.id, "ship");
        let abilities_map = self.ids(&file.ability, |a| &a.id, "ability");
        let effects_map = self.ids(&file.effect, |e| &e.id, "effect");

        // Kind-specific tables that would be silently ignored are contradictions.
        let unused: &[(&str, bool)] = match kind {
            Kind::XwingQueue => &[
                ("effect", !file.effect.is_empty()),
                ("team", !file.team.is_empty()),
            ],
            Kind::XwingRound => &[
                ("effect", !file.effect.is_empty()),
                ("team", !file.team.is_empty()),
                ("ability", !file.ability.is_empty()),
                ("event", !file.event.is_empty()),
            ],
            Kind::ArmadaTiming => &[
                ("ship", !file.ship.is_empty()),
                ("ability", !file.ability.is_empty()),
            ],
        };
        for (table, present) in unused {
            if *present {
                let needle = table.to_string();
                let span = self
                    .text
                    .find(&format!("[[{needle}]]"))
                    .map_or(0..0, |s| s..s + needle.len() + 4);
                let span = if span.is_empty() {
                    self.text
                        .find(&format!("{needle} ="))
                        .map_or(0..0, |s| s..s + needle.len())
                } else {
                    span
                };
                self.error(
                    Code::ScenarioContradiction,
                    span,
                    format!("`{table}` is not used by kind `{}`", kind.as_str()),
                    "not used by this kind",
                    "remove it, or change `kind`".into(),
                );
            }
        }

        let team_defs: Vec<TeamDef> = file
            .team
            .iter()
            .map(|t| {
                let t = t.get_ref();
                let ga = self.lookup(
                    &players,
                    &t.grand_admiral,
                    "player",
                    Code::ScenarioUnknownReference,
                );
                TeamDef {
                    id: t.id.clone(),
                    name: t.name.clone().unwrap_or_else(|| t.id.clone()),
                    grand_admiral: ga,
                }
            })
            .collect();
        let order_map = match kind {
            Kind::XwingQueue => (&abilities_map, "ability"),
            Kind::XwingRound => (&ships_map, "ship"),
            Kind::ArmadaTiming => (&effects_map, "effect"),
        };
        let player_defs: Vec<PlayerDef> = file
            .player
            .iter()
            .map(|p| {
                let p = p.get_ref();
                let team = p
                    .team
                    .as_ref()
                    .map(|t| self.lookup(&teams, t, "team", Code::ScenarioUnknownReference));
                let order = p
                    .order
                    .iter()
                    .map(|o| {
                        self.lookup(order_map.0, o, order_map.1, Code::ScenarioUnknownReference)
                    })
                    .collect();
                PlayerDef {
                    id: p.id.clone(),
                    name: p.name.clone().unwrap_or_else(|| p.id.clone()),
                    team,
                    order,
                }
            })
            .collect();
        if !file.team.is_empty() {
            for (p, def) in file.player.iter().zip(&player_defs) {
                if def.team.is_none() {
                    let span =
                        self.key_span(&format!("\"{}\"", def.id), p.span().end..p.span().end);
                    self.error(
                        Code::ScenarioContradiction,
                        span,
                        format!("player `{}` has no team", def.id),
                        "no `team`",
                        "in a team game every player needs `team = \"…\"`".into(),
                    );
                }
            }
        }

        let ship_defs: Vec<ShipDef> = file
            .ship
            .iter()
            .map(|s| {
                let span = s.span();
                let s = s.get_ref();
                let owner =
                    self.lookup(&players, &s.owner, "player", Code::ScenarioUnknownReference);
                let mut range = HashMap::new();
                for (other, band) in &s.range {
                    match ships_map.get(other) {
                        Some(&i) => {
                            range.insert(i, *band.get_ref());
                        }
                        None => {
                            let key = self.key_span(other, band.span());
                            self.error(
                                Code::ScenarioUnknownShip,
                                key,
                                format!("`{other}` is not a ship of this scenario"),
                                "unknown ship",
                                format!("known ships: {}", sorted_keys(&ships_map)),
                            );
                        }
                    }
                }
                let arc = s
                    .arc
                    .iter()
                    .map(|a| self.lookup(&ships_map, a, "ship", Code::ScenarioUnknownShip))
                    .collect();
                let bullseye = s
                    .bullseye
                    .iter()
                    .map(|a| self.lookup(&ships_map, a, "ship", Code::ScenarioUnknownShip))
                    .collect();
                if kind == Kind::XwingRound && s.initiative.is_none() {
                    let at = self.key_span(&format!("\"{}\"", s.id), span.end..span.end);
                    self.error(
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
            })
            .collect();
        // Ranges are symmetric: one side may say it, both may only agree.
        let mut ship_defs = ship_defs;
        for (i, s) in file.ship.iter().enumerate() {
            for (other, band) in &s.get_ref().range {
                let Some(&j) = ships_map.get(other) else {
                    continue;
                };
                match ship_defs[j].range.get(&i) {
                    Some(&back) if back != *band.get_ref() => {
                        if i > j {
                            // Reported once, on the second of the two ships.
                            continue;
                        }
                        self.error(Code::ScenarioContradiction, band.span(), format!("`{}` says range {} to `{other}`, but `{other}` says range {back}", s.get_ref().id, band.get_ref()), "contradicts the other ship", "ranges are symmetric: give the same band on both ships, or on one only".into());
                    }
                    _ => {
                        ship_defs[j].range.insert(i, *band.get_ref());
                    }
                }
            }
        }

        let lookup_ship = |id: &str| ships_map.get(id).copied();
        let grammar = Grammar {
            file: self.file,
            ships: &lookup_ship,
        };
        let mut ability_defs = Vec::new();
        for a in &file.ability {
            let a = a.get_ref();
            let ship = self.lookup(&ships_map, &a.ship, "ship", Code::ScenarioUnknownShip);
            let timing = match grammar.timing(&self.words(&a.timing), a.timing.span()) {
                Ok(t) => Some(t),
                Err(f) => {
                    self.findings.push(f);
                    None
                }
            };
            let mut requires = Vec::new();
            for r in &a.requires {
                match grammar.requirement(&self.words(r), r.span()) {
                    Ok(req) => requires.push(req),
                    Err(f) => self.findings.push(f),
                }
            }
            let mut costs = Vec::new();
            for c in &a.cost {
                match grammar.cost(&self.words(c), c.span()) {
                    Ok(cost) => costs.push(cost),
                    Err(f) => self.findings.push(f),
                }
            }
            let mut effects = Vec::new();
            for e in &a.effect {
                match grammar.statement(&self.words(e), e.span(), false) {
                    Ok(stmt) => effects.push(stmt),
                    Err(f) => self.findings.push(f),
                }
            }
            let chooses = effects.iter().any(|e| matches!(e, Stmt::Choose { .. }));
            let uses_chosen = effects.iter().any(|e| mentions(e, words::Who::Chosen))
                || requires.iter().any(|r| {
                    r.who == words::Who::Chosen
                        || matches!(
                            r.pred,
                            words::Pred::InArcOf(words::Who::Chosen)
                                | words::Pred::InBullseyeOf(words::Who::Chosen)
                        )
                });
            if uses_chosen && !chooses {
                let span = a.effect.first().map_or(a.timing.span(), |e| e.span());
                self.error(
                    Code::ScenarioContradiction,
                    span,
                    format!(
                        "ability `{}` refers to `chosen` but never chooses a ship",
                        a.id
                    ),
                    "`chosen` is never set",
                    "add an effect such as `choose friendly range 0-1` before using `chosen`"
                        .into(),
                );
            }
            let choose = a
                .choose
                .iter()
                .map(|c| {
                    if c.get_ref() == "none" {
                        (None, c.span())
                    } else {
                        (
                            Some(self.lookup(&ships_map, c, "ship", Code::ScenarioUnknownShip)),
                            c.span(),
                        )
                    }
                })
                .collect();
            let mut pick = Vec::new();
            for p in &a.pick {
                match words::Action::parse(p.get_ref()) {
                    Some(action) => pick.push((action, p.span())),
                    None => self.error(
                        Code::ScenarioInvalidValue,
                        p.span(),
                        format!("`{}` is not an action", p.get_ref()),
                        "unknown action",
                        format!("actions: {}", words::Action::list()),
                    ),
                }
            }
            if let Some(timing) = timing {
                ability_defs.push(AbilityDef {
                    id: a.id.clone(),
                    ship,
                    card: a.card.clone(),
                    part: a.part,
                    timing,
                    timing_span: a.timing.span(),
                    optional: a.optional,
                    requires,
                    costs,
                    effects,
                    charges: a.charges,
                    use_: a.use_.clone(),
                    choose,
                    pick,
                });
            }
        }

        let mut events = Vec::new();
        let mut armada_events = Vec::new();
        for e in &file.event {
            let words = self.words(e);
            if kind == Kind::ArmadaTiming {
                match words::armada_timing(self.file, &words, e.span()) {
                    Ok(t) => armada_events.push((t, e.span())),
                    Err(f) => self.findings.push(f),
                }
            } else {
                match grammar.statement(&words, e.span(), true) {
                    Ok(stmt) => events.push((stmt, e.span())),
                    Err(f) => self.findings.push(f),
                }
            }
        }
        if kind != Kind::XwingRound && file.event.is_empty() {
            self.findings.push(Finding::error(Code::ScenarioMissingField, "the scenario has no `event`").at(self.file, 0..0).help("add `event = [\"…\"]`: what happens that triggers the abilities or effects"));
        }

        let mut effect_defs = Vec::new();
        for e in &file.effect {
            let e = e.get_ref();
            let owner = if let Some(&p) = players.get(e.owner.get_ref()) {
                Owner::Player(p)
            } else if let Some(&t) = teams.get(e.owner.get_ref()) {
                Owner::Team(t)
            } else {
                let mut known: Vec<&String> = players.keys().chain(teams.keys()).collect();
                known.sort();
                self.error(
                    Code::ScenarioUnknownReference,
                    e.owner.span(),
                    format!(
                        "`{}` is neither a player nor a team of this scenario",
                        e.owner.get_ref()
                    ),
                    "unknown owner",
                    format!(
                        "known: {}",
                        known
                            .iter()
                            .map(|k| format!("`{k}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                );
                Owner::Player(usize::MAX)
            };
            let timing =
                match words::armada_timing(self.file, &self.words(&e.timing), e.timing.span()) {
                    Ok(t) => t,
                    Err(f) => {
                        self.findings.push(f);
                        continue;
                    }
                };
            if !armada_events.is_empty()
                && !armada_events
                    .iter()
                    .any(|(ev, _): &(ArmadaTiming, _)| *ev == timing)
            {
                let listed = armada_events
                    .iter()
                    .map(|(ev, _)| format!("`{ev}`"))
                    .collect::<Vec<_>>()
                    .join(", ");
                self.error(
                    Code::ScenarioBadTiming,
                    e.timing.span(),
                    format!("the timing `{timing}` names no event of this scenario"),
                    "no such event here",
                    format!("the scenario's timing points are {listed}"),
                );
            }
            if e.attempts == 0 {
                self.error(
                    Code::ScenarioInvalidValue,
                    e.owner.span(),
                    "`attempts` must be at least 1".into(),
                    "in this effect",
                    "leave it out for one attempt".into(),
                );
            }
            effect_defs.push(EffectDef {
                id: e.id.clone(),
                owner,
                owner_span: e.owner.span(),
                card: e.card.clone(),
                card_type: *e.card_type.get_ref(),
                timing,
                optional: e.optional,
                cost: e.cost.clone(),
                does: e.does.clone(),
                attempts: e.attempts,
                use_: e.use_,
            });
        }

        Scenario {
            file: self.file,
            kind,
            title: file.title,
            question: file.question,
            source: file.source,
            max_steps: max_steps.max(1),
            max_steps_span,
            setup: file.setup,
            players: player_defs,
            teams: team_defs,
            ships: ship_defs,
            abilities: ability_defs,
            events,
            armada_events,
            effects: effect_defs,
        }
    }
}

fn sorted_keys(map: &HashMap<String, usize>) -> String {
    let mut keys: Vec<&String> = map.keys().collect();
    keys.sort();
    keys.iter()
        .map(|k| format!("`{k}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn mentions(stmt: &Stmt, who: words::Who) -> bool {
    use Stmt::*;
    match stmt {
        Perform { who: w, .. }
        | Gain { who: w, .. }
        | Remove { who: w, .. }
        | Suffer { who: w, .. }
        | LoseShield { who: w, .. }
        | RecoverShield { who: w, .. }
        | Execute { who: w, .. } => *w == who,
        Transfer { who: w, to, .. } => *w == who || *to == who,
        Attack { who: w, target }
        | AtRange {
            who: w,
            other: target,
            ..
        }
        | LeaveArc { who: w, of: target } => *w == who || *target == who,
        Choose { .. } | Phase { .. } => false,
    }
}

//! Armada scenario files (`kind = "armada/timing"`): players in player order, optional
//! Sector Fleets teams, the timing points that happen (`event`) and the card effects at
//! them (`[[effect]]`).

use super::ScenarioText;
use super::check::Check;
use super::words::{Word, bad_word, word_enum};
use crate::report::{Code, FileId, Finding};
use schemars::JsonSchema;
use serde::Deserialize;
use std::collections::HashMap;
use std::ops::Range;
use toml::Spanned;

/// The kinds of Armada scenario.
pub const KINDS: &[&str] = &["armada/timing"];

/// An Armada scenario's own tables (the envelope is read by [`super::read`]).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ScenarioFile {
    /// The timing points happen during set-up.
    #[serde(default)]
    pub setup: bool,
    /// Players in player order: the first one is the first player.
    #[serde(default)]
    #[schemars(with = "Vec<Player>")]
    pub player: Vec<Spanned<Player>>,
    /// Sector Fleets teams, first team first.
    #[serde(default)]
    #[schemars(with = "Vec<Team>")]
    pub team: Vec<Spanned<Team>>,
    /// The timing points that happen, in order, such as `after attack`.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub event: Vec<Spanned<String>>,
    /// Card effects in play.
    #[serde(default)]
    #[schemars(with = "Vec<Effect>")]
    pub effect: Vec<Spanned<Effect>>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Player {
    pub id: String,
    #[serde(default)]
    pub name: Option<String>,
    /// Sector Fleets: the team id.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub team: Option<Spanned<String>>,
    /// The order this player chooses for their effects at one timing point (effect ids).
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
// The checked scenario the engine works on.

#[derive(Debug, Clone)]
pub struct Scenario {
    pub file: FileId,
    pub max_steps: u32,
    pub setup: bool,
    pub players: Vec<PlayerDef>,
    pub teams: Vec<TeamDef>,
    pub events: Vec<(ArmadaTiming, Range<usize>)>,
    pub effects: Vec<EffectDef>,
}

#[derive(Debug, Clone)]
pub struct PlayerDef {
    pub id: String,
    pub name: String,
    pub team: Option<usize>,
    /// Indices into effects: the order this player resolves theirs in.
    pub order: Vec<usize>,
}

#[derive(Debug, Clone)]
pub struct TeamDef {
    pub id: String,
    pub name: String,
    pub grand_admiral: usize,
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

/// Read and check an Armada scenario. `Err` holds every problem found.
pub fn load(scenario: &ScenarioText<'_>) -> Result<Scenario, Vec<Finding>> {
    let file: ScenarioFile = scenario.body()?;
    let mut check = scenario.check();
    if file.player.is_empty() {
        check.missing(
            "a scenario needs at least one [[player]]",
            "add [[player]] tables in player order, first player first",
        );
    }
    let players = check.ids(&file.player, |p| &p.id, "player");
    let teams = check.ids(&file.team, |t| &t.id, "team");
    let effects_map = check.ids(&file.effect, |e| &e.id, "effect");

    let team_defs: Vec<TeamDef> = file
        .team
        .iter()
        .map(|t| team_def(&mut check, t.get_ref(), &players))
        .collect();
    let player_defs: Vec<PlayerDef> = file
        .player
        .iter()
        .map(|p| player_def(&mut check, p.get_ref(), &teams, &effects_map))
        .collect();
    if !file.team.is_empty() {
        require_teams(&mut check, &file.player, &player_defs);
    }

    let mut events = Vec::new();
    for e in &file.event {
        match armada_timing(check.file, &check.words(e), e.span()) {
            Ok(t) => events.push((t, e.span())),
            Err(f) => check.findings.push(f),
        }
    }
    if file.event.is_empty() {
        check.missing(
            "the scenario has no `event`",
            "add `event = [\"…\"]`: what happens that triggers the abilities or effects",
        );
    }
    let effect_defs = file
        .effect
        .iter()
        .filter_map(|e| effect_def(&mut check, e.get_ref(), &players, &teams, &events))
        .collect();

    let scenario = Scenario {
        file: check.file,
        max_steps: scenario.envelope.max_steps,
        setup: file.setup,
        players: player_defs,
        teams: team_defs,
        events,
        effects: effect_defs,
    };
    check.finish(scenario)
}

fn team_def(check: &mut Check<'_>, t: &Team, players: &HashMap<String, usize>) -> TeamDef {
    let grand_admiral = check.lookup(
        players,
        &t.grand_admiral,
        "player",
        Code::ScenarioUnknownReference,
    );
    TeamDef {
        id: t.id.clone(),
        name: t.name.clone().unwrap_or_else(|| t.id.clone()),
        grand_admiral,
    }
}

/// A player with its team and its order of effects resolved.
fn player_def(
    check: &mut Check<'_>,
    p: &Player,
    teams: &HashMap<String, usize>,
    effects_map: &HashMap<String, usize>,
) -> PlayerDef {
    let team = p
        .team
        .as_ref()
        .map(|t| check.lookup(teams, t, "team", Code::ScenarioUnknownReference));
    let order = p
        .order
        .iter()
        .map(|o| check.lookup(effects_map, o, "effect", Code::ScenarioUnknownReference))
        .collect();
    PlayerDef {
        id: p.id.clone(),
        name: p.name.clone().unwrap_or_else(|| p.id.clone()),
        team,
        order,
    }
}

/// In a team game every player is on a team.
fn require_teams(check: &mut Check<'_>, players: &[Spanned<Player>], defs: &[PlayerDef]) {
    for (p, def) in players.iter().zip(defs) {
        if def.team.is_none() {
            let span = check.find_in(&format!("\"{}\"", def.id), p.span());
            check.error(
                Code::ScenarioContradiction,
                span,
                format!("player `{}` has no team", def.id),
                "no `team`",
                "in a team game every player needs `team = \"…\"`".into(),
            );
        }
    }
}

/// An effect with its owner resolved and its timing one of the scenario's events; `None`
/// when its timing does not parse.
fn effect_def(
    check: &mut Check<'_>,
    e: &Effect,
    players: &HashMap<String, usize>,
    teams: &HashMap<String, usize>,
    events: &[(ArmadaTiming, Range<usize>)],
) -> Option<EffectDef> {
    let owner = owner(check, e, players, teams);
    let timing = match armada_timing(check.file, &check.words(&e.timing), e.timing.span()) {
        Ok(t) => t,
        Err(f) => {
            check.findings.push(f);
            return None;
        }
    };
    if !events.is_empty() && !events.iter().any(|(ev, _)| *ev == timing) {
        let listed = events
            .iter()
            .map(|(ev, _)| format!("`{ev}`"))
            .collect::<Vec<_>>()
            .join(", ");
        check.error(
            Code::ScenarioBadTiming,
            e.timing.span(),
            format!("the timing `{timing}` names no event of this scenario"),
            "no such event here",
            format!("the scenario's timing points are {listed}"),
        );
    }
    if e.attempts == 0 {
        check.error(
            Code::ScenarioInvalidValue,
            e.owner.span(),
            "`attempts` must be at least 1".into(),
            "in this effect",
            "leave it out for one attempt".into(),
        );
    }
    Some(EffectDef {
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
    })
}

/// An effect's owner: a player or a team of the scenario.
fn owner(
    check: &mut Check<'_>,
    e: &Effect,
    players: &HashMap<String, usize>,
    teams: &HashMap<String, usize>,
) -> Owner {
    if let Some(&p) = players.get(e.owner.get_ref()) {
        return Owner::Player(p);
    }
    if let Some(&t) = teams.get(e.owner.get_ref()) {
        return Owner::Team(t);
    }
    let mut known: Vec<&String> = players.keys().chain(teams.keys()).collect();
    known.sort();
    check.error(
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
}

/// Armada: `when|while|before|after <event words>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArmadaTiming {
    pub moment: ArmadaMoment,
    pub event: String,
}

word_enum!(
    /// The timing words of the Armada rules.
    ArmadaMoment {
        When = "when",
        While = "while",
        Before = "before",
        After = "after",
    }
);

impl std::fmt::Display for ArmadaTiming {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.moment.as_str(), self.event)
    }
}

pub fn armada_timing(
    file: FileId,
    words: &[Word],
    whole: Range<usize>,
) -> Result<ArmadaTiming, Finding> {
    let Some(first) = words.first() else {
        return Err(
            Finding::error(Code::ScenarioBadTiming, "the timing is empty")
                .at(file, whole)
                .label("no words")
                .help("write e.g. `after attack`"),
        );
    };
    let moment = ArmadaMoment::parse(&first.text).ok_or_else(|| {
        bad_word(
            file,
            Code::ScenarioBadTiming,
            first.span.clone(),
            format!("`{}` is not a timing word", first.text),
            "unknown timing word",
            format!("an Armada timing starts with {}", ArmadaMoment::list()),
        )
    })?;
    if words.len() < 2 {
        let end = first.span.end..first.span.end;
        return Err(Finding::error(
            Code::ScenarioBadTiming,
            format!("the timing `{}` names no event", first.text),
        )
        .at(file, end)
        .label("an event is missing here")
        .help("name the event after the timing word, e.g. `after attack`"));
    }
    let event = words
        .iter()
        .skip(1)
        .map(|w| w.text.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    Ok(ArmadaTiming { moment, event })
}

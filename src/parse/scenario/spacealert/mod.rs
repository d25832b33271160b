//! Space Alert mission files (`kind = "spacealert/mission"`): the trajectory of each zone,
//! the threats of the mission with the turn each appears, and every crew member's action
//! board. Checked into a [`Mission`] whose threats and tracks are the built-in card data.

pub mod words;

use super::ScenarioText;
use crate::cards::spacealert::{
    Ship, SpaceAlertCards, Threat, ThreatKind, Tile, Trajectory, ZoneId,
};
use crate::report::{Code, FileId, Finding};
use crate::text::{did_you_mean, normalize};
use schemars::JsonSchema;
use serde::Deserialize;
use toml::Spanned;
pub use words::{Action, Placement};

/// The kinds of Space Alert scenario.
pub const KINDS: &[&str] = &["spacealert/mission"];

/// Turns of the action round (§2: phases of turns 1-3, 4-7 and 8-12).
pub const TURNS: usize = 12;

/// A mission's own tables (the envelope is read by [`super::read`]).
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct MissionFile {
    /// The trajectory (`T1` … `T7`) of each zone and of the internal track.
    pub tracks: Tracks,
    /// The threats, each with the zone and the turn it appears on.
    #[serde(default)]
    #[schemars(with = "Vec<ThreatLine>")]
    pub threat: Vec<Spanned<ThreatLine>>,
    /// The crew in seat order, captain first; an android is a crew member too.
    #[serde(default)]
    #[schemars(with = "Vec<PlayerLine>")]
    pub player: Vec<Spanned<PlayerLine>>,
    /// The order damage tiles are drawn in, per zone (default: the ship data's order).
    #[serde(default)]
    pub damage_tiles: Option<TileLines>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Tracks {
    #[schemars(with = "String")]
    pub red: Spanned<String>,
    #[schemars(with = "String")]
    pub white: Spanned<String>,
    #[schemars(with = "String")]
    pub blue: Spanned<String>,
    /// Needed when the mission has an internal threat.
    #[serde(default)]
    #[schemars(with = "Option<String>")]
    pub internal: Option<Spanned<String>>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ThreatLine {
    /// Spanish or English name, the card id, or the code printed on the card (`E1-07`).
    #[schemars(with = "String")]
    pub name: Spanned<String>,
    /// `red`, `white`, `blue` or `internal` (Spanish `roja`, `blanca`, `azul`, `interna`).
    #[schemars(with = "String")]
    pub zone: Spanned<String>,
    /// 1 to 8: the turn it appears on.
    #[schemars(with = "i64")]
    pub turn: Spanned<i64>,
    /// An unconfirmed report: the threat only comes with five crew members (§2.1, §5.4).
    #[serde(default)]
    pub unconfirmed: bool,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerLine {
    #[serde(default)]
    pub name: Option<String>,
    /// An android (§5): a crew member with no player of its own.
    #[serde(default)]
    pub android: bool,
    /// Turns 1 to 12; missing turns hold no card.
    #[serde(default)]
    #[schemars(with = "Vec<String>")]
    pub actions: Vec<Spanned<String>>,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TileLines {
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub red: Option<Spanned<Vec<Spanned<String>>>>,
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub white: Option<Spanned<Vec<Spanned<String>>>>,
    #[serde(default)]
    #[schemars(with = "Option<Vec<String>>")]
    pub blue: Option<Spanned<Vec<Spanned<String>>>>,
}

// ---------------------------------------------------------------------------------------
// The checked mission the engine works on.

#[derive(Debug, Clone)]
pub struct Mission<'db> {
    pub file: FileId,
    pub cards: &'db SpaceAlertCards,
    /// Red, white, blue.
    pub tracks: [&'db Trajectory; 3],
    pub internal_track: Option<&'db Trajectory>,
    /// In the order of their numbered tokens: by turn, then as written.
    pub threats: Vec<MissionThreat<'db>>,
    pub crew: Vec<CrewMember>,
    /// Per zone (red, white, blue), when the file gives the order.
    pub damage_tiles: Option<[Vec<Tile>; 3]>,
}

#[derive(Debug, Clone)]
pub struct MissionThreat<'db> {
    pub threat: &'db Threat,
    pub placement: Placement,
    pub turn: u8,
    pub unconfirmed: bool,
}

#[derive(Debug, Clone)]
pub struct CrewMember {
    pub name: String,
    pub android: bool,
    pub actions: [Action; TURNS],
}

/// Read and check a mission. `Err` holds every problem found.
pub fn load<'db>(
    scenario: &ScenarioText<'_>,
    cards: &'db SpaceAlertCards,
) -> Result<Mission<'db>, Vec<Finding>> {
    let file: MissionFile = scenario.body()?;
    let mut check = scenario.check();
    let Some(ship) = cards.ship.as_ref() else {
        return Err(vec![
            Finding::error(
                Code::SpacealertData,
                "the built-in data has no Space Alert ship",
            )
            .help("rebuild arbiter with data/cards/spacealert/ship.toml"),
        ]);
    };
    let red = track(&mut check, cards, &file.tracks.red, "red");
    let white = track(&mut check, cards, &file.tracks.white, "white");
    let blue = track(&mut check, cards, &file.tracks.blue, "blue");
    let internal_track = file
        .tracks
        .internal
        .as_ref()
        .and_then(|t| track(&mut check, cards, t, "internal"));
    let chosen = [
        (red, &file.tracks.red),
        (white, &file.tracks.white),
        (blue, &file.tracks.blue),
    ]
    .into_iter()
    .chain(file.tracks.internal.as_ref().map(|t| (internal_track, t)));
    refuse_reused_boards(&mut check, chosen);
    let threats = threats(&mut check, cards, ship, &file);
    let crew = crew(&mut check, ship, &file.player);
    let damage_tiles = file
        .damage_tiles
        .as_ref()
        .map(|lines| tile_orders(&mut check, cards, lines));

    let (Some(red), Some(white), Some(blue)) = (red, white, blue) else {
        return Err(check.findings);
    };
    let mission = Mission {
        file: check.file,
        cards,
        tracks: [red, white, blue],
        internal_track,
        threats,
        crew,
        damage_tiles,
    };
    check.finish(mission)
}

/// The trajectory a `[tracks]` value names, by id or nickname.
fn track<'db>(
    check: &mut super::Check<'_>,
    cards: &'db SpaceAlertCards,
    value: &Spanned<String>,
    what: &str,
) -> Option<&'db Trajectory> {
    let key = normalize(value.get_ref()).replace(' ', "");
    let found = cards.trajectories.iter().find(|t| {
        normalize(&t.id).replace(' ', "") == key
            || t.nicknames
                .iter()
                .any(|n| normalize(n).replace(' ', "") == key)
    });
    if found.is_none() {
        check.error(
            Code::SpacealertUnknownTrajectory,
            value.span(),
            format!("`{}` is not a trajectory", value.get_ref()),
            &format!("unknown {what} trajectory"),
            format!(
                "the trajectories are {}",
                cards
                    .trajectories
                    .iter()
                    .map(|t| format!("`{}`", t.id))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
    }
    found.map(|t| &t.value)
}

/// §1: the trajectory boards are drawn at random, so one board cannot serve two zones.
fn refuse_reused_boards<'db, 'f>(
    check: &mut super::Check<'_>,
    chosen: impl Iterator<Item = (Option<&'db Trajectory>, &'f Spanned<String>)>,
) {
    let mut seen: Vec<&str> = Vec::new();
    for (found, value) in chosen {
        let Some(t) = found else { continue };
        if seen.contains(&t.id.as_str()) {
            check.error(
                Code::SpacealertUnknownTrajectory,
                value.span(),
                format!("trajectory {} is used twice", t.id),
                "already on another zone",
                "each zone gets its own trajectory board (Space Alert rulebook §1: three for the zones and one internal, drawn at random)".into(),
            );
        }
        seen.push(&t.id);
    }
}

/// The mission's threats in token order: by the turn they are announced, equal turns in
/// file order.
fn threats<'db>(
    check: &mut super::Check<'_>,
    cards: &'db SpaceAlertCards,
    ship: &Ship,
    file: &MissionFile,
) -> Vec<MissionThreat<'db>> {
    let mut threats = Vec::new();
    for line in &file.threat {
        let line = line.get_ref();
        let threat = find_threat(check, cards, &line.name);
        let placement = words::placement(line.zone.get_ref());
        if placement.is_none() {
            check.error(
                Code::SpacealertWrongZone,
                line.zone.span(),
                format!("`{}` is not a zone", line.zone.get_ref()),
                "unknown zone",
                "write `red`, `white`, `blue` or `internal` (or `roja`, `blanca`, `azul`, `interna`)".into(),
            );
        }
        let turn = *line.turn.get_ref();
        let last = i64::from(ship.last_appearance_turn);
        if !(1..=last).contains(&turn) {
            check.error(
                Code::SpacealertTurnOutOfRange,
                line.turn.span(),
                format!("a threat cannot appear on turn {turn}"),
                "outside 1..8",
                format!("threats are announced at T+1 to T+{last} (Space Alert rulebook §2.1): use a turn from 1 to {last}"),
            );
        }
        let (Some(threat), Some(placement)) = (threat, placement) else {
            continue;
        };
        check_placement(
            check,
            threat,
            placement,
            line,
            file.tracks.internal.is_some(),
        );
        if threats
            .iter()
            .any(|t: &MissionThreat| std::ptr::eq(t.threat, threat))
        {
            check.error(
                Code::SpacealertThreatTwice,
                line.name.span(),
                format!("{} ({}) is in the mission twice", threat.name, threat.card),
                "the same card again",
                "each announced threat is the top card of its deck, so one card comes once (Space Alert rulebook 2.1); name another threat card".into(),
            );
        }
        if (1..=last).contains(&turn) {
            threats.push(MissionThreat {
                threat,
                placement,
                turn: turn as u8,
                unconfirmed: line.unconfirmed,
            });
        }
    }
    // Tokens are numbered by the time of the announcement; equal times keep file order.
    threats.sort_by_key(|t| t.turn);
    threats
}

/// §2.1: an external threat goes on a zone's track, an internal one on the internal track,
/// which the mission must then have.
fn check_placement(
    check: &mut super::Check<'_>,
    threat: &Threat,
    placement: Placement,
    line: &ThreatLine,
    has_internal_track: bool,
) {
    let fits = matches!(
        (threat.kind, placement),
        (ThreatKind::External, Placement::External(_))
            | (ThreatKind::Internal, Placement::Internal)
    );
    if !fits {
        let (label, help) = match threat.kind {
            ThreatKind::External => (
                "an external threat here",
                "external threats go on the track of a zone: `red`, `white` or `blue` (§2.1)",
            ),
            ThreatKind::Internal => (
                "an internal threat here",
                "internal threats go on the internal track: `zone = \"internal\"` (§2.1)",
            ),
        };
        check.error(
            Code::SpacealertWrongZone,
            line.zone.span(),
            format!(
                "{} is an {} threat and cannot enter `{}`",
                threat.name,
                threat.kind.as_str(),
                line.zone.get_ref()
            ),
            label,
            help.into(),
        );
    } else if threat.kind == ThreatKind::Internal && !has_internal_track {
        check.error(
            Code::SpacealertUnknownTrajectory,
            line.zone.span(),
            "the mission has an internal threat but no internal trajectory".into(),
            "needs `[tracks] internal`",
            "add `internal = \"T…\"` under [tracks]".into(),
        );
    }
}

/// The crew in seat order, with a name for those the file leaves unnamed; the crew size
/// must be one the ship takes.
fn crew(
    check: &mut super::Check<'_>,
    ship: &Ship,
    players: &[Spanned<PlayerLine>],
) -> Vec<CrewMember> {
    let mut crew = Vec::new();
    for (seat, line) in players.iter().enumerate() {
        let line_ref = line.get_ref();
        let actions = action_board(check, line_ref);
        let default_name = if line_ref.android {
            format!("Android {}", seat + 1)
        } else {
            format!("Player {}", seat + 1)
        };
        crew.push(CrewMember {
            name: line_ref.name.clone().unwrap_or(default_name),
            android: line_ref.android,
            actions,
        });
    }
    let (min, max) = (usize::from(ship.crew_min), usize::from(ship.crew_max));
    if !(min..=max).contains(&crew.len()) {
        let span = players.last().map_or_else(
            || check.table_span("player"),
            |p| check.key_span("[[player]]", p.span().end..p.span().end),
        );
        check.error(
            Code::SpacealertCrew,
            span,
            format!("a crew of {} member{}", crew.len(), if crew.len() == 1 { "" } else { "s" }),
            "crew size",
            format!("a mission has {min} or {max} crew members: with fewer players, androids fill the crew to {min} (Space Alert rulebook §5; §5.4 for five); add [[player]] tables with `android = true`"),
        );
    }
    crew
}

/// A crew member's action for each turn, empty where the file gives none.
fn action_board(check: &mut super::Check<'_>, line: &PlayerLine) -> [Action; TURNS] {
    let mut actions = [Action::None; TURNS];
    for (i, word) in line.actions.iter().enumerate() {
        if i >= TURNS {
            check.error(
                Code::SpacealertTurnOutOfRange,
                word.span(),
                format!("an action for turn {}, after the last turn {TURNS}", i + 1),
                "turn 13 or later",
                "the action round has 12 turns (Space Alert rulebook §2); remove the extra actions"
                    .into(),
            );
            break;
        }
        match words::action(word.get_ref()) {
            Some(a) => {
                if let Some(slot) = actions.get_mut(i) {
                    *slot = a;
                }
            }
            None => check.error(
                Code::SpacealertUnknownAction,
                word.span(),
                format!("`{}` is not an action", word.get_ref()),
                "unknown action word",
                format!("the action words are {}", words::ACTION_WORDS),
            ),
        }
    }
    actions
}

/// A threat by Spanish or English name, nickname (the printed card code is one) or id, like
/// card lookups elsewhere.
fn find_threat<'db>(
    check: &mut super::Check<'_>,
    cards: &'db SpaceAlertCards,
    name: &Spanned<String>,
) -> Option<&'db Threat> {
    let key = normalize(name.get_ref());
    let names = |t: &'db Threat| {
        std::iter::once(t.name.as_str())
            .chain(std::iter::once(t.name_en.as_str()))
            .chain(std::iter::once(t.id.as_str()))
            .chain(t.nicknames.iter().map(String::as_str))
    };
    let matches: Vec<&'db Threat> = cards
        .threats
        .iter()
        .map(|t| &t.value)
        .filter(|t| names(t).any(|n| normalize(n) == key))
        .collect();
    match matches.as_slice() {
        [one] => Some(one),
        [] => {
            let all: Vec<&str> = cards.threats.iter().flat_map(|t| names(t)).collect();
            check.error(
                Code::SpacealertUnknownThreat,
                name.span(),
                format!("no Space Alert threat is called `{}`", name.get_ref()),
                "unknown threat",
                did_you_mean(
                    name.get_ref(),
                    all,
                    "`arbiter cards search --game spacealert` lists the threats",
                ),
            );
            None
        }
        several => {
            check.error(
                Code::SpacealertUnknownThreat,
                name.span(),
                format!("`{}` names {} threat cards", name.get_ref(), several.len()),
                "more than one card",
                format!(
                    "name one card by its id or printed code: {}",
                    several
                        .iter()
                        .map(|t| format!("`{}` ({})", t.id, t.card))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
            None
        }
    }
}

fn tile_orders(
    check: &mut super::Check<'_>,
    cards: &SpaceAlertCards,
    lines: &TileLines,
) -> [Vec<Tile>; 3] {
    let mut out: [Vec<Tile>; 3] = Default::default();
    for (zone, line) in [
        (ZoneId::Red, &lines.red),
        (ZoneId::White, &lines.white),
        (ZoneId::Blue, &lines.blue),
    ] {
        let default: Vec<Tile> = cards
            .damage_tiles
            .iter()
            .find(|d| d.zone == zone)
            .map(|d| d.tiles.clone())
            .unwrap_or_default();
        let Some(line) = line else {
            if let Some(slot) = out.get_mut(zone.index()) {
                *slot = default;
            }
            continue;
        };
        let mut order = Vec::new();
        for word in line.get_ref() {
            match words::tile(word.get_ref()) {
                Some(t) => order.push(t),
                None => check.error(
                    Code::SpacealertDamageTiles,
                    word.span(),
                    format!("`{}` is not a damage tile", word.get_ref()),
                    "unknown tile",
                    format!(
                        "the tiles are {}",
                        Tile::ALL
                            .iter()
                            .map(|t| format!("`{}`", t.as_str()))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ),
            }
        }
        let mut sorted = order.clone();
        sorted.sort();
        let mut expected = default.clone();
        expected.sort();
        if order.len() == line.get_ref().len() && sorted != expected {
            check.error(
                Code::SpacealertDamageTiles,
                line.span(),
                format!("these are not the {} zone's damage tiles", zone.as_str()),
                "not this zone's six tiles",
                format!(
                    "the {} zone's tiles are {} (Space Alert rulebook §3.4: 6 a zone), each once, in the order drawn",
                    zone.as_str(),
                    default.iter().map(|t| format!("`{}`", t.as_str())).collect::<Vec<_>>().join(", ")
                ),
            );
        }
        if let Some(slot) = out.get_mut(zone.index()) {
            *slot = order;
        }
    }
    out
}

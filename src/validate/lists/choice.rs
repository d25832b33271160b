//! What the command line chose for a run (game, format, points revision), checked once
//! before any list is read, and the format a list names for itself.

use crate::cards::formats::Format;
use crate::cards::{CardDb, Game};
use crate::parse::{armada as armada_parse, xwing as xwing_parse};

/// The choices of a run; `None` fields are decided per list.
#[derive(Debug)]
pub struct Options<'db> {
    pub game: Option<Game>,
    pub armada_format: Option<&'db Format>,
    pub xwing_format: Option<String>,
    pub points: Option<String>,
    /// Talon: the points limit `--points-limit` sets (else the list's `Points:` line).
    pub talon_points_limit: Option<u32>,
    /// The Armada format of a list that names none: `standard`, else the first there is.
    pub armada_default: &'db Format,
}

/// What a run asks for, as given on the command line.
#[derive(Debug, Default, Clone)]
pub struct Request {
    pub game: Option<Game>,
    pub format: Option<String>,
    pub points: Option<String>,
    pub talon_points_limit: Option<u32>,
    /// Team play is Armada's.
    pub teams: bool,
}

impl<'db> Options<'db> {
    /// Check the request against the data: an unknown format or points revision is an
    /// error of the run, not of each list.
    pub fn new(db: &'db CardDb, request: &Request) -> Result<Self, String> {
        let game = request.game.or(request.teams.then_some(Game::Armada));
        let armada_default = db
            .format(Game::Armada, "standard")
            .or_else(|| db.formats_of(Game::Armada).next())
            .ok_or("the card data has no Armada format (a `--data` folder replaced them all)")?;
        let mut options = Options {
            game,
            armada_format: None,
            xwing_format: None,
            points: request.points.clone(),
            talon_points_limit: request.talon_points_limit,
            armada_default,
        };
        if let Some(id) = &request.format {
            let armada = db.format(Game::Armada, id);
            let xwing = db.format(Game::Xwing, id);
            if armada.is_none() && xwing.is_none() {
                let known: Vec<&str> = db.formats.iter().map(|f| f.value.id.as_str()).collect();
                return Err(format!(
                    "no format is called `{id}`; the formats are: {}",
                    known.join(", ")
                ));
            }
            options.armada_format = armada;
            options.xwing_format = xwing.map(|f| f.id.clone());
        }
        // One `--points` serves a run of both games: it must name a revision of the game
        // asked for, or of either; each game's lists use it where it is that game's.
        if let Some(points) = &request.points {
            let xwing = db.xwing.revision(points).is_some();
            let armada = db.armada.revision(points).is_some();
            let known = match game {
                Some(Game::Xwing) => xwing,
                Some(Game::Armada) => armada,
                _ => xwing || armada,
            };
            if !known {
                let xwing_ids: Vec<&str> =
                    db.xwing.revisions.iter().map(|r| r.id.as_str()).collect();
                let armada_ids = db.armada.revision_ids();
                let list = match game {
                    Some(Game::Xwing) => format!("X-Wing: {}", xwing_ids.join(", ")),
                    Some(Game::Armada) => format!("Armada: {}", armada_ids.join(", ")),
                    _ => format!(
                        "X-Wing: {}; Armada: {}",
                        xwing_ids.join(", "),
                        armada_ids.join(", ")
                    ),
                };
                return Err(format!(
                    "no points revision is called `{points}`; the revisions are: {list}"
                ));
            }
        }
        Ok(options)
    }
}

/// The format an Armada list names: a `Gamemode:` line or the points limit it was built to.
pub fn armada_format_from_list<'db>(
    db: &'db CardDb,
    parsed: &armada_parse::ParsedFleet,
) -> Option<&'db Format> {
    let limit = parsed.points.limit.as_ref().map(|n| n.value).or_else(|| {
        let mode = parsed.gamemode.as_ref()?.text.to_ascii_lowercase();
        mode.split(|c: char| !c.is_ascii_digit())
            .filter_map(|n| n.parse::<u32>().ok())
            .find(|n| *n >= 100)
    })?;
    // Among formats of the same size the current one wins over the 1.0 Rules Reference.
    db.formats_of(Game::Armada)
        .filter(|f| !f.team_only && f.points_limit == limit)
        .min_by_key(|f| (f.id != "standard", f.id.starts_with("rrg")))
}

/// The format an X-Wing squad names (its game mode or the ruleset it was built for).
pub fn xwing_format_from_list(parsed: &xwing_parse::ParsedSquad) -> Option<&'static str> {
    use xwing_parse::{GameMode, RulesetHint};
    match parsed.game_mode {
        Some(GameMode::Standard) => Some("standard"),
        Some(GameMode::Extended) => Some("extended"),
        Some(GameMode::Xwa | GameMode::XwaBeta) => Some("xwa-standard"),
        _ => (parsed.ruleset_hint() == Some(RulesetHint::Xwa)).then_some("xwa-standard"),
    }
}

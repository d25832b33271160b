//! X-Wing's part of a validate run: which inputs are X-Wing squads, and the format and
//! points revision each is judged under.

use super::report::xwing_report;
use super::{Options, Validator};
use crate::cards::{CardDb, Game};
use crate::parse::xwing::{self as xwing_parse, GameMode, ParsedSquad, RulesetHint, yasb_link};
use crate::report::list::ListReport;
use crate::report::{FileId, SourceFiles};
use crate::validate::{
    GameLists, ListBytes, ListKind, ListOption, ListSigns, Request, Sign, unreadable_list,
};

pub const SIGNS: ListSigns = ListSigns {
    game: Game::Xwing,
    recognise,
    max_input_bytes: xwing_parse::MAX_INPUT_BYTES,
};

/// XWS JSON and builder links are unmistakable; text exports are a layout.
fn recognise(probe: &str, sign: Sign) -> Option<Option<&'static str>> {
    let trimmed = probe.trim_start_matches('\u{feff}').trim_start();
    let unmistakable = trimmed.starts_with('{') || yasb_link::looks_like_link(trimmed.trim_end());
    match sign {
        Sign::Unmistakable if !unmistakable => None,
        Sign::Unmistakable => match xwing_parse::detect(probe)? {
            xwing_parse::SourceFormat::Xws | xwing_parse::SourceFormat::YasbLink => Some(None),
            _ => None,
        },
        Sign::Layout => xwing_parse::detect(probe).map(|_| None),
    }
}

/// The X-Wing card data with its lookup tables and the run's choices.
pub struct XwingLists<'db> {
    db: &'db CardDb,
    validator: Validator<'db>,
    /// `--format`, when it names an X-Wing format.
    format: Option<String>,
    /// `--points`, when it names an X-Wing points revision.
    points: Option<String>,
    tables: bool,
}

impl<'db> XwingLists<'db> {
    pub fn new(db: &'db CardDb, request: &Request) -> Self {
        XwingLists {
            db,
            validator: Validator::new(db),
            format: request
                .format
                .as_deref()
                .and_then(|id| db.format(Game::Xwing, id))
                .map(|f| f.id.clone()),
            points: request
                .points
                .clone()
                .filter(|p| db.xwing.revision(p).is_some()),
            tables: request.tables,
        }
    }
}

impl GameLists for XwingLists<'_> {
    fn game(&self) -> Game {
        Game::Xwing
    }

    fn list_kind(&self) -> ListKind {
        ListKind {
            noun: "X-Wing squad",
            how: "an X-Wing squad as XWS JSON, a YASB link or a builder's text export",
        }
    }

    /// The limit comes from the format: `--points-limit` is Talon's.
    fn uses(&self, option: ListOption) -> bool {
        option != ListOption::PointsLimit
    }

    fn check(&self, list: ListBytes<'_>, _builder: Option<&'static str>) -> ListReport {
        let mut files = SourceFiles::default();
        let parsed = match xwing_parse::read(&mut files, list.name, list.bytes) {
            Ok(parsed) => parsed,
            Err(findings) if files.is_empty() => {
                return unreadable_list(list.name, Some(Game::Xwing), list.bytes, |_, _| findings);
            }
            Err(findings) => {
                return ListReport::unreadable(
                    list.name.to_string(),
                    Some(Game::Xwing.as_str()),
                    files,
                    findings,
                );
            }
        };
        let file = FileId(0);
        let (format, format_source) = match &self.format {
            Some(format) => (format.clone(), "option"),
            None => match format_named_by(&parsed) {
                Some(format) => (format.to_string(), "list"),
                None => ("standard".to_string(), "default"),
            },
        };
        let options = Options {
            format,
            points: self.points.clone(),
        };
        match self.validator.validate(file, &parsed, &options) {
            Ok(squad) => xwing_report(
                list.name.to_string(),
                files,
                file,
                &parsed,
                squad,
                format_source,
                self.tables.then_some(&self.db.xwing),
            ),
            Err(finding) => ListReport::unreadable(
                list.name.to_string(),
                Some(Game::Xwing.as_str()),
                files,
                vec![finding.at(file, 0..0)],
            ),
        }
    }
}

/// The format an X-Wing squad names (its game mode or the ruleset it was built for).
pub fn format_named_by(parsed: &ParsedSquad) -> Option<&'static str> {
    match parsed.game_mode {
        Some(GameMode::Standard) => Some("standard"),
        Some(GameMode::Extended) => Some("extended"),
        Some(GameMode::Xwa | GameMode::XwaBeta) => Some("xwa-standard"),
        _ => (parsed.ruleset_hint() == Some(RulesetHint::Xwa)).then_some("xwa-standard"),
    }
}

//! Talon's part of a validate run: which inputs are Talon fleets, and the points limit
//! each is judged against.

use super::{talon_report, validate};
use crate::cards::{CardDb, Game};
use crate::parse::talon as talon_parse;
use crate::report::SourceFiles;
use crate::report::list::{ListReport, unknown_game};
use crate::validate::{
    GameLists, ListBytes, ListKind, ListOption, ListSigns, Request, Sign, unreadable_list,
};

/// Talon fleets are short: a side, a points line and a line per class.
const MAX_INPUT_BYTES: usize = 1 << 20;

pub const SIGNS: ListSigns = ListSigns {
    game: Game::Talon,
    recognise,
    max_input_bytes: MAX_INPUT_BYTES,
};

/// A `Side:` line no other game's list has.
fn recognise(probe: &str, sign: Sign) -> Option<Option<&'static str>> {
    (sign == Sign::Unmistakable && talon_parse::detect(probe)).then_some(None)
}

/// The Talon classes and the run's `--points-limit`.
pub struct TalonLists<'db> {
    db: &'db CardDb,
    points_limit: Option<u32>,
    tables: bool,
}

impl<'db> TalonLists<'db> {
    pub fn new(db: &'db CardDb, request: &Request) -> Self {
        TalonLists {
            db,
            points_limit: request.points_limit,
            tables: request.tables,
        }
    }
}

impl GameLists for TalonLists<'_> {
    fn game(&self) -> Game {
        Game::Talon
    }

    fn list_kind(&self) -> ListKind {
        ListKind {
            noun: "Talon fleet",
            how: "a Talon fleet list with its `Side:` line",
        }
    }

    /// Talon has one points scale and no formats: only the limit applies.
    fn uses(&self, option: ListOption) -> bool {
        option == ListOption::PointsLimit
    }

    fn check(&self, list: ListBytes<'_>, _builder: Option<&'static str>) -> ListReport {
        let Ok(text) = std::str::from_utf8(list.bytes) else {
            let kind = self.list_kind();
            let expected = crate::text::with_article(kind.noun);
            return unreadable_list(list.name, Some(Game::Talon), list.bytes, |file, text| {
                vec![unknown_game(file, text, &expected, kind.how)]
            });
        };
        let mut files = SourceFiles::default();
        let file = files.add(list.name, text.to_string());
        let parsed = talon_parse::parse(file, text);
        let fleet = validate(&self.db.talon, &parsed, file, self.points_limit);
        talon_report(
            list.name.to_string(),
            files,
            file,
            &parsed,
            fleet,
            self.tables,
        )
    }
}

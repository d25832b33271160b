//! What one game offers list validation: telling its lists apart from other games', and
//! checking them. Each game's folder implements [`GameLists`]; `validate::lists` runs any
//! number of inputs through them without knowing which games there are.

use crate::cards::Game;
use crate::report::list::ListReport;
use crate::report::{FileId, Finding, SourceFiles, shown_prefix};

/// What a run asks for, as given on the command line. Each game takes the choices that
/// are its own (a format id of its formats, a points revision of its card data).
#[derive(Debug, Default, Clone)]
pub struct Request {
    pub game: Option<Game>,
    pub format: Option<String>,
    pub points: Option<String>,
    pub points_limit: Option<u32>,
    /// Team play: the run checks groups of lists together.
    pub teams: bool,
    /// Build each list's points table (human output that shows lists in full).
    pub tables: bool,
}

/// A choice of the request that a game may take or leave.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListOption {
    Format,
    Points,
    PointsLimit,
}

impl ListOption {
    pub const ALL: [ListOption; 3] = [
        ListOption::Format,
        ListOption::Points,
        ListOption::PointsLimit,
    ];

    /// The command-line flag.
    pub fn flag(self) -> &'static str {
        match self {
            ListOption::Format => "--format",
            ListOption::Points => "--points",
            ListOption::PointsLimit => "--points-limit",
        }
    }
}

impl Request {
    /// The options the request gives, each with its value as written.
    pub fn given(&self) -> Vec<(ListOption, String)> {
        let mut given = Vec::new();
        if let Some(format) = &self.format {
            given.push((ListOption::Format, format.clone()));
        }
        if let Some(points) = &self.points {
            given.push((ListOption::Points, points.clone()));
        }
        if let Some(limit) = self.points_limit {
            given.push((ListOption::PointsLimit, limit.to_string()));
        }
        given
    }
}

/// How a game recognises its lists. Signs no other game's list has (a `Side:` line, XWS
/// JSON, a builder link) are asked of every game before any layout (a builder's text
/// export), so an unmistakable sign of one game beats a layout another game could match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sign {
    Unmistakable,
    Layout,
}

impl Sign {
    pub const IN_ORDER: [Sign; 2] = [Sign::Unmistakable, Sign::Layout];
}

/// How one game tells its lists from other games' and bounds them, without card data: a
/// run asks this before it loads any, so a few lists load only their games' cards.
#[derive(Clone, Copy)]
pub struct ListSigns {
    pub game: Game,
    /// Whether `probe` (the first lines of an input) starts like one of this game's lists
    /// by this kind of sign; `Some(builder)` when it does.
    pub recognise: fn(probe: &str, sign: Sign) -> Option<Option<&'static str>>,
    /// The largest input this game reads; larger ones are refused unread.
    pub max_input_bytes: usize,
}

/// A recognised list: the game and, where the game tells them apart, the builder or
/// format the text is in (`kingston`, `xws`), so its reader need not tell it again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Recognised {
    pub game: Game,
    pub builder: Option<&'static str>,
}

/// What one game's list is called ("Armada fleet") and how a player gets one ("an
/// Armada fleet exported as text by a builder").
#[derive(Debug, Clone, Copy)]
pub struct ListKind {
    pub noun: &'static str,
    pub how: &'static str,
}

/// One input's bytes with its name, read and bounded.
#[derive(Debug, Clone, Copy)]
pub struct ListBytes<'a> {
    pub name: &'a str,
    pub bytes: &'a [u8],
    /// The bytes as text, when telling the game found every one of them valid UTF-8, so a
    /// reader need not check them again (about 1 % of an Armada list's work); `None` when
    /// that is not known.
    pub text: Option<&'a str>,
}

impl<'a> ListBytes<'a> {
    /// An input not yet looked at.
    pub fn new(name: &'a str, bytes: &'a [u8]) -> Self {
        ListBytes {
            name,
            bytes,
            text: None,
        }
    }
}

/// A member of a team as read for team play: its bytes, or the report of why it could
/// not be read (or is no list of the game).
pub type TeamMember<'a> = Result<(ListBytes<'a>, Option<&'static str>), Box<ListReport>>;

/// One game's list validation, built once per run from the card data and the run's
/// request, then asked about any number of inputs.
pub trait GameLists: Sync {
    fn game(&self) -> Game;

    /// What one of its lists is called and how to get one, for headings and for the
    /// message on an input that is no list at all.
    fn list_kind(&self) -> ListKind;

    /// Read, resolve and check one list of this game (`builder` as recognised, if it was).
    fn check(&self, list: ListBytes<'_>, builder: Option<&'static str>) -> ListReport;

    /// Whether this game's lists take `option`; one they do not take is ignored, with a
    /// warning on each such list.
    fn uses(&self, option: ListOption) -> bool;

    /// Whether this game's lists are checked in teams (`--team`).
    fn plays_in_teams(&self) -> bool {
        false
    }

    /// Team play: each team's members checked together. Only asked of a game that
    /// [`plays_in_teams`](GameLists::plays_in_teams).
    fn check_teams(&self, teams: Vec<Vec<TeamMember<'_>>>) -> Result<Vec<ListReport>, String> {
        let _ = teams;
        Err(format!(
            "{} lists are not played in teams",
            self.game().title()
        ))
    }
}

/// The report of an input that could not be read as a list, quoting its start: the one
/// place such a report is made. `findings` gets the file the quote is in and its text.
pub fn unreadable_list(
    name: &str,
    game: Option<Game>,
    bytes: &[u8],
    findings: impl FnOnce(FileId, &str) -> Vec<Finding>,
) -> ListReport {
    let mut files = SourceFiles::default();
    let file = files.add(name, shown_prefix(bytes, 4096));
    let text = files.text(file).to_string();
    let findings = findings(file, &text);
    ListReport::unreadable(name.to_string(), game.map(Game::as_str), files, findings)
}

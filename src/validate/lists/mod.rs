//! Checking lists as a run does: each input read, its game and builder told, its format
//! chosen, then parsed and validated into a report. Commands and tests call this; the
//! reporters only see the reports.

mod choice;
mod stream;
mod teams;

pub use choice::{Options, Request, armada_format_from_list, xwing_format_from_list};
pub use stream::check_in_order;

/// One input through the whole of `validate` (game, reader, rules, report) from bytes
/// already read, with no options: for the fuzz harness (`fuzz/`) and tests. The lookup
/// tables are built once, so many inputs can be checked in a row.
pub struct ListChecker<'db>(Checker<'db>);

impl<'db> ListChecker<'db> {
    /// `None` when the data has no Armada format to fall back on.
    pub fn new(db: &'db CardDb) -> Option<Self> {
        let options = Options::new(db, &Request::default()).ok()?;
        Some(ListChecker(Checker::new(db, options, true)))
    }

    pub fn check(&self, name: &str, bytes: &[u8]) -> ListReport {
        self.0.check(&Input::from_bytes(name, bytes))
    }
}

/// Largest list input read: no builder's list comes near it.
pub const MAX_LIST_BYTES: usize = if armada_parse::MAX_INPUT_BYTES > xwing_parse::MAX_INPUT_BYTES {
    armada_parse::MAX_INPUT_BYTES
} else {
    xwing_parse::MAX_INPUT_BYTES
};

use crate::cards::formats::Format;
use crate::cards::{CardDb, Game};
use crate::input::{Input, Unread};
use crate::parse::detect::detect_bytes;
use crate::parse::{armada as armada_parse, xwing as xwing_parse};
use crate::report::list::{ListReport, unknown_game};
use crate::report::{Code, FileId, Finding, SourceFiles, first_line_span, shown_prefix};
use crate::validate::armada::{self as armada_validate, CardIndex, FormatChoice, ValidatedFleet};
use crate::validate::xwing::{self as xwing_validate, Validator};

/// The card data and its lookup tables, shared by every list of a run.
pub struct Checker<'db> {
    db: &'db CardDb,
    armada: CardIndex<'db>,
    xwing: Validator<'db>,
    options: Options<'db>,
    /// Render points tables (human output that shows each list).
    tables: bool,
}

/// An Armada list read and validated, before its report is built (team play checks
/// several of these together first).
pub(super) struct CheckedFleet<'db, 'f> {
    pub(super) name: String,
    files: SourceFiles,
    pub(super) file: FileId,
    parsed: armada_parse::ParsedFleet,
    pub(super) fleet: ValidatedFleet<'db>,
    format: &'f Format,
    format_source: &'static str,
}

impl<'db> Checker<'db> {
    /// The lookup tables of `db` for a run with these options; `tables` renders the
    /// points table of each list (human output showing lists in full).
    pub fn new(db: &'db CardDb, options: Options<'db>, tables: bool) -> Self {
        Checker {
            db,
            armada: CardIndex::new(&db.armada),
            xwing: Validator::new(db),
            options,
            tables,
        }
    }

    /// Read, detect, parse and validate one input.
    pub fn check(&self, input: &Input) -> ListReport {
        let bytes = match input.read(MAX_LIST_BYTES) {
            Ok(bytes) => bytes,
            Err(why) => return unreadable_file(&input.name, &why),
        };
        match self.game_of(&input.name, &bytes) {
            Ok((Game::Armada, builder)) => {
                let checked = self.check_fleet(&input.name, &bytes, builder, None);
                self.fleet_report(checked, None, None)
            }
            Ok((Game::Xwing, _)) => self.check_squad(&input.name, &bytes),
            Ok((Game::Talon, _)) => self.check_talon_fleet(&input.name, &bytes),
            Ok((other, _)) => no_list_format(&input.name, &bytes, other),
            Err(report) => *report,
        }
    }

    /// The game of an input: the one `--game` names, else the one whose formats the text
    /// matches. An input of neither (or of the other game than `--game`) is reported.
    /// An Armada list's builder comes along when detection found it.
    pub(super) fn game_of(
        &self,
        name: &str,
        bytes: &[u8],
    ) -> Result<(Game, Option<armada_parse::SourceFormat>), Box<ListReport>> {
        let detected = detect_bytes(bytes);
        let builder = detected.and_then(|(_, builder)| builder);
        match (self.options.game, detected.map(|(game, _)| game)) {
            (Some(wanted), Some(found)) if wanted != found => {
                let mut files = SourceFiles::default();
                let file = files.add(name, shown_prefix(bytes, 4096));
                let text = files.text(file).to_string();
                let first = first_line_span(&text, usize::MAX);
                let finding = Finding::error(
                    Code::ListParseWrongGame,
                    format!(
                        "this is {} list, not {} one",
                        article_title(found),
                        article_title(wanted)
                    ),
                )
                .at(file, first)
                .label(format!("{} starts like this", found.title()))
                .help(format!(
                    "validate it without `--game {}`, or give {} list",
                    wanted.as_str(),
                    article_title(wanted)
                ));
                Err(Box::new(ListReport::unreadable(
                    name.to_string(),
                    Some(found.as_str()),
                    files,
                    vec![finding],
                )))
            }
            (Some(wanted), _) => Ok((wanted, builder)),
            (None, Some(found)) => Ok((found, builder)),
            (None, None) => {
                let mut files = SourceFiles::default();
                let shown = shown_prefix(bytes, 4096);
                let file = files.add(name, shown);
                let text = files.text(file).to_string();
                Err(Box::new(ListReport::unreadable(
                    name.to_string(),
                    None,
                    files,
                    vec![unknown_game(file, &text)],
                )))
            }
        }
    }

    fn armada_format(&self, parsed: &armada_parse::ParsedFleet) -> (&'db Format, &'static str) {
        if let Some(format) = self.options.armada_format {
            return (format, "option");
        }
        if let Some(format) = armada_format_from_list(self.db, parsed) {
            return (format, "list");
        }
        (self.options.armada_default, "default")
    }

    pub(super) fn check_fleet<'f>(
        &self,
        name: &str,
        bytes: &[u8],
        builder: Option<armada_parse::SourceFormat>,
        player_format: Option<&'f Format>,
    ) -> CheckedFleet<'db, 'f>
    where
        'db: 'f,
    {
        let mut files = SourceFiles::default();
        let file = FileId(0);
        let (text, parsed) = armada_parse::parse_bytes_as(file, bytes, builder);
        let added = files.add(name, text);
        debug_assert_eq!(added, file);
        let (format, format_source) = match player_format {
            Some(format) => (format, "option"),
            None => self.armada_format(&parsed),
        };
        let points = self
            .options
            .points
            .as_deref()
            .filter(|p| self.db.armada.revision(p).is_some());
        let fleet = armada_validate::validate_with(&self.armada, format, &parsed, file, points);
        CheckedFleet {
            name: name.to_string(),
            files,
            file,
            parsed,
            fleet,
            format,
            format_source,
        }
    }

    pub(super) fn fleet_report(
        &self,
        checked: CheckedFleet<'db, '_>,
        team: Option<usize>,
        players: Option<u32>,
    ) -> ListReport {
        let choice = FormatChoice {
            format: checked.format,
            source: checked.format_source,
            players,
            table: self.tables,
        };
        crate::validate::armada::armada_report(
            checked.name,
            checked.files,
            checked.file,
            checked.parsed,
            checked.fleet,
            &choice,
            team,
        )
    }

    /// A Talon fleet list: read, validated against the Talon classes, reported.
    fn check_talon_fleet(&self, name: &str, bytes: &[u8]) -> ListReport {
        let mut files = SourceFiles::default();
        let Ok(text) = std::str::from_utf8(bytes) else {
            let file = files.add(name, shown_prefix(bytes, 4096));
            let text = files.text(file).to_string();
            return ListReport::unreadable(
                name.to_string(),
                Some("talon"),
                files,
                vec![unknown_game(file, &text)],
            );
        };
        let file = files.add(name, text.to_string());
        let parsed = crate::parse::talon::parse(file, text);
        let fleet = crate::validate::talon::validate(
            &self.db.talon,
            &parsed,
            file,
            self.options.talon_points_limit,
        );
        crate::validate::talon::talon_report(
            name.to_string(),
            files,
            file,
            &parsed,
            fleet,
            self.tables,
        )
    }

    fn check_squad(&self, name: &str, bytes: &[u8]) -> ListReport {
        let mut files = SourceFiles::default();
        let parsed = match xwing_parse::read(&mut files, name, bytes) {
            Ok(parsed) => parsed,
            Err(findings) => {
                if files.is_empty() {
                    files.add(name, shown_prefix(bytes, 4096));
                }
                return ListReport::unreadable(name.to_string(), Some("xwing"), files, findings);
            }
        };
        let file = FileId(0);
        let (format, format_source) = match &self.options.xwing_format {
            Some(format) => (format.clone(), "option"),
            None => match xwing_format_from_list(&parsed) {
                Some(format) => (format.to_string(), "list"),
                None => ("standard".to_string(), "default"),
            },
        };
        let options = xwing_validate::Options {
            format,
            points: self
                .options
                .points
                .clone()
                .filter(|p| self.db.xwing.revision(p).is_some()),
        };
        match self.xwing.validate(file, &parsed, &options) {
            Ok(squad) => crate::validate::xwing::xwing_report(
                name.to_string(),
                files,
                file,
                &parsed,
                squad,
                format_source,
                self.tables.then_some(&self.db.xwing),
            ),
            Err(finding) => ListReport::unreadable(
                name.to_string(),
                Some("xwing"),
                files,
                vec![finding.at(file, 0..0)],
            ),
        }
    }
}

pub(super) fn unreadable_file(name: &str, why: &Unread) -> ListReport {
    let mut files = SourceFiles::default();
    let finding = why.finding(name, &mut files, Code::ListTooLarge, Code::ListIo);
    ListReport::unreadable(name.to_string(), None, files, vec![finding])
}

fn article_title(game: Game) -> String {
    game.with_article()
}

/// `--game` named a game arbiter has no list reader for.
fn no_list_format(name: &str, bytes: &[u8], game: Game) -> ListReport {
    let mut files = SourceFiles::default();
    let file = files.add(name, shown_prefix(bytes, 4096));
    let text = files.text(file).to_string();
    let finding = Finding::error(
        Code::ListParseWrongGame,
        format!("arbiter reads no {} lists", game.title()),
    )
    .at(file, first_line_span(&text, usize::MAX))
    .label("read as a list of this game")
    .help("validate Armada fleets or X-Wing squads, or leave out `--game`");
    ListReport::unreadable(name.to_string(), Some(game.as_str()), files, vec![finding])
}

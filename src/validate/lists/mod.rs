//! Checking lists as a run does: each input read, its game told, then checked by that
//! game's [`GameLists`] into a report, results streamed in input order. Nothing here knows
//! which games there are: they come from the registry, [`crate::validate::games_with_lists`].

mod recognise;
mod stream;

pub use stream::{Workers, check_in_order};

use crate::cards::{CardDb, Game};
use crate::input::{Input, Unread, list_inputs};
use crate::report::list::ListReport;
use crate::report::{Code, Finding};
use crate::validate::{
    GameLists, LIST_SIGNS, ListBytes, ListKind, ListOption, Recognised, Request, TeamMember,
    games_with_lists,
};
use std::borrow::Cow;
use std::path::PathBuf;

/// An input's name and its bytes, or why they could not be read.
type ReadInput = (String, Result<Vec<u8>, Unread>);

/// The games' list rules for one run, built once and shared by every list of it.
pub struct Checker<'db> {
    games: Vec<Box<dyn GameLists + 'db>>,
    /// The game `--game` (or team play) asks for.
    wanted: Option<Game>,
    /// Largest input any game reads.
    max_bytes: usize,
    /// The options the run gives, to tell a list of a game that takes none of them so.
    given: Vec<(ListOption, String)>,
}

impl<'db> Checker<'db> {
    /// The list rules of every game for `request`; an unknown format or points revision is
    /// an error of the run, not of each list.
    pub fn new(db: &'db CardDb, request: &Request) -> Result<Self, String> {
        let games = games_with_lists(db, request)?;
        let readers: Vec<Game> = games.iter().map(|g| g.game()).collect();
        check_format_exists(db, &readers, request)?;
        check_points_exist(db, &readers, request)?;
        let team_game = games.iter().find(|g| g.plays_in_teams()).map(|g| g.game());
        let wanted = request.game.or(team_game.filter(|_| request.teams));
        Ok(Checker {
            games,
            wanted,
            max_bytes: max_list_bytes(),
            given: request.given(),
        })
    }

    /// The largest input read; larger ones are refused unread.
    pub fn max_list_bytes(&self) -> usize {
        self.max_bytes
    }

    /// Read, recognise and check one input.
    pub fn check(&self, input: &Input) -> ListReport {
        match input.read(self.max_bytes) {
            Ok(bytes) => self.check_bytes(ListBytes::new(&input.name, &bytes)),
            Err(why) => unreadable_file(&input.name, &why),
        }
    }

    /// Recognise and check one input already read (a lone CR read as the line end it is).
    pub fn check_bytes(&self, list: ListBytes<'_>) -> ListReport {
        let bytes = crate::input::lone_cr_as_lf(Cow::Borrowed(list.bytes));
        let list = ListBytes::new(list.name, &bytes);
        let mut report = self.recognise_and_check(list);
        self.name_kind(&mut report);
        report
    }

    fn recognise_and_check(&self, list: ListBytes<'_>) -> ListReport {
        match self.recognise(list) {
            Ok((found, list)) => match self.rules_of(found.game) {
                Some(rules) => {
                    let mut report = rules.check(list, found.builder);
                    self.tell_ignored(rules, &mut report);
                    report
                }
                None => {
                    let readers: Vec<Game> = self.games.iter().map(|g| g.game()).collect();
                    recognise::no_list_reader(list, found.game, &readers)
                }
            },
            Err(report) => *report,
        }
    }

    /// Team play: each `--team` group's lists read and recognised here, then checked
    /// together by the game played in teams.
    pub fn check_teams(&self, teams: &[Vec<PathBuf>]) -> Result<Vec<ListReport>, String> {
        let rules = self
            .games
            .iter()
            .find(|g| g.plays_in_teams())
            .ok_or("no game arbiter reads is played in teams")?;
        let read: Vec<Vec<ReadInput>> = teams
            .iter()
            .map(|team| {
                list_inputs(team, self.max_bytes)
                    .map(|input| {
                        let bytes = input.read(self.max_bytes).map(Cow::into_owned);
                        (input.name, bytes)
                    })
                    .collect()
            })
            .collect();
        let members = read
            .iter()
            .map(|team| {
                team.iter()
                    .map(|(name, bytes)| self.member(name, bytes))
                    .collect()
            })
            .collect();
        let mut reports = rules.check_teams(members)?;
        for report in &mut reports {
            self.name_kind(report);
        }
        Ok(reports)
    }

    /// What the report's list is called, for its heading: its game's list kind.
    fn name_kind(&self, report: &mut ListReport) {
        let game = report.game.and_then(Game::from_id);
        report.noun = game
            .and_then(|game| self.rules_of(game))
            .map(|rules| rules.list_kind().noun);
    }

    fn member<'a>(&self, name: &'a str, bytes: &'a Result<Vec<u8>, Unread>) -> TeamMember<'a> {
        let bytes = match bytes {
            Ok(bytes) => bytes,
            Err(why) => return Err(Box::new(unreadable_file(name, why))),
        };
        let (found, list) = self.recognise(ListBytes::new(name, bytes))?;
        Ok((list, found.builder))
    }

    /// The game of an input: the one asked for, else the one that recognises it; with the
    /// input, its text known where telling the game checked it. An input of no game (or of
    /// another game than the one asked for) is reported.
    fn recognise<'a>(
        &self,
        list: ListBytes<'a>,
    ) -> Result<(Recognised, ListBytes<'a>), Box<ListReport>> {
        let (found, text) = recognise::recognise(&LIST_SIGNS, list.bytes);
        let list = ListBytes { text, ..list };
        let found = match (self.wanted, found) {
            (Some(wanted), Some(found)) if wanted != found.game => {
                Err(Box::new(recognise::wrong_game(list, found.game, wanted)))
            }
            (Some(wanted), found) => Ok(Recognised {
                game: wanted,
                builder: found.and_then(|f| f.builder),
            }),
            (None, Some(found)) => Ok(found),
            (None, None) => {
                let kinds: Vec<ListKind> = self.games.iter().map(|g| g.list_kind()).collect();
                Err(Box::new(recognise::no_game(list, &kinds)))
            }
        }?;
        Ok((found, list))
    }

    /// A warning on `report` for each option given that its game does not take.
    fn tell_ignored(&self, rules: &dyn GameLists, report: &mut ListReport) {
        for (option, value) in self.given.iter().filter(|(o, _)| !rules.uses(*o)) {
            let takers: Vec<&str> = self
                .games
                .iter()
                .filter(|g| g.uses(*option))
                .map(|g| g.game().title())
                .collect();
            let finding = Finding::warning(
                Code::ListOptionIgnored,
                format!(
                    "`{} {value}` does not apply to {} lists; it was ignored",
                    option.flag(),
                    rules.game().title()
                ),
            )
            .help(format!(
                "{} is for {} lists; leave it out for this one",
                option.flag(),
                crate::text::either_or(&takers)
            ));
            report.add_finding(finding);
        }
    }

    fn rules_of(&self, game: Game) -> Option<&dyn GameLists> {
        self.games
            .iter()
            .find(|g| g.game() == game)
            .map(|g| g.as_ref())
    }
}

/// The largest input any game reads; larger ones are refused unread. Known before any card
/// data is loaded.
pub fn max_list_bytes() -> usize {
    LIST_SIGNS
        .iter()
        .map(|s| s.max_input_bytes)
        .max()
        .unwrap_or(0)
}

/// The games `inputs` are lists of, told from their first lines as a run tells them but
/// without card data, so a run of a few lists can load only their games' cards. An input
/// that cannot be read or is of no game adds none.
pub fn games_of(inputs: &[Input]) -> Vec<Game> {
    let mut games = Vec::new();
    for input in inputs {
        let Ok(bytes) = input.read(max_list_bytes()) else {
            continue;
        };
        let bytes = crate::input::lone_cr_as_lf(bytes);
        if let (Some(found), _) = recognise::recognise(&LIST_SIGNS, &bytes)
            && !games.contains(&found.game)
        {
            games.push(found.game);
        }
    }
    games
}

/// One input through the whole of `validate` (game, reader, rules, report) from bytes
/// already read, with no options: for the fuzz harness (`fuzz/`) and tests. The lookup
/// tables are built once, so many inputs can be checked in a row.
pub struct ListChecker<'db> {
    checker: Checker<'db>,
    db: &'db CardDb,
}

impl<'db> ListChecker<'db> {
    /// `None` when the data cannot serve a run (no Armada format to fall back on).
    pub fn new(db: &'db CardDb) -> Option<Self> {
        let request = Request {
            tables: true,
            ..Request::default()
        };
        let checker = Checker::new(db, &request).ok()?;
        Some(ListChecker { checker, db })
    }

    pub fn check(&self, name: &str, bytes: &[u8]) -> ListReport {
        self.checker.check_bytes(ListBytes::new(name, bytes))
    }

    /// The card data the lists are checked against.
    pub fn card_data(&self) -> &'db CardDb {
        self.db
    }
}

/// An input that could not be read at all.
fn unreadable_file(name: &str, why: &Unread) -> ListReport {
    let mut files = crate::report::SourceFiles::default();
    let finding = why.finding(name, &mut files, Code::ListTooLarge, Code::ListIo);
    ListReport::unreadable(name.to_string(), None, files, vec![finding])
}

/// `--format` must name a format of some game with lists.
fn check_format_exists(db: &CardDb, readers: &[Game], request: &Request) -> Result<(), String> {
    let Some(id) = &request.format else {
        return Ok(());
    };
    if readers.iter().any(|&game| db.format(game, id).is_some()) {
        return Ok(());
    }
    let known: Vec<&str> = db.formats.iter().map(|f| f.value.id.as_str()).collect();
    Err(format!(
        "no format is called `{id}`; the formats are: {}",
        known.join(", ")
    ))
}

/// One `--points` serves a run of several games: it must name a points revision of the
/// game asked for, or of any game with lists; each game uses it where it is its own.
fn check_points_exist(db: &CardDb, readers: &[Game], request: &Request) -> Result<(), String> {
    let Some(points) = &request.points else {
        return Ok(());
    };
    let asked: Vec<Game> = match request.game {
        Some(game) => vec![game],
        None => readers.to_vec(),
    };
    if asked
        .iter()
        .any(|&g| db.cards(g).has_points_revision(points))
    {
        return Ok(());
    }
    let list: Vec<String> = asked
        .iter()
        .filter_map(|&g| {
            let ids = db.cards(g).points_revision_ids();
            (!ids.is_empty()).then(|| format!("{}: {}", g.short_title(), ids.join(", ")))
        })
        .collect();
    Err(format!(
        "no points revision is called `{points}`; the revisions are: {}",
        list.join("; ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn db() -> CardDb {
        let options = crate::cards::LoadOptions {
            embedded: true,
            ..crate::cards::LoadOptions::default()
        };
        crate::cards::load(&options).0
    }

    #[test]
    fn a_format_or_revision_no_game_has_is_an_error_of_the_run() {
        let db = db();
        let format = Request {
            format: Some("nosuch".into()),
            ..Request::default()
        };
        let error = Checker::new(&db, &format).err().unwrap_or_default();
        assert!(error.contains("no format is called `nosuch`"), "{error}");
        assert!(error.contains("standard"), "{error}");
        let points = Request {
            points: Some("nosuch".into()),
            ..Request::default()
        };
        let error = Checker::new(&db, &points).err().unwrap_or_default();
        assert!(
            error.contains("Armada: ") && error.contains("X-Wing: "),
            "{error}"
        );
    }

    #[test]
    fn an_input_of_no_game_is_unreadable_and_names_none() {
        let db = db();
        let checker = ListChecker::new(&db).expect("built-in data serves a run");
        let report = checker.check("prose.txt", b"just some prose about ships");
        assert!(!report.readable);
        assert_eq!(report.game, None);
        let diagnostic = report.diagnostics.first().expect("a diagnostic");
        assert_eq!(diagnostic.code, "list::parse::unknown_game");
        // Every game with lists is named, from the registry.
        assert_eq!(
            diagnostic.message,
            "this is not an Armada fleet, an X-Wing squad or a Talon fleet in a format arbiter reads"
        );
        assert!(
            diagnostic
                .help
                .as_deref()
                .is_some_and(|h| h.contains("`Side:`"))
        );
    }

    #[test]
    fn a_list_heading_says_what_kind_of_list_it_is() {
        let db = db();
        let checker = ListChecker::new(&db).expect("built-in data serves a run");
        let report = checker.check("t.txt", b"Side: Terran\nPoints: 500\nCA\n");
        assert!(
            report.heading().starts_with("t.txt: Talon fleet"),
            "{}",
            report.heading()
        );
    }

    #[test]
    fn a_game_without_lists_is_refused_naming_the_games_that_have_them() {
        let db = db();
        let request = Request {
            game: Some(Game::Spacealert),
            ..Request::default()
        };
        let checker = Checker::new(&db, &request).expect("a run");
        let report = checker.check_bytes(ListBytes::new("x.txt", b"just some prose about ships"));
        let help = report.diagnostics.first().and_then(|d| d.help.clone());
        assert_eq!(
            help.as_deref(),
            Some("validate Armada, X-Wing or Talon lists, or leave out `--game`")
        );
    }
}

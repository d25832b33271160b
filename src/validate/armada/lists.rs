//! Armada's part of a validate run: which inputs are Armada fleet lists (and from which
//! builder), the format each is judged under, and Sector Fleets team play.

use super::report::{FormatChoice, armada_report};
use super::{CardIndex, ValidatedFleet, team, validate_with};
use crate::cards::formats::Format;
use crate::cards::{CardDb, Game};
use crate::parse::armada::{self as armada_parse, ParsedFleet, SourceFormat};
use crate::report::list::ListReport;
use crate::report::{FileId, SourceFiles};
use crate::validate::{
    GameLists, ListBytes, ListKind, ListOption, ListSigns, Request, Sign, TeamMember,
};

/// Armada fleets are told by a builder's layout alone.
pub const SIGNS: ListSigns = ListSigns {
    game: Game::Armada,
    recognise,
    max_input_bytes: armada_parse::MAX_INPUT_BYTES,
};

fn recognise(probe: &str, sign: Sign) -> Option<Option<&'static str>> {
    match sign {
        Sign::Unmistakable => None,
        Sign::Layout => armada_parse::detect(probe).map(|b| Some(b.as_str())),
    }
}

/// The Armada card data with its lookup tables and the run's choices.
pub struct ArmadaLists<'db> {
    db: &'db CardDb,
    index: CardIndex<'db>,
    /// `--format`, when it names an Armada format.
    format: Option<&'db Format>,
    /// The format of a list that names none: `standard`, else the first there is.
    default_format: &'db Format,
    /// `--points`, when it names an Armada points revision.
    points: Option<String>,
    tables: bool,
    /// A team-only `--format` checking fleets one at a time: the one player's format of
    /// its only team split, and that split's number of players.
    single_fleet: Option<(Format, u32)>,
}

/// An Armada list read and validated, before its report is built (team play checks
/// several of these together first).
struct CheckedFleet<'db, 'f> {
    name: String,
    files: SourceFiles,
    file: FileId,
    parsed: ParsedFleet,
    fleet: ValidatedFleet<'db>,
    format: &'f Format,
    format_source: &'static str,
}

impl<'db> ArmadaLists<'db> {
    /// `Err` when the card data has no Armada format at all.
    pub fn new(db: &'db CardDb, request: &Request) -> Result<Self, String> {
        let default_format = db
            .format(Game::Armada, "standard")
            .or_else(|| db.formats_of(Game::Armada).next())
            .ok_or("the card data has no Armada format (a `--data` folder replaced them all)")?;
        let format = request
            .format
            .as_deref()
            .and_then(|id| db.format(Game::Armada, id));
        let single_fleet = match format {
            Some(f) if f.team_only && !request.teams => Some(team::one_player_format(f)?),
            _ => None,
        };
        Ok(ArmadaLists {
            db,
            index: CardIndex::new(&db.armada),
            format,
            single_fleet,
            default_format,
            points: request
                .points
                .clone()
                .filter(|p| db.armada.revision(p).is_some()),
            tables: request.tables,
        })
    }

    /// The format a list is judged under: `--format`, else the one the list names, else
    /// the default; with where it came from.
    fn format_of(&self, parsed: &ParsedFleet) -> (&'db Format, &'static str) {
        if let Some(format) = self.format {
            return (format, "option");
        }
        if let Some(format) = format_named_by(self.db, parsed) {
            return (format, "list");
        }
        (self.default_format, "default")
    }

    fn check_fleet<'f>(
        &self,
        list: ListBytes<'_>,
        builder: Option<&'static str>,
        player_format: Option<&'f Format>,
    ) -> CheckedFleet<'db, 'f>
    where
        'db: 'f,
    {
        let mut files = SourceFiles::default();
        let file = FileId(0);
        let builder = builder.and_then(SourceFormat::from_id);
        let (text, parsed) = armada_parse::parse_bytes_as(file, list.bytes, list.text, builder);
        let added = files.add(list.name, text);
        debug_assert_eq!(added, file);
        let (format, format_source) = match player_format {
            Some(format) => (format, "option"),
            None => self.format_of(&parsed),
        };
        let fleet = validate_with(&self.index, format, &parsed, file, self.points.as_deref());
        CheckedFleet {
            name: list.name.to_string(),
            files,
            file,
            parsed,
            fleet,
            format,
            format_source,
        }
    }

    /// The report of one fleet; `players` for a fleet built to a team game's split, `team`
    /// its team's number when teams are checked together.
    fn report(
        &self,
        checked: CheckedFleet<'db, '_>,
        players: Option<u32>,
        team: Option<usize>,
    ) -> ListReport {
        let choice = FormatChoice {
            format: checked.format,
            source: checked.format_source,
            players,
            table: self.tables,
        };
        armada_report(
            checked.name,
            checked.files,
            checked.file,
            checked.parsed,
            checked.fleet,
            &choice,
            team,
        )
    }

    /// Check one team's fleets to the per-player format, then against each other.
    fn check_team(
        &self,
        members: Vec<TeamMember<'_>>,
        number: usize,
        players: u32,
        player_format: &Format,
        reports: &mut Vec<ListReport>,
    ) {
        let mut checked = Vec::new();
        for member in members {
            match member {
                Ok((list, builder)) => {
                    checked.push(self.check_fleet(list, builder, Some(player_format)));
                }
                Err(mut report) => {
                    report.team = Some(number);
                    reports.push(*report);
                }
            }
        }
        let mut fleets: Vec<team::Member<'_, '_>> = checked
            .iter_mut()
            .map(|c| team::Member {
                fleet: &mut c.fleet,
                file: c.file,
                name: &c.name,
            })
            .collect();
        team::check_team(&mut fleets);
        reports.extend(
            checked
                .into_iter()
                .map(|c| self.report(c, Some(players), Some(number))),
        );
    }
}

impl GameLists for ArmadaLists<'_> {
    fn game(&self) -> Game {
        Game::Armada
    }

    fn list_kind(&self) -> ListKind {
        ListKind {
            noun: "Armada fleet",
            how: "a fleet exported as text by an Armada builder",
        }
    }

    /// The limit comes from the format: `--points-limit` is Talon's.
    fn uses(&self, option: ListOption) -> bool {
        option != ListOption::PointsLimit
    }

    fn check(&self, list: ListBytes<'_>, builder: Option<&'static str>) -> ListReport {
        let Some((player_format, players)) = &self.single_fleet else {
            let checked = self.check_fleet(list, builder, None);
            return self.report(checked, None, None);
        };
        let checked = self.check_fleet(list, builder, Some(player_format));
        let mut report = self.report(checked, Some(*players), None);
        report.notes.push(format!(
            "{} is played only as a team game (Sector Fleets, FLOTAS DE SECTOR MULTIJUGADOR): this fleet is judged as one player's fleet of it; give each team's fleets with `--team` to check a team together",
            player_format.id
        ));
        report
    }

    fn plays_in_teams(&self) -> bool {
        true
    }

    /// Sector Fleets team play (Sector Fleets, "Flotas de Sector multijugador"): each
    /// team's fleets validated to the per-player split of the format, then checked
    /// together.
    fn check_teams(&self, teams: Vec<Vec<TeamMember<'_>>>) -> Result<Vec<ListReport>, String> {
        let format = self.format.ok_or(
            "team play needs an Armada format with team splits: add `--format sector-600` (or 800, 900, 1000, 1200)",
        )?;
        let sizes: Vec<usize> = teams.iter().map(Vec::len).collect();
        if sizes.windows(2).any(|w| w.first() != w.last()) {
            let sizes: Vec<String> = sizes.iter().map(usize::to_string).collect();
            return Err(format!(
                "the teams have different numbers of fleets ({}); give each team as many fleets (a player may control two)",
                sizes.join(" and ")
            ));
        }
        if teams.len() > 2 {
            return Err("a Sector Fleets game has two teams: give `--team` at most twice".into());
        }
        // With one team given, the other team has as many players.
        let players = u32::try_from(sizes.first().copied().unwrap_or(0) * 2).unwrap_or(u32::MAX);
        let (player_format, _) = team::player_format(format, players)?;
        let mut reports = Vec::new();
        for (index, members) in teams.into_iter().enumerate() {
            self.check_team(members, index + 1, players, &player_format, &mut reports);
        }
        Ok(reports)
    }
}

/// The format an Armada list names: a `Gamemode:` line or the points limit it was built to.
pub fn format_named_by<'db>(db: &'db CardDb, parsed: &ParsedFleet) -> Option<&'db Format> {
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

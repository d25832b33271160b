//! `arbiter validate`: read fleet and squad lists (files, folders, standard input),
//! detect each one's game and builder, check it against its format, and report a points
//! table and located diagnostics per list, or a verdict line per list for many lists.

use super::{load_data, print_stdout};
use crate::cards::formats::Format;
use crate::cards::{CardDb, Game};
use crate::cli::{Outcome, ReportFormat, ValidateArgs};
use crate::input::{self, Unread};
use crate::parse::{armada as armada_parse, xwing as xwing_parse};
use crate::report::list::{
    FormatChoice, ListReport, Summary, ValidateJson, armada_report, unknown_game, xwing_report,
};
use crate::report::{
    Code, FileId, Finding, HumanStyle, SourceFiles, first_line_span, render_human, shown_prefix,
};
use crate::validate::armada::{self as armada_validate, CardIndex, ValidatedFleet};
use crate::validate::xwing::{self as xwing_validate, Validator};
use std::path::{Path, PathBuf};

/// File name endings read when walking a folder (a named file is always read).
const LIST_EXTENSIONS: &[&str] = &["txt", "json", "xws", "yasb", "list", "fleet"];

/// Largest list input read: no builder's list comes near it.
const MAX_LIST_BYTES: usize = if armada_parse::MAX_INPUT_BYTES > xwing_parse::MAX_INPUT_BYTES {
    armada_parse::MAX_INPUT_BYTES
} else {
    xwing_parse::MAX_INPUT_BYTES
};

/// Bytes looked at to tell the game; every format shows itself in its first lines.
const DETECT_PREFIX: usize = 64 * 1024;

pub fn run(overlays: &[PathBuf], args: ValidateArgs) -> Outcome {
    let db = match load_data(overlays, &[]) {
        Ok(db) => db,
        Err(outcome) => return outcome,
    };
    let options = match Options::new(&db, &args) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("error: {message}");
            return Outcome::Failed;
        }
    };
    // One list, a team game or `--details`: every list in full; else a verdict line each.
    let detailed = args.details || !args.teams.is_empty() || is_single_file(&args.inputs);
    let checker = Checker {
        db: &db,
        armada: CardIndex::new(&db.armada),
        xwing: Validator::new(&db),
        options,
        tables: args.output == ReportFormat::Human && detailed,
    };
    let summary = if !args.teams.is_empty() {
        match checker.check_teams(&args.teams) {
            Ok(reports) => print_reports(&reports, args.output),
            Err(message) => {
                eprintln!("error: {message}");
                return Outcome::Failed;
            }
        }
    } else {
        let inputs = collect_inputs(&args.inputs);
        let many = inputs.len() > PRETTY_JSON_MAX_LISTS;
        match args.output {
            // Many lists: each worker renders its own lists, so the output is built on
            // every core, not serialised at the end on one.
            ReportFormat::Json if many => {
                let pieces = checker.check_all(&inputs, &|report: ListReport| {
                    // A list's JSON is a few kilobytes; sizing the buffer once saves regrowing it.
                    let mut json = Vec::with_capacity(8 * 1024);
                    let json = match serde_json::to_writer(&mut json, &report) {
                        Ok(()) => String::from_utf8(json).unwrap_or_default(),
                        Err(_) => String::new(),
                    };
                    (json, Summary::of(std::slice::from_ref(&report)))
                });
                write_json_pieces(&pieces)
            }
            ReportFormat::Human if !detailed => {
                let pieces = checker.check_all(&inputs, &|report: ListReport| {
                    let line = report.verdict_line();
                    (line, Summary::of(std::slice::from_ref(&report)))
                });
                let summary = merged(&pieces);
                let mut out = String::new();
                for (line, _) in &pieces {
                    out.push_str(line);
                    out.push('\n');
                }
                out.push('\n');
                out.push_str(&summary.render());
                print_stdout(&out);
                summary
            }
            _ => {
                let reports = checker.check_all(&inputs, &|report: ListReport| report);
                print_reports(&reports, args.output)
            }
        }
    };
    if summary.unreadable > 0 {
        Outcome::Failed
    } else if summary.invalid > 0 {
        Outcome::Findings
    } else {
        Outcome::Clean
    }
}

/// Print reports already gathered (one list, a few, or a team game) and sum them up.
fn print_reports(reports: &[ListReport], output: ReportFormat) -> Summary {
    let summary = Summary::of(reports);
    match output {
        ReportFormat::Json => {
            let document = ValidateJson {
                results: reports,
                summary: summary.clone(),
            };
            let json = if reports.len() <= PRETTY_JSON_MAX_LISTS {
                serde_json::to_string_pretty(&document)
            } else {
                serde_json::to_string(&document)
            };
            print_stdout(&json.unwrap_or_default());
        }
        ReportFormat::Human => print_stdout(&render_human_reports(reports, &summary)),
    }
    summary
}

/// The JSON document from results already serialised one by one, on one line (a folder
/// of thousands of lists is read by programs; indentation would double its size).
fn write_json_pieces(pieces: &[(String, Summary)]) -> Summary {
    use std::io::Write;
    let summary = merged(pieces);
    let mut out = std::io::BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let mut write = || -> std::io::Result<()> {
        out.write_all(b"{\"results\":[")?;
        for (i, (json, _)) in pieces.iter().enumerate() {
            if i > 0 {
                out.write_all(b",")?;
            }
            out.write_all(json.as_bytes())?;
        }
        out.write_all(b"],\"summary\":")?;
        serde_json::to_writer(&mut out, &summary)?;
        out.write_all(b"}\n")?;
        out.flush()
    };
    // A closed pipe (`| head`) is not an error of the run.
    let _ = write();
    summary
}

fn merged(pieces: &[(String, Summary)]) -> Summary {
    let mut summary = Summary::default();
    for (_, piece) in pieces {
        summary.add(piece);
    }
    summary
}

/// Lists a worker takes at a time.
const BATCH: usize = 32;

/// Up to this many lists the JSON document is indented.
const PRETTY_JSON_MAX_LISTS: usize = 20;

/// What the command line chose, checked once before any list is read.
struct Options<'db> {
    game: Option<Game>,
    armada_format: Option<&'db Format>,
    xwing_format: Option<String>,
    points: Option<String>,
}

impl<'db> Options<'db> {
    fn new(db: &'db CardDb, args: &ValidateArgs) -> Result<Self, String> {
        let game = args
            .game
            .or((!args.teams.is_empty()).then_some(Game::Armada));
        let mut options = Options {
            game,
            armada_format: None,
            xwing_format: None,
            points: args.points.clone(),
        };
        if let Some(id) = &args.format {
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
        if let Some(points) = &args.points
            && db.xwing.revision(points).is_none()
        {
            let known: Vec<&str> = db.xwing.revisions.iter().map(|r| r.id.as_str()).collect();
            return Err(format!(
                "no X-Wing points revision is called `{points}`; the revisions are: {}",
                known.join(", ")
            ));
        }
        Ok(options)
    }
}

/// One input: its name for reports and its bytes, or why they could not be read.
struct Input {
    name: String,
    bytes: Pending,
}

/// Files are read in the workers; standard input and walk failures are known up front.
enum Pending {
    Read(Vec<u8>),
    File(PathBuf),
    Unread(Unread),
}

/// Files as named, folders walked (sorted, hidden entries skipped, only list-like file
/// names, what is not a regular file passed over with a note), `-` as standard input.
fn collect_inputs(paths: &[PathBuf]) -> Vec<Input> {
    let mut inputs = Vec::new();
    for path in paths {
        if path.as_os_str() == input::STDIN {
            inputs.push(Input {
                name: input::display_name(path),
                bytes: match input::read_bounded(path, MAX_LIST_BYTES) {
                    Ok(bytes) => Pending::Read(bytes),
                    Err(unread) => Pending::Unread(unread),
                },
            });
        } else if path.is_dir() {
            let found = input::walk(path, is_list_name);
            for skipped in &found.skipped {
                eprintln!("note: {skipped}");
            }
            if found.files.is_empty() && found.unreadable.is_empty() {
                inputs.push(Input {
                    name: path.display().to_string(),
                    bytes: Pending::Unread(Unread::Failed(format!(
                        "cannot read {}: the folder holds no list files (names ending in .{})",
                        path.display(),
                        LIST_EXTENSIONS.join(", .")
                    ))),
                });
            }
            let unreadable = found.unreadable.into_iter().map(|(p, why)| Input {
                bytes: Pending::Unread(Unread::Failed(format!(
                    "cannot read {}: {why}",
                    p.display()
                ))),
                name: p.display().to_string(),
            });
            inputs.extend(found.files.into_iter().map(|p| Input {
                name: p.display().to_string(),
                bytes: Pending::File(p),
            }));
            inputs.extend(unreadable);
        } else {
            inputs.push(Input {
                name: path.display().to_string(),
                bytes: Pending::File(path.clone()),
            });
        }
    }
    inputs
}

/// Reads happen in the workers, each bounded (a named FIFO or device is read too).
fn read_input(input: &Input) -> Result<std::borrow::Cow<'_, [u8]>, Unread> {
    match &input.bytes {
        Pending::Read(bytes) => Ok(std::borrow::Cow::Borrowed(bytes)),
        Pending::Unread(why) => Err(why.clone()),
        Pending::File(path) => {
            input::read_bounded(path, MAX_LIST_BYTES).map(std::borrow::Cow::Owned)
        }
    }
}

fn is_list_name(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| LIST_EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()))
}

/// The card data and its lookup tables, shared by every list of a run.
struct Checker<'db> {
    db: &'db CardDb,
    armada: CardIndex<'db>,
    xwing: Validator<'db>,
    options: Options<'db>,
    /// Render points tables (human output that shows each list).
    tables: bool,
}

/// An Armada list read and validated, before its report is built (team play checks
/// several of these together first).
struct CheckedFleet<'db, 'f> {
    name: String,
    files: SourceFiles,
    file: FileId,
    parsed: armada_parse::ParsedFleet,
    fleet: ValidatedFleet<'db>,
    format: &'f Format,
    format_source: &'static str,
}

impl<'db> Checker<'db> {
    /// Check every input, in parallel on the available cores, and turn each report into
    /// what the output needs (`finish` runs on the worker); results in input order.
    fn check_all<T: Send>(
        &self,
        inputs: &[Input],
        finish: &(dyn Fn(ListReport) -> T + Sync),
    ) -> Vec<T> {
        let workers = std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .min(inputs.len().div_ceil(64).max(1));
        if workers <= 1 {
            return inputs.iter().map(|i| finish(self.check(i))).collect();
        }
        // Workers take small batches in turn, so lists of uneven size (Star Forge exports
        // are longer than Kingston's) keep every core busy to the end.
        let next = std::sync::atomic::AtomicUsize::new(0);
        let mut done: Vec<(usize, T)> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..workers)
                .map(|_| {
                    scope.spawn(|| {
                        let mut out = Vec::new();
                        loop {
                            let start = next.fetch_add(BATCH, std::sync::atomic::Ordering::Relaxed);
                            if start >= inputs.len() {
                                break out;
                            }
                            let end = (start + BATCH).min(inputs.len());
                            for (offset, input) in inputs[start..end].iter().enumerate() {
                                out.push((start + offset, finish(self.check(input))));
                            }
                        }
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        });
        done.sort_unstable_by_key(|(index, _)| *index);
        done.into_iter().map(|(_, result)| result).collect()
    }

    fn check(&self, input: &Input) -> ListReport {
        let bytes = match read_input(input) {
            Ok(bytes) => bytes,
            Err(why) => return unreadable_file(&input.name, &why),
        };
        match self.game_of(&input.name, &bytes) {
            Ok((Game::Armada, builder)) => {
                let checked = self.check_fleet(&input.name, &bytes, builder, None);
                self.fleet_report(checked, None, None)
            }
            Ok((Game::Xwing, _)) => self.check_squad(&input.name, &bytes),
            Ok((other, _)) => no_list_format(&input.name, &bytes, other),
            Err(report) => *report,
        }
    }

    /// The game of an input: the one `--game` names, else the one whose formats the text
    /// matches. An input of neither (or of the other game than `--game`) is reported.
    /// An Armada list's builder comes along when detection found it.
    fn game_of(
        &self,
        name: &str,
        bytes: &[u8],
    ) -> Result<(Game, Option<armada_parse::SourceFormat>), Box<ListReport>> {
        let probe = detection_probe(bytes);
        let detected = detect_list(&probe);
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
        let standard = self
            .db
            .format(Game::Armada, "standard")
            .or_else(|| self.db.formats_of(Game::Armada).next())
            .expect("the built-in data has Armada formats");
        (standard, "default")
    }

    fn check_fleet<'f>(
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
        let fleet = armada_validate::validate(&self.armada, format, &parsed, file);
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

    fn fleet_report(
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
            points: self.options.points.clone(),
        };
        match self.xwing.validate(file, &parsed, &options) {
            Ok(squad) => xwing_report(
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

    /// Team play: each `--team` group's fleets validated to the per-player split of the
    /// format, then checked together.
    fn check_teams(&self, teams: &[Vec<PathBuf>]) -> Result<Vec<ListReport>, String> {
        let format = self.options.armada_format.ok_or(
            "team play needs an Armada format with team splits: add `--format sector-600` (or 800, 900, 1000, 1200)",
        )?;
        let sizes: Vec<usize> = teams.iter().map(Vec::len).collect();
        if sizes.windows(2).any(|w| w[0] != w[1]) {
            return Err(format!(
                "the teams have different numbers of fleets ({}); give each team as many fleets (a player may control two)",
                sizes
                    .iter()
                    .map(usize::to_string)
                    .collect::<Vec<_>>()
                    .join(" and ")
            ));
        }
        if teams.len() > 2 {
            return Err("a Sector Fleets game has two teams: give `--team` at most twice".into());
        }
        // With one team given, the other team has as many players.
        let players = u32::try_from(sizes[0] * 2).unwrap_or(u32::MAX);
        let (player_format, _) = armada_validate::team::player_format(format, players)?;
        let player_format = &player_format;
        let mut reports = Vec::new();
        for (index, team) in teams.iter().enumerate() {
            let inputs = collect_inputs(team);
            let mut checked = Vec::new();
            for input in &inputs {
                let bytes = match read_input(input) {
                    Ok(bytes) => bytes,
                    Err(why) => {
                        let mut report = unreadable_file(&input.name, &why);
                        report.team = Some(index + 1);
                        reports.push(report);
                        continue;
                    }
                };
                match self.game_of(&input.name, &bytes) {
                    Ok((_, builder)) => checked.push(self.check_fleet(
                        &input.name,
                        &bytes,
                        builder,
                        Some(player_format),
                    )),
                    Err(mut report) => {
                        report.team = Some(index + 1);
                        reports.push(*report);
                    }
                }
            }
            let mut members: Vec<armada_validate::team::Member<'_, '_>> = checked
                .iter_mut()
                .map(|c| armada_validate::team::Member {
                    fleet: &mut c.fleet,
                    file: c.file,
                    name: &c.name,
                })
                .collect();
            armada_validate::team::check_team(&mut members);
            reports.extend(
                checked
                    .into_iter()
                    .map(|c| self.fleet_report(c, Some(index + 1), Some(players))),
            );
        }
        Ok(reports)
    }
}

/// The text the game is told from: the first lines, minus any far too long for a list
/// (a reader reports those; they must not hide the lines that show the format).
fn detection_probe(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    let text = String::from_utf8_lossy(&bytes[..bytes.len().min(DETECT_PREFIX)]);
    // JSON and links may well be one long line: they are told from their first bytes.
    let start = text.trim_start_matches('\u{feff}').trim_start();
    if start.starts_with('{') || start.starts_with('[') || start.starts_with("http") {
        return text;
    }
    if text.len() < DETECT_PREFIX && !text.lines().any(|l| l.len() > armada_parse::MAX_LINE_BYTES) {
        return text;
    }
    let whole = String::from_utf8_lossy(&bytes[..bytes.len().min(64 * DETECT_PREFIX)]);
    std::borrow::Cow::Owned(
        whole
            .lines()
            .filter(|l| l.len() <= armada_parse::MAX_LINE_BYTES)
            .take(400)
            .collect::<Vec<_>>()
            .join("\n"),
    )
}

/// One named file or standard input: the report shows its table.
fn is_single_file(inputs: &[PathBuf]) -> bool {
    matches!(inputs, [one] if !one.is_dir())
}

/// Which game's list `text` is and, for Armada, the builder (so the reader need not
/// detect it again). Links and JSON are unmistakably X-Wing; then the Armada builders'
/// layouts; then X-Wing's text exports.
fn detect_list(text: &str) -> Option<(Game, Option<armada_parse::SourceFormat>)> {
    use xwing_parse::SourceFormat as X;
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    // JSON and links first, by their first byte or scheme: cheap, and unmistakable.
    if (trimmed.starts_with('{') || xwing_parse::yasb_link::looks_like_link(trimmed.trim_end()))
        && let Some(X::Xws | X::YasbLink) = xwing_parse::detect(text)
    {
        return Some((Game::Xwing, None));
    }
    if let Some(builder) = armada_parse::detect(text) {
        return Some((Game::Armada, Some(builder)));
    }
    xwing_parse::detect(text).map(|_| (Game::Xwing, None))
}

/// The format a list names: a `Gamemode:` line or the points limit it was built to.
fn armada_format_from_list<'db>(
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

fn xwing_format_from_list(parsed: &xwing_parse::ParsedSquad) -> Option<&'static str> {
    use xwing_parse::{GameMode, RulesetHint};
    match parsed.game_mode {
        Some(GameMode::Standard) => Some("standard"),
        Some(GameMode::Extended) => Some("extended"),
        Some(GameMode::Xwa) => Some("xwa-standard"),
        _ => (parsed.ruleset_hint() == Some(RulesetHint::Xwa)).then_some("xwa-standard"),
    }
}

fn unreadable_file(name: &str, why: &Unread) -> ListReport {
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

fn render_human_reports(reports: &[ListReport], summary: &Summary) -> String {
    let style = HumanStyle::for_stdout();
    let mut out = String::new();
    for report in reports {
        out.push_str(&render_detailed(report, style));
        out.push('\n');
    }
    if reports.len() > 1 {
        out.push_str(&summary.render());
    }
    out
}

fn render_detailed(report: &ListReport, style: HumanStyle) -> String {
    let mut out = String::new();
    out.push_str(&report.heading());
    out.push('\n');
    if let Some(table) = &report.table {
        out.push_str(table);
        out.push('\n');
    }
    for note in &report.notes {
        out.push_str(&format!("note: {note}\n"));
    }
    for finding in &report.findings {
        out.push_str(&render_human(&report.files, finding, style));
    }
    out.push_str(&report.verdict());
    out.push('\n');
    out
}

/// One input through the whole of `validate` (game, reader, rules, report) from bytes
/// already read, with no options: for the fuzz harness (`fuzz/`) and tests. The lookup
/// tables are built once, so many inputs can be checked in a row.
pub struct ListChecker<'db>(Checker<'db>);

impl<'db> ListChecker<'db> {
    pub fn new(db: &'db CardDb) -> Self {
        ListChecker(Checker {
            db,
            armada: CardIndex::new(&db.armada),
            xwing: Validator::new(db),
            options: Options {
                game: None,
                armada_format: None,
                xwing_format: None,
                points: None,
            },
            tables: true,
        })
    }

    pub fn check(&self, name: &str, bytes: &[u8]) -> ListReport {
        self.0.check(&Input {
            name: name.to_string(),
            bytes: Pending::Read(bytes.to_vec()),
        })
    }
}

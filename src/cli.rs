//! Command-line interface: argument parsing and exit codes. Each command lives in
//! `commands/`.

use crate::cards::Game;
use crate::report::OutputFormat;
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Debug, Parser)]
#[command(name = "arbiter", version, about = "Card data, timing answers and rules lookup for Armada, X-Wing, Space Alert and Talon", long_about = None)]
pub struct Cli {
    /// Extra data folder laid over the built-in data (same layout as data/); may repeat.
    #[arg(long = "data", value_name = "DIR", global = true)]
    pub data: Vec<PathBuf>,

    /// When to colour output: `auto` colours a terminal unless NO_COLOR is set.
    #[arg(
        long,
        value_enum,
        value_name = "WHEN",
        global = true,
        default_value = "auto"
    )]
    pub color: crate::report::ColorChoice,

    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check, show, search and import card data.
    #[command(subcommand)]
    Cards(CardsCommand),
    /// Print the JSON Schema of a data file kind (all kinds if none given), or with
    /// `output COMMAND` of a command's `--output json` document.
    Schema(SchemaArgs),
    /// Look a rule up in the judges' glossary (Spanish and English), or list the entries.
    Rule(RuleArgs),
    /// Adjudicate a timing scenario: trace each step with the rule it applies.
    Resolve(ResolveArgs),
    /// Check fleet and squad lists against their format; exit 1 if any list breaks a rule.
    Validate(ValidateArgs),
    /// Tournament points from a game's result.
    #[command(subcommand)]
    Score(ScoreCommand),
    /// Write an X-Wing squad from any format arbiter reads as XWS, a YASB link, text or a
    /// TTS line, its cards resolved against the card data.
    Export(ExportArgs),
    /// Explain a diagnostic code: what it means, the rule it cites, an example.
    Explain(ExplainArgs),
    /// Print a shell completion script (e.g. `arbiter completions bash > …`).
    Completions(CompletionsArgs),
    /// Print the man page (roff) of arbiter or of one subcommand on standard output.
    Man(ManArgs),
}

#[derive(Debug, Subcommand)]
pub enum CardsCommand {
    /// Check card, errata, format and glossary files; exit 1 if any problem is found.
    Check(CheckArgs),
    /// Show one card's facts, with its errata.
    Show(ShowArgs),
    /// List the cards whose name, nickname or id matches.
    Search(SearchArgs),
    /// How many X-Wing abilities of a format's cards have timing facts, and which have none.
    Coverage(CoverageArgs),
    /// Convert community data into arbiter's TOML card files.
    #[command(subcommand)]
    Import(ImportCommand),
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Files or folders to check, laid over the built-in data (default: the built-in data).
    pub paths: Vec<PathBuf>,
    /// Check only the given paths, without the built-in data.
    #[arg(long)]
    pub standalone: bool,
    /// Print only what fails (errors, no totals); nothing at all when everything passes.
    #[arg(short, long, conflicts_with = "verbose")]
    pub quiet: bool,
    /// Print everything: every finding, repeats included, and each file read (on stderr).
    #[arg(short, long)]
    pub verbose: bool,
    #[arg(long, value_enum, default_value = "human")]
    pub output: OutputFormat,
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// Card name, nickname or id; case, accents and punctuation are ignored.
    pub name: String,
    #[arg(long, value_enum)]
    pub game: Option<Game>,
    #[arg(long, value_enum, default_value = "human")]
    pub output: ReportFormat,
}

#[derive(Debug, Args)]
pub struct SearchArgs {
    pub query: String,
    #[arg(long, value_enum)]
    pub game: Option<Game>,
    /// Most results to list.
    #[arg(long, default_value_t = 25)]
    pub limit: usize,
    #[arg(long, value_enum, default_value = "human")]
    pub output: ReportFormat,
}

#[derive(Debug, Args)]
pub struct CoverageArgs {
    /// The X-Wing format whose legal cards are counted.
    #[arg(long, default_value = "standard")]
    pub format: String,
    #[arg(long, value_enum, default_value = "human")]
    pub output: ReportFormat,
}

/// Output of commands that print a report rather than a list of findings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ReportFormat {
    Human,
    Json,
}

#[derive(Debug, Subcommand)]
pub enum ImportCommand {
    /// Armada cards from the isb-cards layout (base folders plus content packs), with
    /// points revisions.
    Isb(IsbImportArgs),
    /// X-Wing cards from xwing-data2, with points revisions from xwing-points.
    #[command(name = "xwing-data2")]
    XwingData2(XwingImportArgs),
}

#[derive(Debug, Args)]
pub struct IsbImportArgs {
    /// The isb-cards folder.
    pub source: PathBuf,
    /// The armada-data folder: FFG's printed costs, imported as the `ffg-2020` points
    /// revision (without it there is no such revision).
    #[arg(long, value_name = "DIR")]
    pub armada_data: Option<PathBuf>,
    /// Folder to write: a new or empty one, or one an earlier import wrote (it holds an
    /// `.arbiter-import` file). Replaced as a whole, at once, only once the import has
    /// succeeded and passed `cards check`.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Replace `--out` even if it holds files no import wrote (they are removed).
    #[arg(long)]
    pub force: bool,
}

#[derive(Debug, Args)]
pub struct XwingImportArgs {
    /// The xwing-data2 folder.
    pub source: PathBuf,
    /// The xwing-points folder (AMG and XWA revisions).
    #[arg(long, value_name = "DIR")]
    pub points: Option<PathBuf>,
    /// YASB's data folder (cards-common.coffee, cards-quickbuilds.coffee): the card
    /// numbers its links carry, and its quick-builds.
    #[arg(long, value_name = "DIR")]
    pub yasb: Option<PathBuf>,
    /// Folder to write: a new or empty one, or one an earlier import wrote (it holds an
    /// `.arbiter-import` file). Replaced as a whole, at once, only once the import has
    /// succeeded and passed `cards check`.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Replace `--out` even if it holds files no import wrote (they are removed).
    #[arg(long)]
    pub force: bool,
}

#[derive(Debug, Args)]
pub struct RuleArgs {
    /// What to look up, in Spanish or English: a term, a question, words from a card, a
    /// players' abbreviation; case, accents, word forms and small typos are forgiven.
    /// Several words need no quotes.
    #[arg(required_unless_present = "list", conflicts_with = "list")]
    pub term: Vec<String>,
    #[arg(long, value_enum)]
    pub game: Option<Game>,
    /// Language of the summary and key points [default: the query's language; when it does
    /// not tell, es if LANG starts with "es", else en]
    #[arg(long, value_enum)]
    pub lang: Option<crate::glossary::Lang>,
    /// List the entries (id, titles, game, section) instead of looking one up.
    #[arg(long)]
    pub list: bool,
    #[arg(long, value_enum, default_value = "human")]
    pub output: ReportFormat,
}

/// How `resolve` prints a resolution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ResolveFormat {
    /// The trace as a table.
    Human,
    /// The documented JSON shape.
    Json,
    /// One self-contained HTML page drawing the situation step by step.
    Html,
    /// One picture as a standalone SVG file (`--step N`; the last one without it).
    Svg,
}

#[derive(Debug, Args)]
pub struct ResolveArgs {
    /// The scenario file (TOML; `arbiter schema scenario` prints its JSON Schema).
    pub scenario: PathBuf,
    #[arg(long, value_enum, default_value = "human")]
    pub output: ResolveFormat,
    /// The picture to draw with `--output svg`, or to open on with `--output html`: 1 is
    /// the first, numbered as the HTML page's slider (a turn, an impulse or a step).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub step: Option<u32>,
    /// Most steps before the scenario is reported as a loop (overrides `max_steps`; 1 to
    /// 100000).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::parse::scenario::MAX_STEPS_CEILING)))]
    pub max_steps: Option<u32>,
    /// Seed for what the game leaves to chance and the scenario does not give (damage
    /// tiles, dice): the same seed gives the same trace.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
}

#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// List files, folders of lists (walked for .txt, .json, .xws … files) or `-` for
    /// standard input. Each input's game and builder are detected.
    #[arg(required_unless_present = "team", conflicts_with = "team")]
    pub inputs: Vec<PathBuf>,
    /// Read every input as a list of this game.
    #[arg(long, value_enum)]
    pub game: Option<Game>,
    /// Format id (`standard`, `sector-800`, `xwa-standard` …) [default: the one the list
    /// names, else the game's standard]
    #[arg(long, value_name = "ID")]
    pub format: Option<String>,
    /// Points revision: X-Wing `amg`, `xwa-50p20` …; Armada `amg-final`, `pre-final`,
    /// `ffg-2020` [default: X-Wing the list's, else the format's; Armada the one the list's
    /// stated costs point to]
    #[arg(long, value_name = "REVISION")]
    pub points: Option<String>,
    /// Talon points limit [default: the list's `Points:` line]
    #[arg(long, value_name = "POINTS")]
    pub points_limit: Option<u32>,
    /// Armada Sector Fleets team play: the fleets of one team. Give it once per team.
    #[arg(long, num_args = 1.., value_name = "FLEET", action = clap::ArgAction::Append)]
    pub team: Vec<PathBuf>,
    /// `--team` grouped by occurrence (filled from the matches: derive flattens them).
    #[arg(skip)]
    pub teams: Vec<Vec<PathBuf>>,
    /// Print each list's table and diagnostics also when checking many lists.
    #[arg(long)]
    pub details: bool,
    /// Print only what fails (the invalid and unreadable lists, then the totals); nothing at all when everything passes.
    #[arg(short, long, conflicts_with = "verbose")]
    pub quiet: bool,
    /// Print everything: each list in full, as `--details`, and what was read and how long it took (on stderr).
    #[arg(short, long)]
    pub verbose: bool,
    /// Print only these lists, then the totals with the count per code (human and GitHub
    /// output; a JSON, JSONL or HTML document stays whole).
    #[arg(long, value_enum, value_name = "WHICH")]
    pub only: Option<OnlyLists>,
    /// `json`: one document; `jsonl`: one result per line, for pipelines; `github`:
    /// workflow commands that annotate a pull request.
    #[arg(long, value_enum, default_value = "human")]
    pub output: crate::report::list::write::ListOutput,
}

/// Which lists `validate --only` prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OnlyLists {
    /// The lists that break a rule or could not be read.
    Invalid,
}

#[derive(Debug, Subcommand)]
pub enum ScoreCommand {
    /// Armada tournament points from the margin of victory (Sector Fleets table).
    Armada(ScoreArmadaArgs),
}

#[derive(Debug, Args)]
pub struct ScoreArmadaArgs {
    /// The format whose margin-of-victory table applies (`sector-800` …).
    #[arg(long, value_name = "ID")]
    pub format: String,
    /// The margin of victory (the difference of the two scores).
    #[arg(
        long,
        value_name = "POINTS",
        conflicts_with = "scores",
        required_unless_present = "scores"
    )]
    pub margin: Option<u32>,
    /// The first and the second player's (or team's) scores; a tie goes to the second.
    #[arg(long, num_args = 2, value_names = ["FIRST", "SECOND"])]
    pub scores: Option<Vec<u32>>,
    #[arg(long, value_enum, default_value = "human")]
    pub output: ReportFormat,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The squad file; `-` reads standard input.
    pub input: PathBuf,
    /// The format to write.
    #[arg(long, value_enum)]
    pub to: crate::export::xwing::Target,
    /// Points revision (id or alias: `amg`, `xwa`, `xwa-50p20`) to resolve and price the
    /// squad with [default: the one the list names, else the format's].
    #[arg(long, value_name = "REV")]
    pub points: Option<String>,
    /// X-Wing format (`standard`, `extended`, `xwa-standard`): its points revision and
    /// limit are the defaults.
    #[arg(long, value_name = "F", default_value = "standard")]
    pub format: String,
    /// Write to this file instead of standard output.
    #[arg(short = 'o', long = "out", value_name = "OUT")]
    pub out: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The code, as printed in a diagnostic (`armada::squadron_cap`).
    #[arg(required_unless_present = "list", conflicts_with = "list")]
    pub code: Option<String>,
    /// List every code with a one-line meaning.
    #[arg(long)]
    pub list: bool,
    #[arg(long, value_enum, default_value = "human")]
    pub output: ReportFormat,
}

#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell to write the script for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[derive(Debug, Args)]
pub struct ManArgs {
    /// The subcommand whose page to print (`validate`, `cards check`); arbiter's own
    /// page if none.
    pub command: Vec<String>,
}

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct SchemaArgs {
    #[arg(value_enum)]
    pub kind: Option<crate::schema::SchemaKind>,
    #[command(subcommand)]
    pub output: Option<SchemaOutput>,
}

#[derive(Debug, Subcommand)]
pub enum SchemaOutput {
    /// The JSON Schema of what a command prints with `--output json`.
    Output {
        #[arg(value_enum)]
        command: crate::schema::OutputSchema,
    },
}

/// What a command concluded; the process exit code follows from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing to report.
    Clean,
    /// The input has problems (invalid list, failing data file, card not found).
    Findings,
    /// The command could not run (unreadable input, bad arguments).
    Failed,
}

impl From<Outcome> for ExitCode {
    fn from(outcome: Outcome) -> ExitCode {
        ExitCode::from(match outcome {
            Outcome::Clean => 0,
            Outcome::Findings => 1,
            Outcome::Failed => 2,
        })
    }
}

/// Parse the command line, keeping each `--team`'s fleets together.
pub fn parse(
    args: impl IntoIterator<Item = impl Into<std::ffi::OsString> + Clone>,
) -> Result<Cli, clap::Error> {
    use clap::FromArgMatches;
    let args: Vec<std::ffi::OsString> = args.into_iter().map(Into::into).collect();
    // clap prints its own help and errors before the matches exist: give it the flag first.
    let color = color_flag(&args).unwrap_or_default();
    let matches = command()
        .color(color.for_clap())
        .try_get_matches_from(args)?;
    let mut cli = Cli::from_arg_matches(&matches)?;
    if let Command::Validate(validate) = &mut cli.command
        && let Some(("validate", sub)) = matches.subcommand()
        && let Some(occurrences) = sub.get_occurrences::<PathBuf>("team")
    {
        validate.teams = occurrences.map(|o| o.cloned().collect()).collect();
    }
    Ok(cli)
}

/// The command-line definition, with the examples each subcommand's help ends with.
pub fn command() -> clap::Command {
    use clap::CommandFactory;
    crate::help::with_examples(Cli::command())
}

/// The value of the last `--color WHEN` / `--color=WHEN` before a `--`, if it is a valid one.
fn color_flag(args: &[std::ffi::OsString]) -> Option<crate::report::ColorChoice> {
    use clap::ValueEnum;
    let mut found = None;
    let mut args = args.iter().skip(1).map(|a| a.to_str());
    while let Some(arg) = args.next() {
        let value = match arg {
            Some("--") => break,
            Some("--color") => args.next().flatten(),
            Some(other) => other.strip_prefix("--color="),
            None => None,
        };
        if let Some(choice) =
            value.and_then(|v| crate::report::ColorChoice::from_str(v, false).ok())
        {
            found = Some(choice);
        }
    }
    found
}

//! One file per command: each turns parsed arguments into output and an [`Outcome`].

mod cards_check;
mod cards_coverage;
mod cards_import;
mod cards_show;
mod data;
mod explain;
mod export;
mod output;
mod progress;
mod resolve;
mod rule;
mod schema;
mod score;
mod shell;
mod validate;

use crate::cli::{CardsCommand, Cli, Command, Outcome, ScoreCommand};
use data::{load_data, load_game_data, print_skipped};
use output::{StdoutSink, print_json, print_stderr, print_stdout, stderr_line, write_stdout};

/// Parse the command line and run the command it names; the exit code tells the verdict
/// (2 also when what it printed could not be written).
pub fn run() -> std::process::ExitCode {
    let outcome = match crate::cli::parse(std::env::args_os()) {
        Ok(cli) => dispatch(cli),
        Err(error) => print_usage(&error),
    };
    output::finish(outcome).into()
}

/// clap's help, version or usage error, with its failure to print kept like any other.
fn print_usage(error: &clap::Error) -> Outcome {
    use crate::report::{Stream, stream};
    let printed = error.print();
    if error.use_stderr() {
        stream::record(Stream::Stderr, printed);
        Outcome::Failed
    } else {
        stream::record(Stream::Stdout, printed);
        stream::flush_stdout();
        Outcome::Clean
    }
}

pub fn dispatch(cli: Cli) -> Outcome {
    crate::report::set_color_choice(cli.color);
    // `cards check` reports the data's problems itself, as its result.
    let checks_data = matches!(cli.command, Command::Cards(CardsCommand::Check(_)));
    if !checks_data && let Err(outcome) = data::check_overlays(&cli.data) {
        return outcome;
    }
    match cli.command {
        Command::Cards(CardsCommand::Check(args)) => cards_check::run(&cli.data, args),
        Command::Cards(CardsCommand::Show(args)) => cards_show::show(&cli.data, args),
        Command::Cards(CardsCommand::Search(args)) => cards_show::search(&cli.data, args),
        Command::Cards(CardsCommand::Coverage(args)) => cards_coverage::run(&cli.data, args),
        Command::Cards(CardsCommand::Import(args)) => cards_import::run(args),
        Command::Schema(args) => schema::run(args),
        Command::Rule(args) => rule::run(&cli.data, args),
        Command::Resolve(args) => resolve::run(&cli.data, args),
        Command::Validate(args) => validate::run(&cli.data, args),
        Command::Score(ScoreCommand::Armada(args)) => score::armada(&cli.data, args),
        Command::Export(args) => export::run(&cli.data, args),
        Command::Explain(args) => explain::run(args),
        Command::Completions(args) => shell::completions(args),
        Command::Man(args) => shell::man(&args.command),
    }
}

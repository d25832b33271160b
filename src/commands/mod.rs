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
use output::{print_json, print_stdout};

/// Parse the command line and run the command it names; the exit code tells the verdict.
pub fn run() -> std::process::ExitCode {
    match crate::cli::parse(std::env::args_os()) {
        Ok(cli) => dispatch(cli).into(),
        Err(error) => {
            let _ = error.print();
            std::process::ExitCode::from(if error.use_stderr() { 2 } else { 0 })
        }
    }
}

pub fn dispatch(cli: Cli) -> Outcome {
    crate::report::set_color_choice(cli.color);
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

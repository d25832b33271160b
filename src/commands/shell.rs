//! `arbiter completions SHELL` and `arbiter man`: what a shell and `man` need, generated
//! from the same clap definition the binary parses with, so they never drift from it.

use super::{stderr_line, write_stdout};
use crate::cli::{Cli, CompletionsArgs, Outcome};
use clap::CommandFactory;

pub fn completions(args: CompletionsArgs) -> Outcome {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "arbiter", &mut script);
    write_stdout(&script);
    Outcome::Clean
}

pub fn man() -> Outcome {
    let mut page = Vec::new();
    match clap_mangen::Man::new(Cli::command()).render(&mut page) {
        Ok(()) => {
            write_stdout(&page);
            Outcome::Clean
        }
        Err(error) => {
            stderr_line(&format!("error: cannot render the man page: {error}"));
            Outcome::Failed
        }
    }
}

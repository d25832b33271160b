//! `arbiter completions SHELL` and `arbiter man`: what a shell and `man` need, generated
//! from the same clap definition the binary parses with, so they never drift from it.

use crate::cli::{Cli, CompletionsArgs, Outcome};
use clap::CommandFactory;
use std::io::Write;

pub fn completions(args: CompletionsArgs) -> Outcome {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "arbiter", &mut script);
    write_stdout(&script)
}

pub fn man() -> Outcome {
    let mut page = Vec::new();
    match clap_mangen::Man::new(Cli::command()).render(&mut page) {
        Ok(()) => write_stdout(&page),
        Err(error) => {
            eprintln!("error: cannot render the man page: {error}");
            Outcome::Failed
        }
    }
}

/// Bytes to stdout; a closed pipe (`arbiter man | head`) is not an error.
fn write_stdout(bytes: &[u8]) -> Outcome {
    let _ = std::io::stdout().lock().write_all(bytes);
    Outcome::Clean
}

//! `arbiter completions SHELL` and `arbiter man`: what a shell and `man` need, generated
//! from the same clap definition the binary parses with, so they never drift from it.

use super::{stderr_line, write_stdout};
use crate::cli::{CompletionsArgs, Outcome, command};
use crate::help::{EXIT_STATUS, examples_of};

pub fn completions(args: CompletionsArgs) -> Outcome {
    let mut command = command();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "arbiter", &mut script);
    write_stdout(&script);
    Outcome::Clean
}

/// The page of arbiter, or of the subcommand `path` names (`["cards", "check"]`), with
/// EXIT STATUS and EXAMPLES sections.
pub fn man(path: &[String]) -> Outcome {
    let mut root = command().disable_help_subcommand(true);
    // Building names the subcommands as their pages do: `arbiter-cards-check`.
    root.build();
    let mut page_of = &root;
    for name in path {
        match page_of.find_subcommand(name) {
            Some(sub) => page_of = sub,
            None => {
                stderr_line(&format!(
                    "error: no subcommand `{}`; `arbiter --help` lists them",
                    path.join(" ")
                ));
                return Outcome::Failed;
            }
        }
    }
    // The examples go in a section of their own, not clap_mangen's EXTRA.
    let page_command = page_of.clone().after_help(None::<&str>);
    let mut page = Vec::new();
    let man = clap_mangen::Man::new(page_command)
        .source(concat!("arbiter ", env!("CARGO_PKG_VERSION")))
        .manual("arbiter");
    if let Err(error) = man.render(&mut page) {
        stderr_line(&format!("error: cannot render the man page: {error}"));
        return Outcome::Failed;
    }
    page.extend_from_slice(man_sections(&path.join(" ")).as_bytes());
    write_stdout(&page);
    Outcome::Clean
}

/// The EXIT STATUS and EXAMPLES sections in roff.
fn man_sections(path: &str) -> String {
    let mut roff = String::from(".SH \"EXIT STATUS\"\n");
    for (code, meaning) in EXIT_STATUS {
        roff.push_str(&format!(".TP\n\\fB{code}\\fR\n{}\n", roff_text(meaning)));
    }
    roff.push_str(".SH EXAMPLES\n");
    for (what, line) in examples_of(path) {
        roff.push_str(&format!(
            ".PP\n{}:\n.PP\n.RS 4\n.nf\n{}\n.fi\n.RE\n",
            roff_text(what),
            roff_text(line)
        ));
    }
    roff
}

/// Text roff prints as written: backslashes escaped, and a line never read as a request.
fn roff_text(text: &str) -> String {
    let escaped = text.replace('\\', "\\e").replace('-', "\\-");
    if escaped.starts_with(['.', '\'']) {
        format!("\\&{escaped}")
    } else {
        escaped
    }
}

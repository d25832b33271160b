//! Whether output is coloured: `--color` decides for the whole run; under `auto`, a stream
//! is coloured when it is a terminal and `NO_COLOR` is not set.

use std::io::IsTerminal;
use std::sync::OnceLock;

/// The `--color` flag.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum ColorChoice {
    /// Colour on a terminal, unless `NO_COLOR` is set.
    #[default]
    Auto,
    /// Always colour, even into a pipe or with `NO_COLOR` set.
    Always,
    /// Never colour.
    Never,
}

/// Where a piece of output goes: data on stdout, diagnostics on stderr.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    Stdout,
    Stderr,
}

/// Set once from the command line before anything is printed; every renderer reads it,
/// so no command has to pass it along.
static CHOICE: OnceLock<ColorChoice> = OnceLock::new();

/// Record the run's `--color`. Later calls are ignored: the first choice holds.
pub fn set_color_choice(choice: ColorChoice) {
    let _ = CHOICE.set(choice);
}

impl ColorChoice {
    /// The decision for one stream, from what the environment says. An explicit flag beats
    /// `NO_COLOR`, as no-color.org asks; `NO_COLOR` counts only when it is non-empty.
    pub fn resolve(self, terminal: bool, no_color: bool) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => terminal && !no_color,
        }
    }

    /// For clap's own help and error messages.
    pub fn for_clap(self) -> clap::ColorChoice {
        match self {
            ColorChoice::Auto => clap::ColorChoice::Auto,
            ColorChoice::Always => clap::ColorChoice::Always,
            ColorChoice::Never => clap::ColorChoice::Never,
        }
    }
}

/// Whether to colour what goes to `stream` in this run.
pub fn use_color(stream: Stream) -> bool {
    let terminal = match stream {
        Stream::Stdout => std::io::stdout().is_terminal(),
        Stream::Stderr => std::io::stderr().is_terminal(),
    };
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    CHOICE
        .get()
        .copied()
        .unwrap_or_default()
        .resolve(terminal, no_color)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_colours_only_a_terminal_without_no_color() {
        assert!(ColorChoice::Auto.resolve(true, false));
        assert!(!ColorChoice::Auto.resolve(false, false));
        assert!(!ColorChoice::Auto.resolve(true, true));
    }

    #[test]
    fn the_flag_beats_the_environment() {
        assert!(ColorChoice::Always.resolve(false, true));
        assert!(!ColorChoice::Never.resolve(true, false));
    }
}

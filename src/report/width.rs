//! How wide to lay text out: `COLUMNS` when set (the shell's and POSIX's way to ask for a
//! width, also into a pipe), else the terminal's width, else a fixed width for files and
//! pipes so that their output does not depend on where it was made.

use super::color::Stream;

/// Narrower than this, a width is taken for a wrong reading (some terminals and CI runners
/// report 0), not a real window.
pub const NARROWEST: usize = 20;

/// The width for `stream`, or `fallback` when neither `COLUMNS` nor a terminal says.
pub fn output_width(stream: Stream, fallback: usize) -> usize {
    let columns = std::env::var("COLUMNS").ok();
    let terminal = match stream {
        Stream::Stdout => terminal_size::terminal_size_of(std::io::stdout()),
        Stream::Stderr => terminal_size::terminal_size_of(std::io::stderr()),
    }
    .map(|(w, _)| usize::from(w.0));
    chosen_width(columns.as_deref(), terminal, fallback)
}

fn chosen_width(columns: Option<&str>, terminal: Option<usize>, fallback: usize) -> usize {
    columns
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|&w| w >= NARROWEST)
        .or(terminal.filter(|&w| w >= NARROWEST))
        .unwrap_or(fallback)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_wins_then_the_terminal_then_the_fallback() {
        assert_eq!(chosen_width(Some("80"), Some(200), 100), 80);
        assert_eq!(chosen_width(None, Some(200), 100), 200);
        assert_eq!(chosen_width(Some("junk"), Some(132), 100), 132);
        assert_eq!(chosen_width(Some("0"), Some(0), 100), 100);
        assert_eq!(chosen_width(None, None, 120), 120);
    }
}

//! A progress line on stderr while `validate` checks a folder: a count that appears once a
//! run has taken about a second, so a handful of lists never flashes one. The `indicatif`
//! crate draws it (it redraws in place, rate-limited, and clears itself), rather than a
//! hand-written carriage-return loop.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::{Duration, Instant};

/// Runs shorter than this show no progress.
const SHOWN_AFTER: Duration = Duration::from_secs(1);

/// Whether a run may show progress: a person watching stderr, human output (a JSON,
/// JSONL, GitHub or HTML document is for tools) and no `--quiet`.
pub(super) fn wanted(stderr_is_terminal: bool, human_output: bool, quiet: bool) -> bool {
    stderr_is_terminal && human_output && !quiet
}

/// Counts lists as they are written; draws nothing until [`SHOWN_AFTER`] has passed.
pub(super) struct Progress {
    bar: Option<ProgressBar>,
    started: Instant,
    visible: bool,
    /// Reports share the terminal with the bar: each is written with the bar cleared.
    stdout_is_terminal: bool,
}

impl Progress {
    /// Progress for this run if [`wanted`], else one that never draws.
    pub(super) fn for_run(human_output: bool, quiet: bool) -> Self {
        let on = wanted(std::io::stderr().is_terminal(), human_output, quiet);
        let bar = on.then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
            if let Ok(style) =
                ProgressStyle::with_template("{spinner} {human_pos} lists checked in {elapsed}")
            {
                bar.set_style(style);
            }
            bar
        });
        Progress {
            bar,
            started: Instant::now(),
            visible: false,
            stdout_is_terminal: std::io::stdout().is_terminal(),
        }
    }

    /// One more list done; `write` prints its report with the bar out of the way. It is
    /// told whether the bar is drawn: its text must then reach the terminal (be flushed)
    /// before the bar comes back under it.
    pub(super) fn tick(&mut self, write: impl FnOnce(bool)) {
        let Some(bar) = &self.bar else {
            return write(false);
        };
        if !self.visible && self.started.elapsed() >= SHOWN_AFTER {
            bar.set_draw_target(ProgressDrawTarget::stderr());
            self.visible = true;
        }
        if self.visible && self.stdout_is_terminal {
            bar.suspend(|| write(true));
        } else {
            write(false);
        }
        bar.inc(1);
    }

    /// Clear the line before the totals are written.
    pub(super) fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_only_for_a_person_reading_human_output() {
        assert!(wanted(true, true, false));
        assert!(!wanted(false, true, false), "not a terminal");
        assert!(!wanted(true, false, false), "a document for tools");
        assert!(!wanted(true, true, true), "--quiet");
    }

    #[test]
    fn a_run_without_progress_still_writes_every_report() {
        let mut progress = Progress::for_run(false, false);
        let mut written = 0;
        for _ in 0..3 {
            progress.tick(|drawn| {
                assert!(!drawn);
                written += 1;
            });
        }
        progress.finish();
        assert_eq!(written, 3);
        assert!(progress.bar.is_none());
    }
}

//! Standard output and standard error, the one way every part of arbiter writes to them.
//!
//! A failed write is never dropped: the first failure is kept, and the command that ran
//! ends with it (a message on stderr, exit 2) instead of claiming success over a cut
//! output (`arbiter completions bash > /dev/full`). A closed pipe (`arbiter … | head`) is
//! the exception, as for ripgrep and coreutils: the reader has seen what it wanted, so the
//! writing stops quietly and the exit code still tells the verdict.
//!
//! `print!`/`eprint!` are not used anywhere: they panic when the write fails.

use super::visible::Filter;
use super::{Stream, use_color};
use std::io::Write;
use std::sync::Mutex;

/// What became of the writes so far.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
enum State {
    #[default]
    Open,
    /// The reader went away: later writes are skipped.
    Closed,
    /// A write failed: the first failure, as a message for the user.
    Failed(String),
}

static STDOUT: Mutex<State> = Mutex::new(State::Open);
static STDERR: Mutex<State> = Mutex::new(State::Open);

impl State {
    /// The state once a write to `stream` failed with `error`: the first failure holds.
    fn after(&self, error: &std::io::Error, stream: &str) -> State {
        match self {
            State::Open if error.kind() == std::io::ErrorKind::BrokenPipe => State::Closed,
            State::Open => State::Failed(format!("cannot write to {stream}: {error}")),
            done => done.clone(),
        }
    }
}

impl Stream {
    fn state(self) -> &'static Mutex<State> {
        match self {
            Stream::Stdout => &STDOUT,
            Stream::Stderr => &STDERR,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Stream::Stdout => "standard output",
            Stream::Stderr => "standard error",
        }
    }

    fn is_open(self) -> bool {
        *lock(self.state()) == State::Open
    }

    /// Keep what a write gave; an error ends the writing to this stream.
    fn record(self, result: std::io::Result<()>) {
        let Err(error) = result else {
            return;
        };
        let mut state = lock(self.state());
        *state = state.after(&error, self.name());
    }

    /// `bytes`, control characters shown (see [`Filter`]), as one whole write.
    fn write_visible(self, bytes: &[u8]) {
        if !self.is_open() {
            return;
        }
        let mut filter = Filter::new(use_color(self));
        let shown = filter.feed(bytes);
        let end = filter.end();
        if end.is_empty() {
            self.write_all(&shown);
        } else {
            self.write_all(&[&shown[..], &end[..]].concat());
        }
    }

    fn write_all(self, bytes: &[u8]) {
        if !self.is_open() {
            return;
        }
        let result = match self {
            Stream::Stdout => {
                let mut out = std::io::stdout().lock();
                out.write_all(bytes).and_then(|()| out.flush())
            }
            Stream::Stderr => std::io::stderr().lock().write_all(bytes),
        };
        self.record(result);
    }
}

/// A poisoned lock still holds a state worth reading: a panic elsewhere does not make a
/// failed write succeed.
fn lock(state: &Mutex<State>) -> std::sync::MutexGuard<'_, State> {
    state
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// `text` on standard output, with a line break at the end if it has none.
pub fn print_stdout(text: &str) {
    Stream::Stdout.write_visible(text.as_bytes());
    if !text.ends_with('\n') {
        Stream::Stdout.write_all(b"\n");
    }
}

/// Bytes on standard output as they are (a generated script, a man page).
pub fn write_stdout(bytes: &[u8]) {
    Stream::Stdout.write_all(bytes);
}

/// `text` on standard error as it is.
pub fn print_stderr(text: &str) {
    Stream::Stderr.write_visible(text.as_bytes());
}

/// One line on standard error.
pub fn stderr_line(line: &str) {
    let mut text = String::with_capacity(line.len() + 1);
    text.push_str(line);
    text.push('\n');
    print_stderr(&text);
}

/// Standard output as a buffered writer, for output written as it is made (a run over
/// thousands of lists, a large JSON document). Its errors are recorded like any other
/// write and never returned: once one happens, later writes are skipped.
pub struct StdoutSink {
    buffer: std::io::BufWriter<std::io::Stdout>,
    filter: Filter,
}

impl StdoutSink {
    pub fn new() -> Self {
        StdoutSink {
            buffer: std::io::BufWriter::with_capacity(1 << 16, std::io::stdout()),
            filter: Filter::new(use_color(Stream::Stdout)),
        }
    }

    pub fn write_str(&mut self, text: &str) {
        self.write_visible(text.as_bytes());
    }

    /// `text` that its writer showed to hold no character the filter escapes (a report's
    /// JSON, whose writer looked at every string it wrote): written without the filter
    /// looking at every byte again, unless the filter still holds the start of something.
    pub fn write_shown(&mut self, text: &str) {
        if !self.filter.holds_nothing() {
            return self.write_visible(text.as_bytes());
        }
        if Stream::Stdout.is_open() {
            let result = self.buffer.write_all(text.as_bytes());
            Stream::Stdout.record(result);
        }
    }

    /// `bytes` with control characters shown (see [`Filter`]).
    fn write_visible(&mut self, bytes: &[u8]) {
        if Stream::Stdout.is_open() {
            let shown = self.filter.feed(bytes);
            let result = self.buffer.write_all(&shown);
            Stream::Stdout.record(result);
        }
    }

    /// What the filter still holds, then what is buffered.
    fn end(&mut self) {
        let held = self.filter.end();
        if !held.is_empty() && Stream::Stdout.is_open() {
            let result = self.buffer.write_all(&held);
            Stream::Stdout.record(result);
        }
        self.flush_buffer();
    }

    /// Write out what is buffered; a failure is recorded, as for every write.
    pub fn flush_buffer(&mut self) {
        if Stream::Stdout.is_open() {
            let result = self.buffer.flush();
            Stream::Stdout.record(result);
        }
    }

    /// Write out what is buffered, at the end.
    pub fn finish(mut self) {
        self.end();
    }
}

impl Default for StdoutSink {
    fn default() -> Self {
        Self::new()
    }
}

impl Write for StdoutSink {
    /// Always accepts every byte: a failure is recorded for the end of the run, so a
    /// serialiser writing through this does not stop half-way with an error of its own.
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.write_visible(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.flush_buffer();
        Ok(())
    }
}

impl Drop for StdoutSink {
    fn drop(&mut self) {
        self.end();
    }
}

/// Keep the result of a write made elsewhere (clap printing its help): an error ends the
/// writing to `stream` as any other failed write does.
pub fn record(stream: Stream, result: std::io::Result<()>) {
    stream.record(result);
}

/// Flush standard output, keeping the result.
pub fn flush_stdout() {
    if Stream::Stdout.is_open() {
        Stream::Stdout.record(std::io::stdout().lock().flush());
    }
}

/// The first failed write to standard output or standard error, if any (a closed pipe
/// is none).
pub fn write_failure() -> Option<String> {
    [Stream::Stdout, Stream::Stderr]
        .into_iter()
        .find_map(|stream| match &*lock(stream.state()) {
            State::Failed(message) => Some(message.clone()),
            _ => None,
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Error, ErrorKind};

    #[test]
    fn a_closed_pipe_is_quiet_and_other_errors_are_kept() {
        let pipe = Error::from(ErrorKind::BrokenPipe);
        let full = Error::from_raw_os_error(28);
        assert_eq!(State::Open.after(&pipe, "standard output"), State::Closed);
        let failed = State::Open.after(&full, "standard output");
        let State::Failed(message) = &failed else {
            panic!("a full disk is a failure: {failed:?}");
        };
        assert!(
            message.starts_with("cannot write to standard output: "),
            "{message}"
        );
        assert_eq!(
            failed.after(&pipe, "standard output"),
            failed,
            "the first failure holds"
        );
        assert_eq!(State::Closed.after(&full, "x"), State::Closed);
    }
}

//! One bounded read for every input: at most the limit plus one byte is ever read, so a
//! huge file, `/dev/zero` or an endless pipe costs no more memory than the limit.

use crate::report::{Code, Finding, SourceFiles, first_line_span, shown_prefix};
use std::io::Read;
use std::path::Path;

/// The path that means standard input on the command line.
pub const STDIN: &str = "-";

/// Bytes of an over-large input kept to quote in its diagnostic.
const QUOTED_BYTES: usize = 4096;

/// Why an input was not read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Unread {
    /// It could not be opened or read; the message names the input and the reason.
    Failed(String),
    /// It holds more than `limit` bytes. `head` is its start, to quote.
    TooLarge { limit: usize, head: Vec<u8> },
}

impl Unread {
    /// The diagnostic for an input that was not read: an over-large one is located on its
    /// first line (its start is added to `files`); a failed read has no source to point at.
    pub fn finding(
        &self,
        name: &str,
        files: &mut SourceFiles,
        too_large: Code,
        io: Code,
    ) -> Finding {
        match self {
            Unread::Failed(message) => Finding::error(io, message.clone())
                .help("check the path and that the file can be read"),
            Unread::TooLarge { limit, head } => {
                let shown = shown_prefix(head, QUOTED_BYTES);
                let first = first_line_span(&shown, 120);
                let file = files.add(name, shown);
                Finding::error(
                    too_large,
                    format!("{name} is larger than {limit} bytes; it was not read"),
                )
                .at(file, first)
                .label("the input starts here")
                .help("give the file itself, not an archive, a device or an endless stream; real inputs are far smaller")
            }
        }
    }
}

/// The name an input goes by in reports: `<stdin>` for `-`, else the path as given.
pub fn display_name(path: &Path) -> String {
    if path.as_os_str() == STDIN {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// Read `path` (`-`: standard input) up to `limit` bytes. Anything that can be opened is
/// read the same bounded way: a regular file, a pipe or FIFO, a device. More than `limit`
/// bytes is refused without reading further.
pub fn read_bounded(path: &Path, limit: usize) -> Result<Vec<u8>, Unread> {
    // The name only for a message: every input of a folder is read here.
    let failed =
        |e: std::io::Error| Unread::Failed(format!("cannot read {}: {e}", display_name(path)));
    if path.as_os_str() == STDIN {
        return read_limited(std::io::stdin().lock(), limit).map_err(|e| match e {
            Bounded::Io(e) => failed(e),
            Bounded::Over(head) => Unread::TooLarge { limit, head },
        });
    }
    let file = std::fs::File::open(path).map_err(failed)?;
    let metadata = file.metadata().ok();
    if metadata.as_ref().is_some_and(|m| m.is_dir()) {
        return Err(Unread::Failed(format!(
            "cannot read {}: it is a folder",
            display_name(path)
        )));
    }
    // A regular file says how long it is: room for all of it (never more than the limit)
    // reads it in one call and one more that finds the end, where growing from nothing
    // takes six calls for a 500-byte list. Pipes and devices say 0 and grow as they go.
    let expected = metadata
        .filter(std::fs::Metadata::is_file)
        .map_or(0, |m| usize::try_from(m.len()).unwrap_or(limit).min(limit));
    read_limited_into(Vec::with_capacity(expected.saturating_add(64)), file, limit).map_err(|e| {
        match e {
            Bounded::Io(e) => failed(e),
            Bounded::Over(head) => Unread::TooLarge { limit, head },
        }
    })
}

enum Bounded {
    Io(std::io::Error),
    /// Over the limit: the first bytes read.
    Over(Vec<u8>),
}

fn read_limited(reader: impl Read, limit: usize) -> Result<Vec<u8>, Bounded> {
    read_limited_into(Vec::new(), reader, limit)
}

fn read_limited_into(
    mut bytes: Vec<u8>,
    reader: impl Read,
    limit: usize,
) -> Result<Vec<u8>, Bounded> {
    let ceiling = u64::try_from(limit).unwrap_or(u64::MAX).saturating_add(1);
    reader
        .take(ceiling)
        .read_to_end(&mut bytes)
        .map_err(Bounded::Io)?;
    if bytes.len() > limit {
        bytes.truncate(QUOTED_BYTES);
        return Err(Bounded::Over(bytes));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endless_source_stops_one_byte_past_the_limit() {
        let endless = std::io::repeat(b'a');
        match read_limited(endless, 10_000) {
            Err(Bounded::Over(head)) => assert_eq!(head.len(), QUOTED_BYTES),
            _ => panic!("an endless source must be refused"),
        }
    }

    #[test]
    fn an_input_of_exactly_the_limit_is_read() {
        let bytes = read_limited(&b"abcd"[..], 4)
            .ok()
            .expect("four bytes fit a limit of four");
        assert_eq!(bytes, b"abcd");
        assert!(matches!(
            read_limited(&b"abcde"[..], 4),
            Err(Bounded::Over(_))
        ));
    }

    #[test]
    fn an_over_large_input_is_located_on_its_first_line() {
        let refusal = Unread::TooLarge {
            limit: 8,
            head: b"\n  first line\nsecond".to_vec(),
        };
        let mut files = SourceFiles::default();
        let finding = refusal.finding("x.txt", &mut files, Code::ListTooLarge, Code::ListIo);
        let location = finding.location.expect("located");
        assert_eq!(&files.text(location.file)[location.span], "first line");
        assert_eq!(finding.code, Code::ListTooLarge);
    }

    #[test]
    fn a_folder_is_refused_by_name() {
        let dir = std::env::temp_dir();
        assert!(matches!(read_bounded(&dir, 10), Err(Unread::Failed(m)) if m.contains("folder")));
    }
}

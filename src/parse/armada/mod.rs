//! Readers for the fleet lists the Armada builders export, as text: Ryan Kingston's builder,
//! Star Forge / Armada Legacy, Armada Warlords, Flagship, the Armada Fleet Builder app and
//! Armada Fleets Designer. Each input is detected, then read line by line into a
//! [`ParsedFleet`] that keeps the byte span of every name and number. A line that cannot be
//! read gives one located diagnostic (every code contains `::parse`) and the rest of the
//! list is still read. Names are not looked up here; the validator does that.

mod card_lines;
mod detect;
mod flagship;
mod fleet_builder_app;
mod fleets_designer;
mod grammar;
mod kingston;
mod lines;
pub mod model;
mod recorder;
mod source_format;
pub mod span;
mod starforge;
mod warlords;

pub use detect::detect;
pub use lines::MAX_LINE_BYTES;
pub use model::{
    CardName, Commander, Number, Objective, ObjectiveCategory, ParsedFleet, Ship, Squadron,
    StatedPoints, Text, Upgrade,
};
pub use source_format::SourceFormat;

use crate::report::{Code, FileId, Finding};
use lines::Line;
use recorder::{Recorder, shorten};
use std::borrow::Cow;
use std::sync::Arc;

/// Inputs larger than this are not read: real lists are a few kilobytes.
pub const MAX_INPUT_BYTES: usize = 1 << 20;

/// Read one input given as bytes. Returns the text to keep for rendering diagnostics and
/// what the list says. The kept text is the input itself when it is clean UTF-8; otherwise
/// a lossy, shortened or sanitised copy (control characters shown as `?`, so quoting a line
/// cannot send escape sequences to a terminal) in which the diagnostics' spans are valid.
pub fn parse_bytes(file: FileId, bytes: &[u8]) -> (String, ParsedFleet) {
    let (text, fleet) = parse_bytes_as(file, bytes, None, None);
    (text.to_string(), fleet)
}

/// [`parse_bytes`] for a caller that has already detected the builder (`None`: detect)
/// and perhaps checked the bytes as UTF-8 (`checked`: the same bytes as text), the kept
/// text ready to share with a report (copied once from the input, where a `String` would
/// be copied again into the report's files).
pub fn parse_bytes_as(
    file: FileId,
    bytes: &[u8],
    checked: Option<&str>,
    detected: Option<SourceFormat>,
) -> (Arc<str>, ParsedFleet) {
    // Text already checked must be these very bytes: an input is checked once.
    debug_assert!(checked.is_none_or(|text| std::ptr::eq(text.as_bytes(), bytes)));
    let parse = |file: FileId, text: &str| match detected {
        Some(format) if text.len() <= MAX_INPUT_BYTES && !text.trim().is_empty() => {
            parse_as(file, text, format)
        }
        _ => parse(file, text),
    };
    if bytes.len() > MAX_INPUT_BYTES {
        let shown = sanitize(&lossy_prefix(bytes, 4096)).into_owned();
        let first_line = shown.find(['\n', '\r']).unwrap_or(shown.len());
        let finding = Finding::error(
            Code::ArmadaParseTooLarge,
            format!(
                "this input is {} bytes; a fleet list is a few kilobytes (limit {} bytes)",
                bytes.len(),
                MAX_INPUT_BYTES
            ),
        )
        .at(file, 0..first_line)
        .label("not read")
        .help("give one exported fleet list per file");
        return (shown.into(), failed(finding));
    }
    // Almost every input has no byte that binary detection or the sanitising looks for:
    // one pass over it says so, and both are skipped.
    let suspect = has_suspect_byte(bytes);
    if let Some(at) = suspect.then(|| binary_at(bytes)).flatten() {
        // Keep the text up to a little after the first control byte, made printable.
        let kept = sanitize(&lossy_prefix(bytes, at + 64)).into_owned();
        let offset = String::from_utf8_lossy(bytes.get(..at).unwrap_or_default()).len();
        let width = kept[offset..].chars().next().map_or(0, char::len_utf8);
        let finding = Finding::error(
            Code::ArmadaParseBinary,
            format!(
                "this input is binary data, not a fleet list (byte 0x{:02x} at offset {at})",
                bytes.get(at).copied().unwrap_or_default()
            ),
        )
        .at(file, offset..offset + width)
        .label("control byte")
        .help("export the fleet from the builder as text and give that file");
        return (kept.into(), failed(finding));
    }
    match checked.map_or_else(|| std::str::from_utf8(bytes), Ok) {
        Ok(text) => {
            let text: Arc<str> = if suspect {
                Arc::from(&*sanitize(text))
            } else {
                Arc::from(text)
            };
            let fleet = parse(file, &text);
            (text, fleet)
        }
        Err(error) => {
            let text = sanitize(&String::from_utf8_lossy(bytes)).into_owned();
            let at = error.valid_up_to();
            let width = text[at..].chars().next().map_or(0, char::len_utf8);
            let finding = Finding::error(
                Code::ArmadaParseEncoding,
                format!("this input is not UTF-8 text (invalid byte at offset {at})"),
            )
            .at(file, at..at + width)
            .label("not UTF-8")
            .help("save the list as UTF-8 text (builders export UTF-8; some editors save Latin-1)");
            let mut fleet = parse(file, &text);
            fleet.findings.insert(0, finding);
            (text.into(), fleet)
        }
    }
}

/// `text` with control characters (but tab and line endings) replaced by `?`, byte for
/// byte, so offsets stay valid.
fn sanitize(text: &str) -> Cow<'_, str> {
    let is_control =
        |c: char| (c.is_control() && !matches!(c, '\t' | '\n' | '\r')) || c == '\u{7f}';
    let any_suspect = has_suspect_byte(text.as_bytes());
    if !any_suspect || !text.chars().any(is_control) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if is_control(c) {
            out.extend(std::iter::repeat_n('?', c.len_utf8()));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The bytes [`sanitize`] and [`binary_at`] look for: C0 controls but tab and line ends
/// (NUL and the form feed among them), DEL, and 0xC2 (which starts the C1 controls).
// Indices below the table's length by construction; no input is looked at here.
#[allow(clippy::indexing_slicing)]
const SUSPECT_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut byte = 0;
    while byte < 0x20 {
        table[byte] = !matches!(byte as u8, b'\t' | b'\n' | b'\r');
        byte += 1;
    }
    table[0x7f] = true;
    table[0xc2] = true;
    table
};

/// Whether `bytes` hold any of [`SUSPECT_BYTES`]: when not, [`binary_at`] finds nothing
/// and [`sanitize`] changes nothing. A table look-up per byte in 64-byte blocks without
/// an early exit inside a block: every input passes here.
fn has_suspect_byte(bytes: &[u8]) -> bool {
    bytes.chunks(64).any(|block| {
        block
            .iter()
            // A byte is always below 256: the bounds check is compiled away.
            .fold(false, |found, &b| {
                found | SUSPECT_BYTES.get(usize::from(b)).copied().unwrap_or(true)
            })
    })
}

/// Read one list from text: detect the builder, then read every line.
pub fn parse(file: FileId, text: &str) -> ParsedFleet {
    if text.len() > MAX_INPUT_BYTES {
        return parse_bytes(file, text.as_bytes()).1;
    }
    if text.trim_start_matches('\u{feff}').trim().is_empty() {
        let finding = Finding::error(Code::ArmadaParseEmpty, "this input is empty")
            .at(file, 0..text.len())
            .label("nothing here")
            .help("give a fleet list exported from an Armada builder");
        return failed(finding);
    }
    match detect(text) {
        Some(format) => parse_as(file, text, format),
        None => {
            let first = lines::lines(text).find(|l| !l.is_blank());
            let span = first.map_or(0..0, |l| {
                let t = l.trimmed();
                t.slice(0, floor_boundary(t.fragment(), 120)).range()
            });
            let shown = first.map_or(String::new(), |l| shorten(l.trimmed().fragment()));
            let finding = Finding::error(
                Code::ArmadaParseUnknownFormat,
                format!("this is not an Armada fleet list from a known builder: `{shown}`"),
            )
            .at(file, span)
            .label("no builder writes this")
            .help(
                "give a list exported as text from Ryan Kingston's builder, Star Forge / Armada \
                 Legacy, Armada Warlords, Flagship, the Armada Fleet Builder app or Armada Fleets \
                 Designer",
            );
            failed(finding)
        }
    }
}

/// Read `text` as an export of `format`, without detection.
pub fn parse_as(file: FileId, text: &str, format: SourceFormat) -> ParsedFleet {
    let mut rec = Recorder::new(file, format);
    let lines = readable_lines(&mut rec, text);
    match format {
        SourceFormat::Kingston => kingston::read(&mut rec, &lines),
        SourceFormat::StarForge => starforge::read(&mut rec, &lines),
        SourceFormat::Warlords => warlords::read(&mut rec, &lines),
        SourceFormat::Flagship => flagship::read(&mut rec, &lines),
        SourceFormat::FleetBuilderApp => fleet_builder_app::read(&mut rec, &lines),
        SourceFormat::FleetsDesigner => fleets_designer::read(&mut rec, &lines),
    }
    rec.finish()
}

/// The lines, minus any that are far too long (each reported once).
fn readable_lines<'a>(rec: &mut Recorder, text: &'a str) -> Vec<Line<'a>> {
    // Lists average ~25 bytes a line; reserving up front saves the regrowing.
    let mut out: Vec<Line<'a>> = Vec::with_capacity(text.len() / 16 + 1);
    out.extend(lines::lines(text));
    out.retain(|line| {
        if line.raw.len() <= MAX_LINE_BYTES {
            return true;
        }
        let start = line.raw.trim_start();
        let label_end = floor_boundary(start.fragment(), 80);
        rec.problem(
            Code::ArmadaParseLineTooLong,
            start.slice(0, label_end).range(),
            format!(
                "line {} is {} bytes long; no fleet-list line is longer than {MAX_LINE_BYTES}",
                line.number,
                line.raw.len()
            ),
            "this line is skipped",
            "check that the file is an exported fleet list and that its lines were not joined",
        );
        false
    });
    out
}

fn failed(finding: Finding) -> ParsedFleet {
    let mut fleet = ParsedFleet::new(None);
    fleet.findings.push(finding);
    fleet
}

/// Where the input stops looking like text: a NUL byte, or many control bytes early on.
fn binary_at(bytes: &[u8]) -> Option<usize> {
    let head = bytes.get(..bytes.len().min(8192)).unwrap_or_default();
    if let Some(at) = memchr::memchr(0, head) {
        return Some(at);
    }
    // Bitwise, without branches, so that the count over every input is vectorised.
    let is_control = |b: u8| (b < 0x20) & (b != b'\n') & (b != b'\r') & (b != b'\t') & (b != 0x0c);
    let controls: usize = head.iter().map(|&b| usize::from(is_control(b))).sum();
    if controls * 10 > head.len().max(1) {
        return head.iter().position(|&b| is_control(b));
    }
    None
}

/// The first `max` bytes as text. Not cut further: invalid bytes become 3-byte replacement
/// characters, and offsets computed on a shorter lossy prefix must stay inside it. (A cut
/// through a character just ends the text with a replacement character.)
fn lossy_prefix(bytes: &[u8], max: usize) -> String {
    String::from_utf8_lossy(bytes.get(..bytes.len().min(max)).unwrap_or_default()).into_owned()
}

fn floor_boundary(text: &str, max: usize) -> usize {
    let mut at = max.min(text.len());
    while at > 0 && !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(fleet: &ParsedFleet) -> Vec<&'static str> {
        fleet.findings.iter().map(|f| f.code.as_str()).collect()
    }

    #[test]
    fn text_checked_before_reads_as_the_bytes_checked_here() {
        let inputs = [
            "Name: x\nFaction: Rebel\nCommander: Mon Mothma\nSquadrons:\n= 0 Points\n",
            "Name: x\u{7}\nFaction: Rebel\n",
            " \n",
            "",
        ];
        for input in inputs {
            let bytes = input.as_bytes();
            for format in [None, Some(SourceFormat::Kingston)] {
                let (text, fleet) = parse_bytes_as(FileId(0), bytes, None, format);
                let (checked, again) = parse_bytes_as(FileId(0), bytes, Some(input), format);
                assert_eq!(text, checked, "{input:?}");
                assert_eq!(format!("{fleet:?}"), format!("{again:?}"), "{input:?}");
            }
        }
    }

    #[test]
    fn empty_input() {
        let fleet = parse(FileId(0), " \n\t\r\n");
        assert_eq!(codes(&fleet), ["armada::parse::empty"]);
        assert_eq!(fleet.source_format, None);
    }

    #[test]
    fn binary_input() {
        let (_, fleet) = parse_bytes(FileId(0), b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR");
        assert_eq!(codes(&fleet), ["armada::parse::binary"]);
    }

    #[test]
    fn binary_after_invalid_bytes() {
        let mut bytes = vec![0xff; 100];
        bytes.push(0);
        bytes.extend(b"rest");
        let (text, fleet) = parse_bytes(FileId(0), &bytes);
        assert_eq!(codes(&fleet), ["armada::parse::binary"]);
        let span = fleet.findings[0].location.as_ref().unwrap().span.clone();
        assert_eq!(span, 300..301);
        assert_eq!(&text[span], "?");
    }

    #[test]
    fn invalid_utf8_is_located_and_the_rest_is_read() {
        let bytes = b"Name: Caf\xe9\nFaction: Rebel\nCommander:\nAssault:\nDefense:\nNavigation:\nSquadrons:\n= 0 Points\nTotal Points: 0\n";
        let (text, fleet) = parse_bytes(FileId(0), bytes);
        assert_eq!(codes(&fleet), ["armada::parse::encoding"]);
        let span = fleet.findings[0].location.as_ref().unwrap().span.clone();
        assert_eq!(&text[span], "\u{fffd}");
        assert_eq!(fleet.faction.unwrap().text, "Rebel");
    }

    #[test]
    fn too_large_input() {
        let bytes = "Name: x\n".repeat(MAX_INPUT_BYTES / 4);
        let (text, fleet) = parse_bytes(FileId(0), bytes.as_bytes());
        assert_eq!(codes(&fleet), ["armada::parse::too_large"]);
        assert!(text.len() <= 4096);
    }

    #[test]
    fn control_characters_are_kept_out_of_the_text() {
        let (text, fleet) = parse_bytes(
            FileId(0),
            b"Name: \x1b[31mRed\nFaction: Rebel\nCommander:\n",
        );
        assert_eq!(text, "Name: ?[31mRed\nFaction: Rebel\nCommander:\n");
        assert_eq!(fleet.name.unwrap().text, "?[31mRed");
    }

    #[test]
    fn other_text_is_not_a_fleet() {
        let fleet = parse(
            FileId(0),
            "{\"faction\": \"rebelalliance\", \"pilots\": []}",
        );
        assert_eq!(codes(&fleet), ["armada::parse::unknown_format"]);
    }

    #[test]
    fn formats_have_distinct_ids() {
        let ids: std::collections::HashSet<_> =
            SourceFormat::ALL.iter().map(|f| f.as_str()).collect();
        assert_eq!(ids.len(), SourceFormat::ALL.len());
    }
}

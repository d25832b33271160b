//! X-Wing squads as players exchange them: XWS JSON, YASB links, YASB's text and Reddit
//! exports, Launch Bay Next's text export and the Tabletop Simulator line. Readers keep
//! the squad as written, ids unresolved and every value spanned; resolving ids against
//! the card data and checking the rules is the validator's job.
//!
//! (Doctests are off; `tests/integration/xwing_parse.rs` runs this example.)
//!
//! ```
//! use arbiter::parse::xwing::{self, SourceFormat};
//! use arbiter::report::SourceFiles;
//!
//! let mut files = SourceFiles::default();
//! let link = b"https://yasb.app/?f=Rebel%20Alliance&d=v9ZhZ20Z462X130WW371&sn=Red&obs=";
//! let squad = xwing::read(&mut files, "squad.txt", link).unwrap();
//! assert_eq!(squad.format, SourceFormat::YasbLink);
//! assert_eq!(squad.pilots[0].card.text(), "462");
//! ```

mod builder;
pub mod detect;
pub mod faction;
pub mod json;
pub mod lbn;
pub mod lines;
pub mod percent;
pub mod reddit;
pub mod slot;
pub mod span;
pub mod squad;
pub mod tts;
pub mod xws;
pub mod yasb_link;
pub mod yasb_text;

pub use detect::detect;
pub use faction::Faction;
pub use span::Spanned;
pub use squad::{
    CardRef, FactionRef, GameMode, ParsedPilot, ParsedSquad, ParsedUpgrade, RulesetHint, SlotRef,
    SourceFormat, StatedLoadout,
};

use crate::report::{Code, FileId, Finding, SourceFiles};

/// Largest squad file read. A squad is a few kilobytes in any format.
pub const MAX_INPUT_BYTES: usize = 1024 * 1024;

/// Read a squad file's bytes: check they are text of a sane size, add them to `files`,
/// and parse them in whatever format they are. `Err` means nothing squad-like could be
/// read (exit 2 territory); problems inside a squad are its `findings`.
pub fn read(
    files: &mut SourceFiles,
    name: &str,
    bytes: &[u8],
) -> Result<ParsedSquad, Vec<Finding>> {
    if bytes.len() > MAX_INPUT_BYTES {
        // Keep the start of the file, printable, so the finding can point at it.
        let shown = crate::report::shown_prefix(bytes, 256);
        let first_line = crate::report::first_line_span(&shown, usize::MAX);
        let file = files.add(name, shown);
        return Err(vec![
            Finding::error(
                Code::XwingParseTooLarge,
                format!(
                    "{name} is {} bytes; squad files are at most {MAX_INPUT_BYTES} bytes",
                    bytes.len()
                ),
            )
            .at(file, first_line)
            .label("not read")
            .help("a squad is a few kilobytes in any format; check that this is the right file"),
        ]);
    }
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(error) => {
            let valid = error.valid_up_to();
            let lossy = String::from_utf8_lossy(
                bytes.get(..bytes.len().min(valid + 64)).unwrap_or_default(),
            );
            // The bad byte shows as U+FFFD (three bytes): the span covers that character.
            let width = lossy
                .get(valid..)
                .and_then(|rest| rest.chars().next())
                .map_or(0, char::len_utf8);
            let file = files.add(name, lossy.into_owned());
            return Err(vec![
                Finding::error(Code::XwingParseEncoding, "the file is not UTF-8 text")
                    .at(file, valid..valid + width)
                    .label("first byte that is not UTF-8")
                    .help("squad files are text; re-save the file as UTF-8"),
            ]);
        }
    };
    if let Some(nul) = text.find('\0') {
        let shown: String = text[..nul].chars().chain(['\u{fffd}']).collect();
        let file = files.add(name, shown);
        // Windows editors save "Unicode" text as UTF-16: every other byte of English text
        // is then NUL.
        let every_other_nul = |skip: usize| bytes.iter().skip(skip).step_by(2).all(|&b| b == 0);
        let (message, help) = if bytes.len() >= 4 && (every_other_nul(0) || every_other_nul(1)) {
            (
                "the file looks like UTF-16 text",
                "re-save the file as UTF-8 (in Notepad: Save as, Encoding: UTF-8)",
            )
        } else {
            (
                "the file holds binary data, not text",
                "squad files are XWS JSON, a builder link or a text export",
            )
        };
        return Err(vec![
            Finding::error(Code::XwingParseEncoding, message)
                .at(file, nul..nul + '\u{fffd}'.len_utf8())
                .label("a NUL byte")
                .help(help),
        ]);
    }
    let file = files.add(name, text.to_string());
    let text = files.text(file).clone();
    parse(file, &text)
}

/// Parse text already in [`SourceFiles`], detecting its format.
pub fn parse(file: FileId, text: &str) -> Result<ParsedSquad, Vec<Finding>> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(vec![
            Finding::error(
                Code::XwingParseTooLarge,
                format!(
                    "the input is {} bytes; squad files are at most {MAX_INPUT_BYTES} bytes",
                    text.len()
                ),
            )
            .at(file, 0..0)
            .help("a squad is a few kilobytes in any format; check that this is the right file"),
        ]);
    }
    match detect(text) {
        Some(format) => parse_as(file, text, format),
        None => {
            let start = text.len() - text.trim_start().len();
            Err(vec![
                Finding::error(
                    Code::XwingParse,
                    format!("not an X-Wing squad: {}", detect::why_not(text)),
                )
                .at(file, start..start)
                .label("no squad format starts here")
                .help(
                    "arbiter reads XWS JSON, YASB links, YASB's text and Reddit exports, \
                         Launch Bay Next's text export and the Tabletop Simulator line",
                ),
            ])
        }
    }
}

/// Parse text in a given format, for when the caller knows better than detection.
pub fn parse_as(
    file: FileId,
    text: &str,
    format: SourceFormat,
) -> Result<ParsedSquad, Vec<Finding>> {
    let parsed = match format {
        SourceFormat::Xws => xws::parse(file, text),
        SourceFormat::YasbLink => yasb_link::parse(file, text),
        SourceFormat::YasbText => yasb_text::parse(file, text),
        SourceFormat::Reddit => reddit::parse(file, text),
        SourceFormat::Lbn => lbn::parse(file, text),
        SourceFormat::Tts => tts::parse(file, text),
    };
    match parsed {
        Ok(mut squad) => {
            limit_size(file, &mut squad);
            cap_findings(file, &mut squad.findings);
            Ok(squad)
        }
        Err(mut findings) => {
            cap_findings(file, &mut findings);
            Err(findings)
        }
    }
}

/// Most pilots read from one squad: far above any format's ship count (epic play
/// included).
pub const MAX_PILOTS: usize = 64;

/// Most upgrades read for one pilot: far above any ship's slots.
pub const MAX_UPGRADES_PER_PILOT: usize = 32;

/// A squad past these counts is no real squad, and every pilot or upgrade past them would
/// add its own findings (33,000 copies of one upgrade gave 100,000 diagnostics and a 40 MB
/// report): the rest is not read, and one error says so.
fn limit_size(file: FileId, squad: &mut ParsedSquad) {
    if squad.pilots.len() > MAX_PILOTS {
        let rest = squad.pilots.split_off(MAX_PILOTS);
        let from = rest.first().map_or(0..0, |p| p.span.clone());
        squad.findings.push(
            Finding::error(
                Code::XwingParse,
                format!(
                    "this squad lists {} pilots; only the first {MAX_PILOTS} are read",
                    MAX_PILOTS + rest.len()
                ),
            )
            .at(file, from)
            .label("not read from here on")
            .help("a squad has a handful of ships; check that this file is one squad"),
        );
    }
    for pilot in &mut squad.pilots {
        if pilot.upgrades.len() > MAX_UPGRADES_PER_PILOT {
            let rest = pilot.upgrades.split_off(MAX_UPGRADES_PER_PILOT);
            let from = rest.first().map_or(0..0, |u| u.span.clone());
            squad.findings.push(
                Finding::error(
                    Code::XwingParse,
                    format!(
                        "this pilot lists {} upgrades; only the first {MAX_UPGRADES_PER_PILOT} are read",
                        MAX_UPGRADES_PER_PILOT + rest.len()
                    ),
                )
                .at(file, from)
                .label("not read from here on")
                .help("no ship has that many upgrade slots; check the pilot's upgrade lines"),
            );
        }
    }
}

/// After this many diagnostics in one squad the rest are counted, not listed (a text
/// file of 10,000 unreadable lines gave 10,000 diagnostics).
pub const MAX_FINDINGS: usize = 50;

fn cap_findings(file: FileId, findings: &mut Vec<Finding>) {
    if findings.len() <= MAX_FINDINGS {
        return;
    }
    let rest = findings.split_off(MAX_FINDINGS);
    let from = rest
        .iter()
        .find_map(|f| f.location.as_ref().map(|l| l.span.clone()))
        .unwrap_or(0..0);
    findings.push(
        Finding::error(
            Code::XwingParseTooManyErrors,
            format!("{} more problems in this squad are not shown", rest.len()),
        )
        .at(file, from)
        .label("from here on")
        .help("fix the problems above first, or check that this file is the squad you meant"),
    );
}

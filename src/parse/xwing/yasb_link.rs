//! YASB links, `https://yasb.app/?f=<faction>&d=<squad>&sn=<name>&obs=<obstacles>`.
//!
//! How YASB (raithos/xwing, `coffeescripts/system/xwing.coffee`) writes them:
//! - `f` is the faction's printed name through `encodeURI` (`Rebel%20Alliance`), `sn` the
//!   squad name through `encodeURIComponent`, `obs` the obstacle ids joined with `,`.
//!   YASB reads every parameter with `decodeURIComponent` after turning `+` into spaces.
//! - `d` is `v<version>Z<game mode>Z<points limit>Z<ships>`. Versions before 9 (X-Wing 2.0
//!   and first edition, the oldest with `!` instead of `Z`) are refused by YASB today.
//!   Game modes: `h` standard, `s` extended, `b` XWA, `e` epic, `q` quickbuild. The points
//!   are the limit chosen in the builder, not the squad's total.
//! - Ships are joined with `Y`. A ship is `<pilot id>X<upgrades>`; upgrades are the
//!   pilot's upgrade slots in order joined with `W`, an empty slot an empty string (so
//!   `X130WW371` is three slots, the middle one empty, and a ship with no upgrades ends in
//!   `X`). A third `X` part once held conferred add-ons; version 9 ignores it.
//! - Standard-loadout pilots (e.g. the Battle of Yavin cards) carry their fixed upgrades
//!   in the link like any other (`564X125W204W105`), though XWS and TTS exports leave
//!   them out.
//! - In quickbuild mode a ship is `<quickbuild id>X<wingmates>`: YASB quickbuild card
//!   numbers, not pilots.

use super::faction::Faction;
use super::percent::{self, DecodeProblem, Decoded};
use super::span::{Source, Spanned};
use super::squad::{
    CardRef, FactionRef, GameMode, ParsedPilot, ParsedSquad, ParsedUpgrade, SourceFormat,
};
use crate::report::{Code, FileId, Finding};
use std::ops::Range;

/// Link versions arbiter reads: 9 (X-Wing 2.5 with AMG points) and 10 (XWA points).
pub const SUPPORTED_VERSIONS: std::ops::RangeInclusive<u32> = 9..=10;

/// Builders whose links use YASB's 2.5 card numbers.
const YASB_HOSTS: &[&str] = &["yasb.app", "www.yasb.app"];

/// Does `text` (one trimmed token) look like a squad-builder link?
pub fn looks_like_link(text: &str) -> bool {
    !text.contains(char::is_whitespace)
        && text.contains('?')
        && (text.contains("?d=") || text.contains("&d="))
        && (text.contains("://") || text.starts_with("yasb.app") || text.starts_with('?'))
}

/// Read a file holding one YASB link, maybe with whitespace around it.
pub fn parse(file: FileId, text: &str) -> Result<ParsedSquad, Vec<Finding>> {
    let source = Source::new(text);
    let link = text.trim();
    let mut reader = Reader {
        file,
        squad: ParsedSquad::new(SourceFormat::YasbLink),
    };
    reader.squad.link = Some(source.spanned(link));
    let without_fragment = link.split('#').next().unwrap_or(link);
    let Some((address, query)) = without_fragment.split_once('?') else {
        return Err(vec![
            Finding::error(
                Code::XwingParseLink,
                "the link has no `?` and no squad in it",
            )
            .at(file, source.span_of(link))
            .label("no query")
            .help("copy the whole address from YASB's address bar, including ?f=…&d=…"),
        ]);
    };
    reader.host(&source, address);
    let params = reader.params(&source, query);
    let Some(data) = params.iter().find(|p| p.key == "d") else {
        return Err(vec![
            Finding::error(Code::XwingParseLink, "the link has no `d=` with the squad")
                .at(file, source.span_of(query))
                .label("no d= parameter")
                .help("YASB links carry the squad in d=v9Z…; copy the whole link"),
        ]);
    };
    match params.iter().find(|p| p.key == "f") {
        Some(f) => reader.faction(f),
        None => reader.error(
            source.span_of(query),
            "the link has no `f=` naming the faction".into(),
            "no f= parameter",
            "YASB links start ?f=<faction>&d=…; copy the whole link".into(),
        ),
    }
    reader.data(data);
    if let Some(name) = params.iter().find(|p| p.key == "sn") {
        let trimmed = name.decoded.text.trim();
        if !trimmed.is_empty() {
            let span = name.decoded.span_of(trimmed);
            reader.squad.name = Some(Spanned::new(trimmed.to_string(), span));
        }
    }
    if let Some(obs) = params.iter().find(|p| p.key == "obs") {
        reader.obstacles(obs);
    }
    Ok(reader.squad)
}

/// One `key=value` of the query, its value decoded.
struct Param {
    key: String,
    key_span: Range<usize>,
    decoded: Decoded,
}

struct Reader {
    file: FileId,
    squad: ParsedSquad,
}

impl Reader {
    fn error(&mut self, span: Range<usize>, message: String, label: &str, help: String) {
        self.squad.findings.push(
            Finding::error(Code::XwingParseLink, message)
                .at(self.file, span)
                .label(label)
                .help(help),
        );
    }

    fn warn(&mut self, span: Range<usize>, message: String, label: &str, help: String) {
        self.squad.findings.push(
            Finding::warning(Code::XwingParseLink, message)
                .at(self.file, span)
                .label(label)
                .help(help),
        );
    }

    fn host(&mut self, source: &Source, address: &str) {
        let after_scheme = address.split_once("://").map_or(address, |(_, rest)| rest);
        let host = after_scheme.split('/').next().unwrap_or("");
        if host.is_empty() {
            return;
        }
        let span = source.span_of(host);
        self.squad.builder = Some(Spanned::new(host.to_string(), span.clone()));
        let lower = host.to_ascii_lowercase();
        if YASB_HOSTS.contains(&lower.as_str()) {
            return;
        }
        let (message, help) = if lower.contains("legacy") {
            (
                format!("{host} is the X-Wing 2.0 Legacy builder"),
                "its card numbers follow the Legacy data, not YASB 2.5's; check the ids against Legacy cards",
            )
        } else if lower == "raithos.github.io" || lower == "geordanr.github.io" {
            (
                format!("{host} is an old YASB address (X-Wing 2.0 or first edition)"),
                "card numbers from before X-Wing 2.5 do not match today's; rebuild the squad on yasb.app",
            )
        } else {
            (
                format!("{host} is not a builder arbiter knows; read as a YASB link"),
                "if this is a YASB copy, its card numbers may differ from yasb.app's",
            )
        };
        self.warn(span, message, "builder", help.into());
    }

    fn params(&mut self, source: &Source, query: &str) -> Vec<Param> {
        let mut params: Vec<Param> = Vec::new();
        for part in query.split('&').filter(|p| !p.is_empty()) {
            let (key, value) = part.split_once('=').unwrap_or((part, ""));
            let key_span = source.span_of(key);
            if params.iter().any(|p| p.key == key) {
                self.warn(
                    key_span,
                    format!("`{key}=` is given twice; the first is used"),
                    "ignored",
                    "remove the repeated parameter".into(),
                );
                continue;
            }
            let value_start = source.span_of(value).start;
            let (decoded, problems) = percent::decode(value, value_start, true);
            for problem in problems {
                match problem {
                    DecodeProblem::StrayPercent(span) => self.warn(
                        span,
                        "a `%` that starts no %XX escape".into(),
                        "kept as written",
                        "a literal % is written %25 in a link".into(),
                    ),
                    DecodeProblem::NotUtf8(span) => self.error(
                        span,
                        format!("`{key}=` decodes to bytes that are not UTF-8"),
                        "kept undecoded",
                        "the link was damaged on the way; copy it again from YASB".into(),
                    ),
                }
            }
            params.push(Param {
                key: key.to_string(),
                key_span,
                decoded,
            });
        }
        params
    }

    fn faction(&mut self, param: &Param) {
        let text = param.decoded.text.trim();
        let span = if text.is_empty() {
            param.key_span.clone()
        } else {
            param.decoded.span_of(text)
        };
        let faction = Faction::from_written(text);
        if faction.is_none() {
            if text == "All" {
                self.warn(
                    span.clone(),
                    "`f=All` is YASB's multi-faction builder; the link names no single faction"
                        .into(),
                    "no faction",
                    "standard squads are built in one faction's tab".into(),
                );
            } else {
                let help = match Faction::suggestions(text).first() {
                    Some(name) => format!("did you mean `{name}`?"),
                    None => format!(
                        "YASB factions are {}",
                        Faction::ALL.map(Faction::name).join(", ")
                    ),
                };
                self.squad.findings.push(
                    Finding::error(
                        Code::XwingParseFaction,
                        format!("`{text}` is not an X-Wing faction"),
                    )
                    .at(self.file, span.clone())
                    .label("unknown faction")
                    .help(help),
                );
            }
        }
        self.squad.faction = Some(FactionRef {
            written: Spanned::new(text.to_string(), span),
            faction,
        });
    }

    /// `v<version>Z<mode>Z<points>Z<ships>`.
    fn data(&mut self, param: &Param) {
        let d = &param.decoded;
        let text = d.text.as_str();
        let whole = d.span(0..text.len());
        let Some(rest) = text.strip_prefix('v') else {
            self.error(
                if text.is_empty() {
                    param.key_span.clone()
                } else {
                    whole
                },
                "the squad data does not start with `v<version>`".into(),
                "not YASB squad data",
                "YASB squad data looks like d=v9ZhZ20Z…; copy the whole link".into(),
            );
            return;
        };
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let (version_text, after) = rest.split_at(digits);
        let Ok(version) = version_text.parse::<u32>() else {
            let message = if digits == 0 {
                "the squad data has no version number after `v`"
            } else {
                "the squad data's version number is far too large"
            };
            self.error(
                d.span_of(&text[..1 + digits]),
                message.into(),
                "no version",
                "YASB squad data looks like d=v9ZhZ20Z…".into(),
            );
            return;
        };
        let version_span = d.span_of(&text[..1 + digits]);
        self.squad.version = Some(Spanned::new(version_text.to_string(), version_span.clone()));
        if after.starts_with('!') {
            self.error(
                version_span,
                format!("version {version} squad data in YASB's old `!` format"),
                "pre-2.0 link",
                "YASB reads only links of version 9 and later; rebuild the squad on yasb.app"
                    .into(),
            );
            return;
        }
        if !after.starts_with('Z') {
            let at = text.len() - after.len();
            let next = after.chars().next().map_or(0, char::len_utf8);
            self.error(
                d.span(at..at + next),
                "expected `Z` after the version".into(),
                if after.is_empty() {
                    "cut off here"
                } else {
                    "not `Z`"
                },
                "YASB squad data looks like d=v9ZhZ20Z…; copy the whole link".into(),
            );
            return;
        }
        if version < *SUPPORTED_VERSIONS.start() {
            self.error(
                version_span,
                format!(
                    "a version {version} link: made before X-Wing 2.5, which YASB no longer loads"
                ),
                "old link",
                "its card numbers are not 2.5's; rebuild the squad on yasb.app".into(),
            );
        } else if version > *SUPPORTED_VERSIONS.end() {
            self.warn(
                version_span,
                format!("a version {version} link: newer than arbiter knows (9 and 10)"),
                "read like version 10",
                "if the squad reads wrongly, tell arbiter's maintainers about this link version"
                    .into(),
            );
        }
        let mut parts = after[1..].split('Z');
        let mode = parts.next().unwrap_or("");
        self.mode(d, mode, version);
        let Some(points) = parts.next() else {
            self.error(
                d.span(text.len()..text.len()),
                "the squad data ends before the points and ships".into(),
                "cut off here",
                "copy the whole link".into(),
            );
            return;
        };
        match points.parse::<i64>() {
            Ok(limit) if points.bytes().all(|b| b.is_ascii_digit()) => {
                self.squad.points_limit = Some(Spanned::new(limit, d.span_of(points)));
            }
            Ok(_) | Err(_) => self.error(
                d.span_of(points),
                format!("the points limit `{points}` is not a number"),
                "not a number",
                "YASB writes the points limit as digits, e.g. Z20Z".into(),
            ),
        }
        let Some(ships) = parts.next() else {
            self.error(
                d.span(text.len()..text.len()),
                "the squad data ends before the ships".into(),
                "cut off here",
                "copy the whole link".into(),
            );
            return;
        };
        if let Some(extra) = parts.next() {
            let start = extra.as_ptr() as usize - text.as_ptr() as usize - 1;
            self.error(
                d.span(start..text.len()),
                "more `Z` parts than YASB writes".into(),
                "unexpected",
                "YASB squad data has four parts: v<version>Z<mode>Z<points>Z<ships>".into(),
            );
        }
        let quickbuild = self.squad.game_mode == Some(GameMode::Quickbuild);
        for ship in ships.split('Y').filter(|s| !s.is_empty()) {
            if let Some(pilot) = self.ship(d, ship, quickbuild) {
                self.squad.pilots.push(pilot);
            }
        }
    }

    fn mode(&mut self, d: &Decoded, mode: &str, version: u32) {
        let span = d.span_of(mode);
        self.squad.game_format = Some(Spanned::new(mode.to_string(), span.clone()));
        self.squad.game_mode = GameMode::from_link_letter(mode, version);
        if self.squad.game_mode.is_none() {
            self.error(
                span,
                format!("`{mode}` is not a YASB game mode"),
                "unknown game mode",
                "YASB writes h (hyperspace), s (extended in version 9 links, XWA in version 10), b (XWA in version 9, its beta points in 10), e (epic) or q (quickbuild)"
                    .into(),
            );
        }
    }

    /// `<pilot>X<upgrade>W<upgrade>…[X<conferred>]`.
    fn ship(&mut self, d: &Decoded, ship: &str, quickbuild: bool) -> Option<ParsedPilot> {
        let mut parts = ship.split('X');
        let pilot = parts.next().unwrap_or("");
        let what = if quickbuild {
            "a quickbuild"
        } else {
            "a pilot"
        };
        let number = self.number(d, pilot, what)?;
        let card = if quickbuild {
            CardRef::YasbQuickbuild(number)
        } else {
            CardRef::Yasb(number)
        };
        let mut parsed = ParsedPilot::new(card, d.span_of(ship));
        let upgrades = parts.next().unwrap_or("");
        if quickbuild {
            if !upgrades.is_empty() {
                parsed.wingmates = self.number(d, upgrades, "a wingmate count");
            }
        } else if !upgrades.is_empty() {
            for upgrade in upgrades.split('W') {
                if upgrade.is_empty() {
                    parsed.upgrades.push(ParsedUpgrade {
                        slot: None,
                        card: None,
                        points: None,
                        span: d.span_of(upgrade),
                    });
                } else if let Some(number) = self.number(d, upgrade, "an upgrade") {
                    parsed.upgrades.push(ParsedUpgrade {
                        slot: None,
                        card: Some(CardRef::Yasb(number)),
                        points: None,
                        span: d.span_of(upgrade),
                    });
                }
            }
        }
        if let Some(conferred) = parts.next().filter(|c| !c.is_empty()) {
            self.warn(
                d.span_of(conferred),
                "a third `X` part (conferred add-ons), which YASB 2.5 ignores".into(),
                "ignored",
                "links of version 9 and later write each ship as <pilot>X<upgrades>".into(),
            );
        }
        if let Some(extra) = parts.next() {
            self.error(
                d.span_of(extra),
                "more `X` parts in one ship than YASB writes".into(),
                "unexpected",
                "a ship is <pilot>X<upgrade>W<upgrade>…; a `Y` may be missing before this".into(),
            );
        }
        Some(parsed)
    }

    /// A card number; an error naming `what` ("a pilot") when the segment is not one.
    fn number(&mut self, d: &Decoded, segment: &str, what: &str) -> Option<Spanned<u32>> {
        let span = d.span_of(segment);
        if segment.is_empty() {
            self.error(
                span,
                format!("a ship without {what} number"),
                "number missing",
                "each ship starts with its pilot's number, e.g. Y462X…".into(),
            );
            return None;
        }
        match segment.parse::<u32>() {
            Ok(n) if segment.bytes().all(|b| b.is_ascii_digit()) => Some(Spanned::new(n, span)),
            Ok(_) | Err(_) => {
                let shown: String = segment.chars().take(40).collect();
                let hint = if segment.bytes().all(|b| b.is_ascii_digit()) {
                    "the number is far too large for a card number".to_string()
                } else {
                    "YASB writes card numbers as digits, separated by X, W and Y".to_string()
                };
                self.error(
                    span,
                    format!("`{shown}` is not {what} number"),
                    "not a card number",
                    hint,
                );
                None
            }
        }
    }

    fn obstacles(&mut self, param: &Param) {
        let mut count = 0;
        for name in param.decoded.text.split(',') {
            let trimmed = name.trim();
            if trimmed.is_empty() {
                continue;
            }
            count += 1;
            let span = param.decoded.span_of(trimmed);
            if count == 4 {
                self.warn(
                    span.clone(),
                    "more than three obstacles; YASB keeps the first three".into(),
                    "ignored by YASB",
                    "a squad names three obstacles".into(),
                );
            }
            self.squad
                .obstacles
                .push(Spanned::new(trimmed.to_string(), span));
        }
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn game_mode_letters_follow_the_link_version() {
        use GameMode as M;
        assert_eq!(M::from_link_letter("s", 9), Some(M::Extended));
        assert_eq!(M::from_link_letter("s", 10), Some(M::Xwa));
        assert_eq!(M::from_link_letter("b", 9), Some(M::Xwa));
        assert_eq!(M::from_link_letter("b", 10), Some(M::XwaBeta));
        assert_eq!(M::from_link_letter("h", 10), Some(M::Standard));
        assert_eq!(M::from_link_letter("x", 10), None);
        for version in [9, 10] {
            // Version 9 links had no beta mode: there `b` was XWA itself.
            let beta = (version >= 10).then_some(M::XwaBeta);
            for mode in [M::Standard, M::Xwa, M::Epic, M::Quickbuild]
                .into_iter()
                .chain(beta)
            {
                let letter = mode.link_letter(version).to_string();
                assert_eq!(
                    M::from_link_letter(&letter, version),
                    Some(mode),
                    "v{version}"
                );
            }
        }
    }

    use super::*;

    const EXAMPLE: &str = "https://yasb.app/?f=Rebel%20Alliance&d=v9ZhZ20Z462X130WW371Y16X331W133W108Y73X119WWWWW235WW313Y500X135W106W445Y79XW11WWWWW249&sn=Random%20Squad&obs=";

    fn read(text: &str) -> ParsedSquad {
        parse(FileId(0), text).unwrap()
    }

    #[test]
    fn reads_the_issue_example() {
        let text = format!("\n  {EXAMPLE}\n");
        let squad = read(&text);
        assert!(squad.findings.is_empty(), "{:?}", squad.findings);
        assert_eq!(
            squad.faction.as_ref().unwrap().faction,
            Some(Faction::RebelAlliance)
        );
        assert_eq!(
            &text[squad.faction.as_ref().unwrap().written.span.clone()],
            "Rebel%20Alliance"
        );
        assert_eq!(squad.version.as_ref().unwrap().value, "9");
        assert_eq!(squad.game_mode, Some(GameMode::Standard));
        assert_eq!(squad.points_limit.as_ref().unwrap().value, 20);
        assert_eq!(squad.name.as_ref().unwrap().value, "Random Squad");
        assert_eq!(
            &text[squad.name.as_ref().unwrap().span.clone()],
            "Random%20Squad"
        );
        let pilots: Vec<_> = squad.pilots.iter().map(|p| p.card.text()).collect();
        assert_eq!(pilots, ["462", "16", "73", "500", "79"]);
        let first: Vec<_> = squad.pilots[0]
            .upgrades
            .iter()
            .map(|u| u.card.as_ref().map(CardRef::text))
            .collect();
        assert_eq!(first, [Some("130".into()), None, Some("371".into())]);
        assert_eq!(&text[squad.pilots[0].span.clone()], "462X130WW371");
        assert_eq!(squad.pilots[4].upgrades.len(), 7);
        assert!(squad.obstacles.is_empty());
    }

    #[test]
    fn garbage_segments_are_located_and_skipped() {
        let text =
            "https://yasb.app/?f=Galactic%20Empire&d=v9ZhZ2xZ564X12aW204Y!!X1Y565X1X2X3&sn=x";
        let squad = read(text);
        let messages: Vec<_> = squad
            .findings
            .iter()
            .map(|f| {
                (
                    text[f.location.as_ref().unwrap().span.clone()].to_string(),
                    f.severity,
                )
            })
            .collect();
        assert_eq!(messages.len(), 5, "{messages:?}");
        assert_eq!(messages[0].0, "2x");
        assert_eq!(messages[1].0, "12a");
        assert_eq!(messages[2].0, "!!");
        assert_eq!(messages[3].0, "2");
        assert_eq!(messages[4].0, "3");
        assert_eq!(squad.pilots.len(), 2);
        assert_eq!(squad.pilots[0].upgrades.len(), 1);
    }

    #[test]
    fn versions_and_modes() {
        let squad = read("https://yasb.app/?f=Resistance&d=v10ZsZ50Z1X&sn=");
        assert!(squad.findings.is_empty());
        assert_eq!(squad.game_mode, Some(GameMode::Xwa));
        assert_eq!(squad.pilots[0].upgrades.len(), 0);
        let squad = read(
            "https://raithos.github.io/?f=Scum%20and%20Villainy&d=v8ZsZ200Z138XW10&sn=Sunny%20B!&obs=",
        );
        assert_eq!(squad.findings.len(), 2);
        assert_eq!(squad.name.as_ref().unwrap().value, "Sunny B!");
        let squad = read("https://yasb.app/?f=Rebel%20Alliance&d=v9hZ20Z1X");
        assert_eq!(squad.findings[0].message, "expected `Z` after the version");
        let squad = read("https://yasb.app/?f=Rebel%20Alliance&d=v9ZhZ-5Z1X");
        assert!(squad.points_limit.is_none() && squad.has_errors());
        let squad = read("https://yasb.app/?f=Rebel%20Alliance&d=v3!s!1:2:3&sn=x");
        assert!(squad.has_errors());
        assert!(squad.pilots.is_empty());
        let squad = read("https://yasb.app/?f=Rebel%20Alliance&d=v9ZqZ20Z12X2Y13X");
        assert!(matches!(squad.pilots[0].card, CardRef::YasbQuickbuild(_)));
        assert_eq!(squad.pilots[0].wingmates.as_ref().unwrap().value, 2);
    }

    #[test]
    fn unreadable_links() {
        assert!(parse(FileId(0), "https://yasb.app/").is_err());
        assert!(parse(FileId(0), "https://yasb.app/?f=Rebel%20Alliance").is_err());
        assert!(looks_like_link(EXAMPLE));
        assert!(!looks_like_link("https://example.com/?q=1"));
    }

    #[test]
    fn obstacles_and_factions() {
        let squad = read(
            "https://yasb.app/?f=Rebl&d=v9ZhZ20Z1X&obs=core-asteroid-0,core-asteroid-1,gascloud4,x",
        );
        assert_eq!(squad.obstacles.len(), 4);
        assert_eq!(squad.findings.len(), 2);
        assert_eq!(squad.findings[0].code, Code::XwingParseFaction);
        let squad = read("https://yasb.app/?f=All&d=v9ZeZ20Z1X");
        assert!(!squad.has_errors());
        assert_eq!(squad.faction.as_ref().unwrap().faction, None);
    }
}

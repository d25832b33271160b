//! What every reader produces: a squad as written, before any card lookup. Ids stay what
//! the format wrote (XWS ids, YASB numbers, printed names) and every value keeps the span
//! it was read from, so a validator can resolve them and point at the input.

use super::faction::Faction;
use super::span::Spanned;
use crate::report::Finding;
use std::ops::Range;

/// The formats arbiter reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SourceFormat {
    /// XWS JSON (xws-spec 2.0.0 and the builders' variants of it).
    Xws,
    /// A YASB link, `https://yasb.app/?f=…&d=v9Z…`.
    YasbLink,
    /// YASB's plain-text export ("Simple copy").
    YasbText,
    /// YASB's Reddit (Markdown) export.
    Reddit,
    /// Launch Bay Next's text export.
    Lbn,
    /// The one-line Tabletop Simulator format, `Pilot + Upgrade / Pilot …`.
    Tts,
}

impl SourceFormat {
    pub const ALL: [SourceFormat; 6] = [
        SourceFormat::Xws,
        SourceFormat::YasbLink,
        SourceFormat::YasbText,
        SourceFormat::Reddit,
        SourceFormat::Lbn,
        SourceFormat::Tts,
    ];

    /// Stable short name, for `--output json` and command-line options.
    pub fn as_str(self) -> &'static str {
        match self {
            SourceFormat::Xws => "xws",
            SourceFormat::YasbLink => "yasb-link",
            SourceFormat::YasbText => "yasb-text",
            SourceFormat::Reddit => "reddit",
            SourceFormat::Lbn => "lbn-text",
            SourceFormat::Tts => "tts",
        }
    }

    /// Name for messages.
    pub fn describe(self) -> &'static str {
        match self {
            SourceFormat::Xws => "XWS JSON",
            SourceFormat::YasbLink => "YASB link",
            SourceFormat::YasbText => "YASB text export",
            SourceFormat::Reddit => "YASB Reddit export",
            SourceFormat::Lbn => "Launch Bay Next text export",
            SourceFormat::Tts => "Tabletop Simulator line",
        }
    }
}

/// A card as the input names it. Which kind depends on the format: XWS writes ids, YASB
/// links numbers, text exports printed names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CardRef {
    /// An XWS id (`lukeskywalker`), as written, not checked against the card data.
    Xws(Spanned<String>),
    /// A YASB card number from a link (`462`).
    Yasb(Spanned<u32>),
    /// A YASB quickbuild number: in quickbuild links (game mode `q`) a ship is one of
    /// YASB's quickbuild cards, not a pilot.
    YasbQuickbuild(Spanned<u32>),
    /// A printed name (`Luke Skywalker`, `“Mauler” Mithel`).
    Name(Spanned<String>),
}

impl CardRef {
    pub fn span(&self) -> Range<usize> {
        match self {
            CardRef::Xws(s) | CardRef::Name(s) => s.span.clone(),
            CardRef::Yasb(n) | CardRef::YasbQuickbuild(n) => n.span.clone(),
        }
    }

    /// The id or name as text (`462` for YASB numbers).
    pub fn text(&self) -> String {
        match self {
            CardRef::Xws(s) | CardRef::Name(s) => s.value.clone(),
            CardRef::Yasb(n) | CardRef::YasbQuickbuild(n) => n.value.to_string(),
        }
    }
}

/// A faction as written, and which faction that is when arbiter recognises it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FactionRef {
    pub written: Spanned<String>,
    pub faction: Option<Faction>,
}

/// An upgrade slot as written (`force-power`) and its XWS key (`forcepower`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SlotRef {
    pub written: Spanned<String>,
    pub key: String,
}

/// What a builder printed about a ship's loadout: `Loadout: (7/10)` is 7 used of 10.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StatedLoadout {
    pub used: i64,
    pub limit: Option<i64>,
}

/// One upgrade position of a pilot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedUpgrade {
    /// The slot the input files it under (XWS); text formats and links do not say.
    pub slot: Option<SlotRef>,
    /// The card; `None` is an empty slot (a YASB link's `WW`), kept so a link can be
    /// written back unchanged.
    pub card: Option<CardRef>,
    /// The cost the input states for this upgrade (text exports).
    pub points: Option<Spanned<i64>>,
    pub span: Range<usize>,
}

/// One ship of the squad.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedPilot {
    pub card: CardRef,
    /// The ship as written: XWS `ship`, Launch Bay Next's `[Ship]`, YASB text's `– Ship`.
    pub ship: Option<Spanned<String>>,
    /// The stated cost of the pilot card alone (text exports).
    pub points: Option<Spanned<i64>>,
    /// The stated cost of the ship with its upgrades: XWS pilot `points` (so the spec
    /// defines it), YASB's `Ship Cost:`, Launch Bay Next's `Points:` line (which Launch
    /// Bay Next fills with the pilot's own cost).
    pub total_points: Option<Spanned<i64>>,
    /// The loadout YASB's text exports print.
    pub loadout: Option<Spanned<StatedLoadout>>,
    /// Wingmates of a YASB quickbuild ship.
    pub wingmates: Option<Spanned<u32>>,
    /// Upgrades in input order, empty slots included.
    pub upgrades: Vec<ParsedUpgrade>,
    /// The whole entry (XWS object, link segment, text lines).
    pub span: Range<usize>,
}

impl ParsedPilot {
    pub fn new(card: CardRef, span: Range<usize>) -> Self {
        ParsedPilot {
            card,
            ship: None,
            points: None,
            total_points: None,
            loadout: None,
            wingmates: None,
            upgrades: Vec::new(),
            span,
        }
    }

    /// The upgrades that name a card, skipping empty slots.
    pub fn equipped(&self) -> impl Iterator<Item = (&ParsedUpgrade, &CardRef)> {
        self.upgrades
            .iter()
            .filter_map(|u| u.card.as_ref().map(|card| (u, card)))
    }
}

/// Which points the input says it was built for, and what says so.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RulesetHint {
    /// Atomic Mass Games' official points.
    Amg,
    /// The X-Wing Alliance's community points.
    Xwa,
    /// The X-Wing 2.0 Legacy points (xwing-legacy.com, X2PO).
    Legacy,
}

impl RulesetHint {
    pub fn as_str(self) -> &'static str {
        match self {
            RulesetHint::Amg => "amg",
            RulesetHint::Xwa => "xwa",
            RulesetHint::Legacy => "legacy",
        }
    }

    /// What XWS `ruleset` or a builder name says: `XWA`, `amg`, `legacy`.
    pub fn from_written(text: &str) -> Option<RulesetHint> {
        // Read for every squad validated: compared without a squashed copy.
        let is = |key: &str| crate::text::squashes_to(text, key);
        if is("amg") {
            Some(RulesetHint::Amg)
        } else if is("xwa") {
            Some(RulesetHint::Xwa)
        } else if is("legacy") || is("x2po") || is("xlc") {
            Some(RulesetHint::Legacy)
        } else {
            None
        }
    }
}

/// The game modes of YASB links (and the `format` Launch Bay Next writes in XWS).
///
/// YASB changed its letters with link version 10 (XWA points): version 9 wrote `h`
/// (hyperspace, AMG's Standard), `s` (extended), `b` (XWA, then in beta); version 10
/// writes `s` for XWA, `h` for hyperspace and `b` for XWA's beta points (YASB's
/// `serialize` and `loadFromSerialized`, raithos/xwing 2dfffe8).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameMode {
    /// Standard (20 points, AMG's Standard list): `h`.
    Standard,
    /// Extended: `s` in version 9 links.
    Extended,
    /// XWA: `b` in version 9, `s` in version 10.
    Xwa,
    /// XWA with the points YASB offers as beta: `b` in version 10. Checked as XWA.
    XwaBeta,
    /// Epic: `e`.
    Epic,
    /// Quickbuild: `q`.
    Quickbuild,
}

impl GameMode {
    /// The letter in a YASB link of `version` (9 or later). Version 10 has no extended
    /// mode; such a squad is written as hyperspace's `h`.
    pub fn link_letter(self, version: u32) -> char {
        match (self, version >= 10) {
            (GameMode::Standard, _) | (GameMode::Extended, true) => 'h',
            (GameMode::Extended, false) => 's',
            (GameMode::Xwa, false) => 'b',
            (GameMode::Xwa, true) => 's',
            (GameMode::XwaBeta, _) => 'b',
            (GameMode::Epic, _) => 'e',
            (GameMode::Quickbuild, _) => 'q',
        }
    }

    pub fn from_link_letter(letter: &str, version: u32) -> Option<GameMode> {
        match (letter, version >= 10) {
            ("h", _) => Some(GameMode::Standard),
            ("s", false) => Some(GameMode::Extended),
            ("s", true) | ("b", false) => Some(GameMode::Xwa),
            ("b", true) => Some(GameMode::XwaBeta),
            ("e", _) => Some(GameMode::Epic),
            ("q", _) => Some(GameMode::Quickbuild),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            GameMode::Standard => "standard",
            GameMode::Extended => "extended",
            GameMode::Xwa => "xwa",
            GameMode::XwaBeta => "xwa-beta",
            GameMode::Epic => "epic",
            GameMode::Quickbuild => "quickbuild",
        }
    }

    /// A written format name (`Standard`, `extended`).
    pub fn from_name(text: &str) -> Option<GameMode> {
        [
            GameMode::Standard,
            GameMode::Extended,
            GameMode::Xwa,
            GameMode::XwaBeta,
            GameMode::Epic,
            GameMode::Quickbuild,
        ]
        .into_iter()
        .find(|m| text.trim().eq_ignore_ascii_case(m.name()))
    }
}

/// A squad as one input wrote it.
#[derive(Debug, Clone)]
pub struct ParsedSquad {
    pub format: SourceFormat,
    pub name: Option<Spanned<String>>,
    pub description: Option<Spanned<String>>,
    pub faction: Option<FactionRef>,
    /// The total the input states (XWS `points`, `Total:` lines).
    pub points: Option<Spanned<i64>>,
    /// The points limit a YASB link carries (`…Z20Z…`): the builder's target, not a total.
    pub points_limit: Option<Spanned<i64>>,
    /// XWS `version` (the spec version, or a builder's points date such as `10/28/2022`
    /// or `50P-1.1`), or a YASB link's serialisation version (`9`).
    pub version: Option<Spanned<String>>,
    /// XWS `ruleset` (`XWA`, `amg`, `legacy`).
    pub ruleset: Option<Spanned<String>>,
    /// The game format as written: XWS `format`, or a link's game-mode letter.
    pub game_format: Option<Spanned<String>>,
    /// `game_format` understood.
    pub game_mode: Option<GameMode>,
    /// The builder the input names (XWS `vendor.*.builder`, the host of a link).
    pub builder: Option<Spanned<String>>,
    /// A builder link inside the input (XWS `vendor.*.link`, `View in YASB: …`).
    pub link: Option<Spanned<String>>,
    pub pilots: Vec<ParsedPilot>,
    pub obstacles: Vec<Spanned<String>>,
    /// Problems met while reading. Errors mean part of the input was skipped; the rest is
    /// in the fields above.
    pub findings: Vec<Finding>,
}

impl ParsedSquad {
    pub fn new(format: SourceFormat) -> Self {
        ParsedSquad {
            format,
            name: None,
            description: None,
            faction: None,
            points: None,
            points_limit: None,
            version: None,
            ruleset: None,
            game_format: None,
            game_mode: None,
            builder: None,
            link: None,
            pilots: Vec::new(),
            obstacles: Vec::new(),
            findings: Vec::new(),
        }
    }

    pub fn has_errors(&self) -> bool {
        self.findings.iter().any(Finding::is_error)
    }

    /// Which points the input says it was built for, from the most explicit evidence: XWS
    /// `ruleset`, then a link's version and game mode (version 10 and mode `b` are XWA,
    /// other version-9 links AMG), then the builder's name or address.
    pub fn ruleset_hint(&self) -> Option<RulesetHint> {
        if let Some(hint) = self
            .ruleset
            .as_ref()
            .and_then(|r| RulesetHint::from_written(&r.value))
        {
            return Some(hint);
        }
        if self.game_mode == Some(GameMode::Xwa) {
            return Some(RulesetHint::Xwa);
        }
        if let Some(builder) = &self.builder {
            let builder = builder.value.as_bytes();
            if builder
                .windows(6)
                .any(|w| w.eq_ignore_ascii_case(b"legacy"))
            {
                return Some(RulesetHint::Legacy);
            }
            let tail = builder
                .len()
                .checked_sub(4)
                .and_then(|at| builder.get(at..));
            if tail.is_some_and(|t| t.eq_ignore_ascii_case(b" xwa")) {
                return Some(RulesetHint::Xwa);
            }
        }
        if self.format == SourceFormat::YasbLink {
            return match self.version.as_ref().map(|v| v.value.as_str()) {
                Some("9") => Some(RulesetHint::Amg),
                Some("10") => Some(RulesetHint::Xwa),
                _ => None,
            };
        }
        None
    }
}

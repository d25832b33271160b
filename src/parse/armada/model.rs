//! What a fleet list says, as written: names and numbers with their byte spans, before any
//! card lookup. The validator resolves names against the card data and checks the rules.

use super::SourceFormat;
use crate::report::Finding;
use serde::Serialize;
use std::fmt;
use std::ops::Range;

/// A piece of free text (fleet name, faction, author) and where it is.
#[derive(Clone, PartialEq, Eq, Serialize)]
pub struct Text {
    pub text: String,
    pub span: Range<usize>,
}

/// A number as written and where it is.
#[derive(Clone, PartialEq, Eq, Serialize)]
pub struct Number {
    pub value: u32,
    pub span: Range<usize>,
}

/// A card name as a builder wrote it, taken apart.
///
/// `Darth Vader (TIE Defender) [Legacy] (25)` gives text `Darth Vader`, qualifier
/// `TIE Defender`, source tag `Legacy`. `Gozanti-class Cruisers {CIS}` gives variant `CIS`.
/// `Tycho Celchu - A-wing Squadron` keeps the whole text and also lists both parts, since
/// builders join an ace's name and its squadron type (or a ship and its pilot) with ` - `.
#[derive(Clone, PartialEq, Eq, Serialize)]
pub struct CardName {
    /// The name without qualifier, variant and source tag.
    pub text: String,
    pub span: Range<usize>,
    /// A trailing parenthesised word that tells same-name cards apart: `(TIE Defender)`,
    /// `(Ghost)`, Warlords' `(com)` / `(off)`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub qualifier: Option<Text>,
    /// A `{…}` faction variant: `{CIS}`, `{GAR}`, `{IMP}`, `{REB}`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<Text>,
    /// A `[…]` content source: `[Legacy]`, `[Legends]`, `[LegacyBeta]`, `[ARC]`, `[Nexus]`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_tag: Option<Text>,
    /// The pieces of a ` - `-joined name, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<Text>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ObjectiveCategory {
    Assault,
    Defense,
    Navigation,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Objective {
    /// As the list states it; `None` where the builder lists objectives without categories.
    pub category: Option<ObjectiveCategory>,
    pub name: CardName,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Commander {
    pub name: CardName,
    /// Star Forge writes the commander's cost on this line.
    pub stated_points: Option<Number>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Upgrade {
    pub name: CardName,
    /// The whole line.
    pub span: Range<usize>,
    pub stated_points: Option<Number>,
    /// A `!` after the points (Kingston marks some cards this way; the export does not say why).
    pub marked: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Ship {
    pub name: CardName,
    /// The ship's own line.
    pub span: Range<usize>,
    /// The ship card's cost as stated.
    pub stated_points: Option<Number>,
    pub marked: bool,
    /// The builder marked this ship as the flagship (`[flagship]`).
    pub flagship: bool,
    pub upgrades: Vec<Upgrade>,
    /// The upgrades' sum as stated (Fleets Designer's `(96 + 37: 133)`).
    pub stated_upgrade_points: Option<Number>,
    /// Ship plus upgrades as stated (`= 133 Points`, `(96 + 37: 133)`).
    pub stated_total: Option<Number>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Squadron {
    pub name: CardName,
    /// The whole line.
    pub span: Range<usize>,
    /// How many squadrons the line stands for; 1 when the line gives no count.
    pub count: u32,
    pub count_span: Option<Range<usize>>,
    pub stated_points: Option<Number>,
    /// Whether `stated_points` is the cost of the whole group (most builders) or of one
    /// squadron (Flagship, and Fleets Designer's `(2 x 13)`).
    pub points_are_group_total: bool,
    pub marked: bool,
}

/// Totals and limits the list states about itself.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct StatedPoints {
    /// The fleet's total (`Total Points: 400`, `(399/400)`, `Points: 392/400`).
    pub total: Option<Number>,
    /// The limit the builder was set to (`/400`).
    pub limit: Option<Number>,
    /// Squadron subtotal (`= 84 Points` under the squadrons, `Squadrons (84/134):`).
    pub squadrons: Option<Number>,
    /// Squadron limit the builder printed (`Squadrons (84/134):`).
    pub squadron_limit: Option<Number>,
}

/// One fleet list as read from one input.
#[derive(Debug, Clone, Serialize)]
pub struct ParsedFleet {
    /// The builder whose export this is; `None` when the input is no Armada list.
    pub source_format: Option<SourceFormat>,
    pub name: Option<Text>,
    pub author: Option<Text>,
    /// The faction as written (`Rebel`, `Imperial`, `Empire`, `Rebel Alliance`, `Rebels`).
    pub faction: Option<Text>,
    /// Star Forge's `Gamemode:` line.
    pub gamemode: Option<Text>,
    pub points: StatedPoints,
    pub commander: Option<Commander>,
    pub objectives: Vec<Objective>,
    pub ships: Vec<Ship>,
    pub squadrons: Vec<Squadron>,
    /// Problems reading the text; every code contains `::parse`.
    #[serde(skip)]
    pub findings: Vec<Finding>,
}

impl ParsedFleet {
    pub fn new(source_format: Option<SourceFormat>) -> Self {
        ParsedFleet {
            source_format,
            name: None,
            author: None,
            faction: None,
            gamemode: None,
            points: StatedPoints::default(),
            commander: None,
            objectives: Vec::new(),
            ships: Vec::new(),
            squadrons: Vec::new(),
            findings: Vec::new(),
        }
    }

    /// True when every line was understood.
    pub fn is_clean(&self) -> bool {
        self.findings.is_empty()
    }
}

// Compact Debug output (`"Engine Techs" @120..132`) keeps snapshots readable.

impl fmt::Debug for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} @{:?}", self.text, self.span)
    }
}

impl fmt::Debug for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} @{:?}", self.value, self.span)
    }
}

impl fmt::Debug for CardName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} @{:?}", self.text, self.span)?;
        if let Some(q) = &self.qualifier {
            write!(f, " qualifier {q:?}")?;
        }
        if let Some(v) = &self.variant {
            write!(f, " variant {v:?}")?;
        }
        if let Some(s) = &self.source_tag {
            write!(f, " source {s:?}")?;
        }
        if !self.parts.is_empty() {
            write!(f, " parts {:?}", self.parts)?;
        }
        Ok(())
    }
}

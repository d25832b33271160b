//! The card data: one model per game, errata and formats, loaded from the TOML files
//! compiled into the binary and from any `--data` folder.

pub mod armada;
mod embedded;
pub mod errata;
pub mod formats;
mod load;
pub mod lookup;
mod record;
pub mod rules;
pub mod xwing;

pub use load::{DataKind, DataText, LoadOptions, RecordSpans, load, parse_data, parse_toml};
pub use record::Record;

use crate::report::{FileId, Finding, SourceFiles};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::ops::Range;

#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    JsonSchema,
    clap::ValueEnum,
)]
#[serde(rename_all = "lowercase")]
pub enum Game {
    Armada,
    Xwing,
}

impl Game {
    pub fn as_str(self) -> &'static str {
        match self {
            Game::Armada => "armada",
            Game::Xwing => "xwing",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Game::Armada => "Star Wars: Armada",
            Game::Xwing => "Star Wars: X-Wing",
        }
    }
}

/// A record together with the file and byte range it was read from.
#[derive(Debug, Clone)]
pub struct Located<T> {
    pub value: T,
    pub file: FileId,
    pub span: Range<usize>,
}

impl<T> std::ops::Deref for Located<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.value
    }
}

/// What every card of every game offers to lookup, listing and id checks.
#[derive(Debug, Clone, Copy)]
pub struct CardEntry<'a> {
    pub game: Game,
    /// "ship", "squadron", "upgrade", "objective", "pilot", …
    pub kind: &'static str,
    pub id: &'a str,
    pub name: &'a str,
    pub nicknames: &'a [String],
    pub file: FileId,
    pub span: &'a Range<usize>,
    /// False for an older printing superseded by an erratum, or a content pack's revision
    /// of another card: lookups show current cards first.
    pub current: bool,
}

/// One labelled fact of a card, as shown in `cards show`.
pub type Fact = (String, String);

/// Everything loaded, plus the text of every file so findings can point into it.
#[derive(Debug, Default)]
pub struct CardDb {
    pub files: SourceFiles,
    pub armada: armada::ArmadaCards,
    pub xwing: xwing::XwingCards,
    pub errata: Vec<Located<errata::Erratum>>,
    pub formats: Vec<Located<formats::Format>>,
    pub rules: Vec<Located<rules::RuleEntry>>,
    /// Problems found while reading (syntax, unknown fields, …). Cross-file checks add more.
    pub findings: Vec<Finding>,
    /// Names of the files that were read, in load order.
    pub loaded: Vec<FileId>,
}

impl CardDb {
    /// The formats of one game, in load order.
    pub fn formats_of(&self, game: Game) -> impl Iterator<Item = &formats::Format> {
        self.formats
            .iter()
            .map(|f| &f.value)
            .filter(move |f| f.game == game)
    }

    /// A game's format by id.
    pub fn format(&self, game: Game, id: &str) -> Option<&formats::Format> {
        self.formats_of(game).find(|f| f.id == id)
    }

    pub fn entries(&self) -> impl Iterator<Item = CardEntry<'_>> {
        self.armada.entries().chain(self.xwing.entries())
    }

    /// Facts of one card for display, or `None` if the game has no such card.
    pub fn facts(&self, entry: &CardEntry<'_>) -> Vec<Fact> {
        match entry.game {
            Game::Armada => self.armada.facts(entry.kind, entry.id),
            Game::Xwing => self.xwing.facts(entry.kind, entry.id),
        }
    }

    /// The card as JSON, for `cards show --output json`.
    pub fn card_json(&self, entry: &CardEntry<'_>) -> serde_json::Value {
        match entry.game {
            Game::Armada => self.armada.card_json(entry.kind, entry.id),
            Game::Xwing => self.xwing.card_json(entry.kind, entry.id),
        }
    }

    pub fn errata_for<'a>(
        &'a self,
        entry: &'a CardEntry<'_>,
    ) -> impl Iterator<Item = &'a Located<errata::Erratum>> + 'a {
        self.errata
            .iter()
            .filter(move |e| e.game == entry.game && e.card == entry.id)
    }
}

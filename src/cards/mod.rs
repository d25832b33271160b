//! The card data: one model per game, errata and formats, loaded from the TOML files
//! compiled into the binary and from any `--data` folder.

pub mod armada;
mod embedded;
pub mod errata;
pub mod formats;
mod load;
pub mod locate;
pub mod lookup;
mod record;
pub mod rules;
pub mod spacealert;
pub mod talon;
pub mod xwing;

pub use load::{
    DataKind, DataText, LoadOptions, RecordSpans, load, load_bytes, parse_data, parse_toml,
    refused_before_parsing,
};
pub use record::Record;

use crate::report::{FileId, Finding, SourceFiles};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::ops::Range;

/// The games arbiter knows. Each has a module in every layer (`cards::<game>`,
/// `parse::<game>`, `validate::<game>`, `adjudicate::<game>`); this enum is how the
/// layers dispatch to them.
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
    Spacealert,
    Talon,
}

impl Game {
    pub const ALL: [Game; 4] = [Game::Armada, Game::Xwing, Game::Spacealert, Game::Talon];

    pub fn as_str(self) -> &'static str {
        match self {
            Game::Armada => "armada",
            Game::Xwing => "xwing",
            Game::Spacealert => "spacealert",
            Game::Talon => "talon",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Game::Armada => "Star Wars: Armada",
            Game::Xwing => "Star Wars: X-Wing",
            Game::Spacealert => "Space Alert",
            Game::Talon => "Talon",
        }
    }

    /// The game as a phrase with its article, for messages ("an Armada list").
    pub fn with_article(self) -> String {
        let title = self
            .title()
            .strip_prefix("Star Wars: ")
            .unwrap_or(self.title());
        let article = if title.starts_with(['A', 'E', 'I', 'O', 'U', 'X']) {
            "an"
        } else {
            "a"
        };
        format!("{article} {title}")
    }

    pub fn from_id(id: &str) -> Option<Game> {
        Game::ALL.into_iter().find(|g| g.as_str() == id)
    }

    /// The game a per-game file belongs to, from its name (`rules/xwing.toml` → X-Wing).
    pub fn from_file_name(name: &str) -> Option<Game> {
        let file = name.rsplit(['/', '\\']).next().unwrap_or(name);
        let stem = file.strip_suffix(".toml").unwrap_or(file);
        Game::from_id(stem)
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

/// What the rest of arbiter asks of one game's card data. Each game's module implements
/// it; [`CardDb::cards`] is the one place that picks the game.
pub trait GameCards: std::fmt::Debug + Send + Sync {
    /// Read one card file, from TOML or from the embedded JSON form (`text` is the TOML,
    /// used only to widen record spans; JSON records carry none).
    fn add_data(
        &mut self,
        file: FileId,
        data: DataText<'_>,
        text: &str,
        findings: &mut Vec<Finding>,
    );
    /// Every card, for lookup, listing and id checks.
    fn entries(&self) -> Box<dyn Iterator<Item = CardEntry<'_>> + '_>;
    /// `cards show` rows of one card (empty when the game has no such card).
    fn facts(&self, kind: &str, id: &str) -> Vec<Fact>;
    /// The record as JSON, for `cards show --output json`.
    fn card_json(&self, kind: &str, id: &str) -> serde_json::Value;
    /// Cross-record checks of `cards check` (dangling references, impossible values).
    fn check(&self, db: &CardDb, findings: &mut Vec<Finding>);
}

/// Everything loaded, plus the text of every file so findings can point into it.
#[derive(Debug, Default)]
pub struct CardDb {
    pub files: SourceFiles,
    pub armada: armada::ArmadaCards,
    pub xwing: xwing::XwingCards,
    pub spacealert: spacealert::SpaceAlertCards,
    pub talon: talon::TalonCards,
    pub errata: Vec<Located<errata::Erratum>>,
    pub formats: Vec<Located<formats::Format>>,
    pub rules: Vec<Located<rules::RuleEntry>>,
    /// Players' abbreviations, from the same files.
    pub rule_slang: Vec<Located<rules::RuleSlang>>,
    /// Problems found while reading (syntax, unknown fields, …). Cross-file checks add more.
    pub findings: Vec<Finding>,
    /// Names of the files that were read, in load order.
    pub loaded: Vec<FileId>,
    /// Entries of data folders passed over (a FIFO, a link loop), for a note each.
    pub skipped: Vec<crate::input::Skipped>,
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

    /// One game's card data.
    pub fn cards(&self, game: Game) -> &dyn GameCards {
        match game {
            Game::Armada => &self.armada,
            Game::Xwing => &self.xwing,
            Game::Spacealert => &self.spacealert,
            Game::Talon => &self.talon,
        }
    }

    fn cards_mut(&mut self, game: Game) -> &mut dyn GameCards {
        match game {
            Game::Armada => &mut self.armada,
            Game::Xwing => &mut self.xwing,
            Game::Spacealert => &mut self.spacealert,
            Game::Talon => &mut self.talon,
        }
    }

    /// Every card of every game, games in [`Game::ALL`] order.
    pub fn entries(&self) -> impl Iterator<Item = CardEntry<'_>> {
        Game::ALL
            .into_iter()
            .flat_map(|game| self.cards(game).entries())
    }

    /// Facts of one card for display (empty if the game has no such card).
    pub fn facts(&self, entry: &CardEntry<'_>) -> Vec<Fact> {
        self.cards(entry.game).facts(entry.kind, entry.id)
    }

    /// The card as JSON, for `cards show --output json`.
    pub fn card_json(&self, entry: &CardEntry<'_>) -> serde_json::Value {
        self.cards(entry.game).card_json(entry.kind, entry.id)
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

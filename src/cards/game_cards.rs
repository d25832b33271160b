//! What every game's card data offers the rest of arbiter.

use super::game::Game;
use super::parse::DataText;
use crate::report::{FileId, Finding, SourceFiles};
use std::ops::Range;

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
/// it; [`CardDb::cards`](super::CardDb::cards) is the one place that picks the game.
pub trait GameCards: std::fmt::Debug + Send + Sync {
    /// Read one card file, from TOML or from the embedded packed form (`text` is the TOML,
    /// used only to widen record spans; packed records carry none).
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
    fn check(&self, files: &SourceFiles, findings: &mut Vec<Finding>);
    /// Whether `name` is one of the game's points revisions (an id or an alias).
    fn has_points_revision(&self, name: &str) -> bool {
        let _ = name;
        false
    }
    /// The ids of the game's points revisions, oldest first (empty for a game without).
    fn points_revision_ids(&self) -> Vec<&str> {
        Vec::new()
    }
}

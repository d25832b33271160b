//! Everything loaded: every game's cards, errata, formats and glossary, and the text of
//! every file so findings can point into it. The one place that names each game's data.

use super::game::Game;
use super::game_cards::{CardEntry, Fact, GameCards};
use super::located::Located;
use super::{armada, errata, formats, rules, spacealert, talon, xwing};
use crate::report::{FileId, Finding, SourceFiles};

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

    pub(super) fn cards_mut(&mut self, game: Game) -> &mut dyn GameCards {
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

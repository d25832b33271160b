//! The judges' glossary as `arbiter rule` sees it: every entry of `data/rules/<game>.toml`
//! with the game it belongs to (the file's stem), in Spanish and English.

#[cfg(test)]
mod accuracy;
mod embedded_index;
#[cfg(test)]
mod hierarchy;
mod index_build;
pub mod render;
pub mod search;

use crate::cards::rules::{RuleEntry, RuleSlang, RuleText};
use crate::cards::{CardDb, Game};
use index_build::{EntryInput, TextInput};
use serde::Serialize;

/// The language summaries are shown in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    Es,
    En,
}

impl Lang {
    /// Spanish when the locale (the value of `LANG`) is Spanish, English otherwise.
    pub fn from_locale(locale: Option<&str>) -> Lang {
        match locale {
            Some(value) if value.to_ascii_lowercase().starts_with("es") => Lang::Es,
            _ => Lang::En,
        }
    }

    /// From the `LANG` environment variable.
    pub fn from_env() -> Lang {
        Lang::from_locale(std::env::var("LANG").ok().as_deref())
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Lang::Es => "es",
            Lang::En => "en",
        }
    }
}

/// One glossary entry and its game.
#[derive(Debug, Clone, Copy)]
pub struct GlossaryEntry<'a> {
    pub game: Game,
    pub entry: &'a RuleEntry,
}

impl<'a> GlossaryEntry<'a> {
    pub fn id(&self) -> &'a str {
        &self.entry.id
    }

    pub fn text(&self, lang: Lang) -> &'a RuleText {
        match lang {
            Lang::Es => &self.entry.es,
            Lang::En => &self.entry.en,
        }
    }

    /// The entry as the search index reads it.
    fn index_input(&self) -> EntryInput<'a> {
        let text = |t: &'a RuleText| TextInput {
            title: &t.title,
            aliases: &t.aliases,
            summary: &t.summary,
            points: &t.points,
            situations: &t.situations,
        };
        EntryInput {
            game: self.game.as_str(),
            id: &self.entry.id,
            section: &self.entry.citation.section,
            see_also: &self.entry.see_also,
            texts: [text(&self.entry.es), text(&self.entry.en)],
        }
    }
}

/// All loaded glossary entries, games in [`Game::ALL`] order, each file in its own order.
#[derive(Debug, Default)]
pub struct Glossary<'a> {
    entries: Vec<GlossaryEntry<'a>>,
    slang: Vec<(Game, &'a RuleSlang)>,
    /// Every entry is from the built-in files: the search index built at compile time is
    /// theirs.
    built_in: bool,
}

impl<'a> Glossary<'a> {
    /// The entries of every `rules/<game>.toml` file loaded; files named after no game are
    /// left out (`cards check` still checks them).
    pub fn from_db(db: &'a CardDb) -> Self {
        let mut built_in = true;
        let mut entries: Vec<(usize, GlossaryEntry<'a>)> = db
            .rules
            .iter()
            .enumerate()
            .filter_map(|(order, located)| {
                let file = db.files.name(located.file);
                let game = Game::from_file_name(file)?;
                built_in &= file.starts_with(crate::cards::EMBEDDED_PREFIX);
                Some((
                    order,
                    GlossaryEntry {
                        game,
                        entry: &located.value,
                    },
                ))
            })
            .collect();
        entries.sort_by_key(|(order, e)| (e.game, *order));
        let slang = db
            .rule_slang
            .iter()
            .filter_map(|located| {
                let game = Game::from_file_name(db.files.name(located.file))?;
                Some((game, &located.value))
            })
            .collect();
        Glossary {
            entries: entries.into_iter().map(|(_, e)| e).collect(),
            slang,
            built_in,
        }
    }

    /// Whether every entry is from the built-in files (no `--data` rules file).
    pub fn is_built_in(&self) -> bool {
        self.built_in
    }

    /// Players' abbreviations of every game, with their game.
    pub fn slang(&self) -> &[(Game, &'a RuleSlang)] {
        &self.slang
    }

    pub fn entries(&self) -> &[GlossaryEntry<'a>] {
        &self.entries
    }

    /// Entries of one game, or all of them.
    pub fn in_game(&self, game: Option<Game>) -> impl Iterator<Item = &GlossaryEntry<'a>> {
        self.entries
            .iter()
            .filter(move |e| game.is_none_or(|g| e.game == g))
    }

    pub fn get(&self, game: Game, id: &str) -> Option<&GlossaryEntry<'a>> {
        self.entries
            .iter()
            .find(|e| e.game == game && e.entry.id == id)
    }

    /// The entries an entry's `see_also` names, in its order; unknown ids are skipped
    /// (`cards check` reports them).
    pub fn see_also(&self, entry: &GlossaryEntry<'a>) -> Vec<&GlossaryEntry<'a>> {
        entry
            .entry
            .see_also
            .iter()
            .filter_map(|id| self.get(entry.game, id))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_game_is_the_file_stem() {
        assert_eq!(
            Game::from_file_name("<embedded>/rules/xwing.toml"),
            Some(Game::Xwing)
        );
        assert_eq!(
            Game::from_file_name("data\\rules\\talon.toml"),
            Some(Game::Talon)
        );
        assert_eq!(
            Game::from_file_name("rules/spacealert.toml"),
            Some(Game::Spacealert)
        );
        assert_eq!(Game::from_file_name("rules/xwing.part1.toml"), None);
        assert_eq!(Game::from_file_name("rules/chess.toml"), None);
    }

    #[test]
    fn lang_follows_the_locale() {
        assert_eq!(Lang::from_locale(Some("es_ES.UTF-8")), Lang::Es);
        assert_eq!(Lang::from_locale(Some("ES")), Lang::Es);
        assert_eq!(Lang::from_locale(Some("en_GB.UTF-8")), Lang::En);
        assert_eq!(Lang::from_locale(Some("C")), Lang::En);
        assert_eq!(Lang::from_locale(None), Lang::En);
    }

    #[test]
    fn the_built_in_glossary_covers_four_games() {
        let (db, _) = crate::cards::load(&crate::cards::LoadOptions {
            spans: false,
            embedded: true,
            overlays: Vec::new(),
            without: Vec::new(),
        });
        let glossary = Glossary::from_db(&db);
        for game in [Game::Armada, Game::Xwing, Game::Spacealert, Game::Talon] {
            assert!(glossary.in_game(Some(game)).count() > 20, "{game:?}");
        }
        let entry = glossary
            .get(Game::Armada, "attack")
            .expect("armada has `attack`");
        assert!(!glossary.see_also(entry).is_empty());
    }
}

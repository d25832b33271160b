//! The games arbiter knows.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

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

    /// The title without the "Star Wars: " two of them start with ("X-Wing").
    pub fn short_title(self) -> &'static str {
        self.title()
            .strip_prefix("Star Wars: ")
            .unwrap_or(self.title())
    }

    /// The game as a phrase with its article, for messages ("an Armada list").
    pub fn with_article(self) -> String {
        crate::text::with_article(self.short_title())
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

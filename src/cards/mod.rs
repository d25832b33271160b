//! The card data: one model per game, errata and formats, loaded from the TOML files
//! compiled into the binary and from any `--data` folder.

pub mod armada;
mod db;
mod embedded;
pub mod errata;
pub mod formats;
mod game;
mod game_cards;
mod load;
pub mod locate;
mod located;
pub mod lookup;
mod packed;
mod parse;
pub mod points;
mod record;
pub mod rules;
pub mod spacealert;
pub mod talon;
pub mod xwing;

pub use db::CardDb;
pub use embedded::PREFIX as EMBEDDED_PREFIX;
pub use game::Game;
pub use game_cards::{CardEntry, Fact, GameCards};
pub use load::{
    DataKind, LoadOptions, load, load_bytes, load_games, load_games_except, load_replacing,
};
pub use located::Located;
pub use parse::{DataText, RecordSpans, parse_data, parse_toml, refused_before_parsing};
pub use record::Record;

//! Fleet and squad validation: resolve every name of a parsed list against the card data
//! and check the list against a format's building rules. One submodule per game, each
//! implementing [`GameLists`]; [`lists`] runs inputs through them.

// Input reaches every line of this layer: a panic on it is a crash on a user's file.
// Tests may unwrap what they built themselves.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
#![cfg_attr(
    test,
    allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)
)]

pub mod armada;
mod game_lists;
pub mod lists;
pub mod talon;
pub mod xwing;

pub use game_lists::{
    GameLists, ListBytes, ListKind, ListOption, Recognised, Request, Sign, TeamMember,
    unreadable_list,
};

use crate::cards::CardDb;

/// The one place a game joins list validation: every game's [`GameLists`] for a run. When
/// two games recognise an input by the same kind of sign, the earlier one here wins.
pub fn games_with_lists<'db>(
    db: &'db CardDb,
    request: &Request,
) -> Result<Vec<Box<dyn GameLists + 'db>>, String> {
    Ok(vec![
        Box::new(armada::ArmadaLists::new(db, request)?),
        Box::new(xwing::XwingLists::new(db, request)),
        Box::new(talon::TalonLists::new(db, request)),
    ])
}

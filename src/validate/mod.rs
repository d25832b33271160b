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
    GameLists, ListBytes, ListKind, ListOption, ListSigns, Recognised, Request, Sign, TeamMember,
    unreadable_list,
};

use crate::cards::CardDb;

/// How each game of [`games_with_lists`] tells its lists, in the same order: asked before
/// any card data is loaded.
pub const LIST_SIGNS: [ListSigns; 3] = [armada::SIGNS, xwing::SIGNS, talon::SIGNS];

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signs_follow_the_games_with_lists() {
        let db = crate::cards::load(&crate::cards::LoadOptions::built_in()).0;
        let games = games_with_lists(&db, &Request::default()).unwrap();
        let in_order: Vec<_> = games.iter().map(|g| g.game()).collect();
        let signs: Vec<_> = LIST_SIGNS.iter().map(|s| s.game).collect();
        assert_eq!(in_order, signs);
    }
}

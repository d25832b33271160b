//! Fleet and squad validation: resolve every name of a parsed list against the card data
//! and check the list against a format's building rules. One submodule per game.

pub mod armada;
pub mod lists;
pub mod talon;
pub mod xwing;

//! Fleet and squad validation: resolve every name of a parsed list against the card data
//! and check the list against a format's building rules. One submodule per game.

// Input reaches every line of this layer: a panic on it is a crash on a user's file.
// Tests may unwrap what they built themselves.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
#![cfg_attr(
    test,
    allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)
)]

pub mod armada;
pub mod lists;
pub mod talon;
pub mod xwing;

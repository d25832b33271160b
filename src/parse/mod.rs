//! Readers of the files people give arbiter: fleet and squad lists as builders export them,
//! and scenario files. Each keeps byte spans and reports every problem it finds, located.

// Input reaches every line of this layer: a panic on it is a crash on a user's file.
// Tests may unwrap what they built themselves.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)]
#![cfg_attr(
    test,
    allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing)
)]

pub mod armada;
pub mod scenario;
pub mod talon;
pub mod xwing;

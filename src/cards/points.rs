//! How many points one card can cost. No rulebook caps a card's cost, so this is no game
//! rule (and not data) but a bound on what card data may say: the costliest cards printed
//! are far below it (Armada's Executor 411, a Talon battleship 218, X-Wing's largest 134),
//! and with it no squad or fleet total comes near overflowing. `cards check` refuses a
//! cost, loadout value or price outside it, and so does every command run on `--data`.

use std::ops::RangeInclusive;

/// The points a card's cost (or loadout value, or price in a points revision) can be.
pub const CARD_POINTS: RangeInclusive<i64> = 0..=1_000;

/// The range as a message says it.
pub const CARD_POINTS_TEXT: &str = "0 to 1,000";

/// Whether `value` is a possible number of points for one card.
pub fn possible_points(value: impl Into<i64>) -> bool {
    CARD_POINTS.contains(&value.into())
}

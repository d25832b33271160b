//! Talon fleet validation: every class line resolved against the Talon classes of the
//! fleet's side, and the total against the points limit (the list's `Points:` line, or
//! `--points-limit`). Talon rulebook prints no standard fleet size, so without either the total is
//! reported and not judged.

mod fighters;
mod fleet;
mod lists;
mod report;
mod row;

pub use fleet::{ValidatedFleet, validate};
pub use lists::{SIGNS, TalonLists};
pub use report::talon_report;
pub use row::Row;

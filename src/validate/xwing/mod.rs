//! X-Wing squad validation: resolve what a parsed squad names against the card data, pick
//! the points revision, and check the squad-building rules of the Rules Reference 1.4.5
//! appendix (the X-Wing Rules Reference) for a format. The result is ready for a reporter: a row per pilot
//! with cost and loadout, totals, and located findings.

pub mod fitted;
pub mod index;
mod lists;
pub mod quickbuild;
mod report;
pub mod resolve;
pub mod revision;
pub mod rules;
mod squad;
mod validator;

#[cfg(test)]
mod tests;

pub use lists::{SIGNS, XwingLists, format_named_by};
pub use report::xwing_report;
pub use squad::{ValidatedPilot, ValidatedSquad, ValidatedUpgrade};
pub use validator::{Options, Validator, validate};

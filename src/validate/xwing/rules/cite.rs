//! Where the squad-building rules arbiter applies are written in the X-Wing Rules
//! Reference 1.4.5 (Spanish): the section headings exactly as printed. A test checks each
//! heading is a line of that rulebook.

use crate::report::Citation;

const RULEBOOK: &str = "xwing-rules-reference";
const DOC: &str = "Star Wars: X-Wing — Guía de referencia";
const VERSION: &str = "1.4.5";

/// Standardized upgrades (ESTANDARIZADA).
pub const STANDARDIZED: &str = "ESTANDARIZADA";
/// The restrictions box of upgrade cards (faction, size, ship type, action…).
pub const UPGRADE_CARDS: &str = "CARTAS DE MEJORA";

/// Solitary upgrades (one per upgrade type in a squad).
pub const SOLITARY: &str = "SINGULAR";

/// Every heading cited above.
pub const ALL: &[&str] = &[STANDARDIZED, UPGRADE_CARDS, SOLITARY];

pub fn rule(section: &str) -> Citation {
    Citation::rulebook(RULEBOOK, DOC, Some(VERSION), section)
}

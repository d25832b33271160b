//! Where the fleet-building rules that are not format numbers are written in the Armada
//! Rules Reference (Spanish): the section headings exactly as printed. The format
//! numbers (points, shares, caps) cite their own sources from `data/formats/`.

use crate::report::Citation;

const RULEBOOK: &str = "armada-rules-reference";
const DOC: &str = "Star Wars: Armada — Guía de referencia";

/// One flagship per fleet, any ship may be it.
pub const FLAGSHIP: &str = "NAVE INSIGNIA";
/// At most one card of each unique name.
pub const UNIQUE_NAMES: &str = "NOMBRES ÚNICOS";

/// Ships are equipped with upgrade cards; a ship card is none of them.
pub const UPGRADE_CARDS: &str = "CARTAS DE MEJORA";

/// Every heading cited above.
pub const ALL: &[&str] = &[FLAGSHIP, UNIQUE_NAMES, UPGRADE_CARDS];

pub fn rule(section: &str) -> Citation {
    Citation::rulebook(RULEBOOK, DOC, None, section)
}

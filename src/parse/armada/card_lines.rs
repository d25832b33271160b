//! The card lines that the builders which mark a flagship (Flagship, Warlords, Fleet Builder
//! app) write alike: `- Upgrade (cost)` under its ship, `[flagship] Ship (cost)`, and a bare
//! `Ship (cost)`. Only how each writes a cost differs, so each names its own example.

use super::grammar::{bullet, flagship_marker, split_cost};
use super::lines::Line;
use super::recorder::Recorder;
use super::span::Span;

/// How one builder writes an upgrade line and a flagship line: shown when a cost is unreadable.
pub struct Examples {
    pub upgrade: &'static str,
    pub flagship: &'static str,
}

/// Reads `t` if it is an upgrade or the flagship; false when it is neither.
pub fn upgrade_or_flagship(
    rec: &mut Recorder,
    line: &Line<'_>,
    t: Span<'_>,
    examples: &Examples,
) -> bool {
    if let Some(item) = bullet(t, "-") {
        match split_cost(item) {
            Some((name, cost)) => rec.add_upgrade(name, &cost, line),
            None => rec.bad_points(line, examples.upgrade),
        }
        return true;
    }
    if let Ok((rest, ())) = flagship_marker(t) {
        match split_cost(rest) {
            Some((name, cost)) => rec.add_ship(name, Some(&cost), true, line),
            None => rec.bad_points(line, examples.flagship),
        }
        return true;
    }
    false
}

/// The last reading of a card line: a ship that is not the flagship, with its cost.
pub fn plain_ship(rec: &mut Recorder, line: &Line<'_>, t: Span<'_>) -> bool {
    match split_cost(t) {
        Some((name, cost)) => {
            rec.add_ship(name, Some(&cost), false, line);
            true
        }
        None => false,
    }
}

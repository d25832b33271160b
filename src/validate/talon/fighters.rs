//! Talon rulebook 12.1.1 and 12.2.1: fighter squadrons need a friendly carrier or base at the
//! start of the battle, and each carrier or base deploys at most four of them.

use super::row::Row;
use crate::cards::talon::TalonCards;
use crate::report::{Code, FileId, Finding};

/// Squadrons against the carriers and bases that may deploy them.
pub fn check(cards: &TalonCards, rows: &[Row<'_>], file: FileId, findings: &mut Vec<Finding>) {
    let count = |keep: fn(&crate::cards::talon::ShipClass) -> bool| -> u64 {
        rows.iter()
            .filter(|r| r.class.is_some_and(keep))
            .map(|r| u64::from(r.count))
            .sum()
    };
    let squadrons = count(|c| c.is_fighter());
    if squadrons == 0 {
        return;
    }
    let carriers = count(|c| c.is_carrier() || c.is_base());
    let Some(first) = rows
        .iter()
        .find(|r| r.class.is_some_and(|c| c.is_fighter()))
    else {
        return;
    };
    let span = first.span.clone();
    if carriers == 0 {
        findings.push(
            Finding::error(
                Code::TalonFighters,
                format!("the fleet has {squadrons} fighter squadron(s) and no carrier or base"),
            )
            .at(file, span)
            .label("no carrier or base to deploy them")
            .help("fighters are in a battle only with a friendly carrier (CV) or base there at its start (Talon rulebook 12.1.1): add one, or drop the fighters"),
        );
        return;
    }
    let per = cards
        .numbers
        .as_ref()
        .map_or(u64::MAX, |n| u64::from(n.squadrons_per_carrier));
    if squadrons > carriers.saturating_mul(per) {
        findings.push(
            Finding::error(
                Code::TalonFighters,
                format!(
                    "{squadrons} fighter squadrons for {carriers} carrier(s) and base(s), which deploy {} at most",
                    carriers.saturating_mul(per)
                ),
            )
            .at(file, span)
            .label(format!("{} too many", squadrons - carriers.saturating_mul(per)))
            .help(format!(
                "a carrier or base deploys at most {per} fighter squadrons (Talon rulebook 12.2.1): drop squadrons or add a carrier or base"
            )),
        );
    }
}

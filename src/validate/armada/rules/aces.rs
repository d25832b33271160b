//! Aces (unique squadrons with defense tokens) per the format's ace rule.

use super::Context;
use crate::report::{Code, Finding};
use crate::validate::armada::ValidatedFleet;

pub fn check(cx: &Context<'_, '_>, fleet: &ValidatedFleet<'_>, out: &mut Vec<Finding>) {
    let Some(rule) = cx.format.ace_rule else {
        return;
    };
    let allowed = rule.allowed(fleet.totals.limit);
    let mut seen = 0u32;
    for squadron in &fleet.squadrons {
        let Some(card) = squadron.card else { continue };
        // The data's `ace` flag decides: `cards check` holds official cards to "unique
        // with defense tokens", and community packs flag their own aces.
        if !card.ace {
            continue;
        }
        seen += squadron.count;
        if seen > allowed {
            out.push(
                Finding::error(
                    Code::ArmadaAce,
                    format!(
                        "`{}` is ace number {seen}; the {} format allows {allowed}",
                        squadron.name, cx.format.id
                    ),
                )
                .at(cx.file, squadron.name_span.clone())
                .label("one ace too many")
                .help(format!(
                    "field at most {allowed} aces (one per {} points of the limit)",
                    rule.per_points
                )),
            );
        }
    }
}

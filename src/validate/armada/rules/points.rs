//! The points limit and the squadron share, on totals recomputed from the card data.

use super::Context;
use crate::report::{Code, Finding};
use crate::validate::armada::ValidatedFleet;

pub fn check(cx: &Context<'_, '_>, fleet: &ValidatedFleet<'_>, out: &mut Vec<Finding>) {
    let totals = &fleet.totals;
    // Costs are those of the revision the list is judged under; say which.
    let under = fleet.points_revision.as_ref().map_or(String::new(), |r| {
        format!(" under points revision `{}`", r.id())
    });
    if totals.total > totals.limit {
        out.push(
            Finding::error(
                Code::ArmadaPoints,
                format!(
                    "the fleet costs {} points{under}, over the {} format's limit of {}",
                    totals.total, cx.format.id, totals.limit
                ),
            )
            .at(cx.file, cx.fleet_span())
            .label(format!("{} points over", totals.total - totals.limit))
            .help(format!(
                "remove {} points of cards",
                totals.total - totals.limit
            ))
            .cite_if(cx.format.source_of("points_limit")),
        );
    }
    if let Some(limit) = totals.squadron_limit
        && totals.squadrons > limit
    {
        let span = cx
            .parsed
            .points
            .squadrons
            .as_ref()
            .map(|n| n.span.clone())
            .or_else(|| fleet.squadrons.first().map(|s| s.span.clone()))
            .unwrap_or_else(|| cx.fleet_span());
        out.push(
            Finding::error(
                Code::ArmadaSquadronCap,
                format!(
                    "squadrons cost {} points{under}, over the {} format's squadron limit of {}",
                    totals.squadrons, cx.format.id, limit
                ),
            )
            .at(cx.file, span)
            .label(format!("{} points over", totals.squadrons - limit))
            .help(format!(
                "squadrons may use at most {limit} points: remove {} points of squadrons",
                totals.squadrons - limit
            ))
            .cite_if(cx.format.source_of("squadron_share")),
        );
    }
}

//! The format's cap on flotilla ships.

use super::{Context, is_flotilla};
use crate::report::{Code, Finding};
use crate::validate::armada::ValidatedFleet;

pub fn check(cx: &Context<'_, '_>, fleet: &ValidatedFleet<'_>, out: &mut Vec<Finding>) {
    let Some(cap) = cx.format.flotilla_cap else {
        return;
    };
    let flotillas: Vec<_> = fleet.ships.iter().filter(|s| is_flotilla(s)).collect();
    for extra in flotillas.iter().skip(cap as usize) {
        out.push(
            Finding::error(
                Code::ArmadaFlotillaCap,
                format!(
                    "the fleet has {} flotillas; the {} format allows {cap}",
                    flotillas.len(),
                    cx.format.id
                ),
            )
            .at(cx.file, extra.name_span.clone())
            .label("one flotilla too many")
            .help(format!("field at most {cap} ships with the flotilla trait"))
            .cite_if(cx.format.source_of("flotilla_cap")),
        );
    }
}

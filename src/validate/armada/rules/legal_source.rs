//! Cards from a content source the format does not allow (its `legal_sources`). Resolution
//! already prefers a card of an allowed source where the name has one, so a card still
//! from another source is one the list really uses: an official tournament format does
//! not take Armada Legacy or Nexus cards, and the list cannot be played in it as written.

use super::Context;
use crate::cards::armada::Source;
use crate::report::{Code, Finding};
use crate::validate::armada::{ValidatedFleet, legal_sources};
use std::ops::Range;

pub fn check(cx: &Context<'_, '_>, fleet: &ValidatedFleet<'_>, out: &mut Vec<Finding>) {
    let allowed = legal_sources(cx.format);
    // A format that names no sources does not restrict them.
    if allowed.is_empty() {
        return;
    }
    // Written only into a finding: almost every list has none.
    let allowed_list = || {
        allowed
            .iter()
            .map(|s| format!("{} ({})", s.as_str(), s.title()))
            .collect::<Vec<_>>()
            .join(", ")
    };
    // An unknown card (no source) has its own finding.
    let mut check = |name: &str, span: &Range<usize>, source: Option<Source>| {
        let Some(source) = source.filter(|s| !allowed.contains(s)) else {
            return;
        };
        out.push(
            Finding::error(
                Code::ArmadaLegalSource,
                format!(
                    "`{name}` is a card of {} (`{}`), which the {} format does not allow",
                    source.title(),
                    source.as_str(),
                    cx.format.id
                ),
            )
            .at(cx.file, span.clone())
            .label(format!("{} card", source_word(source)))
            .help(format!(
                "the {} format takes cards of {}: replace `{name}`, or validate with a format that allows `{}`",
                cx.format.id,
                allowed_list(),
                source.as_str()
            )),
        );
    };
    for ship in &fleet.ships {
        check(&ship.name, &ship.name_span, ship.card.map(|c| c.source));
    }
    for upgrade in fleet.upgrades() {
        check(
            &upgrade.name,
            &upgrade.name_span,
            upgrade.card.map(|c| c.source),
        );
    }
    for squadron in &fleet.squadrons {
        check(
            &squadron.name,
            &squadron.name_span,
            squadron.card.map(|c| c.source),
        );
    }
    for objective in &fleet.objectives {
        check(
            &objective.name,
            &objective.name_span,
            objective.card.map(|c| c.source),
        );
    }
}

/// The source in a label's few words.
fn source_word(source: Source) -> &'static str {
    match source {
        Source::Ffg => "an FFG",
        Source::Amg => "an AMG",
        Source::Legacy => "a Legacy",
        Source::LegacyBeta => "a Legacy beta",
        Source::OldLegacy => "a withdrawn Legacy",
        Source::Nexus => "a Nexus",
        Source::Legends => "a Legends",
        Source::Arc => "an ARC",
    }
}

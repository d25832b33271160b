//! A unique name at most once in a fleet, across ships, upgrades and squadrons: Darth
//! Vader the commander and Darth Vader the squadron clash. `unique_class` names the clash
//! where it is not the card's own name.

use super::{Context, cite};
use crate::report::{Code, Finding};
use crate::text::normalize;
use crate::validate::armada::{CardIndex, ValidatedFleet};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;
use std::borrow::Cow;
use std::ops::Range;

/// One use of a unique card in a fleet.
pub struct Use<'a> {
    pub name: &'a str,
    pub span: Range<usize>,
    /// Clash names, normalized.
    pub classes: SmallVec<[Cow<'a, str>; 2]>,
    pub copies: u32,
    /// How many copies the card allows (a few unique squadrons allow more than one).
    pub allowed: u32,
}

/// A card's clash names, normalized: by the index, which worked them out once for every
/// unique card, or here (team play, which has no index at hand).
fn classes<'a>(
    index: Option<&'a CardIndex<'_>>,
    own: &'a str,
    unique_class: &'a [String],
) -> SmallVec<[Cow<'a, str>; 2]> {
    let normal = |name: &'a str| match index.and_then(|i| i.normalized(name)) {
        Some(known) => Cow::Borrowed(known),
        None => Cow::Owned(normalize(name)),
    };
    if unique_class.is_empty() {
        [normal(own)].into_iter().collect()
    } else {
        unique_class.iter().map(|c| normal(c)).collect()
    }
}

/// Every unique card of the fleet: ships, upgrades (with the `Commander:` line's) and
/// squadrons, in list order.
pub fn uses<'a>(fleet: &'a ValidatedFleet<'_>, index: Option<&'a CardIndex<'_>>) -> Vec<Use<'a>> {
    // Room for a fleet's usual unique cards at once (grown from empty: two allocations).
    let mut uses = Vec::with_capacity(8);
    for ship in &fleet.ships {
        if let Some(card) = ship.card.filter(|c| c.unique) {
            uses.push(Use {
                name: &ship.name,
                span: ship.name_span.clone(),
                classes: classes(index, &card.name, &[]),
                copies: 1,
                allowed: 1,
            });
        }
    }
    for upgrade in fleet.upgrades() {
        if let Some(card) = upgrade.card.filter(|c| c.unique) {
            uses.push(Use {
                name: &upgrade.name,
                span: upgrade.name_span.clone(),
                classes: classes(index, &card.name, &card.unique_class),
                copies: 1,
                allowed: 1,
            });
        }
    }
    for squadron in &fleet.squadrons {
        if let Some(card) = squadron.card.filter(|c| c.unique) {
            uses.push(Use {
                name: &squadron.name,
                span: squadron.name_span.clone(),
                classes: classes(index, card.card_name(), &card.unique_class),
                copies: squadron.count,
                allowed: card.unique_limit.map_or(1, u32::from),
            });
        }
    }
    uses
}

pub fn check(cx: &Context<'_, '_>, fleet: &ValidatedFleet<'_>, out: &mut Vec<Finding>) {
    let uses = uses(fleet, Some(cx.index));
    // Sized once: grown from empty it was rehashed twice or three times a list.
    let classes = uses.iter().map(|u| u.classes.len()).sum();
    let mut taken: FxHashMap<&str, (u32, &str)> =
        FxHashMap::with_capacity_and_hasher(classes, Default::default());
    for u in &uses {
        for class in &u.classes {
            let entry = taken.entry(class.as_ref()).or_insert((0, u.name));
            entry.0 += u.copies;
            if entry.0 > u.allowed {
                let first = entry.1;
                out.push(
                    Finding::error(
                        Code::ArmadaUnique,
                        if first == u.name {
                            format!(
                                "the unique name `{}` is in the fleet more than once",
                                u.name
                            )
                        } else {
                            format!("`{}` shares a unique name with `{first}`", u.name)
                        },
                    )
                    .at(cx.file, u.span.clone())
                    .label("unique name used again")
                    .help("a fleet may hold each unique name once: remove one of them")
                    .cite(cite::rule(cite::UNIQUE_NAMES)),
                );
                break;
            }
        }
    }
}

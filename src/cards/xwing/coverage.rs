//! How many abilities of the cards legal in a format have timing facts (`arbiter cards
//! coverage`): the abilities are the pilot abilities and upgrade sides that have timing
//! records or are listed `[[untimed]]`; ship abilities are counted apart.

use super::data::XwingCards;
use super::model::{AbilityPart, Legality};
use crate::cards::formats::Format;
use serde::Serialize;
use std::collections::BTreeSet;

/// The figures for one format.
#[derive(Debug, Clone, Serialize)]
pub struct Coverage {
    pub format: String,
    pub points_revision: String,
    /// Pilot abilities and upgrade sides of the cards legal in the format.
    pub abilities: usize,
    /// Of those, the ones with at least one timing fact.
    pub with_timing: usize,
    /// `with_timing / abilities`, to four places.
    pub ratio: f64,
    /// Abilities whose every window says everything the card does.
    pub complete: usize,
    /// Abilities whose facts a person checked.
    pub checked: usize,
    pub ship_abilities: Counts,
    /// The abilities without timing facts, pilots first, each by id.
    pub uncovered: Vec<Uncovered>,
}

#[derive(Debug, Clone, Copy, Serialize)]
pub struct Counts {
    pub abilities: usize,
    pub with_timing: usize,
}

#[derive(Debug, Clone, Serialize)]
pub struct Uncovered {
    pub part: AbilityPart,
    pub card: String,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ability: Option<String>,
    pub side: u8,
}

type Key = (AbilityPart, String, Option<String>, u8);

/// The coverage of `format`'s legal cards (its points revision and legality key).
pub fn coverage(cards: &XwingCards, format: &Format) -> Result<Coverage, String> {
    let named = format.points_revision.as_deref().unwrap_or("amg");
    let revision = cards
        .revision(named)
        .ok_or_else(|| {
            format!(
                "format `{}` names unknown points revision `{named}`",
                format.id
            )
        })?
        .id
        .to_string();
    let key = format
        .legality_key
        .as_deref()
        .and_then(Legality::parse_loose);
    let legal =
        |listed: Option<&[Legality]>| listed.is_some_and(|l| key.is_none_or(|k| l.contains(&k)));
    let pilot_legal = |id: &str| {
        cards
            .pilot(id)
            .is_some_and(|p| legal(p.points_in(&revision).map(|v| v.legal)))
    };
    let keys: BTreeSet<Key> = cards
        .timings
        .iter()
        .map(|t| t.key())
        .chain(cards.untimed.iter().map(|u| u.key()))
        .map(|(p, c, a, s)| (p, c.to_string(), a.map(str::to_string), s))
        .collect();
    let mut out = Coverage {
        format: format.id.clone(),
        points_revision: revision.clone(),
        abilities: 0,
        with_timing: 0,
        ratio: 0.0,
        complete: 0,
        checked: 0,
        ship_abilities: Counts {
            abilities: 0,
            with_timing: 0,
        },
        uncovered: Vec::new(),
    };
    for (part, card, ability, side) in &keys {
        let in_format = match part {
            AbilityPart::Pilot => pilot_legal(card),
            AbilityPart::Upgrade => cards
                .upgrade(card)
                .is_some_and(|u| legal(u.points_in(&revision).map(|v| v.legal))),
            AbilityPart::Ship => cards.pilots.iter().any(|p| {
                p.ship == *card
                    && p.ship_ability.as_deref() == ability.as_deref()
                    && pilot_legal(&p.id)
            }),
        };
        if !in_format {
            continue;
        }
        let facts = cards.timings(*part, card, ability.as_deref(), *side);
        let covered = !facts.is_empty();
        if *part == AbilityPart::Ship {
            out.ship_abilities.abilities += 1;
            out.ship_abilities.with_timing += usize::from(covered);
            continue;
        }
        out.abilities += 1;
        out.with_timing += usize::from(covered);
        out.complete += usize::from(covered && facts.iter().all(|f| f.complete));
        out.checked += usize::from(facts.iter().any(|f| f.checked));
        if !covered {
            out.uncovered.push(Uncovered {
                part: *part,
                card: card.clone(),
                name: name_of(cards, *part, card),
                ability: ability.clone(),
                side: *side,
            });
        }
    }
    if out.abilities > 0 {
        let ratio = out.with_timing as f64 / out.abilities as f64;
        out.ratio = (ratio * 10_000.0).round() / 10_000.0;
    }
    Ok(out)
}

fn name_of(cards: &XwingCards, part: AbilityPart, card: &str) -> String {
    match part {
        AbilityPart::Pilot => cards.pilot(card).map(|p| p.name.clone()),
        AbilityPart::Upgrade => cards.upgrade(card).map(|u| u.name.clone()),
        AbilityPart::Ship => cards.ship(card).map(|s| s.name.clone()),
    }
    .unwrap_or_else(|| card.to_string())
}

//! Every name of a parsed fleet resolved against the card data, with its cost: the
//! [`ValidatedFleet`] the rules then check.

use super::card_index::{CardIndex, Hints};
use super::faction_names::faction_named;
use super::fleet::{
    ResolvedObjective, ResolvedShip, ResolvedSquadron, ResolvedUpgrade, Totals, ValidatedFleet,
};
use crate::cards::armada::{Faction, Slot, Source, Upgrade};
use crate::cards::formats::Format;
use crate::parse::armada::{CardName, ParsedFleet};
use crate::report::{Code, FileId, Finding};
use crate::text::normalize;

/// The content sources a format allows, as [`Source`] values.
pub fn legal_sources(format: &Format) -> Vec<Source> {
    Source::ALL
        .into_iter()
        .filter(|s| format.legal_sources.iter().any(|l| l == s.as_str()))
        .collect()
}

/// Resolve every name of `fleet`; names that match no card become `armada::unknown_card`
/// findings and keep their stated cost, so the totals do not hide them.
pub fn resolve_fleet<'db>(
    index: &CardIndex<'db>,
    format: &Format,
    fleet: &ParsedFleet,
    file: FileId,
) -> ValidatedFleet<'db> {
    let legal = legal_sources(format);
    let mut findings = Vec::new();
    let faction = fleet_faction(index, fleet, &legal, file, &mut findings);
    let hints = |stated: Option<u32>| Hints {
        faction,
        stated_points: stated,
        legal_sources: &legal,
        slot: None,
    };
    let unknown = |kind: &'static str, name: &CardName| {
        Finding::error(
            Code::ArmadaUnknownCard,
            format!("no Armada {kind} is called `{}`", name.text),
        )
        .at(file, name.span.clone())
        .label(format!("unknown {kind}"))
        .help(index.suggest(
            kind,
            &name.text,
            "check the spelling against `arbiter cards search`",
        ))
    };
    // A name of another kind of card is a misplaced line (Star Forge sometimes shifts a
    // ship onto an upgrade's line); saying so beats `did you mean`.
    let other_kind = |kind: &str, name: &CardName| {
        if kind == "ship" {
            index
                .upgrade(name, &hints(None))
                .map(|_| "an upgrade")
                .or_else(|| index.squadron(name, &hints(None)).map(|_| "a squadron"))
        } else if kind == "upgrade" {
            index
                .ship(name, &hints(None))
                .map(|_| "a ship")
                .or_else(|| index.squadron(name, &hints(None)).map(|_| "a squadron"))
        } else {
            None
        }
    };
    let misplaced = |kind: &str, name: &CardName| {
        // The whole name first: `Hondo Ohnaka - Slave I` is the squadron, though its first
        // part alone is also an officer.
        let whole = CardName {
            parts: Vec::new(),
            ..name.clone()
        };
        let other = other_kind(kind, &whole).or_else(|| other_kind(kind, name));
        other.map(|other| {
            Finding::error(
                Code::ArmadaUnknownCard,
                format!(
                    "`{}` is {other}, but the list has it as {}",
                    name.text,
                    if kind == "upgrade" { "an upgrade" } else { "a ship" }
                ),
            )
            .at(file, name.span.clone())
            .label(format!("{other} on {kind} line"))
            .help(format!(
                "put each ship on its own line with its upgrades under it, and squadrons under `Squadrons:`; this line looks shifted from where `{}` belongs",
                name.text
            ))
        })
    };
    let unknown = |kind: &'static str, name: &CardName| {
        misplaced(kind, name).unwrap_or_else(|| unknown(kind, name))
    };
    let header_commander = fleet
        .commander
        .as_ref()
        .filter(|c| !c.name.text.trim().is_empty());
    let commander_key = header_commander.map(|c| normalize(&c.name.text));

    let mut ships = Vec::new();
    for ship in &fleet.ships {
        let stated = ship.stated_points.as_ref().map(|n| n.value);
        let card = index.ship(&ship.name, &hints(stated));
        if card.is_none() {
            findings.push(unknown("ship", &ship.name));
        }
        let mut upgrades = Vec::new();
        for upgrade in &ship.upgrades {
            let stated = upgrade.stated_points.as_ref().map(|n| n.value);
            // The upgrade that repeats the `Commander:` line is the commander, not the
            // officer or boarding team of the same name — unless its stated points are the
            // other card's and not the commander's (Admiral Ozzel, 20 as commander, 2 as
            // officer): then the list equips that card as well, and says so.
            let repeats_commander =
                commander_key.as_deref() == Some(normalize(&upgrade.name.text).as_str());
            let as_commander = || {
                index.upgrade(
                    &upgrade.name,
                    &Hints {
                        slot: Some(Slot::Commander),
                        ..hints(stated)
                    },
                )
            };
            let as_written = || index.upgrade(&upgrade.name, &hints(stated));
            let priced = |c: &Upgrade| stated.is_none_or(|p| u32::from(c.points) == p);
            let card = if repeats_commander {
                match (as_commander(), as_written()) {
                    (Some(commander), Some(other))
                        if !priced(commander)
                            && priced(other)
                            && !other.slots.contains(&Slot::Commander) =>
                    {
                        Some(other)
                    }
                    (commander, other) => commander.or(other),
                }
            } else {
                as_written()
            };
            if card.is_none() {
                findings.push(unknown("upgrade", &upgrade.name));
            }
            upgrades.push(ResolvedUpgrade {
                name: upgrade.name.text.clone(),
                span: upgrade.span.clone(),
                name_span: upgrade.name.span.clone(),
                id: card.map(|c| c.id.clone()),
                card,
                points: card.map_or(stated.unwrap_or(0), |c| u32::from(c.points)),
            });
        }
        let points = card.map_or(stated.unwrap_or(0), |c| u32::from(c.points));
        let total = points + upgrades.iter().map(|u| u.points).sum::<u32>();
        ships.push(ResolvedShip {
            name: ship.name.text.clone(),
            span: ship.span.clone(),
            name_span: ship.name.span.clone(),
            id: card.map(|c| c.id.clone()),
            card,
            points,
            upgrades,
            total,
            marked_flagship: ship.flagship,
        });
    }

    // An upgrade the data does not know may be the commander misspelt on its ship:
    // counting the `Commander:` line as well would count the commander twice.
    let header_only = !ships
        .iter()
        .any(|s| s.carries_commander() || s.upgrades.iter().any(|u| u.card.is_none()));
    let commander = header_commander.filter(|_| header_only).map(|c| {
        let stated = c.stated_points.as_ref().map(|n| n.value);
        let card = index.upgrade(
            &c.name,
            &Hints {
                slot: Some(Slot::Commander),
                ..hints(stated)
            },
        );
        if card.is_none() {
            findings.push(unknown("commander", &c.name));
        }
        ResolvedUpgrade {
            name: c.name.text.clone(),
            span: c.name.span.clone(),
            name_span: c.name.span.clone(),
            id: card.map(|c| c.id.clone()),
            card,
            points: card.map_or(stated.unwrap_or(0), |c| u32::from(c.points)),
        }
    });

    let mut squadrons = Vec::new();
    for squadron in &fleet.squadrons {
        let count = squadron.count.max(1);
        let stated_each = squadron.stated_points.as_ref().and_then(|n| {
            if squadron.points_are_group_total {
                (n.value % count == 0).then_some(n.value / count)
            } else {
                Some(n.value)
            }
        });
        let card = index.squadron(&squadron.name, &hints(stated_each));
        if card.is_none() {
            findings.push(unknown("squadron", &squadron.name));
        }
        let points = card.map_or(stated_each.unwrap_or(0), |c| u32::from(c.points));
        squadrons.push(ResolvedSquadron {
            name: squadron.name.text.clone(),
            span: squadron.span.clone(),
            name_span: squadron.name.span.clone(),
            count,
            id: card.map(|c| c.id.clone()),
            card,
            points,
            total: points * count,
        });
    }

    let mut objectives = Vec::new();
    for objective in &fleet.objectives {
        if objective.name.text.trim().is_empty() {
            continue;
        }
        let card = index.objective(&objective.name, &hints(None));
        if card.is_none() {
            findings.push(unknown("objective", &objective.name));
        }
        objectives.push(ResolvedObjective {
            name: objective.name.text.clone(),
            name_span: objective.name.span.clone(),
            stated_category: objective.category,
            id: card.map(|c| c.id.clone()),
            card,
        });
    }

    let squadron_points: u32 = squadrons.iter().map(|s| s.total).sum();
    let total = ships.iter().map(|s| s.total).sum::<u32>()
        + commander.as_ref().map_or(0, |c| c.points)
        + squadron_points;
    ValidatedFleet {
        format: format.id.clone(),
        faction,
        commander,
        ships,
        squadrons,
        objectives,
        totals: Totals {
            total,
            limit: format.points_limit,
            squadrons: squadron_points,
            squadron_limit: format.squadron_share.map(|s| s.of(format.points_limit)),
        },
        points_revision: None,
        findings,
    }
}

/// The faction the list names, or, when it names none, the faction of its first known
/// ship. A faction line no faction matches is a finding.
fn fleet_faction(
    index: &CardIndex<'_>,
    fleet: &ParsedFleet,
    legal: &[crate::cards::armada::Source],
    file: FileId,
    findings: &mut Vec<Finding>,
) -> Option<Faction> {
    if let Some(written) = fleet.faction.as_ref().filter(|f| !f.text.trim().is_empty()) {
        if let Some(faction) = faction_named(&written.text) {
            return Some(faction);
        }
        findings.push(
            Finding::error(
                Code::ArmadaFaction,
                format!("`{}` is no Armada faction", written.text),
            )
            .at(file, written.span.clone())
            .label("unknown faction")
            .help("write one of Empire, Rebel, Republic, Separatist (or the builder's words for them)"),
        );
    }
    let hints = Hints {
        legal_sources: legal,
        ..Hints::default()
    };
    fleet
        .ships
        .iter()
        .find_map(|s| index.ship(&s.name, &hints))
        .map(|s| s.faction)
}

//! Every name of a parsed fleet resolved against the card data, with its cost: the
//! [`ValidatedFleet`] the rules then check.

use super::card_index::{CardIndex, Hints};
use super::faction_names::faction_named;
use super::fleet::{
    ResolvedObjective, ResolvedShip, ResolvedSquadron, ResolvedUpgrade, Totals, ValidatedFleet,
    sum_points, times,
};
use crate::cards::armada::{Faction, Slot, Source, Upgrade};
use crate::cards::formats::Format;
use crate::parse::armada::{
    CardName, Commander as ParsedCommander, Objective as ParsedObjective, ParsedFleet,
    Ship as ParsedShip, Squadron as ParsedSquadron, Upgrade as ParsedUpgrade,
};
use crate::report::{Code, FileId, Finding};
use crate::text::normalized_eq;

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
    let header_commander = fleet
        .commander
        .as_ref()
        .filter(|c| !c.name.text.trim().is_empty());
    let resolver = Resolver {
        index,
        file,
        faction,
        legal: &legal,
        commander_name: header_commander.map(|c| c.name.text.as_str()),
    };
    let ships: Vec<ResolvedShip<'db>> = fleet
        .ships
        .iter()
        .map(|ship| resolver.ship(ship, &mut findings))
        .collect();
    // An upgrade the data does not know may be the commander misspelt on its ship:
    // counting the `Commander:` line as well would count the commander twice.
    let header_only = !ships
        .iter()
        .any(|s| s.carries_commander() || s.upgrades.iter().any(|u| u.card.is_none()));
    let commander = header_commander
        .filter(|_| header_only)
        .map(|c| resolver.header_commander(c, &mut findings));
    let squadrons: Vec<ResolvedSquadron<'db>> = fleet
        .squadrons
        .iter()
        .map(|squadron| resolver.squadron(squadron, &mut findings))
        .collect();
    let objectives = fleet
        .objectives
        .iter()
        .filter(|o| !o.name.text.trim().is_empty())
        .map(|objective| resolver.objective(objective, &mut findings))
        .collect();
    let squadron_points = sum_points(squadrons.iter().map(|s| s.total));
    let total = sum_points(
        ships
            .iter()
            .map(|s| s.total)
            .chain(commander.as_ref().map(|c| c.points))
            .chain([squadron_points]),
    );
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

/// What resolving each card of one fleet needs: the index, where findings point, and what
/// the list says around its names.
struct Resolver<'a, 'db> {
    index: &'a CardIndex<'db>,
    file: FileId,
    faction: Option<Faction>,
    legal: &'a [Source],
    /// The `Commander:` line's name, as written.
    commander_name: Option<&'a str>,
}

impl<'db> Resolver<'_, 'db> {
    fn hints(&self, stated: Option<u32>) -> Hints<'_> {
        Hints {
            faction: self.faction,
            stated_points: stated,
            legal_sources: self.legal,
            slot: None,
        }
    }

    fn ship(&self, ship: &ParsedShip, findings: &mut Vec<Finding>) -> ResolvedShip<'db> {
        let stated = ship.stated_points.as_ref().map(|n| n.value);
        let card = self.index.ship(&ship.name, &self.hints(stated));
        if card.is_none() {
            findings.push(self.unknown("ship", &ship.name));
        }
        let upgrades: Vec<ResolvedUpgrade<'db>> = ship
            .upgrades
            .iter()
            .map(|upgrade| self.upgrade(upgrade, findings))
            .collect();
        let points = card.map_or(stated.unwrap_or(0), |c| u32::from(c.points));
        let total = sum_points(std::iter::once(points).chain(upgrades.iter().map(|u| u.points)));
        ResolvedShip {
            name: ship.name.text.clone(),
            span: ship.span.clone(),
            name_span: ship.name.span.clone(),
            id: card.map(|c| c.id.clone()),
            card,
            points,
            upgrades,
            total,
            marked_flagship: ship.flagship,
        }
    }

    fn upgrade(
        &self,
        upgrade: &ParsedUpgrade,
        findings: &mut Vec<Finding>,
    ) -> ResolvedUpgrade<'db> {
        let stated = upgrade.stated_points.as_ref().map(|n| n.value);
        let card = if self.repeats_commander(&upgrade.name) {
            self.commander_on_ship(&upgrade.name, stated)
        } else {
            self.index.upgrade(&upgrade.name, &self.hints(stated))
        };
        if card.is_none() {
            findings.push(self.unknown("upgrade", &upgrade.name));
        }
        ResolvedUpgrade {
            name: upgrade.name.text.clone(),
            span: upgrade.span.clone(),
            name_span: upgrade.name.span.clone(),
            id: card.map(|c| c.id.clone()),
            card,
            points: card.map_or(stated.unwrap_or(0), |c| u32::from(c.points)),
        }
    }

    /// Compared without normalised copies: every upgrade of every list asks, and almost
    /// none repeats the commander (a normalised copy each was 4 % of a corpus run).
    fn repeats_commander(&self, name: &CardName) -> bool {
        self.commander_name
            .is_some_and(|commander| normalized_eq(commander, &name.text))
    }

    /// The upgrade that repeats the `Commander:` line is the commander, not the officer or
    /// boarding team of the same name — unless its stated points are the other card's and
    /// not the commander's (Admiral Ozzel, 20 as commander, 2 as officer): then the list
    /// equips that card as well, and says so.
    fn commander_on_ship(&self, name: &CardName, stated: Option<u32>) -> Option<&'db Upgrade> {
        let as_commander = self.index.upgrade(name, &self.commander_hints(stated));
        let as_written = self.index.upgrade(name, &self.hints(stated));
        let priced = |c: &Upgrade| stated.is_none_or(|p| u32::from(c.points) == p);
        match (as_commander, as_written) {
            (Some(commander), Some(other))
                if !priced(commander)
                    && priced(other)
                    && !other.slots.contains(&Slot::Commander) =>
            {
                Some(other)
            }
            (commander, other) => commander.or(other),
        }
    }

    fn commander_hints(&self, stated: Option<u32>) -> Hints<'_> {
        Hints {
            slot: Some(Slot::Commander),
            ..self.hints(stated)
        }
    }

    /// A commander named only on the `Commander:` line.
    fn header_commander(
        &self,
        commander: &ParsedCommander,
        findings: &mut Vec<Finding>,
    ) -> ResolvedUpgrade<'db> {
        let stated = commander.stated_points.as_ref().map(|n| n.value);
        let card = self
            .index
            .upgrade(&commander.name, &self.commander_hints(stated));
        if card.is_none() {
            findings.push(self.unknown("commander", &commander.name));
        }
        ResolvedUpgrade {
            name: commander.name.text.clone(),
            span: commander.name.span.clone(),
            name_span: commander.name.span.clone(),
            id: card.map(|c| c.id.clone()),
            card,
            points: card.map_or(stated.unwrap_or(0), |c| u32::from(c.points)),
        }
    }

    fn squadron(
        &self,
        squadron: &ParsedSquadron,
        findings: &mut Vec<Finding>,
    ) -> ResolvedSquadron<'db> {
        let count = squadron.count.max(1);
        let stated_each = squadron.stated_points.as_ref().and_then(|n| {
            if squadron.points_are_group_total {
                (n.value % count == 0).then_some(n.value / count)
            } else {
                Some(n.value)
            }
        });
        let card = self
            .index
            .squadron(&squadron.name, &self.hints(stated_each));
        if card.is_none() {
            findings.push(self.unknown("squadron", &squadron.name));
        }
        let points = card.map_or(stated_each.unwrap_or(0), |c| u32::from(c.points));
        ResolvedSquadron {
            name: squadron.name.text.clone(),
            span: squadron.span.clone(),
            name_span: squadron.name.span.clone(),
            count,
            id: card.map(|c| c.id.clone()),
            card,
            points,
            total: times(points, count),
        }
    }

    fn objective(
        &self,
        objective: &ParsedObjective,
        findings: &mut Vec<Finding>,
    ) -> ResolvedObjective<'db> {
        let card = self.index.objective(&objective.name, &self.hints(None));
        if card.is_none() {
            findings.push(self.unknown("objective", &objective.name));
        }
        ResolvedObjective {
            name: objective.name.text.clone(),
            name_span: objective.name.span.clone(),
            stated_category: objective.category,
            id: card.map(|c| c.id.clone()),
            card,
        }
    }

    /// A name that matches no card of its kind: a misplaced line when it names a card of
    /// another kind, else unknown with the nearest names.
    fn unknown(&self, kind: &'static str, name: &CardName) -> Finding {
        self.misplaced(kind, name).unwrap_or_else(|| {
            Finding::error(
                Code::ArmadaUnknownCard,
                format!("no Armada {kind} is called `{}`", name.text),
            )
            .at(self.file, name.span.clone())
            .label(format!("unknown {kind}"))
            .help(self.index.suggest(
                kind,
                &name.text,
                "check the spelling against `arbiter cards search`",
            ))
        })
    }

    /// A name of another kind of card is a misplaced line (Star Forge sometimes shifts a
    /// ship onto an upgrade's line); saying so beats `did you mean`.
    fn misplaced(&self, kind: &str, name: &CardName) -> Option<Finding> {
        // The whole name first: `Hondo Ohnaka - Slave I` is the squadron, though its first
        // part alone is also an officer.
        let whole = CardName {
            parts: Vec::new(),
            ..name.clone()
        };
        let other = self
            .other_kind(kind, &whole)
            .or_else(|| self.other_kind(kind, name))?;
        let written_as = if kind == "upgrade" {
            "an upgrade"
        } else {
            "a ship"
        };
        Some(
            Finding::error(
                Code::ArmadaUnknownCard,
                format!("`{}` is {other}, but the list has it as {written_as}", name.text),
            )
            .at(self.file, name.span.clone())
            .label(format!("{other} on {kind} line"))
            .help(format!(
                "put each ship on its own line with its upgrades under it, and squadrons under `Squadrons:`; this line looks shifted from where `{}` belongs",
                name.text
            )),
        )
    }

    fn other_kind(&self, kind: &str, name: &CardName) -> Option<&'static str> {
        let hints = self.hints(None);
        let squadron = || self.index.squadron(name, &hints).map(|_| "a squadron");
        match kind {
            "ship" => self
                .index
                .upgrade(name, &hints)
                .map(|_| "an upgrade")
                .or_else(squadron),
            "upgrade" => self
                .index
                .ship(name, &hints)
                .map(|_| "a ship")
                .or_else(squadron),
            _ => None,
        }
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

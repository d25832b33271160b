//! Every card's `points`, filled from the xwing-points revisions once their entries are
//! matched to cards ([`points`](super::points)); entries that match no card become
//! points-only cards.

use super::convert::{self, Result};
use super::points::{self, Assignment, KnownPilot, KnownUpgrade, LoadedRevision, PilotEntry};
use super::source as src;
use crate::cards::xwing::*;
use crate::text::squash;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// The organisation of each revision: points entries merge within one organisation.
type Organisations = HashMap<RevisionId, Organisation>;

/// Fill every card's `points` from the revisions, creating the points-only cards.
pub(super) fn apply_points(
    revisions: &[LoadedRevision],
    ships: &BTreeMap<String, Ship>,
    pilots: &mut BTreeMap<String, Pilot>,
    upgrades: &mut BTreeMap<String, Upgrade>,
    notes: &mut Vec<String>,
) -> Result<()> {
    let organisations: Organisations = revisions
        .iter()
        .map(|r| (r.meta.id, r.meta.organisation))
        .collect();
    apply_pilot_points(revisions, ships, pilots, &organisations, notes)?;
    apply_upgrade_points(revisions, upgrades, &organisations, notes)
}

fn apply_pilot_points(
    revisions: &[LoadedRevision],
    ships: &BTreeMap<String, Ship>,
    pilots: &mut BTreeMap<String, Pilot>,
    organisations: &Organisations,
    notes: &mut Vec<String>,
) -> Result<()> {
    let ships_by_name: HashMap<String, String> = ships
        .values()
        .map(|s| (squash(&s.name), s.id.clone()))
        .collect();
    let known_pilots: HashMap<String, KnownPilot> = pilots
        .values()
        .map(|p| {
            let known = KnownPilot {
                ship: p.ship.clone(),
                faction: p.faction,
                name: p.name.clone(),
                caption: p.caption.clone().unwrap_or_default(),
            };
            (p.id.clone(), known)
        })
        .collect();
    let ship_of = points::ship_names(revisions, &ships_by_name, &known_pilots, notes);
    let assignment = points::match_pilots(revisions, &known_pilots, &ship_of, notes)?;

    // Points-only pilots take their own values from the latest revision listing them.
    for (id, (index, entry_id)) in &assignment.points_only {
        let entry = revisions[*index]
            .pilots
            .iter()
            .find(|p| &p.id == entry_id)
            .ok_or("lost a pilot entry")?;
        pilots.insert(id.clone(), points_only_pilot(id, entry, &ship_of)?);
    }
    for (index, revision) in revisions.iter().enumerate() {
        for entry in &revision.pilots {
            let Some(target) = assignment.target.get(&(index, entry.id.clone())) else {
                continue;
            };
            let pilot = pilots.get_mut(target).ok_or("lost a pilot")?;
            let what = format!("{} pilot `{}`", revision.meta.id, entry.id);
            let points = pilot_points(pilot, entry, &what)?;
            if !add_points(
                &mut pilot.points,
                points,
                &revision.meta,
                organisations,
                |p| &mut p.revisions,
            ) {
                return Err(format!("{what}: a second entry for `{target}`"));
            }
        }
    }
    Ok(())
}

/// A pilot only the points data knows, with the facts its entry gives; `ship_of` is the
/// ship id of each points-file ship name.
fn points_only_pilot(
    id: &str,
    entry: &PilotEntry,
    ship_of: &HashMap<String, String>,
) -> Result<Pilot> {
    let e = &entry.entry;
    let (keywords, _) = convert::keywords(&e.keywords)?;
    Ok(Pilot {
        id: id.to_string(),
        name: e.name.trim().to_string(),
        caption: Some(e.subtitle.trim().to_string()).filter(|s| !s.is_empty()),
        ship: ship_of
            .get(&entry.ship_name)
            .cloned()
            .ok_or("points-only pilot without ship")?,
        faction: entry.faction,
        initiative: None,
        engagement: None,
        limited: e.limited,
        cost: None,
        loadout: None,
        slots: convert::slots(&e.slots)?,
        keywords,
        charges: None,
        force: None,
        ship_ability: None,
        ship_stats: None,
        ship_actions: Vec::new(),
        standard_loadout: Vec::new(),
        conditions: Vec::new(),
        legal: convert::legal(e.standard.0, e.extended.0, e.epic.0),
        points_only: true,
        yasb: None,
        points: Vec::new(),
    })
}

/// One revision's values for a pilot; what the card already says is left out.
fn pilot_points(pilot: &Pilot, entry: &PilotEntry, what: &str) -> Result<PilotPoints> {
    let e = &entry.entry;
    let slots = convert::slots(&e.slots).map_err(|m| format!("{what}: {m}"))?;
    let (keywords, marker) = convert::keywords(&e.keywords).map_err(|m| format!("{what}: {m}"))?;
    let legal = convert::legal(e.standard.0, e.extended.0, e.epic.0);
    Ok(PilotPoints {
        revisions: Vec::new(),
        cost: e.cost,
        loadout: e.loadout,
        slots: (!same_set(&slots, &pilot.slots)).then_some(slots),
        keywords: (!same_set(&keywords, &pilot.keywords)).then_some(keywords),
        limited: (e.limited != pilot.limited).then_some(e.limited),
        legal: (legal != pilot.legal).then_some(legal),
        restricted: restricted(e.restricted, marker, what)?,
        yasb_id: e.yasb_id,
        xws: (entry.id != pilot.id).then(|| entry.id.clone()),
    })
}

fn apply_upgrade_points(
    revisions: &[LoadedRevision],
    upgrades: &mut BTreeMap<String, Upgrade>,
    organisations: &Organisations,
    notes: &mut Vec<String>,
) -> Result<()> {
    let known_upgrades = known_upgrades(upgrades);
    let assignment = points::match_upgrades(revisions, &known_upgrades)?;
    for (id, (index, entry_id)) in &assignment.points_only {
        let (_, e) = revisions[*index]
            .upgrades
            .iter()
            .find(|(i, _)| i == entry_id)
            .ok_or("lost an upgrade entry")?;
        upgrades.insert(id.clone(), points_only_upgrade(id, e)?);
    }
    restrictions_from_points(revisions, &assignment, upgrades, notes)?;
    for (index, revision) in revisions.iter().enumerate() {
        for (entry_id, e) in &revision.upgrades {
            let Some(target) = assignment.target.get(&(index, entry_id.clone())) else {
                continue;
            };
            let known = known_upgrades.get(target);
            let upgrade = upgrades.get_mut(target).ok_or("lost an upgrade")?;
            let what = format!("{} upgrade `{entry_id}`", revision.meta.id);
            let points = upgrade_points(upgrade, known, entry_id, e, &what)?;
            if !add_points(
                &mut upgrade.points,
                points,
                &revision.meta,
                organisations,
                |p| &mut p.revisions,
            ) {
                return Err(format!("{what}: a second entry for `{target}`"));
            }
        }
    }
    Ok(())
}

/// What matching needs to know of each xwing-data2 upgrade.
fn known_upgrades(upgrades: &BTreeMap<String, Upgrade>) -> HashMap<String, KnownUpgrade> {
    upgrades
        .values()
        .map(|u| {
            let all_slots: BTreeSet<Slot> = u
                .slots
                .iter()
                .copied()
                .chain(
                    u.sides
                        .iter()
                        .flat_map(|s| s.slots.iter().flatten().copied()),
                )
                .collect();
            let known = KnownUpgrade {
                name: u.name.clone(),
                slots: u.slots.clone(),
                all_slots,
                buyable: !u.standard_loadout_only,
            };
            (u.id.clone(), known)
        })
        .collect()
}

/// An upgrade only the points data knows, with the facts its entry gives.
fn points_only_upgrade(id: &str, e: &src::PointsUpgrade) -> Result<Upgrade> {
    let (restrictions, _) = convert::restrictions(&e.restrictions)?;
    Ok(Upgrade {
        id: id.to_string(),
        name: points::base_name(&e.name).to_string(),
        limited: e.limited,
        slots: convert::slots(&e.slots)?,
        cost: None,
        variable_cost: None,
        restrictions,
        standard_loadout_only: false,
        legal: convert::legal(e.standard.0, e.extended.0, e.epic.0),
        sides: Vec::new(),
        points_only: true,
        yasb: None,
        points: Vec::new(),
    })
}

/// xwing-data2 lacks some restrictions (Q7 Astromech's faction, …): where every revision
/// agrees on another set, that set is the card's.
fn restrictions_from_points(
    revisions: &[LoadedRevision],
    assignment: &Assignment,
    upgrades: &mut BTreeMap<String, Upgrade>,
    notes: &mut Vec<String>,
) -> Result<()> {
    let mut stated: BTreeMap<&String, Vec<Vec<Restriction>>> = BTreeMap::new();
    for (index, revision) in revisions.iter().enumerate() {
        for (entry_id, e) in &revision.upgrades {
            if let Some(target) = assignment.target.get(&(index, entry_id.clone())) {
                stated
                    .entry(target)
                    .or_default()
                    .push(convert::restrictions(&e.restrictions)?.0);
            }
        }
    }
    let mut replaced = Vec::new();
    for (target, lists) in stated {
        let upgrade = upgrades.get_mut(target).ok_or("lost an upgrade")?;
        let first = convert::restrictions_key(&lists[0]);
        if !upgrade.points_only
            && first != convert::restrictions_key(&upgrade.restrictions)
            && lists.iter().all(|l| convert::restrictions_key(l) == first)
        {
            upgrade.restrictions = lists.last().cloned().unwrap_or_default();
            replaced.push(target.clone());
        }
    }
    if !replaced.is_empty() {
        notes.push(format!(
            "{} upgrades take their restrictions from xwing-points, where every revision agrees and xwing-data2 differs: {}",
            replaced.len(),
            replaced.join(", ")
        ));
    }
    Ok(())
}

/// One revision's values for an upgrade; what the card already says is left out.
fn upgrade_points(
    upgrade: &Upgrade,
    known: Option<&KnownUpgrade>,
    entry_id: &str,
    e: &src::PointsUpgrade,
    what: &str,
) -> Result<UpgradePoints> {
    let slots_agree = match known {
        Some(k) => points::slots_match(&e.slots, k),
        None => convert::slots(&e.slots).is_ok_and(|s| same_set(&s, &upgrade.slots)),
    };
    let slots = if slots_agree {
        None
    } else {
        Some(convert::slots(&e.slots).map_err(|m| format!("{what}: {m}"))?)
    };
    let (restrictions, marker) =
        convert::restrictions(&e.restrictions).map_err(|m| format!("{what}: {m}"))?;
    let same_restrictions = convert::restrictions_key(&restrictions)
        == convert::restrictions_key(&upgrade.restrictions);
    let legal = convert::legal(e.standard.0, e.extended.0, e.epic.0);
    Ok(UpgradePoints {
        revisions: Vec::new(),
        cost: convert::points_cost(&e.cost).map_err(|m| format!("{what}: {m}"))?,
        variable_cost: None,
        slots,
        limited: (e.limited != upgrade.limited).then_some(e.limited),
        restrictions: (!same_restrictions).then_some(restrictions),
        legal: (legal != upgrade.legal).then_some(legal),
        restricted: restricted(e.restricted, marker, what)?,
        yasb_id: e.yasb_id,
        xws: (entry_id != upgrade.id).then(|| entry_id.to_string()),
    })
}

fn same_set<T: Ord + Clone>(a: &[T], b: &[T]) -> bool {
    let (mut a, mut b) = (a.to_vec(), b.to_vec());
    a.sort();
    b.sort();
    a == b
}

/// The restricted-list count: the `restricted` field, or the `Restricted-N` marker of
/// revisions without the field.
fn restricted(field: Option<i32>, marker: Option<i32>, what: &str) -> Result<i32> {
    match (field, marker) {
        (Some(f), Some(m)) if f != m => {
            Err(format!("{what}: restricted {f} but marked Restricted-{m}"))
        }
        (f, m) => Ok(f.or(m).unwrap_or(0)),
    }
}

/// Add one revision's values to a card's points: to the entry of another revision of the
/// same organisation with the same values, else as a new entry. False if the card already
/// has values for the revision.
fn add_points<T: Clone + PartialEq>(
    list: &mut Vec<T>,
    mut entry: T,
    revision: &Revision,
    organisations: &Organisations,
    revisions_of: fn(&mut T) -> &mut Vec<RevisionId>,
) -> bool {
    for existing in list.iter_mut() {
        let mut probe = existing.clone();
        let ids = std::mem::take(revisions_of(&mut probe));
        if ids.contains(&revision.id) {
            return false;
        }
        let same_organisation =
            ids.first().and_then(|id| organisations.get(id)) == Some(&revision.organisation);
        if same_organisation && probe == entry {
            revisions_of(existing).push(revision.id);
            return true;
        }
    }
    revisions_of(&mut entry).push(revision.id);
    list.push(entry);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn restricted_count_from_field_or_marker() {
        assert_eq!(restricted(Some(2), Some(2), "x").unwrap(), 2);
        assert_eq!(restricted(None, Some(3), "x").unwrap(), 3);
        assert_eq!(restricted(None, None, "x").unwrap(), 0);
        assert!(restricted(Some(1), Some(2), "x").is_err());
    }
}

//! X-Wing cards from xwing-data2 (MIT), with the points revisions of xwing-points (no
//! licence stated: facts only) in each card's `points` list.
//!
//! Output, under the `--out` folder:
//!
//! | file | holds | sources |
//! |---|---|---|
//! | `revisions.toml` | `[[revision]]`: id, label, organisation, date, scale, aliases | xwing-points |
//! | `ships.toml` | `[[ship]]`, one per chassis with every faction that flies it | xwing-data2 |
//! | `pilots/<faction>.toml` | `[[pilot]]`, with `points` per revision | both |
//! | `upgrades.toml` | `[[upgrade]]`, with `points` per revision | both |
//! | `conditions.toml` | `[[condition]]` | xwing-data2 (YASB numbers: YASB) |
//! | `devices.toml` | `[[device]]`: bombs, mines, remotes, obstacles of upgrades | xwing-data2 |
//! | `quickbuilds.toml` | `[[quickbuild]]`: YASB's quick-build cards | YASB |
//!
//! With YASB's data (`--yasb`), pilots, upgrades and conditions get their YASB number
//! (`yasb`); matching: see [`yasb`].
//! Revision naming and the matching of points entries to cards: see [`points`].
//! Notes on what could not be imported as is are comments at the end of `revisions.toml`.

mod coffee;
mod convert;
mod emit;
mod points;
mod source;
mod yasb;

use super::{ImportedFiles, Provenance};
use crate::cards::xwing::*;
use crate::text::squash;
use convert::Result;
use emit::Layout;
use points::{KnownPilot, KnownUpgrade, LoadedRevision};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

const DATA2_LICENSE: &str = "MIT";
const POINTS_LICENSE: &str = "none stated, so only facts (numbers, ids, names) are used";
const YASB_LICENSE: &str = "MIT; only card numbers, matched to the cards by name and XWS id";

const PLAIN: Layout = Layout {
    sections: &[],
    multiline: &[],
};
const PILOT: Layout = Layout {
    sections: &[],
    multiline: &["points"],
};
const UPGRADE: Layout = Layout {
    sections: &[],
    multiline: &["sides", "points"],
};

pub fn import(
    source: &Path,
    points_dir: Option<&Path>,
    yasb_dir: Option<&Path>,
) -> std::result::Result<ImportedFiles, String> {
    let mut notes = Vec::new();
    let mut lossy = Vec::new();
    let manifest: source::Manifest =
        points::read_json(&source.join("data/manifest.json"), &mut lossy)?;
    let data2 = Provenance::read(
        source,
        &format!("xwing-data2 {}", manifest.version),
        DATA2_LICENSE,
    );

    // Ships and pilots.
    let mut ships: BTreeMap<String, Ship> = BTreeMap::new();
    let mut pilots: BTreeMap<String, Pilot> = BTreeMap::new();
    for group in &manifest.pilots {
        let faction = convert::faction(&group.faction)?;
        for file in &group.ships {
            let raw: source::Ship = points::read_json(&source.join(file), &mut lossy)?;
            let ship = ship(&raw, faction).map_err(|e| format!("{file}: {e}"))?;
            match ships.get_mut(&ship.id) {
                Some(known) => {
                    let mut other = ship.clone();
                    other.factions = known.factions.clone();
                    if *known != other {
                        return Err(format!(
                            "{file}: ship `{}` differs from the other factions' version",
                            ship.id
                        ));
                    }
                    known.factions.push(faction);
                }
                None => {
                    ships.insert(ship.id.clone(), ship);
                }
            }
            for raw_pilot in &raw.pilots {
                let pilot = pilot(raw_pilot, &raw.xws, faction)
                    .map_err(|e| format!("{file}: pilot `{}`: {e}", raw_pilot.xws))?;
                if pilots.insert(pilot.id.clone(), pilot).is_some() {
                    return Err(format!(
                        "{file}: pilot id `{}` is used twice",
                        raw_pilot.xws
                    ));
                }
            }
        }
    }

    // Upgrades and the devices they deploy.
    let mut upgrades: BTreeMap<String, Upgrade> = BTreeMap::new();
    let mut devices: BTreeMap<String, Device> = BTreeMap::new();
    for file in &manifest.upgrades {
        let list: Vec<source::Upgrade> = points::read_json(&source.join(file), &mut lossy)?;
        for raw in &list {
            let (upgrade, deployed) =
                upgrade(raw).map_err(|e| format!("{file}: upgrade `{}`: {e}", raw.xws))?;
            for device in deployed {
                if let Some(known) = devices.get(&device.id) {
                    return Err(format!(
                        "device `{}` of `{}` has the id of a device of `{}`",
                        device.id, upgrade.id, known.upgrade
                    ));
                }
                devices.insert(device.id.clone(), device);
            }
            if upgrades.insert(upgrade.id.clone(), upgrade).is_some() {
                return Err(format!("{file}: upgrade id `{}` is used twice", raw.xws));
            }
        }
    }

    let raw_conditions: Vec<source::Condition> =
        points::read_json(&source.join(&manifest.conditions), &mut lossy)?;
    let mut conditions: Vec<Condition> = raw_conditions
        .iter()
        .map(|c| Condition {
            id: c.xws.clone(),
            name: c.name.clone(),
            limited: c.limited,
            yasb: None,
        })
        .collect();
    conditions.sort_by(|a, b| a.id.cmp(&b.id));

    // Points revisions.
    let mut revisions = Vec::new();
    let points_provenance = match points_dir {
        Some(dir) => {
            let loaded = points::read_revisions(dir, &mut notes)?;
            apply_points(&loaded, &ships, &mut pilots, &mut upgrades, &mut notes)?;
            revisions = loaded.into_iter().map(|r| r.meta).collect();
            Some(Provenance::read(dir, "xwing-points", POINTS_LICENSE))
        }
        None => None,
    };

    // YASB numbers, after the points: revisions' own ids help matching.
    let mut yasb_notes = Vec::new();
    let (quickbuilds, yasb_provenance) = match yasb_dir {
        Some(dir) => {
            let data = yasb::read(dir)?;
            let built = yasb::apply(
                &data,
                &mut pilots,
                &mut upgrades,
                &mut conditions,
                &mut yasb_notes,
            );
            (
                built,
                Some(Provenance::read(dir, "YASB (raithos/xwing)", YASB_LICENSE)),
            )
        }
        None => (Vec::new(), None),
    };

    // Ships flown by a faction only in the points data (XWA's Resistance CR90, …).
    for pilot in pilots.values() {
        let ship = ships
            .get_mut(&pilot.ship)
            .ok_or_else(|| format!("pilot `{}` flies unknown ship `{}`", pilot.id, pilot.ship))?;
        if !ship.factions.contains(&pilot.faction) {
            notes.push(format!(
                "ship `{}` gains faction {} from points-only pilot `{}`",
                ship.id,
                pilot.faction.as_str(),
                pilot.id
            ));
            ship.factions.push(pilot.faction);
        }
    }
    for ship in ships.values_mut() {
        ship.factions.sort();
        ship.factions.dedup();
    }
    if !lossy.is_empty() {
        return Err(format!(
            "xwing-data2 files are not UTF-8: {}",
            lossy.join(", ")
        ));
    }

    // Files.
    let cards_sources: Vec<&Provenance> = std::iter::once(&data2)
        .chain(&points_provenance)
        .chain(&yasb_provenance)
        .collect();
    let both = header(&cards_sources);
    let conditions_header = match &yasb_provenance {
        Some(y) => header(&[&data2, y]),
        None => data2.header(),
    };
    let mut files = Vec::new();
    if let Some(p) = &points_provenance {
        let mut text = file_start(&p.header());
        for revision in &revisions {
            emit::record(&mut text, "revision", revision, &PLAIN)?;
        }
        append_notes(&mut text, &mut notes);
        files.push(("revisions.toml".to_string(), finish(text)));
    }
    let mut text = file_start(&data2.header());
    for ship in ships.values() {
        emit::record(&mut text, "ship", ship, &PLAIN)?;
    }
    files.push(("ships.toml".to_string(), finish(text)));

    let mut by_faction: BTreeMap<Faction, Vec<&Pilot>> = BTreeMap::new();
    for pilot in pilots.values() {
        by_faction.entry(pilot.faction).or_default().push(pilot);
    }
    for (faction, mut list) in by_faction {
        list.sort_by(|a, b| (&a.ship, &a.id).cmp(&(&b.ship, &b.id)));
        let mut text = file_start(&both);
        for pilot in list {
            emit::record(&mut text, "pilot", pilot, &PILOT)?;
        }
        files.push((format!("pilots/{}.toml", faction.as_str()), finish(text)));
    }

    let mut text = file_start(&both);
    for upgrade in upgrades.values() {
        emit::record(&mut text, "upgrade", upgrade, &UPGRADE)?;
    }
    files.push(("upgrades.toml".to_string(), finish(text)));

    let mut text = file_start(&conditions_header);
    for condition in &conditions {
        emit::record(&mut text, "condition", condition, &PLAIN)?;
    }
    files.push(("conditions.toml".to_string(), finish(text)));

    let mut text = file_start(&data2.header());
    for device in devices.values() {
        emit::record(&mut text, "device", device, &PLAIN)?;
    }
    files.push(("devices.toml".to_string(), finish(text)));

    if let Some(y) = &yasb_provenance {
        let mut text = file_start(&header(&[y, &data2]));
        for quickbuild in &quickbuilds {
            emit::record(&mut text, "quickbuild", quickbuild, &PLAIN)?;
        }
        append_notes(&mut text, &mut yasb_notes);
        files.push(("quickbuilds.toml".to_string(), finish(text)));
    }
    Ok(files)
}

/// What could not be imported as is, as comments at the end of a file.
fn append_notes(text: &mut String, notes: &mut Vec<String>) {
    if notes.is_empty() {
        return;
    }
    notes.sort();
    notes.dedup();
    text.push_str("# Import notes:\n");
    for note in notes.iter() {
        text.push_str(&format!("# - {}\n", note.replace('\n', " ")));
    }
}

fn file_start(header: &str) -> String {
    format!("{header}game = \"xwing\"\n\n")
}

fn finish(mut text: String) -> String {
    while text.ends_with("\n\n") {
        text.pop();
    }
    text
}

/// The provenance header of a file built from several sources.
fn header(sources: &[&Provenance]) -> String {
    if let [only] = sources {
        return only.header();
    }
    let from = sources
        .iter()
        .map(|p| format!("{} at commit {}", p.source, p.commit))
        .collect::<Vec<_>>()
        .join("\n# and ");
    let licenses = sources
        .iter()
        .map(|p| format!("{}: {}", p.source, p.license))
        .collect::<Vec<_>>()
        .join("; ");
    format!(
        "# Generated by `arbiter cards import` from {from}.\n# Licenses of the sources: {licenses}. Facts only: no card text is imported.\n# Do not edit by hand: re-run the import instead.\n\n"
    )
}

fn ship(raw: &source::Ship, faction: Faction) -> Result<Ship> {
    if convert::faction(&raw.faction)? != faction {
        return Err(format!(
            "ship file of faction {} is listed under {}",
            raw.faction,
            faction.as_str()
        ));
    }
    Ok(Ship {
        id: raw.xws.clone(),
        name: raw.name.clone(),
        size: convert::size(&raw.size)?,
        factions: vec![faction],
        stats: convert::stats(&raw.stats)?,
        actions: convert::actions(&raw.actions)?,
        dial: raw.dial.clone(),
    })
}

fn pilot(raw: &source::Pilot, ship: &str, faction: Faction) -> Result<Pilot> {
    let (keywords, marker) = convert::keywords(&raw.keywords)?;
    if marker.is_some() {
        return Err("restricted-list keyword in xwing-data2".to_string());
    }
    Ok(Pilot {
        id: raw.xws.clone(),
        name: raw.name.clone(),
        caption: raw.caption.clone().filter(|c| !c.trim().is_empty()),
        ship: ship.to_string(),
        faction,
        initiative: Some(raw.initiative),
        engagement: raw.engagement,
        limited: raw.limited,
        cost: raw.cost,
        loadout: raw.loadout,
        slots: convert::slots(&raw.slots)?,
        keywords,
        charges: raw.charges.as_ref().map(convert::charges),
        force: raw.force.as_ref().map(convert::force).transpose()?,
        ship_ability: raw.ship_ability.as_ref().map(|a| a.name.clone()),
        ship_stats: raw.ship_stats.as_deref().map(convert::stats).transpose()?,
        ship_actions: raw
            .ship_actions
            .as_deref()
            .map(convert::actions)
            .transpose()?
            .unwrap_or_default(),
        standard_loadout: raw.standard_loadout.clone(),
        conditions: raw.conditions.clone(),
        legal: convert::legal(raw.standard, raw.extended, raw.epic),
        points_only: false,
        yasb: None,
        points: Vec::new(),
    })
}

fn upgrade(raw: &source::Upgrade) -> Result<(Upgrade, Vec<Device>)> {
    let front = raw.sides.first().ok_or("no sides")?;
    let slots = convert::slots(&front.slots)?;
    let (mut restrictions, marker) = convert::restrictions(&raw.restrictions)?;
    let mut devices = Vec::new();
    let mut sides = Vec::new();
    for side in &raw.sides {
        let side_slots = convert::slots(&side.slots)?;
        if !side.restrictions.is_empty() {
            if raw.sides.len() > 1 {
                return Err("a side of a two-sided card has its own restrictions".to_string());
            }
            // A restriction on the only side is the card's.
            for restriction in convert::restrictions(&side.restrictions)?.0 {
                if !restrictions.contains(&restriction) {
                    restrictions.push(restriction);
                }
            }
        }
        let device = match &side.device {
            Some(d) => {
                let device = convert::device(d, &raw.xws)?;
                let id = device.id.clone();
                devices.push(device);
                Some(id)
            }
            None => None,
        };
        sides.push(Side {
            title: side.title.clone(),
            kind: convert::slot(&side.kind)?,
            slots: (side_slots != slots).then_some(side_slots),
            charges: side.charges.as_ref().map(convert::charges),
            force: side.force.as_ref().map(convert::force).transpose()?,
            attack: side
                .attack
                .as_ref()
                .map(|a| -> Result<Attack> {
                    Ok(Attack {
                        arc: convert::arc(&a.arc)?,
                        value: a.value,
                        min_range: Some(a.minrange),
                        max_range: Some(a.maxrange),
                        ordnance: a.ordnance,
                    })
                })
                .transpose()?,
            actions: convert::actions(&side.actions)?,
            grants: side
                .grants
                .iter()
                .map(convert::grant)
                .collect::<Result<_>>()?,
            device,
            conditions: side.conditions.clone(),
            ship_ability: side.ship_ability.as_ref().map(|a| a.name.clone()),
        });
    }
    if marker.is_some() {
        return Err("restricted-list marker in xwing-data2".to_string());
    }
    let (cost, variable_cost) = match &raw.cost {
        Some(c) => convert::cost(c)?,
        None => (None, None),
    };
    let upgrade = Upgrade {
        id: raw.xws.clone(),
        name: raw.name.clone(),
        limited: raw.limited,
        slots,
        cost,
        variable_cost,
        restrictions,
        standard_loadout_only: raw.standard_loadout_only,
        legal: convert::legal(raw.standard, raw.extended, raw.epic),
        sides,
        points_only: false,
        yasb: None,
        points: Vec::new(),
    };
    Ok((upgrade, devices))
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
    organisations: &HashMap<RevisionId, Organisation>,
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

/// Fill every card's `points` from the revisions, creating the points-only cards.
fn apply_points(
    revisions: &[LoadedRevision],
    ships: &BTreeMap<String, Ship>,
    pilots: &mut BTreeMap<String, Pilot>,
    upgrades: &mut BTreeMap<String, Upgrade>,
    notes: &mut Vec<String>,
) -> Result<()> {
    let organisations: HashMap<RevisionId, Organisation> = revisions
        .iter()
        .map(|r| (r.meta.id, r.meta.organisation))
        .collect();
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
        let (keywords, _) = convert::keywords(&entry.entry.keywords)?;
        let e = &entry.entry;
        pilots.insert(
            id.clone(),
            Pilot {
                id: id.clone(),
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
            },
        );
    }
    for (index, revision) in revisions.iter().enumerate() {
        for entry in &revision.pilots {
            let Some(target) = assignment.target.get(&(index, entry.id.clone())) else {
                continue;
            };
            let pilot = pilots.get_mut(target).ok_or("lost a pilot")?;
            let e = &entry.entry;
            let what = format!("{} pilot `{}`", revision.meta.id, entry.id);
            let slots = convert::slots(&e.slots).map_err(|m| format!("{what}: {m}"))?;
            let (keywords, marker) =
                convert::keywords(&e.keywords).map_err(|m| format!("{what}: {m}"))?;
            let legal = convert::legal(e.standard.0, e.extended.0, e.epic.0);
            let points = PilotPoints {
                revisions: Vec::new(),
                cost: e.cost,
                loadout: e.loadout,
                slots: (!same_set(&slots, &pilot.slots)).then_some(slots),
                keywords: (!same_set(&keywords, &pilot.keywords)).then_some(keywords),
                limited: (e.limited != pilot.limited).then_some(e.limited),
                legal: (legal != pilot.legal).then_some(legal),
                restricted: restricted(e.restricted, marker, &what)?,
                yasb_id: e.yasb_id,
                xws: (entry.id != pilot.id).then(|| entry.id.clone()),
            };
            if !add_points(
                &mut pilot.points,
                points,
                &revision.meta,
                &organisations,
                |p| &mut p.revisions,
            ) {
                return Err(format!("{what}: a second entry for `{target}`"));
            }
        }
    }

    let known_upgrades: HashMap<String, KnownUpgrade> = upgrades
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
        .collect();
    let assignment = points::match_upgrades(revisions, &known_upgrades)?;
    for (id, (index, entry_id)) in &assignment.points_only {
        let (_, e) = revisions[*index]
            .upgrades
            .iter()
            .find(|(i, _)| i == entry_id)
            .ok_or("lost an upgrade entry")?;
        let (restrictions, _) = convert::restrictions(&e.restrictions)?;
        upgrades.insert(
            id.clone(),
            Upgrade {
                id: id.clone(),
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
            },
        );
    }
    // xwing-data2 lacks some restrictions (Q7 Astromech's faction, …): where every revision
    // agrees on another set, that set is the card's.
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
    for (index, revision) in revisions.iter().enumerate() {
        for (entry_id, e) in &revision.upgrades {
            let Some(target) = assignment.target.get(&(index, entry_id.clone())) else {
                continue;
            };
            let known = known_upgrades.get(target);
            let upgrade = upgrades.get_mut(target).ok_or("lost an upgrade")?;
            let what = format!("{} upgrade `{entry_id}`", revision.meta.id);
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
            let points = UpgradePoints {
                revisions: Vec::new(),
                cost: convert::points_cost(&e.cost).map_err(|m| format!("{what}: {m}"))?,
                variable_cost: None,
                slots,
                limited: (e.limited != upgrade.limited).then_some(e.limited),
                restrictions: (!same_restrictions).then_some(restrictions),
                legal: (legal != upgrade.legal).then_some(legal),
                restricted: restricted(e.restricted, marker, &what)?,
                yasb_id: e.yasb_id,
                xws: (*entry_id != upgrade.id).then(|| entry_id.clone()),
            };
            if !add_points(
                &mut upgrade.points,
                points,
                &revision.meta,
                &organisations,
                |p| &mut p.revisions,
            ) {
                return Err(format!("{what}: a second entry for `{target}`"));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference data sets in ../shared, or `None` having said the test skips.
    fn shared() -> Option<std::path::PathBuf> {
        crate::test_shared::shared("reference/xwing-data2/data/manifest.json")
            .map(|_| Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/reference"))
    }

    /// The committed data is exactly what the importer makes from ../shared.
    #[test]
    fn committed_data_is_the_import_of_the_reference_data() {
        let Some(reference) = shared() else {
            return;
        };
        let files = import(
            &reference.join("xwing-data2"),
            Some(&reference.join("xwing-points")),
            Some(&reference.join("yasb")),
        )
        .unwrap();
        let out = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/cards/xwing");
        let mut stale = Vec::new();
        for (path, text) in &files {
            if std::fs::read_to_string(out.join(path)).ok().as_deref() != Some(text.as_str()) {
                stale.push(path.clone());
            }
        }
        assert!(stale.is_empty(), "re-run the import: {stale:?} differ");
        // And it loads back without findings.
        let mut cards = XwingCards::default();
        let mut findings = Vec::new();
        for (i, (_, text)) in files.iter().enumerate() {
            cards.add_file(crate::report::FileId(i as u32), text, &mut findings);
        }
        assert!(findings.is_empty(), "{findings:#?}");
        // YASB's numbers, as its links write them (`…X130WW371…`: Selfless, Vectored
        // Cannons (RZ-1)), and a quick-build of two ships.
        let upgrade = |id: &str| cards.upgrade(id).and_then(|u| u.yasb);
        assert_eq!(upgrade("selfless"), Some(130));
        assert_eq!(upgrade("vectoredcannonsrz1"), Some(371));
        assert_eq!(cards.pilot("braylenstramm").and_then(|p| p.yasb), Some(73));
        let pair = cards.quickbuilds.iter().find(|q| q.yasb == 14).unwrap();
        assert_eq!(
            (pair.pilot.as_str(), pair.linked),
            ("blacksquadronace", Some(14))
        );
        let again = import(
            &reference.join("xwing-data2"),
            Some(&reference.join("xwing-points")),
            Some(&reference.join("yasb")),
        )
        .unwrap();
        assert_eq!(files, again, "the import is deterministic");
    }

    #[test]
    fn multi_source_header_names_both() {
        let a = Provenance {
            source: "xwing-data2 3.9.1".into(),
            commit: "abc".into(),
            license: "MIT".into(),
        };
        let b = Provenance {
            source: "xwing-points".into(),
            commit: "def".into(),
            license: "none stated".into(),
        };
        let text = header(&[&a, &b]);
        assert!(text.contains("xwing-data2 3.9.1 at commit abc"));
        assert!(text.contains("xwing-points at commit def"));
        assert!(text.contains("xwing-data2 3.9.1: MIT; xwing-points: none stated"));
        assert!(text.lines().all(|l| l.is_empty() || l.starts_with('#')));
    }

    #[test]
    fn restricted_count_from_field_or_marker() {
        assert_eq!(restricted(Some(2), Some(2), "x").unwrap(), 2);
        assert_eq!(restricted(None, Some(3), "x").unwrap(), 3);
        assert_eq!(restricted(None, None, "x").unwrap(), 0);
        assert!(restricted(Some(1), Some(2), "x").is_err());
    }
}

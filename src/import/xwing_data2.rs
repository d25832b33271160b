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
//! | `timing.toml` | `[[timing]]`: the windows of every pilot ability, ship ability and upgrade side, derived from their texts (see [`timing`]) | xwing-data2 |
//!
//! `timing-overrides.toml`, the timing facts kept by hand, is not imported: it is carried
//! over from the folder the import replaces ([`hand_kept`]).
//!
//! With YASB's data (`--yasb`), pilots, upgrades and conditions get their YASB number
//! (`yasb`); matching: see [`yasb`].
//! Revision naming and the matching of points entries to cards: see [`points`].
//! Notes on what could not be imported as is are comments at the end of `revisions.toml`.

mod apply;
mod coffee;
mod convert;
mod emit;
mod points;
mod source;
pub mod timing;
mod yasb;

pub use timing::hand_kept;

use super::{ImportedFiles, Provenance};
use crate::cards::xwing::*;
use convert::Result;
use emit::Layout;
use std::collections::BTreeMap;
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

/// The card files of xwing-data2 at `source`, with the points of the xwing-points revisions
/// in `points_dir` and YASB's numbers from `yasb_dir` when given.
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
    let (mut ships, mut pilots) = read_ships_and_pilots(source, &manifest, &mut lossy)?;
    let (mut upgrades, devices) = read_upgrades(source, &manifest, &mut lossy)?;
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
            apply::apply_points(&loaded, &ships, &mut pilots, &mut upgrades, &mut notes)?;
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

    factions_of_points_only_pilots(&mut ships, &pilots, &mut notes)?;
    if !lossy.is_empty() {
        return Err(format!(
            "xwing-data2 files are not UTF-8: {}",
            lossy.join(", ")
        ));
    }
    let mut timing_notes = Vec::new();
    let derived = timing::derive(source, &manifest, &mut timing_notes)?;
    let cards = Imported {
        timings: derived.timings,
        untimed: derived.untimed,
        revisions,
        ships,
        pilots,
        upgrades,
        conditions,
        devices,
        quickbuilds,
    };
    let sources = Sources {
        data2,
        points: points_provenance,
        yasb: yasb_provenance,
    };
    let mut files = write_files(&cards, &sources, notes, yasb_notes)?;
    let mut text = records(
        &timing_header(&sources.data2),
        "timing",
        &cards.timings,
        &PLAIN,
        &mut Vec::new(),
    )?;
    text.push_str("\n\n# Abilities the patterns read no window from.\n\n");
    for untimed in &cards.untimed {
        emit::record(&mut text, "untimed", untimed, &PLAIN)?;
    }
    append_notes(&mut text, &mut timing_notes);
    files.push(("timing.toml".to_string(), finish(text)));
    Ok(files)
}

/// The header of `timing.toml`: its source, and that it holds windows, not text.
fn timing_header(data2: &Provenance) -> String {
    format!(
        "# Generated by `arbiter cards import` from {} at commit {}.
# License of the source: {}. Timing facts derived by patterns from the ability texts, in the
# words of `arbiter resolve` scenarios; no text is kept. `complete = true`: the facts say
# everything the card does in that window. Do not edit by hand: re-run the import, and
# correct a card in timing-overrides.toml (with `checked = true`), which the import keeps.

",
        data2.source, data2.commit, data2.license
    )
}

/// Every ship of the manifest, one per chassis with every faction that flies it, and the
/// pilots that fly it.
fn read_ships_and_pilots(
    source: &Path,
    manifest: &source::Manifest,
    lossy: &mut Vec<String>,
) -> Result<(BTreeMap<String, Ship>, BTreeMap<String, Pilot>)> {
    let mut ships: BTreeMap<String, Ship> = BTreeMap::new();
    let mut pilots: BTreeMap<String, Pilot> = BTreeMap::new();
    for group in &manifest.pilots {
        let faction = convert::faction(&group.faction)?;
        for file in &group.ships {
            let raw: source::Ship = points::read_json(&source.join(file), lossy)?;
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
    Ok((ships, pilots))
}

/// Every upgrade of the manifest, and the devices they deploy.
fn read_upgrades(
    source: &Path,
    manifest: &source::Manifest,
    lossy: &mut Vec<String>,
) -> Result<(BTreeMap<String, Upgrade>, BTreeMap<String, Device>)> {
    let mut upgrades: BTreeMap<String, Upgrade> = BTreeMap::new();
    let mut devices: BTreeMap<String, Device> = BTreeMap::new();
    for file in &manifest.upgrades {
        let list: Vec<source::Upgrade> = points::read_json(&source.join(file), lossy)?;
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
    Ok((upgrades, devices))
}

/// Ships flown by a faction only in the points data (XWA's Resistance CR90, …).
fn factions_of_points_only_pilots(
    ships: &mut BTreeMap<String, Ship>,
    pilots: &BTreeMap<String, Pilot>,
    notes: &mut Vec<String>,
) -> Result<()> {
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
    Ok(())
}

/// The cards imported, ready to write.
struct Imported {
    timings: Vec<AbilityTiming>,
    untimed: Vec<Untimed>,
    revisions: Vec<Revision>,
    ships: BTreeMap<String, Ship>,
    pilots: BTreeMap<String, Pilot>,
    upgrades: BTreeMap<String, Upgrade>,
    conditions: Vec<Condition>,
    devices: BTreeMap<String, Device>,
    quickbuilds: Vec<Quickbuild>,
}

/// Where they came from: xwing-data2 always, xwing-points and YASB when given.
struct Sources {
    data2: Provenance,
    points: Option<Provenance>,
    yasb: Option<Provenance>,
}

/// The files of the import, each with the header of the sources its facts come from;
/// `notes` end `revisions.toml`, `yasb_notes` end `quickbuilds.toml`.
fn write_files(
    cards: &Imported,
    sources: &Sources,
    mut notes: Vec<String>,
    mut yasb_notes: Vec<String>,
) -> std::result::Result<ImportedFiles, String> {
    let data2 = &sources.data2;
    let cards_sources: Vec<&Provenance> = std::iter::once(data2)
        .chain(&sources.points)
        .chain(&sources.yasb)
        .collect();
    let both = header(&cards_sources);
    let conditions_header = match &sources.yasb {
        Some(y) => header(&[data2, y]),
        None => data2.header(),
    };
    let no_notes = &mut Vec::new();
    let mut files = Vec::new();
    if let Some(p) = &sources.points {
        let text = records(
            &p.header(),
            "revision",
            &cards.revisions,
            &PLAIN,
            &mut notes,
        )?;
        files.push(("revisions.toml".to_string(), text));
    }
    let text = records(
        &data2.header(),
        "ship",
        cards.ships.values(),
        &PLAIN,
        no_notes,
    )?;
    files.push(("ships.toml".to_string(), text));
    let mut by_faction: BTreeMap<Faction, Vec<&Pilot>> = BTreeMap::new();
    for pilot in cards.pilots.values() {
        by_faction.entry(pilot.faction).or_default().push(pilot);
    }
    for (faction, mut list) in by_faction {
        list.sort_by(|a, b| (&a.ship, &a.id).cmp(&(&b.ship, &b.id)));
        let text = records(&both, "pilot", list, &PILOT, no_notes)?;
        files.push((format!("pilots/{}.toml", faction.as_str()), text));
    }
    let text = records(
        &both,
        "upgrade",
        cards.upgrades.values(),
        &UPGRADE,
        no_notes,
    )?;
    files.push(("upgrades.toml".to_string(), text));
    let text = records(
        &conditions_header,
        "condition",
        &cards.conditions,
        &PLAIN,
        no_notes,
    )?;
    files.push(("conditions.toml".to_string(), text));
    let text = records(
        &data2.header(),
        "device",
        cards.devices.values(),
        &PLAIN,
        no_notes,
    )?;
    files.push(("devices.toml".to_string(), text));
    if let Some(y) = &sources.yasb {
        let text = records(
            &header(&[y, data2]),
            "quickbuild",
            &cards.quickbuilds,
            &PLAIN,
            &mut yasb_notes,
        )?;
        files.push(("quickbuilds.toml".to_string(), text));
    }
    Ok(files)
}

/// One file: its header, a `[[table]]` per record, then the notes as comments.
fn records<'r, T: serde::Serialize + 'r>(
    header: &str,
    table: &str,
    records: impl IntoIterator<Item = &'r T>,
    layout: &Layout,
    notes: &mut Vec<String>,
) -> Result<String> {
    let mut text = file_start(header);
    for record in records {
        emit::record(&mut text, table, record, layout)?;
    }
    append_notes(&mut text, notes);
    Ok(finish(text))
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
}

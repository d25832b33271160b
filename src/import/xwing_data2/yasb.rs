//! YASB's card numbers (raithos/xwing, MIT): the numbers its links carry for pilots,
//! upgrades and conditions become each card's `yasb`, and its quick-build cards become
//! `[[quickbuild]]` records. Only numbers, names used for matching and ids are taken.
//!
//! Matching a YASB entry to a card of the data, as YASB names cards in its XWS export:
//! - pilots: the entry's XWS id (its `xws`, else its canonical name with `xwsaddon`, or
//!   with the ship's canonical name when the name has a `(…)` part) is a pilot id, or the
//!   id a points revision uses for one, of the same faction;
//! - upgrades: the same id built with the slot; standard-loadout editions (`standard`)
//!   instead through the pilots whose loadout YASB lists them in, since YASB gives every
//!   edition the same XWS id; last, a double-sided card by its front side's name;
//! - conditions: by canonical name;
//! - quick-builds: pilot and upgrades by YASB name, through the numbers matched above.
//!
//! What does not match is said in the import notes.

use super::coffee::{self, Entry};
use crate::cards::xwing::{Condition, Faction, Pilot, Quickbuild, Upgrade};
use crate::text::squash;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// YASB's `String::canonicalize`: lower case, letters and digits only.
fn canonicalize(text: &str) -> String {
    text.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The XWS id YASB gives an entry; `disambiguator` is the field (`ship`, `slot`) YASB
/// appends when the name carries a `(…)` part.
fn yasb_xws(entry: &Entry, disambiguator: &str) -> Option<String> {
    if let Some(xws) = entry.text("xws") {
        return Some(xws.to_string());
    }
    let name = entry.text("name")?;
    let (base, qualified) = match name.split_once('(') {
        Some((base, _)) => (base, true),
        None => (name, false),
    };
    let canonical = entry
        .text("canonical_name")
        .map_or_else(|| canonicalize(base), str::to_string);
    Some(match (entry.text("xwsaddon"), qualified) {
        (Some(addon), _) => format!("{canonical}-{addon}"),
        (None, true) => format!(
            "{canonical}-{}",
            canonicalize(entry.text(disambiguator).unwrap_or(""))
        ),
        (None, false) => canonical,
    })
}

/// The printed name without YASB's `(…)` qualifier, canonicalized.
fn base_name(name: &str) -> String {
    canonicalize(name.split('(').next().unwrap_or(name))
}

/// The YASB data read from a folder.
pub struct YasbData {
    pilots: Vec<Entry>,
    upgrades: Vec<Entry>,
    conditions: Vec<Entry>,
    quickbuilds: Vec<Entry>,
}

pub fn read(dir: &Path) -> Result<YasbData, String> {
    let read = |name: &str| {
        let path = dir.join(name);
        std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))
    };
    let common = read("cards-common.coffee")?;
    let quick = read("cards-quickbuilds.coffee")?;
    let list = |text: &str, file: &str, key: &str| {
        let mut entries = coffee::entries(text, key).map_err(|e| format!("{file}: {key}: {e}"))?;
        // Removed cards keep their number (a number is an index) and are marked `skip`.
        entries.retain(|e| !e.flag("skip"));
        for entry in &entries {
            if entry.number("id").is_none() {
                return Err(format!(
                    "{file}: line {}: an entry without `id`",
                    entry.line
                ));
            }
        }
        Ok::<_, String>(entries)
    };
    Ok(YasbData {
        pilots: list(&common, "cards-common.coffee", "pilotsById")?,
        upgrades: list(&common, "cards-common.coffee", "upgradesById")?,
        conditions: list(&common, "cards-common.coffee", "conditionsById")?,
        quickbuilds: list(&quick, "cards-quickbuilds.coffee", "quickbuildsById")?,
    })
}

fn number(entry: &Entry) -> u32 {
    entry.number("id").unwrap_or(u32::MAX)
}

fn faction(text: &str) -> Option<Faction> {
    Faction::parse_loose(text)
}

/// Give the cards their YASB numbers and build the quick-builds.
pub fn apply(
    data: &YasbData,
    pilots: &mut BTreeMap<String, Pilot>,
    upgrades: &mut BTreeMap<String, Upgrade>,
    conditions: &mut [Condition],
    notes: &mut Vec<String>,
) -> Vec<Quickbuild> {
    let pilot_numbers = match_pilots(data, pilots, notes);
    let upgrade_numbers = match_upgrades(data, pilots, upgrades, notes);
    match_conditions(data, conditions, notes);
    quickbuilds(data, &pilot_numbers, &upgrade_numbers, notes)
}

/// Set `card.yasb`, unless an earlier entry already gave the card a number.
fn assign(slot: &mut Option<u32>, number: u32, id: &str, notes: &mut Vec<String>) -> bool {
    match *slot {
        Some(known) if known != number => {
            notes.push(format!(
                "YASB numbers {known} and {number} both read as `{id}`; links are written with {known}"
            ));
            false
        }
        _ => {
            *slot = Some(number);
            true
        }
    }
}

/// Pilots: YASB number → pilot id.
fn match_pilots(
    data: &YasbData,
    pilots: &mut BTreeMap<String, Pilot>,
    notes: &mut Vec<String>,
) -> HashMap<u32, String> {
    let mut by_revision_id: HashMap<String, String> = HashMap::new();
    for pilot in pilots.values() {
        for entry in &pilot.points {
            if let Some(xws) = &entry.xws {
                by_revision_id.insert(xws.clone(), pilot.id.clone());
            }
        }
    }
    let mut matched = HashMap::new();
    let mut missing = Vec::new();
    for entry in &data.pilots {
        let n = number(entry);
        let wanted = entry.text("faction").and_then(faction);
        let id = yasb_xws(entry, "ship").and_then(|xws| {
            [Some(xws.clone()), by_revision_id.get(&xws).cloned()]
                .into_iter()
                .flatten()
                .find(|id| pilots.get(id).is_some_and(|p| Some(p.faction) == wanted))
        });
        match id.and_then(|id| pilots.get_mut(&id)) {
            Some(pilot) => {
                let disagrees = pilot
                    .points
                    .iter()
                    .filter_map(|p| p.yasb_id)
                    .any(|old| old != i64::from(n));
                if disagrees {
                    notes.push(format!(
                        "pilot `{}`: xwing-points' yasb_id differs from YASB's number {n}; links are read with YASB's",
                        pilot.id
                    ));
                }
                if assign(&mut pilot.yasb, n, &pilot.id, notes) {
                    matched.insert(n, pilot.id.clone());
                }
            }
            None => missing.push(format!(
                "{n} {}",
                yasb_xws(entry, "ship").unwrap_or_default()
            )),
        }
    }
    if !missing.is_empty() {
        notes.push(format!(
            "{} YASB pilots match no pilot of the data: {}",
            missing.len(),
            missing.join(", ")
        ));
    }
    matched
}

/// Upgrades: YASB number → upgrade id.
fn match_upgrades(
    data: &YasbData,
    pilots: &BTreeMap<String, Pilot>,
    upgrades: &mut BTreeMap<String, Upgrade>,
    notes: &mut Vec<String>,
) -> HashMap<u32, String> {
    let mut by_revision_id: HashMap<String, String> = HashMap::new();
    let mut by_squashed_id: HashMap<String, String> = HashMap::new();
    for upgrade in upgrades.values() {
        for entry in &upgrade.points {
            if let Some(xws) = &entry.xws {
                by_revision_id.insert(xws.clone(), upgrade.id.clone());
            }
        }
        by_squashed_id.insert(squash(&upgrade.id), upgrade.id.clone());
    }
    let standard = standard_editions(data, pilots, upgrades);
    let mut matched = HashMap::new();
    let mut missing = Vec::new();
    for entry in &data.upgrades {
        let n = number(entry);
        let id = if entry.flag("standard") {
            standard.get(&n).cloned()
        } else {
            yasb_xws(entry, "slot").and_then(|xws| {
                if upgrades.contains_key(&xws) {
                    Some(xws)
                } else {
                    by_revision_id
                        .get(&xws)
                        .or_else(|| by_squashed_id.get(&squash(&xws)))
                        .cloned()
                        .or_else(|| by_front_side(entry, upgrades))
                }
            })
        };
        match id.and_then(|id| upgrades.get_mut(&id)) {
            Some(upgrade) => {
                if assign(&mut upgrade.yasb, n, &upgrade.id, notes) {
                    matched.insert(n, upgrade.id.clone());
                }
            }
            None => missing.push(format!("{n} {}", entry.text("name").unwrap_or(""))),
        }
    }
    if !missing.is_empty() {
        notes.push(format!(
            "{} YASB upgrades match no upgrade of the data: {}",
            missing.len(),
            missing.join(", ")
        ));
    }
    matched
}

/// A double-sided card YASB names by its front (`In It For The Money` for
/// `In It For The Money/Rebellion`): the one buyable card of that slot whose first side
/// has the name.
fn by_front_side(entry: &Entry, upgrades: &BTreeMap<String, Upgrade>) -> Option<String> {
    let name = base_name(entry.text("name")?);
    let slot = canonicalize(entry.text("slot")?);
    let mut found = upgrades.values().filter(|u| {
        !u.standard_loadout_only
            && u.sides.len() > 1
            && u.sides
                .first()
                .is_some_and(|s| canonicalize(&s.title) == name)
            && u.slots.iter().any(|s| canonicalize(s.as_str()) == slot)
    });
    let first = found.next()?;
    found.next().is_none().then(|| first.id.clone())
}

/// Standard-loadout editions: for each YASB pilot with a loadout (`upgrades`) matched to
/// a pilot of the data, each listed card is the one of the pilot's `standard_loadout`
/// with the same printed name.
fn standard_editions(
    data: &YasbData,
    pilots: &BTreeMap<String, Pilot>,
    upgrades: &BTreeMap<String, Upgrade>,
) -> HashMap<u32, String> {
    let by_number: HashMap<u32, &Pilot> = pilots
        .values()
        .filter_map(|p| p.yasb.map(|n| (n, p)))
        .collect();
    let upgrade_by_name: HashMap<&str, &Entry> = data
        .upgrades
        .iter()
        .filter_map(|e| e.text("name").map(|n| (n, e)))
        .collect();
    let mut out = HashMap::new();
    for entry in &data.pilots {
        let Some(pilot) = by_number.get(&number(entry)) else {
            continue;
        };
        for name in entry.list("upgrades") {
            let Some(card) = upgrade_by_name.get(name) else {
                continue;
            };
            let base = base_name(name);
            let mut same_name = pilot.standard_loadout.iter().filter(|id| {
                upgrades
                    .get(id.as_str())
                    .is_some_and(|u| canonicalize(&u.name) == base)
            });
            if let (Some(id), None) = (same_name.next(), same_name.next()) {
                out.entry(number(card)).or_insert_with(|| id.clone());
            }
        }
    }
    out
}

fn match_conditions(data: &YasbData, conditions: &mut [Condition], notes: &mut Vec<String>) {
    let mut missing = Vec::new();
    for entry in &data.conditions {
        let n = number(entry);
        let name = canonicalize(entry.text("name").unwrap_or(""));
        match conditions
            .iter_mut()
            .find(|c| c.id == name || canonicalize(&c.name) == name)
        {
            Some(condition) => {
                assign(&mut condition.yasb, n, &condition.id, notes);
            }
            None => missing.push(format!("{n} {}", entry.text("name").unwrap_or(""))),
        }
    }
    if !missing.is_empty() {
        notes.push(format!(
            "{} YASB conditions match no condition of the data (YASB also lists devices as conditions): {}",
            missing.len(),
            missing.join(", ")
        ));
    }
}

fn quickbuilds(
    data: &YasbData,
    pilot_numbers: &HashMap<u32, String>,
    upgrade_numbers: &HashMap<u32, String>,
    notes: &mut Vec<String>,
) -> Vec<Quickbuild> {
    // Quick-builds name pilots and upgrades by YASB's printed names, which are unique.
    let pilot_by_name: HashMap<&str, u32> = data
        .pilots
        .iter()
        .filter_map(|e| Some((e.text("name")?, number(e))))
        .collect();
    let upgrade_by_name: HashMap<&str, u32> = data
        .upgrades
        .iter()
        .filter_map(|e| Some((e.text("name")?, number(e))))
        .collect();
    let mut out = Vec::new();
    let mut skipped = Vec::new();
    for entry in &data.quickbuilds {
        let n = number(entry);
        let pilot = entry
            .text("pilot")
            .and_then(|name| pilot_by_name.get(name))
            .and_then(|p| pilot_numbers.get(p));
        let upgrades: Option<Vec<String>> = entry
            .list("upgrades")
            .into_iter()
            .map(|name| {
                upgrade_by_name
                    .get(name)
                    .and_then(|u| upgrade_numbers.get(u))
                    .cloned()
            })
            .collect();
        let faction = entry.text("faction").and_then(faction);
        let (Some(pilot), Some(upgrades), Some(faction)) = (pilot, upgrades, faction) else {
            skipped.push(n.to_string());
            continue;
        };
        out.push(Quickbuild {
            yasb: n,
            faction,
            pilot: pilot.clone(),
            upgrades,
            // `*`: a wingmate's threat is its leader's.
            threat: entry
                .list("threat")
                .iter()
                .filter_map(|t| t.parse().ok())
                .collect(),
            linked: entry.number("linkedId"),
            wingmates: entry
                .list("wingmates")
                .iter()
                .filter_map(|t| t.parse().ok())
                .collect(),
            wingmate: entry.number("wingmateId"),
            is_wingmate: entry.flag("wingmate"),
        });
    }
    if !skipped.is_empty() {
        notes.push(format!(
            "{} YASB quick-builds name a pilot or upgrade the data does not have and are left out: {}",
            skipped.len(),
            skipped.join(", ")
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(text: &str) -> Entry {
        let list = format!("    x: [\n        {{\n{text}\n        }}\n    ]\n");
        coffee::entries(&list, "x").unwrap().remove(0)
    }

    #[test]
    fn xws_ids_as_yasb_builds_them() {
        let e = entry("            name: \"Chewbacca (Scum)\"\n            slot: \"Crew\"");
        assert_eq!(yasb_xws(&e, "slot").unwrap(), "chewbacca-crew");
        let e = entry("            name: \"Kylo Ren\"\n            xwsaddon: \"eod\"");
        assert_eq!(yasb_xws(&e, "ship").unwrap(), "kyloren-eod");
        let e = entry(
            "            name: \"Vectored Cannons (RZ-1)\"\n            xws: \"vectoredcannonsrz1\"",
        );
        assert_eq!(yasb_xws(&e, "slot").unwrap(), "vectoredcannonsrz1");
        let e = entry("            name: '\"Howlrunner\"'");
        assert_eq!(yasb_xws(&e, "ship").unwrap(), "howlrunner");
    }
}

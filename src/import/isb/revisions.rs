//! Armada points revisions, from the printings the import already resolved plus armada-data.
//!
//! What the isb-cards folders say about points (read from the data, see the module doc of
//! `crate::import::isb`):
//! - the base folders and `amg-*` hold the costs after AMG's final errata: the current
//!   revision, `amg-final`;
//! - `old-ships`, `old-squadrons`, `old-upgrades` hold the printings from before that
//!   errata (FFG's, with the costs of FFG's last points update, and AMG's Rapid
//!   Reinforcements): the `pre-final` revision, one entry per card whose older printing
//!   costs something else;
//! - `legacy-*`, `legacy-beta-*`, `nexus-*`, `old-legends-*`, `old-legacy-*` and `old-arc`
//!   add cards of their own, each with one cost; where they revise an official card it is a
//!   card of its own (`replaces`), legal with its pack. They are no points revision of the
//!   official cards.
//!
//! The base folders keep some official cards under their FFG printing but with AMG's final
//! cost and no older record (Kyrsta Agate: 25 in the source, 20 printed). armada-data (FFG's
//! cards of the Empire and the Rebellion through Wave 8, as of FAQ 5.1.1) has those printed
//! costs; it is the `ffg-2020` revision. Whether such a cost still held just before the
//! final errata the two sources do not settle (FFG changed some costs after FAQ 5.1.1), so
//! `pre-final` lists both costs as `unsettled`.

use super::resolve::{Card, Cards};
use crate::cards::armada::{Faction, PointsRevision, Ship, Squadron, Upgrade};
use crate::text::{normalize, squash};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// The revisions, oldest first.
pub fn revisions(
    ships: &Cards<Ship>,
    squadrons: &Cards<Squadron>,
    upgrades: &Cards<Upgrade>,
    isb_dir: &Path,
    armada_data: Option<&Path>,
    notes: &mut Vec<String>,
) -> Result<Vec<PointsRevision>, String> {
    let current: BTreeMap<&str, u16> = current_costs(ships)
        .chain(current_costs(squadrons))
        .chain(current_costs(upgrades))
        .collect();
    let older: BTreeMap<&str, u16> = older_costs(ships)
        .chain(older_costs(squadrons))
        .chain(older_costs(upgrades))
        .collect();
    let isb = source_line(isb_dir);
    let mut pre_final = PointsRevision {
        id: "pre-final".to_string(),
        name: "Costs before AMG's final errata (FFG's last points, AMG's Rapid Reinforcements printings)".to_string(),
        source: format!(
            "isb-cards {} old-ships, old-squadrons, old-upgrades",
            isb.commit
        ),
        date: "2022-04-07".to_string(),
        date_note: Some(
            "the source dates no printing: AMG published Rapid Reinforcements I, the latest printings these folders hold, on 2022-04-07 (AMG rules forum)"
                .to_string(),
        ),
        current: false,
        points: older
            .iter()
            .filter(|(id, cost)| current.get(*id) != Some(cost))
            .map(|(id, cost)| (id.to_string(), *cost))
            .collect(),
        unsettled: BTreeMap::new(),
    };
    let amg_final = PointsRevision {
        id: "amg-final".to_string(),
        name: "AMG's final errata".to_string(),
        source: format!("isb-cards {} base folders and amg-*", isb.commit),
        date: isb.date.clone(),
        date_note: Some(
            "the date of the isb-cards commit: its costs as of then (the source does not date AMG's final errata)"
                .to_string(),
        ),
        current: true,
        points: BTreeMap::new(),
        unsettled: BTreeMap::new(),
    };
    let Some(armada_data) = armada_data else {
        notes.push("no armada-data folder given: no `ffg-2020` revision".to_string());
        return Ok(vec![pre_final, amg_final]);
    };
    let printed = printed_costs(armada_data, ships, squadrons, upgrades, notes)?;
    let data = source_line(armada_data);
    let mut ffg = PointsRevision {
        id: "ffg-2020".to_string(),
        name: "FFG's printed costs as of FAQ 5.1.1 (Empire and Rebellion through Wave 8)"
            .to_string(),
        source: format!(
            "armada-data {}; cards it lacks as in isb-cards {} old-*",
            data.commit, isb.commit
        ),
        date: data.date.clone(),
        date_note: Some(
            "the date of the armada-data commit (after FAQ 5.1.1); the source does not date its costs"
                .to_string(),
        ),
        current: false,
        points: BTreeMap::new(),
        unsettled: BTreeMap::new(),
    };
    for (id, own) in &current {
        let cost = printed.get(*id).or_else(|| older.get(*id)).copied();
        if let Some(cost) = cost.filter(|c| c != own) {
            ffg.points.insert(id.to_string(), cost);
        }
        if let Some(&cost) = printed.get(*id)
            && cost != *own
            && !older.contains_key(*id)
        {
            pre_final.unsettled.insert(id.to_string(), vec![cost]);
        }
    }
    Ok(vec![ffg, pre_final, amg_final])
}

fn current_costs<T: Card>(cards: &Cards<T>) -> impl Iterator<Item = (&str, u16)> {
    cards.by_id.values().filter_map(|c| {
        let current = c.superseded_by().is_none() && c.replaces().is_none();
        current.then_some((c.id(), c.points()?))
    })
}

/// The cost of each card's printing from before the final errata, by the current id.
fn older_costs<T: Card>(cards: &Cards<T>) -> impl Iterator<Item = (&str, u16)> {
    cards
        .by_id
        .values()
        .filter_map(|c| Some((c.superseded_by()?, c.points()?)))
}

struct SourceLine {
    commit: String,
    date: String,
}

/// `SOURCE.txt`: the commit, then its date as git prints it (`Sun Jun 15 04:57:21 2025
/// -0500`).
fn source_line(dir: &Path) -> SourceLine {
    let text = std::fs::read_to_string(dir.join("SOURCE.txt")).unwrap_or_default();
    let words: Vec<&str> = text.split_whitespace().collect();
    let commit = words.first().map_or("unknown", |c| c).to_string();
    let date = match words.as_slice() {
        [_, _, month, day, _, year, ..] => git_date(month, day, year),
        _ => None,
    };
    SourceLine {
        commit,
        date: date.unwrap_or_else(|| "0000-00-00".to_string()),
    }
}

fn git_date(month: &str, day: &str, year: &str) -> Option<String> {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let month = MONTHS.iter().position(|m| *m == month)? + 1;
    let day: u8 = day.parse().ok()?;
    let year: u16 = year.parse().ok()?;
    Some(format!("{year:04}-{month:02}-{day:02}"))
}

/// One armada-data card: its kind folder, names, faction, slots and cost.
struct Printed {
    kind: &'static str,
    name: String,
    subname: String,
    faction: Option<Faction>,
    slots: Vec<String>,
    points: u16,
    file: String,
}

/// armada-data's cost of every current official card it has, by id.
fn printed_costs(
    dir: &Path,
    ships: &Cards<Ship>,
    squadrons: &Cards<Squadron>,
    upgrades: &Cards<Upgrade>,
    notes: &mut Vec<String>,
) -> Result<BTreeMap<String, u16>, String> {
    let mut printed = Vec::new();
    for kind in ["ship-card", "squadron-card", "upgrade-card"] {
        read_printed(&dir.join("data").join(kind), kind, &mut printed)?;
    }
    if printed.is_empty() {
        return Err(format!("{} holds no armada-data cards", dir.display()));
    }
    let mut costs = BTreeMap::new();
    for card in &printed {
        let found: Vec<&str> = match card.kind {
            "ship-card" => official(ships)
                .filter(|s| fits(card.faction, Some(s.faction)) && named(card, s.names()))
                .map(|s| s.id.as_str())
                .collect(),
            "squadron-card" => official(squadrons)
                .filter(|s| fits(card.faction, s.faction) && squadron_named(card, s))
                .map(|s| s.id.as_str())
                .collect(),
            _ => official(upgrades)
                .filter(|u| {
                    (u.factions.is_empty() || card.faction.is_none_or(|f| u.factions.contains(&f)))
                        && named(card, u.names())
                        && u.slots.iter().any(|s| {
                            card.slots
                                .iter()
                                .any(|theirs| squash(theirs).starts_with(&squash(s.as_str())))
                        })
                })
                .map(|u| u.id.as_str())
                .collect(),
        };
        match found.as_slice() {
            [id] => {
                costs.insert(id.to_string(), card.points);
            }
            [] => notes.push(format!(
                "armada-data {}: `{}` matches no official card; its cost is not used",
                card.file, card.name
            )),
            many => notes.push(format!(
                "armada-data {}: `{}` matches {}; its cost is not used",
                card.file,
                card.name,
                many.join(", ")
            )),
        }
    }
    Ok(costs)
}

fn official<T: Card>(cards: &Cards<T>) -> impl Iterator<Item = &T> {
    use crate::cards::armada::Source;
    cards.by_id.values().filter(|c| {
        c.superseded_by().is_none()
            && c.replaces().is_none()
            && matches!(c.source(), Source::Ffg | Source::Amg)
    })
}

fn fits(theirs: Option<Faction>, ours: Option<Faction>) -> bool {
    match (theirs, ours) {
        (Some(t), Some(o)) => t == o,
        _ => true,
    }
}

fn named<'a>(card: &Printed, names: impl IntoIterator<Item = &'a str>) -> bool {
    let wanted = normalize(&card.name);
    names.into_iter().any(|n| normalize(n) == wanted)
}

/// armada-data names an ace by the pilot, with the class as `subname` (`Boba Fett`,
/// `Slave I`); a plain squadron by its class, with no subname.
fn squadron_named(card: &Printed, squadron: &Squadron) -> bool {
    let name = normalize(&card.name);
    let sub = normalize(&card.subname);
    match &squadron.ace_name {
        Some(ace) => !sub.is_empty() && normalize(ace) == name && normalize(&squadron.name) == sub,
        None => sub.is_empty() && normalize(&squadron.name) == name,
    }
}

trait Names {
    fn names(&self) -> Vec<&str>;
}

impl Names for Ship {
    fn names(&self) -> Vec<&str> {
        std::iter::once(self.name.as_str())
            .chain(self.nicknames.iter().map(String::as_str))
            .collect()
    }
}

impl Names for Upgrade {
    fn names(&self) -> Vec<&str> {
        std::iter::once(self.name.as_str())
            .chain(self.nicknames.iter().map(String::as_str))
            .collect()
    }
}

fn read_printed(dir: &Path, kind: &'static str, out: &mut Vec<Printed>) -> Result<(), String> {
    let mut files = Vec::new();
    collect(dir, &mut files)?;
    files.sort();
    for path in files {
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let value: Value = serde_json::from_str(&text)
            .map_err(|e| format!("{} is not JSON: {e}", path.display()))?;
        let items = match value {
            Value::Array(items) => items,
            other => vec![other],
        };
        let file = path
            .strip_prefix(dir.parent().unwrap_or(dir))
            .unwrap_or(&path)
            .display()
            .to_string();
        for item in items {
            let text_of = |key: &str| item.get(key).and_then(Value::as_str).map(str::to_string);
            let (Some(name), Some(points)) =
                (text_of("name"), item.get("points").and_then(Value::as_u64))
            else {
                continue;
            };
            let points = u16::try_from(points)
                .map_err(|_| format!("{file}: `{name}` costs {points} points"))?;
            let faction = match text_of("faction").as_deref() {
                Some("Galactic Empire") => Some(Faction::Empire),
                Some("Rebel Alliance") => Some(Faction::Rebel),
                _ => None,
            };
            let slots = item
                .get("slots")
                .and_then(Value::as_array)
                .map(|s| {
                    s.iter()
                        .filter_map(Value::as_str)
                        .map(str::to_string)
                        .collect()
                })
                .unwrap_or_default();
            out.push(Printed {
                kind,
                name,
                subname: text_of("subname").unwrap_or_default(),
                faction,
                slots,
                points,
                file: file.clone(),
            });
        }
    }
    Ok(())
}

fn collect(dir: &Path, out: &mut Vec<std::path::PathBuf>) -> Result<(), String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry
            .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
            .path();
        if path.is_dir() {
            collect(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "json") {
            out.push(path);
        }
    }
    Ok(())
}

/// The revisions file: header, then each revision with its costs as sub-tables.
pub fn file(header: &str, revisions: &[PointsRevision]) -> String {
    let quote = |s: &str| toml::Value::String(s.to_string()).to_string();
    let mut out = String::from(header);
    out.push_str("game = \"armada\"\n");
    for r in revisions {
        out.push_str("\n[[revision]]\n");
        out.push_str(&format!("id = {}\n", quote(&r.id)));
        out.push_str(&format!("name = {}\n", quote(&r.name)));
        out.push_str(&format!("source = {}\n", quote(&r.source)));
        out.push_str(&format!("date = {}\n", quote(&r.date)));
        if let Some(note) = &r.date_note {
            out.push_str(&format!("date_note = {}\n", quote(note)));
        }
        if r.current {
            out.push_str("current = true\n");
        }
        if !r.points.is_empty() {
            out.push_str("\n[revision.points]\n");
            for (id, cost) in &r.points {
                out.push_str(&format!("{id} = {cost}\n"));
            }
        }
        if !r.unsettled.is_empty() {
            out.push_str("\n[revision.unsettled]\n");
            for (id, costs) in &r.unsettled {
                let costs: Vec<String> = costs.iter().map(u16::to_string).collect();
                out.push_str(&format!("{id} = [{}]\n", costs.join(", ")));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn git_dates_become_iso_dates() {
        assert_eq!(git_date("Mar", "3", "2020").as_deref(), Some("2020-03-03"));
        assert_eq!(git_date("Jun", "15", "2025").as_deref(), Some("2025-06-15"));
        assert_eq!(git_date("Foo", "1", "2020"), None);
    }

    #[test]
    fn the_file_reads_back_as_the_revisions() {
        let revision = PointsRevision {
            id: "pre-final".into(),
            name: "Before \"final\"".into(),
            source: "isb-cards abc".into(),
            date: "2022-04-07".into(),
            date_note: Some("why".into()),
            current: false,
            points: BTreeMap::from([("victory-ii-class-star-destroyer".to_string(), 85)]),
            unsettled: BTreeMap::from([("kyrsta-agate-commander".to_string(), vec![20])]),
        };
        let text = file("# header\n", std::slice::from_ref(&revision));
        let parsed: crate::cards::armada::CardFile = toml::from_str(&text).unwrap();
        assert_eq!(parsed.revision[0].value, revision);
    }
}

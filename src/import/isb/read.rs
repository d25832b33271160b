//! Reading one isb-cards folder: its aggregate JSON files and its per-card JSON files.
//!
//! A folder (or sub-folder) may hold an aggregate file named after it (`upgrades/upgrades.json`,
//! `old-legends-ships/legends-ships.json`, `old-arc/arc-objectives/arc-objectives.json`) next to
//! per-card files below it. The aggregate is what the builders load and the only place the
//! records carry their `_id`; the per-card files repeat the same records with `_id: null`.
//! The aggregate is authoritative; every per-card record under it must equal the aggregate's
//! (ignoring `_id` and image links) or the import stops, so a divergence is noticed rather
//! than silently resolved. Folders without an aggregate (`old-ships`, …) are read from their
//! per-card files.

use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The card kinds of the source's top-level keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    /// A chassis with its ship cards (`models`).
    Chassis,
    Squadron,
    Upgrade,
    Objective,
}

impl Kind {
    fn from_key(key: &str) -> Option<Option<Kind>> {
        match key {
            "ships" => Some(Some(Kind::Chassis)),
            "squadrons" => Some(Some(Kind::Squadron)),
            "upgrades" => Some(Some(Kind::Upgrade)),
            "objectives" => Some(Some(Kind::Objective)),
            // Damage cards are text only: nothing to import.
            "damage-cards" => Some(None),
            _ => None,
        }
    }
}

/// One record of a folder: a chassis (with its models) or a card, keyed as in the source.
#[derive(Debug, Clone)]
pub struct RawRecord {
    pub kind: Kind,
    pub key: String,
    pub value: Value,
    /// The file it was read from, for messages.
    pub file: String,
}

/// Keys that differ between aggregate and per-card files, or hold nothing arbiter imports.
const IGNORED_WHEN_COMPARING: &[&str] = &["_id", "artwork", "cardimage", "silhouette", "blueprint"];

/// Every record of `dir`, sorted by kind and key.
pub fn read_folder(dir: &Path) -> Result<Vec<RawRecord>, String> {
    let mut files = Vec::new();
    collect_json(dir, &mut files)?;
    files.sort();
    let aggregate_dirs: Vec<PathBuf> = files
        .iter()
        .filter(|f| is_aggregate(f))
        .filter_map(|f| f.parent().map(Path::to_path_buf))
        .collect();
    let mut authoritative: BTreeMap<(Kind, String), RawRecord> = BTreeMap::new();
    let mut repeated: Vec<RawRecord> = Vec::new();
    // Aggregates first, so per-card files are compared against them.
    let (aggregates, singles): (Vec<&PathBuf>, Vec<&PathBuf>) =
        files.iter().partition(|f| is_aggregate(f));
    for file in aggregates.into_iter().chain(singles) {
        let covered = !is_aggregate(file) && aggregate_dirs.iter().any(|d| file.starts_with(d));
        for record in read_file(dir, file)? {
            if covered {
                repeated.push(record);
                continue;
            }
            let slot = (record.kind, record.key.clone());
            match authoritative.get(&slot) {
                Some(first) if comparable(&first.value) != comparable(&record.value) => {
                    return Err(format!(
                        "`{}` is defined differently in {} and {}",
                        record.key, first.file, record.file
                    ));
                }
                Some(_) => {}
                None => {
                    authoritative.insert(slot, record);
                }
            }
        }
    }
    for record in repeated {
        match authoritative.get(&(record.kind, record.key.clone())) {
            None => {
                return Err(format!(
                    "`{}` is in {} but not in the folder's aggregate file; which one is meant?",
                    record.key, record.file
                ));
            }
            Some(first) if comparable(&first.value) != comparable(&record.value) => {
                return Err(format!(
                    "`{}` differs between {} and {}: {}",
                    record.key,
                    first.file,
                    record.file,
                    first_difference(&comparable(&first.value), &comparable(&record.value), "")
                ));
            }
            Some(_) => {}
        }
    }
    Ok(authoritative.into_values().collect())
}

/// `upgrades/upgrades.json`, `old-legends-ships/legends-ships.json`: named after its folder
/// (with or without the folder's `old-` prefix).
fn is_aggregate(file: &Path) -> bool {
    let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let parent = file
        .parent()
        .and_then(|p| p.file_name())
        .and_then(|s| s.to_str())
        .unwrap_or("");
    !stem.is_empty() && (stem == parent || parent.strip_prefix("old-") == Some(stem))
}

/// JSON files below `dir`, hidden folders included (the builders read `.bsg/`, `.halo/`
/// through their aggregates too).
fn collect_json(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry
            .map_err(|e| format!("cannot read {}: {e}", dir.display()))?
            .path();
        if path.is_dir() {
            collect_json(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "json") {
            out.push(path);
        }
    }
    Ok(())
}

fn read_file(root: &Path, file: &Path) -> Result<Vec<RawRecord>, String> {
    let shown = file
        .strip_prefix(root.parent().unwrap_or(root))
        .unwrap_or(file)
        .display()
        .to_string();
    let bytes = crate::input::read_bounded(file, crate::import::MAX_REFERENCE_FILE_BYTES)
        .map_err(|unread| crate::import::unread_message(file, &unread))?;
    let text =
        String::from_utf8(bytes).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let value: Value =
        serde_json::from_str(&text).map_err(|e| format!("{shown}: not valid JSON: {e}"))?;
    let Value::Object(top) = value else {
        return Err(format!("{shown}: expected an object of card kinds"));
    };
    let mut out = Vec::new();
    for (kind_key, cards) in top {
        let kind = Kind::from_key(&kind_key)
            .ok_or_else(|| format!("{shown}: unknown card kind `{kind_key}`"))?;
        let Some(kind) = kind else { continue };
        let Value::Object(cards) = cards else {
            return Err(format!("{shown}: `{kind_key}` is not an object of cards"));
        };
        for (key, value) in cards {
            out.push(RawRecord {
                kind,
                key,
                value,
                file: shown.clone(),
            });
        }
    }
    Ok(out)
}

/// The value without the keys that legitimately differ between copies.
fn comparable(value: &Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(k, _)| !IGNORED_WHEN_COMPARING.contains(&k.as_str()))
                .map(|(k, v)| (k.clone(), comparable(v)))
                .collect::<Map<String, Value>>(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(comparable).collect()),
        other => other.clone(),
    }
}

fn first_difference(a: &Value, b: &Value, path: &str) -> String {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for key in x.keys().chain(y.keys()) {
                match (x.get(key), y.get(key)) {
                    (Some(p), Some(q)) if p != q => {
                        return first_difference(p, q, &format!("{path}.{key}"));
                    }
                    (Some(_), None) | (None, Some(_)) => {
                        return format!("`{path}.{key}` is missing in one of them");
                    }
                    _ => {}
                }
            }
            format!("`{path}`")
        }
        _ => format!("`{path}`: {a} vs {b}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("arbiter-isb-read-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("upgrades/officer")).unwrap();
        dir
    }

    #[test]
    fn aggregates_win_and_per_card_files_must_agree() {
        let root = scratch("agree");
        let folder = root.join("upgrades");
        std::fs::write(
            folder.join("upgrades.json"),
            r#"{"upgrades": {"a": {"_id": "1", "points": 3}, "b": {"_id": "2", "points": 4}}}"#,
        )
        .unwrap();
        std::fs::write(
            folder.join("officer/a.json"),
            r#"{"upgrades": {"a": {"_id": null, "points": 3}}}"#,
        )
        .unwrap();
        let records = read_folder(&folder).unwrap();
        assert_eq!(records.len(), 2);
        assert_eq!(records[0].value["_id"], "1", "the aggregate's copy is kept");

        std::fs::write(
            folder.join("officer/a.json"),
            r#"{"upgrades": {"a": {"_id": null, "points": 5}}}"#,
        )
        .unwrap();
        let error = read_folder(&folder).unwrap_err();
        assert!(error.contains("`.points`"), "{error}");
        std::fs::remove_dir_all(&root).unwrap();
    }

    #[test]
    fn without_an_aggregate_the_per_card_files_are_read() {
        let root = scratch("single");
        let folder = root.join("upgrades");
        std::fs::write(
            folder.join("officer/a.json"),
            r#"{"upgrades": {"a": {"points": 3}}, "damage-cards": {}}"#,
        )
        .unwrap();
        let records = read_folder(&folder).unwrap();
        assert_eq!(records.len(), 1);
        assert!(is_aggregate(Path::new(
            "old-legends-ships/legends-ships.json"
        )));
        assert!(!is_aggregate(Path::new("old-ships/gozanti-class.json")));
        std::fs::remove_dir_all(&root).unwrap();
    }
}

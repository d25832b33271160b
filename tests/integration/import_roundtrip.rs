//! The committed data/cards/ must be exactly what the importers write from ../shared/reference/:
//! re-run them in memory and compare file by file.

use crate::support::{root, shared};
use arbiter::import::tree::{MARKER, marker_text};
use arbiter::import::{ImportedFiles, isb, xwing_data2};
use std::collections::BTreeMap;
use std::path::Path;

fn committed(dir: &Path) -> BTreeMap<String, String> {
    let mut files = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(current) = stack.pop() {
        for entry in std::fs::read_dir(&current).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let relative = path
                    .strip_prefix(dir)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                files.insert(relative, std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    files
}

/// The committed folder holds the import's files and the marker the import leaves.
fn assert_same(imported: ImportedFiles, importer: &str, committed_dir: &Path, command: &str) {
    let mut imported: BTreeMap<String, String> = imported.into_iter().collect();
    imported.insert(MARKER.to_string(), marker_text(importer));
    let committed = committed(committed_dir);
    let imported_names: Vec<_> = imported.keys().collect();
    let committed_names: Vec<_> = committed.keys().collect();
    assert_eq!(
        imported_names, committed_names,
        "file lists differ; re-run `{command}`"
    );
    for (name, text) in &imported {
        if committed[name] != *text {
            let line = text
                .lines()
                .zip(committed[name].lines())
                .position(|(a, b)| a != b)
                .map_or(0, |i| i + 1);
            panic!("{name} differs from the import (first at line {line}); re-run `{command}`");
        }
    }
}

#[test]
fn armada_cards_are_the_isb_import() {
    let Some(reference) = shared("reference") else {
        return;
    };
    let source = reference.join("isb-cards");
    let armada_data = reference.join("armada-data");
    let imported = isb::import(&source, Some(&armada_data)).expect("the isb import runs");
    assert_same(
        imported,
        "isb",
        &root().join("data/cards/armada"),
        "arbiter cards import isb ../shared/reference/isb-cards --armada-data ../shared/reference/armada-data --out data/cards/armada",
    );
}

#[test]
fn xwing_cards_are_the_xwing_data2_import() {
    let Some(reference) = shared("reference") else {
        return;
    };
    let source = reference.join("xwing-data2");
    let points = reference.join("xwing-points");
    let yasb = reference.join("yasb");
    let mut imported = xwing_data2::import(&source, Some(&points), Some(&yasb))
        .expect("the xwing-data2 import runs");
    // The hand-kept timing facts are carried over, not imported.
    let out = root().join("data/cards/xwing");
    imported.extend(xwing_data2::hand_kept(&out).expect("the hand-kept files read"));
    assert_same(
        imported,
        "xwing-data2",
        &root().join("data/cards/xwing"),
        "arbiter cards import xwing-data2 ../shared/reference/xwing-data2 --points ../shared/reference/xwing-points --yasb ../shared/reference/yasb --out data/cards/xwing (or tools/import-xwing-cards.sh)",
    );
}

//! One broken data file per case under tests/fixtures/broken-data/, each checked on top of
//! the built-in data; the rendered diagnostics (no colour, fixed width) are snapshots.

use crate::support::relative;
use arbiter::cards::{LoadOptions, load};
use arbiter::report::{HumanStyle, render_human};
use std::path::{Path, PathBuf};

fn check_fixture(path: &Path) -> String {
    let shown = relative(path);
    let (db, unreadable) = load(&LoadOptions {
        spans: true,
        embedded: true,
        overlays: vec![PathBuf::from(&shown)],
        without: Vec::new(),
    });
    assert!(unreadable.is_empty(), "{unreadable:?}");
    let findings: Vec<_> = arbiter::check::run(&db)
        .into_iter()
        .filter(|f| match &f.location {
            Some(loc) => db.files.name(loc.file) == shown,
            None => f.message.contains(&shown),
        })
        .collect();
    assert!(
        !findings.is_empty(),
        "{shown}: a broken fixture must give at least one finding"
    );
    let mut out = String::new();
    for finding in &findings {
        assert!(
            finding.help.is_some(),
            "{shown}: every finding needs a help line"
        );
        out.push_str(&render_human(&db.files, finding, HumanStyle::plain(90)));
        out.push('\n');
    }
    out
}

#[test]
fn broken_data_files() {
    std::env::set_current_dir(env!("CARGO_MANIFEST_DIR")).unwrap();
    insta::glob!("../fixtures", "broken-data/*.toml", |path| {
        insta::assert_snapshot!(check_fixture(path));
    });
}

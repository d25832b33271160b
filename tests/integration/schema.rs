//! data/schema/*.json must match what `arbiter schema` prints, so editors validate data
//! files against the model the binary really uses. Regenerate with
//! `ARBITER_BLESS=1 cargo test --test integration schema::`.

use crate::support::root;
use arbiter::schema::SchemaKind;

#[test]
fn committed_schemas_are_current() {
    let dir = root().join("data/schema");
    let bless = std::env::var_os("ARBITER_BLESS").is_some();
    let mut stale = Vec::new();
    for kind in SchemaKind::ALL {
        let path = dir.join(kind.file_name());
        let current = kind.render();
        if bless {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(&path, &current).unwrap();
        } else if std::fs::read_to_string(&path).ok().as_deref() != Some(current.as_str()) {
            stale.push(path.display().to_string());
        }
    }
    assert!(
        stale.is_empty(),
        "stale schema files: {stale:?}; run `ARBITER_BLESS=1 cargo test --test integration schema::`"
    );
}

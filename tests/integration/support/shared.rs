//! `../shared` for tests: the integration tests' `support::shared`, and (included by
//! `#[path]` in src/lib.rs) the unit tests' `crate::test_shared::shared`, so both skip and
//! fail alike.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Set to `1` (as `.ci/run` does) to make a missing `../shared` fail the tests that need it.
pub const REQUIRE_SHARED: &str = "ARBITER_REQUIRE_SHARED";

/// `../shared/<path>` (the rulebooks, the corpus, the reference data sets), which CI has
/// beside the repository and a fresh clone may not. When it is missing, the calling test
/// says in one line what it skips and why (written past the test harness's capture, so it
/// shows in a plain `cargo test`) and gets `None`, so it can return and pass; with
/// `ARBITER_REQUIRE_SHARED=1` it fails instead.
pub fn shared(path: &str) -> Option<PathBuf> {
    let full = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared")
        .join(path);
    if full.exists() {
        return Some(full);
    }
    let shown = format!("../shared/{path}");
    if std::env::var(REQUIRE_SHARED).is_ok_and(|v| v == "1") {
        panic!("{shown} not found, and {REQUIRE_SHARED}=1 requires it");
    }
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("a test");
    let _ = writeln!(
        std::io::stderr(),
        "skipped: {test} — {shown} not found (set {REQUIRE_SHARED}=1 to make this an error)"
    );
    None
}

//! What the integration test modules share: the project's folders, the real binary, the
//! built-in card data, scratch folders, and `../shared` (present in CI, maybe not in a clone).

pub mod browser;
mod shared;
pub mod xws_schema;

pub use shared::shared;

use arbiter::cards::{CardDb, LoadOptions, load};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

/// The project's root, where Cargo.toml is; the binary runs here unless told otherwise.
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// `path` relative to the project's root (as reports and snapshots name it), with `/`.
pub fn relative(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
        .replace('\\', "/")
}

/// The real binary, run from the project's root with colour off and no standard input.
pub fn command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_arbiter"));
    command
        .current_dir(root())
        .env("NO_COLOR", "1")
        // Reports are laid out at their fixed width, whatever the terminal running the tests.
        .env_remove("COLUMNS")
        .stdin(Stdio::null());
    command
}

/// Run a prepared `command()` to its end; a panic of the binary fails the test whatever
/// its exit code.
pub fn run(command: &mut Command) -> Output {
    let output = command.output().expect("the binary runs");
    assert!(
        !stderr(&output).contains("panicked"),
        "{command:?} panicked:\n{}",
        stderr(&output)
    );
    output
}

/// `arbiter ARGS` from the project's root.
pub fn arbiter(args: &[&str]) -> Output {
    run(command().args(args))
}

/// `arbiter ARGS` with `input` on its standard input.
pub fn arbiter_with_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(input)
        .expect("the input is written");
    let output = child.wait_with_output().expect("the binary ends");
    assert!(!stderr(&output).contains("panicked"), "{}", stderr(&output));
    output
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Standard output as JSON; the failure shows both streams.
pub fn json(output: &Output) -> serde_json::Value {
    serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}):\n{}\n{}", stdout(output), stderr(output)))
}

/// A fresh empty folder, removed when the returned guard is dropped.
pub fn scratch() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("arbiter-test-")
        .tempdir()
        .expect("a scratch folder")
}

/// The built-in card data (no overlays), loaded once for the whole test binary.
pub fn built_in_db() -> &'static CardDb {
    static DB: OnceLock<CardDb> = OnceLock::new();
    DB.get_or_init(|| {
        let (db, unreadable) = load(&LoadOptions::built_in());
        assert!(unreadable.is_empty(), "{unreadable:?}");
        db
    })
}

/// The rulebooks in `../shared/seeds/` (`../shared/README.md` says which is which).
pub struct Seeds {
    dir: PathBuf,
}

/// The rulebooks, or `None` (said once, as `shared` does) when they are missing.
pub fn seeds() -> Option<Seeds> {
    shared("seeds").map(|dir| Seeds { dir })
}

impl Seeds {
    /// The text of a rulebook by the id citations give it (`talon-rulebook`): the shared
    /// folder numbers the rulebooks in the order of `arbiter::report::RULEBOOKS`.
    pub fn rulebook(&self, id: &str) -> String {
        let number = arbiter::report::RULEBOOKS
            .iter()
            .position(|r| *r == id)
            .unwrap_or_else(|| panic!("no rulebook is called `{id}`"));
        self.text(&format!("{number:03}"))
    }

    /// The text of seed `id`: a whole file name (`000_ae69564e4264402a.txt`) or its number
    /// (`000`). The seeds being there, a missing one fails the test.
    pub fn text(&self, id: &str) -> String {
        let path = self
            .names()
            .into_iter()
            .find(|name| name == id || name.starts_with(&format!("{id}_")))
            .map(|name| self.dir.join(name))
            .unwrap_or_else(|| panic!("no seed {id} in {}", self.dir.display()));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    /// Every file of the folder, by name, sorted: a seed added later is read too.
    pub fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.dir)
            .unwrap_or_else(|e| panic!("cannot list {}: {e}", self.dir.display()))
            .filter_map(Result::ok)
            .filter(|entry| entry.path().is_file())
            .filter_map(|entry| entry.file_name().into_string().ok())
            .collect();
        names.sort();
        names
    }
}

//! What the integration test modules share: the project's folders, the real binary, the
//! built-in card data, scratch folders.

pub mod xws_schema;

use arbiter::cards::{CardDb, LoadOptions, load};
use std::io::Write;
use std::path::Path;
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
        let (db, unreadable) = load(&LoadOptions {
            spans: false,
            embedded: true,
            overlays: Vec::new(),
            without: Vec::new(),
        });
        assert!(unreadable.is_empty(), "{unreadable:?}");
        db
    })
}

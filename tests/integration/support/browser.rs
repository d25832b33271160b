//! Headless Chromium for the page tests: load a page from `file://`, let its script run
//! (a virtual-time budget, so the dump waits for it), then read the DOM or a screenshot.
//! Driven through the command line (`--dump-dom`, `--screenshot`) rather than a DevTools
//! crate: two flags cover what the tests need and add no dependency.
//!
//! Without Chromium a test says in one line what it skips and passes; with
//! `ARBITER_REQUIRE_BROWSER=1` (set by `.ci/run`, which installs Chromium) or
//! `ARBITER_REQUIRE_SHARED=1` it fails instead.

use super::shared::REQUIRE_SHARED;
use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

pub const REQUIRE_BROWSER: &str = "ARBITER_REQUIRE_BROWSER";
/// A program to use instead of the first of [`NAMES`] on the `PATH`.
pub const BROWSER_PROGRAM: &str = "ARBITER_CHROMIUM";
const NAMES: [&str; 3] = ["chromium", "chromium-browser", "google-chrome"];
/// Longest a browser may take to load one page (a loaded machine is slow to start one).
const TIMEOUT: Duration = Duration::from_secs(180);

pub struct Browser {
    program: PathBuf,
    /// A profile of its own per test, so browsers run side by side.
    profile: tempfile::TempDir,
}

/// Chromium, or `None` (said in one line) when this machine has none.
pub fn browser() -> Option<Browser> {
    let program = std::env::var_os(BROWSER_PROGRAM)
        .map(PathBuf::from)
        .or_else(|| NAMES.iter().find_map(|name| on_path(name)));
    let Some(program) = program else {
        let required = [REQUIRE_BROWSER, REQUIRE_SHARED]
            .iter()
            .any(|var| std::env::var(var).is_ok_and(|v| v == "1"));
        if required {
            panic!(
                "no Chromium found ({NAMES:?} on PATH, or {BROWSER_PROGRAM}), and {REQUIRE_BROWSER}=1 or {REQUIRE_SHARED}=1 requires it"
            );
        }
        let thread = std::thread::current();
        let _ = writeln!(
            std::io::stderr(),
            "skipped: {} — no Chromium on this machine (set {REQUIRE_BROWSER}=1 to make this an error)",
            thread.name().unwrap_or("a test")
        );
        return None;
    };
    let profile = tempfile::Builder::new()
        .prefix("arbiter-chromium-")
        .tempdir()
        .expect("a profile folder");
    Some(Browser { program, profile })
}

fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
}

/// The `file://` address of `page`.
pub fn url(page: &Path) -> String {
    let absolute = std::fs::canonicalize(page).expect("the page exists");
    format!("file://{}", absolute.display()).replace(' ', "%20")
}

impl Browser {
    fn command(&self) -> Command {
        let mut command = Command::new(&self.program);
        command
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--disable-extensions",
                "--hide-scrollbars",
                "--mute-audio",
                // Nothing a page asks for is fetched: a reference to the network fails.
                "--host-resolver-rules=MAP * ~NOTFOUND",
                "--virtual-time-budget=5000",
                "--window-size=1280,900",
            ])
            .arg(format!("--user-data-dir={}", self.profile.path().display()))
            .stdin(Stdio::null());
        command
    }

    /// The DOM of `page` after its script ran, as HTML.
    pub fn dom(&self, page: &Path) -> String {
        self.dom_at(page, "")
    }

    /// [`Browser::dom`] of `page` opened at `fragment` (`#…`, or empty).
    pub fn dom_at(&self, page: &Path, fragment: &str) -> String {
        let mut command = self.command();
        command.arg("--dump-dom").arg(url(page) + fragment);
        let out = finish(&mut command);
        String::from_utf8(out).expect("the DOM is UTF-8")
    }

    /// A PNG screenshot of the top of `page`.
    pub fn screenshot(&self, page: &Path) -> Vec<u8> {
        let png = self.profile.path().join("shot.png");
        let _ = std::fs::remove_file(&png);
        let mut command = self.command();
        command
            .arg(format!("--screenshot={}", png.display()))
            .arg(url(page));
        finish(&mut command);
        std::fs::read(&png).unwrap_or_else(|e| panic!("no screenshot of {}: {e}", page.display()))
    }
}

/// Run `command` to its end (killed after [`TIMEOUT`]); its standard output.
fn finish(command: &mut Command) -> Vec<u8> {
    let file = tempfile::tempfile().expect("a file for the output");
    let mut child = command
        .stdout(file.try_clone().expect("a handle"))
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{command:?} does not start: {e}"));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("the browser runs") {
            break status;
        }
        if started.elapsed() > TIMEOUT {
            let _ = child.kill();
            panic!("{command:?} took over {TIMEOUT:?}");
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!(status.success(), "{command:?} failed: {status}");
    let mut file = file;
    let mut out = Vec::new();
    std::io::Seek::rewind(&mut file).expect("rewinds");
    std::io::Read::read_to_end(&mut file, &mut out).expect("reads");
    out
}

/// What a screenshot shows: its size, how many distinct colours, and the share of pixels
/// that are not the page's white.
pub struct Picture {
    pub width: u32,
    pub height: u32,
    pub colours: usize,
    pub inked: f64,
}

/// Decode a PNG screenshot.
pub fn look_at(png_bytes: &[u8]) -> Picture {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    let channels = info.color_type.samples();
    let pixels = buf
        .get(..info.buffer_size())
        .expect("the frame fits")
        .chunks_exact(channels);
    let mut colours = HashSet::new();
    let (mut inked, mut total) = (0usize, 0usize);
    for pixel in pixels {
        let rgb = match pixel {
            [r, g, b, ..] => [*r, *g, *b],
            [grey, ..] => [*grey; 3],
            [] => continue,
        };
        if rgb != [255, 255, 255] {
            inked += 1;
        }
        total += 1;
        colours.insert(rgb);
    }
    Picture {
        width: info.width,
        height: info.height,
        colours: colours.len(),
        inked: inked as f64 / total.max(1) as f64,
    }
}

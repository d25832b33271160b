//! Issue 23, item 5: no control character from input reaches a terminal. ESC, BEL and C1
//! bytes go through every reader (lists of each game, scenarios, data files, file names)
//! and every output form; the human and GitHub forms show them escaped, JSON keeps them as
//! JSON escapes of the same strings.

use crate::support::{arbiter, command, run, scratch, stderr};
use std::path::Path;
use std::process::Output;

/// What a crafted input hides: retitle the terminal, clear it, ring the bell, colour what
/// follows, the C1 CSI (U+009B) that some terminals take as ESC [, and a right-to-left
/// override (U+202E) that shows the text after it reversed.
const PAYLOAD: &str = "\u{1b}]0;owned\u{7}\u{1b}[2J\u{1b}[31mred\u{9b}\u{202e}";

/// [`PAYLOAD`] as a JSON or TOML string escape.
const PAYLOAD_ESCAPED: &str = "\\u001b]0;owned\\u0007\\u001b[2J\\u001b[31mred\\u009b\\u202e";

/// The colour the payload sets, which arbiter's own colours could let through.
const PAYLOAD_COLOUR: &[u8] = b"\x1b[31mred";

/// Where a control character that is not a line break or tab is in `bytes`.
fn first_control(bytes: &[u8], colour: bool) -> Option<usize> {
    let text = String::from_utf8_lossy(bytes);
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let bidi = matches!(c, '\u{61c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
        let hidden = (c.is_control() && !matches!(c, '\n' | '\t')) || c == '\u{7f}' || bidi;
        if !hidden {
            continue;
        }
        if c == '\r' && chars.peek().is_some_and(|(_, next)| *next == '\n') {
            continue;
        }
        // Coloured output keeps arbiter's own colour sequences: ESC [ digits ; … m.
        if colour && c == '\u{1b}' {
            let rest = text.get(at + 1..).unwrap_or_default();
            let sequence = rest.strip_prefix('[').map(|body| {
                body.find(|d: char| !d.is_ascii_digit() && d != ';')
                    .is_some_and(|end| body.get(end..).is_some_and(|s| s.starts_with('m')))
            });
            if sequence == Some(true) {
                continue;
            }
        }
        return Some(at);
    }
    None
}

fn assert_clean(output: &Output, what: &str, colour: bool) {
    for (stream, bytes) in [("stdout", &output.stdout), ("stderr", &output.stderr)] {
        if let Some(at) = first_control(bytes, colour) {
            let text = String::from_utf8_lossy(bytes);
            let from = at.saturating_sub(80);
            panic!(
                "{what}: a control character on {stream} at byte {at}: {:?}",
                text.get(from..(at + 40).min(text.len()))
                    .unwrap_or_default()
            );
        }
    }
    for (stream, bytes) in [("stdout", &output.stdout), ("stderr", &output.stderr)] {
        assert!(
            !bytes
                .windows(PAYLOAD_COLOUR.len())
                .any(|w| w == PAYLOAD_COLOUR),
            "{what}: the input's colour on {stream}: {}",
            String::from_utf8_lossy(bytes)
        );
    }
    assert_ne!(
        output.status.code(),
        None,
        "{what}: ended by a signal: {}",
        stderr(output)
    );
}

/// One input of each reader, with the payload where a person would see it quoted.
fn crafted_inputs(dir: &Path) -> Vec<(Vec<&'static str>, std::path::PathBuf)> {
    let write = |name: &str, bytes: Vec<u8>| {
        let path = dir.join(name);
        std::fs::write(&path, bytes).expect("written");
        path
    };
    let read = |path: &str| {
        std::fs::read_to_string(crate::support::root().join(path)).expect("the fixture")
    };
    let validate = vec!["validate"];
    let xws = read("tests/fixtures/xwing/xws/blade-runners.json")
        .replace("Blade Runners", &format!("Blade {PAYLOAD_ESCAPED}"))
        .replace("braylenstramm", &format!("braylen{PAYLOAD_ESCAPED}"));
    let yasb_link = read("tests/fixtures/xwing/yasb-link/blade-runners.txt")
        .replace("sn=Blade%20Runners", "sn=%1B]0;owned%07%1B[2J%C2%9B");
    let yasb_text = read("tests/fixtures/xwing/yasb-text/blade-runners.txt").replacen(
        "Braylen Stramm",
        &format!("Braylen{PAYLOAD}"),
        1,
    );
    let armada = read("examples/lists/armada-screed-raiders.txt");
    let armada = armada.replacen('\n', &format!("{PAYLOAD}\n"), 1);
    let talon = read("examples/lists/talon-terran-patrol.txt")
        .replace("Patton", &format!("Patton{PAYLOAD}"));
    let scenario = read("examples/xwing/afterburners-boost-twice.toml")
        .replacen("Jedi Knight", &format!("Jedi{PAYLOAD_ESCAPED}"), 1)
        .replacen("Republic player", &format!("Republic{PAYLOAD_ESCAPED}"), 1);
    let broken_scenario = format!("game = \"xwing\"\ntitle = \"{PAYLOAD}\"\n");
    let talon_scenario = read("examples/talon/fire-patton-at-vision.toml").replacen(
        "title = \"",
        &format!("title = \"{PAYLOAD_ESCAPED}"),
        1,
    );
    vec![
        (validate.clone(), write("xws.json", xws.into_bytes())),
        (
            validate.clone(),
            write("yasb-link.txt", yasb_link.into_bytes()),
        ),
        (
            validate.clone(),
            write("yasb-text.txt", yasb_text.into_bytes()),
        ),
        (validate.clone(), write("armada.txt", armada.into_bytes())),
        (validate.clone(), write("talon.txt", talon.into_bytes())),
        (
            validate,
            write(
                &format!("name{PAYLOAD}.txt"),
                b"nothing a reader knows\n".to_vec(),
            ),
        ),
        (
            vec!["resolve"],
            write("scenario.toml", scenario.into_bytes()),
        ),
        (
            vec!["resolve"],
            write("broken.toml", broken_scenario.into_bytes()),
        ),
        (
            vec!["resolve"],
            write("talon.toml", talon_scenario.into_bytes()),
        ),
    ]
}

/// The output forms each command takes.
fn forms(command: &str) -> &'static [&'static str] {
    match command {
        "validate" => &["human", "json", "jsonl", "github"],
        "cards" => &["human", "json", "github"],
        _ => &["human", "json"],
    }
}

#[test]
fn no_control_character_from_input_reaches_any_output() {
    let dir = scratch();
    for (args, path) in crafted_inputs(dir.path()) {
        let path = path.to_str().expect("UTF-8");
        for form in forms(args[0]) {
            for colour in ["never", "always"] {
                let mut all = args.clone();
                all.extend(["--output", form, "--color", colour, path]);
                let output = arbiter(&all);
                assert_clean(&output, &format!("{all:?}"), colour == "always");
            }
        }
    }
}

#[test]
fn a_data_file_with_control_characters_is_checked_cleanly() {
    let dir = scratch();
    let ships = dir.path().join("data/cards/talon/ships.toml");
    std::fs::create_dir_all(ships.parent().expect("a folder")).expect("made");
    let text = std::fs::read_to_string(crate::support::root().join("data/cards/talon/ships.toml"))
        .expect("the data");
    // One name escaped in TOML, and a raw ESC that makes the file unreadable TOML.
    let named = text.replacen("name = \"", &format!("name = \"{PAYLOAD_ESCAPED}"), 1);
    for (what, body) in [
        ("named", named.clone()),
        ("raw", format!("{PAYLOAD}\n{named}")),
    ] {
        std::fs::write(&ships, body).expect("written");
        for form in forms("cards") {
            let data = dir.path().join("data");
            let output = arbiter(&[
                "cards",
                "check",
                "--output",
                form,
                data.to_str().expect("UTF-8"),
            ]);
            assert_clean(&output, &format!("cards check {what} {form}"), false);
        }
        let output = arbiter(&[
            "--data",
            dir.path().join("data").to_str().expect("UTF-8"),
            "validate",
            "examples/lists/talon-terran-patrol.txt",
        ]);
        assert_clean(&output, &format!("validate with {what} data"), false);
    }
}

#[test]
fn json_keeps_the_characters_and_human_output_shows_them() {
    let dir = scratch();
    let inputs = crafted_inputs(dir.path());
    let (_, xws) = inputs.first().expect("the XWS input");
    let xws = xws.to_str().expect("UTF-8");
    let json = crate::support::json(&arbiter(&["validate", "--output", "json", xws]));
    let text = json.to_string();
    assert!(
        text.contains("braylen\\u001b]0;owned\\u0007\\u001b[2J"),
        "the unknown id is quoted as it was: {text:.3000}"
    );
    let raw = run(command().args(["validate", "--output", "json", xws]));
    assert!(
        String::from_utf8_lossy(&raw.stdout).contains("\\u009b"),
        "C1 as a JSON escape"
    );
    let human = arbiter(&["validate", "--color", "never", xws]);
    let shown = format!(
        "{}{}",
        String::from_utf8_lossy(&human.stdout),
        stderr(&human)
    );
    assert!(
        shown.contains("\\u001b]0;owned\\u0007"),
        "shown escaped: {shown:.3000}"
    );
}

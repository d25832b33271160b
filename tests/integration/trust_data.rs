//! Issue 23, item 6: a problem in `--data` is reported by every command, located, and
//! stops it (exit 2), as `cards check` reports it.

use crate::support::{arbiter, scratch, stderr};
use std::path::Path;

/// Every command, with arguments that would succeed on the built-in data.
const COMMANDS: &[&[&str]] = &[
    &["validate", "examples/lists/xwing-yavin-link.txt"],
    &[
        "validate",
        "--output",
        "json",
        "examples/lists/armada-garm-liberty.txt",
    ],
    &["resolve", "examples/xwing/afterburners-boost-twice.toml"],
    &["resolve", "examples/spacealert/heavy-laser-fighter.toml"],
    &["resolve", "examples/talon/fire-patton-at-vision.toml"],
    &[
        "resolve",
        "examples/armada/first-player-resolves-first.toml",
    ],
    &[
        "export",
        "tests/fixtures/export/tts-line.txt",
        "--to",
        "xws",
    ],
    &["cards", "show", "Wedge Antilles", "--game", "xwing"],
    &["cards", "search", "wedge"],
    &["rule", "focus"],
    &[
        "score",
        "armada",
        "--format",
        "sector-800",
        "--margin",
        "230",
    ],
    &["schema"],
    &["explain", "armada::squadron_cap"],
];

fn with_data(data: &Path, args: &[&str]) -> std::process::Output {
    let mut all = vec!["--data", data.to_str().expect("UTF-8 path")];
    all.extend_from_slice(args);
    arbiter(&all)
}

/// A data folder whose one file has a field no X-Wing pilot has, on line 4.
fn broken_folder(dir: &Path) -> std::path::PathBuf {
    let data = dir.join("data");
    std::fs::create_dir_all(data.join("cards/xwing")).expect("made");
    std::fs::write(
        data.join("cards/xwing/extra.toml"),
        "game = \"xwing\"\n\n[[pilot]]\nbogus_field = 1\n",
    )
    .expect("written");
    data
}

#[test]
fn a_broken_overlay_stops_every_command_with_its_location() {
    let dir = scratch();
    let data = broken_folder(dir.path());
    for args in COMMANDS {
        let output = with_data(&data, args);
        assert_eq!(output.status.code(), Some(2), "--data broken {args:?}");
        let said = stderr(&output);
        assert!(said.contains("cards::unknown_field"), "{args:?}: {said}");
        assert!(
            said.contains("extra.toml:4:1"),
            "{args:?} locates it: {said}"
        );
        assert!(said.contains("nothing was run"), "{args:?}: {said}");
    }
}

#[test]
fn an_overlay_that_breaks_a_reference_is_refused_as_cards_check_refuses_it() {
    let dir = scratch();
    let data = dir.path().join("data");
    std::fs::create_dir_all(data.join("errata")).expect("made");
    std::fs::write(
        data.join("errata/mine.toml"),
        "[[erratum]]\nid = \"mine\"\ngame = \"xwing\"\ncard = \"no-such-card\"\ncard_kind = \"pilot\"\n\
         document = \"Star Wars: X-Wing Rules Reference\"\nversion = \"1.4.5\"\ndate = \"2023-06-09\"\n\
         section = \"X\"\nsummary = \"A change.\"\n",
    )
    .expect("written");
    let check = arbiter(&["cards", "check", data.to_str().expect("UTF-8")]);
    assert_eq!(check.status.code(), Some(1), "{}", stderr(&check));
    let output = with_data(&data, &["validate", "examples/lists/xwing-yavin-link.txt"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let said = stderr(&output);
    for code in stderr(&check).lines().filter(|l| l.starts_with("cards::")) {
        assert!(
            said.contains(code),
            "{code} is reported as cards check reports it: {said}"
        );
    }
}

#[cfg(unix)]
#[test]
fn an_unreadable_overlay_file_stops_the_command() {
    let dir = scratch();
    let data = dir.path().join("data");
    std::fs::create_dir_all(data.join("cards/talon")).expect("made");
    std::os::unix::fs::symlink(
        dir.path().join("gone.toml"),
        data.join("cards/talon/ships.toml"),
    )
    .expect("linked");
    let output = with_data(
        &data,
        &["resolve", "examples/talon/fire-patton-at-vision.toml"],
    );
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("ships.toml"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_missing_overlay_path_stops_resolve() {
    let output = arbiter(&[
        "--data",
        "no/such/folder",
        "resolve",
        "examples/xwing/afterburners-boost-twice.toml",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("no/such/folder"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn a_sound_overlay_still_runs() {
    let dir = scratch();
    let data = dir.path().join("data");
    std::fs::create_dir_all(data.join("errata")).expect("made");
    std::fs::write(data.join("errata/empty.toml"), "# no errata yet\n").expect("written");
    let output = with_data(&data, &["validate", "examples/lists/xwing-yavin-link.txt"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
}

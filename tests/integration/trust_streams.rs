//! Issue 23, item 3: a write to standard output or standard error that fails is an error
//! (exit 2, said on stderr); only a closed pipe is quiet.

use crate::support::{command, run, stderr};
use std::process::Stdio;

/// `/dev/full` opened for writing: every write fails with "no space left on device".
fn full() -> Option<std::fs::File> {
    let file = std::fs::OpenOptions::new().write(true).open("/dev/full");
    if file.is_err() {
        println!("skipped: no /dev/full on this system");
    }
    file.ok()
}

/// Commands that print on standard output, one of each kind of writer.
const PRINTING: &[&[&str]] = &[
    &["completions", "bash"],
    &["man"],
    &["--help"],
    &["--version"],
    &["schema"],
    &["explain", "--list"],
    &["explain", "armada::squadron_cap", "--output", "json"],
    &["validate", "examples/lists/xwing-yavin-link.txt"],
    &[
        "validate",
        "--output",
        "json",
        "examples/lists/xwing-yavin-link.txt",
    ],
    &["validate", "--output", "jsonl", "examples/lists"],
    &["validate", "--output", "github", "examples/lists"],
    &["cards", "check", "--output", "json"],
    &["cards", "check", "--output", "github"],
    &["cards", "show", "Wedge Antilles", "--game", "xwing"],
    &["cards", "search", "wedge"],
    &["rule", "focus"],
    &["rule", "--list"],
    &["resolve", "examples/xwing/afterburners-boost-twice.toml"],
    &[
        "resolve",
        "--output",
        "json",
        "examples/spacealert/heavy-laser-fighter.toml",
    ],
    &[
        "score",
        "armada",
        "--format",
        "sector-800",
        "--margin",
        "230",
    ],
    &[
        "export",
        "tests/fixtures/export/tts-line.txt",
        "--to",
        "xws",
    ],
];

#[test]
fn a_full_standard_output_fails_every_command() {
    for args in PRINTING {
        let Some(full) = full() else { return };
        let output = run(command().args(*args).stdout(full));
        assert_eq!(
            output.status.code(),
            Some(2),
            "arbiter {args:?} > /dev/full"
        );
        assert!(
            stderr(&output).contains("error: cannot write to standard output"),
            "arbiter {args:?} > /dev/full says why:\n{}",
            stderr(&output)
        );
    }
}

#[test]
fn a_full_standard_error_fails_the_command() {
    // `cards check --verbose` names each file read on stderr; a list that cannot be read,
    // its reason.
    for args in [
        &["cards", "check", "--verbose"][..],
        &["validate", "--output", "json", "no-such-list.txt"],
    ] {
        let Some(full) = full() else { return };
        let output = run(command().args(args).stderr(full));
        assert_eq!(
            output.status.code(),
            Some(2),
            "arbiter {args:?} 2> /dev/full"
        );
    }
}

#[test]
fn a_closed_pipe_is_quiet_and_keeps_the_verdict() {
    // Larger than a pipe's buffer, so the writes outlive the reader.
    for (args, verdict) in [
        (&["man"][..], 0),
        (&["explain", "--list"], 0),
        (&["schema"], 0),
        (&["validate", "--details", "examples/lists"], 0),
    ] {
        let mut child = command()
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary runs");
        drop(child.stdout.take());
        let output = child.wait_with_output().expect("the binary ends");
        assert_eq!(
            output.status.code(),
            Some(verdict),
            "arbiter {args:?} | (closed)"
        );
        assert_eq!(stderr(&output), "", "arbiter {args:?} | (closed) is quiet");
    }
}

//! Issue 23, item 2: a file arbiter writes is the old file or the whole new one, never a
//! part of one; `--out` never names the input.

use crate::support::{run, scratch, stderr};
use std::path::Path;
use std::process::{Command, Stdio};

const SQUAD: &str = "tests/fixtures/export/xws-xwa-with-upgrades.json";

fn export_to(out: &Path) -> Command {
    let mut command = crate::support::command();
    command
        .args(["export", SQUAD, "--to", "xws", "-o"])
        .arg(out);
    command
}

/// `arbiter export … -o OUT` under `sh -c` after `prelude` (a `ulimit`, a `trap`).
fn under_shell(prelude: &str, out: &Path) -> std::process::Output {
    Command::new("sh")
        .current_dir(crate::support::root())
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .arg("-c")
        .arg(format!("{prelude}; exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_arbiter"))
        .args(["export", SQUAD, "--to", "xws", "-o"])
        .arg(out)
        .output()
        .expect("sh runs")
}

fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("listed")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn export_replaces_the_file_whole() {
    let dir = scratch();
    let out = dir.path().join("squad.xws");
    std::fs::write(&out, "an older export").expect("written");
    let output = run(&mut export_to(&out));
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let written: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).expect("read")).expect("JSON");
    assert!(written["pilots"].is_array(), "{written}");
    assert_eq!(
        entries(dir.path()),
        ["squad.xws"],
        "no temporary file is left"
    );
}

#[test]
fn out_naming_the_input_is_refused() {
    let dir = scratch();
    let input = dir.path().join("squad.json");
    std::fs::copy(SQUAD, &input).expect("copied");
    let before = std::fs::read(&input).expect("read");
    let spellings = [
        input.clone(),
        dir.path().join(".").join("squad.json"),
        dir.path()
            .join("..")
            .join(dir.path().file_name().expect("named"))
            .join("squad.json"),
    ];
    for out in spellings {
        let output = run(crate::support::command()
            .args(["export", "--to", "text", "-o"])
            .arg(&out)
            .arg(&input));
        assert_eq!(output.status.code(), Some(2), "-o {}", out.display());
        assert!(
            stderr(&output).contains("export::write"),
            "{}",
            stderr(&output)
        );
        assert!(
            stderr(&output).contains("is the squad being read"),
            "{}",
            stderr(&output)
        );
        assert_eq!(
            std::fs::read(&input).expect("read"),
            before,
            "the squad is kept"
        );
    }
}

#[cfg(unix)]
#[test]
fn a_write_cut_short_leaves_the_old_file() {
    let dir = scratch();
    let out = dir.path().join("squad.xws");
    std::fs::write(&out, "the old export").expect("written");
    // Killed by SIGXFSZ at its first byte past the limit, as a full quota or `kill -9`
    // would stop it half-way.
    let killed = under_shell("ulimit -f 0", &out);
    assert_ne!(
        killed.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&killed.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(&out).expect("read"),
        "the old export"
    );
    // With the signal ignored the write fails instead, as on a full disk: exit 2, said.
    let failed = under_shell("trap '' XFSZ; ulimit -f 0", &out);
    assert_eq!(
        failed.status.code(),
        Some(2),
        "{}",
        String::from_utf8_lossy(&failed.stderr)
    );
    let said = String::from_utf8_lossy(&failed.stderr);
    assert!(
        said.contains("export::write") && said.contains("as it was"),
        "{said}"
    );
    assert_eq!(
        std::fs::read_to_string(&out).expect("read"),
        "the old export"
    );
    let left: Vec<String> = entries(dir.path())
        .into_iter()
        .filter(|n| n != "squad.xws")
        .collect();
    assert!(
        left.len() <= 1
            && left
                .iter()
                .all(|n| n.starts_with(".squad.xws.") && n.ends_with(".tmp")),
        "at most the killed run's temporary file is left: {left:?}"
    );
}

#[test]
fn two_exports_to_one_file_leave_one_whole_export() {
    let dir = scratch();
    let out = dir.path().join("squad.xws");
    for _ in 0..5 {
        let mut first = export_to(&out).spawn().expect("runs");
        let mut second = export_to(&out).spawn().expect("runs");
        assert!(first.wait().expect("ends").success());
        assert!(second.wait().expect("ends").success());
        let text = std::fs::read_to_string(&out).expect("read");
        serde_json::from_str::<serde_json::Value>(&text)
            .unwrap_or_else(|e| panic!("one whole export, not two mixed ({e}):\n{text}"));
    }
    assert_eq!(entries(dir.path()), ["squad.xws"]);
}

#[cfg(target_os = "linux")]
#[test]
fn a_device_that_cannot_take_the_export_fails_the_run() {
    let output = run(&mut export_to(Path::new("/dev/full")));
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("/dev/full"), "{}", stderr(&output));
}

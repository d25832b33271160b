//! Issue 23, item 1: `cards import` writes only a folder that is its own, checks the new
//! tree before it swaps it in, swaps it at once, and runs one at a time.

use crate::support::{command, run, scratch, shared, stderr};
use arbiter::import::tree::{ImportLock, MARKER, Target};
use std::path::{Path, PathBuf};
use std::process::Output;

/// `arbiter cards import xwing-data2 SOURCE --points … --out OUT [extra…]` (without the
/// points revisions the built-in formats would name none, and the check would refuse).
fn import(source: &Path, out: &Path, extra: &[&str]) -> Output {
    run(import_command(source, out).args(extra))
}

fn import_command(source: &Path, out: &Path) -> std::process::Command {
    let points = source.with_file_name("xwing-points");
    let mut command = command();
    command
        .args(["cards", "import", "xwing-data2"])
        .arg(source)
        .arg("--points")
        .arg(points)
        .arg("--out")
        .arg(out);
    command
}

/// Every path under `dir`, relative, sorted.
fn tree(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = walkdir::WalkDir::new(dir)
        .min_depth(1)
        .into_iter()
        .map(|e| {
            let e = e.expect("entry");
            let inside = e.path().strip_prefix(dir).expect("inside");
            inside.display().to_string()
        })
        .collect();
    names.sort();
    names
}

/// A copy of xwing-data2 to damage (beside a copy of xwing-points).
fn copy_of(source: &Path, into: &Path) -> PathBuf {
    let points = source.with_file_name("xwing-points");
    copy_folder(&points, &into.join("xwing-points"));
    let copy = into.join("xwing-data2");
    copy_folder(source, &copy);
    copy
}

fn copy_folder(source: &Path, copy: &Path) {
    for entry in walkdir::WalkDir::new(source) {
        let entry = entry.expect("entry");
        let to = copy.join(entry.path().strip_prefix(source).expect("inside"));
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&to).expect("made");
        } else {
            std::fs::copy(entry.path(), &to).expect("copied");
        }
    }
}

fn xwing_data2() -> Option<PathBuf> {
    shared("reference").map(|r| r.join("xwing-data2"))
}

#[test]
fn the_committed_imports_carry_the_marker() {
    // tools/import-xwing-cards.sh writes data/cards/xwing: it must stay the import's folder.
    for game in ["xwing", "armada"] {
        let marker = crate::support::root()
            .join("data/cards")
            .join(game)
            .join(MARKER);
        assert!(marker.is_file(), "{} is missing", marker.display());
    }
}

#[test]
fn a_new_folder_is_written_and_marked() {
    let Some(source) = xwing_data2() else { return };
    let dir = scratch();
    let out = dir.path().join("cards/xwing");
    let output = import(&source, &out, &[]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(out.join(MARKER).is_file());
    assert!(out.join("pilots").is_dir() && out.join("upgrades.toml").is_file());
    assert_eq!(
        tree(&dir.path().join("cards")).len(),
        tree(&out).len() + 1,
        "nothing beside it"
    );
}

#[test]
fn a_folder_of_the_users_files_is_refused_unless_forced() {
    let Some(source) = xwing_data2() else { return };
    let dir = scratch();
    // A typo: --out data instead of --out data/cards/xwing.
    let out = dir.path().join("data");
    std::fs::create_dir_all(out.join("errata")).expect("made");
    std::fs::write(out.join("errata/mine.toml"), "kept").expect("written");
    let before = tree(dir.path());
    let output = import(&source, &out, &[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("cards::import_refused"),
        "{}",
        stderr(&output)
    );
    assert!(stderr(&output).contains("--force"), "{}", stderr(&output));
    assert_eq!(
        tree(dir.path()),
        before,
        "nothing was touched or left behind"
    );
    let forced = import(&source, &out, &["--force"]);
    assert_eq!(forced.status.code(), Some(0), "{}", stderr(&forced));
    assert!(!out.join("errata").exists() && out.join(MARKER).is_file());
}

#[test]
fn a_file_is_never_replaced_by_a_folder() {
    let Some(source) = xwing_data2() else { return };
    let dir = scratch();
    let out = dir.path().join("notes.txt");
    std::fs::write(&out, "mine").expect("written");
    for extra in [&[][..], &["--force"]] {
        let output = import(&source, &out, extra);
        assert_eq!(output.status.code(), Some(2), "{extra:?}");
        assert!(stderr(&output).contains("is a file"), "{}", stderr(&output));
    }
    assert_eq!(std::fs::read_to_string(&out).expect("read"), "mine");
}

#[test]
fn an_import_that_fails_its_check_is_not_swapped_in() {
    let Some(source) = xwing_data2() else { return };
    let dir = scratch();
    let out = dir.path().join("xwing");
    assert_eq!(import(&source, &out, &[]).status.code(), Some(0));
    let before: Vec<(String, Vec<u8>)> = tree(&out)
        .into_iter()
        .filter(|name| out.join(name).is_file())
        .map(|name| (name.clone(), std::fs::read(out.join(&name)).expect("read")))
        .collect();
    let broken = copy_of(&source, dir.path());
    let shuttle = broken.join("data/pilots/rebel-alliance/attack-shuttle.json");
    let text = std::fs::read_to_string(&shuttle).expect("read");
    std::fs::write(
        &shuttle,
        text.replacen("\"initiative\": 2", "\"initiative\": 9", 1),
    )
    .expect("written");
    let output = import(&broken, &out, &[]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let said = stderr(&output);
    assert!(said.contains("cards::impossible_value"), "{said}");
    assert!(
        said.contains("pilots/rebelalliance.toml"),
        "located in the import: {said}"
    );
    assert!(said.contains("nothing was replaced"), "{said}");
    for (name, bytes) in before {
        assert_eq!(
            std::fs::read(out.join(&name)).expect("kept"),
            bytes,
            "{name}"
        );
    }
    let beside: Vec<String> = tree(dir.path())
        .into_iter()
        .filter(|n| !n.starts_with("xwing") && !n.contains('/'))
        .collect();
    assert_eq!(
        beside,
        Vec::<String>::new(),
        "no staging folder or lock is left"
    );
}

#[test]
fn a_second_import_is_refused_while_one_runs() {
    let Some(source) = xwing_data2() else { return };
    let dir = scratch();
    let out = dir.path().join("xwing");
    let target = Target::check(&out, false).expect("a new folder");
    // This test process is the import that runs.
    let running = ImportLock::acquire(&target).expect("locked");
    let output = import(&source, &out, &[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("another `arbiter cards import` is writing"),
        "{}",
        stderr(&output)
    );
    assert!(!out.exists(), "the second import wrote nothing");
    drop(running);
    assert_eq!(import(&source, &out, &[]).status.code(), Some(0));
}

#[cfg(unix)]
#[test]
fn a_killed_import_leaves_the_old_tree_or_the_new_one() {
    let Some(source) = xwing_data2() else { return };
    let dir = scratch();
    let out = dir.path().join("xwing");
    assert_eq!(import(&source, &out, &[]).status.code(), Some(0));
    let whole = tree(&out);
    // Killed at moments spread over a run (about half a second in a debug build).
    for delay_ms in [0, 50, 150, 300, 450, 600, 800] {
        let mut child = import_command(&source, &out)
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("runs");
        std::thread::sleep(std::time::Duration::from_millis(delay_ms));
        let _ = child.kill();
        let _ = child.wait();
        assert_eq!(
            tree(&out),
            whole,
            "killed after {delay_ms} ms: the tree is whole"
        );
    }
    // No lock is left held: the next import runs, and clears what the killed ones left.
    let output = import(&source, &out, &[]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let beside: Vec<String> = tree(dir.path())
        .into_iter()
        .filter(|n| !n.starts_with("xwing"))
        .collect();
    assert_eq!(beside, Vec::<String>::new());
}

#[cfg(target_os = "linux")]
#[test]
fn the_folder_is_never_missing_while_imports_replace_it() {
    let Some(source) = xwing_data2() else { return };
    let dir = scratch();
    let out = dir.path().join("xwing");
    assert_eq!(import(&source, &out, &[]).status.code(), Some(0));
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let watcher = {
        let (out, done) = (out.clone(), done.clone());
        std::thread::spawn(move || {
            let mut looks = 0u64;
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                assert!(out.join(MARKER).is_file(), "the folder went missing");
                looks += 1;
            }
            looks
        })
    };
    for _ in 0..2 {
        assert_eq!(import(&source, &out, &[]).status.code(), Some(0));
    }
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    assert!(
        watcher
            .join()
            .expect("the watcher saw the folder every time")
            > 0
    );
}

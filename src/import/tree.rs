//! Where an import writes: a folder it made (or one an earlier import made, which carries
//! its marker file), replaced whole and at once, by one import at a time.
//!
//! 1. [`Target::check`]: the `--out` folder must be missing, empty or marked by an earlier
//!    import; any other folder holds the user's own files and is refused unless forced; a
//!    file or a link is always refused.
//! 2. [`ImportLock::acquire`]: a lock file beside the target, held with `flock` for the
//!    whole run, so a second import into the same folder is refused at once. The lock dies
//!    with its process: an import killed half-way does not block the next one.
//! 3. [`Staged::write`]: the new tree, marker included, in a fresh hidden folder beside
//!    the target (`.NAME.staged-*`, on the same file system), every file written whole and
//!    flushed; what a killed import left there is removed first. The caller checks it there.
//! 4. [`Staged::swap`]: on Linux, `renameat2(RENAME_EXCHANGE)` trades the two folders in
//!    one step, so at every instant the target is the old tree or the new one; then the
//!    old tree is removed. Elsewhere (and on Linux file systems without the flag) the old
//!    tree is renamed aside and the new one into its place, two steps with a moment
//!    between them in which the target is missing; the old tree is put back if the second
//!    step fails.

use super::ImportedFiles;
use std::path::{Path, PathBuf};

/// The file an import leaves in every folder it writes; its presence is what allows the
/// next import to replace the folder. Hidden, and not `.toml`: no data loader reads it.
pub const MARKER: &str = ".arbiter-import";

/// The marker's text: which importer wrote the folder.
pub fn marker_text(importer: &str) -> String {
    format!(
        "This folder was written by `arbiter cards import {importer}`.\n\
         The next import replaces it whole: keep your own files elsewhere.\n"
    )
}

/// Why an import was refused or failed; `--force` is the way round only for a folder of
/// the user's own files.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub message: String,
    pub help: String,
}

impl Refusal {
    fn new(message: impl Into<String>, help: impl Into<String>) -> Self {
        Refusal {
            message: message.into(),
            help: help.into(),
        }
    }

    fn io(what: &str, path: &Path, error: &std::io::Error) -> Self {
        Refusal::new(
            format!("cannot {what} {}: {error}", path.display()),
            "check the folder exists and can be written",
        )
    }
}

/// The `--out` folder, checked as fit to be replaced.
#[derive(Debug)]
pub struct Target {
    path: PathBuf,
    parent: PathBuf,
    name: String,
    exists: bool,
}

impl Target {
    /// `out` if an import may write it: missing, empty, or holding an earlier import's
    /// marker; a folder with anything else in it only when `force` is given.
    pub fn check(out: &Path, force: bool) -> Result<Target, Refusal> {
        let name = out
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .ok_or_else(|| {
                Refusal::new(
                    format!("--out {} names no folder", out.display()),
                    "give the folder to write, such as data/cards/xwing",
                )
            })?;
        let parent = match out.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let exists = match std::fs::symlink_metadata(out) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => false,
            Err(e) => return Err(Refusal::io("read", out, &e)),
            Ok(meta) if meta.file_type().is_symlink() => {
                return Err(Refusal::new(
                    format!("--out {} is a link", out.display()),
                    "give the folder it leads to: the import replaces a folder, not a link",
                ));
            }
            Ok(meta) if !meta.is_dir() => {
                return Err(Refusal::new(
                    format!("--out {} is a file, not a folder", out.display()),
                    "give a folder: an import writes a folder of data files",
                ));
            }
            Ok(_) => {
                check_contents(out, force)?;
                true
            }
        };
        Ok(Target {
            path: out.to_path_buf(),
            parent,
            name,
            exists,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// A folder is the import's to replace when it is empty or carries the marker.
fn check_contents(out: &Path, force: bool) -> Result<(), Refusal> {
    if out.join(MARKER).is_file() || force {
        return Ok(());
    }
    let mut entries = std::fs::read_dir(out).map_err(|e| Refusal::io("read", out, &e))?;
    if entries.next().is_none() {
        return Ok(());
    }
    Err(Refusal::new(
        format!(
            "--out {} holds files no import wrote (it has no {MARKER} file); nothing was written",
            out.display()
        ),
        "an import replaces its folder whole: give a new or empty folder, or `--force` to replace this one and everything in it",
    ))
}

/// The lock of one target: held while the import runs, so two imports never write the
/// same folder.
#[derive(Debug)]
pub struct ImportLock {
    path: PathBuf,
    _file: std::fs::File,
}

impl ImportLock {
    /// The lock file of `target` (`.NAME.import-lock` beside it), taken without waiting;
    /// the folders above the target are made if they are missing.
    pub fn acquire(target: &Target) -> Result<ImportLock, Refusal> {
        std::fs::create_dir_all(&target.parent)
            .map_err(|e| Refusal::io("create", &target.parent, &e))?;
        let path = target.parent.join(format!(".{}.import-lock", target.name));
        let file = lock_file(&path).map_err(|why| match why {
            Locked::Held => Refusal::new(
                format!(
                    "another `arbiter cards import` is writing {} (it holds {})",
                    target.path.display(),
                    path.display()
                ),
                "wait for it to end, then run this import again",
            ),
            Locked::Failed(e) => Refusal::io("lock", &path, &e),
        })?;
        Ok(ImportLock { path, _file: file })
    }
}

impl Drop for ImportLock {
    fn drop(&mut self) {
        // Removed while still held: whoever opened it meanwhile finds it gone once it gets
        // the lock, and starts over (see `lock_file`).
        let _ = std::fs::remove_file(&self.path);
    }
}

enum Locked {
    Held,
    Failed(std::io::Error),
}

/// Open (or create) the lock file and lock it. A file removed by the holder between our
/// open and our lock is not the lock any more: try again on the file now at the path.
#[cfg(unix)]
fn lock_file(path: &Path) -> Result<std::fs::File, Locked> {
    use rustix::fs::{FlockOperation, flock};
    use std::os::unix::fs::MetadataExt;
    for _ in 0..100 {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(path)
            .map_err(Locked::Failed)?;
        match flock(&file, FlockOperation::NonBlockingLockExclusive) {
            Ok(()) => {}
            Err(rustix::io::Errno::WOULDBLOCK) => return Err(Locked::Held),
            Err(e) => return Err(Locked::Failed(e.into())),
        }
        let held = file.metadata().map_err(Locked::Failed)?;
        match std::fs::metadata(path) {
            Ok(now) if now.dev() == held.dev() && now.ino() == held.ino() => return Ok(file),
            _ => continue,
        }
    }
    Err(Locked::Held)
}

/// Without `flock`: the lock file is created only if it does not exist. An import killed
/// on such a system leaves it, and the message names it so it can be removed.
#[cfg(not(unix))]
fn lock_file(path: &Path) -> Result<std::fs::File, Locked> {
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::AlreadyExists => Locked::Held,
            _ => Locked::Failed(e),
        })
}

/// The new tree, written beside the target and not yet in its place. Dropped without
/// [`Staged::swap`], it is removed.
#[derive(Debug)]
pub struct Staged<'t> {
    target: &'t Target,
    folder: tempfile::TempDir,
}

impl<'t> Staged<'t> {
    /// Write `files` and the marker of `importer` into a fresh folder beside `target`. The
    /// lock proves no other import is writing there.
    pub fn write(
        target: &'t Target,
        _lock: &ImportLock,
        files: &ImportedFiles,
        importer: &str,
    ) -> Result<Staged<'t>, Refusal> {
        let prefix = format!(".{}.staged-", target.name);
        remove_leftovers(&target.parent, &prefix);
        let folder = tempfile::Builder::new()
            .prefix(&prefix)
            .tempdir_in(&target.parent)
            .map_err(|e| Refusal::io("create a folder in", &target.parent, &e))?;
        let marker = (MARKER.to_string(), marker_text(importer));
        for (relative, text) in files.iter().chain(std::iter::once(&marker)) {
            let path = folder.path().join(relative);
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir).map_err(|e| Refusal::io("create", dir, &e))?;
            }
            crate::atomic::write_file(&path, text.as_bytes())
                .map_err(|message| Refusal::new(message, "nothing was replaced"))?;
        }
        sync_tree(folder.path());
        Ok(Staged { target, folder })
    }

    /// Where the new tree is, to be checked before the swap.
    pub fn path(&self) -> &Path {
        self.folder.path()
    }

    /// Put the new tree in the target's place, then remove the old one.
    pub fn swap(self) -> Result<(), Refusal> {
        let staged = self.folder.keep();
        let result = if self.target.exists {
            exchange(&staged, &self.target.path)
        } else {
            std::fs::rename(&staged, &self.target.path)
                .map_err(|e| Refusal::io("move the import into", &self.target.path, &e))
        };
        // After an exchange the staged path holds the old tree; after a failure, the new.
        let _ = std::fs::remove_dir_all(&staged);
        crate::atomic::sync_folder(&self.target.parent);
        result
    }
}

/// What an import killed half-way left beside the target: its staged tree (or the old
/// tree set aside). The lock proves that import is over.
fn remove_leftovers(parent: &Path, prefix: &str) {
    let Ok(entries) = std::fs::read_dir(parent) else {
        return;
    };
    for entry in entries.flatten() {
        let is_leftover = entry.file_name().to_string_lossy().starts_with(prefix)
            && entry.file_type().is_ok_and(|t| t.is_dir());
        if is_leftover {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Flush every folder of a written tree, so the files' names are on the disk before the
/// tree is swapped in.
fn sync_tree(root: &Path) {
    for entry in walkdir::WalkDir::new(root).into_iter().flatten() {
        if entry.file_type().is_dir() {
            crate::atomic::sync_folder(entry.path());
        }
    }
}

/// Trade `staged` and `target` in one step where the system can.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn exchange(staged: &Path, target: &Path) -> Result<(), Refusal> {
    use rustix::fs::{CWD, RenameFlags, renameat_with};
    match renameat_with(CWD, staged, CWD, target, RenameFlags::EXCHANGE) {
        Ok(()) => Ok(()),
        // The file system has no exchange (some network and FUSE ones).
        Err(rustix::io::Errno::INVAL | rustix::io::Errno::NOSYS) => {
            exchange_in_two_steps(staged, target)
        }
        Err(e) => Err(Refusal::io("move the import into", target, &e.into())),
    }
}

#[cfg(not(any(target_os = "linux", target_os = "android")))]
fn exchange(staged: &Path, target: &Path) -> Result<(), Refusal> {
    exchange_in_two_steps(staged, target)
}

/// The old tree aside, the new one in: between the two renames the target is missing.
/// Afterwards `staged` holds the old tree, as after an exchange.
fn exchange_in_two_steps(staged: &Path, target: &Path) -> Result<(), Refusal> {
    let mut aside_name = staged.file_name().unwrap_or_default().to_os_string();
    aside_name.push(".previous");
    let aside = staged.with_file_name(aside_name);
    std::fs::rename(target, &aside).map_err(|e| Refusal::io("move aside", target, &e))?;
    if let Err(e) = std::fs::rename(staged, target) {
        let _ = std::fs::rename(&aside, target);
        return Err(Refusal::io("move the import into", target, &e));
    }
    std::fs::rename(&aside, staged).map_err(|e| Refusal::io("move", &aside, &e))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch() -> tempfile::TempDir {
        tempfile::Builder::new()
            .prefix("arbiter-tree-")
            .tempdir()
            .expect("a scratch folder")
    }

    fn files(text: &str) -> ImportedFiles {
        vec![
            ("a.toml".to_string(), text.to_string()),
            ("pilots/b.toml".to_string(), text.to_string()),
        ]
    }

    fn import(out: &Path, text: &str, force: bool) -> Result<(), Refusal> {
        let target = Target::check(out, force)?;
        let lock = ImportLock::acquire(&target)?;
        Staged::write(&target, &lock, &files(text), "test")?.swap()
    }

    fn listing(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = walkdir::WalkDir::new(dir)
            .min_depth(1)
            .into_iter()
            .map(|e| {
                let e = e.expect("entry");
                e.path()
                    .strip_prefix(dir)
                    .expect("inside")
                    .display()
                    .to_string()
            })
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_new_folder_is_made_and_marked_then_replaced_whole() {
        let dir = scratch();
        let out = dir.path().join("xwing");
        import(&out, "one", false).expect("a new folder");
        assert_eq!(listing(&out), [MARKER, "a.toml", "pilots", "pilots/b.toml"]);
        std::fs::write(out.join("pilots/stale.toml"), "x").expect("written");
        import(&out, "two", false).expect("a marked folder");
        assert_eq!(
            std::fs::read_to_string(out.join("a.toml")).expect("read"),
            "two"
        );
        assert!(
            !out.join("pilots/stale.toml").exists(),
            "the old tree is gone"
        );
        assert_eq!(
            listing(dir.path()).len(),
            listing(&out).len() + 1,
            "nothing left beside"
        );
    }

    #[test]
    fn a_folder_of_other_files_is_refused_unless_forced() {
        let dir = scratch();
        let out = dir.path().join("data");
        std::fs::create_dir_all(out.join("errata")).expect("made");
        std::fs::write(out.join("errata/mine.toml"), "x").expect("written");
        let refusal = import(&out, "new", false).expect_err("refused");
        assert!(
            refusal.message.contains("holds files no import wrote"),
            "{refusal:?}"
        );
        assert!(refusal.help.contains("--force"), "{refusal:?}");
        assert!(out.join("errata/mine.toml").exists());
        assert_eq!(
            listing(dir.path()),
            ["data", "data/errata", "data/errata/mine.toml"]
        );
        import(&out, "new", true).expect("forced");
        assert!(!out.join("errata").exists());
        assert!(out.join(MARKER).is_file());
    }

    #[test]
    fn an_empty_folder_is_the_imports() {
        let dir = scratch();
        let out = dir.path().join("empty");
        std::fs::create_dir(&out).expect("made");
        import(&out, "x", false).expect("an empty folder is taken");
        assert!(out.join(MARKER).is_file());
    }

    #[test]
    fn a_file_is_never_turned_into_a_folder() {
        let dir = scratch();
        let out = dir.path().join("notes.txt");
        std::fs::write(&out, "mine").expect("written");
        for force in [false, true] {
            let refusal = import(&out, "x", force).expect_err("a file is refused");
            assert!(refusal.message.contains("is a file"), "{refusal:?}");
        }
        assert_eq!(std::fs::read_to_string(&out).expect("read"), "mine");
    }

    #[test]
    fn a_second_import_is_refused_while_the_first_holds_the_lock() {
        let dir = scratch();
        let out = dir.path().join("xwing");
        let target = Target::check(&out, false).expect("fine");
        let held = ImportLock::acquire(&target).expect("first");
        let refusal = ImportLock::acquire(&target).expect_err("second");
        assert!(
            refusal.message.contains("another `arbiter cards import`"),
            "{refusal:?}"
        );
        drop(held);
        ImportLock::acquire(&target).expect("free again");
    }

    #[test]
    fn the_two_step_exchange_leaves_the_old_tree_at_the_staged_path() {
        let dir = scratch();
        let (staged, target) = (dir.path().join("staged"), dir.path().join("target"));
        std::fs::create_dir(&staged).expect("made");
        std::fs::create_dir(&target).expect("made");
        std::fs::write(staged.join("new"), "").expect("written");
        std::fs::write(target.join("old"), "").expect("written");
        exchange_in_two_steps(&staged, &target).expect("exchanged");
        assert!(target.join("new").exists() && staged.join("old").exists());
    }
}

//! Walking a folder for inputs. walkdir keeps track of the folders it is inside, so a
//! symbolic link back up the tree is noticed instead of followed for ever; it also goes on
//! past an entry it cannot read.

use std::path::{Path, PathBuf};
use walkdir::WalkDir;

/// What a walk found: the files to read, in a stable order (sorted by name within each
/// folder), and what it passed over.
#[derive(Debug, Default)]
pub struct Walk {
    pub files: Vec<PathBuf>,
    /// Entries not read, each with why (a FIFO, a device, a link loop). Worth a note.
    pub skipped: Vec<Skipped>,
    /// Entries that could not be read at all (no permission, a dangling link), with the
    /// error: inputs that failed.
    pub unreadable: Vec<(PathBuf, String)>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    pub path: PathBuf,
    pub why: String,
}

impl std::fmt::Display for Skipped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "skipped {}: {}", self.path.display(), self.why)
    }
}

/// One thing a walk comes upon.
#[derive(Debug)]
pub enum Found {
    /// A regular file to read.
    File(PathBuf),
    /// An entry passed over, with why (a FIFO, a device, a link loop). Worth a note.
    Skipped(Skipped),
    /// An entry that could not be read at all, with the error: an input that failed.
    Unreadable(PathBuf, String),
}

/// Every regular file under `root` whose name `wanted` accepts, gathered. Hidden entries
/// (names starting with `.`) below the root are left out; links are followed, except one
/// that leads back into a folder being walked.
pub fn walk(root: &Path, wanted: impl Fn(&Path) -> bool) -> Walk {
    let mut found = Walk::default();
    for item in walk_lazily(root, wanted) {
        match item {
            Found::File(path) => found.files.push(path),
            Found::Skipped(skipped) => found.skipped.push(skipped),
            Found::Unreadable(path, why) => found.unreadable.push((path, why)),
        }
    }
    found
}

/// [`walk`] one entry at a time: only the folders being walked are held, never the list of
/// files, so a season's corpus costs no more memory than one folder.
pub fn walk_lazily<F>(root: &Path, wanted: F) -> impl Iterator<Item = Found> + use<F>
where
    F: Fn(&Path) -> bool,
{
    let root = root.to_path_buf();
    let entries = WalkDir::new(&root)
        .follow_links(true)
        // Siblings share their folder's path, so their paths' bytes sort as their names
        // do: walkdir's `sort_by_file_name` finds each name again from the path's end at
        // every comparison, a tenth of the walking thread's work on a 9,000-file folder.
        .sort_by(|a, b| a.path().as_os_str().cmp(b.path().as_os_str()))
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.'));
    entries.filter_map(move |entry| match entry {
        Ok(entry) => {
            let kind = entry.file_type();
            if kind.is_dir() {
                return None;
            }
            let path = entry.into_path();
            if !wanted(&path) {
                return None;
            }
            Some(if kind.is_file() {
                Found::File(path)
            } else {
                Found::Skipped(Skipped {
                    path,
                    why: format!("{}, not a regular file", kind_name(&kind)),
                })
            })
        }
        Err(error) => {
            let path = error
                .path()
                .map(Path::to_path_buf)
                .unwrap_or_else(|| root.clone());
            Some(if let Some(ancestor) = error.loop_ancestor() {
                Found::Skipped(Skipped {
                    path,
                    why: format!(
                        "a link back to {}, which is being walked already",
                        ancestor.display()
                    ),
                })
            } else {
                let why = error
                    .io_error()
                    .map_or_else(|| error.to_string(), std::string::ToString::to_string);
                Found::Unreadable(path, why)
            })
        }
    })
}

fn kind_name(kind: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_symlink() {
        return "a link";
    }
    "not a file"
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// A scratch folder, removed when the test ends (held by the returned guard).
    fn scratch(name: &str) -> (tempfile::TempDir, PathBuf) {
        let guard = tempfile::Builder::new()
            .prefix(&format!("arbiter-walk-{name}-"))
            .tempdir()
            .expect("a scratch folder");
        let dir = guard.path().to_path_buf();
        (guard, dir)
    }

    fn txt(path: &Path) -> bool {
        path.extension().is_some_and(|e| e == "txt")
    }

    #[test]
    fn a_link_loop_is_noted_and_not_followed() {
        let (_guard, dir) = scratch("loop");
        std::fs::create_dir_all(dir.join("sub")).expect("sub");
        std::fs::write(dir.join("sub/a.txt"), "x").expect("a");
        std::os::unix::fs::symlink("..", dir.join("sub/up")).expect("link");
        let walk = walk(&dir, txt);
        assert_eq!(walk.files, vec![dir.join("sub/a.txt")]);
        assert_eq!(walk.skipped.len(), 1, "{:?}", walk.skipped);
        assert!(walk.skipped[0].why.contains("link back"));
    }

    #[test]
    fn a_dangling_link_is_unreadable_and_the_walk_goes_on() {
        let (_guard, dir) = scratch("dangling");
        std::os::unix::fs::symlink("nowhere.txt", dir.join("a.txt")).expect("link");
        std::fs::write(dir.join("b.txt"), "x").expect("b");
        let walk = walk(&dir, txt);
        assert_eq!(walk.files, vec![dir.join("b.txt")]);
        assert_eq!(walk.unreadable.len(), 1);
        assert_eq!(walk.unreadable[0].0, dir.join("a.txt"));
    }

    #[test]
    fn files_come_sorted_and_hidden_entries_are_left_out() {
        let (_guard, dir) = scratch("sorted");
        for name in ["b.txt", "a.txt", ".hidden.txt", "c.toml"] {
            std::fs::write(dir.join(name), "x").expect("file");
        }
        std::fs::create_dir_all(dir.join("a")).expect("folder");
        std::fs::write(dir.join("a/z.txt"), "x").expect("file");
        let walk = walk(&dir, txt);
        assert_eq!(
            walk.files,
            vec![dir.join("a/z.txt"), dir.join("a.txt"), dir.join("b.txt")]
        );
    }
}

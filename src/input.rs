//! The inputs people name on the command line: files, folders walked for list files, and
//! standard input. Every read is bounded, and a walk yields paths one at a time, so a
//! season's worth of lists costs no more memory than one.

use std::borrow::Cow;
use std::io::Read;
use std::path::{Path, PathBuf};

/// File name endings read when walking a folder (a named file is always read).
pub const LIST_EXTENSIONS: &[&str] = &["txt", "json", "xws", "yasb", "list", "fleet"];

/// The most bytes a list may have. One byte more is read, so a larger input is told from
/// one of exactly this size and refused by its reader with a located diagnostic.
pub const MAX_LIST_BYTES: u64 = 1 << 20;

/// One input: its name for reports, and where its bytes come from.
#[derive(Debug)]
pub struct Input {
    pub name: String,
    source: Source,
}

#[derive(Debug)]
enum Source {
    /// Read when a worker takes the input.
    File(PathBuf),
    /// Standard input, read when the walk reaches it (it can be read once only).
    Bytes(Vec<u8>),
    /// Why the input could not be read.
    Refused(String),
}

impl Input {
    /// The input's bytes, at most [`MAX_LIST_BYTES`] + 1 of them.
    pub fn read(&self) -> Result<Cow<'_, [u8]>, String> {
        match &self.source {
            Source::Bytes(bytes) => Ok(Cow::Borrowed(bytes)),
            Source::Refused(why) => Err(why.clone()),
            Source::File(path) => std::fs::File::open(path)
                .and_then(read_bounded)
                .map(Cow::Owned)
                .map_err(|e| e.to_string()),
        }
    }

    /// A named input that is no folder: the report shows it in full.
    pub fn is_single(paths: &[PathBuf]) -> bool {
        matches!(paths, [one] if !one.is_dir())
    }
}

/// Read at most [`MAX_LIST_BYTES`] + 1 bytes of `source` (a file, a FIFO, a device or
/// standard input alike).
pub fn read_bounded(source: impl Read) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    source.take(MAX_LIST_BYTES + 1).read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// The inputs `paths` name, in order: a file as named, a folder walked (sorted per
/// folder, hidden entries skipped, only list-like file names), `-` as standard input.
pub fn inputs(paths: &[PathBuf]) -> impl Iterator<Item = Input> + Send + '_ {
    paths
        .iter()
        .flat_map(|path| -> Box<dyn Iterator<Item = Input> + Send> {
            if path.as_os_str() == "-" {
                let source = match read_bounded(std::io::stdin().lock()) {
                    Ok(bytes) => Source::Bytes(bytes),
                    Err(e) => Source::Refused(e.to_string()),
                };
                Box::new(std::iter::once(Input {
                    name: "<stdin>".to_string(),
                    source,
                }))
            } else if path.is_dir() {
                Box::new(walk(path))
            } else {
                Box::new(std::iter::once(Input {
                    name: path.display().to_string(),
                    source: Source::File(path.clone()),
                }))
            }
        })
}

/// A folder's list files, found one at a time. Symbolic links are followed but a link
/// back into a folder being walked is reported, not followed again; an entry that cannot
/// be read is reported and the walk goes on.
fn walk(dir: &Path) -> impl Iterator<Item = Input> + Send + use<> {
    let root = dir.display().to_string();
    let mut found_any = false;
    let mut entries = walkdir::WalkDir::new(dir)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !e.file_name().to_string_lossy().starts_with('.'));
    std::iter::from_fn(move || {
        loop {
            match entries.next() {
                None if !found_any => {
                    found_any = true;
                    return Some(Input {
                        name: root.clone(),
                        source: Source::Refused(format!(
                            "the folder holds no list files (names ending in .{})",
                            LIST_EXTENSIONS.join(", .")
                        )),
                    });
                }
                None => return None,
                Some(Err(error)) => {
                    let name = error
                        .path()
                        .map_or_else(|| root.clone(), |p| p.display().to_string());
                    let why = if error.loop_ancestor().is_some() {
                        "a symbolic link leads back into a folder being walked; not followed"
                            .to_string()
                    } else {
                        error
                            .io_error()
                            .map_or_else(|| error.to_string(), ToString::to_string)
                    };
                    found_any = true;
                    return Some(Input {
                        name,
                        source: Source::Refused(why),
                    });
                }
                Some(Ok(entry)) => {
                    // Devices, FIFOs and sockets in a folder are not lists: reading one
                    // could block or never end.
                    if !entry.file_type().is_file() || !has_list_extension(entry.path()) {
                        continue;
                    }
                    found_any = true;
                    return Some(Input {
                        name: entry.path().display().to_string(),
                        source: Source::File(entry.into_path()),
                    });
                }
            }
        }
    })
}

fn has_list_extension(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| LIST_EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounded_read_stops_one_byte_past_the_limit() {
        let endless = std::io::repeat(b'x');
        let bytes = read_bounded(endless).expect("reading a repeat never fails");
        assert_eq!(bytes.len() as u64, MAX_LIST_BYTES + 1);
    }

    #[test]
    fn walk_is_sorted_and_skips_hidden_and_other_files() {
        let dir = std::env::temp_dir().join(format!("arbiter-walk-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("b")).expect("temp dir");
        std::fs::create_dir_all(dir.join(".hidden")).expect("temp dir");
        for file in ["b/2.txt", "a.json", "c.png", ".hidden/x.txt", "b/1.xws"] {
            std::fs::write(dir.join(file), "x").expect("temp file");
        }
        let names: Vec<String> = walk(&dir)
            .map(|i| {
                Path::new(&i.name)
                    .strip_prefix(&dir)
                    .map(|p| p.display().to_string())
                    .unwrap_or(i.name)
            })
            .collect();
        assert_eq!(names, ["a.json", "b/1.xws", "b/2.txt"]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_loop_is_reported_once_and_the_walk_ends() {
        let dir = std::env::temp_dir().join(format!("arbiter-loop-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub")).expect("temp dir");
        std::fs::write(dir.join("sub/list.txt"), "x").expect("temp file");
        std::os::unix::fs::symlink(&dir, dir.join("sub/back")).expect("symlink");
        let inputs: Vec<Input> = walk(&dir).collect();
        assert_eq!(inputs.len(), 2, "{inputs:?}");
        assert!(inputs.iter().any(|i| i.read().is_ok()));
        let refused: Vec<String> = inputs.iter().filter_map(|i| i.read().err()).collect();
        assert_eq!(refused.len(), 1);
        assert!(refused[0].contains("symbolic link"), "{refused:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}

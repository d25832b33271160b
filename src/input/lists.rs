//! The list inputs of a `validate` run, one at a time: files as named, folders walked
//! lazily for list files, `-` as standard input. Only paths wait here; each file is read
//! (bounded) by the worker that checks it.

use super::read::{STDIN, Unread, display_name, read_bounded};
use super::walk::{Found, walk_lazily};
use std::borrow::Cow;
use std::path::{Path, PathBuf};

/// File name endings read when walking a folder (a named file is always read).
pub const LIST_EXTENSIONS: &[&str] = &["txt", "json", "xws", "yasb", "list", "fleet"];

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
    Read(Vec<u8>),
    /// Why the input could not be read.
    Unread(Unread),
}

impl Input {
    /// The input's bytes, at most `limit` of them (a larger input is refused).
    pub fn read(&self, limit: usize) -> Result<Cow<'_, [u8]>, Unread> {
        match &self.source {
            Source::Read(bytes) => Ok(Cow::Borrowed(bytes)),
            Source::Unread(why) => Err(why.clone()),
            Source::File(path) => read_bounded(path, limit).map(Cow::Owned),
        }
    }

    /// Bytes already read, under `name` (tests and the fuzz harness).
    pub fn from_bytes(name: &str, bytes: &[u8]) -> Self {
        Input {
            name: name.to_string(),
            source: Source::Read(bytes.to_vec()),
        }
    }

    /// A named input that is no folder (a file, `-`, a builder's link): the report shows it
    /// in full.
    pub fn is_single(paths: &[PathBuf]) -> bool {
        matches!(paths, [one] if !one.is_dir())
    }
}

/// The inputs `paths` name, in order: a file as named, a folder walked (sorted per folder,
/// hidden entries skipped, only list-like names; what is not a regular file is passed
/// over with a note on stderr), `-` as standard input (read here, bounded by `limit`).
pub fn list_inputs(paths: &[PathBuf], limit: usize) -> impl Iterator<Item = Input> + Send + '_ {
    paths
        .iter()
        .flat_map(move |path| -> Box<dyn Iterator<Item = Input> + Send> {
            if path.as_os_str() == STDIN {
                let source = match read_bounded(path, limit) {
                    Ok(bytes) => Source::Read(bytes),
                    Err(why) => Source::Unread(why),
                };
                Box::new(std::iter::once(Input {
                    name: display_name(path),
                    source,
                }))
            } else if let Some(link) = builder_link(path) {
                // A squad builder's link carries the whole list: read it as the text of
                // an input, as it is when piped in.
                Box::new(std::iter::once(Input {
                    name: link.to_string(),
                    source: Source::Read(link.as_bytes().to_vec()),
                }))
            } else if path.is_dir() {
                Box::new(walk_lists(path))
            } else {
                Box::new(std::iter::once(Input {
                    name: path.display().to_string(),
                    source: Source::File(path.clone()),
                }))
            }
        })
}

/// The argument as a web link (a YASB, Launch Bay Next or other builder's URL), when it
/// is one and no file of that name exists.
fn builder_link(path: &Path) -> Option<&str> {
    let text = path.to_str()?;
    let scheme = text.get(..8)?.to_ascii_lowercase();
    let is_link = scheme.starts_with("http://") || scheme.starts_with("https://");
    (is_link && !path.exists()).then_some(text)
}

fn walk_lists(dir: &Path) -> impl Iterator<Item = Input> + Send + use<> {
    let root = dir.display().to_string();
    let mut found = walk_lazily(dir, is_list_name);
    let mut any = false;
    std::iter::from_fn(move || {
        loop {
            match found.next() {
                Some(Found::File(path)) => {
                    any = true;
                    return Some(Input {
                        name: path.display().to_string(),
                        source: Source::File(path),
                    });
                }
                Some(Found::Skipped(skipped)) => {
                    crate::report::stream::stderr_line(&format!("note: {skipped}"))
                }
                Some(Found::Unreadable(path, why)) => {
                    any = true;
                    return Some(Input {
                        source: Source::Unread(Unread::Failed(format!(
                            "cannot read {}: {why}",
                            path.display()
                        ))),
                        name: path.display().to_string(),
                    });
                }
                None if !any => {
                    any = true;
                    return Some(Input {
                        source: Source::Unread(Unread::Failed(format!(
                            "cannot read {root}: the folder holds no list files (names ending in .{})",
                            LIST_EXTENSIONS.join(", .")
                        ))),
                        name: root.clone(),
                    });
                }
                None => return None,
            }
        }
    })
}

fn is_list_name(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| LIST_EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_folder_streams_its_lists_sorted_and_an_empty_one_says_so() {
        let dir = std::env::temp_dir().join(format!("arbiter-lists-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("b")).expect("temp dir");
        std::fs::create_dir_all(dir.join("empty")).expect("temp dir");
        for file in ["b/2.txt", "a.json", "c.png", "b/1.xws"] {
            std::fs::write(dir.join(file), "x").expect("temp file");
        }
        let names: Vec<String> = list_inputs(std::slice::from_ref(&dir), 10)
            .map(|i| {
                i.name
                    .trim_start_matches(&dir.display().to_string())
                    .to_string()
            })
            .collect();
        assert_eq!(names, ["/a.json", "/b/1.xws", "/b/2.txt"]);
        let empty: Vec<Input> = list_inputs(&[dir.join("empty")], 10).collect();
        assert_eq!(empty.len(), 1);
        assert!(
            matches!(empty[0].read(10), Err(Unread::Failed(why)) if why.contains("no list files"))
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}

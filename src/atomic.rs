//! Writing a file so that it is either the old file or the whole new one, never a part:
//! every file arbiter writes goes through [`write_file`].
//!
//! The text goes to a temporary file in the target's own folder (so the rename cannot cross
//! file systems), is flushed to the disk, and is renamed over the target, which the system
//! does in one step. A full disk, `kill -9` or `ulimit -f` leaves the target as it was (and
//! at worst a `.NAME.*.tmp` file beside it); two writers to one target each rename a whole
//! file, and the last one wins. `tempfile` makes the temporary file (a name no one else
//! holds, removed if the write fails) and renames it (`NamedTempFile::persist`).
//!
//! A target that exists and is no regular file (`/dev/stdout`, `/dev/null`, a FIFO) cannot
//! be replaced by a rename and is meant to be written to: it is written in place.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Write `bytes` to `path` as a whole, or fail with a message naming the path and leave
/// what was there untouched.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let target = resolve_link(path)?;
    match std::fs::metadata(&target) {
        Ok(meta) if meta.is_dir() => {
            Err(format!("cannot write {}: it is a folder", path.display()))
        }
        Ok(meta) if !meta.is_file() => write_in_place(&target, bytes),
        Ok(meta) => replace(&target, bytes, Some(meta.permissions())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => replace(&target, bytes, None),
        Err(e) => Err(format!("cannot write {}: {e}", path.display())),
    }
}

/// The file a symbolic link leads to (the link stays a link to the new file); any other
/// path as it is.
fn resolve_link(path: &Path) -> Result<PathBuf, String> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => std::fs::canonicalize(path).map_err(|e| {
            format!(
                "cannot write {}: it is a link that leads nowhere ({e})",
                path.display()
            )
        }),
        _ => Ok(path.to_path_buf()),
    }
}

/// The folder a new file of `path` goes in.
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

fn replace(
    target: &Path,
    bytes: &[u8],
    permissions: Option<std::fs::Permissions>,
) -> Result<(), String> {
    let failed = |e: std::io::Error| format!("cannot write {}: {e}", target.display());
    let folder = folder_of(target);
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .ok_or_else(|| format!("cannot write {}: it names no file", target.display()))?;
    let prefix = format!(".{name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    if let Some(mode) = new_file_permissions() {
        builder.permissions(mode);
    }
    let mut temporary = builder.tempfile_in(folder).map_err(failed)?;
    temporary.write_all(bytes).map_err(failed)?;
    if let Some(permissions) = permissions {
        // The file it replaces keeps its permissions (a new file gets the usual ones).
        temporary
            .as_file()
            .set_permissions(permissions)
            .map_err(failed)?;
    }
    temporary.as_file().sync_all().map_err(failed)?;
    temporary.persist(target).map_err(|e| failed(e.error))?;
    sync_folder(folder);
    Ok(())
}

/// Permissions of a file arbiter creates: what any program's new file gets (read and
/// write for all, less the umask), not the temporary file's owner-only default.
#[cfg(unix)]
fn new_file_permissions() -> Option<std::fs::Permissions> {
    use std::os::unix::fs::PermissionsExt;
    Some(std::fs::Permissions::from_mode(0o666))
}

#[cfg(not(unix))]
fn new_file_permissions() -> Option<std::fs::Permissions> {
    None
}

/// Make the rename itself durable. A folder cannot be opened for this on every system;
/// where it cannot, the rename is as durable as the system makes it.
pub fn sync_folder(folder: &Path) {
    if let Ok(dir) = std::fs::File::open(folder) {
        let _ = dir.sync_all();
    }
}

fn write_in_place(target: &Path, bytes: &[u8]) -> Result<(), String> {
    let failed = |e: std::io::Error| format!("cannot write {}: {e}", target.display());
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .open(target)
        .map_err(failed)?;
    file.write_all(bytes)
        .and_then(|()| file.flush())
        .map_err(failed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch() -> tempfile::TempDir {
        tempfile::Builder::new()
            .prefix("arbiter-atomic-")
            .tempdir()
            .expect("a scratch folder")
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .expect("listed")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_file_is_replaced_whole_and_nothing_else_is_left() {
        let dir = scratch();
        let target = dir.path().join("squad.json");
        write_file(&target, b"old").expect("written");
        write_file(&target, b"new text").expect("replaced");
        assert_eq!(std::fs::read(&target).expect("read"), b"new text");
        assert_eq!(names(dir.path()), ["squad.json"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch();
        let target = dir.path().join("squad.json");
        std::fs::write(&target, "old").expect("written");
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o640)).expect("mode");
        write_file(&target, b"new").expect("replaced");
        let mode = std::fs::metadata(&target)
            .expect("meta")
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o640);
    }

    #[test]
    fn a_folder_is_not_written_over() {
        let dir = scratch();
        let error = write_file(dir.path(), b"x").expect_err("a folder is refused");
        assert!(error.contains("folder"), "{error}");
    }

    #[test]
    fn a_failed_write_leaves_the_target_and_no_temporary_file() {
        let dir = scratch();
        let target = dir.path().join("missing-folder").join("squad.json");
        assert!(write_file(&target, b"x").is_err());
        assert_eq!(names(dir.path()), Vec::<String>::new());
    }

    #[cfg(unix)]
    #[test]
    fn a_link_leads_to_the_file_that_is_replaced() {
        let dir = scratch();
        let real = dir.path().join("real.txt");
        let link = dir.path().join("link.txt");
        std::fs::write(&real, "old").expect("written");
        std::os::unix::fs::symlink(&real, &link).expect("linked");
        write_file(&link, b"new").expect("written through the link");
        assert_eq!(std::fs::read(&real).expect("read"), b"new");
        assert!(
            std::fs::symlink_metadata(&link)
                .expect("meta")
                .file_type()
                .is_symlink()
        );
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_device_is_written_in_place() {
        write_file(Path::new("/dev/null"), b"anything").expect("/dev/null takes it");
        let error = write_file(Path::new("/dev/full"), b"x").expect_err("/dev/full is full");
        assert!(error.contains("/dev/full"), "{error}");
    }
}

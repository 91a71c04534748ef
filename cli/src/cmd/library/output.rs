//! The library file a build writes: what may be at `--out` before the
//! work starts, and writing it through a temporary file of our own.

use std::io::Write;
use std::path::Path;

use crate::cmd::out::{check_writable_dir, create_unique, folder};
use crate::error::CliError;

/// What is at `--out` before a build.
pub(super) enum Found {
    /// Nothing: the build makes the file.
    Nothing,
    /// A regular file: a library the build extends (or refuses).
    File,
}

/// Refuses an `--out` that is a symbolic link, a directory or any other
/// file that is not a regular one, or whose folder is missing or cannot
/// be written, before any work starts. The link is not followed: the
/// library would replace the link, not what it points to.
pub(super) fn check(out: &Path) -> Result<Found, CliError> {
    let refuse = |why: String| Err(CliError::arg("--out", format!("{}: {why}", out.display())));
    let found = match out.symlink_metadata() {
        Ok(m) if m.file_type().is_symlink() => return refuse(
            "is a symbolic link; the build writes only a regular file: give the path it points to, or another --out"
                .into(),
        ),
        Ok(m) if m.is_dir() => return refuse("is a directory".into()),
        Ok(m) if !m.is_file() => {
            return refuse(
                "is not a regular file (a device, a pipe or a socket); the build writes only a regular file".into(),
            )
        }
        Ok(_) => Found::File,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Found::Nothing,
        Err(e) => return Err(CliError::io(out, e)),
    };
    check_writable_dir(folder(out))?;
    Ok(found)
}

/// Writes `text` to a new file of our own next to `out`, then renames it
/// onto `out`: `out` is never half-written, and nothing else is touched.
pub(super) fn replace(out: &Path, text: &str) -> Result<(), CliError> {
    let (tmp, mut file) = create_unique(folder(out), &file_name(out), "tmp").map_err(|e| CliError::io(out, e))?;
    let written = file
        .write_all(text.as_bytes())
        .and_then(|()| file.sync_all())
        .map_err(|e| CliError::io(&tmp, e))
        .and_then(|()| std::fs::rename(&tmp, out).map_err(|e| CliError::io(out, e)));
    if written.is_err() {
        // Ours: made by create_unique.
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

/// `out`'s file name, for the names of the files made next to it.
fn file_name(out: &Path) -> String {
    out.file_name().unwrap_or_default().to_string_lossy().into_owned()
}

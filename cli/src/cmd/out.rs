//! `--out` files: a command writes only a new file, in a directory that
//! exists, and never replaces anything (checked before the work starts,
//! and again by `create_new` when writing).

use std::io::Write;
use std::path::Path;

use crate::error::CliError;

/// Refuses `path` unless it is a new file in an existing directory;
/// `what` names what would be written there ("the result", "puzzles").
pub(super) fn check_new(path: &Path, what: &str) -> Result<(), CliError> {
    if path.symlink_metadata().is_ok() {
        return Err(CliError::arg(
            "--out",
            format!("{} already exists; {what} written only to a new file", path.display()),
        ));
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        return Err(CliError::arg("--out", format!("{} is not a directory", dir.display())));
    }
    Ok(())
}

/// Writes a new file; an existing path is refused (create_new), never
/// replaced.
pub(super) fn write_new(path: &Path, text: &str) -> Result<(), CliError> {
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|e| CliError::io(path, e))?;
    file.write_all(text.as_bytes()).map_err(|e| CliError::io(path, e))
}

//! `--out` files: a command writes only a new file, in a directory that
//! exists and that it can write in, and never replaces anything: not a
//! file, a link (nor what it points to), a device or a directory. Checked
//! before the work starts, and again by `create_new` when writing.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::error::CliError;

/// Refuses `path` unless it is a new file in a directory we can write in;
/// `what` names what would be written there ("the result is", "puzzles are").
pub(super) fn check_new(path: &Path, what: &str) -> Result<(), CliError> {
    if let Ok(meta) = path.symlink_metadata() {
        use std::os::unix::fs::FileTypeExt;
        let kind = meta.file_type();
        let is = if kind.is_symlink() {
            "already exists, as a symlink"
        } else if kind.is_dir() {
            "already exists, as a directory"
        } else if kind.is_char_device() || kind.is_block_device() {
            "already exists, as a device"
        } else if kind.is_fifo() || kind.is_socket() {
            "already exists, as a pipe or socket"
        } else {
            "already exists"
        };
        return Err(CliError::arg(
            "--out",
            format!("{} {is}; {what} written only to a new file", path.display()),
        ));
    }
    // `new/` would be opened as a directory, and fail only when written.
    if path.as_os_str().as_encoded_bytes().ends_with(b"/") {
        return Err(CliError::arg(
            "--out",
            format!(
                "{} names a directory; {what} written only to a new file",
                path.display()
            ),
        ));
    }
    check_writable_dir(folder(path))
}

/// Refuses `dir` unless it is a directory we can create a file in, found
/// by doing it: a uniquely named probe file, created new and removed.
/// (Permission bits would not tell: root writes through them, and /proc
/// or a read-only mount refuse whatever they say.)
pub(super) fn check_writable_dir(dir: &Path) -> Result<(), CliError> {
    match dir.metadata() {
        Ok(meta) if meta.is_dir() => {}
        Ok(_) => return Err(CliError::arg("--out", format!("{} is not a directory", dir.display()))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(CliError::arg(
                "--out",
                format!("{} is not a directory: it does not exist", dir.display()),
            ))
        }
        Err(e) => return Err(CliError::arg("--out", format!("{}: {e}", dir.display()))),
    }
    match create_unique(dir, "", "write-probe") {
        Ok((probe, file)) => {
            drop(file);
            // Ours: made by create_unique just now.
            let _ = std::fs::remove_file(&probe);
            Ok(())
        }
        Err(e) => Err(CliError::arg(
            "--out",
            format!("cannot write in {}: {e}", dir.display()),
        )),
    }
}

/// The folder a path's file is in (`.` for a bare name).
pub(super) fn folder(path: &Path) -> &Path {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    }
}

/// A new file in `dir`, named `STEM.ddz-KIND-PID-TIME-N`: a name no user
/// would choose, made with `create_new`, so nothing there is taken.
pub(super) fn create_unique(dir: &Path, stem: &str, kind: &str) -> std::io::Result<(PathBuf, File)> {
    let time = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    let mut last = None;
    for n in 0..100 {
        let path = dir.join(format!("{stem}.ddz-{kind}-{}-{time:x}-{n}", std::process::id()));
        match OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(file) => return Ok((path, file)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no free name")))
}

/// Writes a new file; an existing path (a link included) is refused by
/// `create_new`, never replaced or followed. Should the write fail part
/// way (a full disk), the partial file, which is ours, is removed, so no
/// truncated file is left looking whole.
pub(super) fn write_new(path: &Path, bytes: &(impl AsRef<[u8]> + ?Sized)) -> Result<(), CliError> {
    let mut file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|e| CliError::io(path, e))?;
    let written = file.write_all(bytes.as_ref()).and_then(|()| file.sync_all());
    if let Err(e) = written {
        drop(file);
        let _ = std::fs::remove_file(path);
        return Err(CliError::io(path, e));
    }
    Ok(())
}

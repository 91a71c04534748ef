//! A build's journal: `OUT.ddz-build-journal`, the entries finished so
//! far, one JSON line each, so an interrupted build resumes. Its first
//! line marks it as ours and names the build; a file at that name without
//! the mark is the user's, never read, appended to or removed.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use engine::lab::library::{Entry, MAX_ENTRY_BYTES};
use engine::lab::panel::Panel;
use engine::SeedRange;

use super::BuildSettings;
use crate::error::CliError;

/// What ends the journal's name, after OUT's.
const SUFFIX: &str = ".ddz-build-journal";

/// The mark: the first key of the first line.
const MARK: &str = "{\"ddz_library_build_journal\":";

/// The journal's first line: the mark (a format version) and the build.
#[derive(Serialize, Deserialize, PartialEq)]
struct Header {
    ddz_library_build_journal: u32,
    build: BuildSettings,
    seed: u64,
    deals: u64,
}

impl Header {
    fn new(build: &BuildSettings, seeds: SeedRange) -> Header {
        Header {
            ddz_library_build_journal: 1,
            build: build.clone(),
            seed: seeds.first(),
            deals: seeds.count(),
        }
    }

    fn flags(&self) -> String {
        format!(
            "--panel {} --games {} --par-nodes {} --seed {} --deals {}",
            self.build.panel, self.build.games, self.build.par_nodes, self.seed, self.deals
        )
    }
}

/// Where the journal of a build into `out` is.
pub(super) fn path_of(out: &Path) -> PathBuf {
    let mut name = out.file_name().unwrap_or_default().to_os_string();
    name.push(SUFFIX);
    out.with_file_name(name)
}

/// An open journal, appended to from every worker.
pub(super) struct Journal {
    path: PathBuf,
    file: Mutex<File>,
}

impl Journal {
    /// The journal of this build at `path` and the entries it already
    /// holds (by seed, the last line of a seed winning), or a new journal.
    /// A file there that is not a journal of ours, or of another build, is
    /// refused and left as it is.
    pub(super) fn open(
        path: &Path,
        build: &BuildSettings,
        seeds: SeedRange,
        panel: &Panel,
    ) -> Result<(Journal, BTreeMap<u64, Entry>), CliError> {
        let header = Header::new(build, seeds);
        let io = |e| CliError::io(path, e);
        let (file, entries) = match File::open(path) {
            Ok(file) => {
                let entries = read(path, file, &header, panel)?;
                (OpenOptions::new().append(true).open(path).map_err(io)?, entries)
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                // create_new: a file that appeared meanwhile is not taken.
                let mut file = OpenOptions::new().write(true).create_new(true).open(path).map_err(io)?;
                let line = serde_json::to_string(&header).map_err(|e| e.to_string())?;
                file.write_all(format!("{line}\n").as_bytes()).map_err(io)?;
                (file, BTreeMap::new())
            }
            Err(e) => return Err(io(e)),
        };
        Ok((
            Journal {
                path: path.to_path_buf(),
                file: Mutex::new(file),
            },
            entries,
        ))
    }

    /// Adds a finished entry. The journal only saves work: a failed write
    /// costs a rebuild of that deal after an interrupt, nothing more.
    pub(super) fn append(&self, entry: &Entry) {
        if let (Ok(mut f), Ok(line)) = (self.file.lock(), serde_json::to_string(entry)) {
            let _ = f.write_all(format!("{line}\n").as_bytes());
        }
    }

    /// The build is written: its journal goes (it is ours, checked or
    /// made by [`Journal::open`]).
    pub(super) fn remove(self) {
        drop(self.file);
        let _ = std::fs::remove_file(&self.path);
    }
}

/// One line of at most `max` bytes (without its newline); `None` at the
/// end; an error for a longer one.
fn line(reader: &mut impl BufRead, max: u64) -> std::io::Result<Option<Result<Vec<u8>, ()>>> {
    let mut buf = Vec::new();
    reader.take(max + 1).read_until(b'\n', &mut buf)?;
    if buf.is_empty() {
        return Ok(None);
    }
    if buf.last() == Some(&b'\n') {
        buf.pop();
    } else if buf.len() as u64 > max {
        return Ok(Some(Err(())));
    }
    Ok(Some(Ok(buf)))
}

/// The entries of the journal at `path`, if it is ours and of this build.
fn read(path: &Path, file: File, wanted: &Header, panel: &Panel) -> Result<BTreeMap<u64, Entry>, CliError> {
    let io = |e| CliError::io(path, e);
    let mut reader = BufReader::new(file);
    let first = line(&mut reader, MAX_ENTRY_BYTES).map_err(io)?;
    let first = first.and_then(Result::ok).unwrap_or_default();
    if !first.starts_with(MARK.as_bytes()) {
        return Err(CliError::Other(format!(
            "{}: not a journal of ddz library build (its first line is not the journal's mark), so the build would not read, extend or remove it; move it away, or choose another --out",
            path.display()
        )));
    }
    let found: Header = serde_json::from_slice(&first).map_err(|e| {
        CliError::Other(format!(
            "{}: the journal's first line is not one this ddz writes ({e}); delete the file to build again",
            path.display()
        ))
    })?;
    if found != *wanted {
        return Err(CliError::Other(format!(
            "{}: an interrupted build with {} (this build: {}); finish it with its flags, or delete the file",
            path.display(),
            found.flags(),
            wanted.flags()
        )));
    }
    let seeds = SeedRange::new(wanted.seed, wanted.deals).map_err(CliError::from)?;
    let mut entries = BTreeMap::new();
    for number in 2.. {
        let Some(text) = line(&mut reader, MAX_ENTRY_BYTES).map_err(io)? else {
            break;
        };
        let bad = |why: String| {
            CliError::Other(format!(
                "{} line {number}: {why}; delete the file to build again",
                path.display()
            ))
        };
        let text = text.map_err(|()| bad(format!("longer than an entry may be ({MAX_ENTRY_BYTES} bytes)")))?;
        // A line cut short by an interrupt is built again.
        let Ok(entry) = serde_json::from_slice::<Entry>(&text) else {
            continue;
        };
        if !seeds.contains(entry.seed) {
            return Err(bad(format!("seed {} is not one of this build's", entry.seed)));
        }
        // Entries may lack par (added later), not have another budget's.
        let par_nodes = if entry.par.is_some() { wanted.build.par_nodes } else { 0 };
        entry
            .check(panel, wanted.build.games, par_nodes)
            .map_err(|problem| bad(format!("seed {}: {problem}", entry.seed)))?;
        entries.insert(entry.seed, entry);
    }
    Ok(entries)
}

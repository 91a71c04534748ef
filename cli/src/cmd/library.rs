//! `ddz library build`, and reading a library file for the other lab
//! commands (every file read is validated: [`Library::from_json`]).

use std::io::{BufRead, Read, Write};
use std::path::Path;
use std::sync::Mutex;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::json;

use engine::clock::MonotonicClock;
use engine::lab::library::{Entry, Library};
use engine::lab::panel::{Panel, PANELS};
use engine::SeedRange;

use crate::error::CliError;
use crate::report::{progress, Report};

/// The most read from a library "file" that is a pipe or a device.
const MAX_STREAM_BYTES: u64 = 64 << 20;

/// A library file, read and checked: a known panel, games in range, at
/// least one entry, no seed twice, every entry what its seed deals with
/// counts and GDI that agree. Errors name the file and the entry.
pub fn read(flag: &'static str, path: &Path) -> Result<Library, CliError> {
    let io = |e: std::io::Error| CliError::Other(format!("{flag} {}: {e}", path.display()));
    let file = std::fs::File::open(path).map_err(io)?;
    // A regular file ends; a pipe or a device (/dev/zero) may not, so
    // those are read up to a bound rather than forever.
    let regular = file.metadata().map_err(io)?.is_file();
    let mut bytes = Vec::new();
    file.take(if regular { u64::MAX } else { MAX_STREAM_BYTES + 1 })
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > MAX_STREAM_BYTES && !regular {
        return Err(CliError::Other(format!(
            "{flag} {}: not a regular file, and longer than {MAX_STREAM_BYTES} bytes",
            path.display()
        )));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        CliError::Other(format!(
            "{flag} {}: not a library file: not UTF-8 ({e})",
            path.display()
        ))
    })?;
    Library::from_json(&text).map_err(|problem| CliError::Library {
        flag,
        path: path.display().to_string(),
        problem: Box::new(problem),
    })
}

/// The first line of a build's journal (`OUT.partial`): the settings its
/// entries were built with, so that a resumed build with other settings is
/// refused rather than mixed in.
#[derive(Serialize, Deserialize, PartialEq)]
struct JournalHeader {
    build: Settings,
}

#[derive(Serialize, Deserialize, PartialEq, Clone)]
struct Settings {
    panel: String,
    games: u32,
}

/// Which of `found`'s settings differ from the build's, as flags.
fn differences(found: &Settings, wanted: &Settings) -> String {
    let mut out = Vec::new();
    if found.panel != wanted.panel {
        out.push(format!(
            "--panel {} (this build: --panel {})",
            found.panel, wanted.panel
        ));
    }
    if found.games != wanted.games {
        out.push(format!(
            "--games {} (this build: --games {})",
            found.games, wanted.games
        ));
    }
    out.join(" and ")
}

/// The settings a journal entry without a header was built with, if any
/// known panel explains its counts.
fn guess_settings(entry: &Entry) -> Option<Settings> {
    let total: u128 = entry.distribution.counts.iter().map(|&c| u128::from(c)).sum();
    PANELS.iter().find_map(|name| {
        let panel = Panel::named(name)?;
        let tables = panel.tables.len() as u128;
        let games = u32::try_from(total / tables).ok()?;
        (total % tables == 0 && entry.check(&panel, games).is_ok()).then(|| Settings {
            panel: name.to_string(),
            games,
        })
    })
}

/// The entries of an earlier, interrupted build of the same library, from
/// its journal; an error if they were built with other settings.
fn journal_entries(partial: &Path, panel: &Panel, wanted: &Settings) -> Result<(Vec<Entry>, bool), CliError> {
    let file = match std::fs::File::open(partial) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((vec![], false)),
        Err(e) => return Err(CliError::io(partial, e)),
    };
    let mut entries = Vec::new();
    let mut has_header = false;
    for (i, line) in std::io::BufReader::new(file).split(b'\n').enumerate() {
        let line = line.map_err(|e| CliError::io(partial, e))?;
        if let Ok(header) = serde_json::from_slice::<JournalHeader>(&line) {
            if header.build != *wanted {
                return Err(CliError::Other(format!(
                    "{}: an earlier build of this library used {}; finish it with those settings, or delete the file",
                    partial.display(),
                    differences(&header.build, wanted)
                )));
            }
            has_header = true;
            continue;
        }
        // A line cut short by an interrupt is built again.
        let Ok(entry) = serde_json::from_slice::<Entry>(&line) else {
            continue;
        };
        if let Err(problem) = entry.check(panel, wanted.games) {
            let why = match guess_settings(&entry) {
                Some(found) => format!("it was built with {}", differences(&found, wanted)),
                None => format!(
                    "it does not fit --panel {} --games {}: {problem}",
                    wanted.panel, wanted.games
                ),
            };
            return Err(CliError::Other(format!(
                "{} line {} (seed {}): {why}; finish that build with its settings, or delete the file",
                partial.display(),
                i + 1,
                entry.seed
            )));
        }
        entries.push(entry);
    }
    Ok((entries, has_header))
}

/// `ddz library build`: every deal of `seeds` under `panel`, on every
/// core. Finished entries go to `OUT.partial` as they come, so an
/// interrupted build loses nothing and resumes; an existing `OUT` built
/// with the same settings is resumed too. The library is written to a
/// temporary file and renamed into place, never left half-written.
pub fn build(seeds: SeedRange, panel: &Panel, games: u32, out: &Path, quiet: bool) -> Result<Report, CliError> {
    if out.extension().is_some_and(|e| e == "partial") {
        return Err(CliError::arg(
            "--out",
            format!(
                "{}: a name ending in .partial is the build's own journal; choose another name",
                out.display()
            ),
        ));
    }
    if out.is_dir() {
        return Err(CliError::arg("--out", format!("{} is a directory", out.display())));
    }
    let parent = out
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if !parent.is_dir() {
        return Err(CliError::arg(
            "--out",
            format!("{}: the folder {} does not exist", out.display(), parent.display()),
        ));
    }
    let wanted = Settings {
        panel: panel.name.clone(),
        games,
    };
    let mut done: Vec<Entry> = Vec::new();
    if out.exists() {
        let lib = read("--out", out).map_err(|e| {
            CliError::Other(format!(
                "{e}; the build resumes a library file, and would not overwrite this one"
            ))
        })?;
        let found = Settings {
            panel: lib.panel.clone(),
            games: lib.games,
        };
        if found != wanted {
            return Err(CliError::arg(
                "--out",
                format!(
                    "{} was built with {}; a library holds one setting: use its settings or another --out",
                    out.display(),
                    differences(&found, &wanted)
                ),
            ));
        }
        done.extend(lib.entries.into_iter().filter(|e| seeds.contains(e.seed)));
    }
    let partial = out.with_extension("partial");
    let (journal, has_header) = journal_entries(&partial, panel, &wanted)?;
    done.extend(journal.into_iter().filter(|e| seeds.contains(e.seed)));
    done.sort_by_key(|e| e.seed);
    done.dedup_by_key(|e| e.seed);
    let todo: Vec<u64> = seeds
        .iter()
        .filter(|s| done.binary_search_by_key(s, |e| e.seed).is_err())
        .collect();
    let bar = progress(seeds.count(), quiet);
    bar.set_message("library");
    bar.set_position(done.len() as u64);
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&partial)
        .map_err(|e| CliError::io(&partial, e))?;
    if !has_header {
        let header = serde_json::to_string(&JournalHeader { build: wanted.clone() }).map_err(|e| e.to_string())?;
        writeln!(file, "{header}").map_err(|e| CliError::io(&partial, e))?;
    }
    let journal = Mutex::new(file);
    let clock = MonotonicClock::default();
    let started = std::time::Instant::now();
    let fresh: Vec<Entry> = todo
        .par_iter()
        .map(|&s| {
            let entry = Entry::build(s, panel, games, &clock)?;
            // The journal only saves work; a failed write costs a rebuild.
            if let (Ok(mut f), Ok(line)) = (journal.lock(), serde_json::to_string(&entry)) {
                let _ = writeln!(f, "{line}");
            }
            bar.inc(1);
            Ok(entry)
        })
        .collect::<Result<_, String>>()?;
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    done.extend(fresh);
    done.sort_by_key(|e| e.seed);
    let library = Library {
        panel: panel.name.clone(),
        games,
        entries: done,
    };
    write_atomically(out, &serde_json::to_string(&library).map_err(|e| e.to_string())?)?;
    let _ = std::fs::remove_file(&partial);
    let bytes = std::fs::metadata(out).map(|m| m.len()).unwrap_or(0);
    let per_core = todo.len() as f64 / seconds.max(1e-9) / rayon::current_num_threads() as f64;
    Ok(Report {
        json: json!({ "out": out.display().to_string(), "deals": library.entries.len(), "built": todo.len(), "seconds": seconds, "deals_per_second_per_core": per_core, "bytes": bytes }),
        text: format!(
            "{} deals in {} ({} built now in {seconds:.1} s: {per_core:.1} deals/s per core on {} cores), {} bytes\n",
            library.entries.len(),
            out.display(),
            todo.len(),
            rayon::current_num_threads(),
            bytes
        ),
    })
}

fn write_atomically(path: &Path, text: &str) -> Result<(), CliError> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text).map_err(|e| CliError::io(&tmp, e))?;
    std::fs::rename(&tmp, path).map_err(|e| CliError::io(path, e))
}

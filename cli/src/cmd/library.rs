//! `ddz library build`, and reading a library file for the other lab
//! commands (every file read is validated: [`Library::from_json`]).

use std::io::{BufRead, Read, Write};
use std::path::Path;
use std::sync::Mutex;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use engine::clock::MonotonicClock;
use engine::lab::library::{Entry, Library};
use engine::lab::panel::{Panel, PANELS};
use engine::lab::par::Par;
use engine::lab::settings::Digest;
use engine::lab::shard::Shard;
use engine::SeedRange;

use crate::error::CliError;
use crate::report::{progress, rate_text, Report};

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
    /// Par's node budget; 0 (and journals from before par): none.
    #[serde(default)]
    par_nodes: u64,
}

impl Settings {
    /// Whether entries built with `self` can go into a build with `wanted`:
    /// the same panel and games, and the same par budget, or none yet
    /// (par is then added to them).
    fn fits(&self, wanted: &Settings) -> bool {
        self.panel == wanted.panel
            && self.games == wanted.games
            && (self.par_nodes == wanted.par_nodes || self.par_nodes == 0)
    }
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
    if found.par_nodes != wanted.par_nodes {
        out.push(format!(
            "--par-nodes {} (this build: --par-nodes {})",
            found.par_nodes, wanted.par_nodes
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
        (total % tables == 0 && entry.check_results(&panel, games).is_ok()).then(|| Settings {
            panel: name.to_string(),
            games,
            par_nodes: entry.par.map_or(0, |p| p.nodes),
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
            if !header.build.fits(wanted) {
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
        // Entries may lack par (added now), but not have another budget's.
        let par_nodes = if entry.par.is_some() { wanted.par_nodes } else { 0 };
        if let Err(problem) = entry.check(panel, wanted.games, par_nodes) {
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

/// A build's work on one deal.
enum Job {
    /// Play the deal under the panel (and solve its par if wanted).
    Play(u64),
    /// Solve the par of a deal played before.
    Par(Entry),
}

/// `ddz library build`: every deal of `seeds` under `panel`, on every
/// core. Finished entries go to `OUT.partial` as they come, so an
/// interrupted build loses nothing and resumes; an existing `OUT` built
/// with the same settings is resumed too. The library is written to a
/// temporary file and renamed into place, never left half-written. With
/// `par_nodes` > 0 each entry also gets its par within that many nodes; a
/// library built without par gets it added, without playing again. With
/// `part` (`--shard`), `seeds` are its slice and the file is that part.
pub fn build(
    seeds: SeedRange,
    panel: &Panel,
    games: u32,
    par_nodes: u64,
    out: &Path,
    quiet: bool,
    part: Option<Shard>,
) -> Result<Report, CliError> {
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
        par_nodes,
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
            par_nodes: lib.par_nodes,
        };
        if !found.fits(&wanted) {
            return Err(CliError::arg(
                "--out",
                format!(
                    "{} was built with {}; a library holds one setting: use its settings or another --out",
                    out.display(),
                    differences(&found, &wanted)
                ),
            ));
        }
        if lib.shard != part {
            let what = |s: Option<Shard>| s.map_or("a whole library".to_string(), |s| format!("shard {s}"));
            return Err(CliError::arg(
                "--out",
                format!("{} is {}, not {}; use another --out", out.display(), what(lib.shard), what(part)),
            ));
        }
        done.extend(lib.entries.into_iter().filter(|e| seeds.contains(e.seed)));
    }
    let partial = out.with_extension("partial");
    let (journal, has_header) = journal_entries(&partial, panel, &wanted)?;
    done.extend(journal.into_iter().filter(|e| seeds.contains(e.seed)));
    done.sort_by_key(|e| e.seed);
    done.dedup_by_key(|e| e.seed);
    // Entries still to be played, and those played that still lack par.
    let todo: Vec<u64> = seeds
        .iter()
        .filter(|s| done.binary_search_by_key(s, |e| e.seed).is_err())
        .collect();
    let (mut done, to_par): (Vec<Entry>, Vec<Entry>) =
        done.into_iter().partition(|e| par_nodes == 0 || e.par.is_some());
    let bar = progress(seeds.count(), quiet);
    bar.set_message("library");
    bar.set_position(done.len() as u64);
    let jobs: Vec<Job> = todo
        .iter()
        .map(|&s| Job::Play(s))
        .chain(to_par.into_iter().map(Job::Par))
        .collect();
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
    let fresh: Vec<Entry> = jobs
        .into_par_iter()
        .map(|job| {
            let mut entry = match job {
                Job::Play(seed) => Entry::build(seed, panel, games, &clock)?,
                Job::Par(played) => played,
            };
            if par_nodes > 0 {
                let deal = engine::Deal::from_seed(entry.seed);
                entry.par = Some(Par::of(&deal, par_nodes, &clock));
            }
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
    let built = fresh.len();
    done.extend(fresh);
    done.sort_by_key(|e| e.seed);
    let library = Library {
        panel: panel.name.clone(),
        games,
        par_nodes,
        digest: Some(Digest::of(panel, games, par_nodes)),
        shard: part,
        entries: done,
    };
    write_atomically(out, &serde_json::to_string(&library).map_err(|e| e.to_string())?)?;
    let _ = std::fs::remove_file(&partial);
    let bytes = std::fs::metadata(out).map(|m| m.len()).unwrap_or(0);
    let per_core = built as f64 / seconds.max(1e-9) / rayon::current_num_threads() as f64;
    Ok(Report {
        json: json!({ "out": out.display().to_string(), "deals": library.entries.len(), "built": built, "seconds": seconds, "deals_per_second_per_core": per_core, "bytes": bytes }),
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

/// `ddz library par`: the panel's results against par, and the teaching
/// cases (proven par, the panel mostly losing it) widest gap first.
pub fn par(path: &Path, count: usize) -> Result<Report, CliError> {
    let library = read("--library", path)?;
    if library.par_nodes == 0 {
        return Err(CliError::arg(
            "--library",
            format!(
                "{} records no par; add it with ddz library build --deals N --seed S --panel {} --games {} --par-nodes 1000000 --out {0}",
                path.display(),
                library.panel,
                library.games
            ),
        ));
    }
    let summary = library.par_summary();
    let cases: Vec<Value> = library
        .by_par_gap()
        .into_iter()
        .take(count)
        .map(|(e, gap)| {
            let par = e.par.expect("ranked entries have par");
            json!({
                "seed": e.seed,
                "deal": e.deal,
                "par": par.winner.name(),
                "first": par.first.map(|m| m.to_string()),
                "landlord_wins": e.landlord_wins(),
                "games": e.distribution.games(),
                "gap": gap,
            })
        })
        .collect();
    let mut text = format!(
        "{} deals, panel {} ({} games per table), par within {} nodes: proven for {} ({} not)\n\n",
        library.entries.len(),
        library.panel,
        library.games,
        library.par_nodes,
        summary.landlord_par.deals + summary.farmer_par.deals,
        summary.unproven
    );
    text.push_str("par (open hands)   deals   games  the panel's landlords win (95%)\n");
    for (name, rate) in [
        ("landlord wins", summary.landlord_par),
        ("farmers win", summary.farmer_par),
    ] {
        text.push_str(&format!(
            "{name:<16} {:>7} {:>7}  {}\n",
            rate.deals,
            rate.games,
            rate_text(rate.landlord_wins, rate.games)
        ));
    }
    text.push_str("\nteaching cases: the panel mostly loses what open hands win\n");
    text.push_str(" seed  par       first       panel's landlords win   gap  deal\n");
    for c in &cases {
        text.push_str(&format!(
            "{:>5}  {:<8}  {:<10}  {:>20.1}%  {:>4.2}  {}\n",
            c["seed"].as_u64().unwrap_or(0),
            c["par"].as_str().unwrap_or(""),
            c["first"].as_str().unwrap_or("-"),
            100.0 * c["landlord_wins"].as_f64().unwrap_or(0.0),
            c["gap"].as_f64().unwrap_or(0.0),
            c["deal"].as_str().unwrap_or("")
        ));
    }
    let rate_json = |r: engine::lab::library::ParRate| {
        let (share, low, high) = engine::lab::wilson(r.landlord_wins, r.games);
        json!({ "deals": r.deals, "games": r.games, "landlord_wins": r.landlord_wins, "share": share, "low": low, "high": high })
    };
    Ok(Report {
        json: json!({
            "library": path.display().to_string(),
            "panel": library.panel,
            "games": library.games,
            "par_nodes": library.par_nodes,
            "deals": library.entries.len(),
            "landlord_par": rate_json(summary.landlord_par),
            "farmer_par": rate_json(summary.farmer_par),
            "unproven": summary.unproven,
            "teaching_cases": cases,
        }),
        text,
    })
}

//! `ddz library` (build, verify, merge, par), and reading a library file
//! for the other lab commands (every file read is validated:
//! [`Library::from_json`]).

mod journal;
mod output;
mod shard;
mod verify;

use std::io::Read;
use std::path::Path;

use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use engine::clock::MonotonicClock;
use engine::lab::library::{Entry, Library, MAX_LIBRARY_BYTES};
use engine::lab::panel::Panel;
use engine::lab::par::Par;
use engine::lab::settings::Digest;
use engine::lab::shard::Shard;
use engine::{limits, SeedRange};

use crate::args::LibraryCommand;
use crate::error::CliError;
use crate::report::{progress, rate_text, Report};

use journal::Journal;

/// Runs a `ddz library` command.
pub fn run(command: LibraryCommand, json: bool) -> Result<Report, CliError> {
    match command {
        LibraryCommand::Build {
            deals,
            panel,
            seed,
            games,
            par_nodes,
            out,
            shard,
        } => {
            let seeds = super::seeds("--seed", seed, "--deals", deals)?;
            let part = shard.map(|s| shard::part(s, seeds)).transpose()?;
            build(
                part.map_or(seeds, |p| p.seeds()),
                &panel,
                games,
                par_nodes,
                &out,
                json,
                part,
            )
        }
        LibraryCommand::Verify { library, sample, seed } => verify::verify(&library, sample, seed, json),
        LibraryCommand::Merge { parts, out } => shard::merge(&parts, &out),
        LibraryCommand::Par { library, count } => par(&library, count),
    }
}

/// The most read from a library "file" that is a pipe or a device.
const MAX_STREAM_BYTES: u64 = 64 << 20;

/// A library file, read and checked: a known panel, games in range, at
/// least one entry, no seed twice, every entry what its seed deals with
/// counts and GDI that agree. Errors name the file and the entry. At most
/// [`MAX_LIBRARY_BYTES`] are read (a longer regular file is refused before
/// reading), parsed as they come, so memory holds the library, not its text.
pub fn read(flag: &'static str, path: &Path) -> Result<Library, CliError> {
    let io = |e: std::io::Error| CliError::Other(format!("{flag} {}: {e}", path.display()));
    let file = std::fs::File::open(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    // A regular file ends; a pipe or a device (/dev/zero) may not.
    let (bound, what) = if meta.is_file() {
        (
            MAX_LIBRARY_BYTES,
            format!(
                "a library holds at most {} deals, in at most {MAX_LIBRARY_BYTES} bytes",
                limits::DEALS.end()
            ),
        )
    } else {
        (
            MAX_STREAM_BYTES,
            format!("not a regular file, and read up to {MAX_STREAM_BYTES} bytes"),
        )
    };
    let too_long = |bytes: String| CliError::Other(format!("{flag} {}: {bytes} bytes; {what}", path.display()));
    if meta.is_file() && meta.len() > bound {
        return Err(too_long(meta.len().to_string()));
    }
    let mut counted = Counted {
        inner: std::io::BufReader::new(file.take(bound + 1)),
        bytes: 0,
    };
    let parsed = Library::from_reader(&mut counted);
    if counted.bytes > bound {
        return Err(too_long(format!("more than {bound}")));
    }
    parsed.map_err(|problem| CliError::Library {
        flag,
        path: path.display().to_string(),
        problem: Box::new(problem),
    })
}

/// A reader that counts what it gave.
struct Counted<R> {
    inner: R,
    bytes: u64,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.bytes += n as u64;
        Ok(n)
    }
}

/// The settings a library (or a build's journal) was built with.
#[derive(Serialize, Deserialize, PartialEq, Clone)]
struct BuildSettings {
    panel: String,
    games: u32,
    /// Par's node budget; 0: none.
    #[serde(default)]
    par_nodes: u64,
}

impl BuildSettings {
    /// Whether entries built with `self` can go into a build with `wanted`:
    /// the same panel and games, and the same par budget, or none yet
    /// (par is then added to them).
    fn fits(&self, wanted: &BuildSettings) -> bool {
        self.panel == wanted.panel
            && self.games == wanted.games
            && (self.par_nodes == wanted.par_nodes || self.par_nodes == 0)
    }
}

/// Which of `found`'s settings differ from the build's, as flags.
fn differences(found: &BuildSettings, wanted: &BuildSettings) -> String {
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

/// The entries of the library already at `out`, which this build extends:
/// refused unless built with settings that fit and every one of its seeds
/// is in `seeds` (a build never shrinks a library).
fn existing_entries(
    out: &Path,
    seeds: SeedRange,
    wanted: &BuildSettings,
    part: Option<Shard>,
) -> Result<Vec<Entry>, CliError> {
    let lib = read("--out", out).map_err(|e| {
        CliError::Other(format!(
            "{e}; the build extends a library file, and would not overwrite this one"
        ))
    })?;
    let found = BuildSettings {
        panel: lib.panel.clone(),
        games: lib.games,
        par_nodes: lib.par_nodes,
    };
    if !found.fits(wanted) {
        return Err(CliError::arg(
            "--out",
            format!(
                "{} was built with {}; a library holds one setting: use its settings or another --out",
                out.display(),
                differences(&found, wanted)
            ),
        ));
    }
    if lib.shard != part {
        let what = |s: Option<Shard>| s.map_or("a whole library".to_string(), |s| format!("shard {s}"));
        return Err(CliError::arg(
            "--out",
            format!(
                "{} is {}, not {}; use another --out",
                out.display(),
                what(lib.shard),
                what(part)
            ),
        ));
    }
    let dropped = lib.entries.iter().filter(|e| !seeds.contains(e.seed)).count();
    if dropped > 0 {
        // Validated: at least one entry.
        let low = lib.entries.iter().map(|e| e.seed).min().unwrap_or(0);
        let high = lib.entries.iter().map(|e| e.seed).max().unwrap_or(0);
        let first = low.min(seeds.first());
        let last = seeds.last().map_or(high, |l| l.max(high));
        return Err(CliError::arg(
            "--out",
            format!(
                "{} holds {} deals (seeds {low} to {high}); --seed {} --deals {} would drop {dropped} of them: use a range that includes them (--seed {first} --deals {}), or another --out",
                out.display(),
                lib.entries.len(),
                seeds.first(),
                seeds.count(),
                u128::from(last - first) + 1
            ),
        ));
    }
    Ok(lib.entries)
}

/// A build's work on one deal.
enum Job {
    /// Play the deal under the panel (and solve its par if wanted).
    Play(u64),
    /// Solve the par of a deal played before.
    Par(Entry),
}

/// `ddz library build`: every deal of `seeds` under `panel`, on every
/// core. Finished entries go to a journal of ours as they come
/// ([`journal`]), so an interrupted build loses nothing and resumes; a
/// library already at `out` is extended, never shrunk (a narrower range
/// or other settings are refused). `out` must be a regular file or
/// nothing, in a folder we can write, checked before any work. The
/// library is written to a new file of ours and renamed into place, never
/// left half-written. With `par_nodes` > 0 each entry also gets its par
/// within that many nodes; a library built without par gets it added,
/// without playing again.
/// With `part` (`--shard`), `seeds` are its slice and the file is that part.
pub fn build(
    seeds: SeedRange,
    panel: &Panel,
    games: u32,
    par_nodes: u64,
    out: &Path,
    quiet: bool,
    part: Option<Shard>,
) -> Result<Report, CliError> {
    let wanted = BuildSettings {
        panel: panel.name.to_string(),
        games,
        par_nodes,
    };
    let existing = match output::check(out)? {
        output::Found::File => existing_entries(out, seeds, &wanted, part)?,
        output::Found::Nothing => Vec::new(),
    };
    let (journal, journaled) = Journal::open(&journal::path_of(out), &wanted, seeds, panel)?;
    // By seed; the journal's entries are newer (they may have par added).
    let mut done: std::collections::BTreeMap<u64, Entry> = existing.into_iter().map(|e| (e.seed, e)).collect();
    done.extend(journaled);
    // Entries still to be played, and those played that still lack par.
    let todo: Vec<u64> = seeds.iter().filter(|s| !done.contains_key(s)).collect();
    let (mut done, to_par): (Vec<Entry>, Vec<Entry>) =
        done.into_values().partition(|e| par_nodes == 0 || e.par.is_some());
    let bar = progress(seeds.count(), quiet);
    bar.set_message("library");
    bar.set_position(done.len() as u64);
    let jobs: Vec<Job> = todo
        .iter()
        .map(|&s| Job::Play(s))
        .chain(to_par.into_iter().map(Job::Par))
        .collect();
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
            journal.append(&entry);
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
        panel: panel.name.to_string(),
        games,
        par_nodes,
        digest: Some(Digest::of(panel, games, par_nodes)),
        shard: part,
        entries: done,
    };
    output::replace(out, &serde_json::to_string(&library).map_err(|e| e.to_string())?)?;
    journal.remove();
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

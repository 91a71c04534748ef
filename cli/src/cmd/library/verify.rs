//! `ddz library verify`: a library's entries played again (their panel
//! games and their par), on every core, and compared with the file.
//! Reading a library checks what is cheap (the deal, the score set, the
//! totals, the GDI, the settings digest, the par's bounds); only a replay
//! shows counts moved between scores or a par's winner flipped.

use std::path::Path;

use rayon::prelude::*;
use serde_json::json;

use engine::clock::MonotonicClock;
use engine::lab::library::{Entry, Library};
use engine::lab::panel::Panel;
use engine::lab::par::Par;
use engine::{rng, Deal};

use crate::error::CliError;
use crate::report::{progress, Report};

use super as library;

/// `ddz library verify FILE [--sample N] [--seed S]`: replays `sample`
/// entries (all when `None` or at least the library's), chosen by `seed`,
/// and reports those that differ; an error (exit code 2) carrying the
/// report when any do.
pub fn verify(path: &Path, sample: Option<u64>, seed: u64, quiet: bool) -> Result<Report, CliError> {
    let lib = library::read("FILE", path)?;
    let panel: Panel = lib.panel.parse().map_err(|e| CliError::Other(format!("{e}")))?;
    let chosen = choose(&lib, sample, seed);
    let bar = progress(chosen.len() as u64, quiet);
    bar.set_message("verify");
    let clock = MonotonicClock::default();
    let started = std::time::Instant::now();
    let differ: Vec<(u64, Vec<String>)> = chosen
        .par_iter()
        .map(|&e| {
            let found = differences(e, &panel, &lib, &clock);
            bar.inc(1);
            found.map(|d| (e.seed, d))
        })
        .collect::<Result<Vec<_>, String>>()?
        .into_iter()
        .filter(|(_, d)| !d.is_empty())
        .collect();
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let seeds: Vec<u64> = chosen.iter().map(|e| e.seed).collect();
    let mut text = format!(
        "{} of {} entries of {} replayed in {seconds:.1} s (panel {}, {} games per table, par within {} nodes): ",
        chosen.len(),
        lib.entries.len(),
        path.display(),
        lib.panel,
        lib.games,
        lib.par_nodes
    );
    if differ.is_empty() {
        text.push_str("all as the file records them\n");
    } else {
        text.push_str(&format!("{} differ\n", differ.len()));
        for (seed, what) in &differ {
            text.push_str(&format!("seed {seed}: {}\n", what.join("; ")));
        }
    }
    let mut json = json!({
        "library": path.display().to_string(),
        "entries": lib.entries.len(),
        "checked": chosen.len(),
        "sample_seed": seed,
        "seeds": seeds,
        "differ": differ.iter().map(|(seed, what)| json!({ "seed": seed, "differs": what })).collect::<Vec<_>>(),
        "seconds": seconds,
    });
    if differ.is_empty() {
        return Ok(Report { json, text });
    }
    let message = format!(
        "{}: {} of {} replayed entries differ from the file (first: seed {})",
        path.display(),
        differ.len(),
        chosen.len(),
        differ[0].0
    );
    json["error"] = json!(message);
    Err(CliError::Found { message, json, text })
}

/// The entries to replay, in the file's order: all of them, or `sample`
/// chosen by a shuffle seeded with `seed` (the same on every machine).
fn choose(lib: &Library, sample: Option<u64>, seed: u64) -> Vec<&Entry> {
    let all = lib.entries.len();
    let n = sample.map_or(all, |s| usize::try_from(s).unwrap_or(usize::MAX).min(all));
    if n == all {
        return lib.entries.iter().collect();
    }
    // The first n of a Fisher–Yates shuffle of the indices. A library
    // holds at most limits::DEALS entries, within a u32.
    let mut order: Vec<usize> = (0..all).collect();
    let mut r = rng::from_seed(seed);
    for i in 0..n {
        let j = i + rng::below(&mut r, (all - i) as u32) as usize;
        order.swap(i, j);
    }
    let mut picked = order[..n].to_vec();
    picked.sort_unstable();
    picked.into_iter().map(|i| &lib.entries[i]).collect()
}

/// What differs between `entry` and a replay of it: its counts, and its
/// par's winner, proof, first play and nodes.
fn differences(entry: &Entry, panel: &Panel, lib: &Library, clock: &MonotonicClock) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let again = Entry::build(entry.seed, panel, lib.games, clock)?;
    let (file, replay) = (&entry.distribution, &again.distribution);
    if file != replay {
        out.push(format!(
            "counts over scores {:?}: the file has {:?}, a replay {:?}",
            replay.scores, file.counts, replay.counts
        ));
    }
    if let (Some(file), true) = (entry.par, lib.par_nodes > 0) {
        let replay = Par::of(&Deal::from_seed(entry.seed), lib.par_nodes, clock);
        let show = |p: &Par| {
            format!(
                "{} {} first {} in {} nodes",
                p.winner.name(),
                if p.exact { "proven" } else { "not proven" },
                p.first.map_or("none".to_string(), |m| m.to_string()),
                p.nodes
            )
        };
        if file != replay {
            let mut what = Vec::new();
            if file.winner != replay.winner {
                what.push("winner");
            }
            if file.exact != replay.exact {
                what.push("proof");
            }
            if file.first != replay.first {
                what.push("first play");
            }
            if file.nodes != replay.nodes {
                what.push("nodes");
            }
            out.push(format!(
                "par ({}): the file has {}, a replay {}",
                what.join(", "),
                show(&file),
                show(&replay)
            ));
        }
    }
    Ok(out)
}

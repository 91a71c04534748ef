//! The lab's commands: `ddz library build`, `ddz dist`, `ddz dih`,
//! `ddz select`, `ddz equal`.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::json;

use engine::clock::MonotonicClock;
use engine::lab::dih::{dih, Distribution};
use engine::lab::library::{Entry, Library};
use engine::lab::panel::{score_distribution, Panel, PANELS};
use engine::Deal;

use crate::Report;

fn panel(name: &str) -> Result<Panel, String> {
    Panel::named(name).ok_or_else(|| format!("--panel: unknown panel '{name}' (known: {})", PANELS.join(", ")))
}

fn read_library(path: &str) -> Result<Library, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("--library {path}: {e}"))?;
    serde_json::from_str(&text).map_err(|e| format!("--library {path}: not a library ({e})"))
}

/// A deal given as a seed or in bracket notation.
pub(crate) fn deal_arg(text: &str) -> Result<(Deal, u64), String> {
    match text.trim().parse::<u64>() {
        Ok(seed) => Ok((Deal::from_seed(seed), seed)),
        Err(_) => Deal::parse(text).map(|d| (d, 0)).map_err(|e| format!("DEAL: {e}")),
    }
}

/// `ddz library build`: every deal of `seed..seed + deals` under `panel`,
/// on every core. Finished entries go to `OUT.partial` as they come, so an
/// interrupted build loses nothing and resumes; the library is written to
/// a temporary file and renamed into place, never left half-written.
pub fn build_library(
    deals: u64,
    panel_name: &str,
    seed: u64,
    games: u32,
    out: &str,
    quiet: bool,
) -> Result<Report, String> {
    let panel = panel(panel_name)?;
    let out = PathBuf::from(out);
    let partial = out.with_extension("partial");
    // What an earlier, interrupted build of the same library finished.
    let mut done: Vec<Entry> = match std::fs::File::open(&partial) {
        Ok(f) => std::io::BufReader::new(f)
            .lines()
            .map_while(Result::ok)
            .filter_map(|l| serde_json::from_str::<Entry>(&l).ok())
            .filter(|e| (seed..seed + deals).contains(&e.seed))
            .collect(),
        Err(_) => vec![],
    };
    done.sort_by_key(|e| e.seed);
    done.dedup_by_key(|e| e.seed);
    let todo: Vec<u64> = (seed..seed + deals)
        .filter(|s| done.binary_search_by_key(s, |e| e.seed).is_err())
        .collect();
    let bar = if quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(deals)
    };
    bar.set_style(
        ProgressStyle::with_template("library [{bar:40}] {pos}/{len} deals, {per_sec}, eta {eta}")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    bar.set_position(done.len() as u64);
    let journal = Mutex::new(
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&partial)
            .map_err(|e| format!("{}: {e}", partial.display()))?,
    );
    let clock = MonotonicClock::default();
    let started = std::time::Instant::now();
    let fresh: Vec<Entry> = todo
        .par_iter()
        .map(|&s| {
            let entry = Entry::build(s, &panel, games, &clock)?;
            if let Ok(mut f) = journal.lock() {
                let _ = writeln!(f, "{}", serde_json::to_string(&entry).unwrap_or_default());
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
    write_atomically(&out, &serde_json::to_string(&library).map_err(|e| e.to_string())?)?;
    let _ = std::fs::remove_file(&partial);
    let bytes = std::fs::metadata(&out).map(|m| m.len()).unwrap_or(0);
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

fn write_atomically(path: &Path, text: &str) -> Result<(), String> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text).map_err(|e| format!("{}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))
}

fn fmt_vec(v: &[f64]) -> String {
    v.iter().map(|x| format!("{x:.3}")).collect::<Vec<_>>().join(", ")
}

/// `ddz dist DEAL --panel NAME`: the score distribution and GDI.
pub fn dist(deal: &str, panel_name: &str, games: u32) -> Result<Report, String> {
    let (deal, seed) = deal_arg(deal)?;
    let panel = panel(panel_name)?;
    let d = score_distribution(&deal, seed, &panel, games, &MonotonicClock::default()).map_err(|e| e.to_string())?;
    let p = d.probabilities();
    let mut text = format!(
        "{deal}\n{} games ({} tables × {games}) under panel {}\n",
        d.games(),
        panel.tables.len(),
        panel.name
    );
    text += "score  games  share\n";
    for ((s, c), p) in d.scores.iter().zip(&d.counts).zip(&p) {
        text += &format!("{s:>+5} {c:>6}  {:>5.1}%\n", 100.0 * p);
    }
    text += &format!("GDI ({}): {}\n", d.gdi().len(), fmt_vec(&d.gdi()));
    Ok(Report {
        json: json!({ "deal": deal.to_string(), "panel": panel.name, "games": d.games(), "scores": d.scores, "counts": d.counts, "probabilities": p, "gdi": d.gdi() }),
        text,
    })
}

/// Where `ddz dih` takes its distribution from.
pub enum DihSource<'a> {
    Text(&'a str),
    Deal { deal: &'a str, panel: &'a str, games: u32 },
    Library { path: &'a str, seed: u64 },
}

pub fn dih_command(source: DihSource<'_>, players: u32, rounds: u32, top: u32) -> Result<Report, String> {
    if players == 0 || rounds == 0 || top == 0 {
        return Err("--players, --rounds and --top must be at least 1".into());
    }
    let d = match source {
        DihSource::Text(text) => Distribution::parse(text).map_err(|e| format!("--dist: {e}"))?,
        DihSource::Deal { deal, panel: p, games } => {
            let (deal, seed) = deal_arg(deal)?;
            score_distribution(&deal, seed, &panel(p)?, games, &MonotonicClock::default())
                .map_err(|e| e.to_string())?
                .distribution()
                .map_err(|e| e.to_string())?
        }
        DihSource::Library { path, seed } => {
            let lib = read_library(path)?;
            let entry = lib
                .entries
                .iter()
                .find(|e| e.seed == seed)
                .ok_or_else(|| format!("--entry: no deal with seed {seed} in {path}"))?;
            entry.distribution.distribution().map_err(|e| e.to_string())?
        }
    };
    let value = dih(&d, players, rounds, top);
    Ok(Report {
        json: json!({ "dih": value, "players": players, "rounds": rounds, "top": top }),
        text: format!("DIH = {value:.6} (n = {players}, m = {rounds}, r = {top})\n"),
    })
}

/// `ddz select`: the test cases, top DIH first.
pub fn select(path: &str, players: u32, rounds: u32, top: u32, count: Option<usize>) -> Result<Report, String> {
    let lib = read_library(path)?;
    let chosen = lib.select(players, rounds, top, count.unwrap_or(rounds as usize));
    let mut text = format!(
        "test cases for n = {players}, m = {rounds}, r = {top} from {path} ({} deals):\n",
        lib.entries.len()
    );
    for (e, v) in &chosen {
        text += &format!("  seed {:>7}  DIH {v:.4}  GDI ({})\n", e.seed, fmt_vec(&e.gdi));
    }
    let rows: Vec<_> = chosen
        .iter()
        .map(|(e, v)| json!({ "seed": e.seed, "deal": e.deal, "dih": v, "gdi": e.gdi }))
        .collect();
    Ok(Report {
        json: json!({ "players": players, "rounds": rounds, "top": top, "cases": rows }),
        text,
    })
}

/// A GDI centre written `G1,G2,...`.
fn parse_centre(text: &str) -> Result<Vec<f64>, String> {
    text.split(',')
        .enumerate()
        .map(|(i, x)| {
            x.trim()
                .parse::<f64>()
                .map_err(|_| format!("--center: item {} '{x}' is not a number", i + 1))
        })
        .collect()
}

/// `ddz equal`: deals within ε of a GDI centre.
pub fn equal(path: &str, center: &str, eps: f64) -> Result<Report, String> {
    let lib = read_library(path)?;
    let centre = parse_centre(center)?;
    if eps.is_nan() || eps <= 0.0 {
        return Err("--eps must be above 0".into());
    }
    let near = lib.equal_strength(&centre, eps);
    let mut text = format!(
        "{} deals of {} within {eps} of ({}):\n",
        near.len(),
        lib.entries.len(),
        fmt_vec(&centre)
    );
    for (e, d) in &near {
        text += &format!("  seed {:>7}  distance {d:.4}  GDI ({})\n", e.seed, fmt_vec(&e.gdi));
    }
    let rows: Vec<_> = near
        .iter()
        .map(|(e, d)| json!({ "seed": e.seed, "deal": e.deal, "distance": d, "gdi": e.gdi }))
        .collect();
    Ok(Report {
        json: json!({ "center": centre, "eps": eps, "deals": rows }),
        text,
    })
}

/// `ddz tournament`: place probabilities per table, for one format or all
/// three side by side.
#[allow(clippy::too_many_arguments)]
pub fn tournament(
    format: &str,
    tables: &str,
    farmers: &str,
    rounds: u32,
    matches: u32,
    library: Option<&str>,
    center: Option<&str>,
    eps: f64,
    seed: u64,
) -> Result<Report, String> {
    use engine::lab::tournament::{rank_correlation, simulate, Format};
    let landlords: Vec<String> = tables.split(',').map(|t| t.trim().to_string()).collect();
    for name in landlords.iter().map(String::as_str).chain([farmers]) {
        engine::make_player(name, 0).map_err(|e| e.to_string())?;
    }
    let pool = || -> Result<Vec<u64>, String> {
        let path = library.ok_or("the equal formats need --library (and --center)")?;
        let lib = read_library(path)?;
        let centre = parse_centre(center.ok_or("the equal formats need --center G1,G2,...")?)?;
        let pool: Vec<u64> = lib.equal_strength(&centre, eps).iter().map(|(e, _)| e.seed).collect();
        if pool.len() < landlords.len() {
            return Err(format!(
                "only {} deals of {path} lie within {eps} of the centre; {} tables need as many",
                pool.len(),
                landlords.len()
            ));
        }
        Ok(pool)
    };
    let formats = match format {
        "duplicate" => vec![Format::Duplicate],
        "duplicate-equal" => vec![Format::DuplicateOf(pool()?)],
        "equal" => vec![Format::Equal(pool()?)],
        "random" => vec![Format::Random],
        "all" => {
            let pool = pool()?;
            vec![
                Format::Duplicate,
                Format::DuplicateOf(pool.clone()),
                Format::Equal(pool),
                Format::Random,
            ]
        }
        other => {
            return Err(format!(
                "--format: '{other}' is not duplicate, duplicate-equal, equal, random or all"
            ))
        }
    };
    let clock = MonotonicClock::default();
    let results: Vec<_> = formats
        .par_iter()
        .map(|f| simulate(&landlords, farmers, f, rounds, matches, seed, &clock).map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let mut text = format!("{matches} matches of {rounds} rounds, landlords against {farmers} farmers\n");
    let reference = results[0].expected_places();
    let list = |xs: &[f64], f: &dyn Fn(f64) -> String| xs.iter().map(|&x| f(x)).collect::<Vec<_>>().join(" ");
    for (f, r) in formats.iter().zip(&results) {
        text += &format!(
            "\n{} format: chance of each place (1st .. {}th)\n",
            f.name(),
            landlords.len()
        );
        for (name, row) in r.tables.iter().zip(&r.p) {
            text += &format!("  {name:<6} {}\n", list(row, &|q| format!("{:>5.1}%", 100.0 * q)));
        }
        text += &format!(
            "  expected places: {}; rank correlation with the first format's: {:+.3}\n",
            list(&r.expected_places(), &|x| format!("{x:.2}")),
            rank_correlation(&r.expected_places(), &reference),
        );
    }
    // How far apart the formats' place probabilities are, pairwise.
    let distances: Vec<Vec<f64>> = results
        .iter()
        .map(|a| results.iter().map(|b| a.distance(b)).collect())
        .collect();
    if formats.len() > 1 {
        text += "\nplace-probability distance (mean total variation over the tables)\n";
        text += &format!(
            "  {:<16}{}\n",
            "",
            formats.iter().map(|f| format!("{:>16}", f.name())).collect::<String>()
        );
        for (f, row) in formats.iter().zip(&distances) {
            text += &format!("  {:<16}{}\n", f.name(), list(row, &|d| format!("{d:>15.3}")));
        }
    }
    let rows: Vec<_> = formats
        .iter()
        .zip(&results)
        .map(|(f, r)| json!({ "format": f.name(), "tables": r.tables, "places": r.p, "expected_places": r.expected_places(), "rank_correlation": rank_correlation(&r.expected_places(), &reference) }))
        .collect();
    Ok(Report {
        json: json!({ "rounds": rounds, "matches": matches, "eps": eps, "formats": rows, "distances": distances }),
        text,
    })
}

/// `ddz p1p2`: the test-case paper's comparison. Distinguishable players
/// (its algorithm 1) play `tournaments` tournaments on random deals (P1)
/// and on the library's test cases for (n, m, r) (P2); P is the share with
/// the top r distinct.
pub fn p1p2(
    path: &str,
    ais: &str,
    players: usize,
    rounds: u32,
    top: u32,
    tournaments: u32,
    seed: u64,
) -> Result<Report, String> {
    use engine::lab::tournament::{distinguishable_players, distinguishable_share};
    let lib = read_library(path)?;
    let ais: Vec<&str> = ais.split(',').map(str::trim).collect();
    let clock = MonotonicClock::default();
    let calibration: Vec<u64> = lib.entries.iter().take(30).map(|e| e.seed).collect();
    let chosen = distinguishable_players(&ais, &calibration, players, &clock).map_err(|e| e.to_string())?;
    let triples: Vec<_> = chosen.iter().map(|(t, _)| t.clone()).collect();
    let n = triples.len() as u32;
    let cases: Vec<u64> = lib
        .select(n, rounds, top, rounds as usize)
        .iter()
        .map(|(e, _)| e.seed)
        .collect();
    let mut rng = engine::rng::from_seed(seed);
    let random: Vec<Vec<u64>> = (0..tournaments)
        .map(|_| (0..rounds).map(|_| engine::rng::split(&mut rng)).collect())
        .collect();
    let (p1, p2) = rayon::join(
        || {
            distinguishable_share(
                &triples,
                top as usize,
                tournaments,
                |i| random[i as usize].clone(),
                seed,
                &clock,
            )
        },
        || distinguishable_share(&triples, top as usize, tournaments, |_| cases.clone(), seed, &clock),
    );
    let (p1, p2) = (p1.map_err(|e| e.to_string())?, p2.map_err(|e| e.to_string())?);
    let gain = if p1 > 0.0 {
        100.0 * (p2 - p1) / p1
    } else {
        f64::INFINITY
    };
    Ok(Report {
        json: json!({ "players": n, "rounds": rounds, "top": top, "tournaments": tournaments, "p1": p1, "p2": p2, "gain_percent": gain, "test_cases": cases }),
        text: format!("n = {n} distinguishable players, m = {rounds}, r = {top}, {tournaments} tournaments: P1 (random deals) {:.3}, P2 (test cases) {:.3}, gain {gain:+.0}%\n", p1, p2),
    })
}

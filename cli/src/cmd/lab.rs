//! The lab's questions: `ddz dist`, `ddz dih`, `ddz select`, `ddz equal`,
//! `ddz tournament`, `ddz p1p2`. Library files are read (and validated)
//! by [`super::library::read`].

use std::path::Path;

use rayon::prelude::*;
use serde::Serialize;
use serde_json::json;

use engine::clock::MonotonicClock;
use engine::lab::dih::dih_checked;
use engine::lab::generate::{Generator, Kept};
use engine::lab::library::Library;
use engine::lab::panel::{score_distribution, GdiCentre, Panel};
use engine::lab::tournament::{
    distinguishable_players, distinguishable_share, rank_correlation, simulate, TournamentFormat,
};
use engine::{limits, SeedOrDeal, SeedRange};

use super::library::read;
use crate::args::{DihArgs, EqualArgs, Formats, P1p2Args, TournamentArgs, TournamentShape};
use crate::error::CliError;
use crate::report::{fmt_vec, progress, Report};

#[derive(Serialize)]
struct DistJson<'a> {
    deal: String,
    panel: &'a str,
    seed: u64,
    games: u64,
    scores: &'a [i64],
    counts: &'a [u64],
    probabilities: Vec<f64>,
    gdi: Vec<f64>,
}

#[derive(Serialize)]
struct DihJson {
    dih: f64,
    players: u32,
    rounds: u32,
    top: u32,
}

/// A deal of a library with its measure (`dih` for select, `distance` for equal).
#[derive(Serialize)]
struct EntryJson<'a> {
    seed: u64,
    deal: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    dih: Option<f64>,
    /// DIH's 95% interval from the deal's games (`dih_interval`).
    #[serde(skip_serializing_if = "Option::is_none")]
    dih_interval: Option<[f64; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    distance: Option<f64>,
    gdi: &'a [f64],
}

#[derive(Serialize)]
struct SelectJson<'a> {
    players: u32,
    rounds: u32,
    top: u32,
    cases: Vec<EntryJson<'a>>,
}

#[derive(Serialize)]
struct EqualJson<'a> {
    centre: &'a [f64],
    eps: f64,
    deals: Vec<EntryJson<'a>>,
}

/// `ddz dist DEAL --panel NAME [--seed S]`: the score distribution and GDI,
/// the players seeded from `seed` (by default the deal's seed, or 0).
pub fn dist(deal: SeedOrDeal, panel: &Panel, games: u32, seed: Option<u64>) -> Result<Report, CliError> {
    let seed = seed.or(deal.seed()).unwrap_or(0);
    let d = score_distribution(&deal.deal(), seed, panel, games, &MonotonicClock::default())?;
    let p = d.probabilities();
    let mut text = format!(
        "{}\n{} games ({} tables × {games}) under panel {}, players' seed {seed}\n",
        deal.deal(),
        d.games(),
        panel.seatings.len(),
        panel.name
    );
    text += "score  games  share\n";
    for ((s, c), p) in d.scores.iter().zip(&d.counts).zip(&p) {
        text += &format!("{s:>+5} {c:>6}  {:>5.1}%\n", 100.0 * p);
    }
    text += &format!("GDI ({}): {}\n", d.gdi().len(), fmt_vec(&d.gdi()));
    let json = DistJson {
        deal: deal.deal().to_string(),
        panel: panel.name.name(),
        seed,
        games: d.games(),
        scores: &d.scores,
        counts: &d.counts,
        probabilities: p,
        gdi: d.gdi(),
    };
    Ok(Report::new(&json, text))
}

/// `ddz equal`: the library's deals near a centre, or fresh deals near
/// it generated.
pub fn equal_deals(args: EqualArgs, json: bool) -> Result<Report, CliError> {
    let EqualArgs {
        library,
        centre,
        eps,
        count,
        max_deals,
        panel,
        games,
        seed,
        ..
    } = args;
    match library {
        Some(library) => equal(&library, &centre, eps),
        None => {
            let seeds = super::seeds("--seed", seed, "--max-deals", max_deals)?;
            generate(&centre, eps, count, seeds, panel, games, json)
        }
    }
}

/// `ddz dih`: DIH of a distribution given, of a deal played under a
/// panel, or of a library's entry.
pub fn dih(args: DihArgs) -> Result<Report, CliError> {
    let DihArgs {
        dist,
        deal,
        panel,
        games,
        library,
        entry,
        shape,
    } = args;
    let d = match (dist, deal, library) {
        (Some(d), _, _) => d,
        (None, Some(deal), _) => score_distribution(
            &deal.deal(),
            deal.seed().unwrap_or(0),
            &panel,
            games,
            &MonotonicClock::default(),
        )?
        .distribution()
        .map_err(|e| e.to_string())?,
        (None, None, Some(path)) => {
            let seed = entry.unwrap_or_default();
            let lib = read("--library", &path)?;
            let entry = lib
                .entries
                .iter()
                .find(|e| e.seed == seed)
                .ok_or_else(|| format!("--entry: no deal with seed {seed} in {}", path.display()))?;
            entry.distribution.distribution().map_err(|e| e.to_string())?
        }
        (None, None, None) => {
            return Err(CliError::Other(
                "give the distribution: --dist SCORE:P,..., --deal DEAL or --library FILE --entry SEED".into(),
            ))
        }
    };
    let TournamentShape { players, rounds, top } = shape;
    let value = dih_checked(&d, players, rounds, top)?;
    Ok(Report::new(
        &DihJson {
            dih: value,
            players,
            rounds,
            top,
        },
        format!("DIH = {value:.6} (n = {players}, m = {rounds}, r = {top})\n"),
    ))
}

/// DIH over `rounds` rounds of every entry is within its limits (the
/// totals' span), else an error naming the first entry outside them.
fn check_rounds(lib: &Library, path: &Path, rounds: u32) -> Result<(), CliError> {
    for (i, e) in lib.entries.iter().enumerate() {
        limits::totals_span(e.distribution.scores.iter().copied(), rounds).map_err(|err| {
            CliError::Other(format!(
                "--rounds {rounds}: {} entries[{i}] (seed {}): {err}",
                path.display(),
                e.seed
            ))
        })?;
    }
    Ok(())
}

/// `ddz select`: the test cases, top DIH first.
pub fn select(path: &Path, shape: &TournamentShape, count: Option<usize>) -> Result<Report, CliError> {
    let TournamentShape { players, rounds, top } = *shape;
    let lib = read("--library", path)?;
    check_rounds(&lib, path, rounds)?;
    let chosen = lib.select(players, rounds, top, count.unwrap_or(rounds as usize));
    let mut text = format!(
        "test cases for n = {players}, m = {rounds}, r = {top} from {} ({} deals):\n",
        path.display(),
        lib.entries.len()
    );
    // Each DIH is an estimate from the deal's games: its interval says
    // which deals the ranking really tells apart.
    let intervals: Vec<Option<[f64; 2]>> = chosen
        .iter()
        .map(|(e, _)| e.dih_interval(players, rounds, top).map(|(lo, hi)| [lo, hi]))
        .collect();
    for ((e, v), interval) in chosen.iter().zip(&intervals) {
        let range = interval.map_or(String::new(), |[lo, hi]| format!(" ({lo:.4}–{hi:.4})"));
        text += &format!("  seed {:>7}  DIH {v:.4}{range}  GDI ({})\n", e.seed, fmt_vec(&e.gdi));
    }
    text += "  (in brackets: 95% intervals from each deal's games)\n";
    let cases = chosen
        .iter()
        .zip(intervals)
        .map(|((e, v), dih_interval)| EntryJson {
            seed: e.seed,
            deal: &e.deal,
            dih: Some(*v),
            dih_interval,
            distance: None,
            gdi: &e.gdi,
        })
        .collect();
    let json = SelectJson {
        players,
        rounds,
        top,
        cases,
    };
    Ok(Report::new(&json, text))
}

/// `ddz equal`: deals within ε of a GDI centre.
pub fn equal(path: &Path, centre: &GdiCentre, eps: f64) -> Result<Report, CliError> {
    let lib = read("--library", path)?;
    let centre = centre.values();
    let near = lib.equal_strength(centre, eps);
    let mut text = format!(
        "{} deals of {} within {eps} of ({}):\n",
        near.len(),
        lib.entries.len(),
        fmt_vec(centre)
    );
    for (e, d) in &near {
        text += &format!("  seed {:>7}  distance {d:.4}  GDI ({})\n", e.seed, fmt_vec(&e.gdi));
    }
    let deals = near
        .iter()
        .map(|(e, d)| EntryJson {
            seed: e.seed,
            deal: &e.deal,
            dih: None,
            dih_interval: None,
            distance: Some(*d),
            gdi: &e.gdi,
        })
        .collect();
    let json = EqualJson { centre, eps, deals };
    Ok(Report::new(&json, text))
}

/// `ddz equal --generate`: fresh deals played under `panel`, in seed
/// order, until `count` lie within `eps` of the centre or `seeds` run
/// out; judged on every core a batch at a time, kept in seed order, so a
/// run is reproduced by its settings.
pub fn generate(
    centre: &GdiCentre,
    eps: f64,
    count: usize,
    seeds: SeedRange,
    panel: Panel,
    games: u32,
    quiet: bool,
) -> Result<Report, CliError> {
    let generator = Generator::new(centre.clone(), eps, panel.clone(), games, seeds.first())
        .map_err(|e| CliError::Other(e.to_string()))?;
    let clock = MonotonicClock::default();
    let bar = progress(seeds.count(), quiet);
    let started = std::time::Instant::now();
    let batch = 4 * rayon::current_num_threads();
    let mut kept: Vec<Kept> = Vec::new();
    let mut tried = 0u64;
    let mut dealt = seeds.iter();
    while kept.len() < count {
        let chunk: Vec<u64> = dealt.by_ref().take(batch).collect();
        if chunk.is_empty() {
            break;
        }
        let judged = chunk
            .par_iter()
            .map(|&s| generator.judge(s, &clock).map_err(|e| e.to_string()))
            .collect::<Result<Vec<_>, String>>()?;
        for found in judged {
            tried += 1;
            if let Some(k) = found {
                kept.push(k);
                if kept.len() >= count {
                    break;
                }
            }
        }
        bar.set_position(tried);
        bar.set_message(format!("kept {}/{count}", kept.len()));
    }
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let last = seeds.first().saturating_add(tried.saturating_sub(1));
    let rate = kept.len() as f64 / tried.max(1) as f64;
    let mut text = format!(
        "{} deals within {eps} of ({}) under panel {} ({games} games per table): dealt seeds {}..={last} ({tried} deals, {:.1}% kept) in {seconds:.1} s\n",
        kept.len(),
        fmt_vec(centre.values()),
        panel.name,
        seeds.first(),
        100.0 * rate
    );
    if kept.len() < count {
        text += &format!(
            "only {} of the {count} wanted: raise --max-deals or --eps\n",
            kept.len()
        );
    }
    for k in &kept {
        text += &format!(
            "  seed {:>7}  distance {:.4}  GDI ({})  {}\n",
            k.entry.seed,
            k.distance,
            fmt_vec(&k.entry.gdi),
            k.entry.deal
        );
    }
    let deals: Vec<EntryJson> = kept
        .iter()
        .map(|k| EntryJson {
            seed: k.entry.seed,
            deal: &k.entry.deal,
            dih: None,
            dih_interval: None,
            distance: Some(k.distance),
            gdi: &k.entry.gdi,
        })
        .collect();
    let json = json!({
        "centre": centre.values(), "eps": eps, "panel": panel.name, "games": games,
        "first_seed": seeds.first(), "last_seed": last, "tried": tried, "kept": kept.len(),
        "acceptance": rate, "seconds": seconds, "deals": deals,
    });
    Ok(Report { json, text })
}

/// ε when `ddz tournament` is not given one.
const DEFAULT_EPS: f64 = 0.15;

/// `ddz tournament`: place probabilities per table, for one format or all
/// of them side by side.
pub fn tournament(args: TournamentArgs) -> Result<Report, CliError> {
    let TournamentArgs {
        format,
        tables,
        farmers,
        rounds,
        matches,
        library,
        centre,
        eps,
        seed,
    } = args;
    limits::check("--tables (how many)", tables.len(), &limits::TABLES)?;
    let names: Vec<TournamentFormat> = match format {
        Formats::All => TournamentFormat::ALL.to_vec(),
        Formats::One(name) => vec![name],
    };
    // The equal formats draw their deals from the library's deals near the
    // centre; the others take none, so a pool's flag would be ignored.
    let needs_pool = names.iter().any(|n| n.needs_pool());
    if !needs_pool {
        let given = [
            ("--library", library.is_some()),
            ("--centre", centre.is_some()),
            ("--eps", eps.is_some()),
        ];
        if let Some(&(flag, _)) = given.iter().find(|(_, given)| *given) {
            return Err(CliError::arg(
                flag,
                "is for the equal formats (all, equal, duplicate-equal); the format given deals without a pool",
            ));
        }
    }
    let eps = eps.unwrap_or(DEFAULT_EPS);
    let pool: Vec<u64> = if needs_pool {
        let path = library.ok_or("the equal formats need --library (and --centre)")?;
        let centre = centre.ok_or("the equal formats need --centre G1,G2,...")?;
        let lib = read("--library", &path)?;
        lib.equal_pool(centre.values(), eps, tables.len()).map_err(|few| {
            CliError::Other(format!(
                "only {} deals of {} lie within {eps} of the centre; {} tables need as many",
                few.found,
                path.display(),
                few.needed
            ))
        })?
    } else {
        vec![]
    };
    let clock = MonotonicClock::default();
    let results: Vec<_> = names
        .par_iter()
        .map(|f| simulate(&tables, &farmers, &f.with_pool(&pool), rounds, matches, seed, &clock))
        .collect::<Result<_, _>>()?;
    let mut text = format!("{matches} matches of {rounds} rounds, landlords against {farmers} farmers\n");
    let reference = results.first().map(|r| r.expected_places()).unwrap_or_default();
    let list = |xs: &[f64], f: &dyn Fn(f64) -> String| xs.iter().map(|&x| f(x)).collect::<Vec<_>>().join(" ");
    for (f, r) in names.iter().zip(&results) {
        text += &format!(
            "\n{} format: chance of each place (1st .. {}th)\n",
            f.name(),
            tables.len()
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
    if names.len() > 1 {
        text += "\nplace-probability distance (mean total variation over the tables)\n";
        text += &format!(
            "  {:<16}{}\n",
            "",
            names.iter().map(|f| format!("{:>16}", f.name())).collect::<String>()
        );
        for (f, row) in names.iter().zip(&distances) {
            text += &format!("  {:<16}{}\n", f.name(), list(row, &|d| format!("{d:>15.3}")));
        }
    }
    let rows: Vec<_> = names
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
pub fn p1p2(args: P1p2Args) -> Result<Report, CliError> {
    let P1p2Args {
        library,
        ais,
        players,
        rounds,
        top,
        tournaments,
        seed,
    } = args;
    let (path, ais) = (library.as_path(), ais.as_slice());
    limits::check("--ais (how many)", ais.len(), &limits::AIS)?;
    let lib = read("--library", path)?;
    check_rounds(&lib, path, rounds)?;
    let clock = MonotonicClock::default();
    let calibration: Vec<u64> = lib.entries.iter().take(30).map(|e| e.seed).collect();
    let chosen = distinguishable_players(ais, &calibration, players as usize, &clock)?;
    let triples: Vec<_> = chosen.iter().map(|(t, _)| *t).collect();
    let n = triples.len() as u32;
    let cases: Vec<u64> = lib
        .select(n, rounds, top, rounds as usize)
        .iter()
        .map(|(e, _)| e.seed)
        .collect();
    // Each random tournament's deals are drawn as it starts (tournaments
    // come in order), not all held at once: up to 10^9 seeds at the limits.
    let mut rng = engine::rng::from_seed(seed);
    let random = move |_: u32| (0..rounds).map(|_| engine::rng::split(&mut rng)).collect::<Vec<u64>>();
    let (p1, p2) = rayon::join(
        || distinguishable_share(&triples, top as usize, tournaments, random, seed, &clock),
        || distinguishable_share(&triples, top as usize, tournaments, |_| cases.clone(), seed, &clock),
    );
    let (p1, p2) = (p1?, p2?);
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

//! `ddz puzzles`: the endgame puzzle library. `generate` makes a library
//! from seeded self-play (deals proven on every core, offered in order,
//! so a seed always gives the same file); `list` prints one; `check`
//! re-proves every puzzle with the exhaustive solver.

use std::io::Read;
use std::path::Path;

use rayon::prelude::*;
use serde_json::{json, Value};

use engine::clock::{Clock, MonotonicClock};

use engine::puzzles::file::{self, MAX_FILE_BYTES};
use engine::puzzles::generate::{built_ins, candidates, level_in_library, Selection};
use engine::puzzles::{self, prove, Puzzle, Rating, Theme};
use engine::Seat;

use super::out;
use crate::args::PuzzlesCommand;
use crate::error::CliError;
use crate::report::{progress_in, Report};

pub fn run(command: PuzzlesCommand, json: bool) -> Result<Report, CliError> {
    match command {
        PuzzlesCommand::Generate {
            seed,
            count,
            max_deals,
            out,
        } => generate(seed, count, max_deals, &out, json),
        PuzzlesCommand::List { level, theme, file } => {
            let all = load(file.as_deref())?;
            Ok(list(&all, level.map(|l| l as u8), theme))
        }
        PuzzlesCommand::Check { file } => {
            let all = load(file.as_deref())?;
            check(&all, json)
        }
    }
}

/// The puzzles of `path` (read up to the format's bound), or the shipped
/// library.
fn load(path: Option<&Path>) -> Result<Vec<Puzzle>, CliError> {
    let Some(path) = path else {
        return file::parse(puzzles::LIBRARY_TEXT)
            .map_err(|e| CliError::Other(format!("the shipped library (a defect): {e}")));
    };
    let handle = std::fs::File::open(path).map_err(|e| CliError::io(path, e))?;
    let mut bytes = Vec::new();
    handle
        .take(MAX_FILE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| CliError::io(path, e))?;
    if bytes.len() > MAX_FILE_BYTES {
        return Err(CliError::Other(format!(
            "{}: longer than a puzzle file may be ({MAX_FILE_BYTES} bytes)",
            path.display()
        )));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        CliError::Other(format!(
            "{}: not UTF-8 text (byte {})",
            path.display(),
            e.utf8_error().valid_up_to() + 1
        ))
    })?;
    file::parse(&text).map_err(|e| CliError::Other(format!("{}: {e}", path.display())))
}

/// `ddz puzzles generate`.
fn generate(seed: u64, count: usize, max_deals: u64, out: &Path, quiet: bool) -> Result<Report, CliError> {
    out::check_new(out, "puzzles are")?;
    let clock = MonotonicClock::default();
    let started = clock.now_ms();
    let mut selection = Selection::new(count, &built_ins(&clock)?);
    let bar = progress_in(count as u64, "puzzles", quiet);
    let batch = (rayon::current_num_threads() as u64 * 4).max(4);
    let (mut deals, mut proven) = (0u64, 0usize);
    while deals < max_deals && !selection.is_full() {
        let end = (deals + batch).min(max_deals);
        let found: Vec<_> = (deals..end)
            .into_par_iter()
            .map(|k| candidates(seed, k, &MonotonicClock::default()))
            .collect();
        // Offered in deal order, and no further than the deal that
        // filled the last level: the same file as one deal at a time.
        for (k, cs) in (deals..end).zip(found) {
            if selection.is_full() {
                break;
            }
            deals = k + 1;
            proven += cs.len();
            for c in &cs {
                selection.offer(c);
            }
        }
        let counts = selection.counts();
        bar.set_position(counts.iter().sum::<usize>() as u64);
        bar.set_message(format!("{deals} deals, by level {counts:?}"));
    }
    bar.finish_and_clear();
    let counts = selection.counts();
    let puzzles = selection.into_puzzles();
    let comment = vec![
        format!("ddz puzzles generate --seed {seed} --count {count}: {deals} deals, {proven} positions proven puzzles"),
        format!("per level: {counts:?}"),
    ];
    let text = file::write(&puzzles, &comment);
    // What was written reads back as the same puzzles.
    let back =
        file::parse(&text).map_err(|e| CliError::Other(format!("the file made does not read back (a defect): {e}")))?;
    if back != puzzles {
        return Err("the file made does not read back the same (a defect)".into());
    }
    out::write_new(out, &text)?;
    let secs = (clock.now_ms() - started) / 1000.0;
    let full = puzzles.len() >= count;
    let mut text = format!(
        "{} puzzles in {} levels ({:?} per level) from {deals} deals, {secs:.1} s; written to {}\n",
        puzzles.len(),
        counts.iter().filter(|&&c| c > 0).count(),
        counts,
        out.display()
    );
    if !full {
        text += &format!(
            "only {} of {count}: some levels did not fill within {max_deals} deals\n",
            puzzles.len()
        );
    }
    Ok(Report {
        json: json!({
            "puzzles": puzzles.len(), "per_level": counts, "deals": deals, "proven": proven,
            "seconds": secs, "out": out.display().to_string(), "full": full,
        }),
        text,
    })
}

fn hands_text(p: &Puzzle) -> String {
    p.hands().iter().map(|h| h.to_string()).collect::<Vec<_>>().join(" | ")
}

fn puzzle_json(p: &Puzzle) -> Value {
    let f = p.facts();
    let hands: serde_json::Map<String, Value> = Seat::ALL[..p.seats()]
        .iter()
        .map(|&s| (s.name().to_string(), json!(p.hand(s).to_string())))
        .collect();
    json!({
        "id": p.id().to_string(), "level": p.level(), "seats": p.seats(), "hands": hands,
        "to_move": p.to_move().name(),
        "to_beat": p.to_beat().map(|(by, play)| json!({ "by": by.name(), "play": play.to_string() })),
        "task": p.task().to_string(), "answer": p.answer().to_string(), "moves_to_win": p.moves_to_win(),
        "losing": f.losing, "split": f.split, "line": file::line(p),
        "rating": Rating::of_puzzle(p).points(),
        "themes": p.themes().iter().map(|t| t.name()).collect::<Vec<_>>(),
    })
}

/// `ddz puzzles list`: the puzzles of a level or a theme, with how many
/// have each theme.
fn list(all: &[Puzzle], level: Option<u8>, theme: Option<Theme>) -> Report {
    let shown: Vec<&Puzzle> = all
        .iter()
        .filter(|p| level.is_none_or(|l| p.level() == l) && theme.is_none_or(|t| t.fits(p)))
        .collect();
    let mut text = String::new();
    for p in &shown {
        let themes: Vec<&str> = p.themes().iter().map(|t| t.name()).collect();
        text += &format!(
            "{}  level {:>2}  {}  {}: {} (wins in {})  rated {}  {}\n",
            p.id(),
            p.level(),
            hands_text(p),
            p.task(),
            p.answer(),
            p.moves_to_win(),
            Rating::of_puzzle(p).points(),
            themes.join(",")
        );
    }
    let counts: Vec<(Theme, usize)> = Theme::ALL
        .iter()
        .map(|&t| (t, shown.iter().filter(|p| t.fits(p)).count()))
        .collect();
    let per_theme: Vec<String> = counts.iter().map(|(t, n)| format!("{t} {n}")).collect();
    let counts: serde_json::Map<String, Value> = counts.iter().map(|(t, n)| (t.to_string(), json!(n))).collect();
    text += &format!("{} puzzles ({})\n", shown.len(), per_theme.join(", "));
    Report {
        json: json!({
            "count": shown.len(), "themes": counts,
            "puzzles": shown.iter().map(|p| puzzle_json(p)).collect::<Vec<_>>(),
        }),
        text,
    }
}

/// `ddz puzzles check`: every puzzle re-proven, on every core.
fn check(all: &[Puzzle], quiet: bool) -> Result<Report, CliError> {
    let clock = MonotonicClock::default();
    let started = clock.now_ms();
    let bar = progress_in(all.len() as u64, "puzzles", quiet);
    bar.set_message("proving");
    let results: Vec<(Result<(), String>, f64)> = all
        .par_iter()
        .map(|p| {
            let clock = MonotonicClock::default();
            let r = match prove(p.position(), &clock) {
                Err(e) => Err(e.to_string()),
                Ok(proof) if proof.answers != p.answers() => {
                    Err(format!("the answers are {:?}, not {:?}", proof.answers, p.answers()))
                }
                Ok(proof) if proof.facts != p.facts() => {
                    Err(format!("the facts are {:?}, not {:?}", proof.facts, p.facts()))
                }
                Ok(proof) => match level_in_library(p.position(), &proof) {
                    level if level != p.level() => Err(format!("its level is {level}, not {}", p.level())),
                    _ => Ok(()),
                },
            };
            bar.inc(1);
            (r, clock.now_ms())
        })
        .collect();
    bar.finish_and_clear();
    let wall = (clock.now_ms() - started) / 1000.0;
    let total: f64 = results.iter().map(|(_, ms)| ms).sum::<f64>() / 1000.0;
    let (slowest, slowest_ms) =
        results
            .iter()
            .zip(all)
            .map(|((_, ms), p)| (p.id(), *ms))
            .fold(
                (None, 0.0),
                |(b, bm), (id, ms)| if ms > bm { (Some(id), ms) } else { (b, bm) },
            );
    let failed: Vec<String> = results
        .iter()
        .zip(all)
        .filter_map(|((r, _), p)| {
            r.as_ref()
                .err()
                .map(|e| format!("{} (level {}): {e}", p.id(), p.level()))
        })
        .collect();
    let confirmed = all.len() - failed.len();
    if !failed.is_empty() {
        return Err(CliError::Other(format!(
            "{confirmed} of {} puzzles confirmed; not confirmed:\n  {}",
            all.len(),
            failed.join("\n  ")
        )));
    }
    let text = format!(
        "{confirmed} of {} puzzles confirmed by the exhaustive solver in {wall:.1} s ({total:.1} s of proving; slowest {} in {:.0} ms)\n",
        all.len(),
        slowest.map_or("-".into(), |id| id.to_string()),
        slowest_ms
    );
    Ok(Report {
        json: json!({
            "puzzles": all.len(), "confirmed": confirmed, "seconds": wall, "proving_seconds": total,
            "slowest": { "id": slowest.map(|id| id.to_string()), "ms": slowest_ms },
        }),
        text,
    })
}

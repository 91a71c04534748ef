//! `ddz match` and `ddz ladder`: duplicate matches between players, on
//! every core, with a progress bar.

use indicatif::ProgressBar;
use rayon::prelude::*;
use serde_json::json;

use engine::agents::Rung;
use engine::clock::MonotonicClock;
use engine::lab::duplicate::{play_both_ways, BoardGames, Summary};
use engine::{limits, PlayerSpec, SeedRange};

use crate::error::CliError;
use crate::report::{progress, Report};

/// The boards of `seeds` between `a` and `b`, in parallel.
fn run_match(a: &PlayerSpec, b: &PlayerSpec, seeds: SeedRange, bar: &ProgressBar) -> Result<Vec<BoardGames>, String> {
    let clock = MonotonicClock::default();
    let mut results = seeds
        .range()
        .into_par_iter()
        .map(|s| {
            let r = play_both_ways(a, b, s, &clock, None).map_err(|e| e.to_string());
            bar.inc(1);
            r
        })
        .collect::<Result<Vec<_>, _>>()?;
    results.sort_by_key(|r| r.seed);
    Ok(results)
}

fn summary_json(s: &Summary) -> serde_json::Value {
    serde_json::to_value(s).unwrap_or_default()
}

fn describe(s: &Summary) -> String {
    format!(
        "margin {:+.3} ± {:.3} a deal; as landlord: {:.1}% wins (score {:+.2}) against {:.1}% (score {:+.2})",
        s.margin.mean,
        s.margin.half_width,
        100.0 * s.a_landlord_wins.mean,
        s.a_landlord_score.mean,
        100.0 * s.b_landlord_wins.mean,
        s.b_landlord_score.mean,
    )
}

pub fn duplicate_match(players: &[PlayerSpec], seeds: SeedRange, quiet: bool) -> Result<Report, CliError> {
    let [a, b] = players else {
        return Err(CliError::arg(
            "--players",
            format!("give two players, A,B (got {})", players.len()),
        ));
    };
    let (deals, seed) = (seeds.count(), seeds.first());
    let bar = progress(deals, quiet);
    bar.set_message(format!("{a} vs {b}"));
    let results = run_match(a, b, seeds, &bar)?;
    bar.finish_and_clear();
    let s = Summary::of(&results);
    let verdict = if s.a_is_stronger() {
        format!("{a} is stronger")
    } else if s.margin.high() < 0.0 {
        format!("{b} is stronger")
    } else {
        "not separated at 95%".to_string()
    };
    let text = format!(
        "{a} against {b}, {deals} duplicate deals (seeds {seeds}):\n  {}\n  {verdict}\n",
        describe(&s)
    );
    Ok(Report {
        json: json!({ "a": a, "b": b, "seed": seed, "summary": summary_json(&s), "deals": results }),
        text,
    })
}

/// What a player stands for: a rung's definition, else its own name.
fn definition(player: &PlayerSpec) -> String {
    player
        .rung()
        .map_or_else(|| player.to_string(), |r| r.definition().to_string())
}

pub fn ladder(rungs: Option<&[PlayerSpec]>, seeds: SeedRange, quiet: bool) -> Result<Report, CliError> {
    let rungs: Vec<PlayerSpec> = match rungs {
        Some(list) => list.to_vec(),
        None => Rung::ALL.map(Rung::spec).to_vec(),
    };
    // A ladder has a step: at least two rungs.
    limits::check("--rungs (how many)", rungs.len(), &(2..=*limits::TABLES.end()))?;
    let (deals, seed) = (seeds.count(), seeds.first());
    let mut rows = Vec::new();
    let mut text =
        format!("the ladder: each rung against the one below, {deals} duplicate deals each (seeds {seeds})\n");
    text += "rung  player                                    margin vs below    landlord wins    separated\n";
    text += "                                                                      this / below\n";
    text += &format!(
        "{:<5} {:<41} {:>20}\n",
        rungs[0].to_string(),
        definition(&rungs[0]),
        "-"
    );
    let mut ordered = true;
    for pair in rungs.windows(2) {
        let (low, high) = (&pair[0], &pair[1]);
        let bar = progress(deals, quiet);
        bar.set_message(format!("{high} vs {low}"));
        let results = run_match(high, low, seeds, &bar)?;
        bar.finish_and_clear();
        let s = Summary::of(&results);
        ordered &= s.a_is_stronger();
        text += &format!(
            "{:<5} {:<41} {:>+8.3} ± {:<8.3} {:>14} {}\n",
            high.to_string(),
            definition(high),
            s.margin.mean,
            s.margin.half_width,
            format!(
                "{:.1}% / {:.1}%",
                100.0 * s.a_landlord_wins.mean,
                100.0 * s.b_landlord_wins.mean
            ),
            if s.a_is_stronger() { "yes" } else { "NO" }
        );
        rows.push(json!({ "rung": high, "player": definition(high), "below": low, "summary": summary_json(&s) }));
    }
    text += if ordered {
        "every rung beats the one below it (95% intervals above zero)\n"
    } else {
        "NOT strictly ordered: see the rows marked NO\n"
    };
    Ok(Report {
        json: json!({ "deals": deals, "seed": seed, "ordered": ordered, "rungs": rows }),
        text,
    })
}

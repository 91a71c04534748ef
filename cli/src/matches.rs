//! `ddz match` and `ddz ladder`: duplicate matches between players, on
//! every core, with a progress bar.

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde_json::json;

use engine::agents::{make_player, resolve, LADDER};
use engine::clock::MonotonicClock;
use engine::lab::duplicate::{play_deal, DealResult, Summary};

use crate::Report;

/// A progress bar over `total` deals on stderr (hidden when `quiet`).
pub fn progress(total: u64, quiet: bool) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template("{msg} [{bar:40}] {pos}/{len} deals, {elapsed} (eta {eta})")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    bar
}

/// Both players must exist before hours of play start.
fn check_player(name: &str) -> Result<(), String> {
    make_player(name, 0).map(|_| ()).map_err(|e| e.to_string())
}

/// Deals `seed..seed + deals` between `a` and `b`, in parallel.
fn run_match(a: &str, b: &str, deals: u64, seed: u64, bar: &ProgressBar) -> Result<Vec<DealResult>, String> {
    let clock = MonotonicClock::default();
    let mut results = (seed..seed + deals)
        .into_par_iter()
        .map(|s| {
            let r = play_deal(a, b, s, &clock, None).map_err(|e| e.to_string());
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

pub fn duplicate_match(players: &str, deals: u64, seed: u64, quiet: bool) -> Result<Report, String> {
    let names: Vec<&str> = players.split(',').map(str::trim).collect();
    let [a, b] = names[..] else {
        return Err(format!("--players: give two players, A,B (got '{players}')"));
    };
    check_player(a)?;
    check_player(b)?;
    let bar = progress(deals, quiet);
    bar.set_message(format!("{a} vs {b}"));
    let results = run_match(a, b, deals, seed, &bar)?;
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
        "{a} against {b}, {deals} duplicate deals (seeds {seed}..{}):\n  {}\n  {verdict}\n",
        seed + deals - 1,
        describe(&s)
    );
    Ok(Report {
        json: json!({ "a": a, "b": b, "seed": seed, "summary": summary_json(&s), "deals": results }),
        text,
    })
}

pub fn ladder(rungs: Option<&str>, deals: u64, seed: u64, quiet: bool) -> Result<Report, String> {
    let rungs: Vec<String> = match rungs {
        Some(list) => list.split(',').map(|r| r.trim().to_string()).collect(),
        None => LADDER.iter().map(|(rung, _)| rung.to_string()).collect(),
    };
    for r in &rungs {
        check_player(r)?;
    }
    let mut rows = Vec::new();
    let mut text = format!(
        "the ladder: each rung against the one below, {deals} duplicate deals each (seeds {seed}..{})\n",
        seed + deals - 1
    );
    text += "rung  player                                    margin vs below    landlord wins    separated\n";
    text += "                                                                      this / below\n";
    text += &format!("{:<5} {:<41} {:>20}\n", rungs[0], resolve(&rungs[0]), "-");
    let mut ordered = true;
    for pair in rungs.windows(2) {
        let (low, high) = (&pair[0], &pair[1]);
        let bar = progress(deals, quiet);
        bar.set_message(format!("{high} vs {low}"));
        let results = run_match(high, low, deals, seed, &bar)?;
        bar.finish_and_clear();
        let s = Summary::of(&results);
        ordered &= s.a_is_stronger();
        text += &format!(
            "{:<5} {:<41} {:>+8.3} ± {:<8.3} {:>14} {}\n",
            high,
            resolve(high),
            s.margin.mean,
            s.margin.half_width,
            format!(
                "{:.1}% / {:.1}%",
                100.0 * s.a_landlord_wins.mean,
                100.0 * s.b_landlord_wins.mean
            ),
            if s.a_is_stronger() { "yes" } else { "NO" }
        );
        rows.push(json!({ "rung": high, "player": resolve(high), "below": low, "summary": summary_json(&s) }));
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

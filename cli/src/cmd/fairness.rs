//! `ddz contest fairness`: is an equal event fair? Names are dealt and
//! measured on every core; the figures are the engine's
//! ([`engine::contest::fairness`]).

use std::time::Instant;

use rayon::prelude::*;
use serde_json::json;

use engine::clock::MonotonicClock;
use engine::contest::equal::JUDGE_RUNGS;
use engine::contest::fairness::{self, Fairness, Measure, NameEffect, NameFigures, Spread};
use engine::contest::field::FIELD_RUNGS;
use engine::contest::{EntrantName, Event};
use engine::Stepwise;

use crate::args::ContestFairnessArgs;
use crate::error::CliError;
use crate::report::{progress_in, Report};

/// One name dealt and measured, with the dealing's cost.
struct Dealt {
    figures: NameFigures,
    /// Wall time to deal the name's boards, in ms (one core).
    ms: f64,
    /// Candidate deals tried.
    tried: u64,
}

pub fn run(args: ContestFairnessArgs, json: bool) -> Result<Report, CliError> {
    let event = &args.event;
    let names = match args.names {
        names if names.is_empty() => fairness::names(args.entrants as usize),
        names => names,
    };
    let m = Measure {
        rounds: args.rounds,
        field_games: args.field_games,
    };
    let eps = event.deals().eps().ok_or_else(|| {
        CliError::arg(
            "EVENT",
            "not an equal event: the fairness test measures equal-strength boards",
        )
    })?;
    if event.is_withheld() {
        return Err(CliError::arg(
            "EVENT",
            "an online event's public form deals nothing: give its full code (after it closes)",
        ));
    }
    let random = fairness::random_twin(event).map_err(|e| CliError::arg("EVENT", e))?;
    let bar = progress_in(2 * names.len() as u64, "names", json);
    bar.set_message("equal and random");
    let deal_all = |event: &Event| {
        names
            .par_iter()
            .map(|name| {
                let dealt = deal(event, name, m);
                bar.inc(1);
                dealt
            })
            .collect::<Result<Vec<Dealt>, CliError>>()
    };
    let equal = deal_all(event)?;
    let random = deal_all(&random)?;
    bar.finish_and_clear();
    let figures = |d: &[Dealt]| d.iter().map(|d| d.figures.clone()).collect::<Vec<_>>();
    let f = Fairness::new(eps, &figures(&equal), &figures(&random));
    let ms: Vec<f64> = equal.iter().map(|d| d.ms).collect();
    let mean_ms = ms.iter().sum::<f64>() / ms.len().max(1) as f64;
    let max_ms = ms.iter().copied().fold(0.0, f64::max);
    let tried = equal.iter().map(|d| d.tried).sum::<u64>() as f64 / equal.len().max(1) as f64;
    let text = text(event, eps, m, &f, (mean_ms, max_ms, tried));
    let names_json: Vec<_> = equal
        .iter()
        .map(|d| {
            json!({
                "name": d.figures.name.to_string(),
                "dealing_ms": d.ms,
                "tried": d.tried,
                "panel_total": d.figures.panel_total().0,
                "field_total": d.figures.field_total().0,
                "boards": d.figures.boards,
            })
        })
        .collect();
    Ok(Report {
        json: json!({
            "event": event.code(),
            "eps": eps,
            "measure": m,
            "fairness": f,
            "dealing": { "mean_ms": mean_ms, "max_ms": max_ms, "tried": tried },
            "names": names_json,
        }),
        text,
    })
}

fn deal(event: &Event, name: &EntrantName, m: Measure) -> Result<Dealt, CliError> {
    let clock = MonotonicClock::default();
    let start = Instant::now();
    let mut dealing = event.deal_for(name);
    let mut tried = 0;
    while !dealing.is_done() {
        dealing
            .step(&clock)
            .map_err(|e| CliError::arg("EVENT", format!("{name}: {e}")))?;
        tried = tried.max(dealing.tried());
    }
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    let boards = dealing.output();
    let figures = fairness::measure(event, name, &boards, m, &clock).map_err(|e| CliError::arg("EVENT", e))?;
    Ok(Dealt { figures, ms, tried })
}

fn text(event: &Event, eps: f64, m: Measure, f: &Fairness, dealing: (f64, f64, f64)) -> String {
    let spread = |s: &Spread| format!("sd {:.3} (noise {:.3}, without it {:.3})", s.sd, s.noise_sd, s.true_sd);
    let effect = |e: &NameEffect| {
        let p = if e.p < 0.001 {
            "p < 0.001".to_string()
        } else {
            format!("p = {:.3}", e.p)
        };
        format!("Q {:.1} on {} df, {p}", e.q, e.df)
    };
    let (within, all) = f.within;
    let (mean_ms, max_ms, tried) = dealing;
    let mut text = format!(
        "{event}\n\
         {names} names, each board measured again: {games} games of the judging panel, the field {field} games ({per} a player)\n\
         dealing: {mean:.2} s a name on average, {max:.2} s at most, {tried:.0} candidates tried (one core)\n\
         within ε {eps}: {within} of {all} boards ({share:.1}%)\n",
        names = f.panel.0.names,
        games = m.rounds * JUDGE_RUNGS.count() as u32,
        field = FIELD_RUNGS.count() as u32 * m.field_games,
        per = m.field_games,
        mean = mean_ms / 1000.0,
        max = max_ms / 1000.0,
        share = 100.0 * within as f64 / all.max(1) as f64,
    );
    if f.panel.0.names < 2 {
        // A spread needs two names.
        return text;
    }
    text += &format!(
        "summed mean score, judging panel: equal {pe}; random {pr}; ratio {ratio_p:.2}\n\
         summed mean score, field: equal {fe}; random {fr}; ratio {ratio_f:.2}\n\
         name effect on the field's totals: equal {ne}; random {nr}\n\
         the field's players the judging panel has (L0–L7): {p0}; {e0}\n\
         the field's stronger players (L8–L10): {p1}; {e1}\n",
        pe = spread(&f.panel.0),
        pr = spread(&f.panel.1),
        ratio_p = f.panel.2,
        fe = spread(&f.field.0),
        fr = spread(&f.field.1),
        ratio_f = f.field.2,
        ne = effect(&f.name_effect.0),
        nr = effect(&f.name_effect.1),
        p0 = spread(&f.field_parts[0].0),
        e0 = effect(&f.field_parts[0].1),
        p1 = spread(&f.field_parts[1].0),
        e1 = effect(&f.field_parts[1].1),
    );
    text
}

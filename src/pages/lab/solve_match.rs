//! The search paper's benchmark as its chart: the solver's net score
//! against the heuristic by hand size (1v1, open hands), played in the
//! worker with progress and cancel.

use engine::lab::solve_match::SizeResult;
use yew::prelude::*;

use super::{arranged, use_lab_view, LabView};
use crate::components::chart::{today, BarChart, ChartRows, ChartText, Export};
use crate::components::task::task_status;
use crate::i18n::use_strings;
use crate::i18n::Unit;
use crate::web::input_value;
use crate::worker::{use_task, Answer, Job, LabJob, LabResult, Task};

/// The paper's sizes: 2, 4, ..., 20 cards a hand.
const SIZES: [usize; 10] = [2, 4, 6, 8, 10, 12, 14, 16, 18, 20];
/// The deals' first seed (the CLI's default).
const SEED: u64 = 0;

#[component]
pub fn SolveMatchSection() -> Html {
    let t = use_strings();
    let view = use_lab_view();
    let run = use_task(|answer| match answer {
        Answer::Lab(LabResult::SolveMatch(rows)) => Some(rows),
        _ => None,
    });
    let deals = use_state(|| 20u32);
    let limit = use_state(|| 20.0f64);
    // The settings the shown chart was made with (for its caption).
    let ran = use_state(|| (*deals, *limit));
    let on_run = {
        let (run, deals, limit, ran) = (run.clone(), *deals, *limit, ran.clone());
        Callback::from(move |_: MouseEvent| {
            ran.set((deals, limit));
            run.run(Job::Lab(LabJob::SolveMatch {
                sizes: SIZES.to_vec(),
                deals,
                seed: SEED,
                time_limit_ms: limit,
            }))
        })
    };
    let on_deals = {
        let deals = deals.clone();
        Callback::from(move |e: Event| {
            if let Some(n) = input_value(&e).and_then(|v| v.trim().parse::<u32>().ok()) {
                deals.set(n.clamp(1, 200));
            }
        })
    };
    let on_limit = {
        let limit = limit.clone();
        Callback::from(move |e: Event| {
            if let Some(ms) = input_value(&e).and_then(|v| v.trim().parse::<f64>().ok()) {
                if ms.is_finite() {
                    limit.set(ms.clamp(1.0, 1_000.0));
                }
            }
        })
    };
    let drawn = matches!(run.task(), Task::Done(_));
    let result = match run.task() {
        Task::Done(rows) => chart(&view, rows, *ran),
        other => task_status(other, "solve-match", Unit::Deals, run.on_cancel()),
    };
    let controls = html! {
        <>
            <h2 id="lab-sm-title">{ t.lab.sm_title }</h2>
            <p class="note">{ t.lab.sm_explain }</p>
            <div class="lab-controls">
                <span class="field"><label for="sm-deals">{ t.lab.sm_deals }</label>
                    <input id="sm-deals" type="number" min="1" max="200" value={ deals.to_string() } onchange={on_deals} /></span>
                <span class="field"><label for="sm-limit">{ t.lab.sm_limit }</label>
                    <input id="sm-limit" type="number" min="1" max="1000" value={ limit.to_string() } onchange={on_limit} /></span>
                <button type="button" class="primary" id="sm-run" onclick={on_run}>{ t.run }</button>
            </div>
        </>
    };
    html! {
        <section class="lab-section" aria-labelledby="lab-sm-title">
            { arranged(&view, t, drawn, controls, result) }
        </section>
    }
}

fn chart(view: &LabView, rows: &[SizeResult], (deals, limit): (u32, f64)) -> Html {
    let words = &view.words;
    let labels: Vec<String> = rows.iter().map(|r| r.size.to_string()).collect();
    let values: Vec<f64> = rows.iter().map(|r| r.net.mean).collect();
    let intervals: Vec<(f64, f64)> = rows.iter().map(|r| (r.net.low(), r.net.high())).collect();
    let games: u64 = rows.iter().map(|r| 2 * r.deals).sum();
    let date = today();
    let text = ChartText {
        title: words.word(|l| l.sm_chart_title),
        x_label: words.word(|l| l.sm_x),
        y_label: words.word(|l| l.sm_y),
        subtitle: words.say(|l| (l.n_sm)(games, deals, rows.len())),
        caption: words.say(|l| (l.caption_sm)(l.sm_chart_title, deals, limit, SEED, &date)),
    };
    let table = ChartRows {
        header: vec![
            "size".into(),
            "deals".into(),
            "net".into(),
            "low".into(),
            "high".into(),
            "solver_wins".into(),
        ],
        rows: rows
            .iter()
            .map(|r| {
                vec![
                    r.size.to_string(),
                    r.deals.to_string(),
                    format!("{:.4}", r.net.mean),
                    format!("{:.4}", r.net.low()),
                    format!("{:.4}", r.net.high()),
                    r.solver_wins.to_string(),
                ]
            })
            .collect(),
    };
    html! {
        <figure class="slide">
            <BarChart id="chart-solve-match" text={ text.clone() } n={games} {labels} {values} intervals={ Some(intervals) } />
            <Export id="chart-solve-match" {table} caption={ text.caption } />
        </figure>
    }
}

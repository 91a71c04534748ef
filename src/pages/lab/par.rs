//! The library's panel results against par: how often the panel's
//! landlords win the deals that are landlord wins with open hands, and
//! those that are farmer wins; then the teaching cases, where open hands
//! win and the panel mostly loses (a row opens the deal on the Deal page,
//! with its par and line).

use engine::lab::library::ParSummary;
use engine::Team;
use yew::prelude::*;

use super::{arranged, use_lab_view, LabView};
use engine::lab::wilson;

use crate::components::chart::{percent, today, BarChart, ChartRows, ChartText, Export};
use crate::components::info::Info;
use crate::components::task::task_status;
use crate::i18n::use_strings;
use crate::i18n::Unit;
use crate::route::{DealLink, Route};
use crate::worker::{use_task, Answer, Job, LabJob, LabResult, Task, TeachingCase};

/// The library against par, as the worker sent it.
#[derive(Clone, Debug, PartialEq)]
pub struct Against {
    deals: usize,
    panel: String,
    per_deal: u64,
    par_nodes: u64,
    summary: ParSummary,
    cases: Vec<TeachingCase>,
}

#[component]
pub fn ParSection() -> Html {
    let t = use_strings();
    let view = use_lab_view();
    let against = use_task(|answer| match answer {
        Answer::Lab(LabResult::Par {
            deals,
            panel,
            per_deal,
            par_nodes,
            summary,
            cases,
        }) => Some(Against {
            deals,
            panel,
            per_deal,
            par_nodes,
            summary,
            cases,
        }),
        _ => None,
    });
    {
        // The library is at hand in the worker: answer at once.
        let against = against.clone();
        use_effect_with((), move |_| against.run(Job::Lab(LabJob::Par)));
    }
    let on_run = {
        let against = against.clone();
        Callback::from(move |_: MouseEvent| against.run(Job::Lab(LabJob::Par)))
    };
    let drawn = matches!(against.task(), Task::Done(_));
    let result = match against.task() {
        Task::Done(a) => chart(t, &view, a),
        other => task_status(other, "par", Unit::Deals, against.on_cancel()),
    };
    let controls = html! {
        <>
            <h2 id="lab-par-title">{ t.lab.par_title }<Info term="par" at="par" /></h2>
            <p class="note">{ t.lab.par_explain }</p>
            <div class="lab-controls">
                <button type="button" id="par-run" onclick={on_run}>{ t.lab.par_run }</button>
            </div>
        </>
    };
    html! {
        <section class="lab-section" aria-labelledby="lab-par-title">
            { arranged(&view, t, drawn, controls, result) }
        </section>
    }
}

fn chart(t: &crate::i18n::Strings, view: &LabView, a: &Against) -> Html {
    let words = &view.words;
    let s = &a.summary;
    let rates = [(s.landlord_par, Team::Landlord), (s.farmer_par, Team::Farmers)];
    // The landlords' share of wins and its 95% interval, per side of par.
    let estimates: Vec<(f64, f64, f64)> = rates.iter().map(|(r, _)| wilson(r.landlord_wins, r.games)).collect();
    let labels: Vec<String> = vec![words.word(|l| l.par_landlord), words.word(|l| l.par_farmers)];
    let values: Vec<f64> = estimates.iter().map(|e| e.0).collect();
    let intervals: Vec<(f64, f64)> = estimates.iter().map(|e| (e.1, e.2)).collect();
    let games = s.landlord_par.games + s.farmer_par.games;
    let proven = s.landlord_par.deals + s.farmer_par.deals;
    let date = today();
    let text = ChartText {
        title: words.word(|l| l.par_chart_title),
        x_label: words.word(|l| l.par_x),
        y_label: words.word(|l| l.par_y),
        subtitle: words.say(|l| (l.n_par)(games, proven, s.unproven, a.par_nodes)),
        caption: words.say(|l| {
            (l.caption_par)(
                l.par_chart_title,
                a.deals,
                (l.panel_name)(&a.panel),
                a.per_deal,
                a.par_nodes,
                &date,
            )
        }),
    };
    let table = ChartRows {
        header: vec![
            "par".into(),
            "deals".into(),
            "games".into(),
            "landlord_wins".into(),
            "share".into(),
            "low".into(),
            "high".into(),
        ],
        rows: rates
            .iter()
            .zip(&estimates)
            .map(|((r, team), (share, lo, hi))| {
                vec![
                    team.name().to_string(),
                    r.deals.to_string(),
                    r.games.to_string(),
                    r.landlord_wins.to_string(),
                    format!("{share:.4}"),
                    format!("{lo:.4}"),
                    format!("{hi:.4}"),
                ]
            })
            .collect(),
    };
    let winner = |team: Team| match team {
        Team::Landlord => t.lab.par_landlord,
        Team::Farmers => t.lab.par_farmers,
    };
    let rows = a.cases.iter().map(|c| {
        let seed = c.seed;
        let open = Callback::from(move |_: MouseEvent| Route::Deal(DealLink::Seed(seed.to_string())).go());
        html! {
            <tr data-seed={ seed.to_string() } data-gap={ c.gap.to_string() } onclick={open} tabindex="0">
                <td>{ seed }</td>
                <td>{ winner(c.par.winner) }</td>
                <td class="cards-text">{ c.par.first.map(|m| t.move_cards(m)).unwrap_or_default() }</td>
                <td>{ percent(c.landlord_wins) }</td>
                <td>{ percent(c.gap) }</td>
            </tr>
        }
    });
    html! {
        <>
            <figure class="slide">
                <BarChart id="chart-par" text={ text.clone() } n={games} {labels} {values} intervals={ Some(intervals) } max={ Some(1.0) } percent=true />
                <Export id="chart-par" {table} caption={ text.caption } />
            </figure>
            <h3>{ t.lab.par_cases_title }</h3>
            <p class="note">{ t.lab.par_cases_explain }</p>
            <div class="table-wrap">
                <table class="rank" id="par-cases">
                    <thead><tr>
                        <th>{ t.rank_seed }</th><th>{ t.lab.par_col }</th><th>{ t.lab.par_first }</th>
                        <th>{ t.lab.par_panel_wins }</th><th>{ t.lab.par_gap }</th>
                    </tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
        </>
    }
}

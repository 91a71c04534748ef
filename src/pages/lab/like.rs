//! "Deal me deals like this one": fresh deals played under the same panel
//! in the worker, kept while their GDI lies within ε of the deal's (the
//! GDI paper's generator), with progress and cancel.

use engine::lab::panel::{GdiCentre, PanelName};
use yew::prelude::*;

use super::use_lab_view;
use crate::components::info::Info;
use crate::components::task::task_status;
use crate::i18n::use_strings;
use crate::i18n::Unit;
use crate::web::input_value;
use crate::worker::{use_task, Answer, Job, LabJob, LabResult, LikeDeal, Task};

/// Where the fresh deals start: past the built-in library's seeds.
const FIRST_SEED: u64 = 10_000;
/// Games per table for each fresh deal: the built-in library's.
const GAMES: u32 = 8;
/// The most deals dealt for one request.
const MAX_DEALS: u32 = 5_000;

#[derive(Properties, PartialEq)]
pub struct LikeThisProps {
    /// The deal's GDI, the centre.
    pub gdi: Vec<f64>,
    pub panel: PanelName,
}

/// What the worker found.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    first: u64,
    tried: u64,
    kept: Vec<LikeDeal>,
}

#[component]
pub fn LikeThis(props: &LikeThisProps) -> Html {
    let t = use_strings();
    let present = use_lab_view().present;
    let found = use_task(|answer| match answer {
        Answer::Lab(LabResult::Generate { first, tried, kept }) => Some(Found { first, tried, kept }),
        _ => None,
    });
    let count = use_state(|| 5u32);
    let eps = use_state(|| 0.1f64);
    let wanted = *count;
    let on_run = {
        let (found, gdi, panel, eps) = (found.clone(), props.gdi.clone(), props.panel, *eps);
        Callback::from(move |_: MouseEvent| {
            // A GDI of shares from 0 to 1 is always a centre.
            if let Ok(centre) = GdiCentre::new(gdi.clone()) {
                found.run(Job::Lab(LabJob::Generate {
                    centre,
                    eps,
                    count: wanted,
                    panel,
                    games: GAMES,
                    seed: FIRST_SEED,
                    max_deals: MAX_DEALS,
                }));
            }
        })
    };
    let on_count = {
        let count = count.clone();
        Callback::from(move |e: Event| {
            if let Some(n) = input_value(&e).and_then(|v| v.trim().parse::<u32>().ok()) {
                count.set(n.clamp(1, 50));
            }
        })
    };
    let on_eps = {
        let eps = eps.clone();
        Callback::from(move |e: Event| {
            if let Some(v) = input_value(&e).and_then(|v| v.trim().parse::<f64>().ok()) {
                if v > 0.0 && v <= 1.0 {
                    eps.set(v);
                }
            }
        })
    };
    let result = match found.task() {
        Task::Done(f) => {
            let last = f.first + f.tried.saturating_sub(1);
            let rows = f.kept.iter().map(|d| {
                let seed = d.seed;
                let open = super::open_deal(seed, present);
                html! {
                    <tr data-seed={ seed.to_string() } data-distance={ d.distance.to_string() } onclick={open} tabindex="0">
                        <td>{ seed }</td>
                        <td>{ format!("{:.3}", d.distance) }</td>
                        <td>{ d.gdi.iter().map(|g| format!("{g:.2}")).collect::<Vec<_>>().join(" ") }</td>
                    </tr>
                }
            });
            html! {
                <>
                    <p class="note" id="like-summary" data-tried={ f.tried.to_string() }>
                        { (t.lab.like_result)(f.kept.len(), wanted, f.tried, f.first, last) }</p>
                    <div class="table-wrap">
                        <table class="rank" id="like-table">
                            <thead><tr><th>{ t.rank_seed }</th><th>{ t.lab.like_distance }</th><th>{ "GDI" }</th></tr></thead>
                            <tbody>{ for rows }</tbody>
                        </table>
                    </div>
                </>
            }
        }
        other => task_status(other, "like", Unit::Deals, found.on_cancel()),
    };
    html! {
        <div class="like-this" aria-labelledby="like-title">
            <h3 id="like-title">{ t.lab.like_title }<Info term="eps" at="like" /></h3>
            <p class="note">{ t.lab.like_explain }</p>
            <div class="lab-controls">
                <span class="field"><label for="like-count">{ t.lab.like_count }</label>
                    <input id="like-count" type="number" min="1" max="50" value={ count.to_string() } onchange={on_count} /></span>
                <span class="field"><label for="like-eps">{ "ε" }</label>
                    <input id="like-eps" type="number" min="0.01" max="1" step="0.01" value={ eps.to_string() } onchange={on_eps} /></span>
                <button type="button" id="like-run" onclick={on_run}>{ t.lab.like_run }</button>
            </div>
            { result }
        </div>
    }
}

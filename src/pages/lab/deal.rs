//! A deal played at every table of a panel: its score distribution and GDI.

use engine::lab::panel::{ScoreDistribution, PANELS};
use engine::{Deal, Seat};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::components::card::Hand;
use crate::components::chart::{BarChart, Export, Table};
use crate::components::task::{task_status, Unit};
use crate::i18n::Lang;
use crate::route::{LabLink, Route};
use crate::web::input_value;
use crate::worker::{use_task, Answer, Job, LabJob, LabResult, Task};

#[derive(Properties, PartialEq)]
pub struct DealSectionProps {
    pub link: LabLink,
    /// The deal's distribution as `score:p,…`, when played.
    pub on_distribution: Callback<String>,
}

#[component]
pub fn DealSection(props: &DealSectionProps) -> Html {
    let t = use_context::<Lang>().unwrap_or(Lang::Zh).strings();
    let panel = use_task(|answer| match answer {
        Answer::Lab(LabResult::Panel(d)) => Some(d),
        _ => None,
    });
    let seed_text = props.link.deal.clone().unwrap_or_else(|| "42".into());
    let panel_name = props
        .link
        .panel
        .clone()
        .filter(|p| PANELS.contains(&p.as_str()))
        .unwrap_or_else(|| "quick".into());
    // A seed, or a deal in bracket notation (its players seeded from 0, as
    // `ddz dist` does).
    let seed: Result<(Deal, u64), String> = match seed_text.trim().parse::<u64>() {
        Ok(s) => Ok((Deal::from_seed(s), s)),
        Err(_) => Deal::parse(seed_text.trim())
            .map(|d| (d, 0))
            .map_err(|e| t.deal_error(&e)),
    };
    let games = use_state(|| 2u32);
    let play_panel = {
        let panel = panel.clone();
        move |deal: &Result<(Deal, u64), String>, panel_name: &str, games: u32| {
            if let Ok((deal, seed)) = deal {
                panel.run(Job::Lab(LabJob::Panel {
                    deal: *deal,
                    seed: *seed,
                    panel: panel_name.to_string(),
                    games,
                }));
            }
        }
    };
    {
        // A new deal or panel is played at once.
        let (play_panel, games) = (play_panel.clone(), *games);
        use_effect_with((seed.clone(), panel_name.clone()), move |(seed, panel)| {
            play_panel(seed, panel, games)
        });
    }
    {
        // The deal's distribution goes to the DIH calculator when it arrives.
        let on_distribution = props.on_distribution.clone();
        use_effect_with(panel.task().clone(), move |task| {
            if let Task::Done(d) = task {
                let text: Vec<String> = d
                    .scores
                    .iter()
                    .zip(d.probabilities())
                    .filter(|(_, p)| *p > 0.0)
                    .map(|(s, p)| format!("{s}:{p:.4}"))
                    .collect();
                if !text.is_empty() {
                    on_distribution.emit(text.join(","));
                }
            }
        });
    }
    let seed_input = use_state(|| seed_text.clone());
    {
        let seed_input = seed_input.clone();
        use_effect_with(seed_text.clone(), move |s| seed_input.set(s.clone()));
    }
    let on_seed = {
        let seed_input = seed_input.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(i) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                seed_input.set(i.value());
            }
        })
    };
    let on_deal = {
        let (seed_input, panel) = (seed_input.clone(), panel_name.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            Route::Lab(LabLink {
                deal: Some((*seed_input).trim().to_string()),
                panel: Some(panel.clone()),
            })
            .go();
        })
    };
    let on_panel = {
        let seed_text = seed_text.clone();
        Callback::from(move |e: Event| {
            if let Some(p) = input_value(&e) {
                Route::Lab(LabLink {
                    deal: Some(seed_text.clone()),
                    panel: Some(p),
                })
                .go();
            }
        })
    };
    let on_games = {
        let games = games.clone();
        Callback::from(move |e: Event| {
            if let Some(g) = input_value(&e).and_then(|v| v.parse::<u32>().ok()) {
                games.set(g.clamp(1, 20));
            }
        })
    };
    let on_rerun = {
        let (games, seed, panel) = (*games, seed.clone(), panel_name.clone());
        Callback::from(move |_: MouseEvent| play_panel(&seed, &panel, games))
    };
    let deal_view = match &seed {
        Ok((deal, s)) => {
            html! {
                <div class="lab-deal" data-seed={ s.to_string() } data-deal={ deal.to_string() }>
                    { for Seat::ALL.iter().map(|&seat| html! {
                        <div class="lab-hand"><span class="note">{ t.seat(seat) }</span><Hand cards={ deal.hand(seat) } faces={ Some(crate::suits::deal_faces(deal).0[seat.index()]) } held=true label={ t.seat(seat) } marked={ if seat == Seat::Landlord { deal.bottom().unwrap_or_default() } else { engine::Cards::EMPTY } } /></div>
                    }) }
                </div>
            }
        }
        Err(message) => html! { <p class="error" id="lab-seed-error" role="alert">{ message.clone() }</p> },
    };
    let charts = match panel.task() {
        Task::Done(d) => charts(d),
        other => task_status(other, "lab-panel", Unit::Games, panel.on_cancel()),
    };
    html! {
        <section class="lab-section" aria-labelledby="lab-deal-title">
            <h2 id="lab-deal-title">{ t.lab_deal_title }</h2>
            <form class="lab-controls" onsubmit={on_deal}>
                <span class="field wide"><label for="lab-seed">{ t.lab_deal_input }</label>
                    <input id="lab-seed" value={ (*seed_input).clone() } oninput={on_seed} placeholder="42 · [..20..][..17..][..17..]" spellcheck="false" /></span>
                <button type="submit" id="lab-seed-go">{ t.show_deal }</button>
                <span class="field"><label for="lab-panel">{ t.lab_panel }</label>
                    <select id="lab-panel" onchange={on_panel}>
                        { for PANELS.iter().map(|p| html! { <option value={ *p } selected={ *p == panel_name }>{ (t.lab_panel_name)(p) }</option> }) }
                    </select></span>
                <span class="field"><label for="lab-games">{ t.lab_games }</label>
                    <input id="lab-games" type="number" min="1" max="20" value={ games.to_string() } onchange={on_games} /></span>
                <button type="button" class="primary" id="lab-run" onclick={on_rerun}>{ t.run }</button>
            </form>
            { deal_view }
            { charts }
        </section>
    }
}

/// The histogram of scores and the GDI bars.
fn charts(d: &ScoreDistribution) -> Html {
    let labels: Vec<String> = d.scores.iter().map(|s| format!("{s:+}")).collect();
    let probs = d.probabilities();
    let gdi = d.gdi();
    let gdi_labels: Vec<String> = (1..=gdi.len()).map(|i| format!("g{i}")).collect();
    let hist_table = Table {
        header: vec!["score".into(), "games".into(), "share".into()],
        rows: d
            .scores
            .iter()
            .zip(&d.counts)
            .zip(&probs)
            .map(|((s, c), p)| vec![s.to_string(), c.to_string(), format!("{p:.4}")])
            .collect(),
    };
    let gdi_table = Table {
        header: vec!["grade".into(), "gdi".into()],
        rows: gdi_labels
            .iter()
            .zip(&gdi)
            .map(|(l, g)| vec![l.clone(), format!("{g:.4}")])
            .collect(),
    };
    html! {
        <div class="charts" id="lab-dist" data-games={ d.games().to_string() } data-counts={ format!("{:?}", d.counts) } data-gdi={ format!("{gdi:?}") }>
            <figure>
                <BarChart id="chart-histogram" title={ "得分分布 · Score distribution" } x_label={ "地主得分 · Landlord's score" }
                    y_label={ "比例 · Share" } labels={labels} values={probs.clone()} percent=true max={1.0} />
                <Export id="chart-histogram" table={hist_table} />
            </figure>
            <figure>
                <BarChart id="chart-gdi" title={ "难度等级 GDI · Grade difficulty" } x_label={ "等级 · Grade" }
                    y_label={ "达到比例 · Share reaching it" } labels={gdi_labels} values={gdi.clone()} percent=true max={1.0} />
                <Export id="chart-gdi" table={gdi_table} />
            </figure>
        </div>
    }
}

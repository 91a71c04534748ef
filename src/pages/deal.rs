//! The Deal page (发牌): a seeded, random or pasted deal shown as cards, a
//! share link that reproduces it, and a self-play run in the worker.

use std::rc::Rc;

use engine::{Deal, DealError, Seat};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::components::card::Hand;
use crate::components::copy::CopyButton;
use crate::components::par::ParPanel;
use crate::components::split::SplitView;
use crate::components::task::task_status;
use crate::i18n::Unit;
use crate::i18n::{use_strings, Strings};
use crate::route::{DealLink, Route};
use crate::web;
use crate::worker::{use_task, Answer, Baseline, Job, SimulationJob, SimulationResult, Task};

/// Why a deal cannot be shown; kept as data so it re-renders in either language.
#[derive(Clone, Debug, PartialEq)]
enum Problem {
    Seed(String),
    Deal(DealError),
}

impl Problem {
    fn explain(&self, t: &Strings) -> String {
        match self {
            Problem::Seed(text) => (t.bad_seed)(text),
            Problem::Deal(e) => t.deal_error(e),
        }
    }
}

fn resolve(link: &DealLink) -> Option<Result<(Deal, Option<u64>), Problem>> {
    match link {
        DealLink::Fresh => None,
        DealLink::Seed(text) => Some(
            text.trim()
                .parse::<u64>()
                .map(|s| (Deal::from_seed(s), Some(s)))
                .map_err(|_| Problem::Seed(text.clone())),
        ),
        DealLink::Hands { hands, bottom } => {
            let text = DealLink::hands_as_deal_text(hands, bottom.as_deref());
            Some(Deal::parse(&text).map(|d| (d, None)).map_err(Problem::Deal))
        }
    }
}

fn share_url(route: &Route) -> String {
    let href = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();
    let base = href.split('#').next().unwrap_or_default();
    format!("{base}{}", route.to_hash())
}

#[derive(Properties, PartialEq)]
pub struct DealPageProps {
    pub link: DealLink,
}

#[component]
pub fn DealPage(props: &DealPageProps) -> Html {
    let t = use_strings();

    // A bare #/deal becomes a fresh seeded deal, so every view has a link.
    use_effect_with(props.link.clone(), |link| {
        if *link == DealLink::Fresh {
            let route = Route::Deal(DealLink::Seed(web::fresh_seed().to_string()));
            if let Some(w) = web_sys::window() {
                let _ = w.location().replace(&route.to_hash());
            }
        }
    });

    let seed_text = use_state(String::new);
    let seed_problem = use_state(|| None::<Problem>);
    let paste_text = use_state(String::new);
    let paste_problem = use_state(|| None::<Problem>);

    let shown = resolve(&props.link);
    let share = match &shown {
        Some(Ok((deal, seed))) => Some(share_url(&Route::Deal(DealLink::of(deal, *seed)))),
        _ => None,
    };

    let controls = deal_controls(t, &seed_text, &seed_problem, &paste_text, &paste_problem);

    let body = match shown {
        None => html! {},
        Some(Err(problem)) => html! {
            <p class="error link-error" role="alert">{ t.bad_link }{ problem.explain(t) }</p>
        },
        Some(Ok((deal, seed))) => html! {
            <>
                <DealView deal={deal} {seed} />
                { share_section(t, share) }
                <ParPanel deal={deal} />
                <SimulationPanel deal={deal} />
            </>
        },
    };

    html! {
        <main id="main" class="page deal-page">
            <h1>{ t.deal_title }</h1>
            { controls }
            { body }
        </main>
    }
}

/// The ways to a deal: a random one, one by its seed, one pasted.
fn deal_controls(
    t: &Strings,
    seed_text: &UseStateHandle<String>,
    seed_problem: &UseStateHandle<Option<Problem>>,
    paste_text: &UseStateHandle<String>,
    paste_problem: &UseStateHandle<Option<Problem>>,
) -> Html {
    let on_random = Callback::from(|_: MouseEvent| {
        Route::Deal(DealLink::Seed(web::fresh_seed().to_string())).go();
    });
    html! {
        <section class="controls" aria-label={ t.deal_title }>
            <button type="button" class="primary" id="random-deal" onclick={on_random}>{ t.random_deal }</button>
            { seed_form(t, seed_text, seed_problem) }
            { paste_form(t, paste_text, paste_problem) }
        </section>
    }
}

/// A deal by its seed; a seed that is not a number is named under the field.
fn seed_form(t: &Strings, seed_text: &UseStateHandle<String>, seed_problem: &UseStateHandle<Option<Problem>>) -> Html {
    let on_seed_input = {
        let seed_text = seed_text.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                seed_text.set(input.value());
            }
        })
    };
    let on_seed_submit = {
        let seed_text = seed_text.clone();
        let seed_problem = seed_problem.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            match seed_text.trim().parse::<u64>() {
                Ok(seed) => {
                    seed_problem.set(None);
                    Route::Deal(DealLink::Seed(seed.to_string())).go();
                }
                Err(_) => seed_problem.set(Some(Problem::Seed((*seed_text).clone()))),
            }
        })
    };
    html! {
        <form class="seed-form" onsubmit={on_seed_submit}>
            <label for="seed-input">{ t.seed }</label>
            <input id="seed-input" inputmode="numeric" autocomplete="off" value={(**seed_text).clone()}
                oninput={on_seed_input} aria-invalid={ seed_problem.is_some().to_string() }
                aria-describedby="seed-error" />
            <button type="submit" id="deal-seed">{ t.deal_seed }</button>
            <p id="seed-error" class="error" role="alert">{ seed_problem.as_ref().map(|p| p.explain(t)) }</p>
        </form>
    }
}

/// A deal pasted as text; what is wrong with it is named under the field.
fn paste_form(
    t: &Strings,
    paste_text: &UseStateHandle<String>,
    paste_problem: &UseStateHandle<Option<Problem>>,
) -> Html {
    let on_paste_input = {
        let paste_text = paste_text.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(area) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlTextAreaElement>().ok())
            {
                paste_text.set(area.value());
            }
        })
    };
    let on_paste_submit = {
        let paste_text = paste_text.clone();
        let paste_problem = paste_problem.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            match Deal::parse(&paste_text) {
                Ok(deal) => {
                    paste_problem.set(None);
                    Route::Deal(DealLink::of(&deal, None)).go();
                }
                Err(err) => paste_problem.set(Some(Problem::Deal(err))),
            }
        })
    };
    html! {
        <form class="paste-form" onsubmit={on_paste_submit}>
            <label for="paste-input">{ t.paste_label }</label>
            <textarea id="paste-input" rows="2" spellcheck="false" placeholder={ t.paste_placeholder }
                value={(**paste_text).clone()} oninput={on_paste_input}
                aria-invalid={ paste_problem.is_some().to_string() } aria-describedby="paste-error" />
            <button type="submit" id="show-deal">{ t.show_deal }</button>
            <p id="paste-error" class="error" role="alert">{ paste_problem.as_ref().map(|p| p.explain(t)) }</p>
        </form>
    }
}

/// The deal's share link: to read, to copy, to open.
fn share_section(t: &Strings, share: Option<String>) -> Html {
    html! {
        <section class="share" aria-label={ t.share_link }>
            <label for="share-link">{ t.share_link }</label>
            <input id="share-link" readonly=true value={ share.clone().unwrap_or_default() } />
            <CopyButton id="copy-link" text={ share.clone().unwrap_or_default() } />
            <a id="share-anchor" href={ share.unwrap_or_default() } title={ t.open_link } aria-label={ t.open_link }>{ "↗" }</a>
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct DealViewProps {
    deal: Deal,
    seed: Option<u64>,
}

#[component]
fn DealView(props: &DealViewProps) -> Html {
    let t = use_strings();
    let deal = props.deal;
    use_effect_with((), |_| crate::web::mark_once("first-cards"));
    let (faces, bottom_faces) = crate::suits::deal_faces(&deal);
    let seats = Seat::ALL.iter().map(|&seat| {
        let cards = deal.hand(seat);
        let faces = faces[seat.index()];
        let marked = if seat == Seat::Landlord {
            deal.bottom().unwrap_or_default()
        } else {
            Default::default()
        };
        html! { <SeatHand {seat} {cards} {faces} {marked} /> }
    });
    let source = match props.seed {
        Some(seed) => html! { <p class="source">{ t.seed_shown }{ ": " }<strong id="shown-seed">{ seed }</strong></p> },
        None => html! { <p class="source">{ t.pasted_deal }</p> },
    };
    html! {
        <section class="deal" aria-live="polite">
            { source }
            <p class="note">{ t.open_hands }</p>
            { for seats }
            if let Some(bottom) = deal.bottom() {
                <section class="seat bottom" data-seat="bottom">
                    <h2>{ t.bottom_cards }</h2>
                    <Hand cards={bottom} faces={bottom_faces} label={ t.bottom_cards } />
                </section>
            }
            // The deal's code is for copying into a link, the Lab or the
            // CLI: a field, where notation belongs.
            <p class="notation field">
                <label for="deal-notation">{ t.deal_code }</label>
                <input id="deal-notation" readonly=true value={ deal.to_string() } spellcheck="false"
                    onfocus={ Callback::from(|e: FocusEvent| if let Some(i) = e.target_dyn_into::<web_sys::HtmlInputElement>() { i.select() }) } />
            </p>
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct SeatHandProps {
    seat: Seat,
    cards: engine::Cards,
    faces: crate::suits::Faces,
    marked: engine::Cards,
}

/// One seat's hand, as dealt or in its suggested groups.
#[component]
fn SeatHand(props: &SeatHandProps) -> Html {
    let t = use_strings();
    let split = use_state(|| false);
    let (seat, cards, faces, marked) = (props.seat, props.cards, props.faces, props.marked);
    let label = format!("{} {}", t.seat(seat), (t.cards_count)(cards.len()));
    let toggle = {
        let split = split.clone();
        Callback::from(move |_: MouseEvent| split.set(!*split))
    };
    html! {
        <section class={classes!("seat", seat.name())} data-seat={ seat.name() }>
            <h2>
                { t.seat(seat) }<span class="count">{ (t.cards_count)(cards.len()) }</span>
                <button type="button" class="split-toggle" aria-pressed={ split.to_string() } onclick={toggle}>
                    { if *split { t.hide_split } else { t.show_split } }
                </button>
            </h2>
            if *split {
                <SplitView {cards} faces={Some(faces)} {marked} learned=true />
            } else {
                <Hand {cards} faces={Some(faces)} {marked} {label} held=true />
            }
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct SimulationProps {
    deal: Deal,
}

#[component]
fn SimulationPanel(props: &SimulationProps) -> Html {
    let t = use_strings();
    let sim = use_task(|answer| match answer {
        Answer::Simulated(result) => Some(Rc::new(result)),
        _ => None,
    });
    let games = use_state(|| 2000u32);
    let players = use_state(|| [Baseline::Random; 3]);
    // A new deal stops whatever ran for the old one.
    {
        let sim = sim.clone();
        use_effect_with(props.deal, move |_| sim.reset());
    }

    let running = sim.task().is_running();
    let on_run = {
        let (sim, games, players, deal) = (sim.clone(), games.clone(), players.clone(), props.deal);
        Callback::from(move |_: MouseEvent| {
            sim.run(Job::Simulate(SimulationJob {
                deal,
                players: *players,
                games: *games,
                seed: web::random_u64(),
            }))
        })
    };
    let on_games = {
        let games = games.clone();
        Callback::from(move |e: Event| {
            if let Some(input) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                // Out-of-range input is clamped, and shown clamped.
                let n = input.value().trim().parse::<u32>().unwrap_or(2000).clamp(1, 1_000_000);
                input.set_value(&n.to_string());
                games.set(n);
            }
        })
    };
    let player_select = |seat: Seat| {
        let handle = players.clone();
        let onchange = Callback::from(move |e: Event| {
            if let Some(select) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok()) {
                let mut next = *handle;
                next[seat.index()] = if select.value() == "greedy" {
                    Baseline::Greedy
                } else {
                    Baseline::Random
                };
                handle.set(next);
            }
        });
        let id = format!("player-{}", seat.name());
        let current = players[seat.index()];
        html! {
            <span class="field">
                <label for={id.clone()}>{ t.seat(seat) }</label>
                <select {id} {onchange} disabled={running}>
                    <option value="random" selected={current == Baseline::Random}>{ t.player_random }</option>
                    <option value="greedy" selected={current == Baseline::Greedy}>{ t.player_greedy }</option>
                </select>
            </span>
        }
    };

    let status = match sim.task() {
        Task::Running { done, total } => html! {
            <div class="progress">
                <progress id="sim-progress" max={ total.to_string() } value={ done.to_string() } />
                <span>{ t.progress_in(*done, *total, Unit::Games) }</span>
            </div>
        },
        Task::Done(result) => html! { <SimulationReport result={result.clone()} /> },
        other => task_status(other, "sim", Unit::Games, sim.on_cancel()),
    };

    html! {
        <section class="simulation" aria-labelledby="sim-title">
            <h2 id="sim-title">{ t.sim_title }</h2>
            <p class="note">{ t.sim_explain }</p>
            <div class="sim-controls">
                { for Seat::ALL.iter().map(|&s| player_select(s)) }
                <span class="field">
                    <label for="sim-games">{ t.games }</label>
                    <input id="sim-games" type="number" min="1" max="1000000" value={ games.to_string() }
                        onchange={on_games} disabled={running} />
                </span>
                if running {
                    <button type="button" id="sim-cancel" onclick={ sim.on_cancel() }>{ t.cancel }</button>
                } else {
                    <button type="button" class="primary" id="sim-run" onclick={on_run}>{ t.run }</button>
                }
            </div>
            <div aria-live="polite">{ status }</div>
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct ReportProps {
    result: Rc<SimulationResult>,
}

#[component]
fn SimulationReport(props: &ReportProps) -> Html {
    let t = use_strings();
    let r = &props.result;
    let win = 100.0 * f64::from(r.landlord_wins) / f64::from(r.games.max(1));
    let most = r.scores.values().copied().max().unwrap_or(1).max(1);
    let bar_w = 48.0;
    let width = (r.scores.len() as f64 * (bar_w + 12.0)).max(120.0);
    let bars = r.scores.iter().enumerate().map(|(i, (score, n))| {
        let h = 100.0 * f64::from(*n) / f64::from(most);
        let x = 6.0 + i as f64 * (bar_w + 12.0);
        let share = 100.0 * f64::from(*n) / f64::from(r.games.max(1));
        html! {
            <g class={ if *score > 0 { "bar win" } else { "bar loss" } }>
                <rect x={x.to_string()} y={(120.0 - h).to_string()} width={bar_w.to_string()} height={h.to_string()} />
                <text x={(x + bar_w / 2.0).to_string()} y={(114.0 - h).to_string()} text-anchor="middle">{ format!("{share:.0}%") }</text>
                <text x={(x + bar_w / 2.0).to_string()} y="138" text-anchor="middle">{ format!("{score:+}") }</text>
            </g>
        }
    });
    html! {
        <div id="sim-result" class="result">
            <p><strong id="sim-win">{ (t.landlord_wins)(win) }</strong>{ " · " }{ (t.average_score)(r.average_score()) }</p>
            <p>{ t.lead_counts }{ ": " }
                { for Seat::ALL.iter().map(|&s| html! {
                    <span class="lead-count" data-seat={ s.name() }>{ format!("{} {}", t.seat(s), r.lead_counts[s.index()]) }</span>
                }) }
            </p>
            <figure>
                <svg class="chart" viewBox={ format!("0 0 {width} 144") } role="img" aria-label={ t.score_distribution }>
                    { for bars }
                </svg>
                <figcaption>{ t.score_distribution }</figcaption>
            </figure>
        </div>
    }
}

//! The Lab page (实验室): how hard a deal is. Every computation runs in the
//! worker with progress and cancel:
//! - a deal played at every table of a panel: its score distribution as a
//!   histogram and its GDI as bars, beside the deal's cards;
//! - DIH for n, m, r, and DIH against m as a line;
//! - the built-in hand library ranked by DIH or by distance to a GDI
//!   centre, as a sortable table and a chart (a row opens its deal);
//! - simulated tournaments in the three formats, as place-probability
//!   heatmaps side by side.
//!
//! Charts are labelled in both languages and save as SVG, PNG or CSV.

use engine::lab::dih::Distribution;
use engine::lab::panel::{ScoreDistribution, PANELS};
use engine::lab::tournament::PlaceProbabilities;
use engine::{Deal, Seat};
use wasm_bindgen::JsCast;
use yew::prelude::*;
use yew_agent::reactor::{use_reactor_bridge, ReactorEvent};

use crate::agent::{EngineWorker, LabError, LabJob, LabResult, RankedDeal, Request, Response};
use crate::components::card::Hand;
use crate::components::chart::{BarChart, Export, Heatmap, LineChart, Table};
use crate::i18n::Lang;
use crate::route::{LabLink, Route};
use crate::web::input_value;

/// Which section a worker job belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Section {
    Panel,
    Dih,
    Rank,
    Tournament,
}

#[derive(Clone, Debug, PartialEq)]
enum Status<T> {
    Idle,
    Running(u32, u32),
    Done(T),
    Cancelled,
    Failed(LabError),
}

impl<T> Status<T> {
    /// Follows a worker answer that is not a result: progress, a cancel,
    /// a failure.
    fn follow(&mut self, response: &Response) {
        match response {
            Response::Progress { done, total, .. } => *self = Status::Running(*done, *total),
            Response::Cancelled { .. } => *self = Status::Cancelled,
            Response::LabFailed { error, .. } => *self = Status::Failed(error.clone()),
            Response::Failed { message, .. } => *self = Status::Failed(LabError::Other(message.clone())),
            _ => {}
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
struct LabState {
    jobs: Vec<(u32, Section)>,
    panel: Status<ScoreDistribution>,
    dih: Status<Vec<f64>>,
    rank: Status<(usize, Vec<RankedDeal>)>,
    tournament: Status<Vec<(String, PlaceProbabilities)>>,
}

enum LabAction {
    Start(u32, Section),
    Answer(Response),
}

impl Reducible for LabState {
    type Action = LabAction;
    fn reduce(self: std::rc::Rc<Self>, action: LabAction) -> std::rc::Rc<Self> {
        let mut next = (*self).clone();
        match action {
            LabAction::Start(id, section) => {
                next.jobs.retain(|(_, s)| *s != section);
                next.jobs.push((id, section));
                match section {
                    Section::Panel => next.panel = Status::Running(0, 0),
                    Section::Dih => next.dih = Status::Running(0, 0),
                    Section::Rank => next.rank = Status::Running(0, 0),
                    Section::Tournament => next.tournament = Status::Running(0, 0),
                }
            }
            LabAction::Answer(Response::LabDone { id, result }) => {
                // A result for a job this page no longer waits for is stale.
                if !self.jobs.iter().any(|(j, _)| *j == id) {
                    return self;
                }
                match result {
                    LabResult::Panel(d) => next.panel = Status::Done(d),
                    LabResult::DihCurve(v) => next.dih = Status::Done(v),
                    LabResult::Rank { deals, rows } => next.rank = Status::Done((deals, rows)),
                    LabResult::Tournament(t) => next.tournament = Status::Done(t),
                }
            }
            LabAction::Answer(response) => {
                let id = match &response {
                    Response::Progress { id, .. }
                    | Response::Cancelled { id }
                    | Response::LabFailed { id, .. }
                    | Response::Failed { id, .. } => *id,
                    _ => return self,
                };
                let Some(&(_, section)) = self.jobs.iter().find(|(j, _)| *j == id) else {
                    return self;
                };
                match section {
                    Section::Panel => next.panel.follow(&response),
                    Section::Dih => next.dih.follow(&response),
                    Section::Rank => next.rank.follow(&response),
                    Section::Tournament => next.tournament.follow(&response),
                }
            }
        }
        std::rc::Rc::new(next)
    }
}

fn progress_view<T>(status: &Status<T>, id: &str, t: &crate::i18n::Strings, cancel: Callback<MouseEvent>) -> Html {
    match status {
        Status::Running(done, total) => html! {
            <p class="progress" id={ format!("{id}-progress") }>
                { (t.progress)(*done, *total) }
                { " " }<button type="button" id={ format!("{id}-cancel") } onclick={cancel}>{ t.cancel }</button>
            </p>
        },
        Status::Cancelled => html! { <p id={ format!("{id}-cancelled") }>{ t.cancelled }</p> },
        Status::Failed(e) => html! { <p class="error" role="alert">{ t.lab_error(e) }</p> },
        _ => html! {},
    }
}

/// The built-in library's median GDI among deals with one bomb in all
/// hands (three grades): a centre with deals of that strength around it.
const DEFAULT_CENTRE: &str = "0.70,0.27,0.05";

fn parse_centre(text: &str) -> Result<Vec<f64>, String> {
    text.split(',')
        .enumerate()
        .map(|(i, x)| x.trim().parse::<f64>().map_err(|_| format!("{} '{}'", i + 1, x.trim())))
        .collect()
}

#[derive(Properties, PartialEq)]
pub struct LabPageProps {
    pub link: LabLink,
}

#[component]
pub fn LabPage(props: &LabPageProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or(Lang::Zh);
    let t = lang.strings();
    let state = use_reducer(|| LabState {
        jobs: vec![],
        panel: Status::Idle,
        dih: Status::Idle,
        rank: Status::Idle,
        tournament: Status::Idle,
    });
    let bridge = {
        let state = state.clone();
        use_reactor_bridge::<EngineWorker, _>(move |event| {
            if let ReactorEvent::Output(r) = event {
                state.dispatch(LabAction::Answer(r));
            }
        })
    };
    let next_id = use_mut_ref(|| 1000u32);
    let send = {
        let (bridge, state, next_id) = (bridge.clone(), state.clone(), next_id.clone());
        std::rc::Rc::new(move |section: Section, job: LabJob| {
            let id = {
                let mut n = next_id.borrow_mut();
                *n += 1;
                *n
            };
            state.dispatch(LabAction::Start(id, section));
            bridge.send(Request::Lab(id, job));
        })
    };
    let cancel = {
        let bridge = bridge.clone();
        Callback::from(move |_: MouseEvent| bridge.send(Request::Cancel))
    };

    // --- The deal and its panel -------------------------------------------
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
        let send = send.clone();
        move |deal: &Result<(Deal, u64), String>, panel: &str, games: u32| {
            if let Ok((deal, seed)) = deal {
                let (deal, seed, panel) = (*deal, *seed, panel.to_string());
                send(
                    Section::Panel,
                    LabJob::Panel {
                        deal,
                        seed,
                        panel,
                        games,
                    },
                );
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
    let dist_charts = match &state.panel {
        Status::Done(d) => {
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
        other => progress_view(other, "lab-panel", t, cancel.clone()),
    };
    let panel_section = html! {
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
            { dist_charts }
        </section>
    };

    // --- DIH ---------------------------------------------------------------
    let dist_text = use_state(|| "-2:0.1,-1:0.3,1:0.4,2:0.2".to_string());
    {
        // The deal's distribution fills the calculator when it arrives.
        let dist_text = dist_text.clone();
        use_effect_with(state.panel.clone(), move |panel| {
            if let Status::Done(d) = panel {
                let text: Vec<String> = d
                    .scores
                    .iter()
                    .zip(d.probabilities())
                    .filter(|(_, p)| *p > 0.0)
                    .map(|(s, p)| format!("{s}:{p:.4}"))
                    .collect();
                if !text.is_empty() {
                    dist_text.set(text.join(","));
                }
            }
        });
    }
    let players = use_state(|| 30u32);
    let rounds = use_state(|| 3u32);
    let top = use_state(|| 2u32);
    let parsed = Distribution::parse(&dist_text);
    {
        let send = send.clone();
        let key = ((*dist_text).clone(), *players, *top, *rounds);
        use_effect_with(key, move |(text, players, top, rounds)| {
            if let Ok(d) = Distribution::parse(text) {
                send(
                    Section::Dih,
                    LabJob::DihCurve {
                        points: d.points().to_vec(),
                        players: *players,
                        top: *top,
                        max_rounds: (*rounds * 2).clamp(10, 60),
                    },
                );
            }
        });
    }
    let number = |handle: &UseStateHandle<u32>, lo: u32, hi: u32| {
        let handle = handle.clone();
        Callback::from(move |e: Event| {
            if let Some(v) = input_value(&e).and_then(|v| v.trim().parse::<u32>().ok()) {
                handle.set(v.clamp(lo, hi));
            }
        })
    };
    let on_dist = {
        let dist_text = dist_text.clone();
        Callback::from(move |e: Event| {
            if let Some(v) = input_value(&e) {
                dist_text.set(v);
            }
        })
    };
    let dih_view = match (&state.dih, &parsed) {
        (_, Err(e)) => {
            html! { <p class="error" id="dih-error" role="alert">{ t.dih_bad_dist }{ t.distribution_error(e) }</p> }
        }
        (Status::Done(curve), Ok(_)) => {
            let value = curve.get(*rounds as usize - 1).copied().unwrap_or(0.0);
            let xs: Vec<f64> = (1..=curve.len()).map(|m| m as f64).collect();
            let table = Table {
                header: vec!["m".into(), "dih".into()],
                rows: curve
                    .iter()
                    .enumerate()
                    .map(|(i, v)| vec![(i + 1).to_string(), format!("{v:.6}")])
                    .collect(),
            };
            html! {
                <>
                    <p class="dih-value">{ format!("DIH(n = {}, m = {}, r = {}) = ", *players, *rounds, *top) }<strong id="dih-value" data-value={ value.to_string() }>{ format!("{value:.6}") }</strong></p>
                    <figure>
                        <LineChart id="chart-dih" title={ "区分度 DIH 随轮数 · DIH against rounds" } x_label={ "轮数 m · Rounds m" }
                            y_label={ "DIH" } xs={xs} ys={curve.clone()} mark={ Some(*rounds as usize - 1) } />
                        <Export id="chart-dih" table={table} />
                    </figure>
                </>
            }
        }
        (other, Ok(_)) => progress_view(other, "dih", t, cancel.clone()),
    };
    let dih_section = html! {
        <section class="lab-section" aria-labelledby="lab-dih-title">
            <h2 id="lab-dih-title">{ t.dih_title }</h2>
            <p class="note">{ t.dih_explain }</p>
            <div class="lab-controls">
                <span class="field wide"><label for="dih-dist">{ t.dih_dist }</label>
                    <input id="dih-dist" value={ (*dist_text).clone() } onchange={on_dist} spellcheck="false" /></span>
                <span class="field"><label for="dih-n">{ "n" }</label><input id="dih-n" type="number" min="1" max="1000" value={ players.to_string() } onchange={ number(&players, 1, 1000) } /></span>
                <span class="field"><label for="dih-m">{ "m" }</label><input id="dih-m" type="number" min="1" max="60" value={ rounds.to_string() } onchange={ number(&rounds, 1, 60) } /></span>
                <span class="field"><label for="dih-r">{ "r" }</label><input id="dih-r" type="number" min="1" max="100" value={ top.to_string() } onchange={ number(&top, 1, 100) } /></span>
            </div>
            { dih_view }
        </section>
    };

    // --- The library -------------------------------------------------------
    let centre_text = use_state(String::new);
    let by_distance = !centre_text.trim().is_empty();
    let centre = parse_centre(&centre_text);
    let sort = use_state(|| (None::<usize>, false));
    let on_rank = {
        let (send, players, rounds, top, centre) = (send.clone(), *players, *rounds, *top, centre.clone());
        Callback::from(move |_: MouseEvent| {
            send(
                Section::Rank,
                LabJob::Rank {
                    players,
                    rounds,
                    top,
                    centre: if by_distance { centre.clone().ok() } else { None },
                },
            )
        })
    };
    let on_centre = {
        let centre_text = centre_text.clone();
        Callback::from(move |e: Event| {
            if let Some(v) = input_value(&e) {
                centre_text.set(v);
            }
        })
    };
    let rank_view = match &state.rank {
        Status::Done((deals, rows)) => {
            let mut shown: Vec<&RankedDeal> = rows.iter().take(200).collect();
            if let (Some(col), descending) = *sort {
                let key = |r: &RankedDeal| -> f64 {
                    match col {
                        0 => r.seed as f64,
                        1 => r.dih,
                        2 => r.distance.unwrap_or(0.0),
                        _ => r.gdi.len() as f64,
                    }
                };
                shown.sort_by(|a, b| {
                    let o = key(a).total_cmp(&key(b));
                    if descending {
                        o.reverse()
                    } else {
                        o
                    }
                });
            }
            let header = |i: usize, label: &'static str| {
                let handle = sort.clone();
                let onclick = Callback::from(move |_: MouseEvent| {
                    let (col, desc) = *handle;
                    handle.set((Some(i), if col == Some(i) { !desc } else { i == 1 }));
                });
                let mark = match *sort {
                    (Some(c), true) if c == i => " ▼",
                    (Some(c), false) if c == i => " ▲",
                    _ => "",
                };
                let aria = match *sort {
                    (Some(c), true) if c == i => "descending",
                    (Some(c), false) if c == i => "ascending",
                    _ => "none",
                };
                html! { <th aria-sort={aria}><button type="button" class="sort" data-col={ i.to_string() } {onclick}>{ label }{ mark }</button></th> }
            };
            let open = |seed: u64| {
                Callback::from(move |_: MouseEvent| {
                    Route::Lab(LabLink {
                        deal: Some(seed.to_string()),
                        panel: None,
                    })
                    .go();
                    if let Some(w) = web_sys::window() {
                        w.scroll_to_with_x_and_y(0.0, 0.0);
                    }
                })
            };
            let body = shown.iter().map(|r| {
                html! {
                    <tr data-seed={ r.seed.to_string() } data-dih={ r.dih.to_string() } onclick={ open(r.seed) } tabindex="0">
                        <td>{ r.seed }</td>
                        <td>{ format!("{:.4}", r.dih) }</td>
                        <td>{ r.distance.map(|d| format!("{d:.3}")).unwrap_or_else(|| "—".into()) }</td>
                        <td>{ r.gdi.iter().map(|g| format!("{g:.2}")).collect::<Vec<_>>().join(" ") }</td>
                    </tr>
                }
            });
            let top20: Vec<&RankedDeal> = rows.iter().take(12).collect();
            let (labels, values): (Vec<String>, Vec<f64>) = top20
                .iter()
                .map(|r| {
                    (
                        r.seed.to_string(),
                        if by_distance { r.distance.unwrap_or(0.0) } else { r.dih },
                    )
                })
                .unzip();
            let table = Table {
                header: vec!["seed".into(), "dih".into(), "distance".into(), "gdi".into()],
                rows: rows
                    .iter()
                    .map(|r| {
                        vec![
                            r.seed.to_string(),
                            format!("{:.6}", r.dih),
                            r.distance.map(|d| format!("{d:.4}")).unwrap_or_default(),
                            r.gdi.iter().map(|g| format!("{g:.4}")).collect::<Vec<_>>().join(" "),
                        ]
                    })
                    .collect(),
            };
            html! {
                <>
                    <p class="note" id="rank-count">{ (t.rank_count)(rows.len(), *deals) }</p>
                    <figure>
                        <BarChart id="chart-rank" title={ if by_distance { "离中心最近 · Nearest to the centre" } else { "区分度最高 · Highest DIH" } }
                            x_label={ "牌局种子 · Deal seed" } y_label={ if by_distance { "距离 · Distance" } else { "DIH" } } labels={labels} values={values} />
                        <Export id="chart-rank" table={table} />
                    </figure>
                    <div class="table-wrap">
                        <table class="rank" id="rank-table">
                            <thead><tr>{ header(0, t.rank_seed) }{ header(1, "DIH") }{ header(2, t.rank_distance) }{ header(3, "GDI") }</tr></thead>
                            <tbody>{ for body }</tbody>
                        </table>
                    </div>
                </>
            }
        }
        other => progress_view(other, "rank", t, cancel.clone()),
    };
    let rank_section = html! {
        <section class="lab-section" aria-labelledby="lab-rank-title">
            <h2 id="lab-rank-title">{ t.rank_title }</h2>
            <p class="note">{ t.rank_explain }</p>
            <div class="lab-controls">
                <span class="field wide"><label for="rank-centre">{ t.rank_centre }</label>
                    <input id="rank-centre" value={ (*centre_text).clone() } onchange={on_centre} placeholder={ DEFAULT_CENTRE } /></span>
                <button type="button" class="primary" id="rank-run" onclick={on_rank}>{ t.rank_run }</button>
            </div>
            if by_distance && centre.is_err() {
                <p class="error" role="alert">{ (t.bad_centre)(&centre.clone().err().unwrap_or_default()) }</p>
            }
            { rank_view }
        </section>
    };

    // --- Tournaments -------------------------------------------------------
    let t_tables = use_state(|| "L0,L2,L4,L5,L6,L7".to_string());
    let t_centre = use_state(|| DEFAULT_CENTRE.to_string());
    let t_eps = use_state(|| "0.15".to_string());
    let t_matches = use_state(|| 100u32);
    let text_input = |handle: &UseStateHandle<String>| {
        let handle = handle.clone();
        Callback::from(move |e: Event| {
            if let Some(v) = input_value(&e) {
                handle.set(v);
            }
        })
    };
    // Checked as typed: the run button waits for a valid centre and ε.
    let t_strength = match (parse_centre(&t_centre), t_eps.trim().parse::<f64>()) {
        (Err(e), _) => Err((t.bad_centre)(&e)),
        (Ok(centre), Ok(eps)) if eps > 0.0 && eps <= 1.0 => Ok((centre, eps)),
        (Ok(_), _) => Err((t.bad_eps)(t_eps.trim())),
    };
    let on_tournament = {
        let (send, tables, strength, matches) = (send.clone(), (*t_tables).clone(), t_strength.clone(), *t_matches);
        Callback::from(move |_: MouseEvent| {
            let Ok((centre, eps)) = strength.clone() else {
                return;
            };
            send(
                Section::Tournament,
                LabJob::Tournament {
                    tables: tables
                        .split(',')
                        .map(|s| s.trim().to_string())
                        .filter(|s| !s.is_empty())
                        .collect(),
                    farmers: "L7".into(),
                    rounds: 4,
                    matches,
                    centre,
                    eps,
                    seed: 1,
                },
            )
        })
    };
    let tournament_view = match &state.tournament {
        Status::Done(formats) => {
            let maps = formats.iter().map(|(format, p)| {
                let cols: Vec<String> = (1..=p.tables.len()).map(|k| k.to_string()).collect();
                let id = format!("chart-places-{format}");
                let table = Table {
                    header: std::iter::once("table".to_string()).chain(cols.iter().map(|c| format!("place {c}"))).collect(),
                    rows: p
                        .tables
                        .iter()
                        .zip(&p.p)
                        .map(|(name, row)| std::iter::once(name.clone()).chain(row.iter().map(|q| format!("{q:.4}"))).collect())
                        .collect(),
                };
                html! {
                    <figure class="heat" data-format={ format.clone() }>
                        <Heatmap id={ id.clone() } title={ (t.format_title)(format) } x_label={ "名次 · Place" } y_label={ "牌桌 · Table" }
                            rows={ p.tables.clone() } cols={cols} values={ p.p.clone() } />
                        <Export id={id} table={table} />
                    </figure>
                }
            });
            html! { <div class="heatmaps" id="tournament-result">{ for maps }</div> }
        }
        other => progress_view(other, "tournament", t, cancel.clone()),
    };
    let tournament_section = html! {
        <section class="lab-section" aria-labelledby="lab-tournament-title">
            <h2 id="lab-tournament-title">{ t.tournament_title }</h2>
            <p class="note">{ t.tournament_explain }</p>
            <div class="lab-controls">
                <span class="field wide"><label for="t-tables">{ t.tournament_tables }</label><input id="t-tables" value={ (*t_tables).clone() } onchange={ text_input(&t_tables) } /></span>
                <span class="field"><label for="t-centre">{ t.tournament_centre }</label><input id="t-centre" value={ (*t_centre).clone() } onchange={ text_input(&t_centre) } /></span>
                <span class="field"><label for="t-eps">{ "ε" }</label><input id="t-eps" value={ (*t_eps).clone() } onchange={ text_input(&t_eps) } /></span>
                <span class="field"><label for="t-matches">{ t.tournament_matches }</label><input id="t-matches" type="number" min="10" max="2000" value={ t_matches.to_string() } onchange={ number(&t_matches, 10, 2000) } /></span>
                <button type="button" class="primary" id="tournament-run" onclick={on_tournament} disabled={ t_strength.is_err() }>{ t.run }</button>
            </div>
            if let Err(e) = &t_strength {
                <p class="error" role="alert" id="tournament-input-error">{ e.clone() }</p>
            }
            { tournament_view }
        </section>
    };

    html! {
        <main id="main" class="page lab-page">
            <h1>{ t.nav_lab }</h1>
            <p class="note">{ t.lab_intro }</p>
            { panel_section }
            { dih_section }
            { rank_section }
            { tournament_section }
        </main>
    }
}

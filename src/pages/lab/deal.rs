//! A deal played at every table of a panel: its score distribution and GDI.

use engine::lab::panel::{PanelName, ScoreDistribution};
use engine::{Clock, Deal, Seat, SeedOrDeal};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::{tucked, use_lab_view};
use crate::components::card::Hand;
use crate::components::chart::{today, BarChart, ChartRows, ChartText, Export};
use crate::components::info::Info;
use crate::components::task::task_status;
use crate::i18n::lab::{ChartWords, LabStrings};
use crate::i18n::use_strings;
use crate::i18n::{Strings, Unit};
use crate::route::{LabLink, Route};
use crate::web::{input_value, WebClock};
use crate::worker::{use_task, Answer, Job, LabJob, LabResult, Quantity, Task, TaskHandle};

#[derive(Properties, PartialEq)]
pub struct DealSectionProps {
    pub link: LabLink,
    /// The deal's distribution as `score:p,…`, when played.
    pub on_distribution: Callback<String>,
}

/// The deal, its panel and games per table as set, the panel's result
/// beside the deal, and fresh deals like it.
#[component]
pub fn DealSection(props: &DealSectionProps) -> Html {
    let t = use_strings();
    let view = use_lab_view();
    let panel = use_task(|answer| match answer {
        Answer::Lab(LabResult::Panel(d)) => Some(d),
        _ => None,
    });
    let seed_text = props.link.deal.clone().unwrap_or_else(|| "42".into());
    let panel_name = panel_of(&props.link);
    let seed = read_seed(t, &seed_text);
    let (games, on_games) = use_games(panel_name);
    let play = use_panel_play(&panel, &seed, panel_name, games, &props.on_distribution);
    let seed_input = use_seed_input(&seed_text, panel_name, props.link.present);
    let deal_view = deal_hands(t, &seed);
    let drawn = matches!(panel.task(), Task::Done(_));
    let charts = panel_result(t, &panel, &play, &view.words);
    let like = match (panel.task(), &*play.ran) {
        (Task::Done(d), Some(ran)) => html! { <super::like::LikeThis gdi={ d.gdi() } panel={ ran.panel } /> },
        _ => html! {},
    };
    let controls = html! {
        <DealControls seed={seed_input} panel={panel_name} {games} estimate_s={ play.estimate_s }
            on_panel={ choose_panel(&seed_text, props.link.present) } {on_games} on_rerun={ play.on_rerun.clone() } />
    };
    html! {
        <section class="lab-section" aria-labelledby="lab-deal-title">
            if view.present {
                { charts }
                <div class="slide deal-slide">{ deal_view }</div>
                { tucked(&view, t, drawn, controls) }
                { like }
            } else {
                { controls }
                { deal_view }
                { charts }
                { like }
            }
        </section>
    }
}

/// The link's panel; a link's panel that is not one is the default's.
fn panel_of(link: &LabLink) -> PanelName {
    link.panel
        .as_deref()
        .and_then(|p| p.parse::<PanelName>().ok())
        .unwrap_or(PanelName::Quick)
}

/// A seed, or a deal in bracket notation (its players seeded from 0, as
/// `ddz dist` does); what is neither, said in the page's words.
fn read_seed(t: &Strings, seed_text: &str) -> Result<(Deal, u64), String> {
    match seed_text.parse::<SeedOrDeal>() {
        Ok(given) => Ok((given.deal(), given.seed().unwrap_or(0))),
        // No bracket at all: a seed, mistyped (`-5`), not a deal.
        Err(_) if !seed_text.contains('[') => Err((t.bad_seed)(seed_text.trim())),
        Err(e) => Err(t.deal_error(&e)),
    }
}

/// Games per table: the panel's default until the user types another
/// number for that panel; and the input's handler.
#[hook]
fn use_games(panel_name: PanelName) -> (u32, Callback<Event>) {
    let typed_games = use_state(|| None::<(PanelName, u32)>);
    let games = match &*typed_games {
        Some((p, g)) if *p == panel_name => *g,
        _ => panel_name.default_games(),
    };
    let on_games = {
        let (min, max) = Quantity::GamesPerTable.range();
        Callback::from(move |e: Event| {
            if let Some(g) = input_value(&e).and_then(|v| v.trim().parse::<u32>().ok()) {
                typed_games.set(Some((panel_name, g.clamp(min as u32, max as u32))));
            }
        })
    };
    (games, on_games)
}

/// The panel's runs, as [`use_panel_play`] keeps them.
struct PanelPlay {
    /// What the shown result was run with (for its caption).
    ran: UseStateHandle<Option<Ran>>,
    /// How long a run of the deal as set would take here, in seconds.
    estimate_s: f64,
    /// Runs the deal as set again.
    on_rerun: Callback<MouseEvent>,
}

/// Plays the deal at the panel's tables: at once for a new deal or panel
/// unless the run is long (then the user starts it), timing each run so
/// the estimates learn this browser's speed.
#[hook]
fn use_panel_play(
    panel: &TaskHandle<ScoreDistribution>,
    seed: &Result<(Deal, u64), String>,
    panel_name: PanelName,
    games: u32,
    on_distribution: &Callback<String>,
) -> PanelPlay {
    let tables = panel_name.panel().seatings.len();
    // What the shown result was run with (for its caption), and when the
    // run started (to measure this browser's speed).
    let ran = use_state(|| None::<Ran>);
    let started = use_mut_ref(|| 0.0f64);
    let measured = use_state(|| None::<(PanelName, f64)>);
    let ms_per_game = match &*measured {
        Some((p, ms)) if *p == panel_name => *ms,
        _ => panel_name.expected_ms_per_game(),
    };
    let estimate_s = (tables as u64 * u64::from(games)) as f64 * ms_per_game / 1000.0;
    let play_panel = {
        let (panel, ran, started) = (panel.clone(), ran.clone(), started.clone());
        move |deal: &Result<(Deal, u64), String>, panel_name: PanelName, games: u32| {
            if let Ok((deal, seed)) = deal {
                *started.borrow_mut() = WebClock.now_ms();
                ran.set(Some(Ran {
                    deal: if seed_is_deal(deal, *seed) {
                        seed.to_string()
                    } else {
                        deal.to_string()
                    },
                    panel: panel_name,
                    seed: *seed,
                    games,
                }));
                panel.run(Job::Lab(LabJob::Panel {
                    deal: *deal,
                    seed: *seed,
                    panel: panel_name,
                    games,
                }));
            }
        }
    };
    {
        // A new deal or panel is played at once, unless the run is long:
        // then the estimate is shown and the user starts it.
        let (play_panel, games, long) = (play_panel.clone(), games, estimate_s > LONG_RUN_S);
        use_effect_with((seed.clone(), panel_name), move |(seed, panel)| {
            if !long {
                play_panel(seed, *panel, games)
            }
        });
    }
    use_played(panel.task(), on_distribution, &ran, &started, &measured);
    let on_rerun = {
        let seed = seed.clone();
        Callback::from(move |_: MouseEvent| play_panel(&seed, panel_name, games))
    };
    PanelPlay {
        ran,
        estimate_s,
        on_rerun,
    }
}

/// When a run's result arrives: its distribution goes to the DIH
/// calculator, and the run's speed is remembered for the estimates.
#[hook]
fn use_played(
    task: &Task<ScoreDistribution>,
    on_distribution: &Callback<String>,
    ran: &UseStateHandle<Option<Ran>>,
    started: &std::rc::Rc<std::cell::RefCell<f64>>,
    measured: &UseStateHandle<Option<(PanelName, f64)>>,
) {
    let on_distribution = on_distribution.clone();
    let (ran, started, measured) = (ran.clone(), started.clone(), measured.clone());
    use_effect_with(task.clone(), move |task| {
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
            if let (Some(r), true) = (&*ran, d.games() >= 50) {
                let ms = (WebClock.now_ms() - *started.borrow()) / d.games() as f64;
                if ms.is_finite() && ms > 0.0 {
                    measured.set(Some((r.panel, ms)));
                }
            }
        }
    });
}

/// The seed box as typed, and its handlers.
#[derive(Clone, PartialEq)]
struct SeedInput {
    value: String,
    on_input: Callback<InputEvent>,
    /// Opens the typed deal (at the panel as set).
    on_submit: Callback<SubmitEvent>,
}

/// The seed box: the link's deal until the user types another, which
/// opens when the form is sent; a new link's deal replaces what was typed.
#[hook]
fn use_seed_input(seed_text: &str, panel_name: PanelName, present: bool) -> SeedInput {
    let seed_input = use_state(|| seed_text.to_string());
    {
        let seed_input = seed_input.clone();
        use_effect_with(seed_text.to_string(), move |s| seed_input.set(s.clone()));
    }
    let on_input = {
        let seed_input = seed_input.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(i) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                seed_input.set(i.value());
            }
        })
    };
    let on_submit = {
        let seed_input = seed_input.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            Route::Lab(LabLink {
                deal: Some((*seed_input).trim().to_string()),
                panel: Some(panel_name.to_string()),
                present,
            })
            .go();
        })
    };
    SeedInput {
        value: (*seed_input).clone(),
        on_input,
        on_submit,
    }
}

/// Opens the chosen panel, with the link's deal.
fn choose_panel(seed_text: &str, present: bool) -> Callback<Event> {
    let seed_text = seed_text.to_string();
    Callback::from(move |e: Event| {
        if let Some(p) = input_value(&e) {
            Route::Lab(LabLink {
                deal: Some(seed_text.clone()),
                panel: Some(p),
                present,
            })
            .go();
        }
    })
}

#[derive(Properties, PartialEq)]
struct DealControlsProps {
    seed: SeedInput,
    panel: PanelName,
    games: u32,
    /// How long the run would take, in seconds.
    estimate_s: f64,
    on_panel: Callback<Event>,
    on_games: Callback<Event>,
    on_rerun: Callback<MouseEvent>,
}

/// The section's settings: the deal, the panel, games per table, and the
/// run button with how long the run would take.
#[component]
fn DealControls(props: &DealControlsProps) -> Html {
    let t = use_strings();
    let (panel_name, games, estimate_s) = (props.panel, props.games, props.estimate_s);
    let tables = panel_name.panel().seatings.len();
    let estimate = (t.lab.estimate)(tables as u64 * u64::from(games), estimate_s);
    let (games_min, games_max) = Quantity::GamesPerTable.range();
    html! {
        <>
            <h2 id="lab-deal-title">{ t.lab_deal_title }</h2>
            <form class="lab-controls" onsubmit={ props.seed.on_submit.clone() }>
                <span class="field wide"><label for="lab-seed">{ t.lab_deal_input }</label>
                    <input id="lab-seed" value={ props.seed.value.clone() } oninput={ props.seed.on_input.clone() } placeholder="42 · [..20..][..17..][..17..]" spellcheck="false" /></span>
                <button type="submit" id="lab-seed-go">{ t.show_deal }</button>
                <span class="field"><label for="lab-panel">{ t.lab_panel }<Info term="panel" at="deal" /></label>
                    <select id="lab-panel" onchange={ props.on_panel.clone() }>
                        { for PanelName::ALL.iter().map(|p| html! { <option value={ p.name() } selected={ *p == panel_name }>{ (t.lab_panel_name)(p.name()) }</option> }) }
                    </select></span>
                <span class="field"><label for="lab-games">{ t.lab_games }<Info term="table" at="deal" /></label>
                    <input id="lab-games" type="number" min={ games_min.to_string() } max={ games_max.to_string() } value={ games.to_string() } onchange={ props.on_games.clone() } /></span>
                <button type="button" class="primary" id="lab-run" onclick={ props.on_rerun.clone() }>{ t.run }</button>
                <span class="note estimate" id="lab-estimate" data-games={ (tables as u64 * u64::from(games)).to_string() } data-seconds={ format!("{estimate_s:.2}") }>{ estimate }</span>
            </form>
        </>
    }
}

/// The deal's three hands (the landlord's bottom cards marked), or why
/// the typed deal is not one.
fn deal_hands(t: &Strings, seed: &Result<(Deal, u64), String>) -> Html {
    match seed {
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
    }
}

/// The panel's result as charts; before it, the run's progress, or, for a
/// long run not yet started, a word that it waits for the user.
fn panel_result(t: &Strings, panel: &TaskHandle<ScoreDistribution>, play: &PanelPlay, words: &ChartWords) -> Html {
    match (panel.task(), &*play.ran) {
        (Task::Done(d), Some(ran)) => charts(d, ran, words),
        (Task::Idle, _) if play.estimate_s > LONG_RUN_S => {
            html! { <p class="note" id="lab-long-run">{ t.lab.long_run }</p> }
        }
        (other, _) => task_status(other, "lab-panel", Unit::Games, panel.on_cancel()),
    }
}

/// Runs estimated longer than this do not start on their own.
const LONG_RUN_S: f64 = 10.0;

/// What a shown result was run with.
#[derive(Clone, Debug, PartialEq)]
struct Ran {
    /// The deal as the caption names it: its seed, or its notation.
    deal: String,
    panel: PanelName,
    /// The players' seed.
    seed: u64,
    games: u32,
}

/// Whether `deal` is the seed's deal (so the seed names it).
fn seed_is_deal(deal: &Deal, seed: u64) -> bool {
    Deal::from_seed(seed) == *deal
}

/// The histogram of scores and the GDI bars, each share with its 95%
/// interval, n and a caption.
fn charts(d: &ScoreDistribution, ran: &Ran, words: &ChartWords) -> Html {
    let labels: Vec<String> = d.scores.iter().map(|s| format!("{s:+}")).collect();
    let probs = d.probabilities();
    let gdi = d.gdi();
    let n = d.games();
    let tables = ran.panel.panel().seatings.len();
    let per_table = u32::try_from(n / tables.max(1) as u64).unwrap_or(u32::MAX);
    let gdi_labels: Vec<String> = (1..=gdi.len()).map(|i| format!("g{i}")).collect();
    let interval = |k: u64| {
        let (_, lo, hi) = engine::lab::wilson(k, n);
        (lo, hi)
    };
    let hist_intervals: Vec<(f64, f64)> = d.counts.iter().map(|&c| interval(c)).collect();
    let gdi_intervals: Vec<(f64, f64)> = (1..d.counts.len())
        .map(|i| interval(d.counts[i..].iter().sum()))
        .collect();
    let date = today();
    let caption = |what: fn(&LabStrings) -> &'static str| {
        words.say(|l| (l.caption_deal)(what(l), &ran.deal, (l.panel_name)(ran.panel.name()), n, ran.seed, &date))
    };
    let subtitle = words.say(|l| (l.n_games)(n, tables, per_table));
    let hist_text = ChartText {
        title: words.word(|l| l.hist_title),
        x_label: words.word(|l| l.hist_x),
        y_label: words.word(|l| l.hist_y),
        subtitle: subtitle.clone(),
        caption: caption(|l| l.hist_title),
    };
    let gdi_text = ChartText {
        title: words.word(|l| l.gdi_title),
        x_label: words.word(|l| l.gdi_x),
        y_label: words.word(|l| l.gdi_y),
        subtitle,
        caption: caption(|l| l.gdi_title),
    };
    let hist_table = ChartRows {
        header: vec![
            "score".into(),
            "games".into(),
            "share".into(),
            "low95".into(),
            "high95".into(),
        ],
        rows: d
            .scores
            .iter()
            .zip(&d.counts)
            .zip(probs.iter().zip(&hist_intervals))
            .map(|((s, c), (p, (lo, hi)))| {
                vec![
                    s.to_string(),
                    c.to_string(),
                    format!("{p:.4}"),
                    format!("{lo:.4}"),
                    format!("{hi:.4}"),
                ]
            })
            .collect(),
    };
    let gdi_table = ChartRows {
        header: vec!["grade".into(), "gdi".into(), "low95".into(), "high95".into()],
        rows: gdi_labels
            .iter()
            .zip(gdi.iter().zip(&gdi_intervals))
            .map(|(l, (g, (lo, hi)))| vec![l.clone(), format!("{g:.4}"), format!("{lo:.4}"), format!("{hi:.4}")])
            .collect(),
    };
    html! {
        <div class="charts" id="lab-dist" data-games={ n.to_string() } data-counts={ format!("{:?}", d.counts) } data-gdi={ format!("{gdi:?}") }>
            <figure class="slide">
                <BarChart id="chart-histogram" text={ hist_text.clone() } {n} labels={labels} values={probs.clone()}
                    intervals={ Some(hist_intervals) } percent=true max={1.0} />
                <Export id="chart-histogram" table={hist_table} caption={ hist_text.caption } />
            </figure>
            <figure class="slide">
                <BarChart id="chart-gdi" text={ gdi_text.clone() } {n} labels={gdi_labels} values={gdi.clone()}
                    intervals={ Some(gdi_intervals) } percent=true max={1.0} />
                <Export id="chart-gdi" table={gdi_table} caption={ gdi_text.caption } />
                <p class="terms"><Info term="gdi" at="chart" named=true /><Info term="g" at="chart" named=true /><Info term="interval" at="chart" named=true /><Info term="n" at="chart" named=true /></p>
            </figure>
        </div>
    }
}

#[cfg(test)]
mod tests {
    /// The chart's whiskers: the engine's Wilson interval, low and high.
    #[test]
    fn wilson_intervals_hold_the_share() {
        let wilson = |k, n| {
            let (_, lo, hi) = engine::lab::wilson(k, n);
            (lo, hi)
        };
        let (lo, hi) = wilson(11, 16);
        assert!(lo < 11.0 / 16.0 && 11.0 / 16.0 < hi);
        assert!((lo - 0.4441).abs() < 1e-3 && (hi - 0.8584).abs() < 1e-3, "{lo} {hi}");
        assert_eq!(wilson(0, 0), (0.0, 1.0));
        let (lo, hi) = wilson(0, 100);
        assert_eq!(lo, 0.0);
        assert!(hi > 0.0 && hi < 0.05);
    }
}

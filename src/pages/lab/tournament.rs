//! Tournaments simulated in the three formats, as place-probability
//! heatmaps side by side.

use engine::lab::panel::GdiCentre;
use engine::lab::tournament::{PlaceProbabilities, TournamentFormat};
use engine::{PlayerSpec, Rung};
use yew::prelude::*;

use super::{arranged, parse_centre, use_lab_view, DEFAULT_CENTRE};
use crate::components::chart::{today, ChartRows, ChartText, Export, Heatmap};
use crate::components::info::Info;
use crate::components::task::task_status;
use crate::i18n::lab::ChartWords;
use crate::i18n::use_strings;
use crate::i18n::{Strings, Unit};
use crate::web::input_value;
use crate::worker::{use_task, Answer, Job, LabJob, LabResult, Quantity, Task};

/// The tables, the equal-strength format's centre and ε, and the number
/// of tournaments as set; the three formats' heatmaps once run.
#[component]
pub fn TournamentSection() -> Html {
    let t = use_strings();
    let view = use_lab_view();
    let tournament = use_task(|answer| match answer {
        Answer::Lab(LabResult::Tournament(formats)) => Some(formats),
        _ => None,
    });
    let tables = use_state(|| "L0,L2,L4,L5,L6,L7".to_string());
    let centre = use_state(|| DEFAULT_CENTRE.to_string());
    let eps = use_state(|| "0.15".to_string());
    let matches = use_state(|| 100u32);
    let on_matches = {
        let matches = matches.clone();
        Callback::from(move |e: Event| {
            if let Some(v) = input_value(&e).and_then(|v| v.trim().parse::<u32>().ok()) {
                matches.set(v.clamp(10, 2000));
            }
        })
    };
    // Checked as typed: the run button waits for valid tables, centre and ε.
    let strength = read_strength(t, &centre, &eps);
    let players = read_tables(t, &tables);
    // What the shown result was run with (for its captions).
    let ran = use_state(|| None::<Ran>);
    let on_run = {
        let (tournament, players, strength, matches, ran) = (
            tournament.clone(),
            players.clone(),
            strength.clone(),
            *matches,
            ran.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            let (Ok((centre, eps)), Ok(tables)) = (strength.clone(), players.clone()) else {
                return;
            };
            ran.set(Some(Ran {
                tables: tables.iter().map(ToString::to_string).collect::<Vec<_>>().join(","),
                centre: centre.to_string(),
                eps,
                matches,
            }));
            tournament.run(Job::Lab(LabJob::Tournament {
                tables,
                farmers: FARMERS.spec(),
                rounds: ROUNDS,
                matches,
                centre,
                eps,
                seed: SEED,
            }))
        })
    };
    let drawn = matches!(tournament.task(), Task::Done(_));
    let result = match (tournament.task(), &*ran) {
        (Task::Done(formats), Some(ran)) => {
            let date = today();
            let maps = formats
                .iter()
                .map(|(format, p)| heatmap(&view.words, ran, &date, *format, p));
            html! { <div class="heatmaps" id="tournament-result">{ for maps }</div> }
        }
        (other, _) => task_status(other, "tournament", Unit::Tournaments, tournament.on_cancel()),
    };
    let controls = html! {
        <>
            <h2 id="lab-tournament-title">{ t.tournament_title }</h2>
            <p class="note">{ t.tournament_explain }</p>
            <div class="lab-controls">
                <span class="field wide"><label for="t-tables">{ t.tournament_tables }<Info term="table" at="tournament" /></label><input id="t-tables" value={ (*tables).clone() } onchange={ text_input(&tables) } /></span>
                <span class="field"><label for="t-centre">{ t.tournament_centre }<Info term="centre" at="tournament" /></label><input id="t-centre" value={ (*centre).clone() } onchange={ text_input(&centre) } /></span>
                <span class="field"><label for="t-eps">{ "ε" }<Info term="eps" at="tournament" /></label><input id="t-eps" value={ (*eps).clone() } onchange={ text_input(&eps) } /></span>
                <span class="field"><label for="t-matches">{ t.tournament_matches }</label><input id="t-matches" type="number" min="10" max="2000" value={ matches.to_string() } onchange={on_matches} /></span>
                <button type="button" class="primary" id="tournament-run" onclick={on_run} disabled={ strength.is_err() || players.is_err() }>{ t.run }</button>
            </div>
            if let Err(e) = players.as_ref().and(strength.as_ref()) {
                <p class="error" role="alert" id="tournament-input-error">{ e.clone() }</p>
            }
        </>
    };
    html! {
        <section class="lab-section" aria-labelledby="lab-tournament-title">
            { arranged(&view, t, drawn, controls, result) }
        </section>
    }
}

/// A text box's handler: what is typed, kept.
fn text_input(handle: &UseStateHandle<String>) -> Callback<Event> {
    let handle = handle.clone();
    Callback::from(move |e: Event| {
        if let Some(v) = input_value(&e) {
            handle.set(v);
        }
    })
}

/// The equal-strength format's centre and ε as typed, or what is wrong
/// with them.
fn read_strength(t: &Strings, centre: &str, eps: &str) -> Result<(GdiCentre, f64), String> {
    match (parse_centre(centre), eps.trim().parse::<f64>()) {
        (Err(e), _) => Err(t.centre_error(&e)),
        (Ok(centre), Ok(eps)) if Quantity::Eps.check(eps).is_ok() => Ok((centre, eps)),
        (Ok(_), _) => {
            let (min, max) = Quantity::Eps.range();
            Err((t.bad_eps)(eps.trim(), min, max))
        }
    }
}

/// The tables' players, read as typed: the first that is not one is named.
fn read_tables(t: &Strings, tables: &str) -> Result<Vec<PlayerSpec>, String> {
    tables
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.parse::<PlayerSpec>().map_err(|e| t.player_error(&e)))
        .collect::<Result<Vec<_>, String>>()
}

/// One format's heatmap: each table's chance of each place, with its n,
/// its widest interval and a caption saying what was run.
fn heatmap(words: &ChartWords, ran: &Ran, date: &str, format: TournamentFormat, p: &PlaceProbabilities) -> Html {
    let format = format.name();
    let cols: Vec<String> = (1..=p.tables.len()).map(|k| k.to_string()).collect();
    let id = format!("chart-places-{format}");
    let n = p.matches;
    // The widest 95% interval of any cell, in percentage points.
    let half =
        p.p.iter()
            .flatten()
            .map(|&q| {
                let (_, lo, hi) = engine::lab::wilson((q * f64::from(n)).round() as u64, u64::from(n));
                100.0 * (hi - q).max(q - lo)
            })
            .fold(0.0, f64::max);
    let text = ChartText {
        title: words.say(|l| (l.places_title)(format)),
        x_label: words.word(|l| l.places_x),
        y_label: words.word(|l| l.places_y),
        subtitle: words.say(|l| (l.n_tournaments)(n, half)),
        caption: words.say(|l| {
            // The centre and ε only deal the equal-strength format.
            let strength = match (format, l.term("centre")) {
                ("equal", Some(centre)) => format!("{} {}, ε = {}", centre.name, ran.centre, ran.eps),
                _ => String::new(),
            };
            (l.caption_tournament)((l.format_name)(format), &ran.tables, n, ROUNDS, SEED, &strength, date)
        }),
    };
    let table = ChartRows {
        header: std::iter::once("table".to_string())
            .chain(cols.iter().map(|c| format!("place {c}")))
            .collect(),
        rows: p
            .tables
            .iter()
            .zip(&p.p)
            .map(|(name, row)| {
                std::iter::once(name.clone())
                    .chain(row.iter().map(|q| format!("{q:.4}")))
                    .collect()
            })
            .collect(),
    };
    html! {
        <figure class="heat slide" data-format={ format }>
            <Heatmap id={ id.clone() } text={ text.clone() } n={ u64::from(n) } legend={ words.word(|l| l.chance) }
                rows={ p.tables.clone() } cols={cols} values={ p.p.clone() } />
            <Export id={id} table={table} caption={ text.caption } />
        </figure>
    }
}

/// Rounds of each simulated tournament, and the simulations' seed.
const ROUNDS: u32 = 4;
/// The farmers every table plays against (高手, as `ddz tournament`'s default).
const FARMERS: Rung = Rung::at(7);
const SEED: u64 = 1;

/// What a shown result was run with.
#[derive(Clone, Debug, PartialEq)]
struct Ran {
    tables: String,
    centre: String,
    eps: f64,
    matches: u32,
}

//! Tournaments simulated in the three formats, as place-probability
//! heatmaps side by side.

use engine::PlayerSpec;
use yew::prelude::*;

use super::{parse_centre, DEFAULT_CENTRE};
use crate::components::chart::{Export, Heatmap, Table};
use crate::components::task::{task_status, Unit};
use crate::i18n::Lang;
use crate::pages::play::prefs;
use crate::web::input_value;
use crate::worker::{use_task, Answer, Job, LabJob, LabResult, Quantity, Task};

#[component]
pub fn TournamentSection() -> Html {
    let t = use_context::<Lang>().unwrap_or(Lang::Zh).strings();
    let tournament = use_task(|answer| match answer {
        Answer::Lab(LabResult::Tournament(formats)) => Some(formats),
        _ => None,
    });
    let tables = use_state(|| "L0,L2,L4,L5,L6,L7".to_string());
    let centre = use_state(|| DEFAULT_CENTRE.to_string());
    let eps = use_state(|| "0.15".to_string());
    let matches = use_state(|| 100u32);
    let text_input = |handle: &UseStateHandle<String>| {
        let handle = handle.clone();
        Callback::from(move |e: Event| {
            if let Some(v) = input_value(&e) {
                handle.set(v);
            }
        })
    };
    let on_matches = {
        let matches = matches.clone();
        Callback::from(move |e: Event| {
            if let Some(v) = input_value(&e).and_then(|v| v.trim().parse::<u32>().ok()) {
                matches.set(v.clamp(10, 2000));
            }
        })
    };
    // Checked as typed: the run button waits for a valid centre and ε.
    let strength = match (parse_centre(&centre), eps.trim().parse::<f64>()) {
        (Err(e), _) => Err(t.centre_error(&e)),
        (Ok(centre), Ok(eps)) if Quantity::Eps.check(eps).is_ok() => Ok((centre, eps)),
        (Ok(_), _) => Err((t.bad_eps)(eps.trim())),
    };
    // The tables' players, read as typed: the first that is not one is named.
    let players = tables
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.parse::<PlayerSpec>().map_err(|e| t.player_error(&e)))
        .collect::<Result<Vec<_>, String>>();
    let on_run = {
        let (tournament, players, strength, matches) =
            (tournament.clone(), players.clone(), strength.clone(), *matches);
        Callback::from(move |_: MouseEvent| {
            let (Ok((centre, eps)), Ok(tables)) = (strength.clone(), players.clone()) else {
                return;
            };
            tournament.run(Job::Lab(LabJob::Tournament {
                tables,
                farmers: prefs::parse_rung("L7"),
                rounds: 4,
                matches,
                centre,
                eps,
                seed: 1,
            }))
        })
    };
    let view = match tournament.task() {
        Task::Done(formats) => {
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
        other => task_status(other, "tournament", Unit::Tournaments, tournament.on_cancel()),
    };
    html! {
        <section class="lab-section" aria-labelledby="lab-tournament-title">
            <h2 id="lab-tournament-title">{ t.tournament_title }</h2>
            <p class="note">{ t.tournament_explain }</p>
            <div class="lab-controls">
                <span class="field wide"><label for="t-tables">{ t.tournament_tables }</label><input id="t-tables" value={ (*tables).clone() } onchange={ text_input(&tables) } /></span>
                <span class="field"><label for="t-centre">{ t.tournament_centre }</label><input id="t-centre" value={ (*centre).clone() } onchange={ text_input(&centre) } /></span>
                <span class="field"><label for="t-eps">{ "ε" }</label><input id="t-eps" value={ (*eps).clone() } onchange={ text_input(&eps) } /></span>
                <span class="field"><label for="t-matches">{ t.tournament_matches }</label><input id="t-matches" type="number" min="10" max="2000" value={ matches.to_string() } onchange={on_matches} /></span>
                <button type="button" class="primary" id="tournament-run" onclick={on_run} disabled={ strength.is_err() || players.is_err() }>{ t.run }</button>
            </div>
            if let Err(e) = players.as_ref().and(strength.as_ref()) {
                <p class="error" role="alert" id="tournament-input-error">{ e.clone() }</p>
            }
            { view }
        </section>
    }
}

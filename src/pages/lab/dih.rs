//! DIH for n, m, r, and DIH against the rounds as a line.

use engine::lab::dih::Distribution;
use yew::prelude::*;

use super::{arranged, use_lab_view, DihParams, LabView};
use crate::components::chart::{log_scale, sig, today, ChartRows, ChartText, Export, LineChart};
use crate::components::info::Info;
use crate::components::task::task_status;
use crate::i18n::use_strings;
use crate::i18n::{Strings, Unit};
use crate::web::input_value;
use crate::worker::{use_task, Answer, Job, LabJob, LabResult, Quantity, Task, TaskHandle};

#[derive(Properties, PartialEq)]
pub struct DihSectionProps {
    /// The per-round score distribution, as typed (`score:p,…`).
    pub distribution: UseStateHandle<String>,
    pub params: UseStateHandle<DihParams>,
}

/// The rounds the curve runs to: to m at least, and far enough to show
/// its shape.
fn curve_rounds(m: u32) -> u32 {
    (m * 2).clamp(10, 60).max(m)
}

/// The distribution and n, m, r as set, DIH for them and its curve.
#[component]
pub fn DihSection(props: &DihSectionProps) -> Html {
    let t = use_strings();
    let view = use_lab_view();
    let text = (*props.distribution).clone();
    let params = *props.params;
    let curve = use_curve(&text, params);
    let parsed = Distribution::parse(&text);
    let on_dist = {
        let distribution = props.distribution.clone();
        Callback::from(move |e: Event| {
            if let Some(v) = input_value(&e) {
                distribution.set(v);
            }
        })
    };
    let view_html = match (curve.task(), &parsed) {
        (_, Err(e)) => {
            html! { <p class="error" id="dih-error" role="alert">{ t.dih_bad_dist }{ t.distribution_error(e) }</p> }
        }
        (Task::Done(values), Ok(_)) => dih_curve(t, &view, values, &text, params),
        (other, Ok(_)) => task_status(other, "dih", Unit::Rounds, curve.on_cancel()),
    };
    let drawn = matches!(curve.task(), Task::Done(_));
    let controls = html! {
        <>
            <h2 id="lab-dih-title">{ t.dih_title }<Info term="dih" at="dih" /></h2>
            <p class="note">{ t.dih_explain }</p>
            <div class="lab-controls">
                <span class="field wide"><label for="dih-dist">{ t.dih_dist }</label>
                    <input id="dih-dist" value={ text.clone() } onchange={on_dist} spellcheck="false" /></span>
                { param_input(&props.params, "dih-n", "n", Quantity::Players, |p| &mut p.players) }
                { param_input(&props.params, "dih-m", "m", Quantity::Rounds, |p| &mut p.rounds) }
                { param_input(&props.params, "dih-r", "r", Quantity::Top, |p| &mut p.top) }
                <Info term="nmr" at="dih" />
            </div>
        </>
    };
    html! {
        <section class="lab-section" aria-labelledby="lab-dih-title">
            { arranged(&view, t, drawn, controls, view_html) }
        </section>
    }
}

/// DIH against the rounds, up to [`curve_rounds`], worked out afresh
/// whenever the distribution (once it reads) or n, m, r change.
#[hook]
fn use_curve(text: &str, params: DihParams) -> TaskHandle<Vec<f64>> {
    let curve = use_task(|answer| match answer {
        Answer::Lab(LabResult::DihCurve(v)) => Some(v),
        _ => None,
    });
    {
        let curve = curve.clone();
        use_effect_with((text.to_string(), params), move |(text, p)| {
            if let Ok(d) = Distribution::parse(text) {
                curve.run(Job::Lab(LabJob::DihCurve {
                    points: d.points().to_vec(),
                    players: p.players,
                    top: p.top,
                    max_rounds: curve_rounds(p.rounds),
                }));
            }
        });
    }
    curve
}

/// One of n, m, r: a number box, each number kept within its range (the
/// box says it too).
fn param_input(
    params: &UseStateHandle<DihParams>,
    id: &'static str,
    label: &'static str,
    what: Quantity,
    field: fn(&mut DihParams) -> &mut u32,
) -> Html {
    let (min, max) = what.range();
    let onchange = {
        let handle = params.clone();
        Callback::from(move |e: Event| {
            if let Some(v) = input_value(&e).and_then(|v| v.trim().parse::<u32>().ok()) {
                let mut next = *handle;
                *field(&mut next) = v.clamp(min as u32, max as u32);
                handle.set(next);
            }
        })
    };
    let mut current = **params;
    let value = *field(&mut current);
    let (min, max) = (min.to_string(), max.to_string());
    html! {
        <span class="field"><label for={id}>{ label }</label>
            <input {id} type="number" {min} {max} value={ value.to_string() } {onchange} /></span>
    }
}

/// DIH at m (unless presenting) and the curve, m marked on it.
fn dih_curve(t: &Strings, view: &LabView, values: &[f64], text: &str, params: DihParams) -> Html {
    let value = values.get(params.rounds as usize - 1).copied().unwrap_or(0.0);
    let xs: Vec<f64> = (1..=values.len()).map(|m| m as f64).collect();
    let table = ChartRows {
        header: vec!["m".into(), "dih".into()],
        rows: values
            .iter()
            .enumerate()
            .map(|(i, v)| vec![(i + 1).to_string(), format!("{v:e}")])
            .collect(),
    };
    let words = &view.words;
    let date = today();
    let chart = ChartText {
        title: words.word(|l| l.dih_title),
        x_label: words.word(|l| l.dih_x),
        y_label: "DIH".into(),
        subtitle: words.say(|l| (l.n_dih)(params.players, params.top, log_scale(values))),
        caption: words.say(|l| {
            (l.caption_dih)(
                l.dih_title,
                text.trim(),
                params.players,
                params.rounds,
                params.top,
                &date,
            )
        }),
    };
    let value_line = html! {
        <p class="dih-value">{ format!("DIH(n = {}, m = {}, r = {}) = ", params.players, params.rounds, params.top) }<strong id="dih-value" data-value={ value.to_string() }>{ sig(value, 4) }</strong>
            <span class="note">{ " " }{ t.lab.dih_exact }</span></p>
    };
    html! {
        <>
            if !view.present { { value_line } }
            <figure class="slide">
                <LineChart id="chart-dih" text={ chart.clone() } n={ u64::from(params.players) } xs={xs} ys={values.to_vec()} mark={ Some(params.rounds as usize - 1) } />
                <Export id="chart-dih" table={table} caption={ chart.caption } />
            </figure>
        </>
    }
}

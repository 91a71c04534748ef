//! The built-in library ranked by DIH, or by distance to a GDI centre.

use yew::prelude::*;

use super::{arranged, parse_centre, use_lab_view, DihParams, LabView, DEFAULT_CENTRE};
use crate::components::chart::{percent, sig, today, BarChart, ChartRows, ChartText, Export};
use crate::components::info::Info;
use crate::components::task::task_status;
use crate::i18n::lab::ChartWords;
use crate::i18n::use_strings;
use crate::i18n::Unit;
use crate::web::input_value;
use crate::worker::{use_task, Answer, Job, LabJob, LabResult, RankedDeal, Task, CHARTED};

#[derive(Properties, PartialEq)]
pub struct RankSectionProps {
    /// DIH's n, m, r, as set in the DIH section.
    pub params: DihParams,
    /// Presentation mode, kept by the links that open a deal.
    pub present: bool,
}

/// A column of the table, and whether it sorts descending.
type Sort = (Option<usize>, bool);

#[component]
pub fn RankSection(props: &RankSectionProps) -> Html {
    let t = use_strings();
    let view = use_lab_view();
    let rank = use_task(|answer| match answer {
        Answer::Lab(LabResult::Rank { deals, panel, rows, .. }) => Some(Library { deals, panel, rows }),
        _ => None,
    });
    // The n, m, r the shown ranking was made with (for its caption).
    let ranked_with = use_state(|| props.params);
    let centre_text = use_state(String::new);
    let by_distance = !centre_text.trim().is_empty();
    let centre = parse_centre(&centre_text);
    let sort = use_state(|| (None, false) as Sort);
    let on_rank = {
        let (rank, params, centre, ranked_with) = (rank.clone(), props.params, centre.clone(), ranked_with.clone());
        Callback::from(move |_: MouseEvent| {
            ranked_with.set(params);
            rank.run(Job::Lab(LabJob::Rank {
                players: params.players,
                rounds: params.rounds,
                top: params.top,
                centre: if by_distance { centre.clone().ok() } else { None },
            }))
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
    let drawn = matches!(rank.task(), Task::Done(_));
    let result = match rank.task() {
        Task::Done(library) => ranking(t, &view, library, *ranked_with, by_distance, &sort, props.present),
        other => task_status(other, "rank", Unit::Deals, rank.on_cancel()),
    };
    let controls = html! {
        <>
            <h2 id="lab-rank-title">{ t.rank_title }</h2>
            <p class="note">{ t.rank_explain }</p>
            <div class="lab-controls">
                <span class="field wide"><label for="rank-centre">{ t.rank_centre }<Info term="centre" at="rank" /></label>
                    <input id="rank-centre" value={ (*centre_text).clone() } onchange={on_centre} placeholder={ DEFAULT_CENTRE } /></span>
                <button type="button" class="primary" id="rank-run" onclick={on_rank}
                    disabled={ by_distance && centre.is_err() }>{ t.rank_run }</button>
            </div>
            if let (true, Err(e)) = (by_distance, &centre) {
                <p class="error" role="alert" id="rank-centre-error">{ t.centre_error(e) }</p>
            }
        </>
    };
    html! {
        <section class="lab-section" aria-labelledby="lab-rank-title">
            { arranged(&view, t, drawn, controls, result) }
        </section>
    }
}

/// The ranked library, as the worker sent it.
#[derive(Clone, Debug, PartialEq)]
pub struct Library {
    deals: usize,
    panel: String,
    rows: Vec<RankedDeal>,
}

/// The chart of the first deals and the sortable table.
fn ranking(
    t: &crate::i18n::Strings,
    view: &LabView,
    library: &Library,
    params: DihParams,
    by_distance: bool,
    sort: &UseStateHandle<Sort>,
    present: bool,
) -> Html {
    let (deals, rows) = (library.deals, &library.rows);
    let shown = sorted(rows, **sort);
    let header = |i: usize, label: &'static str| sort_header(sort, i, label);
    let body = shown.iter().map(|r| rank_row(t, r, present));
    let Charted {
        labels,
        values,
        intervals,
    } = charted(rows, by_distance);
    let text = rank_text(
        &view.words,
        library,
        params,
        by_distance,
        labels.len(),
        intervals.is_some(),
    );
    html! {
        <>
            <p class="note" id="rank-count">{ (t.rank_count)(rows.len(), deals) }</p>
            <figure class="slide">
                <BarChart id="chart-rank" text={ text.clone() } n={ deals as u64 } labels={labels} values={values} {intervals} />
                <Export id="chart-rank" table={ rank_table(rows) } caption={ text.caption } />
            </figure>
            <div class="table-wrap">
                <table class="rank" id="rank-table">
                    <thead><tr>{ header(0, t.rank_seed) }{ header(1, "DIH") }{ header(2, t.rank_distance) }{ header(3, "GDI") }{ header(4, t.lab.par_col) }</tr></thead>
                    <tbody>{ for body }</tbody>
                </table>
            </div>
        </>
    }
}

/// The rows the table shows: sorted as a whole, then the first 200.
fn sorted(rows: &[RankedDeal], sort: Sort) -> Vec<&RankedDeal> {
    let mut shown: Vec<&RankedDeal> = rows.iter().collect();
    if let (Some(col), descending) = sort {
        let key = |r: &RankedDeal| -> f64 {
            match col {
                0 => r.seed as f64,
                1 => r.dih,
                2 => r.distance.unwrap_or(0.0),
                3 => r.gdi.len() as f64,
                // By the gap to a proven par; unproven deals last.
                _ => r.gap.unwrap_or(-1.0),
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
    shown.truncate(200);
    shown
}

/// A column's header, which sorts the table by it (a second click turns
/// the order round), marked with the order it sorts in.
fn sort_header(sort: &UseStateHandle<Sort>, i: usize, label: &'static str) -> Html {
    let handle = sort.clone();
    let onclick = Callback::from(move |_: MouseEvent| {
        let (col, desc) = *handle;
        handle.set((Some(i), if col == Some(i) { !desc } else { i == 1 || i == 4 }));
    });
    let (mark, aria) = match **sort {
        (Some(c), true) if c == i => (" ▼", "descending"),
        (Some(c), false) if c == i => (" ▲", "ascending"),
        _ => ("", "none"),
    };
    html! { <th aria-sort={aria}><button type="button" class="sort" data-col={ i.to_string() } {onclick}>{ label }{ mark }</button></th> }
}

/// A deal's row of the table; a click opens the deal at the top of the page.
fn rank_row(t: &crate::i18n::Strings, r: &RankedDeal, present: bool) -> Html {
    let open = super::open_deal(r.seed, present);
    let par_word = match r.par {
        Some(p) if p.exact && p.winner == engine::Team::Landlord => t.lab.par_landlord,
        Some(p) if p.exact => t.lab.par_farmers,
        Some(_) => t.lab.par_unproven,
        None => "—",
    };
    html! {
        <tr data-seed={ r.seed.to_string() } data-dih={ r.dih.to_string() } onclick={open} tabindex="0">
            <td>{ r.seed }</td>
            <td>{ sig(r.dih, 3) }</td>
            <td>{ r.distance.map(|d| format!("{d:.3}")).unwrap_or_else(|| "—".into()) }</td>
            <td>{ r.gdi.iter().map(|g| format!("{g:.2}")).collect::<Vec<_>>().join(" ") }</td>
            <td class="par" data-gap={ r.gap.map(|g| g.to_string()) }>{ par_word }{ r.gap.map(|g| format!(" · {}", percent(g))).unwrap_or_default() }</td>
        </tr>
    }
}

/// The chart's bars: the first deals' seeds and values (DIH, or distance
/// to the centre), and, by DIH, each bar's interval from the deal's games.
struct Charted {
    labels: Vec<String>,
    values: Vec<f64>,
    intervals: Option<Vec<(f64, f64)>>,
}

/// The bars of the first deals, as [`Charted`] says.
fn charted(rows: &[RankedDeal], by_distance: bool) -> Charted {
    let (labels, values): (Vec<String>, Vec<f64>) = rows
        .iter()
        .take(CHARTED)
        .map(|r| {
            (
                r.seed.to_string(),
                if by_distance { r.distance.unwrap_or(0.0) } else { r.dih },
            )
        })
        .unzip();
    let intervals = (!by_distance)
        .then(|| {
            rows.iter()
                .take(CHARTED)
                .map(|r| r.dih_interval)
                .collect::<Option<Vec<_>>>()
        })
        .flatten();
    Charted {
        labels,
        values,
        intervals,
    }
}

/// The ranking as the chart's export gives it: every deal, full precision.
fn rank_table(rows: &[RankedDeal]) -> ChartRows {
    ChartRows {
        header: vec![
            "seed".into(),
            "dih".into(),
            "distance".into(),
            "gdi".into(),
            "par".into(),
            "gap".into(),
            "dih_low".into(),
            "dih_high".into(),
        ],
        rows: rows
            .iter()
            .map(|r| {
                vec![
                    r.seed.to_string(),
                    format!("{:.6}", r.dih),
                    r.distance.map(|d| format!("{d:.4}")).unwrap_or_default(),
                    r.gdi.iter().map(|g| format!("{g:.4}")).collect::<Vec<_>>().join(" "),
                    match r.par {
                        Some(p) if p.exact => p.winner.name().to_string(),
                        _ => String::new(),
                    },
                    r.gap.map(|g| format!("{g:.4}")).unwrap_or_default(),
                    r.dih_interval.map(|(lo, _)| format!("{lo:.6}")).unwrap_or_default(),
                    r.dih_interval.map(|(_, hi)| format!("{hi:.6}")).unwrap_or_default(),
                ]
            })
            .collect(),
    }
}

/// The chart's title, axes, n and caption (what was ranked, with what).
fn rank_text(
    words: &ChartWords,
    library: &Library,
    params: DihParams,
    by_distance: bool,
    charted: usize,
    with_intervals: bool,
) -> ChartText {
    let deals = library.deals;
    // Games per deal in the library: its tables × games per table.
    let per_deal = library.rows.first().map_or(0, |r| r.counts.iter().sum::<u64>());
    let title = |l: &crate::i18n::lab::LabStrings| {
        if by_distance {
            l.rank_near_title
        } else {
            l.rank_dih_title
        }
    };
    let date = today();
    ChartText {
        title: words.word(title),
        x_label: words.word(|l| l.rank_x),
        y_label: if by_distance {
            words.word(|l| l.rank_distance_y)
        } else {
            "DIH".into()
        },
        subtitle: words.say(|l| (l.n_library)(deals, charted, per_deal, with_intervals)),
        caption: words.say(|l| {
            (l.caption_library)(
                title(l),
                deals,
                (l.panel_name)(&library.panel),
                per_deal,
                (params.players, params.rounds, params.top),
                &date,
            )
        }),
    }
}

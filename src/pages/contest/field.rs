//! How a board went against the field: the AI field's scores on the same
//! board from the same seat as a histogram with the entrant's score
//! marked, the share of the field beaten, the board's par. Worked out in
//! the background ([`super::reports`]) and kept in the entry.

use engine::contest::{Board, Event, Field};
use engine::lab::par::Par;
use engine::Team;
use yew::prelude::*;

use super::reports::Reports;
use crate::components::chart::{BarChart, ChartText};
use crate::components::task::task_status;
use crate::game::entry::Entry;
use crate::i18n::Unit;
use crate::i18n::{use_strings, Strings};
use crate::worker::Task;

#[derive(Properties, PartialEq)]
pub struct FieldPanelProps {
    pub event: Event,
    pub board: Board,
    /// The entrant's score on it.
    pub score: i64,
}

#[component]
pub fn FieldPanel(props: &FieldPanelProps) -> Html {
    let t = use_strings();
    let reports = use_context::<Reports>();
    let k = usize::from(props.board.number) - 1;
    let stored = use_memo((props.event.clone(), props.board), move |(event, _)| {
        Entry::load(event)
            .ok()
            .flatten()
            .and_then(|e| e.reports.get(k).cloned().flatten())
    });
    let report = (*stored)
        .clone()
        .or_else(|| reports.as_ref().and_then(|r| r.get(&props.board)));
    let job = reports.as_ref().and_then(|r| r.job(&props.board));
    let status = match (job, &reports) {
        (Some(task), Some(r)) => task_status(task, "contest-field", Unit::Games, r.on_cancel.clone()),
        _ => html! {},
    };
    html! {
        <section class="field" id="contest-field">
            if let Some(report) = report {
                { field_view(t, &props.event, &props.board, props.score, &report.field) }
                { par_line(t, &report.par) }
            } else {
                { status }
                if !matches!(job, Some(Task::Failed(_) | Task::Cancelled)) {
                    <p class="note">{ t.contest.field_working }</p>
                }
            }
        </section>
    }
}

/// The share of the field beaten, ties half: `62%`.
pub fn beaten_text(share: f64) -> String {
    format!("{:.0}%", 100.0 * share)
}

fn field_view(t: &Strings, event: &Event, board: &Board, score: i64, field: &Field) -> Html {
    let games = field.games();
    let values: Vec<f64> = field.counts.iter().map(|&c| c as f64 / games.max(1) as f64).collect();
    let labels: Vec<String> = field.scores.iter().map(|s| format!("{s:+}")).collect();
    let marked = field
        .scores
        .iter()
        .position(|&s| s == score)
        .map(|i| (i, t.contest.you.to_string()));
    let beaten = field.beaten(score);
    let text = ChartText {
        title: (t.contest.field_title)(board.number),
        x_label: t.contest.field_x.to_string(),
        y_label: t.contest.field_y.to_string(),
        subtitle: (t.contest.field_subtitle)(games),
        caption: (t.contest.field_caption)(board.seed, &super::words::opponents(t, event)),
    };
    html! {
        <>
            <p class="beaten" id="contest-beaten" data-beaten={ beaten.to_string() }>
                { (t.contest.beaten)(&beaten_text(beaten), score) }
            </p>
            <BarChart id={ format!("contest-field-{}", board.number) } {text} n={games} {labels} {values} percent=true {marked} />
        </>
    }
}

fn par_line(t: &Strings, par: &Par) -> Html {
    let first = par.first.map(|m| t.move_words(m)).unwrap_or_default();
    html! {
        <p class="par" id="contest-par" data-winner={ par.winner.name() } data-exact={ par.exact.to_string() }>
            { (t.contest.par_line)(par.winner == Team::Landlord, par.exact, &first) }
        </p>
    }
}

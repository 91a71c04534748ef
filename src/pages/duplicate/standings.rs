//! The session's standings: one row per chair of every table, best first,
//! a column per board with the score and place where it is shown, and the
//! line saying which boards are shown and why.

use engine::table::duplicate::{Cell, Entry, Looker, SessionView};
use yew::prelude::*;

use crate::i18n::Strings;

/// A board's cell: score and place, blank where not shown.
fn cell(t: &Strings, k: usize, c: Option<&Cell>) -> Html {
    let board = (k + 1).to_string();
    let Some(c) = c else {
        return html! { <td class="num" data-board={ board }></td> };
    };
    let title = (t.duplicate.cell)(k as u32 + 1, c.score, c.place, c.points);
    html! {
        <td class="num" data-board={ board } {title}>{ format!("{:+}", c.score) }<sub>{ c.place }</sub></td>
    }
}

fn row(t: &Strings, e: &Entry) -> Html {
    let name = e
        .entrant
        .as_ref()
        .map_or(t.table.empty_chair.to_string(), |who| who.name.clone());
    let ai = e.entrant.as_ref().is_some_and(|who| who.ai);
    html! {
        <tr data-name={ name.clone() } data-table={ e.table.to_string() } data-place={ e.place.to_string() } data-points={ e.rank_points.to_string() }>
            <td class="num">{ e.place }</td>
            <th scope="row">{ name }if ai { { " " }<span class="ai-mark">{ t.table.ai_player }</span> }</th>
            <td class="num">{ e.table }</td>
            <td class="num">{ e.chair.index() + 1 }</td>
            <td class="num">{ e.rank_points }</td>
            <td class="num">{ format!("{:+}", e.score) }</td>
            { for e.boards.iter().enumerate().map(|(k, c)| cell(t, k, c.as_ref())) }
        </tr>
    }
}

/// Which boards are shown to this looker, why, and each board's progress.
fn shown_line(t: &Strings, s: &SessionView) -> Html {
    let v = &s.standings;
    let why = match s.looker {
        Looker::Organiser => t.duplicate.shown_organiser.to_string(),
        Looker::Table(n) => (t.duplicate.shown_table)(n),
        Looker::Public => t.duplicate.shown_public.to_string(),
    };
    let shown: Vec<String> = v.shown.iter().map(u32::to_string).collect();
    let list_text = if shown.is_empty() {
        t.duplicate.none_shown.to_string()
    } else {
        (t.duplicate.shown_list)(&shown.join(t.duplicate.and))
    };
    let tables = v.shape.tables();
    let progress = if v.over {
        t.duplicate.over.to_string()
    } else {
        let each = v.finished.iter().zip(1..);
        let each = each
            .map(|(&done, k)| (t.duplicate.progress)(k, done, tables))
            .collect::<Vec<_>>()
            .join(" · ");
        format!("{}{each}", t.duplicate.progress_head)
    };
    html! {
        <>
            <p class="note" id="duplicate-shown" data-shown={ shown.join(",") }>{ why }{ " " }{ list_text }</p>
            <p class="note" id="duplicate-progress">{ progress }</p>
        </>
    }
}

/// The standings of session `s`.
pub fn standings(t: &Strings, s: &SessionView) -> Html {
    let boards = s.standings.shape.boards();
    html! {
        <section class="standings" id="duplicate-standings">
            <h2>{ t.duplicate.standings }</h2>
            { shown_line(t, s) }
            <div class="scroll">
                <table id="duplicate-standings-table">
                    <thead><tr>
                        { for t.duplicate.heads.iter().map(|h| html! { <th>{ *h }</th> }) }
                        { for (1..=boards).map(|k| html! { <th>{ (t.duplicate.board_short)(k) }</th> }) }
                    </tr></thead>
                    <tbody>{ for s.standings.entries.iter().map(|e| row(t, e)) }</tbody>
                </table>
            </div>
        </section>
    }
}

//! The session's standings: one row per chair of every table, best first,
//! a column per board with the score and place where it is shown, and the
//! line saying which boards are shown and why.

use serde_json::Value as J;
use yew::prelude::*;

use super::api::{is_organiser, list, looker_table, num};
use crate::i18n::Strings;

/// A board's cell: score and place, blank where not shown.
fn cell(t: &Strings, k: usize, c: &J) -> Html {
    let board = (k + 1).to_string();
    if c.is_null() {
        return html! { <td class="num" data-board={ board }></td> };
    }
    let (score, place) = (num(c, "score"), num(c, "place"));
    html! {
        <td class="num" data-board={ board } title={ (t.duplicate.cell)(k as i64 + 1, score, place, num(c, "points")) }>
            { format!("{score:+}") }<sub>{ place }</sub>
        </td>
    }
}

fn row(t: &Strings, e: &J) -> Html {
    let who = &e["entrant"];
    let name = who["name"].as_str().unwrap_or(t.table.empty_chair).to_string();
    html! {
        <tr data-name={ name.clone() } data-table={ num(e, "table").to_string() } data-place={ num(e, "place").to_string() } data-points={ num(e, "rank_points").to_string() }>
            <td class="num">{ num(e, "place") }</td>
            <th scope="row">{ name }if who["ai"] == true { { " " }<span class="ai-mark">{ t.table.ai_player }</span> }</th>
            <td class="num">{ num(e, "table") }</td>
            <td class="num">{ num(e, "chair") + 1 }</td>
            <td class="num">{ num(e, "rank_points") }</td>
            <td class="num">{ format!("{:+}", num(e, "score")) }</td>
            { for list(e, "boards").iter().enumerate().map(|(k, c)| cell(t, k, c)) }
        </tr>
    }
}

/// Which boards are shown to this looker, why, and each board's progress.
fn shown_line(t: &Strings, s: &J, v: &J) -> Html {
    let why = match (is_organiser(s), looker_table(s)) {
        (true, _) => t.duplicate.shown_organiser.to_string(),
        (_, Some(n)) => (t.duplicate.shown_table)(n),
        _ => t.duplicate.shown_public.to_string(),
    };
    let shown: Vec<String> = list(v, "shown").iter().map(|k| k.to_string()).collect();
    let list_text = if shown.is_empty() {
        t.duplicate.none_shown.to_string()
    } else {
        (t.duplicate.shown_list)(&shown.join(t.duplicate.and))
    };
    let tables = num(&v["shape"], "tables");
    let progress = if v["over"] == true {
        t.duplicate.over.to_string()
    } else {
        let each = list(v, "finished").iter().enumerate();
        let each = each
            .map(|(k, done)| (t.duplicate.progress)(k as i64 + 1, done.as_i64().unwrap_or(0), tables))
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
pub fn standings(t: &Strings, s: &J) -> Html {
    let v = &s["standings"];
    let boards = num(&v["shape"], "boards");
    html! {
        <section class="standings" id="duplicate-standings">
            <h2>{ t.duplicate.standings }</h2>
            { shown_line(t, s, v) }
            <div class="scroll">
                <table id="duplicate-standings-table">
                    <thead><tr>
                        { for t.duplicate.heads.iter().map(|h| html! { <th>{ *h }</th> }) }
                        { for (1..=boards).map(|k| html! { <th>{ (t.duplicate.board_short)(k) }</th> }) }
                    </tr></thead>
                    <tbody>{ for list(v, "entries").iter().map(|e| row(t, e)) }</tbody>
                </table>
            </div>
        </section>
    }
}

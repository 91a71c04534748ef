//! The session's standings: one row per chair of every table, best first,
//! a column per board with the score and place where it is shown.

use std::rc::Rc;

use yew::prelude::*;

use super::api::Session;
use super::tables::shown_line;
use crate::i18n::use_strings;

#[derive(Properties, PartialEq)]
pub struct StandingsProps {
    pub session: Rc<Session>,
}

#[component]
pub fn Standings(props: &StandingsProps) -> Html {
    let t = use_strings();
    let s = &props.session;
    let boards = s.standings.shape.boards();
    let rows = s.standings.entries.iter().map(|e| {
        let (name, ai) = e
            .entrant
            .as_ref()
            .map_or((t.table.empty_chair.to_string(), false), |en| (en.name.clone(), en.ai));
        let cells = e.boards.iter().enumerate().map(|(k, cell)| match cell {
            Some(c) => html! {
                <td class="num" data-board={ (k + 1).to_string() } title={ (t.duplicate.cell)(k as u32 + 1, c.score, c.place, c.points) }>
                    { format!("{:+}", c.score) }<sub>{ c.place }</sub>
                </td>
            },
            None => html! { <td class="num" data-board={ (k + 1).to_string() }></td> },
        });
        html! {
            <tr data-name={ name.clone() } data-table={ e.table.to_string() } data-chair={ e.chair.to_string() }
                data-place={ e.place.to_string() } data-points={ e.rank_points.to_string() } data-score={ e.score.to_string() }>
                <td class="num">{ e.place }</td>
                <th scope="row">{ name }if ai { { " " }<span class="ai-mark">{ t.table.ai_player }</span> }</th>
                <td class="num">{ e.table }</td>
                <td class="num">{ e.chair.index() + 1 }</td>
                <td class="num">{ e.rank_points }</td>
                <td class="num">{ format!("{:+}", e.score) }</td>
                { for cells }
            </tr>
        }
    });
    html! {
        <section class="standings" id="duplicate-standings">
            <h2>{ t.duplicate.standings }</h2>
            { shown_line(t, s) }
            <div class="scroll">
                <table id="duplicate-standings-table">
                    <thead><tr>
                        <th>{ t.duplicate.place }</th><th>{ t.duplicate.name }</th><th>{ t.duplicate.table }</th>
                        <th>{ t.duplicate.chair }</th><th>{ t.duplicate.rank_points }</th><th>{ t.duplicate.score }</th>
                        { for (1..=boards).map(|k| html! { <th>{ (t.duplicate.board_short)(k) }</th> }) }
                    </tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
        </section>
    }
}

//! The panel at the end of a deal, and the record it downloads.

use yew::prelude::*;

use super::review::review_summary;
use super::state::{new_deal, Action, Review, State};
use crate::components::icon::icon;
use crate::components::table::view::{self, chair_name};
use crate::game::model::{Chair, Phase, PlayDeal};
use crate::i18n::Strings;

/// The deal's result over the table: who went out, the stakes, the points
/// and the session, and what to do next (another deal, the replay, the
/// review, the record to download).
pub(super) fn end_panel(
    t: &Strings,
    state: &UseReducerHandle<State>,
    totals: [i64; 3],
    start_review: &Callback<MouseEvent>,
) -> Html {
    let table = &state.table;
    let Phase::Over(outcome) = table.phase() else {
        return html! {};
    };
    let points = table.points().unwrap_or_default();
    let mine = points[Chair::Me.index()];
    let stakes = table.stakes_after(table.record().len());
    let landlord_score = outcome.score(table.setup().mode.scoring()) * i64::from(stakes.bid);
    let export = format!(
        "data:application/json;charset=utf-8,{}",
        String::from(js_sys::encode_uri_component(&record_json(table)))
    );
    let close = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::EndOpen(false)))
    };
    let replay = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::Replay(Some(0))))
    };
    html! {
        <div class={ classes!("end", if mine > 0 { "won" } else { "lost" }) } id="play-end" role="dialog" aria-labelledby="play-outcome"
            data-score={ landlord_score.to_string() } data-points={ mine.to_string() }>
            <button type="button" class="icon-button close" aria-label={ t.play.show_table } title={ t.play.show_table } onclick={close}>{ icon("close") }</button>
            <h2 id="play-outcome">{ if mine > 0 { t.play.you_won } else { t.play.you_lost } }</h2>
            <p id="play-score">
                { (t.play.went_out)(chair_name(t, table.chair_of(outcome.winner))) }
                if outcome.spring { { " · " }<strong>{ t.play.spring }</strong> }
                if outcome.anti_spring { { " · " }<strong>{ t.play.anti_spring }</strong> }
            </p>
            <p class="stakes-line">{ t.play.multiplier }{ format!(" ×{} ", stakes.multiplier()) }<span class="note">{ format!("({})", (t.play.stakes)(&stakes)) }</span></p>
            <table class="points">
                <thead><tr><th></th><th>{ t.play.result }</th><th>{ t.play.session }</th></tr></thead>
                <tbody>
                    { for Chair::ALL.iter().map(|&c| html! {
                        <tr class={ classes!((c == Chair::Me).then_some("me")) } data-chair={ c.name() }>
                            <th>{ chair_name(t, c) }{ table.seat_of(c).map(|s| format!(" · {}", view::role_name(t, s))).unwrap_or_default() }</th>
                            <td class={ if points[c.index()] > 0 { "up" } else { "down" } }>{ format!("{:+}", points[c.index()]) }</td>
                            <td>{ format!("{:+}", totals[c.index()]) }</td>
                        </tr>
                    }) }
                </tbody>
            </table>
            { review_summary(t, state) }
            <div class="end-actions">
                <button type="button" class="primary" id="end-next" onclick={ new_deal(state) }>{ t.play.next_deal }</button>
                <button type="button" id="end-replay" onclick={replay}>{ icon("replay") }{ t.play.replay }</button>
                if !matches!(state.review, Review::Running { .. }) {
                    <button type="button" id="end-review" onclick={ start_review.clone() }>{ t.play.review }</button>
                }
                <a id="play-export" href={export} download={ format!("ddz-{}.json", table.setup().seed) }>{ t.play.download }</a>
            </div>
        </div>
    }
}

/// The record as the CLI writes it, with what it was played under.
pub(super) fn record_json(table: &PlayDeal) -> String {
    let setup = table.setup();
    let moves: Vec<serde_json::Value> = table
        .record()
        .iter()
        .map(|t| serde_json::json!([t.seat.name(), t.mv.to_string()]))
        .collect();
    let landlord = table.landlord();
    serde_json::json!({
        "seed": setup.seed,
        "mode": setup.mode.name(),
        "deal": table.deal().map(|d| d.to_string()),
        "bids": table.bids().iter().map(|b| b.name()).collect::<Vec<_>>(),
        "you": table.seat_of(Chair::Me).map(|s| s.name()),
        "landlord": landlord.map(|c| c.name()),
        "record": moves,
        "score": match table.phase() {
            Phase::Over(o) => Some(o.score(setup.mode.scoring()) * i64::from(table.stakes_after(table.record().len()).bid)),
            _ => None,
        },
    })
    .to_string()
}

//! The replay of a finished deal and its open-hand review: the controls to
//! step through it, what each reviewed move did, and the mistakes.

use engine::Team;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::model::Chair;
use super::state::{Action, Review, State};
use super::view::chair_name;
use crate::components::icon::icon;
use crate::i18n::Strings;
use crate::worker::Verdict;

/// How a reviewed position stood for one side, in words.
fn standing(t: &Strings, verdict: Option<Verdict>, team: Team) -> &'static str {
    match verdict {
        None => t.play.not_reached,
        Some(v) => match (v.exact, v.winner == team) {
            (true, true) => t.play.wins,
            (true, false) => t.play.loses,
            (false, true) => t.play.likely_wins,
            (false, false) => t.play.likely_loses,
        },
    }
}

/// In the replay of a reviewed deal: what the move just shown did.
pub(super) fn review_note(t: &Strings, state: &State, step: usize) -> Html {
    match &state.review {
        Review::Running { done, total, .. } => {
            html! { <p class="advice" id="play-reviewing" role="status">{ (t.play.reviewing)(*done, *total) }</p> }
        }
        Review::Done(moves) if state.replay.is_some() && step > 0 => {
            let Some(m) = moves.get(step - 1) else { return html! {} };
            let team = m.seat.team();
            let who = chair_name(t, state.table.chair_of(m.seat));
            let text = (t.play.review_move)(who, standing(t, m.before, team), standing(t, m.after, team));
            let blunder = m.threw_away_a_win();
            let better = m.best.map(|best| t.move_words(best));
            html! {
                <p class={ classes!("advice", "review", blunder.then_some("blunder")) } id="play-review" data-blunder={ blunder.to_string() }>
                    { text }
                    if blunder {
                        <br /><strong>{ "✗ " }{ t.play.blunder }</strong>
                        if let Some(better) = better {
                            { " · " }{ (t.play.better)(&better) }
                        }
                    }
                </p>
            }
        }
        _ => html! {},
    }
}

/// The end panel's line about the review, and a way to its first mistake.
pub(super) fn review_summary(t: &Strings, state: &UseReducerHandle<State>) -> Html {
    let Review::Done(moves) = &state.review else {
        return html! {};
    };
    let me = state.table.seat_of(Chair::Me).map(|s| s.team());
    let mine = moves
        .iter()
        .filter(|m| m.threw_away_a_win() && Some(m.seat.team()) == me)
        .count();
    let theirs = moves
        .iter()
        .filter(|m| m.threw_away_a_win() && Some(m.seat.team()) != me)
        .count();
    let first = moves.iter().position(|m| m.threw_away_a_win());
    let to_first = first.map(|k| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::Replay(Some(k + 1))))
    });
    html! {
        <p class="review-summary" id="play-review-summary" data-mine={ mine.to_string() } data-theirs={ theirs.to_string() }>
            { (t.play.review_summary)(mine, theirs) }
            if let Some(onclick) = to_first {
                { " " }
                <button type="button" id="play-first-blunder" {onclick}>{ t.play.first_blunder }</button>
            }
        </p>
    }
}

/// The replay's controls, at move `k`: first, back, a slider, forward,
/// last, and the way out.
pub(super) fn replay_bar(t: &Strings, state: &UseReducerHandle<State>, k: usize) -> Html {
    let steps = state.table.record().len();
    let to = |k: usize| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::Replay(Some(k))))
    };
    let on_range = {
        let state = state.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(k) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
                .and_then(|i| i.value().parse::<usize>().ok())
            {
                state.dispatch(Action::Replay(Some(k)));
            }
        })
    };
    let leave = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::Replay(None)))
    };
    html! {
        <div class="actions replay" id="play-actions" data-for="replay" role="group" aria-label={ t.play.replay }>
            <button type="button" class="icon-button" id="replay-start" title={ t.play.to_start } aria-label={ t.play.to_start } onclick={ to(0) }>{ icon("first") }</button>
            <button type="button" class="icon-button" id="replay-back" title={ t.play.back } aria-label={ t.play.back } onclick={ to(k.saturating_sub(1)) }>{ icon("prev") }</button>
            <input type="range" id="replay-range" min="0" max={ steps.to_string() } value={ k.to_string() } aria-label={ t.play.jump_to } oninput={on_range} />
            <button type="button" class="icon-button" id="replay-next" title={ t.play.forward } aria-label={ t.play.forward } onclick={ to((k + 1).min(steps)) }>{ icon("next") }</button>
            <button type="button" class="icon-button" id="replay-end" title={ t.play.to_end } aria-label={ t.play.to_end } onclick={ to(steps) }>{ icon("last") }</button>
            <span id="replay-step" data-step={ k.to_string() }>{ (t.play.replay_step)(k, steps) }</span>
            <button type="button" id="replay-leave" onclick={leave}>{ t.play.leave_replay }</button>
        </div>
    }
}

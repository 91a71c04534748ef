//! The replay of a finished deal and its open-hand review: the controls to
//! step through it, what each reviewed move did, and every move that made
//! its side's verdict worse (a slip), with a better play.

use engine::{Move, Team};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::state::{Action, Review, State};
use crate::components::card::Hand;
use crate::components::icon::icon;
use crate::components::table::view::chair_name;
use crate::game::model::Chair;
use crate::i18n::Strings;
use crate::worker::{Slip, Verdict};

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

/// A slip's mark in the record: ✗ where the loss after it is proven, ?
/// where it is the solver's estimate.
pub(super) fn slip_mark(slip: Slip) -> &'static str {
    match slip {
        Slip::WinThrown | Slip::ChanceThrown => "✗",
        Slip::ProofLost | Slip::Worsened => "?",
    }
}

fn slip_index(slip: Slip) -> usize {
    match slip {
        Slip::WinThrown => 0,
        Slip::ChanceThrown => 1,
        Slip::ProofLost => 2,
        Slip::Worsened => 3,
    }
}

/// A slip in words: what it was.
pub(super) fn slip_words(t: &Strings, slip: Slip) -> &'static str {
    t.play.slips[slip_index(slip)]
}

/// In the replay of a reviewed deal: what the move just shown did, and
/// if it made its side's verdict worse, how, how sure the solver is, and
/// a better play, drawn on the table.
pub(super) fn review_note(t: &Strings, state: &State, step: usize) -> Html {
    match &state.review {
        Review::Running { done, total, .. } => {
            html! { <p class="advice" id="play-reviewing" role="status">{ (t.play.reviewing)(*done, *total) }</p> }
        }
        Review::Done(moves) if state.replay.is_some() && step > 0 => {
            let Some(m) = moves.get(step - 1) else { return html! {} };
            let team = m.seat.team();
            let who = chair_name(t, state.table.chair_of(m.seat));
            let slip = m.slip();
            let text = (t.play.review_move)(who, standing(t, m.before, team), standing(t, m.after, team));
            let better = slip.and(m.best).map(|best| {
                let label = if m.before.is_some_and(|v| v.exact) {
                    t.play.better
                } else {
                    t.play.better_guess
                };
                let play = match best {
                    Move::Play(p) => html! { <Hand cards={ p.cards() } label={ t.move_words(best) } /> },
                    Move::Pass => html! {},
                };
                let words = t.move_words(best);
                html! {
                    <p class="better" id="play-better" data-move={ best.to_string() } title={ words.clone() }>
                        { label }{ t.play.colon }{ play }
                        if matches!(best, Move::Pass) { { words } }
                    </p>
                }
            });
            html! {
                <div class={ classes!("advice", "review", slip.map(|_| "blunder")) } id="play-review"
                    data-blunder={ m.threw_away_a_win().to_string() } data-slip={ slip.map(|s| slip_index(s).to_string()).unwrap_or_default() }>
                    if let Some(slip) = slip {
                        <p><strong>{ slip_mark(slip) }{ " " }{ slip_words(t, slip) }</strong><span class="sure">{ " · " }{ t.play.slip_sure[slip_index(slip)] }</span></p>
                        { for better }
                    } else {
                        <p>{ text }</p>
                    }
                </div>
            }
        }
        _ => html! {},
    }
}

/// The end panel's line about the review: each side's slips, and a way to
/// each of the user's side's, and to the first thrown win.
pub(super) fn review_summary(t: &Strings, state: &UseReducerHandle<State>) -> Html {
    let Review::Done(moves) = &state.review else {
        return html! {};
    };
    let me = state.table.seat_of(Chair::Me).map(|s| s.team());
    let count = |mine: bool, thrown: bool| {
        moves
            .iter()
            .filter(|m| (Some(m.seat.team()) == me) == mine)
            .filter(|m| {
                if thrown {
                    m.threw_away_a_win()
                } else {
                    m.slip().is_some()
                }
            })
            .count()
    };
    let jump = |k: usize| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::Replay(Some(k + 1))))
    };
    let first = moves.iter().position(|m| m.threw_away_a_win());
    let mine = moves.iter().enumerate().filter_map(|(k, m)| {
        let slip = m.slip().filter(|_| Some(m.seat.team()) == me)?;
        let current = state.replay == Some(k + 1);
        Some(html! {
            <button type="button" class={ classes!("slip", current.then_some("current")) } data-step={ (k + 1).to_string() }
                title={ slip_words(t, slip) } onclick={ jump(k) }>{ (t.play.move_number)(k + 1) }{ " " }{ slip_mark(slip) }</button>
        })
    });
    html! {
        <div class="review-summary" id="play-review-summary" data-mine={ count(true, true).to_string() } data-theirs={ count(false, true).to_string() }
            data-mine-slips={ count(true, false).to_string() } data-theirs-slips={ count(false, false).to_string() }>
            <p><span class="summary-text">{ (t.play.review_summary)(count(true, false), count(true, true), count(false, false), count(false, true)) }</span>
            if let Some(k) = first {
                { " " }
                <button type="button" id="play-first-blunder" onclick={ jump(k) }>{ t.play.first_blunder }</button>
            }
            </p>
            <p class="slips">{ for mine }</p>
        </div>
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

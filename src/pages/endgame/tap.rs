//! Playing on the board by tapping cards, as at the Play page's table: the
//! side to move's hand is the Play page's hand component (tap, swipe or
//! keyboard picks cards), 出牌 plays the cards picked when they make a
//! legal play (a button per reading when they read several ways), 不出
//! passes. The verdict list stays the other way to play.

use engine::solver::Position;
use engine::{Move, Play};
use yew::prelude::*;

use super::state::{Action, State};
use crate::components::table::TapHand;
use crate::game::model::{selection_against, Selection};
use crate::i18n::Strings;
use crate::suits::Face;

/// What the tapped cards make here: the legal plays among their readings,
/// or why there are none.
fn tapped(state: &State) -> Selection {
    let position = state.board.position();
    match selection_against(position.to_beat().map(|(_, p)| p), state.selected.cards()) {
        Selection::Plays(plays) => legal_readings(&position, plays),
        other => other,
    }
}

fn legal_readings(position: &Position, plays: Vec<Play>) -> Selection {
    let legal: Vec<Play> = plays
        .into_iter()
        .filter(|&p| position.is_legal(Move::Play(p)))
        .collect();
    if legal.is_empty() {
        Selection::NotACombination
    } else {
        Selection::Plays(legal)
    }
}

/// The one play the tapped cards make, if they make exactly one: the
/// board previews it.
pub(super) fn tapped_play(state: &State) -> Option<Move> {
    match tapped(state) {
        Selection::Plays(plays) if plays.len() == 1 => Some(Move::Play(plays[0])),
        _ => None,
    }
}

/// The side to move's hand to tap, and its buttons.
pub(super) fn tap_hand(t: &Strings, state: &UseReducerHandle<State>) -> Html {
    let position = state.board.position();
    let seat = position.to_move();
    let verdict = tapped(state);
    let play = |mv: Move| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::Play(mv)))
    };
    let on_toggle = {
        let state = state.clone();
        Callback::from(move |(face, to): (Face, Option<bool>)| state.dispatch(Action::Toggle(face, to)))
    };
    let can_pass = position.is_legal(Move::Pass);
    let mut moves = Vec::new();
    position.moves(&mut moves);
    let can_beat = moves.iter().any(|m| m.play().is_some());
    let pass_label = if can_beat { t.play.pass } else { t.play.cannot_beat };
    let buttons = match &verdict {
        Selection::Plays(plays) if plays.len() > 1 => html! {
            <span class="readings" id="eg-readings">
                <span>{ t.play.which_reading }</span>
                { for plays.iter().map(|&p| html! {
                    <button type="button" class="reading primary" data-play={ p.to_string() } onclick={ play(Move::Play(p)) }>{ t.play_words(p) }</button>
                }) }
            </span>
        },
        _ => {
            let one = tapped_play(state);
            html! {
                <button type="button" id="eg-play" class="primary" disabled={ one.is_none() }
                    onclick={ one.map(play).unwrap_or_default() }>{ t.play.play }</button>
            }
        }
    };
    let why = match &verdict {
        Selection::NotACombination => Some(t.play.not_a_combination.to_string()),
        Selection::DoesNotBeat(target) => Some((t.play.does_not_beat)(&t.play_words(*target))),
        _ => None,
    };
    html! {
        <div class="tap" id="eg-tap">
            <TapHand id="eg-hand" label={ AttrValue::from(t.seat(seat)) } hand={ state.mover_faces() } selected={ state.selected }
                selectable=true marked={ crate::suits::Faces::EMPTY } {on_toggle} />
            <div class="tap-actions" id="eg-actions">
                if can_pass {
                    <button type="button" id="eg-pass" class={ classes!((!can_beat).then_some("primary")) } onclick={ play(Move::Pass) }>{ pass_label }</button>
                }
                { buttons }
            </div>
            if let Some(why) = why {
                <p class="why" id="eg-why" role="status">{ why }</p>
            }
        </div>
    }
}

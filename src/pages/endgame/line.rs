//! The lines: the stepper (back and forth through the moves on the
//! board, as the arrow, Home and End keys do), the moves made as a table
//! of turns with the board's move marked, one cell per move to jump to,
//! and the best line from the position on the board, whose moves are
//! clickable too: a click loads the line onto the board and shows the
//! position after that move.

use engine::Move;
use yew::prelude::*;

use super::state::{play_faces, Action, Analysis, State};
use crate::components::icon::icon;
use crate::components::line::LineTable;
use crate::i18n::Strings;

/// Back and forth through the moves on the board.
pub(super) fn stepper(t: &Strings, state: &UseReducerHandle<State>) -> Html {
    let (k, n) = (state.board.cursor, state.board.line.len());
    let to = |k: usize| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::To(k)))
    };
    html! {
        <div class="replay stepper" role="group" aria-label={ t.eg.position_label }>
            <button type="button" class="icon-button" id="eg-start" title={ t.eg.start_over } aria-label={ t.eg.start_over } disabled={ k == 0 } onclick={ to(0) }>{ icon("first") }</button>
            <button type="button" class="icon-button" id="eg-undo" title={ t.play.back } aria-label={ t.play.back } disabled={ k == 0 } onclick={ to(k.saturating_sub(1)) }>{ icon("prev") }</button>
            <span id="eg-step" data-step={ k.to_string() }>{ (t.play.replay_step)(k, n) }</span>
            <button type="button" class="icon-button" id="eg-redo" title={ t.play.forward } aria-label={ t.play.forward } disabled={ k >= n } onclick={ to(k + 1) }>{ icon("next") }</button>
            <button type="button" class="icon-button" id="eg-end" title={ t.play.to_end } aria-label={ t.play.to_end } disabled={ k >= n } onclick={ to(n) }>{ icon("last") }</button>
        </div>
    }
}

/// The moves made on the board, the one shown marked.
pub(super) fn record(t: &Strings, state: &UseReducerHandle<State>) -> Html {
    let board = &state.board;
    if board.line.is_empty() {
        return html! {};
    }
    let on_jump = {
        let state = state.clone();
        Callback::from(move |k: usize| state.dispatch(Action::To(k)))
    };
    html! {
        <div class="record">
            <h2>{ t.eg.record_title }</h2>
            <LineTable id="eg-record" seats={ board.start.seats() } first={ board.start.to_move() }
                answering={ board.start.to_beat().map(|(by, _)| by) } moves={ board.line.clone() }
                faces={ board.line_faces() } current={ board.cursor } on_jump={ Some(on_jump) } />
        </div>
    }
}

/// The best line from the position on the board, each move a jump.
pub(super) fn best_line(t: &Strings, state: &UseReducerHandle<State>, analysis: &Analysis) -> Html {
    let position = state.board.position();
    if analysis.line.is_empty() || position.winner().is_some() {
        return html! {};
    }
    let line: Vec<Move> = analysis.line.clone();
    let faces = play_faces(&mut state.board.faces_at(state.board.cursor), position, &line);
    let follow = {
        let (state, line) = (state.clone(), line.clone());
        Callback::from(move |_: MouseEvent| state.dispatch(Action::Follow(line.clone())))
    };
    let on_jump = {
        let (state, line) = (state.clone(), line.clone());
        Callback::from(move |k: usize| state.dispatch(Action::Jump(line.clone(), k)))
    };
    html! {
        <div class="best-line">
            <h2>{ t.eg.line_title }</h2>
            <LineTable id="eg-line" seats={ position.seats() } first={ position.to_move() }
                answering={ position.to_beat().map(|(by, _)| by) } moves={ line } {faces} on_jump={ Some(on_jump) } />
            <button type="button" id="eg-follow" onclick={follow}>{ t.eg.follow_line }</button>
        </div>
    }
}

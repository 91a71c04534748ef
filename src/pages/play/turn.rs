//! The user's turn on the Play page: what the selected cards would play,
//! what 出牌, 不出 and 提示 do (by button or key), and the row of buttons
//! over the hand for each phase of the deal.

use engine::bidding::Bid;
use engine::{Move, Play, Seat};
use yew::prelude::*;

use super::contest::next_button;
use super::hooks::{self, Ask};
use super::review;
use super::state::{new_deal, Action, State, Waiting};
use super::HINT_RUNG;
use crate::game::model::{selection, Chair, Phase, Selection};
use crate::i18n::Strings;
use crate::suits::Faces;

/// The user's turn as the page shows it; outside it, nothing is selected
/// and nothing can be played.
pub(super) struct UserTurn {
    /// The user is to play (not bid, not replaying).
    pub my_turn: bool,
    /// The selected cards, while it is the user's turn.
    pub selected: Faces,
    /// What the selected cards would play.
    pub verdict: Selection,
    /// The play to beat and who made it, while it is the user's turn.
    pub to_beat: Option<(Seat, Play)>,
    /// Some legal move is a play, not a pass.
    pub can_beat: bool,
    pub can_pass: bool,
    /// A contest allows the hint only if its organiser did.
    pub hint_allowed: bool,
    pub on_play: Callback<()>,
    pub on_pass: Callback<()>,
    pub on_hint: Callback<()>,
}

/// The user's turn, its 出牌, 不出 and 提示 also bound to the table's keys
/// (with the replay's steps).
#[hook]
pub(super) fn use_user_turn(state: &UseReducerHandle<State>, ask: &Ask, hint_allowed: bool) -> UserTurn {
    let my_turn = state.my_turn();
    let selected = if my_turn { state.selected } else { Faces::EMPTY };
    let game = state.table.game();
    let verdict = match game {
        Some(game) if my_turn => selection(game, selected.cards()),
        _ => Selection::Empty,
    };
    let to_beat = game.and_then(|g| g.to_beat()).filter(|_| my_turn);
    let legal: Vec<Move> = match game {
        Some(game) if my_turn => {
            let mut moves = vec![];
            game.legal_moves(&mut moves);
            moves
        }
        _ => vec![],
    };
    let can_beat = legal.iter().any(|m| m.play().is_some());
    let can_pass = my_turn && to_beat.is_some();
    let on_play = play(state, &verdict);
    let on_pass = pass(state, can_pass);
    let on_hint = hint(state, ask, legal, hint_allowed);
    hooks::use_table_keys(
        state,
        hooks::Keys {
            play: on_play.clone(),
            pass: on_pass.clone(),
            hint: on_hint.clone(),
            replay: state.replay.map(|k| (k, state.table.record().len())),
        },
    );
    UserTurn {
        my_turn,
        selected,
        verdict,
        to_beat,
        can_beat,
        can_pass,
        hint_allowed,
        on_play,
        on_pass,
        on_hint,
    }
}

/// 出牌: plays the selection, or asks which reading if it has several.
fn play(state: &UseReducerHandle<State>, verdict: &Selection) -> Callback<()> {
    let (state, verdict) = (state.clone(), verdict.clone());
    Callback::from(move |_| match &verdict {
        Selection::Plays(plays) if plays.len() == 1 => {
            state.dispatch(Action::Play(Move::Play(plays[0]), state.selected))
        }
        Selection::Plays(plays) => state.dispatch(Action::Choose(plays.clone())),
        _ => {}
    })
}

/// 不出, when there is a play to beat.
fn pass(state: &UseReducerHandle<State>, can_pass: bool) -> Callback<()> {
    let state = state.clone();
    Callback::from(move |_| {
        if can_pass {
            state.dispatch(Action::Play(Move::Pass, Faces::EMPTY))
        }
    })
}

/// 提示: first the strongest AI's move, then the `legal` plays in turn.
fn hint(state: &UseReducerHandle<State>, ask: &Ask, legal: Vec<Move>, hint_allowed: bool) -> Callback<()> {
    let (state, ask) = (state.clone(), ask.clone());
    Callback::from(move |_| {
        if !state.my_turn() || state.waiting.is_some() || !hint_allowed {
            return;
        }
        if state.hints == 0 {
            return ask(HINT_RUNG.spec(), Waiting::Hint);
        }
        // Then the legal plays in turn, smallest first (as 欢乐斗地主's
        // 提示 cycles), with a pass where there is nothing to beat with.
        let mut plays: Vec<Play> = legal.iter().filter_map(|m| m.play()).collect();
        plays.sort_by_key(|p| (p.is_bomb_or_rocket(), p.cards().len(), p.rank(), p.cards().bits()));
        let faces = match plays.get((state.hints - 1) % plays.len().max(1)) {
            Some(p) => state.my_hand().pick(p.cards(), Faces::EMPTY).unwrap_or_default(),
            None => Faces::EMPTY,
        };
        state.dispatch(Action::Hinted(faces));
    })
}

/// A button's click as the callback `cb`.
fn click(cb: &Callback<()>) -> Callback<MouseEvent> {
    let cb = cb.clone();
    Callback::from(move |_: MouseEvent| cb.emit(()))
}

/// A button's click as `action`.
fn dispatch(state: &UseReducerHandle<State>, action: fn() -> Action) -> Callback<MouseEvent> {
    let state = state.clone();
    Callback::from(move |_: MouseEvent| state.dispatch(action()))
}

/// The user's turn clock, from the seconds `remaining` to whoever is to
/// move.
pub(super) fn my_clock(remaining: Option<(Chair, u32)>) -> Option<Html> {
    remaining.filter(|&(chair, _)| chair == Chair::Me).map(|(_, sec)| {
        html! { <span class={ classes!("clock", (sec <= 5).then_some("urgent")) } id="play-clock" role="timer">{ sec }</span> }
    })
}

/// 悔牌 and 重做, in practice mode.
fn practice_buttons(t: &Strings, state: &UseReducerHandle<State>) -> Option<Html> {
    let table = &state.table;
    state.prefs.practice.then(|| {
        html! {
            <span class="practice">
                <button type="button" id="play-undo" disabled={ !table.can_undo() || state.replay.is_some() } onclick={ dispatch(state, || Action::Undo) }>{ t.play.undo }</button>
                <button type="button" id="play-redo" disabled={ table.redo_moves().is_empty() || state.replay.is_some() } onclick={ dispatch(state, || Action::Redo) }>{ t.play.redo }</button>
            </span>
        }
    })
}

/// What the user can do now, over the hand: the replay's controls, or
/// the bids, the plays, the next deal, or (while others move) practice's.
pub(super) fn actions(t: &Strings, state: &UseReducerHandle<State>, turn: &UserTurn, clock: Option<Html>) -> Html {
    let practice = practice_buttons(t, state);
    if let Some(k) = state.replay {
        return review::replay_bar(t, state, k);
    }
    match state.table.phase() {
        Phase::Bidding { to_bid: Chair::Me } => bid_actions(t, state, clock),
        Phase::Playing { to_move: Chair::Me } => play_actions(t, state, turn, clock, practice),
        Phase::Over(_) => over_actions(t, state, practice),
        _ => {
            html! { <div class="actions" id="play-actions" data-for="wait">{ for practice }</div> }
        }
    }
}

/// The user's bid: one button a bid, and 提示 for advice.
fn bid_actions(t: &Strings, state: &UseReducerHandle<State>, clock: Option<Html>) -> Html {
    let table = &state.table;
    let bid_button = |bid: Bid| {
        let state = state.clone();
        let onclick = Callback::from(move |_: MouseEvent| state.dispatch(Action::Bid(bid)));
        let label = match bid {
            Bid::Pass => t.play.no_bid.to_string(),
            b => (t.play.bid_button)(b.points()),
        };
        html! {
            <button type="button" class={ classes!("bid", (bid != Bid::Pass).then_some("primary")) } data-bid={ bid.name() }
                disabled={ !table.allows_bid(bid) } {onclick}>{ label }</button>
        }
    };
    html! {
        <div class="actions" id="play-actions" data-for="bid">
            { for Bid::ALL.into_iter().map(bid_button) }
            <button type="button" id="play-hint" onclick={ dispatch(state, || Action::Hinted(Faces::EMPTY)) }>{ t.play.hint }</button>
            { for clock }
        </div>
    }
}

/// The user's play: 不出 (or 要不起), 提示, 出牌.
fn play_actions(
    t: &Strings,
    state: &UseReducerHandle<State>,
    turn: &UserTurn,
    clock: Option<Html>,
    practice: Option<Html>,
) -> Html {
    let playable = matches!(turn.verdict, Selection::Plays(_));
    let pass_label = if turn.can_beat || turn.to_beat.is_none() {
        t.play.pass
    } else {
        t.play.cannot_beat
    };
    html! {
        <div class="actions" id="play-actions" data-for="play">
            <button type="button" id="play-pass" class={ classes!((!turn.can_beat && turn.can_pass).then_some("primary")) } disabled={ !turn.can_pass } onclick={ click(&turn.on_pass) }>{ pass_label }</button>
            if turn.hint_allowed {
                <button type="button" id="play-hint" disabled={ state.waiting.is_some() } onclick={ click(&turn.on_hint) }>{ t.play.hint }</button>
            }
            <button type="button" id="play-play" class="primary" disabled={ !playable } onclick={ click(&turn.on_play) }>{ t.play.play }</button>
            { for clock }
            { for practice }
        </div>
    }
}

/// After the deal: the next one (or the contest's next board), the
/// replay, the result again.
fn over_actions(t: &Strings, state: &UseReducerHandle<State>, practice: Option<Html>) -> Html {
    html! {
        <div class="actions" id="play-actions" data-for="over">
            if let Some(seat) = &state.contest {
                { next_button(t, &seat.event, seat.board, "play-next") }
            } else {
                <button type="button" class="primary" id="play-next" onclick={ new_deal(state) }>{ t.play.next_deal }</button>
            }
            <button type="button" id="play-replay" onclick={ dispatch(state, || Action::Replay(Some(0))) }>{ t.play.replay }</button>
            if !state.end_open {
                <button type="button" id="play-result" onclick={ dispatch(state, || Action::EndOpen(true)) }>{ t.play.result }</button>
            }
            { for practice }
        </div>
    }
}

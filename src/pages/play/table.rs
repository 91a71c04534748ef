//! The Play page's table: 上家 and 下家 at the sides, each seat's latest
//! play in the centre with what the table says, and the user's seat at
//! the bottom with the buttons and the hand.

use engine::agents::bidding::assess;
use engine::{Move, Seat};
use yew::prelude::*;

use super::review;
use super::state::{Action, State, Waiting};
use super::turn::{self, UserTurn};
use super::{phase_name, table_message};
use crate::components::info::Info;
use crate::components::table::view::{self, SeatShown};
use crate::components::table::TapHand;
use crate::game::model::{Chair, Phase, PlayDeal, Selection};
use crate::i18n::Strings;
use crate::suits::{Face, Faces};

/// The moves shown: all of them, or the replay's.
pub(super) fn step_shown(state: &State) -> usize {
    state.replay.unwrap_or(state.table.record().len())
}

/// The hands are open: the deal is over, or replayed.
fn open(state: &State) -> bool {
    matches!(state.table.phase(), Phase::Over(_)) || state.replay.is_some()
}

/// The table, with whose `turn` it is and the seconds `remaining` to them.
pub(super) fn table_view(
    t: &Strings,
    state: &UseReducerHandle<State>,
    user: &UserTurn,
    turn: Option<Chair>,
    remaining: Option<(Chair, u32)>,
) -> Html {
    let phase = state.table.phase();
    html! {
        <div class={ classes!("table", open(state).then_some("open")) } data-phase={ phase_name(phase) }>
            { view::opponent(t, &seat_shown(state, Chair::Left, remaining)) }
            { centre(t, state, user) }
            { view::opponent(t, &seat_shown(state, Chair::Right, remaining)) }
            { my_seat(t, state, user, turn, turn::my_clock(remaining)) }
        </div>
    }
}

/// What an opponent's seat shows of `chair`.
fn seat_shown(state: &State, chair: Chair, remaining: Option<(Chair, u32)>) -> SeatShown {
    let table = &state.table;
    let phase = table.phase();
    let open = open(state);
    let hands = table.hands_after(step_shown(state));
    // An AI is thinking while the worker has its request and until its
    // move is shown: at least the pace's pause.
    let thinking = matches!(state.waiting, Some((_, Waiting::Ai { .. }))) || state.pending.is_some();
    SeatShown {
        chair,
        role: table.seat_of(chair),
        count: hands[chair.index()].len(),
        turn: !open
            && matches!(phase, Phase::Bidding { to_bid } | Phase::Playing { to_move: to_bid } if to_bid == chair),
        thinking: thinking && matches!(phase, Phase::Playing { to_move } if to_move == chair),
        clock: remaining.filter(|&(c, _)| c == chair).map(|(_, sec)| sec),
        open: open.then_some(hands[chair.index()]),
    }
}

/// Each seat's latest play (or bid, in the auction), by chair.
fn slots(t: &Strings, state: &State) -> [Html; 3] {
    let table = &state.table;
    let step = step_shown(state);
    let trick = table.trick_after(step);
    let in_auction = table.deal().is_none();
    let taken = table.trick_taken_after(step);
    Chair::ALL.map(|chair| {
        let (index, turn) = trick[chair.index()].map_or((0, None), |(i, turn)| (i, Some(turn)));
        let last = turn.is_some() && index == step;
        let bid = in_auction.then(|| table.bid_of(chair)).flatten();
        let marks = view::SlotMarks {
            fresh: last && state.replay.is_none(),
            last,
            taken: taken == Some(chair),
        };
        view::slot(t, chair, turn, bid, index, marks)
    })
}

/// The centre of the table: the plays, and what the table says; a press
/// on the felt itself clears the selection.
fn centre(t: &Strings, state: &UseReducerHandle<State>, user: &UserTurn) -> Html {
    let slots = slots(t, state);
    let onpointerdown = {
        let s = state.clone();
        Callback::from(move |e: PointerEvent| {
            if e.target() == e.current_target() && s.my_turn() {
                s.dispatch(Action::Select(Faces::EMPTY))
            }
        })
    };
    html! {
        <div class="centre" {onpointerdown}>
            { slots[Chair::Left.index()].clone() }
            { slots[Chair::Right.index()].clone() }
            { say(t, state, user) }
            { slots[Chair::Me.index()].clone() }
        </div>
    }
}

/// What the table says: whose turn and what to beat, the review's note,
/// why the selection cannot be played, the bidding advice, the readings
/// to choose from.
fn say(t: &Strings, state: &UseReducerHandle<State>, user: &UserTurn) -> Html {
    let table: &PlayDeal = &state.table;
    let phase = table.phase();
    let message = table_message(
        t,
        table,
        phase,
        user.to_beat.map(|(s, p)| (table.chair_of(s), p)),
        state.replay.is_some(),
    );
    let explanation = match &user.verdict {
        Selection::NotACombination => Some(t.play.not_a_combination.to_string()),
        Selection::DoesNotBeat(target) => Some((t.play.does_not_beat)(&t.play_words(*target))),
        _ => None,
    };
    let advice = (matches!(phase, Phase::Bidding { to_bid: Chair::Me }) && state.hints > 0)
        .then(|| (t.play.bid_advice)(&assess(table.dealt(Chair::Me))));
    let choosing = state.choosing.iter().map(|&p| {
        let state = state.clone();
        let onclick = Callback::from(move |_: MouseEvent| state.dispatch(Action::Play(Move::Play(p), state.selected)));
        html! { <button type="button" class="reading" {onclick}>{ t.play_words(p) }</button> }
    });
    html! {
        <div class="say" role="status">
            <p class="table-message" id="play-message" aria-live="polite">{ message }</p>
            <>
                if state.replay.is_some() { { review::review_summary(t, state) } }
                { review::review_note(t, state, step_shown(state)) }
            </>
            if let Some(why) = explanation { <p class="error" id="play-why">{ why }</p> }
            if let Some(advice) = advice { <p class="advice" id="play-advice">{ advice }<Info term="bid-rule" at="play" /></p> }
            if !state.choosing.is_empty() {
                <p class="readings" id="play-readings">{ t.play.which_reading }{ " " }{ for choosing }</p>
            }
        </div>
    }
}

/// The bottom cards the landlord just took, marked in the user's hand
/// until its first play.
fn fresh_bottom(table: &PlayDeal) -> Faces {
    if table.landlord() == Some(Chair::Me) && !table.record().iter().any(|t| Some(t.seat) == table.seat_of(Chair::Me)) {
        table.bottom_faces()
    } else {
        Faces::EMPTY
    }
}

/// The user's seat: name, role, cards left, the buttons, the hand.
fn my_seat(
    t: &Strings,
    state: &UseReducerHandle<State>,
    user: &UserTurn,
    turn: Option<Chair>,
    clock: Option<Html>,
) -> Html {
    let table = &state.table;
    let me_role = table.seat_of(Chair::Me);
    let hand = table.hands_after(step_shown(state))[Chair::Me.index()];
    let on_toggle = {
        let state = state.clone();
        Callback::from(move |(face, to): (Face, Option<bool>)| state.dispatch(Action::Toggle(face, to)))
    };
    html! {
        <section class={ classes!("seat", "me", (turn == Some(Chair::Me)).then_some("turn")) } data-chair="me" data-seat={ me_role.map(|r| r.name()).unwrap_or("") }>
            <div class="me-line">
                <span class="name">{ t.play.me }</span>
                if let Some(role) = me_role {
                    <span class={ classes!("role", (role == Seat::Landlord).then_some("landlord")) }>{ view::role_name(t, role) }</span>
                }
                <span class="count">{ (t.play.cards_left)(hand.len()) }</span>
                if user.my_turn {
                    <span class="turn-note" id="play-your-turn">{ if user.to_beat.is_none() { t.play.your_lead } else { "" } }</span>
                }
            </div>
            { turn::actions(t, state, user, clock) }
            <TapHand {hand} selected={user.selected} selectable={user.my_turn} marked={fresh_bottom(table)} on_toggle={on_toggle} />
        </section>
    }
}

//! The board: every hand open on felt, the play to beat in the middle,
//! the seat to move marked; a previewed play (hovered in the list, or
//! the cards tapped when they make one play) is shown in the middle with
//! its cards marked in the hand. The side to move's hand can be the
//! tappable one of [`super::tap`]; a pass about to be made for the user
//! shows beside it, as a pass shows at the Play page's table.

use engine::{Cards, Move, Seat};
use yew::prelude::*;

use super::state::State;
use super::tap::tapped_play;
use crate::components::card::Hand;
use crate::i18n::Strings;

/// The table: every hand open, the play to beat in the middle, the seat to
/// move marked; a previewed play lifted out of its hand and shown.
pub(super) fn board_view(t: &Strings, state: &State, tap: Option<Html>, forced: bool) -> Html {
    let board = &state.board;
    let position = board.position();
    let faces = board.faces_at(board.cursor);
    let preview = state
        .preview
        .or_else(|| tapped_play(state))
        .filter(|&mv| position.is_legal(mv));
    let seat_view = |seat: Seat| {
        let turn = position.to_move() == seat && position.winner().is_none();
        let hand = faces[seat.index()];
        let marked = match preview {
            Some(mv) if turn => mv.cards(),
            _ => Cards::EMPTY,
        };
        let cards = match &tap {
            Some(tap) if turn => tap.clone(),
            _ => {
                html! { <Hand cards={ hand.cards() } faces={ Some(hand) } {marked} held=true label={ t.seat(seat) } /> }
            }
        };
        html! {
            <section class={ classes!("board-seat", seat.name(), turn.then_some("turn"), (turn && tap.is_some()).then_some("tapping")) } data-seat={ seat.name() } data-count={ hand.len().to_string() }>
                <h2>{ t.seat(seat) }<span class="count">{ (t.cards_count)(hand.len()) }</span>
                    if turn && forced { <span class="trick pass" id="eg-forced">{ t.pass }</span> }
                </h2>
                { cards }
            </section>
        }
    };
    let centre = match (preview, position.to_beat(), position.winner()) {
        (_, _, Some(w)) => html! { <p class="board-note" id="eg-over">{ (t.eg.over)(t.seat(w)) }</p> },
        (Some(mv), _, _) => html! {
            <div class="board-play preview" id="eg-preview">
                <span class="who">{ t.seat(position.to_move()) }</span>
                { play_cards(t, mv) }
            </div>
        },
        (None, Some((by, play)), _) => html! {
            <div class="board-play" id="eg-to-beat" data-play={ play.to_string() } data-by={ by.name() }>
                <span class="who">{ t.seat(by) }</span>
                { play_cards(t, Move::Play(play)) }
            </div>
        },
        (None, None, _) => html! { <p class="board-note">{ t.seat(position.to_move()) }{ " " }{ t.leads }</p> },
    };
    let seats = position.seats();
    html! {
        <div class="board felt" id="eg-board" data-seats={ seats.to_string() } data-to-move={ position.to_move().name() }>
            <div class="board-top">
                if seats == 3 { { seat_view(Seat::Farmer2) } }
                { seat_view(Seat::Farmer1) }
            </div>
            <div class="board-centre">{ centre }</div>
            { seat_view(Seat::Landlord) }
        </div>
    }
}

pub(super) fn play_cards(t: &Strings, mv: Move) -> Html {
    match mv {
        Move::Pass => html! { <strong class="pass">{ t.pass }</strong> },
        Move::Play(p) => html! {
            <>
                <Hand cards={ p.cards() } first={ p.main_cards() } label={ t.play_words(p) } />
                <span class="words">{ t.play_words(p) }</span>
            </>
        },
    }
}

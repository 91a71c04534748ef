//! The Play page at a contest board: the seat it is given, the link to
//! the next board, and the end-of-board panel the contest pages draw
//! (handed in as [`ContestSeat::end`], so Play depends on no contest page).

use engine::contest::{Board, Event};
use yew::prelude::*;

use crate::game::model::PlayDeal;
use crate::i18n::Strings;
use crate::route::{ContestLink, Route};

/// A contest board at the table: the event and the board. Its aids,
/// opponents and seat are the event's; its moves are kept in the
/// entrant's entry, not the casual saved game.
#[derive(Clone, Debug, PartialEq)]
pub struct ContestSeat {
    pub event: Event,
    pub board: Board,
    /// Draws the panel shown when the board is over.
    pub end: Callback<BoardEnd, Html>,
}

/// What the end-of-board panel shows and can do.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardEnd {
    pub table: PlayDeal,
    pub on_close: Callback<()>,
    pub on_replay: Callback<()>,
    pub on_review: Callback<MouseEvent>,
    /// Whether the review is running (its button is then gone).
    pub reviewing: bool,
}

/// Where to go after a finished board: the next one, or the event's page.
fn next_link(event: &Event, board: Board) -> (String, bool) {
    let code = event.code();
    if board.number < event.boards() {
        let link = ContestLink {
            event: Some(code),
            board: Some((board.number + 1).to_string()),
            view: None,
            online: None,
        };
        (Route::Contest(link).to_hash(), true)
    } else {
        (Route::Contest(ContestLink::event(&code)).to_hash(), false)
    }
}

/// The button to the next board (or, after the last, to the result).
pub fn next_button(t: &Strings, event: &Event, board: Board, id: &'static str) -> Html {
    let (href, more) = next_link(event, board);
    html! {
        <a class="button primary" {id} {href}>{ if more { t.contest.next_board } else { t.contest.see_result } }</a>
    }
}

//! A contest board at the card table: the Play page in contest mode (the
//! event's seat, opponents and aids; moves kept in the entry; the panel at
//! the end, [`super::board_end`]).

use engine::contest::Event;
use yew::prelude::*;

use super::board_end::ContestBoardEnd;
use super::words;
use crate::game::entry::Entry;
use crate::i18n::use_strings;
use crate::pages::play::{BoardEnd, ContestSeat, PlayPage};
use crate::route::{ContestLink, Route};

#[derive(Properties, PartialEq)]
pub struct ContestTableProps {
    pub event: Event,
    /// The board's number as the link wrote it.
    pub board: String,
}

/// Board `board` of the event for this browser's entrant, or why not.
#[component]
pub fn ContestTable(props: &ContestTableProps) -> Html {
    let t = use_strings();
    // Read afresh when the link changes board: the last board's moves are
    // in it by then.
    let entry = Entry::load(&props.event);
    let back = Route::Contest(ContestLink::event(&props.event.code())).to_hash();
    let refuse = |why: String| {
        html! {
            <main id="main" class="page contest-page">
                <h1>{ words::title(t, &props.event) }</h1>
                <p class="error" id="contest-no-board" role="alert">{ why }</p>
                <p><a href={back.clone()}>{ t.contest.back_event }</a></p>
            </main>
        }
    };
    let entry = match &entry {
        Ok(Some(e)) => e,
        Ok(None) => return refuse(t.contest.not_entered.to_string()),
        Err(e) => return refuse(t.unreadable_entry(&e.error.to_string(), e.kept)),
    };
    let number = props
        .board
        .trim()
        .parse::<usize>()
        .ok()
        .filter(|n| (1..=entry.boards.len()).contains(n));
    let Some(number) = number else {
        return refuse((t.contest.no_such_board)(&props.board, entry.boards.len()));
    };
    // Boards are played in order: a later one waits for the ones before.
    if let Some(next) = entry.next_board().filter(|&k| k + 1 < number) {
        return refuse((t.contest.play_in_order)(next + 1));
    }
    let board = entry.boards[number - 1];
    let event = props.event.clone();
    let end = use_callback((event.clone(), board), |end: BoardEnd, (event, board)| {
        html! { <ContestBoardEnd event={ event.clone() } board={ *board } {end} /> }
    });
    let seat = ContestSeat { event, board, end };
    html! { <PlayPage key={ number } link={ crate::route::PlayLink::default() } contest={ Some(seat) } /> }
}

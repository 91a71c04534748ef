//! A contest board at the card table: the Play page in contest mode (the
//! event's seat, opponents and aids; moves kept in the entry), and the
//! panel at the end of the board.

use engine::contest::{board_score, Event};
use yew::prelude::*;

use super::entry::Entry;
use super::field::FieldPanel;
use super::words;
use crate::components::icon::icon;
use crate::i18n::{use_strings, Strings};
use crate::pages::play::model::{Phase, Table};
use crate::pages::play::{ContestSeat, PlayPage};
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
        Err(e) => return refuse((t.contest.unreadable_entry)(&e.to_string())),
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
    let seat = ContestSeat {
        event: props.event.clone(),
        board: entry.boards[number - 1],
    };
    html! { <PlayPage key={ number } link={ crate::route::PlayLink::default() } contest={ Some(seat) } /> }
}

/// Keeps board `board`'s table in the event's entry (every move, so a
/// reload resumes it).
pub fn save_table(event: &Event, board: engine::contest::Board, table: &Table) {
    if let Ok(Some(mut entry)) = Entry::load(event) {
        let k = usize::from(board.number) - 1;
        if entry.boards.get(k) == Some(&board) {
            entry.tables[k] = Some(table.clone());
            entry.save();
        }
    }
}

/// Where to go after a finished board: the next one, or the event's page.
fn next_link(seat: &ContestSeat) -> (String, bool) {
    let code = seat.event.code();
    if seat.board.number < seat.event.boards() {
        let link = ContestLink {
            event: Some(code),
            board: Some((seat.board.number + 1).to_string()),
            view: None,
        };
        (Route::Contest(link).to_hash(), true)
    } else {
        (Route::Contest(ContestLink::event(&code)).to_hash(), false)
    }
}

/// The button to the next board (or, after the last, to the result).
pub fn next_button(t: &Strings, seat: &ContestSeat, id: &'static str) -> Html {
    let (href, more) = next_link(seat);
    html! {
        <a class="button primary" {id} {href}>{ if more { t.contest.next_board } else { t.contest.see_result } }</a>
    }
}

#[derive(Properties, PartialEq)]
pub struct BoardEndProps {
    pub seat: ContestSeat,
    pub table: Table,
    pub on_close: Callback<()>,
    pub on_replay: Callback<()>,
    pub on_review: Callback<MouseEvent>,
    pub reviewing: bool,
}

/// The end of a contest board: the score, how it went against the field
/// (when the event shows it now), the next board, the replay and review.
#[component]
pub fn BoardEnd(props: &BoardEndProps) -> Html {
    let t = use_strings();
    let Phase::Over(outcome) = props.table.phase() else {
        return html! {};
    };
    let seat = &props.seat;
    let score = board_score(seat.board.seat, &outcome);
    // This board is over; the others may be too (the entry may not hold
    // this board's last move yet).
    let current = usize::from(seat.board.number) - 1;
    let complete = Entry::load(&seat.event)
        .ok()
        .flatten()
        .is_some_and(|e| (0..e.boards.len()).all(|k| k == current || e.score(k).is_some()));
    let show_field = seat.event.reveal() == engine::contest::Reveal::EachBoard || complete;
    let close = props.on_close.reform(|_: MouseEvent| ());
    let replay = props.on_replay.reform(|_: MouseEvent| ());
    html! {
        <div class={ classes!("end", "contest-end", if score > 0 { "won" } else { "lost" }) } id="play-end" role="dialog" aria-labelledby="play-outcome"
            data-score={ score.to_string() }>
            <button type="button" class="icon-button close" aria-label={ t.play.show_table } title={ t.play.show_table } onclick={close}>{ icon("close") }</button>
            <h2 id="play-outcome">{ (t.contest.board_score)(seat.board.number, score) }</h2>
            <p class="note">{ (t.contest.board_line)(seat.board.number, seat.event.boards(), words::seat(t, seat.board.seat)) }</p>
            if show_field {
                <FieldPanel event={ seat.event.clone() } board={ seat.board } {score} />
            } else {
                <p class="note" id="contest-field-later">{ t.contest.field_at_end }</p>
            }
            <div class="end-actions">
                { next_button(t, seat, "end-next") }
                <button type="button" id="end-replay" onclick={replay}>{ icon("replay") }{ t.play.replay }</button>
                if !props.reviewing {
                    <button type="button" id="end-review" onclick={ props.on_review.clone() }>{ t.play.review }</button>
                }
            </div>
        </div>
    }
}

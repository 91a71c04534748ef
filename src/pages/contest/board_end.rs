//! What the Play page shows and keeps of a contest board: every move
//! saved in the entry, the button to the next board, and the panel at the
//! board's end.

use engine::contest::{board_score, Event};
use yew::prelude::*;

use super::entry::Entry;
use super::field::FieldPanel;
use super::reports::Reports;
use super::words;
use crate::components::icon::icon;
use crate::i18n::{use_strings, Strings};
use crate::pages::play::model::{Phase, Table};
use crate::pages::play::state::ContestSeat;
use crate::route::{ContestLink, Route};
use crate::web::StorageError;

/// Keeps board `board`'s table in the event's entry (every move, so a
/// reload resumes it), or says why it could not.
pub fn save_table(event: &Event, board: engine::contest::Board, table: &Table) -> Result<(), StorageError> {
    let Ok(Some(mut entry)) = Entry::load(event) else {
        return Ok(());
    };
    let k = usize::from(board.number) - 1;
    if entry.boards.get(k) != Some(&board) {
        return Ok(());
    }
    entry.tables[k] = Some(table.clone());
    entry.save()
}

/// Where to go after a finished board: the next one, or the event's page.
fn next_link(seat: &ContestSeat) -> (String, bool) {
    let code = seat.event.code();
    if seat.board.number < seat.event.boards() {
        let link = ContestLink {
            event: Some(code),
            board: Some((seat.board.number + 1).to_string()),
            view: None,
            online: None,
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
    // The board's report is worked out above the table (reports.rs), so
    // leaving this dialog at once does not lose it.
    {
        let ended = use_context::<Reports>().map(|r| r.ended);
        let over = matches!(props.table.phase(), Phase::Over(_));
        use_effect_with((over, props.seat.board), move |(over, board)| {
            if let (true, Some(ended)) = (*over, ended) {
                ended.emit(*board);
            }
        });
    }
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

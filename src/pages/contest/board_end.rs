//! The panel at a contest board's end, which the Play page draws through
//! [`ContestSeat::end`](crate::pages::play::ContestSeat): the score, how it
//! went against the field, the next board, the replay and review.

use engine::contest::{board_score, Board, Event};
use yew::prelude::*;

use super::field::FieldPanel;
use super::reports::Reports;
use super::words;
use crate::components::icon::icon;
use crate::game::entry::Entry;
use crate::game::model::Phase;
use crate::i18n::use_strings;
use crate::pages::play::{next_button, BoardEnd};

#[derive(Properties, PartialEq)]
pub struct BoardEndProps {
    pub event: Event,
    pub board: Board,
    /// What the Play page hands over.
    pub end: BoardEnd,
}

/// The end of a contest board: the score, how it went against the field
/// (when the event shows it now), the next board, the replay and review.
#[component]
pub fn ContestBoardEnd(props: &BoardEndProps) -> Html {
    let t = use_strings();
    // The board's report is worked out above the table (reports.rs), so
    // leaving this dialog at once does not lose it.
    {
        let ended = use_context::<Reports>().map(|r| r.ended);
        let over = matches!(props.end.table.phase(), Phase::Over(_));
        use_effect_with((over, props.board), move |(over, board)| {
            if let (true, Some(ended)) = (*over, ended) {
                ended.emit(*board);
            }
        });
    }
    let Phase::Over(outcome) = props.end.table.phase() else {
        return html! {};
    };
    let (event, board) = (&props.event, props.board);
    let score = board_score(board.seat, &outcome);
    // This board is over; the others may be too (the entry may not hold
    // this board's last move yet).
    let current = usize::from(board.number) - 1;
    let complete = Entry::load(event)
        .ok()
        .flatten()
        .is_some_and(|e| (0..e.boards.len()).all(|k| k == current || e.score(k).is_some()));
    let show_field = event.reveal() == engine::contest::Reveal::EachBoard || complete;
    let close = props.end.on_close.reform(|_: MouseEvent| ());
    let replay = props.end.on_replay.reform(|_: MouseEvent| ());
    html! {
        <div class={ classes!("end", "contest-end", if score > 0 { "won" } else { "lost" }) } id="play-end" role="dialog" aria-labelledby="play-outcome"
            data-score={ score.to_string() }>
            <button type="button" class="icon-button close" aria-label={ t.play.show_table } title={ t.play.show_table } onclick={close}>{ icon("close") }</button>
            <h2 id="play-outcome">{ (t.contest.board_score)(board.number, score) }</h2>
            <p class="note">{ (t.contest.board_line)(board.number, event.boards(), words::seat(t, board.seat)) }</p>
            if show_field {
                <FieldPanel event={ event.clone() } {board} {score} />
            } else {
                <p class="note" id="contest-field-later">{ t.contest.field_at_end }</p>
            }
            <div class="end-actions">
                { next_button(t, event, board, "end-next") }
                <button type="button" id="end-replay" onclick={replay}>{ icon("replay") }{ t.play.replay }</button>
                if !props.end.reviewing {
                    <button type="button" id="end-review" onclick={ props.end.on_review.clone() }>{ t.play.review }</button>
                }
            </div>
        </div>
    }
}

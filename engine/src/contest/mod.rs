//! Contests (比赛): events people enter and organisers score, with no
//! server (docs/research.md, "Contests: the formats played by people").
//!
//! - An [`Event`] is an organiser's settings in a short code a link
//!   carries ([`event`], [`code`]); the [daily contest](Event::daily) is
//!   derived from the [`crate::Date`].
//! - Its [`Board`]s are derived from the event, and in the equal and
//!   random formats from the entrant's [`EntrantName`] too, so anyone can
//!   derive them again ([`boards`]).
//! - The AI opponents move from the board and the record alone, bounded by
//!   nodes, never the clock ([`referee`]), so a record can be replayed and
//!   every opponent's move checked.
//! - A [`ContestResult`] is the event, the name and every board's record:
//!   a code or a file ([`result`]). It holds no score.
//! - [`standings`] scores results by replaying them; [`field`] is how a
//!   panel of AIs does on a board from the entrant's seat, and
//!   [`field_place`] an entrant's place among its players over all the
//!   boards; [`records`] are the hand records printed after an event.
//! - An online event is [sealed](Event::sealed) with a server's
//!   [`Secret`]: its boards derive from the secret, which the server
//!   reveals only when the event closes ([`secret`]).
//! - [`daily`]: the streak of days whose daily contest was finished.

pub mod boards;
pub mod code;
pub mod daily;
pub mod entrant;
pub mod equal;
pub mod event;
pub mod fairness;
pub mod field;
pub mod field_place;
pub mod records;
pub mod referee;
pub mod result;
pub mod secret;
pub mod standings;

pub use boards::{Board, BoardsError, Dealing};
pub use daily::Streak;
pub use entrant::{EntrantName, NameError};
pub use event::{Aids, Deals, Event, EventError, Format, OptionError, Reveal, SeatRule, Settings};
pub use field::{Field, FieldRun};
pub use field_place::FieldPlace;
pub use records::{HandRecord, RecordsRun};
pub use referee::{board_score, check_record, opponent_move, opponents_reply, play_board, score_of, RecordProblem};
pub use result::{ContestResult, FileProblem, ResultError};
pub use secret::{Secret, SecretError};
pub use standings::{Rejected, Rejection, ScoringRun, Standing, Standings, Submission};

/// An event for tests: `boards` boards of `deals`, the seats alternating,
/// against L5, no aids.
#[cfg(test)]
pub(crate) fn test_event(deals: Deals, boards: u8) -> Event {
    Event::new(Settings {
        title: "Test".into(),
        deals,
        boards,
        seat: SeatRule::Alternate,
        opponents: "L5".parse().expect("a rung"),
        aids: Aids::default(),
        reveal: Reveal::EachBoard,
    })
    .expect("an event")
}

//! The Dou Dizhu engine: cards and notation, deals, combinations, legal plays,
//! a referee with scoring, and players. Pure Rust with no web dependencies;
//! the clock and randomness come in through narrow seams ([`clock`], [`rng`])
//! so the same code runs natively and in wasm.
//!
//! See rules.md for the rules this implements and ARCHITECTURE.md for a map.

pub mod cards;
pub mod clock;
pub mod deal;
pub mod game;
pub mod movegen;
pub mod play;
pub mod players;
pub mod rng;
pub mod seat;

pub use cards::{Cards, CardsError, Rank};
pub use clock::{Clock, Deadline};
pub use deal::{Deal, DealError};
pub use game::{Game, IllegalMove, Outcome, Scoring, SeatView, Turn};
pub use movegen::{follow_plays, lead_plays, legal_moves, plays, PlaySink};
pub use play::{readings, Kind, Move, Play, PlayError};
pub use players::{make_player, play_out, Player, PlayerError};
pub use seat::{Seat, Team};

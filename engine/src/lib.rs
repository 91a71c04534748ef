//! The Dou Dizhu engine: cards and notation, deals, combinations, legal plays,
//! a referee with scoring, and players. Pure Rust with no web dependencies;
//! the clock and randomness come in through narrow seams ([`clock`], seeds)
//! so the same code runs natively and in wasm.
//!
//! See rules.md for the rules this implements and ARCHITECTURE.md for a map.

pub mod cards;
pub mod movegen;
pub mod play;

pub use cards::{Cards, CardsError, Rank};
pub use movegen::{follow_plays, lead_plays, legal_moves, plays, PlaySink};
pub use play::{readings, Kind, Move, Play, PlayError};

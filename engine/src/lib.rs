//! The Dou Dizhu engine: cards and notation, deals, combinations, legal plays,
//! a referee with scoring, and players. Pure Rust with no web dependencies;
//! the clock and randomness come in through narrow seams ([`clock`], [`rng`])
//! so the same code runs natively and in wasm.
//!
//! See docs/rules.md for the rules this implements and ARCHITECTURE.md for a map.
//!
//! ```
//! use engine::{Cards, Deal, Game, Move, Play, Seat};
//!
//! // Notation: tolerant in, canonical out.
//! let hand: Cards = "xd33t0".parse()?;
//! assert_eq!(hand.to_string(), "33TTXD");
//!
//! // Legal plays when following a pair: higher pairs, then bombs and the rocket.
//! let to_beat = Play::parse("33")?;
//! let answers: Vec<String> = engine::plays(hand, Some(to_beat)).iter().map(|p| p.to_string()).collect();
//! assert_eq!(answers, ["TT", "XD"]);
//!
//! // A seeded deal, refereed move by move.
//! let mut game = Game::new(&Deal::from_seed(42));
//! let mut moves = Vec::new();
//! game.legal_moves(&mut moves);
//! game.apply(moves[0])?;
//! assert_eq!(game.to_move(), Seat::Farmer1);
//! assert!(game.apply(Move::Pass).is_ok());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod agents;
pub mod bidding;
pub mod cards;
pub mod clock;
pub mod contest;
pub mod date;
pub mod deal;
pub mod game;
pub mod lab;
pub mod limits;
pub mod movegen;
pub mod play;
pub mod puzzles;
pub mod rng;
pub mod seat;
pub mod solver;
pub mod split;
pub mod stepwise;
pub mod table;

pub use agents::{make_player, play_out, play_seated, Player, PlayerError, PlayerSpec, Rung};
pub use bidding::{Auction, AuctionSetupError, AuctionState, Bid, BidError};
pub use cards::{Cards, CardsError, Rank};
pub use clock::{Clock, Deadline};
pub use date::Date;
pub use deal::{Deal, DealError, SeedOrDeal};
pub use game::{Game, IllegalMove, Outcome, PositionError, RecordError, Scoring, SeatView, Turn};
pub use limits::{LimitError, SeedRange};
pub use movegen::{can_beat, follow_plays, lead_plays, legal_moves, plays, PlaySink};
pub use play::{readings, Kind, Move, Play, PlayError};
pub use seat::{Seat, SeatError, Team};
pub use split::{Split, Splitter};
pub use stepwise::{step_until, Completion, Stepwise};

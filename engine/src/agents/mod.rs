//! AI players. Each sees only its seat's [`SeatView`] (the other hands are
//! not reachable from it) and answers within a deadline:
//! - [`baseline`]: uniformly random, and a simple greedy rule player;
//! - [`heuristic`]: plays from its minimum split, with control, partner and
//!   card-count rules, and a noise knob;
//! - [`sampling`]: deals the hidden cards consistently with what is public
//!   ([`knowledge`]), solves each deal open-handed, plays the move that does
//!   best over them; and the hybrid, heuristic early and sampling late.
//!
//! Before the play, [`bidding`] is the AI's call in the auction (叫分): a
//! one-sentence rule on the hand's split and control cards.
//!
//! [`PlayerSpec`] is a player's name with options, parsed once; a
//! [`Rung`] of the [`ladder`] names one of graded strength (the lab's
//! panels are made of them). [`play_seated`] seats three and plays a
//! deal out.

pub mod baseline;
pub mod bidding;
pub mod eager;
pub mod heuristic;
pub mod knowledge;
pub mod ladder;
pub mod sampling;
pub mod spec;

use thiserror::Error;

use crate::clock::{Clock, Deadline};
use crate::game::{Game, IllegalMove, Outcome, SeatView};
use crate::play::Move;
use crate::rng::{self, Rng};
use crate::seat::Seat;

pub use baseline::{GreedyPlayer, RandomPlayer};
pub use heuristic::HeuristicPlayer;
pub use knowledge::Knowledge;
pub use ladder::{Rung, RungError, STRONGEST};
pub use sampling::{HybridPlayer, SamplerConfig, SamplingPlayer};
pub use spec::{PlayerKind, PlayerSpec};

/// A player chooses a move from what its seat may know, within a deadline.
/// It must return one of `view.legal_moves()`; [`play_out`] checks that.
pub trait Player {
    /// The name it is registered under (`random`, `greedy`, ...).
    fn name(&self) -> &str;
    /// The move to make: one of `view`'s legal moves, chosen from what the
    /// view holds alone, within `deadline` (players that do not search may
    /// ignore it).
    fn choose(&mut self, view: &SeatView<'_>, deadline: &Deadline<'_>) -> Move;
}

/// The kinds of player [`make_player`] knows, with their options.
pub const PLAYER_NAMES: [&str; 5] = [
    "random",
    "greedy",
    "heuristic[:noise=P]",
    "sampler[:samples=N][:nodes=N][:candidates=N][:read=N][:exploit=N]",
    "hybrid[:switch=CARDS][:samples=N][:nodes=N][:candidates=N][:read=N][:exploit=N]",
];

/// Why a player cannot be made from a name, or went wrong at the table.
#[derive(Clone, Debug, PartialEq, Eq, Error, serde::Serialize, serde::Deserialize)]
pub enum PlayerError {
    /// Neither a kind of [`PLAYER_NAMES`] nor a ladder rung (the name as
    /// given).
    #[error("unknown player '{0}' (known: {known}, or a ladder rung L0..L{top}, or strongest)", known = PLAYER_NAMES.join(", "), top = Rung::COUNT - 1)]
    Unknown(String),
    /// A known kind with an option it does not take, given twice, not
    /// `key=value`, or out of its range.
    #[error("player '{name}': {why}")]
    BadOption {
        /// The name as given.
        name: String,
        /// What is wrong with its options, with the allowed range.
        why: String,
    },
    /// A player chose a move the referee refused (a bug in that player).
    #[error("player {player} ({seat}) chose an illegal move {mv}: {source}")]
    Illegal {
        /// The player's name.
        player: String,
        /// Its seat.
        seat: Seat,
        /// The move it chose.
        mv: Move,
        /// Why the referee refused it.
        source: IllegalMove,
    },
    /// Not one player per seat.
    #[error("{players} players for a table of {seats}")]
    WrongCount {
        /// Players given.
        players: usize,
        /// Seats at the table.
        seats: usize,
    },
    /// A count outside its stated range ([`crate::limits`]).
    #[error(transparent)]
    Limit(#[from] crate::limits::LimitError),
}

/// A player by name: a kind with `:key=value` options (`heuristic:noise=0.2`,
/// `sampler:samples=8:nodes=2000`) or a ladder rung (`L7`). `seed` feeds
/// its randomness. The same as `name.parse::<PlayerSpec>()?.build(seed)`.
pub fn make_player(name: &str, seed: u64) -> Result<Box<dyn Player>, PlayerError> {
    Ok(name.parse::<PlayerSpec>()?.build(seed))
}

/// Plays `game` to the end, one player per seat in seat order, each move
/// within `budget_ms` on `clock` (no limit if `None`).
pub fn play_out(
    game: &mut Game,
    players: &mut [Box<dyn Player>],
    clock: &dyn Clock,
    budget_ms: Option<f64>,
) -> Result<Outcome, PlayerError> {
    if players.len() != game.seats() {
        return Err(PlayerError::WrongCount {
            players: players.len(),
            seats: game.seats(),
        });
    }
    loop {
        if let Some(outcome) = game.outcome() {
            return Ok(outcome);
        }
        let seat = game.to_move();
        let deadline = match budget_ms {
            Some(ms) => Deadline::after(clock, ms),
            None => Deadline::NONE,
        };
        let player = &mut players[seat.index()];
        let mv = player.choose(&game.view(seat), &deadline);
        game.apply(mv).map_err(|source| PlayerError::Illegal {
            player: player.name().to_string(),
            seat,
            mv,
            source,
        })?;
    }
}

/// One seed per seat (landlord, farmer 1, farmer 2), drawn in that order
/// from `seeds`.
pub fn seat_seeds(seeds: &mut Rng) -> [u64; 3] {
    [rng::split(seeds), rng::split(seeds), rng::split(seeds)]
}

/// Seats `players` (landlord, farmer 1, farmer 2) at `game`, each seeded
/// from its entry of `seeds`, and plays it out ([`play_out`]).
pub fn play_seated(
    game: &mut Game,
    players: [&PlayerSpec; 3],
    seeds: [u64; 3],
    clock: &dyn Clock,
    budget_ms: Option<f64>,
) -> Result<Outcome, PlayerError> {
    let mut table: Vec<Box<dyn Player>> = players.iter().zip(seeds).map(|(p, seed)| p.build(seed)).collect();
    play_out(game, &mut table, clock, budget_ms)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Cards;
    use crate::clock::MonotonicClock;
    use crate::deal::Deal;

    #[test]
    fn greedy_leads_its_lowest_card_in_its_largest_play() {
        let g = Game::from_hands(&["345678TTT".parse().unwrap(), "2".parse().unwrap()]).unwrap();
        let mv = GreedyPlayer::new().choose(&g.view(Seat::Landlord), &Deadline::NONE);
        assert_eq!(mv.to_string(), "345678");
        let g = Game::from_hands(&["333557".parse().unwrap(), "2".parse().unwrap()]).unwrap();
        let mv = GreedyPlayer::new().choose(&g.view(Seat::Landlord), &Deadline::NONE);
        assert_eq!(mv.to_string(), "33355");
        assert_eq!(mv.play().unwrap().kind(), crate::play::Kind::TrioPair);
    }

    #[test]
    fn greedy_does_not_beat_its_partner_and_saves_bombs() {
        let choose = |hands: &[&str], moves: &[&str]| {
            let hands: Vec<Cards> = hands.iter().map(|h| h.parse().unwrap()).collect();
            let mut g = Game::from_hands(&hands).unwrap();
            for m in moves {
                g.apply(Move::parse(m).unwrap()).unwrap();
            }
            GreedyPlayer::new()
                .choose(&g.view(g.to_move()), &Deadline::NONE)
                .to_string()
        };
        assert_eq!(choose(&["33", "4TT", "89"], &["3", "4"]), "pass");
        assert_eq!(choose(&["33", "4TT", "89"], &["3"]), "4");
        // Bomb the landlord only when it could go out soon.
        assert_eq!(choose(&["29", "3333J"], &["2"]), "3333");
        assert_eq!(choose(&["26789T", "3333J"], &["2"]), "pass");
    }

    #[test]
    fn baselines_finish_seeded_deals_deterministically() {
        let clock = MonotonicClock::default();
        for seed in 0..30 {
            let run = || {
                let mut game = Game::new(&Deal::from_seed(seed));
                let mut players = vec![
                    make_player("random", seed).unwrap(),
                    make_player("greedy", 0).unwrap(),
                    make_player("greedy", 0).unwrap(),
                ];
                let outcome = play_out(&mut game, &mut players, &clock, Some(1000.0)).unwrap();
                (outcome, game.record().to_vec())
            };
            assert_eq!(run(), run());
        }
        assert!(matches!(make_player("alphago", 0), Err(PlayerError::Unknown(_))));
    }
}

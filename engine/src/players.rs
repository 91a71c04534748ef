//! Players: the [`Player`] trait every AI implements, the two baselines
//! (uniformly random, simple greedy), and a driver that plays a deal out.

use thiserror::Error;

use crate::cards::Cards;
use crate::clock::{Clock, Deadline};
use crate::game::{Game, IllegalMove, Outcome, SeatView};
use crate::play::{Kind, Move, Play};
use crate::rng::{self, Rng};
use crate::seat::Seat;

/// A player chooses a move from what its seat may know, within a deadline.
/// It must return one of `view.legal_moves()`; [`play_out`] checks that.
pub trait Player {
    /// The name it is registered under (`random`, `greedy`, ...).
    fn name(&self) -> &str;
    fn choose(&mut self, view: &SeatView<'_>, deadline: &Deadline<'_>) -> Move;
}

/// Picks uniformly among the legal moves (the pass included when allowed).
pub struct RandomPlayer {
    rng: Rng,
    moves: Vec<Move>,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: rng::from_seed(seed),
            moves: Vec::with_capacity(256),
        }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, view: &SeatView<'_>, _: &Deadline<'_>) -> Move {
        self.moves.clear();
        view.legal_moves(&mut self.moves);
        let i = rng::below(&mut self.rng, self.moves.len() as u32) as usize;
        self.moves.get(i).copied().unwrap_or(Move::Pass)
    }
}

/// A simple rule player. Leading: the lowest card goes out in the largest
/// non-bomb play whose main rank it is (so `3` leads `34567` rather than
/// `3` alone). Following: never over its partner; otherwise the lowest play
/// of the same kind, and a bomb or the rocket only when the opponent who
/// played could go out soon (≤ 4 cards) or when it empties its own hand.
#[derive(Default)]
pub struct GreedyPlayer {
    plays: Vec<Play>,
}

impl GreedyPlayer {
    pub fn new() -> GreedyPlayer {
        GreedyPlayer::default()
    }

    fn lead(&mut self, hand: Cards) -> Move {
        self.plays.clear();
        crate::movegen::lead_plays(hand, &mut self.plays);
        if let Some(all) = self.plays.iter().find(|p| p.cards() == hand) {
            return Move::Play(*all);
        }
        let Some(lowest) = hand.lowest() else {
            return Move::Pass;
        };
        let ordinary =
            |p: &&Play| !p.is_bomb_or_rocket() && !matches!(p.kind(), Kind::FourTwoSingles | Kind::FourTwoPairs);
        let best = self
            .plays
            .iter()
            .filter(ordinary)
            .filter(|p| p.rank() == lowest)
            // The first of the largest: generation order puts low kickers first.
            .fold(None::<Play>, |best, &p| match best {
                Some(b) if b.cards().len() >= p.cards().len() => Some(b),
                _ => Some(p),
            });
        best.or_else(|| self.plays.first().copied())
            .map_or(Move::Pass, Move::Play)
    }

    fn follow(&mut self, view: &SeatView<'_>, by: Seat, target: Play) -> Move {
        if view.is_partner(by) {
            return Move::Pass;
        }
        self.plays.clear();
        crate::movegen::follow_plays(view.hand(), target, &mut self.plays);
        if let Some(out) = self.plays.iter().find(|p| p.cards() == view.hand()) {
            return Move::Play(*out);
        }
        let same_kind = self
            .plays
            .iter()
            .find(|p| p.kind() == target.kind() && !p.is_bomb_or_rocket());
        if let Some(p) = same_kind.or(self.plays.first().filter(|p| p.kind() == target.kind())) {
            return Move::Play(*p);
        }
        if view.count(by) <= 4 {
            if let Some(bomb) = self.plays.iter().find(|p| p.is_bomb_or_rocket()) {
                return Move::Play(*bomb);
            }
        }
        Move::Pass
    }
}

impl Player for GreedyPlayer {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&mut self, view: &SeatView<'_>, _: &Deadline<'_>) -> Move {
        match view.to_beat() {
            None => self.lead(view.hand()),
            Some((by, target)) => self.follow(view, by, target),
        }
    }
}

/// The names [`make_player`] knows.
pub const PLAYER_NAMES: [&str; 2] = ["random", "greedy"];

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayerError {
    #[error("unknown player '{0}' (known: {known})", known = PLAYER_NAMES.join(", "))]
    Unknown(String),
    #[error("player {player} ({seat}) chose an illegal move {mv}: {source}")]
    Illegal {
        player: String,
        seat: Seat,
        mv: String,
        source: IllegalMove,
    },
    #[error("{players} players for a table of {seats}")]
    WrongCount { players: usize, seats: usize },
}

/// A player by name; `seed` feeds its randomness (if any).
pub fn make_player(name: &str, seed: u64) -> Result<Box<dyn Player>, PlayerError> {
    match name {
        "random" => Ok(Box::new(RandomPlayer::new(seed))),
        "greedy" => Ok(Box::new(GreedyPlayer::new())),
        other => Err(PlayerError::Unknown(other.to_string())),
    }
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
            mv: mv.to_string(),
            source,
        })?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::MonotonicClock;
    use crate::deal::Deal;

    #[test]
    fn greedy_leads_its_lowest_card_in_its_largest_play() {
        let g = Game::from_hands(&["345678TTT".parse().unwrap(), "2".parse().unwrap()]).unwrap();
        let mv = GreedyPlayer::new().choose(&g.view(Seat::Landlord), &Deadline::NONE);
        assert_eq!(mv.to_string(), "345678");
        let g = Game::from_hands(&["333557".parse().unwrap(), "2".parse().unwrap()]).unwrap();
        let mv = GreedyPlayer::new().choose(&g.view(Seat::Landlord), &Deadline::NONE);
        assert_eq!(mv.play().unwrap().notation(), "333+55");
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
                (outcome, game.history().to_vec())
            };
            assert_eq!(run(), run());
        }
        assert!(matches!(make_player("alphago", 0), Err(PlayerError::Unknown(_))));
    }
}

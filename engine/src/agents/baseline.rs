//! The two baselines: uniformly random, and a simple greedy rule player.

use crate::cards::Cards;
use crate::clock::Deadline;
use crate::game::SeatView;
use crate::play::{Kind, Move, Play};
use crate::rng::{self, Rng};
use crate::seat::Seat;

use super::Player;

/// Picks uniformly among the legal moves (the pass included when allowed).
pub struct RandomPlayer {
    rng: Rng,
    moves: Vec<Move>,
}

impl RandomPlayer {
    /// A random player whose choices are all drawn from `seed`.
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
    /// A greedy player (it has no randomness).
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

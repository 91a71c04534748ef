//! The field: how a panel of AI tables does on a board from the entrant's
//! seat, against the same opponents, so an entrant's score can be set
//! against it (the share of the field beaten, ties counting half, as
//! bridge's matchpoints count them).

use serde::{Deserialize, Serialize};

use crate::agents::{PlayerError, PlayerSpec, Rung};
use crate::clock::{Clock, Deadline};
use crate::game::Game;
use crate::lab::dih::{Distribution, DistributionError};
use crate::lab::panel::score_set;
use crate::stepwise::{step_until, Completion, Stepwise};

use super::boards::Board;
use super::referee::{board_score, opponent_move};
use crate::rng::derive;

/// The field's players: the ladder's rungs L0 to L10 (the `ladder`
/// panel's landlords), each in the entrant's seat.
pub const FIELD_RUNGS: std::ops::RangeInclusive<usize> = 0..=10;
/// Games each of them plays (their own randomness seeded per game).
pub const FIELD_GAMES: u32 = 2;
/// The field's games on a board, in all.
pub const FIELD_TOTAL: u32 = (*FIELD_RUNGS.end() - *FIELD_RUNGS.start() + 1) as u32 * FIELD_GAMES;

/// A board's scores from the entrant's seat over the field's games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Field {
    /// The deal's score set, ascending (the entrant's side: a farmer's
    /// score is the landlord's negated).
    pub scores: Vec<i64>,
    /// Games that ended with each score.
    pub counts: Vec<u64>,
    /// Each game's score in the order played: L0's games, then L1's, up
    /// to L10's ([`FIELD_GAMES`] each). The same game of the same rung on
    /// every board is one player of the field, whose total over an
    /// event's boards [`FieldPlace`](super::FieldPlace) compares. Empty in
    /// a field kept before it was recorded.
    #[serde(default)]
    pub each_game: Vec<i64>,
}

impl Field {
    /// Games played.
    pub fn games(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Each of the field's players' score, when every game's is known.
    pub fn players(&self) -> Option<&[i64]> {
        (self.each_game.len() == FIELD_TOTAL as usize).then_some(self.each_game.as_slice())
    }

    /// The share of the field's games that `score` beats, ties counting
    /// half: 0 to 1 (0.5 with no games).
    pub fn beaten(&self, score: i64) -> f64 {
        let games = self.games();
        if games == 0 {
            return 0.5;
        }
        let below: u64 = self.pairs().filter(|&(s, _)| s < score).map(|(_, c)| c).sum();
        let ties: u64 = self.pairs().filter(|&(s, _)| s == score).map(|(_, c)| c).sum();
        (below as f64 + ties as f64 / 2.0) / games as f64
    }

    /// The field's mean score.
    pub fn mean(&self) -> f64 {
        let games = self.games().max(1) as f64;
        self.pairs().map(|(s, c)| s as f64 * c as f64).sum::<f64>() / games
    }

    fn pairs(&self) -> impl Iterator<Item = (i64, u64)> + '_ {
        self.scores.iter().copied().zip(self.counts.iter().copied())
    }

    /// The mean score of `players` (indices into [`FIELD_RUNGS`]) and its
    /// sampling variance, when each of the field's players played `games`
    /// games in order ([`FieldRun::with_games`]): each player's sample
    /// variance over its games, averaged over the players and divided by
    /// the games. NaN variance below 2 games.
    pub fn mean_and_variance(&self, games: u32, players: std::ops::Range<usize>) -> (f64, f64) {
        let g = games.max(1) as usize;
        let chunks: Vec<&[i64]> = self.each_game.chunks(g).filter(|c| c.len() == g).collect();
        let chosen = chunks.get(players).unwrap_or_default();
        let n = chosen.len() as f64;
        let mean = chosen.iter().flat_map(|c| c.iter()).sum::<i64>() as f64 / (n * g as f64);
        let variance: f64 = chosen
            .iter()
            .map(|c| {
                let m = c.iter().sum::<i64>() as f64 / g as f64;
                c.iter().map(|&s| (s as f64 - m).powi(2)).sum::<f64>() / (g as f64 - 1.0)
            })
            .sum();
        (mean, variance / (n * n * g as f64))
    }

    /// As a distribution (for DIH).
    pub fn distribution(&self) -> Result<Distribution, DistributionError> {
        let counts: Vec<(i64, u64)> = self.pairs().collect();
        Distribution::from_counts(&counts)
    }
}

/// The field's games on one board, a game at a time.
pub struct FieldRun {
    board: Board,
    opponents: Rung,
    players: Vec<PlayerSpec>,
    /// Games each player plays.
    games: u32,
    played: u32,
    field: Field,
}

impl FieldRun {
    /// The field on `board` against `opponents`, nothing played yet.
    pub fn new(board: Board, opponents: Rung) -> FieldRun {
        FieldRun::with_games(board, opponents, FIELD_GAMES)
    }

    /// A larger (or smaller) field than a contest's: each player plays
    /// `games` games (at least 1).
    pub fn with_games(board: Board, opponents: Rung, games: u32) -> FieldRun {
        let scores = score_set(&board.deal());
        let players: Vec<PlayerSpec> = FIELD_RUNGS.filter_map(Rung::new).map(Rung::spec).collect();
        let games = games.max(1);
        FieldRun {
            field: Field {
                counts: vec![0; scores.len()],
                scores,
                each_game: Vec::with_capacity(players.len() * games as usize),
            },
            board,
            opponents,
            players,
            games,
            played: 0,
        }
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// Games in all.
    fn total(&self) -> u32 {
        self.players.len() as u32 * self.games
    }

    /// Plays the next game (every move unbounded by the clock, as the
    /// entrant's opponents play).
    pub fn step(&mut self) -> Result<(), PlayerError> {
        if self.is_done() {
            return Ok(());
        }
        let index = (self.played / self.games) as usize;
        let spec = self.players[index];
        let seed = derive(&[
            b"field",
            &self.board.seed.to_le_bytes(),
            &(index as u64).to_le_bytes(),
            &self.played.to_le_bytes(),
        ]);
        let mut player = spec.build(seed);
        let mut game = Game::new(&self.board.deal());
        let mut legal = Vec::new();
        while !game.is_over() {
            let seat = game.to_move();
            let mv = if seat == self.board.seat {
                player.choose(&game.view(seat), &Deadline::NONE)
            } else {
                opponent_move(self.opponents, &self.board, &game)
            };
            legal.clear();
            game.legal_moves(&mut legal);
            if !legal.contains(&mv) {
                let name = if seat == self.board.seat {
                    spec
                } else {
                    self.opponents.spec()
                };
                let source = game.clone().apply(mv).err().unwrap_or(crate::IllegalMove::GameOver);
                return Err(PlayerError::Illegal {
                    player: name.to_string(),
                    seat,
                    mv,
                    source,
                });
            }
            let _ = game.apply(mv);
        }
        if let Some(outcome) = game.outcome() {
            let score = board_score(self.board.seat, &outcome);
            if let Some(i) = self.field.scores.iter().position(|&s| s == score) {
                self.field.counts[i] += 1;
            }
            self.field.each_game.push(score);
        }
        self.played += 1;
        Ok(())
    }

    /// Plays every game.
    pub fn run(mut self) -> Result<Field, PlayerError> {
        while !self.is_done() {
            self.step()?;
        }
        Ok(self.field)
    }
}

/// A step is a game.
impl Stepwise for FieldRun {
    type Tools = ();
    type Output = Field;
    type Error = PlayerError;

    fn advance(&mut self, _: &mut (), deadline: &Deadline<'_>, _: &dyn Clock) -> Result<(), PlayerError> {
        step_until(self, deadline, FieldRun::step)
    }

    fn completion(&self) -> Completion {
        Completion {
            done: self.played.into(),
            total: self.total().into(),
        }
    }

    fn is_done(&self) -> bool {
        self.played >= self.total()
    }

    fn output(&self) -> Field {
        self.field.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seat::Seat;

    #[test]
    fn the_field_is_the_same_every_time_and_counts_every_game() {
        let board = Board {
            number: 2,
            seed: 11,
            seat: Seat::Farmer1,
        };
        let l5: Rung = "L5".parse().unwrap();
        let a = FieldRun::new(board, l5).run().unwrap();
        assert_eq!(a.games(), 22);
        // Each game's score, in order, makes the histogram.
        assert_eq!(a.players().map(<[i64]>::len), Some(22));
        for (s, c) in a.scores.iter().zip(&a.counts) {
            assert_eq!(a.each_game.iter().filter(|&g| g == s).count() as u64, *c);
        }
        assert_eq!(a, FieldRun::new(board, l5).run().unwrap());
        assert_eq!(a.scores.len(), a.counts.len());
        let low = *a.scores.first().unwrap();
        let high = *a.scores.last().unwrap();
        assert!(a.beaten(high + 1) == 1.0 && a.beaten(low - 1) == 0.0);
        assert!((0.0..=1.0).contains(&a.beaten(1)));
    }

    #[test]
    fn ties_count_half() {
        let f = Field {
            scores: vec![-2, -1, 1, 2],
            counts: vec![1, 1, 1, 1],
            each_game: vec![],
        };
        assert_eq!(f.players(), None);
        assert_eq!(f.beaten(1), 0.625);
        assert_eq!(f.beaten(-2), 0.125);
        assert_eq!(f.mean(), 0.0);
        let none = Field {
            scores: vec![-1, 1],
            counts: vec![0, 0],
            each_game: vec![],
        };
        assert_eq!(none.beaten(1), 0.5);
    }
}

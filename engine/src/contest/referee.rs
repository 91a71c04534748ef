//! Playing and checking a board. The event's AI opponents choose every
//! move from the board and the record alone, bounded by search nodes,
//! never by the clock ([`opponent_move`]): so an entrant's opponents play
//! the same on a phone, a laptop and the organiser's machine, in duplicate
//! every entrant who plays the same cards meets the same replies, and an
//! organiser can check that every opponent's move in a result is the one
//! the AI makes ([`check_record`]).

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::agents::{PlayerError, PlayerSpec, Rung};
use crate::clock::{Clock, Deadline};
use crate::game::{Game, IllegalMove, Outcome, Scoring};
use crate::play::Move;
use crate::seat::Seat;

use super::boards::Board;
use crate::rng::derive;

/// The seed of the opponent to move after `moves` moves of `board`.
pub fn opponent_seed(board: &Board, moves: usize) -> u64 {
    derive(&[b"opponent", &board.seed.to_le_bytes(), &(moves as u64).to_le_bytes()])
}

/// The move the opponents make in `game` (an opponent's turn): the player
/// built afresh with [`opponent_seed`], given no deadline.
pub fn opponent_move(opponents: Rung, board: &Board, game: &Game) -> Move {
    let mut player = opponents.spec().build(opponent_seed(board, game.record().len()));
    player.choose(&game.view(game.to_move()), &Deadline::NONE)
}

/// The opponents' moves in `game` from now until it is the entrant's turn
/// (`board.seat`) or the board is over, each applied to `game`: what a
/// server answers an entrant's move with.
pub fn opponents_reply(opponents: Rung, board: &Board, game: &mut Game) -> Result<Vec<Move>, IllegalMove> {
    let mut moves = Vec::new();
    while !game.is_over() && game.to_move() != board.seat {
        let mv = opponent_move(opponents, board, game);
        game.apply(mv)?;
        moves.push(mv);
    }
    Ok(moves)
}

/// The entrant's score on a finished board: the landlord's tournament
/// score, or its negation for a farmer.
pub fn board_score(seat: Seat, outcome: &Outcome) -> i64 {
    outcome.team_score(seat.team(), Scoring::Tournament)
}

/// The entrant's score after `record`, replayed by the referee alone (the
/// opponents' moves taken as they are: a record `play_board` just made);
/// `None` if it does not replay to the end.
pub fn score_of(board: &Board, record: &[Move]) -> Option<i64> {
    let mut game = Game::new(&board.deal());
    for &mv in record {
        game.apply(mv).ok()?;
    }
    game.outcome().map(|o| board_score(board.seat, &o))
}

/// What is wrong with a board's record.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum RecordProblem {
    /// A move the rules refuse (cards the seat does not hold: the record
    /// is of another deal).
    #[error("move {turn} ({seat}, {mv}): {problem}")]
    Illegal {
        /// 1-based move number.
        turn: usize,
        /// The seat to move.
        seat: Seat,
        /// The move.
        mv: Move,
        /// What the referee says.
        problem: IllegalMove,
    },
    /// The record stops before anyone went out.
    #[error("the record stops after {moves} moves, before anyone went out")]
    Unfinished {
        /// Moves in the record.
        moves: usize,
    },
    /// Moves after someone went out.
    #[error("move {turn}: the deal was already over")]
    AfterEnd {
        /// 1-based number of the first move too many.
        turn: usize,
    },
    /// An opponent's move that is not the event's AI's.
    #[error(
        "move {turn} ({seat}): the record has {played}, but the event's {opponents} opponent plays {expected} there"
    )]
    NotTheOpponents {
        /// 1-based move number.
        turn: usize,
        /// The opponent's seat.
        seat: Seat,
        /// The move in the record.
        played: Move,
        /// The AI's move.
        expected: Move,
        /// The opponents.
        opponents: Rung,
    },
}

/// Replays `record` on `board` with the entrant in `board.seat`: every
/// move legal, every opponent's move the AI's, the deal finished. The
/// outcome, or the first problem.
pub fn check_record(opponents: Rung, board: &Board, record: &[Move]) -> Result<Outcome, RecordProblem> {
    let mut game = Game::new(&board.deal());
    for (i, &mv) in record.iter().enumerate() {
        let turn = i + 1;
        if game.is_over() {
            return Err(RecordProblem::AfterEnd { turn });
        }
        let seat = game.to_move();
        if seat != board.seat {
            let expected = opponent_move(opponents, board, &game);
            if expected != mv {
                return Err(RecordProblem::NotTheOpponents {
                    turn,
                    seat,
                    played: mv,
                    expected,
                    opponents,
                });
            }
        }
        game.apply(mv).map_err(|problem| RecordProblem::Illegal {
            turn,
            seat,
            mv,
            problem,
        })?;
    }
    game.outcome().ok_or(RecordProblem::Unfinished { moves: record.len() })
}

/// The seed of an AI entrant's move (`ddz contest enter`).
fn entrant_seed(seed: u64, board: &Board, moves: usize) -> u64 {
    derive(&[
        b"entrant",
        &seed.to_le_bytes(),
        &board.seed.to_le_bytes(),
        &(moves as u64).to_le_bytes(),
    ])
}

/// `player` plays `board` in the entrant's seat against the opponents,
/// each move seeded from `seed`, the board and the move, and given
/// `time_limit_ms` on `clock` if set: the record. A move the limit cuts
/// short depends on the machine's speed; a player that answers within it
/// plays the same record anywhere. The opponents have no limit: the
/// referee replays their moves.
pub fn play_board(
    opponents: Rung,
    board: &Board,
    player: &PlayerSpec,
    seed: u64,
    clock: &dyn Clock,
    time_limit_ms: Option<f64>,
) -> Result<Vec<Move>, PlayerError> {
    let mut game = Game::new(&board.deal());
    let mut legal = Vec::new();
    while !game.is_over() {
        let seat = game.to_move();
        let moves = game.record().len();
        let (mv, who) = if seat == board.seat {
            let mut p = player.build(entrant_seed(seed, board, moves));
            let deadline = time_limit_ms.map_or(Deadline::NONE, |ms| Deadline::after(clock, ms));
            (p.choose(&game.view(seat), &deadline), *player)
        } else {
            (opponent_move(opponents, board, &game), opponents.spec())
        };
        legal.clear();
        game.legal_moves(&mut legal);
        if !legal.contains(&mv) {
            let source = game.clone().apply(mv).err().unwrap_or(IllegalMove::GameOver);
            return Err(PlayerError::Illegal {
                player: who.to_string(),
                seat,
                mv,
                source,
            });
        }
        game.apply(mv).map_err(|source| PlayerError::Illegal {
            player: who.to_string(),
            seat,
            mv,
            source,
        })?;
    }
    Ok(game.record().iter().map(|t| t.mv).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::MonotonicClock;

    fn board(seat: Seat) -> Board {
        Board {
            number: 1,
            seed: 7,
            seat,
        }
    }

    #[test]
    fn a_time_limit_cuts_a_searching_entrant_short_and_leaves_a_quick_one_alone() {
        let clock = MonotonicClock::default();
        let l2: Rung = "L2".parse().unwrap();
        let b = board(Seat::Landlord);
        let quick: PlayerSpec = "L3".parse().unwrap();
        let limited = play_board(l2, &b, &quick, 1, &clock, Some(10_000.0)).unwrap();
        assert_eq!(limited, play_board(l2, &b, &quick, 1, &clock, None).unwrap());
        // Hundreds of samples of a million nodes: minutes a move unbounded.
        let slow: PlayerSpec = "sampler:samples=256:nodes=1000000".parse().unwrap();
        let start = clock.now_ms();
        let record = play_board(l2, &b, &slow, 1, &clock, Some(5.0)).unwrap();
        let took = clock.now_ms() - start;
        // The landlord leads, and turns go round: every third move is theirs.
        let mine = record.len().div_ceil(3);
        println!(
            "{} moves ({mine} the entrant's) under 5 ms each: {took:.0} ms",
            record.len()
        );
        assert!(check_record(l2, &b, &record).is_ok());
        assert!(took < 60_000.0, "{took} ms");
    }

    #[test]
    fn a_played_board_checks_and_a_changed_one_does_not() {
        let l7: Rung = "L7".parse().unwrap();
        for seat in Seat::ALL {
            let b = board(seat);
            let clock = MonotonicClock::default();
            let record = play_board(l7, &b, &"L3".parse().unwrap(), 1, &clock, None).unwrap();
            let outcome = check_record(l7, &b, &record).unwrap();
            assert_eq!(
                record,
                play_board(l7, &b, &"L3".parse().unwrap(), 1, &clock, None).unwrap()
            );
            let score = board_score(seat, &outcome);
            // The same game, the entrant's moves taken from the record and
            // the opponents' given by `opponents_reply`.
            let mut game = Game::new(&b.deal());
            let mut replayed = opponents_reply(l7, &b, &mut game).unwrap();
            while !game.is_over() {
                let mv = record[replayed.len()];
                game.apply(mv).unwrap();
                replayed.push(mv);
                replayed.extend(opponents_reply(l7, &b, &mut game).unwrap());
            }
            assert_eq!(replayed, record);
            assert_eq!(score.abs(), 1 + i64::from(outcome.bombs));
            assert_eq!(score_of(&b, &record), Some(score));
            // Cut short, one too many, an opponent's move changed.
            assert_eq!(
                check_record(l7, &b, &record[..record.len() - 1]),
                Err(RecordProblem::Unfinished {
                    moves: record.len() - 1
                })
            );
            let mut longer = record.clone();
            longer.push(Move::Pass);
            assert_eq!(
                check_record(l7, &b, &longer),
                Err(RecordProblem::AfterEnd { turn: record.len() + 1 })
            );
            let mut game = Game::new(&b.deal());
            let opponent_turn = record
                .iter()
                .position(|&mv| {
                    let theirs = game.to_move() != seat;
                    let _ = game.apply(mv);
                    theirs
                })
                .unwrap();
            let mut changed = record.clone();
            changed[opponent_turn] = if changed[opponent_turn] == Move::Pass {
                Move::parse("3").unwrap()
            } else {
                Move::Pass
            };
            assert!(matches!(
                check_record(l7, &b, &changed),
                Err(RecordProblem::NotTheOpponents { .. })
            ));
        }
        // Cards the entrant does not hold: the record is of another deal.
        let b = board(Seat::Landlord);
        let mut game = Game::new(&b.deal());
        let foreign = {
            let mut legal = vec![];
            Game::new(&crate::Deal::from_seed(8)).legal_moves(&mut legal);
            legal
                .into_iter()
                .find(|m| !b.deal().hand(Seat::Landlord).contains(m.cards()))
                .unwrap()
        };
        assert!(game.apply(foreign).is_err());
        assert!(matches!(
            check_record(l7, &b, &[foreign]),
            Err(RecordProblem::Illegal {
                turn: 1,
                problem: IllegalMove::NotHeld { .. },
                ..
            })
        ));
    }
}

//! A puzzle's proof: the position solved exactly (no time or node limit),
//! every first play with its verdict, and the facts a puzzle is graded by.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use std::collections::HashMap;

use crate::cards::Cards;
use crate::clock::Clock;
use crate::play::Move;
use crate::seat::{Seat, Team};
use crate::solver::{Position, SolveOptions, Solver};
use crate::split::Splitter;

use super::answer::{distinct, is_unique, same_answer};

/// Positions the search for the fewest plays to win ([`plays_to_win`])
/// may visit; a position that needs more is no puzzle.
pub const LINE_BUDGET: u64 = 2_000_000;

/// The most winning choices of kickers an answer may have.
pub const MAX_ANSWERS: usize = 6;

/// The longest proof searched for, in turns (and so the most a library
/// file may claim).
pub const MAX_TURNS: u32 = 60;

/// What the exact solve proved about a puzzle's position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Facts {
    /// The fewest plays (手; passes not counted; both farmers' for the
    /// farmers) in which the side to move goes out whatever the other side
    /// does ([`plays_to_win`]): the N of "必胜（N 手）".
    pub turns: u32,
    /// How many losing first plays there are, counted as answers
    /// ([`super::answer::same_answer`]: kickers aside).
    pub losing: u32,
    /// The answer is a play whose main part is no play of the side to
    /// move's best split (`split::Splitter::best`): it breaks the hand
    /// up the way a player would not.
    pub split: bool,
}

/// A position proven a puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Proof {
    /// The winning first plays: one answer, with each winning choice of
    /// kickers (usually one), in the order the moves are generated.
    pub answers: Vec<Move>,
    /// The facts for grading.
    pub facts: Facts,
}

/// Why a position is not a puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum NotAPuzzle {
    /// Someone has gone out already.
    #[error("the deal is over")]
    Over,
    /// The side to move has only one move.
    #[error("the side to move has only one move")]
    Forced,
    /// The side to move loses whatever it plays.
    #[error("the side to move loses with best play")]
    Lost,
    /// More than one answer wins (or an answer has more than
    /// [`MAX_ANSWERS`] winning choices of kickers).
    #[error("the winning first plays are not one answer: {0}")]
    NotUnique(String),
    /// The answer goes out at once.
    #[error("the answer goes out at once")]
    Immediate,
    /// The fewest plays to win were not found within [`LINE_BUDGET`]
    /// positions.
    #[error("the fewest plays to win were not found within {LINE_BUDGET} positions")]
    NoLine,
}

/// Proves `position` a puzzle: the side to move wins, with one answer
/// ([`super::answer::is_unique`]), not at once. Exhaustive: every first
/// play is solved to the end.
pub fn prove(position: &Position, clock: &dyn Clock) -> Result<Proof, NotAPuzzle> {
    if position.winner().is_some() {
        return Err(NotAPuzzle::Over);
    }
    let mut legal = Vec::new();
    position.moves(&mut legal);
    if legal.len() < 2 {
        return Err(NotAPuzzle::Forced);
    }
    let options = SolveOptions {
        time_limit_ms: None,
        node_limit: None,
        principal_variation: false,
        ..SolveOptions::exhaustive()
    }
    .sized_for(position);
    let mut solver = Solver::new(options.table_bytes);
    let mover = position.to_move().team();
    let verdicts = solver.solve_moves(position, &options, clock);
    if let Some(v) = verdicts.iter().find(|v| !v.exact) {
        // Without a limit every verdict is exact; should one not be, the
        // position is no proven puzzle.
        return Err(NotAPuzzle::NotUnique(format!("{} was not proven", v.play)));
    }
    let winning: Vec<Move> = verdicts.iter().filter(|v| v.winner == mover).map(|v| v.play).collect();
    let losing: Vec<Move> = verdicts.iter().filter(|v| v.winner != mover).map(|v| v.play).collect();
    let Some(&answer) = winning.first() else {
        return Err(NotAPuzzle::Lost);
    };
    if !is_unique(&winning) {
        let names: Vec<String> = winning.iter().map(|m| m.to_string()).collect();
        return Err(NotAPuzzle::NotUnique(if names.is_empty() {
            "none".into()
        } else {
            names.join(", ")
        }));
    }
    if position.after(answer).winner().is_some() {
        return Err(NotAPuzzle::Immediate);
    }
    let (turns, first) = plays_to_win(position, LINE_BUDGET).ok_or(NotAPuzzle::NoLine)?;
    if !same_answer(first, answer) {
        return Err(NotAPuzzle::NotUnique(format!("the fastest win starts with {first}")));
    }
    let split = match answer {
        Move::Pass => false,
        Move::Play(p) => {
            let best = Splitter::new().best(position.hand(position.to_move()));
            !best.plays().iter().any(|g| g.main_cards() == p.main_cards())
        }
    };
    if winning.len() > MAX_ANSWERS {
        return Err(NotAPuzzle::NotUnique(format!("{} kicker choices win", winning.len())));
    }
    let mut answers = winning;
    answers.sort_by_key(|m| legal.iter().position(|l| l == m));
    Ok(Proof {
        answers,
        facts: Facts {
            turns,
            losing: distinct(&losing) as u32,
            split,
        },
    })
}

/// The fewest plays (passes not counted) in which the side to move at
/// `position` goes out whatever the other side does, and a first move
/// that does it: the least `n` for which a search of the side's plays
/// (any one of its moves, every one of the other side's) ends with it out
/// within `n` of its own plays. A side needs at least as many plays as
/// its best split has (`Splitter::min_plays`, the fewer of the two
/// farmers'), which prunes the search. `None` when the side cannot win,
/// or the search visits more than `budget` positions.
pub fn plays_to_win(position: &Position, budget: u64) -> Option<(u32, Move)> {
    let mut search = Fastest::new(position.to_move().team(), budget);
    for n in 1..=MAX_TURNS {
        let mut moves = Vec::new();
        position.moves(&mut moves);
        for mv in moves {
            let cost = u32::from(mv != Move::Pass);
            if cost <= n && search.wins_within(&position.after(mv), n - cost)? {
                return Some((n, mv));
            }
        }
    }
    None
}

/// The fewest plays (passes not counted) in which `team` goes out from
/// `position`, whoever is to move, whatever the other side does; `None`
/// if it cannot be sure to, or past `budget` positions.
pub fn plays_to_win_for(position: &Position, team: Team, budget: u64) -> Option<u32> {
    let mut search = Fastest::new(team, budget);
    (0..=MAX_TURNS).find_map(|n| match search.wins_within(position, n) {
        Some(true) => Some(Some(n)),
        Some(false) => None,
        None => Some(None),
    })?
}

/// [`plays_to_win`] after each of `moves` (moves of the side to move at
/// `position`): the fewest plays in which the side goes out having made
/// that move first (the move counted unless a pass). `None` for a move
/// after which the side cannot be sure to win, or where the search, which
/// all the moves share, has gone past `budget` positions.
pub fn plays_to_win_after(position: &Position, moves: &[Move], budget: u64) -> Vec<Option<u32>> {
    let mut search = Fastest::new(position.to_move().team(), budget);
    moves
        .iter()
        .map(|&mv| {
            let cost = u32::from(mv != Move::Pass);
            let child = position.after(mv);
            for n in cost..=MAX_TURNS {
                if search.wins_within(&child, n - cost)? {
                    return Some(n);
                }
            }
            None
        })
        .collect()
}

/// [`plays_to_win`]'s search.
struct Fastest {
    side: Team,
    memo: HashMap<(Position, u32), bool>,
    min_plays: HashMap<Cards, u32>,
    splitter: Splitter,
    nodes: u64,
    budget: u64,
}

impl Fastest {
    fn new(side: Team, budget: u64) -> Fastest {
        Fastest {
            side,
            memo: HashMap::new(),
            min_plays: HashMap::new(),
            splitter: Splitter::new(),
            nodes: 0,
            budget,
        }
    }

    /// Whether the side goes out from `pos` within `n` more plays of its
    /// own; `None` past the budget.
    fn wins_within(&mut self, pos: &Position, n: u32) -> Option<bool> {
        if let Some(w) = pos.winner() {
            return Some(w.team() == self.side);
        }
        let need = Seat::ALL[..pos.seats()]
            .iter()
            .filter(|s| s.team() == self.side)
            .map(|&s| {
                let hand = pos.hand(s);
                *self
                    .min_plays
                    .entry(hand)
                    .or_insert_with(|| self.splitter.min_plays(hand))
            })
            .min()
            .unwrap_or(u32::MAX);
        if need > n {
            return Some(false);
        }
        if let Some(&known) = self.memo.get(&(*pos, n)) {
            return Some(known);
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        let mut moves = Vec::new();
        pos.moves(&mut moves);
        let ours = pos.to_move().team() == self.side;
        let mut result = !ours;
        for mv in moves {
            let cost = u32::from(ours && mv != Move::Pass);
            if cost > n {
                continue;
            }
            if self.wins_within(&pos.after(mv), n - cost)? == ours {
                result = ours;
                break;
            }
        }
        self.memo.insert((*pos, n), result);
        Some(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::MonotonicClock;
    use crate::play::Play;

    #[test]
    fn the_plays_to_win_after_each_move_agree_with_the_position() {
        for p in crate::puzzles::library().iter().take(40) {
            let mut moves = Vec::new();
            p.position().moves(&mut moves);
            let after = plays_to_win_after(p.position(), &moves, 1 << 22);
            // The fewest over the moves is the position's own; the answer
            // attains it; a move that loses has none.
            let best = after.iter().flatten().min().copied();
            assert_eq!(best, Some(p.moves_to_win()), "{}", p.id());
            for (mv, n) in moves.iter().zip(&after) {
                if p.accepts(*mv) {
                    assert_eq!(*n, Some(p.moves_to_win()), "{} {mv}", p.id());
                }
            }
        }
    }

    fn pos(hands: &[&str], to_move: Seat, beat: Option<(Seat, &str)>) -> Position {
        let hands: Vec<Cards> = hands.iter().map(|h| h.parse().unwrap()).collect();
        Position::new(&hands, to_move, beat.map(|(s, p)| (s, Play::parse(p).unwrap()))).unwrap()
    }

    fn proof(p: &Position) -> Result<Proof, NotAPuzzle> {
        prove(p, &MonotonicClock::default())
    }

    #[test]
    fn a_puzzle_has_one_winning_combination() {
        // The docs' example: 3KK against an A, the pair first.
        let p = proof(&pos(&["3KK", "A"], Seat::Landlord, None)).unwrap();
        assert_eq!(p.answers, [Move::parse("KK").unwrap()]);
        assert_eq!(p.facts.turns, 2);
        assert_eq!(p.facts.losing, 2); // 3 and K
                                       // KKA against a 3: the pair or the A first, both win.
        assert!(matches!(
            proof(&pos(&["KKA", "3"], Seat::Landlord, None)),
            Err(NotAPuzzle::NotUnique(_))
        ));
        // The built-in puzzle 5: 3TTT wins, TTT with another kicker loses.
        let p = proof(&pos(&["37TTTQKKA", "468QAAAD"], Seat::Landlord, None)).unwrap();
        assert_eq!(p.answers, [Move::parse("3TTT").unwrap()]);
        // Several winning kickers: each is an answer.
        let p = proof(&pos(&["9999JQK", "4456677TTA2D"], Seat::Landlord, None)).unwrap();
        let answers: Vec<String> = p.answers.iter().map(|m| m.to_string()).collect();
        assert_eq!(answers, ["9999JQ", "9999JK", "9999QK"]);
    }

    #[test]
    fn what_is_not_a_puzzle_says_why() {
        assert_eq!(
            proof(&pos(&["33", "A"], Seat::Landlord, None)).unwrap_err(),
            NotAPuzzle::Immediate
        );
        assert_eq!(
            proof(&pos(&["3", "A"], Seat::Farmer1, Some((Seat::Landlord, "2")))).unwrap_err(),
            NotAPuzzle::Forced
        );
        assert_eq!(
            proof(&pos(&["34", "AA"], Seat::Landlord, None)).unwrap_err(),
            NotAPuzzle::Lost
        );
        // A pass that wins: farmer 2 lets its partner's 2 stand.
        let p = proof(&pos(&["A", "3", "45X"], Seat::Farmer2, Some((Seat::Farmer1, "2")))).unwrap();
        assert_eq!(p.answers, [Move::Pass]);
    }

    #[test]
    fn the_fewest_plays_to_win_counts_plays_not_passes() {
        // 33 then 4 against a lone 5: two plays.
        assert_eq!(
            plays_to_win(&pos(&["334", "5"], Seat::Landlord, None), 1000).map(|r| r.0),
            Some(2)
        );
        // Farmers: farmer 1 passes, farmer 2's one play goes out.
        let p = pos(&["A", "3", "2"], Seat::Farmer1, Some((Seat::Landlord, "K")));
        assert_eq!(plays_to_win(&p, 1000).map(|(n, _)| n), Some(1));
        assert_eq!(plays_to_win(&pos(&["34", "AA"], Seat::Landlord, None), 1000), None);
    }
}

//! The verdict of every legal play, a slice at a time.

use serde::Serialize;

use crate::clock::{Clock, Deadline};
use crate::play::Move;
use crate::seat::Team;
use crate::stepwise::{Completion, Stepwise};

use super::key::Key;
use super::{predicted_winner, Position, SolveOptions, Solver};

/// One legal play of the side to move and what the position after it is
/// worth ([`Solver::solve_moves`]).
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct MoveVerdict {
    /// The play (or the pass).
    pub play: Move,
    /// Who wins after it, with best play from there (predicted when not exact).
    pub winner: Team,
    /// Proven by searching to the end.
    pub exact: bool,
    /// The landlord's value after it: the utility itself when exact, else
    /// an estimate.
    pub value: i32,
    /// Plays that lead to the same position, up to ranks nobody can tell
    /// apart (and so to the same verdict): one entry stands for them all.
    pub same_as: Option<Move>,
}

impl MoveVerdict {
    /// How good the play is for `team`: proven wins first (the larger the
    /// better), then estimates, then proven losses.
    fn rank_for(&self, team: Team) -> (i32, i32) {
        let v = if team == Team::Landlord {
            self.value
        } else {
            -self.value
        };
        let class = match (self.exact, self.winner == team) {
            (true, true) => 3,
            (false, true) => 2,
            (false, false) => 1,
            (true, false) => 0,
        };
        (class, v)
    }
}

/// [`Solver::solve_moves`] a slice at a time (how the web worker runs it,
/// reporting progress and listening for a cancel between slices).
pub struct MovesRun {
    position: Position,
    options: SolveOptions,
    moves: Vec<Move>,
    /// The positions solved so far, and where their verdicts are in `out`.
    keys: Vec<(Key, usize)>,
    out: Vec<MoveVerdict>,
    started: f64,
    /// Time spent on the play being solved.
    spent: f64,
    /// The play being solved's verdict so far (winner, value, unproven):
    /// its estimate without a search, then what its search found when a
    /// slice ended before its share did.
    pending: Option<(Team, i32)>,
    /// Estimates made without a search, and the time they took: under a
    /// time limit every play gets one first, so what is left to search
    /// keeps back what the plays still to come will need for theirs.
    guesses: u32,
    guess_ms: f64,
}

/// The least share of a time limit worth starting a search with: a search
/// looks at the clock only every 16 nodes.
const MIN_SEARCH_MS: f64 = 0.2;

impl MovesRun {
    /// A run over every legal move of the side to move in `position`, none
    /// solved yet; the best line is not filled in (only the verdicts).
    pub fn new(position: Position, options: SolveOptions, clock: &dyn Clock) -> MovesRun {
        let mut moves = Vec::new();
        position.moves(&mut moves);
        MovesRun {
            position,
            options: SolveOptions {
                principal_variation: false,
                ..options
            },
            moves,
            keys: Vec::new(),
            out: Vec::new(),
            started: clock.now_ms(),
            spent: 0.0,
            pending: None,
            guesses: 0,
            guess_ms: 0.0,
        }
    }

    /// Works for at most `slice_ms`; true when every play has its verdict.
    /// A time limit is for the whole run. Under one, each play first gets
    /// the horizon estimate without a search (tens of microseconds: a
    /// split of each hand); what is left of the limit, less what the plays
    /// still to come will need for their estimates, is shared out among
    /// the plays not yet solved, and a play not proven in its share keeps
    /// its estimate. Once too little is left to search, the plays left keep
    /// their estimates without a search (not proven) rather than overrun
    /// the limit: a hundred plays searched at even a millisecond each
    /// would take ten times a 10 ms limit.
    pub fn work_for(&mut self, solver: &mut Solver, clock: &dyn Clock, slice_ms: f64) -> bool {
        let slice_start = clock.now_ms();
        let utility = self.options.utility;
        while let Some(&mv) = self.moves.get(self.out.len()) {
            let child = self.position.after(mv);
            if let Some(w) = child.winner() {
                self.out.push(MoveVerdict {
                    play: mv,
                    winner: w.team(),
                    exact: true,
                    value: child.landlord_utility(utility),
                    same_as: None,
                });
                continue;
            }
            let (key, _) = child.key(utility);
            if let Some(&(_, j)) = self.keys.iter().find(|(k, _)| *k == key) {
                let first = self.out[j].clone();
                self.out.push(MoveVerdict {
                    play: mv,
                    same_as: Some(first.play),
                    ..first
                });
                continue;
            }
            let left_in_slice = slice_ms - (clock.now_ms() - slice_start);
            if left_in_slice <= 0.0 {
                return false;
            }
            let share = match self.options.time_limit_ms {
                None => None,
                Some(ms) => {
                    if self.pending.is_none() {
                        let before = clock.now_ms();
                        let value = solver.estimate_for_landlord(&child);
                        self.guess_ms += clock.now_ms() - before;
                        self.guesses += 1;
                        self.pending = Some((predicted_winner(value), value));
                    }
                    let unsolved = (self.moves.len() - self.out.len()) as f64;
                    let per_guess = self.guess_ms / f64::from(self.guesses.max(1));
                    let left = ms - (clock.now_ms() - self.started) - (unsolved - 1.0) * per_guess;
                    Some(left / unsolved)
                }
            };
            let budget = match share {
                Some(share) => (share - self.spent).min(left_in_slice),
                None => left_in_slice,
            };
            let verdict = match self.pending {
                // Too little time for this play: what it has without (or
                // from an earlier slice of) its search.
                Some((winner, value)) if budget < MIN_SEARCH_MS => (winner, false, value),
                _ => {
                    let r = solver.solve(
                        &child,
                        &SolveOptions {
                            time_limit_ms: budget.is_finite().then_some(budget),
                            node_limit: self.options.node_limit.map(|n| n / self.moves.len().max(1) as u64),
                            ..self.options
                        },
                        clock,
                    );
                    self.spent += r.ms;
                    if !r.exact && share.is_none_or(|share| self.spent < share) && self.options.node_limit.is_none() {
                        // Not proven yet, and time is left for it: go on next slice.
                        self.pending = Some((r.winner, r.value));
                        return false;
                    }
                    (r.winner, r.exact, r.value)
                }
            };
            let (winner, exact, value) = verdict;
            self.spent = 0.0;
            self.pending = None;
            self.keys.push((key, self.out.len()));
            self.out.push(MoveVerdict {
                play: mv,
                winner,
                exact,
                value,
                same_as: None,
            });
        }
        true
    }

    /// The verdicts so far, best first for the side to move.
    fn verdicts(&self) -> Vec<MoveVerdict> {
        let team = self.position.to_move.team();
        let mut out = self.out.clone();
        // A stable sort keeps equal plays in generation order.
        out.sort_by_key(|v| std::cmp::Reverse(v.rank_for(team)));
        out
    }
}

/// The least slice a [`MovesRun`] is given, so that each call to
/// [`Stepwise::advance`] makes headway (a search looks at the clock every
/// 16 nodes).
const MIN_MOVES_SLICE_MS: f64 = 1.0;

/// A step is a play's verdict; `advance` is [`MovesRun::work_for`] for the
/// time left to `deadline` (at least [`MIN_MOVES_SLICE_MS`]).
impl Stepwise for MovesRun {
    type Tools = Solver;
    type Output = Vec<MoveVerdict>;
    type Error = std::convert::Infallible;

    fn advance(&mut self, solver: &mut Solver, deadline: &Deadline<'_>, clock: &dyn Clock) -> Result<(), Self::Error> {
        self.work_for(solver, clock, deadline.remaining_ms().max(MIN_MOVES_SLICE_MS));
        Ok(())
    }

    fn completion(&self) -> Completion {
        Completion {
            done: self.out.len() as u64,
            total: self.moves.len() as u64,
        }
    }

    fn is_done(&self) -> bool {
        self.out.len() >= self.moves.len()
    }

    fn output(&self) -> Vec<MoveVerdict> {
        self.verdicts()
    }
}

impl Solver {
    /// Every legal play of the side to move in `position`, each with the
    /// verdict of the position after it, best first for the side to move
    /// (a [`MovesRun`] run to the end).
    pub fn solve_moves(&mut self, position: &Position, options: &SolveOptions, clock: &dyn Clock) -> Vec<MoveVerdict> {
        let mut run = MovesRun::new(*position, *options, clock);
        while !run.work_for(self, clock, f64::INFINITY) {}
        run.verdicts()
    }
}

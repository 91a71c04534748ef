//! An open-hand position solved within a time limit, or every play of it
//! given its verdict, in slices on the worker's solver.

use std::convert::Infallible;

use engine::puzzles;
use engine::solver::{Depth, MoveVerdict, MovesRun, Position, SolveOptions, SolveResult, Solver, Utility};
use engine::{step_until, Clock, Completion, Deadline, Move, Stepwise};

use super::running::{Running, Tool, Tools, SLICE_MS};
use super::{Answer, JobError, MovesJob, Quantity, SolveJob, WinsIn};

/// A solve runs in slices this long; the table carries the work over.
const SOLVE_SLICE_MS: f64 = 150.0;

/// A position solved in slices: each a search of its own, continuing from
/// the proofs the table kept, until proven or out of time.
pub struct SolveRun {
    position: Position,
    utility: Utility,
    limit: f64,
    spent: f64,
    nodes: u64,
    /// The last slice's result, with the nodes and time of all.
    last: Option<SolveResult>,
}

impl SolveRun {
    pub fn new(job: &SolveJob) -> Result<SolveRun, JobError> {
        let limit = Quantity::TimeLimit.check(job.time_limit_ms)?;
        let position = Position::new(&job.hands, job.to_move, job.to_beat).map_err(JobError::Position)?;
        Ok(SolveRun {
            position,
            utility: job.utility,
            limit,
            spent: 0.0,
            nodes: 0,
            last: None,
        })
    }

    fn step(&mut self, solver: &mut Solver, clock: &dyn Clock) {
        // Slices within the first half of the limit go to the proof alone
        // (the table carries it over); later ones also deepen, for an
        // estimate should no proof come.
        // The line only with the answer: an estimate's costs up to 20,000
        // nodes that the proof would lose in every slice.
        let last = self.spent + SOLVE_SLICE_MS >= self.limit;
        let options = SolveOptions {
            utility: self.utility,
            time_limit_ms: Some((self.limit - self.spent).clamp(1.0, SOLVE_SLICE_MS)),
            proof_share: if self.spent + SOLVE_SLICE_MS <= self.limit / 2.0 {
                1.0
            } else {
                0.5
            },
            principal_variation: last,
            ..SolveOptions::exhaustive()
        };
        let mut r = solver.solve(&self.position, &options, clock);
        if (r.exact || self.spent + r.ms >= self.limit) && !last {
            // The answer came early (proven, or the slice ran past the
            // limit): the table holds the proof, and the solver the deepest
            // iteration, so the line comes at once.
            let lined = SolveOptions {
                principal_variation: true,
                // Not another slice of search for an estimate.
                time_limit_ms: if r.exact { options.time_limit_ms } else { Some(1.0) },
                ..options
            };
            let line = solver.solve(&self.position, &lined, clock);
            (r.pv, r.best) = (line.pv, line.best);
            r.ms += line.ms;
        }
        self.spent += r.ms;
        self.nodes += r.nodes;
        r.nodes = self.nodes;
        r.ms = self.spent;
        self.last = Some(r);
    }
}

/// A step is a slice of search; its completion is in milliseconds of the
/// limit. The output is the deepest answer so far.
impl Stepwise for SolveRun {
    type Tools = Solver;
    type Output = Option<SolveResult>;
    type Error = Infallible;

    fn advance(&mut self, solver: &mut Solver, deadline: &Deadline<'_>, clock: &dyn Clock) -> Result<(), Infallible> {
        step_until(self, deadline, |run| {
            run.step(solver, clock);
            Ok(())
        })
    }

    fn completion(&self) -> Completion {
        Completion {
            done: self.spent.min(self.limit) as u64,
            total: self.limit as u64,
        }
    }

    fn is_done(&self) -> bool {
        self.last.as_ref().is_some_and(|r| r.exact) || self.spent >= self.limit
    }

    fn output(&self) -> Option<SolveResult> {
        self.last.clone()
    }
}

/// A solve tells how deep it has searched, not a count of steps.
impl Running for SolveRun {
    fn slice(&mut self, tools: &mut Tools, clock: &dyn Clock) -> Answer {
        let Ok(()) = self.advance(Tool::of(tools), &Deadline::after(clock, SLICE_MS), clock);
        match self.output() {
            Some(r) if self.is_done() => Answer::Solved(r),
            r => Answer::Searching {
                depth: r.and_then(|r| match r.depth {
                    Depth::Plies(plies) => Some(u32::from(plies)),
                    Depth::Full => None,
                }),
                nodes: self.nodes,
                ms: self.spent,
            },
        }
    }
}

/// Every play's verdict ([`MovesRun`], a step a slice of it), then the best
/// line and how far each win is ([`moves_answer`]), a step of its own.
pub struct Verdicts {
    run: MovesRun,
    position: Position,
    utility: Utility,
    answer: Option<Answer>,
}

impl Verdicts {
    pub fn new(job: &MovesJob, clock: &dyn Clock) -> Result<Verdicts, JobError> {
        let limit = Quantity::TimeLimit.check(job.time_limit_ms)?;
        let position = Position::new(&job.hands, job.to_move, job.to_beat).map_err(JobError::Position)?;
        let options = SolveOptions {
            utility: job.utility,
            time_limit_ms: Some(limit),
            ..SolveOptions::exhaustive()
        };
        Ok(Verdicts {
            run: MovesRun::new(position, options, clock),
            position,
            utility: job.utility,
            answer: None,
        })
    }

    fn step(&mut self, solver: &mut Solver, clock: &dyn Clock) {
        if !self.run.is_done() {
            self.run.work_for(solver, clock, SOLVE_SLICE_MS);
        } else {
            let verdicts = self.run.output();
            self.answer = Some(moves_answer(solver, clock, &self.position, self.utility, verdicts));
        }
    }
}

/// A step is a slice of the plays' verdicts, or the line at the end.
impl Stepwise for Verdicts {
    type Tools = Solver;
    type Output = Answer;
    type Error = Infallible;

    fn advance(&mut self, solver: &mut Solver, deadline: &Deadline<'_>, clock: &dyn Clock) -> Result<(), Infallible> {
        step_until(self, deadline, |run| {
            run.step(solver, clock);
            Ok(())
        })
    }

    fn completion(&self) -> Completion {
        let plays = self.run.completion();
        Completion {
            done: plays.done + u64::from(self.answer.is_some()),
            total: plays.total + 1,
        }
    }

    fn is_done(&self) -> bool {
        self.answer.is_some()
    }

    /// The verdicts so far, without a line until they are all in.
    fn output(&self) -> Answer {
        self.answer.clone().unwrap_or_else(|| Answer::Moves {
            verdicts: self.run.output(),
            line: vec![],
            wins_in: WinsIn::default(),
        })
    }
}

/// The positions the count of a win's plays may visit, for the position
/// and all its winning plays together: a puzzle's need a few thousand; a
/// large position goes without its N rather than hold the answer up.
const WINS_IN_NODES: u64 = 300_000;

/// The answer to a `Moves` job once every play has its verdict: the best
/// line from the position when it is proven (as `ddz solve` gives it: the
/// longest-resistance line when the solver finds it in time, else the
/// proof's principal variation) and, for each proven win, in how few plays
/// the winner is sure to go out ([`WinsIn`]).
fn moves_answer(
    solver: &mut Solver,
    clock: &dyn Clock,
    position: &Position,
    utility: Utility,
    verdicts: Vec<MoveVerdict>,
) -> Answer {
    let Some(best) = verdicts.first().filter(|v| v.exact) else {
        return Answer::Moves {
            verdicts,
            line: vec![],
            wins_in: WinsIn::default(),
        };
    };
    let options = SolveOptions {
        utility,
        time_limit_ms: Some(SOLVE_SLICE_MS),
        ..SolveOptions::exhaustive()
    };
    let r = solver.solve(position, &options, clock);
    let line = if r.exact { r.pv } else { vec![] };
    // The mover's winning plays (one of each group of equivalents), counted
    // in one search; the position's N is the fewest of theirs, or the
    // other side's own count when the mover loses.
    let mover = position.to_move().team();
    let winning: Vec<usize> = (0..verdicts.len())
        .filter(|&i| verdicts[i].exact && verdicts[i].winner == mover && verdicts[i].same_as.is_none())
        .collect();
    let moves: Vec<Move> = winning.iter().map(|&i| verdicts[i].play).collect();
    let counted = puzzles::plays_to_win_after(position, &moves, WINS_IN_NODES);
    let mut plays: Vec<Option<u32>> = vec![None; verdicts.len()];
    for (&i, n) in winning.iter().zip(counted) {
        plays[i] = n;
    }
    // Plays that lead to the same position share its N.
    for i in 0..verdicts.len() {
        if let Some(first) = verdicts[i].same_as {
            if let Some(j) = verdicts.iter().position(|w| w.play == first) {
                plays[i] = plays[j];
            }
        }
    }
    let own = if best.winner == mover {
        plays.iter().flatten().min().map(|&n| (mover, n))
    } else {
        puzzles::plays_to_win_for(position, best.winner, WINS_IN_NODES).map(|n| (best.winner, n))
    };
    let wins_in = WinsIn { position: own, plays };
    Answer::Moves {
        verdicts,
        line,
        wins_in,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::clock::MonotonicClock;
    use engine::{Cards, Seat, Team};

    fn answer(landlord: &str, farmer: &str) -> (Position, Answer) {
        let hands: Vec<Cards> = [landlord, farmer].iter().map(|h| h.parse().unwrap()).collect();
        let position = Position::new(&hands, Seat::Landlord, None).unwrap();
        let clock = MonotonicClock::default();
        let mut solver = Solver::new(16 << 20);
        let verdicts = solver.solve_moves(&position, &SolveOptions::exhaustive(), &clock);
        (
            position,
            moves_answer(&mut solver, &clock, &position, Utility::WinLoss, verdicts),
        )
    }

    #[test]
    fn a_won_position_says_in_how_many_plays_and_so_does_each_winning_play() {
        // By hand: 34567 (the farmer cannot follow a straight), then the
        // 4, which the farmer beats or not, and the 6 to go out: three of
        // the landlord's plays however the farmer holds out. The losing
        // plays have no N.
        let (_, answer) = answer("3445667", "349QA2");
        let Answer::Moves {
            verdicts,
            line,
            wins_in,
        } = answer
        else {
            panic!("{answer:?}");
        };
        assert_eq!(wins_in.position, Some((Team::Landlord, 3)));
        assert!(!line.is_empty(), "the best line is shown");
        assert_eq!(wins_in.plays.len(), verdicts.len());
        for (v, n) in verdicts.iter().zip(&wins_in.plays) {
            let wins = v.exact && v.winner == Team::Landlord;
            assert_eq!(n.is_some(), wins, "{v:?}");
        }
        assert_eq!(wins_in.plays[0], Some(3));
    }

    #[test]
    fn a_play_that_goes_out_wins_in_one() {
        let (_, answer) = answer("33", "4");
        let Answer::Moves { verdicts, wins_in, .. } = answer else {
            panic!("{answer:?}");
        };
        assert_eq!(verdicts[0].play.to_string(), "33");
        assert_eq!(
            (wins_in.position, wins_in.plays[0]),
            (Some((Team::Landlord, 1)), Some(1))
        );
    }

    #[test]
    fn a_puzzles_n_is_the_librarys_whoever_wins() {
        let clock = MonotonicClock::default();
        for p in engine::puzzles::library().iter().take(12) {
            let mut solver = Solver::new(16 << 20);
            let verdicts = solver.solve_moves(p.position(), &SolveOptions::exhaustive(), &clock);
            let answer = moves_answer(&mut solver, &clock, p.position(), Utility::WinLoss, verdicts);
            let Answer::Moves { wins_in, .. } = answer else {
                panic!("{answer:?}");
            };
            assert_eq!(
                wins_in.position,
                Some((p.task().side(), p.moves_to_win())),
                "{}",
                p.id()
            );
        }
    }
}

//! The reactor: one per connection, one job at a time, each job advanced a
//! slice at a time with the worker's event loop let in between.

use std::time::Duration;

use engine::puzzles;
use engine::solver::{Depth, MoveVerdict, MovesRun, Position, SolveOptions, Solver, Utility};
use engine::Move;
use engine::{Clock, Deadline};
use futures::{FutureExt, SinkExt, StreamExt};
use yew_agent::reactor::{reactor, ReactorScope};

use super::choose::choose;
use super::contest::{contest_move, ContestRun};
use super::lab::LabRun;
use super::review::Review;
use super::simulation::Simulation;
use super::{Answer, Job, JobError, MovesJob, Quantity, Request, Response, SolveJob, WinsIn};
use crate::web::WebClock;

/// How long a slice of simulation or lab work runs before the job reports
/// and listens.
const SLICE_MS: f64 = 30.0;
/// A solve runs in slices this long; the table carries the work over.
const SOLVE_SLICE_MS: f64 = 150.0;
/// The solver's table in the worker (a browser tab's memory is shared).
const SOLVER_TABLE_BYTES: usize = 32 << 20;

#[reactor(EngineWorker)]
pub async fn engine_worker(mut scope: ReactorScope<Request, Response>) {
    let clock = WebClock;
    let mut solver: Option<Solver> = None;
    let mut next: Option<Request> = None;
    loop {
        let request = match next.take() {
            Some(r) => r,
            None => match scope.next().await {
                Some(r) => r,
                None => return,
            },
        };
        let Request::Run(id, job) = request else {
            continue; // a cancel with nothing running
        };
        // The learned split is one short answer, after the model's fetch
        // the first time (the worker's event loop runs meanwhile).
        if let Job::LearnedSplit(job) = &job {
            let answer = super::learned::split(job).await;
            if scope.send(Response { id, answer }).await.is_err() {
                return;
            }
            continue;
        }
        let mut running = Running::start(job, &mut solver, &clock);
        loop {
            let answer = running.advance(&mut solver, &clock);
            let last = answer.is_final();
            if scope.send(Response { id, answer }).await.is_err() {
                return;
            }
            if last {
                break;
            }
            // Let messages sent meanwhile arrive (and other connections'
            // jobs take their turn), then look for one.
            yew::platform::time::sleep(Duration::ZERO).await;
            match scope.next().now_or_never() {
                None => continue,
                Some(None) => return,
                Some(Some(request)) => {
                    let answer = Answer::Cancelled;
                    if scope.send(Response { id, answer }).await.is_err() {
                        return;
                    }
                    if let Request::Run(..) = request {
                        next = Some(request);
                    }
                    break;
                }
            }
        }
    }
}

/// A job in progress.
enum Running {
    Simulate(Box<Simulation>),
    Solve {
        job: SolveJob,
        position: Position,
        limit: f64,
        spent: f64,
        nodes: u64,
    },
    Moves(Box<MovesRun>, MovesJob),
    Review(Box<Review>),
    Lab(Box<LabRun>),
    Contest(Box<ContestRun>),
    /// Answered in one go: an AI's move, or a job that cannot run.
    Answered(Option<Answer>),
}

impl Running {
    fn start(job: Job, solver: &mut Option<Solver>, clock: &WebClock) -> Running {
        let started = match job {
            Job::Simulate(job) => Simulation::new(job).map(|s| Running::Simulate(Box::new(s))),
            Job::Solve(job) => Quantity::TimeLimit.check(job.time_limit_ms).and_then(|limit| {
                let position = Position::new(&job.hands, job.to_move, job.to_beat).map_err(JobError::Position)?;
                Ok(Running::Solve {
                    job,
                    position,
                    limit,
                    spent: 0.0,
                    nodes: 0,
                })
            }),
            Job::Moves(job) => Quantity::TimeLimit.check(job.time_limit_ms).and_then(|limit| {
                let position = Position::new(&job.hands, job.to_move, job.to_beat).map_err(JobError::Position)?;
                let options = SolveOptions {
                    utility: job.utility,
                    time_limit_ms: Some(limit),
                    ..SolveOptions::exhaustive()
                };
                Ok(Running::Moves(Box::new(MovesRun::new(position, options, clock)), job))
            }),
            Job::Review(job) => Review::new(&job).map(|r| Running::Review(Box::new(r))),
            Job::Choose(job) => Ok(Running::Answered(Some(match choose(&job, clock) {
                Ok((mv, ms)) => Answer::Chose { mv, ms },
                Err(e) => Answer::Failed(e),
            }))),
            Job::Lab(job) => LabRun::new(job).map(|r| Running::Lab(Box::new(r))),
            Job::Contest(job) => ContestRun::new(job).map(|r| Running::Contest(Box::new(r))),
            Job::ContestMove(job) => Ok(Running::Answered(Some(match contest_move(&job, clock) {
                Ok((mv, ms)) => Answer::Chose { mv, ms },
                Err(e) => Answer::Failed(e),
            }))),
            // Answered by the reactor before a job is started.
            Job::LearnedSplit(_) => Ok(Running::Answered(Some(Answer::Cancelled))),
        };
        let running = started.unwrap_or_else(|e| Running::Answered(Some(Answer::Failed(e))));
        if matches!(running, Running::Solve { .. } | Running::Moves(..) | Running::Review(_)) {
            solver.get_or_insert_with(|| Solver::new(SOLVER_TABLE_BYTES));
        }
        running
    }

    /// A slice of work: progress, or the final answer.
    fn advance(&mut self, solver: &mut Option<Solver>, clock: &WebClock) -> Answer {
        let slice = || Deadline::after(clock as &dyn Clock, SLICE_MS);
        match self {
            Running::Answered(answer) => answer.take().unwrap_or(Answer::Cancelled),
            Running::Simulate(sim) => {
                sim.advance(&slice());
                if sim.is_done() {
                    Answer::Simulated(sim.result().clone())
                } else {
                    Answer::Progress {
                        done: sim.result().games,
                        total: sim.total(),
                    }
                }
            }
            Running::Lab(run) => run.advance(&slice(), clock),
            Running::Contest(run) => run.advance(&slice(), clock),
            Running::Solve {
                job,
                position,
                limit,
                spent,
                nodes,
            } => {
                let Some(solver) = solver.as_mut() else {
                    return Answer::Cancelled;
                };
                // Slices within the first half of the limit go to the proof
                // alone (the table carries it over); later ones also deepen,
                // for an estimate should no proof come.
                // The line only with the answer: an estimate's costs up to
                // 20,000 nodes that the proof would lose in every slice.
                let last = *spent + SOLVE_SLICE_MS >= *limit;
                let options = SolveOptions {
                    utility: job.utility,
                    time_limit_ms: Some((*limit - *spent).clamp(1.0, SOLVE_SLICE_MS)),
                    proof_share: if *spent + SOLVE_SLICE_MS <= *limit / 2.0 {
                        1.0
                    } else {
                        0.5
                    },
                    principal_variation: last,
                    ..SolveOptions::exhaustive()
                };
                let mut r = solver.solve(position, &options, clock, &mut ());
                if (r.exact || *spent + r.ms >= *limit) && !last {
                    // The answer came early (proven, or the slice ran past
                    // the limit): the table holds the proof, and the solver
                    // the deepest iteration, so the line comes at once.
                    let lined = SolveOptions {
                        principal_variation: true,
                        // Not another slice of search for an estimate.
                        time_limit_ms: if r.exact { options.time_limit_ms } else { Some(1.0) },
                        ..options
                    };
                    let line = solver.solve(position, &lined, clock, &mut ());
                    (r.pv, r.best) = (line.pv, line.best);
                    r.ms += line.ms;
                }
                *spent += r.ms;
                *nodes += r.nodes;
                if r.exact || *spent >= *limit {
                    r.nodes = *nodes;
                    r.ms = *spent;
                    Answer::Solved(r)
                } else {
                    Answer::Searching {
                        depth: match r.depth {
                            Depth::Plies(plies) => Some(u32::from(plies)),
                            Depth::Full => None,
                        },
                        nodes: *nodes,
                        ms: *spent,
                    }
                }
            }
            Running::Moves(run, job) => {
                let Some(solver) = solver.as_mut() else {
                    return Answer::Cancelled;
                };
                if !run.advance(solver, clock, SOLVE_SLICE_MS) {
                    let (done, total) = run.progress();
                    return Answer::Progress {
                        done: done as u32,
                        total: total as u32,
                    };
                }
                let verdicts = run.verdicts();
                match Position::new(&job.hands, job.to_move, job.to_beat) {
                    Ok(position) => moves_answer(solver, clock, &position, job.utility, verdicts),
                    Err(_) => Answer::Moves {
                        verdicts,
                        line: vec![],
                        wins_in: WinsIn::default(),
                    },
                }
            }
            Running::Review(review) => match solver.as_mut() {
                Some(solver) => review.advance(solver, clock),
                None => Answer::Cancelled,
            },
        }
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
pub(super) fn moves_answer(
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
    let r = solver.solve(position, &options, clock, &mut ());
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

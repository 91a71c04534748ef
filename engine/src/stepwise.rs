//! Runs done a step at a time, so a caller (the web worker) can report
//! progress and stop between steps: one trait for the lab's panel games,
//! tournaments and equal-strength search and the solver's verdicts on
//! every move.

use crate::clock::{Clock, Deadline};
use crate::solver::{MoveVerdict, MovesRun, Solver};

/// How far a run has got: `done` of `total` steps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Completion {
    /// Steps done.
    pub done: u64,
    /// Steps in all (at most: a run may finish early).
    pub total: u64,
}

/// A run of many steps, driven in slices.
pub trait Stepwise {
    /// What a step needs beside the clock, kept by the caller between runs
    /// (the solver's table), or `()`.
    type Tools: ?Sized;
    /// The run's result (so far, while it is not done).
    type Output;
    /// Why a step failed; the run is then over.
    type Error;

    /// Works until the run is done or `deadline` has passed, taking at
    /// least one step if any is left.
    fn advance(
        &mut self,
        tools: &mut Self::Tools,
        deadline: &Deadline<'_>,
        clock: &dyn Clock,
    ) -> Result<(), Self::Error>;

    /// Steps done and in all.
    fn completion(&self) -> Completion;

    /// Whether the run is over.
    fn is_done(&self) -> bool;

    /// The result: the whole of it once [`Stepwise::is_done`].
    fn output(&self) -> Self::Output;

    /// Every step at once.
    fn finish(&mut self, tools: &mut Self::Tools, clock: &dyn Clock) -> Result<Self::Output, Self::Error> {
        while !self.is_done() {
            self.advance(tools, &Deadline::NONE, clock)?;
        }
        Ok(self.output())
    }
}

/// The `advance` of a run whose steps are short: takes `step` until the
/// run is done or `deadline` has passed, at least once if a step is left.
pub fn step_until<R: Stepwise + ?Sized>(
    run: &mut R,
    deadline: &Deadline<'_>,
    mut step: impl FnMut(&mut R) -> Result<(), R::Error>,
) -> Result<(), R::Error> {
    while !run.is_done() {
        step(run)?;
        if deadline.expired() {
            break;
        }
    }
    Ok(())
}

/// The least slice a [`MovesRun`] is given, so that each call to
/// [`Stepwise::advance`] makes headway (a search looks at the clock every
/// 16 nodes).
const MIN_MOVES_SLICE_MS: f64 = 1.0;

/// A step is a play's verdict; `advance` is [`MovesRun::advance`] for the
/// time left to `deadline` (at least [`MIN_MOVES_SLICE_MS`]).
impl Stepwise for MovesRun {
    type Tools = Solver;
    type Output = Vec<MoveVerdict>;
    type Error = std::convert::Infallible;

    fn advance(&mut self, solver: &mut Solver, deadline: &Deadline<'_>, clock: &dyn Clock) -> Result<(), Self::Error> {
        MovesRun::advance(self, solver, clock, deadline.remaining_ms().max(MIN_MOVES_SLICE_MS));
        Ok(())
    }

    fn completion(&self) -> Completion {
        let (done, total) = self.progress();
        Completion {
            done: done as u64,
            total: total as u64,
        }
    }

    fn is_done(&self) -> bool {
        let (done, total) = self.progress();
        done >= total
    }

    fn output(&self) -> Vec<MoveVerdict> {
        self.verdicts()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::MonotonicClock;
    use crate::solver::{Position, SolveOptions};

    #[test]
    fn a_moves_run_in_slices_gives_every_play_its_verdict() {
        let clock = MonotonicClock::default();
        let hands = ["3456789".parse().unwrap(), "TJ".parse().unwrap()];
        let position = Position::new(&hands, crate::Seat::Landlord, None).unwrap();
        let mut run = MovesRun::new(position, SolveOptions::exhaustive(), &clock);
        let mut solver = Solver::new(1 << 20);
        let total = run.completion().total;
        let verdicts = run.finish(&mut solver, &clock).unwrap();
        assert_eq!(verdicts.len() as u64, total);
        assert_eq!(run.completion(), Completion { done: total, total });
        let want = Solver::new(1 << 20).solve_moves(&position, &SolveOptions::exhaustive(), &clock);
        assert_eq!(verdicts, want);
    }
}

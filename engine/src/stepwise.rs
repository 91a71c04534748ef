//! Runs done a step at a time, so a caller (the web worker) can report
//! progress and stop between steps: one trait for every long job, the
//! lab's (panel games, tournaments, equal-strength search), the contest's
//! (an entrant's boards, a board's field, scoring, hand records) and the
//! solver's verdicts on every move.

use crate::clock::{Clock, Deadline};

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
    /// Why a step failed; the run is then over (the caller takes no more
    /// steps).
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

/// A boxed run is a run (the web worker keeps its jobs boxed).
impl<R: Stepwise + ?Sized> Stepwise for Box<R> {
    type Tools = R::Tools;
    type Output = R::Output;
    type Error = R::Error;

    fn advance(&mut self, tools: &mut R::Tools, deadline: &Deadline<'_>, clock: &dyn Clock) -> Result<(), R::Error> {
        (**self).advance(tools, deadline, clock)
    }
    fn completion(&self) -> Completion {
        (**self).completion()
    }
    fn is_done(&self) -> bool {
        (**self).is_done()
    }
    fn output(&self) -> R::Output {
        (**self).output()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::MonotonicClock;
    use crate::solver::{MovesRun, Position, SolveOptions, Solver};

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

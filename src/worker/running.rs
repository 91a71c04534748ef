//! A job in progress, as the reactor drives it: every job is a stepwise run
//! ([`Stepwise`]) advanced a slice at a time, answering with its progress
//! between slices and with its result once done.

use engine::solver::Solver;
use engine::{Clock, Completion, Deadline, Stepwise};

use super::{Answer, JobError};

/// How long a slice of work runs before the job reports and listens.
pub const SLICE_MS: f64 = 30.0;
/// The solver's table in the worker (a browser tab's memory is shared).
const SOLVER_TABLE_BYTES: usize = 32 << 20;

/// What a job's steps use beside the clock, kept between jobs: the solver,
/// made on first use (its table carries a solve's work from slice to
/// slice).
#[derive(Default)]
pub struct Tools {
    solver: Option<Solver>,
}

/// A run's [`Stepwise::Tools`], found in the worker's [`Tools`].
pub trait Tool {
    fn of(tools: &mut Tools) -> &mut Self;
}

impl Tool for () {
    fn of(_: &mut Tools) -> &mut () {
        // A unit takes no memory: leaking one allocates nothing.
        Box::leak(Box::new(()))
    }
}

impl Tool for Solver {
    fn of(tools: &mut Tools) -> &mut Solver {
        tools.solver.get_or_insert_with(|| Solver::new(SOLVER_TABLE_BYTES))
    }
}

/// A job in progress.
pub trait Running {
    /// Works for a slice (at least one step): the final answer when done,
    /// else progress.
    fn slice(&mut self, tools: &mut Tools, clock: &dyn Clock) -> Answer;
}

/// Progress: `done` of `total` steps (counts the worker holds within u32).
pub fn progress(completion: Completion) -> Answer {
    Answer::Progress {
        done: u32::try_from(completion.done).unwrap_or(u32::MAX),
        total: u32::try_from(completion.total).unwrap_or(u32::MAX),
    }
}

/// A run whose output makes the job's result: the page's [`Answer`], or
/// a part of it (a lab job's result).
pub struct Answering<R, F> {
    run: R,
    answer: F,
}

impl<R, F> Answering<R, F> {
    pub fn new(run: R, answer: F) -> Answering<R, F> {
        Answering { run, answer }
    }
}

impl<R, F, O> Stepwise for Answering<R, F>
where
    R: Stepwise,
    JobError: From<R::Error>,
    F: Fn(&R, R::Output) -> O,
{
    type Tools = R::Tools;
    type Output = O;
    type Error = JobError;

    fn advance(&mut self, tools: &mut R::Tools, deadline: &Deadline<'_>, clock: &dyn Clock) -> Result<(), JobError> {
        Ok(self.run.advance(tools, deadline, clock)?)
    }
    fn completion(&self) -> Completion {
        self.run.completion()
    }
    fn is_done(&self) -> bool {
        self.run.is_done()
    }
    fn output(&self) -> O {
        (self.answer)(&self.run, self.run.output())
    }
}

impl<R, F> Running for Answering<R, F>
where
    R: Stepwise,
    R::Tools: Tool,
    JobError: From<R::Error>,
    F: Fn(&R, R::Output) -> Answer,
{
    fn slice(&mut self, tools: &mut Tools, clock: &dyn Clock) -> Answer {
        let deadline = Deadline::after(clock, SLICE_MS);
        if let Err(e) = self.advance(Tool::of(tools), &deadline, clock) {
            return Answer::Failed(e);
        }
        if self.is_done() {
            self.output()
        } else {
            progress(self.completion())
        }
    }
}

/// A job of a run whose whole output is the answer `answer` makes of it.
pub fn boxed<R>(run: R, answer: impl Fn(R::Output) -> Answer + 'static) -> Box<dyn Running>
where
    R: Stepwise + 'static,
    R::Tools: Tool,
    JobError: From<R::Error>,
{
    Box::new(Answering::new(run, move |_: &R, output| answer(output)))
}

/// A job answered at once: an AI's move, a count, or why it cannot run.
pub struct Answered(Option<Answer>);

impl Answered {
    pub fn new(answer: Answer) -> Answered {
        Answered(Some(answer))
    }
}

impl Running for Answered {
    fn slice(&mut self, _: &mut Tools, _: &dyn Clock) -> Answer {
        self.0.take().unwrap_or(Answer::Cancelled)
    }
}

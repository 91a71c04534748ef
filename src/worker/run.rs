//! The reactor: one per connection, one job at a time, each job advanced a
//! slice at a time with the worker's event loop let in between.

use std::time::Duration;

use futures::{FutureExt, SinkExt, StreamExt};
use yew_agent::reactor::{reactor, ReactorScope};

use super::choose::choose;
use super::contest::{self, contest_move};
use super::lab;
use super::review::Review;
use super::running::{boxed, Answered, Running, Tools};
use super::simulation::Simulation;
use super::solve::{SolveRun, Verdicts};
use super::{Answer, Job, JobError, Request, Response};
use crate::web::WebClock;

#[reactor(EngineWorker)]
pub async fn engine_worker(mut scope: ReactorScope<Request, Response>) {
    let clock = WebClock;
    let mut tools = Tools::default();
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
        let mut running = start(job, &clock);
        loop {
            let answer = running.slice(&mut tools, &clock);
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

/// The job started: a run to advance a slice at a time, or its answer.
fn start(job: Job, clock: &WebClock) -> Box<dyn Running> {
    let started: Result<Box<dyn Running>, JobError> = match job {
        Job::Simulate(job) => Simulation::new(job).map(|s| boxed(s, Answer::Simulated)),
        Job::Solve(job) => SolveRun::new(&job).map(|r| Box::new(r) as Box<dyn Running>),
        Job::Moves(job) => Verdicts::new(&job, clock).map(|r| boxed(r, |answer| answer)),
        Job::Review(job) => Review::new(&job).map(|r| boxed(r, Answer::Reviewed)),
        Job::Choose(job) => Ok(Box::new(Answered::new(match choose(&job, clock) {
            Ok((mv, ms)) => Answer::Chose { mv, ms },
            Err(e) => Answer::Failed(e),
        }))),
        Job::Lab(job) => lab::start(job).map(|r| boxed(r, Answer::Lab)),
        Job::Contest(job) => contest::start(job),
        Job::ContestMove(job) => Ok(Box::new(Answered::new(match contest_move(&job, clock) {
            Ok((mv, ms)) => Answer::Chose { mv, ms },
            Err(e) => Answer::Failed(e),
        }))),
        // Answered by the reactor before a job is started.
        Job::LearnedSplit(_) => Ok(Box::new(Answered::new(Answer::Cancelled))),
    };
    started.unwrap_or_else(|e| Box::new(Answered::new(Answer::Failed(e))))
}

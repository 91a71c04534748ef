//! The UI side of the worker: `use_engine`, a connection of the component's
//! own that runs one job at a time.

use std::cell::Cell;
use std::rc::Rc;

use yew::prelude::*;
use yew_agent::reactor::{use_reactor_bridge, ReactorEvent, UseReactorBridgeHandle};

use super::{Answer, EngineWorker, Job, JobError, JobId, Request};

/// A component's connection to the engine worker (see [`use_engine`]).
#[derive(Clone)]
pub struct Engine {
    bridge: UseReactorBridgeHandle<EngineWorker>,
    /// The latest job's id; answers to older jobs are dropped.
    latest: Rc<Cell<JobId>>,
}

impl PartialEq for Engine {
    fn eq(&self, other: &Engine) -> bool {
        self.bridge == other.bridge
    }
}

impl Engine {
    /// Starts `job` in place of the one running, and returns its id.
    pub fn run(&self, job: Job) -> JobId {
        let id = self.latest.get().wrapping_add(1);
        self.latest.set(id);
        self.bridge.send(Request::Run(id, job));
        id
    }

    /// Stops the running job; it answers [`Answer::Cancelled`].
    pub fn cancel(&self) {
        self.bridge.send(Request::Cancel);
    }

    /// The id of the latest job started.
    pub fn latest(&self) -> JobId {
        self.latest.get()
    }
}

/// Connects the component to the engine worker: a reactor of its own, so
/// its jobs neither stop nor wait for other components' jobs beyond a
/// slice. `on_answer` gets the answers to the latest job only, with its id.
#[hook]
pub fn use_engine<F>(on_answer: F) -> Engine
where
    F: Fn(JobId, Answer) + 'static,
{
    let latest = use_memo((), |_| Cell::new(0 as JobId));
    let bridge = {
        let latest = latest.clone();
        use_reactor_bridge::<EngineWorker, _>(move |event| {
            if let ReactorEvent::Output(response) = event {
                if response.id == latest.get() {
                    on_answer(response.id, response.answer);
                }
            }
        })
    };
    Engine { bridge, latest }
}

/// A job's state as a page keeps it; `T` is its result.
#[derive(Clone, Debug, PartialEq)]
pub enum Task<T> {
    Idle,
    Running { done: u32, total: u32 },
    Done(T),
    Cancelled,
    Failed(JobError),
}

impl<T> Task<T> {
    /// A job just sent, nothing heard yet.
    pub const STARTED: Task<T> = Task::Running { done: 0, total: 0 };

    pub fn is_running(&self) -> bool {
        matches!(self, Task::Running { .. })
    }

    /// Follows a worker answer: progress, a cancel, a failure, or (through
    /// `result`) the result. Answers `result` does not take leave it as is.
    pub fn follow(&mut self, answer: Answer, result: impl FnOnce(Answer) -> Option<T>) {
        *self = match answer {
            Answer::Progress { done, total } => Task::Running { done, total },
            Answer::Cancelled => Task::Cancelled,
            Answer::Failed(e) => Task::Failed(e),
            other => match result(other) {
                Some(r) => Task::Done(r),
                None => return,
            },
        };
    }
}

/// A job's state kept by [`use_task`], with how to read its result.
struct TaskState<T> {
    task: Task<T>,
    result: fn(Answer) -> Option<T>,
}

impl<T: PartialEq> PartialEq for TaskState<T> {
    fn eq(&self, other: &Self) -> bool {
        self.task == other.task
    }
}

enum TaskAction {
    Start,
    Reset,
    Answer(Answer),
}

impl<T: Clone> Reducible for TaskState<T> {
    type Action = TaskAction;
    fn reduce(self: Rc<Self>, action: TaskAction) -> Rc<Self> {
        let mut task = self.task.clone();
        match action {
            TaskAction::Start => task = Task::STARTED,
            TaskAction::Reset => task = Task::Idle,
            TaskAction::Answer(answer) => task.follow(answer, self.result),
        }
        Rc::new(TaskState {
            task,
            result: self.result,
        })
    }
}

/// One kind of job of a component, with its state (see [`use_task`]).
pub struct TaskHandle<T: Clone + 'static> {
    engine: Engine,
    state: UseReducerHandle<TaskState<T>>,
}

impl<T: Clone + 'static> Clone for TaskHandle<T> {
    fn clone(&self) -> Self {
        TaskHandle {
            engine: self.engine.clone(),
            state: self.state.clone(),
        }
    }
}

impl<T: Clone + PartialEq + 'static> PartialEq for TaskHandle<T> {
    fn eq(&self, other: &Self) -> bool {
        self.engine == other.engine && self.state == other.state
    }
}

impl<T: Clone + 'static> TaskHandle<T> {
    /// Starts `job`, replacing the one running.
    pub fn run(&self, job: Job) {
        self.state.dispatch(TaskAction::Start);
        self.engine.run(job);
    }

    /// Stops the job (the task becomes `Cancelled`).
    pub fn cancel(&self) {
        self.engine.cancel();
    }

    /// Stops the job and forgets it (the task becomes `Idle`).
    pub fn reset(&self) {
        self.engine.cancel();
        self.state.dispatch(TaskAction::Reset);
    }

    pub fn task(&self) -> &Task<T> {
        &self.state.task
    }

    /// A callback that cancels the job.
    pub fn on_cancel(&self) -> Callback<MouseEvent> {
        let engine = self.engine.clone();
        Callback::from(move |_: MouseEvent| engine.cancel())
    }
}

/// A component's one kind of job: [`use_engine`] with the job's state kept
/// as a [`Task`]; `result` picks the result out of the final answer.
#[hook]
pub fn use_task<T: Clone + PartialEq + 'static>(result: fn(Answer) -> Option<T>) -> TaskHandle<T> {
    let state = use_reducer(|| TaskState {
        task: Task::Idle,
        result,
    });
    let engine = {
        let state = state.clone();
        use_engine(move |_, answer| state.dispatch(TaskAction::Answer(answer)))
    };
    TaskHandle { engine, state }
}

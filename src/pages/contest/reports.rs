//! Each finished board's report (the AI field's scores on it and its par),
//! worked out in the background wherever the entrant is in the event: the
//! board's end, the next board, the event's page. The keeper sits above
//! those views, so leaving the board's dialog early does not stop the work;
//! it takes one board at a time, keeps each report in the entry, and hands
//! it to the views as soon as it is ready.

use std::rc::Rc;

use engine::contest::{Board, Event};
use yew::prelude::*;

use crate::game::entry::Entry;
use crate::web::StorageError;
use crate::worker::{use_task, Answer, BoardReport, ContestAnswer, ContestJob, Job, Task};

/// What the views know of the reports (a context, [`ReportsKeeper`]).
#[derive(Clone, PartialEq)]
pub struct Reports {
    /// Reports worked out since the event was opened, by board.
    pub done: Rc<Vec<(Board, BoardReport)>>,
    /// The latest board worked out (or being worked out), and how far it
    /// got: running, done, failed or cancelled.
    pub latest: Option<(Board, Task<BoardReport>)>,
    /// Why the last report could not be kept in the entry (it is shown all
    /// the same while the page is open).
    pub not_saved: Option<StorageError>,
    /// A board has just ended (its last move may not be in the entry yet).
    pub ended: Callback<Board>,
    pub on_cancel: Callback<MouseEvent>,
}

impl Reports {
    /// Board `k`'s report: the entry's, or one worked out since.
    pub fn of(&self, entry: &Entry, k: usize) -> Option<BoardReport> {
        let board = entry.boards.get(k)?;
        entry.reports.get(k).cloned().flatten().or_else(|| self.get(board))
    }

    /// A report worked out since the event was opened.
    pub fn get(&self, board: &Board) -> Option<BoardReport> {
        self.done.iter().find(|(b, _)| b == board).map(|(_, r)| r.clone())
    }

    /// The state of `board`'s job, if it was the latest.
    pub fn job(&self, board: &Board) -> Option<&Task<BoardReport>> {
        self.latest.as_ref().filter(|(b, _)| b == board).map(|(_, t)| t)
    }
}

/// Keeps a board's report in the entry, so it is worked out once.
fn keep(event: &Event, board: Board, report: &BoardReport) -> Result<(), StorageError> {
    let Ok(Some(mut entry)) = Entry::load(event) else {
        return Ok(());
    };
    let k = usize::from(board.number) - 1;
    if entry.boards.get(k) != Some(&board) {
        return Ok(());
    }
    entry.reports[k] = Some(report.clone());
    entry.save()
}

/// The next board whose report is missing: finished in the entry (or said
/// to have ended), without a whole report, not tried in vain already. A
/// report kept before fields held each game's score is not whole: the
/// place against the field needs them.
fn next_missing(event: &Event, ended: &[Board], skip: &[Board]) -> Option<Board> {
    let entry = Entry::load(event).ok().flatten()?;
    (0..entry.boards.len())
        .filter(|&k| entry.reports[k].as_ref().is_none_or(|r| r.field.players().is_none()))
        .map(|k| (k, entry.boards[k]))
        .filter(|(k, b)| entry.score(*k).is_some() || ended.contains(b))
        .map(|(_, b)| b)
        .find(|b| !skip.contains(b))
}

#[derive(Properties, PartialEq)]
pub struct ReportsKeeperProps {
    pub event: Event,
    pub children: Html,
}

#[component]
pub fn ReportsKeeper(props: &ReportsKeeperProps) -> Html {
    let done = use_state(|| Rc::new(Vec::<(Board, BoardReport)>::new()));
    let ended = use_state(Vec::<Board>::new);
    // Boards whose job failed or was cancelled: not tried again this visit
    // (a reload tries again).
    let given_up = use_state(Vec::<Board>::new);
    // The latest job's board (kept after it ends, with its state).
    let current = use_state(|| None::<Board>);
    let not_saved = use_state(|| None::<StorageError>);
    let task = use_task(|answer| match answer {
        Answer::Contest(ContestAnswer::Board(report)) => Some(report),
        _ => None,
    });
    // Finished: kept in the entry and handed to the views. (Before the
    // effect below, which then finds the next board missing.)
    {
        let (current, done, given_up, not_saved, event) = (
            current.clone(),
            done.clone(),
            given_up.clone(),
            not_saved.clone(),
            props.event.clone(),
        );
        use_effect_with(task.task().clone(), move |state| {
            let Some(board) = *current else { return };
            match state {
                Task::Done(report) => {
                    not_saved.set(keep(&event, board, report).err());
                    let mut all = (**done).clone();
                    all.push((board, report.clone()));
                    done.set(Rc::new(all));
                }
                Task::Failed(_) | Task::Cancelled => {
                    let mut all = (*given_up).clone();
                    all.push(board);
                    given_up.set(all);
                }
                Task::Idle | Task::Running { .. } => {}
            }
        });
    }
    // Idle: start the next missing report, if any.
    {
        let running = task.task().is_running();
        let finished = (!running && !matches!(task.task(), Task::Idle))
            .then_some(*current)
            .flatten();
        let skip: Vec<Board> = given_up
            .iter()
            .chain(done.iter().map(|(b, _)| b))
            .chain(finished.iter())
            .copied()
            .collect();
        let (task, current, event) = (task.clone(), current.clone(), props.event.clone());
        use_effect_with(((*ended).clone(), skip, running), move |(ended, skip, running)| {
            if !*running {
                if let Some(board) = next_missing(&event, ended, skip) {
                    current.set(Some(board));
                    task.run(Job::Contest(ContestJob::Board { event, board }));
                }
            }
        });
    }
    let on_ended = {
        let ended = ended.clone();
        Callback::from(move |board: Board| {
            if !ended.contains(&board) {
                let mut all = (*ended).clone();
                all.push(board);
                ended.set(all);
            }
        })
    };
    let reports = Reports {
        done: (*done).clone(),
        latest: current.map(|b| (b, task.task().clone())),
        not_saved: *not_saved,
        ended: on_ended,
        on_cancel: task.on_cancel(),
    };
    html! {
        <ContextProvider<Reports> context={reports}>{ props.children.clone() }</ContextProvider<Reports>>
    }
}

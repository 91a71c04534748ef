//! The Play page's state: the table, the session, the user's turn and what
//! the page waits for, changed only by [`Action`]s through the reducer.

use std::rc::Rc;

use super::contest::ContestSeat;
use engine::bidding::Bid;
use engine::{Move, Play};
use yew::prelude::*;

use super::link::read_link;
use crate::game::model::{Chair, Mode, Phase, PlayDeal, Session, Setup};
use crate::game::prefs::{BadValue, Prefs};
use crate::game::saved;
use crate::route::PlayLink;
use crate::settings;
use crate::suits::{Face, Faces};
use crate::web::{self, StorageError};
use crate::worker::{Answer, JobError, JobId, ReviewedMove};

/// The next deal: a fresh seed, the first bidder moving on by one.
pub(super) fn next_setup(prefs: &Prefs, last: Option<Setup>) -> Setup {
    let seed = web::fresh_seed();
    match prefs.mode {
        Mode::Classic => Setup::classic(seed, last.map_or(Chair::Me, |s| s.first.next())),
        Mode::Tournament => Setup::tournament(seed, prefs.seat),
    }
}

/// What the page waits for from the worker.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Waiting {
    /// An AI's move, to be shown no sooner than `due` (ms, page clock).
    Ai {
        due: f64,
    },
    Hint,
}

/// A message above the table until the user dismisses it.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Notice {
    Unreadable(saved::Unreadable),
    /// An unfinished game was put aside for the deal a link opened.
    Paused,
    Link(Vec<BadValue>),
    TimedOut,
    Failure(JobError),
    /// A contest entry that could not be read, and what became of it.
    Contest(crate::game::entry::Unreadable),
    /// A save that failed (storage full or refused): the game is on the
    /// page but would not survive a reload.
    NotSaved(StorageError),
}

/// Everything the page shows, in one reducer.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct State {
    /// Playing a contest board.
    pub(super) contest: Option<Rc<ContestSeat>>,
    pub(super) table: PlayDeal,
    pub(super) session: Session,
    pub(super) prefs: Prefs,
    /// The user's selected cards (a subset of the hand).
    pub(super) selected: Faces,
    /// Several readings of the selection: the user picks one.
    pub(super) choosing: Vec<Play>,
    /// Presses of 提示 this turn: the first asks the strongest AI, the next
    /// ones step through the legal plays, smallest first.
    pub(super) hints: usize,
    pub(super) waiting: Option<(JobId, Waiting)>,
    /// An AI's move back from the worker, waiting out its pause.
    pub(super) pending: Option<(JobId, Move, f64)>,
    /// Replaying the deal: moves shown.
    pub(super) replay: Option<usize>,
    pub(super) notices: Vec<Notice>,
    pub(super) menu: bool,
    pub(super) end_open: bool,
    pub(super) review: Review,
}

/// The open-hand review of the finished deal.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Review {
    None,
    Running { done: u32, total: u32 },
    Done(Rc<Vec<ReviewedMove>>),
}

/// What changes the state.
pub(super) enum Action {
    NewDeal(Setup),
    /// A review asked of the worker.
    Reviewing,
    /// Back to the game put aside; the one on the table goes aside if
    /// it is unfinished.
    Resume(Box<PlayDeal>),
    ResetSession,
    Bid(Bid),
    Play(Move, Faces),
    Undo,
    Redo,
    /// Sets one card's selection (toggles it with `None`).
    Toggle(Face, Option<bool>),
    Select(Faces),
    /// A hint from the legal plays (not the AI's): select it, count it.
    Hinted(Faces),
    Choose(Vec<Play>),
    Wait(JobId, Waiting),
    /// The worker's answer about an AI's move, and when it came.
    Chose(JobId, Answer, f64),
    /// The worker's answer about the review.
    Reviewed(Answer),
    Apply(JobId),
    Replay(Option<usize>),
    Prefs(Prefs),
    Menu(bool),
    EndOpen(bool),
    Notice(Notice),
    Dismiss(usize),
}

impl State {
    pub(super) fn my_turn(&self) -> bool {
        self.replay.is_none() && self.table.phase() == (Phase::Playing { to_move: Chair::Me })
    }

    pub(super) fn my_hand(&self) -> Faces {
        self.table.hands_after(self.table.record().len())[Chair::Me.index()]
    }

    fn clear_turn(&mut self) {
        self.selected = Faces::EMPTY;
        self.choosing.clear();
        self.hints = 0;
    }

    fn play(&mut self, mv: Move, prefer: Faces) {
        if self.table.play(mv, prefer).is_ok() {
            self.clear_turn();
            if matches!(self.table.phase(), Phase::Over(_)) {
                self.end_open = true;
            }
        }
    }
}

impl State {
    /// A fresh deal on the table: the last one counts in the session, and
    /// nothing of it stays open or awaited.
    fn deal_anew(&mut self, setup: Setup) {
        self.session.settle(&self.table);
        self.table = PlayDeal::new(setup);
        self.clear_turn();
        self.waiting = None;
        self.pending = None;
        self.replay = None;
        self.menu = false;
        self.end_open = false;
        self.review = Review::None;
        self.notices
            .retain(|n| !matches!(n, Notice::TimedOut | Notice::Failure(_)));
    }

    /// The game put aside back on the table, as it was left.
    fn resume(&mut self, table: PlayDeal) {
        self.table = table;
        self.review = Review::None;
        self.clear_turn();
        self.waiting = None;
        self.pending = None;
        self.replay = None;
        self.end_open = false;
        self.notices.retain(|n| *n != Notice::Paused);
    }

    /// A move taken back (`undo`) or made again: what was awaited or
    /// reviewed belongs to another position.
    fn step(&mut self, undo: bool) {
        if undo {
            self.table.undo();
        } else {
            self.table.redo();
        }
        self.clear_turn();
        self.waiting = None;
        self.pending = None;
        self.review = Review::None;
        self.end_open = matches!(self.table.phase(), Phase::Over(_));
    }

    /// One card's selection set (or toggled); false if the card is not
    /// the user's to select now.
    fn toggle(&mut self, face: Face, to: Option<bool>) -> bool {
        if !self.my_turn() || !self.my_hand().contains(face) {
            return false;
        }
        let on = self.selected.contains(face);
        if to.unwrap_or(!on) != on {
            self.selected = self.selected.toggle(face);
        }
        self.choosing.clear();
        true
    }

    /// The worker's word on the running review; false if no review runs.
    fn reviewed(&mut self, answer: Answer) -> bool {
        match (answer, &self.review) {
            (Answer::Progress { done, total }, Review::Running { .. }) => self.review = Review::Running { done, total },
            (Answer::Reviewed(moves), Review::Running { .. }) => self.review = Review::Done(Rc::new(moves)),
            (Answer::Failed(e), Review::Running { .. }) => {
                self.review = Review::None;
                self.notices.push(Notice::Failure(e));
            }
            (Answer::Cancelled, Review::Running { .. }) => self.review = Review::None,
            _ => return false,
        }
        true
    }

    /// The worker's answer to job `id` at `now`: an AI's move (played, or
    /// held until its pause is over) or a hint; false if `id` is not
    /// awaited.
    fn chose(&mut self, id: JobId, answer: Answer, now: f64) -> bool {
        match (answer, self.waiting) {
            (Answer::Chose { mv, .. }, Some((wanted, what))) if wanted == id => {
                self.waiting = None;
                match what {
                    Waiting::Ai { due } if now < due => self.pending = Some((id, mv, due)),
                    Waiting::Ai { .. } => self.play(mv, Faces::EMPTY),
                    Waiting::Hint => {
                        self.selected = self.my_hand().pick(mv.cards(), Faces::EMPTY).unwrap_or_default();
                        self.choosing.clear();
                        self.hints += 1;
                    }
                }
            }
            (Answer::Failed(e), Some((wanted, _))) if wanted == id => {
                self.waiting = None;
                self.notices.push(Notice::Failure(e));
            }
            _ => return false,
        }
        true
    }

    /// The AI's move held for job `id` played; false if none is held.
    fn apply(&mut self, id: JobId) -> bool {
        match self.pending {
            Some((wanted, mv, _)) if wanted == id => {
                self.pending = None;
                self.play(mv, Faces::EMPTY);
                true
            }
            _ => false,
        }
    }
}

impl Reducible for State {
    type Action = Action;
    /// Each action on a copy of the state; an action that changes nothing
    /// gives back the same state, so the page is not drawn again.
    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        let changed = match action {
            Action::Toggle(face, to) => next.toggle(face, to),
            Action::Reviewed(answer) => next.reviewed(answer),
            Action::Chose(id, answer, now) => next.chose(id, answer, now),
            Action::Apply(id) => next.apply(id),
            action => {
                next.take(action);
                true
            }
        };
        if changed {
            Rc::new(next)
        } else {
            self
        }
    }
}

impl State {
    /// The actions that always change the state (or may as well have).
    fn take(&mut self, action: Action) {
        match action {
            Action::NewDeal(setup) => self.deal_anew(setup),
            Action::Reviewing => {
                self.review = Review::Running { done: 0, total: 0 };
                self.replay = Some(0);
                self.end_open = false;
                self.menu = false;
            }
            Action::Resume(table) => self.resume(*table),
            Action::ResetSession => self.session = Session::default(),
            Action::Bid(bid) => {
                if self.table.bid(bid).is_ok() {
                    self.clear_turn();
                }
            }
            Action::Play(mv, prefer) => self.play(mv, prefer),
            Action::Undo => self.step(true),
            Action::Redo => self.step(false),
            Action::Select(faces) => {
                self.selected = faces.intersection(self.my_hand());
                self.choosing.clear();
            }
            Action::Hinted(faces) => {
                self.selected = faces.intersection(self.my_hand());
                self.choosing.clear();
                self.hints += 1;
            }
            Action::Choose(plays) => self.choosing = plays,
            Action::Wait(id, what) => self.waiting = Some((id, what)),
            Action::Replay(step) => {
                self.replay = step.map(|k| k.min(self.table.record().len()));
                self.menu = false;
                if step.is_some() {
                    self.end_open = false;
                }
            }
            Action::Prefs(prefs) => self.prefs = prefs,
            Action::Menu(open) => self.menu = open,
            Action::EndOpen(open) => self.end_open = open,
            Action::Notice(notice) => {
                if !self.notices.contains(&notice) {
                    self.notices.push(notice);
                }
            }
            Action::Dismiss(i) => {
                if i < self.notices.len() {
                    self.notices.remove(i);
                }
            }
            // The actions that may change nothing are the reducer's.
            Action::Toggle(..) | Action::Reviewed(_) | Action::Chose(..) | Action::Apply(_) => {}
        }
    }
}

impl State {
    /// The page opening on `table`: nothing selected or awaited, the end
    /// panel open if the deal is over.
    fn at(table: PlayDeal, session: Session, prefs: Prefs, notices: Vec<Notice>) -> State {
        let end_open = matches!(table.phase(), Phase::Over(_));
        State {
            contest: None,
            table,
            session,
            prefs,
            selected: Faces::EMPTY,
            choosing: vec![],
            hints: 0,
            waiting: None,
            pending: None,
            replay: None,
            notices,
            menu: false,
            end_open,
            review: Review::None,
        }
    }
}

/// A contest board's opening state: its table as the entry left it (or
/// fresh), the user's settings with the aids the event allows.
fn contest_opening(seat: ContestSeat) -> State {
    let mut prefs = settings::current().play;
    let aids = seat.event.aids();
    prefs.practice = aids.undo;
    prefs.counter &= aids.counter;
    let mut notices = vec![];
    let stored = match crate::game::entry::Entry::load(&seat.event) {
        Ok(entry) => entry.and_then(|e| e.table(usize::from(seat.board.number) - 1)),
        Err(e) => {
            notices.push(Notice::Contest(e));
            None
        }
    };
    let table = stored.unwrap_or_else(|| PlayDeal::new(Setup::tournament(seat.board.seed, seat.board.seat)));
    let mut state = State::at(table, Session::default(), prefs, notices);
    state.contest = Some(Rc::new(seat));
    state
}

/// The state the page opens with: a contest board's, or the saved game if
/// the link does not name another deal, else the linked deal (the session
/// score carries over).
pub(super) fn opening(link: &PlayLink, contest: Option<ContestSeat>) -> State {
    if let Some(seat) = contest {
        return contest_opening(seat);
    }
    let stored = settings::current().play;
    let request = read_link(link, stored);
    let mut notices = vec![];
    if !request.problems.is_empty() {
        notices.push(Notice::Link(request.problems.clone()));
    }
    let saved = match saved::load() {
        Ok(saved) => saved,
        Err(e) => {
            notices.push(Notice::Unreadable(e));
            None
        }
    };
    let (table, session) = match (request.setup, saved) {
        (Some(setup), Some(s)) if s.table.setup() == setup => (s.table, s.session),
        (Some(setup), Some(s)) if s.table.in_progress() => {
            notices.push(match saved::pause(&s.table) {
                Ok(()) => Notice::Paused,
                Err(e) => Notice::NotSaved(e),
            });
            (PlayDeal::new(setup), s.session)
        }
        (Some(setup), saved) => (PlayDeal::new(setup), saved.map(|s| s.session).unwrap_or_default()),
        (None, Some(s)) => (s.table, s.session),
        (None, None) => (PlayDeal::new(next_setup(&request.prefs, None)), Session::default()),
    };
    State::at(table, session, request.prefs, notices)
}

pub(super) fn new_deal(state: &UseReducerHandle<State>) -> Callback<MouseEvent> {
    let state = state.clone();
    Callback::from(move |_: MouseEvent| {
        let setup = next_setup(&state.prefs, Some(state.table.setup()));
        state.dispatch(Action::NewDeal(setup))
    })
}

/// The turn timer ran out: the table plays for the user, as online tables
/// do (不叫 in the auction; 不出 when following; the lowest card on lead).
pub(super) fn time_up(state: &UseReducerHandle<State>) {
    match state.table.phase() {
        Phase::Bidding { to_bid: Chair::Me } => state.dispatch(Action::Bid(Bid::Pass)),
        Phase::Playing { to_move: Chair::Me } => {
            let Some(game) = state.table.game() else { return };
            let mv = match (game.to_beat(), state.my_hand().iter().next()) {
                (Some(_), _) => Move::Pass,
                (None, Some(lowest)) => match Play::parse(&lowest.rank.letter().to_string()) {
                    Ok(p) => Move::Play(p),
                    Err(_) => return,
                },
                (None, None) => return,
            };
            state.dispatch(Action::Play(mv, Faces::EMPTY));
        }
        _ => return,
    }
    state.dispatch(Action::Notice(Notice::TimedOut));
}

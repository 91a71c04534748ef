//! The Play page (对局): a card table on one screen. The user sits at the
//! bottom with the hand in one overlapping row and the buttons right above
//! it; 上家 on the left, 下家 on the right; each seat's latest play lies in
//! front of it in the centre. Deals are bid for (叫分) or, under tournament
//! rules, played with a fixed landlord. The AIs think in the worker and
//! move at a natural pace; every move is saved, so a reload resumes the
//! game; at the end every hand is shown, the session score grows, and the
//! deal can be replayed on the same table.

pub mod model;
pub mod prefs;
pub mod saved;
pub mod view;

use std::cell::RefCell;
use std::rc::Rc;

use engine::agents::bidding::{assess, choose_bid};
use engine::bidding::Bid;
use engine::{Cards, Kind, Move, Play, PlayerSpec, Seat};
use gloo::timers::callback::{Interval, Timeout};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use self::model::{selection, Chair, Mode, Phase, Selection, Session, Setup, Table};
use self::prefs::{BadValue, Level, Pace, Prefs, Setting, Timer};
use self::saved::LoadError;
use self::view::{chair_name, icon, SeatShown};
use crate::components::card::{spoken_face, Card};
use crate::i18n::{Lang, Strings};
use crate::route::{PlayLink, Route};
use crate::settings;
use crate::sound::{self, Sound};
use crate::suits::{Face, Faces};
use crate::web;
use crate::worker::{use_engine, Answer, ChooseJob, Job, JobError, JobId, ReviewJob, ReviewedMove, Verdict};

/// The rung that answers 提示.
pub(crate) const HINT_RUNG: &str = "L10";
/// Time an AI may think per move (ms).
const AI_TIME_MS: f64 = 1500.0;
/// The time the review of a finished deal may take (ms): late positions
/// are solved first, and early ones of a whole deal rarely are.
const REVIEW_MS: f64 = 20_000.0;
/// How long "everyone passed" shows before the redeal (ms).
const REDEAL_MS: u32 = 1600;

/// A link, checked: the deal it names (if any), the settings it changes,
/// and what in it could not be read.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkRequest {
    pub setup: Option<Setup>,
    pub prefs: Prefs,
    pub problems: Vec<BadValue>,
}

/// Reads a link against the stored settings; a bad value is reported and
/// the setting kept.
pub fn read_link(link: &PlayLink, mut prefs: Prefs) -> LinkRequest {
    let mut problems = Vec::new();
    let seed = match link.seed.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(text) => text
            .parse::<u64>()
            .map_err(|_| problems.push(BadValue::new(Setting::Seed, text)))
            .ok(),
    };
    let seat = link.seat.as_deref().and_then(|name| {
        Seat::from_name(name).or_else(|| {
            problems.push(BadValue::new(Setting::Seat, name));
            None
        })
    });
    let mode = match link.mode.as_deref() {
        Some(name) => Mode::from_name(name).or_else(|| {
            problems.push(BadValue::new(Setting::Mode, name));
            None
        }),
        // A link that names a seat is a tournament link (links made before
        // bidding existed are).
        None => seat.map(|_| Mode::Tournament),
    }
    .unwrap_or(prefs.mode);
    // Later deals follow the rules the link plays by.
    prefs.mode = mode;
    if let Some(seat) = seat {
        prefs.seat = seat;
    }
    let first = link.first.as_deref().and_then(|name| {
        Chair::from_name(name).or_else(|| {
            problems.push(BadValue::new(Setting::First, name));
            None
        })
    });
    if let Some(level) = link.level.as_deref() {
        match Level::parse(level) {
            Some(l) => prefs.level = l,
            None => problems.push(BadValue::new(Setting::Level, level)),
        }
    }
    if let Some(pace) = link.pace.as_deref() {
        match Pace::parse(pace) {
            Some(p) => prefs.pace = p,
            None => problems.push(BadValue::new(Setting::Pace, pace)),
        }
    }
    if link.practice {
        prefs.practice = true;
    }
    let setup = seed.map(|seed| match mode {
        Mode::Classic => Setup::classic(seed, first.unwrap_or(Chair::Me)),
        Mode::Tournament => Setup::tournament(seed, seat.unwrap_or(prefs.seat)),
    });
    LinkRequest { setup, prefs, problems }
}

/// The link that shares a deal (with the opponents' level).
pub fn link_of(setup: Setup, level: Level) -> PlayLink {
    let (seat, first) = match setup.fixed_seat() {
        Some(seat) => (Some(seat.name().to_string()), None),
        None => (None, Some(setup.first.name().to_string())),
    };
    PlayLink {
        seed: Some(setup.seed.to_string()),
        mode: Some(setup.mode.name().to_string()),
        seat,
        first,
        level: Some(level.key().to_string()),
        ..PlayLink::default()
    }
}

/// The next deal: a fresh seed, the first bidder moving on by one.
fn next_setup(prefs: &Prefs, last: Option<Setup>) -> Setup {
    let seed = web::fresh_seed();
    match prefs.mode {
        Mode::Classic => Setup::classic(seed, last.map_or(Chair::Me, |s| s.first.next())),
        Mode::Tournament => Setup::tournament(seed, prefs.seat),
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Waiting {
    /// An AI's move, to be shown no sooner than `due` (ms, page clock).
    Ai {
        due: f64,
    },
    Hint,
}

#[derive(Clone, Debug, PartialEq)]
enum Notice {
    Unreadable(LoadError),
    /// An unfinished game was put aside for the deal a link opened.
    Paused,
    Link(Vec<BadValue>),
    TimedOut,
    Failure(JobError),
}

#[derive(Clone, Debug, PartialEq)]
struct State {
    table: Table,
    session: Session,
    prefs: Prefs,
    /// The user's selected cards (a subset of the hand).
    selected: Faces,
    /// Several readings of the selection: the user picks one.
    choosing: Vec<Play>,
    /// Presses of 提示 this turn: the first asks the strongest AI, the next
    /// ones step through the legal plays, smallest first.
    hints: usize,
    waiting: Option<(JobId, Waiting)>,
    /// An AI's move back from the worker, waiting out its pause.
    pending: Option<(JobId, Move, f64)>,
    /// Replaying the deal: moves shown.
    replay: Option<usize>,
    notices: Vec<Notice>,
    menu: bool,
    end_open: bool,
    review: Review,
}

/// The open-hand review of the finished deal.
#[derive(Clone, Debug, PartialEq)]
enum Review {
    None,
    Running { done: u32, total: u32 },
    Done(Rc<Vec<ReviewedMove>>),
}

enum Action {
    NewDeal(Setup),
    /// A review asked of the worker.
    Reviewing,
    /// Back to the game put aside; the one on the table goes aside if
    /// it is unfinished.
    Resume(Box<Table>),
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
    fn my_turn(&self) -> bool {
        self.replay.is_none() && self.table.phase() == (Phase::Playing { to_move: Chair::Me })
    }

    fn my_hand(&self) -> Faces {
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

impl Reducible for State {
    type Action = Action;
    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            Action::NewDeal(setup) => {
                next.session.settle(&next.table);
                next.table = Table::new(setup);
                next.clear_turn();
                next.waiting = None;
                next.pending = None;
                next.replay = None;
                next.menu = false;
                next.end_open = false;
                next.review = Review::None;
                next.notices
                    .retain(|n| !matches!(n, Notice::TimedOut | Notice::Failure(_)));
            }
            Action::Reviewing => {
                next.review = Review::Running { done: 0, total: 0 };
                next.replay = Some(0);
                next.end_open = false;
                next.menu = false;
            }
            Action::Resume(table) => {
                next.table = *table;
                next.review = Review::None;
                next.clear_turn();
                next.waiting = None;
                next.pending = None;
                next.replay = None;
                next.end_open = false;
                next.notices.retain(|n| *n != Notice::Paused);
            }
            Action::ResetSession => next.session = Session::default(),
            Action::Bid(bid) => {
                if next.table.bid(bid).is_ok() {
                    next.clear_turn();
                }
            }
            Action::Play(mv, prefer) => next.play(mv, prefer),
            Action::Undo | Action::Redo => {
                if matches!(action, Action::Undo) {
                    next.table.undo();
                } else {
                    next.table.redo();
                }
                next.clear_turn();
                next.waiting = None;
                next.pending = None;
                next.review = Review::None;
                next.end_open = matches!(next.table.phase(), Phase::Over(_));
            }
            Action::Toggle(face, to) => {
                if !next.my_turn() || !next.my_hand().contains(face) {
                    return self;
                }
                let on = next.selected.contains(face);
                if to.unwrap_or(!on) != on {
                    next.selected = next.selected.toggle(face);
                }
                next.choosing.clear();
            }
            Action::Select(faces) => {
                next.selected = faces.intersection(next.my_hand());
                next.choosing.clear();
            }
            Action::Hinted(faces) => {
                next.selected = faces.intersection(next.my_hand());
                next.choosing.clear();
                next.hints += 1;
            }
            Action::Choose(plays) => next.choosing = plays,
            Action::Wait(id, what) => next.waiting = Some((id, what)),
            Action::Reviewed(answer) => match (answer, &self.review) {
                (Answer::Progress { done, total }, Review::Running { .. }) => {
                    next.review = Review::Running { done, total }
                }
                (Answer::Reviewed(moves), Review::Running { .. }) => next.review = Review::Done(Rc::new(moves)),
                (Answer::Failed(e), Review::Running { .. }) => {
                    next.review = Review::None;
                    next.notices.push(Notice::Failure(e));
                }
                (Answer::Cancelled, Review::Running { .. }) => next.review = Review::None,
                _ => return self,
            },
            Action::Chose(id, answer, now) => match (answer, self.waiting) {
                (Answer::Chose { mv, .. }, Some((wanted, what))) if wanted == id => {
                    next.waiting = None;
                    match what {
                        Waiting::Ai { due } if now < due => next.pending = Some((id, mv, due)),
                        Waiting::Ai { .. } => next.play(mv, Faces::EMPTY),
                        Waiting::Hint => {
                            next.selected = next.my_hand().pick(mv.cards(), Faces::EMPTY).unwrap_or_default();
                            next.choosing.clear();
                            next.hints += 1;
                        }
                    }
                }
                (Answer::Failed(e), Some((wanted, _))) if wanted == id => {
                    next.waiting = None;
                    next.notices.push(Notice::Failure(e));
                }
                _ => return self,
            },
            Action::Apply(id) => match self.pending {
                Some((wanted, mv, _)) if wanted == id => {
                    next.pending = None;
                    next.play(mv, Faces::EMPTY);
                }
                _ => return self,
            },
            Action::Replay(step) => {
                next.replay = step.map(|k| k.min(next.table.record().len()));
                next.menu = false;
                if step.is_some() {
                    next.end_open = false;
                }
            }
            Action::Prefs(prefs) => next.prefs = prefs,
            Action::Menu(open) => next.menu = open,
            Action::EndOpen(open) => next.end_open = open,
            Action::Notice(notice) => {
                if !next.notices.contains(&notice) {
                    next.notices.push(notice);
                }
            }
            Action::Dismiss(i) => {
                if i < next.notices.len() {
                    next.notices.remove(i);
                }
            }
        }
        Rc::new(next)
    }
}

/// The state the page opens with: the saved game if the link does not name
/// another deal, else the linked deal (the session score carries over).
fn opening(link: &PlayLink) -> State {
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
            saved::pause(&s.table);
            notices.push(Notice::Paused);
            (Table::new(setup), s.session)
        }
        (Some(setup), saved) => (Table::new(setup), saved.map(|s| s.session).unwrap_or_default()),
        (None, Some(s)) => (s.table, s.session),
        (None, None) => (Table::new(next_setup(&request.prefs, None)), Session::default()),
    };
    let end_open = matches!(table.phase(), Phase::Over(_));
    State {
        table,
        session,
        prefs: request.prefs,
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

/// Asks the worker for a move by this player for the seat to move.
type Ask = Rc<dyn Fn(PlayerSpec, Waiting)>;

fn now_ms() -> f64 {
    use engine::Clock;
    web::WebClock.now_ms()
}

/// Puts `link` in the address bar, replacing the entry (no history).
fn show_address(link: &PlayLink) {
    let hash = Route::Play(link.clone()).to_hash();
    if let Some(location) = web_sys::window().map(|w| w.location()) {
        if location.hash().ok().as_deref() != Some(hash.as_str()) {
            let _ = location.replace(&hash);
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct PlayPageProps {
    pub link: PlayLink,
}

#[component]
pub fn PlayPage(props: &PlayPageProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or(Lang::Zh);
    let t = lang.strings();
    let state = use_reducer({
        let link = props.link.clone();
        move || opening(&link)
    });
    let table = &state.table;
    let setup = table.setup();
    let phase = table.phase();
    let record_len = table.record().len();

    // --- The worker --------------------------------------------------------
    // AI moves and the review each have a connection, so neither waits
    // for the other.
    let moves = {
        let state = state.clone();
        use_engine(move |id, answer| state.dispatch(Action::Chose(id, answer, now_ms())))
    };
    let reviewer = {
        let state = state.clone();
        use_engine(move |_, answer| state.dispatch(Action::Reviewed(answer)))
    };
    let ask: Ask = {
        let (state, moves) = (state.clone(), moves.clone());
        Rc::new(move |player: PlayerSpec, what: Waiting| {
            let Some(deal) = state.table.deal() else { return };
            let record: Vec<(Seat, Move)> = state.table.record().iter().map(|t| (t.seat, t.mv)).collect();
            let id = moves.run(Job::Choose(ChooseJob {
                player,
                deal,
                seed: state.table.setup().seed ^ ((record.len() as u64) << 32),
                record,
                time_limit_ms: AI_TIME_MS,
            }));
            state.dispatch(Action::Wait(id, what));
        })
    };

    let start_review: Callback<MouseEvent> = {
        let (state, reviewer) = (state.clone(), reviewer.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(deal) = state.table.deal() else { return };
            state.dispatch(Action::Reviewing);
            reviewer.run(Job::Review(ReviewJob {
                deal,
                record: state.table.record().iter().map(|t| (t.seat, t.mv)).collect(),
                time_limit_ms: REVIEW_MS,
            }));
        })
    };
    {
        // Another deal on the table: a review of the last one stops.
        let reviewer = reviewer.clone();
        use_effect_with(setup, move |_| reviewer.cancel());
    }

    // --- Saving, settings and the address ----------------------------------
    {
        let snapshot = (state.table.clone(), state.session);
        use_effect_with(snapshot, |(table, session)| saved::save(table, session));
    }
    use_effect_with(state.prefs, |prefs| {
        let prefs = *prefs;
        settings::update(move |s| s.play = prefs);
    });
    {
        // The address names the deal on the table, so a reload finds it and
        // the address shares it. It follows the table, not the link: a link
        // to another deal stands until that deal is on the table (writing the
        // old deal's address over it would send the page back).
        let link = link_of(setup, state.prefs.level);
        use_effect_with(link, show_address);
    }
    {
        // A link to another deal (typed, pasted, or Back) starts it.
        let state = state.clone();
        use_effect_with(props.link.clone(), move |link| {
            let request = read_link(link, state.prefs);
            if request.prefs != state.prefs {
                state.dispatch(Action::Prefs(request.prefs));
            }
            match request.setup {
                Some(setup) if setup != state.table.setup() => {
                    if state.table.in_progress() {
                        saved::pause(&state.table);
                        state.dispatch(Action::Notice(Notice::Paused));
                    }
                    state.dispatch(Action::NewDeal(setup))
                }
                // The deal on the table (or none named): its address, written
                // in full.
                _ => show_address(&link_of(state.table.setup(), request.prefs.level)),
            }
        });
    }

    // --- The AIs' turns ------------------------------------------------------
    {
        let idle = state.waiting.is_none() && state.pending.is_none() && state.replay.is_none();
        let key = (
            setup,
            table.bids().len(),
            record_len,
            idle,
            state.prefs.level,
            state.prefs.pace,
        );
        let (state, ask) = (state.clone(), ask.clone());
        use_effect_with(key, move |&(_, _, _, idle, level, pace)| {
            let pause = pace.pause_ms(web::random_unit());
            let mut timer = None;
            match state.table.phase() {
                Phase::Bidding { to_bid } if to_bid != Chair::Me && idle => {
                    let hand = state.table.dealt(to_bid);
                    let highest = state.table.highest_bid();
                    let state = state.clone();
                    timer = Some(Timeout::new(pause, move || {
                        state.dispatch(Action::Bid(choose_bid(hand, highest)))
                    }));
                }
                Phase::Playing { to_move } if to_move != Chair::Me && idle => {
                    ask(
                        level.player(),
                        Waiting::Ai {
                            due: now_ms() + f64::from(pause),
                        },
                    );
                }
                Phase::AllPassed => {
                    let state = state.clone();
                    let setup = next_setup(&state.prefs, Some(state.table.setup()));
                    timer = Some(Timeout::new(REDEAL_MS, move || state.dispatch(Action::NewDeal(setup))));
                }
                _ => {}
            }
            move || drop(timer)
        });
    }
    {
        let state = state.clone();
        use_effect_with(state.pending, move |pending| {
            let timer = pending.map(|(id, _, due)| {
                let wait = (due - now_ms()).max(0.0) as u32;
                Timeout::new(wait, move || state.dispatch(Action::Apply(id)))
            });
            move || drop(timer)
        });
    }
    // The AI is thinking while the worker has its request (the indicator
    // fades in after a moment, so a quick answer does not flash it).
    let thinking = matches!(state.waiting, Some((_, Waiting::Ai { .. })));

    // --- The turn timer -------------------------------------------------------
    let mine = state.replay.is_none()
        && matches!(
            phase,
            Phase::Bidding { to_bid: Chair::Me } | Phase::Playing { to_move: Chair::Me }
        );
    let remaining = use_state(|| None::<u32>);
    {
        let key = (setup, table.bids().len(), record_len, mine, state.prefs.timer);
        let (state, remaining) = (state.clone(), remaining.clone());
        use_effect_with(key, move |&(_, _, _, mine, timer)| {
            remaining.set(None);
            let interval = timer.seconds().filter(|_| mine).map(|seconds| {
                let start = now_ms();
                let last = Rc::new(RefCell::new(seconds + 1));
                remaining.set(Some(seconds));
                Interval::new(250, move || {
                    let left = (f64::from(seconds) - (now_ms() - start) / 1000.0).ceil().max(0.0) as u32;
                    if *last.borrow() == left {
                        return;
                    }
                    *last.borrow_mut() = left;
                    remaining.set(Some(left));
                    if state.prefs.sound && (1..=5).contains(&left) {
                        sound::play(Sound::Tick);
                    }
                    if left == 0 {
                        time_up(&state);
                    }
                })
            });
            move || drop(interval)
        });
    }

    // --- Sounds -----------------------------------------------------------------
    {
        let last = use_mut_ref(|| None::<(Setup, usize, usize)>);
        let key = (setup, table.bids().len(), record_len);
        let state = state.clone();
        use_effect_with(key, move |&(setup, bids, moves)| {
            let before = last.replace(Some((setup, bids, moves)));
            if state.prefs.sound && state.replay.is_none() {
                let sounds = before.map(|b| event_sounds(&state.table, b, (setup, bids, moves)));
                for (i, s) in sounds.unwrap_or_default().into_iter().enumerate() {
                    if i == 0 {
                        sound::play(s);
                    } else {
                        // A short sequence: let it finish even if the table moves on.
                        let _ = Timeout::new(250 * i as u32, move || sound::play(s)).forget();
                    }
                }
            }
        });
    }

    // --- The user's hand ---------------------------------------------------------
    let my_turn = state.my_turn();
    let step = state.replay.unwrap_or(record_len);
    let hands = table.hands_after(step);
    let hand = hands[Chair::Me.index()];
    let held: Rc<Vec<Face>> = Rc::new(hand.held());
    let selected = if my_turn { state.selected } else { Faces::EMPTY };
    let game = table.game();
    let verdict = match game {
        Some(game) if my_turn => selection(game, selected.cards()),
        _ => Selection::Empty,
    };
    let to_beat = game.and_then(|g| g.to_beat()).filter(|_| my_turn);
    let legal: Vec<Move> = match game {
        Some(game) if my_turn => {
            let mut moves = vec![];
            game.legal_moves(&mut moves);
            moves
        }
        _ => vec![],
    };
    let can_beat = legal.iter().any(|m| m.play().is_some());
    let on_play: Callback<()> = {
        let (state, verdict) = (state.clone(), verdict.clone());
        Callback::from(move |_| match &verdict {
            Selection::Plays(plays) if plays.len() == 1 => {
                state.dispatch(Action::Play(Move::Play(plays[0]), state.selected))
            }
            Selection::Plays(plays) => state.dispatch(Action::Choose(plays.clone())),
            _ => {}
        })
    };
    let can_pass = my_turn && to_beat.is_some();
    let on_pass: Callback<()> = {
        let state = state.clone();
        Callback::from(move |_| {
            if can_pass {
                state.dispatch(Action::Play(Move::Pass, Faces::EMPTY))
            }
        })
    };
    let on_hint: Callback<()> = {
        let (state, ask, legal) = (state.clone(), ask.clone(), legal.clone());
        Callback::from(move |_| {
            if !state.my_turn() || state.waiting.is_some() {
                return;
            }
            if state.hints == 0 {
                return ask(prefs::parse_rung(HINT_RUNG), Waiting::Hint);
            }
            // Then the legal plays in turn, smallest first (as 欢乐斗地主's
            // 提示 cycles), with a pass where there is nothing to beat with.
            let mut plays: Vec<Play> = legal.iter().filter_map(|m| m.play()).collect();
            plays.sort_by_key(|p| (p.is_bomb_or_rocket(), p.cards().len(), p.rank(), p.cards().bits()));
            let faces = match plays.get((state.hints - 1) % plays.len().max(1)) {
                Some(p) => state.my_hand().pick(p.cards(), Faces::EMPTY).unwrap_or_default(),
                None => Faces::EMPTY,
            };
            state.dispatch(Action::Hinted(faces));
        })
    };
    let drag = use_mut_ref(|| None::<bool>);
    let face_at = {
        let held = held.clone();
        move |x: i32, y: i32| -> Option<Face> {
            let el = web_sys::window()?.document()?.element_from_point(x as f32, y as f32)?;
            let li = el.closest("#play-hand li").ok().flatten()?;
            let i: usize = li.get_attribute("data-index")?.parse().ok()?;
            held.get(i).copied()
        }
    };
    let hand_ref = use_node_ref();
    let on_down = {
        let (state, drag, face_at, hand_ref) = (state.clone(), drag.clone(), face_at.clone(), hand_ref.clone());
        Callback::from(move |e: PointerEvent| {
            if !state.my_turn() || e.button() != 0 {
                return;
            }
            let Some(face) = face_at(e.client_x(), e.client_y()) else {
                return;
            };
            e.prevent_default();
            // Capture the pointer on the hand so the moves of a swipe (mouse
            // or touch) all come to it. (Yew listens at the root, so the
            // event's current target is not the hand.)
            if let Some(el) = hand_ref.cast::<web_sys::Element>() {
                let _ = el.set_pointer_capture(e.pointer_id());
            }
            let to = !state.selected.contains(face);
            *drag.borrow_mut() = Some(to);
            state.dispatch(Action::Toggle(face, Some(to)));
        })
    };
    let on_move = {
        let (state, drag) = (state.clone(), drag.clone());
        Callback::from(move |e: PointerEvent| {
            let Some(to) = *drag.borrow() else { return };
            if let Some(face) = face_at(e.client_x(), e.client_y()) {
                state.dispatch(Action::Toggle(face, Some(to)));
            }
        })
    };
    let on_up = {
        let drag = drag.clone();
        Callback::from(move |_: PointerEvent| *drag.borrow_mut() = None)
    };
    let cards = held.iter().enumerate().map(|(i, &face)| {
        let on = selected.contains(face);
        let key = {
            let (state, on_play, on_pass, on_hint) = (state.clone(), on_play.clone(), on_pass.clone(), on_hint.clone());
            Callback::from(move |e: KeyboardEvent| {
                let focus = |to: i64| {
                    if let Some(el) = web_sys::window()
                        .and_then(|w| w.document())
                        .and_then(|d| d.query_selector(&format!("#play-hand li[data-index=\"{to}\"]")).ok().flatten())
                        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok())
                    {
                        let _ = el.focus();
                    }
                };
                match e.key().as_str() {
                    " " => {
                        e.prevent_default();
                        state.dispatch(Action::Toggle(face, None));
                    }
                    "ArrowLeft" => focus(i as i64 - 1),
                    "ArrowRight" => focus(i as i64 + 1),
                    "Enter" => on_play.emit(()),
                    "p" | "P" => on_pass.emit(()),
                    "h" | "H" => on_hint.emit(()),
                    _ => {}
                }
            })
        };
        let fresh_bottom = table.landlord() == Some(Chair::Me)
            && !table.record().iter().any(|t| Some(t.seat) == table.seat_of(Chair::Me))
            && table.bottom_faces().contains(face);
        html! {
            <li data-index={ i.to_string() } data-rank={ face.rank.letter().to_string() } class={ classes!(on.then_some("selected")) }
                tabindex="0" role="checkbox" aria-checked={ on.to_string() } aria-label={ spoken_face(face, lang) } onkeydown={key}>
                <Card rank={face.rank} suit={face.suit} marked={fresh_bottom} />
            </li>
        }
    });

    // --- What the user can do now ------------------------------------------------
    let click = |cb: &Callback<()>| {
        let cb = cb.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let dispatch = |action: fn() -> Action| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(action()))
    };
    let clock = remaining.filter(|_| mine).map(|sec| {
        html! { <span class={ classes!("clock", (sec <= 5).then_some("urgent")) } id="play-clock" role="timer">{ sec }</span> }
    });
    let practice_buttons = state.prefs.practice.then(|| {
        html! {
            <span class="practice">
                <button type="button" id="play-undo" disabled={ !table.can_undo() || state.replay.is_some() } onclick={ dispatch(|| Action::Undo) }>{ t.play.undo }</button>
                <button type="button" id="play-redo" disabled={ table.redo_moves().is_empty() || state.replay.is_some() } onclick={ dispatch(|| Action::Redo) }>{ t.play.redo }</button>
            </span>
        }
    });
    let actions = if let Some(k) = state.replay {
        replay_bar(t, &state, k)
    } else {
        match phase {
            Phase::Bidding { to_bid: Chair::Me } => {
                let bid_button = |bid: Bid| {
                    let state = state.clone();
                    let onclick = Callback::from(move |_: MouseEvent| state.dispatch(Action::Bid(bid)));
                    let label = match bid {
                        Bid::Pass => t.play.no_bid.to_string(),
                        b => (t.play.bid_button)(b.points()),
                    };
                    html! {
                        <button type="button" class={ classes!("bid", (bid != Bid::Pass).then_some("primary")) } data-bid={ bid.name() }
                            disabled={ !table.allows_bid(bid) } {onclick}>{ label }</button>
                    }
                };
                let advice = {
                    let state = state.clone();
                    Callback::from(move |_: MouseEvent| state.dispatch(Action::Hinted(Faces::EMPTY)))
                };
                html! {
                    <div class="actions" id="play-actions" data-for="bid">
                        { for Bid::ALL.into_iter().map(bid_button) }
                        <button type="button" id="play-hint" onclick={advice}>{ t.play.hint }</button>
                        { for clock }
                    </div>
                }
            }
            Phase::Playing { to_move: Chair::Me } => {
                let playable = matches!(verdict, Selection::Plays(_));
                let pass_label = if can_beat || to_beat.is_none() {
                    t.play.pass
                } else {
                    t.play.cannot_beat
                };
                html! {
                    <div class="actions" id="play-actions" data-for="play">
                        <button type="button" id="play-pass" class={ classes!((!can_beat && can_pass).then_some("primary")) } disabled={ !can_pass } onclick={ click(&on_pass) }>{ pass_label }</button>
                        <button type="button" id="play-hint" disabled={ state.waiting.is_some() } onclick={ click(&on_hint) }>{ t.play.hint }</button>
                        <button type="button" id="play-play" class="primary" disabled={ !playable } onclick={ click(&on_play) }>{ t.play.play }</button>
                        { for clock }
                        { for practice_buttons.clone() }
                    </div>
                }
            }
            Phase::Over(_) => html! {
                <div class="actions" id="play-actions" data-for="over">
                    <button type="button" class="primary" id="play-next" onclick={ new_deal(&state) }>{ t.play.next_deal }</button>
                    <button type="button" id="play-replay" onclick={ { let s = state.clone(); Callback::from(move |_: MouseEvent| s.dispatch(Action::Replay(Some(0)))) } }>{ t.play.replay }</button>
                    if !state.end_open {
                        <button type="button" id="play-result" onclick={ dispatch(|| Action::EndOpen(true)) }>{ t.play.result }</button>
                    }
                    { for practice_buttons.clone() }
                </div>
            },
            _ => {
                html! { <div class="actions" id="play-actions" data-for="wait">{ for practice_buttons.clone() }</div> }
            }
        }
    };
    let explanation = match &verdict {
        Selection::NotACombination => Some(t.play.not_a_combination.to_string()),
        Selection::DoesNotBeat(target) => Some((t.play.does_not_beat)(&t.play_words(*target))),
        _ => None,
    };
    let advice = (matches!(phase, Phase::Bidding { to_bid: Chair::Me }) && state.hints > 0)
        .then(|| (t.play.bid_advice)(&assess(table.dealt(Chair::Me))));
    let choosing = state.choosing.iter().map(|&p| {
        let state = state.clone();
        let onclick = Callback::from(move |_: MouseEvent| state.dispatch(Action::Play(Move::Play(p), state.selected)));
        html! { <button type="button" class="reading" {onclick}>{ t.play_words(p) }</button> }
    });

    // --- The table -------------------------------------------------------------
    let over = matches!(phase, Phase::Over(_));
    let open = over || state.replay.is_some();
    let trick = table.trick_after(step);
    let in_auction = table.deal().is_none();
    let shown = |chair: Chair| SeatShown {
        chair,
        role: table.seat_of(chair),
        count: hands[chair.index()].len(),
        turn: !open
            && matches!(phase, Phase::Bidding { to_bid } | Phase::Playing { to_move: to_bid } if to_bid == chair),
        thinking: thinking && matches!(phase, Phase::Playing { to_move } if to_move == chair),
        open: open.then_some(hands[chair.index()]),
    };
    let slots = Chair::ALL.map(|chair| {
        let (index, turn) = trick[chair.index()].map_or((0, None), |(i, turn)| (i, Some(turn)));
        let last = turn.is_some() && index == step;
        let bid = in_auction.then(|| table.bid_of(chair)).flatten();
        view::slot(t, chair, turn, bid, index, last && state.replay.is_none(), last)
    });
    let message = table_message(
        t,
        table,
        phase,
        to_beat.map(|(s, p)| (table.chair_of(s), p)),
        state.replay.is_some(),
    );
    let review_note = html! {
        <>
            if state.replay.is_some() { { review_summary(t, &state) } }
            { review_note(t, &state, step) }
        </>
    };
    // 记牌器: the cards the user has not seen played, outside the hand.
    let played = table.record()[..step]
        .iter()
        .fold(Cards::EMPTY, |all, t| all.checked_add(t.mv.cards()).unwrap_or(all));
    let unseen = Cards::DECK
        .checked_sub(hand.cards())
        .and_then(|rest| rest.checked_sub(played))
        .unwrap_or_default();
    let stakes = table.stakes_after(step);
    let me_role = table.seat_of(Chair::Me);
    let points_now = table.points();
    let totals: [i64; 3] = {
        let mut totals = state.session.totals;
        if let Some(p) = points_now {
            for (t, p) in totals.iter_mut().zip(p) {
                *t = t.saturating_add(p);
            }
        }
        totals
    };
    let on_sound = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            let mut prefs = state.prefs;
            prefs.sound = !prefs.sound;
            if prefs.sound {
                sound::play(Sound::Bid);
            }
            state.dispatch(Action::Prefs(prefs));
        })
    };
    let bar = html! {
        <div class="play-bar">
            <button type="button" class="icon-button" id="play-menu-open" aria-expanded={ state.menu.to_string() } aria-controls="play-menu"
                onclick={ { let s = state.clone(); Callback::from(move |_: MouseEvent| s.dispatch(Action::Menu(!s.menu))) } }
                title={ t.play.menu }>{ icon("menu") }<span class="label">{ t.play.menu }</span></button>
            <span class="chip" id="play-level-chip" title={ t.play.level_notes[level_index(state.prefs.level)] }>
                { t.play.levels[level_index(state.prefs.level)] }{ " · " }{ t.play.modes[mode_index(setup.mode)].split(['（', ' ', '(']).next().unwrap_or_default() }
            </span>
            { view::bottom(t, table, !in_auction) }
            // A new key when the stake grows, so it pops again.
            <span key={ format!("stakes-{}", stakes.multiplier()) } class="stakes" id="play-stakes" data-multiplier={ stakes.multiplier().to_string() } title={ (t.play.stakes)(&stakes) }>
                <span class="label">{ t.play.multiplier }</span>{ format!(" ×{}", stakes.multiplier()) }
            </span>
            <span class="score" id="play-session" data-total={ totals[0].to_string() } title={ (t.play.deals_played)(state.session.deals + u32::from(points_now.is_some())) }>
                <span class="label">{ t.play.session }</span>{ format!(" {:+}", totals[0]) }
            </span>
            <button type="button" class="icon-button" id="play-sound" aria-pressed={ state.prefs.sound.to_string() } onclick={on_sound}
                title={ if state.prefs.sound { t.play.sound_on } else { t.play.sound_off } }>
                { icon(if state.prefs.sound { "sound-on" } else { "sound-off" }) }
            </button>
        </div>
    };
    let notices = state.notices.iter().enumerate().map(|(i, notice)| {
        let text = match notice {
            Notice::Unreadable(e) => (t.play.unreadable_game)(&(t.play.load_error)(e)),
            Notice::Paused => t.play.paused.to_string(),
            Notice::Link(problems) => (t.play.link_problems)(&t.bad_values(problems)),
            Notice::TimedOut => t.play.timed_out.to_string(),
            Notice::Failure(error) => format!("{}{}", t.play.worker_failed, t.job_error(error)),
        };
        let resume = (*notice == Notice::Paused && saved::has_paused()).then(|| {
            let state = state.clone();
            let onclick = Callback::from(move |_: MouseEvent| {
                if let Some(paused) = saved::take_paused() {
                    if state.table.in_progress() {
                        saved::pause(&state.table);
                    }
                    state.dispatch(Action::Resume(Box::new(paused)));
                }
            });
            html! { <button type="button" class="primary" id="play-resume" {onclick}>{ t.play.resume }</button> }
        });
        let keep = matches!(notice, Notice::Unreadable(_)).then(saved::set_aside).flatten().map(|text| {
            let href = format!(
                "data:application/json;charset=utf-8,{}",
                String::from(js_sys::encode_uri_component(&text))
            );
            html! { <a href={href} download="ddz-unreadable-game.json" id="play-keep-text">{ t.play.keep_text }</a> }
        });
        let id = if matches!(notice, Notice::Unreadable(_)) {
            "play-unreadable"
        } else {
            ""
        };
        let onclick = {
            let state = state.clone();
            Callback::from(move |_: MouseEvent| state.dispatch(Action::Dismiss(i)))
        };
        html! {
            <p class="notice" role="alert" id={id}>
                <span>{ text }</span>{ for keep }{ for resume }
                <button type="button" {onclick}>{ t.play.dismiss }</button>
            </p>
        }
    });
    let table_view = html! {
        <div class={ classes!("table", open.then_some("open")) } data-phase={ phase_name(phase) }>
            { view::opponent(t, &shown(Chair::Left)) }
            <div class="centre" onpointerdown={ { let s = state.clone(); Callback::from(move |e: PointerEvent| if e.target() == e.current_target() && s.my_turn() { s.dispatch(Action::Select(Faces::EMPTY)) }) } }>
                { slots[Chair::Left.index()].clone() }
                { slots[Chair::Right.index()].clone() }
                <div class="say" role="status">
                    <p class="table-message" id="play-message" aria-live="polite">{ message }</p>
                    { review_note }
                    if let Some(why) = explanation { <p class="error" id="play-why">{ why }</p> }
                    if let Some(advice) = advice { <p class="advice" id="play-advice">{ advice }</p> }
                    if !state.choosing.is_empty() {
                        <p class="readings" id="play-readings">{ t.play.which_reading }{ " " }{ for choosing }</p>
                    }
                </div>
                { slots[Chair::Me.index()].clone() }
            </div>
            { view::opponent(t, &shown(Chair::Right)) }
            <section class={ classes!("seat", "me", mine.then_some("turn")) } data-chair="me" data-seat={ me_role.map(|r| r.name()).unwrap_or("") }>
                <div class="me-line">
                    <span class="name">{ t.play.me }</span>
                    if let Some(role) = me_role {
                        <span class={ classes!("role", (role == Seat::Landlord).then_some("landlord")) }>{ view::role_name(t, role) }</span>
                    }
                    <span class="count">{ (t.play.cards_left)(hand.len()) }</span>
                    if my_turn {
                        <span class="turn-note" id="play-your-turn">{ if to_beat.is_none() { t.play.your_lead } else { "" } }</span>
                    }
                </div>
                { actions }
                <ul ref={hand_ref} class={ classes!("hand", "mine", my_turn.then_some("selectable")) } id="play-hand" aria-label={ t.play.your_hand }
                    data-cards={ hand.cards().to_string() } style={ format!("--n: {}", held.len().max(1)) }
                    onpointerdown={on_down} onpointermove={on_move} onpointerup={on_up.clone()} onpointercancel={on_up}>
                    { for cards }
                </ul>
            </section>
        </div>
    };

    html! {
        <main id="main" class="page play-page" data-mode={ setup.mode.name() }>
            <h1 class="visually-hidden">{ t.nav_play }</h1>
            { bar }
            if state.prefs.counter { { view::counter(t, unseen) } }
            { for notices }
            { table_view }
            if over && state.end_open { { end_panel(t, &state, totals, &start_review) } }
            { menu(t, &state) }
        </main>
    }
}

fn level_index(level: Level) -> usize {
    Level::ALL.iter().position(|&l| l == level).unwrap_or(0)
}

fn mode_index(mode: Mode) -> usize {
    Mode::ALL.iter().position(|&m| m == mode).unwrap_or(0)
}

fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Bidding { .. } => "bidding",
        Phase::AllPassed => "redeal",
        Phase::Playing { .. } => "playing",
        Phase::Over(_) => "over",
    }
}

fn new_deal(state: &UseReducerHandle<State>) -> Callback<MouseEvent> {
    let state = state.clone();
    Callback::from(move |_: MouseEvent| {
        let setup = next_setup(&state.prefs, Some(state.table.setup()));
        state.dispatch(Action::NewDeal(setup))
    })
}

/// The turn timer ran out: the table plays for the user, as online tables
/// do (不叫 in the auction; 不出 when following; the lowest card on lead).
fn time_up(state: &UseReducerHandle<State>) {
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

/// What the centre of the table says now.
fn table_message(t: &Strings, table: &Table, phase: Phase, to_beat: Option<(Chair, Play)>, replaying: bool) -> String {
    if replaying {
        return t.play.replay_bar.to_string();
    }
    match phase {
        Phase::Bidding { to_bid: Chair::Me } => t.play.your_bid.to_string(),
        Phase::Bidding { to_bid } => (t.play.waiting_bid)(chair_name(t, to_bid)),
        Phase::AllPassed => t.play.all_passed.to_string(),
        Phase::Playing { to_move: Chair::Me } => match to_beat {
            None => t.play.your_lead.to_string(),
            Some((by, play)) => (t.play.your_follow)(chair_name(t, by), &t.play_words(play)),
        },
        Phase::Playing { to_move } if table.record().is_empty() => match (table.landlord(), table.highest_bid()) {
            (Some(l), Some(bid)) if table.setup().mode == Mode::Classic => {
                (t.play.landlord_is)(chair_name(t, l), bid.points())
            }
            _ => (t.play.waiting_play)(chair_name(t, to_move)),
        },
        Phase::Playing { to_move } => (t.play.waiting_play)(chair_name(t, to_move)),
        Phase::Over(outcome) => (t.play.went_out)(chair_name(t, table.chair_of(outcome.winner))),
    }
}

/// The sounds of what just happened at the table, in order.
fn event_sounds(table: &Table, before: (Setup, usize, usize), now: (Setup, usize, usize)) -> Vec<Sound> {
    if before.0 != now.0 {
        return vec![Sound::Deal];
    }
    let mut sounds = vec![];
    if now.1 > before.1 {
        sounds.push(Sound::Bid);
    } else if now.2 > before.2 {
        if let Some(last) = table.record().last() {
            let left = table.hands_after(now.2)[table.chair_of(last.seat).index()].len();
            sounds.push(match last.mv.play() {
                None => Sound::Pass,
                Some(p) if p.kind() == Kind::Rocket => Sound::Rocket,
                Some(p) if p.kind() == Kind::Bomb => Sound::Bomb,
                Some(_) => Sound::Play,
            });
            if (1..=2).contains(&left) {
                sounds.push(Sound::Warning);
            }
        }
    } else {
        return sounds;
    }
    match table.phase() {
        Phase::Over(outcome) => {
            let mine = table.seat_of(Chair::Me).map(|s| s.team());
            sounds.push(if mine == Some(outcome.winner.team()) {
                Sound::Win
            } else {
                Sound::Lose
            });
        }
        Phase::Bidding { to_bid: Chair::Me } | Phase::Playing { to_move: Chair::Me } => sounds.push(Sound::YourTurn),
        _ => {}
    }
    sounds
}

/// How a reviewed position stood for one side, in words.
fn standing(t: &Strings, verdict: Option<Verdict>, team: engine::Team) -> &'static str {
    match verdict {
        None => t.play.not_reached,
        Some(v) => match (v.exact, v.winner == team) {
            (true, true) => t.play.wins,
            (true, false) => t.play.loses,
            (false, true) => t.play.likely_wins,
            (false, false) => t.play.likely_loses,
        },
    }
}

/// In the replay of a reviewed deal: what the move just shown did.
fn review_note(t: &Strings, state: &State, step: usize) -> Html {
    match &state.review {
        Review::Running { done, total, .. } => {
            html! { <p class="advice" id="play-reviewing" role="status">{ (t.play.reviewing)(*done, *total) }</p> }
        }
        Review::Done(moves) if state.replay.is_some() && step > 0 => {
            let Some(m) = moves.get(step - 1) else { return html! {} };
            let team = m.seat.team();
            let who = chair_name(t, state.table.chair_of(m.seat));
            let text = (t.play.review_move)(who, standing(t, m.before, team), standing(t, m.after, team));
            let blunder = m.threw_away_a_win();
            let better = m
                .best
                .map(|best| best.play().map_or(t.play.pass.to_string(), |p| t.play_words(p)));
            html! {
                <p class={ classes!("advice", "review", blunder.then_some("blunder")) } id="play-review" data-blunder={ blunder.to_string() }>
                    { text }
                    if blunder {
                        <br /><strong>{ "✗ " }{ t.play.blunder }</strong>
                        if let Some(better) = better {
                            { " · " }{ (t.play.better)(&better) }
                        }
                    }
                </p>
            }
        }
        _ => html! {},
    }
}

/// The end panel's line about the review, and a way to its first mistake.
fn review_summary(t: &Strings, state: &UseReducerHandle<State>) -> Html {
    let Review::Done(moves) = &state.review else {
        return html! {};
    };
    let me = state.table.seat_of(Chair::Me).map(|s| s.team());
    let mine = moves
        .iter()
        .filter(|m| m.threw_away_a_win() && Some(m.seat.team()) == me)
        .count();
    let theirs = moves
        .iter()
        .filter(|m| m.threw_away_a_win() && Some(m.seat.team()) != me)
        .count();
    let first = moves.iter().position(|m| m.threw_away_a_win());
    let to_first = first.map(|k| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::Replay(Some(k + 1))))
    });
    html! {
        <p class="review-summary" id="play-review-summary" data-mine={ mine.to_string() } data-theirs={ theirs.to_string() }>
            { (t.play.review_summary)(mine, theirs) }
            if let Some(onclick) = to_first {
                { " " }
                <button type="button" id="play-first-blunder" {onclick}>{ t.play.first_blunder }</button>
            }
        </p>
    }
}

fn replay_bar(t: &Strings, state: &UseReducerHandle<State>, k: usize) -> Html {
    let steps = state.table.record().len();
    let to = |k: usize| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::Replay(Some(k))))
    };
    let on_range = {
        let state = state.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(k) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
                .and_then(|i| i.value().parse::<usize>().ok())
            {
                state.dispatch(Action::Replay(Some(k)));
            }
        })
    };
    let leave = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::Replay(None)))
    };
    html! {
        <div class="actions replay" id="play-actions" data-for="replay" role="group" aria-label={ t.play.replay }>
            <button type="button" class="icon-button" id="replay-start" title={ t.play.to_start } aria-label={ t.play.to_start } onclick={ to(0) }>{ icon("first") }</button>
            <button type="button" class="icon-button" id="replay-back" title={ t.play.back } aria-label={ t.play.back } onclick={ to(k.saturating_sub(1)) }>{ icon("prev") }</button>
            <input type="range" id="replay-range" min="0" max={ steps.to_string() } value={ k.to_string() } aria-label={ t.play.jump_to } oninput={on_range} />
            <button type="button" class="icon-button" id="replay-next" title={ t.play.forward } aria-label={ t.play.forward } onclick={ to((k + 1).min(steps)) }>{ icon("next") }</button>
            <button type="button" class="icon-button" id="replay-end" title={ t.play.to_end } aria-label={ t.play.to_end } onclick={ to(steps) }>{ icon("last") }</button>
            <span id="replay-step" data-step={ k.to_string() }>{ (t.play.replay_step)(k, steps) }</span>
            <button type="button" id="replay-leave" onclick={leave}>{ t.play.leave_replay }</button>
        </div>
    }
}

fn end_panel(
    t: &Strings,
    state: &UseReducerHandle<State>,
    totals: [i64; 3],
    start_review: &Callback<MouseEvent>,
) -> Html {
    let table = &state.table;
    let Phase::Over(outcome) = table.phase() else {
        return html! {};
    };
    let points = table.points().unwrap_or_default();
    let mine = points[Chair::Me.index()];
    let stakes = table.stakes_after(table.record().len());
    let landlord_score = outcome.score(table.setup().mode.scoring()) * i64::from(stakes.bid);
    let export = format!(
        "data:application/json;charset=utf-8,{}",
        String::from(js_sys::encode_uri_component(&record_json(table)))
    );
    let close = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::EndOpen(false)))
    };
    let replay = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::Replay(Some(0))))
    };
    html! {
        <div class={ classes!("end", if mine > 0 { "won" } else { "lost" }) } id="play-end" role="dialog" aria-labelledby="play-outcome"
            data-score={ landlord_score.to_string() } data-points={ mine.to_string() }>
            <button type="button" class="icon-button close" aria-label={ t.play.show_table } title={ t.play.show_table } onclick={close}>{ icon("close") }</button>
            <h2 id="play-outcome">{ if mine > 0 { t.play.you_won } else { t.play.you_lost } }</h2>
            <p id="play-score">
                { (t.play.went_out)(chair_name(t, table.chair_of(outcome.winner))) }
                if outcome.spring { { " · " }<strong>{ t.play.spring }</strong> }
                if outcome.anti_spring { { " · " }<strong>{ t.play.anti_spring }</strong> }
            </p>
            <p class="stakes-line">{ t.play.multiplier }{ format!(" ×{} ", stakes.multiplier()) }<span class="note">{ format!("({})", (t.play.stakes)(&stakes)) }</span></p>
            <table class="points">
                <thead><tr><th></th><th>{ t.play.result }</th><th>{ t.play.session }</th></tr></thead>
                <tbody>
                    { for Chair::ALL.iter().map(|&c| html! {
                        <tr class={ classes!((c == Chair::Me).then_some("me")) } data-chair={ c.name() }>
                            <th>{ chair_name(t, c) }{ table.seat_of(c).map(|s| format!(" · {}", view::role_name(t, s))).unwrap_or_default() }</th>
                            <td class={ if points[c.index()] > 0 { "up" } else { "down" } }>{ format!("{:+}", points[c.index()]) }</td>
                            <td>{ format!("{:+}", totals[c.index()]) }</td>
                        </tr>
                    }) }
                </tbody>
            </table>
            { review_summary(t, state) }
            <div class="end-actions">
                <button type="button" class="primary" id="end-next" onclick={ new_deal(state) }>{ t.play.next_deal }</button>
                <button type="button" id="end-replay" onclick={replay}>{ icon("replay") }{ t.play.replay }</button>
                if !matches!(state.review, Review::Running { .. }) {
                    <button type="button" id="end-review" onclick={ start_review.clone() }>{ t.play.review }</button>
                }
                <a id="play-export" href={export} download={ format!("ddz-{}.json", table.setup().seed) }>{ t.play.download }</a>
            </div>
        </div>
    }
}

/// The record as the CLI writes it, with what it was played under.
pub fn record_json(table: &Table) -> String {
    let setup = table.setup();
    let moves: Vec<serde_json::Value> = table
        .record()
        .iter()
        .map(|t| serde_json::json!([t.seat.name(), t.mv.to_string()]))
        .collect();
    let landlord = table.landlord();
    serde_json::json!({
        "seed": setup.seed,
        "mode": setup.mode.name(),
        "deal": table.deal().map(|d| d.to_string()),
        "bids": table.bids().iter().map(|b| b.name()).collect::<Vec<_>>(),
        "you": table.seat_of(Chair::Me).map(|s| s.name()),
        "landlord": landlord.map(|c| c.name()),
        "record": moves,
        "score": match table.phase() {
            Phase::Over(o) => Some(o.score(setup.mode.scoring()) * i64::from(table.stakes_after(table.record().len()).bid)),
            _ => None,
        },
    })
    .to_string()
}

/// One of the menu's settings: a labelled list of (value, text, chosen).
fn choice<'a>(
    id: &'static str,
    label: &str,
    options: impl Iterator<Item = (&'a str, &'a str, bool)>,
    onchange: Callback<Event>,
) -> Html {
    html! {
        <label class="field">{ label }
            <select {id} {onchange}>
                { for options.map(|(value, text, selected)| html! { <option value={ value.to_string() } {selected}>{ text }</option> }) }
            </select>
        </label>
    }
}

fn menu(t: &Strings, state: &UseReducerHandle<State>) -> Html {
    let prefs = state.prefs;
    let table = &state.table;
    let set = |change: fn(&mut Prefs, &str)| {
        let state = state.clone();
        Callback::from(move |e: Event| {
            if let Some(value) = web::input_value(&e) {
                let mut prefs = state.prefs;
                change(&mut prefs, &value);
                state.dispatch(Action::Prefs(prefs));
            }
        })
    };
    let check = |change: fn(&mut Prefs, bool)| {
        let state = state.clone();
        Callback::from(move |e: Event| {
            if let Some(input) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                let mut prefs = state.prefs;
                change(&mut prefs, input.checked());
                state.dispatch(Action::Prefs(prefs));
            }
        })
    };
    // A new mode or seat applies to the next deal; start one now.
    let restart_with = |change: fn(&mut Prefs, &str)| {
        let state = state.clone();
        Callback::from(move |e: Event| {
            if let Some(value) = web::input_value(&e) {
                let mut prefs = state.prefs;
                change(&mut prefs, &value);
                state.dispatch(Action::Prefs(prefs));
                state.dispatch(Action::NewDeal(next_setup(&prefs, Some(state.table.setup()))));
            }
        })
    };
    let close = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::Menu(false)))
    };
    let restart = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::NewDeal(state.table.setup())))
    };
    let reset = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::ResetSession))
    };
    let record = table.record().iter().enumerate().map(|(i, turn)| {
        let current = state.replay == Some(i + 1);
        let blunder = match &state.review {
            Review::Done(moves) => moves.get(i).is_some_and(|m| m.threw_away_a_win()),
            _ => false,
        };
        let state = state.clone();
        let onclick = Callback::from(move |_: MouseEvent| state.dispatch(Action::Replay(Some(i + 1))));
        let words = turn.mv.play().map_or(t.play.pass.to_string(), |p| t.play_words(p));
        let over = matches!(table.phase(), Phase::Over(_));
        html! {
            <li class={ classes!(current.then_some("current"), blunder.then_some("blunder")) }>
                <button type="button" class="jump" disabled={ !over } {onclick}>
                    <span class="who">{ chair_name(t, table.chair_of(turn.seat)) }</span>{ " " }<strong>{ words }</strong>
                    if blunder { <span class="mark" title={ t.play.blunder }>{ " ✗" }</span> }
                </button>
            </li>
        }
    });
    let share = {
        let hash = Route::Play(link_of(table.setup(), prefs.level)).to_hash();
        let base = web_sys::window()
            .and_then(|w| w.location().href().ok())
            .map(|h| h.split('#').next().unwrap_or_default().to_string())
            .unwrap_or_default();
        format!("{base}{hash}")
    };
    let backdrop = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::Menu(false)))
    };
    let escape = {
        let state = state.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                state.dispatch(Action::Menu(false))
            }
        })
    };
    html! {
        <>
        if state.menu { <div class="menu-backdrop" onclick={backdrop}></div> }
        <aside class="menu" id="play-menu" hidden={ !state.menu } aria-label={ t.play.settings } onkeydown={escape}>
            <div class="menu-head">
                <h2>{ t.play.settings }</h2>
                <button type="button" class="icon-button" aria-label={ t.play.close } title={ t.play.close } onclick={close}>{ icon("close") }</button>
            </div>
            <div class="menu-actions">
                <button type="button" class="primary" id="play-new" onclick={ new_deal(state) }>{ t.play.new_deal }</button>
                <button type="button" id="play-restart" onclick={restart}>{ t.play.restart }</button>
            </div>
            { choice("play-mode", t.play.mode, Mode::ALL.iter().zip(t.play.modes).map(|(m, text)| (m.name(), text, *m == prefs.mode)),
                restart_with(|p, v| if let Some(m) = Mode::from_name(v) { p.mode = m })) }
            <p class="note">{ t.play.mode_notes[mode_index(prefs.mode)] }</p>
            if prefs.mode == Mode::Tournament {
                { choice("play-seat", t.play.seat, Seat::ALL.iter().zip(t.play.seats).map(|(s, text)| (s.name(), text, *s == prefs.seat)),
                    restart_with(|p, v| if let Some(s) = Seat::from_name(v) { p.seat = s })) }
            }
            { choice("play-level", t.play.level, Level::ALL.iter().zip(t.play.levels).map(|(l, text)| (l.key(), text, *l == prefs.level)),
                set(|p, v| if let Some(l) = Level::parse(v) { p.level = l })) }
            <p class="note" id="play-level-note">{ t.play.level_notes[level_index(prefs.level)] }</p>
            { choice("play-pace", t.play.pace, Pace::ALL.iter().zip(t.play.paces).map(|(x, text)| (x.key(), text, *x == prefs.pace)),
                set(|p, v| if let Some(x) = Pace::parse(v) { p.pace = x })) }
            { choice("play-timer", t.play.timer, Timer::ALL.iter().zip(t.play.timers).map(|(x, text)| (x.key(), text, *x == prefs.timer)),
                set(|p, v| if let Some(x) = Timer::parse(v) { p.timer = x })) }
            <label class="check"><input type="checkbox" id="play-practice" checked={prefs.practice} onchange={ check(|p, on| p.practice = on) } />{ t.play.practice }</label>
            <label class="check"><input type="checkbox" id="play-counter-toggle" checked={prefs.counter} onchange={ check(|p, on| p.counter = on) } />{ t.play.counter }</label>
            <label class="check"><input type="checkbox" id="play-sound-toggle" checked={prefs.sound} onchange={ check(|p, on| p.sound = on) } />{ t.play.sound }</label>
            <details class="record" open=true>
                <summary>{ t.play.record }</summary>
                if !table.bids().is_empty() {
                    <p class="bids" id="play-bids">{ t.play.bids }{ ": " }{ table.bids().iter().map(|b| (t.play.called)(*b)).collect::<Vec<_>>().join(" · ") }</p>
                }
                <ol class="line" id="play-record">{ for record }</ol>
            </details>
            <p class="note" id="play-seed">{ (t.play.seed)(table.setup().seed) }</p>
            <p class="share"><a href={ share.clone() } id="play-share">{ t.play.share }</a></p>
            <p class="note keys">{ t.play.keys }</p>
            <button type="button" id="play-reset" onclick={reset}>{ t.play.reset_session }</button>
        </aside>
        </>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_checked_and_bad_values_reported() {
        let prefs = Prefs::default();
        let request = read_link(&PlayLink::default(), prefs);
        assert_eq!((request.setup, request.prefs, request.problems.len()), (None, prefs, 0));
        let link = PlayLink {
            seed: Some("x1".into()),
            seat: Some("farmer2".into()),
            level: Some("l9".into()),
            practice: true,
            pace: Some("warp".into()),
            ..PlayLink::default()
        };
        let request = read_link(&link, prefs);
        assert_eq!(request.setup, None);
        assert_eq!((request.prefs.level, request.prefs.practice), (Level::Expert, true));
        assert_eq!(
            request.problems,
            [BadValue::new(Setting::Seed, "x1"), BadValue::new(Setting::Pace, "warp")]
        );
        // A seat without a mode is a tournament link, as links were before bidding.
        let link = PlayLink {
            seed: Some("7".into()),
            seat: Some("farmer1".into()),
            ..PlayLink::default()
        };
        assert_eq!(read_link(&link, prefs).setup, Some(Setup::tournament(7, Seat::Farmer1)));
    }

    #[test]
    fn a_deal_link_reads_back_as_the_deal() {
        for setup in [
            Setup::classic(42, Chair::Left),
            Setup::tournament(7, Seat::Farmer2),
            Setup::tournament(u64::MAX, Seat::Landlord),
        ] {
            let link = link_of(setup, Level::Master);
            let back = Route::from_hash(&Route::Play(link).to_hash());
            let Route::Play(link) = back else {
                panic!("a play route")
            };
            let request = read_link(&link, Prefs::default());
            assert_eq!(request.setup, Some(setup));
            assert_eq!(request.prefs.level, Level::Master);
        }
    }

    #[test]
    fn events_have_their_sounds() {
        let setup = Setup::tournament(42, Seat::Farmer2);
        let mut table = Table::new(setup);
        let other = Setup::tournament(1, Seat::Landlord);
        assert_eq!(event_sounds(&table, (other, 0, 0), (setup, 0, 0)), [Sound::Deal]);
        let mut moves = vec![];
        table.game().unwrap().legal_moves(&mut moves);
        table.play(moves[0], Faces::EMPTY).unwrap();
        assert_eq!(event_sounds(&table, (setup, 0, 0), (setup, 0, 1)), [Sound::Play]);
        // Farmer 1 passes: the user (farmer 2) is to move.
        table.play(Move::Pass, Faces::EMPTY).unwrap();
        assert_eq!(
            event_sounds(&table, (setup, 0, 1), (setup, 0, 2)),
            [Sound::Pass, Sound::YourTurn]
        );
        assert!(event_sounds(&table, (setup, 0, 2), (setup, 0, 2)).is_empty());
        // Undoing makes no sound.
        assert!(event_sounds(&table, (setup, 0, 2), (setup, 0, 0)).is_empty());
    }
}

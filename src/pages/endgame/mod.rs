//! The Endgame page (残局) as an analysis board. A position (a built-in
//! puzzle, one set up by hand or by link) lies open on a table; every legal
//! play of the side to move is listed with its verdict (胜/负, best first,
//! plays with the same result collapsed), computed in the worker; hovering
//! a play previews it, clicking makes it; the board steps back and forth
//! through the moves made and the best line. Puzzles are tried first: the
//! user plays the side to move, the solver answers, and a play that throws
//! the win away is flagged at once, with a retry.

use std::collections::HashMap;
use std::rc::Rc;

use engine::solver::{MoveVerdict, Position, Utility};
use engine::{Cards, Move, Play, Seat, Team};
use gloo::timers::callback::Timeout;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::components::card::Hand;
use crate::components::icon::icon;
use crate::components::line::LineTable;
use crate::components::picker::CardPicker;
use crate::i18n::{Lang, Strings};
use crate::route::{EndgameLink, Route};
use crate::suits::Faces;
use crate::worker::{use_engine, Answer, Job, JobError, JobId, MovesJob};

/// Built-in puzzles of graded difficulty: (level, landlord, farmer,
/// farmer 2). The landlord is to move and wins with one first move only
/// (checked by a test against the solver).
pub const PUZZLES: [(usize, &str, &str, &str); 5] = [
    (0, "3445667", "349QA2", ""),
    (1, "3456678", "389JQK", ""),
    (2, "67799Q222", "44TQQAAD", ""),
    (2, "6789TTTQ2", "449JAD", "458AA2"),
    (3, "37TTTQKKA", "468QAAAD", ""),
];

/// Time the worker may spend on the plays of one position (ms).
const TIME_LIMITS: [f64; 3] = [2_000.0, 10_000.0, 30_000.0];
/// The pause before the solver's answer in a puzzle (ms).
const ANSWER_PAUSE_MS: u32 = 450;

/// A field of the setup form that is wrong, and why.
#[derive(Clone, Debug, PartialEq)]
enum SetupProblem {
    Cards(Field, engine::CardsError),
    Play(engine::PlayError),
    Position(engine::solver::PositionError),
    /// A seat field holds something that is not a seat.
    Seat(Field, String),
    /// The link names a puzzle there is not.
    Puzzle(String),
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Field {
    Landlord,
    Farmer,
    Farmer2,
    LastBy,
    ToMove,
}

impl SetupProblem {
    fn explain(&self, t: &Strings) -> String {
        match self {
            SetupProblem::Cards(field, e) => format!("{}: {}", field_name(*field, t), t.cards_error(e)),
            SetupProblem::Play(e) => format!("{}: {}", t.last_play, t.play_error(e)),
            SetupProblem::Position(e) => t.position_error(e),
            SetupProblem::Seat(field, s) => format!("{}: “{s}”?", field_name(*field, t)),
            SetupProblem::Puzzle(n) => (t.eg.unknown_puzzle)(n, PUZZLES.len()),
        }
    }
}

fn field_name(field: Field, t: &Strings) -> &'static str {
    match field {
        Field::Landlord => t.landlord_hand,
        Field::Farmer => t.farmer_hand,
        Field::Farmer2 => t.farmer2_hand,
        Field::LastBy => t.last_by,
        Field::ToMove => t.to_move,
    }
}

/// A seat as a link or the form writes it (`farmer` is farmer 1).
fn seat_named(name: &str) -> Option<Seat> {
    match name.trim() {
        "farmer" => Some(Seat::Farmer1),
        other => Seat::from_name(other),
    }
}

/// Which built-in puzzle a link asks for (links number them from 1, as the
/// page does; the index from 0): `Ok(None)` for a position of its own. A
/// link with nothing in it asks for the first puzzle.
fn puzzle_of(link: &EndgameLink) -> Result<Option<usize>, SetupProblem> {
    let empty = link.landlord.trim().is_empty() && link.farmer.trim().is_empty();
    match &link.puzzle {
        Some(text) => match text.trim().parse::<usize>() {
            Ok(n) if (1..=PUZZLES.len()).contains(&n) => Ok(Some(n - 1)),
            _ => Err(SetupProblem::Puzzle(text.clone())),
        },
        None if empty => Ok(Some(0)),
        None => Ok(None),
    }
}

/// The link with a built-in puzzle written out.
fn expand(link: &EndgameLink) -> EndgameLink {
    match puzzle_of(link) {
        Ok(Some(n)) => {
            let (_, l, f, f2) = PUZZLES[n];
            EndgameLink {
                landlord: l.to_string(),
                farmer: f.to_string(),
                farmer2: f2.to_string(),
                puzzle: Some((n + 1).to_string()),
                ..Default::default()
            }
        }
        _ => link.clone(),
    }
}

fn parse(link: &EndgameLink) -> Result<Position, SetupProblem> {
    puzzle_of(link)?;
    let link = expand(link);
    let mut hands = Vec::new();
    for (field, text) in [
        (Field::Landlord, &link.landlord),
        (Field::Farmer, &link.farmer),
        (Field::Farmer2, &link.farmer2),
    ] {
        if field == Field::Farmer2 && text.trim().is_empty() {
            continue;
        }
        hands.push(text.parse::<Cards>().map_err(|e| SetupProblem::Cards(field, e))?);
    }
    let to_beat = if link.last.trim().is_empty() {
        None
    } else {
        let play = Play::parse(&link.last).map_err(SetupProblem::Play)?;
        let by = seat_named(&link.last_by).ok_or_else(|| SetupProblem::Seat(Field::LastBy, link.last_by.clone()))?;
        Some((by, play))
    };
    let to_move = match (link.to_move.trim(), to_beat) {
        ("", Some((by, _))) => by.next(hands.len()),
        ("", None) => Seat::Landlord,
        (name, _) => seat_named(name).ok_or_else(|| SetupProblem::Seat(Field::ToMove, name.to_string()))?,
    };
    Position::new(&hands, to_move, to_beat).map_err(SetupProblem::Position)
}

/// The moves made on the board from the start, and how many are shown.
#[derive(Clone, Debug, PartialEq)]
struct Board {
    start: Position,
    line: Vec<Move>,
    cursor: usize,
}

impl Board {
    fn new(start: Position) -> Board {
        Board {
            start,
            line: vec![],
            cursor: 0,
        }
    }

    fn position_at(&self, k: usize) -> Position {
        self.line[..k.min(self.line.len())]
            .iter()
            .fold(self.start, |p, &mv| p.after(mv))
    }

    fn position(&self) -> Position {
        self.position_at(self.cursor)
    }

    /// Makes a move here: the moves after it are forgotten, unless it is
    /// the next one already (then it is a redo).
    fn play(&mut self, mv: Move) {
        if !self.position().is_legal(mv) {
            return;
        }
        if self.line.get(self.cursor) != Some(&mv) {
            self.line.truncate(self.cursor);
            self.line.push(mv);
        }
        self.cursor += 1;
    }

    /// Each seat's cards after `k` moves, with the faces they show.
    fn faces_at(&self, k: usize) -> [Faces; 3] {
        let hands: Vec<Cards> = Seat::ALL[..self.start.seats()]
            .iter()
            .map(|&s| self.start.hand(s))
            .collect();
        let plain = Faces::plain(&hands);
        let mut faces = [Faces::EMPTY; 3];
        faces[..plain.len()].copy_from_slice(&plain);
        let mut pos = self.start;
        for &mv in &self.line[..k.min(self.line.len())] {
            let seat = pos.to_move();
            let played = faces[seat.index()].pick(mv.cards(), Faces::EMPTY).unwrap_or_default();
            faces[seat.index()] = faces[seat.index()].minus(played);
            pos = pos.after(mv);
        }
        faces
    }
}

/// What the worker said of one position.
#[derive(Clone, Debug, PartialEq)]
struct Analysis {
    verdicts: Vec<MoveVerdict>,
    /// The best line from there (empty when not proven).
    line: Vec<Move>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    /// The user plays the side that starts; the answers stay hidden.
    Try,
    Analyse,
}

#[derive(Clone, Debug, PartialEq)]
struct State {
    board: Board,
    mode: Mode,
    /// Analyses by (position, utility).
    known: HashMap<(Position, Utility), Rc<Analysis>>,
    /// The job the page waits for, its position and progress.
    pending: Option<(JobId, Position, Utility)>,
    progress: Option<(u32, u32)>,
    preview: Option<Move>,
    failure: Option<JobError>,
}

enum Action {
    Reset(Position, Mode),
    Mode(Mode),
    Play(Move),
    To(usize),
    Ask(JobId, Position, Utility),
    Answer(JobId, Answer),
    Preview(Option<Move>),
    /// Loads a line into the board after the current move.
    Follow(Vec<Move>),
}

impl Reducible for State {
    type Action = Action;
    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            Action::Reset(position, mode) => {
                next.board = Board::new(position);
                next.mode = mode;
                next.preview = None;
                next.failure = None;
            }
            Action::Mode(mode) => next.mode = mode,
            Action::Play(mv) => {
                next.board.play(mv);
                next.preview = None;
            }
            Action::To(k) => {
                next.board.cursor = k.min(next.board.line.len());
                next.preview = None;
            }
            Action::Ask(id, position, utility) => {
                next.pending = Some((id, position, utility));
                next.progress = None;
            }
            Action::Answer(id, answer) => match (answer, self.pending) {
                (_, Some((wanted, ..))) if id != wanted => return self,
                (_, None) => return self,
                (Answer::Progress { done, total }, _) => next.progress = Some((done, total)),
                (Answer::Moves { verdicts, line }, Some((_, position, utility))) => {
                    next.known
                        .insert((position, utility), Rc::new(Analysis { verdicts, line }));
                    next.pending = None;
                    next.progress = None;
                }
                (Answer::Failed(e), _) => {
                    next.pending = None;
                    next.failure = Some(e);
                }
                (Answer::Cancelled, _) => next.pending = None,
                _ => return self,
            },
            Action::Preview(mv) => next.preview = mv,
            Action::Follow(line) => {
                let k = next.board.cursor;
                next.board.line.truncate(k);
                next.board.line.extend(line);
            }
        }
        Rc::new(next)
    }
}

/// The position the worker should look at next: while trying, one the user
/// played from before its verdicts came in (so a play that threw the win
/// away is still flagged, however quickly it was made), else the one on
/// the board.
fn to_analyse(state: &State, hero: Team, utility: Utility) -> Position {
    if state.mode == Mode::Try {
        let mut pos = state.board.start;
        for &mv in &state.board.line[..state.board.cursor] {
            if pos.to_move().team() == hero && !state.known.contains_key(&(pos, utility)) {
                return pos;
            }
            pos = pos.after(mv);
        }
    }
    state.board.position()
}

/// The first of the user's plays on the board that threw a proven win away
/// (its index in the line), by what the worker found.
fn first_blunder(state: &State, hero: Team, utility: Utility) -> Option<(usize, Option<Move>)> {
    let mut pos = state.board.start;
    for (k, &mv) in state.board.line[..state.board.cursor].iter().enumerate() {
        if pos.to_move().team() == hero {
            if let Some(a) = state.known.get(&(pos, utility)) {
                let best = a.verdicts.first();
                let won = best.is_some_and(|b| b.exact && b.winner == hero);
                let this = a.verdicts.iter().find(|v| v.play == mv);
                if won && this.is_some_and(|v| v.exact && v.winner != hero) {
                    return Some((k, best.map(|b| b.play)));
                }
            }
        }
        pos = pos.after(mv);
    }
    None
}

#[derive(Properties, PartialEq)]
pub struct EndgamePageProps {
    pub link: EndgameLink,
}

#[component]
pub fn EndgamePage(props: &EndgamePageProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or(Lang::Zh);
    let t = lang.strings();
    let link = expand(&props.link);
    let parsed = parse(&props.link);
    let puzzle = puzzle_of(&props.link).ok().flatten();
    let form = use_state(|| link.clone());
    {
        let form = form.clone();
        use_effect_with(link.clone(), move |link| form.set(link.clone()));
    }
    let start = parsed.clone().ok();
    let state = use_reducer(|| State {
        board: Board::new(start.unwrap_or_else(first_puzzle)),
        mode: Mode::Try,
        known: HashMap::new(),
        pending: None,
        progress: None,
        preview: None,
        failure: None,
    });
    let utility = use_state(|| Utility::WinLoss);
    let limit = use_state(|| TIME_LIMITS[0]);
    let engine = {
        let state = state.clone();
        use_engine(move |id, answer| state.dispatch(Action::Answer(id, answer)))
    };
    // A new position on the page: a fresh board, tried first if a puzzle.
    {
        let state = state.clone();
        use_effect_with(start, move |start| {
            if let Some(position) = start {
                let mode = if puzzle.is_some() { Mode::Try } else { Mode::Analyse };
                state.dispatch(Action::Reset(*position, mode));
            }
        });
    }
    let position = state.board.position();
    let analysis = state.known.get(&(position, *utility)).cloned();
    let hero = state.board.start.to_move().team();
    // Ask the worker about the position it should look at next, once.
    {
        let (state, engine) = (state.clone(), engine.clone());
        let target = to_analyse(&state, hero, *utility);
        let known = state.known.contains_key(&(target, *utility));
        let key = (parsed.is_ok(), target, *utility, *limit, known);
        use_effect_with(key, move |&(ok, position, utility, limit, known)| {
            let asked = state.pending.is_some_and(|(_, p, u)| p == position && u == utility);
            if ok && !known && !asked && position.winner().is_none() {
                let hands: Vec<Cards> = Seat::ALL[..position.seats()]
                    .iter()
                    .map(|&s| position.hand(s))
                    .collect();
                let id = engine.run(Job::Moves(MovesJob {
                    hands,
                    to_move: position.to_move(),
                    to_beat: position.to_beat(),
                    utility,
                    time_limit_ms: limit,
                }));
                state.dispatch(Action::Ask(id, position, utility));
            }
        });
    }
    let blunder = first_blunder(&state, hero, *utility);
    // Trying a puzzle: the solver answers for the other side.
    {
        let state = state.clone();
        let answer = match (&analysis, state.mode) {
            (Some(a), Mode::Try)
                if position.winner().is_none() && position.to_move().team() != hero && blunder.is_none() =>
            {
                // Its best play; when every play loses, the longest defence.
                a.line.first().copied().or(a.verdicts.first().map(|v| v.play))
            }
            _ => None,
        };
        use_effect_with((position, answer), move |&(_, answer)| {
            let timer = answer.map(|mv| Timeout::new(ANSWER_PAUSE_MS, move || state.dispatch(Action::Play(mv))));
            move || drop(timer)
        });
    }

    let picking = use_state(|| 0usize);
    let custom = use_state(|| false);
    let setup = setup_form(t, &form, &picking, &custom, puzzle);
    let body = match &parsed {
        Err(problem) => html! { <p class="error" id="eg-error" role="alert">{ problem.explain(t) }</p> },
        Ok(_) => {
            let board = board_view(t, &state);
            let panel = match state.mode {
                Mode::Try => try_panel(t, &state, hero, blunder),
                Mode::Analyse => analysis_panel(t, &state, &analysis, &utility, &limit),
            };
            html! {
                <div class="analysis-board">
                    { board }
                    <div class="analysis-side">
                        { task_line(t, &state, puzzle, *utility) }
                        { mode_switch(t, &state) }
                        { stepper(t, &state) }
                        { panel }
                    </div>
                </div>
            }
        }
    };
    html! {
        <main id="main" class="page endgame-page">
            <h1>{ t.endgame_title }</h1>
            <p class="note">{ t.endgame_intro }</p>
            { setup }
            { body }
        </main>
    }
}

/// The first built-in puzzle: the board behind a setup error, never shown.
fn first_puzzle() -> Position {
    parse(&EndgameLink::default()).expect("the built-in puzzles are positions (a test checks them)")
}

/// What the position asks: a built-in puzzle's task is known; otherwise
/// it is the verdict once the worker has it.
fn task_line(t: &Strings, state: &State, puzzle: Option<usize>, utility: Utility) -> Html {
    let start = state.board.start;
    let seat = t.seat(start.to_move());
    let leads = start.to_beat().is_none();
    let landlord = match puzzle {
        Some(_) => Some(true),
        None => state
            .known
            .get(&(start, utility))
            .and_then(|a| a.verdicts.first())
            .filter(|v| v.exact)
            .map(|v| v.winner == Team::Landlord),
    };
    match landlord {
        Some(l) => {
            let mover_wins = (start.to_move().team() == Team::Landlord) == l;
            html! { <p class="task" id="eg-task">{ (t.eg.task)(seat, leads, mover_wins, l) }</p> }
        }
        None => html! {},
    }
}

fn mode_switch(t: &Strings, state: &UseReducerHandle<State>) -> Html {
    let button = |mode: Mode, label: &'static str, id: &'static str| {
        let pressed = state.mode == mode;
        let state = state.clone();
        let onclick = Callback::from(move |_: MouseEvent| state.dispatch(Action::Mode(mode)));
        html! { <button type="button" {id} aria-pressed={ pressed.to_string() } {onclick}>{ label }</button> }
    };
    html! {
        <div class="mode-switch" role="group" aria-label={ t.eg.mode_label }>
            { button(Mode::Try, t.eg.mode_try, "eg-mode-try") }
            { button(Mode::Analyse, t.eg.mode_analyse, "eg-mode-analyse") }
        </div>
    }
}

/// Back and forth through the moves on the board.
fn stepper(t: &Strings, state: &UseReducerHandle<State>) -> Html {
    let (k, n) = (state.board.cursor, state.board.line.len());
    let to = |k: usize| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::To(k)))
    };
    html! {
        <div class="replay stepper" role="group" aria-label={ t.eg.position_label }>
            <button type="button" class="icon-button" id="eg-start" title={ t.eg.start_over } aria-label={ t.eg.start_over } disabled={ k == 0 } onclick={ to(0) }>{ icon("first") }</button>
            <button type="button" class="icon-button" id="eg-undo" title={ t.play.back } aria-label={ t.play.back } disabled={ k == 0 } onclick={ to(k.saturating_sub(1)) }>{ icon("prev") }</button>
            <span id="eg-step" data-step={ k.to_string() }>{ (t.play.replay_step)(k, n) }</span>
            <button type="button" class="icon-button" id="eg-redo" title={ t.play.forward } aria-label={ t.play.forward } disabled={ k >= n } onclick={ to(k + 1) }>{ icon("next") }</button>
            <button type="button" class="icon-button" id="eg-end" title={ t.play.to_end } aria-label={ t.play.to_end } disabled={ k >= n } onclick={ to(n) }>{ icon("last") }</button>
        </div>
    }
}

/// The table: every hand open, the play to beat in the middle, the seat to
/// move marked; a previewed play lifted out of its hand and shown.
fn board_view(t: &Strings, state: &State) -> Html {
    let board = &state.board;
    let position = board.position();
    let faces = board.faces_at(board.cursor);
    let preview = state.preview.filter(|&mv| position.is_legal(mv));
    let seat_view = |seat: Seat| {
        let turn = position.to_move() == seat && position.winner().is_none();
        let hand = faces[seat.index()];
        let marked = match preview {
            Some(mv) if turn => mv.cards(),
            _ => Cards::EMPTY,
        };
        html! {
            <section class={ classes!("board-seat", seat.name(), turn.then_some("turn")) } data-seat={ seat.name() } data-count={ hand.len().to_string() }>
                <h2>{ t.seat(seat) }<span class="count">{ (t.cards_count)(hand.len()) }</span></h2>
                <Hand cards={ hand.cards() } faces={ Some(hand) } {marked} held=true label={ t.seat(seat) } />
            </section>
        }
    };
    let centre = match (preview, position.to_beat(), position.winner()) {
        (_, _, Some(w)) => html! { <p class="board-note" id="eg-over">{ (t.eg.over)(t.seat(w)) }</p> },
        (Some(mv), _, _) => html! {
            <div class="board-play preview" id="eg-preview">
                <span class="who">{ t.seat(position.to_move()) }</span>
                { play_cards(t, mv) }
            </div>
        },
        (None, Some((by, play)), _) => html! {
            <div class="board-play" id="eg-to-beat" data-play={ play.to_string() } data-by={ by.name() }>
                <span class="who">{ t.seat(by) }</span>
                { play_cards(t, Move::Play(play)) }
            </div>
        },
        (None, None, _) => html! { <p class="board-note">{ t.seat(position.to_move()) }{ " " }{ t.leads }</p> },
    };
    let seats = position.seats();
    html! {
        <div class="board felt" data-seats={ seats.to_string() }>
            <div class="board-top">
                if seats == 3 { { seat_view(Seat::Farmer2) } }
                { seat_view(Seat::Farmer1) }
            </div>
            <div class="board-centre">{ centre }</div>
            { seat_view(Seat::Landlord) }
        </div>
    }
}

fn play_cards(t: &Strings, mv: Move) -> Html {
    match mv {
        Move::Pass => html! { <strong class="pass">{ t.pass }</strong> },
        Move::Play(p) => html! {
            <>
                <Hand cards={ p.cards() } first={ p.main_cards() } label={ t.play_words(p) } />
                <span class="words">{ t.play_words(p) }</span>
            </>
        },
    }
}

fn badge(t: &Strings, v: &MoveVerdict, mover: Team) -> Html {
    let (class, short, long) = match (v.exact, v.winner == mover) {
        (true, true) => ("badge win", t.eg.win, t.eg.win_long),
        (true, false) => ("badge lose", t.eg.lose, t.eg.lose_long),
        (false, _) => ("badge estimate", t.eg.estimate, t.eg.estimate_long),
    };
    html! { <span {class} title={ long } aria-label={ long }>{ short }</span> }
}

/// Every play of the side to move with its verdict, best first; plays with
/// the same result as one listed are folded under it.
fn verdict_list(t: &Strings, state: &UseReducerHandle<State>, analysis: &Analysis, utility: Utility) -> Html {
    let position = state.board.position();
    let mover = position.to_move().team();
    let entries = analysis.verdicts.iter().filter(|v| v.same_as.is_none()).map(|v| {
        let same = analysis.verdicts.iter().filter(|w| w.same_as == Some(v.play)).count();
        let mv = v.play;
        let onclick = {
            let state = state.clone();
            Callback::from(move |_: MouseEvent| state.dispatch(Action::Play(mv)))
        };
        let enter = {
            let state = state.clone();
            Callback::from(move |_: MouseEvent| state.dispatch(Action::Preview(Some(mv))))
        };
        let focus = {
            let state = state.clone();
            Callback::from(move |_: FocusEvent| state.dispatch(Action::Preview(Some(mv))))
        };
        let winner = if v.winner == Team::Landlord { "landlord" } else { "farmer" };
        html! {
            <li data-play={ mv.to_string() } data-winner={ winner } data-exact={ v.exact.to_string() } data-same={ same.to_string() }>
                <button type="button" class="verdict-move" onclick={onclick} onmouseenter={enter} onfocus={focus}>
                    { badge(t, v, mover) }
                    <span class="words">{ t.move_words(mv) }</span>
                    if utility == Utility::Score && v.exact {
                        <span class="value">{ (t.eg.score_after)(v.value) }</span>
                    }
                    if same > 0 {
                        <span class="same">{ (t.eg.equivalents)(same) }</span>
                    }
                </button>
            </li>
        }
    });
    let leave = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::Preview(None)))
    };
    html! {
        <div class="verdicts">
            <h2>{ t.eg.moves_title }</h2>
            <p class="note">{ t.eg.moves_note }</p>
            <ul id="eg-moves" onmouseleave={leave}>{ for entries }</ul>
        </div>
    }
}

fn progress_line(t: &Strings, state: &State) -> Html {
    match (state.pending, state.progress) {
        (Some(_), Some((done, total))) => {
            html! { <p class="progress" id="eg-progress" role="status">{ (t.eg.analysing)(done, total) }</p> }
        }
        (Some(_), None) => html! { <p class="progress" id="eg-progress" role="status">{ (t.eg.analysing)(0, 0) }</p> },
        _ => html! {},
    }
}

fn analysis_panel(
    t: &Strings,
    state: &UseReducerHandle<State>,
    analysis: &Option<Rc<Analysis>>,
    utility: &UseStateHandle<Utility>,
    limit: &UseStateHandle<f64>,
) -> Html {
    let on_utility = {
        let utility = utility.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok()) {
                utility.set(if select.value() == "score" {
                    Utility::Score
                } else {
                    Utility::WinLoss
                });
            }
        })
    };
    let on_limit = {
        let limit = limit.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok()) {
                let ms = select.value().parse::<f64>().unwrap_or(TIME_LIMITS[0]);
                limit.set(if TIME_LIMITS.contains(&ms) { ms } else { TIME_LIMITS[0] });
            }
        })
    };
    let position = state.board.position();
    let body = match analysis {
        Some(a) if position.winner().is_none() => {
            let line = a.line.clone();
            let follow = {
                let state = state.clone();
                Callback::from(move |_: MouseEvent| state.dispatch(Action::Follow(line.clone())))
            };
            html! {
                <>
                    { verdict_list(t, state, a, **utility) }
                    if !a.line.is_empty() {
                        <div class="best-line">
                            <h2>{ t.eg.line_title }</h2>
                            <LineTable id="eg-line" seats={ position.seats() } first={ position.to_move() }
                                answering={ position.to_beat().map(|(by, _)| by) } moves={ a.line.clone() } />
                            <button type="button" id="eg-follow" onclick={follow}>{ t.eg.follow_line }</button>
                        </div>
                    }
                </>
            }
        }
        _ => progress_line(t, state),
    };
    html! {
        <section class="analysis" aria-live="polite">
            <div class="sim-controls">
                <span class="field">
                    <label for="eg-utility">{ t.eg.utility }</label>
                    <select id="eg-utility" onchange={on_utility}>
                        <option value="win_loss" selected={ **utility == Utility::WinLoss }>{ t.eg.utilities[0] }</option>
                        <option value="score" selected={ **utility == Utility::Score }>{ t.eg.utilities[1] }</option>
                    </select>
                </span>
                <span class="field">
                    <label for="eg-limit">{ t.time_limit }</label>
                    <select id="eg-limit" onchange={on_limit}>
                        { for TIME_LIMITS.iter().map(|&ms| html! {
                            <option value={ ms.to_string() } selected={ **limit == ms }>{ format!("{} s", ms / 1000.0) }</option>
                        }) }
                    </select>
                </span>
            </div>
            if let Some(error) = &state.failure {
                <p class="error" role="alert" id="eg-error">{ t.job_error(error) }</p>
            }
            { body }
        </section>
    }
}

/// Trying a puzzle: the user's plays as buttons (no verdicts shown), the
/// solver's answers, and a flag the moment a play throws the win away.
fn try_panel(t: &Strings, state: &UseReducerHandle<State>, hero: Team, blunder: Option<(usize, Option<Move>)>) -> Html {
    let position = state.board.position();
    let show = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::Mode(Mode::Analyse)))
    };
    if let Some((k, best)) = blunder {
        let retry = {
            let state = state.clone();
            Callback::from(move |_: MouseEvent| state.dispatch(Action::To(k)))
        };
        let bad = state.board.line[k];
        return html! {
            <section class="try" id="eg-try">
                <p class="flag" id="eg-flag" role="alert">{ (t.eg.threw_away)(&t.move_words(bad)) }</p>
                <div class="try-actions">
                    <button type="button" class="primary" id="eg-retry" onclick={retry}>{ t.eg.retry }</button>
                    <button type="button" id="eg-show" onclick={show}>{ t.eg.show_answer }</button>
                </div>
                if let Some(best) = best {
                    <details><summary>{ t.hint }</summary><p>{ (t.eg.winning_play)(&t.move_words(best)) }</p></details>
                }
            </section>
        };
    }
    let body = match position.winner() {
        Some(w) if w.team() == hero => html! { <p class="success" id="eg-solved" role="status">{ t.eg.solved }</p> },
        Some(_) => html! { <p class="flag" id="eg-lost" role="status">{ t.eg.lost }</p> },
        None if position.to_move().team() == hero => {
            let mut moves = Vec::new();
            position.moves(&mut moves);
            let buttons = moves.iter().map(|&mv| {
                let onclick = {
                    let state = state.clone();
                    Callback::from(move |_: MouseEvent| state.dispatch(Action::Play(mv)))
                };
                let enter = {
                    let state = state.clone();
                    Callback::from(move |_: MouseEvent| state.dispatch(Action::Preview(Some(mv))))
                };
                html! { <button type="button" class="move" data-move={ mv.to_string() } {onclick} onmouseenter={enter}>{ t.move_words(mv) }</button> }
            });
            let leave = {
                let state = state.clone();
                Callback::from(move |_: MouseEvent| state.dispatch(Action::Preview(None)))
            };
            html! {
                <>
                    <p id="eg-your-turn">{ (t.eg.your_turn)(t.seat(position.to_move())) }</p>
                    <div class="moves" id="eg-try-moves" onmouseleave={leave}>{ for buttons }</div>
                </>
            }
        }
        None => html! { <p class="thinking" id="eg-thinking">{ (t.eg.their_turn)(t.seat(position.to_move())) }</p> },
    };
    html! {
        <section class="try" id="eg-try">
            <p class="note">{ t.eg.try_intro }</p>
            { body }
            <div class="try-actions">
                <button type="button" id="eg-show" onclick={show}>{ t.eg.show_answer }</button>
            </div>
        </section>
    }
}

fn setup_form(
    t: &Strings,
    form: &UseStateHandle<EndgameLink>,
    picking: &UseStateHandle<usize>,
    custom: &UseStateHandle<bool>,
    puzzle: Option<usize>,
) -> Html {
    let text_field = |key: Field, label: &'static str, value: String| {
        let form = form.clone();
        let oninput = Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                let mut next = (*form).clone();
                next.puzzle = None;
                match key {
                    Field::Landlord => next.landlord = input.value(),
                    Field::Farmer => next.farmer = input.value(),
                    Field::Farmer2 => next.farmer2 = input.value(),
                    _ => next.last = input.value(),
                }
                form.set(next);
            }
        });
        let id = match key {
            Field::Landlord => "eg-l",
            Field::Farmer => "eg-f",
            Field::Farmer2 => "eg-f2",
            _ => "eg-last",
        };
        html! {
            <span class="field">
                <label for={id}>{ label }</label>
                <input {id} {value} {oninput} autocomplete="off" spellcheck="false" />
            </span>
        }
    };
    // Seats are chosen in the page's words, not typed.
    let seat_field = |key: Field, label: &'static str, value: &str| {
        let form = form.clone();
        let onchange = Callback::from(move |e: Event| {
            if let Some(select) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok()) {
                let mut next = (*form).clone();
                next.puzzle = None;
                match key {
                    Field::LastBy => next.last_by = select.value(),
                    _ => next.to_move = select.value(),
                }
                form.set(next);
            }
        });
        let id = if key == Field::LastBy { "eg-by" } else { "eg-to" };
        let current = seat_named(value);
        html! {
            <span class="field">
                <label for={id}>{ label }</label>
                <select {id} {onchange}>
                    <option value="" selected={ current.is_none() }>{ t.nobody }</option>
                    { for Seat::ALL.iter().map(|&s| html! {
                        <option value={ s.name() } selected={ current == Some(s) }>{ t.seat(s) }</option>
                    }) }
                </select>
            </span>
        }
    };
    let on_setup = {
        let form = form.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            Route::Endgame((*form).clone()).go();
        })
    };
    // A puzzle opens at once; 自定义 opens the form, starting from the
    // position shown.
    let on_puzzle = {
        let custom = custom.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok()) {
                let value = select.value();
                if value.is_empty() {
                    custom.set(true);
                } else {
                    custom.set(false);
                    Route::Endgame(EndgameLink {
                        puzzle: Some(value),
                        ..Default::default()
                    })
                    .go();
                }
            }
        })
    };
    let on_toggle = {
        let custom = custom.clone();
        Callback::from(move |e: Event| {
            if let Some(details) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlDetailsElement>().ok())
            {
                custom.set(details.open());
            }
        })
    };
    let open = **custom || puzzle.is_none();
    let picker = {
        let hands = vec![
            (t.seat(Seat::Landlord), form.landlord.clone()),
            (t.seat(Seat::Farmer1), form.farmer.clone()),
            (t.seat(Seat::Farmer2), form.farmer2.clone()),
        ];
        let on_select = {
            let picking = picking.clone();
            Callback::from(move |i: usize| picking.set(i))
        };
        let on_change = {
            let form = form.clone();
            Callback::from(move |(i, text): (usize, String)| {
                let mut next = (*form).clone();
                next.puzzle = None;
                match i {
                    0 => next.landlord = text,
                    1 => next.farmer = text,
                    _ => next.farmer2 = text,
                }
                form.set(next);
            })
        };
        html! {
            <details class="picker-box" id="eg-picker">
                <summary>{ t.picker_title }</summary>
                <CardPicker {hands} active={**picking} {on_select} {on_change} />
            </details>
        }
    };
    let puzzle_options = PUZZLES.iter().enumerate().map(|(i, (level, ..))| {
        html! { <option value={ (i + 1).to_string() } selected={ !open && puzzle == Some(i) }>{ format!("{} {} · {}", t.puzzle, i + 1, t.levels[*level]) }</option> }
    });
    html! {
        <div class="endgame-setup">
            <span class="field">
                <label for="eg-puzzle">{ t.puzzle }</label>
                <select id="eg-puzzle" onchange={on_puzzle}>
                    { for puzzle_options }
                    <option value="" selected={ open }>{ t.custom }</option>
                </select>
            </span>
            <details class="custom" id="eg-custom" {open} ontoggle={on_toggle}>
                <summary>{ t.eg.custom_title }</summary>
                <form class="endgame-form" onsubmit={on_setup}>
                    { text_field(Field::Landlord, t.landlord_hand, form.landlord.clone()) }
                    { text_field(Field::Farmer, t.farmer_hand, form.farmer.clone()) }
                    { text_field(Field::Farmer2, t.farmer2_hand, form.farmer2.clone()) }
                    { text_field(Field::LastBy, t.last_play, form.last.clone()) }
                    { seat_field(Field::LastBy, t.last_by, &form.last_by) }
                    { seat_field(Field::ToMove, t.to_move, &form.to_move) }
                    <button type="submit" id="eg-setup">{ t.set_up }</button>
                    { picker }
                </form>
            </details>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::clock::MonotonicClock;
    use engine::solver::{SolveOptions, Solver};

    /// The link to the puzzle of index `n` (numbered from 1 in links).
    fn puzzle(n: usize) -> EndgameLink {
        EndgameLink {
            puzzle: Some((n + 1).to_string()),
            ..Default::default()
        }
    }

    #[test]
    fn built_in_puzzles_have_one_winning_first_move() {
        let clock = MonotonicClock::default();
        for n in 0..PUZZLES.len() {
            let position = parse(&puzzle(n)).unwrap();
            let mut solver = Solver::new(16 << 20);
            let r = solver.solve(&position, &SolveOptions::default(), &clock, &mut ());
            assert!(r.exact && r.winner == Team::Landlord, "puzzle {n}: {r:?}");
            let winning: Vec<Move> = solver
                .solve_moves(&position, &SolveOptions::default(), &clock)
                .into_iter()
                .filter(|v| v.winner == Team::Landlord)
                .map(|v| v.play)
                .collect();
            assert_eq!(winning, [r.best.unwrap()], "puzzle {n}");
        }
    }

    #[test]
    fn setup_problems_name_their_field() {
        let link = |l: &str, f: &str, last: &str, by: &str| EndgameLink {
            landlord: l.into(),
            farmer: f.into(),
            last: last.into(),
            last_by: by.into(),
            ..Default::default()
        };
        let en = Lang::En.strings();
        let zh = Lang::Zh.strings();
        let err = parse(&link("33z", "4", "", "")).unwrap_err();
        assert!(err.explain(en).contains("'z' at position 3"), "{}", err.explain(en));
        let err = parse(&link("33", "4", "345", "landlord")).unwrap_err();
        assert!(err.explain(en).contains("not a legal combination"));
        // A seat that is not one is blamed on its own field.
        let err = parse(&link("33", "44", "5", "农民一")).unwrap_err();
        assert!(err.explain(zh).starts_with(zh.last_by), "{}", err.explain(zh));
        let ok = parse(&link("33", "44", "5", "farmer")).unwrap();
        assert_eq!(ok.to_move(), Seat::Landlord);
        // Hands over 20 cards are refused, naming the seat.
        let err = parse(&link("333344445555666677778", "9", "", "")).unwrap_err();
        assert!(err.explain(zh).contains("最多 20 张"), "{}", err.explain(zh));
    }

    #[test]
    fn puzzles_are_numbered_and_an_empty_link_opens_the_first() {
        assert_eq!(puzzle_of(&EndgameLink::default()), Ok(Some(0)));
        assert_eq!(parse(&EndgameLink::default()), parse(&puzzle(0)));
        let err = parse(&EndgameLink {
            puzzle: Some("99".into()),
            ..Default::default()
        })
        .unwrap_err();
        assert_eq!(err, SetupProblem::Puzzle("99".into()));
        // Links number puzzles as the page does, from 1 to the last.
        let numbered = |n: &str| {
            puzzle_of(&EndgameLink {
                puzzle: Some(n.into()),
                ..Default::default()
            })
        };
        assert_eq!(numbered("1"), Ok(Some(0)));
        assert_eq!(numbered(&PUZZLES.len().to_string()), Ok(Some(PUZZLES.len() - 1)));
        assert_eq!(numbered("0"), Err(SetupProblem::Puzzle("0".into())));
        assert_eq!(
            numbered(&(PUZZLES.len() + 1).to_string()),
            Err(SetupProblem::Puzzle((PUZZLES.len() + 1).to_string()))
        );
        assert!(err.explain(Lang::Zh.strings()).contains("“99”"));
        assert!(matches!(
            puzzle_of(&EndgameLink {
                puzzle: Some("x".into()),
                ..Default::default()
            }),
            Err(SetupProblem::Puzzle(_))
        ));
    }

    #[test]
    fn the_board_steps_back_and_forth_and_redoes() {
        let start = parse(&puzzle(0)).unwrap();
        let mut board = Board::new(start);
        let mut moves = Vec::new();
        start.moves(&mut moves);
        board.play(moves[0]);
        let after = board.position();
        assert_eq!(after, start.after(moves[0]));
        board.cursor = 0;
        // Playing the next move again is a redo: the line stays.
        board.play(moves[0]);
        assert_eq!((board.cursor, board.line.len()), (1, 1));
        board.cursor = 0;
        board.play(moves[1]);
        assert_eq!(board.line, [moves[1]]);
        // Illegal moves change nothing (nobody here holds the big joker).
        board.play(Move::Play(Play::parse("D").unwrap()));
        assert_eq!(board.line, [moves[1]]);
        let faces = board.faces_at(1);
        assert_eq!(faces[0].cards(), board.position().hand(Seat::Landlord));
    }
}

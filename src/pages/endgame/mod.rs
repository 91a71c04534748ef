//! The Endgame page (残局) as an analysis board. A position (a puzzle of
//! the library, one set up by hand or by link) lies open on a table; every legal
//! play of the side to move is listed with its verdict (胜/负, best first,
//! plays with the same result collapsed, a proven win with its "wins in
//! N"), computed in the worker; hovering a play previews it, clicking
//! makes it, and so does tapping cards in the hand of the side to move and
//! then 出牌, as at the Play page's table; the board steps back and forth
//! through the moves made and the best line (buttons, the arrow, Home and
//! End keys, a click on any move of either). Puzzles are tried first: the
//! user plays the side to move, the solver answers, and a play that throws
//! the win away is flagged at once, with a retry; when the pass is the
//! user's only play, it is made for them after a beat.
//!
//! One concept per file: `puzzles` (the engine's proven library, read
//! nowhere else), `progress` (what this browser keeps: the rating, each
//! puzzle's stars and rated try, the streak), `attempt` (the try on the
//! board recorded as it goes), `auto` (the moves a try makes for the
//! user: the solver's answers, a forced pass), `choice` (the puzzles to choose from and
//! the next one), `levels` (the day's puzzle, the streak, the rating,
//! the level's or theme's grid with stars), `setup`
//! (the form and the link read into a position), `state` (the board and
//! the reducer), `board` (the felt), `tap` (playing by
//! tapping cards), `verdicts` (the list of plays), `line` (the stepper,
//! the moves made and the best line), `tryout` (the task and trying a
//! puzzle), `keys` (the keyboard).

mod attempt;
mod auto;
mod board;
mod choice;
mod keys;
mod levels;
mod line;
mod progress;
mod puzzles;
mod setup;
mod state;
mod tap;
mod tryout;
mod verdicts;

use engine::solver::Utility;
use engine::Date;
use engine::{Cards, Seat, Team};
use yew::prelude::*;

use self::setup::{first_puzzle, parse, setup_form};
use self::state::{first_blunder, to_analyse, Action, Mode, State};
use crate::i18n::{use_strings, Strings};
use crate::route::{EndgameLink, Route};
use crate::web;
use crate::worker::{use_engine, Engine, Job, MovesJob};

/// Time the worker may spend on the plays of one position (ms).
const TIME_LIMITS: [f64; 3] = [2_000.0, 10_000.0, 30_000.0];

#[derive(Properties, PartialEq)]
pub struct EndgamePageProps {
    pub link: EndgameLink,
}

#[component]
pub fn EndgamePage(props: &EndgamePageProps) -> Html {
    let t = use_strings();
    let link = puzzles::expand(&props.link);
    let parsed = parse(&props.link);
    let puzzle = puzzles::puzzle_of(&props.link).ok().flatten();
    let form = use_form(link);
    let start = parsed.clone().ok();
    let state = use_reducer(|| State::new(start.unwrap_or_else(first_puzzle)));
    keys::use_step_keys(&state);
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
    use_ask_worker(&state, &engine, parsed.is_ok(), hero, *utility, *limit);
    let blunder = first_blunder(&state, hero, *utility);
    let today = Date::of_unix_ms(web::unix_ms());
    let progress = use_puzzle_progress(&state, puzzle, hero, blunder.is_some(), today);
    let forced = auto::use_moves_made_for_you(&state, analysis.as_ref(), hero, blunder.is_some());

    let picking = use_state(|| 0usize);
    let custom = use_state(|| false);
    let setup = setup_form(t, &form, &picking, &custom, puzzle, &progress.progress);
    let bar = levels::puzzle_bar(t, puzzle, &progress, today);
    // After a puzzle solved or flagged: the next one, as the player chose.
    let over = position.winner().is_some() || blunder.is_some();
    let next = puzzle
        .filter(|_| state.mode == Mode::Try && over)
        .and_then(|_| choice::next(puzzles::all(), &progress.progress, puzzle));
    let next = next.map(|n| next_button(t, n));
    let body = match &parsed {
        Err(problem) => html! { <p class="error" id="eg-error" role="alert">{ problem.explain(t) }</p> },
        Ok(_) => {
            let tapping = may_tap(&state, hero, blunder.is_some());
            let tap = (tapping && !forced).then(|| tap::tap_hand(t, &state));
            let attempt = puzzle.map(|_| tryout::PuzzleTry {
                outcome: &progress.outcome,
                streak: progress.progress.streak().0,
            });
            let panel = match state.mode {
                Mode::Try => tryout::try_panel(t, &state, hero, blunder, attempt, forced),
                Mode::Analyse => verdicts::analysis_panel(t, &state, &analysis, &utility, &limit),
            };
            let best = match (&analysis, state.mode) {
                (Some(a), Mode::Analyse) => line::best_line(t, &state, a),
                _ => html! {},
            };
            html! {
                <div class="analysis-board" data-mode={ if state.mode == Mode::Try { "try" } else { "analyse" } }>
                    { analysis_head(t, &state, puzzle, *utility, &progress) }
                    <div class="analysis-main">
                        { board::board_view(t, &state, tap, forced) }
                        { line::stepper(t, &state) }
                    </div>
                    <div class="analysis-side">
                        if let Some(error) = &state.failure {
                            <p class="error" role="alert" id="eg-error">{ t.job_error(error) }</p>
                        }
                        { panel }
                        { for next }
                        { bar.clone() }
                        { setup.clone() }
                    </div>
                    <div class="analysis-lines">
                        { line::record(t, &state) }
                        { best }
                    </div>
                </div>
            }
        }
    };
    // A link that is no position: the error, and the ways to another.
    let around = parsed.is_err().then(|| html! { <>{ bar }{ setup }</> });
    html! {
        <main id="main" class="page endgame-page">
            <h1>{ t.endgame_title }</h1>
            { progress_notices(t, &progress) }
            { body }
            { for around }
            <p class="note endgame-intro">{ t.endgame_intro }</p>
        </main>
    }
}

/// The form's fields, set anew from each link the page is opened with.
#[hook]
fn use_form(link: EndgameLink) -> UseStateHandle<EndgameLink> {
    let form = use_state(|| link.clone());
    {
        let form = form.clone();
        use_effect_with(link, move |link| form.set(link.clone()));
    }
    form
}

/// Ask the worker about the position it should look at next, once: not
/// again while it is asked or known, nor for a game that is over.
#[hook]
fn use_ask_worker(
    state: &UseReducerHandle<State>,
    engine: &Engine,
    ok: bool,
    hero: Team,
    utility: Utility,
    limit: f64,
) {
    let (state, engine) = (state.clone(), engine.clone());
    let target = to_analyse(&state, hero, utility);
    let known = state.known.contains_key(&(target, utility));
    let key = (ok, target, utility, limit, known);
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

/// The progress kept in this browser, as the try on the board moves it.
#[hook]
fn use_puzzle_progress(
    state: &UseReducerHandle<State>,
    puzzle: Option<usize>,
    hero: Team,
    slipped: bool,
    today: Option<Date>,
) -> UseStateHandle<attempt::Kept> {
    let position = state.board.position();
    // Until the board is reset to a newly opened puzzle, it is the last one's.
    let on_board = puzzle.filter(|&n| state.board.start == *puzzles::all()[n].position());
    let attempt = attempt::Attempt {
        puzzle: on_board,
        slipped,
        solved: state.mode == Mode::Try && position.winner().is_some_and(|w| w.team() == hero),
        gave_up: state.mode == Mode::Analyse,
    };
    attempt::use_progress(attempt, today)
}

/// Whether the side to move's hand is tapped to play: always while
/// analysing, while trying only on the user's own turns.
fn may_tap(state: &State, hero: Team, slipped: bool) -> bool {
    let position = state.board.position();
    position.winner().is_none()
        && match state.mode {
            Mode::Analyse => true,
            Mode::Try => position.to_move().team() == hero && !slipped,
        }
}

/// The progress that could not be read or saved, said at the top.
fn progress_notices(t: &Strings, progress: &attempt::Kept) -> Html {
    let unreadable = progress.unreadable.as_ref().map(|u| {
        html! { <p class="notice" role="alert" id="eg-progress-unreadable">{ (t.eg.progress_unreadable)(&u.why, u.kept) }</p> }
    });
    let unsaved = progress.unsaved.map(|e| {
        html! { <p class="notice" role="alert" id="eg-progress-unsaved">{ (t.eg.save_failed)(t.storage_error(e)) }</p> }
    });
    html! { <>{ for unreadable }{ for unsaved }</> }
}

/// The button on to the next puzzle.
fn next_button(t: &Strings, n: usize) -> Html {
    let onclick = Callback::from(move |_: MouseEvent| Route::Endgame(puzzles::link_to(n)).go());
    html! { <button type="button" class="primary" id="eg-next" data-id={ puzzles::all()[n].id().to_string() } {onclick}>{ t.eg.next_puzzle }</button> }
}

/// Above the board: the task, the puzzle's rating and stars, trying or
/// analysing, and how the try went.
fn analysis_head(
    t: &Strings,
    state: &UseReducerHandle<State>,
    puzzle: Option<usize>,
    utility: Utility,
    progress: &attempt::Kept,
) -> Html {
    html! {
        <div class="analysis-head">
            { tryout::task_line(t, state, puzzle, utility) }
            { for puzzle.map(|n| tryout::puzzle_meta(t, n, &progress.progress)) }
            { tryout::mode_switch(t, state) }
            { tryout::outcome_line(t, &progress.outcome) }
        </div>
    }
}

//! Trying a puzzle (自己试): the task, the puzzle's rating, themes and
//! stars, the switch between trying and the answers, and the panel while
//! trying: the user's plays as buttons (no verdicts shown), the solver's
//! answers, the pass made for the user when it is the only play, a flag
//! the moment a play throws the win away, with a retry, and what a solve
//! or a rated try came to (stars, the streak, the ratings).

use engine::solver::Utility;
use engine::{Move, Team};
use yew::prelude::*;

use super::attempt::Outcome;
use super::levels::star_marks;
use super::progress::{Change, Progress};
use super::state::{Action, Mode, State};
use crate::i18n::Strings;

/// What the position asks: a built-in puzzle's task is known; otherwise
/// it is the verdict once the worker has it.
pub(super) fn task_line(t: &Strings, state: &State, puzzle: Option<usize>, utility: Utility) -> Html {
    let start = state.board.start;
    let seat = t.seat(start.to_move());
    let leads = start.to_beat().is_none();
    // A puzzle's side to move wins, in as many plays as its proof says.
    let known = puzzle.map(|n| &super::puzzles::all()[n]);
    let landlord = match known {
        Some(p) => Some(p.task().side() == Team::Landlord),
        None => state
            .known
            .get(&(start, utility))
            .and_then(|a| a.verdicts.first())
            .filter(|v| v.exact)
            .map(|v| v.winner == Team::Landlord),
    };
    // In how many plays, once the worker has proven the start.
    let n = known.map(|p| p.moves_to_win()).or_else(|| {
        state
            .known
            .get(&(start, utility))
            .and_then(|a| a.wins_in.position)
            .filter(|&(team, _)| landlord == Some(team == Team::Landlord))
            .map(|(_, n)| n)
    });
    match landlord {
        Some(l) => {
            let mover_wins = (start.to_move().team() == Team::Landlord) == l;
            html! { <p class="task" id="eg-task" data-wins-in={ n.map(|n| n.to_string()) }>{ (t.eg.task)(seat, leads, mover_wins, l, n) }</p> }
        }
        None => html! {},
    }
}

/// A puzzle's rating, its themes and its best stars.
pub(super) fn puzzle_meta(t: &Strings, n: usize, progress: &Progress) -> Html {
    let p = &super::puzzles::all()[n];
    let rating = progress.rating_of(p).points();
    let stars = progress.stars(p.id());
    let themes = p.themes();
    let names: Vec<&str> = themes.iter().map(|th| th.name()).collect();
    html! {
        <p class="puzzle-meta" id="eg-meta" data-rating={ rating.to_string() } data-stars={ stars.to_string() } data-themes={ names.join(" ") }>
            <span class="puzzle-rating">{ (t.eg.puzzle_rating)(rating) }</span>
            <span class="themes" aria-label={ t.eg.themes_label }>
                { for themes.iter().map(|&th| html! {
                    <span class="theme-chip" data-theme={ th.name() } title={ (t.eg.theme_about)(th) }>{ (t.eg.theme)(th) }</span>
                }) }
            </span>
            <span class="puzzle-stars" title={ (t.eg.stars)(stars) } aria-label={ (t.eg.stars)(stars) }>{ star_marks(stars) }</span>
        </p>
    }
}

/// How a rated try moved both ratings.
pub(super) fn rating_change(t: &Strings, change: &Change) -> Html {
    let (dp, dq) = (change.player_points(), change.puzzle_points());
    html! {
        <p class={ classes!("rating-change", if dp >= 0 { "up" } else { "down" }) } id="eg-rating-change" role="status"
            data-player={ change.player.1.points().to_string() } data-player-change={ dp.to_string() }
            data-puzzle={ change.puzzle.1.points().to_string() } data-puzzle-change={ dq.to_string() }>
            { (t.eg.rating_change)(change.player.1.points(), dp, change.puzzle.1.points(), dq) }
        </p>
    }
}

/// What the try of a puzzle came to: a rated try's change of ratings.
pub(super) fn outcome_line(t: &Strings, outcome: &Outcome) -> Html {
    match outcome.solved.and_then(|s| s.change).or(outcome.failed) {
        Some(change) => rating_change(t, &change),
        None => html! {},
    }
}

pub(super) fn mode_switch(t: &Strings, state: &UseReducerHandle<State>) -> Html {
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

/// The try of a puzzle of the library: what it came to, and the streak.
pub(super) struct PuzzleTry<'a> {
    pub outcome: &'a Outcome,
    pub streak: u32,
}

/// Trying a puzzle: the user's plays as buttons (no verdicts shown), the
/// solver's answers (and the pass when it is the only play), a flag the
/// moment a play throws the win away, what a solve came to.
pub(super) fn try_panel(
    t: &Strings,
    state: &UseReducerHandle<State>,
    hero: Team,
    blunder: Option<(usize, Option<Move>)>,
    puzzle: Option<PuzzleTry>,
    forced: bool,
) -> Html {
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
    let solved = puzzle.as_ref().and_then(|p| p.outcome.solved.map(|s| (s, p.streak)));
    let body = match position.winner() {
        Some(w) if w.team() == hero => {
            let (words, stars) = match solved {
                Some((s, streak)) => ((t.eg.solved_with)(s.stars, s.streak_counted, streak), Some(s.stars)),
                None => (t.eg.solved.to_string(), None),
            };
            html! {
                <p class="success" id="eg-solved" role="status" data-stars={ stars.map(|s| s.to_string()) }
                    data-streak-counted={ solved.map(|(s, _)| s.streak_counted.to_string()) }>
                    if let Some(stars) = stars { <span class="stars">{ star_marks(stars) }</span>{ " " } }
                    { words }
                </p>
            }
        }
        Some(_) => html! { <p class="flag" id="eg-lost" role="status">{ t.eg.lost }</p> },
        None if forced => html! {
            <p id="eg-forced-note" role="status">{ t.eg.forced_pass }</p>
        },
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
    let rated = puzzle.as_ref().map(|p| {
        if p.outcome.rated {
            t.eg.try_rated
        } else {
            t.eg.try_not_rated
        }
    });
    html! {
        <section class="try" id="eg-try">
            <p class="note">{ t.eg.try_intro }</p>
            if let Some(rated) = rated {
                <p class="note rated" id="eg-rated" data-rated={ puzzle.as_ref().map(|p| p.outcome.rated.to_string()) }>{ rated }</p>
            }
            { body }
            <div class="try-actions">
                <button type="button" id="eg-show" onclick={show}>{ t.eg.show_answer }</button>
            </div>
        </section>
    }
}

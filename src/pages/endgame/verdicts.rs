//! The verdicts: every legal play of the side to move with who wins after
//! it (proven or estimated) and, for a proven win, in how many plays;
//! the position's own verdict; the worker's progress; the utility and the
//! time limit the analysis uses.

use engine::solver::{MoveVerdict, Utility};
use engine::Team;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::state::{Action, Analysis, State};
use super::TIME_LIMITS;
use crate::i18n::Strings;

fn badge(t: &Strings, v: &MoveVerdict, mover: Team) -> Html {
    let (class, short, long) = match (v.exact, v.winner == mover) {
        (true, true) => ("badge win", t.eg.win, t.eg.win_long),
        (true, false) => ("badge lose", t.eg.lose, t.eg.lose_long),
        (false, _) => ("badge estimate", t.eg.estimate, t.eg.estimate_long),
    };
    html! { <span {class} title={ long } aria-label={ long }>{ short }</span> }
}

/// The verdicts to list (those not folded under another), in the order
/// shown: the worker's, best first, except that under win or loss the
/// proven wins come in fewer plays first (a win whose N is not known
/// after those whose N is).
fn shown_order(analysis: &Analysis, mover: Team, utility: Utility) -> Vec<usize> {
    let mut order: Vec<usize> = (0..analysis.verdicts.len())
        .filter(|&i| analysis.verdicts[i].same_as.is_none())
        .collect();
    if utility == Utility::WinLoss {
        let key = |i: usize| {
            let v = &analysis.verdicts[i];
            match (v.exact && v.winner == mover, analysis.wins_in_play(i)) {
                (true, n) => (0, n.unwrap_or(u32::MAX)),
                (false, _) => (1, 0),
            }
        };
        // Stable: plays that tie keep the worker's order.
        order.sort_by_key(|&i| key(i));
    }
    order
}

/// Every play of the side to move with its verdict, best first; plays with
/// the same result as one listed are folded under it.
pub(super) fn verdict_list(
    t: &Strings,
    state: &UseReducerHandle<State>,
    analysis: &Analysis,
    utility: Utility,
) -> Html {
    let position = state.board.position();
    let mover = position.to_move().team();
    let entries = shown_order(analysis, mover, utility).into_iter().map(|i| {
        let v = &analysis.verdicts[i];
        let wins_in = analysis.wins_in_play(i).filter(|_| v.exact && v.winner == mover);
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
            <li data-play={ mv.to_string() } data-winner={ winner } data-exact={ v.exact.to_string() } data-same={ same.to_string() }
                data-wins-in={ wins_in.map(|n| n.to_string()) }>
                <button type="button" class="verdict-move" onclick={onclick} onmouseenter={enter} onfocus={focus}>
                    { badge(t, v, mover) }
                    <span class="words">{ t.move_words(mv) }</span>
                    if let Some(n) = wins_in {
                        <span class="wins-in">{ (t.eg.wins_in)(n) }</span>
                    }
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

pub(super) fn progress_line(t: &Strings, state: &State) -> Html {
    match (state.pending, state.progress) {
        (Some(_), Some((done, total))) => {
            html! { <p class="progress" id="eg-progress" role="status">{ (t.eg.analysing)(done, total) }</p> }
        }
        (Some(_), None) => html! { <p class="progress" id="eg-progress" role="status">{ (t.eg.analysing)(0, 0) }</p> },
        _ => html! {},
    }
}

/// Who wins the position on the board, and in how many plays when proven.
pub(super) fn position_verdict(t: &Strings, state: &State, analysis: &Analysis) -> Html {
    let position = state.board.position();
    let Some(best) = analysis.verdicts.first() else {
        return html! {};
    };
    if position.winner().is_some() {
        return html! {};
    }
    let landlord = best.winner == Team::Landlord;
    let n = analysis
        .wins_in
        .position
        .filter(|&(team, _)| team == best.winner)
        .map(|(_, n)| n);
    let words = if best.exact {
        (t.eg.side_wins)(landlord, n)
    } else {
        (t.eg.side_ahead)(landlord)
    };
    html! {
        <p class={ classes!("position-verdict", (!best.exact).then_some("estimate")) } id="eg-verdict"
            data-winner={ if landlord { "landlord" } else { "farmer" } } data-exact={ best.exact.to_string() }
            data-wins-in={ n.map(|n| n.to_string()) }>{ words }</p>
    }
}

/// The utility and the time limit.
pub(super) fn controls(t: &Strings, utility: &UseStateHandle<Utility>, limit: &UseStateHandle<f64>) -> Html {
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
    html! {
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
                        <option value={ ms.to_string() } selected={ **limit == ms }>{ (t.eg.seconds)(ms / 1000.0) }</option>
                    }) }
                </select>
            </span>
        </div>
    }
}

/// The analysis of the position on the board: its verdict and every
/// play's, or the progress while the worker works.
pub(super) fn analysis_panel(
    t: &Strings,
    state: &UseReducerHandle<State>,
    analysis: &Option<std::rc::Rc<Analysis>>,
    utility: &UseStateHandle<Utility>,
    limit: &UseStateHandle<f64>,
) -> Html {
    let position = state.board.position();
    let body = match analysis {
        Some(a) if position.winner().is_none() => html! {
            <>
                { position_verdict(t, state, a) }
                { verdict_list(t, state, a, **utility) }
            </>
        },
        _ => progress_line(t, state),
    };
    html! {
        <section class="analysis" aria-live="polite">
            { body }
            { controls(t, utility, limit) }
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worker::WinsIn;
    use engine::solver::MoveVerdict;
    use engine::Move;

    fn verdict(play: &str, winner: Team, exact: bool) -> MoveVerdict {
        MoveVerdict {
            play: Move::parse(play).unwrap(),
            winner,
            exact,
            value: 0,
            same_as: None,
        }
    }

    #[test]
    fn wins_in_fewer_plays_come_first_then_the_workers_order() {
        let (l, f) = (Team::Landlord, Team::Farmers);
        let mut folded = verdict("5", l, true);
        folded.same_as = Some(Move::parse("4").unwrap());
        let analysis = Analysis {
            verdicts: vec![
                verdict("3", l, true),
                verdict("4", l, true),
                verdict("6", l, true),
                folded,
                verdict("7", l, true),
                verdict("8", l, false),
                verdict("9", f, true),
            ],
            line: vec![],
            wins_in: WinsIn {
                position: Some((l, 8)),
                plays: vec![Some(9), Some(8), None, Some(8), Some(8), None, None],
            },
        };
        // 必胜（8 手） before 必胜（9 手）, ties as the worker had them; a win
        // without N after the counted ones; the estimate and the loss as before.
        assert_eq!(shown_order(&analysis, l, Utility::WinLoss), [1, 4, 0, 2, 5, 6]);
        // By score, the worker's order (by value) stands.
        assert_eq!(shown_order(&analysis, l, Utility::Score), [0, 1, 2, 4, 5, 6]);
    }
}

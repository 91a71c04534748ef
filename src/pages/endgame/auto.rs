//! The moves a try makes for the user, each after a beat so it can be
//! seen: the solver's answer for the other side, and the user's own pass
//! when it is their only play (as the Play page's table does).

use engine::solver::Position;
use engine::{Move, Team};
use gloo::timers::callback::Timeout;
use yew::prelude::*;

use super::state::{Action, Analysis, Mode, State};

/// The pause before the solver's answer in a puzzle (ms).
const ANSWER_PAUSE_MS: u32 = 450;
/// How long a pass made for the user shows before it is made (ms).
const FORCED_PASS_MS: u32 = 900;

/// While trying a puzzle (`hero` its side, no play of theirs flagged):
/// answers for the other side from the worker's `analysis` of the
/// position, and passes for the user when that is all they can do.
/// Whether the user's pass is about to be made.
#[hook]
pub(super) fn use_moves_made_for_you(
    state: &UseReducerHandle<State>,
    analysis: Option<&std::rc::Rc<Analysis>>,
    hero: Team,
    flagged: bool,
) -> bool {
    let position = state.board.position();
    let trying = state.mode == Mode::Try && !flagged && position.winner().is_none();
    let answer = match analysis {
        // Its best play; when every play loses, the longest defence.
        Some(a) if trying && position.to_move().team() != hero => {
            a.line.first().copied().or(a.verdicts.first().map(|v| v.play))
        }
        _ => None,
    };
    {
        let state = state.clone();
        use_effect_with((position, answer), move |&(_, answer)| {
            let timer = answer.map(|mv| Timeout::new(ANSWER_PAUSE_MS, move || state.dispatch(Action::Play(mv))));
            move || drop(timer)
        });
    }
    let forced = trying && only_pass(&position, hero);
    {
        let state = state.clone();
        use_effect_with((position, forced), move |&(_, forced)| {
            let timer = forced.then(|| Timeout::new(FORCED_PASS_MS, move || state.dispatch(Action::Play(Move::Pass))));
            move || drop(timer)
        });
    }
    forced
}

/// Whether the side to move is `hero`'s and its only play is the pass.
fn only_pass(position: &Position, hero: Team) -> bool {
    if position.winner().is_some() || position.to_move().team() != hero {
        return false;
    }
    let mut moves = Vec::new();
    position.moves(&mut moves);
    moves == [Move::Pass]
}

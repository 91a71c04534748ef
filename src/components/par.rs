//! A deal's par (明牌结果): who wins with every hand open and best play
//! from the landlord's first lead, the first play and the line, solved by
//! the 神算子 in the worker with progress and cancel. The line can be
//! stepped through with every hand shown.

use std::rc::Rc;

use engine::solver::SolveResult;
use engine::{Deal, Game, Move, Seat, Team};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::components::card::Hand;
use crate::components::task::{task_status, Unit};
use crate::i18n::{Lang, Strings};
use crate::suits::{deal_faces, Faces};
use crate::worker::{use_engine, Answer, Job, JobError, SolveJob, Task};

/// The time limits offered (ms).
const LIMITS: [f64; 3] = [1_000.0, 10_000.0, 60_000.0];

#[derive(Clone, Debug, PartialEq)]
enum Par {
    Idle,
    Running { depth: Option<u32>, nodes: u64, ms: f64 },
    Done(Rc<SolveResult>),
    Cancelled,
    Failed(JobError),
}

struct State {
    par: Par,
    /// Moves of the line shown on the table.
    step: usize,
}

enum Action {
    Start,
    Reset,
    Answer(Answer),
    Step(usize),
}

impl Reducible for State {
    type Action = Action;
    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut step = self.step;
        let par = match action {
            Action::Start => {
                step = 0;
                Par::Running {
                    depth: None,
                    nodes: 0,
                    ms: 0.0,
                }
            }
            Action::Reset => Par::Idle,
            Action::Step(k) => {
                step = k;
                self.par.clone()
            }
            Action::Answer(answer) => match answer {
                Answer::Searching { depth, nodes, ms } => Par::Running { depth, nodes, ms },
                Answer::Solved(result) => Par::Done(Rc::new(result)),
                Answer::Cancelled => Par::Cancelled,
                Answer::Failed(e) => Par::Failed(e),
                _ => return self,
            },
        };
        Rc::new(State { par, step })
    }
}

#[derive(Properties, PartialEq)]
pub struct ParProps {
    pub deal: Deal,
}

#[component]
pub fn ParPanel(props: &ParProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or(Lang::Zh);
    let t = lang.strings();
    let state = use_reducer(|| State {
        par: Par::Idle,
        step: 0,
    });
    let limit = use_state(|| LIMITS[1]);
    let engine = {
        let state = state.clone();
        use_engine(move |_, answer| state.dispatch(Action::Answer(answer)))
    };
    // Another deal: what ran for the old one stops.
    {
        let (engine, state) = (engine.clone(), state.clone());
        use_effect_with(props.deal, move |_| {
            engine.cancel();
            state.dispatch(Action::Reset);
        });
    }
    let running = matches!(state.par, Par::Running { .. });
    let on_run = {
        let (engine, state, deal, limit) = (engine.clone(), state.clone(), props.deal, *limit);
        Callback::from(move |_: MouseEvent| {
            state.dispatch(Action::Start);
            engine.run(Job::Solve(SolveJob {
                hands: deal.hands().to_vec(),
                to_move: Seat::Landlord,
                to_beat: None,
                time_limit_ms: limit,
                utility: Default::default(),
            }));
        })
    };
    let on_cancel = {
        let engine = engine.clone();
        Callback::from(move |_: MouseEvent| engine.cancel())
    };
    let on_limit = {
        let limit = limit.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok()) {
                let ms = select.value().parse::<f64>().unwrap_or(LIMITS[1]);
                limit.set(if LIMITS.contains(&ms) { ms } else { LIMITS[1] });
            }
        })
    };
    let body = match &state.par {
        Par::Idle => html! {},
        Par::Running { depth, nodes, ms } => html! {
            <p class="progress" id="par-progress" role="status">{ (t.searching)(*depth, *nodes, *ms) }</p>
        },
        Par::Cancelled => html! { <p class="note" id="par-cancelled">{ t.cancelled }</p> },
        Par::Failed(e) => task_status(
            &Task::<()>::Failed(e.clone()),
            "par",
            Unit::Positions,
            on_cancel.clone(),
        ),
        Par::Done(result) => line(t, props.deal, result, state.step, &state),
    };
    html! {
        <section class="par" aria-labelledby="par-title">
            <h2 id="par-title">{ t.par_title }</h2>
            <p class="note">{ t.par_explain }</p>
            <div class="sim-controls">
                <span class="field">
                    <label for="par-limit">{ t.time_limit }</label>
                    <select id="par-limit" onchange={on_limit} disabled={running}>
                        { for LIMITS.iter().map(|&ms| html! {
                            <option value={ ms.to_string() } selected={ *limit == ms }>{ format!("{} s", ms / 1000.0) }</option>
                        }) }
                    </select>
                </span>
                if running {
                    <button type="button" id="par-cancel" onclick={on_cancel}>{ t.cancel }</button>
                } else {
                    <button type="button" class="primary" id="par-run" onclick={on_run}>{ t.solve }</button>
                }
            </div>
            { body }
        </section>
    }
}

/// The hands after a move of the line, and the move.
type Step = ([Faces; 3], Option<(Seat, Move)>);

/// The verdict, the first play and the line, stepped through on open hands.
fn line(t: &Strings, deal: Deal, result: &SolveResult, step: usize, state: &UseReducerHandle<State>) -> Html {
    let landlord = result.winner == Team::Landlord;
    // The hands after each move of the line, with the faces they show.
    let mut game = Game::new(&deal);
    let (start, _) = deal_faces(&deal);
    let mut faces = start;
    let mut after: Vec<Step> = vec![(faces, None)];
    for &mv in &result.pv {
        let seat = game.to_move();
        if game.apply(mv).is_err() {
            break;
        }
        let played = faces[seat.index()].pick(mv.cards(), Faces::EMPTY).unwrap_or_default();
        faces[seat.index()] = faces[seat.index()].minus(played);
        after.push((faces, Some((seat, mv))));
    }
    let steps = after.len() - 1;
    let step = step.min(steps);
    let (shown, last) = after[step];
    let to = |k: usize| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::Step(k)))
    };
    let words = |mv: Move| mv.play().map_or(t.pass.to_string(), |p| t.play_words(p));
    let moves = after.iter().skip(1).enumerate().filter_map(|(i, (_, m))| {
        let (seat, mv) = (*m)?;
        let current = i + 1 == step;
        Some(html! {
            <li class={ classes!(current.then_some("current")) }>
                <button type="button" class="jump" onclick={ to(i + 1) }>
                    <span class="who">{ t.seat(seat) }</span>{ " " }<strong>{ words(mv) }</strong>
                </button>
            </li>
        })
    });
    html! {
        <div class="par-result" id="par-result" data-winner={ if landlord { "landlord" } else { "farmer" } }
            data-exact={ result.exact.to_string() } data-best={ result.best.map(|m| m.to_string()).unwrap_or_default() }>
            <p class="verdict" id="par-verdict"><strong>{ (t.verdict)(landlord, result.exact) }</strong></p>
            if let Some(best) = result.best {
                <p>{ t.par_first }{ ": " }<strong id="par-best">{ words(best) }</strong></p>
            }
            <p class="note">{ (t.stats)(result.nodes, result.ms) }</p>
            if steps > 0 {
                <div class="par-board">
                    <div class="replay" role="group" aria-label={ t.winning_line }>
                        <button type="button" id="par-back" onclick={ to(step.saturating_sub(1)) } aria-label={ t.play.back }>{ "◀" }</button>
                        <span id="par-step" data-step={ step.to_string() }>{ (t.play.replay_step)(step, steps) }</span>
                        <button type="button" id="par-next" onclick={ to((step + 1).min(steps)) } aria-label={ t.play.forward }>{ "▶" }</button>
                    </div>
                    if let Some((seat, mv)) = last {
                        <p class="to-beat">{ t.seat(seat) }{ ": " }<strong>{ words(mv) }</strong></p>
                    }
                    { for Seat::ALL.iter().map(|&seat| html! {
                        <div class="lab-hand" data-seat={ seat.name() }>
                            <span class="note">{ t.seat(seat) }</span>
                            <Hand cards={ shown[seat.index()].cards() } faces={ Some(shown[seat.index()]) } held=true label={ t.seat(seat) } />
                        </div>
                    }) }
                </div>
                <details class="record">
                    <summary>{ t.winning_line }</summary>
                    <ol class="line" id="par-line">{ for moves }</ol>
                </details>
            }
        </div>
    }
}

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
use crate::components::icon::icon;
use crate::components::line::LineTable;
use crate::components::task::task_status;
use crate::i18n::Unit;
use crate::i18n::{use_strings, Strings};
use crate::route::{EndgameLink, Route};
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
    let t = use_strings();
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
    // Stepping keeps the current move of the line in view in its box.
    use_effect_with(state.step, |_| {
        let document = web_sys::window().and_then(|w| w.document());
        let find = |selector: &str| {
            document
                .as_ref()
                .and_then(|d| d.query_selector(selector).ok().flatten())
        };
        if let (Some(moves), Some(cell)) = (find(".par-moves"), find("#par-line td.current")) {
            let (view, at) = (moves.get_bounding_client_rect(), cell.get_bounding_client_rect());
            // Below the sticky heading row, or past the bottom: centre it.
            if at.top() < view.top() + 2.0 * at.height() || at.bottom() > view.bottom() {
                let middle = at.top() - view.top() + f64::from(moves.scroll_top()) - view.height() / 2.0;
                moves.set_scroll_top(middle.max(0.0) as i32);
            }
        }
    });
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

/// A move of the line: who made it, the move, the faces of the cards it
/// played, and whether it led (a new round).
#[derive(Clone, Copy)]
struct Ply {
    seat: Seat,
    mv: Move,
    played: Faces,
    lead: bool,
}

/// The verdict, the first play and the line: a board of open hands, each
/// seat beside what it played in the round, stepped with the buttons or the
/// arrow keys, and the line as a table of turns to jump from.
fn line(t: &Strings, deal: Deal, result: &SolveResult, step: usize, state: &UseReducerHandle<State>) -> Html {
    let landlord = result.winner == Team::Landlord;
    let (hands, plies, shown_link) = walk(deal, result, step);
    let steps = plies.len();
    let step = step.min(steps);
    let shown = hands[step];
    // The round on the table: from the last lead up to this step.
    let round_start = plies[..step].iter().rposition(|p| p.lead).unwrap_or(0);
    let in_round = |seat: Seat| plies[round_start..step].iter().rev().find(|p| p.seat == seat);
    let on_jump = {
        let state = state.clone();
        Callback::from(move |k: usize| state.dispatch(Action::Step(k)))
    };
    let on_key = {
        let state = state.clone();
        Callback::from(move |e: KeyboardEvent| {
            let k = match e.key().as_str() {
                "ArrowLeft" => step.saturating_sub(1),
                "ArrowRight" => (step + 1).min(steps),
                "Home" => 0,
                "End" => steps,
                _ => return,
            };
            e.prevent_default();
            state.dispatch(Action::Step(k));
        })
    };
    let line_name = if result.exact { t.winning_line } else { t.expected_line };
    html! {
        <div class="par-result" id="par-result" data-winner={ if landlord { "landlord" } else { "farmer" } }
            data-exact={ result.exact.to_string() } data-depth={ (!result.exact).then(|| u32::from(result.depth).to_string()) } data-best={ result.best.map(|m| m.to_string()).unwrap_or_default() }
            data-nodes={ result.nodes.to_string() } data-ms={ format!("{:.0}", result.ms) }>
            <p class="verdict" id="par-verdict"><strong>{ (t.verdict)(landlord, (!result.exact).then_some(u32::from(result.depth))) }</strong></p>
            if let Some(best) = result.best {
                <p>{ t.par_first }{ ": " }<strong id="par-best">{ t.move_words(best) }</strong></p>
            }
            <p class="note">{ (t.stats)(result.nodes, result.ms) }</p>
            if steps > 0 {
                <div class="par-board" tabindex="0" onkeydown={on_key} aria-label={ line_name }>
                    <div class="par-table">
                        { replay(t, step, steps, line_name, &on_jump) }
                        { for Seat::ALL.iter().map(|&seat| {
                            let last = step > 0 && plies[step - 1].seat == seat;
                            par_seat(t, seat, shown[seat.index()], in_round(seat), last)
                        }) }
                        if let Some(link) = shown_link {
                            <a class="par-analyse" id="par-analyse" href={ Route::Endgame(link).to_hash() }>{ t.par_analyse }</a>
                        }
                    </div>
                    <div class="par-moves">
                        <LineTable id="par-line" caption={ line_name } seats=3 first={ Seat::Landlord }
                            moves={ plies.iter().map(|p| p.mv).collect::<Vec<_>>() } faces={ plies.iter().map(|p| p.played).collect::<Vec<_>>() }
                            current={step} on_jump={on_jump} />
                    </div>
                </div>
            }
        </div>
    }
}

/// The line played out from the deal: the hands after each move, the
/// moves, and the position at `step` (or the end) as a link to the
/// Endgame page, if the game is not over there.
fn walk(deal: Deal, result: &SolveResult, step: usize) -> (Vec<[Faces; 3]>, Vec<Ply>, Option<EndgameLink>) {
    let mut game = Game::new(&deal);
    let (start, _) = deal_faces(&deal);
    let mut faces = start;
    let mut hands: Vec<[Faces; 3]> = vec![faces];
    let mut plies: Vec<Ply> = Vec::new();
    let mut shown_link = None;
    for &mv in &result.pv {
        if plies.len() == step {
            shown_link = endgame_link(&game);
        }
        let seat = game.to_move();
        let lead = game.to_beat().is_none();
        if game.apply(mv).is_err() {
            break;
        }
        let played = faces[seat.index()].pick(mv.cards(), Faces::EMPTY).unwrap_or_default();
        faces[seat.index()] = faces[seat.index()].minus(played);
        hands.push(faces);
        plies.push(Ply { seat, mv, played, lead });
    }
    // The step asked for, or the end of the line if it is past it.
    if step >= plies.len() {
        shown_link = endgame_link(&game);
    }
    (hands, plies, shown_link)
}

/// The game's position as the Endgame page takes it in a link, while the
/// game is still on.
fn endgame_link(game: &Game) -> Option<EndgameLink> {
    let hand = |seat: Seat| game.hand(seat).to_string();
    let (last, by) = game.to_beat().map_or((String::new(), String::new()), |(seat, play)| {
        (play.to_string(), seat.name().to_string())
    });
    (game.outcome().is_none()).then(|| EndgameLink {
        landlord: hand(Seat::Landlord),
        farmer: hand(Seat::Farmer1),
        farmer2: hand(Seat::Farmer2),
        last,
        last_by: by,
        to_move: game.to_move().name().to_string(),
        puzzle: None,
    })
}

/// The stepper over the line: to the start, back, the step, forward, to
/// the end.
fn replay(t: &Strings, step: usize, steps: usize, line_name: &'static str, on_jump: &Callback<usize>) -> Html {
    let to = |k: usize| on_jump.reform(move |_: MouseEvent| k);
    html! {
        <div class="replay" role="group" aria-label={ line_name }>
            <button type="button" class="icon-button" id="par-first" onclick={ to(0) } aria-label={ t.play.to_start } title={ t.play.to_start }>{ icon("first") }</button>
            <button type="button" class="icon-button" id="par-back" onclick={ to(step.saturating_sub(1)) } aria-label={ t.play.back } title={ t.play.back }>{ icon("prev") }</button>
            <span id="par-step" data-step={ step.to_string() }>{ (t.play.replay_step)(step, steps) }</span>
            <button type="button" class="icon-button" id="par-next" onclick={ to((step + 1).min(steps)) } aria-label={ t.play.forward } title={ t.play.forward }>{ icon("next") }</button>
            <button type="button" class="icon-button" id="par-last" onclick={ to(steps) } aria-label={ t.play.to_end } title={ t.play.to_end }>{ icon("last") }</button>
        </div>
    }
}

/// A seat at the par table: its open hand, and what it played in the
/// round on the table (a pass, or nothing yet); `last` marks who moved last.
fn par_seat(t: &Strings, seat: Seat, hand: Faces, ply: Option<&Ply>, last: bool) -> Html {
    html! {
        <div class={ classes!("par-seat", last.then_some("last")) }>
            <div class="lab-hand" data-seat={ seat.name() }>
                <span class="note">{ t.seat(seat) }</span>
                <Hand cards={ hand.cards() } faces={ Some(hand) } held=true label={ t.seat(seat) } />
            </div>
            <div class="par-played" data-played-by={ seat.name() }>
                { match ply {
                    Some(Ply { mv: Move::Play(p), played, .. }) => html! {
                        <Hand cards={ p.cards() } faces={ Some(*played) } first={ p.main_cards() } label={ t.move_words(Move::Play(*p)) } />
                    },
                    Some(_) => html! { <span class="pass">{ t.pass }</span> },
                    None => html! {},
                } }
            </div>
        </div>
    }
}

//! The Endgame page (残局): set up an open-hand position (or load a built-in
//! puzzle or a shared link), let the solver find who wins and how in the
//! worker (live progress, cancel), step through the best line, and play
//! the position out against the solver with hints.

use std::rc::Rc;

use engine::solver::Position;
use engine::{Cards, Move, Play, Seat, Team};
use wasm_bindgen::JsCast;
use yew::prelude::*;
use yew_agent::reactor::{use_reactor_bridge, ReactorEvent};

use engine::solver::SolveResult;

use crate::agent::{EngineWorker, Request, Response, SolveJob};
use crate::components::card::Hand;
use crate::components::picker::CardPicker;
use crate::i18n::{Lang, Strings};
use crate::route::{EndgameLink, Route};

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

/// A puzzle ready to solve: the position and how it was written.
#[derive(Clone, Debug, PartialEq)]
struct Puzzle {
    position: Position,
}

/// A field of the setup form that is wrong, and why.
#[derive(Clone, Debug, PartialEq)]
enum SetupProblem {
    Cards(&'static str, engine::CardsError),
    Play(engine::PlayError),
    Position(engine::solver::PositionError),
    Seat(String),
}

impl SetupProblem {
    fn explain(&self, t: &Strings) -> String {
        match self {
            SetupProblem::Cards(field, e) => format!("{}: {}", field_name(field, t), t.cards_error(e)),
            SetupProblem::Play(e) => format!("{}: {}", t.last_play, t.play_error(e)),
            SetupProblem::Position(e) => t.position_error(e),
            SetupProblem::Seat(s) => format!("{}: {s}?", t.to_move),
        }
    }
}

fn field_name(field: &str, t: &Strings) -> &'static str {
    match field {
        "l" => t.landlord_hand,
        "f" => t.farmer_hand,
        _ => t.farmer2_hand,
    }
}

fn seat_named(name: &str) -> Option<Seat> {
    match name.trim() {
        "farmer" => Some(Seat::Farmer1),
        other => Seat::from_name(other),
    }
}

/// The link with a built-in puzzle written out.
fn expand(link: &EndgameLink) -> EndgameLink {
    match link.puzzle.and_then(|n| PUZZLES.get(n)) {
        Some((_, l, f, f2)) => EndgameLink {
            landlord: l.to_string(),
            farmer: f.to_string(),
            farmer2: f2.to_string(),
            puzzle: link.puzzle,
            ..Default::default()
        },
        None => link.clone(),
    }
}

fn parse(link: &EndgameLink) -> Result<Puzzle, SetupProblem> {
    let link = expand(link);
    let mut hands = Vec::new();
    for (field, text) in [("l", &link.landlord), ("f", &link.farmer), ("f2", &link.farmer2)] {
        if field == "f2" && text.trim().is_empty() {
            continue;
        }
        hands.push(text.parse::<Cards>().map_err(|e| SetupProblem::Cards(field, e))?);
    }
    let to_beat = if link.last.trim().is_empty() {
        None
    } else {
        let play = Play::parse(&link.last).map_err(SetupProblem::Play)?;
        let by = seat_named(&link.last_by).ok_or_else(|| SetupProblem::Seat(link.last_by.clone()))?;
        Some((by, play))
    };
    let to_move = match (link.to_move.trim(), to_beat) {
        ("", Some((by, _))) => by.next(hands.len()),
        ("", None) => Seat::Landlord,
        (name, _) => seat_named(name).ok_or_else(|| SetupProblem::Seat(name.to_string()))?,
    };
    let position = Position::new(&hands, to_move, to_beat).map_err(SetupProblem::Position)?;
    Ok(Puzzle { position })
}

fn move_text(mv: Move, t: &Strings) -> String {
    match mv {
        Move::Pass => t.pass.to_string(),
        Move::Play(p) => t.play_words(p),
    }
}

/// What the worker is doing for this page.
#[derive(Clone, Debug, PartialEq)]
enum Search {
    Idle,
    Running { depth: Option<u32>, nodes: u64, ms: f64 },
    Done(Rc<SolveResult>),
    Cancelled,
    Failed(String),
}

/// A game against the solver.
#[derive(Clone, Debug, PartialEq)]
struct Match {
    position: Position,
    user: Team,
    line: Vec<(Seat, Move)>,
    hint: Option<Move>,
}

#[derive(Clone, Debug, PartialEq)]
struct State {
    job: u32,
    /// What the running job is for.
    purpose: Purpose,
    search: Search,
    game: Option<Match>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Purpose {
    Analyse,
    SolverMove,
    Hint,
}

enum Action {
    Start(u32, Purpose),
    Answer(Response),
    Reset,
    BeginMatch(Position, Team),
    UserMove(Move),
    EndMatch,
}

impl Reducible for State {
    type Action = Action;
    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            Action::Start(id, purpose) => {
                next.job = id;
                next.purpose = purpose;
                next.search = Search::Running {
                    depth: None,
                    nodes: 0,
                    ms: 0.0,
                };
            }
            Action::Reset => {
                next.search = Search::Idle;
                next.game = None;
            }
            Action::BeginMatch(position, user) => {
                next.game = Some(Match {
                    position,
                    user,
                    line: vec![],
                    hint: None,
                });
                next.search = Search::Idle;
            }
            Action::EndMatch => next.game = None,
            Action::UserMove(mv) => {
                if let Some(game) = next.game.as_mut() {
                    if game.position.is_legal(mv) && game.position.winner().is_none() {
                        game.line.push((game.position.to_move(), mv));
                        game.position = game.position.after(mv);
                        game.hint = None;
                    }
                }
            }
            Action::Answer(response) => match response {
                Response::Searching { id, depth, nodes, ms } if id == self.job => {
                    next.search = Search::Running { depth, nodes, ms };
                }
                Response::Solved { id, result } if id == self.job => {
                    match (self.purpose, next.game.as_mut(), result.best) {
                        (Purpose::SolverMove, Some(game), Some(best)) if game.position.is_legal(best) => {
                            game.line.push((game.position.to_move(), best));
                            game.position = game.position.after(best);
                            next.search = Search::Idle;
                        }
                        (Purpose::Hint, Some(game), best) => {
                            game.hint = best;
                            next.search = Search::Idle;
                        }
                        _ => next.search = Search::Done(Rc::new(result)),
                    }
                }
                Response::Cancelled { id } if id == self.job => next.search = Search::Cancelled,
                Response::Failed { id, message } if id == self.job => next.search = Search::Failed(message),
                _ => return self,
            },
        }
        Rc::new(next)
    }
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
    let puzzle = parse(&props.link);
    let form = use_state(|| link.clone());
    {
        let form = form.clone();
        use_effect_with(link.clone(), move |link| form.set(link.clone()));
    }
    let state = use_reducer(|| State {
        job: 0,
        purpose: Purpose::Analyse,
        search: Search::Idle,
        game: None,
    });
    let next_id = use_mut_ref(|| 0u32);
    let time_limit = use_state(|| 5000.0f64);
    let bridge = {
        let state = state.clone();
        use_reactor_bridge::<EngineWorker, _>(move |event| {
            if let ReactorEvent::Output(response) = event {
                state.dispatch(Action::Answer(response));
            }
        })
    };
    // A new puzzle stops the old search and game.
    {
        let (bridge, state) = (bridge.clone(), state.clone());
        use_effect_with(props.link.clone(), move |_| {
            bridge.send(Request::Cancel);
            state.dispatch(Action::Reset);
        });
    }
    let start: Start = {
        let (bridge, state, next_id) = (bridge.clone(), state.clone(), next_id.clone());
        Rc::new(move |position: Position, purpose: Purpose, time_limit_ms: f64| {
            let id = {
                let mut n = next_id.borrow_mut();
                *n += 1;
                *n
            };
            state.dispatch(Action::Start(id, purpose));
            let hands: Vec<Cards> = Seat::ALL[..position.seats()]
                .iter()
                .map(|&s| position.hand(s))
                .collect();
            bridge.send(Request::Solve(SolveJob {
                id,
                hands,
                to_move: position.to_move(),
                to_beat: position.to_beat(),
                time_limit_ms,
                utility: Default::default(),
            }));
        })
    };
    // In a match, the solver answers on its turns.
    {
        let (start, state) = (start.clone(), state.clone());
        let key = state.game.as_ref().map(|g| (g.position, g.line.len()));
        use_effect_with(key, move |_| {
            if let Some(game) = &state.game {
                let solver_turn = game.position.to_move().team() != game.user;
                if solver_turn && game.position.winner().is_none() && !matches!(state.search, Search::Running { .. }) {
                    start(game.position, Purpose::SolverMove, 3000.0);
                }
            }
        });
    }

    let field = |key: &'static str, label: &'static str, value: String| {
        let form = form.clone();
        let oninput = Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                let mut next = (*form).clone();
                next.puzzle = None;
                match key {
                    "l" => next.landlord = input.value(),
                    "f" => next.farmer = input.value(),
                    "f2" => next.farmer2 = input.value(),
                    "last" => next.last = input.value(),
                    "by" => next.last_by = input.value(),
                    _ => next.to_move = input.value(),
                }
                form.set(next);
            }
        });
        let id = format!("eg-{key}");
        html! {
            <span class="field">
                <label for={id.clone()}>{ label }</label>
                <input {id} {value} {oninput} autocomplete="off" spellcheck="false" />
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
    let on_puzzle = Callback::from(|e: Event| {
        if let Some(select) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok()) {
            let puzzle = select.value().parse::<usize>().ok();
            Route::Endgame(EndgameLink {
                puzzle,
                ..Default::default()
            })
            .go();
        }
    });
    let picking = use_state(|| 0usize);
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
                <CardPicker {hands} active={*picking} {on_select} {on_change} />
            </details>
        }
    };
    let puzzle_options = PUZZLES.iter().enumerate().map(|(i, (level, ..))| {
        html! { <option value={ i.to_string() } selected={ link.puzzle == Some(i) }>{ format!("{} {} · {}", t.puzzle, i + 1, t.levels[*level]) }</option> }
    });

    let setup = html! {
        <form class="endgame-setup" onsubmit={on_setup}>
            <span class="field">
                <label for="eg-puzzle">{ t.puzzle }</label>
                <select id="eg-puzzle" onchange={on_puzzle}>
                    <option value="" selected={ link.puzzle.is_none() }>{ t.custom }</option>
                    { for puzzle_options }
                </select>
            </span>
            { field("l", t.landlord_hand, form.landlord.clone()) }
            { field("f", t.farmer_hand, form.farmer.clone()) }
            { field("f2", t.farmer2_hand, form.farmer2.clone()) }
            { field("last", t.last_play, form.last.clone()) }
            { field("by", t.last_by, form.last_by.clone()) }
            { field("to", t.to_move, form.to_move.clone()) }
            <button type="submit" id="eg-setup">{ t.set_up }</button>
            { picker }
        </form>
    };

    let body = match &puzzle {
        Err(problem) => html! { <p class="error" id="eg-error" role="alert">{ problem.explain(t) }</p> },
        Ok(puzzle) => {
            let shown = state.game.as_ref().map_or(puzzle.position, |g| g.position);
            html! {
                <>
                    <PositionView position={shown} />
                    { analysis(puzzle.position, &state, &time_limit, &start, &bridge, t) }
                    { play_panel(puzzle.position, &state, &start, t) }
                </>
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

type Start = Rc<dyn Fn(Position, Purpose, f64)>;

fn analysis(
    position: Position,
    state: &UseReducerHandle<State>,
    time_limit: &UseStateHandle<f64>,
    start: &Start,
    bridge: &yew_agent::reactor::UseReactorBridgeHandle<EngineWorker>,
    t: &'static Strings,
) -> Html {
    let running = matches!(state.search, Search::Running { .. });
    let on_solve = {
        let (start, limit) = (start.clone(), **time_limit);
        Callback::from(move |_: MouseEvent| start(position, Purpose::Analyse, limit))
    };
    let on_cancel = {
        let bridge = bridge.clone();
        Callback::from(move |_: MouseEvent| bridge.send(Request::Cancel))
    };
    let on_limit = {
        let time_limit = time_limit.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok()) {
                time_limit.set(select.value().parse().unwrap_or(5000.0));
            }
        })
    };
    let status = match (&state.search, state.purpose) {
        (Search::Running { depth, nodes, ms }, Purpose::Analyse) => {
            html! { <p id="eg-progress" class="progress">{ (t.searching)(*depth, *nodes, *ms) }</p> }
        }
        (Search::Done(result), _) => result_view(position, result, t),
        (Search::Cancelled, Purpose::Analyse) => html! { <p id="eg-cancelled">{ t.cancelled }</p> },
        (Search::Failed(message), _) => html! { <p class="error" role="alert">{ t.worker_failed }{ message }</p> },
        _ => html! {},
    };
    html! {
        <section class="analysis" aria-labelledby="eg-solve-title">
            <h2 id="eg-solve-title">{ t.solve }</h2>
            <div class="sim-controls">
                <span class="field">
                    <label for="eg-limit">{ t.time_limit }</label>
                    <select id="eg-limit" onchange={on_limit} disabled={running}>
                        { for [1000.0, 5000.0, 30000.0].iter().map(|&ms| html! {
                            <option value={ ms.to_string() } selected={ **time_limit == ms }>{ format!("{} s", ms / 1000.0) }</option>
                        }) }
                    </select>
                </span>
                if running && state.purpose == Purpose::Analyse {
                    <button type="button" id="eg-cancel" onclick={on_cancel}>{ t.cancel }</button>
                } else {
                    <button type="button" class="primary" id="eg-solve" onclick={on_solve} disabled={running}>{ t.solve }</button>
                }
            </div>
            <div aria-live="polite">{ status }</div>
        </section>
    }
}

fn result_view(position: Position, result: &SolveResult, t: &'static Strings) -> Html {
    let mut seat = position.to_move();
    let steps = result.pv.iter().enumerate().map(|(i, &mv)| {
        let who = t.seat(seat);
        seat = seat.next(position.seats());
        html! { <li data-move={ mv.to_string() }><span class="who">{ who }</span>{ " " }<strong>{ move_text(mv, t) }</strong>{ if i == 0 { "  ←" } else { "" } }</li> }
    });
    html! {
        <div id="eg-result" class="result" data-ms={ format!("{:.1}", result.ms) } data-winner={ if result.winner == Team::Landlord { "landlord" } else { "farmers" } } data-exact={ result.exact.to_string() }>
            <p><strong id="eg-verdict">{ (t.verdict)(result.winner == Team::Landlord, result.exact) }</strong></p>
            <p>{ t.best_move }{ ": " }<strong id="eg-best" data-move={ result.best.map(|m| m.to_string()).unwrap_or_default() }>{ result.best.map(|m| move_text(m, t)).unwrap_or_default() }</strong></p>
            if !result.pv.is_empty() {
                <p>{ t.winning_line }{ ":" }</p>
                <ol class="line" id="eg-line">{ for steps }</ol>
            }
            <p class="note">{ (t.stats)(result.nodes, result.ms) }</p>
        </div>
    }
}

fn play_panel(position: Position, state: &UseReducerHandle<State>, start: &Start, t: &'static Strings) -> Html {
    let Some(game) = &state.game else {
        let choose = |team: Team, label: &'static str| {
            let state = state.clone();
            let onclick = Callback::from(move |_: MouseEvent| state.dispatch(Action::BeginMatch(position, team)));
            let id = if team == Team::Landlord {
                "eg-play-landlord"
            } else {
                "eg-play-farmers"
            };
            html! { <button type="button" {id} {onclick}>{ label }</button> }
        };
        return html! {
            <section class="match">
                <p>{ t.play_as }{ " " }{ choose(Team::Landlord, t.team_landlord) }{ " " }{ choose(Team::Farmers, t.team_farmers) }</p>
            </section>
        };
    };
    let over = game.position.winner();
    let user_turn = over.is_none() && game.position.to_move().team() == game.user;
    let mut moves = Vec::new();
    if user_turn {
        game.position.moves(&mut moves);
    }
    let buttons = moves.iter().map(|&mv| {
        let state = state.clone();
        let onclick = Callback::from(move |_: MouseEvent| state.dispatch(Action::UserMove(mv)));
        let hinted = game.hint == Some(mv);
        html! { <button type="button" class={ classes!("move", hinted.then_some("hinted")) } data-move={ mv.to_string() } {onclick}>{ move_text(mv, t) }</button> }
    });
    let on_hint = {
        let (start, position) = (start.clone(), game.position);
        Callback::from(move |_: MouseEvent| start(position, Purpose::Hint, 3000.0))
    };
    let on_stop = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::EndMatch))
    };
    let thinking = matches!(state.search, Search::Running { .. }) && !user_turn && over.is_none();
    let log = game
        .line
        .iter()
        .map(|(seat, mv)| html! { <li>{ t.seat(*seat) }{ " " }<strong>{ move_text(*mv, t) }</strong></li> });
    html! {
        <section class="match" id="eg-match">
            <ol class="line">{ for log }</ol>
            if let Some(winner) = over {
                <p id="eg-outcome"><strong>{ if winner.team() == game.user { t.you_won } else { t.you_lost } }</strong></p>
            } else if user_turn {
                <p>{ t.your_move }</p>
                <div class="moves" id="eg-moves">{ for buttons }</div>
                <button type="button" id="eg-hint" onclick={on_hint}>{ t.hint }</button>
            } else if thinking {
                <p id="eg-thinking" class="thinking">{ t.thinking }</p>
            }
            <button type="button" id="eg-stop" onclick={on_stop}>{ t.stop_playing }</button>
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct PositionViewProps {
    position: Position,
}

#[component]
fn PositionView(props: &PositionViewProps) -> Html {
    let t = use_context::<Lang>().unwrap_or(Lang::Zh).strings();
    let p = props.position;
    let hands: Vec<engine::Cards> = Seat::ALL[..p.seats()].iter().map(|&s| p.hand(s)).collect();
    let faces = crate::suits::Faces::plain(&hands);
    let seats = Seat::ALL[..p.seats()].iter().map(|&seat| {
        let cards = p.hand(seat);
        let faces = faces[seat.index()];
        let turn = p.to_move() == seat && p.winner().is_none();
        html! {
            <section class={ classes!("seat", seat.name(), turn.then_some("turn")) } data-seat={ seat.name() }>
                <h2>{ t.seat(seat) }<span class="count">{ (t.cards_count)(cards.len()) }</span>
                    if turn { <span class="turn-mark">{ format!("← {}", t.to_move) }</span> }
                </h2>
                <Hand {cards} faces={Some(faces)} label={ t.seat(seat) } />
            </section>
        }
    });
    let beat = match p.to_beat() {
        Some((by, play)) => {
            html! { <p class="to-beat">{ t.to_beat }{ ": " }<strong>{ t.play_words(play) }</strong>{ format!(" ({})", t.seat(by)) }</p> }
        }
        None => html! { <p class="to-beat">{ t.seat(p.to_move()) }{ " " }{ t.leads }</p> },
    };
    html! { <section class="deal position">{ beat }{ for seats }</section> }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::clock::MonotonicClock;
    use engine::solver::{SolveOptions, Solver};

    #[test]
    fn built_in_puzzles_have_one_winning_first_move() {
        let clock = MonotonicClock::default();
        for n in 0..PUZZLES.len() {
            let puzzle = parse(&EndgameLink {
                puzzle: Some(n),
                ..Default::default()
            })
            .unwrap();
            let mut solver = Solver::new(16 << 20);
            let r = solver.solve(&puzzle.position, &SolveOptions::default(), &clock, &mut ());
            assert!(r.exact && r.winner == Team::Landlord, "puzzle {n}: {r:?}");
            let mut moves = Vec::new();
            puzzle.position.moves(&mut moves);
            let winning: Vec<Move> = moves
                .into_iter()
                .filter(|&mv| {
                    let after = puzzle.position.after(mv);
                    after.winner() == Some(Seat::Landlord)
                        || solver.solve(&after, &SolveOptions::default(), &clock, &mut ()).winner == Team::Landlord
                })
                .collect();
            assert_eq!(winning, [r.best.unwrap()], "puzzle {n}");
        }
    }

    #[test]
    fn setup_problems_are_explained() {
        let link = |l: &str, f: &str, last: &str, by: &str| EndgameLink {
            landlord: l.into(),
            farmer: f.into(),
            last: last.into(),
            last_by: by.into(),
            ..Default::default()
        };
        let en = Lang::En.strings();
        let err = parse(&link("33z", "4", "", "")).unwrap_err();
        assert!(err.explain(en).contains("'z' at position 3"), "{}", err.explain(en));
        let err = parse(&link("33", "4", "345", "landlord")).unwrap_err();
        assert!(err.explain(en).contains("not a legal combination"));
        let err = parse(&link("33", "", "", "")).unwrap_err();
        assert!(
            err.explain(Lang::Zh.strings()).contains("没有牌"),
            "{}",
            err.explain(Lang::Zh.strings())
        );
        let ok = parse(&link("33", "44", "5", "farmer")).unwrap();
        assert_eq!(ok.position.to_move(), Seat::Landlord);
    }
}

//! The Play page (对局): a full deal against two AI players of a chosen
//! ladder rung. The user picks cards by click, drag or keyboard; 提示 asks a
//! strong player (from the user's own view) for a hint; 不出 passes; a
//! selection that is not a legal play is explained. The AIs think in the
//! worker within a time budget and their moves come at a readable pace.
//! At the end: the score with its multiplier, a move-by-move replay with
//! every hand open, and the record to download. Practice mode allows undo.

use std::rc::Rc;

use engine::agents::{Knowledge, LADDER};
use engine::{readings, Cards, Deal, Game, Move, Play, Rank, Scoring, Seat};
use gloo::timers::callback::Timeout;
use wasm_bindgen::JsCast;
use yew::prelude::*;
use yew_agent::reactor::{use_reactor_bridge, ReactorEvent};

use crate::agent::{ChooseJob, EngineWorker, Request, Response};
use crate::components::card::{face_text, spoken, Card, CardBack, Hand};
use crate::i18n::Lang;
use crate::route::{PlayLink, Route};

/// The rung the opponents play at unless the link says otherwise.
pub const DEFAULT_LEVEL: &str = "L8";
/// The rung that answers 提示.
const HINT_LEVEL: &str = "L10";
/// Time an AI may think per move (ms).
const AI_TIME_MS: f64 = 1500.0;
/// The least time between moves (ms) at each pace, slow to fast.
const PACES: [(&str, u32); 3] = [("slow", 1400), ("normal", 700), ("fast", 150)];

/// The game's settings, checked from the link.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    pub seed: u64,
    pub user: Seat,
    pub level: String,
    pub practice: bool,
    pub pace: &'static str,
}

impl Setup {
    fn pace_ms(&self) -> u32 {
        PACES
            .iter()
            .find(|(name, _)| *name == self.pace)
            .map_or(700, |(_, ms)| *ms)
    }
}

/// Reads a link; a bad value is reported and replaced by the default.
pub fn setup_of(link: &PlayLink, fresh_seed: impl FnOnce() -> u64) -> (Setup, Vec<String>) {
    let mut problems = Vec::new();
    let seed = match link.seed.as_deref().map(str::trim) {
        None | Some("") => fresh_seed(),
        Some(text) => text.parse().unwrap_or_else(|_| {
            problems.push(format!("seed '{text}'"));
            0
        }),
    };
    let user = match link.seat.as_deref() {
        None => Seat::Landlord,
        Some(name) => Seat::from_name(name).unwrap_or_else(|| {
            problems.push(format!("seat '{name}'"));
            Seat::Landlord
        }),
    };
    let level = match link.level.as_deref() {
        None => DEFAULT_LEVEL.to_string(),
        Some(l) if LADDER.iter().any(|(rung, _)| rung.eq_ignore_ascii_case(l)) => l.to_uppercase(),
        Some(l) => {
            problems.push(format!("level '{l}'"));
            DEFAULT_LEVEL.to_string()
        }
    };
    let pace = match link.pace.as_deref() {
        None => "normal",
        Some(p) => PACES.iter().find(|(name, _)| *name == p).map_or_else(
            || {
                problems.push(format!("pace '{p}'"));
                "normal"
            },
            |(name, _)| *name,
        ),
    };
    (
        Setup {
            seed,
            user,
            level,
            practice: link.practice,
            pace,
        },
        problems,
    )
}

/// What the user's selected cards make, when it is their turn.
#[derive(Clone, Debug, PartialEq)]
pub enum Selection {
    Empty,
    /// No reading of these cards is a combination.
    NotACombination,
    /// A combination, but none of its readings beats the play to beat.
    DoesNotBeat(Play),
    /// The legal plays these cards make (more than one: the user chooses).
    Plays(Vec<Play>),
}

pub fn selection(game: &Game, selected: Cards) -> Selection {
    if selected.is_empty() {
        return Selection::Empty;
    }
    let all = readings(selected);
    if all.is_empty() {
        return Selection::NotACombination;
    }
    match game.to_beat() {
        None => Selection::Plays(all),
        Some((_, target)) => {
            let beating: Vec<Play> = all.into_iter().filter(|p| p.beats(target)).collect();
            if beating.is_empty() {
                Selection::DoesNotBeat(target)
            } else {
                Selection::Plays(beating)
            }
        }
    }
}

/// The game after the first `moves` of `record`.
fn replay(deal: &Deal, record: &[(Seat, Move)]) -> Game {
    let mut game = Game::new(deal);
    for (_, mv) in record {
        if game.apply(*mv).is_err() {
            break;
        }
    }
    game
}

/// Each seat's move in the current trick (since the last lead), if any.
pub fn current_trick(deal: &Deal, record: &[(Seat, Move)]) -> [Option<Move>; 3] {
    let mut game = Game::new(deal);
    let mut trick = [None; 3];
    for (seat, mv) in record {
        if game.to_beat().is_none() {
            trick = [None; 3];
        }
        if game.apply(*mv).is_err() {
            break;
        }
        trick[seat.index()] = Some(*mv);
    }
    if game.to_beat().is_none() && !game.is_over() {
        trick = [None; 3];
    }
    trick
}

/// The record as the CLI writes it, with what it was played under.
pub fn record_json(setup: &Setup, deal: &Deal, record: &[(Seat, Move)], game: &Game) -> String {
    let moves: Vec<serde_json::Value> = record
        .iter()
        .map(|(s, m)| serde_json::json!([s.name(), m.play().map_or("pass".into(), |p| p.notation())]))
        .collect();
    serde_json::json!({
        "seed": setup.seed,
        "deal": deal.to_string(),
        "you": setup.user.name(),
        "opponents": setup.level,
        "record": moves,
        "score": game.outcome().map(|o| o.score(Scoring::Tournament)),
    })
    .to_string()
}

#[derive(Clone, Debug, PartialEq)]
struct State {
    deal: Deal,
    record: Vec<(Seat, Move)>,
    /// The user's selection: one flag per card of the hand, low to high.
    selected: Vec<bool>,
    /// The job the page waits for, and what it is for.
    waiting: Option<(u32, Waiting)>,
    hint: Option<Move>,
    /// Several readings of the selection: the user picks one.
    choosing: Vec<Play>,
    /// Replaying a finished deal: moves shown.
    replay: Option<usize>,
    failure: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Waiting {
    Ai,
    Hint,
}

enum Action {
    New(Deal),
    Wait(u32, Waiting),
    Answer(Response),
    /// Set card `i` of the user's hand (toggle with `None`).
    Toggle(usize, Option<bool>),
    Play(Move),
    Choose(Vec<Play>),
    Undo(Seat),
    Replay(Option<usize>),
}

/// Flags marking `cards` among the hand's cards (low to high).
fn flags_for(hand: Cards, cards: Cards) -> Vec<bool> {
    let mut left = cards;
    hand.iter()
        .map(|rank| {
            let one = Cards::of(rank, 1).unwrap_or_default();
            match left.checked_sub(one) {
                Some(rest) => {
                    left = rest;
                    true
                }
                None => false,
            }
        })
        .collect()
}

/// The cards the flags select.
fn selected_cards(hand: Cards, flags: &[bool]) -> Cards {
    hand.iter()
        .zip(flags)
        .filter(|(_, &on)| on)
        .fold(Cards::EMPTY, |acc, (rank, _)| {
            acc.checked_add(Cards::of(rank, 1).unwrap_or_default()).unwrap_or(acc)
        })
}

impl State {
    fn new(deal: Deal) -> State {
        State {
            deal,
            record: vec![],
            selected: vec![],
            waiting: None,
            hint: None,
            choosing: vec![],
            replay: None,
            failure: None,
        }
    }

    fn game(&self) -> Game {
        replay(&self.deal, &self.record)
    }

    /// Records `mv` if it is legal for the seat to move.
    fn play(&mut self, mv: Move) {
        let mut game = self.game();
        let seat = game.to_move();
        if game.apply(mv).is_ok() {
            self.record.push((seat, mv));
            self.selected.clear();
            self.hint = None;
            self.choosing.clear();
        }
    }
}

impl Reducible for State {
    type Action = Action;
    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            Action::New(deal) => next = State::new(deal),
            Action::Wait(id, what) => next.waiting = Some((id, what)),
            Action::Answer(response) => match (response, self.waiting) {
                (Response::Chose { id, mv, .. }, Some((wanted, what))) if wanted == id => {
                    next.waiting = None;
                    match what {
                        Waiting::Ai => next.play(mv),
                        Waiting::Hint => {
                            next.hint = Some(mv);
                            let hand = next.game().hand(next.game().to_move());
                            next.selected = flags_for(hand, mv.cards());
                            next.choosing.clear();
                        }
                    }
                }
                (Response::Failed { id, message }, Some((wanted, _))) if wanted == id => {
                    next.waiting = None;
                    next.failure = Some(message);
                }
                _ => return self,
            },
            Action::Toggle(i, to) => {
                let size = next.game().hand(next.game().to_move()).len() as usize;
                next.selected.resize(size, false);
                if let Some(flag) = next.selected.get_mut(i) {
                    *flag = to.unwrap_or(!*flag);
                }
                next.choosing.clear();
            }
            Action::Play(mv) => next.play(mv),
            Action::Choose(plays) => next.choosing = plays,
            Action::Undo(user) => {
                // Back to the user's last turn, before its move.
                if let Some(i) = next.record.iter().rposition(|(s, _)| *s == user) {
                    next.record.truncate(i);
                }
                next.waiting = None;
                next.selected.clear();
                next.hint = None;
                next.choosing.clear();
                next.failure = None;
            }
            Action::Replay(step) => next.replay = step,
        }
        Rc::new(next)
    }
}

/// Asks the worker for a move by the named player for the seat to move.
type Ask = Rc<dyn Fn(&str, Waiting)>;

#[derive(Properties, PartialEq)]
pub struct PlayPageProps {
    pub link: PlayLink,
}

#[component]
pub fn PlayPage(props: &PlayPageProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or(Lang::Zh);
    let t = lang.strings();
    let checked = use_memo(props.link.clone(), |link| setup_of(link, crate::web::fresh_seed));
    let (setup, problems) = (checked.0.clone(), checked.1.clone());
    let state = use_reducer({
        let seed = setup.seed;
        move || State::new(Deal::from_seed(seed))
    });
    {
        let state = state.clone();
        use_effect_with(setup.seed, move |seed| {
            state.dispatch(Action::New(Deal::from_seed(*seed)))
        });
    }
    let next_id = use_mut_ref(|| 0u32);
    let bridge = {
        let state = state.clone();
        use_reactor_bridge::<EngineWorker, _>(move |event| {
            if let ReactorEvent::Output(response) = event {
                state.dispatch(Action::Answer(response));
            }
        })
    };
    let ask: Ask = {
        let (state, bridge, next_id) = (state.clone(), bridge.clone(), next_id.clone());
        let seed = setup.seed;
        Rc::new(move |player: &str, what: Waiting| {
            let id = {
                let mut n = next_id.borrow_mut();
                *n += 1;
                *n
            };
            state.dispatch(Action::Wait(id, what));
            bridge.send(Request::Choose(ChooseJob {
                id,
                player: player.to_string(),
                deal: state.deal,
                record: state.record.clone(),
                seed: seed ^ (state.record.len() as u64) << 32,
                time_limit_ms: AI_TIME_MS,
            }));
        })
    };
    let game = state.game();
    let over = game.is_over();
    let user = setup.user;
    let ai_turn = !over && game.to_move() != user && state.deal == Deal::from_seed(setup.seed);
    // The AI moves on its turn, no sooner than the pace allows.
    {
        let (ask, level, pace_ms) = (ask.clone(), setup.level.clone(), setup.pace_ms());
        let idle = state.waiting.is_none() && state.failure.is_none();
        use_effect_with(
            (state.record.len(), setup.clone(), idle, ai_turn),
            move |&(_, _, idle, ai_turn)| {
                let timer = (ai_turn && idle).then(|| Timeout::new(pace_ms, move || ask(&level, Waiting::Ai)));
                move || drop(timer)
            },
        );
    }
    let drag = use_state(|| None::<bool>);

    // --- Setup -------------------------------------------------------------
    let go = |link: PlayLink| Route::Play(link).go();
    // A deal dealt at random still gets a link that shares it: the seed goes
    // into the address, replacing the entry rather than adding one.
    {
        let (link, seed) = (props.link.clone(), setup.seed);
        use_effect_with((link, seed), |(link, seed)| {
            if link.seed.is_none() {
                let full = PlayLink {
                    seed: Some(seed.to_string()),
                    ..link.clone()
                };
                if let Some(window) = web_sys::window() {
                    let _ = window.location().replace(&Route::Play(full).to_hash());
                }
            }
        });
    }
    let link_for = |setup: &Setup| PlayLink {
        seed: Some(setup.seed.to_string()),
        seat: Some(setup.user.name().to_string()),
        level: Some(setup.level.clone()),
        practice: setup.practice,
        pace: Some(setup.pace.to_string()),
    };
    // A setting changed: the page moves to the link with it.
    let change = |apply: fn(&mut PlayLink, &web_sys::EventTarget) -> Option<()>| {
        let setup = setup.clone();
        Callback::from(move |e: Event| {
            let mut link = link_for(&setup);
            if e.target().and_then(|t| apply(&mut link, &t)).is_some() {
                go(link);
            }
        })
    };
    fn selected(t: &web_sys::EventTarget) -> Option<String> {
        t.dyn_ref::<web_sys::HtmlSelectElement>().map(|s| s.value())
    }
    let on_seat = change(|link, t| selected(t).map(|v| link.seat = Some(v)));
    let on_level = change(|link, t| selected(t).map(|v| link.level = Some(v)));
    let on_pace = change(|link, t| selected(t).map(|v| link.pace = Some(v)));
    let on_practice = change(|link, t| {
        t.dyn_ref::<web_sys::HtmlInputElement>()
            .map(|c| link.practice = c.checked())
    });
    let on_new = {
        let setup = setup.clone();
        Callback::from(move |_: MouseEvent| {
            let mut link = link_for(&setup);
            link.seed = Some(crate::web::fresh_seed().to_string());
            go(link);
        })
    };
    let on_restart = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::New(state.deal)))
    };
    let seat_options = Seat::ALL.iter().map(|&s| {
        html! { <option value={ s.name() } selected={ s == user }>{ t.seat(s) }</option> }
    });
    let level_options = LADDER.iter().map(|(rung, spec)| {
        html! { <option value={ *rung } selected={ *rung == setup.level }>{ format!("{rung} · {}", t.player_kind(spec)) }</option> }
    });
    let setup_bar = html! {
        <div class="play-setup">
            <span class="field">
                <label for="play-seat">{ t.your_seat }</label>
                <select id="play-seat" onchange={on_seat}>{ for seat_options }</select>
            </span>
            <span class="field">
                <label for="play-level">{ t.opponents }</label>
                <select id="play-level" onchange={on_level}>{ for level_options }</select>
            </span>
            <span class="field">
                <label for="play-pace">{ t.pace }</label>
                <select id="play-pace" onchange={on_pace}>
                    { for PACES.iter().zip(t.paces).map(|((name, _), label)| html! {
                        <option value={ *name } selected={ *name == setup.pace }>{ label }</option>
                    }) }
                </select>
            </span>
            <label class="check"><input type="checkbox" id="play-practice" checked={setup.practice} onchange={on_practice} />{ t.practice }</label>
            <button type="button" id="play-new" onclick={on_new}>{ t.new_deal }</button>
            <button type="button" id="play-restart" onclick={on_restart}>{ t.restart }</button>
            <span class="note" id="play-seed">{ (t.seed_of_deal)(setup.seed) }</span>
        </div>
    };

    // --- The table ----------------------------------------------------------
    let shown = match state.replay {
        Some(k) if over => replay(&state.deal, &state.record[..k.min(state.record.len())]),
        _ => game.clone(),
    };
    let open = state.replay.is_some() && over;
    let trick = current_trick(
        &state.deal,
        &state.record[..state
            .replay
            .filter(|_| over)
            .unwrap_or(state.record.len())
            .min(state.record.len())],
    );
    let thinking = matches!(state.waiting, Some((_, Waiting::Ai)));
    let trick_view = |seat: Seat| match trick[seat.index()] {
        None => html! {},
        Some(Move::Pass) => html! { <p class="trick pass" data-trick={ seat.name() }>{ t.pass }</p> },
        Some(Move::Play(p)) => html! {
            <div class="trick" data-trick={ seat.name() } data-play={ p.cards().to_string() }>
                <Hand cards={ p.cards() } label={ format!("{} {}", t.seat(seat), p.notation()) } />
            </div>
        },
    };
    let others = Seat::ALL.iter().copied().filter(|&s| s != user).map(|seat| {
        let count = shown.hand(seat).len();
        let turn = !over && shown.to_move() == seat;
        let cards = if open {
            html! { <Hand cards={ shown.hand(seat) } label={ t.seat(seat) } /> }
        } else {
            html! { <ul class="hand backs" aria-label={ (t.cards_count)(count) }>{ for (0..count).map(|_| html! { <li><CardBack /></li> }) }</ul> }
        };
        html! {
            <section class={ classes!("seat", "opponent", seat.name(), turn.then_some("turn")) } data-seat={ seat.name() } data-count={ count.to_string() }>
                <h2>{ t.seat(seat) }
                    if seat.team() == user.team() { <span class="tag">{ t.partner }</span> }
                    <span class="count">{ (t.cards_count)(count) }</span>
                    if turn && thinking { <span class="thinking" id="play-thinking">{ t.thinking }</span> }
                </h2>
                { cards }
                { trick_view(seat) }
            </section>
        }
    });
    let bottom = state.deal.bottom().map(|b| html! {
        <div class="bottom-cards"><span class="note">{ t.bottom_cards }</span><Hand cards={b} label={ t.bottom_cards } /></div>
    });

    // --- The user's hand and controls --------------------------------------
    let hand = shown.hand(user);
    let my_turn = !over && game.to_move() == user && state.replay.is_none();
    let flags: Vec<bool> = if my_turn {
        let mut f = state.selected.clone();
        f.resize(hand.len() as usize, false);
        f
    } else {
        vec![false; hand.len() as usize]
    };
    let chosen = selected_cards(hand, &flags);
    let verdict = if my_turn {
        selection(&game, chosen)
    } else {
        Selection::Empty
    };
    let on_play: Callback<()> = {
        let (state, verdict) = (state.clone(), verdict.clone());
        Callback::from(move |_| match &verdict {
            Selection::Plays(plays) if plays.len() == 1 => state.dispatch(Action::Play(Move::Play(plays[0]))),
            Selection::Plays(plays) => state.dispatch(Action::Choose(plays.clone())),
            _ => {}
        })
    };
    let can_pass = my_turn && game.to_beat().is_some();
    let on_pass: Callback<()> = {
        let state = state.clone();
        Callback::from(move |_| {
            if can_pass {
                state.dispatch(Action::Play(Move::Pass))
            }
        })
    };
    let on_hint: Callback<()> = {
        let ask = ask.clone();
        Callback::from(move |_| {
            if my_turn {
                ask(HINT_LEVEL, Waiting::Hint)
            }
        })
    };
    let cards = hand.iter().enumerate().map(|(i, rank)| {
        let on = flags.get(i).copied().unwrap_or(false);
        let down = {
            let (state, drag) = (state.clone(), drag.clone());
            Callback::from(move |e: PointerEvent| {
                if my_turn && e.button() == 0 {
                    drag.set(Some(!on));
                    state.dispatch(Action::Toggle(i, Some(!on)));
                }
            })
        };
        let enter = {
            let (state, drag) = (state.clone(), drag.clone());
            Callback::from(move |_: PointerEvent| {
                if let Some(mode) = *drag {
                    state.dispatch(Action::Toggle(i, Some(mode)));
                }
            })
        };
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
                        if my_turn {
                            state.dispatch(Action::Toggle(i, None));
                        }
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
        html! {
            <li data-index={ i.to_string() } data-rank={ rank.letter().to_string() } class={ classes!(on.then_some("selected")) }
                tabindex="0" role="checkbox" aria-checked={ on.to_string() } aria-label={ spoken(rank, lang) }
                onpointerdown={down} onpointerenter={enter} onkeydown={key}>
                <Card {rank} />
            </li>
        }
    });
    let stop_drag = {
        let drag = drag.clone();
        Callback::from(move |_: PointerEvent| drag.set(None))
    };
    let explanation = match &verdict {
        Selection::NotACombination => Some(t.not_a_combination.to_string()),
        Selection::DoesNotBeat(target) => Some((t.does_not_beat)(&target.notation())),
        _ => None,
    };
    let choosing = state.choosing.iter().map(|&p| {
        let state = state.clone();
        let onclick = Callback::from(move |_: MouseEvent| state.dispatch(Action::Play(Move::Play(p))));
        html! { <button type="button" class="reading" {onclick}>{ format!("{} ({})", p.notation(), t.kind(p.kind())) }</button> }
    });
    let playable = matches!(verdict, Selection::Plays(_));
    let click = |cb: &Callback<()>| {
        let cb = cb.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let on_undo = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::Undo(user)))
    };
    let can_undo = setup.practice && !state.record.is_empty() && state.record.iter().any(|(s, _)| *s == user);
    let controls = html! {
        <div class="play-controls">
            <button type="button" class="primary" id="play-play" disabled={ !playable } onclick={ click(&on_play) }>{ t.play_cards }</button>
            <button type="button" id="play-pass" disabled={ !can_pass } onclick={ click(&on_pass) }>{ t.pass }</button>
            <button type="button" id="play-hint" disabled={ !my_turn || state.waiting.is_some() } onclick={ click(&on_hint) }>{ t.hint }</button>
            if setup.practice {
                <button type="button" id="play-undo" disabled={ !can_undo } onclick={on_undo}>{ t.undo }</button>
            }
            <span class="note keys">{ t.play_keys }</span>
        </div>
    };
    let turn_note = if over {
        html! {}
    } else if my_turn {
        match game.to_beat() {
            None => html! { <p class="turn-note" id="play-your-turn">{ t.your_lead }</p> },
            Some((by, p)) => {
                html! { <p class="turn-note" id="play-your-turn">{ (t.your_follow)(t.seat(by), &p.notation()) }</p> }
            }
        }
    } else {
        html! {}
    };
    let me = html! {
        <section class={ classes!("seat", "me", user.name(), my_turn.then_some("turn")) } data-seat={ user.name() }>
            <h2>{ t.seat(user) }{ " · " }{ t.you }<span class="count">{ (t.cards_count)(hand.len()) }</span></h2>
            { trick_view(user) }
            { turn_note }
            <ul class="hand selectable" id="play-hand" aria-label={ t.your_hand } data-cards={ hand.to_string() }
                onpointerup={stop_drag.clone()} onpointerleave={stop_drag}>{ for cards }</ul>
            if my_turn { { controls } }
            if let Some(why) = explanation { <p class="error" id="play-why" role="status">{ why }</p> }
            if !state.choosing.is_empty() {
                <p class="readings" id="play-readings">{ t.which_reading }{ " " }{ for choosing }</p>
            }
            if let Some(message) = &state.failure { <p class="error" role="alert">{ t.worker_failed }{ message.clone() }</p> }
        </section>
    };

    // --- Card counter, record, end -----------------------------------------
    let counter = use_state(|| false);
    let on_counter = {
        let counter = counter.clone();
        Callback::from(move |e: Event| {
            if let Some(c) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                counter.set(c.checked());
            }
        })
    };
    let unseen = Knowledge::of(&game.view(user)).unseen();
    let counter_view = html! {
        <div class="counter">
            <label class="check"><input type="checkbox" id="play-counter-toggle" checked={*counter} onchange={on_counter} />{ t.card_counter }</label>
            if *counter {
                <ul class="counter-ranks" id="play-counter">
                    { for Rank::ALL.iter().rev().map(|&r| html! {
                        <li data-rank={ r.letter().to_string() } data-left={ unseen.count(r).to_string() } class={ classes!((unseen.count(r) == 0).then_some("gone")) }>
                            <span class="face">{ if r.is_joker() { r.letter().to_string() } else { face_text(r).to_string() } }</span>
                            <span class="left">{ unseen.count(r) }</span>
                        </li>
                    }) }
                </ul>
            }
        </div>
    };
    let log = state.record.iter().enumerate().map(|(i, (seat, mv))| {
        let current = state.replay.is_some_and(|k| k == i + 1);
        html! { <li class={ classes!(current.then_some("current")) }><span class="who">{ t.seat(*seat) }</span>{ " " }<strong>{ mv.play().map_or(t.pass.to_string(), |p| p.notation()) }</strong></li> }
    });
    let end = game.outcome().map(|outcome| {
        let score = outcome.score(Scoring::Tournament);
        let mine = outcome.team_score(user.team(), Scoring::Tournament);
        let steps = state.record.len();
        let step = state.replay.unwrap_or(steps);
        let to = |k: usize| {
            let state = state.clone();
            Callback::from(move |_: MouseEvent| state.dispatch(Action::Replay(Some(k))))
        };
        let export = format!(
            "data:application/json;charset=utf-8,{}",
            String::from(js_sys::encode_uri_component(&record_json(&setup, &state.deal, &state.record, &game)))
        );
        html! {
            <section class="end" id="play-end" data-score={ score.to_string() } data-mine={ mine.to_string() }>
                <h2 id="play-outcome">{ if mine > 0 { t.you_won } else { t.you_lost } }</h2>
                <p id="play-score">{ (t.final_score)(t.seat(outcome.winner), score, outcome.bombs) }</p>
                <div class="replay" role="group" aria-label={ t.replay }>
                    <span>{ t.replay }</span>
                    <button type="button" id="replay-start" onclick={ to(0) }>{ "⏮" }</button>
                    <button type="button" id="replay-back" onclick={ to(step.saturating_sub(1)) }>{ "◀" }</button>
                    <span id="replay-step">{ format!("{step} / {steps}") }</span>
                    <button type="button" id="replay-next" onclick={ to((step + 1).min(steps)) }>{ "▶" }</button>
                    <button type="button" id="replay-end" onclick={ to(steps) }>{ "⏭" }</button>
                </div>
                <p><a id="play-export" href={export} download={ format!("ddz-{}.json", setup.seed) }>{ t.download_record }</a></p>
            </section>
        }
    });

    html! {
        <main id="main" class="page play-page">
            <h1>{ t.nav_play }</h1>
            <p class="note">{ t.play_intro }</p>
            { setup_bar }
            if !problems.is_empty() {
                <p class="error" role="alert">{ (t.link_problems)(&problems.join(", ")) }</p>
            }
            <div class="table">
                <div class="opponents">{ for others }</div>
                { for bottom }
                { me }
            </div>
            { for end }
            { counter_view }
            <details class="record" open={over}>
                <summary>{ t.record }</summary>
                <ol class="line" id="play-record">{ for log }</ol>
            </details>
        </main>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_checked_and_bad_values_reported() {
        let (setup, problems) = setup_of(&PlayLink::default(), || 99);
        assert_eq!(
            (setup.seed, setup.user, setup.level.as_str(), setup.pace),
            (99, Seat::Landlord, DEFAULT_LEVEL, "normal")
        );
        assert!(problems.is_empty());
        let link = PlayLink {
            seed: Some("x1".into()),
            seat: Some("farmer2".into()),
            level: Some("l9".into()),
            practice: true,
            pace: Some("warp".into()),
        };
        let (setup, problems) = setup_of(&link, || 0);
        assert_eq!(
            (setup.user, setup.level.as_str(), setup.practice),
            (Seat::Farmer2, "L9", true)
        );
        assert_eq!(problems, ["seed 'x1'", "pace 'warp'"]);
    }

    #[test]
    fn a_selection_is_explained() {
        let mut game = Game::new(&Deal::from_seed(42));
        let hand = game.hand(Seat::Landlord);
        let c = |s: &str| s.parse::<Cards>().unwrap();
        assert_eq!(selection(&game, Cards::EMPTY), Selection::Empty);
        assert!(hand.contains(c("33")));
        assert_eq!(selection(&game, c("33")), Selection::Plays(readings(c("33"))));
        assert_eq!(selection(&game, c("34")), Selection::NotACombination);
        game.apply(Move::Play(Play::parse("33").unwrap())).unwrap();
        // Farmer 1 must beat 33: a single does not.
        let f1 = game.hand(Seat::Farmer1);
        let single = Cards::of(f1.highest().unwrap(), 1).unwrap();
        assert!(matches!(
            selection(&game, single),
            Selection::NotACombination | Selection::DoesNotBeat(_)
        ));
    }

    #[test]
    fn flags_and_cards_round_trip() {
        let hand: Cards = "334459".parse().unwrap();
        let pick: Cards = "349".parse().unwrap();
        let flags = flags_for(hand, pick);
        assert_eq!(flags, [true, false, true, false, false, true]);
        assert_eq!(selected_cards(hand, &flags), pick);
    }

    #[test]
    fn the_current_trick_starts_at_the_last_lead() {
        let deal = Deal::from_seed(42);
        let mut game = Game::new(&deal);
        let mut record = vec![];
        let mut moves = vec![];
        for _ in 0..4 {
            moves.clear();
            game.legal_moves(&mut moves);
            let mv = *moves.last().unwrap();
            record.push((game.to_move(), mv));
            game.apply(mv).unwrap();
        }
        let trick = current_trick(&deal, &record);
        // The last move is always in the trick (unless it ended it).
        let (seat, mv) = record[3];
        assert!(trick[seat.index()] == Some(mv) || game.to_beat().is_none());
        assert_eq!(current_trick(&deal, &[]), [None; 3]);
    }
}

//! The Play page's effects, each a hook over the page's state: the worker's
//! jobs, saving and the address, the AIs' turns, the turn timer, the
//! table's sounds and keys.

use std::cell::RefCell;
use std::rc::Rc;

use engine::agents::bidding::choose_bid;
use engine::{Kind, Move, PlayerSpec, Seat};
use gloo::events::{EventListener, EventListenerOptions};
use gloo::timers::callback::{Interval, Timeout};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::link::{link_of, read_link, show_address};
use super::state::{next_setup, time_up, Action, Notice, State, Waiting};
use super::{now_ms, AI_TIME_MS, REDEAL_MS, REVIEW_MS};
use crate::game::model::{Chair, Phase, PlayDeal, Setup};
use crate::game::saved;
use crate::route::PlayLink;
use crate::settings;
use crate::sound::{self, Sound};
use crate::web;
use crate::worker::{use_engine, ChooseJob, ContestMoveJob, Job, ReviewJob};

/// Asks the worker for a move by this player for the seat to move.
pub(super) type Ask = Rc<dyn Fn(PlayerSpec, Waiting)>;

/// What the page asks of the worker.
pub(super) struct Jobs {
    pub ask: Ask,
    /// Starts the open-hand review of the deal on the table.
    pub start_review: Callback<MouseEvent>,
}

/// The page's worker jobs: AI moves and the review each have a connection,
/// so neither waits for the other. Another deal on the table stops a
/// review of the last one.
#[hook]
pub(super) fn use_jobs(state: &UseReducerHandle<State>) -> Jobs {
    let moves = {
        let state = state.clone();
        use_engine(move |id, answer| state.dispatch(Action::Chose(id, answer, now_ms())))
    };
    let reviewer = {
        let state = state.clone();
        use_engine(move |_, answer| state.dispatch(Action::Reviewed(answer)))
    };
    let ask: Ask = {
        let state = state.clone();
        Rc::new(move |player: PlayerSpec, what: Waiting| {
            let Some(deal) = state.table.deal() else { return };
            // A contest's opponents move as the event's AI does everywhere.
            if let (Some(seat), Waiting::Ai { .. }) = (&state.contest, what) {
                let id = moves.run(Job::ContestMove(ContestMoveJob {
                    event: seat.event.clone(),
                    board: seat.board,
                    record: state.table.record().iter().map(|t| t.mv).collect(),
                }));
                state.dispatch(Action::Wait(id, what));
                return;
            }
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
    use_effect_with(state.table.setup(), move |_| reviewer.cancel());
    Jobs { ask, start_review }
}

/// Every move saved, the settings stored, the address naming the deal on
/// the table, and a link to another deal (typed, pasted, or Back) starting
/// it.
#[hook]
pub(super) fn use_persistence(state: &UseReducerHandle<State>, link: &PlayLink) {
    {
        let snapshot = (state.table.clone(), state.session, state.contest.clone());
        let state = state.clone();
        use_effect_with(snapshot, move |(table, session, contest)| {
            let saved = match contest {
                Some(seat) => crate::game::entry::Entry::save_table(&seat.event, seat.board, table),
                None => saved::save(table, session),
            };
            // Told, not ignored: the game would not survive a reload.
            if let Err(e) = saved {
                state.dispatch(Action::Notice(Notice::NotSaved(e)));
            }
        });
    }
    // A contest's aids are the organiser's, not the user's settings: at a
    // contest table only the pace, the timer and the sound are kept.
    let contest = state.contest.is_some();
    use_effect_with(state.prefs, move |prefs| {
        let prefs = *prefs;
        settings::update(move |s| {
            if contest {
                (s.play.pace, s.play.timer, s.play.sound) = (prefs.pace, prefs.timer, prefs.sound);
            } else {
                s.play = prefs;
            }
        });
    });
    // The address names the deal on the table, so a reload finds it and
    // the address shares it. It follows the table, not the link: a link to
    // another deal stands until that deal is on the table (writing the old
    // deal's address over it would send the page back). A contest board's
    // address is the contest's, and it has no play link to read.
    let address = (!contest).then(|| link_of(state.table.setup(), state.prefs.level));
    use_effect_with(address, |address| {
        if let Some(a) = address {
            show_address(a)
        }
    });
    let state = state.clone();
    use_effect_with((link.clone(), contest), move |(link, contest)| {
        if *contest {
            return;
        }
        let request = read_link(link, state.prefs);
        if request.prefs != state.prefs {
            state.dispatch(Action::Prefs(request.prefs));
        }
        match request.setup {
            Some(setup) if setup != state.table.setup() => {
                if state.table.in_progress() {
                    state.dispatch(Action::Notice(match saved::pause(&state.table) {
                        Ok(()) => Notice::Paused,
                        Err(e) => Notice::NotSaved(e),
                    }));
                }
                state.dispatch(Action::NewDeal(setup))
            }
            // The deal on the table (or none named): its address, written in
            // full.
            _ => show_address(&link_of(state.table.setup(), request.prefs.level)),
        }
    });
}

/// The AIs' turns: a bid after a pause, a move asked of the worker and
/// shown no sooner than the pace allows, and the redeal after everyone
/// passed.
#[hook]
pub(super) fn use_ai_turns(state: &UseReducerHandle<State>, ask: &Ask) {
    {
        let table = &state.table;
        let idle = state.waiting.is_none() && state.pending.is_none() && state.replay.is_none();
        let key = (
            table.setup(),
            table.bids().len(),
            table.record().len(),
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
    let state = state.clone();
    use_effect_with(state.pending, move |pending| {
        let timer = pending.map(|(id, _, due)| {
            let wait = (due - now_ms()).max(0.0) as u32;
            Timeout::new(wait, move || state.dispatch(Action::Apply(id)))
        });
        move || drop(timer)
    });
}

/// The seconds left of the turn of the chair to move (`turn`), when the
/// settings time turns: the user's ticks for the last five and at 0 the
/// table plays for the user; an opponent's is shown as it thinks.
#[hook]
pub(super) fn use_turn_timer(state: &UseReducerHandle<State>, turn: Option<Chair>) -> Option<(Chair, u32)> {
    let remaining = use_state(|| None::<(Chair, u32)>);
    let table = &state.table;
    let key = (
        table.setup(),
        table.bids().len(),
        table.record().len(),
        turn,
        state.prefs.timer,
    );
    {
        let (state, remaining) = (state.clone(), remaining.clone());
        use_effect_with(key, move |&(_, _, _, turn, timer)| {
            remaining.set(None);
            let interval = timer.seconds().zip(turn).map(|(seconds, chair)| {
                let mine = chair == Chair::Me;
                let start = now_ms();
                let last = Rc::new(RefCell::new(seconds + 1));
                remaining.set(Some((chair, seconds)));
                Interval::new(250, move || {
                    let left = (f64::from(seconds) - (now_ms() - start) / 1000.0).ceil().max(0.0) as u32;
                    if *last.borrow() == left {
                        return;
                    }
                    *last.borrow_mut() = left;
                    remaining.set(Some((chair, left)));
                    if mine && state.prefs.sound && (1..=5).contains(&left) {
                        sound::play(Sound::Tick);
                    }
                    if mine && left == 0 {
                        time_up(&state);
                    }
                })
            });
            move || drop(interval)
        });
    }
    (*remaining).filter(|&(chair, _)| Some(chair) == turn)
}

/// The sounds of the table as it moves on (not in the replay).
#[hook]
pub(super) fn use_table_sounds(state: &UseReducerHandle<State>) {
    let last = use_mut_ref(|| None::<(Setup, usize, usize)>);
    let table = &state.table;
    let key = (table.setup(), table.bids().len(), table.record().len());
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

/// The sounds of what just happened at the table, in order.
fn event_sounds(table: &PlayDeal, before: (Setup, usize, usize), now: (Setup, usize, usize)) -> Vec<Sound> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::suits::Faces;

    #[test]
    fn events_have_their_sounds() {
        let setup = Setup::tournament(42, Seat::Farmer2);
        let mut table = PlayDeal::new(setup);
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

/// What the keys do at the table now: Enter plays the selection, P passes,
/// H asks for a hint; in the replay ←/→ step and Home/End jump.
pub(super) struct Keys {
    pub play: Callback<()>,
    pub pass: Callback<()>,
    pub hint: Callback<()>,
    /// The replay's step and its last step, while it runs.
    pub replay: Option<(usize, usize)>,
}

/// The table's keys, wherever the focus is on the page, except where the
/// key means something already: a field being typed in, a button or link
/// (Enter presses it), the open menu.
#[hook]
pub(super) fn use_table_keys(state: &UseReducerHandle<State>, keys: Keys) {
    let latest = use_mut_ref(|| None::<(UseReducerHandle<State>, Keys)>);
    *latest.borrow_mut() = Some((state.clone(), keys));
    use_effect_with((), move |_| {
        let listener = web_sys::window().map(|w| {
            let options = EventListenerOptions::enable_prevent_default();
            EventListener::new_with_options(&w, "keydown", options, move |e| {
                let Some(e) = e.dyn_ref::<KeyboardEvent>() else { return };
                if e.ctrl_key()
                    || e.meta_key()
                    || e.alt_key()
                    || e.default_prevented()
                    || owns_key(e.target(), &e.key())
                {
                    return;
                }
                let latest = latest.borrow();
                let Some((state, keys)) = latest.as_ref() else { return };
                if state.menu {
                    return;
                }
                let step = |k: usize| {
                    state.dispatch(Action::Replay(Some(k)));
                    true
                };
                let emit = |cb: &Callback<()>| {
                    cb.emit(());
                    true
                };
                let handled = match (e.key().as_str(), keys.replay) {
                    ("ArrowLeft", Some((k, _))) => step(k.saturating_sub(1)),
                    ("ArrowRight", Some((k, last))) => step((k + 1).min(last)),
                    ("Home", Some(_)) => step(0),
                    ("End", Some((_, last))) => step(last),
                    ("Enter", None) => emit(&keys.play),
                    ("p" | "P", None) => emit(&keys.pass),
                    ("h" | "H", None) => emit(&keys.hint),
                    _ => false,
                };
                if handled {
                    e.prevent_default();
                }
            })
        });
        move || drop(listener)
    });
}

/// Whether a key pressed on this element is the element's own: text to
/// type, Enter on a button or link, an arrow on a slider, anything in the
/// open menu.
fn owns_key(target: Option<web_sys::EventTarget>, key: &str) -> bool {
    let Some(el) = target.and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return false;
    };
    if el.closest("[contenteditable], .menu").ok().flatten().is_some() {
        return true;
    }
    let input_type = el.get_attribute("type").unwrap_or_default();
    match el.tag_name().to_ascii_lowercase().as_str() {
        "textarea" | "select" => true,
        "input" if input_type == "range" => key.starts_with("Arrow") || key == "Home" || key == "End",
        "input" => true,
        "button" | "a" | "summary" => key == "Enter",
        _ => false,
    }
}

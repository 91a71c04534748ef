//! The Play page (对局): a card table on one screen. The user sits at the
//! bottom with the hand in one overlapping row and the buttons right above
//! it; 上家 on the left, 下家 on the right; each seat's latest play lies in
//! front of it in the centre. Deals are bid for (叫分) or, under tournament
//! rules, played with a fixed landlord. The AIs think in the worker and
//! move at a natural pace; every move is saved, so a reload resumes the
//! game; at the end every hand is shown, the session score grows, and the
//! deal can be replayed on the same table.

mod bar;
mod contest;
mod end;
mod hooks;
mod link;
mod menu;
mod review;
mod state;

use engine::agents::bidding::assess;
use engine::bidding::Bid;
use engine::{Cards, Move, Play, Seat};
use yew::prelude::*;

pub use self::contest::{next_button, BoardEnd, ContestSeat};
use self::state::{new_deal, opening, Action, Waiting};
use crate::components::info::Info;
use crate::components::table::view::{self, chair_name, SeatShown};
use crate::components::table::TapHand;
use crate::game::model::{selection, Chair, Mode, Phase, PlayDeal, Selection};
use crate::game::prefs::Level;
use crate::i18n::{use_strings, Strings};
use crate::route::PlayLink;
use crate::suits::{Face, Faces};
use crate::web;

/// The rung that answers 提示.
pub(crate) const HINT_RUNG: engine::Rung = engine::Rung::at(10);
/// Time an AI may think per move (ms).
const AI_TIME_MS: f64 = 1500.0;
/// The time the review of a finished deal may take (ms): late positions
/// are solved first, and early ones of a whole deal rarely are.
const REVIEW_MS: f64 = 20_000.0;
/// How long "everyone passed" shows before the redeal (ms).
const REDEAL_MS: u32 = 1600;

fn now_ms() -> f64 {
    use engine::Clock;
    web::WebClock.now_ms()
}

#[derive(Properties, PartialEq)]
pub struct PlayPageProps {
    pub link: PlayLink,
    /// A contest board instead of a casual deal.
    #[prop_or_default]
    pub contest: Option<ContestSeat>,
}

#[component]
pub fn PlayPage(props: &PlayPageProps) -> Html {
    let t = use_strings();
    let served = use_context::<crate::api::Server>().unwrap_or_default().0;
    let state = use_reducer({
        let (link, contest) = (props.link.clone(), props.contest.clone());
        move || opening(&link, contest)
    });
    // A contest allows the hint only if its organiser did.
    let hint_allowed = state.contest.as_ref().is_none_or(|c| c.event.aids().hint);
    let table = &state.table;
    let setup = table.setup();
    let phase = table.phase();
    let record_len = table.record().len();

    use_effect_with((), |_| crate::web::mark_once("first-cards"));
    let jobs = hooks::use_jobs(&state);
    hooks::use_persistence(&state, &props.link);
    hooks::use_ai_turns(&state, &jobs.ask);
    // An AI is thinking while the worker has its request and until its
    // move is shown: at least the pace's pause.
    let thinking = matches!(state.waiting, Some((_, Waiting::Ai { .. }))) || state.pending.is_some();
    let turn = match phase {
        _ if state.replay.is_some() => None,
        Phase::Bidding { to_bid } => Some(to_bid),
        Phase::Playing { to_move } => Some(to_move),
        _ => None,
    };
    let remaining = hooks::use_turn_timer(&state, turn);
    hooks::use_table_sounds(&state);

    // --- The user's turn ---------------------------------------------------------
    let my_turn = state.my_turn();
    let step = state.replay.unwrap_or(record_len);
    let hands = table.hands_after(step);
    let hand = hands[Chair::Me.index()];
    let selected = if my_turn { state.selected } else { Faces::EMPTY };
    let game = table.game();
    let verdict = match game {
        Some(game) if my_turn => selection(game, selected.cards()),
        _ => Selection::Empty,
    };
    let to_beat = game.and_then(|g| g.to_beat()).filter(|_| my_turn);
    let legal: Vec<Move> = match game {
        Some(game) if my_turn => {
            let mut moves = vec![];
            game.legal_moves(&mut moves);
            moves
        }
        _ => vec![],
    };
    let can_beat = legal.iter().any(|m| m.play().is_some());
    let on_play: Callback<()> = {
        let (state, verdict) = (state.clone(), verdict.clone());
        Callback::from(move |_| match &verdict {
            Selection::Plays(plays) if plays.len() == 1 => {
                state.dispatch(Action::Play(Move::Play(plays[0]), state.selected))
            }
            Selection::Plays(plays) => state.dispatch(Action::Choose(plays.clone())),
            _ => {}
        })
    };
    let can_pass = my_turn && to_beat.is_some();
    let on_pass: Callback<()> = {
        let state = state.clone();
        Callback::from(move |_| {
            if can_pass {
                state.dispatch(Action::Play(Move::Pass, Faces::EMPTY))
            }
        })
    };
    let on_hint: Callback<()> = {
        let (state, ask, legal) = (state.clone(), jobs.ask.clone(), legal.clone());
        Callback::from(move |_| {
            if !state.my_turn() || state.waiting.is_some() || !hint_allowed {
                return;
            }
            if state.hints == 0 {
                return ask(HINT_RUNG.spec(), Waiting::Hint);
            }
            // Then the legal plays in turn, smallest first (as 欢乐斗地主's
            // 提示 cycles), with a pass where there is nothing to beat with.
            let mut plays: Vec<Play> = legal.iter().filter_map(|m| m.play()).collect();
            plays.sort_by_key(|p| (p.is_bomb_or_rocket(), p.cards().len(), p.rank(), p.cards().bits()));
            let faces = match plays.get((state.hints - 1) % plays.len().max(1)) {
                Some(p) => state.my_hand().pick(p.cards(), Faces::EMPTY).unwrap_or_default(),
                None => Faces::EMPTY,
            };
            state.dispatch(Action::Hinted(faces));
        })
    };
    hooks::use_table_keys(
        &state,
        hooks::Keys {
            play: on_play.clone(),
            pass: on_pass.clone(),
            hint: on_hint.clone(),
            replay: state.replay.map(|k| (k, record_len)),
        },
    );
    let on_toggle = {
        let state = state.clone();
        Callback::from(move |(face, to): (Face, Option<bool>)| state.dispatch(Action::Toggle(face, to)))
    };
    // The bottom cards the landlord just took, marked until its first play.
    let fresh_bottom = if table.landlord() == Some(Chair::Me)
        && !table.record().iter().any(|t| Some(t.seat) == table.seat_of(Chair::Me))
    {
        table.bottom_faces()
    } else {
        Faces::EMPTY
    };

    // --- What the user can do now ------------------------------------------------
    let click = |cb: &Callback<()>| {
        let cb = cb.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let dispatch = |action: fn() -> Action| {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(action()))
    };
    let clock = remaining.filter(|&(chair, _)| chair == Chair::Me).map(|(_, sec)| {
        html! { <span class={ classes!("clock", (sec <= 5).then_some("urgent")) } id="play-clock" role="timer">{ sec }</span> }
    });
    let practice_buttons = state.prefs.practice.then(|| {
        html! {
            <span class="practice">
                <button type="button" id="play-undo" disabled={ !table.can_undo() || state.replay.is_some() } onclick={ dispatch(|| Action::Undo) }>{ t.play.undo }</button>
                <button type="button" id="play-redo" disabled={ table.redo_moves().is_empty() || state.replay.is_some() } onclick={ dispatch(|| Action::Redo) }>{ t.play.redo }</button>
            </span>
        }
    });
    let actions = if let Some(k) = state.replay {
        review::replay_bar(t, &state, k)
    } else {
        match phase {
            Phase::Bidding { to_bid: Chair::Me } => {
                let bid_button = |bid: Bid| {
                    let state = state.clone();
                    let onclick = Callback::from(move |_: MouseEvent| state.dispatch(Action::Bid(bid)));
                    let label = match bid {
                        Bid::Pass => t.play.no_bid.to_string(),
                        b => (t.play.bid_button)(b.points()),
                    };
                    html! {
                        <button type="button" class={ classes!("bid", (bid != Bid::Pass).then_some("primary")) } data-bid={ bid.name() }
                            disabled={ !table.allows_bid(bid) } {onclick}>{ label }</button>
                    }
                };
                let advice = {
                    let state = state.clone();
                    Callback::from(move |_: MouseEvent| state.dispatch(Action::Hinted(Faces::EMPTY)))
                };
                html! {
                    <div class="actions" id="play-actions" data-for="bid">
                        { for Bid::ALL.into_iter().map(bid_button) }
                        <button type="button" id="play-hint" onclick={advice}>{ t.play.hint }</button>
                        { for clock }
                    </div>
                }
            }
            Phase::Playing { to_move: Chair::Me } => {
                let playable = matches!(verdict, Selection::Plays(_));
                let pass_label = if can_beat || to_beat.is_none() {
                    t.play.pass
                } else {
                    t.play.cannot_beat
                };
                html! {
                    <div class="actions" id="play-actions" data-for="play">
                        <button type="button" id="play-pass" class={ classes!((!can_beat && can_pass).then_some("primary")) } disabled={ !can_pass } onclick={ click(&on_pass) }>{ pass_label }</button>
                        if hint_allowed {
                            <button type="button" id="play-hint" disabled={ state.waiting.is_some() } onclick={ click(&on_hint) }>{ t.play.hint }</button>
                        }
                        <button type="button" id="play-play" class="primary" disabled={ !playable } onclick={ click(&on_play) }>{ t.play.play }</button>
                        { for clock }
                        { for practice_buttons.clone() }
                    </div>
                }
            }
            Phase::Over(_) => html! {
                <div class="actions" id="play-actions" data-for="over">
                    if let Some(seat) = &state.contest {
                        { next_button(t, &seat.event, seat.board, "play-next") }
                    } else {
                        <button type="button" class="primary" id="play-next" onclick={ new_deal(&state) }>{ t.play.next_deal }</button>
                    }
                    <button type="button" id="play-replay" onclick={ { let s = state.clone(); Callback::from(move |_: MouseEvent| s.dispatch(Action::Replay(Some(0)))) } }>{ t.play.replay }</button>
                    if !state.end_open {
                        <button type="button" id="play-result" onclick={ dispatch(|| Action::EndOpen(true)) }>{ t.play.result }</button>
                    }
                    { for practice_buttons.clone() }
                </div>
            },
            _ => {
                html! { <div class="actions" id="play-actions" data-for="wait">{ for practice_buttons.clone() }</div> }
            }
        }
    };
    let explanation = match &verdict {
        Selection::NotACombination => Some(t.play.not_a_combination.to_string()),
        Selection::DoesNotBeat(target) => Some((t.play.does_not_beat)(&t.play_words(*target))),
        _ => None,
    };
    let advice = (matches!(phase, Phase::Bidding { to_bid: Chair::Me }) && state.hints > 0)
        .then(|| (t.play.bid_advice)(&assess(table.dealt(Chair::Me))));
    let choosing = state.choosing.iter().map(|&p| {
        let state = state.clone();
        let onclick = Callback::from(move |_: MouseEvent| state.dispatch(Action::Play(Move::Play(p), state.selected)));
        html! { <button type="button" class="reading" {onclick}>{ t.play_words(p) }</button> }
    });

    // --- The table -------------------------------------------------------------
    let over = matches!(phase, Phase::Over(_));
    let open = over || state.replay.is_some();
    let trick = table.trick_after(step);
    let in_auction = table.deal().is_none();
    let shown = |chair: Chair| SeatShown {
        chair,
        role: table.seat_of(chair),
        count: hands[chair.index()].len(),
        turn: !open
            && matches!(phase, Phase::Bidding { to_bid } | Phase::Playing { to_move: to_bid } if to_bid == chair),
        thinking: thinking && matches!(phase, Phase::Playing { to_move } if to_move == chair),
        clock: remaining.filter(|&(c, _)| c == chair).map(|(_, sec)| sec),
        open: open.then_some(hands[chair.index()]),
    };
    let taken = table.trick_taken_after(step);
    let slots = Chair::ALL.map(|chair| {
        let (index, turn) = trick[chair.index()].map_or((0, None), |(i, turn)| (i, Some(turn)));
        let last = turn.is_some() && index == step;
        let bid = in_auction.then(|| table.bid_of(chair)).flatten();
        let marks = view::SlotMarks {
            fresh: last && state.replay.is_none(),
            last,
            taken: taken == Some(chair),
        };
        view::slot(t, chair, turn, bid, index, marks)
    });
    let message = table_message(
        t,
        table,
        phase,
        to_beat.map(|(s, p)| (table.chair_of(s), p)),
        state.replay.is_some(),
    );
    let review_note = html! {
        <>
            if state.replay.is_some() { { review::review_summary(t, &state) } }
            { review::review_note(t, &state, step) }
        </>
    };
    // 记牌器: the cards the user has not seen played, outside the hand.
    let played = table.record()[..step]
        .iter()
        .fold(Cards::EMPTY, |all, t| all.checked_add(t.mv.cards()).unwrap_or(all));
    let unseen = Cards::DECK
        .checked_sub(hand.cards())
        .and_then(|rest| rest.checked_sub(played))
        .unwrap_or_default();
    let me_role = table.seat_of(Chair::Me);
    let points_now = table.points();
    let totals: [i64; 3] = {
        let mut totals = state.session.totals;
        if let Some(p) = points_now {
            for (t, p) in totals.iter_mut().zip(p) {
                *t = t.saturating_add(p);
            }
        }
        totals
    };
    let table_view = html! {
        <div class={ classes!("table", open.then_some("open")) } data-phase={ phase_name(phase) }>
            { view::opponent(t, &shown(Chair::Left)) }
            <div class="centre" onpointerdown={ { let s = state.clone(); Callback::from(move |e: PointerEvent| if e.target() == e.current_target() && s.my_turn() { s.dispatch(Action::Select(Faces::EMPTY)) }) } }>
                { slots[Chair::Left.index()].clone() }
                { slots[Chair::Right.index()].clone() }
                <div class="say" role="status">
                    <p class="table-message" id="play-message" aria-live="polite">{ message }</p>
                    { review_note }
                    if let Some(why) = explanation { <p class="error" id="play-why">{ why }</p> }
                    if let Some(advice) = advice { <p class="advice" id="play-advice">{ advice }<Info term="bid-rule" at="play" /></p> }
                    if !state.choosing.is_empty() {
                        <p class="readings" id="play-readings">{ t.play.which_reading }{ " " }{ for choosing }</p>
                    }
                </div>
                { slots[Chair::Me.index()].clone() }
            </div>
            { view::opponent(t, &shown(Chair::Right)) }
            <section class={ classes!("seat", "me", (turn == Some(Chair::Me)).then_some("turn")) } data-chair="me" data-seat={ me_role.map(|r| r.name()).unwrap_or("") }>
                <div class="me-line">
                    <span class="name">{ t.play.me }</span>
                    if let Some(role) = me_role {
                        <span class={ classes!("role", (role == Seat::Landlord).then_some("landlord")) }>{ view::role_name(t, role) }</span>
                    }
                    <span class="count">{ (t.play.cards_left)(hand.len()) }</span>
                    if my_turn {
                        <span class="turn-note" id="play-your-turn">{ if to_beat.is_none() { t.play.your_lead } else { "" } }</span>
                    }
                </div>
                { actions }
                <TapHand {hand} selected={selected} selectable={my_turn} marked={fresh_bottom} on_toggle={on_toggle} />
            </section>
        </div>
    };

    html! {
        <main id="main" class="page play-page" data-mode={ setup.mode.name() }>
            <h1 class="visually-hidden">{ t.nav_play }</h1>
            { bar::play_bar(t, &state, totals) }
            if state.prefs.counter { { view::counter(t, unseen) } }
            { bar::notices(t, &state) }
            { table_view }
            if over && state.end_open {
                if let Some(seat) = &state.contest {
                    { seat.end.emit(BoardEnd {
                        table: state.table.clone(),
                        on_close: { let s = state.clone(); Callback::from(move |_| s.dispatch(Action::EndOpen(false))) },
                        on_replay: { let s = state.clone(); Callback::from(move |_| s.dispatch(Action::Replay(Some(0)))) },
                        on_review: jobs.start_review.clone(),
                        reviewing: matches!(state.review, state::Review::Running { .. }),
                    }) }
                } else {
                    { end::end_panel(t, &state, totals, &jobs.start_review) }
                }
            }
            { menu::menu(t, &state, served) }
        </main>
    }
}

fn level_index(level: Level) -> usize {
    Level::ALL.iter().position(|&l| l == level).unwrap_or(0)
}

fn mode_index(mode: Mode) -> usize {
    Mode::ALL.iter().position(|&m| m == mode).unwrap_or(0)
}

fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Bidding { .. } => "bidding",
        Phase::AllPassed => "redeal",
        Phase::Playing { .. } => "playing",
        Phase::Over(_) => "over",
    }
}

/// What the centre of the table says now.
fn table_message(
    t: &Strings,
    table: &PlayDeal,
    phase: Phase,
    to_beat: Option<(Chair, Play)>,
    replaying: bool,
) -> String {
    if replaying {
        return t.play.replay_bar.to_string();
    }
    match phase {
        Phase::Bidding { to_bid: Chair::Me } => t.play.your_bid.to_string(),
        Phase::Bidding { to_bid } => (t.play.waiting_bid)(chair_name(t, to_bid)),
        Phase::AllPassed => t.play.all_passed.to_string(),
        Phase::Playing { to_move: Chair::Me } => match to_beat {
            None => t.play.your_lead.to_string(),
            Some((by, play)) => (t.play.your_follow)(chair_name(t, by), &t.play_words(play)),
        },
        Phase::Playing { to_move } if table.record().is_empty() => match (table.landlord(), table.highest_bid()) {
            (Some(l), Some(bid)) if table.setup().mode == Mode::Classic => {
                (t.play.landlord_is)(chair_name(t, l), bid.points())
            }
            _ => (t.play.waiting_play)(chair_name(t, to_move)),
        },
        Phase::Playing { to_move } => (t.play.waiting_play)(chair_name(t, to_move)),
        Phase::Over(outcome) => (t.play.went_out)(chair_name(t, table.chair_of(outcome.winner))),
    }
}

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
mod table;
mod turn;

use engine::{Cards, Play};
use yew::prelude::*;

pub use self::contest::{next_button, BoardEnd, ContestSeat};
use self::state::{opening, Action, State};
use crate::components::table::view::{self, chair_name};
use crate::game::model::{Chair, Mode, Phase, PlayDeal};
use crate::game::prefs::Level;
use crate::i18n::{use_strings, Strings};
use crate::route::PlayLink;
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

    use_effect_with((), |_| crate::web::mark_once("first-cards"));
    let jobs = hooks::use_jobs(&state);
    hooks::use_persistence(&state, &props.link);
    hooks::use_ai_turns(&state, &jobs.ask);
    let turn = whose_turn(&state);
    let remaining = hooks::use_turn_timer(&state, turn);
    hooks::use_table_sounds(&state);
    let user = turn::use_user_turn(&state, &jobs.ask, hint_allowed);

    let totals = session_totals(&state);
    let over = matches!(state.table.phase(), Phase::Over(_));
    html! {
        <main id="main" class="page play-page" data-mode={ state.table.setup().mode.name() }>
            <h1 class="visually-hidden">{ t.nav_play }</h1>
            { bar::play_bar(t, &state, totals) }
            if state.prefs.counter { { view::counter(t, unseen(&state)) } }
            { bar::notices(t, &state) }
            { table::table_view(t, &state, &user, turn, remaining) }
            if over && state.end_open {
                { end_of_deal(t, &state, totals, &jobs.start_review) }
            }
            { menu::menu(t, &state, served) }
        </main>
    }
}

/// Who is to bid or move, while the deal is played (not replayed).
fn whose_turn(state: &State) -> Option<Chair> {
    match state.table.phase() {
        _ if state.replay.is_some() => None,
        Phase::Bidding { to_bid } => Some(to_bid),
        Phase::Playing { to_move } => Some(to_move),
        _ => None,
    }
}

/// The session's score by chair, with this deal's points once it is over.
fn session_totals(state: &State) -> [i64; 3] {
    let mut totals = state.session.totals;
    if let Some(p) = state.table.points() {
        for (t, p) in totals.iter_mut().zip(p) {
            *t = t.saturating_add(p);
        }
    }
    totals
}

/// 记牌器: the cards the user has not seen played, outside the hand.
fn unseen(state: &State) -> Cards {
    let table = &state.table;
    let step = table::step_shown(state);
    let hand = table.hands_after(step)[Chair::Me.index()];
    let played = table.record()[..step]
        .iter()
        .fold(Cards::EMPTY, |all, t| all.checked_add(t.mv.cards()).unwrap_or(all));
    Cards::DECK
        .checked_sub(hand.cards())
        .and_then(|rest| rest.checked_sub(played))
        .unwrap_or_default()
}

/// The deal's result: the contest's own panel for a board, else the
/// Play page's.
fn end_of_deal(
    t: &'static Strings,
    state: &UseReducerHandle<State>,
    totals: [i64; 3],
    start_review: &Callback<MouseEvent>,
) -> Html {
    html! {
        if let Some(seat) = &state.contest {
            { seat.end.emit(BoardEnd {
                table: state.table.clone(),
                on_close: { let s = state.clone(); Callback::from(move |_| s.dispatch(Action::EndOpen(false))) },
                on_replay: { let s = state.clone(); Callback::from(move |_| s.dispatch(Action::Replay(Some(0)))) },
                on_review: start_review.clone(),
                reviewing: matches!(state.review, state::Review::Running { .. }),
            }) }
        } else {
            { end::end_panel(t, state, totals, start_review) }
        }
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

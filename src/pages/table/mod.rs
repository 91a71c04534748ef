//! A table for people (好友桌, docs/tables.md): the page of `#/table/ID` on
//! a ddz-server. It watches the table over its WebSocket as a spectator
//! until the user takes a chair; then it shows their hand and acts for
//! them. The server referees and sends each viewer only what is theirs;
//! the page draws the frames.

mod api;
mod board;
pub(crate) mod keys;
mod socket;
mod sounds;

pub use api::{fill, open_table};

use std::rc::Rc;

use engine::bidding::Bid;
use engine::table::{Action, Ask, Chair, ClientMessage, DealView, Frame, Phase, Viewer};
use engine::{Move, Seat};
use gloo::timers::callback::Interval;
use yew::prelude::*;

use self::board::{centre, other, to_beat, Places};
use self::keys::Keys;
use self::socket::use_table_socket;
use crate::components::copy::CopyButton;
use crate::components::table::TapHand;
use crate::game::model::{selection_against, Selection};
use crate::i18n::{use_strings, Strings};
use crate::suits::{Face, Faces};
use crate::web;

#[derive(Properties, PartialEq)]
pub struct TablePageProps {
    pub id: AttrValue,
}

#[component]
pub fn TablePage(props: &TablePageProps) -> Html {
    let t = use_strings();
    let keys = use_state({
        let id = props.id.clone();
        move || Keys::load(&id)
    });
    let seat_key = keys.seat.clone().map(AttrValue::from);
    let (link, send) = use_table_socket(props.id.clone(), seat_key);
    let problem = use_state(|| None::<String>);
    let seconds = use_seconds_left(link.frame.clone());
    sounds::use_frame_sounds(link.frame.clone(), seconds);

    let header = header(t, &props.id, &keys, &link.frame, &problem);
    let body = match &link.frame {
        Some(frame) => {
            html! { <>{ scores(t, frame) }<TableBoard frame={ frame.clone() } {send} seconds={ seconds } /></> }
        }
        None if link.refused.as_ref().is_some_and(|(code, _)| code == "no-table") => {
            html! { <p class="error">{ t.table.no_table }</p> }
        }
        None => html! { <p class="table-message" id="table-connecting">{ t.table.connecting }</p> },
    };
    let refused = link
        .refused
        .as_ref()
        .filter(|(code, _)| code != "stale")
        .map(|(_, why)| why.clone());
    html! {
        <main id="main" class="page play-page table-page" data-open={ link.open.to_string() }>
            <h1 class="visually-hidden">{ t.table.title }</h1>
            { header }
            { for link.frame.as_ref().and_then(|f| f.duplicate.as_ref()).map(|d| duplicate_line(t, d, link.frame.as_ref().map_or(0, |f| f.view.deals))) }
            if let Some(why) = (*problem).clone().or(refused) {
                <p class="error" id="table-error" role="alert">{ why }</p>
            }
            { body }
        </main>
    }
}

/// The seconds left of the timed wait, counting down between frames.
#[hook]
fn use_seconds_left(frame: Option<Rc<Frame>>) -> Option<u64> {
    let now = use_state(web::unix_ms);
    let received = use_memo(frame.as_ref().map(|f| Rc::as_ptr(f) as usize), |_| web::unix_ms());
    {
        let now = now.clone();
        use_effect_with((), move |_| {
            let tick = Interval::new(500, move || now.set(web::unix_ms()));
            move || drop(tick)
        });
    }
    let left = frame.as_ref()?.time_left_ms? as f64 - (*now - *received);
    Some((left.max(0.0) / 1000.0).ceil() as u64)
}

/// The bar: the table's link to share, the join form or the watching
/// note, and the host's button for the empty chairs.
fn header(
    t: &'static Strings,
    id: &AttrValue,
    keys: &UseStateHandle<Keys>,
    frame: &Option<Rc<Frame>>,
    problem: &UseStateHandle<Option<String>>,
) -> Html {
    let href = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();
    let empty = frame.as_ref().is_some_and(|f| f.chairs.iter().any(Option::is_none));
    let seated = keys.seat.is_some();
    let on_sit = {
        let (id, keys, problem) = (id.clone(), keys.clone(), problem.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let name = name_typed().unwrap_or_default();
            let (id, keys, problem) = (id.clone(), keys.clone(), problem.clone());
            wasm_bindgen_futures::spawn_local(async move {
                match api::sit(&id, &name).await {
                    Ok(seat) => {
                        let kept = Keys {
                            seat: Some(seat),
                            ..(*keys).clone()
                        };
                        problem.set((!kept.save(&id)).then(|| t.table.host_key_lost.to_string()));
                        keys.set(kept);
                    }
                    Err(e) => problem.set(Some((t.table.refused)(&e.message))),
                }
            });
        })
    };
    let on_fill = keys.host.clone().map(|host| {
        let (id, problem) = (id.clone(), problem.clone());
        Callback::from(move |_: MouseEvent| {
            let (id, host, problem) = (id.clone(), host.clone(), problem.clone());
            wasm_bindgen_futures::spawn_local(async move {
                if let Err(e) = api::fill(&id, &host).await {
                    problem.set(Some((t.table.refused)(&e.message)));
                }
            });
        })
    });
    html! {
        <div class="table-bar">
            <span class="share">{ t.table.share }{ " " }<code id="table-link">{ href.clone() }</code>
                <CopyButton text={ AttrValue::from(href) } id={ AttrValue::Static("table-copy") } /></span>
            if !seated && empty {
                <form class="join" id="table-join" onsubmit={on_sit}>
                    <label>{ t.table.your_name }{ " " }<input id="table-name" maxlength="24" required=true /></label>
                    <button type="submit" class="primary" id="table-sit">{ t.table.sit }</button>
                </form>
            }
            if !seated {
                <p class="note" id="table-watching">{ t.table.watching }</p>
            }
            if let (true, Some(on_fill)) = (empty, on_fill) {
                <button type="button" id="table-fill" onclick={on_fill}>{ t.table.fill }</button>
            }
        </div>
    }
}

/// A duplicate table's line: the board it plays, its number, and the
/// session's standings.
fn duplicate_line(t: &Strings, d: &engine::table::DuplicateSeat, deals: u32) -> Html {
    let board = deals.clamp(1, d.boards);
    html! {
        <p class="duplicate-line" id="table-duplicate" data-board={ board.to_string() } data-boards={ d.boards.to_string() }>
            <span>{ (t.duplicate.board_of)(board, d.boards, d.table) }</span>{ " " }
            <a href={ crate::route::Route::Duplicate(d.id.clone()).to_hash() } id="table-duplicate-link">{ t.duplicate.standings_link }</a>
        </p>
    }
}

/// The name typed in the join form.
fn name_typed() -> Option<String> {
    use wasm_bindgen::JsCast;
    let input = web_sys::window()?.document()?.get_element_by_id("table-name")?;
    Some(input.dyn_into::<web_sys::HtmlInputElement>().ok()?.value())
}

#[derive(Properties, PartialEq)]
struct TableBoardProps {
    frame: Rc<Frame>,
    send: Callback<ClientMessage>,
    seconds: Option<u64>,
}

/// The table: the others, the centre and the viewer's place.
#[component]
fn TableBoard(props: &TableBoardProps) -> Html {
    let t = use_strings();
    let frame = &props.frame;
    let me = match frame.viewer() {
        Viewer::Chair(chair) => Some(chair),
        Viewer::Spectator => None,
    };
    let places = Places::of(me.unwrap_or(Chair::at(0)));
    let viewer = me.map_or("spectator".to_string(), |c| c.to_string());
    let selected = use_state(|| Faces::EMPTY);
    // A new ply clears the selection.
    {
        let selected = selected.clone();
        use_effect_with((frame.view.deals, frame.ply), move |_| selected.set(Faces::EMPTY));
    }
    let Some(deal) = frame.view.deal.as_ref() else {
        return html! {
            <div class="table" data-phase="waiting" data-viewer={ viewer }>
                { other(t, frame, places, places.left, None) }
                <div class="centre"><div class="say" role="status"><p class="table-message" id="table-message">{ t.table.waiting }</p></div></div>
                { other(t, frame, places, places.right, None) }
                { other(t, frame, places, places.bottom, None) }
            </div>
        };
    };
    let my_turn = me.is_some() && deal.to_act == me;
    let message = html! {
        <>
            <p class="table-message" id="table-message">{ message(t, frame, deal, places) }</p>
            if let Some(result) = deal.result.filter(|_| me.is_some()) {
                <p class="table-result" id="table-result">{ (t.table.result)(result.scores[places.bottom.index()] > 0, result.scores[places.bottom.index()]) }</p>
            }
        </>
    };
    let mine = match me {
        Some(chair) => mine(
            t,
            frame,
            deal,
            chair,
            &selected,
            &props.send,
            props.seconds.filter(|_| my_turn),
        ),
        None => other(t, frame, places, places.bottom, props.seconds),
    };
    html! {
        <div class={ classes!("table", deal.dealt.is_some().then_some("open")) } data-phase={ deal.phase.name() } data-deal={ deal.number.to_string() } data-viewer={ viewer }>
            { other(t, frame, places, places.left, props.seconds) }
            { centre(t, deal, places, message) }
            { other(t, frame, places, places.right, props.seconds) }
            { mine }
        </div>
    }
}

/// The index of `ask` in the words' tables.
pub(super) fn ask_index(ask: Ask) -> usize {
    match ask {
        Ask::Call => 0,
        Ask::Rob => 1,
        Ask::Double => 2,
        Ask::Show => 3,
    }
}

/// What the centre says.
fn message(t: &Strings, frame: &Frame, deal: &DealView, places: Places) -> String {
    let name = |chair: Chair| {
        frame.chairs[chair.index()]
            .as_ref()
            .map_or(t.table.empty_chair.to_string(), |s| s.name.clone())
    };
    match (deal.phase, deal.to_act) {
        (Phase::Redeal, _) => t.table.redeal.to_string(),
        (Phase::Over, _) => deal
            .result
            .map_or(String::new(), |r| (t.play.went_out)(&name(r.winner))),
        (Phase::Bidding, Some(c)) if c == places.bottom && frame.viewer() != Viewer::Spectator => {
            t.play.your_bid.to_string()
        }
        (Phase::Bidding, Some(c)) => (t.play.waiting_bid)(&name(c)),
        (Phase::Playing, Some(c)) if c == places.bottom && frame.viewer() != Viewer::Spectator => {
            t.play.your_lead.to_string()
        }
        (Phase::Playing, Some(c)) => (t.play.waiting_play)(&name(c)),
        _ => String::new(),
    }
}

/// The viewer's place: their hand, and the buttons of their turn.
fn mine(
    t: &'static Strings,
    frame: &Frame,
    deal: &DealView,
    chair: Chair,
    selected: &UseStateHandle<Faces>,
    send: &Callback<ClientMessage>,
    seconds: Option<u64>,
) -> Html {
    let hand_cards = deal.hand.unwrap_or_default();
    let hand = Faces::plain(&[hand_cards])[0];
    let my_turn = deal.to_act == Some(chair);
    let role = deal.seat_of(chair);
    let auto = frame.chairs[chair.index()].as_ref().is_some_and(|s| s.auto);
    let actions = mine_actions(t, frame, deal, chair, **selected, send, seconds);
    let on_toggle = {
        let selected = selected.clone();
        Callback::from(move |(face, on): (Face, Option<bool>)| {
            let now = *selected;
            let one = Faces::of([face]);
            let pick = on.unwrap_or(!now.contains(face));
            selected.set(if pick { now.union(one) } else { now.minus(one) });
        })
    };
    html! {
        <section class={ classes!("seat", "me", my_turn.then_some("turn")) } data-chair={ chair.to_string() } data-seat={ role.map(|r| r.name()).unwrap_or("") }>
            <div class="me-line">
                <span class="name">{ frame.chairs[chair.index()].as_ref().map(|s| s.name.clone()).unwrap_or_default() }</span>
                if let Some(role) = role {
                    <span class={ classes!("role", (role == Seat::Landlord).then_some("landlord")) }>{ crate::components::table::view::role_name(t, role) }</span>
                }
                if auto { <span class="badge auto" data-auto="true">{ t.table.auto }</span> }
                <span class="count">{ (t.play.cards_left)(hand_cards.len()) }</span>
            </div>
            { actions }
            <TapHand {hand} selected={ if my_turn { **selected } else { Faces::EMPTY } } selectable={ my_turn && deal.phase == Phase::Playing && !auto } marked={ Faces::EMPTY } {on_toggle} id={ AttrValue::Static("table-hand") } />
        </section>
    }
}

/// The buttons of the viewer's turn (or of the deal's end, or of taking
/// over from the robot), by what the deal asks of them now.
fn mine_actions(
    t: &'static Strings,
    frame: &Frame,
    deal: &DealView,
    chair: Chair,
    selected: Faces,
    send: &Callback<ClientMessage>,
    seconds: Option<u64>,
) -> Html {
    let my_turn = deal.to_act == Some(chair);
    let auto = frame.chairs[chair.index()].as_ref().is_some_and(|s| s.auto);
    let act = |action: Action| {
        let (send, frame) = (send.clone(), frame.clone());
        Callback::from(move |_: MouseEvent| send.emit(ClientMessage::act(&frame, action)))
    };
    let beat = to_beat(deal);
    let verdict = selection_against(beat, selected.cards());
    match deal.phase {
        _ if auto => html! {
            <div class="actions" id="table-actions" data-for="auto">
                <button type="button" class="primary" id="table-take-over" onclick={ { let s = send.clone(); Callback::from(move |_: MouseEvent| s.emit(ClientMessage::Takeover)) } }>{ t.table.take_over }</button>
            </div>
        },
        _ if my_turn && deal.asks.is_some() => {
            let ask = deal.asks.unwrap_or(Ask::Call);
            let words = t.table.answers[ask_index(ask)];
            html! {
                <div class="actions" id="table-actions" data-for={ ask.name() }>
                    <button type="button" id="table-no" onclick={ act(Action::Say(ask, false)) }>{ words[1] }</button>
                    <button type="button" class="primary" id="table-yes" onclick={ act(Action::Say(ask, true)) }>{ words[0] }</button>
                    { for seconds.map(board::my_clock) }
                </div>
            }
        }
        Phase::Bidding if my_turn => {
            let highest = deal.bids.iter().map(|(_, b)| *b).max().unwrap_or(Bid::Pass);
            html! {
                <div class="actions" id="table-actions" data-for="bid">
                    { for Bid::ALL.into_iter().map(|bid| {
                        let label = match bid { Bid::Pass => t.play.no_bid.to_string(), b => (t.play.bid_button)(b.points()) };
                        html! { <button type="button" class={ classes!("bid", (bid != Bid::Pass).then_some("primary")) } data-bid={ bid.name() }
                            disabled={ bid != Bid::Pass && bid <= highest } onclick={ act(Action::Bid(bid)) }>{ label }</button> }
                    }) }
                    { for seconds.map(board::my_clock) }
                </div>
            }
        }
        Phase::Playing if my_turn => {
            let play = match &verdict {
                Selection::Plays(plays) => Some(plays[0]),
                _ => None,
            };
            html! {
                <div class="actions" id="table-actions" data-for="play">
                    <button type="button" id="table-pass" disabled={ beat.is_none() } onclick={ act(Action::Play(Move::Pass)) }>{ t.play.pass }</button>
                    if let Some(p) = play {
                        <button type="button" class="primary" id="table-play" onclick={ act(Action::Play(Move::Play(p))) }>{ t.play.play }</button>
                    } else {
                        <button type="button" class="primary" id="table-play" disabled=true>{ t.play.play }</button>
                    }
                    { for seconds.map(board::my_clock) }
                </div>
            }
        }
        Phase::Over | Phase::Redeal if frame.duplicate.as_ref().is_some_and(|d| deal.number >= d.boards) => html! {
            <div class="actions" id="table-actions" data-for="done">
                <span class="note">{ t.duplicate.last_board }</span>
                <a class="button primary" id="table-standings" href={ frame.duplicate.as_ref().map(|d| crate::route::Route::Duplicate(d.id.clone()).to_hash()) }>{ t.duplicate.standings_link }</a>
            </div>
        },
        Phase::Over | Phase::Redeal => html! {
            <div class="actions" id="table-actions" data-for="over">
                <button type="button" class="primary" id="table-next" onclick={ { let s = send.clone(); Callback::from(move |_: MouseEvent| s.emit(ClientMessage::Next)) } }>{ t.table.next_deal }</button>
            </div>
        },
        _ => html! { <div class="actions" id="table-actions" data-for="wait" /> },
    }
}

/// Each chair's running score.
fn scores(t: &Strings, frame: &Frame) -> Html {
    html! {
        <ol class="table-scores" id="table-scores" aria-label={ t.table.scores } data-rules={ frame.rules().name() }>
            <li class="rules">{ t.table.rules[match frame.rules() { engine::table::Rules::Tournament => 0, engine::table::Rules::Casual => 1 }] }</li>
            { for Chair::ALL.into_iter().map(|c| {
                let name = frame.chairs[c.index()].as_ref().map_or(t.table.empty_chair.to_string(), |s| s.name.clone());
                html! { <li data-chair={ c.to_string() }>{ name }{ ": " }<b>{ frame.view.scores[c.index()] }</b></li> }
            }) }
        </ol>
    }
}

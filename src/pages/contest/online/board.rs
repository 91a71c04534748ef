//! A board of an online event at the Play page's table: the board comes
//! from the server (the entrant's hand, the counts, the bottom cards, every
//! move), the entrant's move is sent with the ply it answers, and the AI's
//! replies come back in the answer. The table's pieces are the Play page's
//! (its hand, seats, centre and buttons); which plays the selection makes
//! is the engine's, on what this seat may know (`SeatView`).

use engine::{Cards, Move, Play, Seat, SeatView, Turn};
use yew::prelude::*;

use super::views::{BoardView, EventView};
use super::{entry_key, link, public_event, use_fetch};
use crate::api::{self, ApiError};
use crate::components::card::Hand as CardHand;
use crate::components::table::view::{self, SeatShown, SlotMarks};
use crate::components::table::TapHand;
use crate::game::model::{selection_against, Chair, FacedTurn, Selection};
use crate::i18n::{use_strings, Strings};
use crate::pages::contest::words;
use crate::suits::{Face, Faces};

#[derive(Properties, PartialEq)]
pub struct OnlineBoardProps {
    pub id: AttrValue,
    pub number: u8,
}

/// The chair a seat sits in, seen from the entrant's seat `me` (turn order
/// me → right (下家) → left (上家), as landlord → farmer 1 → farmer 2).
fn chair(me: Seat, seat: Seat) -> Chair {
    Chair::ALL[(seat.index() + 3 - me.index()) % 3]
}

/// The moves as the engine's turns (`None` if the server wrote one the
/// engine cannot read).
fn turns(board: &BoardView) -> Option<Vec<Turn>> {
    board
        .plays
        .iter()
        .map(|p| Move::parse(&p.mv).ok().map(|mv| Turn { seat: p.seat, mv }))
        .collect()
}

/// The first move of the trick on the table: the move after the last two
/// passes in a row, unless nothing has followed them yet (the trick just
/// taken stays on the table until the next lead).
fn trick_start(record: &[Turn]) -> usize {
    let (mut start, mut passes) = (0, 0);
    for (i, turn) in record.iter().enumerate() {
        if turn.mv == Move::Pass {
            passes += 1;
            if passes == 2 && i + 1 < record.len() {
                start = i + 1;
            }
        } else {
            passes = 0;
        }
    }
    start
}

fn faces(cards: Cards) -> Faces {
    Faces::plain(&[cards]).first().copied().unwrap_or(Faces::EMPTY)
}

/// The board on this page and what the entrant is doing with it.
#[derive(Clone)]
struct EntrantBoard {
    /// The board: fetched when the page opens, then replaced by each
    /// move's answer (or fetched again when the board moved on elsewhere).
    board: UseStateHandle<Option<Result<BoardView, ApiError>>>,
    /// Bumped to fetch the board again.
    round: UseStateHandle<u32>,
    selected: UseStateHandle<Faces>,
    /// The readings of the selection the entrant chooses between.
    choosing: UseStateHandle<Vec<Play>>,
    sending: UseStateHandle<bool>,
    notice: UseStateHandle<Option<String>>,
}

/// The board, fetched with the entry key whenever the round is bumped,
/// and the entrant's selection, readings, sending and notice.
#[hook]
fn use_entrant_board(id: &str, number: u8, key: Option<String>) -> EntrantBoard {
    let board = use_state(|| None::<Result<BoardView, ApiError>>);
    let round = use_state(|| 0u32);
    {
        let (board, id) = (board.clone(), id.to_string());
        use_effect_with(*round, move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                let Some(key) = key else { return };
                let path = format!("events/{id}/entry/boards/{number}");
                board.set(Some(api::call("GET", &path, Some(&key), None).await));
            });
        });
    }
    EntrantBoard {
        board,
        round,
        selected: use_state(|| Faces::EMPTY),
        choosing: use_state(Vec::<Play>::new),
        sending: use_state(|| false),
        notice: use_state(|| None::<String>),
    }
}

/// Where the board stands for the entrant: their hand, the moves, whether
/// it is their turn, what they may play and what their selection makes.
struct SeatReading {
    me: Seat,
    hand: Cards,
    bottom: Cards,
    record: Vec<Turn>,
    my_turn: bool,
    to_beat: Option<Play>,
    legal: Vec<Move>,
    can_beat: bool,
    hand_faces: Faces,
    picked: Faces,
    verdict: Selection,
}

/// The board read by the engine from the entrant's seat.
fn reading(bv: &BoardView, selected: Faces, sending: bool) -> SeatReading {
    let me = bv.seat;
    let hand: Cards = bv.hand.parse().unwrap_or_default();
    let bottom: Cards = bv.bottom.parse().unwrap_or_default();
    let record = turns(bv).unwrap_or_default();
    let seat_view = SeatView::from_record(me, 3, hand, Some(bottom), &record, bv.counts).ok();
    let my_turn = !bv.over && bv.to_move == Some(me) && !sending && seat_view.is_some();
    let to_beat = seat_view.as_ref().and_then(|v| v.to_beat()).map(|(_, p)| p);
    let mut legal = vec![];
    if let Some(v) = &seat_view {
        v.legal_moves(&mut legal);
    }
    let can_beat = legal.iter().any(|m| m.play().is_some());
    let hand_faces = faces(hand);
    let picked = if my_turn {
        selected.intersection(hand_faces)
    } else {
        Faces::EMPTY
    };
    let verdict = if my_turn {
        selection_against(to_beat, picked.cards())
    } else {
        Selection::Empty
    };
    SeatReading {
        me,
        hand,
        bottom,
        record,
        my_turn,
        to_beat,
        legal,
        can_beat,
        hand_faces,
        picked,
        verdict,
    }
}

/// Sends a move with the ply it answers; the answer is the board after
/// it and the AI's replies.
fn sender(
    t: &'static Strings,
    state: &EntrantBoard,
    id: &str,
    number: u8,
    key: String,
    ply: usize,
    legal: Vec<Move>,
) -> Callback<Move> {
    let (board, round, sending, notice, selected, choosing, id) = (
        state.board.clone(),
        state.round.clone(),
        state.sending.clone(),
        state.notice.clone(),
        state.selected.clone(),
        state.choosing.clone(),
        id.to_string(),
    );
    Callback::from(move |mv: Move| {
        if *sending || !legal.contains(&mv) {
            return;
        }
        sending.set(true);
        notice.set(None);
        choosing.set(Vec::new());
        let (board, round, sending, notice, selected, id, key) = (
            board.clone(),
            round.clone(),
            sending.clone(),
            notice.clone(),
            selected.clone(),
            id.clone(),
            key.clone(),
        );
        wasm_bindgen_futures::spawn_local(async move {
            let body = format!("{{\"ply\":{ply},\"move\":{}}}", api::quoted(&mv.to_string()));
            let path = format!("events/{id}/entry/boards/{number}/moves");
            let answer = api::call::<BoardView>("POST", &path, Some(&key), Some(body)).await;
            sending.set(false);
            match answer {
                Ok(b) => {
                    selected.set(Faces::EMPTY);
                    board.set(Some(Ok(b)));
                }
                Err(e) => {
                    notice.set(Some(t.api_error(&e)));
                    if e.code == "stale-ply" {
                        selected.set(Faces::EMPTY);
                        round.set(*round + 1);
                    }
                }
            }
        });
    })
}

/// A tap on a card of the hand, on the entrant's turn: the card in or out
/// of the selection (and the readings asked again).
fn on_toggle(state: &EntrantBoard, my_turn: bool, hand_faces: Faces) -> Callback<(Face, Option<bool>)> {
    let (selected, choosing) = (state.selected.clone(), state.choosing.clone());
    Callback::from(move |(face, to): (Face, Option<bool>)| {
        if !my_turn || !hand_faces.contains(face) {
            return;
        }
        let on = selected.contains(face);
        if to.unwrap_or(!on) != on {
            selected.set(selected.toggle(face));
            choosing.set(Vec::new());
        }
    })
}

/// The page when the board cannot be played here, with the way back.
fn refused(t: &Strings, why: String, back: &str) -> Html {
    html! {
        <main id="main" class="page contest-page">
            <p class="error" id="online-board-error" role="alert">{ why }</p>
            <p><a href={ back.to_string() }>{ t.contest.back_event }</a></p>
        </main>
    }
}

/// The cards each seat was dealt, once the server shows them.
fn dealt(bv: &BoardView) -> Option<[Cards; 3]> {
    bv.hands
        .as_ref()
        .map(|h| [&h.landlord, &h.farmer1, &h.farmer2].map(|c| c.parse::<Cards>().unwrap_or_default()))
}

/// An opponent's seat as the table shows it: its count, whether it is to
/// move or thinking, and at the end what is left of its hand.
fn shown(pos: &SeatReading, bv: &BoardView, dealt: Option<[Cards; 3]>, sending: bool, seat: Seat) -> SeatShown {
    let played_by = |seat: Seat| {
        pos.record
            .iter()
            .filter(|t| t.seat == seat)
            .fold(Cards::EMPTY, |all, t| all.checked_add(t.mv.cards()).unwrap_or(all))
    };
    let open = dealt.map(|d| {
        let dealt = d[seat.index()];
        // What is left of the hand: the dealt cards (the landlord's
        // with the bottom cards) less its plays.
        let full = if seat == Seat::Landlord && !pos.bottom.is_empty() && dealt.len() == 17 {
            dealt.checked_add(pos.bottom).unwrap_or(dealt)
        } else {
            dealt
        };
        faces(full.checked_sub(played_by(seat)).unwrap_or_default())
    });
    SeatShown {
        chair: chair(pos.me, seat),
        role: Some(seat),
        count: u32::from(bv.counts[seat.index()]),
        turn: !bv.over && bv.to_move == Some(seat),
        thinking: sending && bv.to_move != Some(seat),
        clock: None,
        open,
    }
}

/// The trick on the table, by chair: each move with its place in the record.
fn trick(record: &[Turn], me: Seat) -> [Option<(usize, FacedTurn)>; 3] {
    let mut trick: [Option<(usize, FacedTurn)>; 3] = [None; 3];
    for (i, turn) in record.iter().enumerate().skip(trick_start(record)) {
        let faced = FacedTurn {
            seat: turn.seat,
            mv: turn.mv,
            faces: faces(turn.mv.cards()),
        };
        trick[chair(me, turn.seat).index()] = Some((i + 1, faced));
    }
    trick
}

/// A chair's place in the centre, with its move of the trick (the last
/// move marked fresh).
fn slot(t: &Strings, trick: &[Option<(usize, FacedTurn)>; 3], moves: usize, c: Chair) -> Html {
    let (index, turn) = trick[c.index()].map_or((0, None), |(i, turn)| (i, Some(turn)));
    let last = turn.is_some() && index == moves;
    view::slot(
        t,
        c,
        turn,
        None,
        index,
        SlotMarks {
            fresh: last,
            last,
            taken: false,
        },
    )
}

/// The table's message: the entrant to lead or to follow, or their move
/// being sent.
fn message(t: &Strings, pos: &SeatReading, over: bool, sending: bool) -> String {
    if over {
        String::new()
    } else if pos.my_turn {
        match pos.to_beat {
            None => t.play.your_lead.to_string(),
            Some(p) => {
                let by = pos
                    .record
                    .iter()
                    .rev()
                    .find(|t| t.mv != Move::Pass)
                    .map_or(Chair::Left, |t| chair(pos.me, t.seat));
                (t.play.your_follow)(view::chair_name(t, by), &t.play_words(p))
            }
        }
    } else if sending {
        t.online.sending.to_string()
    } else {
        String::new()
    }
}

/// Why the selection cannot be played, when it cannot.
fn explanation(t: &Strings, verdict: &Selection) -> Option<String> {
    match verdict {
        Selection::NotACombination => Some(t.play.not_a_combination.to_string()),
        Selection::DoesNotBeat(target) => Some((t.play.does_not_beat)(&t.play_words(*target))),
        _ => None,
    }
}

/// The cards the entrant has not seen: the deck less their hand and every
/// card played.
fn unseen(hand: Cards, record: &[Turn]) -> Cards {
    Cards::DECK
        .checked_sub(hand)
        .and_then(|rest| {
            rest.checked_sub(
                record
                    .iter()
                    .fold(Cards::EMPTY, |a, t| a.checked_add(t.mv.cards()).unwrap_or(a)),
            )
        })
        .unwrap_or_default()
}

/// The bar above the table: the board's chip back to the event, and the
/// bottom cards.
fn play_bar(t: &Strings, back: &str, number: u8, boards: Option<u8>, bottom: Cards) -> Html {
    html! {
        <div class="play-bar">
            <a class="chip" id="play-contest-chip" href={ back.to_string() }>
                { match boards { Some(n) => (t.contest.board_of)(number, n), None => number.to_string() } }
            </a>
            <div class="bottom-cards open" id="play-bottom" data-cards={ bottom.to_string() }>
                <span class="label">{ t.play.bottom }</span>
                <CardHand cards={bottom} faces={ Some(faces(bottom)) } label={ t.play.bottom } />
            </div>
        </div>
    }
}

/// What the table says: the message, why the selection cannot be played,
/// and the readings to choose between.
fn say(t: &Strings, pos: &SeatReading, message: String, choosing: &[Play], send: &Callback<Move>) -> Html {
    let readings = choosing.iter().map(|&p| {
        let send = send.clone();
        html! { <button type="button" class="reading" onclick={ Callback::from(move |_: MouseEvent| send.emit(Move::Play(p))) }>{ t.play_words(p) }</button> }
    });
    html! {
        <div class="say" role="status">
            <p class="table-message" id="play-message" aria-live="polite">{ message }</p>
            if let Some(why) = explanation(t, &pos.verdict) { <p class="error" id="play-why">{ why }</p> }
            if !choosing.is_empty() {
                <p class="readings" id="play-readings">{ t.play.which_reading }{ " " }{ for readings }</p>
            }
        </div>
    }
}

/// The buttons under the entrant's hand: pass and play on their turn, the
/// next board once the board is over.
fn actions(
    t: &Strings,
    pos: &SeatReading,
    state: &EntrantBoard,
    send: &Callback<Move>,
    over: bool,
    next: Html,
) -> Html {
    let on_play = {
        let (send, choosing, verdict) = (send.clone(), state.choosing.clone(), pos.verdict.clone());
        Callback::from(move |_: MouseEvent| match &verdict {
            Selection::Plays(plays) if plays.len() == 1 => send.emit(Move::Play(plays[0])),
            Selection::Plays(plays) => choosing.set(plays.clone()),
            _ => {}
        })
    };
    let can_pass = pos.my_turn && pos.to_beat.is_some();
    let on_pass = {
        let send = send.clone();
        Callback::from(move |_: MouseEvent| send.emit(Move::Pass))
    };
    let playable = matches!(pos.verdict, Selection::Plays(_));
    if pos.my_turn {
        html! {
            <div class="actions" id="play-actions" data-for="play">
                <button type="button" id="play-pass" class={ classes!((!pos.can_beat && can_pass).then_some("primary")) } disabled={ !can_pass } onclick={on_pass}>
                    { if pos.can_beat || pos.to_beat.is_none() { t.play.pass } else { t.play.cannot_beat } }
                </button>
                <button type="button" id="play-play" class="primary" disabled={ !playable } onclick={on_play}>{ t.play.play }</button>
            </div>
        }
    } else if over {
        html! { <div class="actions" id="play-actions" data-for="over">{ next }</div> }
    } else {
        html! { <div class="actions" id="play-actions" data-for="wait"></div> }
    }
}

/// The entrant's own seat: their role and count, the buttons, their hand.
fn my_seat(t: &Strings, pos: &SeatReading, actions: Html, on_toggle: Callback<(Face, Option<bool>)>) -> Html {
    let me = pos.me;
    html! {
        <section class={ classes!("seat", "me", pos.my_turn.then_some("turn")) } data-chair="me" data-seat={ me.name() }>
            <div class="me-line">
                <span class="name">{ t.play.me }</span>
                <span class={ classes!("role", (me == Seat::Landlord).then_some("landlord")) }>{ view::role_name(t, me) }</span>
                <span class="count">{ (t.play.cards_left)(pos.hand.len()) }</span>
                if pos.my_turn {
                    <span class="turn-note" id="play-your-turn">{ if pos.to_beat.is_none() { t.play.your_lead } else { "" } }</span>
                }
            </div>
            { actions }
            <TapHand hand={ pos.hand_faces } selected={ pos.picked } selectable={ pos.my_turn } marked={ Faces::EMPTY } {on_toggle} />
        </section>
    }
}

/// A board of the event at the table, for the entrant whose key this
/// browser keeps.
#[component]
pub fn OnlineBoard(props: &OnlineBoardProps) -> Html {
    let t = use_strings();
    let id = props.id.to_string();
    let number = props.number;
    let key = entry_key(&id);
    let event = use_fetch(id.clone(), |id| async move {
        api::call::<EventView>("GET", &format!("events/{id}"), None, None).await
    });
    let state = use_entrant_board(&id, number, key.clone());
    let back = link(&id, None, None);
    if key.is_none() {
        return refused(t, t.contest.not_entered.to_string(), &back);
    }
    let bv = match &*state.board {
        None => {
            return html! { <main id="main" class="page contest-page"><p id="online-loading">{ t.online.loading }</p></main> }
        }
        Some(Err(e)) => return refused(t, t.api_error(e), &back),
        Some(Ok(b)) => b.clone(),
    };
    let sending = *state.sending;
    let pos = reading(&bv, *state.selected, sending);
    let send = sender(
        t,
        &state,
        &id,
        number,
        key.clone().unwrap_or_default(),
        bv.ply,
        pos.legal.clone(),
    );
    let on_toggle = on_toggle(&state, pos.my_turn, pos.hand_faces);

    let event_view = match &*event {
        Some(Ok(v)) => Some(v.clone()),
        _ => None,
    };
    let boards = event_view.as_ref().and_then(public_event).map(|e| e.boards());
    let counter = event_view
        .as_ref()
        .and_then(public_event)
        .is_some_and(|e| e.aids().counter);

    // --- The table ---------------------------------------------------------
    let over = bv.over;
    let dealt = dealt(&bv);
    let me = pos.me;
    let (right, left) = (Seat::ALL[(me.index() + 1) % 3], Seat::ALL[(me.index() + 2) % 3]);
    let trick = trick(&pos.record, me);
    let moves = pos.record.len();
    let message = message(t, &pos, over, sending);
    let next = next_button(t, &id, number, boards, "play-next");
    let actions = actions(t, &pos, &state, &send, over, next);
    let title = event_view.as_ref().map(|v| super::title(t, v)).unwrap_or_default();
    html! {
        <main id="main" class="page play-page online-board" data-mode="tournament" data-online={ id.clone() }
            data-board={ number.to_string() } data-ply={ bv.ply.to_string() } data-over={ over.to_string() }>
            <h1 class="visually-hidden">{ title }</h1>
            { play_bar(t, &back, number, boards, pos.bottom) }
            if counter { { view::counter(t, unseen(pos.hand, &pos.record)) } }
            <p class="notice online-final" id="online-final-note">{ t.online.final_moves }</p>
            if let Some(n) = &*state.notice { <p class="notice" id="online-notice" role="alert">{ n.clone() }</p> }
            <div class={ classes!("table", over.then_some("open")) } data-phase={ if over { "over" } else { "playing" } }>
                { view::opponent(t, &shown(&pos, &bv, dealt, sending, left)) }
                <div class="centre">
                    { slot(t, &trick, moves, Chair::Left) }
                    { slot(t, &trick, moves, Chair::Right) }
                    { say(t, &pos, message, &state.choosing, &send) }
                    { slot(t, &trick, moves, Chair::Me) }
                </div>
                { view::opponent(t, &shown(&pos, &bv, dealt, sending, right)) }
                { my_seat(t, &pos, actions, on_toggle) }
            </div>
            if over { { end_panel(t, &id, &bv, dealt, boards) } }
        </main>
    }
}

/// The next board, or after the last the event's page.
fn next_button(t: &Strings, id: &str, number: u8, boards: Option<u8>, button: &'static str) -> Html {
    match boards {
        Some(n) if number < n => html! {
            <a class="button primary" id={button} href={ link(id, Some(number + 1), None) }>{ t.contest.next_board }</a>
        },
        _ => {
            html! { <a class="button primary" id={button} href={ link(id, None, None) }>{ t.contest.see_result }</a> }
        }
    }
}

/// The end of a board: its score, the three hands, the field when the
/// event shows it after each board, and the next board.
fn end_panel(t: &Strings, id: &str, bv: &BoardView, dealt: Option<[Cards; 3]>, boards: Option<u8>) -> Html {
    let score = bv.score.unwrap_or_default();
    let field = bv.field.map(|f| (t.online.field)(f.mean, f.n));
    let hands = dealt.map(|d| {
        html! {
            <div class="online-hands" id="online-hands">
                <h3>{ t.online.hands }</h3>
                { for Seat::ALL.iter().map(|&s| html! {
                    <div class="online-hand" data-seat={ s.name() } data-cards={ d[s.index()].to_string() }>
                        <span class="label">{ words::seat(t, s) }</span>
                        <CardHand cards={ d[s.index()] } faces={ Some(faces(d[s.index()])) } held=true label={ words::seat(t, s) } />
                    </div>
                }) }
            </div>
        }
    });
    html! {
        <div class={ classes!("end", "contest-end", if score > 0 { "won" } else { "lost" }) } id="play-end" role="dialog" aria-labelledby="play-outcome"
            data-score={ score.to_string() }>
            <h2 id="play-outcome">{ (t.contest.board_score)(bv.number, score) }</h2>
            if let Some(n) = boards {
                <p class="note">{ (t.contest.board_line)(bv.number, n, words::seat(t, bv.seat)) }</p>
            }
            { for hands }
            if let Some(field) = field { <p id="online-field">{ field }</p> }
            <div class="end-actions">{ next_button(t, id, bv.number, boards, "online-next") }</div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_sit_in_turn_order_from_the_entrant() {
        assert_eq!(chair(Seat::Landlord, Seat::Farmer1), Chair::Right);
        assert_eq!(chair(Seat::Landlord, Seat::Farmer2), Chair::Left);
        assert_eq!(chair(Seat::Farmer1, Seat::Farmer2), Chair::Right);
        assert_eq!(chair(Seat::Farmer1, Seat::Landlord), Chair::Left);
        assert_eq!(chair(Seat::Farmer2, Seat::Farmer2), Chair::Me);
    }

    #[test]
    fn the_trick_on_the_table_starts_after_two_passes_once_someone_leads() {
        let turn = |seat, mv: &str| Turn {
            seat,
            mv: Move::parse(mv).unwrap(),
        };
        let (l, f1, f2) = (Seat::Landlord, Seat::Farmer1, Seat::Farmer2);
        let record = vec![turn(l, "3"), turn(f1, "pass"), turn(f2, "pass")];
        assert_eq!(trick_start(&record), 0);
        let mut record = record;
        record.push(turn(l, "4"));
        assert_eq!(trick_start(&record), 3);
        record.push(turn(f1, "5"));
        assert_eq!(trick_start(&record), 3);
    }
}

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
use crate::suits::Faces;

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

#[component]
pub fn OnlineBoard(props: &OnlineBoardProps) -> Html {
    let t = use_strings();
    let id = props.id.to_string();
    let number = props.number;
    let key = entry_key(&id);
    let event = use_fetch(id.clone(), |id| async move {
        api::call::<EventView>("GET", &format!("events/{id}"), None, None).await
    });
    // The board: fetched when the page opens, then replaced by each
    // move's answer (or fetched again when the board moved on elsewhere).
    let board = use_state(|| None::<Result<BoardView, ApiError>>);
    let round = use_state(|| 0u32);
    {
        let (board, key, id) = (board.clone(), key.clone(), id.clone());
        use_effect_with(*round, move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                let Some(key) = key else { return };
                let path = format!("events/{id}/entry/boards/{number}");
                board.set(Some(api::call("GET", &path, Some(&key), None).await));
            });
        });
    }
    let selected = use_state(|| Faces::EMPTY);
    let choosing = use_state(Vec::<Play>::new);
    let sending = use_state(|| false);
    let notice = use_state(|| None::<String>);
    let back = link(&id, None, None);
    let refuse = |why: String| {
        html! {
            <main id="main" class="page contest-page">
                <p class="error" id="online-board-error" role="alert">{ why }</p>
                <p><a href={ back.clone() }>{ t.contest.back_event }</a></p>
            </main>
        }
    };
    if key.is_none() {
        return refuse(t.contest.not_entered.to_string());
    }
    let bv = match &*board {
        None => {
            return html! { <main id="main" class="page contest-page"><p id="online-loading">{ t.online.loading }</p></main> }
        }
        Some(Err(e)) => return refuse(t.api_error(e)),
        Some(Ok(b)) => b.clone(),
    };
    let me = bv.seat;
    let hand: Cards = bv.hand.parse().unwrap_or_default();
    let bottom: Cards = bv.bottom.parse().unwrap_or_default();
    let record = turns(&bv).unwrap_or_default();
    let seat_view = SeatView::from_record(me, 3, hand, Some(bottom), &record, bv.counts).ok();
    let my_turn = !bv.over && bv.to_move == Some(me) && !*sending && seat_view.is_some();
    let to_beat = seat_view.as_ref().and_then(|v| v.to_beat()).map(|(_, p)| p);
    let mut legal = vec![];
    if let Some(v) = &seat_view {
        v.legal_moves(&mut legal);
    }
    let can_beat = legal.iter().any(|m| m.play().is_some());
    let hand_faces = faces(hand);
    let picked = if my_turn {
        (*selected).intersection(hand_faces)
    } else {
        Faces::EMPTY
    };
    let verdict = if my_turn {
        selection_against(to_beat, picked.cards())
    } else {
        Selection::Empty
    };

    // Sends a move with the ply it answers; the answer is the board after
    // it and the AI's replies.
    let send = {
        let (board, round, sending, notice, selected, choosing, id, key) = (
            board.clone(),
            round.clone(),
            sending.clone(),
            notice.clone(),
            selected.clone(),
            choosing.clone(),
            id.clone(),
            key.clone().unwrap_or_default(),
        );
        let ply = bv.ply;
        let legal = legal.clone();
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
    };
    let on_play = {
        let (send, choosing, verdict) = (send.clone(), choosing.clone(), verdict.clone());
        Callback::from(move |_: MouseEvent| match &verdict {
            Selection::Plays(plays) if plays.len() == 1 => send.emit(Move::Play(plays[0])),
            Selection::Plays(plays) => choosing.set(plays.clone()),
            _ => {}
        })
    };
    let can_pass = my_turn && to_beat.is_some();
    let on_pass = {
        let send = send.clone();
        Callback::from(move |_: MouseEvent| send.emit(Move::Pass))
    };
    let on_toggle = {
        let (selected, choosing) = (selected.clone(), choosing.clone());
        Callback::from(move |(face, to): (crate::suits::Face, Option<bool>)| {
            if !my_turn || !hand_faces.contains(face) {
                return;
            }
            let on = selected.contains(face);
            if to.unwrap_or(!on) != on {
                selected.set(selected.toggle(face));
                choosing.set(Vec::new());
            }
        })
    };

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
    let dealt = bv
        .hands
        .as_ref()
        .map(|h| [&h.landlord, &h.farmer1, &h.farmer2].map(|c| c.parse::<Cards>().unwrap_or_default()));
    let played_by = |seat: Seat| {
        record
            .iter()
            .filter(|t| t.seat == seat)
            .fold(Cards::EMPTY, |all, t| all.checked_add(t.mv.cards()).unwrap_or(all))
    };
    let shown = |seat: Seat| {
        let open = dealt.map(|d| {
            let dealt = d[seat.index()];
            // What is left of the hand: the dealt cards (the landlord's
            // with the bottom cards) less its plays.
            let full = if seat == Seat::Landlord && !bottom.is_empty() && dealt.len() == 17 {
                dealt.checked_add(bottom).unwrap_or(dealt)
            } else {
                dealt
            };
            faces(full.checked_sub(played_by(seat)).unwrap_or_default())
        });
        SeatShown {
            chair: chair(me, seat),
            role: Some(seat),
            count: u32::from(bv.counts[seat.index()]),
            turn: !over && bv.to_move == Some(seat),
            thinking: *sending && bv.to_move != Some(seat),
            clock: None,
            open,
        }
    };
    let (right, left) = (Seat::ALL[(me.index() + 1) % 3], Seat::ALL[(me.index() + 2) % 3]);
    let start = trick_start(&record);
    let mut trick: [Option<(usize, FacedTurn)>; 3] = [None; 3];
    for (i, turn) in record.iter().enumerate().skip(start) {
        let faced = FacedTurn {
            seat: turn.seat,
            mv: turn.mv,
            faces: faces(turn.mv.cards()),
        };
        trick[chair(me, turn.seat).index()] = Some((i + 1, faced));
    }
    let slot = |c: Chair| {
        let (index, turn) = trick[c.index()].map_or((0, None), |(i, turn)| (i, Some(turn)));
        let last = turn.is_some() && index == record.len();
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
    };
    let message = if over {
        String::new()
    } else if my_turn {
        match to_beat {
            None => t.play.your_lead.to_string(),
            Some(p) => {
                let by = record
                    .iter()
                    .rev()
                    .find(|t| t.mv != Move::Pass)
                    .map_or(Chair::Left, |t| chair(me, t.seat));
                (t.play.your_follow)(view::chair_name(t, by), &t.play_words(p))
            }
        }
    } else if *sending {
        t.online.sending.to_string()
    } else {
        String::new()
    };
    let explanation = match &verdict {
        Selection::NotACombination => Some(t.play.not_a_combination.to_string()),
        Selection::DoesNotBeat(target) => Some((t.play.does_not_beat)(&t.play_words(*target))),
        _ => None,
    };
    let readings = choosing.iter().map(|&p| {
        let send = send.clone();
        html! { <button type="button" class="reading" onclick={ Callback::from(move |_: MouseEvent| send.emit(Move::Play(p))) }>{ t.play_words(p) }</button> }
    });
    let playable = matches!(verdict, Selection::Plays(_));
    let actions = if my_turn {
        html! {
            <div class="actions" id="play-actions" data-for="play">
                <button type="button" id="play-pass" class={ classes!((!can_beat && can_pass).then_some("primary")) } disabled={ !can_pass } onclick={on_pass}>
                    { if can_beat || to_beat.is_none() { t.play.pass } else { t.play.cannot_beat } }
                </button>
                <button type="button" id="play-play" class="primary" disabled={ !playable } onclick={on_play}>{ t.play.play }</button>
            </div>
        }
    } else if over {
        html! { <div class="actions" id="play-actions" data-for="over">{ next_button(t, &id, number, boards, "play-next") }</div> }
    } else {
        html! { <div class="actions" id="play-actions" data-for="wait"></div> }
    };
    let unseen = Cards::DECK
        .checked_sub(hand)
        .and_then(|rest| {
            rest.checked_sub(
                record
                    .iter()
                    .fold(Cards::EMPTY, |a, t| a.checked_add(t.mv.cards()).unwrap_or(a)),
            )
        })
        .unwrap_or_default();
    let title = event_view.as_ref().map(|v| super::title(t, v)).unwrap_or_default();
    html! {
        <main id="main" class="page play-page online-board" data-mode="tournament" data-online={ id.clone() }
            data-board={ number.to_string() } data-ply={ bv.ply.to_string() } data-over={ over.to_string() }>
            <h1 class="visually-hidden">{ title }</h1>
            <div class="play-bar">
                <a class="chip" id="play-contest-chip" href={ back.clone() }>
                    { match boards { Some(n) => (t.contest.board_of)(number, n), None => number.to_string() } }
                </a>
                <div class="bottom-cards open" id="play-bottom" data-cards={ bottom.to_string() }>
                    <span class="label">{ t.play.bottom }</span>
                    <CardHand cards={bottom} faces={ Some(faces(bottom)) } label={ t.play.bottom } />
                </div>
            </div>
            if counter { { view::counter(t, unseen) } }
            <p class="notice online-final" id="online-final-note">{ t.online.final_moves }</p>
            if let Some(n) = &*notice { <p class="notice" id="online-notice" role="alert">{ n.clone() }</p> }
            <div class={ classes!("table", over.then_some("open")) } data-phase={ if over { "over" } else { "playing" } }>
                { view::opponent(t, &shown(left)) }
                <div class="centre">
                    { slot(Chair::Left) }
                    { slot(Chair::Right) }
                    <div class="say" role="status">
                        <p class="table-message" id="play-message" aria-live="polite">{ message }</p>
                        if let Some(why) = explanation { <p class="error" id="play-why">{ why }</p> }
                        if !choosing.is_empty() {
                            <p class="readings" id="play-readings">{ t.play.which_reading }{ " " }{ for readings }</p>
                        }
                    </div>
                    { slot(Chair::Me) }
                </div>
                { view::opponent(t, &shown(right)) }
                <section class={ classes!("seat", "me", my_turn.then_some("turn")) } data-chair="me" data-seat={ me.name() }>
                    <div class="me-line">
                        <span class="name">{ t.play.me }</span>
                        <span class={ classes!("role", (me == Seat::Landlord).then_some("landlord")) }>{ view::role_name(t, me) }</span>
                        <span class="count">{ (t.play.cards_left)(hand.len()) }</span>
                        if my_turn {
                            <span class="turn-note" id="play-your-turn">{ if to_beat.is_none() { t.play.your_lead } else { "" } }</span>
                        }
                    </div>
                    { actions }
                    <TapHand hand={hand_faces} selected={picked} selectable={my_turn} marked={ Faces::EMPTY } {on_toggle} />
                </section>
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

//! A table drawn from a frame: the two other chairs, the centre with each
//! chair's latest call or play, and the viewer's own place at the bottom,
//! in the Play page's styles.

use engine::table::{Chair, DealView, Frame, Phase};
use engine::{Cards, Move, Play, Seat};
use yew::prelude::*;

use crate::components::card::{CardBack, Hand};
use crate::components::table::view::{avatar, role_name};
use crate::i18n::Strings;
use crate::suits::Faces;

/// Where each chair is drawn: the viewer's (a spectator's: chair 0) at the
/// bottom, the next (下家) on the right, the one before (上家) on the left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Places {
    pub bottom: Chair,
    pub right: Chair,
    pub left: Chair,
}

impl Places {
    pub fn of(bottom: Chair) -> Places {
        Places {
            bottom,
            right: bottom.after(1),
            left: bottom.after(2),
        }
    }

    pub fn name(self, chair: Chair) -> &'static str {
        match chair {
            c if c == self.bottom => "me",
            c if c == self.right => "right",
            _ => "left",
        }
    }
}

/// The play to beat now: the last play, unless the two after it passed.
pub fn to_beat(deal: &DealView) -> Option<Play> {
    let mut beat = None;
    let mut passes = 0;
    for (_, mv) in &deal.plays {
        match mv {
            Move::Play(p) => {
                beat = Some(*p);
                passes = 0;
            }
            Move::Pass => {
                passes += 1;
                if passes == 2 {
                    beat = None;
                }
            }
        }
    }
    beat
}

/// Each chair's latest move among the last three: what the centre shows.
fn latest(deal: &DealView) -> [Option<(usize, Move)>; 3] {
    let mut slots = [None; 3];
    let from = deal.plays.len().saturating_sub(3);
    for (i, (chair, mv)) in deal.plays.iter().enumerate().skip(from) {
        slots[chair.index()] = Some((i, *mv));
    }
    slots
}

/// A chair's name and badges: the name (or 空位), AI, 托管.
fn who(t: &Strings, frame: &Frame, chair: Chair) -> Html {
    match &frame.chairs[chair.index()] {
        Some(s) => html! {
            <span class="name">
                { &s.name }
                if s.player == engine::table::Holder::Ai { <span class="badge ai">{ t.table.ai_player }</span> }
                if s.auto { <span class="badge auto" data-auto="true" title={ t.table.auto_note }>{ t.table.auto }</span> }
            </span>
        },
        None => html! { <span class="name empty">{ t.table.empty_chair }</span> },
    }
}

/// Another chair's place: who, the role, and its cards (backs with the
/// count; face up once the deal is finished).
pub fn other(t: &Strings, frame: &Frame, places: Places, chair: Chair, seconds: Option<u64>) -> Html {
    let deal = frame.view.deal.as_ref();
    let role = deal.and_then(|d| d.seat_of(chair));
    let count = deal.map_or(0, |d| d.counts[chair.index()]);
    let shown = deal.and_then(|d| d.shown.filter(|_| d.landlord == Some(chair)));
    let open = deal
        .and_then(|d| d.dealt.map(|dealt| left_of(d, chair, dealt[chair.index()])))
        .or(shown);
    let doubled = deal.is_some_and(|d| {
        d.says
            .contains(&(chair, engine::table::Action::Say(engine::table::Ask::Double, true)))
    });
    let turn = deal.is_some_and(|d| d.to_act == Some(chair));
    // 报单 / 报双: one or two cards left while the play goes on.
    let warn = deal.is_some_and(|d| d.phase == Phase::Playing) && (1..=2).contains(&count);
    let cards = match open {
        Some(cards) => html! { <Hand {cards} held=true label={ (t.play.cards_left)(cards.len()) } /> },
        None if count > 0 => html! {
            <div class="stack" aria-label={ (t.play.cards_left)(u32::from(count)) }>
                <CardBack />
                <span class="stack-count">{ count }</span>
            </div>
        },
        None => html! {},
    };
    html! {
        <section class={ classes!("seat", "opponent", places.name(chair), turn.then_some("turn"), open.is_some().then_some("open")) }
            data-chair={ chair.to_string() } data-seat={ role.map(|r| r.name()).unwrap_or("") } data-count={ count.to_string() }>
            <div class="who">
                { avatar(role) }
                <div class="names">
                    { who(t, frame, chair) }
                    if let Some(role) = role {
                        <span class={ classes!("role", (role == Seat::Landlord).then_some("landlord")) }>{ role_name(t, role) }</span>
                    }
                    if doubled { <span class="badge doubled">{ t.table.doubled }</span> }
                </div>
            </div>
            { cards }
            if warn {
                <span class="warning" role="status">{ (t.play.warning)(u32::from(count)) }</span>
            }
            if let (true, Some(sec)) = (turn, seconds) {
                <span class={ classes!("clock", (sec <= 5).then_some("urgent")) } role="timer" aria-label={ (t.play.seconds_left)(sec as u32) }>{ sec }</span>
            }
        </section>
    }
}

/// The user's turn's seconds left, urgent in the last five.
pub fn my_clock(seconds: u64) -> Html {
    html! { <span class={ classes!("clock", (seconds <= 5).then_some("urgent")) } id="table-clock" role="timer">{ seconds }</span> }
}

/// What `chair` held at the end: dealt less what it played.
fn left_of(deal: &DealView, chair: Chair, dealt: Cards) -> Cards {
    deal.plays
        .iter()
        .filter(|(c, _)| *c == chair)
        .fold(dealt, |left, (_, mv)| left.checked_sub(mv.cards()).unwrap_or(left))
}

/// The centre: each chair's call during the auction, its latest move in
/// the play, and the message between them.
pub fn centre(t: &Strings, deal: &DealView, places: Places, message: Html) -> Html {
    let moves = latest(deal);
    // The chair that acted last: its slot flies in, as on the Play page.
    let latest_chair = match deal.phase {
        Phase::Playing | Phase::Over => deal.plays.last().map(|(c, _)| *c),
        _ => deal.says.last().map(|(c, _)| *c).or(deal.bids.last().map(|(c, _)| *c)),
    };
    let newest = deal.plays.len().checked_sub(1);
    let slot = |chair: Chair| {
        let body = match (deal.phase, moves[chair.index()]) {
            (Phase::Bidding | Phase::Redeal | Phase::Doubling | Phase::Showing, _) => {
                let said = deal
                    .says
                    .iter()
                    .rev()
                    .find(|(c, _)| *c == chair)
                    .and_then(|(_, a)| match a {
                        engine::table::Action::Say(ask, yes) => {
                            Some(t.table.answers[super::ask_index(*ask)][usize::from(!yes)])
                        }
                        _ => None,
                    });
                match (deal.bids.iter().find(|(c, _)| *c == chair), said) {
                    (_, Some(words)) => html! { <p class="call">{ words }</p> },
                    (Some((_, bid)), None) => html! {
                        <p class={ classes!("call", (*bid == engine::Bid::Pass).then_some("no-bid")) }>{ (t.play.called)(*bid) }</p>
                    },
                    (None, None) => html! {},
                }
            }
            (_, Some((_, Move::Play(p)))) => html! {
                <div class="trick" data-trick={ chair.to_string() } data-play={ p.cards().to_string() }
                    data-kind={ p.kind().name() } style={ format!("--n: {}", p.cards().len()) }>
                    <Hand cards={ p.cards() } faces={ Some(Faces::plain(&[p.cards()])[0]) } first={ p.main_cards() } label={ t.play_words(p) } />
                    if p.is_bomb_or_rocket() { <span class="boom">{ t.kind(p.kind()) }</span> }
                </div>
            },
            (_, Some((_, Move::Pass))) => {
                html! { <p class="trick pass" data-trick={ chair.to_string() }>{ t.play.pass }</p> }
            }
            _ => html! {},
        };
        let index = moves[chair.index()].map(|(i, _)| i);
        let fresh = latest_chair == Some(chair) && deal.phase != Phase::Over;
        let last = index.is_some() && index == newest && matches!(moves[chair.index()], Some((_, Move::Play(_))));
        // A new key per call or move makes a fresh element, so its motion plays again.
        let key = format!(
            "{}-{}-{}-{}",
            chair,
            index.unwrap_or(0),
            deal.bids.len(),
            deal.says.len()
        );
        let class = classes!(
            "slot",
            places.name(chair),
            fresh.then_some("fresh"),
            last.then_some("last")
        );
        html! { <div {key} {class} data-chair={ places.name(chair) }>{ body }</div> }
    };
    html! {
        <div class="centre">
            { slot(places.left) }
            { slot(places.right) }
            <div class="say" role="status">{ message }</div>
            { slot(places.bottom) }
        </div>
    }
}

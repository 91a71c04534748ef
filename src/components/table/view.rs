//! The table's pieces that only draw: the opponents' seats, each seat's
//! latest play in the centre, the bottom cards, the card counter, and the
//! icons (our own SVG). The page (`mod.rs`) wires them to the game.

use engine::bidding::Bid;
use engine::{Cards, Move, Rank, Seat};
use yew::prelude::*;

use crate::components::card::{CardBack, Hand};
use crate::game::model::{Chair, FacedTurn, PlayDeal};
use crate::i18n::Strings;
use crate::suits::face_text;
use crate::suits::Faces;

/// A chair's name from the user's side: 你, 上家, 下家.
pub fn chair_name(t: &Strings, chair: Chair) -> &'static str {
    match chair {
        Chair::Me => t.play.me,
        Chair::Left => t.play.left,
        Chair::Right => t.play.right,
    }
}

pub fn role_name(t: &Strings, seat: Seat) -> &'static str {
    if seat == Seat::Landlord {
        t.play.landlord
    } else {
        t.play.farmer
    }
}

/// A player's token: a crown for the landlord, a straw hat for a farmer,
/// a plain head while the auction runs.
pub fn avatar(role: Option<Seat>) -> Html {
    let (class, hat) = match role {
        Some(Seat::Landlord) => (
            "avatar landlord",
            html! { <path class="hat" d="M12 17 10 8 16 12 20 5 24 12 30 8 28 17Z" /> },
        ),
        Some(_) => (
            "avatar farmer",
            html! { <path class="hat" d="M8 16Q20 4 32 16Z M5 17H35" /> },
        ),
        None => ("avatar", html! {}),
    };
    html! {
        <svg {class} viewBox="0 0 40 40" aria-hidden="true">
            <circle class="disc" cx="20" cy="20" r="19" />
            <circle class="head" cx="20" cy="22" r="7" />
            <path class="body" d="M8 38Q20 24 32 38Z" />
            { hat }
        </svg>
    }
}

/// What an opponent's seat shows.
pub struct SeatShown {
    pub chair: Chair,
    pub role: Option<Seat>,
    pub count: u32,
    pub turn: bool,
    pub thinking: bool,
    /// The seconds left of its turn, when the timer is on.
    pub clock: Option<u32>,
    /// Its cards face up (the end of a deal, the replay).
    pub open: Option<Faces>,
}

pub fn opponent(t: &Strings, s: &SeatShown) -> Html {
    let name = chair_name(t, s.chair);
    let warn = (1..=2).contains(&s.count) && s.open.is_none();
    let cards = match s.open {
        Some(faces) => html! {
            <Hand cards={ faces.cards() } faces={ Some(faces) } held=true label={ name } />
        },
        None => html! {
            <div class="stack" aria-label={ (t.play.cards_left)(s.count) }>
                <CardBack />
                <span class="stack-count">{ s.count }</span>
            </div>
        },
    };
    html! {
        <section class={ classes!("seat", "opponent", s.chair.name(), s.turn.then_some("turn"), s.thinking.then_some("thinking"), s.open.is_some().then_some("open")) }
            data-chair={ s.chair.name() } data-seat={ s.role.map(|r| r.name()).unwrap_or("") } data-count={ s.count.to_string() }>
            <div class="who">
                { avatar(s.role) }
                <div class="names">
                    <span class="name">{ name }</span>
                    if let Some(role) = s.role {
                        <span class={ classes!("role", (role == Seat::Landlord).then_some("landlord")) }>{ role_name(t, role) }</span>
                    }
                </div>
            </div>
            { cards }
            if warn {
                <span class="warning" role="status">{ (t.play.warning)(s.count) }</span>
            }
            if s.thinking {
                <span class="thinking" id="play-thinking">{ t.play.thinking }</span>
            }
            if let Some(sec) = s.clock {
                <span class="clock" role="timer" data-chair={ s.chair.name() } aria-label={ (t.play.seconds_left)(sec) }>{ sec }</span>
            }
        </section>
    }
}

/// How a seat's slot in the centre is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SlotMarks {
    /// Just played: it flies in.
    pub fresh: bool,
    /// The latest move shown.
    pub last: bool,
    /// The play that took the trick.
    pub taken: bool,
}

/// A chair's spot in the centre: its latest play in this trick, 不出, or
/// its call during the auction.
pub fn slot(
    t: &Strings,
    chair: Chair,
    turn: Option<FacedTurn>,
    bid: Option<Bid>,
    index: usize,
    marks: SlotMarks,
) -> Html {
    let SlotMarks { fresh, last, taken } = marks;
    let class = classes!(
        "slot",
        chair.name(),
        fresh.then_some("fresh"),
        last.then_some("last"),
        taken.then_some("taken")
    );
    let body = match (turn, bid) {
        (
            Some(FacedTurn {
                mv: Move::Play(p),
                faces,
                seat,
            }),
            _,
        ) => html! {
            <div class="trick" data-trick={ seat.name() } data-play={ p.cards().to_string() }
                data-kind={ p.kind().name() } style={ format!("--n: {}", p.cards().len()) }>
                <Hand cards={ p.cards() } faces={ Some(faces) } first={ p.main_cards() } label={ t.play_words(p) } />
                if p.is_bomb_or_rocket() { <span class="boom">{ t.kind(p.kind()) }</span> }
                if taken { <span class="taken-mark" id="play-trick-taken">{ t.play.trick_taken }</span> }
            </div>
        },
        (
            Some(FacedTurn {
                mv: Move::Pass, seat, ..
            }),
            _,
        ) => html! {
            <p class="trick pass" data-trick={ seat.name() }>{ t.play.pass }</p>
        },
        (None, Some(bid)) => html! {
            <p class={ classes!("call", (bid == Bid::Pass).then_some("no-bid")) }>{ (t.play.called)(bid) }</p>
        },
        (None, None) => html! {},
    };
    // A new key per move makes a fresh element, so its motion plays again.
    html! { <div key={ format!("{}-{index}", chair.name()) } {class} data-chair={ chair.name() }>{ body }</div> }
}

/// The bottom cards: face down while the auction runs, then face up.
pub fn bottom(t: &Strings, table: &PlayDeal, open: bool) -> Html {
    let cards = if open {
        let faces = table.bottom_faces();
        html! { <Hand cards={ faces.cards() } faces={ Some(faces) } label={ t.play.bottom } /> }
    } else {
        html! { <ul class="hand">{ for (0..3).map(|_| html! { <li><CardBack /></li> }) }</ul> }
    };
    html! {
        <div class={ classes!("bottom-cards", open.then_some("open")) } id="play-bottom" data-cards={ if open { table.bottom().to_string() } else { String::new() } }>
            <span class="label">{ t.play.bottom }</span>
            { cards }
        </div>
    }
}

/// 记牌器: how many of each rank the user has not seen, high to low.
pub fn counter(t: &Strings, unseen: Cards) -> Html {
    html! {
        <ul class="counter-ranks" id="play-counter" aria-label={ t.play.counter }>
            { for Rank::ALL.iter().rev().map(|&r| {
                let left = unseen.count(r);
                html! {
                    <li data-rank={ r.letter().to_string() } data-left={ left.to_string() } class={ classes!((left == 0).then_some("gone"), r.is_joker().then_some("joker")) }>
                        <span class="face">{ face_text(r) }</span>
                        <span class="left">{ left }</span>
                    </li>
                }
            }) }
        </ul>
    }
}

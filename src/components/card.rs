//! Card faces, drawn as our own SVG: rank and suit in the corners, red ♥♦
//! and black ♠♣, a large pip or court letter in the middle, and two jokers
//! nobody can confuse (大王 in red and gold, 小王 in black and grey). Suits are
//! display only (see `suits.rs`). Cards in a hand overlap from the right, so
//! what identifies a card sits in its left corner.

use engine::{Cards, Rank};
use yew::prelude::*;

use crate::i18n::{use_strings, Strings};
use crate::suits::{face_text, Face, Faces, Suit};

/// The suit shapes, drawn once per page and used by every card (`<use>`).
#[component]
pub fn SuitSprites() -> Html {
    html! {
        <svg class="sprites" aria-hidden="true" width="0" height="0">
            <defs>
                <path id="suit-h" d="M5 9.6C5 9.6 0 6 0 2.9 0 1.2 1.2 0 2.7 0 3.7 0 4.5.6 5 1.5 5.5.6 6.3 0 7.3 0 8.8 0 10 1.2 10 2.9 10 6 5 9.6 5 9.6Z" />
                <path id="suit-d" d="M5 0 9 5 5 10 1 5Z" />
                <path id="suit-s" d="M5 0C5 0 0 3.9 0 6.4 0 7.9 1.1 8.9 2.4 8.9 3.2 8.9 3.9 8.6 4.4 8L3.7 10H6.3L5.6 8C6.1 8.6 6.8 8.9 7.6 8.9 8.9 8.9 10 7.9 10 6.4 10 3.9 5 0 5 0Z" />
                <g id="suit-c">
                    <circle cx="5" cy="2.5" r="2.4" />
                    <circle cx="2.5" cy="6" r="2.4" />
                    <circle cx="7.5" cy="6" r="2.4" />
                    <path d="M4.4 5.5 3.7 10H6.3L5.6 5.5Z" />
                </g>
                <path id="crown" d="M2 16 0 4 6 9 10 0 14 9 20 4 18 16Z" />
            </defs>
        </svg>
    }
}

fn suit_id(suit: Suit) -> &'static str {
    match suit {
        Suit::Spades => "#suit-s",
        Suit::Hearts => "#suit-h",
        Suit::Clubs => "#suit-c",
        Suit::Diamonds => "#suit-d",
    }
}

/// A suit shape of `size` with its top-left corner at (x, y).
fn pip(suit: Suit, x: f32, y: f32, size: f32) -> Html {
    let scale = size / 10.0;
    html! { <use href={ suit_id(suit) } transform={ format!("translate({x} {y}) scale({scale})") } /> }
}

#[derive(Properties, PartialEq)]
pub struct CardProps {
    pub rank: Rank,
    /// `None` for a joker, or where no suit is known.
    #[prop_or_default]
    pub suit: Option<Suit>,
    /// Drawn with a marker (for example, one of the bottom cards).
    #[prop_or_default]
    pub marked: bool,
}

#[component]
pub fn Card(props: &CardProps) -> Html {
    let t = use_strings();
    let rank = props.rank;
    let tone = match (rank, props.suit) {
        (Rank::RedJoker, _) => "card big-joker",
        (Rank::BlackJoker, _) => "card small-joker",
        (_, Some(s)) if s.is_red() => "card red",
        _ => "card black",
    };
    let class = classes!(tone, props.marked.then_some("marked"));
    let label = t.spoken_face(Face { rank, suit: props.suit });
    let face = if rank.is_joker() {
        joker(rank == Rank::RedJoker, t)
    } else {
        let text = face_text(rank);
        let corner = |flip: bool| {
            let transform = flip.then_some("rotate(180 30 42)");
            html! {
                <g class="corner" {transform}>
                    if text.len() > 1 {
                        <text x="2.2" y="17" class="rank" textLength="15" lengthAdjust="spacingAndGlyphs">{ text }</text>
                    } else {
                        <text x="9.5" y="17" class="rank" text-anchor="middle">{ text }</text>
                    }
                    { for props.suit.map(|s| pip(s, 4.5, 21.0, 10.0)) }
                </g>
            }
        };
        let middle = match (rank, props.suit) {
            (Rank::Jack | Rank::Queen | Rank::King, suit) => html! {
                <>
                    <rect class="court" x="18" y="22" width="34" height="48" rx="3" />
                    <text x="35" y="56" class="court-letter" text-anchor="middle">{ text }</text>
                    { for suit.map(|s| pip(s, 40.0, 25.0, 9.0)) }
                </>
            },
            (_, Some(suit)) => pip(suit, 21.0, 30.0, if rank == Rank::Ace { 28.0 } else { 22.0 }),
            _ => html! {},
        };
        html! { <>{ corner(false) }{ middle }{ corner(true) }</> }
    };
    html! {
        <svg {class} viewBox="0 0 60 84" role="img" aria-label={ label }>
            <rect class="face" x="0.75" y="0.75" width="58.5" height="82.5" rx="5" />
            { face }
        </svg>
    }
}

/// 大王 and 小王: the name down the left edge (JOKER in English, as printed
/// decks have it), a crown in the middle, filled and coloured for the big one.
fn joker(big: bool, t: &Strings) -> Html {
    let (letters, (size, step)) = joker_name(big, t);
    html! {
        <>
            <text class="joker-name" x="9" y={ (size + 1.0).to_string() } text-anchor="middle" font-size={ size.to_string() }>
                { for letters.iter().enumerate().map(|(i, c)| html! {
                    <tspan x="9" dy={ if i == 0 { "0".to_string() } else { step.to_string() } }>{ c }</tspan>
                }) }
            </text>
            <use href="#crown" class="crown" transform="translate(22 38) scale(1.5)" />
            if big {
                <circle class="jewel" cx="37" cy="57" r="3" />
            }
        </>
    }
}

/// The letters down a joker's left edge, and their font size and line step.
fn joker_name(big: bool, t: &Strings) -> (Vec<char>, (f64, f64)) {
    (t.joker_face[usize::from(big)].chars().collect(), t.joker_face_size)
}

/// The back of a card: our own pattern, the same for every card.
#[component]
pub fn CardBack() -> Html {
    html! {
        <svg class="card back" viewBox="0 0 60 84" aria-hidden="true">
            <rect class="face" x="0.75" y="0.75" width="58.5" height="82.5" rx="5" />
            <rect class="pattern" x="5" y="5" width="50" height="74" rx="3" />
            <path class="motif" d="M30 24 l10 18 -10 18 -10 -18z" />
        </svg>
    }
}

#[derive(Properties, PartialEq)]
pub struct HandProps {
    pub cards: Cards,
    /// The cards' suits (faces of exactly `cards`); without them each rank's
    /// copies take ♠♥♣♦ in order.
    #[prop_or_default]
    pub faces: Option<Faces>,
    /// Cards to mark (a sub-multiset of `cards`), e.g. the bottom cards.
    #[prop_or_default]
    pub marked: Cards,
    /// High to low, as a hand is held (else low to high, as a play reads).
    #[prop_or_default]
    pub held: bool,
    /// Cards to show first (a play's main cards, before its kickers).
    #[prop_or_default]
    pub first: Cards,
    pub label: AttrValue,
}

/// `order` with the cards of `first` moved to the front (a play's main
/// cards before its kickers), each part kept in its order.
fn main_first(order: Vec<Face>, mut first: Cards) -> Vec<Face> {
    let mut keyed: Vec<(u8, Face)> = order
        .into_iter()
        .map(|face| {
            let one = Cards::of(face.rank, 1).unwrap_or_default();
            match first.checked_sub(one) {
                Some(rest) => {
                    first = rest;
                    (0, face)
                }
                None => (1, face),
            }
        })
        .collect();
    // A stable sort keeps each part in its order.
    keyed.sort_by_key(|(k, _)| *k);
    keyed.into_iter().map(|(_, f)| f).collect()
}

/// A hand as a fan of overlapping cards.
#[component]
pub fn Hand(props: &HandProps) -> Html {
    let faces = props
        .faces
        .filter(|f| f.cards() == props.cards)
        .unwrap_or_else(|| Faces::plain(&[props.cards])[0]);
    let order: Vec<Face> = if props.held {
        faces.held()
    } else {
        faces.iter().collect()
    };
    let order = main_first(order, props.first);
    let mut to_mark = props.marked;
    let cards = order.into_iter().map(|face| {
        let one = Cards::of(face.rank, 1).unwrap_or_default();
        let marked = match to_mark.checked_sub(one) {
            Some(rest) => {
                to_mark = rest;
                true
            }
            None => false,
        };
        html! { <li><Card rank={face.rank} suit={face.suit} {marked} /></li> }
    });
    html! {
        <ul class="hand" aria-label={ props.label.clone() } data-cards={ props.cards.to_string() }>
            { for cards }
        </ul>
    }
}

#[derive(Properties, PartialEq)]
pub struct MiniCardsProps {
    pub faces: Faces,
    /// Cards to show first (a play's main cards, before its kickers).
    #[prop_or_default]
    pub first: Cards,
    pub label: AttrValue,
}

/// Cards in a compact row, as a line of play shows them: each a small
/// face with its rank and suit (the jokers by their short names), low to
/// high, the main cards first; nothing covered.
#[component]
pub fn MiniCards(props: &MiniCardsProps) -> Html {
    let t = use_strings();
    let order = main_first(props.faces.iter().collect(), props.first);
    let kickers_from = props.first.len() as usize;
    let cards = order.into_iter().enumerate().map(|(i, face)| {
        let tone = match (face.rank, face.suit) {
            (Rank::RedJoker, _) => "big-joker",
            (Rank::BlackJoker, _) => "small-joker",
            (_, Some(s)) if s.is_red() => "red",
            _ => "black",
        };
        let kicker = !props.first.is_empty() && i == kickers_from;
        html! {
            <span class={ classes!("mini-card", tone, kicker.then_some("kicker")) }>
                { t.short_face(face.rank) }
                if let Some(suit) = face.suit {
                    <svg class="pip" viewBox="0 0 10 10" aria-hidden="true"><use href={ suit_id(suit) } /></svg>
                }
            </span>
        }
    });
    html! {
        <span class="mini-cards" role="img" aria-label={ props.label.clone() } data-cards={ props.faces.cards().to_string() }>
            { for cards }
        </span>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    fn spoken_in(lang: Lang, rank: Rank) -> &'static str {
        lang.strings().spoken(rank)
    }

    fn face_in(lang: Lang, face: Face) -> String {
        lang.strings().spoken_face(face)
    }

    fn joker_in(lang: Lang, big: bool) -> (String, (f64, f64)) {
        let (letters, size) = joker_name(big, lang.strings());
        (letters.into_iter().collect(), size)
    }

    #[test]
    fn every_rank_is_spoken_as_before() {
        let all = |lang| Rank::ALL.map(|r| spoken_in(lang, r)).join("|");
        assert_eq!(all(Lang::Zh), "3|4|5|6|7|8|9|10|J|Q|K|A|2|小王|大王");
        assert_eq!(all(Lang::En), "3|4|5|6|7|8|9|10|J|Q|K|A|2|small joker|big joker");
        assert_eq!(
            Rank::ALL.map(face_text).join("|"),
            "3|4|5|6|7|8|9|10|J|Q|K|A|2|小王|大王"
        );
    }

    #[test]
    fn every_card_is_named_as_before() {
        let suited = |lang, rank| Suit::ALL.map(|s| face_in(lang, Face { rank, suit: Some(s) })).join("|");
        assert_eq!(suited(Lang::Zh, Rank::Ace), "黑桃A|红桃A|梅花A|方块A");
        assert_eq!(suited(Lang::Zh, Rank::Ten), "黑桃10|红桃10|梅花10|方块10");
        assert_eq!(
            suited(Lang::En, Rank::Ace),
            "A of spades|A of hearts|A of clubs|A of diamonds"
        );
        assert_eq!(
            suited(Lang::En, Rank::Ten),
            "10 of spades|10 of hearts|10 of clubs|10 of diamonds"
        );
        let plain = |lang, rank| face_in(lang, Face { rank, suit: None });
        assert_eq!(plain(Lang::Zh, Rank::BlackJoker), "小王");
        assert_eq!(plain(Lang::Zh, Rank::RedJoker), "大王");
        assert_eq!(plain(Lang::Zh, Rank::Seven), "7");
        assert_eq!(plain(Lang::En, Rank::BlackJoker), "small joker");
        assert_eq!(plain(Lang::En, Rank::RedJoker), "big joker");
        assert_eq!(plain(Lang::En, Rank::Seven), "7");
    }

    #[test]
    fn the_jokers_faces_read_as_before() {
        assert_eq!(joker_in(Lang::Zh, true), ("大王".to_string(), (14.5, 16.0)));
        assert_eq!(joker_in(Lang::Zh, false), ("小王".to_string(), (14.5, 16.0)));
        assert_eq!(joker_in(Lang::En, true), ("JOKER".to_string(), (10.5, 10.5)));
        assert_eq!(joker_in(Lang::En, false), ("JOKER".to_string(), (10.5, 10.5)));
    }
}

//! Card faces, drawn as our own SVG. Suits never matter in this game, so a
//! face shows its rank only: large, high-contrast, readable from the back of
//! a classroom.

use engine::{Cards, Rank};
use yew::prelude::*;

use crate::i18n::Lang;

/// The text on a card's face: `10` for the ten, `JOKER` for the jokers.
pub fn face_text(rank: Rank) -> &'static str {
    const FACES: [&str; 15] = [
        "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "JOKER", "JOKER",
    ];
    FACES[rank.index()]
}

/// What a screen reader says for a card.
pub fn spoken(rank: Rank, lang: Lang) -> &'static str {
    match (rank, lang) {
        (Rank::BlackJoker, Lang::Zh) => "小王",
        (Rank::RedJoker, Lang::Zh) => "大王",
        (Rank::BlackJoker, Lang::En) => "black joker",
        (Rank::RedJoker, Lang::En) => "red joker",
        (rank, _) => face_text(rank),
    }
}

#[derive(Properties, PartialEq)]
pub struct CardProps {
    pub rank: Rank,
    /// Drawn with a marker (for example, one of the bottom cards).
    #[prop_or_default]
    pub marked: bool,
}

#[component]
pub fn Card(props: &CardProps) -> Html {
    let lang = use_context::<Lang>().unwrap_or(Lang::Zh);
    let rank = props.rank;
    let tone = match rank {
        Rank::RedJoker => "card red",
        Rank::BlackJoker => "card black",
        _ => "card",
    };
    let class = classes!(tone, props.marked.then_some("marked"));
    // Cards in a hand overlap from the right, so everything that identifies
    // a card sits in its left third.
    let face = if rank.is_joker() {
        html! {
            <>
                <text x="10" y="15" class="joker-letters" text-anchor="middle">
                    { for "JOKER".chars().enumerate().map(|(i, c)| html! {
                        <tspan x="10" dy={ if i == 0 { "0" } else { "10" } }>{ c }</tspan>
                    }) }
                </text>
                <path class="star" d="M10 58 l3.5 7.2 8 1.1 -5.8 5.6 1.4 7.9 -7.1 -3.7 -7.1 3.7 1.4 -7.9 -5.8 -5.6 8 -1.1z" />
            </>
        }
    } else {
        let text = face_text(rank);
        let narrow = if text.len() > 1 { "rank narrow" } else { "rank" };
        html! {
            <>
                <text x="12" y="33" class={narrow} text-anchor="middle">{ text }</text>
                <text x="48" y="72" class="corner" text-anchor="middle" transform="rotate(180 48 66)">{ text }</text>
            </>
        }
    };
    html! {
        <svg {class} viewBox="0 0 60 84" role="img" aria-label={ spoken(rank, lang) }>
            <rect class="face" x="1" y="1" width="58" height="82" rx="6" />
            { face }
        </svg>
    }
}

/// The back of a card: our own pattern, the same for every card.
#[component]
pub fn CardBack() -> Html {
    html! {
        <svg class="card back" viewBox="0 0 60 84" aria-hidden="true">
            <rect class="face" x="1" y="1" width="58" height="82" rx="6" />
            <rect class="pattern" x="6" y="6" width="48" height="72" rx="3" />
            <path class="motif" d="M30 22 l10 20 -10 20 -10 -20z" />
        </svg>
    }
}

#[derive(Properties, PartialEq)]
pub struct HandProps {
    pub cards: Cards,
    /// Cards to mark (a sub-multiset of `cards`), e.g. the bottom cards.
    #[prop_or_default]
    pub marked: Cards,
    pub label: AttrValue,
}

/// A hand as a fan of overlapping cards, low to high.
#[component]
pub fn Hand(props: &HandProps) -> Html {
    let mut to_mark = props.marked;
    let cards = props.cards.iter().map(|rank| {
        let one = Cards::of(rank, 1).unwrap_or_default();
        let marked = match to_mark.checked_sub(one) {
            Some(rest) => {
                to_mark = rest;
                true
            }
            None => false,
        };
        html! { <li><Card {rank} {marked} /></li> }
    });
    html! {
        <ul class="hand" aria-label={ props.label.clone() } data-cards={ props.cards.to_string() }>
            { for cards }
        </ul>
    }
}

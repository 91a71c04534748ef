//! A card picker for setting up hands by clicking instead of typing: pick
//! which hand to fill, then add or take away cards rank by rank. A rank the
//! other hands already hold four of (one of, for a joker) cannot be added.

use engine::{Cards, Rank};
use yew::prelude::*;

use crate::i18n::use_strings;
use crate::suits::face_text;

#[derive(Properties, PartialEq)]
pub struct CardPickerProps {
    /// Each hand's name and its cards as typed (possibly not valid yet).
    pub hands: Vec<(&'static str, String)>,
    /// The hand being filled.
    pub active: usize,
    pub on_select: Callback<usize>,
    /// A hand's new text.
    pub on_change: Callback<(usize, String)>,
}

#[component]
pub fn CardPicker(props: &CardPickerProps) -> Html {
    let t = use_strings();
    let parsed: Vec<Option<Cards>> = props.hands.iter().map(|(_, text)| text.parse().ok()).collect();
    let active = props.active.min(props.hands.len().saturating_sub(1));
    let tabs = props.hands.iter().enumerate().map(|(i, (name, _))| {
        let on_select = props.on_select.clone();
        let onclick = Callback::from(move |_: MouseEvent| on_select.emit(i));
        html! {
            <button type="button" role="tab" class="picker-tab" aria-selected={ (i == active).to_string() }
                data-hand={ i.to_string() } {onclick}>{ *name }</button>
        }
    });
    let body = match parsed.get(active).copied().flatten() {
        None => html! { <p class="note" id="picker-fix">{ t.picker_fix_text }</p> },
        Some(hand) => {
            let held_elsewhere = |rank: Rank| -> u8 {
                parsed
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i != active)
                    .map(|(_, h)| h.map_or(0, |h| h.count(rank)))
                    .sum()
            };
            let cells = Rank::ALL.iter().map(|&rank| {
                let here = hand.count(rank);
                let left = rank.copies().saturating_sub(here + held_elsewhere(rank));
                let change = |delta: i8| {
                    let on_change = props.on_change.clone();
                    Callback::from(move |_: MouseEvent| {
                        let next = if delta > 0 {
                            Cards::of(rank, 1).and_then(|one| hand.checked_add(one))
                        } else {
                            Cards::of(rank, 1).and_then(|one| hand.checked_sub(one))
                        };
                        if let Some(next) = next {
                            on_change.emit((active, next.to_string()));
                        }
                    })
                };
                let name = t.spoken(rank);
                html! {
                    <li class={ classes!("pick", rank.is_joker().then_some("joker"), (rank == Rank::RedJoker).then_some("red")) } data-rank={ rank.letter().to_string() }>
                        <span class="pick-face" title={ name }>{ face_text(rank) }</span>
                        <span class="pick-count" aria-label={ (t.picker_in_hand)(name, here) }>{ here }</span>
                        <button type="button" class="pick-add" disabled={ left == 0 } aria-label={ (t.picker_add)(name) } onclick={ change(1) }>{ "+" }</button>
                        <button type="button" class="pick-remove" disabled={ here == 0 } aria-label={ (t.picker_remove)(name) } onclick={ change(-1) }>{ "−" }</button>
                    </li>
                }
            });
            let on_clear = {
                let on_change = props.on_change.clone();
                Callback::from(move |_: MouseEvent| on_change.emit((active, String::new())))
            };
            html! {
                <>
                    <ul class="picker-ranks">{ for cells }</ul>
                    <button type="button" class="picker-clear" onclick={on_clear}>{ t.picker_clear }</button>
                </>
            }
        }
    };
    html! {
        <div class="picker" id="picker">
            <div role="tablist" aria-label={ t.picker_title }>{ for tabs }</div>
            { body }
        </div>
    }
}

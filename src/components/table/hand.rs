//! The user's hand: overlapping cards, picked by a tap, by a swipe across
//! them (mouse or touch), or from the keyboard. A long hand comes as two
//! rows, which the style sheet lays out as one line where the screen is wide
//! enough to give each card its tap width, and as two rows on a phone. The
//! Endgame page's board uses it too, for the side to move (with an `id` and
//! a `label` of its own).

use std::rc::Rc;

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::components::card::Card;
use crate::i18n::use_strings;
use crate::suits::{Face, Faces};

#[derive(Properties, PartialEq)]
pub struct TapHandProps {
    pub hand: Faces,
    pub selected: Faces,
    /// Whether cards can be picked now (the user's turn to play).
    pub selectable: bool,
    /// Cards marked as just taken (the bottom cards, before the first play).
    pub marked: Faces,
    /// Sets one card's selection (`None` toggles it). (Enter, P and H are
    /// the table's keys: `hooks::use_table_keys`.)
    pub on_toggle: Callback<(Face, Option<bool>)>,
    /// The hand's id (the Play page's `play-hand` unless given).
    #[prop_or(AttrValue::Static("play-hand"))]
    pub id: AttrValue,
    /// What a screen reader calls it (the Play page's 你的手牌 unless given).
    #[prop_or_default]
    pub label: Option<AttrValue>,
}

#[component]
pub fn TapHand(props: &TapHandProps) -> Html {
    let t = use_strings();
    // While a swipe lasts: whether it selects or unselects.
    let drag = use_mut_ref(|| None::<bool>);
    let held: Rc<Vec<Face>> = Rc::new(props.hand.held());
    let hand_ref = use_node_ref();
    let cards_in = format!("#{} li", props.id);
    let face_at = {
        let (held, cards_in) = (held.clone(), cards_in.clone());
        move |x: i32, y: i32| -> Option<Face> {
            let el = web_sys::window()?.document()?.element_from_point(x as f32, y as f32)?;
            let li = el.closest(&cards_in).ok().flatten()?;
            let i: usize = li.get_attribute("data-index")?.parse().ok()?;
            held.get(i).copied()
        }
    };
    let on_down = {
        let (drag, face_at, hand_ref) = (drag.clone(), face_at.clone(), hand_ref.clone());
        let (selectable, selected, on_toggle) = (props.selectable, props.selected, props.on_toggle.clone());
        Callback::from(move |e: PointerEvent| {
            if !selectable || e.button() != 0 {
                return;
            }
            let Some(face) = face_at(e.client_x(), e.client_y()) else {
                return;
            };
            e.prevent_default();
            // Capture the pointer on the hand so the moves of a swipe (mouse
            // or touch) all come to it. (Yew listens at the root, so the
            // event's current target is not the hand.)
            if let Some(el) = hand_ref.cast::<web_sys::Element>() {
                let _ = el.set_pointer_capture(e.pointer_id());
            }
            let to = !selected.contains(face);
            *drag.borrow_mut() = Some(to);
            on_toggle.emit((face, Some(to)));
        })
    };
    let on_move = {
        let (drag, on_toggle) = (drag.clone(), props.on_toggle.clone());
        Callback::from(move |e: PointerEvent| {
            let Some(to) = *drag.borrow() else { return };
            if let Some(face) = face_at(e.client_x(), e.client_y()) {
                on_toggle.emit((face, Some(to)));
            }
        })
    };
    let on_up = Callback::from(move |_: PointerEvent| *drag.borrow_mut() = None);
    // The rows a narrow screen shows: the longer first (the hand runs from
    // the highest card, left to right, top to bottom).
    let per_row = if held.len() > ONE_ROW {
        held.len().div_ceil(2)
    } else {
        held.len().max(1)
    };
    let card = |(i, &face): (usize, &Face)| {
        let on = props.selected.contains(face);
        let key = card_keys(props.on_toggle.clone(), cards_in.clone(), face, i);
        html! {
            <li data-index={ i.to_string() } data-rank={ face.rank.letter().to_string() } class={ classes!(on.then_some("selected")) }
                tabindex="0" role="checkbox" aria-checked={ on.to_string() } aria-label={ t.spoken_face(face) } onkeydown={key}>
                <Card rank={face.rank} suit={face.suit} marked={ props.marked.contains(face) } />
            </li>
        }
    };
    let rows = held.chunks(per_row).enumerate().map(|(r, row)| {
        html! { <ul class="row">{ for row.iter().enumerate().map(|(i, face)| card((r * per_row + i, face))) }</ul> }
    });
    let long = held.len() > LONG;
    html! {
        <div ref={hand_ref} class={ classes!("hand", "mine", props.selectable.then_some("selectable"), long.then_some("long")) } id={ props.id.clone() }
            role="group" aria-label={ props.label.clone().unwrap_or(AttrValue::Static(t.play.your_hand)) } data-cards={ props.hand.cards().to_string() }
            style={ format!("--n: {}; --row: {per_row}", held.len().max(1)) }
            onpointerdown={on_down} onpointermove={on_move} onpointerup={on_up.clone()} onpointercancel={on_up}>
            { for rows }
        </div>
    }
}

/// A card's keys: the space bar picks it or puts it back, the arrows move
/// along the hand.
fn card_keys(
    on_toggle: Callback<(Face, Option<bool>)>,
    cards_in: String,
    face: Face,
    i: usize,
) -> Callback<KeyboardEvent> {
    Callback::from(move |e: KeyboardEvent| {
        let focus = |to: i64| {
            if let Some(el) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| {
                    d.query_selector(&format!("{cards_in}[data-index=\"{to}\"]"))
                        .ok()
                        .flatten()
                })
                .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok())
            {
                let _ = el.focus();
            }
        };
        match e.key().as_str() {
            " " => {
                e.prevent_default();
                on_toggle.emit((face, None));
            }
            "ArrowLeft" => focus(i as i64 - 1),
            "ArrowRight" => focus(i as i64 + 1),
            _ => {}
        }
    })
}

/// The most cards a phone held upright shows in one row: ten give each
/// card 36 px of tap width across 390 px.
const ONE_ROW: usize = 10;
/// Over this many cards a landscape phone narrower than 760 px shows two
/// rows as well (`long` in the style sheet).
const LONG: usize = 16;

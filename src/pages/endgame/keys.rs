//! The board's keys, as on an analysis board: ← and → step back and forth
//! through the moves on the board (the moves made and a line loaded onto
//! it), Home and End go to the start and the end. Not while typing in a
//! field or choosing in a list, not in the tappable hand (where ← and →
//! move between cards), not with a modifier; and the browser's own use of
//! the key (scrolling) is prevented only when the board moves.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::state::{Action, Line, State, Step};

/// The step a key asks for, if any.
pub(super) fn step_of(key: &str) -> Option<Step> {
    match key {
        "ArrowLeft" => Some(Step::Back),
        "ArrowRight" => Some(Step::Forward),
        "Home" => Some(Step::Start),
        "End" => Some(Step::End),
        _ => None,
    }
}

/// Whether a key pressed in `target` belongs to it rather than the board.
fn owned_by_target(target: Option<web_sys::EventTarget>) -> bool {
    let Some(el) = target.and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return false;
    };
    let editable = el
        .dyn_ref::<web_sys::HtmlElement>()
        .is_some_and(|h| h.is_content_editable());
    editable
        || matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA")
        || el.closest(".hand.mine").ok().flatten().is_some()
}

/// Listens for the keys on the window while the page is shown.
#[hook]
pub(super) fn use_step_keys(state: &UseReducerHandle<State>) {
    // The board as last drawn, for the listener to see.
    let board: Rc<RefCell<Option<Line>>> = use_mut_ref(|| None);
    *board.borrow_mut() = Some(state.board.clone());
    let dispatcher = state.dispatcher();
    use_effect_with((), move |_| {
        let listener = web_sys::window().map(|w| {
            let options = gloo::events::EventListenerOptions::enable_prevent_default();
            gloo::events::EventListener::new_with_options(&w, "keydown", options, move |e| {
                let Some(e) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
                    return;
                };
                if e.default_prevented() || e.alt_key() || e.ctrl_key() || e.meta_key() || e.shift_key() {
                    return;
                }
                let Some(step) = step_of(&e.key()) else {
                    return;
                };
                if owned_by_target(e.target()) {
                    return;
                }
                let Some(to) = board.borrow().as_ref().map(|b| (b.cursor, b.target(step))) else {
                    return;
                };
                if to.0 != to.1 {
                    e.prevent_default();
                    // Taken from the state when it is applied, so that keys
                    // pressed faster than the page draws each count.
                    dispatcher.dispatch(Action::Step(step));
                }
            })
        });
        move || drop(listener)
    });
}

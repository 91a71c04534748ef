//! The app's one copy button: it copies its text to the clipboard and says
//! so (复制 → 已复制) for a moment, or says the browser refused (the text
//! is on the page to select).

use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;
use yew::prelude::*;

use crate::i18n::use_strings;

/// How long the button says it copied.
const SAID_MS: u32 = 2_000;

#[derive(Clone, Copy, PartialEq)]
enum Said {
    Nothing,
    Copied,
    Refused,
}

#[derive(Properties, PartialEq)]
pub struct CopyButtonProps {
    pub text: AttrValue,
    #[prop_or_default]
    pub id: Option<AttrValue>,
    /// The button's words, when not plain 复制 / Copy.
    #[prop_or_default]
    pub label: Option<&'static str>,
}

#[component]
pub fn CopyButton(props: &CopyButtonProps) -> Html {
    let t = use_strings();
    let said = use_state(|| Said::Nothing);
    // Dropped with the button, which cancels it.
    let timer: Rc<RefCell<Option<Timeout>>> = use_mut_ref(|| None);
    {
        let said = said.clone();
        use_effect_with(props.text.clone(), move |_| said.set(Said::Nothing));
    }
    let onclick = {
        let (said, text) = (said.clone(), props.text.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(w) = web_sys::window() else { return };
            let promise = w.navigator().clipboard().write_text(&text);
            let (said, timer) = (said.clone(), timer.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let copied = wasm_bindgen_futures::JsFuture::from(promise).await.is_ok();
                said.set(if copied { Said::Copied } else { Said::Refused });
                let said = said.clone();
                *timer.borrow_mut() = Some(Timeout::new(SAID_MS, move || said.set(Said::Nothing)));
            });
        })
    };
    let words = match *said {
        Said::Nothing => props.label.unwrap_or(t.copy),
        Said::Copied => t.copied,
        Said::Refused => t.copy_refused,
    };
    let state = match *said {
        Said::Nothing => "",
        Said::Copied => "copied",
        Said::Refused => "refused",
    };
    html! {
        <button type="button" class="copy" id={ props.id.clone() } data-said={ state } aria-live="polite" {onclick}>{ words }</button>
    }
}

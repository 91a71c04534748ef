//! A term of the Lab explained where it appears: an ⓘ button beside it
//! that opens a short definition (the glossary's, in the page's language),
//! also given as the button's tooltip.

use yew::prelude::*;

use crate::i18n::use_strings;

#[derive(Properties, PartialEq)]
pub struct InfoProps {
    /// The glossary term's id (`gdi`, `dih`, `eps`, ...).
    pub term: AttrValue,
    /// Where on the page it is, to keep element ids unique.
    pub at: AttrValue,
    /// Show the term's name beside the ⓘ (where nothing else names it).
    #[prop_or_default]
    pub named: bool,
}

#[component]
pub fn Info(props: &InfoProps) -> Html {
    let t = use_strings();
    let open = use_state(|| false);
    let Some(term) = t.lab.term(&props.term) else {
        return html! {};
    };
    let id = format!("info-{}-{}", props.at, props.term);
    let toggle = {
        let open = open.clone();
        Callback::from(move |e: MouseEvent| {
            e.prevent_default();
            open.set(!*open)
        })
    };
    let on_key = {
        let open = open.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                open.set(false);
            }
        })
    };
    html! {
        <span class="info" data-term={ props.term.clone() } onkeydown={on_key}>
            <button type="button" class="info-button" aria-expanded={ open.to_string() } aria-controls={ id.clone() }
                aria-label={ (t.lab.what_is)(term.name) } title={ term.meaning } onclick={toggle}>{ "ⓘ" }
                if props.named { <span class="info-name">{ term.name }</span> }</button>
            if *open {
                <span class="popover" role="note" {id}><strong>{ term.name }</strong>{ " " }{ term.meaning }</span>
            }
        </span>
    }
}

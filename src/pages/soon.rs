//! Pages that later issues fill in; each says what it will hold.

use yew::prelude::*;

use crate::i18n::Lang;

#[derive(Properties, PartialEq)]
pub struct SoonProps {
    pub title: AttrValue,
    pub text: AttrValue,
}

#[component]
pub fn Soon(props: &SoonProps) -> Html {
    let t = use_context::<Lang>().unwrap_or(Lang::Zh).strings();
    html! {
        <main id="main" class="page soon">
            <h1>{ props.title.clone() }</h1>
            <p>{ props.text.clone() }</p>
            <p class="note">{ t.coming_soon }</p>
        </main>
    }
}

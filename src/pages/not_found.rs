//! What an address that names no page shows, with the way back.

use yew::prelude::*;

use crate::i18n::use_strings;

#[component]
pub fn NotFound() -> Html {
    let t = use_strings();
    html! {
        <main id="main" class="page not-found">
            <h1>{ t.not_found }</h1>
            <p><a href="#/deal">{ t.nav_deal }</a></p>
        </main>
    }
}

//! The shell: header with navigation and the language switch, the page the
//! URL fragment names, and the worker provider every page can reach.

use gloo::events::EventListener;
use yew::prelude::*;
use yew_agent::reactor::ReactorProvider;

use crate::api::{probe, Server};
use crate::components::card::SuitSprites;
use crate::i18n::Lang;
use crate::pages::contest::ContestPage;
use crate::pages::deal::DealPage;
use crate::pages::duplicate::DuplicatePage;
use crate::pages::endgame::EndgamePage;
use crate::pages::lab::LabPage;
use crate::pages::not_found::NotFound;
use crate::pages::play::PlayPage;
use crate::pages::table::TablePage;
use crate::route::{DealLink, Route};
use crate::settings;
use crate::worker::EngineWorker;

fn current_route() -> Route {
    let hash = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    Route::from_hash(&hash)
}

fn set_document_lang(lang: Lang) {
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = root.set_attribute("lang", lang.code());
    }
    if let Some(doc) = web_sys::window().and_then(|w| w.document()) {
        doc.set_title(lang.strings().app_title);
    }
}

#[component]
pub fn App() -> Html {
    let loaded = use_memo((), |_| settings::load());
    let lang = use_state(|| loaded.0.lang);
    let notice = use_state(|| loaded.1.clone());
    let route = use_state(current_route);

    {
        let route = route.clone();
        use_effect_with((), move |_| {
            let listener =
                web_sys::window().map(|w| EventListener::new(&w, "hashchange", move |_| route.set(current_route())));
            move || drop(listener)
        });
    }
    use_effect_with(*lang, |lang| set_document_lang(*lang));
    use_effect_with((), |_| crate::web::mark_once("first-render"));
    // Served by ddz-server? Asked once; until it answers, and on a static
    // site, the pages are as they always were.
    let server = use_state(Server::default);
    {
        let server = server.clone();
        use_effect_with((), move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                if probe().await {
                    server.set(Server(true));
                }
            });
        });
    }

    let t = lang.strings();
    let switch_to = |target: Lang, label: &'static str, short: &'static str| {
        let handle = lang.clone();
        let onclick = Callback::from(move |_: MouseEvent| {
            settings::update(|s| s.lang = target);
            handle.set(target);
        });
        html! {
            <button type="button" class="lang" lang={ target.code() } aria-label={ label } aria-pressed={ (*lang == target).to_string() } {onclick}>
                <span class="long">{ label }</span><span class="short" aria-hidden="true">{ short }</span>
            </button>
        }
    };
    let nav_link = |target: Route, label: &'static str| {
        let active = std::mem::discriminant(&*route) == std::mem::discriminant(&target);
        html! {
            <a href={ target.to_hash() } class={ classes!(active.then_some("active")) }
                aria-current={ if active { "page" } else { "false" } }>{ label }</a>
        }
    };
    let page = match &*route {
        Route::Deal(link) => html! { <DealPage link={link.clone()} /> },
        Route::Play(link) => html! { <PlayPage link={link.clone()} /> },
        Route::Endgame(link) => html! { <EndgamePage link={link.clone()} /> },
        Route::Lab(link) => html! { <LabPage link={link.clone()} /> },
        Route::Contest(link) => html! { <ContestPage link={link.clone()} /> },
        Route::Table(id) => html! { <TablePage id={ AttrValue::from(id.clone()) } /> },
        Route::Duplicate(id) => html! { <DuplicatePage id={ AttrValue::from(id.clone()) } /> },
        Route::NotFound(_) => html! { <NotFound /> },
    };
    let dismiss = {
        let notice = notice.clone();
        Callback::from(move |_: MouseEvent| notice.set(None))
    };

    html! {
        <ContextProvider<Lang> context={*lang}>
            <ContextProvider<Server> context={*server}>
            <ReactorProvider<EngineWorker> path="engine.js">
                <header class="top">
                    <a class="brand" href={ Route::Deal(DealLink::Fresh).to_hash() }>
                        <img src="icon.svg" alt="" width="32" height="32" />
                        <span>{ t.app_title }</span>
                    </a>
                    <nav aria-label={ t.nav_label }>
                        { nav_link(Route::Deal(DealLink::Fresh), t.nav_deal) }
                        { nav_link(Route::Play(Default::default()), t.nav_play) }
                        { nav_link(Route::Endgame(Default::default()), t.nav_endgame) }
                        { nav_link(Route::Contest(Default::default()), t.nav_contest) }
                        { nav_link(Route::Lab(Default::default()), t.nav_lab) }
                    </nav>
                    <div class="langs" role="group" aria-label={ t.language }>
                        { switch_to(Lang::Zh, "中文", "中") }
                        { switch_to(Lang::En, "English", "EN") }
                    </div>
                </header>
                if let Some(reason) = &*notice {
                    <p class="notice" role="status">
                        { (t.settings_reset)(&t.settings_error(reason)) }
                        <button type="button" onclick={dismiss} aria-label="OK">{ "×" }</button>
                    </p>
                }
                <SuitSprites />
                { page }
            </ReactorProvider<EngineWorker>>
            </ContextProvider<Server>>
        </ContextProvider<Lang>>
    }
}

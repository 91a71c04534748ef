//! A duplicate session's page (复式赛, `#/duplicate/ID`, docs/app.md): its
//! tables with their links and who sits there (the organiser seats the AI
//! in the empty chairs), and the standings of the boards this browser may
//! see, asked again every few seconds until every board is played.

mod api;
mod standings;
mod tables;

pub use api::create;

use std::cell::RefCell;
use std::rc::Rc;

use engine::table::duplicate::{Looker, SessionView};
use gloo::timers::callback::Interval;
use yew::prelude::*;

use self::api::{load, organiser_key};
use crate::components::copy::CopyButton;
use crate::i18n::use_strings;
use crate::web;

/// How often the page asks again while the session is on.
const REFRESH_MS: u32 = 3_000;

#[derive(Properties, PartialEq)]
pub struct DuplicatePageProps {
    pub id: AttrValue,
}

#[component]
pub fn DuplicatePage(props: &DuplicatePageProps) -> Html {
    let t = use_strings();
    let session = use_state(|| None::<Rc<SessionView>>);
    let problem = use_state(|| None::<String>);
    // Set to the time of each ask wanted: a new value asks again.
    let tick = use_state(web::unix_ms);
    // The seat key that worked, so the next asks skip the search.
    let known: Rc<RefCell<Option<String>>> = use_mut_ref(|| None);
    {
        let (session, problem, known) = (session.clone(), problem.clone(), known.clone());
        use_effect_with((props.id.clone(), *tick as u64), move |(id, _)| {
            let id = id.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let before = known.borrow().clone();
                match load(&id, before).await {
                    Ok((s, key)) => {
                        *known.borrow_mut() = key;
                        problem.set(None);
                        session.set(Some(Rc::new(s)));
                    }
                    Err(e) if e.status == 404 => problem.set(Some(t.duplicate.no_session.into())),
                    Err(e) => problem.set(Some((t.table.refused)(&e.message))),
                }
            });
        });
    }
    let over = session.as_ref().is_some_and(|s| s.standings.over);
    {
        let tick = tick.clone();
        use_effect_with(over, move |over| {
            let timer = (!over).then(|| Interval::new(REFRESH_MS, move || tick.set(web::unix_ms())));
            move || drop(timer)
        });
    }
    let key = organiser_key(&props.id);
    let fill = key
        .filter(|_| session.as_ref().is_some_and(|s| s.looker == Looker::Organiser))
        .map(|key| {
            let (tick, problem) = (tick.clone(), problem.clone());
            Callback::from(move |tables: Vec<String>| {
                let (key, tick, problem) = (key.clone(), tick.clone(), problem.clone());
                wasm_bindgen_futures::spawn_local(async move {
                    for table in &tables {
                        if let Err(e) = crate::pages::table::fill(table, &key).await {
                            problem.set(Some((t.table.refused)(&e.message)));
                        }
                    }
                    tick.set(web::unix_ms());
                });
            })
        });
    let href = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();
    let looker = session.as_ref().map(|s| match s.looker {
        Looker::Organiser => "organiser",
        Looker::Table(_) => "table",
        Looker::Public => "public",
    });
    html! {
        <main id="main" class="page contest-page duplicate-page" data-looker={ looker } data-over={ over.to_string() }>
            <h1>{ t.duplicate.title }</h1>
            <p class="share-line"><span>{ t.duplicate.share }</span><code id="duplicate-link">{ href.clone() }</code>
                <CopyButton text={ AttrValue::from(href) } id={ AttrValue::Static("duplicate-copy") } /></p>
            if let Some(why) = (*problem).clone() {
                <p class="error" id="duplicate-error" role="alert">{ why }</p>
            }
            if let Some(s) = session.as_ref() {
                <p class="note">{ t.table.rules_label }{ t.contest.colon }{ t.table.rules[usize::from(s.rules == engine::table::Rules::Casual)] }</p>
                { tables::tables(t, s, fill) }
                { standings::standings(t, s) }
            } else if problem.is_none() {
                <p id="duplicate-loading">{ t.duplicate.loading }</p>
            }
        </main>
    }
}

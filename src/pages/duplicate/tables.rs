//! The session's tables: each one's link to open or copy and who sits
//! there; for the organiser, the AI for the empty chairs; when the session
//! is over, each table's records.

use std::rc::Rc;

use yew::prelude::*;

use super::api::{organiser_key, Session, TableInfo};
use crate::components::copy::CopyButton;
use crate::i18n::{use_strings, Strings};
use crate::route::Route;

#[derive(Properties, PartialEq)]
pub struct TablesProps {
    pub session: Rc<Session>,
    pub id: AttrValue,
    /// Asks the session again (after the AI sat down).
    pub refresh: Callback<()>,
}

/// The page's address up to its fragment.
fn base() -> String {
    web_sys::window()
        .and_then(|w| w.location().href().ok())
        .map(|h| h.split('#').next().unwrap_or_default().to_string())
        .unwrap_or_default()
}

#[component]
pub fn Tables(props: &TablesProps) -> Html {
    let t = use_strings();
    let problem = use_state(|| None::<String>);
    let s = &props.session;
    let key = s.organiser().then(|| organiser_key(&props.id)).flatten();
    let empty = |table: &TableInfo| table.names.iter().any(Option::is_none);
    let fill = |tables: Vec<String>| {
        let (key, refresh, problem) = (key.clone(), props.refresh.clone(), problem.clone());
        Callback::from(move |_: MouseEvent| {
            let (key, refresh, problem, tables) = (key.clone(), refresh.clone(), problem.clone(), tables.clone());
            wasm_bindgen_futures::spawn_local(async move {
                for table in &tables {
                    if let Err(e) = crate::pages::table::fill(table, key.as_deref().unwrap_or_default()).await {
                        problem.set(Some((t.table.refused)(&e.message)));
                    }
                }
                refresh.emit(());
            });
        })
    };
    let base = base();
    let rows = s.tables.iter().map(|table| {
        let link = format!("{base}{}", Route::Table(table.id.clone()).to_hash());
        let names = table
            .names
            .iter()
            .map(|n| n.clone().unwrap_or_else(|| t.table.empty_chair.to_string()))
            .collect::<Vec<_>>()
            .join(" · ");
        let n = table.number;
        html! {
            <li data-table={ n.to_string() } data-id={ table.id.clone() }>
                <a class="button" href={ Route::Table(table.id.clone()).to_hash() } id={ format!("duplicate-open-{n}") }>{ (t.duplicate.table_n)(n) }</a>
                <span class="names">{ names }</span>
                <CopyButton text={ AttrValue::from(link) } />
                if key.is_some() && empty(table) {
                    <button type="button" id={ format!("duplicate-fill-{n}") } onclick={ fill(vec![table.id.clone()]) }>{ t.table.fill }</button>
                }
                if s.standings.over {
                    <a href={ format!("api/tables/{}/history", table.id) } id={ format!("duplicate-records-{n}") }>{ t.duplicate.records }</a>
                }
            </li>
        }
    });
    let all_empty: Vec<String> = s.tables.iter().filter(|tb| empty(tb)).map(|tb| tb.id.clone()).collect();
    html! {
        <section class="duplicate-tables">
            <ol class="links" id="duplicate-tables">{ for rows }</ol>
            if key.is_some() && all_empty.len() > 1 {
                <button type="button" id="duplicate-fill-all" onclick={ fill(all_empty) }>{ t.duplicate.fill_all }</button>
            }
            if let Some(why) = (*problem).clone() {
                <p class="error" role="alert">{ why }</p>
            }
        </section>
    }
}

/// The line saying which boards are shown, and why.
pub fn shown_line(t: &Strings, s: &Session) -> Html {
    let why = match (s.organiser(), s.looker_table()) {
        (true, _) => t.duplicate.shown_organiser.to_string(),
        (_, Some(n)) => (t.duplicate.shown_table)(n),
        _ => t.duplicate.shown_public.to_string(),
    };
    let shown = &s.standings.shown;
    let list = if shown.is_empty() {
        t.duplicate.none_shown.to_string()
    } else {
        (t.duplicate.shown_list)(shown)
    };
    let tables = s.standings.shape.tables();
    let progress = s
        .standings
        .finished
        .iter()
        .enumerate()
        .map(|(k, done)| (t.duplicate.progress)(k as u32 + 1, *done, tables))
        .collect::<Vec<_>>()
        .join(" · ");
    html! {
        <>
            <p class="note" id="duplicate-shown" data-shown={ shown.iter().map(u32::to_string).collect::<Vec<_>>().join(",") }>{ why }{ " " }{ list }</p>
            <p class="note" id="duplicate-progress">{ if s.standings.over { t.duplicate.over.to_string() } else { progress } }</p>
        </>
    }
}

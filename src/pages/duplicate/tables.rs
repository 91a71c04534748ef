//! The session's tables: each one's link to open or copy and who sits
//! there; for the organiser, the AI for the empty chairs; when the session
//! is over, each table's records.

use engine::table::duplicate::SessionView;
use yew::prelude::*;

use crate::components::copy::CopyButton;
use crate::i18n::Strings;
use crate::route::Route;

/// The tables of session `s`; `fill` seats the AI at the tables named (by
/// id), given only to the organiser.
pub fn tables(t: &Strings, s: &SessionView, fill: Option<Callback<Vec<String>>>) -> Html {
    let base = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .map(|h| h.split('#').next().unwrap_or_default().to_string())
        .unwrap_or_default();
    let over = s.standings.over;
    let mut empty = vec![];
    let rows = s.tables.iter().map(|table| {
        let (n, id) = (table.number, table.id.clone());
        let hash = Route::Table(id.clone()).to_hash();
        let open = table.names.iter().any(Option::is_none);
        if open {
            empty.push(id.clone());
        }
        let names: Vec<&str> = table.names.iter().map(|n| n.as_deref().unwrap_or(t.table.empty_chair)).collect();
        let fill_one = fill.as_ref().filter(|_| open).map(|f| f.reform({
            let id = id.clone();
            move |_: MouseEvent| vec![id.clone()]
        }));
        html! {
            <li data-table={ n.to_string() }>
                <a class="button" href={ hash.clone() } id={ format!("duplicate-open-{n}") }>{ (t.duplicate.table_n)(n) }</a>
                <span class="names">{ names.join(" · ") }</span>
                <CopyButton text={ AttrValue::from(format!("{base}{hash}")) } />
                if let Some(onclick) = fill_one {
                    <button type="button" id={ format!("duplicate-fill-{n}") } {onclick}>{ t.table.fill }</button>
                }
                if over {
                    <a href={ format!("api/tables/{id}/history") } id={ format!("duplicate-records-{n}") }>{ t.duplicate.records }</a>
                }
            </li>
        }
    });
    let rows: Html = rows.collect();
    let all = fill
        .filter(|_| empty.len() > 1)
        .map(|f| f.reform(move |_: MouseEvent| empty.clone()));
    html! {
        <section class="duplicate-tables">
            <ol class="links" id="duplicate-tables">{ rows }</ol>
            if let Some(onclick) = all {
                <button type="button" id="duplicate-fill-all" {onclick}>{ t.duplicate.fill_all }</button>
            }
        </section>
    }
}

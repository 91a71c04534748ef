//! The organiser's page of an online event, with the organiser key this
//! browser keeps (or one typed in): who entered and finished, close,
//! extend, disqualify with a reason, the standings as CSV, and after close
//! the hand records.

use yew::prelude::*;

use super::views::{OrganiserView, StandingsView};
use super::{event_facts, keep_organiser_key, link, organiser_key, standings_block, title, typed_time, use_fetch};
use crate::api::{self, ApiError};
use crate::i18n::{use_lang, use_strings};
use crate::pages::contest::event::data_href;
use crate::route::{ContestLink, Route};
use crate::web;

#[derive(Properties, PartialEq)]
pub struct OrganiserPageProps {
    pub id: AttrValue,
}

type Loaded = (OrganiserView, StandingsView, String, Option<String>);

async fn load(id: String, key: String) -> Result<Loaded, ApiError> {
    let view = api::call::<OrganiserView>("GET", &format!("events/{id}/organiser"), Some(&key), None).await?;
    let standings = api::call::<StandingsView>("GET", &format!("events/{id}/standings"), Some(&key), None).await?;
    let csv = api::text("GET", &format!("events/{id}/standings.csv"), Some(&key), None).await?;
    let records = if view.event.state == "closed" {
        api::text("GET", &format!("events/{id}/records"), Some(&key), None)
            .await
            .ok()
    } else {
        None
    };
    Ok((view, standings, csv, records))
}

fn typed(handle: &UseStateHandle<String>) -> Callback<InputEvent> {
    let handle = handle.clone();
    Callback::from(move |e: InputEvent| {
        if let Some(v) = web::input_value(e.as_ref()) {
            handle.set(v);
        }
    })
}

#[component]
pub fn OrganiserPage(props: &OrganiserPageProps) -> Html {
    let t = use_strings();
    let o = t.online;
    let lang = use_lang().code();
    let id = props.id.to_string();
    let key = use_state(|| organiser_key(&id));
    let round = use_state(|| 0u32);
    let loaded = use_fetch(((*key).clone(), id.clone(), *round), |(key, id, _)| async move {
        match key {
            Some(key) => load(id, key).await.map(Some),
            None => Ok(None),
        }
    });
    let typed_key = use_state(String::new);
    let closes = use_state(String::new);
    let who = use_state(String::new);
    let reason = use_state(String::new);
    let said = use_state(|| None::<Result<(), String>>);

    let on_key = {
        let (id, typed_key, key) = (id.clone(), typed_key.clone(), key.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let typed = typed_key.trim().to_string();
            if !typed.is_empty() {
                let _ = keep_organiser_key(&id, &typed);
                key.set(Some(typed));
            }
        })
    };
    // An action with the organiser key, then everything asked again.
    let act = {
        let (id, key, round, said) = (id.clone(), key.clone(), round.clone(), said.clone());
        move |path: &'static str, body: Option<String>| {
            let (id, key, round, said) = (
                id.clone(),
                (*key).clone().unwrap_or_default(),
                round.clone(),
                said.clone(),
            );
            wasm_bindgen_futures::spawn_local(async move {
                let answer = api::text("POST", &format!("events/{id}/{path}"), Some(&key), body).await;
                said.set(Some(answer.map(|_| ()).map_err(|e| t.api_error(&e))));
                round.set(*round + 1);
            });
        }
    };
    let on_close = {
        let act = act.clone();
        Callback::from(move |_: MouseEvent| act("close", None))
    };
    let on_extend = {
        let (act, closes, said) = (act.clone(), closes.clone(), said.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            match typed_time(t, &closes) {
                Ok(Some(time)) => act("extend", Some(format!("{{\"closes\":{}}}", api::quoted(&time)))),
                Ok(None) => {}
                Err(why) => said.set(Some(Err(why))),
            }
        })
    };
    let on_disqualify = {
        let (act, who, reason) = (act.clone(), who.clone(), reason.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if !who.trim().is_empty() {
                let body = format!(
                    "{{\"name\":{},\"reason\":{}}}",
                    api::quoted(who.trim()),
                    api::quoted(reason.trim())
                );
                act("disqualify", Some(body));
            }
        })
    };

    let key_form = html! {
        <form class="continue" id="online-organiser-key-form" onsubmit={on_key}>
            <label class="field">{ o.key_label }
                <input id="online-organiser-key" type="text" spellcheck="false" autocomplete="off" value={ (*typed_key).clone() } oninput={ typed(&typed_key) } />
            </label>
            <button type="submit" id="online-organiser-open">{ o.open_with_key }</button>
        </form>
    };
    let back = html! { <p><a href={ link(&id, None, None) }>{ t.contest.back_event }</a></p> };
    let (view, standings, csv, records) = match &*loaded {
        None => {
            return html! { <main id="main" class="page contest-page"><p id="online-loading">{ o.loading }</p></main> }
        }
        Some(Ok(None)) => {
            return html! {
                <main id="main" class="page contest-page online-organiser">
                    <h1>{ t.contest.organiser }</h1>
                    { key_form }
                    { back }
                </main>
            };
        }
        Some(Err(e)) => {
            return html! {
                <main id="main" class="page contest-page online-organiser">
                    <h1>{ t.contest.organiser }</h1>
                    <p class="error" id="online-organiser-error" role="alert">{ t.api_error(e) }</p>
                    { key_form }
                    { back }
                </main>
            };
        }
        Some(Ok(Some(loaded))) => loaded.clone(),
    };
    let event = &view.event;
    let boards = super::public_event(event).map_or(0, |e| u32::from(e.boards()));
    let closed = event.state == "closed";
    let rows = view.entrants.iter().map(|e| {
        let out = e.disqualified.clone();
        html! {
            <tr data-name={ e.name.clone() } data-boards={ e.boards_finished.to_string() } data-finished={ e.finished.to_string() }>
                <th scope="row">{ e.name.clone() }</th>
                <td>{ (o.boards_done)(e.boards_finished, boards) }</td>
                <td class="num">{ format!("{:+}", e.total) }</td>
                <td>{ if e.finished { o.finished } else { "" } }</td>
                <td>{ out.map(|why| format!("{}{}{why}", o.disqualified, t.contest.colon)).unwrap_or_default() }</td>
            </tr>
        }
    });
    let title = title(t, event);
    let said_view = match &*said {
        Some(Ok(())) => html! { <p class="note" id="online-said" role="status">{ o.done }</p> },
        Some(Err(why)) => html! { <p class="error" id="online-said" role="alert">{ why.clone() }</p> },
        None => html! {},
    };
    html! {
        <main id="main" class="page contest-page online-organiser" data-online={ id.clone() }>
            <h1>{ t.contest.organiser }{ t.contest.colon }<span id="online-title">{ title.clone() }</span></h1>
            { event_facts(t, lang, event) }
            <h2>{ o.entrants }</h2>
            if view.entrants.is_empty() {
                <p id="online-no-entrants">{ o.no_entrants }</p>
            } else {
                <div class="scroll"><table id="online-entrants"><tbody>{ for rows }</tbody></table></div>
            }
            { said_view }
            if !closed {
                <p><button type="button" class="primary" id="online-close" onclick={on_close}>{ o.close_button }</button></p>
                <form class="inline" id="online-extend" onsubmit={on_extend}>
                    <label class="field">{ o.extend_label }
                        <input id="online-closes" type="datetime-local" value={ (*closes).clone() } oninput={ typed(&closes) } />
                    </label>
                    <button type="submit" id="online-extend-button">{ o.extend_button }</button>
                </form>
            }
            if !view.entrants.is_empty() {
                <form class="inline" id="online-disqualify" onsubmit={on_disqualify}>
                    <label class="field">{ t.contest.entrant }
                        <select id="online-disqualify-name" onchange={ { let who = who.clone(); Callback::from(move |e: web_sys::Event| if let Some(v) = web::input_value(&e) { who.set(v) }) } }>
                            <option value="" selected={ who.is_empty() }>{ "—" }</option>
                            { for view.entrants.iter().map(|e| html! { <option value={ e.name.clone() } selected={ *who == e.name }>{ e.name.clone() }</option> }) }
                        </select>
                    </label>
                    <label class="field">{ o.reason_label }
                        <input id="online-disqualify-reason" type="text" maxlength="200" value={ (*reason).clone() } oninput={ typed(&reason) } />
                    </label>
                    <button type="submit" id="online-disqualify-button">{ o.disqualify_button }</button>
                </form>
            }
            { standings_block(t, event, &standings) }
            <p>
                <a class="button" id="online-csv" download={ format!("{}.csv", if title.is_empty() { id.clone() } else { title.clone() }) }
                    href={ data_href("text/csv", &format!("\u{feff}{csv}")) }>{ o.csv }</a>
            </p>
            if let Some(records) = records {
                <p>
                    <a class="button" id="online-records" download={ format!("{id}-records.json") } href={ data_href("application/json", &records) }>{ o.records_json }</a>
                    if let Some(code) = &event.event_code {
                        { " " }
                        <a id="online-records-page" href={ Route::Contest(ContestLink { event: Some(code.clone()), view: Some("records".into()), ..ContestLink::default() }).to_hash() }>{ o.records_page }</a>
                    }
                </p>
            }
            { back }
        </main>
    }
}

//! The organiser's page of an online event, with the organiser key this
//! browser keeps (or one typed in): who entered and finished, close,
//! extend, disqualify with a reason, the standings as CSV, and after close
//! the hand records.

use yew::prelude::*;

use super::views::{EventView, OrganiserView, StandingsView};
use super::{event_facts, keep_organiser_key, link, organiser_key, standings_block, title, typed_time, use_fetch};
use crate::api::{self, ApiError};
use crate::i18n::{use_lang, use_strings, Strings};
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

/// What the organiser types, and what the last action said.
#[derive(Clone)]
struct Fields {
    typed_key: UseStateHandle<String>,
    closes: UseStateHandle<String>,
    who: UseStateHandle<String>,
    reason: UseStateHandle<String>,
    said: UseStateHandle<Option<Result<(), String>>>,
}

/// The organiser's fields, empty until typed.
#[hook]
fn use_fields() -> Fields {
    Fields {
        typed_key: use_state(String::new),
        closes: use_state(String::new),
        who: use_state(String::new),
        reason: use_state(String::new),
        said: use_state(|| None::<Result<(), String>>),
    }
}

/// The organiser's actions: opening with a key, closing, extending,
/// disqualifying.
struct Actions {
    on_key: Callback<SubmitEvent>,
    on_close: Callback<MouseEvent>,
    on_extend: Callback<SubmitEvent>,
    on_disqualify: Callback<SubmitEvent>,
}

/// Each action sent with the organiser key, then everything asked again.
fn actions(
    t: &'static Strings,
    id: &str,
    key: &UseStateHandle<Option<String>>,
    round: &UseStateHandle<u32>,
    fields: &Fields,
) -> Actions {
    let on_key = {
        let (id, typed_key, key) = (id.to_string(), fields.typed_key.clone(), key.clone());
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
        let (id, key, round, said) = (id.to_string(), key.clone(), round.clone(), fields.said.clone());
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
        let (act, closes, said) = (act.clone(), fields.closes.clone(), fields.said.clone());
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
        let (act, who, reason) = (act.clone(), fields.who.clone(), fields.reason.clone());
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
    Actions {
        on_key,
        on_close,
        on_extend,
        on_disqualify,
    }
}

/// Opening the page with an organiser key typed in.
fn key_form(t: &Strings, typed_key: &UseStateHandle<String>, on_key: Callback<SubmitEvent>) -> Html {
    let o = t.online;
    html! {
        <form class="continue" id="online-organiser-key-form" onsubmit={on_key}>
            <label class="field">{ o.key_label }
                <input id="online-organiser-key" type="text" spellcheck="false" autocomplete="off" value={ (**typed_key).clone() } oninput={ typed(typed_key) } />
            </label>
            <button type="submit" id="online-organiser-open">{ o.open_with_key }</button>
        </form>
    }
}

/// The page without the event: no key yet, or one the server refused.
fn locked_page(t: &Strings, error: Option<&ApiError>, key_form: Html, back: Html) -> Html {
    html! {
        <main id="main" class="page contest-page online-organiser">
            <h1>{ t.contest.organiser }</h1>
            if let Some(e) = error {
                <p class="error" id="online-organiser-error" role="alert">{ t.api_error(e) }</p>
            }
            { key_form }
            { back }
        </main>
    }
}

/// Who entered: their boards done, total, finished, disqualified.
fn entrants_table(t: &Strings, view: &OrganiserView, boards: u32) -> Html {
    let o = t.online;
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
    html! {
        if view.entrants.is_empty() {
            <p id="online-no-entrants">{ o.no_entrants }</p>
        } else {
            <div class="scroll"><table id="online-entrants"><tbody>{ for rows }</tbody></table></div>
        }
    }
}

/// What the last action said: done, or why not.
fn said_view(t: &Strings, said: &Option<Result<(), String>>) -> Html {
    match said {
        Some(Ok(())) => html! { <p class="note" id="online-said" role="status">{ t.online.done }</p> },
        Some(Err(why)) => html! { <p class="error" id="online-said" role="alert">{ why.clone() }</p> },
        None => html! {},
    }
}

/// Closing the event now, or moving its closing time.
fn close_forms(t: &Strings, closes: &UseStateHandle<String>, actions: &Actions) -> Html {
    let o = t.online;
    html! {
        <>
            <p><button type="button" class="primary" id="online-close" onclick={ actions.on_close.clone() }>{ o.close_button }</button></p>
            <form class="inline" id="online-extend" onsubmit={ actions.on_extend.clone() }>
                <label class="field">{ o.extend_label }
                    <input id="online-closes" type="datetime-local" value={ (**closes).clone() } oninput={ typed(closes) } />
                </label>
                <button type="submit" id="online-extend-button">{ o.extend_button }</button>
            </form>
        </>
    }
}

/// Disqualifying an entrant, with a reason.
fn disqualify_form(t: &Strings, view: &OrganiserView, fields: &Fields, on_disqualify: Callback<SubmitEvent>) -> Html {
    let (who, reason) = (&fields.who, &fields.reason);
    html! {
        <form class="inline" id="online-disqualify" onsubmit={on_disqualify}>
            <label class="field">{ t.contest.entrant }
                <select id="online-disqualify-name" onchange={ { let who = who.clone(); Callback::from(move |e: web_sys::Event| if let Some(v) = web::input_value(&e) { who.set(v) }) } }>
                    <option value="" selected={ who.is_empty() }>{ "—" }</option>
                    { for view.entrants.iter().map(|e| html! { <option value={ e.name.clone() } selected={ **who == e.name }>{ e.name.clone() }</option> }) }
                </select>
            </label>
            <label class="field">{ t.online.reason_label }
                <input id="online-disqualify-reason" type="text" maxlength="200" value={ (**reason).clone() } oninput={ typed(reason) } />
            </label>
            <button type="submit" id="online-disqualify-button">{ t.online.disqualify_button }</button>
        </form>
    }
}

/// The downloads: the standings as CSV, and after close the hand records
/// with their page.
fn downloads(t: &Strings, id: &str, title: &str, csv: &str, records: Option<String>, event: &EventView) -> Html {
    let o = t.online;
    html! {
        <>
            <p>
                <a class="button" id="online-csv" download={ format!("{}.csv", if title.is_empty() { id.to_string() } else { title.to_string() }) }
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
        </>
    }
}

/// The organiser's page: the event's state and entrants, the actions on
/// it, the standings and the downloads; a key asked for when none is kept.
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
    let fields = use_fields();
    let actions = actions(t, &id, &key, &round, &fields);

    let key_form = key_form(t, &fields.typed_key, actions.on_key.clone());
    let back = html! { <p><a href={ link(&id, None, None) }>{ t.contest.back_event }</a></p> };
    let (view, standings, csv, records) = match &*loaded {
        None => {
            return html! { <main id="main" class="page contest-page"><p id="online-loading">{ o.loading }</p></main> }
        }
        Some(Ok(None)) => return locked_page(t, None, key_form, back),
        Some(Err(e)) => return locked_page(t, Some(e), key_form, back),
        Some(Ok(Some(loaded))) => loaded.clone(),
    };
    let event = &view.event;
    let boards = super::public_event(event).map_or(0, |e| u32::from(e.boards()));
    let closed = event.state == "closed";
    let title = title(t, event);
    html! {
        <main id="main" class="page contest-page online-organiser" data-online={ id.clone() }>
            <h1>{ t.contest.organiser }{ t.contest.colon }<span id="online-title">{ title.clone() }</span></h1>
            { event_facts(t, lang, event) }
            <h2>{ o.entrants }</h2>
            { entrants_table(t, &view, boards) }
            { said_view(t, &fields.said) }
            if !closed { { close_forms(t, &fields.closes, &actions) } }
            if !view.entrants.is_empty() { { disqualify_form(t, &view, &fields, actions.on_disqualify.clone()) } }
            { standings_block(t, event, &standings) }
            { downloads(t, &id, &title, &csv, records, event) }
            { back }
        </main>
    }
}

//! Online events (线上比赛): an event kept on a ddz-server, reached at
//! `#/contest?online=ID`. Everything comes from the server (so a reload or
//! another browser resumes exactly); this browser keeps only the keys.
//!
//! - `#/contest?online=ID`: the event, entering it, the entrant's boards,
//!   the standings ([`EventPage`]);
//! - `&board=K`: board K at the Play page's table, its moves sent to the
//!   server ([`board`]);
//! - `&view=organiser`: the organiser's page ([`organiser`]).

mod board;
mod daily;
pub mod views;

pub use self::daily::ServerDaily;
mod organiser;

use engine::contest::Event;
use yew::prelude::*;

use self::views::{Entered, EntryView, EventView, StandingsView};
use super::words;
use crate::api::{self, ApiError};
use crate::components::copy::CopyButton;
use crate::i18n::{use_lang, use_strings, Strings};
use crate::route::{ContestLink, Route};
use crate::web::{self, StorageError};

/// The route of an online event's view.
pub fn link(id: &str, board: Option<u8>, view: Option<&str>) -> String {
    Route::Contest(ContestLink {
        online: Some(id.to_string()),
        board: board.map(|b| b.to_string()),
        view: view.map(str::to_string),
        ..ContestLink::default()
    })
    .to_hash()
}

fn key_name(role: &str, id: &str) -> String {
    format!("ddz.online.{role}.{id}")
}

/// The organiser's key of event `id`, when this browser keeps it.
pub fn organiser_key(id: &str) -> Option<String> {
    web::storage_get(&key_name("organiser", id))
}

pub fn keep_organiser_key(id: &str, key: &str) -> Result<(), StorageError> {
    web::storage_set(&key_name("organiser", id), key)
}

/// This browser's entry key for event `id`.
pub fn entry_key(id: &str) -> Option<String> {
    web::storage_get(&key_name("entry", id))
}

pub fn keep_entry_key(id: &str, key: &str) -> Result<(), StorageError> {
    web::storage_set(&key_name("entry", id), key)
}

/// An RFC 3339 time in the reader's own clock and language.
pub fn local_time(lang: &str, time: &str) -> String {
    let date = js_sys::Date::new(&time.into());
    if date.get_time().is_nan() {
        return time.to_string();
    }
    date.to_locale_string(lang, &wasm_bindgen::JsValue::UNDEFINED).into()
}

/// A `datetime-local` field's value (the reader's clock) as RFC 3339 UTC;
/// `Ok(None)` when blank.
pub fn typed_time(t: &Strings, typed: &str) -> Result<Option<String>, String> {
    let typed = typed.trim();
    if typed.is_empty() {
        return Ok(None);
    }
    let date = js_sys::Date::new(&typed.into());
    if date.get_time().is_nan() {
        return Err((t.online.bad_time)(typed));
    }
    Ok(Some(date.to_iso_string().into()))
}

/// The public event behind a view: its settings, for the rules in words.
pub fn public_event(view: &EventView) -> Option<Event> {
    Event::from_code(&view.public_code).ok()
}

pub fn title(t: &Strings, view: &EventView) -> String {
    match public_event(view) {
        Some(e) => words::title(t, &e),
        None if view.title.is_empty() => t.contest.untitled.to_string(),
        None => view.title.clone(),
    }
}

#[derive(Properties, PartialEq)]
pub struct OnlinePageProps {
    pub id: AttrValue,
    pub board: Option<String>,
    pub view: Option<String>,
}

#[component]
pub fn OnlinePage(props: &OnlinePageProps) -> Html {
    let id = props.id.clone();
    match (
        props.board.as_deref().map(|b| b.trim().parse::<u8>()),
        props.view.as_deref(),
    ) {
        (Some(Ok(number)), _) => {
            html! { <board::OnlineBoard key={ format!("{id}/{number}") } id={ id.clone() } {number} /> }
        }
        (_, Some("organiser")) => html! { <organiser::OrganiserPage key={ id.to_string() } id={ id.clone() } /> },
        _ => html! { <EventPage key={ id.to_string() } id={ id.clone() } /> },
    }
}

/// Runs `call` whenever `deps` change, and keeps its answer (`None` until
/// it comes).
#[hook]
pub fn use_fetch<D, T, F, Fut>(deps: D, call: F) -> UseStateHandle<Option<Result<T, ApiError>>>
where
    D: PartialEq + Clone + 'static,
    T: 'static,
    F: Fn(D) -> Fut + 'static,
    Fut: std::future::Future<Output = Result<T, ApiError>> + 'static,
{
    let answer = use_state(|| None);
    {
        let answer = answer.clone();
        use_effect_with(deps, move |deps| {
            let future = call(deps.clone());
            wasm_bindgen_futures::spawn_local(async move { answer.set(Some(future.await)) });
        });
    }
    answer
}

/// The event's heading lines: state, times, counts, commitment, and after
/// close the secret with how to check it.
pub fn event_facts(t: &Strings, lang: &str, view: &EventView) -> Html {
    let o = t.online;
    let closed = view.state_index() == 2;
    let times = match (&view.opens, &view.closes) {
        // Closed by the organiser: no time to tell.
        (_, None) if closed => String::new(),
        (opens, Some(closes)) => {
            let opens = opens
                .as_deref()
                .map(|x| format!("{} · ", (o.opens_at)(&local_time(lang, x))));
            format!(
                "{}{}",
                opens.unwrap_or_default(),
                (o.closes_at)(&local_time(lang, closes))
            )
        }
        (Some(opens), None) => format!("{} · {}", (o.opens_at)(&local_time(lang, opens)), o.until_closed),
        (None, None) => o.until_closed.to_string(),
    };
    html! {
        <div class="online-facts" id="online-facts" data-state={ view.state.clone() }>
            <p><strong id="online-state">{ o.states[view.state_index()] }</strong>
                if !times.is_empty() { { " · " }{ times } }</p>
            <p id="online-counts" data-entrants={ view.entrants.to_string() } data-finished={ view.finished.to_string() }>{ (o.counts)(view.entrants, view.finished) }</p>
            <p class="note">{ o.commitment }{ t.contest.colon }<code id="online-commitment" class="wrap">{ view.commitment.clone() }</code></p>
            if let Some(secret) = &view.secret {
                <p>{ o.secret }{ t.contest.colon }<code id="online-secret" class="wrap">{ secret.clone() }</code></p>
                if let Some(code) = &view.event_code {
                    <p>{ o.full_code }{ t.contest.colon }<code id="online-event-code" class="wrap">{ code.clone() }</code></p>
                }
                <p class="note" id="online-check">{ o.check_note }</p>
            } else {
                <p class="note">{ o.commitment_note }</p>
            }
        </div>
    }
}

/// The standings as the server gives them: hidden until enough have
/// finished, provisional while open, final at close.
pub fn standings_block(t: &Strings, view: &EventView, s: &StandingsView) -> Html {
    let o = t.online;
    let body = match (&s.standings, public_event(view)) {
        (Some(standings), Some(event)) if !s.hidden => super::score::standings_view(t, &event, standings),
        _ => html! { <p id="online-standings-hidden">{ (o.hidden)(view.standings_after, view.finished) }</p> },
    };
    html! {
        <section class="online-standings" id="online-standings" data-state={ s.state.clone() } data-hidden={ s.hidden.to_string() }>
            <h2>{ if s.state == "final" { o.final_standings } else { o.provisional } }</h2>
            { body }
            if !s.disqualified.is_empty() {
                <h3>{ o.disqualified }</h3>
                <ul id="online-disqualified">
                    { for s.disqualified.iter().map(|d| html! { <li data-name={ d.name.clone() }><strong>{ d.name.clone() }</strong>{ t.contest.colon }{ d.reason.clone() }</li> }) }
                </ul>
            }
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct EventPageProps {
    id: AttrValue,
}

/// What the event page asks the server: the event, this browser's entry
/// (when it keeps a key), the standings — all asked again when `round`
/// is bumped.
type EventAnswers = (
    UseStateHandle<Option<Result<EventView, ApiError>>>,
    UseStateHandle<Option<Result<Option<EntryView>, ApiError>>>,
    UseStateHandle<Option<Result<StandingsView, ApiError>>>,
);

/// The event, the entry and the standings, fetched again whenever the key
/// or the round changes.
#[hook]
fn use_event_answers(id: &str, key: Option<String>, round: u32) -> EventAnswers {
    let event = use_fetch((id.to_string(), round), |(id, _)| async move {
        api::call::<EventView>("GET", &format!("events/{id}"), None, None).await
    });
    let entry = use_fetch((key, id.to_string(), round), |(key, id, _)| async move {
        match key {
            Some(key) => api::call::<EntryView>("GET", &format!("events/{id}/entry"), Some(&key), None)
                .await
                .map(Some),
            None => Ok(None),
        }
    });
    let standings = use_fetch((id.to_string(), round), |(id, _)| async move {
        api::call::<StandingsView>("GET", &format!("events/{id}/standings"), None, None).await
    });
    (event, entry, standings)
}

/// The two ways in: entering under a name, or continuing with a key kept
/// elsewhere; what is typed, and what went wrong.
#[derive(Clone)]
struct EntryForms {
    name: UseStateHandle<String>,
    typed_key: UseStateHandle<String>,
    error: UseStateHandle<Option<String>>,
    busy: UseStateHandle<bool>,
    on_enter: Callback<SubmitEvent>,
    on_continue: Callback<SubmitEvent>,
}

/// The entry forms' fields and their submits: entering keeps the new key
/// and asks everything again; continuing keeps a key the server knows.
#[hook]
fn use_entry_forms(
    t: &'static Strings,
    id: &str,
    key: &UseStateHandle<Option<String>>,
    round: &UseStateHandle<u32>,
) -> EntryForms {
    let name = use_state(String::new);
    let typed_key = use_state(String::new);
    let error = use_state(|| None::<String>);
    let busy = use_state(|| false);
    let on_enter = on_enter(t, id, &name, key, &error, &busy, round);
    let on_continue = on_continue(t, id, &typed_key, key, &error);
    EntryForms {
        name,
        typed_key,
        error,
        busy,
        on_enter,
        on_continue,
    }
}

/// Enters the event under the typed name; the answer's key is kept and
/// everything asked again.
fn on_enter(
    t: &'static Strings,
    id: &str,
    name: &UseStateHandle<String>,
    key: &UseStateHandle<Option<String>>,
    error: &UseStateHandle<Option<String>>,
    busy: &UseStateHandle<bool>,
    round: &UseStateHandle<u32>,
) -> Callback<SubmitEvent> {
    let o = t.online;
    let (id, name, key, error, busy, round) = (
        id.to_string(),
        name.clone(),
        key.clone(),
        error.clone(),
        busy.clone(),
        round.clone(),
    );
    Callback::from(move |e: SubmitEvent| {
        e.prevent_default();
        let who = name.trim().to_string();
        if who.is_empty() || *busy {
            return;
        }
        busy.set(true);
        let (id, key, error, busy, round) = (id.clone(), key.clone(), error.clone(), busy.clone(), round.clone());
        wasm_bindgen_futures::spawn_local(async move {
            let body = format!("{{\"name\":{}}}", api::quoted(&who));
            let answer = api::call::<Entered>("POST", &format!("events/{id}/entries"), None, Some(body)).await;
            busy.set(false);
            match answer {
                Ok(entered) => {
                    let kept = keep_entry_key(&id, &entered.entry_key);
                    error.set(kept.err().map(|e| (o.key_not_kept)(t.storage_error(e))));
                    key.set(Some(entered.entry_key));
                    round.set(*round + 1);
                }
                Err(e) => error.set(Some(t.api_error(&e))),
            }
        });
    })
}

/// Continues with a typed key, kept once the server knows it.
fn on_continue(
    t: &'static Strings,
    id: &str,
    typed_key: &UseStateHandle<String>,
    key: &UseStateHandle<Option<String>>,
    error: &UseStateHandle<Option<String>>,
) -> Callback<SubmitEvent> {
    let o = t.online;
    let (id, typed_key, key, error) = (id.to_string(), typed_key.clone(), key.clone(), error.clone());
    Callback::from(move |e: SubmitEvent| {
        e.prevent_default();
        let typed = typed_key.trim().to_string();
        if typed.is_empty() {
            return;
        }
        let (id, key, error) = (id.clone(), key.clone(), error.clone());
        wasm_bindgen_futures::spawn_local(async move {
            match api::call::<EntryView>("GET", &format!("events/{id}/entry"), Some(&typed), None).await {
                Ok(_) => {
                    let kept = keep_entry_key(&id, &typed);
                    error.set(kept.err().map(|e| (o.key_not_kept)(t.storage_error(e))));
                    key.set(Some(typed));
                }
                Err(e) => error.set(Some(t.api_error(&e))),
            }
        });
    })
}

/// A text field's input kept in `handle`.
fn typed_into(handle: &UseStateHandle<String>) -> Callback<InputEvent> {
    let handle = handle.clone();
    Callback::from(move |e: InputEvent| {
        if let Some(v) = web::input_value(e.as_ref()) {
            handle.set(v)
        }
    })
}

/// The page while the event is asked for.
fn loading_page(t: &Strings) -> Html {
    html! { <main id="main" class="page contest-page"><p id="online-loading">{ t.online.loading }</p></main> }
}

/// The page when the event cannot be had, with the way back.
fn event_error_page(t: &Strings, e: &ApiError) -> Html {
    html! {
        <main id="main" class="page contest-page">
            <h1>{ t.contest.title }</h1>
            <p class="error" id="online-error" role="alert">{ t.api_error(e) }</p>
            <p><a href={ Route::Contest(ContestLink::default()).to_hash() }>{ t.contest.back_home }</a></p>
        </main>
    }
}

/// Entering the event under a name, while it is open.
fn enter_form(t: &Strings, forms: &EntryForms) -> Html {
    html! {
        <form class="enter" id="online-enter" onsubmit={ forms.on_enter.clone() }>
            <label class="field">{ t.contest.your_name }
                <input id="online-name" type="text" maxlength="40" autocomplete="nickname" value={ (*forms.name).clone() }
                    oninput={ typed_into(&forms.name) } />
            </label>
            <button type="submit" class="primary" id="online-enter-button" disabled={ *forms.busy }>{ t.contest.enter }</button>
        </form>
    }
}

/// Continuing an entry made in another browser, with its key.
fn continue_form(t: &Strings, forms: &EntryForms) -> Html {
    let o = t.online;
    html! {
        <form class="continue" id="online-continue" onsubmit={ forms.on_continue.clone() }>
            <label class="field">{ o.continue_label }
                <input id="online-key" type="text" spellcheck="false" autocomplete="off" value={ (*forms.typed_key).clone() }
                    oninput={ typed_into(&forms.typed_key) } />
            </label>
            <button type="submit" id="online-continue-button">{ o.continue_button }</button>
        </form>
    }
}

/// The event: its rules and state, entering it (or continuing with a key),
/// the entrant's boards, the standings.
#[component]
fn EventPage(props: &EventPageProps) -> Html {
    let t = use_strings();
    let o = t.online;
    let lang = use_lang().code();
    let id = props.id.to_string();
    // Bumped after entering: everything is asked again.
    let round = use_state(|| 0u32);
    let key = use_state(|| entry_key(&id));
    let (event, entry, standings) = use_event_answers(&id, (*key).clone(), *round);
    let forms = use_entry_forms(t, &id, &key, &round);

    let view = match &*event {
        None => return loading_page(t),
        Some(Err(e)) => return event_error_page(t, e),
        Some(Ok(v)) => v.clone(),
    };
    let public = public_event(&view);
    let entered = match &*entry {
        Some(Ok(Some(entry))) => Some(entry.clone()),
        _ => None,
    };
    let entry_error = match &*entry {
        Some(Err(e)) => Some(t.api_error(e)),
        _ => None,
    };
    let open = view.state == "open";
    html! {
        <main id="main" class="page contest-page online-page" data-online={ id.clone() }>
            <h1 id="online-title">{ title(t, &view) }</h1>
            <p class="chip-line"><span class="chip online">{ o.online_event }</span></p>
            if let Some(event) = &public {
                <ul class="rules" id="online-rules">{ for words::rules(t, event).into_iter().map(|l| html! { <li>{ l }</li> }) }</ul>
            }
            { event_facts(t, lang, &view) }
            if let Some(entry) = &entered {
                { entry_view(t, &id, entry, (*key).as_deref().unwrap_or_default()) }
            } else if open {
                { enter_form(t, &forms) }
            }
            if entered.is_none() {
                { continue_form(t, &forms) }
            }
            if let Some(why) = entry_error.or_else(|| (*forms.error).clone()) {
                <p class="error" id="online-enter-error" role="alert">{ why }</p>
            }
            if let Some(Ok(s)) = &*standings { { standings_block(t, &view, s) } }
            <p><a id="online-organiser-link" href={ link(&id, None, Some("organiser")) }>{ o.manage }</a></p>
        </main>
    }
}

/// The entrant's name, key, boards and the next board to play.
fn entry_view(t: &Strings, id: &str, entry: &EntryView, key: &str) -> Html {
    let o = t.online;
    let rows = entry.boards.iter().map(|b| {
        let state = match (b.state.as_str(), b.score) {
            (_, Some(score)) => format!("{score:+}"),
            ("playing", _) => o.board_states[1].to_string(),
            _ => o.board_states[0].to_string(),
        };
        html! {
            <tr data-board={ b.number.to_string() } data-state={ b.state.clone() }>
                <td class="num">{ b.number }</td>
                <td>{ words::seat(t, b.seat) }</td>
                <td class="num">{ state }</td>
            </tr>
        }
    });
    html! {
        <section class="online-entry" id="online-entry" data-name={ entry.name.clone() } data-total={ entry.total.to_string() } data-finished={ entry.finished.to_string() }>
            <h2>{ (t.contest.entered_as)(&entry.name) }</h2>
            <p class="share-line">{ o.your_key }{ t.contest.colon }<code id="online-entry-key">{ key.to_string() }</code>
                <CopyButton id="online-entry-key-copy" text={ key.to_string() } /></p>
            <p class="note">{ o.your_key_note }</p>
            if let Some(why) = &entry.disqualified {
                <p class="error" id="online-you-disqualified">{ (o.you_disqualified)(why) }</p>
            }
            if let Some(next) = entry.next {
                <p><a class="button primary" id="online-play" href={ link(id, Some(next), None) }>{ (o.play_next)(next) }</a></p>
            } else {
                <p id="online-all-played">{ o.all_played }</p>
            }
            <div class="scroll">
                <table id="online-boards">
                    <thead><tr><th>{ t.contest.board }</th><th>{ t.contest.seat }</th><th>{ t.contest.score }</th></tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
            </div>
            <p id="online-total">{ (t.contest.total)(entry.total, entry.boards.iter().filter(|b| b.score.is_some()).count()) }</p>
        </section>
    }
}

//! An event's page: its rules in words, entering it under a name, the
//! boards with how each went, and at the end the result to hand in (a code
//! to copy, a file to download). The organiser's tools are linked below.
//!
//! Entering again never erases an entry with play in it: the entry is
//! shown instead, and only the explicit choice to give it up, which names
//! what is lost, removes it.

use engine::contest::{EntrantName, Event, Reveal};
use yew::prelude::*;

use super::field::beaten_text;
use super::reports::Reports;
use super::words;
use crate::components::copy::CopyButton;
use crate::components::task::task_status;
use crate::game::entry::{Entry, Refused};
use crate::i18n::Unit;
use crate::i18n::{use_strings, Strings};
use crate::route::{ContestLink, Route};
use crate::web::{self, SetAside};
use crate::worker::{use_task, Answer, ContestAnswer, ContestJob, Job, Task};

#[derive(Properties, PartialEq)]
pub struct EventPageProps {
    pub event: Event,
}

/// A link to board `number` (from 1).
pub(super) fn board_link(event: &Event, number: usize) -> String {
    Route::Contest(ContestLink {
        event: Some(event.code()),
        board: Some(number.to_string()),
        view: None,
        online: None,
    })
    .to_hash()
}

/// The page's own address, whole, to share.
pub fn full_link(hash: &str) -> String {
    let base = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .map(|h| h.split('#').next().unwrap_or_default().to_string())
        .unwrap_or_default();
    format!("{base}{hash}")
}

/// A `data:` link that downloads `text`.
pub fn data_href(mime: &str, text: &str) -> String {
    format!(
        "data:{mime};charset=utf-8,{}",
        String::from(js_sys::encode_uri_component(text))
    )
}

#[component]
pub fn EventPage(props: &EventPageProps) -> Html {
    let t = use_strings();
    let event = &props.event;
    let reports = use_context::<Reports>();
    // The page is keyed by its event (mod.rs), so this is this event's own.
    let loaded = use_memo(event.clone(), Entry::load);
    let entry = use_state(|| loaded.as_ref().clone().ok().flatten());
    let problem = use_state(|| loaded.as_ref().clone().err());
    // Why the last entering did not start a new entry.
    let refused = use_state(|| None::<Refused>);
    let on_entry = {
        let (entry, refused) = (entry.clone(), refused.clone());
        Callback::from(move |new: Entry| match new.start() {
            Ok(()) => {
                refused.set(None);
                entry.set(Some(new));
            }
            // Entered and played already: that entry is shown, never erased.
            Err(Refused::Entered(stored)) => {
                entry.set(Some((*stored).clone()));
                refused.set(Some(Refused::Entered(stored)));
            }
            Err(other) => refused.set(Some(other)),
        })
    };
    // The explicit choice that gives up what is stored, named beforehand.
    let on_discard = {
        let (entry, problem, refused, event) = (entry.clone(), problem.clone(), refused.clone(), event.clone());
        Callback::from(move |()| {
            Entry::discard(&event);
            entry.set(None);
            problem.set(None);
            refused.set(None);
        })
    };
    // Unreadable text left in place (storage full) is given up only by choice.
    let stuck = match (&*problem, &*refused) {
        (_, Some(Refused::Unreadable(p))) => Some(p.bytes),
        (Some(p), _) if matches!(p.kept, SetAside::LeftInPlace(_)) => Some(p.bytes),
        _ => None,
    };
    let not_saved = match (&*refused, reports.as_ref().and_then(|r| r.not_saved)) {
        (Some(Refused::Storage(e)), _) => Some(t.storage_error(*e)),
        (_, Some(e)) => Some(t.storage_error(e)),
        _ => None,
    };

    html! {
        <main id="main" class="page contest-page">
            <p class="crumbs"><a href={ Route::Contest(ContestLink::default()).to_hash() }>{ t.contest.title }</a></p>
            <h1 id="contest-title">{ words::title(t, event) }</h1>
            <ul class="rules" id="contest-rules">
                { for words::rules(t, event).into_iter().map(|line| html! { <li>{ line }</li> }) }
            </ul>
            <p class="note" id="contest-link-event">{ t.contest.link_event_open }</p>
            if let Some(p) = &*problem {
                <p class="notice" role="alert" id="contest-unreadable" data-kept={ kept_name(p.kept) }>{ t.unreadable_entry(&t.entry_error(&p.error), p.kept) }</p>
            }
            if let Some(why) = not_saved {
                <p class="notice" role="alert" id="contest-not-saved">{ (t.contest.not_saved)(why) }</p>
            }
            if let Some(bytes) = stuck {
                <Replace id="contest-discard-unreadable" loses={ (t.contest.replace_unreadable)(bytes.div_ceil(1024)) } on_replace={ on_discard.clone() } />
            }
            if let Some(e) = &*entry {
                if let Some(Refused::Entered(_)) = &*refused {
                    <p class="notice" role="status" id="contest-already">{ (t.contest.already_entered)(e.entrant.as_str()) }</p>
                }
                { entrant_view(t, e, reports.as_ref()) }
                if e.has_play() {
                    <Replace id="contest-replace" loses={ loses(t, e) } on_replace={ on_discard.clone() } />
                }
            } else {
                <EnterForm event={ event.clone() } {on_entry} />
            }
            { organiser_view(t, event) }
        </main>
    }
}

/// The organiser's tools, folded away: the event's link and code to share,
/// scoring its results, its hand records.
fn organiser_view(t: &Strings, event: &Event) -> Html {
    let share = full_link(&Route::Contest(ContestLink::event(&event.code())).to_hash());
    let organiser = |view: &str| {
        Route::Contest(ContestLink {
            event: Some(event.code()),
            board: None,
            view: Some(view.to_string()),
            online: None,
        })
        .to_hash()
    };
    html! {
        <details class="organiser" id="contest-organiser">
            <summary>{ t.contest.organiser }</summary>
            <p>{ t.contest.share_event }</p>
            <p class="share-line">
                <input type="text" readonly=true id="contest-share" value={ share.clone() } />
                <CopyButton text={ share.clone() } />
            </p>
            <p class="code-line">{ t.contest.event_code }{ " " }<code id="contest-code">{ event.code() }</code></p>
            <p class="links">
                <a class="button" id="contest-score-link" href={ organiser("score") }>{ t.contest.score_results }</a>
                <a class="button" id="contest-records-link" href={ organiser("records") }>{ t.contest.hand_records }</a>
            </p>
        </details>
    }
}

#[derive(Properties, PartialEq)]
struct EnterFormProps {
    event: Event,
    /// A new entry under the name typed, its boards dealt.
    on_entry: Callback<Entry>,
}

/// The boards to play with the seat on each, and the name to enter under.
#[component]
fn EnterForm(props: &EnterFormProps) -> Html {
    let t = use_strings();
    let event = &props.event;
    // The daily player is offered the name of their last daily contest.
    let name = use_state(|| {
        event
            .daily_date()
            .and_then(|_| super::daily::last_name())
            .unwrap_or_default()
    });
    let name_error = use_state(|| None::<String>);
    let dealing = use_task(|answer| match answer {
        Answer::Contest(ContestAnswer::Boards(boards)) => Some(boards),
        _ => None,
    });
    let pending = use_state(|| None::<EntrantName>);
    // The equal format's boards, found in the worker: the entry starts.
    {
        let (pending, event, on_entry) = (pending.clone(), event.clone(), props.on_entry.clone());
        use_effect_with(dealing.task().clone(), move |task| {
            if let (Task::Done(boards), Some(name)) = (task, &*pending) {
                on_entry.emit(Entry::new(event, name.clone(), boards.clone()));
                pending.set(None);
            }
        });
    }
    let on_enter = {
        let (name, name_error, dealing, pending, event, on_entry) = (
            name.clone(),
            name_error.clone(),
            dealing.clone(),
            pending.clone(),
            event.clone(),
            props.on_entry.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let entrant: EntrantName = match name.parse() {
                Ok(n) => n,
                Err(err) => return name_error.set(Some(t.name_error(&err))),
            };
            name_error.set(None);
            match event.shared_boards() {
                Some(boards) => on_entry.emit(Entry::new(event.clone(), entrant, boards)),
                // Dealt in the worker (the equal format searches for them),
                // which keeps the players out of the page's own wasm.
                None => {
                    pending.set(Some(entrant.clone()));
                    dealing.run(Job::Contest(ContestJob::Deal {
                        event: event.clone(),
                        entrant,
                    }));
                }
            }
        })
    };
    let on_name = {
        let name = name.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(v) = web::input_value(e.as_ref()) {
                name.set(v);
            }
        })
    };
    html! {
        <>
            <ul class="board-seats" id="contest-board-seats">
                { for (1..=event.boards()).map(|k| html! {
                    <li>{ (t.contest.board_short)(k.into()) }{ t.contest.colon }{ words::seat(t, event.seat_rule().seat(k)) }</li>
                }) }
            </ul>
            <form class="enter" id="contest-enter" onsubmit={on_enter}>
                <label class="field">{ t.contest.your_name }
                    <input id="contest-name" type="text" maxlength="64" autocomplete="nickname" value={ (*name).clone() } oninput={on_name} />
                </label>
                <button type="submit" class="primary" id="contest-start" disabled={ dealing.task().is_running() }>{ t.contest.enter }</button>
                if let Some(why) = &*name_error { <p class="error" id="contest-name-error" role="alert">{ why.clone() }</p> }
                <p class="note">{ if event.format().is_shared() { t.contest.enter_note_shared } else { t.contest.enter_note_own } }</p>
                { task_status(dealing.task(), "contest-dealing", Unit::Deals, dealing.on_cancel()) }
                if dealing.task().is_running() { <p class="note">{ t.contest.dealing_note }</p> }
            </form>
        </>
    }
}

/// What giving up `entry` loses, in words.
fn loses(t: &Strings, entry: &Entry) -> String {
    let played = (0..entry.boards.len()).filter(|&k| entry.score(k).is_some()).count();
    let total: i64 = (0..entry.boards.len()).filter_map(|k| entry.score(k)).sum();
    (t.contest.replace_loses)(
        entry.entrant.as_str(),
        played,
        entry.boards.len(),
        total,
        entry.is_complete(),
    )
}

/// The set-aside outcome as the page's data attribute (for tests and styles).
fn kept_name(kept: SetAside) -> &'static str {
    match kept {
        SetAside::Kept => "kept",
        SetAside::LeftInPlace(_) => "left-in-place",
        SetAside::Lost(_) => "lost",
    }
}

#[derive(Properties, PartialEq)]
struct ReplaceProps {
    id: AttrValue,
    /// What will be lost, named before the choice.
    loses: String,
    on_replace: Callback<()>,
}

/// Entering again in place of what is stored: a closed section that names
/// what is lost, and a button that does it.
#[component]
fn Replace(props: &ReplaceProps) -> Html {
    let t = use_strings();
    let onclick = props.on_replace.reform(|_: MouseEvent| ());
    html! {
        <details class="replace" id={ props.id.clone() }>
            <summary>{ t.contest.replace_open }</summary>
            <p class="warning">{ props.loses.clone() }</p>
            <button type="button" class="danger" id={ format!("{}-confirm", props.id) } {onclick}>{ t.contest.replace_confirm }</button>
        </details>
    }
}

/// The entrant's boards and, when every one is played, the result.
fn entrant_view(t: &Strings, entry: &Entry, reports: Option<&Reports>) -> Html {
    let event = &entry.event;
    let complete = entry.is_complete();
    let reveal = event.reveal() == Reveal::EachBoard || complete;
    let next = entry.next_board();
    let rows = entry.boards.iter().enumerate().map(|(k, b)| {
        let score = entry.score(k);
        let status = match score {
            Some(s) => format!("{s:+}"),
            None if entry.started(k) => t.contest.in_progress.to_string(),
            None => "".to_string(),
        };
        let report = reports.and_then(|r| r.of(entry, k)).or_else(|| entry.reports[k].clone());
        let beaten = match (score, report) {
            (Some(s), Some(r)) if reveal => Some(beaten_text(r.field.beaten(s))),
            _ => None,
        };
        let working = score.is_some() && beaten.is_none() && reveal && reports.and_then(|r| r.job(b)).is_some_and(Task::is_running);
        let action = match (score, next) {
            (Some(_), _) => Some(t.contest.review),
            (None, Some(n)) if n == k && entry.started(k) => Some(t.contest.resume),
            (None, Some(n)) if n == k => Some(t.contest.play),
            _ => None,
        };
        html! {
            <tr data-board={ (k + 1).to_string() } data-seed={ b.seed.to_string() } data-seat={ b.seat.name() } data-score={ score.map(|s| s.to_string()).unwrap_or_default() }>
                <td>{ k + 1 }</td>
                <td>{ words::seat(t, b.seat) }</td>
                <td class="num">{ status }</td>
                <td class="num beaten" data-beaten={ beaten.clone().unwrap_or_default() }>
                    { beaten.unwrap_or_default() }
                    if working { <span class="note" title={ t.contest.field_working }>{ t.contest.field_pending }</span> }
                </td>
                <td>if let Some(label) = action { <a href={ board_link(event, k + 1) } id={ format!("contest-board-{}", k + 1) }>{ label }</a> }</td>
            </tr>
        }
    });
    let total: i64 = (0..entry.boards.len()).filter_map(|k| entry.score(k)).sum();
    html! {
        <section class="entrant" id="contest-entrant" data-complete={ complete.to_string() } data-entrant={ entry.entrant.as_str().to_string() }>
            <p>{ (t.contest.entered_as)(entry.entrant.as_str()) }</p>
            if let Some(n) = next {
                <p><a class="button primary" id="contest-play" href={ board_link(event, n + 1) }>
                    { if entry.started(n) { (t.contest.resume_board)(n + 1) } else { (t.contest.play_board)(n + 1) } }
                </a></p>
            }
            <table class="boards" id="contest-boards">
                <thead><tr>
                    <th>{ t.contest.board }</th><th>{ t.contest.seat }</th><th>{ t.contest.score }</th><th>{ t.contest.beaten_head }</th><th></th>
                </tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
            if complete {
                { result_view(t, entry, total) }
            }
        </section>
    }
}

/// The result: a code to copy and a file to download (the daily contest,
/// with no organiser, ends its own way).
fn result_view(t: &Strings, entry: &Entry, total: i64) -> Html {
    if let Some(daily) = super::daily::finished::result_view(t, entry) {
        return daily;
    }
    let Some(result) = entry.result() else {
        return html! {};
    };
    let code = result.code();
    let file = result.to_file(&entry.boards);
    let name = format!(
        "ddz-result-{}.json",
        entry.entrant.as_str().replace(|c: char| !c.is_alphanumeric(), "-")
    );
    html! {
        <section class="result" id="contest-result">
            <h2>{ t.contest.your_result }</h2>
            <p id="contest-total" data-total={ total.to_string() }>{ (t.contest.total)(total, entry.boards.len()) }</p>
            <p class="note">{ t.contest.hand_in }</p>
            <textarea id="contest-result-code" readonly=true rows="4" value={ code.clone() } />
            <p class="links">
                <CopyButton id="contest-copy-result" text={ code } label={ t.contest.copy_code } />
                <a class="button" id="contest-download-result" href={ data_href("application/json", &file) } download={name}>{ t.contest.download_file }</a>
            </p>
        </section>
    }
}

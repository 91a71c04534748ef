//! An event's page: its rules in words, entering it under a name, the
//! boards with how each went, and at the end the result to hand in (a code
//! to copy, a file to download). The organiser's tools are linked below.

use engine::contest::{Board, EntrantName, Event, Reveal};
use yew::prelude::*;

use super::entry::Entry;
use super::field::beaten_text;
use super::words;
use crate::components::task::task_status;
use crate::i18n::Unit;
use crate::i18n::{use_strings, Strings};
use crate::route::{ContestLink, Route};
use crate::web;
use crate::worker::{use_task, Answer, BoardReport, ContestAnswer, ContestJob, Job, Task};

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

/// Copies `text` to the clipboard (a refused clipboard only loses the
/// convenience: the text is on the page to select).
pub fn copy(text: &str) {
    if let Some(w) = web_sys::window() {
        let _ = w.navigator().clipboard().write_text(text);
    }
}

#[component]
pub fn EventPage(props: &EventPageProps) -> Html {
    let t = use_strings();
    let event = &props.event;
    let loaded = use_memo(event.clone(), Entry::load);
    let entry = use_state(|| loaded.as_ref().clone().ok().flatten());
    let problem = loaded.as_ref().as_ref().err().map(|e| e.to_string());
    let name = use_state(String::new);
    let name_error = use_state(|| None::<String>);
    let dealing = use_task(|answer| match answer {
        Answer::Contest(ContestAnswer::Boards(boards)) => Some(boards),
        _ => None,
    });
    let pending = use_state(|| None::<EntrantName>);
    // The equal format's boards, found in the worker: the entry starts.
    {
        let (entry, pending, event) = (entry.clone(), pending.clone(), event.clone());
        use_effect_with(dealing.task().clone(), move |task| {
            if let (Task::Done(boards), Some(name)) = (task, &*pending) {
                let e = Entry::new(event, name.clone(), boards.clone());
                e.save();
                entry.set(Some(e));
                pending.set(None);
            }
        });
    }
    // Once every board is played, the field and par of the boards whose
    // results were held back (or never worked out) are worked out together.
    let reports = use_task(|answer| match answer {
        Answer::Contest(ContestAnswer::Records(r)) => Some(r),
        _ => None,
    });
    let missing: Vec<Board> = entry
        .as_ref()
        .filter(|e| e.is_complete())
        .map(|e| {
            (0..e.boards.len())
                .filter(|&k| e.reports[k].is_none())
                .map(|k| e.boards[k])
                .collect()
        })
        .unwrap_or_default();
    {
        let (reports, event) = (reports.clone(), event.clone());
        use_effect_with(missing, move |missing| {
            if !missing.is_empty() {
                reports.run(Job::Contest(ContestJob::Records {
                    event,
                    boards: missing.clone(),
                }));
            }
        });
    }
    {
        let entry = entry.clone();
        use_effect_with(reports.task().clone(), move |task| {
            if let (Task::Done(records), Some(e)) = (task, &*entry) {
                let mut e = e.clone();
                for r in records {
                    if let Some(k) = e.boards.iter().position(|b| *b == r.board) {
                        e.reports[k] = Some(BoardReport {
                            field: r.field.clone(),
                            par: r.par,
                        });
                    }
                }
                e.save();
                entry.set(Some(e));
            }
        });
    }
    let on_enter = {
        let (name, name_error, entry, dealing, pending, event) = (
            name.clone(),
            name_error.clone(),
            entry.clone(),
            dealing.clone(),
            pending.clone(),
            event.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let entrant: EntrantName = match name.parse() {
                Ok(n) => n,
                Err(err) => return name_error.set(Some(t.name_error(&err))),
            };
            name_error.set(None);
            match event.shared_boards() {
                Some(boards) => {
                    let e = Entry::new(event.clone(), entrant, boards);
                    e.save();
                    entry.set(Some(e));
                }
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
    let share = full_link(&Route::Contest(ContestLink::event(&event.code())).to_hash());
    let organiser = |view: &str| {
        Route::Contest(ContestLink {
            event: Some(event.code()),
            board: None,
            view: Some(view.to_string()),
        })
        .to_hash()
    };

    html! {
        <main id="main" class="page contest-page">
            <p class="crumbs"><a href={ Route::Contest(ContestLink::default()).to_hash() }>{ t.contest.title }</a></p>
            <h1 id="contest-title">{ words::title(t, event) }</h1>
            <ul class="rules" id="contest-rules">
                { for words::rules(t, event).into_iter().map(|line| html! { <li>{ line }</li> }) }
            </ul>
            if let Some(why) = problem {
                <p class="notice" role="alert" id="contest-unreadable">{ (t.contest.unreadable_entry)(&why) }</p>
            }
            if let Some(e) = &*entry {
                { entrant_view(t, e) }
                { task_status(reports.task(), "contest-reports", Unit::Games, reports.on_cancel()) }
            } else {
                // The boards to play, and the seat on each.
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
            }
            <details class="organiser" id="contest-organiser">
                <summary>{ t.contest.organiser }</summary>
                <p>{ t.contest.share_event }</p>
                <p class="share-line">
                    <input type="text" readonly=true id="contest-share" value={ share.clone() } />
                    <button type="button" onclick={ { let s = share.clone(); Callback::from(move |_: MouseEvent| copy(&s)) } }>{ t.copy }</button>
                </p>
                <p class="code-line">{ t.contest.event_code }{ " " }<code id="contest-code">{ event.code() }</code></p>
                <p class="links">
                    <a class="button" id="contest-score-link" href={ organiser("score") }>{ t.contest.score_results }</a>
                    <a class="button" id="contest-records-link" href={ organiser("records") }>{ t.contest.hand_records }</a>
                </p>
            </details>
        </main>
    }
}

/// The entrant's boards and, when every one is played, the result.
fn entrant_view(t: &Strings, entry: &Entry) -> Html {
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
        let beaten = match (score, entry.reports.get(k).cloned().flatten()) {
            (Some(s), Some(r)) if reveal => beaten_text(r.field.beaten(s)),
            _ => String::new(),
        };
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
                <td class="num">{ beaten }</td>
                <td>if let Some(label) = action { <a href={ board_link(event, k + 1) } id={ format!("contest-board-{}", k + 1) }>{ label }</a> }</td>
            </tr>
        }
    });
    let total: i64 = (0..entry.boards.len()).filter_map(|k| entry.score(k)).sum();
    html! {
        <section class="entrant" id="contest-entrant" data-complete={ complete.to_string() }>
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
                <button type="button" id="contest-copy-result" onclick={ Callback::from(move |_: MouseEvent| copy(&code)) }>{ t.contest.copy_code }</button>
                <a class="button" id="contest-download-result" href={ data_href("application/json", &file) } download={name}>{ t.contest.download_file }</a>
            </p>
        </section>
    }
}

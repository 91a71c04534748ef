//! Scoring an event (the organiser's page): results pasted or dropped in,
//! replayed in the worker on their re-derived deals, the standings by the
//! test-case paper's rank points with each entrant's share of the field
//! beaten, the results refused and why, how likely the top places came
//! out distinct; as CSV, or printed.

use engine::contest::result::{submissions, MAX_FILE_BYTES};
use engine::contest::standings::DEFAULT_TOP;
use engine::contest::{Deals, Event, Standings, Submission};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::event::data_href;
use super::field::beaten_text;
use super::words;
use crate::components::chart::today;
use crate::components::task::task_status;
use crate::i18n::Unit;
use crate::i18n::{use_strings, Strings};
use crate::route::{ContestLink, Route};
use crate::web::{self, StorageError};
use crate::worker::{use_task, Answer, ContestAnswer, ContestJob, Job, Task};

/// The last standings worked out for an event, for its hand records.
const STANDINGS_PREFIX: &str = "ddz.contest-standings.";

pub fn stored_standings(event: &Event) -> Option<Standings> {
    serde_json::from_str(&web::storage_get(&format!("{STANDINGS_PREFIX}{}", event.code()))?).ok()
}

fn keep_standings(event: &Event, standings: &Standings) -> Result<(), StorageError> {
    match serde_json::to_string(standings) {
        Ok(text) => web::storage_set(&format!("{STANDINGS_PREFIX}{}", event.code()), &text),
        Err(_) => Ok(()),
    }
}

/// The standings as a spreadsheet opens them: a UTF-8 byte-order mark (so
/// Excel on Windows reads 李雷 as 李雷, not as Latin-1), the header in the
/// page's language.
pub fn csv_for_spreadsheets(t: &Strings, standings: &Standings) -> String {
    format!("\u{FEFF}{}", standings.to_csv_headed(|c| t.csv_column(c)))
}

/// A file name from the event's title and the date: `Club night standings
/// 2026-11-27.csv`, with what file systems refuse replaced.
pub fn csv_name(t: &Strings, title: &str, date: &str) -> String {
    let title: String = title
        .chars()
        .map(|c| {
            if c.is_control() || "/\\:*?\"<>|".contains(c) {
                '-'
            } else {
                c
            }
        })
        .collect();
    (t.contest.csv_name)(title.trim(), date)
}

#[derive(Properties, PartialEq)]
pub struct ScorePageProps {
    pub event: Event,
}

/// Why a dropped or chosen file was not read.
#[derive(Clone, Debug, PartialEq)]
enum NotRead {
    /// Larger than any result file (its bytes).
    TooLarge(f64),
    /// The browser could not read it.
    Unreadable,
}

/// A file dropped or chosen: its name and text (or why it was not read).
type Read = (String, Result<String, NotRead>);

/// The files handed in, in the order they were chosen: the refusals are
/// listed in that order however long each file took to read.
#[derive(Clone, Default, PartialEq)]
struct HandedFiles {
    read: Vec<(String, String)>,
    problems: Vec<(String, NotRead)>,
}

enum FilesAction {
    /// One choice or drop, read whole. A file chosen again replaces itself.
    Add(Vec<Read>),
    Clear,
}

impl Reducible for HandedFiles {
    type Action = FilesAction;

    fn reduce(self: std::rc::Rc<Self>, action: FilesAction) -> std::rc::Rc<Self> {
        let FilesAction::Add(batch) = action else {
            return Self::default().into();
        };
        let mut next = (*self).clone();
        for (name, text) in batch {
            next.read.retain(|(n, _)| *n != name);
            next.problems.retain(|(n, _)| *n != name);
            match text {
                Ok(text) => next.read.push((name, text)),
                Err(why) => next.problems.push((name, why)),
            }
        }
        next.into()
    }
}

/// Reads every file of one choice or drop, one after another, and hands
/// them on together in the order given.
fn read_files(files: web_sys::FileList, done: Callback<Vec<Read>>) {
    let files: Vec<web_sys::File> = (0..files.length()).filter_map(|i| files.get(i)).collect();
    wasm_bindgen_futures::spawn_local(async move {
        let mut batch = Vec::with_capacity(files.len());
        for file in files {
            let name = file.name();
            if file.size() > MAX_FILE_BYTES as f64 {
                batch.push((name, Err(NotRead::TooLarge(file.size()))));
                continue;
            }
            let text = wasm_bindgen_futures::JsFuture::from(file.text()).await;
            let text = text.ok().and_then(|v| v.as_string()).ok_or(NotRead::Unreadable);
            batch.push((name, text));
        }
        done.emit(batch);
    });
}

fn not_read(t: &Strings, name: &str, why: &NotRead) -> String {
    match why {
        NotRead::TooLarge(bytes) => (t.contest.file_too_large)(name, (*bytes / 1024.0).ceil() as u64),
        NotRead::Unreadable => (t.contest.file_unreadable)(name),
    }
}

#[component]
pub fn ScorePage(props: &ScorePageProps) -> Html {
    let t = use_strings();
    let event = &props.event;
    let pasted = use_state(String::new);
    let files = use_reducer(HandedFiles::default);
    let not_kept = use_state(|| None::<StorageError>);
    let default_top = match event.deals() {
        Deals::TestCases { top, .. } => *top,
        _ => DEFAULT_TOP,
    };
    let scoring = use_task(|answer| match answer {
        Answer::Contest(ContestAnswer::Standings(s)) => Some(s),
        _ => None,
    });
    {
        let (event, not_kept) = (event.clone(), not_kept.clone());
        use_effect_with(scoring.task().clone(), move |task| {
            if let Task::Done(s) = task {
                not_kept.set(keep_standings(&event, s).err());
            }
        });
    }
    let on_file = {
        let files = files.dispatcher();
        Callback::from(move |batch: Vec<Read>| files.dispatch(FilesAction::Add(batch)))
    };
    let on_choose = choose_files(on_file.clone());
    let on_drop = drop_files(on_file);
    let on_drag = Callback::from(|e: DragEvent| e.prevent_default());
    let on_paste = {
        let pasted = pasted.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(v) = web::input_value(e.as_ref()) {
                pasted.set(v);
            }
        })
    };
    // A file is one submission (codes a line aside): a picture dropped by
    // mistake is one refusal under its name, not one per line.
    let handed_in: Vec<Submission> = submissions(t.contest.pasted, &pasted)
        .into_iter()
        .chain(files.read.iter().flat_map(|(name, text)| submissions(name, text)))
        .collect();
    let count = handed_in.len();
    let on_score = {
        let (scoring, event) = (scoring.clone(), event.clone());
        Callback::from(move |_: MouseEvent| {
            scoring.run(Job::Contest(ContestJob::Score {
                event: event.clone(),
                submissions: handed_in.clone(),
                top: default_top,
            }))
        })
    };
    let on_clear = {
        let (pasted, files, scoring) = (pasted.clone(), files.dispatcher(), scoring.clone());
        Callback::from(move |_: MouseEvent| {
            pasted.set(String::new());
            files.dispatch(FilesAction::Clear);
            scoring.reset();
        })
    };
    html! {
        <main id="main" class="page contest-page contest-score">
            { crumbs(t, event) }
            <h1>{ (t.contest.standings_of)(&words::title(t, event)) }</h1>
            <section class="hand-in no-print">
                <p>{ t.contest.score_intro }</p>
                <label class="field">{ t.contest.paste_results }
                    <textarea id="contest-paste" rows="6" spellcheck="false" value={ (*pasted).clone() } oninput={on_paste} />
                </label>
                <div class="drop" id="contest-drop" ondrop={on_drop} ondragover={on_drag}>
                    <label>{ t.contest.drop_files }{ " " }
                        <input type="file" id="contest-files" multiple=true accept=".json,.txt,application/json,text/plain" onchange={on_choose} />
                    </label>
                    if !files.read.is_empty() {
                        <ul class="files" id="contest-file-list">{ for files.read.iter().map(|(n, _)| html! { <li>{ n.clone() }</li> }) }</ul>
                    }
                    { for files.problems.iter().map(|(name, why)| html! { <p class="error">{ not_read(t, name, why) }</p> }) }
                </div>
                <p class="links">
                    <button type="button" class="primary" id="contest-score" disabled={ count == 0 || scoring.task().is_running() } onclick={on_score}>
                        { (t.contest.score_n)(count) }
                    </button>
                    <button type="button" id="contest-clear" onclick={on_clear}>{ t.contest.clear }</button>
                </p>
                { task_status(scoring.task(), "contest-scoring", Unit::Steps, scoring.on_cancel()) }
            </section>
            if let Task::Done(s) = scoring.task() {
                { scored_view(t, event, s, *not_kept) }
            }
        </main>
    }
}

/// The standings once scored, with what to do with them: export, print,
/// the hand records; and whether this browser kept them for the records.
fn scored_view(t: &Strings, event: &Event, s: &Standings, not_kept: Option<StorageError>) -> Html {
    let records = Route::Contest(ContestLink {
        event: Some(event.code()),
        board: None,
        view: Some("records".into()),
        online: None,
    })
    .to_hash();
    html! {
        <>
            { standings_view(t, event, s) }
            <p class="links no-print">
                <a class="button" id="contest-csv" href={ data_href("text/csv", &csv_for_spreadsheets(t, s)) }
                    download={ csv_name(t, &words::title(t, event), &today()) }>{ t.contest.export_csv }</a>
                <button type="button" id="contest-print" onclick={ Callback::from(|_: MouseEvent| { let _ = web_sys::window().map(|w| w.print()); }) }>{ t.contest.print }</button>
                <a class="button" id="contest-records-scored" href={records}>
                    { if event.format().is_shared() { t.contest.hand_records } else { t.contest.all_records } }
                </a>
            </p>
            if let Some(why) = not_kept {
                <p class="notice no-print" id="contest-standings-not-kept">{ (t.contest.standings_not_kept)(t.storage_error(why)) }</p>
            }
        </>
    }
}

/// The way back: the contests, then this event.
pub(super) fn crumbs(t: &Strings, event: &Event) -> Html {
    html! {
        <p class="crumbs no-print">
            <a href={ Route::Contest(ContestLink::default()).to_hash() }>{ t.contest.title }</a>{ " › " }
            <a href={ Route::Contest(ContestLink::event(&event.code())).to_hash() }>{ words::title(t, event) }</a>
        </p>
    }
}

/// Reads the files chosen in the file input.
fn choose_files(on_file: Callback<Vec<Read>>) -> Callback<web_sys::Event> {
    Callback::from(move |e: web_sys::Event| {
        if let Some(list) = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
            .and_then(|i| i.files())
        {
            read_files(list, on_file.clone());
        }
    })
}

/// Reads the files dropped on the drop zone (instead of the browser opening them).
fn drop_files(on_file: Callback<Vec<Read>>) -> Callback<DragEvent> {
    Callback::from(move |e: DragEvent| {
        e.prevent_default();
        if let Some(list) = e.data_transfer().and_then(|d| d.files()) {
            read_files(list, on_file.clone());
        }
    })
}

/// The standings table, the DIH line and the refused results.
pub fn standings_view(t: &Strings, event: &Event, s: &Standings) -> Html {
    let boards = usize::from(event.boards());
    let rows = s.entrants.iter().map(|r| {
        html! {
            <tr data-entrant={ r.entrant.to_string() } data-place={ r.place.to_string() } data-points={ r.rank_points.to_string() }
                data-score={ r.score.to_string() } data-beaten={ format!("{:.4}", r.beaten) }>
                <td class="num">{ r.place }</td>
                <th scope="row">{ r.entrant.to_string() }</th>
                <td class="num">{ r.rank_points }</td>
                <td class="num">{ format!("{:+}", r.score) }</td>
                <td class="num">{ beaten_text(r.beaten) }</td>
                { for r.boards.iter().map(|b| html! { <td class="num" title={ (t.contest.board_cell)(b.board.number, b.place, b.points) }>{ format!("{:+}", b.score) }<sub>{ b.place }</sub></td> }) }
            </tr>
        }
    });
    let rejected = s.rejected.iter().map(|r| {
        let who = r.entrant.as_ref().map(|e| format!(" ({e})")).unwrap_or_default();
        html! { <li data-kind={ r.reason.kind() }><strong>{ format!("{}{who}", r.label) }</strong>{ t.contest.colon }{ t.rejection(&r.reason) }</li> }
    });
    html! {
        <section class="standings" id="contest-standings">
            if s.entrants.is_empty() {
                <p id="contest-nobody">{ t.contest.nobody_counted }</p>
            } else {
                <p class="note">{ (t.contest.standings_note)(s.entrants.len()) }</p>
                <div class="scroll">
                <table id="contest-standings-table">
                    <thead><tr>
                        <th>{ t.contest.place }</th><th>{ t.contest.entrant }</th><th>{ t.contest.rank_points }</th>
                        <th>{ t.contest.score }</th><th>{ t.contest.beaten_head }</th>
                        { for (1..=boards).map(|k| html! { <th>{ (t.contest.board_short)(k) }</th> }) }
                    </tr></thead>
                    <tbody>{ for rows }</tbody>
                </table>
                </div>
            }
            if let Some(d) = s.distinction {
                <p id="contest-dih" data-dih={ d.dih.to_string() }>{ (t.contest.distinction)(d.players, d.boards, d.top, d.dih) }</p>
            }
            if !s.rejected.is_empty() {
                <h2>{ (t.contest.refused)(s.rejected.len()) }</h2>
                <ul class="rejected" id="contest-rejected">{ for rejected }</ul>
            }
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn a_csv_file_is_named_by_its_title_and_date() {
        let zh = Lang::Zh.strings();
        assert_eq!(
            csv_name(zh, "周五/俱乐部: 夜赛", "2026-11-27"),
            "周五-俱乐部- 夜赛 排名 2026-11-27.csv"
        );
        let en = Lang::En.strings();
        assert_eq!(
            csv_name(en, " Club night ", "2026-11-27"),
            "Club night standings 2026-11-27.csv"
        );
    }

    #[test]
    fn the_csv_starts_with_a_byte_order_mark_and_speaks_the_pages_language() {
        let standings = Standings {
            entrants: vec![],
            rejected: vec![],
            distinction: None,
        };
        let zh = csv_for_spreadsheets(Lang::Zh.strings(), &standings);
        assert_eq!(zh, "\u{FEFF}名次,选手,名次分,得分,胜过 AI 场\n");
        let en = csv_for_spreadsheets(Lang::En.strings(), &standings);
        assert!(en.starts_with("\u{FEFF}Place,Entrant,Rank points,"));
    }
}

//! The daily contest remembered: today's on the Contest page's front
//! ([`card`]: play, resume, or the result with the place against the
//! field), the days played ([`history`], `#/contest?view=history`), the
//! streak, and the finished contest's own ending ([`finished`]: the hand
//! records and review, nothing to hand in). What is kept is the daily
//! record ([`journal`]), brought up to date from the days' entries each
//! time it is shown.

pub mod card;
pub mod finished;
pub mod history;

use engine::contest::Event;
use engine::Date;
use yew::prelude::*;

use super::event::board_link;
use super::field::beaten_text;
use crate::game::entry::{Entry, Unreadable as EntryUnreadable};
use crate::game::journal::{self, Day, Journal, Unreadable};
use crate::i18n::Strings;
use crate::route::{ContestLink, Route};
use crate::web::{SetAside, StorageError};

/// Something kept that could not be read or saved, for the page to say.
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// The daily record, and what became of its text.
    Record(Unreadable),
    /// A day's entry, and what became of its text.
    Entry { date: Date, problem: EntryUnreadable },
    /// The record could not be saved.
    NotSaved(StorageError),
}

/// The daily record and what the page must say of it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Remembered {
    pub journal: Journal,
    pub notices: Vec<Notice>,
}

/// The daily record brought up to date with the daily contests' entries in
/// this browser: each day not settled yet is read again from its entry.
pub fn remember() -> Remembered {
    let (mut journal, unreadable) = journal::load();
    let mut notices = Vec::new();
    // Text left where it was is not saved over.
    let can_save = !unreadable
        .as_ref()
        .is_some_and(|u| matches!(u.kept, SetAside::LeftInPlace(_)));
    notices.extend(unreadable.map(Notice::Record));
    let mut changed = false;
    for event in Entry::events() {
        let Some(date) = event.daily_date() else { continue };
        if event != Event::daily(date) || journal.is_settled(date) {
            continue;
        }
        match Entry::load(&event) {
            Ok(Some(entry)) => {
                if let Some(day) = Day::of_entry(&entry) {
                    changed |= journal.record(day);
                }
            }
            Ok(None) => {}
            Err(problem) => notices.push(Notice::Entry { date, problem }),
        }
    }
    if changed && can_save {
        if let Err(e) = journal::save(&journal) {
            notices.push(Notice::NotSaved(e));
        }
    }
    Remembered { journal, notices }
}

/// The name this browser entered its latest daily contest under.
pub fn last_name() -> Option<String> {
    let latest = Entry::events()
        .into_iter()
        .filter_map(|e| Some((e.daily_date()?, e)))
        .max_by_key(|(date, _)| *date)?;
    Some(Entry::peek(&latest.1)?.entrant.to_string())
}

/// The notices, worded.
pub fn notices_view(t: &Strings, notices: &[Notice]) -> Html {
    html! {
        <>{ for notices.iter().map(|n| {
            let text = match n {
                Notice::Record(u) => (t.daily.record_unreadable)(&(t.daily.record_error)(&u.error), u.kept),
                Notice::Entry { date, problem } => format!("{date}: {}", t.unreadable_entry(&t.entry_error(&problem.error), problem.kept)),
                Notice::NotSaved(e) => (t.daily.not_saved)(t.storage_error(*e)),
            };
            html! { <p class="notice" role="alert" data-notice="daily">{ text }</p> }
        }) }</>
    }
}

/// `#/contest?view=history`.
pub fn history_link() -> String {
    Route::Contest(ContestLink {
        view: Some("history".into()),
        ..ContestLink::default()
    })
    .to_hash()
}

/// The day's hand records.
pub fn records_link(event: &Event) -> String {
    Route::Contest(ContestLink {
        event: Some(event.code()),
        board: None,
        view: Some("records".into()),
        online: None,
    })
    .to_hash()
}

/// The day's contest page.
pub fn event_link(event: &Event) -> String {
    Route::Contest(ContestLink::event(&event.code())).to_hash()
}

/// Each board's score, a link to its review (a board not finished: a dash).
fn boards_view(t: &Strings, day: &Day) -> Html {
    let event = day.event();
    html! {
        <ol class="daily-boards">
            { for day.scores.iter().enumerate().map(|(k, s)| match s {
                Some(s) => html! {
                    <li><a href={ board_link(&event, k + 1) } data-board={ (k + 1).to_string() } data-score={ s.to_string() }
                        title={ (t.daily.review_board)(k + 1) } aria-label={ (t.daily.board_score)(k + 1, *s) }>
                        <span class="n">{ k + 1 }</span><span class="s">{ format!("{s:+}") }</span>
                    </a></li>
                },
                None => html! { <li class="unplayed" aria-label={ (t.daily.board_unplayed)(k + 1) }><span class="n">{ k + 1 }</span><span class="s">{ "–" }</span></li> },
            }) }
        </ol>
    }
}

/// The place against the field, or what it waits for.
fn place_view(t: &Strings, day: &Day) -> Html {
    match day.place {
        Some(p) => html! {
            <div class="daily-place" id="daily-place" data-place={ p.place.to_string() } data-of={ p.of.to_string() } data-beaten={ p.beaten.to_string() }>
                <p class="place">{ (t.daily.place)(p.place, p.of) }</p>
                <p class="beaten">{ (t.daily.beaten)(p.of - 1, &beaten_text(p.beaten)) }</p>
            </div>
        },
        None => html! {
            <p class="note daily-waiting" id="daily-waiting" data-known={ day.fields.to_string() }>
                { (t.daily.waiting)(usize::from(day.fields), journal::BOARDS) }
            </p>
        },
    }
}

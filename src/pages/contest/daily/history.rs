//! The days of the daily contest played in this browser, newest first
//! (`#/contest?view=history`): each day's total, its place against the
//! field and the share beaten, each board to review and the day's hand
//! records; above them the streak.

use engine::Date;
use yew::prelude::*;

use super::{boards_view, event_link, notices_view, records_link, remember};
use crate::game::journal::{Day, BOARDS};
use crate::i18n::{use_strings, Strings};
use crate::pages::contest::field::beaten_text;
use crate::route::{ContestLink, Route};
use crate::web;

#[component]
pub fn HistoryPage() -> Html {
    let t = use_strings();
    let today = Date::of_unix_ms(web::unix_ms());
    let remembered = use_memo((), |_| remember());
    let journal = &remembered.journal;
    let streak = today.map(|d| journal.streak(d)).unwrap_or_default();
    let finished = journal.finished().len();
    html! {
        <main id="main" class="page contest-page">
            <p class="crumbs"><a href={ Route::Contest(ContestLink::default()).to_hash() }>{ t.contest.title }</a></p>
            <h1>{ t.daily.history_title }</h1>
            { notices_view(t, &remembered.notices) }
            <p class="streak" id="daily-history-streak" data-current={ streak.current.to_string() } data-best={ streak.best.to_string() } data-finished={ finished.to_string() }>
                <span>{ (t.daily.streak_on)(streak.current) }</span>
                <span class="best">{ (t.daily.streak_best)(streak.best) }</span>
                <span class="best">{ (t.daily.days_finished)(finished) }</span>
            </p>
            <p class="note">{ t.daily.history_intro }</p>
            if journal.is_empty() {
                <p id="daily-history-empty">{ t.daily.history_empty }</p>
            } else {
                <ol class="daily-history" id="daily-history">
                    { for journal.newest_first().map(|d| day_view(t, d, today == Some(d.date))) }
                </ol>
            }
        </main>
    }
}

fn day_view(t: &Strings, day: &Day, is_today: bool) -> Html {
    let event = day.event();
    let standing = match (day.is_finished(), day.place) {
        (true, Some(p)) => (t.daily.place_short)(p.place, p.of, &beaten_text(p.beaten)),
        (true, None) => (t.daily.field_short)(usize::from(day.fields), BOARDS),
        (false, _) => (t.daily.unfinished)(day.played(), BOARDS),
    };
    html! {
        <li class="daily-day" data-date={ day.date.to_string() } data-total={ day.total().to_string() }
            data-finished={ day.is_finished().to_string() } data-place={ day.place.map(|p| p.place.to_string()).unwrap_or_default() }>
            <div class="daily-day-head">
                <span class="date">{ day.date.to_string() }
                    if is_today { <span class="today">{ t.daily.today }</span> }</span>
                <strong class="total">{ format!("{:+}", day.total()) }</strong>
                <span class="standing">{ standing }</span>
            </div>
            { boards_view(t, day) }
            <p class="links">
                <a href={ records_link(&event) } class="records">{ t.daily.records }</a>
                <a href={ event_link(&event) } class="event">{ t.daily.review }</a>
            </p>
        </li>
    }
}

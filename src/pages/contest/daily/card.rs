//! Today's daily contest on the Contest page's front, as a game's home
//! screen shows it: to play, to resume, or the result (the total, the
//! place against the field and the share beaten, each board to review),
//! with the streak and the way to the days before.

use engine::contest::{Event, Streak};
use engine::Date;
use gloo::timers::callback::Interval;
use yew::prelude::*;

use super::{boards_view, event_link, history_link, notices_view, place_view, records_link, remember};
use crate::game::journal::{Day, BOARDS};
use crate::i18n::{use_strings, Strings};
use crate::pages::contest::event::board_link;
use crate::pages::contest::online::ServerDaily;
use crate::pages::contest::words;
use crate::web;

/// How often the record is read again while today's field is worked out.
const WAITING_POLL_MS: u32 = 1500;

#[component]
pub fn DailyCard() -> Html {
    let t = use_strings();
    let today = Date::of_unix_ms(web::unix_ms());
    let remembered = use_state_eq(remember);
    let day = today.and_then(|d| remembered.journal.day(d)).cloned();
    // The field of today's boards is finished in the worker, perhaps after
    // this page opened: it shows when it is in the entry.
    let waiting = day.as_ref().is_some_and(|d| d.is_finished() && d.place.is_none());
    {
        let remembered = remembered.clone();
        use_effect_with(waiting, move |&waiting| {
            // What was said stays said: a record set aside is not read again.
            let said = remembered.notices.clone();
            let poll = waiting.then(|| {
                Interval::new(WAITING_POLL_MS, move || {
                    let mut now = remember();
                    now.notices.splice(0..0, said.iter().cloned());
                    remembered.set(now);
                })
            });
            move || drop(poll)
        });
    }
    let Some(today) = today else {
        return html! {};
    };
    let event = Event::daily(today);
    let streak = remembered.journal.streak(today);
    let state = match &day {
        Some(d) if d.is_finished() => "finished",
        Some(_) => "started",
        None => "new",
    };
    html! {
        <section class="daily" id="contest-daily" data-code={ event.code() } data-state={state}
            data-streak={ streak.current.to_string() } data-best={ streak.best.to_string() }>
            <div class="daily-head">
                <h2>{ words::title(t, &event) }</h2>
                { streak_view(t, streak, day.as_ref().is_some_and(Day::is_finished)) }
            </div>
            { notices_view(t, &remembered.notices) }
            { match &day {
                Some(d) if d.is_finished() => finished_view(t, d),
                Some(d) => progress_view(t, d),
                None => new_view(t, &event),
            } }
            <ServerDaily date={today} />
            <p class="daily-foot">
                if !remembered.journal.is_empty() {
                    <a id="daily-history-link" href={ history_link() }>{ t.daily.history_link }</a>
                }
                <span class="note">{ t.contest.daily_note }</span>
            </p>
        </section>
    }
}

/// The streak: days in a row, and the best.
fn streak_view(t: &Strings, streak: Streak, today_done: bool) -> Html {
    let now = match (streak.current, today_done) {
        (0, _) => t.daily.streak_none.to_string(),
        (n, true) => (t.daily.streak_on)(n),
        (n, false) => (t.daily.streak_keep)(n),
    };
    html! {
        <p class="streak" id="daily-streak" data-current={ streak.current.to_string() } data-best={ streak.best.to_string() }>
            <span>{ now }</span>
            if streak.best > 0 { <span class="best">{ (t.daily.streak_best)(streak.best) }</span> }
        </p>
    }
}

fn new_view(t: &Strings, event: &Event) -> Html {
    html! {
        <>
            <p class="daily-line">{ (t.daily.summary)(event.boards(), &words::opponents(t, event)) }</p>
            <details class="daily-rules">
                <summary>{ t.daily.rules }</summary>
                <ul class="rules">{ for words::rules(t, event).into_iter().map(|l| html! { <li>{ l }</li> }) }</ul>
            </details>
            <p><a class="button primary" id="contest-daily-enter" href={ event_link(event) }>{ t.contest.to_daily }</a></p>
        </>
    }
}

/// Some boards played (the record keeps no day before): how far, and on
/// to the next.
fn progress_view(t: &Strings, day: &Day) -> Html {
    let event = day.event();
    let next = day.next_board().unwrap_or(0);
    html! {
        <>
            <p class="daily-line" id="daily-progress" data-played={ day.played().to_string() }>
                { (t.daily.so_far)(day.played(), BOARDS, day.total()) }
            </p>
            { boards_view(t, day) }
            <p><a class="button primary" id="contest-daily-enter" href={ board_link(&event, next + 1) }>{ (t.contest.resume_board)(next + 1) }</a></p>
        </>
    }
}

/// Finished: the total, the place, each board; the records and review.
fn finished_view(t: &Strings, day: &Day) -> Html {
    let event = day.event();
    html! {
        <div class="daily-result" id="daily-result" data-total={ day.total().to_string() }>
            <p class="daily-total"><strong>{ format!("{:+}", day.total()) }</strong>
                <span>{ (t.daily.total_of)(BOARDS) }</span></p>
            { place_view(t, day) }
            { boards_view(t, day) }
            <p class="links">
                <a class="button" id="daily-records" href={ records_link(&event) }>{ t.daily.records }</a>
                <a class="button" id="daily-review" href={ event_link(&event) }>{ t.daily.review }</a>
            </p>
        </div>
    }
}

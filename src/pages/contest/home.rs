//! The Contest page's front: today's daily contest (the same for everyone
//! that day, Beijing time, and offline too), creating an event, and the
//! events this browser has entered.

use engine::contest::{Date, Event};
use yew::prelude::*;

use super::create::CreateEvent;
use super::entry::Entry;
use super::words;
use crate::i18n::use_strings;
use crate::route::{ContestLink, Route};
use crate::web;

#[component]
pub fn Home() -> Html {
    let t = use_strings();
    let today = Date::of_unix_ms(web::unix_ms());
    let daily = today.map(Event::daily);
    let mine = use_memo((), |_| {
        Entry::events()
            .into_iter()
            .filter_map(|e| Entry::load(&e).ok().flatten())
            .collect::<Vec<_>>()
    });
    html! {
        <main id="main" class="page contest-page">
            <h1>{ t.contest.title }</h1>
            <p class="lede">{ t.contest.intro }</p>
            if let Some(event) = &daily {
                <section class="daily" id="contest-daily" data-code={ event.code() }>
                    <h2>{ words::title(t, event) }</h2>
                    <ul class="rules">{ for words::rules(t, event).into_iter().map(|l| html! { <li>{ l }</li> }) }</ul>
                    <p class="note">{ t.contest.daily_note }</p>
                    <a class="button primary" id="contest-daily-enter" href={ Route::Contest(ContestLink::event(&event.code())).to_hash() }>{ t.contest.to_daily }</a>
                </section>
            }
            if !mine.is_empty() {
                <section class="entries" id="contest-mine">
                    <h2>{ t.contest.your_events }</h2>
                    <ul>
                        { for mine.iter().map(|e| {
                            let done = (0..e.boards.len()).filter(|&k| e.score(k).is_some()).count();
                            html! {
                                <li><a href={ Route::Contest(ContestLink::event(&e.event.code())).to_hash() }>{ words::title(t, &e.event) }</a>
                                    { " · " }{ (t.contest.progress)(e.entrant.as_str(), done, e.boards.len()) }</li>
                            }
                        }) }
                    </ul>
                </section>
            }
            <CreateEvent />
        </main>
    }
}

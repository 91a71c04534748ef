//! The Contest page's front: today's daily contest (the same for everyone
//! that day, Beijing time, and offline too; [`DailyCard`]), creating an
//! event, and the events this browser has entered (the daily contest's
//! days are in its history instead).

use yew::prelude::*;

use super::create::CreateEvent;
use super::daily::card::DailyCard;
use super::words;
use crate::game::entry::Entry;
use crate::i18n::use_strings;
use crate::route::{ContestLink, Route};

#[component]
pub fn Home() -> Html {
    let t = use_strings();
    let mine = use_memo((), |_| {
        Entry::events()
            .into_iter()
            .filter(|e| e.daily_date().is_none())
            .filter_map(|e| Entry::load(&e).ok().flatten())
            .collect::<Vec<_>>()
    });
    html! {
        <main id="main" class="page contest-page">
            <h1>{ t.contest.title }</h1>
            <DailyCard />
            <p class="lede">{ t.contest.intro }</p>
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

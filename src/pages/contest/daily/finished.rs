//! The end of a finished daily contest on its page. There is no organiser
//! to hand a result to, so instead of a result code it shows the total and
//! the place against the field, and leads to the day's hand records, each
//! board's review and the days before.

use yew::prelude::*;

use super::{history_link, place_view, records_link};
use crate::game::entry::Entry;
use crate::game::journal::Day;
use crate::i18n::Strings;
use crate::pages::contest::event::board_link;

/// The result section of a finished daily contest's entry; `None` for any
/// other event.
pub fn result_view(t: &Strings, entry: &Entry) -> Option<Html> {
    let day = Day::of_entry(entry).filter(Day::is_finished)?;
    let event = day.event();
    Some(html! {
        <section class="result" id="contest-result" data-daily="true">
            <h2>{ t.contest.your_result }</h2>
            <p id="contest-total" data-total={ day.total().to_string() }>{ (t.contest.total)(day.total(), entry.boards.len()) }</p>
            { place_view(t, &day) }
            <p class="note">{ t.daily.no_organiser }</p>
            <p class="links">
                <a class="button primary" id="daily-records" href={ records_link(&event) }>{ t.daily.records }</a>
                <a class="button" id="daily-review" href={ board_link(&event, 1) }>{ (t.daily.review_board)(1) }</a>
                <a class="button" id="daily-history-link" href={ history_link() }>{ t.daily.history_link }</a>
            </p>
        </section>
    })
}

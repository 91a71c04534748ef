//! The Contest page (比赛): duplicate, equal-strength and random events
//! that people enter from a link and organisers score by replaying every
//! result. No server: an event is a code in the link, an entrant's progress
//! is in their browser, a result is a code or a file they hand in.
//!
//! - `#/contest`: the daily contest, creating an event, the events this
//!   browser has entered ([`home`], [`create`]); `#/contest?view=history`:
//!   the days of the daily contest played here ([`daily`]).
//! - `#/contest?e=CODE`: an event's rules, entering it, its boards, the
//!   result ([`event`]).
//! - `#/contest?e=CODE&board=K`: board K at the card table ([`table`]);
//!   after it, how it went against the field ([`field`]).
//! - `#/contest?online=ID[&board=K|&view=organiser]`: an online event on
//!   the server serving the site ([`online`]).
//! - `#/contest?e=CODE&view=score`: scoring results ([`score`]);
//!   `view=records`: the hand records, printable ([`records`]).
//!
//! Each event's views are keyed by its code; the entrant's views sit under
//! [`reports::ReportsKeeper`], which works out the boards' reports.

pub mod board_end;

mod create;
pub mod daily;
mod event;
mod field;
mod home;
pub mod online;
mod records;
mod reports;
mod score;
pub mod table;
mod words;

use engine::contest::code::CodeError;
use engine::contest::{Event, EventError};
use yew::prelude::*;

use crate::i18n::use_strings;
use crate::route::{ContestLink, Route};

#[derive(Properties, PartialEq)]
pub struct ContestPageProps {
    pub link: ContestLink,
}

#[component]
pub fn ContestPage(props: &ContestPageProps) -> Html {
    let t = use_strings();
    if let Some(id) = &props.link.online {
        return html! {
            <online::OnlinePage id={ AttrValue::from(id.clone()) } board={ props.link.board.clone() } view={ props.link.view.clone() } />
        };
    }
    let Some(code) = props.link.event.as_deref() else {
        return match props.link.view.as_deref() {
            Some("history") => html! { <daily::history::HistoryPage /> },
            _ => html! { <home::Home /> },
        };
    };
    let event = match Event::from_code(code) {
        Ok(e) => e,
        Err(e) => {
            let why = match e {
                EventError::Code(CodeError::Empty) => t.contest.no_event_code.to_string(),
                e => (t.contest.bad_event)(&t.event_error(&e)),
            };
            return html! {
                <main id="main" class="page contest-page">
                    <h1>{ t.contest.title }</h1>
                    <p class="error" id="contest-bad-event" role="alert">{ why }</p>
                    <p><a href={ Route::Contest(ContestLink::default()).to_hash() }>{ t.contest.back_home }</a></p>
                </main>
            };
        }
    };
    // Every view is keyed by its event: another event's link in the same
    // tab starts its views afresh rather than keeping the last event's
    // state (its entrant, its scores) under the new title.
    let key = event.code();
    match (props.link.board.as_deref(), props.link.view.as_deref()) {
        (None, Some("score")) => html! { <score::ScorePage {key} {event} /> },
        (None, Some("records")) => html! { <records::RecordsPage {key} {event} /> },
        (board, _) => {
            // The entrant's views: the boards' reports are worked out above
            // them, so leaving a board early does not lose its report.
            let view = match board {
                Some(board) => html! { <table::ContestTable event={ event.clone() } board={ board.to_string() } /> },
                None => html! { <event::EventPage event={ event.clone() } /> },
            };
            html! { <reports::ReportsKeeper {key} {event}>{ view }</reports::ReportsKeeper> }
        }
    }
}

//! Hand records, as a bridge club prints them after an event: each board's
//! three hands and bottom cards, its par with the first play, the exact
//! split of each hand, the field's scores and, once the event is scored,
//! every entrant's. Where each entrant has their own boards (equal and
//! random events), the scored standings give every entrant's boards, one
//! entrant after another in one document. Worked out in the worker;
//! printed on A4 from the browser (the print stylesheet keeps each board
//! whole on a page, each entrant from a new page).

use engine::contest::records::HandRecord;
use engine::contest::{Board, EntrantName, Event, Standings};
use engine::{Cards, Play, Seat, Team};
use yew::prelude::*;

use super::score::{crumbs, stored_standings};
use super::words;
use crate::components::task::task_status;
use crate::game::entry::Entry;
use crate::i18n::Unit;
use crate::i18n::{use_strings, Strings};
use crate::web;
use crate::worker::{use_task, Answer, ContestAnswer, ContestJob, Job, Task};

/// Cards as a hand record prints them: `3 10 A SJ BJ`.
fn cards_text(cards: Cards, t: &Strings) -> String {
    cards.iter().map(|r| t.short_face(r)).collect::<Vec<_>>().join(" ")
}

fn play_text(play: &Play, t: &Strings) -> String {
    cards_text(play.cards(), t)
}

#[derive(Properties, PartialEq)]
pub struct RecordsPageProps {
    pub event: Event,
}

/// Boards to print, under an entrant's name when each has their own.
type Group = (Option<String>, Vec<Board>);

/// Whose boards, to start with: everyone's in duplicate (the same boards);
/// else, once the event is scored in this browser, every entrant's from
/// the standings, one after another; else this browser's entrant's.
fn first_groups(event: &Event, standings: Option<&Standings>, own: Option<&Entry>) -> Option<Vec<Group>> {
    if let Some(shared) = event.shared_boards() {
        return Some(vec![(None, shared)]);
    }
    if let Some(s) = standings.filter(|s| !s.entrants.is_empty()) {
        let groups = s
            .entrants
            .iter()
            .map(|r| (Some(r.entrant.to_string()), r.boards.iter().map(|b| b.board).collect()))
            .collect();
        return Some(groups);
    }
    own.map(|e| vec![(Some(e.entrant.to_string()), e.boards.clone())])
}

/// Every board once, in order of first appearance.
fn distinct_boards(groups: &[Group]) -> Vec<Board> {
    let mut all: Vec<Board> = Vec::new();
    for b in groups.iter().flat_map(|(_, boards)| boards) {
        if !all.contains(b) {
            all.push(*b);
        }
    }
    all
}

#[component]
pub fn RecordsPage(props: &RecordsPageProps) -> Html {
    let t = use_strings();
    let event = &props.event;
    let standings = use_memo(event.clone(), stored_standings);
    let groups = {
        let (event, standings) = (event.clone(), standings.clone());
        use_state(move || {
            let own = Entry::load(&event).ok().flatten();
            first_groups(&event, standings.as_ref().as_ref(), own.as_ref())
        })
    };
    let name = use_state(String::new);
    let name_error = use_state(|| None::<String>);
    // The entrant whose boards are being dealt (a name typed in).
    let dealt_for = use_state(|| None::<String>);
    let dealing = use_task(|answer| match answer {
        Answer::Contest(ContestAnswer::Boards(b)) => Some(b),
        _ => None,
    });
    let records = use_task(|answer| match answer {
        Answer::Contest(ContestAnswer::Records(r)) => Some(r),
        _ => None,
    });
    {
        let (groups, dealt_for) = (groups.clone(), dealt_for.clone());
        use_effect_with(dealing.task().clone(), move |task| {
            if let Task::Done(b) = task {
                groups.set(Some(vec![((*dealt_for).clone(), b.clone())]));
            }
        });
    }
    {
        let (records, event) = (records.clone(), event.clone());
        use_effect_with((*groups).clone(), move |groups| {
            if let Some(groups) = groups {
                records.run(Job::Contest(ContestJob::Records {
                    event,
                    boards: distinct_boards(groups),
                }));
            }
        });
    }
    let on_name = {
        let name = name.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(v) = web::input_value(e.as_ref()) {
                name.set(v);
            }
        })
    };
    let on_deal = {
        let (name, name_error, dealing, dealt_for, event) = (
            name.clone(),
            name_error.clone(),
            dealing.clone(),
            dealt_for.clone(),
            event.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let entrant: EntrantName = match name.parse() {
                Ok(n) => n,
                Err(err) => return name_error.set(Some(t.name_error(&err))),
            };
            name_error.set(None);
            dealt_for.set(Some(entrant.to_string()));
            dealing.run(Job::Contest(ContestJob::Deal {
                event: event.clone(),
                entrant,
            }));
        })
    };
    let shared = event.format().is_shared();
    html! {
        <main id="main" class="page contest-page contest-records">
            { crumbs(t, event) }
            <h1>{ (t.contest.records_of)(&words::title(t, event)) }</h1>
            <p class="note">{ words::rules(t, event).join(" ") }</p>
            if !shared {
                <form class="enter no-print" id="contest-records-entrant" onsubmit={on_deal}>
                    <label class="field">{ t.contest.whose_boards }
                        <input id="contest-records-name" type="text" value={ (*name).clone() } oninput={on_name} />
                    </label>
                    <button type="submit">{ t.contest.show_boards }</button>
                    if let Some(why) = &*name_error { <p class="error" role="alert">{ why.clone() }</p> }
                    { task_status(dealing.task(), "contest-records-dealing", Unit::Deals, dealing.on_cancel()) }
                </form>
            }
            { task_status(records.task(), "contest-records", Unit::Games, records.on_cancel()) }
            if let (Task::Done(list), Some(groups)) = (records.task(), &*groups) {
                { records_view(t, groups, list, standings.as_ref().as_ref(), !shared) }
            }
        </main>
    }
}

/// The records worked out, group after group, with a button to print them.
fn records_view(
    t: &Strings,
    groups: &[Group],
    list: &[HandRecord],
    standings: Option<&Standings>,
    named: bool,
) -> Html {
    html! {
        <>
            <p class="links no-print">
                <button type="button" id="contest-records-print" onclick={ Callback::from(|_: MouseEvent| { let _ = web_sys::window().map(|w| w.print()); }) }>{ t.contest.print }</button>
            </p>
            <div class="records" id="contest-records-list">
                { for groups.iter().map(|group| group_view(t, group, list, standings, named)) }
            </div>
        </>
    }
}

/// One entrant's boards (or everyone's, in duplicate), each board's record
/// with the entrants' scores once scored.
fn group_view(
    t: &Strings,
    (who, boards): &Group,
    list: &[HandRecord],
    standings: Option<&Standings>,
    named: bool,
) -> Html {
    let records = boards
        .iter()
        .filter_map(|b| list.iter().find(|r| r.board == *b))
        .map(|r| {
            let r = match standings {
                Some(s) => r.clone().with_scores(s),
                None => r.clone(),
            };
            record_view(t, &r)
        });
    html! {
        <section class="entrant-records" data-entrant={ who.clone().unwrap_or_default() }>
            if let (true, Some(who)) = (named, who) {
                <h2 class="entrant-head">{ (t.contest.records_for)(who) }</h2>
            }
            { for records }
        </section>
    }
}

fn record_view(t: &Strings, r: &HandRecord) -> Html {
    let Board { number, seed, seat } = r.board;
    let first = r.par.first.map(|m| t.move_words(m)).unwrap_or_default();
    let scores = r
        .field
        .scores
        .iter()
        .map(|s| html! { <th scope="col">{ format!("{s:+}") }</th> });
    let counts = r.field.counts.iter().map(|c| html! { <td>{ c }</td> });
    html! {
        <article class="record" data-board={ number.to_string() } data-seed={ seed.to_string() }>
            <h2>{ (t.contest.record_head)(number, seed, words::seat(t, seat)) }</h2>
            <table class="hands">
                <tbody>
                    { for Seat::ALL.iter().zip(&r.splits).map(|(&s, split)| html! {
                        <tr class={ classes!((s == seat).then_some("is-entrant")) } data-seat={ s.name() }>
                            <th scope="row">{ words::seat(t, s) }</th>
                            <td>
                                <div class="cards">{ cards_text(r.deal.hand(s), t) }</div>
                                <div class="split">{ (t.contest.split_of)(split.len()) }{ " " }
                                    { for split.iter().map(|p| html! { <span class="group">{ play_text(p, t) }</span> }) }</div>
                            </td>
                        </tr>
                    }) }
                </tbody>
            </table>
            if let Some(bottom) = r.deal.bottom() {
                <p>{ t.bottom_cards }{ t.contest.colon }{ cards_text(bottom, t) }</p>
            }
            <p class="par" data-winner={ r.par.winner.name() }>{ (t.contest.par_line)(r.par.winner == Team::Landlord, r.par.exact, &first) }</p>
            <p class="field-line">{ (t.contest.field_counts)(r.field.games(), r.field.mean()) }</p>
            <table class="field-counts">
                <tbody>
                    <tr><th scope="row">{ t.contest.score }</th>{ for scores }</tr>
                    <tr><th scope="row">{ t.contest.games }</th>{ for counts }</tr>
                </tbody>
            </table>
            if !r.scores.is_empty() {
                <p class="scores" data-scores={ r.scores.len().to_string() }>
                    { t.contest.entrants_scores }{ t.contest.colon }
                    { r.scores.iter().map(|(n, s)| format!("{n} {s:+}")).collect::<Vec<_>>().join(t.contest.list_separator) }
                </p>
            }
        </article>
    }
}

#[cfg(test)]
mod tests {
    use engine::Rank;

    use super::*;
    use crate::i18n::Lang;

    fn cards_in(lang: Lang, cards: &str) -> String {
        cards_text(cards.parse().unwrap(), lang.strings())
    }

    #[test]
    fn every_rank_is_printed_in_a_record_as_before() {
        // The small joker was `sJ` here and `SJ` under a split's tags: one
        // short form now, `SJ` (tests/browser.test.mjs asserts it there).
        let all = |lang: Lang| Rank::ALL.map(|r| lang.strings().short_face(r)).join("|");
        assert_eq!(all(Lang::Zh), "3|4|5|6|7|8|9|10|J|Q|K|A|2|小王|大王");
        assert_eq!(all(Lang::En), "3|4|5|6|7|8|9|10|J|Q|K|A|2|SJ|BJ");
        assert_eq!(cards_in(Lang::Zh, "3TAXD"), "3 10 A 小王 大王");
        assert_eq!(cards_in(Lang::En, "3TAXD"), "3 10 A SJ BJ");
    }
}

//! The Play page's side menu.

use engine::Seat;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::link::link_of;
use super::state::{new_deal, next_setup, Action, Review, State};
use super::{level_index, mode_index};
use crate::components::icon::icon;
use crate::components::table::view::chair_name;
use crate::game::model::{Mode, Phase};
use crate::game::prefs::{Level, Pace, Prefs, Timer};
use crate::i18n::Strings;
use crate::route::Route;
use crate::web;

/// One of the menu's settings: a labelled list of (value, text, chosen).
fn choice<'a>(
    id: &'static str,
    label: &str,
    options: impl Iterator<Item = (&'a str, &'a str, bool)>,
    onchange: Callback<Event>,
) -> Html {
    html! {
        <label class="field">{ label }
            <select {id} {onchange}>
                { for options.map(|(value, text, selected)| html! { <option value={ value.to_string() } {selected}>{ text }</option> }) }
            </select>
        </label>
    }
}

/// A setting from a select: the changed prefs go to the state.
fn set(state: &UseReducerHandle<State>, change: fn(&mut Prefs, &str)) -> Callback<Event> {
    select(state, change, false)
}

/// A setting from a checkbox: the changed prefs go to the state.
fn check(state: &UseReducerHandle<State>, change: fn(&mut Prefs, bool)) -> Callback<Event> {
    let state = state.clone();
    Callback::from(move |e: Event| {
        if let Some(input) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
            let mut prefs = state.prefs;
            change(&mut prefs, input.checked());
            state.dispatch(Action::Prefs(prefs));
        }
    })
}

/// A setting that applies to the next deal (the mode, the seat): a new
/// deal starts now with it.
fn restart_with(state: &UseReducerHandle<State>, change: fn(&mut Prefs, &str)) -> Callback<Event> {
    select(state, change, true)
}

/// A select's value changes the prefs; with `restart`, a new deal starts
/// with them.
fn select(state: &UseReducerHandle<State>, change: fn(&mut Prefs, &str), restart: bool) -> Callback<Event> {
    let state = state.clone();
    Callback::from(move |e: Event| {
        if let Some(value) = web::input_value(&e) {
            let mut prefs = state.prefs;
            change(&mut prefs, &value);
            state.dispatch(Action::Prefs(prefs));
            if restart {
                state.dispatch(Action::NewDeal(next_setup(&prefs, Some(state.table.setup()))));
            }
        }
    })
}

/// Dispatches `action` on a click.
fn on_click(state: &UseReducerHandle<State>, action: fn(&State) -> Action) -> Callback<MouseEvent> {
    let state = state.clone();
    Callback::from(move |_: MouseEvent| state.dispatch(action(&state)))
}

/// The side menu: new deal, a table with friends (when served by a
/// server), the settings, the record, the link to share.
pub(super) fn menu(t: &'static Strings, state: &UseReducerHandle<State>, served: bool) -> Html {
    let prefs = state.prefs;
    let escape = {
        let state = state.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                state.dispatch(Action::Menu(false))
            }
        })
    };
    html! {
        <>
        if state.menu { <div class="menu-backdrop" onclick={ on_click(state, |_| Action::Menu(false)) }></div> }
        <aside class="menu" id="play-menu" hidden={ !state.menu } aria-label={ t.play.settings } onkeydown={escape}>
            <div class="menu-head">
                <h2>{ t.play.settings }</h2>
                <button type="button" class="icon-button" aria-label={ t.play.close } title={ t.play.close } onclick={ on_click(state, |_| Action::Menu(false)) }>{ icon("close") }</button>
            </div>
            if state.contest.is_none() { { deal_settings(t, state, served) } }
            { choice("play-pace", t.play.pace, Pace::ALL.iter().zip(t.play.paces).map(|(x, text)| (x.key(), text, *x == prefs.pace)),
                set(state, |p, v| if let Some(x) = Pace::parse(v) { p.pace = x })) }
            { choice("play-timer", t.play.timer, Timer::ALL.iter().zip(t.play.timers).map(|(x, text)| (x.key(), text, *x == prefs.timer)),
                set(state, |p, v| if let Some(x) = Timer::parse(v) { p.timer = x })) }
            { aid_checks(t, state) }
            { record(t, state) }
            <p class="note" id="play-seed">{ (t.play.seed)(state.table.setup().seed) }</p>
            if state.contest.is_none() {
                <p class="share"><a href={ share_link(state) } id="play-share">{ t.play.share }</a></p>
            }
            <p class="note keys">{ t.play.keys }</p>
            if state.contest.is_none() {
                <button type="button" id="play-reset" onclick={ on_click(state, |_| Action::ResetSession) }>{ t.play.reset_session }</button>
            }
        </aside>
        </>
    }
}

/// The menu's part for a casual deal: a new deal or the same again, the
/// tables with friends, the mode, the seat and the AIs' level.
fn deal_settings(t: &'static Strings, state: &UseReducerHandle<State>, served: bool) -> Html {
    let prefs = state.prefs;
    html! {
        <>
        <div class="menu-actions">
            <button type="button" class="primary" id="play-new" onclick={ new_deal(state) }>{ t.play.new_deal }</button>
            <button type="button" id="play-restart" onclick={ on_click(state, |s| Action::NewDeal(s.table.setup())) }>{ t.play.restart }</button>
        </div>
        if served { { with_friends(t) }{ with_duplicate(t) } }
        { choice("play-mode", t.play.mode, Mode::ALL.iter().zip(t.play.modes).map(|(m, text)| (m.name(), text, *m == prefs.mode)),
            restart_with(state, |p, v| if let Some(m) = Mode::from_name(v) { p.mode = m })) }
        <p class="note">{ t.play.mode_notes[mode_index(prefs.mode)] }</p>
        if prefs.mode == Mode::Tournament {
            { choice("play-seat", t.play.seat, Seat::ALL.iter().zip(t.play.seats).map(|(s, text)| (s.name(), text, *s == prefs.seat)),
                restart_with(state, |p, v| if let Some(s) = Seat::from_name(v) { p.seat = s })) }
        }
        { choice("play-level", t.play.level, Level::ALL.iter().zip(t.play.levels).map(|(l, text)| (l.key(), text, *l == prefs.level)),
            set(state, |p, v| if let Some(l) = Level::parse(v) { p.level = l })) }
        <p class="note" id="play-level-note">{ t.play.level_notes[level_index(prefs.level)] }</p>
        </>
    }
}

/// The aids the user may switch: undo (not in a contest, whose organiser
/// fixed it), the card counter (if allowed), the sound.
fn aid_checks(t: &Strings, state: &UseReducerHandle<State>) -> Html {
    let prefs = state.prefs;
    html! {
        <>
        if state.contest.is_none() {
            <label class="check"><input type="checkbox" id="play-practice" checked={prefs.practice} onchange={ check(state, |p, on| p.practice = on) } />{ t.play.practice }</label>
        }
        if state.contest.as_ref().is_none_or(|c| c.event.aids().counter) {
            <label class="check"><input type="checkbox" id="play-counter-toggle" checked={prefs.counter} onchange={ check(state, |p, on| p.counter = on) } />{ t.play.counter }</label>
        }
        <label class="check"><input type="checkbox" id="play-sound-toggle" checked={prefs.sound} onchange={ check(state, |p, on| p.sound = on) } />{ t.play.sound }</label>
        </>
    }
}

/// The deal's record: the bids, then each move, a jump to it in the
/// replay once the deal is over, with the review's marks.
fn record(t: &Strings, state: &UseReducerHandle<State>) -> Html {
    let table = &state.table;
    let moves = table.record().iter().enumerate().map(|(i, turn)| {
        let current = state.replay == Some(i + 1);
        let slip = match &state.review {
            Review::Done(moves) => moves.get(i).and_then(|m| m.slip()),
            _ => None,
        };
        let state = state.clone();
        let onclick = Callback::from(move |_: MouseEvent| state.dispatch(Action::Replay(Some(i + 1))));
        let words = t.move_words(turn.mv);
        let over = matches!(table.phase(), Phase::Over(_));
        html! {
            <li class={ classes!(current.then_some("current"), slip.map(|_| "blunder")) }>
                <button type="button" class="jump" disabled={ !over } {onclick}>
                    <span class="who">{ chair_name(t, table.chair_of(turn.seat)) }</span>{ " " }<strong>{ words }</strong>
                    if let Some(slip) = slip { <span class="mark" title={ super::review::slip_words(t, slip) }>{ " " }{ super::review::slip_mark(slip) }</span> }
                </button>
            </li>
        }
    });
    html! {
        <details class="record" open=true>
            <summary>{ t.play.record }</summary>
            if !table.bids().is_empty() {
                <p class="bids" id="play-bids">{ t.play.bids }{ ": " }{ table.bids().iter().map(|b| (t.play.called)(*b)).collect::<Vec<_>>().join(" · ") }</p>
            }
            <ol class="line" id="play-record">{ for moves }</ol>
        </details>
    }
}

/// The address of this deal at this level, to share.
fn share_link(state: &State) -> String {
    let hash = Route::Play(link_of(state.table.setup(), state.prefs.level)).to_hash();
    let base = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .map(|h| h.split('#').next().unwrap_or_default().to_string())
        .unwrap_or_default();
    format!("{base}{hash}")
}

/// 和好友玩: opens a table on the server under the rules chosen and goes
/// to it.
fn with_friends(t: &'static Strings) -> Html {
    let onclick = Callback::from(move |e: MouseEvent| {
        let rules = field("play-friends-rules")
            .and_then(|v| v.parse().ok())
            .unwrap_or_default();
        if let Some(button) = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) {
            let _ = button.set_attribute("disabled", "");
            button.set_text_content(Some(t.table.opening));
        }
        wasm_bindgen_futures::spawn_local(async move {
            if let Err(e) = crate::pages::table::open_table(rules).await {
                if let Some(w) = web_sys::window() {
                    let _ = w.alert_with_message(&(t.table.refused)(&e.message));
                }
            }
        });
    });
    html! {
        <div class="friends">
            { rules_select(t, "play-friends-rules") }
            <button type="button" id="play-friends" {onclick}>{ t.table.with_friends }</button>
            <p class="note">{ t.table.with_friends_note }</p>
        </div>
    }
}

/// The choice of a table's rules, tournament first.
fn rules_select(t: &Strings, id: &'static str) -> Html {
    html! {
        <label class="field">{ t.table.rules_label }
            <select {id}>
                <option value="tournament" selected=true>{ t.table.rules[0] }</option>
                <option value="casual">{ t.table.rules[1] }</option>
            </select>
        </label>
    }
}

/// The value of the form field `id` on the page.
fn field(id: &str) -> Option<String> {
    let el = web_sys::window()?.document()?.get_element_by_id(id)?;
    match el.dyn_ref::<web_sys::HtmlInputElement>() {
        Some(input) => Some(input.value()),
        None => Some(el.dyn_into::<web_sys::HtmlSelectElement>().ok()?.value()),
    }
}

/// 复式赛: creates a duplicate session of the tables, boards and rules
/// chosen, and goes to its page.
fn with_duplicate(t: &'static Strings) -> Html {
    use engine::table::duplicate::{BOARDS, TABLES};
    let onclick = Callback::from(move |e: MouseEvent| {
        let number = |id: &str, range: std::ops::RangeInclusive<u32>, default: u32| {
            let n: u32 = field(id).and_then(|v| v.trim().parse().ok()).unwrap_or(default);
            n.clamp(*range.start(), *range.end())
        };
        let tables = number("play-dup-tables", TABLES, 2);
        let boards = number("play-dup-boards", BOARDS, 4);
        let rules = field("play-dup-rules").and_then(|v| v.parse().ok()).unwrap_or_default();
        let button = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
        if let Some(button) = &button {
            let _ = button.set_attribute("disabled", "");
            button.set_text_content(Some(t.duplicate.creating));
        }
        wasm_bindgen_futures::spawn_local(async move {
            let said = match crate::pages::duplicate::create(tables, boards, rules).await {
                Ok(true) => return,
                Ok(false) => t.duplicate.key_lost.to_string(),
                Err(e) => (t.table.refused)(&e.message),
            };
            if let Some(w) = web_sys::window() {
                let _ = w.alert_with_message(&said);
            }
            if let Some(button) = button {
                let _ = button.remove_attribute("disabled");
                button.set_text_content(Some(t.duplicate.create));
            }
        });
    });
    html! {
        <details class="friends duplicate-create" id="play-duplicate-box">
            <summary>{ t.duplicate.title }</summary>
            <p class="note">{ t.duplicate.create_note }</p>
            <label class="field">{ t.duplicate.tables }
                <input type="number" id="play-dup-tables" min={ TABLES.start().to_string() } max={ TABLES.end().to_string() } value="2" />
            </label>
            <label class="field">{ t.duplicate.boards }
                <input type="number" id="play-dup-boards" min={ BOARDS.start().to_string() } max={ BOARDS.end().to_string() } value="4" />
            </label>
            { rules_select(t, "play-dup-rules") }
            <button type="button" id="play-duplicate" {onclick}>{ t.duplicate.create }</button>
        </details>
    }
}

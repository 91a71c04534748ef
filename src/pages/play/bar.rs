//! The Play page's top bar (menu, level, bottom cards, stakes, session
//! score, sound) and the notices under it.

use yew::prelude::*;

use super::state::{Action, Notice, State};
use super::{level_index, mode_index};
use crate::components::icon::icon;
use crate::components::table::view;
use crate::game::model::PlayDeal;
use crate::game::saved;
use crate::i18n::Strings;
use crate::sound::{self, Sound};

/// The bar over the table, with the session's `totals` by chair.
pub(super) fn play_bar(t: &Strings, state: &UseReducerHandle<State>, totals: [i64; 3]) -> Html {
    let table: &PlayDeal = &state.table;
    let setup = table.setup();
    let in_auction = table.deal().is_none();
    let stakes = table.stakes_after(state.replay.unwrap_or(table.record().len()));
    let points_now = table.points();
    let on_sound = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            let mut prefs = state.prefs;
            prefs.sound = !prefs.sound;
            if prefs.sound {
                sound::play(Sound::Bid);
            }
            state.dispatch(Action::Prefs(prefs));
        })
    };
    html! {
        <div class="play-bar">
            <button type="button" class="icon-button" id="play-menu-open" aria-expanded={ state.menu.to_string() } aria-controls="play-menu"
                onclick={ { let s = state.clone(); Callback::from(move |_: MouseEvent| s.dispatch(Action::Menu(!s.menu))) } }
                title={ t.play.menu }>{ icon("menu") }<span class="label">{ t.play.menu }</span></button>
            if let Some(seat) = &state.contest {
                <a class="chip" id="play-contest-chip" href={ crate::route::Route::Contest(crate::route::ContestLink::event(&seat.event.code())).to_hash() }>
                    { (t.contest.board_of)(seat.board.number, seat.event.boards()) }
                </a>
            } else {
                <span class="chip" id="play-level-chip" title={ t.play.level_notes[level_index(state.prefs.level)] }>
                    { t.play.levels[level_index(state.prefs.level)] }{ " · " }{ t.play.modes[mode_index(setup.mode)].split(['（', ' ', '(']).next().unwrap_or_default() }
                </span>
            }
            { view::bottom(t, table, !in_auction) }
            // A new key when the stake grows, so it pops again.
            <span key={ format!("stakes-{}", stakes.multiplier()) } class="stakes" id="play-stakes" data-multiplier={ stakes.multiplier().to_string() } title={ (t.play.stakes)(&stakes) }>
                <span class="label">{ t.play.multiplier }</span>{ format!(" ×{}", stakes.multiplier()) }
            </span>
            if state.contest.is_none() {
                <span class="score" id="play-session" data-total={ totals[0].to_string() } title={ (t.play.deals_played)(state.session.deals + u32::from(points_now.is_some())) }>
                    <span class="label">{ t.play.session }</span>{ format!(" {:+}", totals[0]) }
                </span>
            }
            <button type="button" class="icon-button" id="play-sound" aria-pressed={ state.prefs.sound.to_string() } onclick={on_sound}
                title={ if state.prefs.sound { t.play.sound_on } else { t.play.sound_off } }>
                { icon(if state.prefs.sound { "sound-on" } else { "sound-off" }) }
            </button>
        </div>
    }
}

/// The notices, each with a way to dismiss it (and to resume a game put
/// aside, or keep the text of one that could not be read).
pub(super) fn notices(t: &Strings, state: &UseReducerHandle<State>) -> Html {
    let items = state.notices.iter().enumerate().map(|(i, notice)| {
        let text = match notice {
            Notice::Unreadable(e) => (t.play.unreadable_game)(&(t.play.load_error)(&e.error), &t.set_aside(e.kept)),
            Notice::Paused => t.play.paused.to_string(),
            Notice::Link(problems) => (t.play.link_problems)(&t.bad_values(problems)),
            Notice::TimedOut => t.play.timed_out.to_string(),
            Notice::Failure(error) => format!("{}{}", t.play.worker_failed, t.job_error(error)),
            Notice::Contest(e) => t.unreadable_entry(&e.error.to_string(), e.kept),
            Notice::NotSaved(e) => (t.play.not_saved)(t.storage_error(*e)),
        };
        let resume = (*notice == Notice::Paused && saved::has_paused()).then(|| {
            let state = state.clone();
            let onclick = Callback::from(move |_: MouseEvent| {
                if let Some(paused) = saved::take_paused() {
                    if state.table.in_progress() {
                        if let Err(e) = saved::pause(&state.table) {
                            state.dispatch(Action::Notice(Notice::NotSaved(e)));
                        }
                    }
                    state.dispatch(Action::Resume(Box::new(paused)));
                }
            });
            html! { <button type="button" class="primary" id="play-resume" {onclick}>{ t.play.resume }</button> }
        });
        // The unreadable game's text to download: from where it was kept
        // aside, or (when it could not be) as it was read.
        let keep = match notice {
            Notice::Unreadable(e) => e.text.as_deref().map(str::to_string).or_else(saved::set_aside),
            _ => None,
        };
        let keep = keep.map(|text| {
            let href = format!(
                "data:application/json;charset=utf-8,{}",
                String::from(js_sys::encode_uri_component(&text))
            );
            html! { <a href={href} download="ddz-unreadable-game.json" id="play-keep-text">{ t.play.keep_text }</a> }
        });
        let id = if matches!(notice, Notice::Unreadable(_)) {
            "play-unreadable"
        } else {
            ""
        };
        let onclick = {
            let state = state.clone();
            Callback::from(move |_: MouseEvent| state.dispatch(Action::Dismiss(i)))
        };
        html! {
            <p class="notice" role="alert" id={id}>
                <span>{ text }</span>{ for keep }{ for resume }
                <button type="button" {onclick}>{ t.play.dismiss }</button>
            </p>
        }
    });
    html! { <>{ for items }</> }
}

//! Creating an event (the organiser): its settings, checked, then its
//! code and link. Test cases come from the built-in library (ranked by DIH
//! in the worker); an equal-strength centre is checked against it first.

use engine::contest::{Aids, Deals, Event, Format, Reveal, SeatRule, Settings};
use engine::lab::panel::GdiCentre;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::event::{copy, full_link};
use super::words;
use crate::components::task::task_status;
use crate::i18n::Unit;
use crate::i18n::{use_strings, Strings};
use crate::pages::play::prefs::Level;
use crate::route::{ContestLink, Route};
use crate::web;
use crate::worker::{use_task, Answer, ContestAnswer, ContestJob, Job, Task};

/// A centre most of whose neighbourhood the quick panel reaches: about 4%
/// of the built-in library's deals lie within 0.15 of it.
const DEFAULT_CENTRE: &str = "0.8, 0.45, 0.3";

/// The form as typed.
#[derive(Clone, Debug, PartialEq)]
struct Form {
    title: String,
    format: Format,
    boards: String,
    seat: SeatRule,
    level: Level,
    test_cases: bool,
    players: String,
    top: String,
    centre: String,
    eps: String,
    aids: Aids,
    reveal: Reveal,
}

impl Default for Form {
    fn default() -> Form {
        Form {
            title: String::new(),
            format: Format::Duplicate,
            boards: "6".into(),
            seat: SeatRule::Alternate,
            level: Level::Advanced,
            test_cases: true,
            players: "30".into(),
            top: "3".into(),
            centre: DEFAULT_CENTRE.into(),
            eps: "0.15".into(),
            aids: Aids::default(),
            reveal: Reveal::EachBoard,
        }
    }
}

/// The settings, or what is wrong with the form (in words).
fn settings(t: &Strings, form: &Form, seeds: Option<Vec<u64>>) -> Result<Settings, String> {
    let c = t.contest;
    let boards = form
        .boards
        .trim()
        .parse::<u8>()
        .ok()
        .filter(|b| (1..=36).contains(b))
        .ok_or_else(|| (c.bad_number)(c.boards_label, &form.boards, 1, 36))?;
    let seed = web::fresh_seed();
    let deals = match form.format {
        Format::Duplicate if form.test_cases => {
            let (players, top) = test_case_numbers(t, form)?;
            Deals::TestCases {
                players,
                top,
                seeds: seeds.unwrap_or_default(),
            }
        }
        Format::Duplicate => Deals::Seeded { seed },
        Format::Equal => {
            let (centre, eps) = equal_numbers(t, form)?;
            Deals::Equal {
                centre,
                eps_milli: Event::eps_milli(eps).map_err(|e| t.event_error(&e))?,
                seed,
            }
        }
        Format::Random => Deals::Random { seed },
    };
    Ok(Settings {
        title: form.title.clone(),
        deals,
        boards,
        seat: form.seat,
        opponents: form.level.player(),
        aids: form.aids,
        reveal: form.reveal,
    })
}

fn test_case_numbers(t: &Strings, form: &Form) -> Result<(u32, u32), String> {
    let c = t.contest;
    let players = form
        .players
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|n| (1..=1000).contains(n))
        .ok_or_else(|| (c.bad_number)(c.players_label, &form.players, 1, 1000))?;
    let top = form
        .top
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|r| (1..=100).contains(r))
        .ok_or_else(|| (c.bad_number)(c.top_label, &form.top, 1, 100))?;
    Ok((players, top))
}

fn equal_numbers(t: &Strings, form: &Form) -> Result<(GdiCentre, f64), String> {
    let centre: GdiCentre = form.centre.parse().map_err(|e| t.centre_error(&e))?;
    let eps = form
        .eps
        .trim()
        .parse::<f64>()
        .ok()
        .filter(|e| (0.001..=1.0).contains(e))
        .ok_or_else(|| (t.contest.bad_eps)(&form.eps))?;
    Ok((centre, eps))
}

fn checked(e: &web_sys::Event) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        .is_some_and(|i| i.checked())
}

#[component]
pub fn CreateEvent() -> Html {
    let t = use_strings();
    let c = t.contest;
    let form = use_state(Form::default);
    let error = use_state(|| None::<String>);
    let created = use_state(|| None::<(Event, Option<String>)>);
    let cases = use_task(|answer| match answer {
        Answer::Contest(ContestAnswer::TestCases(cases)) => Some(cases),
        _ => None,
    });
    let nearby = use_task(|answer| match answer {
        Answer::Contest(ContestAnswer::Nearby { near, of }) => Some((near, of)),
        _ => None,
    });
    let finish = {
        let (error, created) = (error.clone(), created.clone());
        move |made: Result<Settings, String>, note: Option<String>| match made
            .and_then(|s| Event::new(s).map_err(|e| t.event_error(&e)))
        {
            Ok(event) => {
                error.set(None);
                created.set(Some((event, note)));
            }
            Err(why) => error.set(Some(why)),
        }
    };
    // The test cases ranked, or the centre checked: the event is made.
    {
        let (form, finish) = (form.clone(), finish.clone());
        use_effect_with(cases.task().clone(), move |task| {
            if let Task::Done(cases) = task {
                let seeds = cases.iter().map(|(s, _)| *s).collect();
                finish(settings(t, &form, Some(seeds)), None);
            }
        });
    }
    {
        let (form, finish, error) = (form.clone(), finish.clone(), error.clone());
        use_effect_with(nearby.task().clone(), move |task| {
            if let Task::Done((near, of)) = task {
                if *near == 0 {
                    error.set(Some((t.contest.centre_out_of_reach)(*of)));
                } else {
                    let note = (t.contest.centre_share)(*near, *of);
                    finish(settings(t, &form, None), Some(note));
                }
            }
        });
    }
    let on_create = {
        let (form, error, created, cases, nearby, finish) = (
            form.clone(),
            error.clone(),
            created.clone(),
            cases.clone(),
            nearby.clone(),
            finish.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            created.set(None);
            // Check the form before any work.
            if let Err(why) = settings(t, &form, Some(Vec::new())) {
                return error.set(Some(why));
            }
            error.set(None);
            match form.format {
                Format::Duplicate if form.test_cases => {
                    let (players, top) = test_case_numbers(t, &form).unwrap_or((30, 3));
                    let boards = form.boards.trim().parse().unwrap_or(6);
                    cases.run(Job::Contest(ContestJob::TestCases { players, boards, top }));
                }
                Format::Equal => {
                    if let Ok((centre, eps)) = equal_numbers(t, &form) {
                        nearby.run(Job::Contest(ContestJob::Nearby { centre, eps }));
                    }
                }
                _ => finish(settings(t, &form, None), None),
            }
        })
    };
    let set = |change: fn(&mut Form, String)| {
        let form = form.clone();
        Callback::from(move |e: web_sys::Event| {
            if let Some(v) = web::input_value(&e) {
                let mut f = (*form).clone();
                change(&mut f, v);
                form.set(f);
            }
        })
    };
    let typed = |change: fn(&mut Form, String)| {
        let form = form.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(v) = web::input_value(e.as_ref()) {
                let mut f = (*form).clone();
                change(&mut f, v);
                form.set(f);
            }
        })
    };
    let tick = |change: fn(&mut Form, bool)| {
        let form = form.clone();
        Callback::from(move |e: web_sys::Event| {
            let mut f = (*form).clone();
            change(&mut f, checked(&e));
            form.set(f);
        })
    };
    let f = &*form;
    let select = |id: &'static str,
                  label: &'static str,
                  options: Vec<(String, &'static str, bool)>,
                  onchange: Callback<web_sys::Event>| {
        html! {
            <label class="field">{ label }
                <select {id} {onchange}>
                    { for options.into_iter().map(|(value, text, selected)| html! { <option {value} {selected}>{ text }</option> }) }
                </select>
            </label>
        }
    };
    let busy = cases.task().is_running() || nearby.task().is_running();
    html! {
        <section class="create" id="contest-create">
            <h2>{ c.create }</h2>
            <form onsubmit={on_create}>
                <label class="field">{ c.title_label }
                    <input id="contest-new-title" type="text" maxlength="60" value={ f.title.clone() } oninput={ typed(|f, v| f.title = v) } />
                </label>
                { select("contest-new-format", c.format_label,
                    Format::ALL.iter().map(|&x| (x.name().to_string(), words::format_name(t, x), x == f.format)).collect(),
                    set(|f, v| if let Ok(x) = v.parse() { f.format = x })) }
                <p class="note">{ c.format_notes[Format::ALL.iter().position(|&x| x == f.format).unwrap_or(0)] }</p>
                <label class="field">{ c.boards_label }
                    <input id="contest-new-boards" type="number" min="1" max="36" value={ f.boards.clone() } oninput={ typed(|f, v| f.boards = v) } />
                </label>
                if f.format == Format::Duplicate {
                    <fieldset>
                        <legend>{ c.deals_label }</legend>
                        <label class="check"><input type="radio" name="contest-source" id="contest-new-test-cases" checked={ f.test_cases } onchange={ tick(|f, on| if on { f.test_cases = true }) } />{ c.source_test_cases }</label>
                        <label class="check"><input type="radio" name="contest-source" id="contest-new-random" checked={ !f.test_cases } onchange={ tick(|f, on| if on { f.test_cases = false }) } />{ c.source_random }</label>
                        if f.test_cases {
                            <label class="field">{ c.players_label }
                                <input id="contest-new-players" type="number" min="1" max="1000" value={ f.players.clone() } oninput={ typed(|f, v| f.players = v) } />
                            </label>
                            <label class="field">{ c.top_label }
                                <input id="contest-new-top" type="number" min="1" max="100" value={ f.top.clone() } oninput={ typed(|f, v| f.top = v) } />
                            </label>
                        }
                    </fieldset>
                }
                if f.format == Format::Equal {
                    <label class="field">{ c.centre_label }
                        <input id="contest-new-centre" type="text" value={ f.centre.clone() } oninput={ typed(|f, v| f.centre = v) } />
                    </label>
                    <label class="field">{ "ε" }
                        <input id="contest-new-eps" type="text" inputmode="decimal" value={ f.eps.clone() } oninput={ typed(|f, v| f.eps = v) } />
                    </label>
                }
                { select("contest-new-seat", c.seat_label,
                    SeatRule::ALL.iter().zip(c.seat_rules).map(|(&x, text)| (x.name().to_string(), text, x == f.seat)).collect(),
                    set(|f, v| if let Ok(x) = v.parse() { f.seat = x })) }
                { select("contest-new-level", c.opponents_label,
                    Level::ALL.iter().zip(t.play.levels).map(|(&l, text)| (l.key().to_string(), text, l == f.level)).collect(),
                    set(|f, v| if let Some(l) = Level::parse(&v) { f.level = l })) }
                <fieldset>
                    <legend>{ c.aids_label }</legend>
                    <label class="check"><input type="checkbox" id="contest-new-hint" checked={ f.aids.hint } onchange={ tick(|f, on| f.aids.hint = on) } />{ t.play.hint }</label>
                    <label class="check"><input type="checkbox" id="contest-new-counter" checked={ f.aids.counter } onchange={ tick(|f, on| f.aids.counter = on) } />{ t.play.counter }</label>
                    <label class="check"><input type="checkbox" id="contest-new-undo" checked={ f.aids.undo } onchange={ tick(|f, on| f.aids.undo = on) } />{ t.play.undo }</label>
                </fieldset>
                { select("contest-new-reveal", c.reveal_label,
                    vec![("each-board".into(), c.reveal_each, f.reveal == Reveal::EachBoard), ("at-end".into(), c.reveal_end, f.reveal == Reveal::AtEnd)],
                    set(|f, v| if let Ok(x) = v.parse() { f.reveal = x })) }
                <p><button type="submit" class="primary" id="contest-new-create" disabled={busy}>{ c.create_button }</button></p>
            </form>
            { task_status(cases.task(), "contest-new-cases", Unit::Deals, cases.on_cancel()) }
            { task_status(nearby.task(), "contest-new-nearby", Unit::Deals, nearby.on_cancel()) }
            if let Some(why) = &*error { <p class="error" id="contest-new-error" role="alert">{ why.clone() }</p> }
            if let Some((event, note)) = &*created {
                { created_view(t, event, note.as_deref()) }
            }
        </section>
    }
}

fn created_view(t: &Strings, event: &Event, note: Option<&str>) -> Html {
    let hash = Route::Contest(ContestLink::event(&event.code())).to_hash();
    let link = full_link(&hash);
    let code = event.code();
    html! {
        <div class="created" id="contest-created" data-code={ code.clone() }>
            <h3>{ words::title(t, event) }</h3>
            <ul class="rules">{ for words::rules(t, event).into_iter().map(|l| html! { <li>{ l }</li> }) }</ul>
            if let Some(note) = note { <p class="note">{ note.to_string() }</p> }
            <p class="share-line">
                <input type="text" readonly=true id="contest-new-link" value={ link.clone() } />
                <button type="button" onclick={ { let l = link.clone(); Callback::from(move |_: MouseEvent| copy(&l)) } }>{ t.copy }</button>
            </p>
            <p>{ t.contest.event_code }{ " " }<code id="contest-new-code">{ code }</code></p>
            <p><a class="button primary" id="contest-new-open" href={hash}>{ t.contest.open_event }</a></p>
        </div>
    }
}

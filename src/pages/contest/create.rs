//! Creating an event (the organiser): its settings, checked, then its
//! code and link. Test cases come from the built-in library (ranked by DIH
//! in the worker); an equal-strength centre is checked against it first.

use std::ops::RangeInclusive;
use std::str::FromStr;

use engine::contest::event::{BOARDS, EPS_MILLI, MAX_ENTRANTS};
use engine::contest::{Aids, Deals, Event, Format, Reveal, SeatRule, Settings};
use engine::lab::panel::GdiCentre;
use engine::limits;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::event::full_link;
use super::online::views::Created;
use super::online::{keep_organiser_key, link as online_link, typed_time};
use super::words;
use crate::api::{self, Server};
use crate::components::copy::CopyButton;
use crate::components::info::Info;
use crate::components::task::task_status;
use crate::game::prefs::Level;
use crate::i18n::Unit;
use crate::i18n::{use_strings, Strings};
use crate::route::{ContestLink, Route};
use crate::web;
use crate::worker::{use_task, Answer, ContestAnswer, ContestJob, Job, Task, TaskHandle};

/// How hard an equal event's deals are for the entrant, from their seat,
/// in players' words: each a GDI centre (advanced) that 1.5–4% of the
/// built-in library's deals lie within 0.15 of (from the landlord's seat),
/// so entrants' deals are found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Difficulty {
    Easier,
    Balanced,
    Harder,
    /// A centre typed under "advanced".
    Custom,
}

impl Difficulty {
    const PRESETS: [Difficulty; 3] = [Difficulty::Easier, Difficulty::Balanced, Difficulty::Harder];

    fn centre(self) -> Option<&'static str> {
        match self {
            Difficulty::Easier => Some("0.9, 0.5, 0.35"),
            Difficulty::Balanced => Some("0.8, 0.45, 0.3"),
            Difficulty::Harder => Some("0.6, 0.2, 0.05"),
            Difficulty::Custom => None,
        }
    }

    fn key(self) -> &'static str {
        match self {
            Difficulty::Easier => "easier",
            Difficulty::Balanced => "balanced",
            Difficulty::Harder => "harder",
            Difficulty::Custom => "custom",
        }
    }

    fn of_key(key: &str) -> Option<Difficulty> {
        Difficulty::PRESETS.into_iter().find(|d| d.key() == key)
    }

    /// The preset a typed centre is, else custom.
    fn of_centre(centre: &str) -> Difficulty {
        let numbers = |c: &str| c.split(',').map(|x| x.trim().parse::<f64>().ok()).collect::<Vec<_>>();
        Difficulty::PRESETS
            .into_iter()
            .find(|d| d.centre().is_some_and(|p| numbers(p) == numbers(centre)))
            .unwrap_or(Difficulty::Custom)
    }
}

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
    difficulty: Difficulty,
    centre: String,
    eps: String,
    aids: Aids,
    reveal: Reveal,
    /// An online event on the server serving the site, and its settings.
    online: bool,
    opens: String,
    closes: String,
    standings_after: String,
    max_entrants: String,
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
            difficulty: Difficulty::Balanced,
            centre: Difficulty::Balanced.centre().unwrap_or_default().into(),
            eps: "0.15".into(),
            aids: Aids::default(),
            reveal: Reveal::EachBoard,
            online: false,
            opens: String::new(),
            closes: String::new(),
            standings_after: "1".into(),
            max_entrants: "1000".into(),
        }
    }
}

/// The settings, or what is wrong with the form (in words).
fn settings(t: &Strings, form: &Form, seeds: Option<Vec<u64>>) -> Result<Settings, String> {
    let c = t.contest;
    let boards = number_in(t, c.boards_label, &form.boards, BOARDS)?;
    let seed = web::fresh_seed();
    let deals = match form.format {
        Format::Duplicate if form.test_cases && !form.online => {
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
        opponents: form.level.rung(),
        // The server's table has the card counter but no hint or undo.
        aids: if form.online {
            Aids {
                counter: form.aids.counter,
                ..Aids::default()
            }
        } else {
            form.aids
        },
        reveal: form.reveal,
    })
}

/// An online event's own settings (standings after, most entrants, opens,
/// closes), or what is wrong with them.
type OnlineFields = (u64, u64, Option<String>, Option<String>);

fn online_fields(t: &Strings, form: &Form) -> Result<OnlineFields, String> {
    let o = t.online;
    let entrants = 1..=MAX_ENTRANTS;
    Ok((
        number_in(t, o.standings_after_label, &form.standings_after, entrants.clone())?,
        number_in(t, o.max_entrants_label, &form.max_entrants, entrants)?,
        typed_time(t, &form.opens)?,
        typed_time(t, &form.closes)?,
    ))
}

/// The body of `POST /api/events` for an online event of `event`'s
/// settings, or what is wrong with the form.
fn online_body(t: &Strings, form: &Form, event: &Event) -> Result<String, String> {
    let (standings_after, max_entrants, opens, closes) = online_fields(t, form)?;
    let mut body = format!(
        "{{\"event\":{},\"standings_after\":{standings_after},\"max_entrants\":{max_entrants}",
        api::quoted(&event.code())
    );
    for (name, time) in [("opens", opens), ("closes", closes)] {
        if let Some(time) = time {
            body.push_str(&format!(",\"{name}\":{}", api::quoted(&time)));
        }
    }
    body.push('}');
    Ok(body)
}

fn test_case_numbers(t: &Strings, form: &Form) -> Result<(u32, u32), String> {
    let c = t.contest;
    let players = number_in(t, c.players_label, &form.players, limits::PLAYERS)?;
    let top = number_in(t, c.top_label, &form.top, limits::TOP)?;
    Ok((players, top))
}

/// A whole number typed into the form, within the engine's `range`, or
/// the words for what is wrong.
fn number_in<T>(t: &Strings, label: &str, typed: &str, range: RangeInclusive<T>) -> Result<T, String>
where
    T: FromStr + PartialOrd + Copy + Into<u64>,
{
    typed
        .trim()
        .parse::<T>()
        .ok()
        .filter(|n| range.contains(n))
        .ok_or_else(|| (t.contest.bad_number)(label, typed, (*range.start()).into(), (*range.end()).into()))
}

fn equal_numbers(t: &Strings, form: &Form) -> Result<(GdiCentre, f64), String> {
    let centre: GdiCentre = form.centre.parse().map_err(|e| t.centre_error(&e))?;
    let eps = form
        .eps
        .trim()
        .parse::<f64>()
        .ok()
        .filter(|e| (f64::from(*EPS_MILLI.start()) / 1000.0..=f64::from(*EPS_MILLI.end()) / 1000.0).contains(e))
        .ok_or_else(|| (t.contest.bad_eps)(&form.eps))?;
    Ok((centre, eps))
}

fn checked(e: &web_sys::Event) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        .is_some_and(|i| i.checked())
}

/// The test cases ranked by the worker: (seed, DIH) of each.
type CasesTask = TaskHandle<Vec<(u64, f64)>>;
/// The centre checked by the worker: the library's deals near it, of all.
type NearbyTask = TaskHandle<(usize, usize)>;

/// An online event made on the server (with why its key was not kept,
/// if it was not), or why not.
type Posted = Result<(Created, Option<String>), String>;

/// What creating says back: what is wrong with the form, the link event
/// made, the online event made on the server (or why not), and whether it
/// is being made.
#[derive(Clone)]
struct Creating {
    error: UseStateHandle<Option<String>>,
    created: UseStateHandle<Option<(Event, Option<String>)>>,
    /// An online event made on the server: its answer, or why not.
    posted: UseStateHandle<Option<Posted>>,
    posting: UseStateHandle<bool>,
}

/// Makes the event of checked settings: a link event at once, an online
/// event posted to the server (its organiser key kept).
fn finisher(
    t: &'static Strings,
    form: &UseStateHandle<Form>,
    out: &Creating,
) -> impl Fn(Result<Settings, String>, Option<String>) + Clone + 'static {
    let (error, created, form, posted, posting) = (
        out.error.clone(),
        out.created.clone(),
        form.clone(),
        out.posted.clone(),
        out.posting.clone(),
    );
    move |made: Result<Settings, String>, note: Option<String>| match made
        .and_then(|s| Event::new(s).map_err(|e| t.event_error(&e)))
    {
        Ok(event) if form.online => {
            let body = match online_body(t, &form, &event) {
                Ok(body) => body,
                Err(why) => return error.set(Some(why)),
            };
            error.set(None);
            posting.set(true);
            let (posted, posting) = (posted.clone(), posting.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let answer = api::call::<Created>("POST", "events", None, Some(body)).await;
                posting.set(false);
                posted.set(Some(match answer {
                    Ok(made) => {
                        let kept = keep_organiser_key(&made.id, &made.organiser_key);
                        Ok((made, kept.err().map(|e| (t.online.key_not_kept)(t.storage_error(e)))))
                    }
                    Err(e) => Err(t.api_error(&e)),
                }));
            });
        }
        Ok(event) => {
            error.set(None);
            created.set(Some((event, note)));
        }
        Err(why) => error.set(Some(why)),
    }
}

/// The test cases ranked, or the centre checked: the event is made (or,
/// with no deal near the centre, why not).
#[hook]
fn use_made_when_done<F>(
    t: &'static Strings,
    form: &UseStateHandle<Form>,
    cases: &CasesTask,
    nearby: &NearbyTask,
    error: &UseStateHandle<Option<String>>,
    finish: F,
) where
    F: Fn(Result<Settings, String>, Option<String>) + Clone + 'static,
{
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
}

/// Creating: the form checked before any work, then the test cases ranked
/// or the centre checked in the worker, or the event made at once.
fn on_create<F>(
    t: &'static Strings,
    form: &UseStateHandle<Form>,
    out: &Creating,
    cases: &CasesTask,
    nearby: &NearbyTask,
    finish: F,
) -> Callback<SubmitEvent>
where
    F: Fn(Result<Settings, String>, Option<String>) + 'static,
{
    let posted = out.posted.clone();
    let (form, error, created, cases, nearby) = (
        form.clone(),
        out.error.clone(),
        out.created.clone(),
        cases.clone(),
        nearby.clone(),
    );
    Callback::from(move |e: SubmitEvent| {
        e.prevent_default();
        created.set(None);
        posted.set(None);
        // Check the form before any work.
        if let Err(why) = settings(t, &form, Some(Vec::new())) {
            return error.set(Some(why));
        }
        if form.online {
            if let Err(why) = online_fields(t, &form) {
                return error.set(Some(why));
            }
        }
        error.set(None);
        match form.format {
            Format::Duplicate if form.test_cases && !form.online => {
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
}

/// A choice made in a select: the form changed by `change`.
fn set(form: &UseStateHandle<Form>, change: fn(&mut Form, String)) -> Callback<web_sys::Event> {
    let form = form.clone();
    Callback::from(move |e: web_sys::Event| {
        if let Some(v) = web::input_value(&e) {
            let mut f = (*form).clone();
            change(&mut f, v);
            form.set(f);
        }
    })
}

/// A field typed into: the form changed by `change`.
fn typed(form: &UseStateHandle<Form>, change: fn(&mut Form, String)) -> Callback<InputEvent> {
    let form = form.clone();
    Callback::from(move |e: InputEvent| {
        if let Some(v) = web::input_value(e.as_ref()) {
            let mut f = (*form).clone();
            change(&mut f, v);
            form.set(f);
        }
    })
}

/// A box or radio ticked: the form changed by `change`.
fn tick(form: &UseStateHandle<Form>, change: fn(&mut Form, bool)) -> Callback<web_sys::Event> {
    let form = form.clone();
    Callback::from(move |e: web_sys::Event| {
        let mut f = (*form).clone();
        change(&mut f, checked(&e));
        form.set(f);
    })
}

/// A labelled select of `options` (value, text, selected).
fn select(
    id: &'static str,
    label: &'static str,
    options: Vec<(String, &'static str, bool)>,
    onchange: Callback<web_sys::Event>,
) -> Html {
    html! {
        <label class="field">{ label }
            <select {id} {onchange}>
                { for options.into_iter().map(|(value, text, selected)| html! { <option {value} {selected}>{ text }</option> }) }
            </select>
        </label>
    }
}

/// A link event or an online event, when a server serves the site.
fn kind_choice(t: &Strings, f: &Form, form: &UseStateHandle<Form>) -> Html {
    html! {
        <>
            <fieldset id="contest-new-kind">
                <legend>{ t.online.kind_label }</legend>
                <label class="check"><input type="radio" name="contest-kind" id="contest-new-link-event" checked={ !f.online } onchange={ tick(form, |f, on| if on { f.online = false }) } />{ t.online.link_event }</label>
                <label class="check"><input type="radio" name="contest-kind" id="contest-new-online" checked={ f.online } onchange={ tick(form, |f, on| if on { f.online = true }) } />{ t.online.online_event }</label>
            </fieldset>
            <p class="note" id="contest-new-kind-note">{ if f.online { t.online.online_note } else { t.online.link_note } }</p>
        </>
    }
}

/// The deals: the format, how many boards, and where the deals come from
/// (test cases or random, or the equal format's difficulty).
fn deals_choice(t: &Strings, f: &Form, form: &UseStateHandle<Form>) -> Html {
    let c = t.contest;
    html! {
        <>
            { select("contest-new-format", c.format_label,
                Format::ALL.iter().map(|&x| (x.name().to_string(), words::format_name(t, x), x == f.format)).collect(),
                set(form, |f, v| if let Ok(x) = v.parse() { f.format = x })) }
            <p class="note">{ c.format_notes[Format::ALL.iter().position(|&x| x == f.format).unwrap_or(0)] }</p>
            <label class="field">{ c.boards_label }
                <input id="contest-new-boards" type="number" min={ BOARDS.start().to_string() } max={ BOARDS.end().to_string() } value={ f.boards.clone() } oninput={ typed(form, |f, v| f.boards = v) } />
            </label>
            if f.format == Format::Duplicate && f.online {
                <p class="note" id="contest-new-online-deals">{ t.online.no_test_cases }</p>
            }
            if f.format == Format::Duplicate && !f.online {
                <fieldset>
                    <legend>{ c.deals_label }</legend>
                    <label class="check"><input type="radio" name="contest-source" id="contest-new-test-cases" checked={ f.test_cases } onchange={ tick(form, |f, on| if on { f.test_cases = true }) } />{ c.source_test_cases }</label>
                    <label class="check"><input type="radio" name="contest-source" id="contest-new-random" checked={ !f.test_cases } onchange={ tick(form, |f, on| if on { f.test_cases = false }) } />{ c.source_random }</label>
                </fieldset>
            }
            if f.format == Format::Equal {
                { select("contest-new-difficulty", c.difficulty_label,
                    Difficulty::PRESETS.iter().zip(c.difficulties).map(|(&d, text)| (d.key().to_string(), text, d == f.difficulty))
                        .chain((f.difficulty == Difficulty::Custom).then(|| ("custom".to_string(), c.difficulty_custom, true)))
                        .collect(),
                    set(form, |f, v| if let Some(d) = Difficulty::of_key(&v) {
                        f.difficulty = d;
                        f.centre = d.centre().unwrap_or_default().into();
                    })) }
            }
        </>
    }
}

/// The entrant's aids: hint and undo on a link event only, the counter on
/// both.
fn aids_choice(t: &Strings, f: &Form, form: &UseStateHandle<Form>) -> Html {
    html! {
        <fieldset>
            <legend>{ t.contest.aids_label }</legend>
            if !f.online {
                <label class="check"><input type="checkbox" id="contest-new-hint" checked={ f.aids.hint } onchange={ tick(form, |f, on| f.aids.hint = on) } />{ t.play.hint }</label>
            }
            <label class="check"><input type="checkbox" id="contest-new-counter" checked={ f.aids.counter } onchange={ tick(form, |f, on| f.aids.counter = on) } />{ t.play.counter }</label>
            if !f.online {
                <label class="check"><input type="checkbox" id="contest-new-undo" checked={ f.aids.undo } onchange={ tick(form, |f, on| f.aids.undo = on) } />{ t.play.undo }</label>
            }
        </fieldset>
    }
}

/// An online event's own settings: when it opens and closes, when the
/// standings show, how many may enter.
fn online_settings(t: &Strings, f: &Form, form: &UseStateHandle<Form>) -> Html {
    html! {
        <fieldset id="contest-new-online-settings">
            <legend>{ t.online.online_event }</legend>
            <label class="field">{ t.online.opens_label }
                <input id="contest-new-opens" type="datetime-local" value={ f.opens.clone() } oninput={ typed(form, |f, v| f.opens = v) } />
            </label>
            <label class="field">{ t.online.closes_label }
                <input id="contest-new-closes" type="datetime-local" value={ f.closes.clone() } oninput={ typed(form, |f, v| f.closes = v) } />
            </label>
            <label class="field">{ t.online.standings_after_label }
                <input id="contest-new-standings-after" type="number" min="1" max={ MAX_ENTRANTS.to_string() } value={ f.standings_after.clone() } oninput={ typed(form, |f, v| f.standings_after = v) } />
            </label>
            <label class="field">{ t.online.max_entrants_label }
                <input id="contest-new-max-entrants" type="number" min="1" max={ MAX_ENTRANTS.to_string() } value={ f.max_entrants.clone() } oninput={ typed(form, |f, v| f.max_entrants = v) } />
            </label>
        </fieldset>
    }
}

/// What came of creating: the work under way, what is wrong, the event
/// made, or the online event being made and made.
fn outcome_view(t: &Strings, out: &Creating, cases: &CasesTask, nearby: &NearbyTask) -> Html {
    let posted_view = match &*out.posted {
        Some(Ok((made, not_kept))) => online_created_view(t, made, not_kept.as_deref()),
        Some(Err(why)) => html! { <p class="error" id="contest-new-error" role="alert">{ why.clone() }</p> },
        None => html! {},
    };
    html! {
        <>
            { task_status(cases.task(), "contest-new-cases", Unit::Deals, cases.on_cancel()) }
            { task_status(nearby.task(), "contest-new-nearby", Unit::Deals, nearby.on_cancel()) }
            if let Some(why) = &*out.error { <p class="error" id="contest-new-error" role="alert">{ why.clone() }</p> }
            if let Some((event, note)) = &*out.created {
                { created_view(t, event, note.as_deref()) }
            }
            if *out.posting { <p class="note" id="contest-new-posting" role="status">{ t.online.creating }</p> }
            { posted_view }
        </>
    }
}

/// The form to create an event, and what came of it.
#[component]
pub fn CreateEvent() -> Html {
    let t = use_strings();
    let c = t.contest;
    let form = use_state(Form::default);
    let error = use_state(|| None::<String>);
    let created = use_state(|| None::<(Event, Option<String>)>);
    let server = use_context::<Server>().unwrap_or_default().0;
    let out = Creating {
        error,
        created,
        posted: use_state(|| None::<Posted>),
        posting: use_state(|| false),
    };
    let cases: CasesTask = use_task(|answer| match answer {
        Answer::Contest(ContestAnswer::TestCases(cases)) => Some(cases),
        _ => None,
    });
    let nearby: NearbyTask = use_task(|answer| match answer {
        Answer::Contest(ContestAnswer::Nearby { near, of }) => Some((near, of)),
        _ => None,
    });
    let finish = finisher(t, &form, &out);
    use_made_when_done(t, &form, &cases, &nearby, &out.error, finish.clone());
    let on_create = on_create(t, &form, &out, &cases, &nearby, finish);
    let f = &*form;
    let busy = cases.task().is_running() || nearby.task().is_running();
    html! {
        <section class="create" id="contest-create">
            <h2>{ c.create }</h2>
            <form onsubmit={on_create}>
                if server { { kind_choice(t, f, &form) } }
                <label class="field">{ c.title_label }
                    <input id="contest-new-title" type="text" maxlength="60" value={ f.title.clone() } oninput={ typed(&form, |f, v| f.title = v) } />
                </label>
                { deals_choice(t, f, &form) }
                { advanced(t, f, &|change| typed(&form, change)) }
                { select("contest-new-seat", c.seat_label,
                    SeatRule::ALL.iter().zip(c.seat_rules).map(|(&x, text)| (x.name().to_string(), text, x == f.seat)).collect(),
                    set(&form, |f, v| if let Ok(x) = v.parse() { f.seat = x })) }
                { select("contest-new-level", c.opponents_label,
                    Level::ALL.iter().zip(t.play.levels).map(|(&l, text)| (l.key().to_string(), text, l == f.level)).collect(),
                    set(&form, |f, v| if let Some(l) = Level::parse(&v) { f.level = l })) }
                { aids_choice(t, f, &form) }
                { select("contest-new-reveal", c.reveal_label,
                    vec![("each-board".into(), c.reveal_each, f.reveal == Reveal::EachBoard), ("at-end".into(), c.reveal_end, f.reveal == Reveal::AtEnd)],
                    set(&form, |f, v| if let Ok(x) = v.parse() { f.reveal = x })) }
                if f.online { { online_settings(t, f, &form) } }
                <p><button type="submit" class="primary" id="contest-new-create" disabled={ busy || *out.posting }>{ c.create_button }</button></p>
            </form>
            { outcome_view(t, &out, &cases, &nearby) }
        </section>
    }
}

/// The settings in the research's terms, each explained by its ⓘ: the
/// test cases' n and r, the equal format's GDI centre and ε. Closed until
/// opened; the plain choices above set them.
fn advanced(t: &Strings, f: &Form, typed: &dyn Fn(fn(&mut Form, String)) -> Callback<InputEvent>) -> Html {
    let c = t.contest;
    let test_cases = f.format == Format::Duplicate && f.test_cases && !f.online;
    let equal = f.format == Format::Equal;
    if !test_cases && !equal {
        return html! {};
    }
    let field = |id: &'static str, label: &'static str, term: &'static str, input: Html| {
        html! {
            <div class="field">
                <span class="label-line"><label for={id}>{ label }</label><Info term={term} at={id} /></span>
                { input }
            </div>
        }
    };
    html! {
        <details class="advanced" id="contest-new-advanced">
            <summary>{ c.advanced }</summary>
            if test_cases {
                <p class="note">{ c.test_cases_note }<Info term="test-cases" at="create" /></p>
                { field("contest-new-players", c.players_label, "nmr", html! {
                    <input id="contest-new-players" type="number" min={ limits::PLAYERS.start().to_string() } max={ limits::PLAYERS.end().to_string() } value={ f.players.clone() } oninput={ typed(|f, v| f.players = v) } />
                }) }
                { field("contest-new-top", c.top_label, "nmr", html! {
                    <input id="contest-new-top" type="number" min={ limits::TOP.start().to_string() } max={ limits::TOP.end().to_string() } value={ f.top.clone() } oninput={ typed(|f, v| f.top = v) } />
                }) }
            }
            if equal {
                { field("contest-new-centre", c.centre_label, "centre", html! {
                    <input id="contest-new-centre" type="text" value={ f.centre.clone() } oninput={ typed(|f, v| {
                        f.difficulty = Difficulty::of_centre(&v);
                        f.centre = v;
                    }) } />
                }) }
                { field("contest-new-eps", "ε", "eps", html! {
                    <input id="contest-new-eps" type="text" inputmode="decimal" value={ f.eps.clone() } oninput={ typed(|f, v| f.eps = v) } />
                }) }
            }
        </details>
    }
}

/// An online event just made: its link, and the organiser key, shown
/// this once.
fn online_created_view(t: &Strings, made: &Created, not_kept: Option<&str>) -> Html {
    let o = t.online;
    let hash = online_link(&made.id, None, None);
    let link = full_link(&hash);
    html! {
        <div class="created" id="contest-online-created" data-id={ made.id.clone() }>
            <h3>{ o.created }</h3>
            <p class="share-line">
                <input type="text" readonly=true id="contest-online-link" value={ link.clone() } />
                <CopyButton id="contest-online-link-copy" text={ link } />
            </p>
            <p class="share-line">{ o.organiser_key }{ t.contest.colon }
                <code id="contest-online-key">{ made.organiser_key.clone() }</code>
                <CopyButton id="contest-online-key-copy" text={ made.organiser_key.clone() } />
            </p>
            <p class="key-once" id="contest-online-key-once" role="alert">{ o.key_once }</p>
            if let Some(why) = not_kept { <p class="error" role="alert">{ why.to_string() }</p> }
            <p>
                <a class="button primary" id="contest-online-open" href={hash}>{ o.open_event }</a>{ " " }
                <a class="button" id="contest-online-manage" href={ online_link(&made.id, None, Some("organiser")) }>{ o.manage }</a>
            </p>
        </div>
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
                <CopyButton id="contest-new-copy" text={ link.clone() } />
            </p>
            <p>{ t.contest.event_code }{ " " }<code id="contest-new-code">{ code }</code></p>
            <p><a class="button primary" id="contest-new-open" href={hash}>{ t.contest.open_event }</a></p>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::lab::panel::gdi_distance;

    #[test]
    fn each_difficulty_is_a_centre_entrants_deals_can_be_found_near() {
        let library = crate::worker::lab::library().unwrap();
        for d in Difficulty::PRESETS {
            let text = d.centre().unwrap();
            let centre: GdiCentre = text.parse().unwrap();
            assert_eq!(Difficulty::of_centre(text), d);
            assert_eq!(Difficulty::of_key(d.key()), Some(d));
            let near = library
                .entries
                .iter()
                .filter(|e| gdi_distance(&e.gdi, centre.values()).is_some_and(|x| x < 0.15))
                .count();
            let share = near as f64 / library.entries.len() as f64;
            assert!((0.015..0.05).contains(&share), "{d:?}: {share}");
        }
        // A centre typed under "advanced" is a preset when it is one.
        assert_eq!(Difficulty::of_centre("0.80,0.45, 0.30"), Difficulty::Balanced);
        assert_eq!(Difficulty::of_centre("0.7, 0.3, 0.1"), Difficulty::Custom);
    }
}

//! The Lab page (实验室): how hard a deal is. Each section is a component
//! with its own worker connection, so its job runs, reports progress and is
//! cancelled without touching the others':
//! - [`deal`]: a deal played at every table of a panel: its score
//!   distribution as a histogram and its GDI as bars, beside the deal;
//!   then [`like`], fresh deals of the same strength dealt on demand;
//! - [`dih`]: DIH for n, m, r, and DIH against m as a line;
//! - [`rank`]: the built-in hand library ranked by DIH or by distance to a
//!   GDI centre, as a sortable table and a chart (a row opens its deal);
//! - [`par`]: the library's panel results against each deal's par (open
//!   hands), and the teaching cases, where open hands win and the panel
//!   mostly loses;
//! - [`tournament`]: simulated tournaments in the three formats, as
//!   place-probability heatmaps side by side;
//! - [`solve_match`]: the search paper's benchmark, the solver against the
//!   heuristic by hand size, as its chart.
//!
//! The page holds what sections share: the distribution the DIH calculator
//! starts from (the deal's, once played), n, m, r (the ranking uses them)
//! and how it is shown ([`LabView`]): presentation mode (`present=1` in
//! the link: one chart per screen, large, chart first, settings tucked
//! under it; ← → move between charts) and the charts' words (the page's
//! language, or both for an export). Every chart states its n and carries
//! a caption; the terms are explained beside them (ⓘ) and in a glossary.

mod deal;
mod dih;
mod like;
mod par;
mod rank;
mod solve_match;
mod tournament;

use engine::lab::panel::{CentreError, GdiCentre};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::i18n::lab::ChartWords;
use crate::i18n::{use_lang, Lang, Strings};
use crate::route::{LabLink, Route};

/// The built-in library's median GDI among deals with one bomb in all
/// hands (three grades): a centre with deals of that strength around it.
const DEFAULT_CENTRE: &str = "0.70,0.27,0.05";

/// A click that opens deal `seed` in the Lab, at the top of the page.
fn open_deal(seed: u64, present: bool) -> Callback<MouseEvent> {
    Callback::from(move |_: MouseEvent| {
        Route::Lab(LabLink {
            deal: Some(seed.to_string()),
            panel: None,
            present,
        })
        .go();
        if let Some(w) = web_sys::window() {
            w.scroll_to_with_x_and_y(0.0, 0.0);
        }
    })
}

/// A GDI centre from `0.7,0.27,0.05`: the engine's [`GdiCentre`], so the
/// error names the item that is not a share from 0 to 1.
fn parse_centre(text: &str) -> Result<GdiCentre, CentreError> {
    text.parse()
}

/// DIH's n (players), m (rounds) and r (top places told apart).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DihParams {
    pub players: u32,
    pub rounds: u32,
    pub top: u32,
}

impl Default for DihParams {
    fn default() -> Self {
        DihParams {
            players: 30,
            rounds: 3,
            top: 2,
        }
    }
}

/// How the page is shown: presentation mode (one chart per screen, chart
/// first, controls tucked away) and the words the charts are labelled in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LabView {
    pub present: bool,
    pub words: ChartWords,
}

/// How the page is shown, as the page provides it (outside the page: the
/// page's language, not presenting).
#[hook]
pub fn use_lab_view() -> LabView {
    let lang = use_lang();
    use_context::<LabView>().unwrap_or(LabView {
        present: false,
        words: ChartWords { lang, both: false },
    })
}

/// A section's settings and its result in their order: settings first;
/// in presentation mode the result first and the settings tucked under it.
pub fn arranged(view: &LabView, t: &Strings, drawn: bool, controls: Html, result: Html) -> Html {
    if view.present {
        html! { <>{ result }{ tucked(view, t, drawn, controls) }</> }
    } else {
        html! { <>{ controls }{ result }</> }
    }
}

/// A section's settings: as they are, or, in presentation mode, tucked
/// into a "Settings" under its chart.
pub fn tucked(view: &LabView, t: &Strings, drawn: bool, body: Html) -> Html {
    if view.present {
        html! { <Tucked {drawn} summary={ t.lab.settings }>{ body }</Tucked> }
    } else {
        body
    }
}

#[derive(Properties, PartialEq)]
pub struct TuckedProps {
    /// Whether the section's chart is drawn.
    pub drawn: bool,
    pub summary: AttrValue,
    pub children: Html,
}

/// Settings in a `<details>`: open until the section's first chart is
/// drawn (so a first run is one click away), closed once it is, and from
/// then on opened and closed by the user only (a rerun leaves it be).
#[component]
pub fn Tucked(props: &TuckedProps) -> Html {
    let ever_drawn = use_mut_ref(|| false);
    if props.drawn {
        *ever_drawn.borrow_mut() = true;
    }
    let open = !*ever_drawn.borrow();
    html! {
        <details class="tucked" {open}>
            <summary>{ props.summary.clone() }</summary>
            { props.children.clone() }
        </details>
    }
}

/// The slides of presentation mode, in page order.
fn slides() -> Vec<web_sys::Element> {
    let Some(list) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector_all(".lab-page .slide").ok())
    else {
        return vec![];
    };
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<web_sys::Element>().ok())
        .collect()
}

/// Scrolls to the slide `delta` after the one nearest the top of the screen.
fn go_slide(delta: i32) {
    let slides = slides();
    let current = slides
        .iter()
        .enumerate()
        .min_by(|a, b| {
            let top = |e: &web_sys::Element| e.get_bounding_client_rect().top().abs();
            top(a.1).total_cmp(&top(b.1))
        })
        .map_or(0, |(i, _)| i as i32);
    let target = (current + delta).clamp(0, slides.len() as i32 - 1);
    if let Some(slide) = slides.get(target as usize) {
        slide.scroll_into_view_with_bool(true);
    }
}

#[derive(Properties, PartialEq)]
pub struct LabPageProps {
    pub link: LabLink,
}

/// The Lab's sections, one under another, sharing how they are shown and
/// what the DIH calculator and the ranking take from the deal and DIH.
#[component]
pub fn LabPage(props: &LabPageProps) -> Html {
    let lang = use_lang();
    let t = lang.strings();
    let distribution = use_state(|| "-2:0.1,-1:0.3,1:0.4,2:0.2".to_string());
    let params = use_state(DihParams::default);
    let both = use_state(|| false);
    let present = props.link.present;
    let view = LabView {
        present,
        words: ChartWords { lang, both: *both },
    };
    let on_distribution = {
        let distribution = distribution.clone();
        Callback::from(move |text: String| distribution.set(text))
    };
    use_slide_keys(present);
    html! {
        <ContextProvider<LabView> context={view}>
            <main id="main" class={ classes!("page", "lab-page", present.then_some("present")) }>
                if present {
                    <h1 class="visually-hidden">{ t.nav_lab }</h1>
                } else {
                    <h1>{ t.nav_lab }</h1>
                    <p class="note">{ t.lab_intro }</p>
                }
                { view_bar(t, &props.link, &both) }
                <deal::DealSection link={ props.link.clone() } {on_distribution} />
                <dih::DihSection distribution={ distribution.clone() } params={ params.clone() } />
                <rank::RankSection params={ *params } present={present} />
                <par::ParSection />
                <tournament::TournamentSection />
                <solve_match::SolveMatchSection />
                { glossary(lang) }
            </main>
        </ContextProvider<LabView>>
    }
}

/// ← and → move between slides in presentation mode (not while typing).
#[hook]
fn use_slide_keys(present: bool) {
    use_effect_with(present, move |present| {
        let listener = present.then(|| {
            web_sys::window().map(|w| {
                let options = gloo::events::EventListenerOptions::enable_prevent_default();
                gloo::events::EventListener::new_with_options(&w, "keydown", options, |e| {
                    let Some(e) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
                        return;
                    };
                    let typing = e
                        .target()
                        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                        .is_some_and(|t| matches!(t.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"));
                    if typing || e.alt_key() || e.ctrl_key() || e.meta_key() {
                        return;
                    }
                    match e.key().as_str() {
                        "ArrowRight" => go_slide(1),
                        "ArrowLeft" => go_slide(-1),
                        _ => return,
                    }
                    e.prevent_default();
                })
            })
        });
        move || drop(listener)
    });
}

/// How the page is shown, as the reader sets it: presentation mode on or
/// off (in it, the slides' arrows) and the charts in both languages.
fn view_bar(t: &Strings, link: &LabLink, both: &UseStateHandle<bool>) -> Html {
    let present = link.present;
    let toggle_present = {
        let link = link.clone();
        Callback::from(move |_: MouseEvent| {
            Route::Lab(LabLink {
                present: !link.present,
                ..link.clone()
            })
            .go();
            if let Some(w) = web_sys::window() {
                w.scroll_to_with_x_and_y(0.0, 0.0);
            }
        })
    };
    let toggle_both = {
        let both = both.clone();
        Callback::from(move |_: Event| both.set(!*both))
    };
    let both_switch = html! {
        <label class="both-switch"><input type="checkbox" id="lab-both" checked={ **both } onchange={toggle_both} />{ t.lab.both_languages }</label>
    };
    if present {
        html! {
            <nav class="present-bar" aria-label={ t.lab.present }>
                <button type="button" id="slide-prev" aria-label={ t.lab.present_prev } title={ t.lab.present_prev } onclick={ Callback::from(|_: MouseEvent| go_slide(-1)) }>{ "◀" }</button>
                <button type="button" id="slide-next" aria-label={ t.lab.present_next } title={ t.lab.present_next } onclick={ Callback::from(|_: MouseEvent| go_slide(1)) }>{ "▶" }</button>
                { both_switch }
                <button type="button" id="lab-present" class="primary" aria-pressed="true" onclick={toggle_present}>{ t.lab.present_leave }</button>
            </nav>
        }
    } else {
        html! {
            <div class="lab-view">
                <button type="button" id="lab-present" aria-pressed="false" onclick={toggle_present}>{ t.lab.present }</button>
                { both_switch }
            </div>
        }
    }
}

/// The glossary: each term with its name in the other language, and what
/// it means (the ⓘ beside the charts link here).
fn glossary(lang: Lang) -> Html {
    let t = lang.strings();
    let other = lang.other();
    let terms = t.lab.terms.iter().map(|term| {
        let other_name = other.strings().lab.term(term.id).map(|o| o.name).unwrap_or_default();
        html! {
            <>
                <dt id={ format!("term-{}", term.id) }>{ term.name }<span class="other-lang" lang={ other.code() }>{ other_name }</span></dt>
                <dd>{ term.meaning }</dd>
            </>
        }
    });
    html! {
        <section class="lab-section glossary" id="lab-glossary" aria-labelledby="lab-glossary-title">
            <h2 id="lab-glossary-title">{ t.lab.glossary_title }</h2>
            <p class="note">{ t.lab.glossary_intro }</p>
            <dl>{ for terms }</dl>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centres_are_read_item_by_item() {
        assert_eq!(parse_centre("0.7, 0.27,0.05").unwrap().values(), [0.7, 0.27, 0.05]);
        assert!(matches!(
            parse_centre("0.7,x"),
            Err(CentreError::Syntax { item: 2, .. })
        ));
        assert!(matches!(
            parse_centre("NaN"),
            Err(CentreError::OutOfRange { item: 1, .. })
        ));
        assert!(matches!(
            parse_centre("inf"),
            Err(CentreError::OutOfRange { item: 1, .. })
        ));
    }
}

//! The setup form: a built-in puzzle, or a position typed or picked card
//! by card (the hands, the play to beat and who made it, who is to move),
//! read from a link into a [`Position`] with every problem named by its
//! field.

use engine::solver::Position;
use engine::{Cards, Play, Seat};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::puzzles::{self, UnknownPuzzle};
use crate::components::picker::CardPicker;
use crate::i18n::Strings;
use crate::route::{EndgameLink, Route};

/// A field of the setup form that is wrong, and why.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum SetupProblem {
    Cards(Field, engine::CardsError),
    Play(engine::PlayError),
    Position(engine::solver::PositionError),
    /// A seat field holds something that is not a seat.
    Seat(Field, String),
    /// The link names a puzzle there is not.
    Puzzle(UnknownPuzzle),
}

impl From<UnknownPuzzle> for SetupProblem {
    fn from(unknown: UnknownPuzzle) -> SetupProblem {
        SetupProblem::Puzzle(unknown)
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Field {
    Landlord,
    Farmer,
    Farmer2,
    LastBy,
    ToMove,
}

impl SetupProblem {
    pub(super) fn explain(&self, t: &Strings) -> String {
        match self {
            SetupProblem::Cards(field, e) => format!("{}: {}", field_name(*field, t), t.cards_error(e)),
            SetupProblem::Play(e) => format!("{}: {}", t.last_play, t.play_error(e)),
            SetupProblem::Position(e) => t.position_error(e),
            SetupProblem::Seat(field, s) => format!("{}: “{s}”?", field_name(*field, t)),
            SetupProblem::Puzzle(UnknownPuzzle(n)) => (t.eg.unknown_puzzle)(n, puzzles::count()),
        }
    }
}

fn field_name(field: Field, t: &Strings) -> &'static str {
    match field {
        Field::Landlord => t.landlord_hand,
        Field::Farmer => t.farmer_hand,
        Field::Farmer2 => t.farmer2_hand,
        Field::LastBy => t.last_by,
        Field::ToMove => t.to_move,
    }
}

/// A seat as a link or the form writes it (`farmer` is farmer 1).
pub(super) fn seat_named(name: &str) -> Option<Seat> {
    name.parse().ok()
}

pub(super) fn parse(link: &EndgameLink) -> Result<Position, SetupProblem> {
    puzzles::puzzle_of(link)?;
    let link = puzzles::expand(link);
    let mut hands = Vec::new();
    for (field, text) in [
        (Field::Landlord, &link.landlord),
        (Field::Farmer, &link.farmer),
        (Field::Farmer2, &link.farmer2),
    ] {
        if field == Field::Farmer2 && text.trim().is_empty() {
            continue;
        }
        hands.push(text.parse::<Cards>().map_err(|e| SetupProblem::Cards(field, e))?);
    }
    let to_beat = if link.last.trim().is_empty() {
        None
    } else {
        let play = Play::parse(&link.last).map_err(SetupProblem::Play)?;
        let by = seat_named(&link.last_by).ok_or_else(|| SetupProblem::Seat(Field::LastBy, link.last_by.clone()))?;
        Some((by, play))
    };
    let to_move = match (link.to_move.trim(), to_beat) {
        ("", Some((by, _))) => by.next(hands.len()),
        ("", None) => Seat::Landlord,
        (name, _) => seat_named(name).ok_or_else(|| SetupProblem::Seat(Field::ToMove, name.to_string()))?,
    };
    Position::new(&hands, to_move, to_beat).map_err(SetupProblem::Position)
}

/// The first built-in puzzle: the board behind a setup error, never shown.
pub(super) fn first_puzzle() -> Position {
    parse(&EndgameLink::default()).expect("the built-in puzzles are positions (a test checks them)")
}

/// A hand or the play to beat, typed; typing leaves the built-in puzzle.
fn text_field(form: &UseStateHandle<EndgameLink>, key: Field, label: &'static str, value: String) -> Html {
    let form = form.clone();
    let oninput = Callback::from(move |e: InputEvent| {
        if let Some(input) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
            let mut next = (*form).clone();
            next.puzzle = None;
            match key {
                Field::Landlord => next.landlord = input.value(),
                Field::Farmer => next.farmer = input.value(),
                Field::Farmer2 => next.farmer2 = input.value(),
                _ => next.last = input.value(),
            }
            form.set(next);
        }
    });
    let id = match key {
        Field::Landlord => "eg-l",
        Field::Farmer => "eg-f",
        Field::Farmer2 => "eg-f2",
        _ => "eg-last",
    };
    html! {
        <span class="field">
            <label for={id}>{ label }</label>
            <input {id} {value} {oninput} autocomplete="off" spellcheck="false" />
        </span>
    }
}

/// Who made the play to beat, or who is to move: seats are chosen in the
/// page's words, not typed.
fn seat_field(t: &Strings, form: &UseStateHandle<EndgameLink>, key: Field, label: &'static str, value: &str) -> Html {
    let form = form.clone();
    let onchange = Callback::from(move |e: Event| {
        if let Some(select) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok()) {
            let mut next = (*form).clone();
            next.puzzle = None;
            match key {
                Field::LastBy => next.last_by = select.value(),
                _ => next.to_move = select.value(),
            }
            form.set(next);
        }
    });
    let id = if key == Field::LastBy { "eg-by" } else { "eg-to" };
    let current = seat_named(value);
    html! {
        <span class="field">
            <label for={id}>{ label }</label>
            <select {id} {onchange}>
                <option value="" selected={ current.is_none() }>{ t.nobody }</option>
                { for Seat::ALL.iter().map(|&s| html! {
                    <option value={ s.name() } selected={ current == Some(s) }>{ t.seat(s) }</option>
                }) }
            </select>
        </span>
    }
}

/// The card picker for the three hands, for those who would rather click
/// than type.
fn picker_box(t: &Strings, form: &UseStateHandle<EndgameLink>, picking: &UseStateHandle<usize>) -> Html {
    let hands = vec![
        (t.seat(Seat::Landlord), form.landlord.clone()),
        (t.seat(Seat::Farmer1), form.farmer.clone()),
        (t.seat(Seat::Farmer2), form.farmer2.clone()),
    ];
    let on_select = {
        let picking = picking.clone();
        Callback::from(move |i: usize| picking.set(i))
    };
    let on_change = {
        let form = form.clone();
        Callback::from(move |(i, text): (usize, String)| {
            let mut next = (*form).clone();
            next.puzzle = None;
            match i {
                0 => next.landlord = text,
                1 => next.farmer = text,
                _ => next.farmer2 = text,
            }
            form.set(next);
        })
    };
    html! {
        <details class="picker-box" id="eg-picker">
            <summary>{ t.picker_title }</summary>
            <CardPicker {hands} active={**picking} {on_select} {on_change} />
        </details>
    }
}

/// The puzzle chooser: the puzzles of the level on the board (the first
/// level for a position of one's own), each marked once solved, and 自定义.
fn puzzle_field(
    t: &Strings,
    custom: &UseStateHandle<bool>,
    puzzle: Option<usize>,
    open: bool,
    progress: &super::progress::Progress,
) -> Html {
    // A puzzle opens at once; 自定义 opens the form, starting from the
    // position shown.
    let on_puzzle = {
        let custom = custom.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target().and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok()) {
                let value = select.value();
                if value.is_empty() {
                    custom.set(true);
                } else {
                    custom.set(false);
                    Route::Endgame(EndgameLink {
                        puzzle: Some(value),
                        ..Default::default()
                    })
                    .go();
                }
            }
        })
    };
    let all = puzzles::all();
    let current = puzzle.map_or(1, |n| all[n].level());
    let in_level = |level: u8| all.iter().enumerate().filter(move |(_, p)| p.level() == level);
    let puzzle_options = in_level(current).enumerate().map(|(k, (n, p))| {
        let mark = if progress.is_solved(p.id()) { " ✓" } else { "" };
        html! { <option value={ p.id().to_string() } selected={ !open && puzzle == Some(n) }>{ (t.eg.puzzle_number)(k + 1) }{ mark }</option> }
    });
    html! {
        <span class="field">
            <label for="eg-puzzle">{ t.puzzle }</label>
            <select id="eg-puzzle" onchange={on_puzzle}>
                { for puzzle_options }
                <option value="" selected={ open }>{ t.custom }</option>
            </select>
        </span>
    }
}

/// The form: the puzzle chooser, and 自定义 (set up your own) opening the
/// fields and the card picker.
pub(super) fn setup_form(
    t: &Strings,
    form: &UseStateHandle<EndgameLink>,
    picking: &UseStateHandle<usize>,
    custom: &UseStateHandle<bool>,
    puzzle: Option<usize>,
    progress: &super::progress::Progress,
) -> Html {
    let on_setup = {
        let form = form.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            Route::Endgame((*form).clone()).go();
        })
    };
    let on_toggle = {
        let custom = custom.clone();
        Callback::from(move |e: Event| {
            if let Some(details) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlDetailsElement>().ok())
            {
                custom.set(details.open());
            }
        })
    };
    let open = **custom || puzzle.is_none();
    html! {
        <div class="endgame-setup">
            { puzzle_field(t, custom, puzzle, open, progress) }
            <details class="custom" id="eg-custom" {open} ontoggle={on_toggle}>
                <summary>{ t.eg.custom_title }</summary>
                <form class="endgame-form" onsubmit={on_setup}>
                    { text_field(form, Field::Landlord, t.landlord_hand, form.landlord.clone()) }
                    { text_field(form, Field::Farmer, t.farmer_hand, form.farmer.clone()) }
                    { text_field(form, Field::Farmer2, t.farmer2_hand, form.farmer2.clone()) }
                    { text_field(form, Field::LastBy, t.last_play, form.last.clone()) }
                    { seat_field(t, form, Field::LastBy, t.last_by, &form.last_by) }
                    { seat_field(t, form, Field::ToMove, t.to_move, &form.to_move) }
                    <button type="submit" id="eg-setup">{ t.set_up }</button>
                    { picker_box(t, form, picking) }
                </form>
            </details>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn setup_problems_name_their_field() {
        let link = |l: &str, f: &str, last: &str, by: &str| EndgameLink {
            landlord: l.into(),
            farmer: f.into(),
            last: last.into(),
            last_by: by.into(),
            ..Default::default()
        };
        let en = Lang::En.strings();
        let zh = Lang::Zh.strings();
        let err = parse(&link("33z", "4", "", "")).unwrap_err();
        assert!(err.explain(en).contains("'z' at position 3"), "{}", err.explain(en));
        let err = parse(&link("33", "4", "345", "landlord")).unwrap_err();
        assert!(err.explain(en).contains("not a legal combination"));
        // A seat that is not one is blamed on its own field.
        let err = parse(&link("33", "44", "5", "农民一")).unwrap_err();
        assert!(err.explain(zh).starts_with(zh.last_by), "{}", err.explain(zh));
        let ok = parse(&link("33", "44", "5", "farmer")).unwrap();
        assert_eq!(ok.to_move(), Seat::Landlord);
        // Hands over 20 cards are refused, naming the seat.
        let err = parse(&link("333344445555666677778", "9", "", "")).unwrap_err();
        assert!(err.explain(zh).contains("最多 20 张"), "{}", err.explain(zh));
    }
}

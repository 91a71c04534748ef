//! The app's icons: our own paths, drawn with the current text colour.

use yew::prelude::*;

/// An icon drawn in a 24×24 box with the current text colour.
pub fn icon(name: &str) -> Html {
    let path = match name {
        "menu" => "M3 6H21M3 12H21M3 18H21",
        "first" => "M6 5V19M19 5 9 12 19 19Z",
        "prev" => "M16 5 7 12 16 19Z",
        "next" => "M8 5 17 12 8 19Z",
        "last" => "M18 5V19M5 5 15 12 5 19Z",
        "close" => "M6 6 18 18M18 6 6 18",
        "sound-on" => "M4 9H8L13 5V19L8 15H4Z M16 9Q18.5 12 16 15 M18.5 6.5Q23 12 18.5 17.5",
        "sound-off" => "M4 9H8L13 5V19L8 15H4Z M16 9 22 15M22 9 16 15",
        "replay" => "M4 12A8 8 0 1 0 7 5.8M4 4V9H9",
        _ => "",
    };
    let filled = matches!(name, "first" | "prev" | "next" | "last");
    html! {
        <svg class={ classes!("icon", filled.then_some("filled")) } viewBox="0 0 24 24" aria-hidden="true">
            <path d={ path } />
        </svg>
    }
}

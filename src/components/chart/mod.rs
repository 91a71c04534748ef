//! Charts drawn by the app itself as SVG: bars (with 95% intervals when
//! they estimate), a line (on a log scale when its values span decades), a
//! heatmap (with its colour legend). Large type and strong contrast for a
//! projector; styles are attributes on the elements, so an exported SVG
//! looks the same on its own. Every chart states its sample size under its
//! title and carries a caption (what, deal or library, panel, games, seed,
//! date) at its foot, so a saved SVG or PNG says where it came from; the
//! CSV starts with the same caption as a `#` line. Labels come in the
//! words the page passes in (one language, or both when asked).

mod bar;
mod export;
mod heatmap;
mod line;
mod scale;

pub use self::bar::{BarChart, BarChartProps};
pub use self::export::{ChartRows, Export, ExportProps};
pub use self::heatmap::{Heatmap, HeatmapProps};
pub use self::line::{LineChart, LineChartProps};
pub use self::scale::log_scale;
// The number formats charts use, where pages have long imported them from.
pub use crate::format::{percent, sig, thousands};

use yew::prelude::*;

const W: f64 = 720.0;
const H: f64 = 430.0;
const LEFT: f64 = 100.0;
const RIGHT: f64 = 20.0;
/// Room on the right of a heatmap for its colour legend.
const LEGEND: f64 = 120.0;
const TOP: f64 = 80.0;
const BOTTOM: f64 = 96.0;
const INK: &str = "#1b1b1b";
const MUTED: &str = "#4a4a4a";
const BAR: &str = "#14532d";
const ACCENT: &str = "#b45309";
const FONT: &str = "system-ui, 'Noto Sans CJK SC', 'PingFang SC', sans-serif";

/// Today's date, `2026-11-23`, for captions.
pub fn today() -> String {
    String::from(js_sys::Date::new_0().to_iso_string())
        .chars()
        .take(10)
        .collect()
}

/// What a chart says beyond its data, in the words the page chose.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ChartText {
    pub title: String,
    pub x_label: String,
    pub y_label: String,
    /// The sample size and how to read it: `n = 1,600 games · lines: 95%
    /// intervals`.
    pub subtitle: String,
    /// What, from which deal or library, panel, games, seed and date: on
    /// the chart, so every export carries it.
    pub caption: String,
}

/// The font size (at most `max`) at which `text` fits in `width`.
pub(crate) fn fit(text: &str, width: f64, max: f64) -> String {
    // A Latin letter of this font is about 0.6 em wide; a CJK character 1 em.
    let ems: f64 = text.chars().map(|c| if c.is_ascii() { 0.6 } else { 1.0 }).sum();
    format!("{:.0}", (width / ems.max(1.0)).clamp(9.0, max))
}

fn frame(id: &AttrValue, text: &ChartText, n: u64, scale: &str, body: Html) -> Html {
    html! {
        <svg id={id.clone()} class="plot" xmlns="http://www.w3.org/2000/svg" viewBox={ format!("0 0 {W} {H}") }
            role="img" aria-label={ format!("{}. {}", text.title, text.subtitle) } font-family={FONT}
            data-n={ n.to_string() } data-scale={ scale.to_string() }>
            <rect x="0" y="0" width={ W.to_string() } height={ H.to_string() } fill="#ffffff" />
            <text class="chart-title" x={ (W / 2.0).to_string() } y="32" text-anchor="middle" font-size={ fit(&text.title, W - 20.0, 28.0) } font-weight="700" fill={INK}>{ text.title.clone() }</text>
            <text class="chart-n" x={ (W / 2.0).to_string() } y="60" text-anchor="middle" font-size={ fit(&text.subtitle, W - 20.0, 19.0) } fill={MUTED}>{ text.subtitle.clone() }</text>
            <text x={ ((LEFT + W - RIGHT) / 2.0).to_string() } y={ (H - BOTTOM + 54.0).to_string() } text-anchor="middle" font-size={ fit(&text.x_label, W - LEFT, 22.0) } fill={INK}>{ text.x_label.clone() }</text>
            <text x="24" y={ ((TOP + H - BOTTOM) / 2.0).to_string() } text-anchor="middle" font-size={ fit(&text.y_label, H - TOP - BOTTOM, 20.0) } fill={INK}
                transform={ format!("rotate(-90 24 {})", (TOP + H - BOTTOM) / 2.0) }>{ text.y_label.clone() }</text>
            <text class="chart-caption" x="10" y={ (H - 10.0).to_string() } font-size={ fit(&text.caption, W - 20.0, 15.0) } fill={MUTED}>{ text.caption.clone() }</text>
            { body }
        </svg>
    }
}

fn axes(right: f64) -> Html {
    html! {
        <>
            <line x1={ LEFT.to_string() } y1={ (H - BOTTOM).to_string() } x2={ (W - right).to_string() } y2={ (H - BOTTOM).to_string() } stroke={INK} stroke-width="2" />
            <line x1={ LEFT.to_string() } y1={ TOP.to_string() } x2={ LEFT.to_string() } y2={ (H - BOTTOM).to_string() } stroke={INK} stroke-width="2" />
        </>
    }
}

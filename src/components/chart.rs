//! Charts drawn by the app itself as SVG: bars (with 95% intervals when
//! they estimate), a line (on a log scale when its values span decades), a
//! heatmap (with its colour legend). Large type and strong contrast for a
//! projector; styles are attributes on the elements, so an exported SVG
//! looks the same on its own. Every chart states its sample size under its
//! title and carries a caption (what, deal or library, panel, games, seed,
//! date) at its foot, so a saved SVG or PNG says where it came from; the
//! CSV starts with the same caption as a `#` line. Labels come in the
//! words the page passes in (one language, or both when asked).

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::i18n::use_strings;

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

/// A chart's data for CSV: a header and rows.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Table {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

impl Table {
    /// The rows as CSV, after the caption as a `#` line.
    fn csv(&self, caption: &str) -> String {
        let line = |cells: &[String]| {
            cells
                .iter()
                .map(|c| {
                    if c.contains(',') || c.contains('"') {
                        format!("\"{}\"", c.replace('"', "\"\""))
                    } else {
                        c.clone()
                    }
                })
                .collect::<Vec<_>>()
                .join(",")
        };
        let caption = caption.replace(['\n', '\r'], " ");
        std::iter::once(format!("# {caption}"))
            .chain(std::iter::once(line(&self.header)))
            .chain(self.rows.iter().map(|r| line(r)))
            .collect::<Vec<_>>()
            .join("\n")
            + "\n"
    }
}

fn download(name: &str, href: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    if let Ok(a) = doc.create_element("a") {
        let _ = a.set_attribute("href", href);
        let _ = a.set_attribute("download", name);
        if let Ok(a) = a.dyn_into::<web_sys::HtmlElement>() {
            a.click();
        }
    }
}

fn svg_text(id: &str) -> Option<String> {
    let el = web_sys::window()?.document()?.get_element_by_id(id)?;
    Some(el.outer_html())
}

fn data_url(mime: &str, text: &str) -> String {
    format!(
        "data:{mime};charset=utf-8,{}",
        String::from(js_sys::encode_uri_component(text))
    )
}

/// Draws the SVG on a canvas (twice the size, for a projector) and saves it.
fn save_png(id: &str, name: String) {
    let Some(svg) = svg_text(id) else { return };
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Ok(img) = web_sys::HtmlImageElement::new() else {
        return;
    };
    let Ok(canvas) = doc
        .create_element("canvas")
        .map(|c| c.unchecked_into::<web_sys::HtmlCanvasElement>())
    else {
        return;
    };
    canvas.set_width((2.0 * W) as u32);
    canvas.set_height((2.0 * H) as u32);
    let image = img.clone();
    let onload = Closure::once_into_js(move || {
        let context = canvas
            .get_context("2d")
            .ok()
            .flatten()
            .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok());
        if let Some(ctx) = context {
            ctx.set_fill_style_str("#ffffff");
            ctx.fill_rect(0.0, 0.0, 2.0 * W, 2.0 * H);
            let _ = ctx.draw_image_with_html_image_element_and_dw_and_dh(&image, 0.0, 0.0, 2.0 * W, 2.0 * H);
            if let Ok(url) = canvas.to_data_url_with_type("image/png") {
                download(&name, &url);
            }
        }
    });
    img.set_onload(Some(onload.unchecked_ref()));
    img.set_src(&data_url("image/svg+xml", &svg));
}

#[derive(Properties, PartialEq)]
pub struct ExportProps {
    /// The chart's SVG element id; also the file names' stem.
    pub id: AttrValue,
    pub table: Table,
    /// The chart's caption, the CSV's first line.
    pub caption: AttrValue,
}

/// SVG / PNG / CSV buttons for a chart.
#[component]
pub fn Export(props: &ExportProps) -> Html {
    let t = use_strings();
    let id = props.id.to_string();
    let svg = {
        let id = id.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(text) = svg_text(&id) {
                download(&format!("{id}.svg"), &data_url("image/svg+xml", &text));
            }
        })
    };
    let png = {
        let id = id.clone();
        Callback::from(move |_: MouseEvent| save_png(&id, format!("{id}.png")))
    };
    let csv_href = data_url("text/csv", &props.table.csv(&props.caption));
    html! {
        <p class="export">
            <span>{ t.export }</span>
            <button type="button" class="export-svg" onclick={svg}>{ "SVG" }</button>
            <button type="button" class="export-png" onclick={png}>{ "PNG" }</button>
            <a class="export-csv" href={csv_href} download={ format!("{id}.csv") }>{ "CSV" }</a>
        </p>
    }
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
fn fit(text: &str, width: f64, max: f64) -> String {
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

/// A round top for an axis whose values reach `max`, and its step: 1, 2,
/// 2.5 or 5 times a power of ten, four or five steps in all.
fn nice_axis(max: f64) -> (f64, f64) {
    let max = if max.is_finite() && max > 0.0 { max } else { 1.0 };
    let magnitude = 10f64.powf((max / 4.0).log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|m| m * magnitude)
        .find(|step| max / step <= 5.0 + 1e-9)
        .unwrap_or(10.0 * magnitude);
    ((max / step - 1e-9).ceil().max(1.0) * step, step)
}

/// A linear axis from 0 (or below, for negative values) up to round
/// numbers: `(bottom, top, step)` with `bottom <= min(low, 0)` and
/// `top >= max(high, 0)`, both whole steps from 0.
fn nice_span(low: f64, high: f64) -> (f64, f64, f64) {
    let low = if low.is_finite() { low.min(0.0) } else { 0.0 };
    let high = if high.is_finite() { high.max(0.0) } else { 0.0 };
    if low >= 0.0 {
        let (top, step) = nice_axis(high);
        return (0.0, top, step);
    }
    let (_, step) = nice_axis(high - low);
    let bottom = (low / step + 1e-9).floor() * step;
    let top = (high / step - 1e-9).ceil().max(0.0) * step;
    (bottom, top, step)
}

/// `-12` as `⁻¹²`.
fn superscript(e: i32) -> String {
    e.to_string()
        .chars()
        .map(|c| match c {
            '-' => '⁻',
            d => "⁰¹²³⁴⁵⁶⁷⁸⁹"
                .chars()
                .nth(d.to_digit(10).unwrap_or(0) as usize)
                .unwrap_or(d),
        })
        .collect()
}

fn trim_zeros(text: String) -> String {
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

/// `v` to `digits` significant digits: `0.293`, `1820`, and beyond that
/// range `1.82×10⁻⁵`; never a row of zeros for a small number.
pub fn sig(v: f64, digits: usize) -> String {
    if !v.is_finite() {
        return v.to_string();
    }
    if v == 0.0 {
        return "0".into();
    }
    let digits = digits.clamp(1, 12);
    let e = v.abs().log10().floor() as i32;
    if (-3..6).contains(&e) {
        let decimals = (digits as i32 - 1 - e).max(0) as usize;
        return trim_zeros(format!("{v:.decimals$}"));
    }
    let mantissa = |e: i32| format!("{:.*}", digits - 1, v / 10f64.powi(e));
    let (mut e, mut m) = (e, mantissa(e));
    if m.trim_start_matches('-').starts_with("10") {
        e += 1;
        m = mantissa(e);
    }
    format!("{}×10{}", trim_zeros(m), superscript(e))
}

/// A share as a percentage, with a decimal or significant digits when it
/// is small: `31%`, `4.2%`, `0.03%`.
pub fn percent(v: f64) -> String {
    let p = 100.0 * v;
    if p == 0.0 || !p.is_finite() || p.abs() >= 9.95 {
        format!("{p:.0}%")
    } else if p.abs() >= 0.95 {
        format!("{p:.1}%")
    } else {
        format!("{}%", sig(p, 1))
    }
}

/// `-5` as `−5`: the minus sign, wider than a hyphen, reads from the back
/// of a room.
fn minus_sign(text: String) -> String {
    match text.strip_prefix('-') {
        Some(rest) => format!("−{rest}"),
        None => text,
    }
}

/// A tick at `v` on an axis of `step`s: as many decimals as the step needs,
/// or significant digits for a small step; below 0 with the minus sign.
fn tick_label(v: f64, step: f64) -> String {
    minus_sign(plain_tick_label(v, step))
}

fn plain_tick_label(v: f64, step: f64) -> String {
    if v == 0.0 {
        return "0".into();
    }
    if step >= 1e-3 && v.abs() < 1e6 {
        let decimals = (0..=6)
            .find(|d| {
                let x = step * 10f64.powi(*d);
                (x - x.round()).abs() < 1e-6
            })
            .unwrap_or(6) as usize;
        format!("{v:.decimals$}")
    } else {
        sig(v, 3)
    }
}

/// The 95% Wilson score interval of `k` successes in `n` trials (the
/// engine's [`engine::lab::wilson`]).
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    let (_, low, high) = engine::lab::wilson(k, n);
    (low, high)
}

/// `1600` as `1,600`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A value axis: linear from 0 (or below it), or logarithmic over whole
/// decades.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Scale {
    /// From `bottom` (0, or below for negative values) to `top`, a tick
    /// every `step`.
    Linear { bottom: f64, top: f64, step: f64 },
    /// From 10^`low` (values below it, zeros too, sit on the floor) to
    /// 10^`high`, a labelled tick every `every` decades.
    Log { low: i32, high: i32, every: i32 },
}

/// Whether a line of these values is drawn on a log scale.
pub fn log_scale(values: &[f64]) -> bool {
    matches!(Scale::of(values), Scale::Log { .. })
}

/// The most decades a log axis shows; anything smaller sits on its floor.
const MAX_DECADES: i32 = 12;

impl Scale {
    /// Linear unless the values are small probabilities (all below 0.01)
    /// or most of them lie decades below the largest (DIH of a big field):
    /// then logarithmic, so they do not all read 0.
    fn of(values: &[f64]) -> Scale {
        let finite = values.iter().copied().filter(|v| v.is_finite());
        let max = finite.clone().fold(0.0, f64::max);
        let mut positive: Vec<f64> = finite.filter(|v| *v > 0.0).collect();
        positive.sort_by(f64::total_cmp);
        let min_positive = positive.first().copied().unwrap_or(f64::INFINITY);
        let median = positive.get(positive.len() / 2).copied().unwrap_or(0.0);
        if max <= 0.0 || !(max < 0.01 || median < max * 0.01) {
            let (top, step) = nice_axis(max);
            return Scale::Linear { bottom: 0.0, top, step };
        }
        let high = max.log10().ceil() as i32;
        let low = (min_positive.log10().floor() as i32).clamp(high - MAX_DECADES, high - 1);
        let every = ((high - low) as f64 / 6.0).ceil().max(1.0) as i32;
        let low = high - every * ((high - low + every - 1) / every);
        Scale::Log { low, high, every }
    }

    /// Where `v` is, 0 at the bottom of the plot to 1 at its top.
    fn at(&self, v: f64) -> f64 {
        match *self {
            Scale::Linear { bottom, top, .. } => ((v - bottom) / (top - bottom)).clamp(0.0, 1.0),
            Scale::Log { low, high, .. } => {
                if v <= 0.0 || !v.is_finite() {
                    0.0
                } else {
                    ((v.log10() - f64::from(low)) / f64::from(high - low)).clamp(0.0, 1.0)
                }
            }
        }
    }

    fn name(&self) -> &'static str {
        match self {
            Scale::Linear { .. } => "linear",
            Scale::Log { .. } => "log",
        }
    }

    /// The labelled ticks: (value, label). On a log axis of one or two
    /// decades, 2× and 5× ticks too; its floor reads `≤10⁻ᵏ` when values
    /// lie below it.
    fn ticks(&self, percent: bool, clipped: bool) -> Vec<(f64, String)> {
        match *self {
            Scale::Linear { bottom, top, step } => {
                let first = (bottom / step).round() as i32;
                let steps = ((top - bottom) / step).round().clamp(1.0, 10.0) as i32;
                (first..=first + steps)
                    .map(|i| {
                        // Whole steps, so the zero tick is exactly 0.
                        let v = step * f64::from(i);
                        let label = if percent {
                            format!("{}%", tick_label(100.0 * v, 100.0 * step))
                        } else {
                            tick_label(v, step)
                        };
                        (v, label)
                    })
                    .collect()
            }
            Scale::Log { low, high, every } => {
                let mut ticks = Vec::new();
                let mut e = low;
                while e <= high {
                    let v = 10f64.powi(e);
                    let label = if e == low && clipped {
                        format!("≤10{}", superscript(e))
                    } else if (-2..=2).contains(&e) && !percent {
                        sig(v, 1)
                    } else {
                        format!("10{}", superscript(e))
                    };
                    ticks.push((v, label));
                    if high - low <= 2 && e < high {
                        for m in [2.0, 5.0] {
                            ticks.push((m * v, sig(m * v, 1)));
                        }
                    }
                    e += every;
                }
                ticks
            }
        }
    }
}

fn y_ticks(scale: &Scale, percent: bool, clipped: bool, right: f64) -> Html {
    let plot_h = H - TOP - BOTTOM;
    scale
        .ticks(percent, clipped)
        .into_iter()
        .map(|(v, label)| {
            let y = H - BOTTOM - plot_h * scale.at(v);
            html! {
                <g class="tick-y" data-value={ v.to_string() }>
                    <line x1={ (LEFT - 6.0).to_string() } y1={ y.to_string() } x2={ (W - right).to_string() } y2={ y.to_string() } stroke="#d8d2bf" stroke-width="1" />
                    <text x={ (LEFT - 10.0).to_string() } y={ (y + 6.0).to_string() } text-anchor="end" font-size={ fit(&label, LEFT - 14.0, 20.0) } fill={INK}>{ label }</text>
                </g>
            }
        })
        .collect()
}

#[derive(Properties, PartialEq)]
pub struct BarChartProps {
    pub id: AttrValue,
    pub text: ChartText,
    /// The sample size the subtitle states (games, deals, ...).
    pub n: u64,
    pub labels: Vec<String>,
    pub values: Vec<f64>,
    /// Each bar's 95% interval (low, high), when the bars are estimates.
    #[prop_or_default]
    pub intervals: Option<Vec<(f64, f64)>>,
    /// The top of the value axis (default: the largest value).
    #[prop_or_default]
    pub max: Option<f64>,
    /// Values are shares, shown as percentages.
    #[prop_or_default]
    pub percent: bool,
    /// One bar picked out (the user's own score), with its label.
    #[prop_or_default]
    pub marked: Option<(usize, String)>,
}

#[component]
pub fn BarChart(props: &BarChartProps) -> Html {
    let n = props.values.len().max(1) as f64;
    let ends = || {
        props
            .values
            .iter()
            .copied()
            .chain(props.intervals.iter().flatten().flat_map(|&(lo, hi)| [lo, hi]))
            .filter(|v| v.is_finite())
    };
    let highest = ends().fold(0.0, f64::max);
    let lowest = ends().fold(0.0, f64::min);
    // Bars stand on 0; negative ones (a net score) hang below it.
    let (bottom, top, step) = nice_span(lowest, props.max.unwrap_or(highest).max(highest));
    let scale = Scale::Linear { bottom, top, step };
    let plot_w = W - LEFT - RIGHT;
    let plot_h = H - TOP - BOTTOM;
    let slot = plot_w / n;
    let y_of = |v: f64| H - BOTTOM - plot_h * scale.at(v);
    let value_text = |v: f64| minus_sign(if props.percent { percent(v) } else { sig(v, 3) });
    // One size for all the bars' labels and one for their values: the size
    // at which the longest fits its slot.
    let smallest = |texts: Vec<String>| {
        texts
            .iter()
            .map(|t| fit(t, slot * 0.8, 20.0).parse::<f64>().unwrap_or(20.0))
            .fold(20.0, f64::min)
            .to_string()
    };
    let label_size = smallest(props.labels.clone());
    let value_size = smallest(props.values.iter().map(|&v| value_text(v)).collect());
    let bars = props.values.iter().zip(&props.labels).enumerate().map(|(i, (&v, label))| {
        let x = LEFT + slot * i as f64 + slot * 0.15;
        let centre = x + slot * 0.35;
        let y = y_of(v);
        let zero = y_of(0.0);
        let interval = props.intervals.as_ref().and_then(|iv| iv.get(i)).copied();
        let value = value_text(v);
        // The value sits beyond the bar's end and its whisker: above a bar
        // up from 0, below one down from it.
        let label_y = if v >= 0.0 {
            interval.map_or(y, |(_, hi)| y_of(hi).min(y)) - 8.0
        } else {
            interval.map_or(y, |(lo, _)| y_of(lo).max(y)) + value_size.parse::<f64>().unwrap_or(20.0) + 4.0
        };
        let whisker = interval.map(|(lo, hi)| {
            let (y0, y1) = (y_of(lo), y_of(hi));
            let cap = (slot * 0.12).clamp(4.0, 14.0);
            html! {
                <g class="interval" data-low={ lo.to_string() } data-high={ hi.to_string() } stroke={ACCENT} stroke-width="3">
                    <line x1={ centre.to_string() } y1={ y0.to_string() } x2={ centre.to_string() } y2={ y1.to_string() } />
                    <line x1={ (centre - cap).to_string() } y1={ y0.to_string() } x2={ (centre + cap).to_string() } y2={ y0.to_string() } />
                    <line x1={ (centre - cap).to_string() } y1={ y1.to_string() } x2={ (centre + cap).to_string() } y2={ y1.to_string() } />
                </g>
            }
        });
        let mark = props.marked.as_ref().filter(|(m, _)| *m == i).map(|(_, text)| text.clone());
        let mark_text = mark.clone().map(|text| html! {
            <text class="mark" x={ centre.to_string() } y={ (TOP - 6.0).to_string() } text-anchor="middle" font-size={ value_size.clone() } fill={ACCENT} font-weight="700">{ format!("▼ {text}") }</text>
        });
        html! {
            <g class={ classes!("bar", mark.is_some().then_some("marked")) } data-label={ label.clone() } data-value={ v.to_string() }>
                <rect x={ x.to_string() } y={ y.min(zero).to_string() } width={ (slot * 0.7).to_string() } height={ (y - zero).abs().to_string() } fill={ if mark.is_some() { ACCENT } else { BAR } } />
                { for mark_text }
                { for whisker }
                <text x={ centre.to_string() } y={ label_y.to_string() } text-anchor="middle" font-size={ value_size.clone() } fill={INK} font-weight="700">{ value.clone() }</text>
                <text x={ centre.to_string() } y={ (H - BOTTOM + 26.0).to_string() } text-anchor="middle" font-size={ label_size.clone() } fill={INK}>{ label.clone() }</text>
            </g>
        }
    });
    // With negative values, 0 gets a line of its own, as strong as the axes.
    let zero_line = (bottom < 0.0).then(|| {
        let y = y_of(0.0).to_string();
        html! { <line class="zero" x1={ LEFT.to_string() } y1={ y.clone() } x2={ (W - RIGHT).to_string() } y2={y} stroke={INK} stroke-width="2" /> }
    });
    let body =
        html! { <>{ y_ticks(&scale, props.percent, false, RIGHT) }{ axes(RIGHT) }{ for zero_line }{ for bars }</> };
    frame(&props.id, &props.text, props.n, scale.name(), body)
}

#[derive(Properties, PartialEq)]
pub struct LineChartProps {
    pub id: AttrValue,
    pub text: ChartText,
    /// The sample size the subtitle states.
    pub n: u64,
    pub xs: Vec<f64>,
    pub ys: Vec<f64>,
    /// A point to mark (its index).
    #[prop_or_default]
    pub mark: Option<usize>,
}

#[component]
pub fn LineChart(props: &LineChartProps) -> Html {
    let plot_w = W - LEFT - RIGHT;
    let plot_h = H - TOP - BOTTOM;
    let (x0, x1) = (
        props.xs.first().copied().unwrap_or(0.0),
        props
            .xs
            .last()
            .copied()
            .unwrap_or(1.0)
            .max(props.xs.first().copied().unwrap_or(0.0) + 1.0),
    );
    let scale = Scale::of(&props.ys);
    let floor = match scale {
        Scale::Log { low, .. } => 10f64.powi(low),
        Scale::Linear { .. } => 0.0,
    };
    let clipped = matches!(scale, Scale::Log { .. }) && props.ys.iter().any(|&y| y < floor);
    let px = |x: f64| LEFT + plot_w * (x - x0) / (x1 - x0);
    let py = |y: f64| H - BOTTOM - plot_h * scale.at(y);
    let path: String = props
        .xs
        .iter()
        .zip(&props.ys)
        .enumerate()
        .map(|(i, (&x, &y))| format!("{}{:.1},{:.1}", if i == 0 { "M" } else { " L" }, px(x), py(y)))
        .collect();
    let ticks = props.xs.iter().enumerate().filter(|(i, _)| props.xs.len() <= 12 || i % 5 == 4 || *i == 0).map(|(_, &x)| {
        html! { <text x={ px(x).to_string() } y={ (H - BOTTOM + 26.0).to_string() } text-anchor="middle" font-size="20" fill={INK}>{ format!("{x}") }</text> }
    });
    let mark = props.mark.and_then(|i| Some((*props.xs.get(i)?, *props.ys.get(i)?))).map(|(x, y)| {
        let label = sig(y, 3);
        // The label stays inside the plot: left of the point near the right edge.
        let (lx, anchor) = if px(x) > W - RIGHT - 180.0 { (px(x) - 12.0, "end") } else { (px(x) + 12.0, "start") };
        // Below the point (a rising curve runs above it), unless at the floor.
        let ly = if py(y) > H - BOTTOM - 40.0 { py(y) - 12.0 } else { py(y) + 32.0 };
        html! {
            <g class="mark" data-value={ y.to_string() }>
                <circle cx={ px(x).to_string() } cy={ py(y).to_string() } r="7" fill={ACCENT} />
                <text x={ lx.to_string() } y={ ly.to_string() } text-anchor={anchor} font-size="22" font-weight="700" fill={ACCENT}>{ label }</text>
            </g>
        }
    });
    let body = html! {
        <>
            { y_ticks(&scale, false, clipped, RIGHT) }
            { axes(RIGHT) }
            { for ticks }
            <path d={path} fill="none" stroke={BAR} stroke-width="3" />
            { for mark }
        </>
    };
    frame(&props.id, &props.text, props.n, scale.name(), body)
}

#[derive(Properties, PartialEq)]
pub struct HeatmapProps {
    pub id: AttrValue,
    pub text: ChartText,
    /// The sample size the subtitle states.
    pub n: u64,
    pub rows: Vec<String>,
    pub cols: Vec<String>,
    /// Shares in [0, 1], `values[row][col]`.
    pub values: Vec<Vec<f64>>,
    /// The colour legend's title (`chance`).
    pub legend: AttrValue,
}

/// The heatmap's colour for a share: white to deep green.
fn shade(v: f64) -> String {
    let mix = |a: f64, b: f64| (a + (b - a) * v.clamp(0.0, 1.0)).round() as u8;
    format!("rgb({},{},{})", mix(255.0, 20.0), mix(255.0, 83.0), mix(255.0, 45.0))
}

#[component]
pub fn Heatmap(props: &HeatmapProps) -> Html {
    let plot_w = W - LEFT - LEGEND;
    let plot_h = H - TOP - BOTTOM;
    let (nr, nc) = (props.rows.len().max(1) as f64, props.cols.len().max(1) as f64);
    let (cw, ch) = (plot_w / nc, plot_h / nr);
    let cells = props.values.iter().enumerate().flat_map(|(r, row)| {
        row.iter().enumerate().map(move |(c, &v)| {
            // The text flips to white on dark cells.
            let ink = if v > 0.45 { "#ffffff" } else { INK };
            let (x, y) = (LEFT + cw * c as f64, TOP + ch * r as f64);
            html! {
                <g class="cell" data-row={ r.to_string() } data-col={ c.to_string() } data-value={ v.to_string() }>
                    <rect x={ x.to_string() } y={ y.to_string() } width={ cw.to_string() } height={ ch.to_string() } fill={ shade(v) } stroke="#d8d2bf" />
                    <text x={ (x + cw / 2.0).to_string() } y={ (y + ch / 2.0 + 7.0).to_string() } text-anchor="middle" font-size={ fit("100", cw * 0.8, 20.0) } fill={ink}>{ format!("{:.0}", 100.0 * v) }</text>
                </g>
            }
        })
    });
    let col_labels = props.cols.iter().enumerate().map(|(c, l)| {
        html! { <text x={ (LEFT + cw * (c as f64 + 0.5)).to_string() } y={ (H - BOTTOM + 26.0).to_string() } text-anchor="middle" font-size="20" fill={INK}>{ l.clone() }</text> }
    });
    let row_labels = props.rows.iter().enumerate().map(|(r, l)| {
        html! { <text x={ (LEFT - 10.0).to_string() } y={ (TOP + ch * (r as f64 + 0.5) + 7.0).to_string() } text-anchor="end" font-size={ fit(l, LEFT - 14.0, 20.0) } fill={INK}>{ l.clone() }</text> }
    });
    // The colour legend: the scale from 0% to 100%, labelled every 25.
    let gradient = format!("{}-scale", props.id);
    let (lx, lw) = (W - LEGEND + 34.0, 24.0);
    let legend_ticks = [0.0, 0.25, 0.5, 0.75, 1.0].map(|v| {
        let y = H - BOTTOM - plot_h * v;
        html! {
            <>
                <line x1={ (lx + lw).to_string() } y1={ y.to_string() } x2={ (lx + lw + 6.0).to_string() } y2={ y.to_string() } stroke={INK} stroke-width="1.5" />
                <text x={ (lx + lw + 10.0).to_string() } y={ (y + 7.0).to_string() } font-size="18" fill={INK}>{ format!("{:.0}%", 100.0 * v) }</text>
            </>
        }
    });
    let legend = html! {
        <g class="legend" data-from="0" data-to="1">
            <defs>
                <linearGradient id={ gradient.clone() } x1="0" y1="1" x2="0" y2="0">
                    <stop offset="0" stop-color={ shade(0.0) } />
                    <stop offset="1" stop-color={ shade(1.0) } />
                </linearGradient>
            </defs>
            <text x={ (lx + lw / 2.0).to_string() } y={ (H - BOTTOM + 26.0).to_string() } text-anchor="middle" font-size={ fit(&props.legend, LEGEND - 8.0, 18.0) } fill={INK}>{ props.legend.to_string() }</text>
            <rect x={ lx.to_string() } y={ TOP.to_string() } width={ lw.to_string() } height={ plot_h.to_string() } fill={ format!("url(#{gradient})") } stroke={INK} stroke-width="1" />
            { for legend_ticks }
        </g>
    };
    let body = html! { <>{ for cells }{ for col_labels }{ for row_labels }{ legend }</> };
    frame(&props.id, &props.text, props.n, "linear", body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_numbers_keep_their_digits() {
        assert_eq!(sig(0.000018205206178164835, 3), "1.82×10⁻⁵");
        assert_eq!(sig(2.84922006342909e-103, 2), "2.8×10⁻¹⁰³");
        assert_eq!(sig(0.29300, 3), "0.293");
        assert_eq!(sig(0.0012345, 3), "0.00123");
        assert_eq!(sig(9.996e-7, 3), "1×10⁻⁶");
        assert_eq!(sig(1234.0, 3), "1234");
        assert_eq!(sig(0.0, 3), "0");
        assert_eq!(percent(0.3125), "31%");
        assert_eq!(percent(0.042), "4.2%");
        assert_eq!(percent(0.0003), "0.03%");
        assert_eq!(thousands(1600), "1,600");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }

    #[test]
    fn ticks_read_as_distinct_numbers() {
        // DIH for n = 108, m = 1..36, r = 10: 0, then 10^-103 up to 10^-3.
        let curve = [0.0, 2.8e-103, 8.1e-28, 1.2e-10, 2.9e-7, 1.8e-5, 1.3e-4, 1.07e-3];
        let scale = Scale::of(&curve);
        assert_eq!(scale.name(), "log");
        let labels: Vec<String> = scale.ticks(false, true).into_iter().map(|(_, l)| l).collect();
        assert!(labels.len() >= 3, "{labels:?}");
        let mut distinct = labels.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), labels.len(), "{labels:?}");
        assert!(
            labels[0].starts_with('≤'),
            "the floor says values lie below it: {labels:?}"
        );
        assert_eq!(scale.at(0.0), 0.0);
        // A small linear axis: no two ticks read the same.
        for max in [1e-6, 0.00042, 0.013, 0.7, 37.0] {
            let (top, step) = nice_axis(max);
            let labels: Vec<String> = Scale::Linear { bottom: 0.0, top, step }
                .ticks(false, false)
                .into_iter()
                .map(|(_, l)| l)
                .collect();
            let mut distinct = labels.clone();
            distinct.dedup();
            assert_eq!(distinct.len(), labels.len(), "{max}: {labels:?}");
        }
        // Values of one order of magnitude stay linear, even with a point
        // near 0 (DIH for n = 30, r = 2 from m = 1).
        assert_eq!(Scale::of(&[0.2, 0.5, 0.9]).name(), "linear");
        assert_eq!(Scale::of(&[3e-4, 0.19, 0.367, 0.4, 0.45, 0.5]).name(), "linear");
        assert_eq!(Scale::of(&[0.001, 0.004, 0.008]).name(), "log");
        assert_eq!(Scale::of(&[0.0, 0.0]).name(), "linear");
    }

    #[test]
    fn signed_axes_hold_the_values_and_zero() {
        assert_eq!(nice_span(0.0, 37.0), (0.0, 40.0, 10.0));
        assert_eq!(nice_span(-0.3, 1.7), (-0.5, 2.0, 0.5));
        assert_eq!(nice_span(-2.0, -0.5), (-2.0, 0.0, 0.5));
        for (low, high) in [(-0.01, 0.9), (-1.3, 0.2), (-5.0, 5.0), (-0.07, 0.0), (f64::NAN, 1.0)] {
            let (bottom, top, step) = nice_span(low, high);
            let scale = Scale::Linear { bottom, top, step };
            let ticks = scale.ticks(false, false);
            assert!(bottom <= low.min(0.0) || low.is_nan(), "{low} {high}: {bottom}");
            assert!(top >= high && top >= 0.0, "{low} {high}: {top}");
            assert!(ticks.len() <= 11, "{low} {high}: {ticks:?}");
            // Zero is a tick, at its place on the axis.
            let zero = ticks.iter().find(|(v, _)| *v == 0.0).expect("a zero tick");
            assert_eq!(zero.1, "0");
            // Below it, the minus sign.
            assert!(
                ticks.iter().filter(|(v, _)| *v < 0.0).all(|(_, l)| l.starts_with('−')),
                "{ticks:?}"
            );
            assert!((scale.at(0.0) - (-bottom / (top - bottom))).abs() < 1e-12);
            assert_eq!(scale.at(bottom), 0.0);
            assert_eq!(scale.at(top), 1.0);
        }
    }

    #[test]
    fn wilson_intervals_hold_the_share() {
        let (lo, hi) = wilson(11, 16);
        assert!(lo < 11.0 / 16.0 && 11.0 / 16.0 < hi);
        assert!((lo - 0.4441).abs() < 1e-3 && (hi - 0.8584).abs() < 1e-3, "{lo} {hi}");
        assert_eq!(wilson(0, 0), (0.0, 1.0));
        let (lo, hi) = wilson(0, 100);
        assert_eq!(lo, 0.0);
        assert!(hi > 0.0 && hi < 0.05);
    }

    #[test]
    fn axes_end_on_round_numbers() {
        assert_eq!(nice_axis(1.0), (1.0, 0.2));
        assert_eq!(nice_axis(0.75), (0.8, 0.2));
        assert_eq!(nice_axis(0.7495), (0.8, 0.2));
        assert_eq!(nice_axis(37.0), (40.0, 10.0));
        assert_eq!(nice_axis(0.0), (1.0, 0.2));
        for max in [0.013, 0.2, 0.99, 3.7, 12.0, 1234.0] {
            let (top, step) = nice_axis(max);
            assert!(
                top >= max && top / step <= 5.0 + 1e-9 && top / step >= 1.0 - 1e-9,
                "{max}: {top} {step}"
            );
        }
    }
}

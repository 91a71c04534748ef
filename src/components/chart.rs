//! Charts drawn by the app itself as SVG: bars, a line, a heatmap. Large
//! type and strong contrast for a projector; styles are attributes on the
//! elements, so an exported SVG looks the same on its own. Every chart can
//! be saved as SVG, PNG or CSV.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::i18n::Lang;

const W: f64 = 720.0;
const H: f64 = 380.0;
const LEFT: f64 = 100.0;
const RIGHT: f64 = 20.0;
const TOP: f64 = 48.0;
const BOTTOM: f64 = 70.0;
const INK: &str = "#1b1b1b";
const BAR: &str = "#14532d";
const ACCENT: &str = "#b45309";
const FONT: &str = "system-ui, 'Noto Sans CJK SC', 'PingFang SC', sans-serif";

/// A chart's data for CSV: a header and rows.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Table {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

impl Table {
    fn csv(&self) -> String {
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
        std::iter::once(line(&self.header))
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
}

/// SVG / PNG / CSV buttons for a chart.
#[component]
pub fn Export(props: &ExportProps) -> Html {
    let t = use_context::<Lang>().unwrap_or(Lang::Zh).strings();
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
    let csv_href = data_url("text/csv", &props.table.csv());
    html! {
        <p class="export">
            <span>{ t.export }</span>
            <button type="button" class="export-svg" onclick={svg}>{ "SVG" }</button>
            <button type="button" class="export-png" onclick={png}>{ "PNG" }</button>
            <a class="export-csv" href={csv_href} download={ format!("{id}.csv") }>{ "CSV" }</a>
        </p>
    }
}

fn frame(id: &AttrValue, title: &str, x_label: &str, y_label: &str, body: Html) -> Html {
    html! {
        <svg id={id.clone()} class="plot" xmlns="http://www.w3.org/2000/svg" viewBox={ format!("0 0 {W} {H}") }
            role="img" aria-label={ title.to_string() } font-family={FONT}>
            <rect x="0" y="0" width={ W.to_string() } height={ H.to_string() } fill="#ffffff" />
            <text x={ (W / 2.0).to_string() } y="34" text-anchor="middle" font-size="28" font-weight="700" fill={INK}>{ title.to_string() }</text>
            <text x={ ((LEFT + W - RIGHT) / 2.0).to_string() } y={ (H - 14.0).to_string() } text-anchor="middle" font-size="22" fill={INK}>{ x_label.to_string() }</text>
            <text x="22" y={ ((TOP + H - BOTTOM) / 2.0).to_string() } text-anchor="middle" font-size="20" fill={INK}
                transform={ format!("rotate(-90 22 {})", (TOP + H - BOTTOM) / 2.0) }>{ y_label.to_string() }</text>
            <line x1={ LEFT.to_string() } y1={ (H - BOTTOM).to_string() } x2={ (W - RIGHT).to_string() } y2={ (H - BOTTOM).to_string() } stroke={INK} stroke-width="2" />
            <line x1={ LEFT.to_string() } y1={ TOP.to_string() } x2={ LEFT.to_string() } y2={ (H - BOTTOM).to_string() } stroke={INK} stroke-width="2" />
            { body }
        </svg>
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

/// The font size (at most 20) at which `text` fits in `width`.
fn fitting(text: &str, width: f64) -> String {
    // A digit of this font is about 0.6 em wide; a CJK character 1 em.
    let ems: f64 = text.chars().map(|c| if c.is_ascii() { 0.62 } else { 1.0 }).sum();
    format!("{:.0}", (0.8 * width / ems.max(1.0)).clamp(9.0, 20.0))
}

fn y_ticks(top: f64, step: f64, percent: bool) -> Html {
    let plot_h = H - TOP - BOTTOM;
    let steps = (top / step).round().clamp(1.0, 10.0) as u32;
    (0..=steps)
        .map(|i| {
            let v = step * f64::from(i);
            let y = H - BOTTOM - plot_h * v / top;
            let label = if percent { format!("{:.0}%", 100.0 * v) } else { format!("{}", (v * 1e6).round() / 1e6) };
            html! {
                <>
                    <line x1={ (LEFT - 6.0).to_string() } y1={ y.to_string() } x2={ (W - RIGHT).to_string() } y2={ y.to_string() } stroke="#d8d2bf" stroke-width="1" />
                    <text x={ (LEFT - 10.0).to_string() } y={ (y + 6.0).to_string() } text-anchor="end" font-size="20" fill={INK}>{ label }</text>
                </>
            }
        })
        .collect()
}

#[derive(Properties, PartialEq)]
pub struct BarChartProps {
    pub id: AttrValue,
    pub title: AttrValue,
    pub x_label: AttrValue,
    pub y_label: AttrValue,
    pub labels: Vec<String>,
    pub values: Vec<f64>,
    /// The top of the value axis (default: the largest value).
    #[prop_or_default]
    pub max: Option<f64>,
    /// Values are shares, shown as percentages.
    #[prop_or_default]
    pub percent: bool,
}

#[component]
pub fn BarChart(props: &BarChartProps) -> Html {
    let n = props.values.len().max(1) as f64;
    let (max, step) = nice_axis(
        props
            .max
            .unwrap_or_else(|| props.values.iter().copied().fold(0.0, f64::max)),
    );
    let plot_w = W - LEFT - RIGHT;
    let plot_h = H - TOP - BOTTOM;
    let slot = plot_w / n;
    let bars = props.values.iter().zip(&props.labels).enumerate().map(|(i, (&v, label))| {
        let h = plot_h * (v / max).clamp(0.0, 1.0);
        let x = LEFT + slot * i as f64 + slot * 0.15;
        let y = H - BOTTOM - h;
        let value = if props.percent { format!("{:.0}%", 100.0 * v) } else { format!("{v:.3}") };
        html! {
            <g class="bar" data-label={ label.clone() } data-value={ v.to_string() }>
                <rect x={ x.to_string() } y={ y.to_string() } width={ (slot * 0.7).to_string() } height={ h.to_string() } fill={BAR} />
                <text x={ (x + slot * 0.35).to_string() } y={ (y - 6.0).to_string() } text-anchor="middle" font-size={ fitting(&value, slot) } fill={ACCENT} font-weight="700">{ value.clone() }</text>
                <text x={ (x + slot * 0.35).to_string() } y={ (H - BOTTOM + 24.0).to_string() } text-anchor="middle" font-size={ fitting(label, slot) } fill={INK}>{ label.clone() }</text>
            </g>
        }
    });
    let body = html! { <>{ y_ticks(max, step, props.percent) }{ for bars }</> };
    frame(&props.id, &props.title, &props.x_label, &props.y_label, body)
}

#[derive(Properties, PartialEq)]
pub struct LineChartProps {
    pub id: AttrValue,
    pub title: AttrValue,
    pub x_label: AttrValue,
    pub y_label: AttrValue,
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
    let (max, step) = nice_axis(props.ys.iter().copied().fold(0.0, f64::max));
    let px = |x: f64| LEFT + plot_w * (x - x0) / (x1 - x0);
    let py = |y: f64| H - BOTTOM - plot_h * (y / max).clamp(0.0, 1.0);
    let path: String = props
        .xs
        .iter()
        .zip(&props.ys)
        .enumerate()
        .map(|(i, (&x, &y))| format!("{}{:.1},{:.1}", if i == 0 { "M" } else { " L" }, px(x), py(y)))
        .collect();
    let ticks = props.xs.iter().enumerate().filter(|(i, _)| props.xs.len() <= 12 || i % 5 == 4 || *i == 0).map(|(_, &x)| {
        html! { <text x={ px(x).to_string() } y={ (H - BOTTOM + 24.0).to_string() } text-anchor="middle" font-size="20" fill={INK}>{ format!("{x}") }</text> }
    });
    let mark = props.mark.and_then(|i| Some((*props.xs.get(i)?, *props.ys.get(i)?))).map(|(x, y)| {
        html! {
            <g class="mark">
                <circle cx={ px(x).to_string() } cy={ py(y).to_string() } r="7" fill={ACCENT} />
                <text x={ (px(x) + 10.0).to_string() } y={ (py(y) - 10.0).to_string() } font-size="20" font-weight="700" fill={ACCENT}>{ format!("{y:.4}") }</text>
            </g>
        }
    });
    let body = html! {
        <>
            { y_ticks(max, step, false) }
            { for ticks }
            <path d={path} fill="none" stroke={BAR} stroke-width="3" />
            { for mark }
        </>
    };
    frame(&props.id, &props.title, &props.x_label, &props.y_label, body)
}

#[derive(Properties, PartialEq)]
pub struct HeatmapProps {
    pub id: AttrValue,
    pub title: AttrValue,
    pub x_label: AttrValue,
    pub y_label: AttrValue,
    pub rows: Vec<String>,
    pub cols: Vec<String>,
    /// Shares in [0, 1], `values[row][col]`.
    pub values: Vec<Vec<f64>>,
}

#[component]
pub fn Heatmap(props: &HeatmapProps) -> Html {
    let plot_w = W - LEFT - RIGHT;
    let plot_h = H - TOP - BOTTOM;
    let (nr, nc) = (props.rows.len().max(1) as f64, props.cols.len().max(1) as f64);
    let (cw, ch) = (plot_w / nc, plot_h / nr);
    let cells = props.values.iter().enumerate().flat_map(|(r, row)| {
        row.iter().enumerate().map(move |(c, &v)| {
            // White to deep green; the text flips to white on dark cells.
            let shade = |a: f64, b: f64| (a + (b - a) * v.clamp(0.0, 1.0)).round() as u8;
            let fill = format!("rgb({},{},{})", shade(255.0, 20.0), shade(255.0, 83.0), shade(255.0, 45.0));
            let ink = if v > 0.45 { "#ffffff" } else { INK };
            let (x, y) = (LEFT + cw * c as f64, TOP + ch * r as f64);
            html! {
                <g class="cell" data-row={ r.to_string() } data-col={ c.to_string() } data-value={ v.to_string() }>
                    <rect x={ x.to_string() } y={ y.to_string() } width={ cw.to_string() } height={ ch.to_string() } fill={fill} stroke="#ffffff" />
                    <text x={ (x + cw / 2.0).to_string() } y={ (y + ch / 2.0 + 6.0).to_string() } text-anchor="middle" font-size="20" fill={ink}>{ format!("{:.0}", 100.0 * v) }</text>
                </g>
            }
        })
    });
    let col_labels = props.cols.iter().enumerate().map(|(c, l)| {
        html! { <text x={ (LEFT + cw * (c as f64 + 0.5)).to_string() } y={ (H - BOTTOM + 24.0).to_string() } text-anchor="middle" font-size="20" fill={INK}>{ l.clone() }</text> }
    });
    let row_labels = props.rows.iter().enumerate().map(|(r, l)| {
        html! { <text x={ (LEFT - 10.0).to_string() } y={ (TOP + ch * (r as f64 + 0.5) + 6.0).to_string() } text-anchor="end" font-size="20" fill={INK}>{ l.clone() }</text> }
    });
    let body = html! { <>{ for cells }{ for col_labels }{ for row_labels }</> };
    frame(&props.id, &props.title, &props.x_label, &props.y_label, body)
}

#[cfg(test)]
mod tests {
    use super::nice_axis;

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

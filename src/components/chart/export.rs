//! A chart's SVG / PNG / CSV exports.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::{H, W};
use crate::i18n::use_strings;

/// A chart's data for CSV: a header and rows.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ChartRows {
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
}

impl ChartRows {
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
    pub table: ChartRows,
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

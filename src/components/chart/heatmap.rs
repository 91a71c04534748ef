//! A heatmap of shares, with its colour legend.

use yew::prelude::*;

use super::{fit, frame, ChartText, BOTTOM, H, INK, LEFT, LEGEND, TOP, W};

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

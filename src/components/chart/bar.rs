//! Bars, with 95% intervals when they estimate.

use yew::prelude::*;

use super::scale::{nice_span, y_ticks, Scale};
use super::{axes, fit, frame, ChartText, ACCENT, BAR, BOTTOM, H, INK, LEFT, RIGHT, TOP, W};
use crate::format::{minus_sign, percent, sig};

/// The room kept between the highest bar and the top of the plot when a
/// bar is marked: the value 8 px over the bar and at most 20 px high, 4 px,
/// the mark at most 20 px high, 6 px clear of the subtitle, less the space
/// the plot's top already leaves below the subtitle's baseline (y = 60).
const MARK_ROOM: f64 = 8.0 + 20.0 + 4.0 + 20.0 + 6.0 - (TOP - 60.0);

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
    let plot_w = W - LEFT - RIGHT;
    let plot_h = H - TOP - BOTTOM;
    // A marked bar carries its mark above its value: the scale leaves that
    // much room over the highest bar, so the mark stays under the subtitle.
    let room = if props.marked.is_some() { MARK_ROOM } else { 0.0 };
    let wanted = props.max.unwrap_or(highest).max(highest) * plot_h / (plot_h - room);
    // Bars stand on 0; negative ones (a net score) hang below it.
    let (bottom, top, step) = nice_span(lowest, wanted);
    let scale = Scale::Linear { bottom, top, step };
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
    let size = value_size.parse::<f64>().unwrap_or(20.0);
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
            interval.map_or(y, |(lo, _)| y_of(lo).max(y)) + size + 4.0
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
        // Right above the bar's value (above the 0 line for a bar hanging
        // below it), inside the plot.
        let mark_y = if v >= 0.0 { label_y - size - 4.0 } else { zero - 6.0 };
        let mark_text = mark.clone().map(|text| html! {
            <text class="mark" x={ centre.to_string() } y={ mark_y.to_string() } text-anchor="middle" font-size={ value_size.clone() } fill={ACCENT} font-weight="700">{ format!("▼ {text}") }</text>
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

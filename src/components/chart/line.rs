//! A line, on a log scale when its values span decades.

use yew::prelude::*;

use super::scale::{y_ticks, Scale};
use super::{axes, frame, ChartText, ACCENT, BAR, BOTTOM, H, INK, LEFT, RIGHT, TOP, W};
use crate::format::sig;

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

//! Value axes: linear or logarithmic, their round ends and tick labels.

use yew::prelude::*;

use super::{fit, BOTTOM, H, INK, LEFT, TOP, W};
use crate::format::{minus_sign, sig, superscript};

/// A round top for an axis whose values reach `max`, and its step: 1, 2,
/// 2.5 or 5 times a power of ten, four or five steps in all.
pub(super) fn nice_axis(max: f64) -> (f64, f64) {
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
pub(super) fn nice_span(low: f64, high: f64) -> (f64, f64, f64) {
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

/// A tick at `v` on an axis of `step`s: as many decimals as the step needs,
/// or significant digits for a small step; below 0 with the minus sign.
pub(super) fn tick_label(v: f64, step: f64) -> String {
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

/// A value axis: linear from 0 (or below it), or logarithmic over whole
/// decades.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Scale {
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
    pub(super) fn of(values: &[f64]) -> Scale {
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
    pub(super) fn at(&self, v: f64) -> f64 {
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

    pub(super) fn name(&self) -> &'static str {
        match self {
            Scale::Linear { .. } => "linear",
            Scale::Log { .. } => "log",
        }
    }

    /// The labelled ticks: (value, label). On a log axis of one or two
    /// decades, 2× and 5× ticks too; its floor reads `≤10⁻ᵏ` when values
    /// lie below it.
    pub(super) fn ticks(&self, percent: bool, clipped: bool) -> Vec<(f64, String)> {
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

pub(super) fn y_ticks(scale: &Scale, percent: bool, clipped: bool, right: f64) -> Html {
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

#[cfg(test)]
mod tests {
    use super::*;

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

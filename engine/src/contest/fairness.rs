//! Is an equal event fair? The equal-strength promise is that no
//! entrant's set of boards is easier than another's. For many entrant
//! names, each name's boards are measured again, with games the generator
//! never saw:
//! - by the judging panel ([`super::equal`]): is each board within ε, and
//!   how far apart are the names' summed mean scores;
//! - by the AI field from the entrant's seat ([`super::field`]): is there
//!   a name effect beyond the field's own sampling noise (Cochran's Q).
//!
//! docs/results/equal.md has the figures and how to read them.
//!
//! The same figures for a random-deals event of the same settings are the
//! yardstick: an equal event's spread should be a fraction of theirs.

use serde::Serialize;

use crate::agents::PlayerError;
use crate::clock::Clock;
use crate::lab::panel::GdiCentre;

use super::boards::Board;
use super::entrant::EntrantName;
use super::equal::{Judging, JUDGE_RUNGS};
use super::event::{Deals, Event, EventError, Settings};
use super::field::{FieldRun, FIELD_RUNGS};

/// A salt for the judging panel's games when a board is measured again,
/// so they are not the games that judged it.
const AGAIN: u64 = 0x6167_6169_6e00_0000;

/// How hard the boards are measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Measure {
    /// Rounds of the judging panel per board (8 games each).
    pub rounds: u32,
    /// Games each field player plays per board (at least 2, for each
    /// player's own variance).
    pub field_games: u32,
}

/// One board measured again.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardFigures {
    /// The board.
    pub board: Board,
    /// Its GDI's distance from the centre and the distance's standard
    /// error (`None` for another score set, as random deals mostly have).
    pub distance: Option<(f64, f64)>,
    /// The judging panel's mean score for the entrant's side, and its
    /// sampling variance.
    pub panel: (f64, f64),
    /// The field's mean score from the entrant's seat, and its sampling
    /// variance.
    pub field: (f64, f64),
    /// The same for two parts of the field: the players the judging panel
    /// has (L0 to L7), and the stronger ones it has not (L8 to L10).
    pub field_parts: [(f64, f64); 2],
}

/// A name's boards measured again.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NameFigures {
    /// The entrant.
    pub name: EntrantName,
    /// Each board.
    pub boards: Vec<BoardFigures>,
}

impl NameFigures {
    /// The judging panel's mean scores summed over the boards, and the
    /// sum's sampling variance.
    pub fn panel_total(&self) -> (f64, f64) {
        sum(self.boards.iter().map(|b| b.panel))
    }

    /// The field's mean scores summed over the boards, and the sum's
    /// sampling variance.
    pub fn field_total(&self) -> (f64, f64) {
        sum(self.boards.iter().map(|b| b.field))
    }

    /// [`NameFigures::field_total`] for one part of the field.
    pub fn field_part_total(&self, part: usize) -> (f64, f64) {
        sum(self.boards.iter().map(|b| b.field_parts[part]))
    }
}

fn sum(parts: impl Iterator<Item = (f64, f64)>) -> (f64, f64) {
    parts.fold((0.0, 0.0), |(m, v), (a, b)| (m + a, v + b))
}

/// The names a fairness test deals for: `entrant-001` onwards.
pub fn names(count: usize) -> Vec<EntrantName> {
    (1..=count)
        .filter_map(|i| format!("entrant-{i:03}").parse().ok())
        .collect()
}

/// The random-deals event with `event`'s settings: the yardstick.
pub fn random_twin(event: &Event) -> Result<Event, EventError> {
    let seed = match event.deals() {
        Deals::Equal { seed, .. } => *seed,
        _ => 0,
    };
    Event::new(Settings {
        deals: Deals::Random { seed },
        ..event.settings()
    })
}

/// Measures `boards` again (an entrant's boards of `event`): the judging
/// panel for `m.rounds` rounds, and the field.
pub fn measure(
    event: &Event,
    name: &EntrantName,
    boards: &[Board],
    m: Measure,
    clock: &dyn Clock,
) -> Result<NameFigures, PlayerError> {
    let centre: Option<&GdiCentre> = match event.deals() {
        Deals::Equal { centre, .. } => Some(centre),
        _ => None,
    };
    let boards = boards
        .iter()
        .map(|&board| {
            let mut judging = Judging::new(board.seed, board.seat, AGAIN);
            for _ in 0..m.rounds {
                judging.round(clock)?;
            }
            let distance = centre
                .filter(|c| judging.comparable(c))
                .map(|c| judging.estimate(c))
                .map(|e| (e.distance, e.se));
            let panel = judging.mean_score();
            let field = FieldRun::with_games(board, event.opponents(), m.field_games).run()?;
            let players = FIELD_RUNGS.count();
            let judged = JUDGE_RUNGS.count();
            Ok(BoardFigures {
                board,
                distance,
                panel,
                field: field.mean_and_variance(m.field_games, 0..players),
                field_parts: [
                    field.mean_and_variance(m.field_games, 0..judged),
                    field.mean_and_variance(m.field_games, judged..players),
                ],
            })
        })
        .collect::<Result<_, PlayerError>>()?;
    Ok(NameFigures {
        name: name.clone(),
        boards,
    })
}

/// How far apart the names' totals are.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Spread {
    /// Names.
    pub names: usize,
    /// The totals' mean.
    pub mean: f64,
    /// Their standard deviation across names.
    pub sd: f64,
    /// The part of it the measurement's own noise explains (the root of
    /// the mean sampling variance).
    pub noise_sd: f64,
    /// The spread with the noise removed: √(sd² − noise²), 0 if negative.
    pub true_sd: f64,
}

impl Spread {
    /// The spread of `totals` (each a total and its sampling variance).
    pub fn of(totals: &[(f64, f64)]) -> Spread {
        let n = totals.len() as f64;
        let mean = totals.iter().map(|t| t.0).sum::<f64>() / n.max(1.0);
        let var = totals.iter().map(|t| (t.0 - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        let noise = totals.iter().map(|t| t.1).sum::<f64>() / n.max(1.0);
        Spread {
            names: totals.len(),
            mean,
            sd: var.sqrt(),
            noise_sd: noise.sqrt(),
            true_sd: (var - noise).max(0.0).sqrt(),
        }
    }
}

/// A test of the name effect: do the names' totals differ by more than
/// their sampling noise explains? Q = Σ (Tᵢ − T̄)² / v̄, with v̄ the names'
/// mean sampling variance, against χ² with names − 1 degrees of freedom
/// (Cochran's Q with one variance for all: the names are measured alike,
/// and a name whose few games happened to agree must not weigh without
/// end).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct NameEffect {
    /// Q.
    pub q: f64,
    /// Degrees of freedom.
    pub df: u32,
    /// The chance of a Q this large with no name effect.
    pub p: f64,
}

impl NameEffect {
    /// The test on `totals` (each a total and its sampling variance).
    pub fn of(totals: &[(f64, f64)]) -> NameEffect {
        // Σ (Tᵢ − T̄)² is (names − 1) times the spread's variance.
        let spread = Spread::of(totals);
        let df = totals.len().saturating_sub(1) as u32;
        let q = f64::from(df) * spread.sd.powi(2) / spread.noise_sd.powi(2);
        NameEffect {
            q,
            df,
            p: chi_square_above(q, df),
        }
    }
}

/// The fairness test's figures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Fairness {
    /// Boards measured again and lying within ε, of all.
    pub within: (usize, usize),
    /// The judging panel's summed mean score: equal, random, and the
    /// ratio of their noise-free spreads.
    pub panel: (Spread, Spread, f64),
    /// The field's summed mean score: equal, random, and the ratio.
    pub field: (Spread, Spread, f64),
    /// The name effect on the field's totals: equal, random.
    pub name_effect: (NameEffect, NameEffect),
    /// The equal event's field in two parts (the judging panel's players,
    /// the stronger ones): each part's spread and name effect.
    pub field_parts: [(Spread, NameEffect); 2],
}

impl Fairness {
    /// The figures from an equal event's names and its random twin's,
    /// within `eps`.
    pub fn new(eps: f64, equal: &[NameFigures], random: &[NameFigures]) -> Fairness {
        let distances = equal.iter().flat_map(|n| &n.boards).map(|b| b.distance);
        let (within, all) = distances.fold((0, 0), |(w, a), d| {
            (w + usize::from(d.is_some_and(|d| d.0 < eps)), a + 1)
        });
        let totals =
            |names: &[NameFigures], of: fn(&NameFigures) -> (f64, f64)| names.iter().map(of).collect::<Vec<_>>();
        let pair = |of: fn(&NameFigures) -> (f64, f64)| {
            let e = Spread::of(&totals(equal, of));
            let r = Spread::of(&totals(random, of));
            let ratio = if r.true_sd > 0.0 {
                e.true_sd / r.true_sd
            } else {
                f64::NAN
            };
            (e, r, ratio)
        };
        Fairness {
            within: (within, all),
            panel: pair(NameFigures::panel_total),
            field: pair(NameFigures::field_total),
            name_effect: (
                NameEffect::of(&totals(equal, NameFigures::field_total)),
                NameEffect::of(&totals(random, NameFigures::field_total)),
            ),
            field_parts: [0, 1].map(|part| {
                let t: Vec<(f64, f64)> = equal.iter().map(|n| n.field_part_total(part)).collect();
                (Spread::of(&t), NameEffect::of(&t))
            }),
        }
    }
}

/// P(χ²_df > x): the regularised upper incomplete gamma Q(df/2, x/2).
fn chi_square_above(x: f64, df: u32) -> f64 {
    if df == 0 || x.is_nan() {
        return f64::NAN;
    }
    if x <= 0.0 {
        return 1.0;
    }
    if x.is_infinite() {
        return 0.0;
    }
    let a = f64::from(df) / 2.0;
    let x = x / 2.0;
    let log_prefix = a * x.ln() - x - ln_gamma(a);
    if x < a + 1.0 {
        // The series for P, then Q = 1 − P.
        let (mut term, mut sum, mut n) = (1.0 / a, 1.0 / a, a);
        for _ in 0..1000 {
            n += 1.0;
            term *= x / n;
            sum += term;
            if term < sum * 1e-15 {
                break;
            }
        }
        (1.0 - sum * log_prefix.exp()).clamp(0.0, 1.0)
    } else {
        // Lentz's continued fraction for Q.
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut h = d;
        for i in 1..1000 {
            let an = -f64::from(i) * (f64::from(i) - a);
            b += 2.0;
            d = an * d + b;
            d = if d.abs() < tiny { tiny } else { d };
            c = b + an / c;
            c = if c.abs() < tiny { tiny } else { c };
            d = 1.0 / d;
            let step = d * c;
            h *= step;
            if (step - 1.0).abs() < 1e-15 {
                break;
            }
        }
        (h * log_prefix.exp()).clamp(0.0, 1.0)
    }
}

/// ln Γ(x) for x > 0 (Lanczos, g = 7, nine terms).
fn ln_gamma(x: f64) -> f64 {
    const C: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        let pi = std::f64::consts::PI;
        return (pi / (pi * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let t = x + 7.5;
    let series = C[1..]
        .iter()
        .zip(1..)
        .fold(C[0], |s, (c, i)| s + c / (x + f64::from(i)));
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + series.ln()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chi_square_tails_match_tables() {
        // Known quantiles: P(χ²_df > x) = p.
        for (x, df, p) in [
            (3.841_458_8, 1, 0.05),
            (5.991_464_5, 2, 0.05),
            (16.918_977, 9, 0.05),
            (21.665_994, 9, 0.01),
            (123.225_22, 99, 0.05),
            (99.0, 99, 0.481_1),
            (0.5, 4, 0.973_5),
        ] {
            let got = chi_square_above(x, df);
            assert!((got - p).abs() < 5e-4, "χ²({df}) > {x}: {got}, not {p}");
        }
        assert_eq!(chi_square_above(0.0, 3), 1.0);
        assert!(chi_square_above(1e4, 3) < 1e-12);
        assert_eq!(chi_square_above(f64::INFINITY, 3), 0.0);
        assert!((ln_gamma(5.0) - 24f64.ln()).abs() < 1e-12);
    }

    #[test]
    fn the_name_effect_sees_spread_beyond_noise_only() {
        // Totals that differ by exactly their noise: no effect.
        let alike: Vec<(f64, f64)> = (0..50).map(|i| (if i % 2 == 0 { 1.0 } else { -1.0 }, 1.0)).collect();
        let e = NameEffect::of(&alike);
        assert_eq!(e.df, 49);
        assert!(e.p > 0.3, "{e:?}");
        let s = Spread::of(&alike);
        assert!(s.true_sd < 0.2 && (s.noise_sd - 1.0).abs() < 1e-12, "{s:?}");
        // The same totals four times as precise: an effect.
        let tight: Vec<(f64, f64)> = alike.iter().map(|t| (t.0, 0.25)).collect();
        assert!(NameEffect::of(&tight).p < 1e-6);
        assert!(Spread::of(&tight).true_sd > 0.8);
    }

    #[test]
    fn names_are_numbered_and_distinct() {
        let n = names(120);
        assert_eq!(n.len(), 120);
        assert_eq!(n[0].to_string(), "entrant-001");
        let mut keys: Vec<String> = n.iter().map(|n| n.key()).collect();
        keys.sort();
        keys.dedup();
        assert_eq!(keys.len(), 120);
    }
}

//! DIH (初始手牌区分度): how likely a tournament's top places come out
//! distinct when every round's deal has the score distribution `D`
//! (docs/research.md). With n players, m independent rounds and the top r places:
//!
//! ```text
//! DIH(D; n, m, r) = P(X(1) > X(2) > ... > X(r))
//! ```
//!
//! where each player's total is the sum of m draws from D and X(i) is the
//! i-th largest of the n totals (the r-th may tie with the (r+1)-th).
//!
//! Computed exactly in O(m·S·H + r·H), H the totals' support: going down
//! the sorted totals, the event is "r − 1 players hold distinct totals above
//! some v, each the only one there, and at least one of the rest holds v",
//!
//! ```text
//! DIH = Σ_v (n)_(r−1) · e_(r−1)(p above v) · (F(v)^(n−r+1) − F(v⁻)^(n−r+1))
//! ```
//!
//! with e_k the elementary symmetric polynomial of the probabilities of the
//! totals above v (kept up to date as v goes down), F the totals' CDF and
//! (n)_k the falling factorial. The paper's own formula nests r sums.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::limits::{self, LimitError};
use crate::rng::{self, Rng};

/// A discrete distribution of integer scores.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Distribution {
    /// (score, probability), scores ascending and distinct, probabilities
    /// positive and summing to 1.
    points: Vec<(i64, f64)>,
}

/// Why pairs or text do not make a [`Distribution`].
#[derive(Clone, Debug, PartialEq, Error, Serialize, Deserialize)]
pub enum DistributionError {
    /// No score with a positive probability (or no games counted).
    #[error("a distribution needs at least one score")]
    Empty,
    /// A probability outside [0, 1] (or NaN).
    #[error("the probability of score {score} is {p}: it must be a number in [0, 1]")]
    BadProbability {
        /// The score it belongs to.
        score: i64,
        /// The probability given.
        p: f64,
    },
    /// Probabilities that do not sum to 1 within 1e-6 (their sum).
    #[error("the probabilities add up to {0}, not 1")]
    NotNormalised(f64),
    /// A score listed twice.
    #[error("score {0} is listed twice")]
    Repeated(i64),
    /// An item that is not `SCORE:PROBABILITY`.
    #[error("'{text}' (item {item}) is not SCORE:PROBABILITY")]
    Syntax {
        /// 1-based position of the item.
        item: usize,
        /// The item, trimmed.
        text: String,
    },
}

impl Distribution {
    /// From (score, probability) pairs in any order; probabilities within
    /// 1e-6 of summing to 1 are normalised exactly; zero ones are dropped.
    pub fn new(points: &[(i64, f64)]) -> Result<Distribution, DistributionError> {
        let mut points = points.to_vec();
        points.sort_by_key(|p| p.0);
        for w in points.windows(2) {
            if w[0].0 == w[1].0 {
                return Err(DistributionError::Repeated(w[0].0));
            }
        }
        for &(score, p) in &points {
            if !(0.0..=1.0).contains(&p) {
                return Err(DistributionError::BadProbability { score, p });
            }
        }
        points.retain(|p| p.1 > 0.0);
        let total: f64 = points.iter().map(|p| p.1).sum();
        if points.is_empty() {
            return Err(DistributionError::Empty);
        }
        if (total - 1.0).abs() > 1e-6 {
            return Err(DistributionError::NotNormalised(total));
        }
        for p in &mut points {
            p.1 /= total;
        }
        Ok(Distribution { points })
    }

    /// From counts of each score (a deal's results over a panel).
    pub fn from_counts(counts: &[(i64, u64)]) -> Result<Distribution, DistributionError> {
        // In u128: counts near u64::MAX (from a file) must not overflow.
        let total: u128 = counts.iter().map(|c| u128::from(c.1)).sum();
        if total == 0 {
            return Err(DistributionError::Empty);
        }
        let points: Vec<(i64, f64)> = counts.iter().map(|&(s, c)| (s, c as f64 / total as f64)).collect();
        Distribution::new(&points)
    }

    /// Reads `"SCORE:P,SCORE:P,..."` (`-2:0.1,1:0.6,2:0.3`).
    pub fn parse(text: &str) -> Result<Distribution, DistributionError> {
        let mut points = Vec::new();
        for (i, item) in text.split(',').enumerate() {
            let syntax = || DistributionError::Syntax {
                item: i + 1,
                text: item.trim().to_string(),
            };
            let (score, p) = item.split_once(':').ok_or_else(syntax)?;
            let score: i64 = score.trim().parse().map_err(|_| syntax())?;
            let p: f64 = p.trim().parse().map_err(|_| syntax())?;
            points.push((score, p));
        }
        Distribution::new(&points)
    }

    /// The (score, probability) pairs: scores ascending and distinct,
    /// probabilities positive and summing to 1.
    pub fn points(&self) -> &[(i64, f64)] {
        &self.points
    }

    /// Whether DIH over `rounds` rounds of this distribution is within the
    /// limits: every score in [`limits::SCORES`], and the totals spanning at
    /// most [`limits::MAX_TOTALS_SPAN`] (rounds × (highest − lowest score)).
    pub fn check_limits(&self, rounds: u32) -> Result<(), LimitError> {
        limits::totals_span(self.points.iter().map(|p| p.0), rounds)
    }

    /// [`Distribution::convolve`] within the limits of
    /// [`Distribution::check_limits`] (and rounds in [`limits::ROUNDS`]).
    pub fn totals(&self, rounds: u32) -> Result<Distribution, LimitError> {
        limits::check("rounds", rounds, &limits::ROUNDS)?;
        self.check_limits(rounds)?;
        Ok(self.convolve(rounds))
    }

    /// The distribution of the sum of `m` independent draws. Dense over the
    /// totals' span, so its memory and time grow with m × (highest − lowest
    /// score) (unchecked: [`Distribution::totals`] checks the limits).
    pub fn convolve(&self, m: u32) -> Distribution {
        let lo = self.points[0].0;
        let hi = self.points[self.points.len() - 1].0;
        let width = (hi - lo) as usize;
        // Dense over offsets from m·lo.
        let mut total = vec![1.0f64];
        for _ in 0..m {
            let mut next = vec![0.0f64; total.len() + width];
            for (i, &a) in total.iter().enumerate() {
                if a == 0.0 {
                    continue;
                }
                for &(score, p) in &self.points {
                    next[i + (score - lo) as usize] += a * p;
                }
            }
            total = next;
        }
        let base = lo * i64::from(m);
        Distribution {
            points: total
                .into_iter()
                .enumerate()
                .filter(|&(_, p)| p > 0.0)
                .map(|(i, p)| (base + i as i64, p))
                .collect(),
        }
    }

    /// One draw.
    pub fn sample(&self, rng: &mut Rng) -> i64 {
        let u = rng::unit(rng);
        let mut acc = 0.0;
        for &(score, p) in &self.points {
            acc += p;
            if u < acc {
                return score;
            }
        }
        self.points[self.points.len() - 1].0
    }
}

/// DIH(D; n, m, r), exactly, or which limit the question is outside:
/// players in [`limits::PLAYERS`], rounds in [`limits::ROUNDS`], top in
/// [`limits::TOP`], and the distribution's scores and totals as
/// [`Distribution::check_limits`] says. Within them the computation takes
/// well under a second and a few hundred kilobytes. `top` above `players`
/// gives 0 (there are not that many places), `top` 1 gives 1.
pub fn dih_checked(d: &Distribution, players: u32, rounds: u32, top: u32) -> Result<f64, LimitError> {
    limits::check("players", players, &limits::PLAYERS)?;
    limits::check("rounds", rounds, &limits::ROUNDS)?;
    limits::check("top", top, &limits::TOP)?;
    d.check_limits(rounds)?;
    Ok(dih_exact(d, players, rounds, top))
}

/// DIH(D; n, m, r), exactly; NaN ("no answer") for a question outside the
/// limits [`dih_checked`] names, which would otherwise take unbounded
/// memory or time. Use [`dih_checked`] to learn which limit it is.
///
/// # Examples
///
/// ```
/// use engine::lab::dih::{dih, dih_checked, Distribution};
///
/// // Each round scores -1 or 1, evenly.
/// let d = Distribution::parse("-1:0.5,1:0.5")?;
/// // Two players, one round: the two places are told apart unless they tie.
/// assert!((dih(&d, 2, 1, 2) - 0.5).abs() < 1e-12);
/// // The top place alone always exists.
/// assert!((dih(&d, 2, 1, 1) - 1.0).abs() < 1e-12);
/// // Outside the limits: NaN here, the reason from `dih_checked`.
/// assert!(dih(&d, 0, 1, 1).is_nan());
/// assert!(dih_checked(&d, 0, 1, 1).is_err());
/// # Ok::<(), engine::lab::dih::DistributionError>(())
/// ```
pub fn dih(d: &Distribution, players: u32, rounds: u32, top: u32) -> f64 {
    dih_checked(d, players, rounds, top).unwrap_or(f64::NAN)
}

/// The distribution of a total of one independent draw from each of
/// `rounds` (rounds of different deals: a contest's boards), within the
/// limits: each score in [`limits::SCORES`], and the totals spanning at
/// most [`limits::MAX_TOTALS_SPAN`].
pub fn sum_of(rounds: &[Distribution]) -> Result<Distribution, LimitError> {
    limits::check("rounds", rounds.len() as u64, &(1..=u64::from(*limits::ROUNDS.end())))?;
    let mut span = 0u64;
    for d in rounds {
        d.check_limits(1)?;
        span += (d.points[d.points.len() - 1].0 - d.points[0].0) as u64;
    }
    if span > limits::MAX_TOTALS_SPAN {
        return Err(LimitError::out_of_range(
            "the totals' span",
            span,
            &(0..=limits::MAX_TOTALS_SPAN),
        ));
    }
    let lo: i64 = rounds.iter().map(|d| d.points[0].0).sum();
    let mut total = vec![1.0f64];
    for d in rounds {
        let base = d.points[0].0;
        let width = (d.points[d.points.len() - 1].0 - base) as usize;
        let mut next = vec![0.0f64; total.len() + width];
        for (i, &a) in total.iter().enumerate() {
            if a == 0.0 {
                continue;
            }
            for &(score, p) in &d.points {
                next[i + (score - base) as usize] += a * p;
            }
        }
        total = next;
    }
    Ok(Distribution {
        points: total
            .into_iter()
            .enumerate()
            .filter(|&(_, p)| p > 0.0)
            .map(|(i, p)| (lo + i as i64, p))
            .collect(),
    })
}

/// DIH when each of `players` players' totals has the distribution
/// `totals` (say, [`sum_of`] a contest's boards): how likely the `top`
/// best totals are distinct. Players in [`limits::PLAYERS`], top in
/// [`limits::TOP`].
pub fn dih_of_totals(totals: &Distribution, players: u32, top: u32) -> Result<f64, LimitError> {
    limits::check("players", players, &limits::PLAYERS)?;
    limits::check("top", top, &limits::TOP)?;
    Ok(distinct_top(totals, players, top))
}

/// The computation, for arguments within the limits.
fn dih_exact(d: &Distribution, players: u32, rounds: u32, top: u32) -> f64 {
    if top == 0 || top == 1 {
        return 1.0;
    }
    if top > players {
        return 0.0;
    }
    distinct_top(&d.convolve(rounds.max(1)), players, top)
}

/// P(the `top` best of `players` i.i.d. totals are distinct).
fn distinct_top(totals: &Distribution, players: u32, top: u32) -> f64 {
    if top == 0 || top == 1 {
        return 1.0;
    }
    if top > players {
        return 0.0;
    }
    let points = totals.points();
    let k = (top - 1) as usize;
    // (n)_(r−1)
    let falling: f64 = (0..k).map(|i| f64::from(players) - i as f64).product();
    let rest = i32::try_from(players - top + 1).unwrap_or(i32::MAX);
    // e[j]: elementary symmetric polynomials of the probabilities above v.
    let mut e = vec![0.0f64; k + 1];
    e[0] = 1.0;
    let mut below: f64 = 1.0; // F(v): P(total ≤ v)
    let mut sum = 0.0;
    for &(_, p) in points.iter().rev() {
        let f_v = below.min(1.0);
        let f_before = (below - p).max(0.0);
        sum += falling * e[k] * (f_v.powi(rest) - f_before.powi(rest));
        // v joins the totals above the next one.
        for j in (1..=k).rev() {
            e[j] += p * e[j - 1];
        }
        below = f_before;
    }
    sum.clamp(0.0, 1.0)
}

/// Resamples per interval in [`dih_interval`]: enough for the 2.5th and
/// 97.5th percentiles to settle to about a tenth of the interval's width.
pub const INTERVAL_RESAMPLES: u32 = 400;

/// Most games drawn per resample in [`dih_interval`] (more would only
/// narrow an interval already far narrower than the bars).
const MAX_RESAMPLED_GAMES: u64 = 100_000;

/// The 95% interval of DIH(D; n, m, r) when `d` was measured from `games`
/// games (a deal's results over a panel): the parametric bootstrap, DIH of
/// [`INTERVAL_RESAMPLES`] distributions of `games` scores drawn from `d`
/// (seeded), and its 2.5th and 97.5th percentiles. How far another run of
/// the same games could move the estimate, so a ranked chart shows which
/// deals it really tells apart. NaN for a question [`dih_checked`] refuses
/// or no games.
pub fn dih_interval(d: &Distribution, games: u64, players: u32, rounds: u32, top: u32, seed: u64) -> (f64, f64) {
    if games == 0 || dih_checked(d, players, rounds, top).is_err() {
        return (f64::NAN, f64::NAN);
    }
    let games = games.min(MAX_RESAMPLED_GAMES);
    let mut rng = rng::from_seed(seed);
    let mut counts = vec![0u64; d.points.len()];
    let mut values: Vec<f64> = (0..INTERVAL_RESAMPLES)
        .map(|_| {
            counts.iter_mut().for_each(|c| *c = 0);
            for _ in 0..games {
                let score = d.sample(&mut rng);
                if let Ok(i) = d.points.binary_search_by_key(&score, |p| p.0) {
                    counts[i] += 1;
                }
            }
            // The resample's scores are the measured ones: within the limits.
            let drawn: Vec<(i64, u64)> = d.points.iter().zip(&counts).map(|(&(s, _), &c)| (s, c)).collect();
            Distribution::from_counts(&drawn).map_or(f64::NAN, |r| dih_exact(&r, players, rounds, top))
        })
        .collect();
    values.sort_by(f64::total_cmp);
    let at = |q: f64| values[((values.len() - 1) as f64 * q).round() as usize];
    (at(0.025), at(0.975))
}

/// DIH by simulation: `trials` tournaments of `players` random totals
/// (NaN for players or rounds outside their limits, as [`dih`]).
pub fn dih_monte_carlo(d: &Distribution, players: u32, rounds: u32, top: u32, trials: u32, seed: u64) -> f64 {
    if !limits::PLAYERS.contains(&players) || !limits::ROUNDS.contains(&rounds) {
        return f64::NAN;
    }
    if top > players {
        return 0.0;
    }
    let mut rng = rng::from_seed(seed);
    let mut totals = vec![0i64; players as usize];
    let mut hits = 0u32;
    for _ in 0..trials {
        for t in totals.iter_mut() {
            *t = (0..rounds).map(|_| d.sample(&mut rng)).sum();
        }
        totals.sort_unstable_by(|a, b| b.cmp(a));
        if totals
            .windows(2)
            .take(top.saturating_sub(1) as usize)
            .all(|w| w[0] > w[1])
        {
            hits += 1;
        }
    }
    f64::from(hits) / f64::from(trials.max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(text: &str) -> Distribution {
        Distribution::parse(text).unwrap()
    }

    #[test]
    fn rounds_of_different_deals_add_up() {
        let a = d("-2:0.25,-1:0.25,1:0.5");
        let b = d("-1:0.4,1:0.6");
        // One round of each: totals by hand.
        let total = sum_of(&[a.clone(), b.clone()]).unwrap();
        let expect = [(-3, 0.1), (-2, 0.1), (-1, 0.15), (0, 0.35), (2, 0.3)];
        for (&(s, p), (es, ep)) in total.points().iter().zip(expect) {
            assert_eq!(s, es);
            assert!((p - ep).abs() < 1e-12, "{s}: {p}");
        }
        // The same deal every round is DIH's m rounds.
        for (n, m, r) in [(10, 3, 2), (30, 6, 3), (5, 1, 5)] {
            let same = sum_of(&vec![a.clone(); m as usize]).unwrap();
            let x = dih_of_totals(&same, n, r).unwrap();
            assert!((x - dih(&a, n, m, r)).abs() < 1e-12, "{n} {m} {r}");
        }
        assert!(sum_of(&[]).is_err());
        assert!(dih_of_totals(&total, 0, 1).is_err());
        let wide = d("-1000:0.5,1000:0.5");
        assert!(sum_of(&vec![wide; 11]).is_err());
    }

    #[test]
    fn intervals_hold_the_estimate_narrow_with_games_and_cover_the_truth() {
        let truth = d("-6:0.05,-2:0.3,2:0.45,4:0.15,8:0.05");
        let (n, m, r) = (40, 6, 3);
        let exact = dih(&truth, n, m, r);
        let width = |games: u64| {
            let (lo, hi) = dih_interval(&truth, games, n, m, r, 7);
            assert!(
                lo <= exact && exact <= hi,
                "{games} games: {exact} outside [{lo}, {hi}]"
            );
            hi - lo
        };
        assert!(width(6_400) < width(64) / 4.0);
        assert_eq!(
            dih_interval(&truth, 64, n, m, r, 7),
            dih_interval(&truth, 64, n, m, r, 7)
        );
        // Measured from 64 games, as a library deal is: the interval around
        // each measurement holds the true DIH about 95% of the time.
        let mut rng = rng::from_seed(3);
        let trials: u64 = 60;
        let covered = (0..trials)
            .filter(|&t| {
                let mut counts = [-6, -2, 2, 4, 8].map(|s| (s, 0u64));
                for _ in 0..64 {
                    let s = truth.sample(&mut rng);
                    counts.iter_mut().find(|c| c.0 == s).unwrap().1 += 1;
                }
                let measured = Distribution::from_counts(&counts).unwrap();
                let (lo, hi) = dih_interval(&measured, 64, n, m, r, t);
                lo <= exact && exact <= hi
            })
            .count();
        assert!(covered as u64 >= trials * 4 / 5, "covered {covered} of {trials}");
        // One score: every total ties, DIH is 0 for sure.
        assert_eq!(dih_interval(&d("1:1"), 64, n, m, r, 0), (0.0, 0.0));
        // No games, or a question DIH refuses: no interval.
        assert!(dih_interval(&truth, 0, n, m, r, 0).0.is_nan());
        assert!(dih_interval(&truth, 64, 0, m, r, 0).1.is_nan());
    }

    #[test]
    fn small_cases_by_hand() {
        // Two players, one round, a fair coin of scores -1/1: distinct
        // with probability 1/2.
        let coin = d("-1:0.5,1:0.5");
        assert!((dih(&coin, 2, 1, 2) - 0.5).abs() < 1e-12);
        // Three players: the top two distinct means the top value is held
        // by exactly one: 3 · (1/2)^3 · ... = P(exactly one 1) + P(no 1 and ...)
        // exactly one 1: 3/8; all -1: tie at the top → not distinct; two or
        // three 1s: not distinct. So 3/8.
        assert!((dih(&coin, 3, 1, 2) - 0.375).abs() < 1e-12);
    }

    #[test]
    fn edge_cases() {
        let x = d("-2:0.1,-1:0.3,1:0.4,2:0.2");
        assert_eq!(dih(&x, 30, 3, 1), 1.0);
        assert_eq!(dih(&x, 5, 3, 6), 0.0);
        // One possible score: everybody ties.
        assert_eq!(dih(&d("1:1"), 10, 4, 2), 0.0);
        assert_eq!(dih(&d("1:1"), 10, 4, 1), 1.0);
        // r = n: all totals distinct.
        let p = dih(&x, 3, 2, 3);
        assert!(p > 0.0 && p < 1.0);
    }

    #[test]
    fn questions_outside_the_limits_are_refused_not_run() {
        let coin = d("-1:0.5,1:0.5");
        let wide = d("-1000000000:0.5,1000000000:0.5");
        let refused = |e: Result<f64, LimitError>| e.unwrap_err().to_string();
        assert!(refused(dih_checked(&wide, 10, 10, 3)).contains("-1000 to 1000"));
        assert!(dih(&wide, 10, 10, 3).is_nan());
        assert!(refused(dih_checked(&coin, u32::MAX, 3, u32::MAX))
            .contains("players: 4294967295 is out of range (1 to 1000)"));
        assert!(refused(dih_checked(&coin, 10, 100_000, 3)).contains("rounds: 100000 is out of range (1 to 1000)"));
        assert!(refused(dih_checked(&coin, 10, 3, 101)).contains("top: 101 is out of range (1 to 100)"));
        assert!(refused(dih_checked(&d("-1000:0.5,1000:0.5"), 10, 11, 2)).contains("spanning 22000"));
        assert!(dih_checked(&d("-1000:0.5,1000:0.5"), 10, 10, 2).is_ok());
        assert!(wide.totals(2).is_err());
        // At the limits: an answer, quickly, and a probability.
        let p = dih_checked(&coin, 1000, 1000, 100).unwrap();
        assert!((0.0..=1.0).contains(&p), "{p}");
        let x = d("-10:0.1,-3:0.2,0:0.2,4:0.3,10:0.2");
        let p = dih_checked(&x, 1000, 1000, 100).unwrap();
        assert!((0.0..=1.0).contains(&p), "{p}");
        assert!(dih_monte_carlo(&coin, u32::MAX, 3, 2, 10, 0).is_nan());
    }

    #[test]
    fn parse_errors_say_what_and_where() {
        assert_eq!(
            Distribution::parse("1:0.5,x").unwrap_err().to_string(),
            "'x' (item 2) is not SCORE:PROBABILITY"
        );
        assert!(matches!(
            Distribution::parse("1:0.5,2:0.4"),
            Err(DistributionError::NotNormalised(_))
        ));
        assert!(matches!(
            Distribution::parse("1:0.5,1:0.5"),
            Err(DistributionError::Repeated(1))
        ));
        assert!(matches!(
            Distribution::parse("1:1.5"),
            Err(DistributionError::BadProbability { .. })
        ));
    }

    #[test]
    fn convolution_keeps_mass_and_mean() {
        let x = d("-2:0.1,-1:0.3,1:0.4,2:0.2");
        let t = x.convolve(5);
        let mass: f64 = t.points().iter().map(|p| p.1).sum();
        let mean: f64 = t.points().iter().map(|p| p.0 as f64 * p.1).sum();
        assert!((mass - 1.0).abs() < 1e-12);
        assert!((mean - 5.0 * 0.3).abs() < 1e-9);
        assert_eq!(t.points()[0].0, -10);
    }
}

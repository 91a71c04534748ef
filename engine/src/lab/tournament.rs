//! Simulated tournaments (docs/research.md): rank points per round, the three deal
//! formats side by side, the test-case paper's distinguishable players
//! (its algorithm 1) and its P1/P2 comparison.
//!
//! Ranking within a round is standard competition ranking on the round's
//! scores (ties share the best place, the next place skips); a place is
//! worth 2 × (n − place + 1) rank points, and a tournament total is the sum
//! over its rounds.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::agents::{play_seated, seat_seeds, PlayerError, PlayerSpec};
use crate::clock::{Clock, Deadline};
use crate::deal::Deal;
use crate::game::{Game, Scoring};
use crate::limits;
use crate::rng::{self, Rng};
use crate::stepwise::{step_until, Completion, Stepwise};

/// Competition ranking, best first: the place (1-based) of each score.
pub fn places(scores: &[i64]) -> Vec<u32> {
    scores
        .iter()
        .map(|s| 1 + scores.iter().filter(|&&o| o > *s).count() as u32)
        .collect()
}

/// Rank points of each score in a round of `scores.len()` players.
pub fn rank_points(scores: &[i64]) -> Vec<u32> {
    let n = scores.len() as u32;
    places(scores).into_iter().map(|p| 2 * (n - p + 1)).collect()
}

/// The landlord's tournament score when `landlord` plays `deal` against
/// two `farmers`, every seat seeded from `seed`.
pub fn landlord_score(
    deal: &Deal,
    landlord: &PlayerSpec,
    farmers: &PlayerSpec,
    seed: u64,
    clock: &dyn Clock,
) -> Result<i64, PlayerError> {
    seated_score(deal, [landlord, farmers, farmers], seed, clock)
}

/// The landlord's tournament score with `players` seated, every seat
/// seeded from `seed`.
fn seated_score(deal: &Deal, players: [&PlayerSpec; 3], seed: u64, clock: &dyn Clock) -> Result<i64, PlayerError> {
    let seeds = seat_seeds(&mut rng::from_seed(seed));
    Ok(play_seated(&mut Game::new(deal), players, seeds, clock, None)?.score(Scoring::Tournament))
}

/// How the tables of a tournament get their deals: a [`TournamentFormat`] with
/// the pool its equal formats deal from.
#[derive(Clone, Debug, PartialEq)]
pub enum DealSource {
    /// Every table gets the same deal each round.
    Duplicate,
    /// Every table gets the same deal each round, drawn from this pool: the
    /// control for `Equal`, with the same deals but shared.
    DuplicateOf(Vec<u64>),
    /// Each table gets a different deal from this pool (seeds of deals of
    /// one strength: within ε of a GDI centre).
    Equal(Vec<u64>),
    /// Each table gets its own random deal.
    Random,
}

/// A tournament format by name, before its deals are chosen: `duplicate`,
/// `duplicate-equal`, `equal` or `random` ([`DealSource`] adds the deals).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TournamentFormat {
    /// Every table gets the same deal each round ([`DealSource::Duplicate`]).
    Duplicate,
    /// The same deal at every table, from an equal-strength pool
    /// ([`DealSource::DuplicateOf`]).
    DuplicateEqual,
    /// A different deal of one strength at each table ([`DealSource::Equal`]).
    Equal,
    /// Each table its own random deal ([`DealSource::Random`]).
    Random,
}

/// A format name that is not one of [`TournamentFormat::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("'{0}' is not a format (duplicate, duplicate-equal, equal or random)")]
pub struct FormatError(pub String);

impl TournamentFormat {
    /// Every format, in the order the CLI shows them side by side.
    pub const ALL: [TournamentFormat; 4] = [
        TournamentFormat::Duplicate,
        TournamentFormat::DuplicateEqual,
        TournamentFormat::Equal,
        TournamentFormat::Random,
    ];

    /// Its name: `duplicate`, `duplicate-equal`, `equal` or `random`.
    pub fn name(self) -> &'static str {
        match self {
            TournamentFormat::Duplicate => "duplicate",
            TournamentFormat::DuplicateEqual => "duplicate-equal",
            TournamentFormat::Equal => "equal",
            TournamentFormat::Random => "random",
        }
    }

    /// Whether its deals come from a pool of equal-strength deals.
    pub fn needs_pool(self) -> bool {
        matches!(self, TournamentFormat::DuplicateEqual | TournamentFormat::Equal)
    }

    /// The format's dealing, with `pool` as the deals of the equal formats
    /// (ignored by the others).
    pub fn with_pool(self, pool: &[u64]) -> DealSource {
        match self {
            TournamentFormat::Duplicate => DealSource::Duplicate,
            TournamentFormat::DuplicateEqual => DealSource::DuplicateOf(pool.to_vec()),
            TournamentFormat::Equal => DealSource::Equal(pool.to_vec()),
            TournamentFormat::Random => DealSource::Random,
        }
    }
}

impl FromStr for TournamentFormat {
    type Err = FormatError;
    fn from_str(text: &str) -> Result<TournamentFormat, FormatError> {
        TournamentFormat::ALL
            .into_iter()
            .find(|f| f.name() == text.trim())
            .ok_or_else(|| FormatError(text.to_string()))
    }
}

impl fmt::Display for TournamentFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl DealSource {
    /// Its format, without the deals.
    pub fn format(&self) -> TournamentFormat {
        match self {
            DealSource::Duplicate => TournamentFormat::Duplicate,
            DealSource::DuplicateOf(_) => TournamentFormat::DuplicateEqual,
            DealSource::Equal(_) => TournamentFormat::Equal,
            DealSource::Random => TournamentFormat::Random,
        }
    }
}

/// Each table's chance of each final place, over the simulated matches.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlaceProbabilities {
    /// Each table's landlord player name, in input order.
    pub tables: Vec<String>,
    /// `p[t][k]`: table t finished in place k + 1.
    pub p: Vec<Vec<f64>>,
    /// Tournaments simulated.
    pub matches: u32,
}

impl PlaceProbabilities {
    /// Each table's expected place.
    pub fn expected_places(&self) -> Vec<f64> {
        self.p
            .iter()
            .map(|row| row.iter().enumerate().map(|(k, q)| (k + 1) as f64 * q).sum())
            .collect()
    }

    /// How far these place probabilities are from `other`'s: the total
    /// variation distance of each table's place distribution (half the sum
    /// of absolute differences, 0 to 1), averaged over the tables.
    pub fn distance(&self, other: &PlaceProbabilities) -> f64 {
        let tv = |a: &[f64], b: &[f64]| a.iter().zip(b).map(|(x, y)| (x - y).abs()).sum::<f64>() / 2.0;
        let rows = self.p.len().min(other.p.len()).max(1);
        self.p.iter().zip(&other.p).map(|(a, b)| tv(a, b)).sum::<f64>() / rows as f64
    }
}

/// Simulates `matches` tournaments of `rounds` rounds: each table (a
/// landlord AI against two `farmers`) plays its deal each round, and the
/// tables' rank points are added up; the final places are by total.
pub fn simulate(
    landlords: &[PlayerSpec],
    farmers: &PlayerSpec,
    dealing: &DealSource,
    rounds: u32,
    matches: u32,
    seed: u64,
    clock: &dyn Clock,
) -> Result<PlaceProbabilities, PlayerError> {
    TournamentRun::new(landlords.to_vec(), *farmers, dealing.clone(), rounds, matches, seed).finish(&mut (), clock)
}

/// Simulated tournaments, one match at a time.
pub struct TournamentRun {
    landlords: Vec<PlayerSpec>,
    farmers: PlayerSpec,
    dealing: DealSource,
    rounds: u32,
    matches: u32,
    rng: Rng,
    played: u32,
    counts: Vec<Vec<u32>>,
}

impl TournamentRun {
    /// `matches` tournaments of `rounds` rounds, `landlords` one per table
    /// against `farmers`, dealt as `dealing` says, seeded from `seed`;
    /// nothing played yet.
    pub fn new(
        landlords: Vec<PlayerSpec>,
        farmers: PlayerSpec,
        dealing: DealSource,
        rounds: u32,
        matches: u32,
        seed: u64,
    ) -> TournamentRun {
        let t = landlords.len();
        TournamentRun {
            landlords,
            farmers,
            dealing,
            rounds,
            matches,
            rng: rng::from_seed(seed),
            played: 0,
            counts: vec![vec![0; t]; t],
        }
    }

    /// Its format.
    pub fn format(&self) -> TournamentFormat {
        self.dealing.format()
    }

    /// Plays the next match.
    fn step(&mut self, clock: &dyn Clock) -> Result<(), PlayerError> {
        let t = self.landlords.len();
        let mut totals = vec![0i64; t];
        for _ in 0..self.rounds {
            let deals = deals_for_round(&self.dealing, t, &mut self.rng);
            let mut scores = Vec::with_capacity(t);
            for (i, landlord) in self.landlords.iter().enumerate() {
                scores.push(landlord_score(
                    &deals[i],
                    landlord,
                    &self.farmers,
                    rng::split(&mut self.rng),
                    clock,
                )?);
            }
            for (total, points) in totals.iter_mut().zip(rank_points(&scores)) {
                *total += i64::from(points);
            }
        }
        for (i, place) in places(&totals).into_iter().enumerate() {
            self.counts[i][place as usize - 1] += 1;
        }
        self.played += 1;
        Ok(())
    }
}

/// A step is a match; the output is the place probabilities over the
/// matches played so far.
impl Stepwise for TournamentRun {
    type Tools = ();
    type Output = PlaceProbabilities;
    type Error = PlayerError;

    fn advance(&mut self, _: &mut (), deadline: &Deadline<'_>, clock: &dyn Clock) -> Result<(), PlayerError> {
        step_until(self, deadline, |run| run.step(clock))
    }

    fn completion(&self) -> Completion {
        Completion {
            done: u64::from(self.played),
            total: u64::from(self.matches),
        }
    }

    fn is_done(&self) -> bool {
        self.played >= self.matches
    }

    fn output(&self) -> PlaceProbabilities {
        PlaceProbabilities {
            tables: self.landlords.iter().map(PlayerSpec::to_string).collect(),
            p: self
                .counts
                .iter()
                .map(|row| {
                    row.iter()
                        .map(|&c| f64::from(c) / f64::from(self.played.max(1)))
                        .collect()
                })
                .collect(),
            matches: self.played,
        }
    }
}

fn deals_for_round(dealing: &DealSource, tables: usize, rng: &mut Rng) -> Vec<Deal> {
    match dealing {
        DealSource::Duplicate => vec![Deal::from_seed(rng::split(rng)); tables],
        DealSource::DuplicateOf(pool) => {
            let pick = rng::below(rng, pool.len().clamp(1, u32::MAX as usize) as u32) as usize;
            let seed = pool.get(pick).copied().unwrap_or_default();
            vec![Deal::from_seed(seed); tables]
        }
        DealSource::Random => (0..tables).map(|_| Deal::from_seed(rng::split(rng))).collect(),
        DealSource::Equal(pool) => {
            // Different deals for the tables, drawn from the pool.
            let mut seeds = pool.clone();
            rng::shuffle(rng, &mut seeds);
            (0..tables)
                .map(|i| Deal::from_seed(seeds.get(i % seeds.len().max(1)).copied().unwrap_or_default()))
                .collect()
        }
    }
}

/// Spearman's rank correlation of two lists (1: the same order).
pub fn rank_correlation(a: &[f64], b: &[f64]) -> f64 {
    let rank = |v: &[f64]| -> Vec<f64> {
        let mut idx: Vec<usize> = (0..v.len()).collect();
        idx.sort_by(|&i, &j| v[i].total_cmp(&v[j]));
        let mut r = vec![0.0; v.len()];
        for (k, &i) in idx.iter().enumerate() {
            r[i] = k as f64;
        }
        r
    };
    let (ra, rb) = (rank(a), rank(b));
    let n = a.len() as f64;
    if n < 2.0 {
        return 1.0;
    }
    let d2: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - y).powi(2)).sum();
    1.0 - 6.0 * d2 / (n * (n * n - 1.0))
}

/// A tournament player: its own three AIs (landlord, farmer 1, farmer 2).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Triple(pub [PlayerSpec; 3]);

impl Triple {
    /// Its score on a deal: its landlord's score with its own AIs seated.
    pub fn score(&self, deal: &Deal, seed: u64, clock: &dyn Clock) -> Result<i64, PlayerError> {
        let [l, f1, f2] = &self.0;
        seated_score(deal, [l, f1, f2], seed, clock)
    }
}

/// The paper's algorithm 1: every triple of `ais` plays the same `deals`;
/// score rates (T − T_min)/(T_max − T_min) split into `count` equal
/// intervals; one triple from each interval that has one (the first met).
/// `count` is within [`limits::PLAYERS`] and the AIs within [`limits::AIS`]
/// (every triple is played), else a [`PlayerError::Limit`].
pub fn distinguishable_players(
    ais: &[PlayerSpec],
    deals: &[u64],
    count: usize,
    clock: &dyn Clock,
) -> Result<Vec<(Triple, f64)>, PlayerError> {
    if !u32::try_from(count).is_ok_and(|n| limits::PLAYERS.contains(&n)) {
        return Err(limits::LimitError::out_of_range("players", count, &limits::PLAYERS).into());
    }
    limits::check("AIs", ais.len(), &limits::AIS)?;
    let mut triples = Vec::new();
    for a in ais {
        for b in ais {
            for c in ais {
                triples.push(Triple([*a, *b, *c]));
            }
        }
    }
    let mut totals = Vec::with_capacity(triples.len());
    for t in &triples {
        let mut total = 0i64;
        for &s in deals {
            total += t.score(&Deal::from_seed(s), s, clock)?;
        }
        totals.push(total);
    }
    let (lo, hi) = (*totals.iter().min().unwrap_or(&0), *totals.iter().max().unwrap_or(&0));
    let rate = |t: i64| {
        if hi > lo {
            (t - lo) as f64 / (hi - lo) as f64
        } else {
            0.0
        }
    };
    let mut chosen: Vec<Option<(Triple, f64)>> = vec![None; count.max(1)];
    for (t, &total) in triples.into_iter().zip(&totals) {
        let r = rate(total);
        let slot = ((r * count as f64) as usize).min(count.max(1) - 1);
        chosen[slot].get_or_insert((t, r));
    }
    Ok(chosen.into_iter().flatten().collect())
}

/// Whether the top `top` of `totals` are pairwise distinct.
pub fn top_distinct(totals: &[i64], top: usize) -> bool {
    let mut sorted = totals.to_vec();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    sorted.windows(2).take(top.saturating_sub(1)).all(|w| w[0] > w[1]) && top <= totals.len()
}

/// The test-case paper's P: over `tournaments` simulated tournaments of
/// `players` on the deals `rounds_of(i)` gives for tournament i, the share
/// whose top `top` rank-point totals are distinct.
pub fn distinguishable_share(
    players: &[Triple],
    top: usize,
    tournaments: u32,
    mut rounds_of: impl FnMut(u32) -> Vec<u64>,
    seed: u64,
    clock: &dyn Clock,
) -> Result<f64, PlayerError> {
    let mut rng = rng::from_seed(seed);
    let mut hits = 0;
    for i in 0..tournaments {
        let mut totals = vec![0i64; players.len()];
        for s in rounds_of(i) {
            let deal = Deal::from_seed(s);
            let mut scores = Vec::with_capacity(players.len());
            for p in players {
                scores.push(p.score(&deal, rng::split(&mut rng), clock)?);
            }
            for (total, points) in totals.iter_mut().zip(rank_points(&scores)) {
                *total += i64::from(points);
            }
        }
        hits += u32::from(top_distinct(&totals, top));
    }
    Ok(f64::from(hits) / f64::from(tournaments.max(1)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::Rung;
    use crate::clock::MonotonicClock;

    #[test]
    fn competition_ranking_and_points() {
        assert_eq!(places(&[3, 1, 3, 2]), [1, 4, 1, 3]);
        assert_eq!(rank_points(&[3, 1, 3, 2]), [8, 2, 8, 4]);
        assert!(top_distinct(&[5, 3, 3, 1], 2));
        assert!(!top_distinct(&[5, 5, 3], 2));
        assert!(top_distinct(&[5, 4, 3, 3], 3) && !top_distinct(&[5, 4, 4, 3], 3));
    }

    #[test]
    fn place_probabilities_sum_to_one() {
        let clock = MonotonicClock::default();
        let rung = |r| Rung::at(r).spec();
        let tables = [rung(0), rung(3), rung(5)];
        for dealing in [
            DealSource::Duplicate,
            DealSource::DuplicateOf(vec![1, 2, 3]),
            DealSource::Random,
            DealSource::Equal(vec![1, 2, 3, 4, 5]),
        ] {
            let p = simulate(&tables, &rung(5), &dealing, 3, 20, 1, &clock).unwrap();
            for row in &p.p {
                assert!((row.iter().sum::<f64>() - 1.0).abs() < 1e-9);
            }
            // Every match hands out a first place (ties share it).
            assert!((0..3).map(|t| p.p[t][0]).sum::<f64>() >= 1.0 - 1e-9);
            assert_eq!(p, simulate(&tables, &rung(5), &dealing, 3, 20, 1, &clock).unwrap());
        }
        assert!((rank_correlation(&[1.0, 2.0, 3.0], &[1.5, 2.5, 9.0]) - 1.0).abs() < 1e-12);
        assert!((rank_correlation(&[1.0, 2.0, 3.0], &[3.0, 2.0, 1.0]) + 1.0).abs() < 1e-12);
    }

    #[test]
    fn place_probability_distance() {
        let of = |p: Vec<Vec<f64>>| PlaceProbabilities {
            tables: vec!["a".into(), "b".into()],
            p,
            matches: 1,
        };
        let a = of(vec![vec![1.0, 0.0], vec![0.0, 1.0]]);
        let swapped = of(vec![vec![0.0, 1.0], vec![1.0, 0.0]]);
        let half = of(vec![vec![0.5, 0.5], vec![0.5, 0.5]]);
        assert_eq!(a.distance(&a), 0.0);
        assert_eq!(a.distance(&swapped), 1.0);
        assert_eq!(a.distance(&half), 0.5);
        assert_eq!(half.distance(&a), 0.5);
    }

    #[test]
    fn distinguishable_players_spread_over_the_intervals() {
        let clock = MonotonicClock::default();
        let (l0, l5) = (Rung::at(0).spec(), Rung::at(5).spec());
        let chosen = distinguishable_players(&[l0, l5], &[1, 2, 3, 4, 5, 6], 4, &clock).unwrap();
        assert!(!chosen.is_empty() && chosen.len() <= 4);
        assert!(chosen.windows(2).all(|w| w[0].1 < w[1].1));
        // Hostile counts are refused before anything is played or allocated.
        let err = distinguishable_players(&[l0], &[1], 1_000_000_000_000, &clock).unwrap_err();
        assert!(
            err.to_string()
                .contains("players: 1000000000000 is out of range (1 to 1000)"),
            "{err}"
        );
        assert!(distinguishable_players(&[l0; 11], &[1], 3, &clock).is_err());
    }

    #[test]
    fn format_names_read_back() {
        for f in TournamentFormat::ALL {
            assert_eq!(f.name().parse::<TournamentFormat>(), Ok(f));
            assert_eq!(f.with_pool(&[1, 2]).format(), f);
            assert_eq!(serde_json::to_string(&f).unwrap(), format!("\"{f}\""));
        }
        assert_eq!(
            "swiss".parse::<TournamentFormat>().unwrap_err().to_string(),
            "'swiss' is not a format (duplicate, duplicate-equal, equal or random)"
        );
    }
}

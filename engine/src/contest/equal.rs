//! Equal-strength boards judged tightly (同等牌力): a candidate deal is
//! played from the entrant's seat by a panel, a round at a time, until its
//! GDI lies within ε of the centre with 95% confidence (kept), clearly
//! beyond ε (dropped), or the games run out (dropped). docs/research.md,
//! "Equal strength, measured".
//!
//! The GDI here is the entrant's side's: the shares of the panel's games
//! in which the entrant's side reached each grade of the deal's score set
//! (a farmer's score is the landlord's negated). In the landlord's seat
//! the panel is the lab's `quick` panel, so a landlord board's GDI is the
//! one the Lab and the library show.

use serde::{Deserialize, Serialize};

use crate::agents::{play_seated, seat_seeds, PlayerError, PlayerSpec, Rung};
use crate::clock::Clock;
use crate::deal::Deal;
use crate::game::Game;
use crate::lab::panel::{score_set, GdiCentre};
use crate::rng::{self, Rng};
use crate::seat::Seat;

use super::referee::board_score;

/// The judging panel's players in the entrant's seat, one game each a
/// round: the `quick` panel's landlords (the rungs without sampling).
pub const JUDGE_RUNGS: std::ops::RangeInclusive<usize> = 0..=7;
/// The rung in the other two seats: the `quick` panel's farmers.
pub const JUDGE_OTHERS: usize = 7;
/// Rounds after which a candidate is looked at; it is dropped, undecided,
/// after the last (16 to 1,024 games).
pub const LOOKS: [u32; 7] = [2, 4, 8, 16, 32, 64, 128];
/// Rounds before a candidate can be kept (64 games): with fewer games a
/// rung's variance is guessed from too few of them, and a deal whose
/// first games happened to agree would look precise.
pub const FIRST_KEEP: u32 = 8;
/// A candidate is kept when its distance plus this many standard errors
/// is below ε: one-sided 97.5% at one look, about 95% over the looks a
/// deal near ε reaches (measured: docs/results/equal.md).
pub const Z_KEEP: f64 = 1.96;
/// A candidate is dropped when its distance minus this many standard
/// errors is above ε. Dropping a deal that was within ε costs time, not
/// fairness, so this is looser than [`Z_KEEP`].
pub const Z_DROP: f64 = 1.5;

const RUNGS: usize = *JUDGE_RUNGS.end() - *JUDGE_RUNGS.start() + 1;

/// A deal's GDI from a seat, estimated by the judging panel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// The entrant's side's GDI.
    pub gdi: Vec<f64>,
    /// Its distance from the centre.
    pub distance: f64,
    /// The distance's standard error (the delta method over the panel's
    /// rungs, each rung's games a stratum).
    pub se: f64,
    /// Games played.
    pub games: u32,
}

/// Where a candidate stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Within ε with the confidence [`Z_KEEP`] asks.
    Kept,
    /// Beyond ε, its score set not the centre's, or undecided after the
    /// last look.
    Dropped,
    /// More games are needed.
    Playing,
}

/// One deal played by the judging panel from one seat, a round at a time.
#[derive(Clone, Debug)]
pub struct Judging {
    seed: u64,
    seat: Seat,
    deal: Deal,
    /// Games ending with each score of the deal's score set, ascending
    /// (the entrant's side's), for each rung.
    counts: Vec<Vec<u64>>,
    scores: Vec<i64>,
    seeds: Rng,
    rounds: u32,
}

impl Judging {
    /// Deal `seed` judged from `seat`; `salt` picks the games' randomness,
    /// so a second judging of the same deal plays different games.
    pub fn new(seed: u64, seat: Seat, salt: u64) -> Judging {
        let deal = Deal::from_seed(seed);
        let scores = score_set(&deal);
        Judging {
            seed,
            seat,
            deal,
            counts: vec![vec![0; scores.len()]; RUNGS],
            scores,
            seeds: rng::from_seed(seed ^ salt ^ 0x3e9a_11d0_0000_0000),
            rounds: 0,
        }
    }

    /// The deal's seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Rounds played.
    pub fn rounds(&self) -> u32 {
        self.rounds
    }

    /// Games played.
    pub fn games(&self) -> u32 {
        self.rounds * RUNGS as u32
    }

    /// Whether the deal's GDI has as many grades as `centre` (else it is
    /// not comparable, and needs no games to be dropped).
    pub fn comparable(&self, centre: &GdiCentre) -> bool {
        self.scores.len() == centre.values().len() + 1
    }

    /// Plays one game for each rung.
    pub fn round(&mut self, clock: &dyn Clock) -> Result<(), PlayerError> {
        let others = Rung::at(JUDGE_OTHERS).spec();
        for (i, rung) in JUDGE_RUNGS.enumerate() {
            let mine = Rung::at(rung).spec();
            let mut players: [&PlayerSpec; 3] = [&others; 3];
            players[self.seat.index()] = &mine;
            let seeds = seat_seeds(&mut self.seeds);
            let outcome = play_seated(&mut Game::new(&self.deal), players, seeds, clock, None)?;
            let score = board_score(self.seat, &outcome);
            if let Some(j) = self.scores.iter().position(|&s| s == score) {
                self.counts[i][j] += 1;
            }
        }
        self.rounds += 1;
        Ok(())
    }

    /// The estimate from the games so far, against `centre` (of the same
    /// number of grades: [`Judging::comparable`]).
    pub fn estimate(&self, centre: &GdiCentre) -> Estimate {
        let k = self.scores.len();
        let raw = self.shares(0.0);
        // g_i: the share reaching grade i (ending at score index ≥ i).
        let gdi: Vec<f64> = (1..k)
            .map(|i| raw.iter().map(|p| p[i..].iter().sum::<f64>()).sum::<f64>() / RUNGS as f64)
            .collect();
        let diff: Vec<f64> = gdi.iter().zip(centre.values()).map(|(g, c)| g - c).collect();
        let distance = diff.iter().map(|d| d * d).sum::<f64>().sqrt();
        // The distance moves along u = (g − c)/d; a game ending at score
        // index j adds u_1 + … + u_j to that projection.
        let u: Vec<f64> = if distance > 0.0 {
            diff.iter().map(|d| d / distance).collect()
        } else {
            vec![1.0 / ((k - 1).max(1) as f64).sqrt(); k - 1]
        };
        let along: Vec<f64> = (0..k).map(|j| u[..j].iter().sum()).collect();
        // Shares shrunk towards the pooled ones by two games' weight, so a
        // rung whose few games all ended alike does not claim no variance.
        let shrunk = self.shares(2.0);
        let se = (shrunk.iter().map(|p| variance(p, &along)).sum::<f64>() / self.strata()).sqrt();
        Estimate {
            gdi,
            distance,
            se,
            games: self.games(),
        }
    }

    /// The entrant's side's mean score over the games so far, and its
    /// sampling variance (each rung's sample variance over its games,
    /// averaged over the rungs).
    pub fn mean_score(&self) -> (f64, f64) {
        let raw = self.shares(0.0);
        let scores: Vec<f64> = self.scores.iter().map(|&s| s as f64).collect();
        let mean = raw
            .iter()
            .map(|p| p.iter().zip(&scores).map(|(p, s)| p * s).sum::<f64>())
            .sum::<f64>()
            / RUNGS as f64;
        // Unbiased: m − 1 degrees of freedom in each rung.
        let m = f64::from(self.rounds);
        let unbiased = if self.rounds > 1 { m / (m - 1.0) } else { 0.0 };
        let var = raw.iter().map(|p| variance(p, &scores) * unbiased).sum::<f64>() / self.strata();
        (mean, var)
    }

    /// Each rung's share of its games ending at each score, with `prior`
    /// games' weight of the pooled shares added.
    fn shares(&self, prior: f64) -> Vec<Vec<f64>> {
        let k = self.scores.len();
        let m = f64::from(self.rounds);
        let all = m * RUNGS as f64;
        let pooled: Vec<f64> = (0..k)
            .map(|j| (self.counts.iter().map(|c| c[j]).sum::<u64>() as f64 + 1.0 / k as f64) / (all + 1.0))
            .collect();
        self.counts
            .iter()
            .map(|c| {
                (0..k)
                    .map(|j| (c[j] as f64 + prior * pooled[j]) / (m + prior).max(1.0))
                    .collect()
            })
            .collect()
    }

    /// Rungs² × games a rung: a stratified mean's variance is the rungs'
    /// variances summed over this.
    fn strata(&self) -> f64 {
        RUNGS as f64 * RUNGS as f64 * f64::from(self.rounds.max(1))
    }

    /// The verdict on the games so far, against `centre` and `eps`.
    pub fn verdict(&self, centre: &GdiCentre, eps: f64) -> Verdict {
        if !self.comparable(centre) {
            return Verdict::Dropped;
        }
        if !LOOKS.contains(&self.rounds) {
            return Verdict::Playing;
        }
        let e = self.estimate(centre);
        if self.rounds >= FIRST_KEEP && e.distance + Z_KEEP * e.se < eps {
            Verdict::Kept
        } else if e.distance - Z_DROP * e.se > eps || Some(&self.rounds) == LOOKS.last() {
            Verdict::Dropped
        } else {
            Verdict::Playing
        }
    }

    /// Plays until a verdict other than [`Verdict::Playing`].
    pub fn run(&mut self, centre: &GdiCentre, eps: f64, clock: &dyn Clock) -> Result<Verdict, PlayerError> {
        loop {
            match self.verdict(centre, eps) {
                Verdict::Playing => self.round(clock)?,
                done => return Ok(done),
            }
        }
    }
}

/// The variance of `y` under the shares `p`.
fn variance(p: &[f64], y: &[f64]) -> f64 {
    let mean: f64 = p.iter().zip(y).map(|(p, y)| p * y).sum();
    p.iter().zip(y).map(|(p, y)| p * (y - mean).powi(2)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::MonotonicClock;
    use crate::lab::panel::{score_distribution, PanelName};

    #[test]
    fn from_the_landlords_seat_the_panel_is_the_quick_panels() {
        let clock = MonotonicClock::default();
        let seed = 21;
        let mut j = Judging::new(seed, Seat::Landlord, 0);
        for _ in 0..4 {
            j.round(&clock).unwrap();
        }
        let quick = PanelName::Quick.panel();
        assert_eq!(quick.seatings.len(), RUNGS);
        for (seating, rung) in quick.seatings.iter().zip(JUDGE_RUNGS) {
            assert_eq!(seating.landlord, Rung::at(rung).spec());
            assert_eq!(seating.farmers, Rung::at(JUDGE_OTHERS).spec());
        }
        // Same players, other games: the GDIs agree in shape.
        let d = score_distribution(&Deal::from_seed(seed), seed, &quick, 4, &clock).unwrap();
        let centre = GdiCentre::new(d.gdi()).unwrap();
        let e = j.estimate(&centre);
        assert_eq!(e.gdi.len(), d.gdi().len());
        assert_eq!(e.games, 32);
        assert!(e.gdi.windows(2).all(|w| w[0] >= w[1]));
    }

    #[test]
    fn a_farmers_gdi_is_the_farmers_side() {
        let clock = MonotonicClock::default();
        let mut j = Judging::new(5, Seat::Farmer1, 0);
        for _ in 0..8 {
            j.round(&clock).unwrap();
        }
        let k = j.scores.len();
        let centre = GdiCentre::new(vec![0.5; k - 1]).unwrap();
        let e = j.estimate(&centre);
        // The mean is the farmers' mean score over the counted games.
        let total: i64 = j
            .counts
            .iter()
            .flat_map(|c| c.iter().zip(&j.scores).map(|(n, s)| *n as i64 * s))
            .sum();
        let (mean, var) = j.mean_score();
        assert!((mean - total as f64 / 64.0).abs() < 1e-9);
        // g_1 is the share not at the worst score.
        let worst: u64 = j.counts.iter().map(|c| c[0]).sum();
        assert!((e.gdi[0] - (1.0 - worst as f64 / 64.0)).abs() < 1e-9);
        assert!(e.se > 0.0 && e.se < 0.2, "{e:?}");
        assert!(var > 0.0);
    }

    #[test]
    fn a_deal_of_another_score_set_is_dropped_unplayed() {
        let j = Judging::new(3, Seat::Landlord, 0);
        let k = j.scores.len();
        let other = GdiCentre::new(vec![0.5; k]).unwrap();
        assert_eq!(j.verdict(&other, 0.5), Verdict::Dropped);
        assert_eq!(j.games(), 0);
        let same = GdiCentre::new(vec![0.5; k - 1]).unwrap();
        assert_eq!(j.verdict(&same, 0.5), Verdict::Playing);
    }

    #[test]
    fn verdicts_come_at_the_looks_and_the_last_look_ends_it() {
        let clock = MonotonicClock::default();
        let mut j = Judging::new(8, Seat::Farmer2, 0);
        let k = j.scores.len();
        let centre = GdiCentre::new(vec![0.5; k - 1]).unwrap();
        // ε tiny: never kept, and dropped by the last look at the latest.
        let v = j.run(&centre, 0.001, &clock).unwrap();
        assert_eq!(v, Verdict::Dropped);
        assert!(LOOKS.contains(&j.rounds()));
        // ε wide around the deal's own GDI: kept at the first look that
        // may keep.
        let mut other = Judging::new(8, Seat::Farmer2, 1);
        other.run(&centre, 0.001, &clock).unwrap();
        let own = GdiCentre::new(other.estimate(&centre).gdi).unwrap();
        let mut j = Judging::new(8, Seat::Farmer2, 0);
        assert_eq!(j.run(&own, 0.9, &clock).unwrap(), Verdict::Kept);
        assert_eq!(j.rounds(), FIRST_KEEP);
    }
}

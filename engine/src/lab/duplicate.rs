//! Duplicate matches (复式): two players on the same seeded deals with the
//! seats swapped, so that the cards' luck cancels out. On each deal, A
//! plays the landlord against B as both farmers, then B plays the landlord
//! against A. The deal's *margin* is A's landlord score minus B's landlord
//! score (tournament scoring): positive when A did better with the same
//! cards, in both roles at once.
//!
//! The engine plays one deal's board at a time ([`play_both_ways`]), so callers can
//! spread deals over threads; [`Summary`] adds them up with 95% confidence
//! intervals (normal approximation over deals).

use serde::Serialize;

use crate::agents::{play_seated, seat_seeds, PlayerError, PlayerSpec};
use crate::clock::Clock;
use crate::deal::Deal;
use crate::game::{Game, Scoring};
use crate::rng;

/// A board: both games of one deal, A as the landlord and then B.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BoardGames {
    /// The deal's seed.
    pub seed: u64,
    /// The landlord's score with A as the landlord (B farming), and with B.
    pub a_landlord: i64,
    /// The landlord's score with B as the landlord (A farming).
    pub b_landlord: i64,
}

impl BoardGames {
    /// A's landlord score minus B's: positive when A did better with the same
    /// cards.
    pub fn margin(&self) -> i64 {
        self.a_landlord - self.b_landlord
    }
}

/// Plays the board of deal `seed`: the deal both ways. Every player's randomness comes from the
/// deal's seed and its seat, so the same call gives the same games.
pub fn play_both_ways(
    a: &PlayerSpec,
    b: &PlayerSpec,
    seed: u64,
    clock: &dyn Clock,
    budget_ms: Option<f64>,
) -> Result<BoardGames, PlayerError> {
    let deal = Deal::from_seed(seed);
    let game_with = |landlord: &PlayerSpec, farmers: &PlayerSpec| -> Result<i64, PlayerError> {
        let [l, f1, f2] = seat_seeds(&mut rng::from_seed(seed ^ 0xd0b1_e5ea_7000_0000));
        // Each seat's seed also carries the seat's number.
        let seeds = [l, f1 ^ 1, f2 ^ 2];
        let outcome = play_seated(
            &mut Game::new(&deal),
            [landlord, farmers, farmers],
            seeds,
            clock,
            budget_ms,
        )?;
        Ok(outcome.score(Scoring::Tournament))
    };
    Ok(BoardGames {
        seed,
        a_landlord: game_with(a, b)?,
        b_landlord: game_with(b, a)?,
    })
}

/// A mean with its 95% confidence half-width.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, serde::Deserialize)]
pub struct Estimate {
    /// The sample mean.
    pub mean: f64,
    /// Half the width of the 95% confidence interval (1.96 standard errors;
    /// 0 with fewer than two deals).
    pub half_width: f64,
}

impl Estimate {
    pub(crate) fn of(values: impl Iterator<Item = f64> + Clone) -> Estimate {
        let n = values.clone().count() as f64;
        if n == 0.0 {
            return Estimate::default();
        }
        let mean = values.clone().sum::<f64>() / n;
        let var = if n > 1.0 {
            values.map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0)
        } else {
            0.0
        };
        Estimate {
            mean,
            half_width: 1.96 * (var / n).sqrt(),
        }
    }

    /// The interval's lower end.
    pub fn low(&self) -> f64 {
        self.mean - self.half_width
    }

    /// The interval's upper end.
    pub fn high(&self) -> f64 {
        self.mean + self.half_width
    }
}

/// A match's results, per role and in all.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Summary {
    /// Deals played.
    pub deals: usize,
    /// A's landlord score minus B's on the same deal.
    pub margin: Estimate,
    /// How often the landlord won, with A and with B in that seat.
    pub a_landlord_wins: Estimate,
    /// How often the landlord won with B in that seat.
    pub b_landlord_wins: Estimate,
    /// Average landlord score with A and with B as the landlord; a side's
    /// farmer score is minus the other side's landlord score.
    pub a_landlord_score: Estimate,
    /// Average landlord score with B as the landlord.
    pub b_landlord_score: Estimate,
    /// Per deal, A's landlord win minus B's (−1, 0, 1): the win-rate
    /// difference as landlord, with its interval.
    pub landlord_win_difference: Estimate,
}

impl Summary {
    /// Adds up the deals' results (every estimate 0 for no deals).
    pub fn of(results: &[BoardGames]) -> Summary {
        let win = |s: i64| f64::from(u8::from(s > 0));
        Summary {
            deals: results.len(),
            margin: Estimate::of(results.iter().map(|r| r.margin() as f64)),
            a_landlord_wins: Estimate::of(results.iter().map(|r| win(r.a_landlord))),
            b_landlord_wins: Estimate::of(results.iter().map(|r| win(r.b_landlord))),
            a_landlord_score: Estimate::of(results.iter().map(|r| r.a_landlord as f64)),
            b_landlord_score: Estimate::of(results.iter().map(|r| r.b_landlord as f64)),
            landlord_win_difference: Estimate::of(results.iter().map(|r| win(r.a_landlord) - win(r.b_landlord))),
        }
    }

    /// A beat B: the margin's whole interval is above zero.
    pub fn a_is_stronger(&self) -> bool {
        self.margin.low() > 0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::MonotonicClock;

    #[test]
    fn a_player_against_itself_has_no_margin_on_average() {
        let clock = MonotonicClock::default();
        let greedy: PlayerSpec = "greedy".parse().unwrap();
        let results: Vec<BoardGames> = (0..40)
            .map(|s| play_both_ways(&greedy, &greedy, s, &clock, None).unwrap())
            .collect();
        // Greedy is deterministic: the same cards give the same score.
        assert!(results.iter().all(|r| r.margin() == 0));
        let s = Summary::of(&results);
        assert_eq!(s.margin.mean, 0.0);
        assert!(!s.a_is_stronger());
    }

    #[test]
    fn matches_are_reproducible_and_the_heuristic_beats_random() {
        let clock = MonotonicClock::default();
        let (heuristic, random) = ("heuristic".parse().unwrap(), "random".parse().unwrap());
        let run = || -> Vec<BoardGames> {
            (0..60)
                .map(|s| play_both_ways(&heuristic, &random, s, &clock, None).unwrap())
                .collect()
        };
        let results = run();
        assert_eq!(results, run());
        let s = Summary::of(&results);
        assert!(s.a_is_stronger(), "{s:?}");
        assert!(s.a_landlord_wins.mean > s.b_landlord_wins.mean);
    }

    #[test]
    fn intervals_shrink_with_more_deals() {
        let r = |a, b| BoardGames {
            seed: 0,
            a_landlord: a,
            b_landlord: b,
        };
        let few = Summary::of(&[r(1, -1), r(-1, 1), r(1, 1)]);
        let many = Summary::of(&[r(1, -1), r(-1, 1), r(1, 1)].repeat(30));
        assert!(many.margin.half_width < few.margin.half_width);
        assert!((few.margin.mean - 0.0).abs() < 1e-12);
    }
}

//! Ratings of a player and of each puzzle, Glicko-2 as Lichess rates its
//! puzzles: a try is a game between the player and the puzzle, won when
//! the puzzle is solved with no wrong play and no look at the answer,
//! and both ratings move. Only a player's first try of a puzzle is rated
//! (the app keeps which puzzles were tried). The maths is the
//! `skillratings` crate's; a puzzle's starting rating comes from its
//! grade score ([`grade::score`]).

use std::fmt;
use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use super::grade;
use super::puzzle::Puzzle;

/// The ratings there may be; a result past either end stays at it.
pub const RATING_RANGE: RangeInclusive<f64> = 400.0..=3000.0;
/// The rating deviations there may be: Glicko-2's 350 for someone
/// unknown, and a floor so that a rating never stops moving.
pub const DEVIATION_RANGE: RangeInclusive<f64> = 45.0..=350.0;
/// The volatilities there may be (Glicko-2 starts at 0.06).
pub const VOLATILITY_RANGE: RangeInclusive<f64> = 0.001..=0.1;
/// How fast volatility may change (Glicko-2's τ; the paper suggests 0.3
/// to 1.2; Lichess uses 0.75).
pub const TAU: f64 = 0.75;
/// A puzzle's deviation before anyone has tried it: its grade says
/// roughly how hard it is, so it starts surer than an unknown player.
pub const PUZZLE_DEVIATION: f64 = 200.0;
/// The grade score rated as a new player's 1500 (the library's median).
pub const MIDDLE_SCORE: u32 = 15;
/// Rating points per point of grade score.
pub const POINTS_PER_SCORE: f64 = 50.0;
/// Where puzzles' starting ratings stop.
pub const START_RANGE: RangeInclusive<f64> = 800.0..=2400.0;

/// A Glicko-2 rating: the rating, how unsure it is (deviation) and how
/// erratic (volatility). Made only within the ranges above; stored as
/// `[rating, deviation, volatility]`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "[f64; 3]", into = "[f64; 3]")]
pub struct Rating {
    rating: f64,
    deviation: f64,
    volatility: f64,
}

/// A rating out of its ranges, or not a number.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("not a rating: {0} ± {1} (volatility {2})")]
pub struct BadRating(pub f64, pub f64, pub f64);

impl Rating {
    /// A new player's rating: Glicko-2's 1500 ± 350, volatility 0.06.
    pub const PLAYER: Rating = Rating {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
    };

    /// The rating of these numbers, if each is within its range.
    pub fn new(rating: f64, deviation: f64, volatility: f64) -> Result<Rating, BadRating> {
        let ok = RATING_RANGE.contains(&rating)
            && DEVIATION_RANGE.contains(&deviation)
            && VOLATILITY_RANGE.contains(&volatility);
        if ok {
            Ok(Rating {
                rating,
                deviation,
                volatility,
            })
        } else {
            Err(BadRating(rating, deviation, volatility))
        }
    }

    /// A puzzle's rating before anyone has tried it, from its grade score
    /// ([`start_rating`]).
    pub fn of_puzzle(puzzle: &Puzzle) -> Rating {
        let score = grade::score(&puzzle.facts(), puzzle.answer(), puzzle.cards());
        Rating {
            rating: start_rating(score),
            deviation: PUZZLE_DEVIATION,
            volatility: 0.06,
        }
    }

    /// The rating itself.
    pub fn rating(&self) -> f64 {
        self.rating
    }
    /// How unsure the rating is (one standard deviation).
    pub fn deviation(&self) -> f64 {
        self.deviation
    }
    /// How erratic the results behind it are.
    pub fn volatility(&self) -> f64 {
        self.volatility
    }
    /// The rating as shown: whole points.
    pub fn points(&self) -> i32 {
        self.rating.round() as i32
    }

    /// These numbers held to the ranges (what a rating period gives may
    /// step past them), and rounded (a rating and deviation to 0.001, a
    /// volatility to 0.000001) so that written as decimals they read
    /// back exactly.
    fn clamped(r: Glicko2Rating) -> Rating {
        let held = |x: f64, range: &RangeInclusive<f64>, scale: f64| {
            let x = if x.is_nan() { *range.start() } else { x };
            ((x * scale).round() / scale).clamp(*range.start(), *range.end())
        };
        Rating {
            rating: held(r.rating, &RATING_RANGE, 1e3),
            deviation: held(r.deviation, &DEVIATION_RANGE, 1e3),
            volatility: held(r.volatility, &VOLATILITY_RANGE, 1e6),
        }
    }

    fn glicko(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }
}

impl Default for Rating {
    fn default() -> Rating {
        Rating::PLAYER
    }
}

impl TryFrom<[f64; 3]> for Rating {
    type Error = BadRating;
    fn try_from([r, d, v]: [f64; 3]) -> Result<Rating, BadRating> {
        Rating::new(r, d, v)
    }
}

impl From<Rating> for [f64; 3] {
    fn from(r: Rating) -> [f64; 3] {
        [r.rating, r.deviation, r.volatility]
    }
}

impl fmt::Display for Rating {
    /// `1512 ± 87`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ± {:.0}", self.points(), self.deviation)
    }
}

/// The starting rating of a puzzle of grade score `score`: 1500 at the
/// library's median score, [`POINTS_PER_SCORE`] a point, within
/// [`START_RANGE`].
pub fn start_rating(score: u32) -> f64 {
    let r = 1500.0 + POINTS_PER_SCORE * (f64::from(score) - f64::from(MIDDLE_SCORE));
    r.clamp(*START_RANGE.start(), *START_RANGE.end())
}

/// A rated try: the player's and the puzzle's ratings after it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rated {
    /// The player's rating after the try.
    pub player: Rating,
    /// The puzzle's rating after the try.
    pub puzzle: Rating,
}

/// A try of `puzzle` by `player`, as one Glicko-2 game: `solved` is a win
/// for the player, otherwise the puzzle's.
pub fn rate(player: Rating, puzzle: Rating, solved: bool) -> Rated {
    let config = Glicko2Config {
        tau: TAU,
        ..Glicko2Config::default()
    };
    let outcome = if solved { Outcomes::WIN } else { Outcomes::LOSS };
    let (p, q) = glicko2(&player.glicko(), &puzzle.glicko(), &outcome, &config);
    Rated {
        player: Rating::clamped(p),
        puzzle: Rating::clamped(q),
    }
}

/// Of `candidates` (each with its rating), the one rated nearest
/// `target`; the first of equals.
pub fn nearest<T>(target: f64, candidates: impl IntoIterator<Item = (T, f64)>) -> Option<T> {
    let mut best: Option<(T, f64)> = None;
    for (c, r) in candidates {
        let d = (r - target).abs();
        if best.as_ref().is_none_or(|&(_, b)| d < b) {
            best = Some((c, d));
        }
    }
    best.map(|(c, _)| c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::library;
    use skillratings::glicko2::glicko2_rating_period;

    fn r(rating: f64, deviation: f64) -> Rating {
        Rating::new(rating, deviation, 0.06).unwrap()
    }

    /// Glickman's worked example (the Glicko-2 paper, section "Example
    /// calculation"): 1500 ± 200 beats 1400 ± 30 and loses to 1550 ± 100
    /// and 1700 ± 300, with τ = 0.5: 1464.06 ± 151.52, volatility 0.05999.
    #[test]
    fn the_library_computes_the_papers_example() {
        let player = Glicko2Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opponent = |rating, deviation| Glicko2Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let games = [
            (opponent(1400.0, 30.0), Outcomes::WIN),
            (opponent(1550.0, 100.0), Outcomes::LOSS),
            (opponent(1700.0, 300.0), Outcomes::LOSS),
        ];
        let after = glicko2_rating_period(&player, &games, &Glicko2Config::new());
        assert!((after.rating - 1464.06).abs() < 0.01, "{}", after.rating);
        assert!((after.deviation - 151.52).abs() < 0.01, "{}", after.deviation);
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{}", after.volatility);
    }

    #[test]
    fn a_solve_moves_the_player_up_and_the_puzzle_down_and_a_failure_the_other_way() {
        let (player, puzzle) = (Rating::PLAYER, r(1500.0, PUZZLE_DEVIATION));
        let won = rate(player, puzzle, true);
        let lost = rate(player, puzzle, false);
        let moved = |a: Rating, b: Rating| a.points() - b.points();
        println!(
            "1500 ± 350 against a puzzle 1500 ± 200: solved {:+} (puzzle {:+}), failed {:+} (puzzle {:+})",
            moved(won.player, player),
            moved(won.puzzle, puzzle),
            moved(lost.player, player),
            moved(lost.puzzle, puzzle)
        );
        assert!(won.player.rating() > 1500.0 && won.puzzle.rating() < 1500.0);
        assert!(lost.player.rating() < 1500.0 && lost.puzzle.rating() > 1500.0);
        // Even odds: as far up as down, and the surer puzzle moves less.
        assert!((moved(won.player, player) + moved(lost.player, player)).abs() <= 1);
        assert!(moved(won.player, player) > -moved(won.puzzle, puzzle));
        // Both are surer of themselves after a game.
        assert!(won.player.deviation() < player.deviation() && won.puzzle.deviation() < puzzle.deviation());
        // A new player moves by a lot, but not by more than a few hundred.
        assert!(
            (100..=300).contains(&moved(won.player, player)),
            "{}",
            moved(won.player, player)
        );
    }

    #[test]
    fn the_surprise_is_what_counts() {
        let settled = r(1500.0, 80.0);
        let gain = |puzzle: f64, solved: bool| rate(settled, r(puzzle, 80.0), solved).player.points() - 1500;
        // Solving an easy puzzle earns little, a hard one much; failing an
        // easy one costs much, a hard one little.
        assert!(0 <= gain(1000.0, true) && gain(1000.0, true) < gain(1500.0, true));
        assert!(gain(1500.0, true) < gain(2000.0, true));
        assert!(gain(1000.0, false) < gain(1500.0, false) && gain(1500.0, false) < gain(2000.0, false));
        assert!(gain(2000.0, false) <= 0);
        // A settled player moves by tens, not hundreds.
        assert!((5..=40).contains(&gain(1500.0, true)), "{}", gain(1500.0, true));
    }

    #[test]
    fn ratings_stay_within_their_ranges() {
        let mut p = Rating::PLAYER;
        for _ in 0..200 {
            p = rate(p, r(400.0, 45.0), false).player;
        }
        assert_eq!(p.rating(), *RATING_RANGE.start());
        assert!(DEVIATION_RANGE.contains(&p.deviation()) && VOLATILITY_RANGE.contains(&p.volatility()));
        for bad in [
            [f64::NAN, 350.0, 0.06],
            [1500.0, 0.0, 0.06],
            [1500.0, 350.0, 2.0],
            [99_999.0, 350.0, 0.06],
            [1500.0, f64::INFINITY, 0.06],
        ] {
            assert!(Rating::try_from(bad).is_err(), "{bad:?}");
        }
        // Written and read back, the same numbers.
        let mut q = r(1500.0, 350.0);
        for k in 0..50 {
            q = rate(q, r(1000.0 + 20.0 * f64::from(k), 60.0), k % 3 == 0).player;
            let back: Rating = serde_json::from_str(&serde_json::to_string(&q).unwrap()).unwrap();
            assert_eq!(back, q);
        }
        let text = serde_json::to_string(&Rating::PLAYER).unwrap();
        assert_eq!(text, "[1500.0,350.0,0.06]");
        assert_eq!(serde_json::from_str::<Rating>(&text).unwrap(), Rating::PLAYER);
        assert!(serde_json::from_str::<Rating>("[1500,0,0.06]").is_err());
    }

    #[test]
    fn puzzles_start_rated_by_their_grade() {
        assert_eq!(start_rating(MIDDLE_SCORE), 1500.0);
        assert_eq!(start_rating(0), *START_RANGE.start());
        assert_eq!(start_rating(99), *START_RANGE.end());
        // Harder levels start higher on average.
        let mean = |level: u8| {
            let rs: Vec<f64> = crate::puzzles::level(level)
                .map(|p| Rating::of_puzzle(p).rating())
                .collect();
            rs.iter().sum::<f64>() / rs.len() as f64
        };
        for level in 2..=10 {
            assert!(
                mean(level) > mean(level - 1) || level == 2,
                "level {level}: {}",
                mean(level)
            );
            println!("level {level}: mean starting rating {:.0}", mean(level));
        }
        assert!(mean(10) > mean(2) + 500.0);
        for p in library() {
            assert!(Rating::new(Rating::of_puzzle(p).rating(), PUZZLE_DEVIATION, 0.06).is_ok());
        }
    }

    #[test]
    fn the_nearest_rating_is_chosen_the_first_of_equals() {
        let c = [("a", 1200.0), ("b", 1480.0), ("c", 1520.0), ("d", 2000.0)];
        assert_eq!(nearest(1500.0, c), Some("b"));
        assert_eq!(nearest(1510.0, c), Some("c"));
        assert_eq!(nearest(0.0, c), Some("a"));
        assert_eq!(nearest(1500.0, Vec::<(u8, f64)>::new()), None);
    }
}

//! The stated range of every count the tools take, in one place.
//!
//! Each range is what the engine can answer in bounded time and memory:
//! the CLI refuses anything outside it at the edge (its argument parsers
//! use these constants), and the engine's own entry points that would
//! otherwise allocate or loop without bound ([`crate::lab::dih::dih_checked`],
//! [`crate::split::Splitter::try_top`], [`crate::lab::library::Library::validate`],
//! [`crate::lab::tournament::distinguishable_players`], ...) check them
//! again, so the web worker gets the same protection as the command line.
//!
//! Errors say what was out of range, the value, and the allowed range.

use std::fmt;
use std::ops::RangeInclusive;

use thiserror::Error;

/// The most cards a hand holds: the landlord's 20. Every hand the tools
/// take (to split, solve, list moves of, or serve as an agent) is at most
/// this; the exact split and the solver are exponential past it.
pub const MAX_HAND: u32 = 20;

/// Deals in one run (`--deals`: matches, libraries, calibration, benchmarks).
pub const DEALS: RangeInclusive<u64> = 1..=10_000_000;
/// Seeded positions per size (`ddz solve-bench --positions`).
pub const POSITIONS: RangeInclusive<u64> = 1..=100_000;
/// Games per table of a panel (`--games`).
pub const GAMES: RangeInclusive<u32> = 1..=10_000;
/// Simulated tournaments per format (`ddz tournament --matches`).
pub const MATCHES: RangeInclusive<u32> = 1..=1_000_000;
/// Simulated tournaments for P1 and P2 (`ddz p1p2 --tournaments`).
pub const TOURNAMENTS: RangeInclusive<u32> = 1..=1_000_000;
/// Players of a tournament (`--players` of `dih`, `select`, `p1p2`).
pub const PLAYERS: RangeInclusive<u32> = 1..=1_000;
/// Rounds of a tournament (`--rounds`).
pub const ROUNDS: RangeInclusive<u32> = 1..=1_000;
/// Top places told apart (`--top`). With at most 1,000 players, the
/// falling factorial (n)_(r−1) of DIH stays below 10^297, within an f64.
pub const TOP: RangeInclusive<u32> = 1..=100;
/// Passes over the training hands (`ddz train-splitter --epochs`).
pub const EPOCHS: RangeInclusive<usize> = 1..=1_000;
/// Threads of the global pool (`RAYON_NUM_THREADS`; unset, empty or 0:
/// one per core). Past a thousand, thread stacks alone reserve gigabytes
/// of address space and no command gains anything on a machine's cores.
pub const THREADS: RangeInclusive<usize> = 1..=1_024;
/// Hands per training batch (`ddz train-splitter --batch`).
pub const BATCH: RangeInclusive<usize> = 1..=4_096;
/// Next-best splits listed after the best (`ddz split --alternatives`).
pub const ALTERNATIVES: RangeInclusive<usize> = 0..=100;
/// Deals listed by `ddz select --count`.
pub const COUNT: RangeInclusive<usize> = 1..=10_000_000;
/// Tables of a simulated tournament (`ddz tournament --tables`) and names
/// in any other list of players (`ddz ladder --rungs`).
pub const TABLES: RangeInclusive<usize> = 1..=100;
/// AIs the test-case paper's triples are formed from (`ddz p1p2 --ais`):
/// every triple is tried, so 10 AIs make 1,000 triples.
pub const AIS: RangeInclusive<usize> = 1..=10;
/// A score in a distribution or a library. A deal's tournament scores are
/// within ±15 (at most 14 bombs and the rocket); the rest is headroom for
/// distributions typed by hand.
pub const SCORES: RangeInclusive<i64> = -1_000..=1_000;
/// The widest span the m-round totals may take: rounds × (highest −
/// lowest score). DIH convolves a dense array this wide m times, so this
/// bounds its time (under a second) and memory.
pub const MAX_TOTALS_SPAN: u64 = 20_000;
/// The longest time limit, in milliseconds: one hour.
pub const MAX_TIME_LIMIT_MS: f64 = 3_600_000.0;
/// A heuristic player's `noise` (the chance of a random move).
pub const NOISE: RangeInclusive<f64> = 0.0..=1.0;
/// A sampler's deals of the hidden cards per move (`samples=N`).
pub const SAMPLES: RangeInclusive<u64> = 1..=1_000;
/// A sampler's node budget per open-hand solve (`nodes=N`).
pub const NODES: RangeInclusive<u64> = 1..=10_000_000;
/// ε, the largest GDI distance of an equal-strength deal (a distance is
/// at most √29 ≈ 5.4, for the most grades a deal has).
pub const EPS: RangeInclusive<f64> = 0.000_001..=10.0;
/// The node budget of a library deal's par (`ddz library build
/// --par-nodes`; 0: no par). A budget, not a time limit, so a library
/// records the same par on every machine.
pub const PAR_NODES: RangeInclusive<u64> = 0..=1_000_000_000;
/// A sampler's candidate moves compared (`candidates=N`).
pub const CANDIDATES: RangeInclusive<u64> = 1..=100;
/// A sampler's tries at each deal of the hidden cards (`read=N`).
pub const READ: RangeInclusive<u64> = 1..=1024;
/// A sampler's node budget against eager players (`exploit=N`; 0: none).
pub const EXPLOIT: RangeInclusive<u64> = 0..=10_000_000;
/// A hybrid's switch point: cards left in all hands (`switch=CARDS`).
pub const SWITCH: RangeInclusive<u64> = 0..=54;
/// Cards left in a hand in an agent request's `counts`.
pub const COUNTS: RangeInclusive<u32> = 0..=MAX_HAND;
/// Slices of a library built on many machines (`ddz library build
/// --shard K/N`): Kubernetes' Indexed Jobs take up to 100,000 completions,
/// and a Slurm array is usually capped lower.
pub const SHARDS: RangeInclusive<u64> = 1..=100_000;

/// Games each field player plays on a board in a fairness test (two at
/// least, for each player's own variance).
pub const FIELD_GAMES: RangeInclusive<u32> = 2..=1_000;

/// A value outside its stated range.
#[derive(Clone, Debug, PartialEq, Eq, Error, serde::Serialize, serde::Deserialize)]
pub enum LimitError {
    /// A count or value outside its range.
    #[error("{what}: {value} is out of range ({range})")]
    OutOfRange {
        /// The name of the count (`players`, `games`, ...).
        what: String,
        /// The value given, as text.
        value: String,
        /// The allowed range, as [`describe`] writes it.
        range: String,
    },
    /// A time limit that is not a finite number of milliseconds in range.
    #[error("{what}: {value} is not a time limit (a number of milliseconds above 0, at most {max})", max = MAX_TIME_LIMIT_MS)]
    TimeLimit {
        /// The name of the limit.
        what: String,
        /// The value given, as text (`NaN`, `inf`, ...).
        value: String,
    },
    /// `seed..seed + count` would run past the last seed.
    #[error("seeds {first}..={last} run past the last seed, {max}: with {count} of them, start at {max_start} or below", last = u128::from(*first) + u128::from(*count) - 1, max = u64::MAX, max_start = u64::MAX - (count - 1))]
    SeedRange {
        /// The first seed.
        first: u64,
        /// How many seeds.
        count: u64,
    },
    /// A hand over [`MAX_HAND`] cards.
    #[error("{what}: {cards} cards; a hand holds at most {MAX_HAND}")]
    HandTooBig {
        /// The name of the hand.
        what: String,
        /// Cards in it.
        cards: u32,
    },
    /// The m-round totals would span more than [`MAX_TOTALS_SPAN`].
    #[error("{rounds} rounds of scores from {low} to {high} make totals spanning {span} points; at most {MAX_TOTALS_SPAN} (rounds × (highest − lowest score))", span = u128::from(*rounds) * (*high - *low) as u128)]
    TotalsSpan {
        /// Rounds of the tournament.
        rounds: u32,
        /// The lowest score.
        low: i64,
        /// The highest score.
        high: i64,
    },
}

impl LimitError {
    /// `value` of `what` is outside `range`.
    pub fn out_of_range<T: fmt::Display>(
        what: &str,
        value: impl fmt::Display,
        range: &RangeInclusive<T>,
    ) -> LimitError {
        LimitError::OutOfRange {
            what: what.to_string(),
            value: value.to_string(),
            range: describe(range),
        }
    }
}

/// `1 to 1000`.
pub fn describe<T: fmt::Display>(range: &RangeInclusive<T>) -> String {
    format!("{} to {}", range.start(), range.end())
}

/// `value` if it lies in `range`, else an error naming `what` and the range.
pub fn check<T: PartialOrd + fmt::Display + Copy>(
    what: &str,
    value: T,
    range: &RangeInclusive<T>,
) -> Result<T, LimitError> {
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(LimitError::out_of_range(what, value, range))
    }
}

/// A time limit in milliseconds: finite, above 0, at most an hour. NaN
/// and infinity would mean "no limit" to a deadline, so they are refused.
pub fn time_limit_ms(what: &str, ms: f64) -> Result<f64, LimitError> {
    if ms.is_finite() && ms > 0.0 && ms <= MAX_TIME_LIMIT_MS {
        Ok(ms)
    } else {
        Err(LimitError::TimeLimit {
            what: what.to_string(),
            value: ms.to_string(),
        })
    }
}

/// A hand of at most [`MAX_HAND`] cards.
pub fn hand(what: &str, cards: crate::Cards) -> Result<crate::Cards, LimitError> {
    if cards.len() <= MAX_HAND {
        Ok(cards)
    } else {
        Err(LimitError::HandTooBig {
            what: what.to_string(),
            cards: cards.len(),
        })
    }
}

/// Scores in [`SCORES`] whose m-round totals span at most
/// [`MAX_TOTALS_SPAN`]. `scores` may be in any order.
pub fn totals_span(scores: impl IntoIterator<Item = i64>, rounds: u32) -> Result<(), LimitError> {
    let (mut low, mut high) = (i64::MAX, i64::MIN);
    for s in scores {
        check("score", s, &SCORES)?;
        low = low.min(s);
        high = high.max(s);
    }
    if low > high {
        return Ok(());
    }
    // Scores are within ±1,000, so the width fits easily.
    let span = u64::from(rounds) * (high - low) as u64;
    if span > MAX_TOTALS_SPAN {
        return Err(LimitError::TotalsSpan { rounds, low, high });
    }
    Ok(())
}

/// `count` consecutive seeds from `first`: `first..=first + count − 1`,
/// checked not to run past `u64::MAX` (where a plain `first..first + count`
/// would wrap or stop short and silently run fewer deals).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SeedRange {
    first: u64,
    count: u64,
}

impl SeedRange {
    /// No seeds.
    pub const EMPTY: SeedRange = SeedRange { first: 0, count: 0 };

    /// The seeds `first..first + count`; an error when the last of them
    /// would pass `u64::MAX`. `count` may be 0 (an empty range).
    pub fn new(first: u64, count: u64) -> Result<SeedRange, LimitError> {
        if count > 0 && first.checked_add(count - 1).is_none() {
            return Err(LimitError::SeedRange { first, count });
        }
        Ok(SeedRange { first, count })
    }

    /// The first seed (meaningless when empty).
    pub fn first(&self) -> u64 {
        self.first
    }

    /// The last seed (`None` when empty).
    pub fn last(&self) -> Option<u64> {
        (self.count > 0).then(|| self.first + (self.count - 1))
    }

    /// How many seeds.
    pub fn count(&self) -> u64 {
        self.count
    }

    /// Whether the range holds no seed.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Whether `seed` is one of the range's.
    pub fn contains(&self, seed: u64) -> bool {
        self.last().is_some_and(|last| (self.first..=last).contains(&seed))
    }

    /// The seeds as an inclusive range (so a last seed of `u64::MAX` is
    /// reached; rayon's parallel iterators take it too).
    pub fn range(&self) -> RangeInclusive<u64> {
        match self.last() {
            Some(last) => self.first..=last,
            // An empty inclusive range (start after end, on purpose).
            #[allow(clippy::reversed_empty_ranges)]
            None => 1..=0,
        }
    }

    /// The seeds in order.
    pub fn iter(&self) -> RangeInclusive<u64> {
        self.range()
    }
}

impl fmt::Display for SeedRange {
    /// `3..=7`, or `none` for an empty range.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.last() {
            Some(last) => write!(f, "{}..={last}", self.first),
            None => f.write_str("none"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_ranges_reach_the_last_seed_and_never_wrap() {
        let r = SeedRange::new(u64::MAX - 2, 3).unwrap();
        assert_eq!(r.iter().collect::<Vec<_>>(), [u64::MAX - 2, u64::MAX - 1, u64::MAX]);
        assert_eq!(r.last(), Some(u64::MAX));
        let err = SeedRange::new(u64::MAX - 1, 3).unwrap_err();
        assert_eq!(
            err.to_string(),
            "seeds 18446744073709551614..=18446744073709551616 run past the last seed, 18446744073709551615: with 3 of them, start at 18446744073709551613 or below"
        );
        assert!(SeedRange::new(u64::MAX, 2).is_err());
        assert_eq!(SeedRange::new(u64::MAX, 1).unwrap().iter().count(), 1);
        let empty = SeedRange::new(5, 0).unwrap();
        assert_eq!(empty.iter().count(), 0);
        assert!(!empty.contains(5));
        assert_eq!(SeedRange::new(3, 5).unwrap().to_string(), "3..=7");
    }

    #[test]
    fn limits_name_the_value_and_the_range() {
        assert_eq!(check("players", 5u32, &PLAYERS), Ok(5));
        assert_eq!(
            check("players", 0u32, &PLAYERS).unwrap_err().to_string(),
            "players: 0 is out of range (1 to 1000)"
        );
        for bad in [f64::NAN, f64::INFINITY, 0.0, -1.0, MAX_TIME_LIMIT_MS * 2.0] {
            let err = time_limit_ms("time limit", bad).unwrap_err().to_string();
            assert!(err.contains("at most 3600000"), "{err}");
        }
        assert_eq!(time_limit_ms("t", 100.0), Ok(100.0));
        assert!(totals_span([-1, 1], 1000).is_ok());
        assert!(totals_span([-1, 1], 10_001).is_err());
        assert!(totals_span([-1_000_000_000, 1], 1)
            .unwrap_err()
            .to_string()
            .contains("-1000 to 1000"));
        let err = totals_span([-1000, 1000], 11).unwrap_err().to_string();
        assert!(err.contains("22000"), "{err}");
    }
}

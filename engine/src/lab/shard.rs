//! One part of a library built on many machines (`ddz library build
//! --shard K/N`): the K-th of N contiguous slices of a seed range.
//!
//! Contiguous, not interleaved: a deal's cost (its games, its par search)
//! does not depend on where its seed lies, since every deal is shuffled
//! from its seed, so equal slices carry equal work either way; and a
//! contiguous slice is itself a seed range, which the build and its
//! resumption already handle, and which a reader sees at a glance.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::limits::{self, LimitError, SeedRange};

/// Slice `k` (0-based) of `n` of the seeds `first..first + deals`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Shard {
    /// Which slice, 0 to `n` − 1.
    pub k: u64,
    /// How many slices, in [`limits::SHARDS`] and at most `deals`.
    pub n: u64,
    /// The whole range's first seed.
    pub first: u64,
    /// The whole range's seeds, in [`limits::DEALS`].
    pub deals: u64,
}

/// Why a shard is not one.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ShardError {
    /// N or the deals out of range, or seeds past the last.
    #[error("shard: {0}")]
    Limit(LimitError),
    /// K not below N.
    #[error("shard {k}/{n}: K is 0 to {last}", last = n - 1)]
    K {
        /// The slice asked for.
        k: u64,
        /// The slices.
        n: u64,
    },
    /// More slices than deals: some would be empty.
    #[error("shard {k}/{n}: {n} slices of {deals} deals would leave some empty; N is at most the deals")]
    TooMany {
        /// The slice asked for.
        k: u64,
        /// The slices.
        n: u64,
        /// The deals.
        deals: u64,
    },
}

impl Shard {
    /// Slice `k` of `n` of `range`, checked: `n` in [`limits::SHARDS`],
    /// `k` below `n`, `n` at most the range's deals (in [`limits::DEALS`]).
    pub fn new(k: u64, n: u64, range: SeedRange) -> Result<Shard, ShardError> {
        let shard = Shard {
            k,
            n,
            first: range.first(),
            deals: range.count(),
        };
        shard.check()?;
        Ok(shard)
    }

    /// Whether the fields make a shard (as [`Shard::new`] wants them).
    pub fn check(&self) -> Result<(), ShardError> {
        limits::check("shards", self.n, &limits::SHARDS).map_err(ShardError::Limit)?;
        limits::check("deals", self.deals, &limits::DEALS).map_err(ShardError::Limit)?;
        self.whole_checked().map_err(ShardError::Limit)?;
        if self.k >= self.n {
            return Err(ShardError::K { k: self.k, n: self.n });
        }
        if self.n > self.deals {
            return Err(ShardError::TooMany {
                k: self.k,
                n: self.n,
                deals: self.deals,
            });
        }
        Ok(())
    }

    fn whole_checked(&self) -> Result<SeedRange, LimitError> {
        SeedRange::new(self.first, self.deals)
    }

    /// The whole range the N slices cover.
    pub fn whole(&self) -> SeedRange {
        // Checked when made or read; an unchecked one yields no seeds.
        self.whole_checked().unwrap_or(SeedRange::EMPTY)
    }

    /// This slice's seeds: from `first + ⌊k·deals/n⌋` to before
    /// `first + ⌊(k+1)·deals/n⌋`, so the slices' sizes differ by at most one.
    pub fn seeds(&self) -> SeedRange {
        let at = |k: u64| (u128::from(k) * u128::from(self.deals) / u128::from(self.n.max(1))) as u64;
        let (start, end) = (at(self.k), at(self.k + 1).min(self.deals));
        SeedRange::new(self.first + start, end.saturating_sub(start)).unwrap_or(SeedRange::EMPTY)
    }
}

impl std::fmt::Display for Shard {
    /// `1/3 of seeds 0..=9`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{} of seeds {}", self.k, self.n, self.whole())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_slices_cover_the_range_once() {
        for (first, deals, n) in [(0, 10, 3), (5, 7, 7), (u64::MAX - 9, 10, 4), (0, 1, 1), (3, 100, 9)] {
            let range = SeedRange::new(first, deals).unwrap();
            let mut seeds = Vec::new();
            for k in 0..n {
                let s = Shard::new(k, n, range).unwrap().seeds();
                assert!(s.count() == deals / n || s.count() == deals / n + 1, "{s}");
                seeds.extend(s.iter());
            }
            assert_eq!(seeds, range.iter().collect::<Vec<_>>());
        }
        let range = SeedRange::new(0, 3).unwrap();
        assert_eq!(Shard::new(3, 3, range), Err(ShardError::K { k: 3, n: 3 }));
        assert!(matches!(Shard::new(0, 4, range), Err(ShardError::TooMany { .. })));
        assert!(matches!(Shard::new(0, 0, range), Err(ShardError::Limit(_))));
        assert_eq!(Shard::new(1, 3, range).unwrap().to_string(), "1/3 of seeds 0..=2");
    }
}

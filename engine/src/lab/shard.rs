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

use crate::lab::library::Library;
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

/// Why parts do not join into one library. A part is named by the label
/// its caller gave it (a file's path).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MergeError {
    /// None given.
    #[error("no parts to merge")]
    Empty,
    /// A library whose header records no shard.
    #[error("{0}: not a part (its header records no shard); merge takes the files of ddz library build --shard K/N")]
    NotAPart(String),
    /// Built with other settings than the first part.
    #[error("{part} was built with {settings}, but {first} with {first_settings}: parts of one library share their settings")]
    Settings {
        /// The part's label.
        part: String,
        /// Its settings as build flags.
        settings: String,
        /// The first part's label.
        first: String,
        /// The first part's settings.
        first_settings: String,
    },
    /// Another slicing of the seeds than the first part's.
    #[error("{part} is shard {shard}, but {first} is shard {first_shard}: parts of one library slice the same seeds the same way")]
    Slicing {
        /// The part's label.
        part: String,
        /// Its shard.
        shard: Shard,
        /// The first part's label.
        first: String,
        /// The first part's shard.
        first_shard: Shard,
    },
    /// Two parts of the same slice.
    #[error("{first} and {second} are both shard {shard}: the slice would be merged twice (overlapping parts)")]
    Overlap {
        /// The first part of the slice.
        first: String,
        /// The second.
        second: String,
        /// The slice.
        shard: Shard,
    },
    /// Slices not given (the first ten).
    #[error(
        "shards {missing} of {n} missing: the parts must cover seeds {whole} once, one part per slice ({given} given)"
    )]
    Missing {
        /// The slices missing, comma-separated.
        missing: String,
        /// How many slices.
        n: u64,
        /// The seeds they slice.
        whole: SeedRange,
        /// How many parts were given.
        given: usize,
    },
    /// The joined entries are not a library.
    #[error("the merged library: {0}")]
    Invalid(String),
    /// The joined entries do not cover the seeds.
    #[error("the parts hold {held} deals, but seeds {whole} are {deals}")]
    Count {
        /// Deals held.
        held: usize,
        /// The seeds.
        whole: SeedRange,
        /// How many they are.
        deals: u64,
    },
}

/// A library's settings as build flags.
fn settings(lib: &Library) -> String {
    format!(
        "--panel {} --games {} --par-nodes {}",
        lib.panel, lib.games, lib.par_nodes
    )
}

/// The parts of one sharded build (the same settings, slices 0 to N − 1
/// of the same seeds, each once), each with its label, joined into the
/// library a single build of those seeds makes, entry for entry, and the
/// seeds it covers.
pub fn merge(parts: Vec<(String, Library)>) -> Result<(Library, SeedRange), MergeError> {
    let mut read: Vec<(String, Library, Shard)> = Vec::with_capacity(parts.len());
    for (label, lib) in parts {
        let Some(shard) = lib.shard else {
            return Err(MergeError::NotAPart(label));
        };
        read.push((label, lib, shard));
    }
    let whole = check_parts(&read)?;
    let mut library = {
        let first = &read[0].1;
        Library {
            panel: first.panel.clone(),
            games: first.games,
            par_nodes: first.par_nodes,
            digest: first.digest,
            shard: None,
            entries: Vec::new(),
        }
    };
    // Moved, not copied: a library of millions of deals is held once.
    for (_, part, _) in read {
        library.entries.extend(part.entries);
    }
    library.entries.sort_by_key(|e| e.seed);
    // The GDI as the build computes it from the counts, so the merged file
    // is byte for byte the single build's whatever JSON's float reading did.
    for e in &mut library.entries {
        e.gdi = e.distribution.gdi();
    }
    // Each part held exactly its slice, so the whole range is covered once;
    // checked again as any library is.
    library.validate().map_err(|e| MergeError::Invalid(e.to_string()))?;
    if library.entries.len() as u64 != whole.deals {
        return Err(MergeError::Count {
            held: library.entries.len(),
            whole: whole.whole(),
            deals: whole.deals,
        });
    }
    Ok((library, whole.whole()))
}

/// That the parts share their settings and slicing and cover every slice
/// once: the first part's shard (which names the whole range).
fn check_parts(read: &[(String, Library, Shard)]) -> Result<Shard, MergeError> {
    let Some((first_label, first, first_shard)) = read.first() else {
        return Err(MergeError::Empty);
    };
    for (label, lib, shard) in &read[1..] {
        if lib.digest != first.digest {
            return Err(MergeError::Settings {
                part: label.clone(),
                settings: settings(lib),
                first: first_label.clone(),
                first_settings: settings(first),
            });
        }
        if (shard.n, shard.whole()) != (first_shard.n, first_shard.whole()) {
            return Err(MergeError::Slicing {
                part: label.clone(),
                shard: *shard,
                first: first_label.clone(),
                first_shard: *first_shard,
            });
        }
    }
    let n = first_shard.n;
    let mut by_k: Vec<Option<&str>> = vec![None; usize::try_from(n).unwrap_or(usize::MAX).min(read.len() + 1)];
    for (label, _, shard) in read {
        match usize::try_from(shard.k).ok().and_then(|k| by_k.get_mut(k)) {
            Some(Some(earlier)) => {
                return Err(MergeError::Overlap {
                    first: earlier.to_string(),
                    second: label.clone(),
                    shard: *shard,
                })
            }
            Some(slot) => *slot = Some(label),
            // K beyond the parts given: some slice below it is missing.
            None => {}
        }
    }
    if read.len() as u64 != n || by_k.iter().any(Option::is_none) {
        let missing: Vec<String> = (0..n)
            .filter(|&k| by_k.get(k as usize).is_none_or(Option::is_none))
            .take(10)
            .map(|k| k.to_string())
            .collect();
        return Err(MergeError::Missing {
            missing: missing.join(", "),
            n,
            whole: first_shard.whole(),
            given: read.len(),
        });
    }
    Ok(*first_shard)
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

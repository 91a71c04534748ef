//! A hand library: seeded deals with their score distributions and GDI
//! under a named panel, and the questions asked of it: test-case selection
//! by DIH, and equal-strength deals around a GDI centre.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::clock::Clock;
use crate::deal::Deal;
use crate::limits::{self, LimitError};

use super::dih::dih;
use super::panel::{gdi_distance, score_distribution, score_set, Panel, PanelError, ScoreDistribution};

/// Why a library (or one entry of it) is not one: see [`Library::validate`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LibraryError {
    /// The text is not JSON of a library's shape (serde's message).
    #[error("not a library file: {0}")]
    Json(String),
    /// The panel is not one the lab knows.
    #[error("panel: {0}")]
    Panel(PanelError),
    /// Games per table outside [`limits::GAMES`].
    #[error("games: {0} is out of range ({range}), in games per table", range = limits::describe(&limits::GAMES))]
    Games(u32),
    /// No entries.
    #[error("entries: the library has no deals")]
    Empty,
    /// An entry that is not what [`Entry::build`] makes of its seed.
    #[error("entries[{index}] (seed {seed}): {problem}")]
    Entry {
        /// 0-based index of the entry.
        index: usize,
        /// Its seed.
        seed: u64,
        /// What is wrong with it.
        problem: EntryError,
    },
    /// A seed listed twice.
    #[error("entries[{index}]: seed {seed} is already entries[{first}]")]
    DuplicateSeed {
        /// 0-based index of the second entry.
        index: usize,
        /// The seed.
        seed: u64,
        /// 0-based index of the entry that has it first.
        first: usize,
    },
}

/// What is wrong with one entry of a library.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EntryError {
    /// The deal is not the one the seed deals.
    #[error("deal is {found}, but seed {seed} deals {expected}")]
    WrongDeal {
        /// The entry's seed.
        seed: u64,
        /// The deal in the entry.
        found: String,
        /// `Deal::from_seed(seed)`, in bracket notation.
        expected: String,
    },
    /// A score outside [`limits::SCORES`].
    #[error("scores: {0}")]
    Score(LimitError),
    /// The scores are not the deal's score set (±1 .. ±(1 + bombs available)).
    #[error("scores are {found:?}, but the deal's score set is {expected:?}")]
    Scores {
        /// The entry's scores.
        found: Vec<i64>,
        /// The deal's score set, ascending.
        expected: Vec<i64>,
    },
    /// Not one count per score.
    #[error("{scores} scores but {counts} counts")]
    Lengths {
        /// Number of scores.
        scores: usize,
        /// Number of counts.
        counts: usize,
    },
    /// The counts do not add up to every game the panel plays.
    #[error("counts add up to {found} games, but {tables} tables × {games} games per table make {expected}")]
    Games {
        /// The counts' sum (in u128, so a file's huge counts cannot overflow).
        found: u128,
        /// Tables in the panel.
        tables: usize,
        /// Games per table.
        games: u32,
        /// Tables × games: the games played.
        expected: u64,
    },
    /// The stored GDI is not (within 1e-9) what the counts give.
    #[error("gdi is {found}, but the counts give {expected}")]
    Gdi {
        /// The entry's GDI.
        found: String,
        /// The GDI of its counts.
        expected: String,
    },
}

/// One deal of a library.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    /// The deal's seed ([`Deal::from_seed`]); unique within a library.
    pub seed: u64,
    /// The deal in bracket notation (also `Deal::from_seed(seed)`).
    pub deal: String,
    /// The landlord's score set and how many games ended with each score
    /// (flattened into the entry's JSON as `scores` and `counts`).
    #[serde(flatten)]
    pub distribution: ScoreDistribution,
    /// The GDI of those counts: the share of games reaching each grade above
    /// the lowest, one value per score but the first, each from 0 to 1.
    pub gdi: Vec<f64>,
}

impl Entry {
    /// Plays deal `seed` under `panel`, `games` per table (in
    /// [`limits::GAMES`]).
    pub fn build(seed: u64, panel: &Panel, games: u32, clock: &dyn Clock) -> Result<Entry, String> {
        limits::check("games", games, &limits::GAMES).map_err(|e| e.to_string())?;
        let deal = Deal::from_seed(seed);
        let distribution = score_distribution(&deal, seed, panel, games, clock).map_err(|e| e.to_string())?;
        Ok(Entry {
            seed,
            deal: deal.to_string(),
            gdi: distribution.gdi(),
            distribution,
        })
    }

    /// Whether this entry is what [`Entry::build`] makes of its seed under
    /// `panel` with `games` per table: the seed's deal, its score set
    /// (within [`limits::SCORES`]), a count for each score adding up to
    /// every game played, and the GDI those counts give.
    pub fn check(&self, panel: &Panel, games: u32) -> Result<(), EntryError> {
        let d = &self.distribution;
        for &score in &d.scores {
            limits::check("score", score, &limits::SCORES).map_err(EntryError::Score)?;
        }
        let deal = Deal::from_seed(self.seed);
        if self.deal != deal.to_string() {
            return Err(EntryError::WrongDeal {
                seed: self.seed,
                found: self.deal.clone(),
                expected: deal.to_string(),
            });
        }
        let expected = score_set(&deal);
        if d.scores != expected {
            return Err(EntryError::Scores {
                found: d.scores.clone(),
                expected,
            });
        }
        if d.scores.len() != d.counts.len() {
            return Err(EntryError::Lengths {
                scores: d.scores.len(),
                counts: d.counts.len(),
            });
        }
        // In u128: counts from a file may be anything up to u64::MAX each.
        let found: u128 = d.counts.iter().map(|&c| u128::from(c)).sum();
        let expected = panel.tables.len() as u64 * u64::from(games);
        if found != u128::from(expected) {
            return Err(EntryError::Games {
                found,
                tables: panel.tables.len(),
                games,
                expected,
            });
        }
        let gdi = d.gdi();
        let close = gdi.len() == self.gdi.len() && gdi.iter().zip(&self.gdi).all(|(a, b)| (a - b).abs() <= 1e-9);
        if !close {
            return Err(EntryError::Gdi {
                found: format!("{:?}", self.gdi),
                expected: format!("{gdi:?}"),
            });
        }
        Ok(())
    }

    /// DIH of this deal's distribution (0 if nothing was played; NaN for a
    /// question outside the limits, as [`dih`]).
    pub fn dih(&self, players: u32, rounds: u32, top: u32) -> f64 {
        self.distribution
            .distribution()
            .map_or(0.0, |d| dih(&d, players, rounds, top))
    }
}

/// A library file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Library {
    /// The name of the panel that played the deals (one of
    /// [`super::panel::PANELS`]).
    pub panel: String,
    /// Games per table.
    pub games: u32,
    /// The deals, each with its results; seeds distinct.
    pub entries: Vec<Entry>,
}

impl Library {
    /// Reads a library file and checks it ([`Library::validate`]).
    pub fn from_json(text: &str) -> Result<Library, LibraryError> {
        let library: Library = serde_json::from_str(text).map_err(|e| LibraryError::Json(e.to_string()))?;
        library.validate()?;
        Ok(library)
    }

    /// Whether this is a library [`Entry::build`] could have made: a known
    /// panel, games per table in [`limits::GAMES`], at least one entry, no
    /// seed twice, and every entry as [`Entry::check`] wants it. Scores are
    /// then within [`limits::SCORES`] and DIH over them is bounded.
    pub fn validate(&self) -> Result<(), LibraryError> {
        let panel: Panel = self.panel.parse().map_err(LibraryError::Panel)?;
        if !limits::GAMES.contains(&self.games) {
            return Err(LibraryError::Games(self.games));
        }
        if self.entries.is_empty() {
            return Err(LibraryError::Empty);
        }
        let mut seen = std::collections::HashMap::with_capacity(self.entries.len());
        for (index, e) in self.entries.iter().enumerate() {
            if let Some(&first) = seen.get(&e.seed) {
                return Err(LibraryError::DuplicateSeed {
                    index,
                    seed: e.seed,
                    first,
                });
            }
            seen.insert(e.seed, index);
            e.check(&panel, self.games).map_err(|problem| LibraryError::Entry {
                index,
                seed: e.seed,
                problem,
            })?;
        }
        Ok(())
    }

    /// The top `count` entries by DIH(D; n, m, r), highest first (ties by
    /// seed): the test-case paper's selection, `count` = m.
    pub fn select(&self, players: u32, rounds: u32, top: u32, count: usize) -> Vec<(&Entry, f64)> {
        let mut ranked: Vec<(&Entry, f64)> = self.entries.iter().map(|e| (e, e.dih(players, rounds, top))).collect();
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.seed.cmp(&b.0.seed)));
        ranked.truncate(count);
        ranked
    }

    /// Entries within `eps` of the GDI `centre` (same number of grades),
    /// nearest first.
    pub fn equal_strength(&self, centre: &[f64], eps: f64) -> Vec<(&Entry, f64)> {
        let mut near: Vec<(&Entry, f64)> = self
            .entries
            .iter()
            .filter_map(|e| gdi_distance(&e.gdi, centre).map(|d| (e, d)))
            .filter(|&(_, d)| d < eps)
            .collect();
        near.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.seed.cmp(&b.0.seed)));
        near
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::MonotonicClock;

    fn library() -> Library {
        let panel = Panel::named("quick").unwrap();
        let clock = MonotonicClock::default();
        Library {
            panel: panel.name.clone(),
            games: 1,
            entries: (0..30).map(|s| Entry::build(s, &panel, 1, &clock).unwrap()).collect(),
        }
    }

    #[test]
    fn selection_ranks_by_dih() {
        let lib = library();
        let chosen = lib.select(30, 3, 2, 5);
        assert_eq!(chosen.len(), 5);
        assert!(chosen.windows(2).all(|w| w[0].1 >= w[1].1));
        let best = lib.entries.iter().map(|e| e.dih(30, 3, 2)).fold(0.0, f64::max);
        assert_eq!(chosen[0].1, best);
    }

    #[test]
    fn libraries_are_checked_on_load() {
        let lib = library();
        let text = serde_json::to_string(&lib).unwrap();
        assert_eq!(Library::from_json(&text), Ok(lib.clone()));
        let bad = |edit: &dyn Fn(&mut Library)| {
            let mut l = lib.clone();
            edit(&mut l);
            Library::from_json(&serde_json::to_string(&l).unwrap())
                .unwrap_err()
                .to_string()
        };
        assert_eq!(bad(&|l| l.entries.clear()), "entries: the library has no deals");
        assert!(bad(&|l| l.panel = "nobody".into()).starts_with("panel: unknown panel 'nobody'"));
        assert!(bad(&|l| l.games = 0).contains("games: 0 is out of range (1 to 10000)"));
        assert_eq!(
            bad(&|l| l.entries[4] = l.entries[1].clone()),
            "entries[4]: seed 1 is already entries[1]"
        );
        let e = bad(&|l| l.entries[2].distribution.counts.iter_mut().for_each(|c| *c = 0));
        assert!(
            e.contains("entries[2] (seed 2): counts add up to 0 games, but 8 tables × 1 games per table make 8"),
            "{e}"
        );
        let e = bad(&|l| l.entries[0].distribution.scores[0] = -1_000_000_000);
        assert!(e.contains("score: -1000000000 is out of range (-1000 to 1000)"), "{e}");
        let e = bad(&|l| l.entries[0].deal = l.entries[1].deal.clone());
        assert!(e.contains("but seed 0 deals"), "{e}");
        let e = bad(&|l| l.entries[0].gdi[0] += 0.5);
        assert!(e.contains("gdi is"), "{e}");
        let e = bad(&|l| l.entries[0].distribution.counts[0] = u64::MAX);
        assert!(e.contains("counts add up to"), "{e}");
        assert!(Library::from_json("{")
            .unwrap_err()
            .to_string()
            .starts_with("not a library file"));
    }

    #[test]
    fn the_built_in_library_is_valid() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../assets/library.json");
        let lib = Library::from_json(&std::fs::read_to_string(path).unwrap()).unwrap();
        assert_eq!(lib.panel, "quick");
    }

    #[test]
    fn equal_strength_is_within_eps_of_the_centre() {
        let lib = library();
        let centre = lib.entries[0].gdi.clone();
        let near = lib.equal_strength(&centre, 0.2);
        assert_eq!(near[0].0.seed, 0);
        assert!(near.iter().all(|(e, d)| *d < 0.2 && e.gdi.len() == centre.len()));
        // A library survives a round trip through JSON.
        let text = serde_json::to_string(&lib).unwrap();
        assert_eq!(serde_json::from_str::<Library>(&text).unwrap(), lib);
    }
}

//! A hand library: seeded deals with their score distributions and GDI
//! under a named panel, and the questions asked of it: test-case selection
//! by DIH, and equal-strength deals around a GDI centre.

use serde::{Deserialize, Serialize};

use crate::clock::Clock;
use crate::deal::Deal;

use super::dih::dih;
use super::panel::{gdi_distance, score_distribution, Panel, ScoreDistribution};

/// One deal of a library.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub seed: u64,
    /// The deal in bracket notation (also `Deal::from_seed(seed)`).
    pub deal: String,
    #[serde(flatten)]
    pub distribution: ScoreDistribution,
    pub gdi: Vec<f64>,
}

impl Entry {
    /// Plays deal `seed` under `panel`.
    pub fn build(seed: u64, panel: &Panel, games: u32, clock: &dyn Clock) -> Result<Entry, String> {
        let deal = Deal::from_seed(seed);
        let distribution = score_distribution(&deal, seed, panel, games, clock).map_err(|e| e.to_string())?;
        Ok(Entry {
            seed,
            deal: deal.to_string(),
            gdi: distribution.gdi(),
            distribution,
        })
    }

    /// DIH of this deal's distribution (0 if nothing was played).
    pub fn dih(&self, players: u32, rounds: u32, top: u32) -> f64 {
        self.distribution
            .distribution()
            .map_or(0.0, |d| dih(&d, players, rounds, top))
    }
}

/// A library file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Library {
    pub panel: String,
    /// Games per table.
    pub games: u32,
    pub entries: Vec<Entry>,
}

impl Library {
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

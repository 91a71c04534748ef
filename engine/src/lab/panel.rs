//! A deal's score distribution under a panel of AI tables, and its GDI
//! (docs/research.md).
//!
//! A panel is a list of tables, each a landlord AI against two farmer AIs.
//! Every table plays the deal (`games` times, seeded from the deal, the
//! table and the game), and the landlord's scores are counted over the
//! deal's score set: with b bombs and rockets available in the three hands,
//! the tournament scores ±1 .. ±(1+b), k = 2(b+1) grades. GDI is the share
//! of tables reaching each grade: g_i = (l_(i+1) + ... + l_k) / n.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::agents::{play_seated, seat_seeds, PlayerError, PlayerSpec, Rung};
use crate::cards::Cards;
use crate::clock::{Clock, Deadline};
use crate::deal::Deal;
use crate::game::{Game, Scoring};
use crate::rng;
use crate::seat::Seat;
use crate::stepwise::{step_until, Completion, Stepwise};

/// One seating of a panel: who plays the landlord and the farmers.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Seating {
    /// The landlord's player (a ladder rung in the named panels).
    pub landlord: PlayerSpec,
    /// The player both farmers play as.
    pub farmers: PlayerSpec,
}

/// The panels the lab knows, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PanelName {
    /// Every ladder rung up to L10 as the landlord against L7 farmers.
    Ladder,
    /// The rungs without sampling (L0..L7) against L7 farmers.
    Quick,
    /// L7..L10 against L8 farmers.
    Strong,
}

impl PanelName {
    /// Every panel, in the order the tools list them.
    pub const ALL: [PanelName; 3] = [PanelName::Ladder, PanelName::Quick, PanelName::Strong];

    /// `ladder`, `quick` or `strong`.
    pub fn name(self) -> &'static str {
        match self {
            PanelName::Ladder => "ladder",
            PanelName::Quick => "quick",
            PanelName::Strong => "strong",
        }
    }

    /// The panel's seatings: `ladder`, every ladder rung as the landlord
    /// against L7 farmers (the papers' graded landlords against one fixed
    /// pair); `quick`, the rungs without sampling (L0..L7); `strong`,
    /// L7..L10 against L8 farmers.
    pub fn panel(self) -> Panel {
        // Rungs by number, so a rung added above L10 leaves the panels
        // (and every library built with them) as they were.
        let (landlords, farmers) = match self {
            PanelName::Ladder => (0..=10, 7),
            PanelName::Quick => (0..=7, 7),
            PanelName::Strong => (7..=10, 8),
        };
        Panel {
            name: self,
            seatings: landlords
                .map(|r| Seating {
                    landlord: Rung::at(r).spec(),
                    farmers: Rung::at(farmers).spec(),
                })
                .collect(),
        }
    }

    /// The Lab page's games per seating: enough that a share moves by less
    /// than about two points between runs (a standard deviation under one
    /// point; docs/results/lab.md, "How many games"), within seconds in the browser.
    pub fn default_games(self) -> u32 {
        match self {
            PanelName::Quick => 200,
            PanelName::Ladder | PanelName::Strong => 100,
        }
    }

    /// A game's cost in the browser's worker, in ms, before the browser
    /// has been measured (Chromium on the project's machine, seed 7).
    pub fn expected_ms_per_game(self) -> f64 {
        match self {
            PanelName::Quick => 1.0,
            PanelName::Ladder => 6.5,
            PanelName::Strong => 23.0,
        }
    }
}

/// A panel name that is not one of [`PanelName::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown panel '{0}' (known: ladder, quick, strong)")]
pub struct PanelError(pub String);

impl FromStr for PanelName {
    type Err = PanelError;

    /// `ladder`, `quick` or `strong`.
    fn from_str(name: &str) -> Result<PanelName, PanelError> {
        PanelName::ALL
            .into_iter()
            .find(|p| p.name() == name.trim())
            .ok_or_else(|| PanelError(name.to_string()))
    }
}

impl fmt::Display for PanelName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A named panel of seatings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Panel {
    /// The panel's name.
    pub name: PanelName,
    /// Its seatings, each playing every deal.
    pub seatings: Vec<Seating>,
}

impl FromStr for Panel {
    type Err = PanelError;

    /// A panel by name ([`PanelName`]).
    fn from_str(name: &str) -> Result<Panel, PanelError> {
        name.parse().map(PanelName::panel)
    }
}

impl fmt::Display for Panel {
    /// Its name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.name.fmt(f)
    }
}

/// The most grades a deal's score set has: ±1 .. ±15 (14 bombs and the
/// rocket at most), so a GDI has at most 29 values.
pub const MAX_GDI_LEN: usize = 29;

/// A GDI centre (`ddz equal --center`, the equal-strength formats): the
/// shares of the tables reaching each grade, `G1,G2,...`, each a number
/// from 0 to 1, at most [`MAX_GDI_LEN`] of them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "Vec<f64>", into = "Vec<f64>")]
pub struct GdiCentre(Vec<f64>);

/// Why text is not a GDI centre.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum CentreError {
    /// An item that is not a number.
    #[error("item {item} '{text}' is not a number")]
    Syntax {
        /// 1-based position of the item.
        item: usize,
        /// The item, trimmed.
        text: String,
    },
    /// A value outside 0 to 1 (or NaN).
    #[error("item {item} is {value}: a GDI value is a share from 0 to 1")]
    OutOfRange {
        /// 1-based position of the item.
        item: usize,
        /// The value, as written back by Rust.
        value: String,
    },
    /// No values, or more than [`MAX_GDI_LEN`] (the count given).
    #[error("{0} values; a GDI has 1 to {MAX_GDI_LEN}")]
    Length(usize),
}

impl GdiCentre {
    /// From values, checked: 1 to [`MAX_GDI_LEN`] of them, each in [0, 1].
    pub fn new(values: Vec<f64>) -> Result<GdiCentre, CentreError> {
        if !(1..=MAX_GDI_LEN).contains(&values.len()) {
            return Err(CentreError::Length(values.len()));
        }
        if let Some((i, v)) = values.iter().enumerate().find(|(_, v)| !(0.0..=1.0).contains(*v)) {
            return Err(CentreError::OutOfRange {
                item: i + 1,
                value: v.to_string(),
            });
        }
        Ok(GdiCentre(values))
    }

    /// The values: shares from 0 to 1, one per grade above the lowest.
    pub fn values(&self) -> &[f64] {
        &self.0
    }
}

impl FromStr for GdiCentre {
    type Err = CentreError;

    /// `G1,G2,...`.
    fn from_str(text: &str) -> Result<GdiCentre, CentreError> {
        let items: Vec<&str> = text.split(',').collect();
        if items.len() > MAX_GDI_LEN {
            return Err(CentreError::Length(items.len()));
        }
        let values = items
            .iter()
            .enumerate()
            .map(|(i, x)| {
                x.trim().parse::<f64>().map_err(|_| CentreError::Syntax {
                    item: i + 1,
                    text: x.trim().to_string(),
                })
            })
            .collect::<Result<Vec<f64>, _>>()?;
        GdiCentre::new(values)
    }
}

impl fmt::Display for GdiCentre {
    /// `G1,G2,...`, each as Rust writes an f64 (reads back exactly).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let items: Vec<String> = self.0.iter().map(f64::to_string).collect();
        f.write_str(&items.join(","))
    }
}

impl TryFrom<Vec<f64>> for GdiCentre {
    type Error = CentreError;
    fn try_from(values: Vec<f64>) -> Result<GdiCentre, CentreError> {
        GdiCentre::new(values)
    }
}

impl From<GdiCentre> for Vec<f64> {
    fn from(c: GdiCentre) -> Vec<f64> {
        c.0
    }
}

impl std::ops::Deref for GdiCentre {
    type Target = [f64];
    fn deref(&self) -> &[f64] {
        &self.0
    }
}

/// Bombs and rockets available in a deal's hands (each hand on its own).
pub fn bombs_available(deal: &Deal) -> u32 {
    Seat::ALL
        .iter()
        .map(|&s| {
            let h = deal.hand(s);
            h.ranks_with_at_least(4).count_ones() + u32::from(h.contains(Cards::JOKERS))
        })
        .sum()
}

/// The deal's possible landlord scores, ascending: ±1 .. ±(1+b).
pub fn score_set(deal: &Deal) -> Vec<i64> {
    let top = 1 + i64::from(bombs_available(deal));
    (1..=top).rev().map(|s| -s).chain(1..=top).collect()
}

/// A deal's results under a panel.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScoreDistribution {
    /// The deal's score set, ascending.
    pub scores: Vec<i64>,
    /// How many games ended with each score.
    pub counts: Vec<u64>,
}

impl ScoreDistribution {
    /// Games played: the sum of the counts.
    pub fn games(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// p_j = c_j / y.
    pub fn probabilities(&self) -> Vec<f64> {
        let y = self.games().max(1) as f64;
        self.counts.iter().map(|&c| c as f64 / y).collect()
    }

    /// GDI: g_i = (l_(i+1) + ... + l_k) / n, i = 1 .. k−1.
    pub fn gdi(&self) -> Vec<f64> {
        let n = self.games().max(1) as f64;
        (1..self.counts.len())
            .map(|i| self.counts[i..].iter().sum::<u64>() as f64 / n)
            .collect()
    }

    /// As a distribution for DIH (scores nobody reached dropped).
    pub fn distribution(&self) -> Result<super::dih::Distribution, super::dih::DistributionError> {
        let counts: Vec<(i64, u64)> = self.scores.iter().copied().zip(self.counts.iter().copied()).collect();
        super::dih::Distribution::from_counts(&counts)
    }
}

/// Euclidean distance between two GDI vectors; `None` when the deals have
/// different score sets (different numbers of grades) and do not compare.
pub fn gdi_distance(a: &[f64], b: &[f64]) -> Option<f64> {
    (a.len() == b.len()).then(|| a.iter().zip(b).map(|(x, y)| (x - y).powi(2)).sum::<f64>().sqrt())
}

/// Plays `deal` at every table of `panel`, `games` times each.
pub fn score_distribution(
    deal: &Deal,
    seed: u64,
    panel: &Panel,
    games: u32,
    clock: &dyn Clock,
) -> Result<ScoreDistribution, PlayerError> {
    PanelRun::new(*deal, seed, panel.clone(), games).finish(&mut (), clock)
}

/// A panel's games on one deal, played one at a time (so a caller can
/// report progress and stop between them).
pub struct PanelRun {
    deal: Deal,
    panel: Panel,
    games: u32,
    seeds: rng::Rng,
    played: u32,
    result: ScoreDistribution,
}

impl PanelRun {
    /// A run of `games` games per table of `panel` on `deal`, nothing played
    /// yet; every game's players are seeded from `seed`.
    pub fn new(deal: Deal, seed: u64, panel: Panel, games: u32) -> PanelRun {
        let scores = score_set(&deal);
        PanelRun {
            deal,
            games,
            seeds: rng::from_seed(seed ^ 0x9a4e_1000_0000_0000),
            played: 0,
            result: ScoreDistribution {
                counts: vec![0; scores.len()],
                scores,
            },
            panel,
        }
    }

    /// Games in all (saturating: a count beyond u32 is refused at the
    /// edges, by [`crate::limits::GAMES`], and must not wrap here).
    fn total(&self) -> u32 {
        u32::try_from(self.panel.seatings.len())
            .unwrap_or(u32::MAX)
            .saturating_mul(self.games)
    }

    /// Plays the next game (seating by seating, `games` each).
    fn step(&mut self, clock: &dyn Clock) -> Result<(), PlayerError> {
        let seating = &self.panel.seatings[(self.played / self.games.max(1)) as usize];
        let players = [&seating.landlord, &seating.farmers, &seating.farmers];
        let seeds = seat_seeds(&mut self.seeds);
        let outcome = play_seated(&mut Game::new(&self.deal), players, seeds, clock, None)?;
        let score = outcome.score(Scoring::Tournament);
        if let Some(i) = self.result.scores.iter().position(|&s| s == score) {
            self.result.counts[i] += 1;
        }
        self.played += 1;
        Ok(())
    }
}

/// A step is a game; the output is the counts so far, over the deal's
/// score set.
impl Stepwise for PanelRun {
    type Tools = ();
    type Output = ScoreDistribution;
    type Error = PlayerError;

    fn advance(&mut self, _: &mut (), deadline: &Deadline<'_>, clock: &dyn Clock) -> Result<(), PlayerError> {
        step_until(self, deadline, |run| run.step(clock))
    }

    fn completion(&self) -> Completion {
        Completion {
            done: u64::from(self.played),
            total: u64::from(self.total()),
        }
    }

    fn is_done(&self) -> bool {
        self.played >= self.total()
    }

    fn output(&self) -> ScoreDistribution {
        self.result.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::MonotonicClock;

    #[test]
    fn score_sets_follow_the_bombs_in_the_hands() {
        for seed in 0..50 {
            let deal = Deal::from_seed(seed);
            let b = bombs_available(&deal) as i64;
            let set = score_set(&deal);
            assert_eq!(set.len() as i64, 2 * (b + 1));
            assert_eq!((set[0], *set.last().unwrap()), (-(1 + b), 1 + b));
            assert!(!set.contains(&0));
        }
    }

    #[test]
    fn gdi_counts_the_tables_reaching_each_grade() {
        // Scores -2,-1,1,2 with 1,2,3,4 tables: g = (9, 7, 4)/10.
        let d = ScoreDistribution {
            scores: vec![-2, -1, 1, 2],
            counts: vec![1, 2, 3, 4],
        };
        let g = d.gdi();
        assert_eq!(g, vec![0.9, 0.7, 0.4]);
        assert_eq!(gdi_distance(&g, &[0.9, 0.7, 0.4]), Some(0.0));
        assert_eq!(gdi_distance(&g, &[0.5]), None);
        let p = d.probabilities();
        assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    }

    #[test]
    fn gdi_centres_are_shares() {
        let c: GdiCentre = "0.9, 0.5,0".parse().unwrap();
        assert_eq!(c.values(), [0.9, 0.5, 0.0]);
        assert_eq!(c.to_string().parse::<GdiCentre>(), Ok(c.clone()));
        let err = |t: &str| t.parse::<GdiCentre>().unwrap_err().to_string();
        assert_eq!(err("0.5,x"), "item 2 'x' is not a number");
        assert_eq!(err("0.5,1.5"), "item 2 is 1.5: a GDI value is a share from 0 to 1");
        assert!(err("NaN").contains("item 1 is NaN"));
        assert!(err("inf").contains("item 1 is inf"));
        assert!(err(&vec!["0.5"; 30].join(",")).contains("30 values; a GDI has 1 to 29"));
        let json = serde_json::to_string(&c).unwrap();
        assert_eq!(serde_json::from_str::<GdiCentre>(&json).unwrap(), c);
        assert!(serde_json::from_str::<GdiCentre>("[2.0]").is_err());
    }

    #[test]
    fn a_panel_plays_every_table_reproducibly() {
        let panel = PanelName::Quick.panel();
        let deal = Deal::from_seed(5);
        let clock = MonotonicClock::default();
        let a = score_distribution(&deal, 5, &panel, 2, &clock).unwrap();
        assert_eq!(a.games(), 16);
        assert_eq!(a, score_distribution(&deal, 5, &panel, 2, &clock).unwrap());
        assert_eq!("quick".parse::<Panel>(), Ok(panel));
        for name in PanelName::ALL {
            assert_eq!(name.to_string().parse::<PanelName>(), Ok(name));
            assert_eq!(serde_json::to_string(&name).unwrap(), format!("\"{name}\""));
        }
        assert_eq!(
            "nobody".parse::<Panel>().unwrap_err().to_string(),
            "unknown panel 'nobody' (known: ladder, quick, strong)"
        );
        // Every score landed in the score set.
        assert_eq!(a.counts.len(), score_set(&deal).len());
    }
}

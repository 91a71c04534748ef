//! A hand library: seeded deals with their score distributions and GDI
//! under a named panel, and the questions asked of it: test-case selection
//! by DIH, and equal-strength deals around a GDI centre.

use serde::de::Deserializer;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::clock::Clock;
use crate::deal::Deal;
use crate::limits::{self, LimitError};

use crate::seat::Team;

use super::bounded::at_most;
use super::dih::{dih, dih_interval};
use super::panel::{gdi_distance, score_distribution, score_set, Panel, PanelError, PanelName, ScoreDistribution};
use super::par::Par;
use super::settings::{Digest, FORMAT};
use super::shard::{Shard, ShardError};

/// The most scores a deal's score set holds: ±1 to ±15, with all 13
/// four-of-a-kinds and the rocket as bombs. A file's `scores`, `counts`
/// and `gdi` are refused while being read past this many values.
pub const MAX_GRADES: usize = 30;

/// The most bytes one entry of a library file may take. Written compactly
/// the largest valid entry takes about 1,700 (a 20-digit seed, 30 scores,
/// 30 counts of 20 digits, 29 GDI values of 24 characters, a par); the
/// rest is room for whitespace.
pub const MAX_ENTRY_BYTES: u64 = 4_096;

/// The most bytes of a library file: the most deals a library holds
/// ([`limits::DEALS`]) at [`MAX_ENTRY_BYTES`] each, and its header. A
/// reader refuses a longer file before reading it.
pub const MAX_LIBRARY_BYTES: u64 = (*limits::DEALS.end() + 1) * MAX_ENTRY_BYTES;

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
    /// Par's node budget outside [`limits::PAR_NODES`].
    #[error("par_nodes: {0} is out of range ({range})", range = limits::describe(&limits::PAR_NODES))]
    ParNodes(u64),
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
    /// No settings digest: made before libraries recorded one, or by hand.
    #[error("digest: none; a library records the digest of its settings (made by ddz library build since library format {FORMAT}): build it again")]
    NoDigest,
    /// The header's panel, games or par budget are not the ones its digest
    /// was made from: the header was changed after the build.
    #[error("digest: {found} is not that of the header's settings, --panel {panel} --games {games} --par-nodes {par_nodes} ({expected}): {why}")]
    Digest {
        /// The digest in the file.
        found: Digest,
        /// The digest of the header's settings.
        expected: Digest,
        /// The header's panel.
        panel: String,
        /// The header's games per table.
        games: u32,
        /// The header's par budget.
        par_nodes: u64,
        /// The settings the file's digest is that of, when found.
        why: String,
    },
    /// A part's shard that is not one.
    #[error("{0}")]
    Shard(ShardError),
    /// A part whose entries are not its slice's seeds.
    #[error("shard {shard}: holds {entries} entries, but its slice is the {count} seeds {seeds}{stray}")]
    ShardSeeds {
        /// The shard, as written.
        shard: String,
        /// Entries in the file.
        entries: usize,
        /// The slice's seeds.
        seeds: String,
        /// How many.
        count: u64,
        /// The first entry outside the slice, if any (", seed S is not one").
        stray: String,
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
    /// The library records par (`par_nodes` > 0) but this entry has none.
    #[error("no par, but the library records par within {0} nodes")]
    MissingPar(u64),
    /// The library records no par (`par_nodes` 0) but this entry has one.
    #[error("a par, but the library records none (par_nodes 0)")]
    UnexpectedPar,
    /// A par whose first play the landlord cannot lead, or found with more
    /// nodes than the library's budget.
    #[error("par is not one found within {budget} nodes: first play {first}, {nodes} nodes")]
    BadPar {
        /// The library's budget.
        budget: u64,
        /// The par's first play, or "none".
        first: String,
        /// The par's nodes.
        nodes: u64,
    },
    /// A par not proven that did not spend its budget: the search stops
    /// unproven only when the budget runs out, so this one was found with
    /// a smaller budget than the library records.
    #[error("par is not proven, yet its search stopped at {nodes} nodes of the library's {budget}: it was found with a smaller budget")]
    UnspentPar {
        /// The library's budget.
        budget: u64,
        /// The par's nodes.
        nodes: u64,
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

/// One deal of a library. Read field by field ([`EntryFields`]), not
/// through serde's `flatten`, which buffers every value of an entry
/// before reading it (a 150 MB entry took over 3 GB).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(from = "EntryFields")]
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
    /// The deal's par (open hands, landlord to lead), if the library
    /// records it ([`Library::par_nodes`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub par: Option<Par>,
}

/// An entry as a file spells it, its lists bounded by [`MAX_GRADES`].
#[derive(Deserialize)]
struct EntryFields {
    seed: u64,
    deal: String,
    #[serde(deserialize_with = "scores")]
    scores: Vec<i64>,
    #[serde(deserialize_with = "counts")]
    counts: Vec<u64>,
    #[serde(deserialize_with = "gdi")]
    gdi: Vec<f64>,
    #[serde(default)]
    par: Option<Par>,
}

impl From<EntryFields> for Entry {
    fn from(f: EntryFields) -> Entry {
        Entry {
            seed: f.seed,
            deal: f.deal,
            distribution: ScoreDistribution {
                scores: f.scores,
                counts: f.counts,
            },
            gdi: f.gdi,
            par: f.par,
        }
    }
}

fn scores<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<i64>, D::Error> {
    at_most(d, "scores", MAX_GRADES)
}

fn counts<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u64>, D::Error> {
    at_most(d, "counts", MAX_GRADES)
}

fn gdi<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<f64>, D::Error> {
    at_most(d, "gdi", MAX_GRADES)
}

fn entries<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Entry>, D::Error> {
    // Within usize on every target the CLI runs on (64-bit).
    at_most(
        d,
        "entries",
        usize::try_from(*limits::DEALS.end()).unwrap_or(usize::MAX),
    )
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
            par: None,
        })
    }

    /// The share of the panel's games the landlord won (0 if none were
    /// played).
    pub fn landlord_wins(&self) -> f64 {
        let games = self.distribution.games();
        if games == 0 {
            0.0
        } else {
            self.landlord_won_games() as f64 / games as f64
        }
    }

    /// Games the panel's landlord won.
    fn landlord_won_games(&self) -> u64 {
        let d = &self.distribution;
        d.scores
            .iter()
            .zip(&d.counts)
            .filter(|(s, _)| **s > 0)
            .map(|(_, c)| c)
            .sum()
    }

    /// How far the panel's results fall from a proven par: the share of
    /// games the par's winner lost (a landlord par that the panel's
    /// landlords mostly lose is a teaching case). `None` without a proven
    /// par.
    pub fn par_gap(&self) -> Option<f64> {
        let par = self.par.filter(|p| p.exact)?;
        let landlord = self.landlord_wins();
        Some(match par.winner {
            Team::Landlord => 1.0 - landlord,
            Team::Farmers => landlord,
        })
    }

    /// Whether this entry is what [`Entry::build`] makes of its seed under
    /// `panel` with `games` per table: the seed's deal, its score set
    /// (within [`limits::SCORES`]), a count for each score adding up to
    /// every game played, and the GDI those counts give; and a par exactly
    /// when the library records one, within `par_nodes` nodes
    /// ([`Entry::check_par`]).
    pub fn check(&self, panel: &Panel, games: u32, par_nodes: u64) -> Result<(), EntryError> {
        self.check_results(panel, games)?;
        self.check_par(par_nodes)
    }

    /// Whether the entry's par is what a library recording par within
    /// `par_nodes` nodes (0: none) holds: present exactly when recorded,
    /// its first play one the landlord can lead, its nodes within budget,
    /// and all of the budget spent when not proven.
    pub fn check_par(&self, par_nodes: u64) -> Result<(), EntryError> {
        match (self.par, par_nodes) {
            (None, 0) => Ok(()),
            (Some(_), 0) => Err(EntryError::UnexpectedPar),
            (None, budget) => Err(EntryError::MissingPar(budget)),
            (Some(par), budget) => match Deal::parse(&self.deal) {
                Ok(deal) if !par.fits(&deal, budget) => Err(EntryError::BadPar {
                    budget,
                    first: par.first.map_or("none".into(), |m| m.to_string()),
                    nodes: par.nodes,
                }),
                _ if !par.exact && par.nodes < budget => Err(EntryError::UnspentPar {
                    budget,
                    nodes: par.nodes,
                }),
                // A deal that does not parse is named by `check_results`.
                _ => Ok(()),
            },
        }
    }

    /// [`Entry::check`] but for par: the panel's results.
    pub fn check_results(&self, panel: &Panel, games: u32) -> Result<(), EntryError> {
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
        let expected = panel.seatings.len() as u64 * u64::from(games);
        if found != u128::from(expected) {
            return Err(EntryError::Games {
                found,
                tables: panel.seatings.len(),
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

    /// [`Entry::dih`]'s 95% interval from the deal's games
    /// ([`dih_interval`], seeded by the deal); none if nothing was played
    /// or the question is outside the limits.
    pub fn dih_interval(&self, players: u32, rounds: u32, top: u32) -> Option<(f64, f64)> {
        let d = self.distribution.distribution().ok()?;
        let (lo, hi) = dih_interval(&d, self.distribution.games(), players, rounds, top, self.seed);
        (lo.is_finite() && hi.is_finite()).then_some((lo, hi))
    }
}

/// A library file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Library {
    /// The name of the panel that played the deals (one of
    /// [`PanelName::ALL`]; checked by [`Library::validate`]).
    pub panel: String,
    /// Games per table.
    pub games: u32,
    /// The node budget of each entry's par; 0 when the library records
    /// no par (libraries built before par have none).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub par_nodes: u64,
    /// The digest of the settings the entries were built with
    /// ([`Digest::of`] the panel's players, games, par budget and
    /// [`FORMAT`]); required when reading.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub digest: Option<Digest>,
    /// For a part of a library built on many machines: which slice of
    /// which range it holds (its entries are exactly those seeds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
    /// The deals, each with its results; seeds distinct; at most
    /// [`limits::DEALS`]' most.
    #[serde(deserialize_with = "entries")]
    pub entries: Vec<Entry>,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// How often a panel's landlords won the deals whose par is proven for
/// one side ([`Library::par_summary`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ParRate {
    /// Deals with this proven par.
    pub deals: u64,
    /// Games the panel played on them.
    pub games: u64,
    /// Of those, games the landlord won.
    pub landlord_wins: u64,
}

/// A library's panel results against par.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ParSummary {
    /// Deals the landlord wins with open cards.
    pub landlord_par: ParRate,
    /// Deals the farmers win with open cards.
    pub farmer_par: ParRate,
    /// Deals whose par was not proven within the budget.
    pub unproven: u64,
}

impl Library {
    /// Reads a library file and checks it ([`Library::validate`]).
    pub fn from_json(text: &str) -> Result<Library, LibraryError> {
        let library: Library = serde_json::from_str(text).map_err(|e| LibraryError::Json(e.to_string()))?;
        library.validate()?;
        Ok(library)
    }

    /// [`Library::from_json`] from a reader, parsed as it is read: memory
    /// holds the library, never its text. The caller bounds the bytes
    /// ([`MAX_LIBRARY_BYTES`]).
    pub fn from_reader(reader: impl std::io::Read) -> Result<Library, LibraryError> {
        let library: Library = serde_json::from_reader(reader).map_err(|e| LibraryError::Json(e.to_string()))?;
        library.validate()?;
        Ok(library)
    }

    /// Whether this is a library [`Entry::build`] could have made: a known
    /// panel, games per table in [`limits::GAMES`], at least one entry, no
    /// seed twice, every entry as [`Entry::check`] wants it, a part's
    /// entries exactly its slice's seeds, and the digest that of the
    /// header's settings. Scores are then within [`limits::SCORES`] and
    /// DIH over them is bounded.
    pub fn validate(&self) -> Result<(), LibraryError> {
        let panel: Panel = self.panel.parse().map_err(LibraryError::Panel)?;
        if !limits::GAMES.contains(&self.games) {
            return Err(LibraryError::Games(self.games));
        }
        if !limits::PAR_NODES.contains(&self.par_nodes) {
            return Err(LibraryError::ParNodes(self.par_nodes));
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
            e.check(&panel, self.games, self.par_nodes)
                .map_err(|problem| LibraryError::Entry {
                    index,
                    seed: e.seed,
                    problem,
                })?;
        }
        if let Some(shard) = &self.shard {
            self.check_shard(shard)?;
        }
        self.check_digest(&panel)
    }

    /// Whether a part holds exactly its slice's seeds (distinct: checked
    /// before).
    fn check_shard(&self, shard: &Shard) -> Result<(), LibraryError> {
        shard.check().map_err(LibraryError::Shard)?;
        let seeds = shard.seeds();
        let stray = self.entries.iter().find(|e| !seeds.contains(e.seed));
        if stray.is_some() || self.entries.len() as u64 != seeds.count() {
            return Err(LibraryError::ShardSeeds {
                shard: shard.to_string(),
                entries: self.entries.len(),
                seeds: seeds.to_string(),
                count: seeds.count(),
                stray: stray.map_or(String::new(), |e| format!(", and seed {} is not one of them", e.seed)),
            });
        }
        Ok(())
    }

    /// Whether the digest is that of the header's settings; if not, which
    /// settings it is that of, when a known panel, the games the counts
    /// add up to and a par budget the entries suggest explain it.
    fn check_digest(&self, panel: &Panel) -> Result<(), LibraryError> {
        let found = self.digest.ok_or(LibraryError::NoDigest)?;
        let expected = Digest::of(panel, self.games, self.par_nodes);
        if found == expected {
            return Ok(());
        }
        let total: u128 = self.entries[0].distribution.counts.iter().map(|&c| u128::from(c)).sum();
        // Budgets: the header's, none, and those an unproven par's nodes
        // allow (it stops within 2,048 nodes past its budget).
        let mut budgets = vec![self.par_nodes, 0];
        if let Some(p) = self.entries.iter().filter_map(|e| e.par).find(|p| !p.exact) {
            budgets.extend(p.nodes.saturating_sub(2 * 1024)..=p.nodes);
        }
        let known = PanelName::ALL.into_iter().map(PanelName::panel);
        let why = known
            .flat_map(|p| {
                let tables = p.seatings.len() as u128;
                let games = u32::try_from(total / tables).ok().filter(|_| total % tables == 0);
                games.into_iter().map(move |g| (p.clone(), g))
            })
            .find_map(|(p, g)| {
                let b = budgets.iter().find(|&&b| Digest::of(&p, g, b) == found)?;
                let mut differs = Vec::new();
                if p.name.name() != self.panel {
                    differs.push(format!("--panel {}", p.name));
                }
                if g != self.games {
                    differs.push(format!("--games {g}"));
                }
                if *b != self.par_nodes {
                    differs.push(format!("--par-nodes {b}"));
                }
                Some(format!(
                    "the entries were built with {}; the header was changed after the build",
                    differs.join(" ")
                ))
            })
            .unwrap_or_else(|| {
                format!(
                    "the header was changed after the build, or an engine other than library format {FORMAT} built it"
                )
            });
        Err(LibraryError::Digest {
            found,
            expected,
            panel: self.panel.clone(),
            games: self.games,
            par_nodes: self.par_nodes,
            why,
        })
    }

    /// The top `count` entries by DIH(D; n, m, r), highest first (ties by
    /// seed): the test-case paper's selection, `count` = m.
    pub fn select(&self, players: u32, rounds: u32, top: u32, count: usize) -> Vec<(&Entry, f64)> {
        let mut ranked: Vec<(&Entry, f64)> = self.entries.iter().map(|e| (e, e.dih(players, rounds, top))).collect();
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.seed.cmp(&b.0.seed)));
        ranked.truncate(count);
        ranked
    }

    /// The entries with a proven par, the widest gap between par and the
    /// panel's results first ([`Entry::par_gap`]; ties by seed).
    pub fn by_par_gap(&self) -> Vec<(&Entry, f64)> {
        let mut ranked: Vec<(&Entry, f64)> = self.entries.iter().filter_map(|e| Some((e, e.par_gap()?))).collect();
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.seed.cmp(&b.0.seed)));
        ranked
    }

    /// How often the panel's landlords won deals whose par is a landlord
    /// win, and deals whose par is a farmer win.
    pub fn par_summary(&self) -> ParSummary {
        let mut out = ParSummary::default();
        for e in &self.entries {
            let rate = match e.par {
                Some(p) if p.exact && p.winner == Team::Landlord => &mut out.landlord_par,
                Some(p) if p.exact => &mut out.farmer_par,
                _ => {
                    out.unproven += 1;
                    continue;
                }
            };
            rate.deals += 1;
            rate.games += e.distribution.games();
            rate.landlord_wins += e.landlord_won_games();
        }
        out
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

    /// The pool the equal tournament formats deal from: the seeds of the
    /// deals within `eps` of `centre` ([`Library::equal_strength`]), at
    /// least one for each of `tables` tables.
    pub fn equal_pool(&self, centre: &[f64], eps: f64, tables: usize) -> Result<Vec<u64>, TooFewDeals> {
        let pool: Vec<u64> = self.equal_strength(centre, eps).iter().map(|(e, _)| e.seed).collect();
        if pool.len() < tables {
            return Err(TooFewDeals {
                found: pool.len(),
                needed: tables,
            });
        }
        Ok(pool)
    }
}

/// Fewer deals near a centre than an equal format has tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("only {found} deals lie near the centre; {needed} tables need as many")]
pub struct TooFewDeals {
    /// Deals within ε of the centre.
    pub found: usize,
    /// Tables, each needing a deal of its own.
    pub needed: usize,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::MonotonicClock;
    use crate::play::Move;

    #[test]
    fn an_equal_pool_holds_a_deal_for_every_table() {
        let lib = library();
        let centre = lib.entries[0].gdi.clone();
        let near = lib.equal_strength(&centre, 0.3).len();
        let pool = lib.equal_pool(&centre, 0.3, near).unwrap();
        assert_eq!(pool.len(), near);
        assert_eq!(pool[0], lib.entries[0].seed);
        assert_eq!(
            lib.equal_pool(&centre, 0.3, near + 1),
            Err(TooFewDeals {
                found: near,
                needed: near + 1
            })
        );
    }

    fn library() -> Library {
        let panel = PanelName::Quick.panel();
        let clock = MonotonicClock::default();
        Library {
            panel: panel.name.to_string(),
            games: 1,
            par_nodes: 0,
            digest: Some(Digest::of(&panel, 1, 0)),
            shard: None,
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
        // Headers that agree with the entries' totals but not their digest.
        assert_eq!(bad(&|l| l.digest = None), LibraryError::NoDigest.to_string());
        let e = bad(&|l| {
            l.panel = "strong".into();
            l.games = 2;
        });
        assert!(
            e.contains("--panel strong --games 2 --par-nodes 0")
                && e.contains("the entries were built with --panel quick --games 1;"),
            "{e}"
        );
        let e = bad(&|l| l.digest = Some(Digest(7)));
        assert!(e.contains("or an engine other than library format"), "{e}");
    }

    #[test]
    fn a_part_holds_exactly_its_slice() {
        let mut lib = library();
        let whole = crate::SeedRange::new(0, 90).unwrap();
        let shard = Shard::new(0, 3, whole).unwrap();
        lib.shard = Some(shard);
        let text = serde_json::to_string(&lib).unwrap();
        assert!(
            text.contains(r#""shard":{"k":0,"n":3,"first":0,"deals":90},"entries""#),
            "{text}"
        );
        assert_eq!(Library::from_json(&text), Ok(lib.clone()));
        let mut short = lib.clone();
        short.entries.pop();
        let e = Library::from_json(&serde_json::to_string(&short).unwrap())
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "shard 0/3 of seeds 0..=89: holds 29 entries, but its slice is the 30 seeds 0..=29"
        );
        let mut other = lib.clone();
        other.shard = Some(Shard::new(1, 3, whole).unwrap());
        let e = Library::from_json(&serde_json::to_string(&other).unwrap())
            .unwrap_err()
            .to_string();
        assert!(
            e.ends_with("the 30 seeds 30..=59, and seed 0 is not one of them"),
            "{e}"
        );
        other.shard = Some(Shard { k: 3, ..shard });
        let e = Library::from_json(&serde_json::to_string(&other).unwrap())
            .unwrap_err()
            .to_string();
        assert_eq!(e, "shard 3/3: K is 0 to 2");
    }

    #[test]
    fn par_is_checked_and_ranks_the_teaching_cases() {
        let clock = MonotonicClock::default();
        let mut lib = library();
        lib.entries.truncate(6);
        lib.par_nodes = 5_000;
        lib.digest = Some(Digest::of(&PanelName::Quick.panel(), 1, 5_000));
        for e in &mut lib.entries {
            e.par = Some(Par::of(&Deal::from_seed(e.seed), lib.par_nodes, &clock));
        }
        let text = serde_json::to_string(&lib).unwrap();
        assert_eq!(Library::from_json(&text), Ok(lib.clone()));
        let bad = |edit: &dyn Fn(&mut Library)| {
            let mut l = lib.clone();
            edit(&mut l);
            Library::from_json(&serde_json::to_string(&l).unwrap())
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            bad(&|l| l.entries[1].par = None),
            "entries[1] (seed 1): no par, but the library records par within 5000 nodes"
        );
        assert_eq!(
            bad(&|l| l.par_nodes = 0),
            "entries[0] (seed 0): a par, but the library records none (par_nodes 0)"
        );
        assert!(bad(&|l| l.par_nodes = 2_000_000_000).starts_with("par_nodes: 2000000000 is out of range"));
        let e = bad(&|l| l.entries[0].par.as_mut().unwrap().first = Some(Move::parse("XD").unwrap()));
        assert!(
            e.contains("par is not one found within 5000 nodes: first play XD"),
            "{e}"
        );
        let e = bad(&|l| l.entries[0].par.as_mut().unwrap().nodes = 1_000_000);
        assert!(e.contains("1000000 nodes"), "{e}");
        // A relabelled budget: named from an unproven par's nodes.
        let e = bad(&|l| l.par_nodes = 4_000);
        assert!(e.contains("were built with --par-nodes 5000"), "{e}");
        // And with the digest forged too, the unproven par's nodes tell.
        assert!(lib.entries.iter().any(|e| !e.par.unwrap().exact));
        let e = bad(&|l| {
            l.par_nodes = 1_000_000_000;
            l.digest = Some(Digest::of(&PanelName::Quick.panel(), 1, 1_000_000_000));
        });
        assert!(e.contains("par is not proven, yet its search stopped at"), "{e}");

        // The gap: the share of games the par's winner lost.
        let mut e = lib.entries[0].clone();
        e.distribution = ScoreDistribution {
            scores: vec![-2, -1, 1, 2],
            counts: vec![1, 2, 1, 0],
        };
        e.par = Some(Par {
            winner: Team::Landlord,
            exact: true,
            first: None,
            nodes: 1,
        });
        assert_eq!(e.landlord_wins(), 0.25);
        assert_eq!(e.par_gap(), Some(0.75));
        e.par = e.par.map(|p| Par {
            winner: Team::Farmers,
            ..p
        });
        assert_eq!(e.par_gap(), Some(0.25));
        e.par = e.par.map(|p| Par { exact: false, ..p });
        assert_eq!(e.par_gap(), None);

        let ranked = lib.by_par_gap();
        assert!(ranked.windows(2).all(|w| w[0].1 >= w[1].1));
        let summary = lib.par_summary();
        let proven = lib.entries.iter().filter(|e| e.par.unwrap().exact).count() as u64;
        assert_eq!(ranked.len() as u64, proven);
        assert_eq!(summary.landlord_par.deals + summary.farmer_par.deals, proven);
        assert_eq!(summary.unproven, 6 - proven);
        assert_eq!(summary.landlord_par.games, 8 * summary.landlord_par.deals);
    }

    #[test]
    fn the_largest_entry_fits_its_bound_with_room_for_whitespace() {
        // Every field at its longest: 30 scores, 20-digit counts and seed,
        // GDI values printed at their longest, a par with a long first play.
        let entry = Entry {
            seed: u64::MAX,
            deal: Deal::from_seed(0).to_string(),
            distribution: ScoreDistribution {
                scores: (1..=15).rev().map(|s| -s).chain(1..=15).collect(),
                counts: vec![u64::MAX; MAX_GRADES],
            },
            gdi: vec![-1.2345678901234567e-300; MAX_GRADES - 1],
            par: Some(Par {
                winner: Team::Farmers,
                exact: false,
                first: Some(Move::parse("333444555666777888").unwrap()),
                nodes: u64::MAX,
            }),
        };
        let compact = serde_json::to_string(&entry).unwrap().len() as u64;
        assert!(2 * compact <= MAX_ENTRY_BYTES, "{compact} bytes");
        let pretty = serde_json::to_string_pretty(&entry).unwrap().len() as u64;
        assert!(pretty <= MAX_ENTRY_BYTES, "{pretty} bytes");
        assert_eq!(MAX_LIBRARY_BYTES, 40_960_004_096);
    }

    #[test]
    fn lists_longer_than_a_valid_librarys_are_refused_while_read() {
        let lib = library();
        let text = serde_json::to_string(&lib).unwrap();
        assert_eq!(Library::from_reader(text.as_bytes()), Ok(lib.clone()));
        for field in ["scores", "counts", "gdi"] {
            let long = format!("[{}0]", "0,".repeat(MAX_GRADES));
            let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
            v["entries"][0][field] = serde_json::from_str(&long).unwrap();
            let e = Library::from_reader(v.to_string().as_bytes()).unwrap_err().to_string();
            assert!(e.contains(&format!("{field}: more than 30 values")), "{e}");
            // 30 are read, and refused by the checks instead.
            v["entries"][0][field] = serde_json::from_str(&format!("[{}0]", "0,".repeat(MAX_GRADES - 1))).unwrap();
            let e = Library::from_reader(v.to_string().as_bytes()).unwrap_err().to_string();
            assert!(e.starts_with("entries[0] (seed 0)"), "{e}");
        }
    }

    #[test]
    fn the_built_in_library_is_valid() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../assets/library.json");
        let text = std::fs::read_to_string(path).unwrap();
        let lib = Library::from_json(&text).unwrap();
        assert_eq!(lib.panel, "quick");
        // Written as the build writes it (the digest was added to the
        // header by hand, the rest left byte for byte).
        assert_eq!(serde_json::to_string(&lib).unwrap(), text);
        assert_eq!(
            lib.digest,
            Some(Digest::of(&PanelName::Quick.panel(), lib.games, lib.par_nodes))
        );
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

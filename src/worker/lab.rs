//! The Lab's jobs: a deal played at every table of a panel, DIH against the
//! rounds, the built-in library ranked, tournaments in three formats. Each
//! runs in slices and can be cancelled.

use engine::lab::dih::{dih, Distribution};
use engine::lab::generate::{GenerateRun, Generator, Kept};
use engine::lab::library::{Library, ParSummary};
use engine::lab::panel::{gdi_distance, GdiCentre, PanelName, PanelRun, ScoreDistribution};
use engine::lab::par::Par;
use engine::lab::solve_match::{play_match_deal, MatchDeal, SizeResult, SIZES};
use engine::lab::tournament::{PlaceProbabilities, TournamentFormat, TournamentRun};
use engine::{step_until, Clock, Completion, Deadline, Deal, PlayerSpec, Stepwise};
use serde::{Deserialize, Serialize};

use super::running::Answering;
use super::{JobError, Quantity};

/// What the Lab page asks of the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum LabJob {
    /// Play a deal at every table of a named panel.
    Panel {
        deal: Deal,
        seed: u64,
        panel: PanelName,
        games: u32,
    },
    /// DIH(D; n, m, r) for m = 1 ..= `max_rounds`.
    DihCurve {
        points: Vec<(i64, f64)>,
        players: u32,
        top: u32,
        max_rounds: u32,
    },
    /// The built-in library ranked by DIH for (n, m, r), or by distance to
    /// a GDI centre (nearest first; deals with other score sets left out).
    Rank {
        players: u32,
        rounds: u32,
        top: u32,
        centre: Option<GdiCentre>,
    },
    /// Fresh deals (seeds `seed`, `seed + 1`, ...) played under a panel,
    /// kept while within `eps` of a GDI centre, until `count` are kept or
    /// `max_deals` dealt: equal-strength deals on demand.
    Generate {
        centre: GdiCentre,
        eps: f64,
        count: u32,
        panel: PanelName,
        games: u32,
        seed: u64,
        max_deals: u32,
    },
    /// The search paper's benchmark: the solver (`time_limit_ms` a move)
    /// against the heuristic, 1v1 with open hands, `deals` deals of each
    /// size from `seed`, both seatings.
    SolveMatch {
        sizes: Vec<usize>,
        deals: u32,
        seed: u64,
        time_limit_ms: f64,
    },
    /// The built-in library's panel results against par, and its teaching
    /// cases (proven par, the widest gap to the panel first).
    Par,
    /// Tournaments in the three formats side by side.
    Tournament {
        tables: Vec<PlayerSpec>,
        farmers: PlayerSpec,
        rounds: u32,
        matches: u32,
        centre: GdiCentre,
        eps: f64,
        seed: u64,
    },
}

/// The deals a ranking's chart shows, first in its order.
pub const CHARTED: usize = 12;

/// One deal of the ranked library.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RankedDeal {
    pub seed: u64,
    pub dih: f64,
    /// DIH's 95% interval from the deal's games ([`dih_interval`]), for the
    /// [`CHARTED`] deals of a ranking by DIH.
    pub dih_interval: Option<(f64, f64)>,
    pub distance: Option<f64>,
    pub gdi: Vec<f64>,
    pub scores: Vec<i64>,
    pub counts: Vec<u64>,
    /// The deal's par, as the library records it.
    pub par: Option<Par>,
    /// The share of games the par's winner lost, for a proven par.
    pub gap: Option<f64>,
}

/// A deal whose proven par the panel's results fall short of.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TeachingCase {
    pub seed: u64,
    pub par: Par,
    /// The share of games the panel's landlords won.
    pub landlord_wins: f64,
    /// The share of games the par's winner lost.
    pub gap: f64,
}

/// Teaching cases listed.
const CASES: usize = 20;

/// A deal kept by [`LabJob::Generate`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LikeDeal {
    pub seed: u64,
    pub distance: f64,
    pub gdi: Vec<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum LabResult {
    Panel(ScoreDistribution),
    DihCurve(Vec<f64>),
    Rank {
        deals: usize,
        /// The library's panel and games per table.
        panel: String,
        games: u32,
        rows: Vec<RankedDeal>,
    },
    /// (format, place probabilities) for duplicate, equal, random.
    Tournament(Vec<(TournamentFormat, PlaceProbabilities)>),
    SolveMatch(Vec<SizeResult>),
    Generate {
        /// Seeds dealt, from the first.
        first: u64,
        tried: u64,
        kept: Vec<LikeDeal>,
    },
    Par {
        deals: usize,
        panel: String,
        /// Games each deal was played (tables × games per table).
        per_deal: u64,
        /// Par's node budget per deal.
        par_nodes: u64,
        summary: ParSummary,
        cases: Vec<TeachingCase>,
    },
}

/// The built-in hand library (`assets/library.json`, built by the command
/// in docs/results/lab.md), parsed once.
pub(crate) fn library() -> Result<&'static Library, JobError> {
    static LIBRARY: std::sync::OnceLock<Result<Library, String>> = std::sync::OnceLock::new();
    LIBRARY
        .get_or_init(|| serde_json::from_str(include_str!("../../assets/library.json")).map_err(|e| e.to_string()))
        .as_ref()
        .map_err(|e| JobError::Library(e.clone()))
}

/// DIH's n, m, r, checked.
fn dih_params(players: u32, rounds: u32, top: u32) -> Result<(u32, u32, u32), JobError> {
    Ok((
        Quantity::Players.count(players)?,
        Quantity::Rounds.count(rounds)?,
        Quantity::Top.count(top)?,
    ))
}

/// A lab job in progress: a stepwise run answering with a lab result.
pub type LabRun = Box<dyn Stepwise<Tools = (), Output = LabResult, Error = JobError>>;

/// The formats' tournaments, one after the other.
struct Formats(Vec<TournamentRun>);

impl Stepwise for Formats {
    type Tools = ();
    type Output = LabResult;
    type Error = JobError;

    fn advance(&mut self, _: &mut (), deadline: &Deadline<'_>, clock: &dyn Clock) -> Result<(), JobError> {
        for run in &mut self.0 {
            run.advance(&mut (), deadline, clock)?;
            if !run.is_done() {
                break;
            }
        }
        Ok(())
    }
    fn completion(&self) -> Completion {
        self.0
            .iter()
            .map(Stepwise::completion)
            .fold(Completion::default(), |a, c| Completion {
                done: a.done + c.done,
                total: a.total + c.total,
            })
    }
    fn is_done(&self) -> bool {
        self.0.iter().all(Stepwise::is_done)
    }
    fn output(&self) -> LabResult {
        LabResult::Tournament(self.0.iter().map(|r| (r.format(), r.output())).collect())
    }
}

/// DIH for m = 1, 2, ... rounds: a step is a point of the curve.
struct DihCurve {
    distribution: Distribution,
    players: u32,
    top: u32,
    max_rounds: u32,
    curve: Vec<f64>,
}

impl Stepwise for DihCurve {
    type Tools = ();
    type Output = LabResult;
    type Error = JobError;

    fn advance(&mut self, _: &mut (), deadline: &Deadline<'_>, _: &dyn Clock) -> Result<(), JobError> {
        step_until(self, deadline, |run| {
            let m = run.curve.len() as u32 + 1;
            run.curve.push(dih(&run.distribution, run.players, m, run.top));
            Ok(())
        })
    }
    fn completion(&self) -> Completion {
        Completion {
            done: self.curve.len() as u64,
            total: u64::from(self.max_rounds),
        }
    }
    fn is_done(&self) -> bool {
        self.curve.len() >= self.max_rounds as usize
    }
    fn output(&self) -> LabResult {
        LabResult::DihCurve(self.curve.clone())
    }
}

/// The library ranked: a step is an entry looked at.
struct Rank {
    library: &'static Library,
    players: u32,
    rounds: u32,
    top: u32,
    centre: Option<GdiCentre>,
    rows: Vec<RankedDeal>,
    /// Entries looked at so far.
    next: usize,
}

impl Stepwise for Rank {
    type Tools = ();
    type Output = LabResult;
    type Error = JobError;

    fn advance(&mut self, _: &mut (), deadline: &Deadline<'_>, _: &dyn Clock) -> Result<(), JobError> {
        let entries = &self.library.entries;
        while let Some(e) = entries.get(self.next) {
            self.next += 1;
            let distance = match &self.centre {
                Some(c) => match gdi_distance(&e.gdi, c) {
                    Some(d) => Some(d),
                    None => continue,
                },
                None => None,
            };
            self.rows.push(RankedDeal {
                seed: e.seed,
                dih: e.dih(self.players, self.rounds, self.top),
                dih_interval: None,
                distance,
                gdi: e.gdi.clone(),
                scores: e.distribution.scores.clone(),
                counts: e.distribution.counts.clone(),
                par: e.par,
                gap: e.par_gap(),
            });
            if deadline.expired() {
                break;
            }
        }
        match &self.centre {
            Some(c) if self.is_done() && self.rows.is_empty() => Err(JobError::CentreGrades { given: c.len() }),
            _ => Ok(()),
        }
    }
    fn completion(&self) -> Completion {
        Completion {
            done: self.next as u64,
            total: self.library.entries.len() as u64,
        }
    }
    fn is_done(&self) -> bool {
        self.next >= self.library.entries.len()
    }
    fn output(&self) -> LabResult {
        let entries = &self.library.entries;
        let mut rows = self.rows.clone();
        match self.centre {
            Some(_) => rows.sort_by(|a, b| a.distance.unwrap_or(0.0).total_cmp(&b.distance.unwrap_or(0.0))),
            None => {
                rows.sort_by(|a, b| b.dih.total_cmp(&a.dih));
                // The chart's bars are estimates from the deal's games:
                // each gets its interval.
                for r in rows.iter_mut().take(CHARTED) {
                    r.dih_interval = entries
                        .iter()
                        .find(|e| e.seed == r.seed)
                        .and_then(|e| e.dih_interval(self.players, self.rounds, self.top));
                }
            }
        }
        LabResult::Rank {
            deals: entries.len(),
            panel: self.library.panel.clone(),
            games: self.library.games,
            rows,
        }
    }
}

/// The solver against the heuristic: a step is a deal, size by size.
struct SolveMatch {
    sizes: Vec<usize>,
    deals: u32,
    seed: u64,
    time_limit_ms: f64,
    played: Vec<MatchDeal>,
}

impl Stepwise for SolveMatch {
    type Tools = ();
    type Output = LabResult;
    type Error = JobError;

    fn advance(&mut self, _: &mut (), deadline: &Deadline<'_>, clock: &dyn Clock) -> Result<(), JobError> {
        let per_size = self.deals as usize;
        step_until(self, deadline, |run| {
            let (size, i) = (run.sizes[run.played.len() / per_size], run.played.len() % per_size);
            let deal = play_match_deal(size, run.seed.wrapping_add(i as u64), run.time_limit_ms, clock)
                .map_err(|_| hand_size_error(size))?;
            run.played.push(deal);
            Ok(())
        })
    }
    fn completion(&self) -> Completion {
        Completion {
            done: self.played.len() as u64,
            total: (self.sizes.len() * self.deals as usize) as u64,
        }
    }
    fn is_done(&self) -> bool {
        self.played.len() >= self.sizes.len() * self.deals as usize
    }
    fn output(&self) -> LabResult {
        LabResult::SolveMatch(
            self.sizes
                .iter()
                .zip(self.played.chunks(self.deals as usize))
                .map(|(&size, d)| SizeResult::of(size, d))
                .collect(),
        )
    }
}

/// A hand size outside [`SIZES`], with that range.
fn hand_size_error(size: usize) -> JobError {
    JobError::OutOfRange {
        what: Quantity::HandSize,
        value: size as f64,
        min: *SIZES.start() as f64,
        max: *SIZES.end() as f64,
    }
}

/// The library against par: answered at once (no steps).
struct ParRun(&'static Library);

impl Stepwise for ParRun {
    type Tools = ();
    type Output = LabResult;
    type Error = JobError;

    fn advance(&mut self, _: &mut (), _: &Deadline<'_>, _: &dyn Clock) -> Result<(), JobError> {
        Ok(())
    }
    fn completion(&self) -> Completion {
        Completion::default()
    }
    fn is_done(&self) -> bool {
        true
    }
    fn output(&self) -> LabResult {
        let library = self.0;
        LabResult::Par {
            deals: library.entries.len(),
            panel: library.panel.clone(),
            per_deal: library.entries.first().map_or(0, |e| e.distribution.games()),
            par_nodes: library.par_nodes,
            summary: library.par_summary(),
            cases: library
                .by_par_gap()
                .into_iter()
                .take(CASES)
                .filter_map(|(e, gap)| {
                    Some(TeachingCase {
                        seed: e.seed,
                        par: e.par?,
                        landlord_wins: e.landlord_wins(),
                        gap,
                    })
                })
                .collect(),
        }
    }
}

/// The job with its numbers checked, ready to run.
pub fn start(job: LabJob) -> Result<LabRun, JobError> {
    let run: LabRun = match job {
        LabJob::Panel {
            deal,
            seed,
            panel,
            games,
        } => {
            let games = Quantity::GamesPerTable.count(games)?;
            Box::new(Answering::new(
                PanelRun::new(deal, seed, panel.panel(), games),
                |_: &PanelRun, d| LabResult::Panel(d),
            ))
        }
        LabJob::DihCurve {
            points,
            players,
            top,
            max_rounds,
        } => {
            let (players, max_rounds, top) = dih_params(players, max_rounds, top)?;
            Box::new(DihCurve {
                distribution: Distribution::new(&points).map_err(JobError::Distribution)?,
                players,
                top,
                max_rounds,
                curve: vec![],
            })
        }
        LabJob::Rank {
            players,
            rounds,
            top,
            centre,
        } => {
            let (players, rounds, top) = dih_params(players, rounds, top)?;
            Box::new(Rank {
                library: library()?,
                players,
                rounds,
                top,
                centre,
                rows: vec![],
                next: 0,
            })
        }
        LabJob::Par => Box::new(ParRun(library()?)),
        LabJob::SolveMatch {
            sizes,
            deals,
            seed,
            time_limit_ms,
        } => Box::new(SolveMatch::new(sizes, deals, seed, time_limit_ms)?),
        LabJob::Generate {
            centre,
            eps,
            count,
            panel,
            games,
            seed,
            max_deals,
        } => generate(centre, eps, count, panel, games, seed, max_deals)?,
        LabJob::Tournament {
            tables,
            farmers,
            rounds,
            matches,
            centre,
            eps,
            seed,
        } => Box::new(Formats::new(tables, farmers, rounds, matches, centre, eps, seed)?),
    };
    Ok(run)
}

impl SolveMatch {
    fn new(sizes: Vec<usize>, deals: u32, seed: u64, time_limit_ms: f64) -> Result<SolveMatch, JobError> {
        let deals = Quantity::Deals.count(deals)?;
        let time_limit_ms = Quantity::TimeLimit.check(time_limit_ms)?;
        if sizes.is_empty() || sizes.len() > 20 {
            return Err(JobError::OutOfRange {
                what: Quantity::Sizes,
                value: sizes.len() as f64,
                min: 1.0,
                max: 20.0,
            });
        }
        if let Some(&bad) = sizes.iter().find(|z| !SIZES.contains(z)) {
            return Err(hand_size_error(bad));
        }
        Ok(SolveMatch {
            sizes,
            deals,
            seed,
            time_limit_ms,
            played: vec![],
        })
    }
}

/// Deals like a centre's, found by the engine's generator.
fn generate(
    centre: GdiCentre,
    eps: f64,
    count: u32,
    panel: PanelName,
    games: u32,
    seed: u64,
    max_deals: u32,
) -> Result<LabRun, JobError> {
    let games = Quantity::GamesPerTable.count(games)?;
    let eps = Quantity::Eps.check(eps)?;
    let count = Quantity::Deals.count(count)?;
    let max_deals = Quantity::Deals.count(max_deals)?;
    // The games and ε are checked above, in the worker's ranges (within
    // the engine's).
    let generator = Generator::new(centre, eps, panel.panel(), games, seed).map_err(|_| JobError::OutOfRange {
        what: Quantity::Eps,
        value: eps,
        min: 0.0,
        max: 1.0,
    })?;
    Ok(Box::new(Answering::new(
        GenerateRun::new(generator, count as usize, u64::from(max_deals)),
        move |run: &GenerateRun, kept: Vec<Kept>| LabResult::Generate {
            first: seed,
            tried: run.generator().tried(),
            kept: kept
                .into_iter()
                .map(|k| LikeDeal {
                    seed: k.entry.seed,
                    distance: k.distance,
                    gdi: k.entry.gdi,
                })
                .collect(),
        },
    )))
}

impl Formats {
    /// The three formats' tournaments on the library's deals within ε of
    /// the centre.
    fn new(
        tables: Vec<PlayerSpec>,
        farmers: PlayerSpec,
        rounds: u32,
        matches: u32,
        centre: GdiCentre,
        eps: f64,
        seed: u64,
    ) -> Result<Formats, JobError> {
        Quantity::Tables.count(tables.len() as u32)?;
        let matches = Quantity::Matches.count(matches)?;
        let rounds = Quantity::Rounds.count(rounds)?;
        let eps = Quantity::Eps.check(eps)?;
        let pool = library()?
            .equal_pool(centre.values(), eps, tables.len())
            .map_err(|few| JobError::TooFewDeals {
                found: few.found,
                needed: few.needed,
                eps,
            })?;
        let runs = [
            TournamentFormat::Duplicate,
            TournamentFormat::Equal,
            TournamentFormat::Random,
        ]
        .map(|f| TournamentRun::new(tables.clone(), farmers, f.with_pool(&pool), rounds, matches, seed));
        Ok(Formats(runs.into()))
    }
}

#[cfg(test)]
mod tests {
    use super::super::Answer;
    use super::*;

    fn finish(job: LabJob) -> Answer {
        let clock = engine::clock::MonotonicClock::default();
        let mut run = match start(job) {
            Ok(run) => run,
            Err(e) => return Answer::Failed(e),
        };
        while !run.is_done() {
            if let Err(e) = run.advance(&mut (), &Deadline::after(&clock, 5.0), &clock) {
                return Answer::Failed(e);
            }
        }
        Answer::Lab(run.output())
    }

    #[test]
    fn deals_like_this_one_lie_within_eps_as_the_engine_plays_them() {
        let centre = GdiCentre::new(vec![0.7, 0.27, 0.05]).unwrap();
        let job = |count, max_deals| LabJob::Generate {
            centre: centre.clone(),
            eps: 0.2,
            count,
            panel: PanelName::Quick,
            games: 2,
            seed: 40,
            max_deals,
        };
        let Answer::Lab(LabResult::Generate { first, tried, kept }) = finish(job(3, 1_000)) else {
            panic!("no deals");
        };
        assert_eq!((first, kept.len()), (40, 3));
        assert_eq!(kept.last().map(|d| d.seed), Some(first + tried - 1));
        let panel = PanelName::Quick.panel();
        let clock = engine::clock::MonotonicClock::default();
        for d in &kept {
            let again = engine::lab::library::Entry::build(d.seed, &panel, 2, &clock).unwrap();
            assert_eq!(gdi_distance(&again.gdi, centre.values()), Some(d.distance));
            assert!(d.distance < 0.2);
        }
        // Out of seeds to deal: what was found, fewer than asked.
        let Answer::Lab(LabResult::Generate { tried, kept, .. }) = finish(job(3, 2)) else {
            panic!("no answer");
        };
        assert_eq!(tried, 2);
        assert!(kept.len() < 3);
        assert!(matches!(
            finish(job(0, 10)),
            Answer::Failed(JobError::OutOfRange {
                what: Quantity::Deals,
                ..
            })
        ));
    }

    #[test]
    fn a_solver_match_in_slices_equals_the_engine_run() {
        let Answer::Lab(LabResult::SolveMatch(rows)) = finish(LabJob::SolveMatch {
            sizes: vec![2, 6],
            deals: 8,
            seed: 0,
            time_limit_ms: 200.0,
        }) else {
            panic!("no match");
        };
        let clock = engine::clock::MonotonicClock::default();
        let want: Vec<SizeResult> = [2, 6]
            .iter()
            .map(|&z| engine::lab::solve_match::run_size(z, 8, 0, 200.0, &clock).unwrap())
            .collect();
        assert_eq!(rows, want);
        let bad = |sizes: Vec<usize>| {
            finish(LabJob::SolveMatch {
                sizes,
                deals: 1,
                seed: 0,
                time_limit_ms: 10.0,
            })
        };
        assert!(matches!(
            bad(vec![21]),
            Answer::Failed(JobError::OutOfRange {
                what: Quantity::HandSize,
                ..
            })
        ));
        assert!(matches!(
            bad(vec![]),
            Answer::Failed(JobError::OutOfRange {
                what: Quantity::Sizes,
                ..
            })
        ));
    }

    #[test]
    fn a_dih_curve_in_slices_equals_the_curve_at_once() {
        let points = vec![(-2, 0.1), (-1, 0.3), (1, 0.4), (2, 0.2)];
        let d = Distribution::new(&points).unwrap();
        let answer = finish(LabJob::DihCurve {
            points,
            players: 30,
            top: 2,
            max_rounds: 12,
        });
        let expected: Vec<f64> = (1..=12).map(|m| dih(&d, 30, m, 2)).collect();
        assert_eq!(answer, Answer::Lab(LabResult::DihCurve(expected)));
    }

    #[test]
    fn numbers_out_of_range_are_refused_with_their_range() {
        let answer = finish(LabJob::DihCurve {
            points: vec![(1, 1.0)],
            players: 4_294_967_295,
            top: 4_294_967_295,
            max_rounds: 100_000,
        });
        assert!(matches!(
            answer,
            Answer::Failed(JobError::OutOfRange {
                what: Quantity::Players,
                ..
            })
        ));
        let answer = finish(LabJob::Panel {
            deal: Deal::from_seed(1),
            seed: 0,
            panel: PanelName::Quick,
            games: 0,
        });
        assert!(matches!(
            answer,
            Answer::Failed(JobError::OutOfRange {
                what: Quantity::GamesPerTable,
                ..
            })
        ));
        // A panel is named in the message by type: an unknown one is not
        // a job.
        let job = LabJob::Panel {
            deal: Deal::from_seed(1),
            seed: 0,
            panel: PanelName::Quick,
            games: 1,
        };
        let json = serde_json::to_string(&job).unwrap();
        assert_eq!(serde_json::from_str::<LabJob>(&json).ok(), Some(job));
        assert!(serde_json::from_str::<LabJob>(&json.replace("\"quick\"", "\"nope\"")).is_err());
    }

    #[test]
    fn the_library_is_set_against_par_with_its_teaching_cases() {
        let Answer::Lab(LabResult::Par {
            deals,
            per_deal,
            par_nodes,
            summary,
            cases,
            ..
        }) = finish(LabJob::Par)
        else {
            panic!("no par");
        };
        let lib = library().unwrap();
        assert_eq!((deals, summary), (lib.entries.len(), lib.par_summary()));
        assert_eq!(per_deal, 8 * u64::from(lib.games));
        assert!(par_nodes > 0, "the built-in library records par");
        assert!(summary.landlord_par.deals > 0 && summary.farmer_par.deals > 0);
        assert_eq!(cases.len(), CASES);
        assert!(cases.iter().all(|c| c.par.exact));
        assert!(cases.windows(2).all(|w| w[0].gap >= w[1].gap));
    }

    #[test]
    fn the_library_is_ranked_by_dih_or_by_distance() {
        let Answer::Lab(LabResult::Rank { deals, rows, .. }) = finish(LabJob::Rank {
            players: 30,
            rounds: 3,
            top: 2,
            centre: None,
        }) else {
            panic!("no ranking");
        };
        assert_eq!(rows.len(), deals);
        assert!(rows.windows(2).all(|w| w[0].dih >= w[1].dih));
        // The charted deals' DIH carry intervals that hold them.
        for r in &rows[..CHARTED] {
            let (lo, hi) = r.dih_interval.expect("a charted deal's interval");
            assert!(
                lo <= r.dih && r.dih <= hi && lo < hi,
                "deal {}: {} outside [{lo}, {hi}]",
                r.seed,
                r.dih
            );
        }
        assert!(rows[CHARTED..].iter().all(|r| r.dih_interval.is_none()));
        let centre = rows[0].gdi.clone();
        let Answer::Lab(LabResult::Rank { rows, .. }) = finish(LabJob::Rank {
            players: 30,
            rounds: 3,
            top: 2,
            centre: Some(GdiCentre::new(centre.clone()).unwrap()),
        }) else {
            panic!("no ranking");
        };
        assert_eq!(rows[0].distance, Some(0.0));
        assert!(rows.windows(2).all(|w| w[0].distance <= w[1].distance));
        assert!(rows.iter().all(|r| r.dih_interval.is_none()));
        // A centre no deal's GDI has the length of is said so.
        let answer = finish(LabJob::Rank {
            players: 30,
            rounds: 3,
            top: 2,
            centre: Some(GdiCentre::new(vec![0.5; 20]).unwrap()),
        });
        assert_eq!(answer, Answer::Failed(JobError::CentreGrades { given: 20 }));
    }
}

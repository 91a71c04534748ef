//! The Lab's jobs: a deal played at every table of a panel, DIH against the
//! rounds, the built-in library ranked, tournaments in three formats. Each
//! runs in slices and can be cancelled.

use engine::lab::dih::{dih, Distribution};
use engine::lab::generate::Generator;
use engine::lab::library::{Library, ParSummary};
use engine::lab::panel::{gdi_distance, GdiCentre, Panel, PanelRun, ScoreDistribution};
use engine::lab::par::Par;
use engine::lab::solve_match::{play_deal, DealResult, SizeResult, SIZES};
use engine::lab::tournament::{Format, PlaceProbabilities, TournamentRun};
use engine::PlayerSpec;
use engine::{Clock, Deadline, Deal};
use serde::{Deserialize, Serialize};

use super::{Answer, JobError, Quantity};

/// What the Lab page asks of the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum LabJob {
    /// Play a deal at every table of a named panel.
    Panel {
        deal: Deal,
        seed: u64,
        panel: String,
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
        panel: String,
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
    Tournament(Vec<(String, PlaceProbabilities)>),
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
/// in the README), parsed once.
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

/// A lab job in progress.
pub enum LabRun {
    Panel(Box<PanelRun>),
    DihCurve {
        distribution: Distribution,
        players: u32,
        top: u32,
        max_rounds: u32,
        curve: Vec<f64>,
    },
    Rank {
        library: &'static Library,
        players: u32,
        rounds: u32,
        top: u32,
        centre: Option<GdiCentre>,
        rows: Vec<RankedDeal>,
        /// Entries looked at so far.
        next: usize,
    },
    Tournament(Vec<(String, TournamentRun)>, u32),
    /// Quick: answered at the first step.
    Par(&'static Library),
    SolveMatch {
        sizes: Vec<usize>,
        deals: u32,
        seed: u64,
        time_limit_ms: f64,
        /// Deals played, size by size.
        played: Vec<DealResult>,
    },
    Generate {
        generator: Box<Generator>,
        first: u64,
        count: usize,
        max_deals: u64,
        kept: Vec<LikeDeal>,
    },
}

impl LabRun {
    /// The job with its numbers checked, ready to run.
    pub fn new(job: LabJob) -> Result<LabRun, JobError> {
        Ok(match job {
            LabJob::Panel {
                deal,
                seed,
                panel,
                games,
            } => {
                let games = Quantity::GamesPerTable.count(games)?;
                let panel = Panel::named(&panel).ok_or(JobError::UnknownPanel(panel))?;
                LabRun::Panel(Box::new(PanelRun::new(deal, seed, panel, games)))
            }
            LabJob::DihCurve {
                points,
                players,
                top,
                max_rounds,
            } => {
                let (players, max_rounds, top) = dih_params(players, max_rounds, top)?;
                LabRun::DihCurve {
                    distribution: Distribution::new(&points).map_err(JobError::Distribution)?,
                    players,
                    top,
                    max_rounds,
                    curve: vec![],
                }
            }
            LabJob::Rank {
                players,
                rounds,
                top,
                centre,
            } => {
                let (players, rounds, top) = dih_params(players, rounds, top)?;
                LabRun::Rank {
                    library: library()?,
                    players,
                    rounds,
                    top,
                    centre,
                    rows: vec![],
                    next: 0,
                }
            }
            LabJob::Par => LabRun::Par(library()?),
            LabJob::SolveMatch {
                sizes,
                deals,
                seed,
                time_limit_ms,
            } => {
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
                    return Err(JobError::OutOfRange {
                        what: Quantity::HandSize,
                        value: bad as f64,
                        min: *SIZES.start() as f64,
                        max: *SIZES.end() as f64,
                    });
                }
                LabRun::SolveMatch {
                    sizes,
                    deals,
                    seed,
                    time_limit_ms,
                    played: vec![],
                }
            }
            LabJob::Generate {
                centre,
                eps,
                count,
                panel,
                games,
                seed,
                max_deals,
            } => {
                let games = Quantity::GamesPerTable.count(games)?;
                let eps = Quantity::Eps.check(eps)?;
                let count = Quantity::Deals.count(count)?;
                let max_deals = Quantity::Deals.count(max_deals)?;
                let panel = Panel::named(&panel).ok_or(JobError::UnknownPanel(panel))?;
                // The games and ε are checked above, in the worker's ranges
                // (within the engine's).
                let generator = Generator::new(centre, eps, panel, games, seed).map_err(|_| JobError::OutOfRange {
                    what: Quantity::Eps,
                    value: eps,
                    min: 0.0,
                    max: 1.0,
                })?;
                LabRun::Generate {
                    generator: Box::new(generator),
                    first: seed,
                    count: count as usize,
                    max_deals: u64::from(max_deals),
                    kept: vec![],
                }
            }
            LabJob::Tournament {
                tables,
                farmers,
                rounds,
                matches,
                centre,
                eps,
                seed,
            } => {
                Quantity::Tables.count(tables.len() as u32)?;
                let matches = Quantity::Matches.count(matches)?;
                let rounds = Quantity::Rounds.count(rounds)?;
                let eps = Quantity::Eps.check(eps)?;
                let pool: Vec<u64> = library()?
                    .equal_strength(centre.values(), eps)
                    .iter()
                    .map(|(e, _)| e.seed)
                    .collect();
                if pool.len() < tables.len() {
                    return Err(JobError::TooFewDeals {
                        found: pool.len(),
                        needed: tables.len(),
                        eps,
                    });
                }
                // The engine's runs take players by their written names.
                let names: Vec<String> = tables.iter().map(PlayerSpec::to_string).collect();
                let run =
                    |format| TournamentRun::new(names.clone(), farmers.to_string(), format, rounds, matches, seed);
                LabRun::Tournament(
                    vec![
                        ("duplicate".into(), run(Format::Duplicate)),
                        ("equal".into(), run(Format::Equal(pool))),
                        ("random".into(), run(Format::Random)),
                    ],
                    matches,
                )
            }
        })
    }

    /// Works until `deadline` (at least one step); the answer when done,
    /// else progress.
    pub fn advance(&mut self, deadline: &Deadline<'_>, clock: &dyn Clock) -> Answer {
        match self {
            LabRun::Panel(run) => {
                while !run.is_done() {
                    if let Err(e) = run.step(clock) {
                        return Answer::Failed(JobError::Player(e));
                    }
                    if deadline.expired() {
                        break;
                    }
                }
                if run.is_done() {
                    Answer::Lab(LabResult::Panel(run.result().clone()))
                } else {
                    Answer::Progress {
                        done: run.played(),
                        total: run.total(),
                    }
                }
            }
            LabRun::DihCurve {
                distribution,
                players,
                top,
                max_rounds,
                curve,
            } => {
                while curve.len() < *max_rounds as usize {
                    let m = curve.len() as u32 + 1;
                    curve.push(dih(distribution, *players, m, *top));
                    if deadline.expired() {
                        break;
                    }
                }
                if curve.len() == *max_rounds as usize {
                    Answer::Lab(LabResult::DihCurve(std::mem::take(curve)))
                } else {
                    Answer::Progress {
                        done: curve.len() as u32,
                        total: *max_rounds,
                    }
                }
            }
            LabRun::Rank {
                library,
                players,
                rounds,
                top,
                centre,
                rows,
                next,
            } => {
                let entries = &library.entries;
                while *next < entries.len() {
                    let e = &entries[*next];
                    *next += 1;
                    let distance = match centre {
                        Some(c) => match gdi_distance(&e.gdi, c) {
                            Some(d) => Some(d),
                            None => continue,
                        },
                        None => None,
                    };
                    rows.push(RankedDeal {
                        seed: e.seed,
                        dih: e.dih(*players, *rounds, *top),
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
                if *next < entries.len() {
                    return Answer::Progress {
                        done: *next as u32,
                        total: entries.len() as u32,
                    };
                }
                if let (Some(c), true) = (centre.as_ref(), rows.is_empty()) {
                    return Answer::Failed(JobError::CentreGrades { given: c.len() });
                }
                let mut rows = std::mem::take(rows);
                match centre {
                    Some(_) => rows.sort_by(|a, b| a.distance.unwrap_or(0.0).total_cmp(&b.distance.unwrap_or(0.0))),
                    None => {
                        rows.sort_by(|a, b| b.dih.total_cmp(&a.dih));
                        // The chart's bars are estimates from the deal's
                        // games: each gets its interval.
                        for r in rows.iter_mut().take(CHARTED) {
                            r.dih_interval = entries
                                .iter()
                                .find(|e| e.seed == r.seed)
                                .and_then(|e| e.dih_interval(*players, *rounds, *top));
                        }
                    }
                }
                Answer::Lab(LabResult::Rank {
                    deals: entries.len(),
                    panel: library.panel.clone(),
                    games: library.games,
                    rows,
                })
            }
            LabRun::SolveMatch {
                sizes,
                deals,
                seed,
                time_limit_ms,
                played,
            } => {
                let per_size = *deals as usize;
                let total = sizes.len() * per_size;
                while played.len() < total {
                    let (size, i) = (sizes[played.len() / per_size], played.len() % per_size);
                    match play_deal(size, seed.wrapping_add(i as u64), *time_limit_ms, clock) {
                        Ok(r) => played.push(r),
                        Err(_) => {
                            return Answer::Failed(JobError::OutOfRange {
                                what: Quantity::HandSize,
                                value: size as f64,
                                min: *SIZES.start() as f64,
                                max: *SIZES.end() as f64,
                            })
                        }
                    }
                    if deadline.expired() {
                        break;
                    }
                }
                if played.len() < total {
                    Answer::Progress {
                        done: played.len() as u32,
                        total: total as u32,
                    }
                } else {
                    Answer::Lab(LabResult::SolveMatch(
                        sizes
                            .iter()
                            .zip(played.chunks(per_size))
                            .map(|(&size, d)| SizeResult::of(size, d))
                            .collect(),
                    ))
                }
            }
            LabRun::Generate {
                generator,
                first,
                count,
                max_deals,
                kept,
            } => {
                while kept.len() < *count && generator.tried() < *max_deals {
                    let Some(&seed) = generator.batch(1).first() else {
                        break;
                    };
                    match generator.judge(seed, clock) {
                        Ok(Some(k)) => kept.push(LikeDeal {
                            seed,
                            distance: k.distance,
                            gdi: k.entry.gdi,
                        }),
                        Ok(None) => {}
                        Err(e) => return Answer::Failed(JobError::Player(e)),
                    }
                    generator.advance(1);
                    if deadline.expired() {
                        break;
                    }
                }
                let more = kept.len() < *count && generator.tried() < *max_deals && generator.next_seed().is_some();
                if more {
                    Answer::Progress {
                        done: generator.tried() as u32,
                        total: *max_deals as u32,
                    }
                } else {
                    Answer::Lab(LabResult::Generate {
                        first: *first,
                        tried: generator.tried(),
                        kept: std::mem::take(kept),
                    })
                }
            }
            LabRun::Par(library) => Answer::Lab(LabResult::Par {
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
            }),
            LabRun::Tournament(runs, matches) => {
                'work: for (_, run) in runs.iter_mut() {
                    while !run.is_done() {
                        if let Err(e) = run.step(clock) {
                            return Answer::Failed(JobError::Player(e));
                        }
                        if deadline.expired() {
                            break 'work;
                        }
                    }
                }
                let done: u32 = runs.iter().map(|(_, r)| r.played()).sum();
                if runs.iter().all(|(_, r)| r.is_done()) {
                    Answer::Lab(LabResult::Tournament(
                        runs.iter().map(|(f, r)| (f.clone(), r.result())).collect(),
                    ))
                } else {
                    Answer::Progress {
                        done,
                        total: 3 * *matches,
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finish(job: LabJob) -> Answer {
        let clock = engine::clock::MonotonicClock::default();
        let mut run = match LabRun::new(job) {
            Ok(run) => run,
            Err(e) => return Answer::Failed(e),
        };
        loop {
            let answer = run.advance(&Deadline::after(&clock, 5.0), &clock);
            if answer.is_final() {
                return answer;
            }
        }
    }

    #[test]
    fn deals_like_this_one_lie_within_eps_as_the_engine_plays_them() {
        let centre = GdiCentre::new(vec![0.7, 0.27, 0.05]).unwrap();
        let job = |count, max_deals| LabJob::Generate {
            centre: centre.clone(),
            eps: 0.2,
            count,
            panel: "quick".into(),
            games: 2,
            seed: 40,
            max_deals,
        };
        let Answer::Lab(LabResult::Generate { first, tried, kept }) = finish(job(3, 1_000)) else {
            panic!("no deals");
        };
        assert_eq!((first, kept.len()), (40, 3));
        assert_eq!(kept.last().map(|d| d.seed), Some(first + tried - 1));
        let panel = Panel::named("quick").unwrap();
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
            panel: "quick".into(),
            games: 0,
        });
        assert!(matches!(
            answer,
            Answer::Failed(JobError::OutOfRange {
                what: Quantity::GamesPerTable,
                ..
            })
        ));
        let answer = finish(LabJob::Panel {
            deal: Deal::from_seed(1),
            seed: 0,
            panel: "nope".into(),
            games: 1,
        });
        assert_eq!(answer, Answer::Failed(JobError::UnknownPanel("nope".into())));
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

//! The engine's web worker: heavy work runs here, never on the UI thread.
//!
//! One reactor serves typed requests. A job runs in slices of a few tens of
//! milliseconds; between slices it reports progress and yields to the
//! worker's event loop, so a `Cancel` (or a newer job) sent meanwhile is seen
//! at once.

use std::collections::BTreeMap;
use std::time::Duration;

use engine::agents::{GreedyPlayer, RandomPlayer};
use engine::clock::Deadline;
use engine::lab::dih::{dih, Distribution, DistributionError};
use engine::lab::library::Library;
use engine::lab::panel::{gdi_distance, Panel, PanelRun, ScoreDistribution};
use engine::lab::tournament::{Format, PlaceProbabilities, TournamentRun};
use engine::solver::{MoveVerdict, MovesRun, Position, SolveOptions, SolveResult, Solver, Utility};
use engine::{rng, Cards, Clock, Deal, Game, Move, Play, Player, Seat, Team};
use futures::{FutureExt, SinkExt, StreamExt};
use serde::{Deserialize, Serialize};
use yew_agent::reactor::{reactor, ReactorScope};

use crate::web::WebClock;

/// A baseline player the worker can seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Baseline {
    Random,
    Greedy,
}

/// Play `deal` `games` times with these players (landlord first).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SimulationJob {
    pub id: u32,
    pub deal: Deal,
    pub players: [Baseline; 3],
    pub games: u32,
    pub seed: u64,
}

/// Solve an open-hand position, within `time_limit_ms`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SolveJob {
    pub id: u32,
    /// Landlord first; 2 or 3 hands.
    pub hands: Vec<Cards>,
    pub to_move: Seat,
    pub to_beat: Option<(Seat, Play)>,
    pub time_limit_ms: f64,
    #[serde(default)]
    pub utility: Utility,
}

/// Every legal play of the side to move with its verdict, and the best line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MovesJob {
    pub id: u32,
    /// Landlord first; 2 or 3 hands.
    pub hands: Vec<Cards>,
    pub to_move: Seat,
    pub to_beat: Option<(Seat, Play)>,
    pub utility: Utility,
    pub time_limit_ms: f64,
}

/// A finished deal looked over move by move with every hand open.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReviewJob {
    pub id: u32,
    pub deal: Deal,
    pub record: Vec<(Seat, Move)>,
    /// For the whole review; late positions are solved first.
    pub time_limit_ms: f64,
}

/// Who wins a position with best play, and whether that is proven.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verdict {
    pub winner: Team,
    pub exact: bool,
}

/// One move of a reviewed deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewedMove {
    pub seat: Seat,
    pub mv: Move,
    /// The position before the move (`None`: not reached in the time).
    pub before: Option<Verdict>,
    pub after: Option<Verdict>,
    /// The best move there (one that keeps a win, if the mover had one).
    pub best: Option<Move>,
}

impl ReviewedMove {
    /// A proven win for the mover's side turned into a proven loss.
    pub fn threw_away_a_win(&self) -> bool {
        match (self.before, self.after) {
            (Some(b), Some(a)) => b.exact && a.exact && b.winner == self.seat.team() && a.winner != self.seat.team(),
            _ => false,
        }
    }
}

/// Choose a move for `seat` in the game of `deal` after `record`, as the
/// player `player` (a name with options or a ladder rung), within
/// `time_limit_ms`. The player sees only the seat's view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChooseJob {
    pub id: u32,
    pub player: String,
    pub deal: Deal,
    pub record: Vec<(Seat, Move)>,
    pub seed: u64,
    pub time_limit_ms: f64,
}

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
        centre: Option<Vec<f64>>,
    },
    /// Tournaments in the three formats side by side.
    Tournament {
        tables: Vec<String>,
        farmers: String,
        rounds: u32,
        matches: u32,
        centre: Vec<f64>,
        eps: f64,
        seed: u64,
    },
}

/// One deal of the ranked library.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RankedDeal {
    pub seed: u64,
    pub dih: f64,
    pub distance: Option<f64>,
    pub gdi: Vec<f64>,
    pub scores: Vec<i64>,
    pub counts: Vec<u64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum LabResult {
    Panel(ScoreDistribution),
    DihCurve(Vec<f64>),
    Rank {
        deals: usize,
        rows: Vec<RankedDeal>,
    },
    /// (format, place probabilities) for duplicate, equal, random.
    Tournament(Vec<(String, PlaceProbabilities)>),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Request {
    Simulate(SimulationJob),
    Solve(SolveJob),
    Moves(MovesJob),
    Review(ReviewJob),
    Choose(ChooseJob),
    Lab(u32, LabJob),
    /// Stop the running job, if any.
    Cancel,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SimulationResult {
    pub games: u32,
    pub landlord_wins: u32,
    /// Landlord score (tournament scoring) → how many games ended with it.
    pub scores: BTreeMap<i64, u32>,
    /// Plays each seat could lead with its dealt hand.
    pub lead_counts: [u32; 3],
}

impl SimulationResult {
    pub fn average_score(&self) -> f64 {
        let total: i64 = self.scores.iter().map(|(s, n)| s * i64::from(*n)).sum();
        total as f64 / f64::from(self.games.max(1))
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Response {
    Progress {
        id: u32,
        done: u32,
        total: u32,
    },
    Finished {
        id: u32,
        result: SimulationResult,
    },
    Cancelled {
        id: u32,
    },
    Searching {
        id: u32,
        depth: Option<u32>,
        nodes: u64,
        ms: f64,
    },
    Solved {
        id: u32,
        /// Nodes and time summed over the slices.
        result: SolveResult,
    },
    Chose {
        id: u32,
        mv: Move,
        ms: f64,
    },
    /// Every legal play's verdict, best first, and the best line.
    Moves {
        id: u32,
        verdicts: Vec<MoveVerdict>,
        line: Vec<Move>,
    },
    Reviewed {
        id: u32,
        moves: Vec<ReviewedMove>,
    },
    LabDone {
        id: u32,
        result: LabResult,
    },
    Failed {
        id: u32,
        message: String,
    },
    /// A lab job that cannot run, for the page to explain in its language.
    LabFailed {
        id: u32,
        error: LabError,
    },
}

/// Why a lab job cannot run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum LabError {
    UnknownPanel(String),
    BadDistribution(DistributionError),
    /// Fewer deals of the library lie within `eps` of the centre than there
    /// are tables.
    TooFewDeals {
        found: usize,
        needed: usize,
        eps: f64,
    },
    UnknownPlayer(String),
    BadPlayerOption {
        name: String,
        why: String,
    },
    /// Anything else (a broken built-in library, a player's illegal move),
    /// in the engine's words.
    Other(String),
}

impl From<engine::PlayerError> for LabError {
    fn from(e: engine::PlayerError) -> LabError {
        match e {
            engine::PlayerError::Unknown(name) => LabError::UnknownPlayer(name),
            engine::PlayerError::BadOption { name, why } => LabError::BadPlayerOption { name, why },
            other => LabError::Other(other.to_string()),
        }
    }
}

/// Replays `record` on `deal` and asks the player for the next move. An
/// illegal record or player is an error message, never a panic.
pub fn choose(job: &ChooseJob, clock: &dyn Clock) -> Result<(Move, f64), String> {
    let mut game = Game::new(&job.deal);
    for (i, (seat, mv)) in job.record.iter().enumerate() {
        if *seat != game.to_move() {
            return Err(format!("move {}: not the {seat}'s turn", i + 1));
        }
        game.apply(*mv).map_err(|e| format!("move {}: {e}", i + 1))?;
    }
    if game.is_over() {
        return Err("the deal is over".into());
    }
    let mut player = engine::make_player(&job.player, job.seed).map_err(|e| e.to_string())?;
    let started = clock.now_ms();
    let deadline = Deadline::after(clock, job.time_limit_ms);
    let seat = game.to_move();
    let mv = player.choose(&game.view(seat), &deadline);
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    if !legal.contains(&mv) {
        return Err(format!("{} chose an illegal move {mv}", job.player));
    }
    Ok((mv, clock.now_ms() - started))
}

/// A simulation that can be advanced a slice at a time.
pub struct Simulation {
    job: SimulationJob,
    seeds: rng::Rng,
    result: SimulationResult,
}

impl Simulation {
    pub fn new(job: SimulationJob) -> Simulation {
        let mut lead_counts = [0u32; 3];
        for seat in Seat::ALL {
            let mut n = 0usize;
            engine::lead_plays(job.deal.hand(seat), &mut n);
            lead_counts[seat.index()] = n as u32;
        }
        Simulation {
            seeds: rng::from_seed(job.seed),
            result: SimulationResult {
                lead_counts,
                ..SimulationResult::default()
            },
            job,
        }
    }

    pub fn is_done(&self) -> bool {
        self.result.games >= self.job.games
    }

    pub fn result(&self) -> &SimulationResult {
        &self.result
    }

    /// Plays games until all are played or `deadline` passes (at least one).
    pub fn advance(&mut self, deadline: &Deadline<'_>) {
        while !self.is_done() {
            let mut table: Vec<Box<dyn Player>> = self
                .job
                .players
                .iter()
                .map(|p| -> Box<dyn Player> {
                    match p {
                        Baseline::Random => Box::new(RandomPlayer::new(rng::split(&mut self.seeds))),
                        Baseline::Greedy => Box::new(GreedyPlayer::new()),
                    }
                })
                .collect();
            let mut game = Game::new(&self.job.deal);
            while !game.is_over() {
                let seat = game.to_move();
                let mv = table[seat.index()].choose(&game.view(seat), &Deadline::NONE);
                // The baselines only choose legal moves; should one not, the
                // game is counted as it stands rather than stopping the worker.
                if game.apply(mv).is_err() {
                    break;
                }
            }
            if let Some(outcome) = game.outcome() {
                let score = outcome.score(engine::Scoring::Tournament);
                *self.result.scores.entry(score).or_default() += 1;
                if score > 0 {
                    self.result.landlord_wins += 1;
                }
            }
            self.result.games += 1;
            if deadline.expired() {
                break;
            }
        }
    }
}

/// Requests answered in one go (an AI's move within its time limit, a DIH
/// curve, a ranking of the library), even while a long job runs.
fn is_quick(request: &Request) -> bool {
    matches!(
        request,
        Request::Choose(_) | Request::Lab(_, LabJob::DihCurve { .. } | LabJob::Rank { .. })
    )
}

fn answer_at_once(request: &Request, clock: &WebClock) -> Option<Response> {
    match request {
        Request::Choose(job) => Some(match choose(job, clock) {
            Ok((mv, ms)) => Response::Chose { id: job.id, mv, ms },
            Err(message) => Response::Failed { id: job.id, message },
        }),
        Request::Lab(id, job) => {
            let mut run = LabRun::new(job.clone());
            Some(run.advance(*id, &Deadline::NONE, clock))
        }
        _ => None,
    }
}

/// How long a slice of simulation runs before the worker reports and listens.
const SLICE_MS: f64 = 30.0;

/// The solver's table in the worker (a browser tab's memory is shared).
const SOLVER_TABLE_BYTES: usize = 32 << 20;
/// A solve runs in slices this long; the table carries the work over.
const SOLVE_SLICE_MS: f64 = 150.0;

#[reactor(EngineWorker)]
pub async fn engine_worker(mut scope: ReactorScope<Request, Response>) {
    let clock = WebClock;
    let mut solver: Option<Solver> = None;
    let mut next: Option<Request> = None;
    loop {
        let request = match next.take() {
            Some(r) => r,
            None => match scope.next().await {
                Some(r) => r,
                None => return,
            },
        };
        let id = match &request {
            Request::Simulate(job) => job.id,
            Request::Solve(job) => job.id,
            Request::Moves(job) => job.id,
            Request::Review(job) => job.id,
            request if is_quick(request) => {
                if let Some(answer) = answer_at_once(request, &clock) {
                    if scope.send(answer).await.is_err() {
                        return;
                    }
                }
                continue;
            }
            Request::Choose(job) => job.id,
            Request::Lab(id, _) => *id,
            Request::Cancel => continue, // nothing running
        };
        let mut job = Job::start(request, &mut solver);
        loop {
            let answer = job.advance(&clock, &mut solver);
            let finished = matches!(
                answer,
                Response::Finished { .. }
                    | Response::Solved { .. }
                    | Response::Moves { .. }
                    | Response::Reviewed { .. }
                    | Response::LabDone { .. }
                    | Response::LabFailed { .. }
                    | Response::Failed { .. }
            );
            if scope.send(answer).await.is_err() {
                return;
            }
            if finished {
                break;
            }
            // Let messages sent meanwhile arrive, then look for one.
            yew::platform::time::sleep(Duration::ZERO).await;
            match scope.next().now_or_never() {
                None => continue,
                Some(None) => return,
                // A quick question is answered without stopping the job.
                Some(Some(request)) if is_quick(&request) => {
                    if let Some(answer) = answer_at_once(&request, &clock) {
                        if scope.send(answer).await.is_err() {
                            return;
                        }
                    }
                }
                Some(Some(request)) => {
                    let _ = scope.send(Response::Cancelled { id }).await;
                    if !matches!(request, Request::Cancel) {
                        next = Some(request);
                    }
                    break;
                }
            }
        }
    }
}

/// A running request, advanced a slice at a time.
enum Job {
    Simulate(Box<Simulation>, u32),
    Solve {
        job: SolveJob,
        position: Position,
        spent: f64,
        nodes: u64,
    },
    Lab(u32, Box<LabRun>),
    Moves(u32, Box<MovesRun>, MovesJob),
    Review(u32, Box<Review>),
    Invalid(u32, String),
}

/// A review in progress: the positions of the deal, solved from the last
/// one back (each proof helps the ones before it).
pub struct Review {
    positions: Vec<Position>,
    record: Vec<(Seat, Move)>,
    /// Verdict and best move per position, filled from the end.
    found: Vec<Option<(Verdict, Option<Move>)>>,
    /// The position being solved (counting down), and the time spent on it.
    at: usize,
    spent: f64,
    total: f64,
    limit: f64,
}

impl Review {
    fn new(job: &ReviewJob) -> Result<Review, String> {
        let mut game = Game::new(&job.deal);
        let mut positions = vec![];
        for (i, (seat, mv)) in job.record.iter().enumerate() {
            if *seat != game.to_move() {
                return Err(format!("move {}: not the {seat}'s turn", i + 1));
            }
            let hands: Vec<Cards> = Seat::ALL.iter().map(|&s| game.hand(s)).collect();
            positions.push(Position::new(&hands, game.to_move(), game.to_beat()).map_err(|e| e.to_string())?);
            game.apply(*mv).map_err(|e| format!("move {}: {e}", i + 1))?;
        }
        let n = positions.len();
        Ok(Review {
            positions,
            record: job.record.clone(),
            found: vec![None; n],
            at: n,
            spent: 0.0,
            total: 0.0,
            limit: job.time_limit_ms.clamp(100.0, 600_000.0),
        })
    }

    /// The verdict after move `k`: of position `k + 1`, or the deal's end.
    fn after(&self, k: usize, outcome: Option<Team>) -> Option<Verdict> {
        match self.found.get(k + 1) {
            Some(found) => found.map(|(v, _)| v),
            None => outcome.map(|winner| Verdict { winner, exact: true }),
        }
    }

    fn moves(&self) -> Vec<ReviewedMove> {
        // The deal's winner ends the record.
        let outcome = self.positions.last().and_then(|p| {
            let (seat, mv) = self.record.last()?;
            let after = p.after(*mv);
            let _ = seat;
            after.winner().map(|w| w.team())
        });
        self.record
            .iter()
            .enumerate()
            .map(|(k, &(seat, mv))| ReviewedMove {
                seat,
                mv,
                before: self.found[k].map(|(v, _)| v),
                after: self.after(k, outcome),
                best: self.found[k].and_then(|(_, b)| b),
            })
            .collect()
    }

    /// Works for a slice; the review when done, else progress.
    fn advance(&mut self, id: u32, solver: &mut Solver, clock: &dyn Clock) -> Response {
        let n = self.positions.len();
        if self.at > 0 && self.total < self.limit {
            let k = self.at - 1;
            // Each position gets a fair share of what is left, at least 100 ms.
            let share = ((self.limit - self.total) / self.at as f64).max(100.0);
            let slice = (share - self.spent).clamp(1.0, SOLVE_SLICE_MS);
            let options = SolveOptions {
                time_limit_ms: Some(slice),
                principal_variation: false,
                ..SolveOptions::default()
            };
            let r = solver.solve(&self.positions[k], &options, clock, &mut ());
            self.spent += r.ms;
            self.total += r.ms;
            if r.exact || self.spent >= share {
                self.found[k] = Some((
                    Verdict {
                        winner: r.winner,
                        exact: r.exact,
                    },
                    r.best,
                ));
                self.at = k;
                self.spent = 0.0;
            }
            return Response::Progress {
                id,
                done: (n - self.at) as u32,
                total: n as u32,
            };
        }
        Response::Reviewed {
            id,
            moves: self.moves(),
        }
    }
}

/// The built-in hand library (`assets/library.json`, built by the command
/// in the README), parsed once.
fn library() -> Result<&'static Library, LabError> {
    static LIBRARY: std::sync::OnceLock<Result<Library, String>> = std::sync::OnceLock::new();
    LIBRARY
        .get_or_init(|| {
            serde_json::from_str(include_str!("../assets/library.json"))
                .map_err(|e| format!("the built-in library: {e}"))
        })
        .as_ref()
        .map_err(|e| LabError::Other(e.clone()))
}

/// A lab job in progress.
pub enum LabRun {
    Panel(Box<PanelRun>),
    Tournament(Vec<(String, TournamentRun)>, u32),
    /// Answered at once.
    Done(Result<LabResult, LabError>),
}

impl LabRun {
    pub fn new(job: LabJob) -> LabRun {
        match job {
            LabJob::Panel {
                deal,
                seed,
                panel,
                games,
            } => match Panel::named(&panel) {
                Some(p) => LabRun::Panel(Box::new(PanelRun::new(deal, seed, p, games.clamp(1, 100)))),
                None => LabRun::Done(Err(LabError::UnknownPanel(panel))),
            },
            LabJob::DihCurve {
                points,
                players,
                top,
                max_rounds,
            } => {
                LabRun::Done(Distribution::new(&points).map_err(LabError::BadDistribution).map(|d| {
                    LabResult::DihCurve((1..=max_rounds.min(200)).map(|m| dih(&d, players, m, top)).collect())
                }))
            }
            LabJob::Rank {
                players,
                rounds,
                top,
                centre,
            } => LabRun::Done(library().map(|lib| {
                let mut rows: Vec<RankedDeal> = lib
                    .entries
                    .iter()
                    .filter_map(|e| {
                        let distance = match &centre {
                            Some(c) => Some(gdi_distance(&e.gdi, c)?),
                            None => None,
                        };
                        Some(RankedDeal {
                            seed: e.seed,
                            dih: e.dih(players, rounds, top),
                            distance,
                            gdi: e.gdi.clone(),
                            scores: e.distribution.scores.clone(),
                            counts: e.distribution.counts.clone(),
                        })
                    })
                    .collect();
                match centre {
                    Some(_) => rows.sort_by(|a, b| a.distance.unwrap_or(0.0).total_cmp(&b.distance.unwrap_or(0.0))),
                    None => rows.sort_by(|a, b| b.dih.total_cmp(&a.dih)),
                }
                LabResult::Rank {
                    deals: lib.entries.len(),
                    rows,
                }
            })),
            LabJob::Tournament {
                tables,
                farmers,
                rounds,
                matches,
                centre,
                eps,
                seed,
            } => {
                let pool: Vec<u64> = match library() {
                    Ok(lib) => lib.equal_strength(&centre, eps).iter().map(|(e, _)| e.seed).collect(),
                    Err(e) => return LabRun::Done(Err(e)),
                };
                if pool.len() < tables.len() {
                    return LabRun::Done(Err(LabError::TooFewDeals {
                        found: pool.len(),
                        needed: tables.len(),
                        eps,
                    }));
                }
                let run = |format| TournamentRun::new(tables.clone(), farmers.clone(), format, rounds, matches, seed);
                LabRun::Tournament(
                    vec![
                        ("duplicate".into(), run(Format::Duplicate)),
                        ("equal".into(), run(Format::Equal(pool))),
                        ("random".into(), run(Format::Random)),
                    ],
                    matches,
                )
            }
        }
    }

    /// Works until `deadline`; the answer when done, else progress.
    fn advance(&mut self, id: u32, deadline: &Deadline<'_>, clock: &dyn Clock) -> Response {
        let failed = |e: engine::PlayerError| Response::LabFailed { id, error: e.into() };
        match self {
            LabRun::Done(result) => match result.clone() {
                Ok(result) => Response::LabDone { id, result },
                Err(error) => Response::LabFailed { id, error },
            },
            LabRun::Panel(run) => {
                while !run.is_done() {
                    if let Err(e) = run.step(clock) {
                        return failed(e);
                    }
                    if deadline.expired() {
                        break;
                    }
                }
                if run.is_done() {
                    Response::LabDone {
                        id,
                        result: LabResult::Panel(run.result().clone()),
                    }
                } else {
                    Response::Progress {
                        id,
                        done: run.played(),
                        total: run.total(),
                    }
                }
            }
            LabRun::Tournament(runs, matches) => {
                'work: for (_, run) in runs.iter_mut() {
                    while !run.is_done() {
                        if let Err(e) = run.step(clock) {
                            return failed(e);
                        }
                        if deadline.expired() {
                            break 'work;
                        }
                    }
                }
                let done: u32 = runs.iter().map(|(_, r)| r.played()).sum();
                if runs.iter().all(|(_, r)| r.is_done()) {
                    Response::LabDone {
                        id,
                        result: LabResult::Tournament(runs.iter().map(|(f, r)| (f.clone(), r.result())).collect()),
                    }
                } else {
                    Response::Progress {
                        id,
                        done,
                        total: 3 * *matches,
                    }
                }
            }
        }
    }
}

impl Job {
    fn start(request: Request, solver: &mut Option<Solver>) -> Job {
        match request {
            Request::Simulate(job) => {
                let total = job.games;
                Job::Simulate(Box::new(Simulation::new(job)), total)
            }
            Request::Solve(job) => match Position::new(&job.hands, job.to_move, job.to_beat) {
                Ok(position) => {
                    solver.get_or_insert_with(|| Solver::new(SOLVER_TABLE_BYTES));
                    Job::Solve {
                        job,
                        position,
                        spent: 0.0,
                        nodes: 0,
                    }
                }
                Err(e) => Job::Invalid(job.id, e.to_string()),
            },
            Request::Moves(job) => match Position::new(&job.hands, job.to_move, job.to_beat) {
                Ok(position) => {
                    solver.get_or_insert_with(|| Solver::new(SOLVER_TABLE_BYTES));
                    let options = SolveOptions {
                        utility: job.utility,
                        time_limit_ms: Some(job.time_limit_ms.clamp(10.0, 600_000.0)),
                        ..SolveOptions::default()
                    };
                    Job::Moves(job.id, Box::new(MovesRun::new(position, options, &WebClock)), job)
                }
                Err(e) => Job::Invalid(job.id, e.to_string()),
            },
            Request::Review(job) => match Review::new(&job) {
                Ok(review) => {
                    solver.get_or_insert_with(|| Solver::new(SOLVER_TABLE_BYTES));
                    Job::Review(job.id, Box::new(review))
                }
                Err(e) => Job::Invalid(job.id, e),
            },
            Request::Choose(job) => Job::Invalid(job.id, "answered directly".into()),
            Request::Lab(id, job) => Job::Lab(id, Box::new(LabRun::new(job))),
            Request::Cancel => Job::Invalid(0, "nothing to do".into()),
        }
    }

    fn advance(&mut self, clock: &WebClock, solver: &mut Option<Solver>) -> Response {
        match self {
            Job::Simulate(sim, total) => {
                sim.advance(&Deadline::after(clock as &dyn Clock, SLICE_MS));
                let id = sim.job.id;
                if sim.is_done() {
                    Response::Finished {
                        id,
                        result: sim.result().clone(),
                    }
                } else {
                    Response::Progress {
                        id,
                        done: sim.result().games,
                        total: *total,
                    }
                }
            }
            Job::Solve {
                job,
                position,
                spent,
                nodes,
            } => {
                let Some(solver) = solver.as_mut() else {
                    return Response::Failed {
                        id: job.id,
                        message: "no solver".into(),
                    };
                };
                let slice = (job.time_limit_ms - *spent).clamp(1.0, SOLVE_SLICE_MS);
                let options = SolveOptions {
                    utility: job.utility,
                    time_limit_ms: Some(slice),
                    ..SolveOptions::default()
                };
                let mut r = solver.solve(position, &options, clock, &mut ());
                *spent += r.ms;
                *nodes += r.nodes;
                if r.exact || *spent >= job.time_limit_ms {
                    r.nodes = *nodes;
                    r.ms = *spent;
                    Response::Solved { id: job.id, result: r }
                } else {
                    Response::Searching {
                        id: job.id,
                        depth: (r.depth < u32::from(u8::MAX)).then_some(r.depth),
                        nodes: *nodes,
                        ms: *spent,
                    }
                }
            }
            Job::Lab(id, run) => run.advance(*id, &Deadline::after(clock as &dyn Clock, SLICE_MS), clock),
            Job::Moves(id, run, job) => {
                let Some(solver) = solver.as_mut() else {
                    return Response::Failed {
                        id: *id,
                        message: "no solver".into(),
                    };
                };
                if !run.advance(solver, clock, SOLVE_SLICE_MS) {
                    let (done, total) = run.progress();
                    return Response::Progress {
                        id: *id,
                        done: done as u32,
                        total: total as u32,
                    };
                }
                let verdicts = run.verdicts();
                // The best line from here, when the verdict is proven.
                let line = match Position::new(&job.hands, job.to_move, job.to_beat) {
                    Ok(position) if verdicts.first().is_some_and(|v| v.exact) => {
                        let options = SolveOptions {
                            utility: job.utility,
                            time_limit_ms: Some(SOLVE_SLICE_MS),
                            ..SolveOptions::default()
                        };
                        let r = solver.solve(&position, &options, clock, &mut ());
                        if r.exact {
                            r.pv
                        } else {
                            vec![]
                        }
                    }
                    _ => vec![],
                };
                Response::Moves {
                    id: *id,
                    verdicts,
                    line,
                }
            }
            Job::Review(id, review) => match solver.as_mut() {
                Some(solver) => review.advance(*id, solver, clock),
                None => Response::Failed {
                    id: *id,
                    message: "no solver".into(),
                },
            },
            Job::Invalid(id, message) => Response::Failed {
                id: *id,
                message: message.clone(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choosing_replays_the_record_and_answers_legally() {
        let clock = engine::clock::MonotonicClock::default();
        let deal = Deal::from_seed(3);
        let mut job = ChooseJob {
            id: 1,
            player: "L5".into(),
            deal,
            record: vec![],
            seed: 0,
            time_limit_ms: 500.0,
        };
        let (first, _) = choose(&job, &clock).unwrap();
        job.record.push((Seat::Landlord, first));
        let (answer, _) = choose(&job, &clock).unwrap();
        let mut game = Game::new(&deal);
        game.apply(first).unwrap();
        assert!(game.apply(answer).is_ok());
        // A record out of turn, an unknown player: messages, not panics.
        job.record.insert(0, (Seat::Farmer1, Move::Pass));
        assert!(choose(&job, &clock).unwrap_err().contains("move 1"));
        job.record.clear();
        job.player = "nobody".into();
        assert!(choose(&job, &clock).unwrap_err().contains("unknown player"));
    }

    #[test]
    fn a_review_finds_the_moves_that_threw_a_win_away() {
        use engine::solver::{Position, SolveOptions};
        let clock = engine::clock::MonotonicClock::default();
        // A deal between careless players (L1 makes random slips).
        let deal = Deal::from_seed(0);
        let mut game = Game::new(&deal);
        let mut players: Vec<Box<dyn Player>> = (0..3).map(|i| engine::make_player("L1", i).unwrap()).collect();
        let mut record = vec![];
        while !game.is_over() {
            let seat = game.to_move();
            let mv = players[seat.index()].choose(&game.view(seat), &Deadline::NONE);
            record.push((seat, mv));
            game.apply(mv).unwrap();
        }
        let job = ReviewJob {
            id: 1,
            deal,
            record: record.clone(),
            time_limit_ms: 3_000.0,
        };
        let mut review = Review::new(&job).unwrap();
        let mut solver = Solver::new(1 << 22);
        let moves = loop {
            if let Response::Reviewed { moves, .. } = review.advance(1, &mut solver, &clock) {
                break moves;
            }
        };
        assert_eq!(moves.len(), record.len());
        // The end is known, and the late positions are proven.
        let last = moves.last().unwrap();
        assert_eq!(
            last.after,
            Some(Verdict {
                winner: game.outcome().unwrap().winner.team(),
                exact: true
            })
        );
        assert!(moves.iter().rev().take(6).all(|m| m.before.is_some_and(|v| v.exact)));
        // A flagged move turned the mover's proven win into a proven loss,
        // and the best move there keeps the win. (This deal has such moves.)
        assert!(moves.iter().any(|m| m.threw_away_a_win()));
        let mut g = Game::new(&deal);
        for m in &moves {
            if m.threw_away_a_win() {
                let hands: Vec<Cards> = Seat::ALL.iter().map(|&s| g.hand(s)).collect();
                let pos = Position::new(&hands, g.to_move(), g.to_beat()).unwrap();
                let best = m.best.expect("a better move");
                let after = pos.after(best);
                let kept = after.winner().map(|w| w.team()).unwrap_or_else(|| {
                    Solver::new(1 << 20)
                        .solve(&after, &SolveOptions::default(), &clock, &mut ())
                        .winner
                });
                assert_eq!(kept, m.seat.team());
            }
            g.apply(m.mv).unwrap();
        }
        // A record out of turn is refused, not reviewed.
        let mut bad = job.clone();
        bad.record[0].0 = Seat::Farmer1;
        assert!(Review::new(&bad).is_err());
    }

    #[test]
    fn simulation_counts_every_game_and_is_reproducible() {
        let job = SimulationJob {
            id: 1,
            deal: Deal::from_seed(42),
            players: [Baseline::Random, Baseline::Greedy, Baseline::Random],
            games: 50,
            seed: 9,
        };
        let run = || {
            let mut sim = Simulation::new(job.clone());
            sim.advance(&Deadline::NONE);
            sim.result().clone()
        };
        let result = run();
        assert_eq!(result.games, 50);
        assert_eq!(result.scores.values().sum::<u32>(), 50);
        assert_eq!(
            result.landlord_wins,
            result
                .scores
                .iter()
                .filter(|(s, _)| **s > 0)
                .map(|(_, n)| n)
                .sum::<u32>()
        );
        assert!(result.scores.keys().all(|s| *s != 0));
        assert_eq!(result, run());
        let mut n = 0usize;
        engine::lead_plays(job.deal.hand(Seat::Landlord), &mut n);
        assert_eq!(result.lead_counts[0] as usize, n);
    }
}

//! The engine's web worker: heavy work runs here, never on the UI thread.
//!
//! The protocol is typed: a page sends [`Request::Run`] with a [`JobId`] and
//! a [`Job`], and gets [`Response`]s carrying that id: progress, then one
//! final [`Answer`] (a result, [`Answer::Cancelled`] or [`Answer::Failed`]
//! with a [`JobError`] the page words in its own language).
//!
//! Each connection (one [`use_engine`] hook) gets a reactor of its own in
//! the one worker and runs one job at a time: a new job replaces the running
//! one. A job runs in slices of a few tens of milliseconds; between slices it
//! reports progress and yields to the worker's event loop, so a `Cancel` or a
//! newer job sent meanwhile is seen at once, and jobs of other connections
//! (another section of the Lab, the Play page's review and its AI moves)
//! take turns with it.
//!
//! - [`choose`]: an AI's move (the Play page).
//! - [`simulation`]: a deal played many times by baseline players.
//! - [`review`]: a finished deal solved move by move with open hands.
//! - [`lab`]: score distributions, DIH, the library ranked, tournaments.
//! - [`learned`]: a hand split by the learned splitter (its model fetched
//!   on first use).
//! - [`contest`]: an entrant's boards, a board's field and par, scoring,
//!   hand records, and the opponents' moves at a contest table.
//! - [`solve`]: an open-hand position solved, or every play's verdict.
//! - [`running`]: a job in progress, a stepwise run answered a slice at a
//!   time.
//! - [`run`]: the reactor.
//! - [`hook`]: the UI side, `use_engine`.

pub mod choose;
pub mod contest;
pub mod hook;
pub mod lab;
pub mod learned;
pub mod review;
pub mod run;
pub mod running;
pub mod simulation;
pub mod solve;

use engine::lab::dih::DistributionError;
use engine::solver::{MoveVerdict, PositionError, SolveResult, Utility};
use engine::{Cards, Move, Play, PlayerError, RecordError, Seat, Team};
use serde::{Deserialize, Serialize};

pub use choose::ChooseJob;
pub use contest::{BoardReport, ContestAnswer, ContestJob, ContestMoveJob};
pub use hook::{use_engine, use_task, Engine, Task, TaskHandle};
pub use lab::{LabJob, LabResult, LikeDeal, RankedDeal, TeachingCase, CHARTED};
pub use learned::{LearnedSplitJob, LearnedSplitResult};
pub use review::{ReviewJob, ReviewedMove, Slip, Verdict};
pub use run::EngineWorker;
pub use simulation::{Baseline, SimulationJob, SimulationResult};

/// Tells the answers to one job from another's (numbered per connection).
pub type JobId = u32;

/// What a page sends the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Request {
    /// Start a job, stopping the one this connection is running.
    Run(JobId, Job),
    /// Stop the running job, if any (it answers [`Answer::Cancelled`]).
    Cancel,
}

/// The work the worker does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Job {
    Simulate(SimulationJob),
    Solve(SolveJob),
    Moves(MovesJob),
    Review(ReviewJob),
    Choose(ChooseJob),
    Lab(LabJob),
    /// A hand split by the learned splitter.
    LearnedSplit(LearnedSplitJob),
    /// The Contest page's work: boards, fields, scoring, hand records.
    Contest(ContestJob),
    /// An opponent's move at a contest table (answered as [`Answer::Chose`]).
    ContestMove(ContestMoveJob),
}

/// Solve an open-hand position, within `time_limit_ms`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SolveJob {
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
    /// Landlord first; 2 or 3 hands.
    pub hands: Vec<Cards>,
    pub to_move: Seat,
    pub to_beat: Option<(Seat, Play)>,
    pub utility: Utility,
    pub time_limit_ms: f64,
}

/// "Wins in N" (必胜（N 手）) for a position and its plays.
///
/// N is the fewest plays (cards put down; passes are not counted) in which
/// the winning side is sure to go out, whatever the other side does: a
/// minimum proven over every line (`engine::puzzles::plays_to_win_after`),
/// the same N the puzzle library gives. The winner's last play, going out,
/// is counted; when the farmers win, both farmers' plays count. Only proven
/// wins have an N, and only where the count finished within its budget of
/// positions (`None` otherwise), never from an estimate.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct WinsIn {
    /// The position's winner and its N.
    pub position: Option<(Team, u32)>,
    /// For each verdict (in the same order) that is a proven win for the
    /// side to move: N along the solver's line from that play, the play
    /// itself counted first.
    pub plays: Vec<Option<u32>>,
}

/// What the worker sends back about job `id`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Response {
    pub id: JobId,
    pub answer: Answer,
}

/// Progress, or the one final answer of a job.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    /// `done` of `total` units of work (games, positions, rounds…).
    Progress {
        done: u32,
        total: u32,
    },
    /// A solve's progress: the depth reached, nodes and time so far.
    Searching {
        depth: Option<u32>,
        nodes: u64,
        ms: f64,
    },
    Simulated(SimulationResult),
    /// Nodes and time summed over the slices.
    Solved(SolveResult),
    Chose {
        mv: Move,
        ms: f64,
    },
    /// Every legal play's verdict, best first, and the best line.
    Moves {
        verdicts: Vec<MoveVerdict>,
        line: Vec<Move>,
        /// How far each proven win is, where that was found in time.
        #[serde(default)]
        wins_in: WinsIn,
    },
    Reviewed(Vec<ReviewedMove>),
    Lab(LabResult),
    /// A hand's learned split.
    LearnedSplit(LearnedSplitResult),
    Contest(ContestAnswer),
    Cancelled,
    Failed(JobError),
}

impl Answer {
    /// Whether this is the job's last answer.
    pub fn is_final(&self) -> bool {
        !matches!(self, Answer::Progress { .. } | Answer::Searching { .. })
    }
}

/// Why a job cannot run, as data: the page says it in its language.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum JobError {
    /// The hands and the play to beat do not make a position.
    Position(PositionError),
    /// The record does not replay on the deal.
    Record(RecordError),
    /// The deal is over: there is no move to choose.
    DealOver,
    /// An AI that does not exist, has bad options, or made an illegal move.
    Player(PlayerError),
    /// A number outside its stated range.
    OutOfRange {
        what: Quantity,
        value: f64,
        min: f64,
        max: f64,
    },
    Distribution(DistributionError),
    /// Fewer deals of the library lie within `eps` of the centre than there
    /// are tables.
    TooFewDeals {
        found: usize,
        needed: usize,
        eps: f64,
    },
    /// The GDI centre has another number of grades than the library's deals.
    CentreGrades {
        given: usize,
    },
    /// The built-in library could not be read (a build defect), in the
    /// parser's words.
    Library(String),
    /// An entrant's boards could not be dealt (the equal format found too
    /// few deals within ε).
    Boards(engine::contest::BoardsError),
    /// The learned splitter's model could not be fetched or read (offline
    /// before it was ever loaded, or a defect), in the browser's or the
    /// reader's words.
    Model(String),
}

impl From<PlayerError> for JobError {
    fn from(e: PlayerError) -> JobError {
        JobError::Player(e)
    }
}

impl From<engine::contest::BoardsError> for JobError {
    fn from(e: engine::contest::BoardsError) -> JobError {
        JobError::Boards(e)
    }
}

impl From<std::convert::Infallible> for JobError {
    fn from(never: std::convert::Infallible) -> JobError {
        match never {}
    }
}

/// The numbers a job takes, each with a stated range (see [`Quantity::range`]):
/// the browser's, within the engine's [`engine::limits`] for the same
/// number (often tighter, so a job in a phone's tab ends in reasonable time
/// and memory; a test holds each within the engine's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Quantity {
    /// Games of a simulation.
    Games,
    /// Games per table of a panel.
    GamesPerTable,
    /// A time limit, in milliseconds.
    TimeLimit,
    /// DIH's n: players in a tournament.
    Players,
    /// DIH's m: rounds.
    Rounds,
    /// DIH's r: the top places that must be told apart.
    Top,
    /// Tournaments simulated per format.
    Matches,
    /// Landlord tables of a tournament.
    Tables,
    /// ε, the distance to the GDI centre that counts as equal strength.
    Eps,
    /// Deals to deal or keep.
    Deals,
    /// Hand sizes of a solver match.
    Sizes,
    /// Cards in each hand of a solver match.
    HandSize,
}

impl Quantity {
    /// The inclusive range a job accepts.
    pub const fn range(self) -> (f64, f64) {
        match self {
            Quantity::Games => (1.0, 1_000_000.0),
            Quantity::GamesPerTable => (1.0, 1_000.0),
            Quantity::TimeLimit => (1.0, 600_000.0),
            Quantity::Players => (1.0, 1_000.0),
            Quantity::Rounds => (1.0, 200.0),
            Quantity::Top => (1.0, 100.0),
            Quantity::Matches => (1.0, 10_000.0),
            Quantity::Tables => (2.0, 20.0),
            Quantity::Eps => (*engine::limits::EPS.start(), 1.0),
            Quantity::Deals => (1.0, 100_000.0),
            Quantity::Sizes => (1.0, 20.0),
            Quantity::HandSize => (1.0, 20.0),
        }
    }

    /// `value`, or the error that says it is out of range (NaN included).
    pub fn check(self, value: f64) -> Result<f64, JobError> {
        let (min, max) = self.range();
        if value >= min && value <= max {
            Ok(value)
        } else {
            Err(JobError::OutOfRange {
                what: self,
                value,
                min,
                max,
            })
        }
    }

    /// A count, checked.
    pub fn count(self, n: u32) -> Result<u32, JobError> {
        self.check(f64::from(n)).map(|_| n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_play_is_written_as_the_cli_writes_it() {
        // The forms `ddz moves --json` prints (cli/tests/cli.rs holds the
        // CLI to them): plain cards, main+kickers only for cards with
        // several readings; the older `333+4` still reads.
        let record: Vec<(engine::Seat, engine::Move)> = ["3334", "444555666+333", "333444555666+", "333+4"]
            .iter()
            .map(|w| (engine::Seat::Landlord, engine::Move::parse(w).unwrap()))
            .collect();
        let job = Job::Choose(ChooseJob {
            player: "L7".parse().unwrap(),
            deal: engine::Deal::from_seed(1),
            record,
            seed: 0,
            time_limit_ms: 100.0,
        });
        let text = serde_json::to_string(&job).unwrap();
        assert!(
            text.contains(
                r#"["landlord","3334"],["landlord","444555666+333"],["landlord","333444555666+"],["landlord","3334"]"#
            ),
            "{text}"
        );
        assert!(text.contains(r#""player":"L7""#), "{text}");
        assert_eq!(serde_json::from_str::<Job>(&text).unwrap(), job);
    }

    #[test]
    fn every_range_lies_within_the_engines() {
        use engine::lab::solve_match::SIZES;
        use engine::limits;
        let f = |r: std::ops::RangeInclusive<u32>| (f64::from(*r.start()), f64::from(*r.end()));
        let engine = |q: Quantity| match q {
            // The Deal page's simulation of baseline players has no CLI
            // counterpart; its bound is the browser's alone.
            Quantity::Games => None,
            Quantity::GamesPerTable => Some(f(limits::GAMES)),
            Quantity::TimeLimit => Some((f64::MIN_POSITIVE, limits::MAX_TIME_LIMIT_MS)),
            Quantity::Players => Some(f(limits::PLAYERS)),
            Quantity::Rounds => Some(f(limits::ROUNDS)),
            Quantity::Top => Some(f(limits::TOP)),
            Quantity::Matches => Some(f(limits::MATCHES)),
            Quantity::Tables => Some((*limits::TABLES.start() as f64, *limits::TABLES.end() as f64)),
            Quantity::Eps => Some((*limits::EPS.start(), *limits::EPS.end())),
            Quantity::Deals => Some((*limits::DEALS.start() as f64, *limits::DEALS.end() as f64)),
            Quantity::Sizes => Some((1.0, SIZES.clone().count() as f64)),
            Quantity::HandSize => Some((*SIZES.start() as f64, *SIZES.end() as f64)),
        };
        for q in [
            Quantity::Games,
            Quantity::GamesPerTable,
            Quantity::TimeLimit,
            Quantity::Players,
            Quantity::Rounds,
            Quantity::Top,
            Quantity::Matches,
            Quantity::Tables,
            Quantity::Eps,
            Quantity::Deals,
            Quantity::Sizes,
            Quantity::HandSize,
        ] {
            let (min, max) = q.range();
            assert!(min <= max, "{q:?}");
            if let Some((lo, hi)) = engine(q) {
                assert!(
                    lo <= min && max <= hi,
                    "{q:?}: {min}..={max} is not within the engine's {lo}..={hi}"
                );
            }
        }
    }

    #[test]
    fn quantities_refuse_what_lies_outside_their_range() {
        assert!(Quantity::Games.count(0).is_err());
        assert!(Quantity::Games.count(1).is_ok());
        assert!(Quantity::Rounds.count(200).is_ok());
        assert!(Quantity::Rounds.count(201).is_err());
        assert!(Quantity::TimeLimit.check(f64::NAN).is_err());
        assert!(Quantity::TimeLimit.check(f64::INFINITY).is_err());
        assert!(Quantity::Eps.check(0.0).is_err());
        assert!(Quantity::Eps.check(1e-7).is_err());
        assert!(Quantity::Eps.check(1.0).is_ok());
        assert_eq!(
            Quantity::Top.count(101),
            Err(JobError::OutOfRange {
                what: Quantity::Top,
                value: 101.0,
                min: 1.0,
                max: 100.0
            })
        );
    }
}

//! The Contest page's jobs: test cases and the equal format's check from
//! the built-in library, an entrant's boards, a board's field and par,
//! scoring results, hand records; and the opponents' moves at a contest
//! table. Each long one runs in slices and can be cancelled (a par search
//! of a few seconds runs in one piece).

use engine::contest::field::FIELD_TOTAL;
use engine::contest::records::{self, HandRecord};
use engine::contest::standings::ScoringRun;
use engine::contest::{opponent_move, Board, Dealing, EntrantName, Event, Field, FieldRun, Standings, Submission};
use engine::lab::library::Library;
use engine::lab::panel::{gdi_distance, GdiCentre};
use engine::lab::par::Par;
use engine::{Clock, Deadline, Game, IllegalMove, Move, PlayerError};
use serde::{Deserialize, Serialize};

use super::lab::library;
use super::{Answer, JobError, Quantity};

/// What the Contest page asks of the worker.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ContestJob {
    /// The built-in library's test cases for n players, m boards and the
    /// top r places: the m deals with the highest DIH.
    TestCases { players: u32, boards: u8, top: u32 },
    /// How many of the built-in library's deals lie within ε of a centre.
    Nearby { centre: GdiCentre, eps: f64 },
    /// An entrant's boards (the equal format searches for them).
    Deal { event: Event, entrant: EntrantName },
    /// A board's field and par.
    Board { event: Event, board: Board },
    /// Results scored.
    Score {
        event: Event,
        submissions: Vec<Submission>,
        top: u32,
    },
    /// Hand records of these boards.
    Records { event: Event, boards: Vec<Board> },
}

/// How a board went for the field, and its par.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoardReport {
    pub field: Field,
    pub par: Par,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ContestAnswer {
    /// (seed, DIH) of each test case, highest first.
    TestCases(Vec<(u64, f64)>),
    /// Deals within ε, of the library's.
    Nearby {
        near: usize,
        of: usize,
    },
    Boards(Vec<Board>),
    Board(BoardReport),
    Standings(Standings),
    Records(Vec<HandRecord>),
}

/// An opponent's move at a contest table: the event's AI, bounded by
/// nodes and not the clock, as every other machine plays it
/// ([`opponent_move`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ContestMoveJob {
    pub event: Event,
    pub board: Board,
    pub record: Vec<Move>,
}

/// The opponent's move, and the time it took.
pub fn contest_move(job: &ContestMoveJob, clock: &dyn Clock) -> Result<(Move, f64), JobError> {
    let mut game = Game::new(&job.board.deal());
    for (i, &mv) in job.record.iter().enumerate() {
        game.apply(mv)
            .map_err(|problem| JobError::Record(engine::RecordError::Illegal { turn: i + 1, problem }))?;
    }
    if game.is_over() {
        return Err(JobError::DealOver);
    }
    let seat = game.to_move();
    if seat == job.board.seat {
        return Err(JobError::Record(engine::RecordError::NotYourTurn(seat)));
    }
    let started = clock.now_ms();
    let opponents = job.event.opponents();
    let mv = opponent_move(&opponents, &job.board, &game);
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    if !legal.contains(&mv) {
        let source = game.clone().apply(mv).err().unwrap_or(IllegalMove::GameOver);
        return Err(JobError::Player(PlayerError::Illegal {
            player: opponents.to_string(),
            seat,
            mv,
            source,
        }));
    }
    Ok((mv, clock.now_ms() - started))
}

/// The par of a board, the built-in library's when it holds the deal.
fn par_of(board: &Board, clock: &dyn Clock) -> Par {
    records::par_of(board, library().ok(), clock)
}

/// A contest job in progress.
pub enum ContestRun {
    TestCases {
        library: &'static Library,
        players: u32,
        boards: u8,
        top: u32,
        ranked: Vec<(u64, f64)>,
    },
    Answered(Option<Answer>),
    /// Taken when done.
    Deal(Option<Box<Dealing>>),
    Board(Box<FieldRun>),
    Score(Box<ScoringRun>),
    Records {
        event: Event,
        boards: Vec<Board>,
        field: Option<Box<FieldRun>>,
        done: Vec<HandRecord>,
    },
}

impl ContestRun {
    pub fn new(job: ContestJob) -> Result<ContestRun, JobError> {
        Ok(match job {
            ContestJob::TestCases { players, boards, top } => ContestRun::TestCases {
                library: library()?,
                players: Quantity::Players.count(players)?,
                boards: Quantity::Rounds.count(boards.into())? as u8,
                top: Quantity::Top.count(top)?,
                ranked: Vec::new(),
            },
            ContestJob::Nearby { centre, eps } => {
                let eps = Quantity::Eps.check(eps)?;
                let lib = library()?;
                let near = lib
                    .entries
                    .iter()
                    .filter(|e| gdi_distance(&e.gdi, centre.values()).is_some_and(|d| d < eps))
                    .count();
                ContestRun::Answered(Some(Answer::Contest(ContestAnswer::Nearby {
                    near,
                    of: lib.entries.len(),
                })))
            }
            ContestJob::Deal { event, entrant } => ContestRun::Deal(Some(Box::new(event.deal_for(&entrant)))),
            ContestJob::Board { event, board } => ContestRun::Board(Box::new(FieldRun::new(board, event.opponents()))),
            ContestJob::Score {
                event,
                submissions,
                top,
            } => {
                let top = Quantity::Top.count(top)?;
                ContestRun::Score(Box::new(ScoringRun::new(event, &submissions, top)))
            }
            ContestJob::Records { event, boards } => {
                Quantity::Rounds.count(boards.len() as u32)?;
                ContestRun::Records {
                    event,
                    boards,
                    field: None,
                    done: Vec::new(),
                }
            }
        })
    }

    /// Works until `deadline` (at least one step); the answer when done,
    /// else progress.
    pub fn advance(&mut self, deadline: &Deadline<'_>, clock: &dyn Clock) -> Answer {
        match self {
            ContestRun::Answered(answer) => answer.take().unwrap_or(Answer::Cancelled),
            ContestRun::TestCases {
                library,
                players,
                boards,
                top,
                ranked,
            } => {
                let entries = &library.entries;
                while ranked.len() < entries.len() {
                    let e = &entries[ranked.len()];
                    ranked.push((e.seed, e.dih(*players, u32::from(*boards), *top)));
                    if deadline.expired() {
                        break;
                    }
                }
                if ranked.len() < entries.len() {
                    return Answer::Progress {
                        done: ranked.len() as u32,
                        total: entries.len() as u32,
                    };
                }
                // As `Library::select` ranks them: DIH down, ties by seed.
                let mut ranked = std::mem::take(ranked);
                ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
                ranked.truncate(usize::from(*boards));
                Answer::Contest(ContestAnswer::TestCases(ranked))
            }
            ContestRun::Deal(slot) => {
                let Some(dealing) = slot.as_mut() else {
                    return Answer::Cancelled;
                };
                while !dealing.is_done() {
                    dealing.step(clock);
                    if deadline.expired() {
                        break;
                    }
                }
                let (_, found, wanted) = dealing.progress();
                if !dealing.is_done() {
                    return Answer::Progress {
                        done: found as u32,
                        total: wanted as u32,
                    };
                }
                let Some(dealing) = slot.take() else {
                    return Answer::Cancelled;
                };
                match dealing.result() {
                    Ok(boards) => Answer::Contest(ContestAnswer::Boards(boards)),
                    Err(e) => Answer::Failed(JobError::Boards(e)),
                }
            }
            ContestRun::Board(run) => {
                while !run.is_done() {
                    if let Err(e) = run.step() {
                        return Answer::Failed(JobError::Player(e));
                    }
                    if deadline.expired() {
                        break;
                    }
                }
                if run.is_done() {
                    let board = run.board();
                    Answer::Contest(ContestAnswer::Board(BoardReport {
                        field: run.field().clone(),
                        par: par_of(&board, clock),
                    }))
                } else {
                    Answer::Progress {
                        done: run.played(),
                        total: run.total() + 1,
                    }
                }
            }
            ContestRun::Score(run) => {
                while !run.is_done() {
                    if let Err(e) = run.step(clock) {
                        return Answer::Failed(JobError::Player(e));
                    }
                    if deadline.expired() {
                        break;
                    }
                }
                if run.is_done() {
                    Answer::Contest(ContestAnswer::Standings(run.standings()))
                } else {
                    let (done, total) = run.progress();
                    Answer::Progress { done, total }
                }
            }
            ContestRun::Records {
                event,
                boards,
                field,
                done,
            } => {
                let per_board = FIELD_TOTAL + 1;
                let total = per_board * boards.len() as u32;
                while done.len() < boards.len() {
                    let board = boards[done.len()];
                    let run = field.get_or_insert_with(|| Box::new(FieldRun::new(board, event.opponents())));
                    if run.is_done() {
                        let par = par_of(&board, clock);
                        done.push(HandRecord::with(board, run.field().clone(), par));
                        *field = None;
                        // A par search is a slice of its own.
                        break;
                    }
                    if let Err(e) = run.step() {
                        return Answer::Failed(JobError::Player(e));
                    }
                    if deadline.expired() {
                        break;
                    }
                }
                if done.len() == boards.len() {
                    return Answer::Contest(ContestAnswer::Records(std::mem::take(done)));
                }
                let played = field.as_ref().map_or(0, |f| f.played());
                Answer::Progress {
                    done: per_board * done.len() as u32 + played,
                    total,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::clock::MonotonicClock;
    use engine::contest::play_board;
    use engine::Date;

    fn run(job: ContestJob) -> Answer {
        let clock = MonotonicClock::default();
        let mut running = ContestRun::new(job).unwrap();
        loop {
            let answer = running.advance(&Deadline::after(&clock, 30.0), &clock);
            if answer.is_final() {
                return answer;
            }
        }
    }

    #[test]
    fn the_worker_scores_as_the_engine_does() {
        let event = Event::daily(Date::new(2026, 11, 27).unwrap());
        let boards = event.shared_boards().unwrap();
        let result = |name: &str, player: &str| {
            let records = boards
                .iter()
                .map(|b| {
                    play_board(
                        &event.opponents(),
                        b,
                        &player.parse().unwrap(),
                        0,
                        &MonotonicClock::default(),
                        None,
                    )
                    .unwrap()
                })
                .collect();
            engine::contest::ContestResult {
                event: event.clone(),
                entrant: name.parse().unwrap(),
                records,
            }
            .code()
        };
        let submissions = vec![
            Submission {
                label: "a".into(),
                text: result("Ann", "L7"),
            },
            Submission {
                label: "b".into(),
                text: result("Bob", "L2"),
            },
        ];
        let job = ContestJob::Score {
            event: event.clone(),
            submissions: submissions.clone(),
            top: 3,
        };
        // Through the message's JSON, as the page sends it.
        let job: ContestJob = serde_json::from_str(&serde_json::to_string(&job).unwrap()).unwrap();
        let Answer::Contest(ContestAnswer::Standings(s)) = run(job) else {
            panic!("standings")
        };
        let clock = MonotonicClock::default();
        let mut direct = ScoringRun::new(event, &submissions, 3);
        while !direct.is_done() {
            direct.step(&clock).unwrap();
        }
        assert_eq!(s, direct.standings());
        assert_eq!(s.entrants.len(), 2);
    }

    #[test]
    fn opponents_move_as_the_engine_moves_them() {
        let event = Event::daily(Date::new(2026, 11, 27).unwrap());
        let board = event.shared_boards().unwrap()[1];
        let clock = MonotonicClock::default();
        let record = play_board(
            &event.opponents(),
            &board,
            &"L3".parse().unwrap(),
            0,
            &MonotonicClock::default(),
            None,
        )
        .unwrap();
        let mut game = Game::new(&board.deal());
        for (i, &mv) in record.iter().enumerate() {
            if game.to_move() != board.seat {
                let job = ContestMoveJob {
                    event: event.clone(),
                    board,
                    record: record[..i].to_vec(),
                };
                assert_eq!(contest_move(&job, &clock).unwrap().0, mv, "move {}", i + 1);
            }
            game.apply(mv).unwrap();
        }
        // Not the opponents' turn, or a record that does not replay.
        let job = ContestMoveJob {
            event,
            board,
            record: vec![Move::Pass],
        };
        assert!(contest_move(&job, &clock).is_err());
    }

    #[test]
    fn test_cases_are_the_librarys_selection() {
        let Answer::Contest(ContestAnswer::TestCases(cases)) = run(ContestJob::TestCases {
            players: 30,
            boards: 4,
            top: 3,
        }) else {
            panic!("test cases")
        };
        let lib = library().unwrap();
        let expected: Vec<(u64, f64)> = lib.select(30, 4, 3, 4).iter().map(|(e, d)| (e.seed, *d)).collect();
        assert_eq!(cases, expected);
    }
}

//! The Contest page's jobs: test cases and the equal format's check from
//! the built-in library, an entrant's boards, a board's field and par,
//! scoring results, hand records; and the opponents' moves at a contest
//! table. Each long one runs in slices and can be cancelled (a par search
//! of a few seconds is one step).

use std::convert::Infallible;

use engine::contest::records::HandRecord;
use engine::contest::{opponent_move, Board, EntrantName, Event, Field, RecordsRun, ScoringRun, Standings, Submission};
use engine::lab::library::Library;
use engine::lab::panel::{gdi_distance, GdiCentre};
use engine::lab::par::Par;
use engine::{step_until, Clock, Completion, Deadline, Game, IllegalMove, Move, PlayerError, Stepwise};
use serde::{Deserialize, Serialize};

use super::lab::library;
use super::running::{boxed, Answered, Running};
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
    let mv = opponent_move(opponents, &job.board, &game);
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

/// The job started, its numbers checked.
pub fn start(job: ContestJob) -> Result<Box<dyn Running>, JobError> {
    let contest = |answer| Answer::Contest(answer);
    Ok(match job {
        ContestJob::TestCases { players, boards, top } => boxed(
            TestCases {
                library: library()?,
                players: Quantity::Players.count(players)?,
                boards: Quantity::Rounds.count(boards.into())? as u8,
                top: Quantity::Top.count(top)?,
                ranked: Vec::new(),
            },
            move |cases| contest(ContestAnswer::TestCases(cases)),
        ),
        ContestJob::Nearby { centre, eps } => {
            let eps = Quantity::Eps.check(eps)?;
            let lib = library()?;
            let near = lib
                .entries
                .iter()
                .filter(|e| gdi_distance(&e.gdi, centre.values()).is_some_and(|d| d < eps))
                .count();
            let of = lib.entries.len();
            Box::new(Answered::new(contest(ContestAnswer::Nearby { near, of })))
        }
        ContestJob::Deal { event, entrant } => boxed(event.deal_for(&entrant), move |boards| {
            contest(ContestAnswer::Boards(boards))
        }),
        ContestJob::Board { event, board } => boxed(
            RecordsRun::new(vec![board], event.opponents(), library().ok()),
            move |records| match records.into_iter().next() {
                Some(r) => contest(ContestAnswer::Board(BoardReport {
                    field: r.field,
                    par: r.par,
                })),
                None => Answer::Cancelled,
            },
        ),
        ContestJob::Score {
            event,
            submissions,
            top,
        } => {
            let top = Quantity::Top.count(top)?;
            boxed(ScoringRun::new(event, &submissions, top), move |standings| {
                contest(ContestAnswer::Standings(standings))
            })
        }
        ContestJob::Records { event, boards } => {
            Quantity::Rounds.count(boards.len() as u32)?;
            boxed(
                RecordsRun::new(boards, event.opponents(), library().ok()),
                move |records| contest(ContestAnswer::Records(records)),
            )
        }
    })
}

/// The built-in library's test cases: a step is a deal's DIH.
struct TestCases {
    library: &'static Library,
    players: u32,
    boards: u8,
    top: u32,
    ranked: Vec<(u64, f64)>,
}

impl Stepwise for TestCases {
    type Tools = ();
    type Output = Vec<(u64, f64)>;
    type Error = Infallible;

    fn advance(&mut self, _: &mut (), deadline: &Deadline<'_>, _: &dyn Clock) -> Result<(), Infallible> {
        step_until(self, deadline, |run| {
            let e = &run.library.entries[run.ranked.len()];
            run.ranked
                .push((e.seed, e.dih(run.players, u32::from(run.boards), run.top)));
            Ok(())
        })
    }

    fn completion(&self) -> Completion {
        Completion {
            done: self.ranked.len() as u64,
            total: self.library.entries.len() as u64,
        }
    }

    fn is_done(&self) -> bool {
        self.ranked.len() >= self.library.entries.len()
    }

    /// As `Library::select` ranks them: DIH down, ties by seed.
    fn output(&self) -> Vec<(u64, f64)> {
        let mut ranked = self.ranked.clone();
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        ranked.truncate(usize::from(self.boards));
        ranked
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
        let mut running = start(job).unwrap();
        let mut tools = super::super::running::Tools::default();
        loop {
            let answer = running.slice(&mut tools, &clock);
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
                        event.opponents(),
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
        let direct = ScoringRun::new(event, &submissions, 3).finish(&mut (), &clock).unwrap();
        assert_eq!(s, direct);
        assert_eq!(s.entrants.len(), 2);
    }

    #[test]
    fn opponents_move_as_the_engine_moves_them() {
        let event = Event::daily(Date::new(2026, 11, 27).unwrap());
        let board = event.shared_boards().unwrap()[1];
        let clock = MonotonicClock::default();
        let record = play_board(
            event.opponents(),
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

    #[test]
    fn a_board_is_its_field_and_its_par_as_its_hand_record_has_them() {
        let event = Event::daily(Date::new(2026, 11, 27).unwrap());
        let board = event.shared_boards().unwrap()[0];
        let Answer::Contest(ContestAnswer::Board(report)) = run(ContestJob::Board {
            event: event.clone(),
            board,
        }) else {
            panic!("a board's report")
        };
        let record = RecordsRun::new(vec![board], event.opponents(), library().ok())
            .finish(&mut (), &MonotonicClock::default())
            .unwrap();
        assert_eq!((&report.field, &report.par), (&record[0].field, &record[0].par));
    }

    #[test]
    fn an_event_that_withholds_its_boards_deals_none() {
        let settings = engine::contest::Settings {
            title: "Online".into(),
            deals: engine::contest::Deals::Seeded { seed: 5 },
            boards: 4,
            seat: engine::contest::SeatRule::Alternate,
            opponents: "L5".parse().unwrap(),
            aids: Default::default(),
            reveal: engine::contest::Reveal::EachBoard,
        };
        let secret = engine::contest::Secret::from_bytes([1; 32]);
        let public = Event::sealed(settings, secret).unwrap().public();
        let answer = run(ContestJob::Deal {
            event: public,
            entrant: "Ann".parse().unwrap(),
        });
        assert_eq!(
            answer,
            Answer::Failed(JobError::Boards(engine::contest::BoardsError::Withheld))
        );
    }
}

//! An entrant's boards, derived from the event (and, in the equal and
//! random formats, the entrant's name), so anyone can derive them again.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::agents::PlayerError;
use crate::clock::{Clock, Deadline};
use crate::deal::Deal;
use crate::lab::panel::GdiCentre;
use crate::seat::Seat;
use crate::stepwise::{step_until, Completion, Stepwise};

use super::entrant::EntrantName;
use super::equal::{Judging, Verdict};
#[cfg(test)]
use super::event::SEEDS;
use super::event::{Deals, Event};

/// The equal format deals at most this many candidates per board wanted
/// before it gives up (the centre or ε is then out of reach). Most cost
/// nothing: a deal with another score set than the centre's is dropped
/// unplayed ([`Judging::comparable`]).
pub const EQUAL_TRIES_PER_BOARD: u64 = 4_000;

/// One board of an entrant's event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Board {
    /// Its number, from 1.
    pub number: u8,
    /// The deal's seed ([`Deal::from_seed`]).
    pub seed: u64,
    /// The entrant's seat.
    pub seat: Seat,
}

impl Board {
    /// The deal.
    pub fn deal(&self) -> Deal {
        Deal::from_seed(self.seed)
    }
}

/// Why an entrant's boards cannot be dealt.
#[derive(Clone, Debug, PartialEq, Error, Serialize, Deserialize)]
pub enum BoardsError {
    /// The equal format found too few deals within ε.
    #[error(
        "only {found} of {wanted} deals within ε of the centre after dealing {tried}: the centre or ε is out of reach"
    )]
    TooFewEqual {
        /// Deals kept.
        found: usize,
        /// Boards wanted.
        wanted: usize,
        /// Deals tried.
        tried: u64,
    },
    /// An online event's public form: only its server, which holds the
    /// secret, deals its boards.
    #[error("this is an online event's public form: only its server deals its boards (after it closes, its full code deals them)")]
    Withheld,
    /// A panel player failed (a defect).
    #[error(transparent)]
    Player(#[from] PlayerError),
}

/// Seed `k` (from 0) of a sequence derived from the event and `parts`
/// ([`Event::seed_from`]), distinct from the seeds before it.
fn seeds_from(event: &Event, parts: &[&[u8]], count: usize) -> Vec<u64> {
    let mut out: Vec<u64> = Vec::with_capacity(count);
    let mut k = 0u64;
    while out.len() < count {
        let mut all: Vec<&[u8]> = parts.to_vec();
        let index = k.to_le_bytes();
        all.push(&index);
        let seed = event.seed_from(&all);
        if !out.contains(&seed) {
            out.push(seed);
        }
        k += 1;
    }
    out
}

impl Event {
    /// The boards every entrant plays, in a duplicate event; `None` in the
    /// equal and random formats, where each entrant has their own.
    pub fn shared_boards(&self) -> Option<Vec<Board>> {
        if self.is_withheld() {
            return None;
        }
        let seeds = match self.deals() {
            Deals::TestCases { seeds, .. } => seeds.clone(),
            Deals::Seeded { seed } => seeds_from(self, &[b"seeded", &seed.to_le_bytes()], self.boards().into()),
            Deals::Daily { date } => {
                let day = [date.month(), date.day()];
                seeds_from(
                    self,
                    &[b"daily", &date.year().to_le_bytes(), &day],
                    self.boards().into(),
                )
            }
            Deals::Equal { .. } | Deals::Random { .. } => return None,
        };
        Some(self.numbered(&seeds))
    }

    fn numbered(&self, seeds: &[u64]) -> Vec<Board> {
        seeds
            .iter()
            .zip(1..)
            .map(|(&seed, number)| Board {
                number,
                seed,
                seat: self.seat_rule().seat(number),
            })
            .collect()
    }

    /// The boards `entrant` plays, dealt a step at a time (the equal
    /// format plays candidate deals under a panel; the others are ready
    /// at once).
    pub fn deal_for(&self, entrant: &EntrantName) -> Dealing {
        let key = entrant.key();
        let salt = self.to_bytes();
        let state = match (self.shared_boards(), self.deals()) {
            _ if self.is_withheld() => DealingState::Failed(BoardsError::Withheld),
            (Some(boards), _) => DealingState::Ready(boards),
            (None, Deals::Equal { centre, .. }) => {
                let start = self.seed_from(&[b"equal", &salt, key.as_bytes()]);
                // A sealed event's start below 2⁶³: the candidates that
                // follow it never run past 2⁶⁴.
                let start = if self.is_sealed() { start >> 1 } else { start };
                DealingState::Searching(Box::new(Search {
                    centre: centre.clone(),
                    eps: self.deals().eps().unwrap_or_default(),
                    next: start,
                    tried: 0,
                    judging: None,
                    kept: Vec::new(),
                }))
            }
            (None, _) => {
                let seeds = seeds_from(self, &[b"random", &salt, key.as_bytes()], self.boards().into());
                DealingState::Ready(self.numbered(&seeds))
            }
        };
        Dealing {
            event: self.clone(),
            state,
            tries_per_board: EQUAL_TRIES_PER_BOARD,
        }
    }

    /// [`Event::deal_for`] run to the end.
    pub fn boards_for(&self, entrant: &EntrantName, clock: &dyn Clock) -> Result<Vec<Board>, BoardsError> {
        let mut dealing = self.deal_for(entrant);
        dealing.finish(&mut (), clock)
    }
}

enum DealingState {
    Ready(Vec<Board>),
    Searching(Box<Search>),
    Failed(BoardsError),
}

/// The equal format's search: candidate seeds from a start, in order,
/// each judged from the seat of the board it would be.
struct Search {
    centre: GdiCentre,
    eps: f64,
    next: u64,
    /// Candidates dealt so far.
    tried: u64,
    /// The candidate being played.
    judging: Option<Judging>,
    kept: Vec<u64>,
}

impl Search {
    fn too_few(&self, wanted: usize) -> BoardsError {
        BoardsError::TooFewEqual {
            found: self.kept.len(),
            wanted,
            tried: self.tried,
        }
    }

    /// The next candidate of the centre's score set for `seat`, passing
    /// over the others unplayed; `None` past `limit` tries or the last seed.
    fn candidate(&mut self, seat: Seat, limit: u64) -> Option<Judging> {
        while self.tried < limit {
            let seed = self.next;
            self.next = seed.checked_add(1)?;
            self.tried += 1;
            let candidate = Judging::new(seed, seat, 0);
            if candidate.comparable(&self.centre) {
                return Some(candidate);
            }
        }
        None
    }
}

/// An entrant's boards being dealt ([`Event::deal_for`]).
pub struct Dealing {
    event: Event,
    state: DealingState,
    /// Candidates dealt per board wanted before giving up.
    tries_per_board: u64,
}

impl Dealing {
    /// Candidates dealt so far (the equal format's search).
    pub fn tried(&self) -> u64 {
        match &self.state {
            DealingState::Searching(search) => search.tried,
            DealingState::Ready(_) | DealingState::Failed(_) => 0,
        }
    }

    /// Plays a round of the candidate being judged (the equal format): a
    /// few milliseconds of panel games. Once the boards cannot be dealt,
    /// every step says why.
    pub fn step(&mut self, clock: &dyn Clock) -> Result<(), BoardsError> {
        let wanted = usize::from(self.event.boards());
        let search = match &mut self.state {
            DealingState::Searching(search) => search,
            DealingState::Ready(_) => return Ok(()),
            DealingState::Failed(e) => return Err(e.clone()),
        };
        let seat = self.event.seat_rule().seat(search.kept.len() as u8 + 1);
        let limit = self.tries_per_board * wanted as u64;
        let Some(mut judging) = search.judging.take().or_else(|| search.candidate(seat, limit)) else {
            let e = search.too_few(wanted);
            return self.fail(e);
        };
        if let Err(e) = judging.round(clock) {
            return self.fail(e.into());
        }
        match judging.verdict(&search.centre, search.eps) {
            Verdict::Playing => search.judging = Some(judging),
            Verdict::Kept => search.kept.push(judging.seed()),
            Verdict::Dropped => {}
        }
        if search.kept.len() == wanted {
            self.state = DealingState::Ready(self.event.numbered(&search.kept));
        }
        Ok(())
    }

    fn fail(&mut self, e: BoardsError) -> Result<(), BoardsError> {
        self.state = DealingState::Failed(e.clone());
        Err(e)
    }
}

/// A step is a round of the candidate being judged; the boards found count
/// as done.
impl Stepwise for Dealing {
    type Tools = ();
    type Output = Vec<Board>;
    type Error = BoardsError;

    fn advance(&mut self, _: &mut (), deadline: &Deadline<'_>, clock: &dyn Clock) -> Result<(), BoardsError> {
        step_until(self, deadline, |dealing| dealing.step(clock))
    }

    fn completion(&self) -> Completion {
        let found = match &self.state {
            DealingState::Searching(search) => search.kept.len(),
            DealingState::Ready(b) => b.len(),
            DealingState::Failed(_) => 0,
        };
        Completion {
            done: found as u64,
            total: u64::from(self.event.boards()),
        }
    }

    /// The boards are dealt (a dealing that cannot deal them fails at
    /// every step instead).
    fn is_done(&self) -> bool {
        matches!(self.state, DealingState::Ready(_))
    }

    /// The boards once dealt; none before, or when they cannot be.
    fn output(&self) -> Vec<Board> {
        match &self.state {
            DealingState::Ready(boards) => boards.clone(),
            DealingState::Searching(_) | DealingState::Failed(_) => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::MonotonicClock;

    fn event(deals: Deals, boards: u8) -> Event {
        crate::contest::test_event(deals, boards)
    }

    fn sealed(deals: Deals, byte: u8) -> Event {
        let settings = crate::contest::Settings {
            title: "Online".into(),
            deals,
            boards: 6,
            seat: crate::contest::SeatRule::Alternate,
            opponents: "L5".parse().unwrap(),
            aids: Default::default(),
            reveal: crate::contest::Reveal::EachBoard,
        };
        Event::sealed(settings, crate::contest::Secret::from_bytes([byte; 32])).unwrap()
    }

    #[test]
    fn a_sealed_event_deals_from_its_secret_alone() {
        let a = sealed(Deals::Seeded { seed: 5 }, 1);
        let b = sealed(Deals::Seeded { seed: 6 }, 1);
        let other = sealed(Deals::Seeded { seed: 5 }, 2);
        // The organiser's seed is dropped; the secret decides the boards.
        assert_eq!(a, b);
        assert_eq!(Event::sealed(a.settings(), *a.secret().unwrap()).unwrap(), a);
        let boards = a.shared_boards().unwrap();
        assert_ne!(boards, other.shared_boards().unwrap());
        assert_ne!(boards, event(Deals::Seeded { seed: 0 }, 6).shared_boards().unwrap());
        // Seeds span 2⁶⁴, too many to search for a hand's seed.
        assert!(boards.iter().any(|b| b.seed >= SEEDS));
        // The public event is the same whatever the secret, reads back as
        // itself, and deals nothing.
        assert_eq!(a.public().code(), other.public().code());
        let public = Event::from_code(&a.public().code()).unwrap();
        assert_eq!(public, a.public());
        assert!(public.is_withheld() && public.secret().is_none());
        assert_eq!(public.shared_boards(), None);
        assert_eq!(
            public.boards_for(&"ann".parse().unwrap(), &MonotonicClock::default()),
            Err(BoardsError::Withheld)
        );
        assert!(public.to_string().contains("the server's secret"));
        // The sealed code keeps the secret, in an event and in a result.
        let again = Event::from_code(&a.code()).unwrap();
        assert_eq!(again.secret(), a.secret());
        assert_eq!(again.shared_boards().unwrap(), boards);
        let name: EntrantName = "ann".parse().unwrap();
        let result = crate::contest::ContestResult {
            event: a.clone(),
            entrant: name.clone(),
            records: vec![],
        };
        let back = crate::contest::ContestResult::from_code(&result.code()).unwrap();
        assert_eq!(back.event.secret(), a.secret());
        // Each entrant's random boards, from the secret too.
        let random = sealed(Deals::Random { seed: 0 }, 3);
        let clock = MonotonicClock::default();
        let mine = random.boards_for(&name, &clock).unwrap();
        assert_ne!(mine, random.boards_for(&"bob".parse().unwrap(), &clock).unwrap());
        assert_eq!(random.public().boards_for(&name, &clock), Err(BoardsError::Withheld));
        // Test cases are public seeds: never sealed.
        let cases = Deals::TestCases {
            players: 10,
            top: 3,
            seeds: (1..=6).collect(),
        };
        let settings = crate::contest::Settings {
            title: String::new(),
            deals: cases,
            boards: 6,
            seat: crate::contest::SeatRule::Landlord,
            opponents: "L5".parse().unwrap(),
            aids: Default::default(),
            reveal: crate::contest::Reveal::EachBoard,
        };
        let secret = crate::contest::Secret::from_bytes([1; 32]);
        assert_eq!(
            Event::sealed(settings, secret),
            Err(crate::contest::EventError::SealedTestCases)
        );
    }

    #[test]
    fn duplicate_boards_are_shared_and_distinct() {
        let clock = MonotonicClock::default();
        let e = event(Deals::Seeded { seed: 9 }, 36);
        let boards = e.shared_boards().unwrap();
        assert_eq!(boards.len(), 36);
        let mut seeds: Vec<u64> = boards.iter().map(|b| b.seed).collect();
        seeds.sort_unstable();
        seeds.dedup();
        assert_eq!(seeds.len(), 36);
        assert!(seeds.iter().all(|&s| s < SEEDS));
        assert_eq!(boards[0].seat, Seat::Landlord);
        assert_eq!(boards[1].seat, Seat::Farmer1);
        for name in ["ann", "Bob"] {
            assert_eq!(e.boards_for(&name.parse().unwrap(), &clock).unwrap(), boards);
        }
        // Another seed, other boards; test cases keep their seeds in order.
        assert_ne!(event(Deals::Seeded { seed: 10 }, 36).shared_boards().unwrap(), boards);
        let cases = Deals::TestCases {
            players: 30,
            top: 3,
            seeds: vec![17, 3],
        };
        let seeds: Vec<u64> = event(cases, 2)
            .shared_boards()
            .unwrap()
            .iter()
            .map(|b| b.seed)
            .collect();
        assert_eq!(seeds, [17, 3]);
        // Golden: the daily contest's boards of a date (a change here
        // changes every daily contest).
        let daily = Event::daily("2026-11-27".parse().unwrap()).shared_boards().unwrap();
        let seeds: Vec<u64> = daily.iter().map(|b| b.seed).collect();
        assert_eq!(
            seeds,
            [
                758_890_517,
                563_120_614,
                395_050_490,
                77_389_521,
                366_218_643,
                686_342_582
            ]
        );
    }

    #[test]
    fn random_boards_follow_the_name_not_its_case() {
        let clock = MonotonicClock::default();
        let e = event(Deals::Random { seed: 1 }, 4);
        assert!(e.shared_boards().is_none());
        let of = |name: &str| e.boards_for(&name.parse().unwrap(), &clock).unwrap();
        assert_eq!(of("Alice"), of("alice"));
        assert_ne!(of("Alice"), of("Bob"));
        // Another event, other boards for the same name.
        let other = event(Deals::Random { seed: 2 }, 4);
        assert_ne!(
            other.boards_for(&"Alice".parse().unwrap(), &clock).unwrap(),
            of("Alice")
        );
    }

    /// The fairness test in small ([`super::super::fairness`]): judged
    /// again from its seat, with games the dealing never saw, every board
    /// lies within ε. Judging each deal on 32 games from the landlord's
    /// seat, as the format did before, passed 6 of these 12.
    #[test]
    fn equal_boards_lie_within_eps_judged_again() {
        let clock = MonotonicClock::default();
        let centre: crate::lab::panel::GdiCentre = "0.8,0.45,0.3".parse().unwrap();
        let e = event(
            Deals::Equal {
                centre: centre.clone(),
                eps_milli: 150,
                seed: 1,
            },
            3,
        );
        let mut within = 0;
        for name in super::super::fairness::names(4) {
            for b in e.boards_for(&name, &clock).unwrap() {
                let mut again = Judging::new(b.seed, b.seat, 7);
                for _ in 0..64 {
                    again.round(&clock).unwrap();
                }
                within += usize::from(again.estimate(&centre).distance < 0.15);
            }
        }
        // At least 90%, the fairness test's target.
        assert!(within >= 11, "{within} of 12 boards within ε");
    }

    #[test]
    fn equal_boards_lie_within_eps_recomputed() {
        let clock = MonotonicClock::default();
        let centre: crate::lab::panel::GdiCentre = "0.9,0.5,0.3".parse().unwrap();
        let e = event(
            Deals::Equal {
                centre: centre.clone(),
                eps_milli: 300,
                seed: 5,
            },
            3,
        );
        let ann = e.boards_for(&"Ann".parse().unwrap(), &clock).unwrap();
        let bob = e.boards_for(&"Bob".parse().unwrap(), &clock).unwrap();
        assert_eq!(ann.len(), 3);
        assert_ne!(ann, bob);
        assert_eq!(
            ann.iter().map(|b| b.seat).collect::<Vec<_>>(),
            [Seat::Landlord, Seat::Farmer1, Seat::Landlord]
        );
        for b in ann.iter().chain(&bob) {
            // Judged again from the board's seat, with other games.
            let mut again = Judging::new(b.seed, b.seat, 1);
            for _ in 0..32 {
                again.round(&clock).unwrap();
            }
            let distance = again.estimate(&centre).distance;
            assert!(distance < 0.3, "board {} seed {}: {distance}", b.number, b.seed);
        }
        // A centre out of reach gives up, saying how far it got.
        let far = event(
            Deals::Equal {
                centre: "1,1,0.999".parse().unwrap(),
                eps_milli: 1,
                seed: 5,
            },
            2,
        );
        let mut dealing = far.deal_for(&"Ann".parse().unwrap());
        dealing.tries_per_board = 5;
        let err = dealing.finish(&mut (), &clock).unwrap_err();
        assert_eq!(
            err,
            BoardsError::TooFewEqual {
                found: 0,
                wanted: 2,
                tried: 10
            }
        );
    }
}

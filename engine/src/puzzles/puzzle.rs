//! [`Puzzle`]: a position where the side to move wins with one answer,
//! its level, and the facts of its proof.

use std::fmt;

use crate::cards::Cards;
use crate::play::{Move, Play};
use crate::seat::{Seat, Team};
use crate::solver::Position;

use super::answer::same_answer;
use super::id::PuzzleId;
use super::prove::{Facts, Proof};
use super::theme::Theme;

/// An endgame puzzle (残局): every hand open, the side to move wins with
/// best play, and only one answer ([`super::answer`]) wins.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    id: PuzzleId,
    level: u8,
    position: Position,
    answers: Vec<Move>,
    facts: Facts,
}

/// What the solver is asked: the side to move wins, leading or against a
/// play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Task {
    /// The seat to move.
    pub to_move: Seat,
    /// The play to beat and who made it (`None`: `to_move` leads).
    pub to_beat: Option<(Seat, Play)>,
}

impl Task {
    /// The side that must win: the side to move.
    pub fn side(&self) -> Team {
        self.to_move.team()
    }
}

impl fmt::Display for Task {
    /// `landlord leads, wins`, `farmer 1 to beat 33 from the landlord,
    /// farmers win`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to_beat {
            None => write!(f, "{} leads", self.to_move)?,
            Some((Seat::Landlord, play)) => write!(f, "{} to beat {play} from the landlord", self.to_move)?,
            Some((by, play)) => write!(f, "{} to beat {play} from {by}", self.to_move)?,
        }
        match self.side() {
            Team::Landlord => f.write_str(", wins"),
            Team::Farmers => f.write_str(", farmers win"),
        }
    }
}

impl Puzzle {
    /// The puzzle of `position` at `level`, with what its proof found
    /// (made from a proof, or from a file a proof wrote). `proof.answers`
    /// is not empty ([`super::prove`] and the file reader see to it).
    pub fn new(level: u8, position: Position, proof: Proof) -> Puzzle {
        Puzzle {
            id: PuzzleId::of(&position),
            level,
            position,
            answers: proof.answers,
            facts: proof.facts,
        }
    }

    /// Its id, derived from the position ([`PuzzleId::of`]).
    pub fn id(&self) -> PuzzleId {
        self.id
    }
    /// Its level, from 1 (easiest).
    pub fn level(&self) -> u8 {
        self.level
    }
    /// The position, for the solver.
    pub fn position(&self) -> &Position {
        &self.position
    }
    /// Seats at the table: 2 (1v1, landlord against farmer 1) or 3.
    pub fn seats(&self) -> usize {
        self.position.seats()
    }
    /// The cards `seat` holds (empty for a seat not at the table).
    pub fn hand(&self, seat: Seat) -> Cards {
        self.position.hand(seat)
    }
    /// The hands, landlord first, one per seat at the table.
    pub fn hands(&self) -> Vec<Cards> {
        Seat::ALL[..self.seats()].iter().map(|&s| self.hand(s)).collect()
    }
    /// The seat to move (the side that must win).
    pub fn to_move(&self) -> Seat {
        self.position.to_move()
    }
    /// The play to beat and who made it; `None` when the seat to move leads.
    pub fn to_beat(&self) -> Option<(Seat, Play)> {
        self.position.to_beat()
    }
    /// The task: who moves, against what, and that it must win.
    pub fn task(&self) -> Task {
        Task {
            to_move: self.to_move(),
            to_beat: self.to_beat(),
        }
    }
    /// The winning first play (the first of [`Puzzle::answers`]).
    pub fn answer(&self) -> Move {
        self.answers[0]
    }
    /// Every winning first play: one answer ([`super::answer`]), with each
    /// winning choice of kickers (usually just one).
    pub fn answers(&self) -> &[Move] {
        &self.answers
    }
    /// Whether `mv` wins: one of [`Puzzle::answers`].
    pub fn accepts(&self, mv: Move) -> bool {
        self.answers.contains(&mv)
    }
    /// Whether `mv` is the answer's combination, whatever its kickers
    /// (the right idea; with a losing kicker, still a wrong play).
    pub fn is_answer_combination(&self, mv: Move) -> bool {
        same_answer(mv, self.answer())
    }
    /// The side to move's own turns to go out with best play against the
    /// longest resistance: the N of "必胜（N 手）".
    pub fn moves_to_win(&self) -> u32 {
        self.facts.turns
    }
    /// What the proof found (the grading's inputs).
    pub fn facts(&self) -> Facts {
        self.facts
    }
    /// Cards in all hands.
    pub fn cards(&self) -> u32 {
        self.hands().iter().map(|h| h.len()).sum()
    }
    /// Its themes ([`Theme`]), in [`Theme::ALL`]'s order.
    pub fn themes(&self) -> Vec<Theme> {
        Theme::ALL.into_iter().filter(|t| t.fits(self)).collect()
    }
}

//! The page's state: the board (the start position, the moves made, a
//! cursor for stepping back and forth), the worker's analyses by position
//! and utility, the mode, the previewed play and the cards tapped in the
//! hand of the side to move; changed only by [`Action`]s.

use std::collections::HashMap;
use std::rc::Rc;

use engine::solver::{MoveVerdict, Position, Utility};
use engine::{Cards, Move, Seat, Team};
use yew::prelude::*;

use crate::suits::{Face, Faces};
use crate::worker::{Answer, JobError, JobId, WinsIn};

/// The moves made on the board from the start, and how many are shown.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Line {
    pub start: Position,
    pub line: Vec<Move>,
    pub cursor: usize,
}

impl Line {
    pub(super) fn new(start: Position) -> Line {
        Line {
            start,
            line: vec![],
            cursor: 0,
        }
    }

    pub(super) fn position_at(&self, k: usize) -> Position {
        self.line[..k.min(self.line.len())]
            .iter()
            .fold(self.start, |p, &mv| p.after(mv))
    }

    pub(super) fn position(&self) -> Position {
        self.position_at(self.cursor)
    }

    /// Makes a move here: the moves after it are forgotten, unless it is
    /// the next one already (then it is a redo).
    pub(super) fn play(&mut self, mv: Move) {
        if !self.position().is_legal(mv) {
            return;
        }
        if self.line.get(self.cursor) != Some(&mv) {
            self.line.truncate(self.cursor);
            self.line.push(mv);
        }
        self.cursor += 1;
    }

    /// Each seat's cards after `k` moves, with the faces they show.
    pub(super) fn faces_at(&self, k: usize) -> [Faces; 3] {
        let hands: Vec<Cards> = Seat::ALL[..self.start.seats()]
            .iter()
            .map(|&s| self.start.hand(s))
            .collect();
        let plain = Faces::plain(&hands);
        let mut faces = [Faces::EMPTY; 3];
        faces[..plain.len()].copy_from_slice(&plain);
        let line = &self.line[..k.min(self.line.len())];
        play_faces(&mut faces, self.start, line);
        faces
    }

    /// The faces of the cards each move made, from the start.
    pub(super) fn line_faces(&self) -> Vec<Faces> {
        let mut faces = self.faces_at(0);
        play_faces(&mut faces, self.start, &self.line)
    }
}

/// Plays `line` from `position` out of the hands' `faces`: the faces each
/// move took, and the hands left in `faces`.
pub(super) fn play_faces(faces: &mut [Faces; 3], position: Position, line: &[Move]) -> Vec<Faces> {
    let mut pos = position;
    line.iter()
        .map(|&mv| {
            let seat = pos.to_move();
            let played = faces[seat.index()].pick(mv.cards(), Faces::EMPTY).unwrap_or_default();
            faces[seat.index()] = faces[seat.index()].minus(played);
            pos = pos.after(mv);
            played
        })
        .collect()
}

/// What the worker said of one position.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Analysis {
    pub verdicts: Vec<MoveVerdict>,
    /// The best line from there (empty when not proven).
    pub line: Vec<Move>,
    /// How far the proven wins are.
    pub wins_in: WinsIn,
}

impl Analysis {
    /// N of "wins in N" for the verdict at `i`, where known.
    pub(super) fn wins_in_play(&self, i: usize) -> Option<u32> {
        self.wins_in.plays.get(i).copied().flatten()
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// The user plays the side that starts; the answers stay hidden.
    Try,
    Analyse,
}

#[derive(Clone, Debug, PartialEq)]
pub(super) struct State {
    pub board: Line,
    pub mode: Mode,
    /// Analyses by (position, utility).
    pub known: HashMap<(Position, Utility), Rc<Analysis>>,
    /// The job the page waits for, its position and progress.
    pub pending: Option<(JobId, Position, Utility)>,
    pub progress: Option<(u32, u32)>,
    pub preview: Option<Move>,
    pub failure: Option<JobError>,
    /// The cards tapped in the hand of the side to move.
    pub selected: Faces,
}

impl State {
    pub(super) fn new(start: Position) -> State {
        State {
            board: Line::new(start),
            mode: Mode::Try,
            known: HashMap::new(),
            pending: None,
            progress: None,
            preview: None,
            failure: None,
            selected: Faces::EMPTY,
        }
    }

    /// The hand of the side to move on the board, with its faces.
    pub(super) fn mover_faces(&self) -> Faces {
        let position = self.board.position();
        self.board.faces_at(self.board.cursor)[position.to_move().index()]
    }
}

/// A step of the board through its moves (the buttons and the keys).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Step {
    Start,
    Back,
    Forward,
    End,
}

impl Line {
    /// Where `step` takes the cursor (itself when it goes nowhere).
    pub(super) fn target(&self, step: Step) -> usize {
        match step {
            Step::Start => 0,
            Step::Back => self.cursor.saturating_sub(1),
            Step::Forward => (self.cursor + 1).min(self.line.len()),
            Step::End => self.line.len(),
        }
    }
}

pub(super) enum Action {
    Reset(Position, Mode),
    Mode(Mode),
    Play(Move),
    To(usize),
    /// A step back or forth, or to the start or the end.
    Step(Step),
    Ask(JobId, Position, Utility),
    Answer(JobId, Answer),
    Preview(Option<Move>),
    /// Loads a line into the board after the current move.
    Follow(Vec<Move>),
    /// Loads a line after the current move and shows the board `k` moves
    /// into it (a move of the best line clicked).
    Jump(Vec<Move>, usize),
    /// Sets one tapped card (`None` toggles it).
    Toggle(Face, Option<bool>),
}

impl Reducible for State {
    type Action = Action;
    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            Action::Reset(position, mode) => {
                next.board = Line::new(position);
                next.mode = mode;
                next.preview = None;
                next.failure = None;
                next.selected = Faces::EMPTY;
            }
            Action::Mode(mode) => next.mode = mode,
            Action::Play(mv) => {
                next.board.play(mv);
                next.preview = None;
                next.selected = Faces::EMPTY;
            }
            Action::To(k) => {
                next.board.cursor = k.min(next.board.line.len());
                next.preview = None;
                next.selected = Faces::EMPTY;
            }
            Action::Step(step) => {
                let k = next.board.target(step);
                if k == next.board.cursor {
                    return self;
                }
                next.board.cursor = k;
                next.preview = None;
                next.selected = Faces::EMPTY;
            }
            Action::Ask(id, position, utility) => {
                next.pending = Some((id, position, utility));
                next.progress = None;
            }
            Action::Answer(id, answer) => match (answer, self.pending) {
                (_, Some((wanted, ..))) if id != wanted => return self,
                (_, None) => return self,
                (Answer::Progress { done, total }, _) => next.progress = Some((done, total)),
                (
                    Answer::Moves {
                        verdicts,
                        line,
                        wins_in,
                    },
                    Some((_, position, utility)),
                ) => {
                    next.known.insert(
                        (position, utility),
                        Rc::new(Analysis {
                            verdicts,
                            line,
                            wins_in,
                        }),
                    );
                    next.pending = None;
                    next.progress = None;
                }
                (Answer::Failed(e), _) => {
                    next.pending = None;
                    next.failure = Some(e);
                }
                (Answer::Cancelled, _) => next.pending = None,
                _ => return self,
            },
            Action::Preview(mv) => next.preview = mv,
            Action::Follow(line) => next.board.follow(line),
            Action::Jump(line, k) => {
                next.board.follow(line);
                next.board.cursor = (next.board.cursor + k).min(next.board.line.len());
                next.preview = None;
                next.selected = Faces::EMPTY;
            }
            Action::Toggle(face, to) => {
                if !next.mover_faces().contains(face) {
                    return self;
                }
                let on = next.selected.contains(face);
                if to.unwrap_or(!on) == on {
                    return self;
                }
                next.selected = next.selected.toggle(face);
            }
        }
        Rc::new(next)
    }
}

impl Line {
    /// Puts `line` after the current move, in place of the moves there
    /// (the cursor stays); a line with an illegal move is left out from it.
    pub(super) fn follow(&mut self, line: Vec<Move>) {
        let k = self.cursor;
        self.line.truncate(k);
        let mut pos = self.position();
        for mv in line {
            if !pos.is_legal(mv) {
                break;
            }
            pos = pos.after(mv);
            self.line.push(mv);
        }
    }
}

/// The position the worker should look at next: while trying, one the user
/// played from before its verdicts came in (so a play that threw the win
/// away is still flagged, however quickly it was made), else the one on
/// the board.
pub(super) fn to_analyse(state: &State, hero: Team, utility: Utility) -> Position {
    if state.mode == Mode::Try {
        let mut pos = state.board.start;
        for &mv in &state.board.line[..state.board.cursor] {
            if pos.to_move().team() == hero && !state.known.contains_key(&(pos, utility)) {
                return pos;
            }
            pos = pos.after(mv);
        }
    }
    state.board.position()
}

/// The first of the user's plays on the board that threw a proven win away
/// (its index in the line), by what the worker found.
pub(super) fn first_blunder(state: &State, hero: Team, utility: Utility) -> Option<(usize, Option<Move>)> {
    let mut pos = state.board.start;
    for (k, &mv) in state.board.line[..state.board.cursor].iter().enumerate() {
        if pos.to_move().team() == hero {
            if let Some(a) = state.known.get(&(pos, utility)) {
                let best = a.verdicts.first();
                let won = best.is_some_and(|b| b.exact && b.winner == hero);
                let this = a.verdicts.iter().find(|v| v.play == mv);
                if won && this.is_some_and(|v| v.exact && v.winner != hero) {
                    return Some((k, best.map(|b| b.play)));
                }
            }
        }
        pos = pos.after(mv);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::puzzles::tests::puzzle;
    use super::super::setup::parse;
    use super::*;
    use engine::Play;

    #[test]
    fn the_board_steps_back_and_forth_and_redoes() {
        let start = parse(&puzzle(0)).unwrap();
        let mut board = Line::new(start);
        let mut moves = Vec::new();
        start.moves(&mut moves);
        board.play(moves[0]);
        let after = board.position();
        assert_eq!(after, start.after(moves[0]));
        board.cursor = 0;
        // Playing the next move again is a redo: the line stays.
        board.play(moves[0]);
        assert_eq!((board.cursor, board.line.len()), (1, 1));
        board.cursor = 0;
        board.play(moves[1]);
        assert_eq!(board.line, [moves[1]]);
        // Illegal moves change nothing (nobody here holds the big joker).
        board.play(Move::Play(Play::parse("D").unwrap()));
        assert_eq!(board.line, [moves[1]]);
        let faces = board.faces_at(1);
        assert_eq!(faces[0].cards(), board.position().hand(Seat::Landlord));
    }

    #[test]
    fn a_line_clicked_loads_after_the_current_move_and_steps_stay_in_it() {
        let start = parse(&puzzle(0)).unwrap();
        let mut state = Rc::new(State::new(start));
        let line: Vec<Move> = ["34567", "pass", "4", "9"]
            .iter()
            .map(|m| Move::parse(m).unwrap())
            .collect();
        state = state.reduce(Action::Jump(line.clone(), 3));
        assert_eq!((state.board.cursor, &state.board.line), (3, &line));
        assert_eq!(state.board.position(), line[..3].iter().fold(start, |p, &m| p.after(m)));
        assert_eq!(state.board.target(Step::Forward), 4);
        assert_eq!(state.board.target(Step::End), 4);
        assert_eq!(state.board.target(Step::Back), 2);
        assert_eq!(state.board.target(Step::Start), 0);
        state = state.reduce(Action::To(4));
        // At the end, forward goes nowhere.
        assert_eq!(state.board.target(Step::Forward), 4);
        // A line that stops being legal is loaded up to there.
        let mut board = Line::new(start);
        board.follow(vec![line[0], Move::parse("D").unwrap()]);
        assert_eq!(board.line, [line[0]]);
    }

    #[test]
    fn tapped_cards_are_the_side_to_moves_and_a_move_clears_them() {
        let start = parse(&puzzle(0)).unwrap();
        let mut state = Rc::new(State::new(start));
        let faces = state.mover_faces();
        assert_eq!(faces.cards(), start.hand(Seat::Landlord));
        let three = faces.held().into_iter().last().unwrap();
        state = state.reduce(Action::Toggle(three, None));
        assert!(state.selected.contains(three));
        // Setting it again changes nothing; toggling clears it.
        state = state.reduce(Action::Toggle(three, Some(true)));
        assert_eq!(state.selected.cards(), Cards::of(engine::Rank::Three, 1).unwrap());
        // A card the side to move does not hold is not taken.
        let theirs = state.board.faces_at(0)[Seat::Farmer1.index()].held()[0];
        state = state.reduce(Action::Toggle(theirs, Some(true)));
        assert!(!state.selected.contains(theirs));
        state = state.reduce(Action::Play(Move::parse("34567").unwrap()));
        assert_eq!(state.selected, Faces::EMPTY);
        let _ = Play::parse("3");
    }
}

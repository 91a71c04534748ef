//! Hand records, as a bridge club prints them after an event: each
//! board's three hands and bottom cards, its par with the first play, the
//! exact split of each hand, the field's scores and (once scored) every
//! entrant's.

use serde::{Deserialize, Serialize};

use crate::agents::{PlayerError, Rung};
use crate::clock::{Clock, Deadline};
use crate::deal::Deal;
use crate::lab::library::Library;
use crate::lab::par::Par;
use crate::play::Play;
use crate::seat::Seat;
use crate::split::Splitter;
use crate::stepwise::{step_until, Completion, Stepwise};

use super::boards::Board;
use super::entrant::EntrantName;
use super::field::{Field, FieldRun, FIELD_TOTAL};
use super::standings::{csv_field, Standings};

/// The par's node budget: the built-in library's, so a library deal's par
/// here is the one the library records, the same on every machine.
pub const PAR_NODES: u64 = 2_000_000;

/// A board's par: the library's when it holds the deal with par at this
/// budget (what a search would find), else searched (a few seconds).
pub fn par_of(board: &Board, library: Option<&Library>, clock: &dyn Clock) -> Par {
    let known = library
        .filter(|l| l.par_nodes == PAR_NODES)
        .and_then(|l| l.entries.iter().find(|e| e.seed == board.seed))
        .and_then(|e| e.par);
    known.unwrap_or_else(|| Par::of(&board.deal(), PAR_NODES, clock))
}

/// Hand records of boards a step at a time (the web worker's way): a step
/// plays a field game, or finds a board's par once its field is played.
pub struct RecordsRun<'a> {
    boards: Vec<Board>,
    opponents: Rung,
    library: Option<&'a Library>,
    /// The field of the board being recorded.
    field: Option<FieldRun>,
    done: Vec<HandRecord>,
}

impl<'a> RecordsRun<'a> {
    /// The records of `boards` against `opponents`, their pars the
    /// library's where it holds them ([`par_of`]).
    pub fn new(boards: Vec<Board>, opponents: Rung, library: Option<&'a Library>) -> RecordsRun<'a> {
        RecordsRun {
            boards,
            opponents,
            library,
            field: None,
            done: Vec::new(),
        }
    }

    fn step(&mut self, clock: &dyn Clock) -> Result<(), PlayerError> {
        let Some(&board) = self.boards.get(self.done.len()) else {
            return Ok(());
        };
        let field = self.field.get_or_insert_with(|| FieldRun::new(board, self.opponents));
        if !field.is_done() {
            return field.step();
        }
        let par = par_of(&board, self.library, clock);
        self.done.push(HandRecord::with(board, field.output(), par));
        self.field = None;
        Ok(())
    }
}

/// A board counts its field's games and its par.
const STEPS_PER_BOARD: u64 = FIELD_TOTAL as u64 + 1;

impl Stepwise for RecordsRun<'_> {
    type Tools = ();
    type Output = Vec<HandRecord>;
    type Error = PlayerError;

    fn advance(&mut self, _: &mut (), deadline: &Deadline<'_>, clock: &dyn Clock) -> Result<(), PlayerError> {
        step_until(self, deadline, |run| run.step(clock))
    }

    fn completion(&self) -> Completion {
        let field = self.field.as_ref().map_or(0, |f| f.completion().done);
        Completion {
            done: STEPS_PER_BOARD * self.done.len() as u64 + field,
            total: STEPS_PER_BOARD * self.boards.len() as u64,
        }
    }

    fn is_done(&self) -> bool {
        self.done.len() >= self.boards.len()
    }

    fn output(&self) -> Vec<HandRecord> {
        self.done.clone()
    }
}

/// One board's record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct HandRecord {
    /// The board (its seed and the entrant's seat).
    pub board: Board,
    /// The deal.
    pub deal: Deal,
    /// Open hands, the landlord to lead, within [`PAR_NODES`].
    pub par: Par,
    /// The exact split of each hand, landlord first.
    pub splits: [Vec<Play>; 3],
    /// The field's scores from the entrant's seat.
    pub field: Field,
    /// Each entrant's score on the board, once the event is scored, best
    /// first.
    pub scores: Vec<(EntrantName, i64)>,
}

impl HandRecord {
    /// The record of `board` against `opponents`: the field played, par
    /// searched (a few seconds at most), each hand split.
    pub fn of(board: Board, opponents: Rung, clock: &dyn Clock) -> Result<HandRecord, PlayerError> {
        let field = FieldRun::new(board, opponents).run()?;
        Ok(HandRecord::with(board, field, Par::of(&board.deal(), PAR_NODES, clock)))
    }

    /// The record from a field and a par found elsewhere (the web worker
    /// plays the field in slices; a library holds the par).
    pub fn with(board: Board, field: Field, par: Par) -> HandRecord {
        let deal = board.deal();
        let mut splitter = Splitter::new();
        let splits = Seat::ALL.map(|s| splitter.best(deal.hand(s)).plays().to_vec());
        HandRecord {
            board,
            deal,
            par,
            splits,
            field,
            scores: Vec::new(),
        }
    }

    /// The entrants' scores on this board from the standings (those who
    /// played this deal from this seat).
    pub fn with_scores(mut self, standings: &Standings) -> HandRecord {
        self.scores = standings
            .entrants
            .iter()
            .filter_map(|row| {
                let b = row
                    .boards
                    .iter()
                    .find(|b| b.board.seed == self.board.seed && b.board.seat == self.board.seat)?;
                Some((row.entrant.clone(), b.score))
            })
            .collect();
        self.scores.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        self
    }
}

fn plays_text(plays: &[Play]) -> String {
    plays.iter().map(Play::to_string).collect::<Vec<_>>().join(" ")
}

/// Hand records as CSV, a row per board: its number, seed and the
/// entrant's seat, the three hands and the bottom cards, par (winner,
/// proven, first play), each hand's split, the field's games and mean
/// score and its counts (`score:games;…`), and the entrants' scores
/// (`name:score;…`).
pub fn to_csv(records: &[HandRecord]) -> String {
    let mut out = String::from(
        "board,seed,seat,landlord,farmer1,farmer2,bottom,par_winner,par_proven,par_first,\
split_landlord,split_farmer1,split_farmer2,field_games,field_mean,field,scores\n",
    );
    for r in records {
        let field: Vec<String> = r
            .field
            .scores
            .iter()
            .zip(&r.field.counts)
            .map(|(s, c)| format!("{s}:{c}"))
            .collect();
        let scores: Vec<String> = r.scores.iter().map(|(name, s)| format!("{name}:{s}")).collect();
        let row = [
            r.board.number.to_string(),
            r.board.seed.to_string(),
            r.board.seat.name().to_string(),
            r.deal.hand(Seat::Landlord).to_string(),
            r.deal.hand(Seat::Farmer1).to_string(),
            r.deal.hand(Seat::Farmer2).to_string(),
            r.deal.bottom().map(|b| b.to_string()).unwrap_or_default(),
            r.par.winner.name().to_string(),
            r.par.exact.to_string(),
            r.par.first.map(|m| m.to_string()).unwrap_or_default(),
            plays_text(&r.splits[0]),
            plays_text(&r.splits[1]),
            plays_text(&r.splits[2]),
            r.field.games().to_string(),
            format!("{:.3}", r.field.mean()),
            field.join(";"),
            csv_field(&scores.join(";")),
        ];
        out += &(row.join(",") + "\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::MonotonicClock;

    #[test]
    fn a_record_holds_the_whole_deal() {
        let board = Board {
            number: 1,
            seed: 22,
            seat: Seat::Landlord,
        };
        let r = HandRecord::of(board, "L5".parse().unwrap(), &MonotonicClock::default()).unwrap();
        for (seat, split) in Seat::ALL.iter().zip(&r.splits) {
            let cards = split.iter().fold(crate::Cards::EMPTY, |all, p| all.plus(p.cards()));
            assert_eq!(cards, r.deal.hand(*seat));
        }
        // Seed 22's landlord goes out by a static proof.
        assert!(r.par.exact);
        assert_eq!(r.field.games(), 22);
        let csv = to_csv(&[r]);
        assert_eq!(csv.lines().count(), 2);
        assert!(csv.lines().nth(1).unwrap().starts_with("1,22,landlord,"), "{csv}");
    }

    #[test]
    fn records_made_a_step_at_a_time_are_the_records_made_at_once() {
        let clock = MonotonicClock::default();
        let boards: Vec<Board> = [Seat::Landlord, Seat::Farmer1]
            .into_iter()
            .zip(1..)
            .map(|(seat, number)| Board { number, seed: 22, seat })
            .collect();
        let opponents: Rung = "L5".parse().unwrap();
        let mut run = RecordsRun::new(boards.clone(), opponents, None);
        let total = run.completion().total;
        assert_eq!(total, 2 * STEPS_PER_BOARD);
        let mut steps = 0;
        while !run.is_done() {
            // A deadline already passed: one step each time.
            run.advance(&mut (), &Deadline::after(&clock, 0.0), &clock).unwrap();
            steps += 1;
            assert_eq!(run.completion().done, steps);
        }
        assert_eq!(steps, total);
        let at_once: Vec<HandRecord> = boards
            .iter()
            .map(|&b| HandRecord::of(b, opponents, &clock).unwrap())
            .collect();
        assert_eq!(run.output(), at_once);
    }
}

//! Scoring an event: every result read, checked against its event, its
//! entrant's deals dealt again and its records replayed; then the
//! test-case paper's ranking (docs/research.md): on each board, standard competition
//! ranking of the entrants' scores and 2 × (n − place + 1) rank points,
//! summed. Also each entrant's share of the AI field beaten, and the DIH
//! question for the event: how likely its top places come out distinct.
//!
//! The work comes in pieces ([`admit`], then per entrant its boards and
//! [`check_record`] per board, then a [`FieldRun`] per board) so the CLI
//! can spread them over cores and the web worker can run them in slices
//! ([`ScoringRun`]); [`rank`] puts the pieces together, the same way for
//! both.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::agents::PlayerError;
use crate::clock::{Clock, Deadline};
use crate::lab::dih::{dih_of_totals, sum_of, Distribution};
use crate::lab::tournament::{places, rank_points};
use crate::seat::Seat;
use crate::stepwise::{step_until, Completion, Stepwise};

use super::boards::{Board, BoardsError, Dealing};
use super::entrant::EntrantName;
use super::event::{Deals, Event, Format};
use super::field::{Field, FieldRun};
use super::referee::{board_score, check_record, RecordProblem};
use super::result::{ContestResult, ResultError};

/// The top places DIH asks about when the event does not say (its test
/// cases were chosen for an r).
pub const DEFAULT_TOP: u32 = 3;

/// A result handed in: where it came from (a file's name, "pasted 2") and
/// its text (a code or a file).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Submission {
    /// How the organiser knows it.
    pub label: String,
    /// A result code, or a result file's text.
    pub text: String,
}

/// Why a result is not counted.
#[derive(Clone, Debug, PartialEq, Error, Serialize, Deserialize)]
pub enum Rejection {
    /// Not a result (corrupted, an event's code, a file of something else).
    #[error("{0}")]
    Unreadable(ResultError),
    /// A result for another event.
    #[error("it is for another event (\"{title}\")")]
    OtherEvent {
        /// The other event's title.
        title: String,
    },
    /// An entrant already counted.
    #[error("{entrant} has already entered ({first})")]
    SameEntrant {
        /// The entrant's name.
        entrant: EntrantName,
        /// The label of the result counted.
        first: String,
    },
    /// Not one record per board.
    #[error("it has {found} boards; the event has {expected}")]
    Boards {
        /// Records in the result.
        found: usize,
        /// Boards of the event.
        expected: usize,
    },
    /// The entrant's deals could not be dealt (equal format).
    #[error("{0}")]
    Deals(BoardsError),
    /// A board's record is wrong.
    #[error("board {board}: {problem}")]
    Board {
        /// The board, from 1.
        board: u8,
        /// What is wrong with it.
        problem: RecordProblem,
    },
    /// A file named to be scored that could not be opened (no such file,
    /// a folder, no permission): the system's words.
    #[error("it could not be opened: {0}")]
    NotOpened(String),
}

impl Rejection {
    /// A short name for the reason, for scripts (`--json`).
    pub fn kind(&self) -> &'static str {
        match self {
            Rejection::Unreadable(_) => "unreadable",
            Rejection::OtherEvent { .. } => "other-event",
            Rejection::SameEntrant { .. } => "same-entrant",
            Rejection::Boards { .. } => "boards",
            Rejection::Deals(_) => "deals",
            Rejection::NotOpened(_) => "not-opened",
            Rejection::Board {
                problem: RecordProblem::NotTheOpponents { .. },
                ..
            } => "not-the-opponents",
            Rejection::Board {
                problem: RecordProblem::Illegal { .. },
                ..
            } => "illegal-move",
            Rejection::Board { .. } => "missing-move",
        }
    }
}

/// A result not counted, with why.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rejected {
    /// The submission's label.
    pub label: String,
    /// The entrant's name, when it could be read.
    pub entrant: Option<EntrantName>,
    /// Why.
    pub reason: Rejection,
}

/// A result read and for this event, not yet checked board by board.
#[derive(Clone, Debug, PartialEq)]
pub struct Admitted {
    /// The submission's label.
    pub label: String,
    /// The result.
    pub result: ContestResult,
}

/// Reads the submissions, keeping those for `event` with a record per
/// board (one entrant may still appear twice: [`settle`] keeps the first
/// that checks).
pub fn admit(event: &Event, submissions: &[Submission]) -> (Vec<Admitted>, Vec<Rejected>) {
    let mut admitted: Vec<Admitted> = Vec::new();
    let mut rejected = Vec::new();
    for s in submissions {
        let reject = |entrant: Option<EntrantName>, reason| Rejected {
            label: s.label.clone(),
            entrant,
            reason,
        };
        let result = match ContestResult::read(&s.text) {
            Ok(r) => r,
            Err(e) => {
                rejected.push(reject(None, Rejection::Unreadable(e)));
                continue;
            }
        };
        let name = Some(result.entrant.clone());
        if result.event != *event {
            let title = result.event.title().to_string();
            rejected.push(reject(name, Rejection::OtherEvent { title }));
        } else if result.records.len() != usize::from(event.boards()) {
            let reason = Rejection::Boards {
                found: result.records.len(),
                expected: event.boards().into(),
            };
            rejected.push(reject(name, reason));
        } else {
            admitted.push(Admitted {
                label: s.label.clone(),
                result,
            });
        }
    }
    (admitted, rejected)
}

/// What replaying an admitted result gave: its boards and its score on
/// each, or why it is not counted.
pub type Replayed = Result<(Vec<Board>, Vec<i64>), Rejection>;

/// The admitted results' outcomes (their boards and scores, or why not),
/// in order: those that check are counted, one per entrant (the first
/// handed in); the rest join `rejected`.
pub fn settle(
    admitted: &[Admitted],
    outcomes: Vec<Replayed>,
    mut rejected: Vec<Rejected>,
) -> (Vec<Checked>, Vec<Rejected>) {
    let mut counted: Vec<Checked> = Vec::new();
    for (a, outcome) in admitted.iter().zip(outcomes) {
        let entrant = &a.result.entrant;
        let first = counted.iter().find(|c| c.entrant.key() == entrant.key());
        let reason = match (outcome, first) {
            (Err(reason), _) => reason,
            (Ok(_), Some(first)) => Rejection::SameEntrant {
                entrant: entrant.clone(),
                first: first.label.clone(),
            },
            (Ok((boards, scores)), None) => {
                counted.push(Checked {
                    label: a.label.clone(),
                    entrant: entrant.clone(),
                    boards,
                    scores,
                });
                continue;
            }
        };
        rejected.push(Rejected {
            label: a.label.clone(),
            entrant: Some(entrant.clone()),
            reason,
        });
    }
    (counted, rejected)
}

/// An admitted result's records replayed on its boards: the score of
/// each, or the first board that fails.
pub fn check_entrant(event: &Event, boards: &[Board], result: &ContestResult) -> Result<Vec<i64>, Rejection> {
    boards
        .iter()
        .zip(&result.records)
        .map(|(b, record)| {
            check_record(event.opponents(), b, record)
                .map(|o| board_score(b.seat, &o))
                .map_err(|problem| Rejection::Board {
                    board: b.number,
                    problem,
                })
        })
        .collect()
}

/// An entrant's board.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoardResult {
    /// The board.
    pub board: Board,
    /// The entrant's score on it.
    pub score: i64,
    /// The place among the entrants on this board (ties share it).
    pub place: u32,
    /// Rank points: 2 × (n − place + 1).
    pub points: u32,
    /// The share of the field beaten (ties count half).
    pub beaten: f64,
}

/// An entrant's line of the standings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    /// Place by rank points (ties share it).
    pub place: u32,
    /// The entrant.
    pub entrant: EntrantName,
    /// The result's label.
    pub label: String,
    /// Rank points summed over the boards.
    pub rank_points: u32,
    /// Raw scores summed.
    pub score: i64,
    /// The mean share of the field beaten over the boards.
    pub beaten: f64,
    /// Board by board.
    pub boards: Vec<BoardResult>,
}

/// How likely the event's top places come out distinct (the DIH question
/// for these boards and this many entrants).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Distinction {
    /// n: entrants counted.
    pub players: u32,
    /// m: boards.
    pub boards: u32,
    /// r: the top places told apart.
    pub top: u32,
    /// P(the r best score totals are distinct), each entrant's score on a
    /// board drawn from the field's on it.
    pub dih: f64,
}

/// The event's standings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standings {
    /// Counted entrants, best first.
    pub entrants: Vec<Standing>,
    /// Results not counted, in the order handed in.
    pub rejected: Vec<Rejected>,
    /// The DIH question, when anyone was counted.
    pub distinction: Option<Distinction>,
}

/// What a spreadsheet may take for the start of a formula (or of a
/// command, `|`, or a value to compute, `%`), in ASCII and in the
/// full-width forms a Chinese input method types.
const FORMULA_STARTS: [char; 10] = ['=', '+', '-', '@', '|', '%', '＝', '＋', '－', '＠'];

/// Characters that show nothing: before a formula they hide it from a
/// reader, not from a spreadsheet.
fn is_invisible(c: char) -> bool {
    matches!(c, '\u{00AD}' | '\u{200B}'..='\u{200F}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}')
}

/// A CSV field of text: quoted when it holds a comma, a quote or a line
/// break, and kept from reading as a formula in a spreadsheet (an
/// apostrophe before it, which the spreadsheet hides).
pub(crate) fn csv_field(text: &str) -> String {
    let shown = text.trim_start_matches(|c: char| c.is_whitespace() || is_invisible(c));
    if shown.starts_with(FORMULA_STARTS) || text.starts_with(['\t', '\r']) {
        return csv_field(&format!("'{text}"));
    }
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

impl Standings {
    /// The standings as CSV, a row per entrant counted: place, entrant,
    /// rank points, score total, the share of the field beaten, then per
    /// board its score, place, rank points and field share; the header in
    /// the CLI's words ([`Column::name`]).
    pub fn to_csv(&self) -> String {
        self.to_csv_headed(|c| c.name())
    }

    /// The columns, in order.
    pub fn columns(&self) -> Vec<Column> {
        let boards = self.entrants.first().map_or(0, |r| r.boards.len());
        let mut columns = vec![
            Column::Place,
            Column::Entrant,
            Column::RankPoints,
            Column::Score,
            Column::FieldBeaten,
        ];
        for k in 1..=boards {
            for what in BoardColumn::ALL {
                columns.push(Column::Board(k, what));
            }
        }
        columns
    }

    /// [`Standings::to_csv`] with the header in the caller's words (the
    /// app's are the page's language).
    pub fn to_csv_headed(&self, head: impl Fn(Column) -> String) -> String {
        let header: Vec<String> = self.columns().into_iter().map(|c| csv_field(&head(c))).collect();
        let mut out = header.join(",") + "\n";
        for r in &self.entrants {
            let mut row = vec![
                r.place.to_string(),
                csv_field(r.entrant.as_str()),
                r.rank_points.to_string(),
                r.score.to_string(),
                format!("{:.4}", r.beaten),
            ];
            for b in &r.boards {
                row.extend([
                    b.score.to_string(),
                    b.place.to_string(),
                    b.points.to_string(),
                    format!("{:.4}", b.beaten),
                ]);
            }
            out += &(row.join(",") + "\n");
        }
        out
    }
}

/// A column of the standings' CSV.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Column {
    /// The place, by rank points.
    Place,
    /// The entrant's name.
    Entrant,
    /// Rank points, summed.
    RankPoints,
    /// The score, summed.
    Score,
    /// The share of the AI field beaten.
    FieldBeaten,
    /// Board k's (from 1).
    Board(usize, BoardColumn),
}

/// What a board's columns hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardColumn {
    /// The score on the board.
    Score,
    /// The place on the board.
    Place,
    /// The rank points from it.
    Points,
    /// The share of the board's field beaten.
    FieldBeaten,
}

impl BoardColumn {
    /// In the CSV's order.
    pub const ALL: [BoardColumn; 4] = [
        BoardColumn::Score,
        BoardColumn::Place,
        BoardColumn::Points,
        BoardColumn::FieldBeaten,
    ];

    fn name(self) -> &'static str {
        match self {
            BoardColumn::Score => "score",
            BoardColumn::Place => "place",
            BoardColumn::Points => "points",
            BoardColumn::FieldBeaten => "field_beaten",
        }
    }
}

impl Column {
    /// The CLI's header: `place`, `rank_points`, `board3_score`, …
    pub fn name(self) -> String {
        match self {
            Column::Place => "place".into(),
            Column::Entrant => "entrant".into(),
            Column::RankPoints => "rank_points".into(),
            Column::Score => "score".into(),
            Column::FieldBeaten => "field_beaten".into(),
            Column::Board(k, what) => format!("board{k}_{}", what.name()),
        }
    }
}

/// An entrant checked: its label, name, boards and scores.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    /// The result's label.
    pub label: String,
    /// The entrant.
    pub entrant: EntrantName,
    /// Its boards.
    pub boards: Vec<Board>,
    /// Its score on each.
    pub scores: Vec<i64>,
}

/// The key of a board's field: its deal and the entrant's seat.
pub fn field_key(board: &Board) -> (u64, Seat) {
    (board.seed, board.seat)
}

/// The distinct boards (by [`field_key`]) among `boards`, in order: the
/// fields to play.
pub fn distinct_boards(boards: impl IntoIterator<Item = Board>) -> Vec<Board> {
    let mut seen = std::collections::BTreeSet::new();
    boards.into_iter().filter(|b| seen.insert(field_key(b))).collect()
}

/// The standings from the checked entrants, the fields of their boards
/// (by [`field_key`]), the results rejected, and r for DIH (the event's
/// own for test cases, else `top`), at most the number of entrants.
pub fn rank(
    event: &Event,
    checked: &[Checked],
    fields: &BTreeMap<(u64, Seat), Field>,
    rejected: Vec<Rejected>,
    top: u32,
) -> Standings {
    let n = checked.len();
    let boards = usize::from(event.boards());
    let mut rows: Vec<Standing> = checked
        .iter()
        .map(|c| Standing {
            place: 0,
            entrant: c.entrant.clone(),
            label: c.label.clone(),
            rank_points: 0,
            score: c.scores.iter().sum(),
            beaten: 0.0,
            boards: Vec::with_capacity(boards),
        })
        .collect();
    for k in 0..boards {
        let scores: Vec<i64> = checked.iter().map(|c| c.scores[k]).collect();
        let board_places = places(&scores);
        let points = rank_points(&scores);
        for (i, c) in checked.iter().enumerate() {
            let board = c.boards[k];
            let beaten = fields.get(&field_key(&board)).map_or(0.5, |f| f.beaten(scores[i]));
            rows[i].rank_points += points[i];
            rows[i].boards.push(BoardResult {
                board,
                score: scores[i],
                place: board_places[i],
                points: points[i],
                beaten,
            });
        }
    }
    for row in &mut rows {
        row.beaten = row.boards.iter().map(|b| b.beaten).sum::<f64>() / boards.max(1) as f64;
    }
    let totals: Vec<i64> = rows.iter().map(|r| i64::from(r.rank_points)).collect();
    for (row, place) in rows.iter_mut().zip(places(&totals)) {
        row.place = place;
    }
    rows.sort_by(|a, b| {
        a.place
            .cmp(&b.place)
            .then(b.score.cmp(&a.score))
            .then(a.entrant.key().cmp(&b.entrant.key()))
    });
    let top = match event.deals() {
        Deals::TestCases { top, .. } => *top,
        _ => top,
    };
    let distinction = (n > 0)
        .then(|| distinction(event, checked, fields, n as u32, top))
        .flatten();
    Standings {
        entrants: rows,
        rejected,
        distinction,
    }
}

/// DIH for the event's boards: each board's score distribution is the
/// field's on it (in the equal and random formats, where entrants' boards
/// differ, the mixture of the entrants' fields on their board k).
fn distinction(
    event: &Event,
    checked: &[Checked],
    fields: &BTreeMap<(u64, Seat), Field>,
    n: u32,
    top: u32,
) -> Option<Distinction> {
    let mut rounds = Vec::with_capacity(usize::from(event.boards()));
    for k in 0..usize::from(event.boards()) {
        let mut mix: BTreeMap<i64, f64> = BTreeMap::new();
        let mut tables = 0.0;
        for c in checked {
            let field = fields.get(&field_key(&c.boards[k]))?;
            let d = field.distribution().ok()?;
            for &(s, p) in d.points() {
                *mix.entry(s).or_default() += p;
            }
            tables += 1.0;
            if event.format() == Format::Duplicate {
                break;
            }
        }
        let points: Vec<(i64, f64)> = mix.into_iter().map(|(s, p)| (s, p / tables)).collect();
        rounds.push(Distribution::new(&points).ok()?);
    }
    let top = top.clamp(1, n);
    let totals = sum_of(&rounds).ok()?;
    let dih = dih_of_totals(&totals, n, top).ok()?;
    Some(Distinction {
        players: n,
        boards: event.boards().into(),
        top,
        dih,
    })
}

/// What a scoring run is doing.
enum Stage {
    /// Dealing entrant `i`'s boards.
    Dealing(usize, Option<Box<Dealing>>),
    /// Checking entrant `i`'s board `k`.
    Checking(usize, usize),
    /// Playing the field of the `i`-th board to field.
    Fielding(usize, Option<Box<FieldRun>>),
    Done,
}

/// Scoring a step at a time (the web worker's way): each step deals a
/// candidate, checks a board or plays a field game. The CLI does the same
/// pieces on every core; both end in [`rank`].
pub struct ScoringRun {
    event: Event,
    top: u32,
    admitted: Vec<Admitted>,
    boards: Vec<Option<Vec<Board>>>,
    scores: Vec<Vec<i64>>,
    failed: Vec<Option<Rejection>>,
    rejected: Vec<Rejected>,
    to_field: Vec<Board>,
    fields: BTreeMap<(u64, Seat), Field>,
    stage: Stage,
    done: u32,
}

impl ScoringRun {
    /// Reads the submissions ([`admit`]); nothing is replayed yet. `top`
    /// is r for DIH when the event does not set it ([`DEFAULT_TOP`]).
    pub fn new(event: Event, submissions: &[Submission], top: u32) -> ScoringRun {
        let (admitted, rejected) = admit(&event, submissions);
        let n = admitted.len();
        let shared = event.shared_boards();
        ScoringRun {
            boards: vec![shared; n],
            scores: vec![Vec::new(); n],
            failed: vec![None; n],
            admitted,
            rejected,
            to_field: Vec::new(),
            fields: BTreeMap::new(),
            stage: if n == 0 {
                Stage::Fielding(0, None)
            } else {
                Stage::Dealing(0, None)
            },
            event,
            top,
            done: 0,
        }
    }

    /// One piece of work.
    pub fn step(&mut self, clock: &dyn Clock) -> Result<(), PlayerError> {
        let n = self.admitted.len();
        let stage = std::mem::replace(&mut self.stage, Stage::Done);
        self.stage = match stage {
            Stage::Dealing(i, _) if i >= n => Stage::Checking(0, 0),
            Stage::Dealing(i, _) if self.boards[i].is_some() => Stage::Dealing(i + 1, None),
            Stage::Dealing(i, None) => {
                let dealing = self.event.deal_for(&self.admitted[i].result.entrant);
                Stage::Dealing(i, Some(Box::new(dealing)))
            }
            Stage::Dealing(i, Some(mut dealing)) => {
                let before = dealing.completion().done;
                let stepped = dealing.step(clock);
                self.done += (dealing.completion().done - before) as u32;
                match stepped {
                    Err(e) => {
                        self.failed[i] = Some(Rejection::Deals(e));
                        self.boards[i] = Some(Vec::new());
                        Stage::Dealing(i + 1, None)
                    }
                    Ok(()) if dealing.is_done() => {
                        self.boards[i] = Some(dealing.output());
                        Stage::Dealing(i + 1, None)
                    }
                    Ok(()) => Stage::Dealing(i, Some(dealing)),
                }
            }
            Stage::Checking(i, _) if i >= n => {
                self.to_field = self.fields_wanted();
                Stage::Fielding(0, None)
            }
            Stage::Checking(i, k) => {
                let boards = self.boards[i].as_deref().unwrap_or_default();
                if self.failed[i].is_some() || k >= boards.len() {
                    Stage::Checking(i + 1, 0)
                } else {
                    let record = &self.admitted[i].result.records[k];
                    let board = boards[k];
                    self.done += 1;
                    match check_record(self.event.opponents(), &board, record) {
                        Ok(outcome) => self.scores[i].push(board_score(board.seat, &outcome)),
                        Err(problem) => {
                            self.failed[i] = Some(Rejection::Board {
                                board: board.number,
                                problem,
                            })
                        }
                    }
                    Stage::Checking(i, k + 1)
                }
            }
            Stage::Fielding(j, _) if j >= self.to_field.len() => Stage::Done,
            Stage::Fielding(j, None) => Stage::Fielding(
                j,
                Some(Box::new(FieldRun::new(self.to_field[j], self.event.opponents()))),
            ),
            Stage::Fielding(j, Some(mut run)) => {
                run.step()?;
                self.done += 1;
                if run.is_done() {
                    self.fields.insert(field_key(&self.to_field[j]), run.output());
                    Stage::Fielding(j + 1, None)
                } else {
                    Stage::Fielding(j, Some(run))
                }
            }
            Stage::Done => Stage::Done,
        };
        Ok(())
    }

    /// The distinct boards of the entrants counted, in order.
    fn fields_wanted(&self) -> Vec<Board> {
        let counted = self
            .boards
            .iter()
            .zip(&self.failed)
            .filter(|(_, failed)| failed.is_none());
        distinct_boards(counted.flat_map(|(boards, _)| boards.iter().flatten().copied()))
    }

    /// The standings, once done (before, those of the work so far).
    fn standings(&self) -> Standings {
        let outcomes = (0..self.admitted.len())
            .map(|i| match &self.failed[i] {
                Some(reason) => Err(reason.clone()),
                None => Ok((self.boards[i].clone().unwrap_or_default(), self.scores[i].clone())),
            })
            .collect();
        let (checked, rejected) = settle(&self.admitted, outcomes, self.rejected.clone());
        rank(&self.event, &checked, &self.fields, rejected, self.top)
    }
}

/// A step deals a candidate, checks a board or plays a field game; the
/// total is an estimate (the equal format's dealing counts a step a board).
impl Stepwise for ScoringRun {
    type Tools = ();
    type Output = Standings;
    type Error = PlayerError;

    fn advance(&mut self, _: &mut (), deadline: &Deadline<'_>, clock: &dyn Clock) -> Result<(), PlayerError> {
        step_until(self, deadline, |run| run.step(clock))
    }

    fn completion(&self) -> Completion {
        let boards = u64::from(self.event.boards());
        let entrants = self.admitted.len() as u64;
        let fields = if self.event.format().is_shared() { 1 } else { entrants };
        let per_field = u64::from(super::field::FIELD_TOTAL);
        let dealing = if self.event.format() == Format::Equal {
            entrants * boards
        } else {
            0
        };
        let total = dealing + entrants * boards + fields * boards * per_field;
        Completion {
            done: u64::from(self.done).min(total),
            total,
        }
    }

    fn is_done(&self) -> bool {
        matches!(self.stage, Stage::Done)
    }

    fn output(&self) -> Standings {
        self.standings()
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn no_csv_field_reads_as_a_formula() {
        for text in [
            "=1+1",
            "+1",
            "-1",
            "@SUM(A1)",
            "|calc",
            "%1",
            "＝1+1",
            "＋1",
            "\u{200B}=1+1",
            "\u{FEFF}@x",
            " =1",
            "\t=1",
        ] {
            let field = super::csv_field(text);
            let first = field.trim_start_matches('"').chars().next();
            assert_eq!(first, Some('\''), "{text:?} became {field:?}");
        }
        for text in ["Ann", "李雷", "1", "a=b", "50%"] {
            assert_eq!(super::csv_field(text), text);
        }
        assert_eq!(super::csv_field("a,b"), "\"a,b\"");
        assert_eq!(super::csv_field("=a,b"), "\"'=a,b\"");
    }

    use super::*;
    use crate::clock::MonotonicClock;
    use crate::contest::referee::play_board;

    fn event(boards: u8, deals: Deals) -> Event {
        crate::contest::test_event(deals, boards)
    }

    fn enter(event: &Event, name: &str, player: &str) -> Submission {
        let entrant = name.parse().unwrap();
        let boards = event.boards_for(&entrant, &MonotonicClock::default()).unwrap();
        let records = boards
            .iter()
            .map(|b| {
                play_board(
                    event.opponents(),
                    b,
                    &player.parse().unwrap(),
                    0,
                    &crate::clock::MonotonicClock::default(),
                    None,
                )
                .unwrap()
            })
            .collect();
        let result = ContestResult {
            event: event.clone(),
            entrant,
            records,
        };
        Submission {
            label: name.to_string(),
            text: result.code(),
        }
    }

    fn score(event: &Event, submissions: &[Submission]) -> Standings {
        let clock = MonotonicClock::default();
        let mut run = ScoringRun::new(event.clone(), submissions, DEFAULT_TOP);
        let mut steps = 0;
        while !run.is_done() {
            run.step(&clock).unwrap();
            steps += 1;
            assert!(steps < 100_000);
        }
        let Completion { done, total } = run.completion();
        assert!(done <= total);
        run.output()
    }

    #[test]
    fn rank_points_by_hand_on_three_entrants_and_two_boards() {
        // Board 1: A +2, B +2, C -1: places 1, 1, 3; points 6, 6, 2.
        // Board 2: A -1, B +1, C +3: places 3, 2, 1; points 2, 4, 6.
        // Totals: A 8, B 10, C 8: B first, A and C share second.
        let e = event(2, Deals::Seeded { seed: 1 });
        let boards = e.shared_boards().unwrap();
        let checked: Vec<Checked> = [("A", [2, -1]), ("B", [2, 1]), ("C", [-1, 3])]
            .iter()
            .map(|(name, scores)| Checked {
                label: name.to_string(),
                entrant: name.parse().unwrap(),
                boards: boards.clone(),
                scores: scores.to_vec(),
            })
            .collect();
        let s = rank(&e, &checked, &BTreeMap::new(), vec![], 3);
        let row = |name: &str| s.entrants.iter().find(|r| r.entrant.as_str() == name).unwrap();
        assert_eq!(
            (row("A").rank_points, row("B").rank_points, row("C").rank_points),
            (8, 10, 8)
        );
        assert_eq!((row("A").place, row("B").place, row("C").place), (2, 1, 2));
        assert_eq!(row("A").boards.iter().map(|b| b.place).collect::<Vec<_>>(), [1, 3]);
        assert_eq!(row("C").boards.iter().map(|b| b.points).collect::<Vec<_>>(), [2, 6]);
        assert_eq!((row("A").score, row("C").score), (1, 2));
        // Ties in rank points: the higher score total is listed first.
        assert_eq!(
            s.entrants.iter().map(|r| r.entrant.as_str()).collect::<Vec<_>>(),
            ["B", "C", "A"]
        );
        // The CLI's CSV header, as it has always been; another header in
        // the caller's words, escaped as any field.
        let csv = s.to_csv();
        assert_eq!(
            csv.lines().next(),
            Some(
                "place,entrant,rank_points,score,field_beaten,board1_score,board1_place,board1_points,\
board1_field_beaten,board2_score,board2_place,board2_points,board2_field_beaten"
            )
        );
        assert_eq!(csv.lines().nth(1), Some("1,B,10,3,0.5000,2,1,6,0.5000,1,2,4,0.5000"));
        let named = s.to_csv_headed(|c| match c {
            Column::Entrant => "who, by name".into(),
            other => other.name(),
        });
        assert!(named.starts_with("place,\"who, by name\",rank_points,"));
        assert_eq!(named.lines().nth(1), csv.lines().nth(1));
    }

    #[test]
    fn results_are_replayed_and_the_wrong_ones_turned_away() {
        let e = event(2, Deals::Seeded { seed: 4 });
        let other = event(2, Deals::Seeded { seed: 5 });
        let ann = enter(&e, "Ann", "L7");
        let bob = enter(&e, "Bob", "L1");
        let mut corrupted = enter(&e, "Cy", "L3");
        corrupted.text.insert(10, 'x');
        let again = Submission {
            label: "ann again".into(),
            text: enter(&e, "ANN", "L2").text,
        };
        let foreign = enter(&other, "Dee", "L3");
        // An opponent's move changed in a file.
        let result = ContestResult::from_code(&enter(&e, "Eve", "L3").text).unwrap();
        let mut file: serde_json::Value = serde_json::from_str(&result.to_file(&e.shared_boards().unwrap())).unwrap();
        let record = file["boards"][0]["record"].as_array().unwrap().clone();
        let (i, _) = record.iter().enumerate().find(|(_, t)| t[0] != "landlord").unwrap();
        file["boards"][0]["record"][i][1] = if record[i][1] == "pass" { "3" } else { "pass" }.into();
        let tampered = Submission {
            label: "eve.json".into(),
            text: file.to_string(),
        };
        let s = score(&e, &[ann, bob, corrupted, again, foreign, tampered]);
        let names: Vec<&str> = s.entrants.iter().map(|r| r.entrant.as_str()).collect();
        assert_eq!(names.len(), 2, "{names:?}");
        let kinds: Vec<(&str, &str)> = s.rejected.iter().map(|r| (r.label.as_str(), r.reason.kind())).collect();
        assert_eq!(
            kinds,
            [
                ("Cy", "unreadable"),
                ("Dee", "other-event"),
                ("ann again", "same-entrant"),
                ("eve.json", "not-the-opponents")
            ]
        );
        assert_eq!(s.rejected[2].reason.to_string(), "ANN has already entered (Ann)");
        assert!(
            s.rejected[3].reason.to_string().starts_with("board 1: move"),
            "{}",
            s.rejected[3].reason
        );
        // Each counted board has its field.
        for row in &s.entrants {
            assert_eq!(row.boards.len(), 2);
            assert!(row.boards.iter().all(|b| (0.0..=1.0).contains(&b.beaten)));
        }
        let d = s.distinction.unwrap();
        assert_eq!((d.players, d.boards, d.top), (2, 2, 2));
        assert!((0.0..=1.0).contains(&d.dih));
    }

    #[test]
    fn stronger_entrants_score_higher_in_duplicate() {
        let e = event(6, Deals::Seeded { seed: 8 });
        let s = score(&e, &[enter(&e, "weak", "L0"), enter(&e, "strong", "L7")]);
        let row = |name: &str| s.entrants.iter().find(|r| r.entrant.as_str() == name).unwrap().clone();
        assert!(row("strong").rank_points >= row("weak").rank_points);
        assert!(row("strong").beaten >= row("weak").beaten);
    }

    #[test]
    fn nobody_to_count() {
        let e = event(1, Deals::Seeded { seed: 8 });
        let s = score(&e, &[]);
        assert!(s.entrants.is_empty() && s.rejected.is_empty() && s.distinction.is_none());
    }
}

//! A duplicate session (复式, docs/tables.md): T tables play the same B
//! boards, each board's cards going to the same chair at every table. On
//! each board each chair's score is ranked against the same chair at the
//! other tables that finished it, for 2 × (n − place + 1) rank points
//! (the championship's, [`rank_points`]), summed per person.
//!
//! What a looker is shown is decided here, in [`standings`]: a board's
//! results reach a table only once that table has finished it, and the
//! public only once every table has.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::lab::tournament::{places, rank_points};

use super::session::Table;
use super::{Chair, Rules};

/// The tables a session may have.
pub const TABLES: std::ops::RangeInclusive<u32> = 2..=16;
/// The boards a session may have.
pub const BOARDS: std::ops::RangeInclusive<u32> = 1..=24;

/// A session's shape: T tables by B boards, both in range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawShape", into = "RawShape")]
pub struct Shape {
    tables: u32,
    boards: u32,
}

/// A shape out of range.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ShapeError {
    /// Fewer than two tables, or too many.
    #[error("a duplicate session has {lo} to {hi} tables, not {0}", lo = TABLES.start(), hi = TABLES.end())]
    Tables(u32),
    /// No board, or too many.
    #[error("a duplicate session has {lo} to {hi} boards, not {0}", lo = BOARDS.start(), hi = BOARDS.end())]
    Boards(u32),
}

impl Shape {
    /// `tables` by `boards`, if both are in range.
    pub fn new(tables: u32, boards: u32) -> Result<Shape, ShapeError> {
        if !TABLES.contains(&tables) {
            return Err(ShapeError::Tables(tables));
        }
        if !BOARDS.contains(&boards) {
            return Err(ShapeError::Boards(boards));
        }
        Ok(Shape { tables, boards })
    }

    /// T, the number of tables.
    pub fn tables(self) -> u32 {
        self.tables
    }

    /// B, the number of boards.
    pub fn boards(self) -> u32 {
        self.boards
    }
}

/// A shape as written, `{"tables": 2, "boards": 4}`, before its check.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawShape {
    tables: u32,
    boards: u32,
}

impl TryFrom<RawShape> for Shape {
    type Error = ShapeError;

    fn try_from(raw: RawShape) -> Result<Shape, ShapeError> {
        Shape::new(raw.tables, raw.boards)
    }
}

impl From<Shape> for RawShape {
    fn from(shape: Shape) -> RawShape {
        RawShape {
            tables: shape.tables,
            boards: shape.boards,
        }
    }
}

/// Who asks for a session's standings; written `"organiser"`,
/// `{"table": 2}`, `"public"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Looker {
    /// The organiser: every board any table has finished.
    Organiser,
    /// Someone at table `n` (from 1): the boards that table has finished.
    Table(u32),
    /// Anyone: the boards every table has finished.
    Public,
}

/// One of a session's tables, as anyone may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionTable {
    /// Its number, from 1.
    pub number: u32,
    /// The table's id.
    pub id: String,
    /// The link people sit down by.
    pub link: String,
    /// Who sits in each chair, `None` while empty.
    pub names: [Option<String>; 3],
}

/// A session as one looker may see it: the server's answer about it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionView {
    /// The session's id.
    pub id: String,
    /// The rules every table plays.
    pub rules: Rules,
    /// The session's page.
    pub link: String,
    /// Who the standings are for.
    pub looker: Looker,
    /// Table 1 first.
    pub tables: Vec<SessionTable>,
    /// The standings this looker may see.
    pub standings: DuplicateView,
    /// The organiser's key, once: in the answer that made the session.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub organiser_key: Option<String>,
}

/// Who sits in a chair through the session.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entrant {
    /// The name they sat down with (an AI's rung).
    pub name: String,
    /// An AI filled the chair.
    pub ai: bool,
}

/// One chair's result on one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cell {
    /// The chair's score on the board.
    pub score: i64,
    /// Its place among the same chair at the tables shown this board.
    pub place: u32,
    /// 2 × (n − place + 1), n the tables shown this board.
    pub points: u32,
}

/// One person (or AI) of the session: a chair at a table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// The table, from 1.
    pub table: u32,
    /// The chair, the same through the session.
    pub chair: Chair,
    /// Who sits there (nobody yet: `None`).
    pub entrant: Option<Entrant>,
    /// Its place by rank points (ties share the best place).
    pub place: u32,
    /// Summed over the boards shown.
    pub rank_points: u32,
    /// The scores summed over the boards shown.
    pub score: i64,
    /// Board by board, `None` where the board is not shown.
    pub boards: Vec<Option<Cell>>,
}

/// A session's standings as one looker may see them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DuplicateView {
    /// T tables by B boards.
    pub shape: Shape,
    /// How many tables have finished each board: progress, not results.
    pub finished: Vec<u32>,
    /// The boards (from 1) whose results this looker sees.
    pub shown: Vec<u32>,
    /// Every board finished at every table.
    pub over: bool,
    /// Best first.
    pub entries: Vec<Entry>,
}

/// Each board's chair scores at one table, `None` until it is finished
/// there. A board all passed is finished with 0 for every chair: in
/// duplicate it is not dealt again.
pub fn board_scores(table: &Table, boards: u32) -> Vec<Option<[i64; 3]>> {
    (0..boards as usize)
        .map(|k| {
            let deal = table.deals().get(k).filter(|d| d.is_finished())?;
            Some(deal.result().map_or([0; 3], |r| r.scores))
        })
        .collect()
}

/// The standings `looker` may see, from each table's board scores
/// ([`board_scores`]) and who sits where.
pub fn standings(
    shape: Shape,
    scores: &[Vec<Option<[i64; 3]>>],
    entrants: &[[Option<Entrant>; 3]],
    looker: Looker,
) -> DuplicateView {
    let boards = shape.boards as usize;
    let at = |t: usize, k: usize| scores.get(t).and_then(|s| s.get(k).copied().flatten());
    let finished: Vec<u32> = (0..boards)
        .map(|k| (0..scores.len()).filter(|&t| at(t, k).is_some()).count() as u32)
        .collect();
    let tables = shape.tables as usize;
    let shown: Vec<usize> = (0..boards)
        .filter(|&k| match looker {
            Looker::Organiser => finished[k] > 0,
            Looker::Table(n) => n >= 1 && at(n as usize - 1, k).is_some(),
            Looker::Public => finished[k] as usize == tables,
        })
        .collect();
    let mut entries: Vec<Entry> = (0..tables)
        .flat_map(|t| {
            Chair::ALL.map(|chair| Entry {
                table: t as u32 + 1,
                chair,
                entrant: entrants.get(t).and_then(|e| e[chair.index()].clone()),
                place: 0,
                rank_points: 0,
                score: 0,
                boards: vec![None; boards],
            })
        })
        .collect();
    for &k in &shown {
        for chair in Chair::ALL {
            let played: Vec<(usize, i64)> = (0..tables)
                .filter_map(|t| Some((t, at(t, k)?[chair.index()])))
                .collect();
            let board: Vec<i64> = played.iter().map(|&(_, s)| s).collect();
            for ((&(t, score), place), points) in played.iter().zip(places(&board)).zip(rank_points(&board)) {
                let entry = &mut entries[3 * t + chair.index()];
                entry.boards[k] = Some(Cell { score, place, points });
                entry.rank_points += points;
                entry.score += score;
            }
        }
    }
    let totals: Vec<i64> = entries.iter().map(|e| i64::from(e.rank_points)).collect();
    for (entry, place) in entries.iter_mut().zip(places(&totals)) {
        entry.place = place;
    }
    entries.sort_by(|a, b| (a.place, b.score, a.table, a.chair).cmp(&(b.place, a.score, b.table, b.chair)));
    DuplicateView {
        shape,
        over: finished.iter().all(|&f| f as usize == tables),
        finished,
        shown: shown.iter().map(|&k| k as u32 + 1).collect(),
        entries,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn who(name: &str) -> Option<Entrant> {
        Some(Entrant {
            name: name.into(),
            ai: false,
        })
    }

    /// Two tables, two boards, worked by hand.
    ///
    /// Board 1: table 1 scores [+4, −2, −2], table 2 [−4, +2, +2].
    /// Chair 0: +4 beats −4: table 1 gets 4 points, table 2 gets 2.
    /// Chairs 1 and 2: +2 beats −2: table 2 gets 4, table 1 gets 2.
    /// Board 2: table 1 all passed [0, 0, 0], table 2 [−6, +3, +3].
    /// Chair 0: 0 beats −6: table 1 4, table 2 2.
    /// Chairs 1 and 2: +3 beats 0: table 2 4, table 1 2.
    /// Totals: t1c0 8 (score +4), t2c1 and t2c2 8 (+5 each), t1c1 and
    /// t1c2 4 (−2), t2c0 4 (−10). Places: three share 1st (8), three
    /// share 4th (4); within a place the higher score first.
    #[test]
    fn standings_by_hand_on_two_tables_and_two_boards() {
        let shape = Shape::new(2, 2).unwrap();
        let scores = vec![
            vec![Some([4, -2, -2]), Some([0, 0, 0])],
            vec![Some([-4, 2, 2]), Some([-6, 3, 3])],
        ];
        let entrants = [[who("An"), who("Bo"), who("Cy")], [who("Di"), who("Ed"), who("Fa")]];
        let view = standings(shape, &scores, &entrants, Looker::Public);
        let rows: Vec<(&str, u32, u32, i64)> = view
            .entries
            .iter()
            .map(|e| {
                (
                    e.entrant.as_ref().unwrap().name.as_str(),
                    e.place,
                    e.rank_points,
                    e.score,
                )
            })
            .collect();
        assert_eq!(
            rows,
            [
                ("Ed", 1, 8, 5),
                ("Fa", 1, 8, 5),
                ("An", 1, 8, 4),
                ("Bo", 4, 4, -2),
                ("Cy", 4, 4, -2),
                ("Di", 4, 4, -10),
            ]
        );
        assert!(view.over);
        assert_eq!(view.shown, [1, 2]);
        let an = &view.entries[2];
        assert_eq!(
            an.boards[1],
            Some(Cell {
                score: 0,
                place: 1,
                points: 4
            })
        );
    }

    #[test]
    fn a_board_reaches_a_table_once_it_finished_it_and_the_public_once_all_did() {
        let shape = Shape::new(2, 2).unwrap();
        // Table 1 finished both boards, table 2 only the first.
        let scores = vec![vec![Some([4, -2, -2]), Some([2, -1, -1])], vec![Some([-4, 2, 2]), None]];
        let entrants = [[who("An"), who("Bo"), who("Cy")], [who("Di"), who("Ed"), who("Fa")]];
        let public = standings(shape, &scores, &entrants, Looker::Public);
        assert_eq!(
            (public.shown.as_slice(), public.finished.as_slice(), public.over),
            (&[1][..], &[2, 1][..], false)
        );
        let second = standings(shape, &scores, &entrants, Looker::Table(2));
        assert_eq!(second.shown, [1]);
        assert!(
            second.entries.iter().all(|e| e.boards[1].is_none()),
            "board 2 is not table 2's yet"
        );
        let first = standings(shape, &scores, &entrants, Looker::Table(1));
        assert_eq!(first.shown, [1, 2]);
        // Board 2 so far: table 1 alone, first of one: 2 points each.
        let an = first
            .entries
            .iter()
            .find(|e| e.table == 1 && e.chair == Chair::at(0))
            .unwrap();
        assert_eq!(
            an.boards[1],
            Some(Cell {
                score: 2,
                place: 1,
                points: 2
            })
        );
        assert_eq!(standings(shape, &scores, &entrants, Looker::Organiser).shown, [1, 2]);
    }

    #[test]
    fn every_chair_of_every_table_is_an_entry_and_points_follow_the_formula() {
        let shape = Shape::new(3, 1).unwrap();
        let scores = vec![vec![Some([6, -3, -3])], vec![Some([-2, 1, 1])], vec![Some([-2, 1, 1])]];
        let view = standings(shape, &scores, &[], Looker::Public);
        assert_eq!(view.entries.len(), 9);
        let points = |t: u32, c: usize| {
            let e = view
                .entries
                .iter()
                .find(|e| e.table == t && e.chair == Chair::at(c))
                .unwrap();
            (e.boards[0].unwrap().place, e.rank_points)
        };
        // 2 × (3 − place + 1): first 6, two sharing second 4 each.
        assert_eq!([points(1, 0), points(2, 0), points(3, 0)], [(1, 6), (2, 4), (2, 4)]);
        assert_eq!([points(1, 1), points(2, 1), points(3, 1)], [(3, 2), (1, 6), (1, 6)]);
    }

    #[test]
    fn a_looker_is_written_as_the_api_writes_it() {
        for (looker, text) in [
            (Looker::Organiser, r#""organiser""#),
            (Looker::Table(2), r#"{"table":2}"#),
            (Looker::Public, r#""public""#),
        ] {
            assert_eq!(serde_json::to_string(&looker).unwrap(), text);
            assert_eq!(serde_json::from_str::<Looker>(text).unwrap(), looker);
        }
    }

    #[test]
    fn a_shape_out_of_range_is_refused() {
        assert_eq!(Shape::new(1, 4), Err(ShapeError::Tables(1)));
        assert_eq!(Shape::new(2, 0), Err(ShapeError::Boards(0)));
        assert!(serde_json::from_str::<Shape>(r#"{"tables": 17, "boards": 4}"#).is_err());
        let shape = Shape::new(2, 4).unwrap();
        assert_eq!(
            serde_json::from_str::<Shape>(r#"{"tables": 2, "boards": 4}"#).unwrap(),
            shape
        );
        assert_eq!(serde_json::to_string(&shape).unwrap(), r#"{"tables":2,"boards":4}"#);
    }
}

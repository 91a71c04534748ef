//! An entrant's progress in an event, kept in localStorage so play resumes
//! across reloads and days: the name, the boards dealt, each board's table
//! (every move with its cards' faces), and each finished board's field and
//! par once worked out. Checked move by move when read back; an entry that
//! cannot be read is reported and its text kept aside, never dropped.

use engine::contest::{Board, ContestResult, EntrantName, Event};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::game::model::{Phase, PlayDeal, Setup};
use crate::game::saved::{self, LoadError};
use crate::web::{self, SetAside, StorageError};
use crate::worker::BoardReport;

const PREFIX: &str = "ddz.contest.";
/// Where an entry that could not be read is kept (with its event's code).
const SET_ASIDE_PREFIX: &str = "ddz.contest-unreadable.";
/// The format written now.
const VERSION: u32 = 1;

/// One entrant's progress in one event.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub event: Event,
    pub entrant: EntrantName,
    pub boards: Vec<Board>,
    /// Each board's table once started.
    pub tables: Vec<Option<PlayDeal>>,
    /// Each finished board's field and par, once worked out.
    pub reports: Vec<Option<BoardReport>>,
}

/// More text than any entry of 36 boards holds: refused unread.
pub const MAX_TEXT: usize = 1024 * 1024;

/// Why a stored entry cannot be used (worded by `Strings::entry_error`).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum EntryError {
    #[error("{0} bytes, over {MAX_TEXT}")]
    TooLong(usize),
    #[error("not an entry: {0}")]
    Format(String),
    #[error("saved by a newer version ({0})")]
    Version(u32),
    #[error("its event or name: {0}")]
    Event(String),
    #[error("board {board}: {why}")]
    Board { board: usize, why: LoadError },
}

/// A stored entry that could not be read: why, what became of its text,
/// and its size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    pub error: EntryError,
    pub kept: SetAside,
    pub bytes: usize,
}

/// Why a new entry was not stored.
#[derive(Clone, Debug, PartialEq)]
pub enum Refused {
    /// This browser has already entered, and played: its entry, to show.
    Entered(Box<Entry>),
    /// Unreadable text is stored under the entry's key (it could not be
    /// moved aside) and is not written over.
    Unreadable(Unreadable),
    /// Storage refused the write.
    Storage(StorageError),
}

#[derive(Serialize, Deserialize)]
struct StoredTable {
    record: Vec<(String, String, u64)>,
    redo: Vec<(String, String, u64)>,
}

#[derive(Serialize, Deserialize)]
struct Stored {
    version: u32,
    event: String,
    entrant: String,
    boards: Vec<Board>,
    tables: Vec<Option<StoredTable>>,
    reports: Vec<Option<BoardReport>>,
}

impl Entry {
    /// A new entry, nothing played.
    pub fn new(event: Event, entrant: EntrantName, boards: Vec<Board>) -> Entry {
        let n = boards.len();
        Entry {
            event,
            entrant,
            boards,
            tables: vec![None; n],
            reports: vec![None; n],
        }
    }

    /// The setup of board `k` (from 0): its deal, the entrant's seat.
    pub fn setup(&self, k: usize) -> Option<Setup> {
        self.boards.get(k).map(|b| Setup::tournament(b.seed, b.seat))
    }

    /// Board `k`'s table: as left, or fresh.
    pub fn table(&self, k: usize) -> Option<PlayDeal> {
        match self.tables.get(k)? {
            Some(t) => Some(t.clone()),
            None => self.setup(k).map(PlayDeal::new),
        }
    }

    /// The entrant's score on board `k`, once finished.
    pub fn score(&self, k: usize) -> Option<i64> {
        let table = self.tables.get(k)?.as_ref()?;
        let seat = self.boards.get(k)?.seat;
        match table.phase() {
            Phase::Over(outcome) => Some(engine::contest::board_score(seat, &outcome)),
            _ => None,
        }
    }

    /// Whether board `k` has a move on it.
    pub fn started(&self, k: usize) -> bool {
        self.tables
            .get(k)
            .is_some_and(|t| t.as_ref().is_some_and(|t| !t.record().is_empty()))
    }

    /// The first board not finished.
    pub fn next_board(&self) -> Option<usize> {
        (0..self.boards.len()).find(|&k| self.score(k).is_none())
    }

    pub fn is_complete(&self) -> bool {
        !self.boards.is_empty() && self.next_board().is_none()
    }

    /// The result, once every board is finished.
    pub fn result(&self) -> Option<ContestResult> {
        if !self.is_complete() {
            return None;
        }
        let records = self
            .tables
            .iter()
            .map(|t| t.as_ref().map(|t| t.record().iter().map(|turn| turn.mv).collect()))
            .collect::<Option<Vec<_>>>()?;
        Some(ContestResult {
            event: self.event.clone(),
            entrant: self.entrant.clone(),
            records,
        })
    }

    pub fn to_json(&self) -> String {
        let stored = Stored {
            version: VERSION,
            event: self.event.code(),
            entrant: self.entrant.to_string(),
            boards: self.boards.clone(),
            tables: self
                .tables
                .iter()
                .map(|t| {
                    t.as_ref().map(|t| StoredTable {
                        record: t.record().iter().map(saved::stored_turn).collect(),
                        redo: t.redo_moves().iter().map(saved::stored_turn).collect(),
                    })
                })
                .collect(),
            reports: self.reports.clone(),
        };
        serde_json::to_string(&stored).unwrap_or_default()
    }

    pub fn from_json(text: &str) -> Result<Entry, EntryError> {
        if text.len() > MAX_TEXT {
            return Err(EntryError::TooLong(text.len()));
        }
        #[derive(Deserialize)]
        struct Versioned {
            version: u32,
        }
        let Versioned { version } = serde_json::from_str(text).map_err(|e| EntryError::Format(e.to_string()))?;
        if version != VERSION {
            return Err(EntryError::Version(version));
        }
        let stored: Stored = serde_json::from_str(text).map_err(|e| EntryError::Format(e.to_string()))?;
        let event = Event::from_code(&stored.event).map_err(|e| EntryError::Event(e.to_string()))?;
        let entrant: EntrantName = stored
            .entrant
            .parse()
            .map_err(|e: engine::contest::NameError| EntryError::Event(e.to_string()))?;
        let n = usize::from(event.boards());
        if stored.boards.len() != n || stored.tables.len() != n || stored.reports.len() != n {
            return Err(EntryError::Format(format!(
                "{} boards, {} tables and {} reports for an event of {n} boards",
                stored.boards.len(),
                stored.tables.len(),
                stored.reports.len()
            )));
        }
        // Shared boards are the event's, whoever reads them back.
        if let Some(shared) = event.shared_boards() {
            if shared != stored.boards {
                return Err(EntryError::Format("the boards are not the event's".into()));
            }
        }
        let mut entry = Entry::new(event, entrant, stored.boards);
        for (k, table) in stored.tables.iter().enumerate() {
            let Some(t) = table else { continue };
            let why = |why: LoadError| EntryError::Board { board: k + 1, why };
            let record = t
                .record
                .iter()
                .map(saved::turn)
                .collect::<Result<Vec<_>, _>>()
                .map_err(why)?;
            let redo = t
                .redo
                .iter()
                .map(saved::turn)
                .collect::<Result<Vec<_>, _>>()
                .map_err(why)?;
            // Every board has a setup: their number was checked above.
            let Some(setup) = entry.setup(k) else { continue };
            let table = PlayDeal::restore(setup, &[], &record, &redo).map_err(|e| why(e.into()))?;
            entry.tables[k] = Some(table);
        }
        entry.reports = stored.reports;
        Ok(entry)
    }

    fn key(event: &Event) -> String {
        format!("{PREFIX}{}", event.code())
    }

    /// This browser's entry in `event` if it can be read, leaving what
    /// cannot where it is (for a glance that reports nothing).
    pub fn peek(event: &Event) -> Option<Entry> {
        Entry::from_json(&web::storage_get(&Entry::key(event))?).ok()
    }

    /// This browser's entry in `event`: `Ok(None)` if none; if what is
    /// stored cannot be read, it is moved aside (or, storage being full,
    /// left where it is) and the caller reports what happened.
    pub fn load(event: &Event) -> Result<Option<Entry>, Unreadable> {
        let key = Entry::key(event);
        let Some(text) = web::storage_get(&key) else {
            return Ok(None);
        };
        Entry::from_json(&text).map(Some).map_err(|error| Unreadable {
            error,
            kept: web::set_aside(&key, &format!("{SET_ASIDE_PREFIX}{}", event.code())),
            bytes: text.len(),
        })
    }

    /// Keeps this entry's progress (a move, a board's report), replacing
    /// its own older state.
    pub fn save(&self) -> Result<(), StorageError> {
        web::storage_set(&Entry::key(&self.event), &self.to_json())
    }

    /// Keeps board `board`'s table in `event`'s entry (every move, so a
    /// reload resumes it), or says why it could not. A board the entry
    /// does not hold is left alone.
    pub fn save_table(event: &Event, board: Board, table: &PlayDeal) -> Result<(), StorageError> {
        let Ok(Some(mut entry)) = Entry::load(event) else {
            return Ok(());
        };
        let k = usize::from(board.number) - 1;
        if entry.boards.get(k) != Some(&board) {
            return Ok(());
        }
        entry.tables[k] = Some(table.clone());
        entry.save()
    }

    /// Whether any board has a move on it: entering again must not erase it.
    pub fn has_play(&self) -> bool {
        (0..self.boards.len()).any(|k| self.started(k))
    }

    /// Stores a new entry, unless that would erase one: a stored entry
    /// with play in it is handed back to be shown instead, and text that
    /// cannot be read (left in place when storage was full) is never
    /// written over. Only [`Entry::discard`], the entrant's explicit
    /// choice, removes them.
    pub fn start(&self) -> Result<(), Refused> {
        match Entry::load(&self.event) {
            Ok(Some(stored)) if stored.has_play() => return Err(Refused::Entered(Box::new(stored))),
            Err(problem) if matches!(problem.kept, SetAside::LeftInPlace(_)) => {
                return Err(Refused::Unreadable(problem))
            }
            _ => {}
        }
        self.save().map_err(Refused::Storage)
    }

    /// Removes this browser's entry in `event`, readable or not: only on
    /// the entrant's explicit choice, which named what is lost.
    pub fn discard(event: &Event) {
        web::storage_remove(&Entry::key(event));
    }

    /// The events this browser has entries in, readable or not.
    pub fn events() -> Vec<Event> {
        web::storage_keys(PREFIX)
            .iter()
            .filter_map(|k| Event::from_code(k.strip_prefix(PREFIX)?).ok())
            .collect()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::suits::Faces;
    use engine::Date;

    fn entry() -> Entry {
        let event = Event::daily(Date::new(2026, 11, 27).unwrap());
        let boards = event.shared_boards().unwrap();
        Entry::new(event, "Ann".parse().unwrap(), boards)
    }

    /// Plays a table out, each seat making its first legal move.
    pub(crate) fn play_out(table: &mut PlayDeal) {
        let mut legal = vec![];
        while let Phase::Playing { .. } = table.phase() {
            legal.clear();
            table.game().unwrap().legal_moves(&mut legal);
            table.play(legal[0], Faces::EMPTY).unwrap();
        }
    }

    #[test]
    fn an_entry_round_trips_and_gives_its_result_when_done() {
        let mut e = entry();
        assert_eq!(e.next_board(), Some(0));
        assert!(e.result().is_none());
        for k in 0..e.boards.len() {
            let mut t = e.table(k).unwrap();
            play_out(&mut t);
            e.tables[k] = Some(t);
            let back = Entry::from_json(&e.to_json()).unwrap();
            assert_eq!(back, e);
        }
        assert!(e.is_complete());
        let result = e.result().unwrap();
        // Its records check, and score as the tables say.
        let checked = engine::contest::standings::check_entrant(&e.event, &e.boards, &result);
        // The first legal move is not the AI's: the table played every seat here.
        assert!(checked.is_err());
        assert_eq!(result.records.len(), 6);
    }

    #[test]
    fn broken_entries_say_why() {
        let mut e = entry();
        let mut t = e.table(0).unwrap();
        play_out(&mut t);
        e.tables[0] = Some(t);
        let good = e.to_json();
        assert!(matches!(Entry::from_json("{"), Err(EntryError::Format(_))));
        assert_eq!(
            Entry::from_json(&good.replace("\"version\":1", "\"version\":3")),
            Err(EntryError::Version(3))
        );
        let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
        v["tables"][0]["record"][0][1] = "XD".into();
        assert!(matches!(
            Entry::from_json(&v.to_string()),
            Err(EntryError::Board { board: 1, .. })
        ));
        let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
        v["boards"][0]["seed"] = 5.into();
        assert!(matches!(Entry::from_json(&v.to_string()), Err(EntryError::Format(_))));
        let mut v: serde_json::Value = serde_json::from_str(&good).unwrap();
        v["entrant"] = "".into();
        assert!(matches!(Entry::from_json(&v.to_string()), Err(EntryError::Event(_))));
    }
}

//! The daily record (每日赛记录): each day's daily contest as this browser
//! played it, a few numbers a day (each board's score, how many boards'
//! fields are known, the place against the field), so the history and the
//! streak need no entry read back and outlive the entries. Read back
//! bounded and checked; a record that cannot be read is kept aside under a
//! key of its own, or left where it is when there is no room for a copy
//! (and then nothing is saved over it).

use std::collections::{BTreeMap, BTreeSet};

use engine::contest::event::DAILY_BOARDS;
use engine::contest::field::FIELD_TOTAL;
use engine::contest::{Event, FieldPlace, Streak};
use engine::Date;
use serde::{Deserialize, Serialize};

use crate::game::entry::Entry;
use crate::web::{self, SetAside, StorageError};

const KEY: &str = "ddz.daily";
/// Where a record that could not be read is kept: this key, else the
/// first of `.2` to `.9` free, so an earlier one is never written over.
const SET_ASIDE_KEY: &str = "ddz.daily.unreadable";
const VERSION: u32 = 1;
/// More text than twenty years of days: refused unread.
pub const MAX_TEXT: usize = 1 << 20;
/// Days kept: twenty years (beyond, the oldest give way).
pub const MAX_DAYS: usize = 7305;
/// No board scores more: ±(1 + bombs), and 13 bombs and the rocket at most.
pub const MAX_BOARD_SCORE: i64 = 15;
pub const BOARDS: usize = DAILY_BOARDS as usize;

/// One day's daily contest as played here.
#[derive(Clone, Debug, PartialEq)]
pub struct Day {
    pub date: Date,
    /// Each board's score, once finished.
    pub scores: [Option<i64>; BOARDS],
    /// Finished boards whose field is known game by game.
    pub fields: u8,
    /// Against the field, once every board is finished and its field known.
    pub place: Option<FieldPlace>,
}

impl Day {
    /// The day of a daily contest's entry; `None` for another event.
    pub fn of_entry(entry: &Entry) -> Option<Day> {
        let date = entry.event.daily_date()?;
        if entry.event != Event::daily(date) || entry.boards.len() != BOARDS {
            return None;
        }
        let mut scores = [None; BOARDS];
        for (k, s) in scores.iter_mut().enumerate() {
            *s = entry.score(k);
        }
        // Each finished board's field, when every game's score is in it.
        let fields: Vec<_> = (0..BOARDS)
            .filter(|&k| scores[k].is_some())
            .filter_map(|k| entry.reports[k].as_ref())
            .map(|r| &r.field)
            .filter(|f| f.players().is_some())
            .collect();
        let finished: Option<Vec<i64>> = scores.iter().copied().collect();
        let place = finished.and_then(|s| FieldPlace::of(&s, &fields));
        Some(Day {
            date,
            scores,
            fields: fields.len() as u8,
            place,
        })
    }

    pub fn event(&self) -> Event {
        Event::daily(self.date)
    }

    /// Boards finished.
    pub fn played(&self) -> usize {
        self.scores.iter().flatten().count()
    }

    pub fn is_finished(&self) -> bool {
        self.played() == BOARDS
    }

    /// The total of the boards finished.
    pub fn total(&self) -> i64 {
        self.scores.iter().flatten().sum()
    }

    /// The first board not finished (from 0).
    pub fn next_board(&self) -> Option<usize> {
        self.scores.iter().position(Option::is_none)
    }

    /// What it shows can change no more.
    fn is_settled(&self) -> bool {
        self.is_finished() && self.place.is_some()
    }
}

/// Why a stored record cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JournalError {
    /// Longer than [`MAX_TEXT`] bytes.
    TooLong(usize),
    /// Not the record's JSON: where it stops being it.
    Format { line: usize, column: usize },
    /// Written by a newer version.
    Version(u32),
    /// More than [`MAX_DAYS`] days.
    TooManyDays(usize),
    /// One day is wrong: its date as written, and what.
    Day { date: String, problem: DayProblem },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DayProblem {
    /// Not a date.
    Date,
    /// Not in date order, or twice.
    Order,
    /// A score no board can have.
    Score(i64),
    /// More fields known than boards finished.
    Fields,
    /// A place that does not go with the scores and fields.
    Place,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StoredDay {
    date: String,
    scores: [Option<i64>; BOARDS],
    fields: u8,
    place: Option<FieldPlace>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Stored {
    version: u32,
    days: Vec<StoredDay>,
}

impl StoredDay {
    fn read(self) -> Result<Day, JournalError> {
        let wrong = |problem| JournalError::Day {
            date: self.date.chars().take(40).collect(),
            problem,
        };
        let date: Date = self.date.parse().map_err(|_| wrong(DayProblem::Date))?;
        if let Some(s) = self.scores.iter().flatten().find(|s| s.abs() > MAX_BOARD_SCORE) {
            return Err(wrong(DayProblem::Score(*s)));
        }
        let day = Day {
            date,
            scores: self.scores,
            fields: self.fields,
            place: self.place,
        };
        if usize::from(day.fields) > day.played() {
            return Err(wrong(DayProblem::Fields));
        }
        let placed = day.is_finished() && usize::from(day.fields) == BOARDS;
        let place_fits = match day.place {
            None => !placed,
            Some(p) => {
                placed
                    && p.total == day.total()
                    && p.of == FIELD_TOTAL + 1
                    && (1..=p.of).contains(&p.place)
                    && (0.0..=1.0).contains(&p.beaten)
            }
        };
        if !place_fits {
            return Err(wrong(DayProblem::Place));
        }
        Ok(day)
    }
}

/// The days played, by date.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Journal {
    days: BTreeMap<Date, Day>,
}

impl Journal {
    pub fn from_json(text: &str) -> Result<Journal, JournalError> {
        if text.len() > MAX_TEXT {
            return Err(JournalError::TooLong(text.len()));
        }
        let format = |e: serde_json::Error| JournalError::Format {
            line: e.line(),
            column: e.column(),
        };
        #[derive(Deserialize)]
        struct Versioned {
            version: u32,
        }
        let Versioned { version } = serde_json::from_str(text).map_err(format)?;
        if version != VERSION {
            return Err(JournalError::Version(version));
        }
        let stored: Stored = serde_json::from_str(text).map_err(format)?;
        if stored.days.len() > MAX_DAYS {
            return Err(JournalError::TooManyDays(stored.days.len()));
        }
        let mut days = BTreeMap::new();
        for stored_day in stored.days {
            let written = stored_day.date.clone();
            let day = stored_day.read()?;
            // Oldest first, each day once, as written.
            if days.last_key_value().is_some_and(|(&last, _)| last >= day.date) {
                return Err(JournalError::Day {
                    date: written,
                    problem: DayProblem::Order,
                });
            }
            days.insert(day.date, day);
        }
        Ok(Journal { days })
    }

    pub fn to_json(&self) -> String {
        let stored = Stored {
            version: VERSION,
            days: self
                .days
                .values()
                .map(|d| StoredDay {
                    date: d.date.to_string(),
                    scores: d.scores,
                    fields: d.fields,
                    place: d.place,
                })
                .collect(),
        };
        serde_json::to_string(&stored).unwrap_or_default()
    }

    pub fn day(&self, date: Date) -> Option<&Day> {
        self.days.get(&date)
    }

    /// Newest first.
    pub fn newest_first(&self) -> impl Iterator<Item = &Day> {
        self.days.values().rev()
    }

    pub fn is_empty(&self) -> bool {
        self.days.is_empty()
    }

    /// Whether the day's record can change no more (its entry need not be
    /// read again).
    pub fn is_settled(&self, date: Date) -> bool {
        self.days.get(&date).is_some_and(Day::is_settled)
    }

    /// Keeps a day as read from its entry; whether that changed anything.
    /// A day with no board finished is not kept, and a finished day is
    /// never replaced by an unfinished one: an entry started again does
    /// not unplay the day.
    pub fn record(&mut self, day: Day) -> bool {
        if day.played() == 0 {
            return false;
        }
        match self.days.get(&day.date) {
            Some(old) if *old == day => return false,
            Some(old) if old.is_finished() && !day.is_finished() => return false,
            _ => {}
        }
        self.days.insert(day.date, day);
        while self.days.len() > MAX_DAYS {
            self.days.pop_first();
        }
        true
    }

    /// The days whose contest was finished.
    pub fn finished(&self) -> BTreeSet<Date> {
        self.days.values().filter(|d| d.is_finished()).map(|d| d.date).collect()
    }

    pub fn streak(&self, today: Date) -> Streak {
        Streak::of(&self.finished(), today)
    }
}

/// A stored record that could not be read: why, and what became of its
/// text (kept aside, or left where it was and not saved over).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    pub error: JournalError,
    pub kept: SetAside,
}

/// The stored record, and what became of it if it could not be read.
pub fn load() -> (Journal, Option<Unreadable>) {
    let Some(text) = web::storage_get(KEY) else {
        return (Journal::default(), None);
    };
    match Journal::from_json(&text) {
        Ok(journal) => (journal, None),
        Err(error) => {
            let kept = web::set_aside(KEY, SET_ASIDE_KEY);
            (Journal::default(), Some(Unreadable { error, kept }))
        }
    }
}

/// Saves the record, or says why storage refused it.
pub fn save(journal: &Journal) -> Result<(), StorageError> {
    web::storage_set(KEY, &journal.to_json())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::entry::tests::play_out;
    use crate::worker::BoardReport;
    use engine::contest::Field;
    use engine::lab::par::Par;

    fn date(s: &str) -> Date {
        s.parse().unwrap()
    }

    /// A field whose 22 players each score `s` on the board.
    fn field(s: i64) -> Field {
        Field {
            scores: vec![s],
            counts: vec![FIELD_TOTAL.into()],
            each_game: vec![s; FIELD_TOTAL as usize],
        }
    }

    fn report(field: Field) -> BoardReport {
        BoardReport {
            field,
            par: Par {
                winner: engine::Team::Landlord,
                exact: true,
                first: None,
                nodes: 0,
            },
        }
    }

    /// The daily contest of `day` with `boards` boards played (every seat
    /// its first legal move) and the fields of the first `fields` known.
    fn entry(day: &str, boards: usize, fields: usize) -> Entry {
        let event = Event::daily(date(day));
        let shared = event.shared_boards().unwrap();
        let mut e = Entry::new(event, "Ann".parse().unwrap(), shared);
        for k in 0..boards {
            let mut t = e.table(k).unwrap();
            play_out(&mut t);
            e.tables[k] = Some(t);
        }
        for k in 0..fields {
            e.reports[k] = Some(report(field(0)));
        }
        e
    }

    #[test]
    fn a_days_result_comes_from_its_entry() {
        let e = entry("2026-11-27", 6, 6);
        let day = Day::of_entry(&e).unwrap();
        assert!(day.is_finished());
        assert_eq!(day.fields, 6);
        let total: i64 = (0..6).map(|k| e.score(k).unwrap()).sum();
        let place = day.place.unwrap();
        assert_eq!((place.total, place.of), (total, 23));
        // Every field player totals 0.
        let want = match total.cmp(&0) {
            std::cmp::Ordering::Greater => (1, 1.0),
            std::cmp::Ordering::Equal => (1, 0.5),
            std::cmp::Ordering::Less => (23, 0.0),
        };
        assert_eq!((place.place, place.beaten), want);

        // Half played, or a field not known: no place yet.
        let half = Day::of_entry(&entry("2026-11-27", 3, 3)).unwrap();
        assert_eq!((half.played(), half.next_board(), half.place), (3, Some(3), None));
        let waiting = Day::of_entry(&entry("2026-11-27", 6, 4)).unwrap();
        assert_eq!((waiting.fields, waiting.place), (4, None));
        // A field kept before each game's score was: not known.
        let mut old = entry("2026-11-27", 6, 6);
        old.reports[5].as_mut().unwrap().field.each_game.clear();
        let old = Day::of_entry(&old).unwrap();
        assert_eq!((old.fields, old.place), (5, None));
        // Another event is not a day.
        let mut other = entry("2026-11-27", 1, 0);
        other.event = Event::new(engine::contest::Settings {
            title: "Club".into(),
            deals: engine::contest::Deals::Seeded { seed: 1 },
            boards: 6,
            seat: engine::contest::SeatRule::Alternate,
            opponents: "L7".parse().unwrap(),
            aids: engine::contest::Aids::default(),
            reveal: engine::contest::Reveal::EachBoard,
        })
        .unwrap();
        assert_eq!(Day::of_entry(&other), None);
    }

    #[test]
    fn the_record_reads_back_and_keeps_finished_days() {
        let mut j = Journal::default();
        let done = Day::of_entry(&entry("2026-11-27", 6, 6)).unwrap();
        let begun = Day::of_entry(&entry("2026-11-28", 2, 1)).unwrap();
        assert!(j.record(done.clone()));
        assert!(j.record(begun.clone()));
        assert!(!j.record(begun.clone()));
        assert_eq!(Journal::from_json(&j.to_json()), Ok(j.clone()));
        // An entry started again does not unplay a finished day.
        let again = Day::of_entry(&entry("2026-11-27", 1, 0)).unwrap();
        assert!(!j.record(again));
        // Entered, nothing played: no day.
        assert!(!j.record(Day::of_entry(&entry("2026-11-29", 0, 0)).unwrap()));
        assert_eq!(j.day(date("2026-11-27")), Some(&done));
        assert!(j.is_settled(date("2026-11-27")) && !j.is_settled(date("2026-11-28")));
        assert_eq!(
            j.newest_first().map(|d| d.date.to_string()).collect::<Vec<_>>(),
            ["2026-11-28", "2026-11-27"]
        );
        assert_eq!(j.streak(date("2026-11-28")), Streak { current: 1, best: 1 });
    }

    #[test]
    fn the_oldest_days_give_way_beyond_the_bound() {
        let mut j = Journal::default();
        let first = date("2000-01-01").day_number();
        for n in 0..=MAX_DAYS as i64 {
            j.record(Day {
                date: Date::from_day_number(first + n).unwrap(),
                scores: [Some(1), None, None, None, None, None],
                fields: 0,
                place: None,
            });
        }
        assert_eq!(j.days.len(), MAX_DAYS);
        assert!(j.day(date("2000-01-01")).is_none() && j.day(date("2000-01-02")).is_some());
        assert_eq!(Journal::from_json(&j.to_json()).map(|j| j.days.len()), Ok(MAX_DAYS));
    }

    #[test]
    fn hostile_stored_text_is_refused_with_a_reason() {
        let mut j = Journal::default();
        j.record(Day::of_entry(&entry("2026-11-27", 6, 6)).unwrap());
        let good: serde_json::Value = serde_json::from_str(&j.to_json()).unwrap();
        let with = |edit: &dyn Fn(&mut serde_json::Value)| {
            let mut v = good.clone();
            edit(&mut v);
            Journal::from_json(&v.to_string())
        };
        let day_problem = |r: Result<Journal, JournalError>| match r {
            Err(JournalError::Day { problem, .. }) => Some(problem),
            _ => None,
        };
        assert!(matches!(Journal::from_json(""), Err(JournalError::Format { .. })));
        assert!(matches!(Journal::from_json("[1]"), Err(JournalError::Format { .. })));
        assert!(matches!(
            Journal::from_json("{\"version\":1,\"days\":[],\"x\":1}"),
            Err(JournalError::Format { .. })
        ));
        assert_eq!(
            Journal::from_json("{\"version\":2,\"days\":[]}"),
            Err(JournalError::Version(2))
        );
        assert_eq!(
            Journal::from_json(&" ".repeat(MAX_TEXT + 1)),
            Err(JournalError::TooLong(MAX_TEXT + 1))
        );
        let blank = r#"{"date":"x","scores":[null,null,null,null,null,null],"fields":0,"place":null}"#;
        let many = format!("{{\"version\":1,\"days\":[{}]}}", vec![blank; MAX_DAYS + 1].join(","));
        assert!(many.len() < MAX_TEXT);
        assert_eq!(Journal::from_json(&many), Err(JournalError::TooManyDays(MAX_DAYS + 1)));
        assert_eq!(
            day_problem(with(&|v| v["days"][0]["date"] = "2026-02-30".into())),
            Some(DayProblem::Date)
        );
        assert_eq!(
            day_problem(with(&|v| v["days"][0]["scores"][0] = 16.into())),
            Some(DayProblem::Score(16))
        );
        assert!(matches!(
            with(&|v| v["days"][0]["scores"][0] = (-1e30).into()),
            Err(JournalError::Format { .. })
        ));
        assert!(matches!(
            with(&|v| v["days"][0]["scores"] = serde_json::json!([1, 1])),
            Err(JournalError::Format { .. })
        ));
        assert_eq!(
            day_problem(with(&|v| {
                v["days"][0]["scores"][5] = serde_json::Value::Null;
                v["days"][0]["place"] = serde_json::Value::Null;
            })),
            Some(DayProblem::Fields)
        );
        assert_eq!(
            day_problem(with(&|v| v["days"][0]["place"]["place"] = 24.into())),
            Some(DayProblem::Place)
        );
        assert_eq!(
            day_problem(with(&|v| v["days"][0]["place"]["beaten"] = 1.5.into())),
            Some(DayProblem::Place)
        );
        assert_eq!(
            day_problem(with(&|v| v["days"][0]["place"]["total"] = 99.into())),
            Some(DayProblem::Place)
        );
        assert_eq!(
            day_problem(with(&|v| v["days"][0]["place"] = serde_json::Value::Null)),
            Some(DayProblem::Place)
        );
        assert_eq!(
            day_problem(with(&|v| {
                let d = v["days"][0].clone();
                v["days"].as_array_mut().unwrap().push(d);
            })),
            Some(DayProblem::Order)
        );
    }
}

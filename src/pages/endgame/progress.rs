//! The user's puzzle progress, kept in this browser under `ddz.puzzles`:
//! the player's rating; each puzzle tried, with its best stars and, for
//! the rated first try, whether it was solved and the puzzle's rating
//! after it; the streak (puzzles solved in a row without a wrong play or
//! a look at the answer) and its best; the days whose puzzle was solved;
//! how the next puzzle is chosen. What is read back is bounded and
//! checked; the first format (solved ids, streak, days) is read and
//! carried over; a stored progress that cannot be read is kept aside and
//! reported, never dropped.

use std::collections::{BTreeMap, BTreeSet};

use engine::puzzles::{rating, Puzzle, PuzzleId, Rating, Theme};
use engine::Date;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::web::{self, SetAside, StorageError};

const KEY: &str = "ddz.puzzles";
/// Where unreadable progress is kept (`web::set_aside`: this key, then
/// `.2`, `.3` …, never over an earlier one).
const SET_ASIDE_KEY: &str = "ddz.puzzles.unreadable";
/// More text than any real progress (thousands of puzzles, years of
/// days): refused.
const MAX_TEXT: usize = 512 * 1024;
/// More puzzles than a library holds (`engine::puzzles::file`'s bound).
const MAX_TRIED: usize = 5_000;
/// More days than anyone has played.
const MAX_DAYS: usize = 20_000;
/// The format written; version 1 had no version field.
const VERSION: u32 = 2;

/// A puzzle's stars, 0 to 3 as in 欢乐斗地主's 残局: 3 solved without a
/// wrong play, 2 solved, 1 solved after seeing the answer; 0 tried, not
/// solved yet.
pub(super) type Stars = u8;

/// How a puzzle was solved: whether a play threw the win away first,
/// whether the answer was looked at first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct How {
    pub slipped: bool,
    pub looked: bool,
}

impl How {
    /// A clean solve carries the streak on.
    pub fn clean(self) -> bool {
        !self.slipped && !self.looked
    }

    pub fn stars(self) -> Stars {
        match (self.looked, self.slipped) {
            (true, _) => 1,
            (false, true) => 2,
            (false, false) => 3,
        }
    }
}

/// The rated first try of a puzzle: solved or not, and the puzzle's
/// rating after it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RatedTry {
    pub solved: bool,
    pub puzzle: Rating,
}

/// A puzzle tried: its best stars, and its rated try (none for a puzzle
/// solved before ratings were kept: never rated, since not a first try).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Tried {
    pub stars: Stars,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rated: Option<RatedTry>,
}

/// How the next puzzle is chosen: near the player's rating, or the next
/// of a level the player picked; among the puzzles of a theme, or all.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Choice {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub theme: Option<Theme>,
}

/// Both ratings before and after a rated try.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Change {
    pub player: (Rating, Rating),
    pub puzzle: (Rating, Rating),
}

impl Change {
    /// The player's change in whole points (+12, −8).
    pub fn player_points(&self) -> i32 {
        self.player.1.points() - self.player.0.points()
    }
    pub fn puzzle_points(&self) -> i32 {
        self.puzzle.1.points() - self.puzzle.0.points()
    }
}

/// What a solve came to: its stars, whether it carried the streak on, and
/// the ratings' change if it was the rated try.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Solved {
    pub stars: Stars,
    pub streak_counted: bool,
    pub change: Option<Change>,
}

/// Stored progress that could not be read: why, and what became of its
/// text (moved aside, or left where it was and not saved over).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Unreadable {
    pub why: String,
    pub kept: SetAside,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Progress {
    player: Rating,
    tried: BTreeMap<PuzzleId, Tried>,
    streak: u32,
    best: u32,
    days: BTreeSet<Date>,
    choice: Choice,
}

/// The format written (version 2).
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Stored {
    version: u32,
    player: Rating,
    puzzles: BTreeMap<PuzzleId, Tried>,
    streak: u32,
    best: u32,
    days: BTreeSet<String>,
    #[serde(default)]
    choice: Choice,
}

/// The first format: the ids solved, the streak, the days.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StoredV1 {
    solved: BTreeSet<PuzzleId>,
    streak: u32,
    best: u32,
    days: BTreeSet<String>,
}

fn read_days(days: BTreeSet<String>) -> Result<BTreeSet<Date>, String> {
    if days.len() > MAX_DAYS {
        return Err(format!("{} days, over {MAX_DAYS}", days.len()));
    }
    days.iter()
        .map(|d| d.parse::<Date>().map_err(|e| format!("day {d:?}: {e}")))
        .collect()
}

fn check_streak(streak: u32, best: u32) -> Result<(), String> {
    if streak > best {
        return Err(format!("a streak of {streak} above its best {best}"));
    }
    Ok(())
}

impl Progress {
    /// Reads stored progress text, either format; `Err` says why it
    /// cannot be used.
    pub fn parse(text: &str) -> Result<Progress, String> {
        if text.len() > MAX_TEXT {
            return Err(format!("{} bytes, over {MAX_TEXT}", text.len()));
        }
        let value: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if value.get("version").is_some() {
            Progress::from_stored(serde_json::from_value(value).map_err(|e| e.to_string())?)
        } else {
            Progress::from_v1(serde_json::from_value(value).map_err(|e| e.to_string())?)
        }
    }

    fn from_stored(s: Stored) -> Result<Progress, String> {
        if s.version != VERSION {
            return Err(format!("version {} (this page reads {VERSION})", s.version));
        }
        if s.puzzles.len() > MAX_TRIED {
            return Err(format!("{} puzzles, over {MAX_TRIED}", s.puzzles.len()));
        }
        if let Some((id, t)) = s.puzzles.iter().find(|(_, t)| t.stars > 3) {
            return Err(format!("{} stars for {id}", t.stars));
        }
        if s.choice
            .level
            .is_some_and(|l| !(1..=engine::puzzles::file::MAX_LEVEL).contains(&l))
        {
            return Err(format!("level {:?}", s.choice.level));
        }
        check_streak(s.streak, s.best)?;
        Ok(Progress {
            player: s.player,
            tried: s.puzzles,
            streak: s.streak,
            best: s.best,
            days: read_days(s.days)?,
            choice: s.choice,
        })
    }

    /// The first format carried over: every puzzle solved then has 2
    /// stars (whether it was clean is not known) and is not rated again.
    fn from_v1(s: StoredV1) -> Result<Progress, String> {
        if s.solved.len() > MAX_TRIED {
            return Err(format!("{} puzzles, over {MAX_TRIED}", s.solved.len()));
        }
        check_streak(s.streak, s.best)?;
        let solved = Tried { stars: 2, rated: None };
        Ok(Progress {
            tried: s.solved.into_iter().map(|id| (id, solved)).collect(),
            streak: s.streak,
            best: s.best,
            days: read_days(s.days)?,
            ..Progress::default()
        })
    }

    pub fn to_json(&self) -> String {
        let stored = Stored {
            version: VERSION,
            player: self.player,
            puzzles: self.tried.clone(),
            streak: self.streak,
            best: self.best,
            days: self.days.iter().map(|d| d.to_string()).collect(),
            choice: self.choice,
        };
        serde_json::to_string(&stored).unwrap_or_default()
    }

    /// This browser's progress, and if what was stored could not be read,
    /// why and where its text is (kept aside under a key of its own).
    pub fn load() -> (Progress, Option<Unreadable>) {
        let Some(text) = web::storage_get(KEY) else {
            return (Progress::default(), None);
        };
        match Progress::parse(&text) {
            Ok(p) => (p, None),
            Err(why) => {
                let kept = web::set_aside(KEY, SET_ASIDE_KEY);
                (Progress::default(), Some(Unreadable { why, kept }))
            }
        }
    }

    /// Stores it, or says why the browser would not.
    pub fn save(&self) -> Result<(), StorageError> {
        web::storage_set(KEY, &self.to_json())
    }

    pub fn player(&self) -> Rating {
        self.player
    }

    /// A puzzle's best stars (0: not solved).
    pub fn stars(&self, id: PuzzleId) -> Stars {
        self.tried.get(&id).map_or(0, |t| t.stars)
    }

    pub fn is_solved(&self, id: PuzzleId) -> bool {
        self.stars(id) > 0
    }

    /// Whether the puzzle has had its first try (so is rated no more).
    pub fn is_tried(&self, id: PuzzleId) -> bool {
        self.tried.contains_key(&id)
    }

    /// The puzzle's rating: after this player's rated try, else its start.
    pub fn rating_of(&self, puzzle: &Puzzle) -> Rating {
        self.tried
            .get(&puzzle.id())
            .and_then(|t| t.rated)
            .map_or_else(|| Rating::of_puzzle(puzzle), |r| r.puzzle)
    }

    pub fn solved_day(&self, day: Date) -> bool {
        self.days.contains(&day)
    }

    pub fn streak(&self) -> (u32, u32) {
        (self.streak, self.best)
    }

    pub fn choice(&self) -> Choice {
        self.choice
    }

    pub fn set_choice(&mut self, choice: Choice) {
        self.choice = choice;
    }

    /// The puzzle's first try rated: both ratings move.
    fn rate(&mut self, puzzle: &Puzzle, solved: bool) -> Change {
        let before = (self.player, self.rating_of(puzzle));
        let after = rating::rate(before.0, before.1, solved);
        self.player = after.player;
        Change {
            player: (before.0, after.player),
            puzzle: (before.1, after.puzzle),
        }
    }

    /// A wrong play or a look at the answer: the streak ends, and if this
    /// was the puzzle's first try, it is rated as failed.
    pub fn fail(&mut self, puzzle: &Puzzle) -> Option<Change> {
        self.streak = 0;
        if self.is_tried(puzzle.id()) {
            return None;
        }
        let change = self.rate(puzzle, false);
        let rated = RatedTry {
            solved: false,
            puzzle: change.puzzle.1,
        };
        self.tried.insert(
            puzzle.id(),
            Tried {
                stars: 0,
                rated: Some(rated),
            },
        );
        Some(change)
    }

    /// A puzzle solved, `how`; `day` if it was that day's puzzle. Its best
    /// stars are kept; a clean solve carries the streak on (else it ends);
    /// a first try is rated as solved.
    pub fn solve(&mut self, puzzle: &Puzzle, how: How, day: Option<Date>) -> Solved {
        let change = (!self.is_tried(puzzle.id())).then(|| self.rate(puzzle, how.clean()));
        let rated = change.map(|c| RatedTry {
            solved: how.clean(),
            puzzle: c.puzzle.1,
        });
        let entry = self.tried.entry(puzzle.id()).or_insert(Tried { stars: 0, rated });
        entry.stars = entry.stars.max(how.stars());
        self.streak = if how.clean() { self.streak + 1 } else { 0 };
        self.best = self.best.max(self.streak);
        if let Some(day) = day {
            self.days.insert(day);
        }
        Solved {
            stars: how.stars(),
            streak_counted: how.clean(),
            change,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::puzzles::library;

    fn day(s: &str) -> Date {
        s.parse().unwrap()
    }

    const CLEAN: How = How {
        slipped: false,
        looked: false,
    };
    const SLIPPED: How = How {
        slipped: true,
        looked: false,
    };
    const LOOKED: How = How {
        slipped: false,
        looked: true,
    };

    #[test]
    fn stars_are_three_clean_two_after_a_slip_one_after_the_answer_and_the_best_is_kept() {
        assert_eq!((CLEAN.stars(), SLIPPED.stars(), LOOKED.stars()), (3, 2, 1));
        let all = library();
        let mut p = Progress::default();
        assert_eq!(p.solve(&all[0], CLEAN, None).stars, 3);
        assert_eq!(p.stars(all[0].id()), 3);
        // A worse solve later keeps the best.
        p.solve(&all[0], LOOKED, None);
        assert_eq!(p.stars(all[0].id()), 3);
        p.fail(&all[1]);
        assert_eq!(p.stars(all[1].id()), 0);
        assert!(p.is_tried(all[1].id()) && !p.is_solved(all[1].id()));
        p.solve(&all[1], SLIPPED, None);
        assert_eq!(p.stars(all[1].id()), 2);
        p.solve(&all[1], CLEAN, None);
        assert_eq!(p.stars(all[1].id()), 3);
        assert_eq!(p.stars(all[2].id()), 0);
    }

    #[test]
    fn a_streak_counts_clean_solves_and_ends_at_a_slip_or_a_look() {
        let all = library();
        let mut p = Progress::default();
        assert!(p.solve(&all[0], CLEAN, None).streak_counted);
        assert!(p.solve(&all[1], CLEAN, Some(day("2026-11-28"))).streak_counted);
        assert_eq!(p.streak(), (2, 2));
        p.fail(&all[2]);
        let after = p.solve(&all[2], LOOKED, None);
        assert!(!after.streak_counted);
        assert_eq!(p.streak(), (0, 2));
        p.solve(&all[3], CLEAN, None);
        assert_eq!(p.streak(), (1, 2));
        assert!(p.solved_day(day("2026-11-28")) && !p.solved_day(day("2026-11-29")));
        // What it stores, it reads back.
        assert_eq!(Progress::parse(&p.to_json()), Ok(p));
    }

    #[test]
    fn only_the_first_try_is_rated_and_it_moves_both_ratings() {
        let all = library();
        let puzzle = &all[40];
        let start = Rating::of_puzzle(puzzle);
        let mut p = Progress::default();
        assert_eq!(p.rating_of(puzzle), start);
        let solved = p.solve(puzzle, CLEAN, None);
        let change = solved.change.unwrap();
        assert!(change.player_points() > 0 && change.puzzle_points() < 0, "{change:?}");
        assert_eq!(p.player(), change.player.1);
        assert_eq!(p.rating_of(puzzle), change.puzzle.1);
        // Solving it again rates nothing.
        let again = p.solve(puzzle, CLEAN, None);
        assert_eq!(again.change, None);
        assert_eq!(p.player(), change.player.1);
        // A failed first try: down, and the puzzle up; the solve after it
        // is not rated.
        let other = &all[41];
        let failed = p.fail(other).unwrap();
        assert!(failed.player_points() < 0 && failed.puzzle_points() > 0, "{failed:?}");
        assert_eq!(p.fail(other), None);
        assert_eq!(p.solve(other, SLIPPED, None).change, None);
        assert_eq!(p.player(), failed.player.1);
        // Kept across a save.
        let back = Progress::parse(&p.to_json()).unwrap();
        assert_eq!((back.player(), back.rating_of(other)), (p.player(), failed.puzzle.1));
    }

    #[test]
    fn the_first_format_is_read_and_carried_over() {
        let ids = [library()[0].id(), library()[7].id()];
        let text = format!(
            r#"{{"solved":["{}","{}"],"streak":1,"best":4,"days":["2026-11-28"]}}"#,
            ids[0], ids[1]
        );
        let p = Progress::parse(&text).unwrap();
        assert_eq!(p.streak(), (1, 4));
        assert!(p.solved_day(day("2026-11-28")));
        for id in ids {
            assert_eq!(p.stars(id), 2);
            assert!(p.is_tried(id));
        }
        assert_eq!(p.player(), Rating::PLAYER);
        // Written in the new format, it reads back the same.
        let text = p.to_json();
        assert!(text.starts_with(r#"{"version":2,"#), "{text}");
        assert_eq!(Progress::parse(&text), Ok(p));
    }

    #[test]
    fn stored_progress_that_is_not_ours_is_refused_with_a_reason() {
        let id = library()[0].id();
        let good = Progress::default().to_json();
        for bad in [
            "".to_string(),
            "[]".into(),
            "null".into(),
            "{\"solved\":3}".into(),
            "{\"solved\":[],\"streak\":-1,\"best\":0,\"days\":[]}".into(),
            "{\"solved\":[\"not an id\"],\"streak\":0,\"best\":0,\"days\":[]}".into(),
            "{\"solved\":[],\"streak\":5,\"best\":0,\"days\":[]}".into(),
            "{\"solved\":[],\"streak\":0,\"best\":0,\"days\":[\"2026-13-40\"]}".into(),
            "{\"x\":1}".into(),
            good.replace("\"version\":2", "\"version\":3"),
            good.replace("\"version\":2", "\"version\":\"2\""),
            good.replace("\"player\":[1500.0,350.0,0.06]", "\"player\":[1e308,350.0,0.06]"),
            good.replace("\"player\":[1500.0,350.0,0.06]", "\"player\":[1500.0,-1.0,0.06]"),
            good.replace("\"puzzles\":{}", &format!("\"puzzles\":{{\"{id}\":{{\"stars\":4}}}}")),
            good.replace("\"puzzles\":{}", "\"puzzles\":{\"!!\":{\"stars\":1}}"),
            good.replace("\"choice\":{", "\"choice\":{\"level\":0,"),
            good.replace("\"choice\":{", "\"choice\":{\"theme\":\"sacrifice\","),
            good.replace("}", ",\"extra\":1}"),
            "[".repeat(10_000),
        ] {
            assert!(Progress::parse(&bad).is_err(), "{bad}");
        }
        assert!(Progress::parse(&"x".repeat(MAX_TEXT + 1))
            .unwrap_err()
            .contains("bytes"));
        let stars = good.replace("\"puzzles\":{}", &format!("\"puzzles\":{{\"{id}\":{{\"stars\":3}}}}"));
        assert_eq!(Progress::parse(&stars).unwrap().stars(id), 3);
    }
}

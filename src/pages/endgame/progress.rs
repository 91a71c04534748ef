//! The user's puzzle progress, kept in this browser: the puzzles solved,
//! the streak (puzzles solved in a row without a wrong play or a look at
//! the answer) and its best, and the days whose puzzle was solved. A
//! stored progress that cannot be read is kept aside and reported, never
//! dropped.

use std::collections::BTreeSet;

use engine::contest::Date;
use serde::{Deserialize, Serialize};
use yew::prelude::*;

use super::puzzles;
use crate::web::{self, SetAside};

const KEY: &str = "ddz.puzzles";
const SET_ASIDE_KEY: &str = "ddz.puzzles.unreadable";
/// More text than any real progress (320 ids and years of days): refused.
const MAX_TEXT: usize = 64 * 1024;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct Progress {
    /// The ids of the puzzles solved.
    solved: BTreeSet<String>,
    streak: u32,
    best: u32,
    /// The days (YYYY-MM-DD, Beijing) whose puzzle of the day was solved.
    days: BTreeSet<String>,
}

impl Progress {
    /// Reads stored progress text; `Err` says why it cannot be used.
    pub fn parse(text: &str) -> Result<Progress, String> {
        if text.len() > MAX_TEXT {
            return Err(format!("{} bytes, over {MAX_TEXT}", text.len()));
        }
        serde_json::from_str(text).map_err(|e| e.to_string())
    }

    /// This browser's progress, and the reason if what was stored could
    /// not be read, with what became of it (moved aside under its own key).
    pub fn load() -> (Progress, Option<(String, SetAside)>) {
        let Some(text) = web::storage_get(KEY) else {
            return (Progress::default(), None);
        };
        match Progress::parse(&text) {
            Ok(p) => (p, None),
            Err(why) => {
                let kept = web::set_aside(KEY, SET_ASIDE_KEY);
                (Progress::default(), Some((why, kept)))
            }
        }
    }

    pub fn save(&self) {
        if let Ok(text) = serde_json::to_string(self) {
            // Not yet told to the user (the Endgame page's to do): a
            // full storage loses the newest progress.
            let _ = web::storage_set(KEY, &text);
        }
    }

    pub fn is_solved(&self, id: &str) -> bool {
        self.solved.contains(id)
    }

    pub fn solved_day(&self, day: &str) -> bool {
        self.days.contains(day)
    }

    pub fn streak(&self) -> (u32, u32) {
        (self.streak, self.best)
    }

    /// A puzzle solved; `clean` if with no wrong play and no look at the
    /// answer, which carries the streak on; `day` if it was that day's.
    pub fn solve(&mut self, id: &str, clean: bool, day: Option<&str>) {
        self.solved.insert(id.to_string());
        self.streak = if clean { self.streak + 1 } else { 0 };
        self.best = self.best.max(self.streak);
        if let Some(day) = day {
            self.days.insert(day.to_string());
        }
    }

    /// A wrong play or a look at the answer: the streak ends.
    pub fn stumble(&mut self) {
        self.streak = 0;
    }
}

/// Where the user is with the puzzle on the board.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Attempt {
    /// The puzzle on the board (an index into the library), if one is.
    pub puzzle: Option<usize>,
    /// A play of the user's threw the win away.
    pub slipped: bool,
    pub solved: bool,
    /// The answers are shown.
    pub gave_up: bool,
}

/// This browser's progress, with the reason if what was stored could not
/// be read; it records each puzzle's solve once, clean if nothing in the
/// attempt ended the streak first, and that day's if it was the puzzle of
/// `today`.
#[hook]
pub(super) fn use_progress(
    attempt: Attempt,
    today: Option<Date>,
) -> UseStateHandle<(Progress, Option<(String, SetAside)>)> {
    let progress = use_state(Progress::load);
    // The puzzle this attempt is at; whether it stumbled and was recorded.
    let seen = use_mut_ref(|| (None::<usize>, false, false));
    {
        let progress = progress.clone();
        use_effect_with(attempt, move |a| {
            let mut seen = seen.borrow_mut();
            if seen.0 != a.puzzle {
                *seen = (a.puzzle, false, false);
            }
            let Some(n) = a.puzzle else { return };
            let (_, ref mut stumbled, ref mut recorded) = *seen;
            if *recorded {
                return;
            }
            let mut next = (*progress).clone();
            if (a.slipped || a.gave_up) && !*stumbled {
                *stumbled = true;
                next.0.stumble();
            }
            if a.solved {
                *recorded = true;
                let id = puzzles::all()[n].id();
                let day = today.filter(|&d| puzzles::of_day(d) == Some(n)).map(|d| d.to_string());
                next.0.solve(id.as_str(), !*stumbled, day.as_deref());
            }
            if next != *progress {
                next.0.save();
                progress.set(next);
            }
        });
    }
    progress
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_streak_counts_clean_solves_and_ends_at_a_stumble() {
        let mut p = Progress::default();
        p.solve("a", true, None);
        p.solve("b", true, Some("2026-11-28"));
        assert_eq!(p.streak(), (2, 2));
        p.stumble();
        p.solve("c", false, None);
        assert_eq!(p.streak(), (0, 2));
        p.solve("d", true, None);
        assert_eq!(p.streak(), (1, 2));
        assert!(p.is_solved("c") && !p.is_solved("e"));
        assert!(p.solved_day("2026-11-28") && !p.solved_day("2026-11-29"));
        // What it stores, it reads back.
        let text = serde_json::to_string(&p).unwrap();
        assert_eq!(Progress::parse(&text), Ok(p));
    }

    #[test]
    fn stored_progress_that_is_not_ours_is_refused_with_a_reason() {
        for bad in [
            "",
            "[]",
            "{\"solved\":3}",
            "{\"solved\":[],\"streak\":-1,\"best\":0,\"days\":[]}",
            "{\"x\":1}",
        ] {
            assert!(Progress::parse(bad).is_err(), "{bad}");
        }
        assert!(Progress::parse(&"x".repeat(MAX_TEXT + 1))
            .unwrap_err()
            .contains("bytes"));
    }
}

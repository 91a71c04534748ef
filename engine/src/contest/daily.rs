//! The daily contest's days as a player keeps them: the streak of days
//! played. The caller says which days' contests were finished and which
//! day is today (the engine never reads the clock).

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use crate::date::Date;

/// Consecutive days whose daily contest was finished.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Streak {
    /// The run of days up to today, or up to yesterday while today's is
    /// not finished yet (it still counts if finished before midnight).
    pub current: u32,
    /// The longest run ever.
    pub best: u32,
}

impl Streak {
    /// The streak of the `finished` days, seen on `today`. Days after
    /// today (a clock set back) count in the best run only.
    pub fn of(finished: &BTreeSet<Date>, today: Date) -> Streak {
        let mut best = 0;
        let mut run = 0;
        let mut last: Option<i64> = None;
        for day in finished {
            let n = day.day_number();
            run = if last == Some(n - 1) { run + 1 } else { 1 };
            best = best.max(run);
            last = Some(n);
        }
        let end = if finished.contains(&today) {
            Some(today)
        } else {
            today.previous().filter(|d| finished.contains(d))
        };
        let mut current = 0;
        let mut day = end;
        while let Some(d) = day.filter(|d| finished.contains(d)) {
            current += 1;
            day = d.previous();
        }
        Streak { current, best }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn days(list: &[&str]) -> BTreeSet<Date> {
        list.iter().map(|d| d.parse().unwrap()).collect()
    }

    fn on(list: &[&str], today: &str) -> (u32, u32) {
        let s = Streak::of(&days(list), today.parse().unwrap());
        (s.current, s.best)
    }

    #[test]
    fn a_streak_runs_to_today_or_yesterday() {
        let three = ["2026-02-27", "2026-02-28", "2026-03-01"];
        // Across the end of February.
        assert_eq!(on(&three, "2026-03-01"), (3, 3));
        // Today not played yet: the run up to yesterday still stands.
        assert_eq!(on(&three, "2026-03-02"), (3, 3));
        // A day missed breaks it; the best stays.
        assert_eq!(on(&three, "2026-03-03"), (0, 3));
        assert_eq!(on(&[], "2026-03-03"), (0, 0));
    }

    #[test]
    fn gaps_start_a_new_run_and_the_best_is_kept() {
        let list = [
            "2025-12-30",
            "2025-12-31",
            "2026-01-01",
            "2026-01-02",
            // 01-03 missed.
            "2026-01-04",
            "2026-01-05",
        ];
        assert_eq!(on(&list, "2026-01-05"), (2, 4));
        assert_eq!(on(&list, "2026-01-06"), (2, 4));
        assert_eq!(on(&list, "2026-01-02"), (4, 4));
        // A leap day between.
        assert_eq!(on(&["2024-02-28", "2024-02-29", "2024-03-01"], "2024-03-01"), (3, 3));
        assert_eq!(on(&["2023-02-28", "2023-03-01"], "2023-03-01"), (2, 2));
        // Days after today (the clock set back) count in the best only.
        assert_eq!(on(&["2026-05-01", "2026-05-02"], "2026-04-01"), (0, 2));
        assert_eq!(on(&["2000-01-01"], "2000-01-01"), (1, 1));
    }
}

//! The try of the puzzle on the board, recorded in the progress as it
//! goes: its first wrong play or look at the answer ends the streak and,
//! on a first try, is rated as failed; its solve gives stars, carries
//! the streak on if clean, and on a clean first try is rated as solved.
//! Each is recorded once per visit to the puzzle, and what it came to
//! is kept for the page to say.

use engine::Date;
use yew::prelude::*;

use super::progress::{Change, How, Progress, Solved, Unreadable};
use super::puzzles;
use crate::web::{SetAside, StorageError};

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

/// What the try on the board has come to.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct Outcome {
    /// This is the puzzle's first try, so it is rated.
    pub rated: bool,
    /// The rated first try failed: how the ratings moved.
    pub failed: Option<Change>,
    pub solved: Option<Solved>,
}

/// The progress as the page holds it.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Kept {
    pub progress: Progress,
    /// Why what was stored could not be read, and where it is.
    pub unreadable: Option<Unreadable>,
    /// Why the last save failed, if it did.
    pub unsaved: Option<StorageError>,
    /// The try on the board.
    pub outcome: Outcome,
}

impl Kept {
    /// Unreadable text left under the progress's own key: nothing is
    /// saved over it.
    fn frozen(&self) -> bool {
        self.unreadable
            .as_ref()
            .is_some_and(|u| matches!(u.kept, SetAside::LeftInPlace(_)))
    }

    /// Saves the progress, unless frozen; notes a save refused.
    fn save(&mut self) {
        if !self.frozen() {
            self.unsaved = self.progress.save().err();
        }
    }

    fn load() -> Kept {
        let (progress, unreadable) = Progress::load();
        Kept {
            progress,
            unreadable,
            ..Kept::default()
        }
    }
}

/// Changes the progress with `change` and saves it, noting a failed save.
pub(super) fn update(kept: &UseStateHandle<Kept>, change: impl FnOnce(&mut Progress)) {
    let mut next = (**kept).clone();
    change(&mut next.progress);
    next.save();
    kept.set(next);
}

/// What this visit's try has seen: whether it slipped or looked, and
/// whether its solve is recorded.
#[derive(Clone, Copy, Default)]
struct Seen {
    puzzle: Option<usize>,
    how: How,
    recorded: bool,
}

/// This browser's progress, with what the try on the board came to.
#[hook]
pub(super) fn use_progress(attempt: Attempt, today: Option<Date>) -> UseStateHandle<Kept> {
    let kept = use_state(Kept::load);
    let seen = use_mut_ref(Seen::default);
    {
        let kept = kept.clone();
        use_effect_with(attempt, move |a| {
            let mut seen = seen.borrow_mut();
            let mut next = (*kept).clone();
            if seen.puzzle != a.puzzle {
                *seen = Seen {
                    puzzle: a.puzzle,
                    ..Seen::default()
                };
                next.outcome = Outcome {
                    rated: a
                        .puzzle
                        .is_some_and(|n| !next.progress.is_tried(puzzles::all()[n].id())),
                    ..Outcome::default()
                };
            }
            if let Some(n) = a.puzzle.filter(|_| !seen.recorded) {
                record(&mut seen, &mut next, a, n, today);
            }
            if next != *kept {
                if next.progress != kept.progress {
                    next.save();
                }
                kept.set(next);
            }
        });
    }
    kept
}

/// The attempt's news for puzzle `n`: a first stumble, a solve.
fn record(seen: &mut Seen, kept: &mut Kept, a: &Attempt, n: usize, today: Option<Date>) {
    let puzzle = &puzzles::all()[n];
    let was_clean = seen.how.clean();
    seen.how.slipped |= a.slipped;
    seen.how.looked |= a.gave_up;
    if was_clean && !seen.how.clean() {
        kept.outcome.failed = kept.progress.fail(puzzle);
    }
    if a.solved {
        seen.recorded = true;
        let day = today.filter(|&d| puzzles::of_day(d) == Some(n));
        kept.outcome.solved = Some(kept.progress.solve(puzzle, seen.how, day));
    }
}

//! Endgame puzzles (残局), hundreds of them, each proven: the side to move
//! wins with best play and with one answer only (`docs/puzzles.md`).
//!
//! - [`Puzzle`]: the position, the task, the answer, the level, the
//!   proof's facts; its [`PuzzleId`] is derived from the position, so a
//!   regenerated library keeps its ids.
//! - [`library`]: the shipped library (`engine/data/puzzles.txt`, read
//!   once); [`by_id`], [`levels`], [`level`], [`of_day`].
//! - [`answer`]: when two first plays are the same answer (kickers
//!   aside), and what unique means.
//! - [`prove`]: the exact proof of a position and its facts; [`grade`]:
//!   the score and level; [`generate`]: positions from self-play, proven
//!   and chosen level by level; [`file`]: the library's text format.

pub mod answer;
pub mod builtin;
pub mod daily;
pub mod file;
pub mod generate;
pub mod grade;
pub mod id;
pub mod prove;
pub mod puzzle;

use std::sync::OnceLock;

use crate::contest::Date;

pub use file::{FileError, Problem};
pub use id::PuzzleId;
pub use prove::{prove, Facts, NotAPuzzle, Proof};
pub use puzzle::{Puzzle, Task};

/// The shipped library's text.
pub const LIBRARY_TEXT: &str = include_str!("../../data/puzzles.txt");

/// The shipped library, read once. A test reads the file, so it always
/// parses.
pub fn library() -> &'static [Puzzle] {
    static LIBRARY: OnceLock<Vec<Puzzle>> = OnceLock::new();
    LIBRARY.get_or_init(|| file::parse(LIBRARY_TEXT).unwrap_or_default())
}

/// The puzzle of the library with this id.
pub fn by_id(id: &str) -> Option<&'static Puzzle> {
    let id: PuzzleId = id.parse().ok()?;
    library().iter().find(|p| p.id() == id)
}

/// The library's levels that hold puzzles, ascending.
pub fn levels() -> Vec<u8> {
    let mut out: Vec<u8> = library().iter().map(|p| p.level()).collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// The library's puzzles of level `n`, in the library's order (level 1
/// starts with the five built-ins).
pub fn level(n: u8) -> impl Iterator<Item = &'static Puzzle> {
    library().iter().filter(move |p| p.level() == n)
}

/// The puzzle of the day for `date` (Beijing's day, [`Date::of_unix_ms`]):
/// the same everywhere, every puzzle once before any comes back
/// ([`daily::index_of_day`]). `None` only for an empty library.
pub fn of_day(date: Date) -> Option<&'static Puzzle> {
    let all = library();
    (!all.is_empty()).then(|| &all[daily::index_of_day(date, all.len())])
}

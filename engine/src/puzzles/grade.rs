//! Grading: a puzzle's difficulty score from its proof's facts, and its
//! level from the score.

use super::prove::Facts;

/// Levels, 1 (easiest) to `LEVELS`.
pub const LEVELS: u8 = 10;

/// The lowest score of levels 2 to [`LEVELS`] (level 1 is below the first).
pub const FLOORS: [u32; LEVELS as usize - 1] = [8, 9, 11, 13, 15, 16, 18, 20, 22];

/// The difficulty score (see docs/puzzles.md).
pub fn score(facts: &Facts, cards: u32) -> u32 {
    2 * facts.turns + 2 * facts.losing.min(6) + 5 * u32::from(facts.split) + cards / 4
}

/// The level of a score.
pub fn level_of(facts: &Facts, cards: u32) -> u8 {
    let s = score(facts, cards);
    1 + FLOORS.iter().filter(|&&f| s >= f).count() as u8
}

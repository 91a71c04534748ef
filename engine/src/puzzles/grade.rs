//! Grading: a puzzle's difficulty score from its proof's facts, and its
//! level from the score (`docs/puzzles.md`, "Levels").

use crate::play::Move;

use super::prove::Facts;

/// Levels, 1 (easiest) to `LEVELS`.
pub const LEVELS: u8 = 10;

/// The lowest score of levels 2 to [`LEVELS`] (level 1 is below the
/// first), chosen from the scores of self-play's puzzles so that the
/// levels fill at comparable rates.
pub const FLOORS: [u32; LEVELS as usize - 1] = [8, 9, 11, 13, 15, 16, 18, 20, 22];

/// The difficulty score: 2 a play to win (the proof's length), 2 a
/// losing first play up to 6 (the traps), 5 when the answer breaks the
/// best split and 4 when it is the pass (the unexpected answers), and 1
/// for every 4 cards on the table.
pub fn score(facts: &Facts, answer: Move, cards: u32) -> u32 {
    2 * facts.turns
        + 2 * facts.losing.min(6)
        + 5 * u32::from(facts.split)
        + 4 * u32::from(answer == Move::Pass)
        + cards / 4
}

/// The level of a puzzle: 1 plus the floors its score reaches.
pub fn level_of(facts: &Facts, answer: Move, cards: u32) -> u8 {
    let s = score(facts, answer, cards);
    1 + FLOORS.iter().filter(|&&f| s >= f).count() as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn harder_facts_score_higher_and_levels_follow_the_floors() {
        let f = |turns, losing, split| Facts { turns, losing, split };
        let play = Move::parse("3").unwrap();
        assert_eq!(score(&f(2, 1, false), play, 4), 7);
        assert_eq!(level_of(&f(2, 1, false), play, 4), 1);
        assert_eq!(score(&f(2, 1, false), Move::Pass, 4), 11);
        assert_eq!(level_of(&f(2, 1, false), Move::Pass, 4), 4);
        assert_eq!(level_of(&f(8, 9, true), play, 20), LEVELS);
        assert!(score(&f(3, 1, false), play, 8) > score(&f(2, 1, false), play, 8));
        assert!(score(&f(2, 2, false), play, 8) > score(&f(2, 1, false), play, 8));
        assert!(score(&f(2, 9, false), play, 8) == score(&f(2, 6, false), play, 8));
    }
}

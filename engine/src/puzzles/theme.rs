//! A puzzle's themes: what kind of idea it asks for, read from what the
//! library already knows of it (the proof's facts, the answer, the hands).
//! Players filter puzzles by them, as Lichess's puzzle themes.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::cards::Cards;
use crate::play::Move;
use crate::seat::Team;

use super::puzzle::Puzzle;

/// The most plays (手) of a quick win.
pub const QUICK_MAX: u32 = 2;
/// The fewest plays of a long win.
pub const LONG_MIN: u32 = 5;

/// One idea a puzzle may be about. Written (and stored) by its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum Theme {
    /// The answer breaks the hand up as a player would not: its main
    /// part is no play of the mover's best split (`Facts::split`).
    Split,
    /// The answer is the pass (不出).
    Pass,
    /// A bomb or the rocket is on the table: some hand holds one.
    Bomb,
    /// The farmers are to move and must win.
    Farmers,
    /// A win in at most [`QUICK_MAX`] plays.
    Quick,
    /// A win that takes at least [`LONG_MIN`] plays.
    Long,
    /// Two seats: the landlord against one farmer.
    HeadsUp,
    /// All three seats at the table.
    ThreeSeats,
}

impl Theme {
    /// Every theme, in the order they are shown.
    pub const ALL: [Theme; 8] = [
        Theme::Split,
        Theme::Pass,
        Theme::Bomb,
        Theme::Farmers,
        Theme::Quick,
        Theme::Long,
        Theme::HeadsUp,
        Theme::ThreeSeats,
    ];

    /// Its written name (the CLI's `--theme`, the JSON, a link).
    pub const fn name(self) -> &'static str {
        match self {
            Theme::Split => "split",
            Theme::Pass => "pass",
            Theme::Bomb => "bomb",
            Theme::Farmers => "farmers",
            Theme::Quick => "quick",
            Theme::Long => "long",
            Theme::HeadsUp => "1v1",
            Theme::ThreeSeats => "three-seats",
        }
    }

    /// Whether `puzzle` is about this.
    pub fn fits(self, puzzle: &Puzzle) -> bool {
        let turns = puzzle.moves_to_win();
        match self {
            Theme::Split => puzzle.facts().split,
            Theme::Pass => puzzle.answer() == Move::Pass,
            Theme::Bomb => puzzle.hands().into_iter().any(holds_bomb),
            Theme::Farmers => puzzle.task().side() == Team::Farmers,
            Theme::Quick => turns <= QUICK_MAX,
            Theme::Long => turns >= LONG_MIN,
            Theme::HeadsUp => puzzle.seats() == 2,
            Theme::ThreeSeats => puzzle.seats() == 3,
        }
    }
}

/// Whether a hand holds four of a rank or both jokers.
fn holds_bomb(hand: Cards) -> bool {
    let counts = hand.counts();
    counts.contains(&4) || (counts[13] == 1 && counts[14] == 1)
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A theme's name that is not one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no theme is called \"{0}\" (the themes: split, pass, bomb, farmers, quick, long, 1v1, three-seats)")]
pub struct UnknownTheme(pub String);

impl FromStr for Theme {
    type Err = UnknownTheme;
    fn from_str(s: &str) -> Result<Theme, UnknownTheme> {
        Theme::ALL
            .into_iter()
            .find(|t| t.name() == s.trim())
            .ok_or_else(|| UnknownTheme(s.chars().take(40).collect()))
    }
}

impl From<Theme> for String {
    fn from(t: Theme) -> String {
        t.name().to_string()
    }
}

impl TryFrom<String> for Theme {
    type Error = UnknownTheme;
    fn try_from(s: String) -> Result<Theme, UnknownTheme> {
        s.parse()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::{by_id, library};

    #[test]
    fn names_read_back_and_others_are_refused() {
        for t in Theme::ALL {
            assert_eq!(t.name().parse::<Theme>(), Ok(t));
        }
        assert!("Split".parse::<Theme>().is_err());
        assert!("".parse::<Theme>().is_err());
        assert_eq!(serde_json::to_string(&Theme::HeadsUp).unwrap(), "\"1v1\"");
        assert_eq!(serde_json::from_str::<Theme>("\"bomb\"").unwrap(), Theme::Bomb);
        assert!(serde_json::from_str::<Theme>("\"Bomb\"").is_err());
    }

    /// Each theme on a puzzle of the library that has it, checked by
    /// hand, and not on one that has not; the counts printed.
    #[test]
    fn every_theme_is_on_the_puzzles_that_have_it_and_no_other() {
        let all = library();
        for t in Theme::ALL {
            let n = all.iter().filter(|p| t.fits(p)).count();
            println!("{t}: {n} of {} puzzles", all.len());
            assert!(n >= 10 && n < all.len(), "{t}: {n}");
        }
        let themes = |id: &str| by_id(id).unwrap().themes();
        // Built-in 1: 3445667 against 349QA2, the landlord leads 34567 and
        // wins in 3 plays; 1v1, no bomb, the straight is the best split's.
        assert_eq!(themes("znmoaYh"), [Theme::HeadsUp]);
        // The first pass of the library, and the first bomb.
        let pass = all.iter().find(|p| p.answer() == Move::Pass).unwrap();
        assert!(pass.themes().contains(&Theme::Pass));
        let bomb = all.iter().find(|p| p.themes().contains(&Theme::Bomb)).unwrap();
        assert!(bomb
            .hands()
            .iter()
            .any(|h| h.counts().contains(&4) || h.counts()[13..] == [1, 1]));
        // Every puzzle is either 1v1 or three seats, and never quick and long.
        for p in all {
            let th = p.themes();
            assert_ne!(
                th.contains(&Theme::HeadsUp),
                th.contains(&Theme::ThreeSeats),
                "{}",
                p.id()
            );
            assert!(!(th.contains(&Theme::Quick) && th.contains(&Theme::Long)), "{}", p.id());
            assert_eq!(th.contains(&Theme::Farmers), p.to_move().team() == Team::Farmers);
            assert_eq!(th.contains(&Theme::Split), p.facts().split);
        }
    }

    #[test]
    fn a_bomb_is_four_of_a_rank_or_both_jokers() {
        assert!(holds_bomb("33334".parse().unwrap()));
        assert!(holds_bomb("3XD".parse().unwrap()));
        assert!(!holds_bomb("333X".parse().unwrap()));
        assert!(!holds_bomb("".parse().unwrap()));
    }
}

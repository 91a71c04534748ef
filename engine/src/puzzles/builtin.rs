//! The five puzzles the Endgame page has always opened with, in their
//! order: the first of level 1 in every library.

use crate::cards::Cards;
use crate::seat::Seat;
use crate::solver::Position;

/// The built-in puzzles as (landlord, farmer 1, farmer 2) hands, the
/// landlord to lead; farmer 2 empty for 1v1 (the Endgame page's
/// `PUZZLES`, easiest first).
pub const BUILT_IN: [(&str, &str, &str); 5] = [
    ("3445667", "349QA2", ""),
    ("3456678", "389JQK", ""),
    ("67799Q222", "44TQQAAD", ""),
    ("6789TTTQ2", "449JAD", "458AA2"),
    ("37TTTQKKA", "468QAAAD", ""),
];

/// The built-in puzzles' positions, in order.
pub fn positions() -> Vec<Position> {
    BUILT_IN
        .iter()
        .map(|&(l, f1, f2)| {
            let hands: Vec<Cards> = [l, f1, f2]
                .iter()
                .filter(|h| !h.is_empty())
                .map(|h| h.parse().expect("a built-in hand"))
                .collect();
            Position::new(&hands, Seat::Landlord, None).expect("a built-in position")
        })
        .collect()
}

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
//! - [`theme`]: what idea a puzzle asks for ([`Theme`], `Puzzle::themes`);
//!   [`rating`]: Glicko-2 ratings of a player and of each puzzle, and a
//!   puzzle's starting rating from its grade.

pub mod answer;
pub mod builtin;
pub mod daily;
pub mod file;
pub mod generate;
pub mod grade;
pub mod id;
pub mod prove;
pub mod puzzle;
pub mod rating;
pub mod theme;

use std::sync::OnceLock;

use crate::date::Date;

pub use file::{FileError, Problem};
pub use id::PuzzleId;
pub use prove::{plays_to_win, plays_to_win_after, plays_to_win_for, prove, Facts, NotAPuzzle, Proof};
pub use puzzle::{Puzzle, Task};
pub use rating::{Rated, Rating};
pub use theme::Theme;

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

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::clock::MonotonicClock;
    use crate::play::Move;
    use crate::seat::{Seat, Team};
    use crate::solver::Position;

    #[test]
    fn the_shipped_library_parses_with_hundreds_of_puzzles_in_ten_levels() {
        let all = file::parse(LIBRARY_TEXT).expect("the shipped library parses");
        assert_eq!(library(), all.as_slice());
        assert!(all.len() >= 300, "{} puzzles", all.len());
        assert_eq!(levels(), (1..=grade::LEVELS).collect::<Vec<u8>>());
        for n in levels() {
            let count = level(n).count();
            assert!((20..=40).contains(&count), "level {n}: {count} puzzles");
        }
        // The five built-ins open level 1, in their order.
        let first: Vec<Position> = level(1).take(5).map(|p| *p.position()).collect();
        assert_eq!(first, builtin::positions());
        // Written back, the file reads as the same puzzles.
        assert_eq!(file::parse(&file::write(&all, &[])).unwrap(), all);
        assert!(LIBRARY_TEXT.len() < 30_000, "{} bytes", LIBRARY_TEXT.len());
    }

    #[test]
    fn ids_are_unique_and_stable() {
        let mut seen = std::collections::HashSet::new();
        for p in library() {
            assert!(seen.insert(p.id()), "{} twice", p.id());
            assert_eq!(p.id(), PuzzleId::of(p.position()));
            assert_eq!(by_id(p.id().as_str()).map(|q| q.id()), Some(p.id()));
        }
        // Golden: the built-ins' ids, derived from their positions.
        let ids: Vec<String> = level(1).take(5).map(|p| p.id().to_string()).collect();
        assert_eq!(ids, ["znmoaYh", "4Slv32y", "FSaJV7x", "0S3hJT9", "d5sj6VS"]);
        let p = by_id("znmoaYh").unwrap();
        assert_eq!(p.hands(), ["3445667".parse().unwrap(), "349QA2".parse().unwrap()]);
        assert_eq!(p.task().to_string(), "landlord leads, wins");
        assert_eq!(p.answer(), Move::parse("34567").unwrap());
        assert_eq!(p.moves_to_win(), 3);
        assert!(by_id("zzzzzzz").is_none());
        assert!(by_id("not an id").is_none());
    }

    /// Every puzzle of the library proven again: the answers and facts the
    /// file holds are what the exhaustive solver finds.
    #[test]
    fn every_puzzle_is_proven_with_its_answer_unique() {
        let clock = MonotonicClock::default();
        for (i, p) in library().iter().enumerate() {
            // Graded by the proof (the built-ins keep level 1).
            let graded = grade::level_of(&p.facts(), p.answer(), p.cards());
            assert!(i < builtin::BUILT_IN.len() || graded == p.level(), "{}", p.id());
            let proof = prove(p.position(), &clock).unwrap_or_else(|e| panic!("{}: {e}", p.id()));
            assert_eq!(proof.answers, p.answers(), "{}", p.id());
            assert_eq!(proof.facts, p.facts(), "{}", p.id());
            assert!(p.answers().iter().all(|&m| p.position().is_legal(m) && p.accepts(m)));
            assert!(p.answers().iter().all(|&m| answer::same_answer(m, p.answer())));
        }
    }

    /// Win or loss by plain minimax, every move, nothing pruned.
    fn wins(pos: &Position, side: Team, memo: &mut HashMap<Position, bool>) -> bool {
        if let Some(w) = pos.winner() {
            return w.team() == side;
        }
        if let Some(&v) = memo.get(pos) {
            return v;
        }
        let mut moves = Vec::new();
        pos.moves(&mut moves);
        let ours = pos.to_move().team() == side;
        let v = if ours {
            moves.iter().any(|&m| wins(&pos.after(m), side, memo))
        } else {
            moves.iter().all(|&m| wins(&pos.after(m), side, memo))
        };
        memo.insert(*pos, v);
        v
    }

    /// Whether `side` goes out within `n` plays of its own, nothing pruned.
    fn within(pos: &Position, side: Team, n: u32, memo: &mut HashMap<(Position, u32), bool>) -> bool {
        if let Some(w) = pos.winner() {
            return w.team() == side;
        }
        if let Some(&v) = memo.get(&(*pos, n)) {
            return v;
        }
        let mut moves = Vec::new();
        pos.moves(&mut moves);
        let ours = pos.to_move().team() == side;
        let v = if ours {
            moves.iter().any(|&m| {
                let cost = u32::from(m != Move::Pass);
                cost <= n && within(&pos.after(m), side, n - cost, memo)
            })
        } else {
            moves.iter().all(|&m| within(&pos.after(m), side, n, memo))
        };
        memo.insert((*pos, n), v);
        v
    }

    /// The small puzzles against the slow, obvious reference: the winning
    /// first plays are exactly the answers, and the fewest plays to win is N.
    #[test]
    fn small_puzzles_agree_with_plain_minimax() {
        let mut checked = 0;
        for p in library().iter().filter(|p| p.cards() <= 12) {
            let side = p.to_move().team();
            let mut memo = HashMap::new();
            let mut moves = Vec::new();
            p.position().moves(&mut moves);
            let winning: Vec<Move> = moves
                .into_iter()
                .filter(|&m| wins(&p.position().after(m), side, &mut memo))
                .collect();
            assert_eq!(winning, p.answers(), "{}", p.id());
            let mut memo = HashMap::new();
            let n = p.moves_to_win();
            assert!(within(p.position(), side, n, &mut memo), "{}: not within {n}", p.id());
            assert!(
                !within(p.position(), side, n - 1, &mut memo),
                "{}: within {}",
                p.id(),
                n - 1
            );
            checked += 1;
        }
        assert!(checked >= 100, "{checked} small puzzles");
    }

    #[test]
    fn the_puzzle_of_the_day_is_the_same_everywhere_and_changes_daily() {
        let d = |s: &str| s.parse::<Date>().unwrap();
        let today = of_day(d("2026-11-27")).unwrap();
        assert_eq!(of_day(d("2026-11-27")).unwrap().id(), today.id());
        let week: std::collections::HashSet<_> = (20..=26)
            .map(|day| of_day(d(&format!("2026-11-{day}"))).unwrap().id())
            .collect();
        assert_eq!(week.len(), 7);
        // Golden: the library's order and the shuffle are pinned.
        assert_eq!(
            of_day(d("2026-01-01")).unwrap().id(),
            library()[daily::index_of_day(d("2026-01-01"), library().len())].id()
        );
    }

    #[test]
    fn a_puzzle_answers_what_the_app_needs() {
        let p = level(1).nth(3).unwrap();
        assert_eq!(p.seats(), 3);
        assert_eq!(p.hand(Seat::Farmer2), "458AA2".parse().unwrap());
        assert_eq!(p.to_move(), Seat::Landlord);
        assert_eq!(p.to_beat(), None);
        assert_eq!(p.level(), 1);
        // A puzzle against a play names it.
        let q = library().iter().find(|p| p.to_beat().is_some()).unwrap();
        assert!(q.task().to_string().contains("to beat"), "{}", q.task());
        assert!(!q.accepts(Move::parse("XD").unwrap()) || q.answer() == Move::parse("XD").unwrap());
    }
}

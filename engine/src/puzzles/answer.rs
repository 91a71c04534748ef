//! When two first plays are the same answer to a puzzle.
//!
//! A player sees `3334` and `3335` as one idea, "the trio of 3s with a
//! single", and does not care which kicker went with it as long as either
//! wins. So a puzzle's answer is a *combination* — kind, main rank and
//! chain length — and its kickers are free: two moves are the
//! [same answer](same_answer) when both are the pass, or both are plays
//! of the same kind, main rank and chain length (the same main part),
//! whatever their kickers.
//!
//! A puzzle's answer is *unique* ([`is_unique`]) when every winning first
//! play is the same answer as the others: one main part, with one or more
//! winning choices of kickers, which are then interchangeable (each
//! wins). Kickers that lose with the same main part are wrong answers, as
//! any losing play is: where `3334` wins and `3338` loses, the answer is
//! `3334` (the built-in puzzle 5 is such a one). A position where both
//! `3334` and `44` win is not a puzzle.

use crate::play::Move;

/// Whether `a` and `b` are the same answer: both the pass, or plays of the
/// same kind, main rank and chain length (kickers aside).
pub fn same_answer(a: Move, b: Move) -> bool {
    match (a, b) {
        (Move::Pass, Move::Pass) => true,
        (Move::Play(a), Move::Play(b)) => {
            a.kind() == b.kind() && a.rank() == b.rank() && a.chain_len() == b.chain_len()
        }
        _ => false,
    }
}

/// Whether `winning` (the first plays that win) is one answer: not empty,
/// and every winning play the same answer as the first.
pub fn is_unique(winning: &[Move]) -> bool {
    winning
        .first()
        .is_some_and(|&first| winning.iter().all(|&m| same_answer(m, first)))
}

/// How many distinct answers `moves` hold (moves grouped by [`same_answer`]).
pub fn distinct(moves: &[Move]) -> usize {
    let mut seen: Vec<Move> = Vec::new();
    for &m in moves {
        if !seen.iter().any(|&s| same_answer(s, m)) {
            seen.push(m);
        }
    }
    seen.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mv(s: &str) -> Move {
        Move::parse(s).unwrap()
    }

    #[test]
    fn kickers_aside_a_combination_is_one_answer() {
        assert!(same_answer(mv("3334"), mv("3335")));
        assert!(same_answer(mv("33344"), mv("333KK")));
        assert!(same_answer(mv("pass"), mv("pass")));
        // Another kind with the same main part is another idea.
        assert!(!same_answer(mv("3334"), mv("33344")));
        assert!(!same_answer(mv("3334"), mv("333")));
        // Another rank, another length, the pass.
        assert!(!same_answer(mv("3334"), mv("4443")));
        assert!(!same_answer(mv("34567"), mv("345678")));
        assert!(!same_answer(mv("3"), mv("pass")));
        assert!(same_answer(mv("444555+36"), mv("444555+3K")));
    }

    #[test]
    fn unique_means_one_combination_whatever_the_kickers() {
        assert!(is_unique(&[mv("3334"), mv("3338")]));
        assert!(is_unique(&[mv("3334")]));
        assert!(is_unique(&[mv("pass")]));
        // Two combinations win.
        assert!(!is_unique(&[mv("333"), mv("4")]));
        assert!(!is_unique(&[mv("3334"), mv("33344")]));
        assert!(!is_unique(&[mv("pass"), mv("4")]));
        assert!(!is_unique(&[]));
        let legal = [mv("3334"), mv("3338"), mv("4"), mv("8"), mv("333")];
        assert_eq!(distinct(&legal), 4);
    }
}

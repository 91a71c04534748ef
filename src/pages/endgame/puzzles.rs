//! The built-in puzzles and how links name them. This is the one place
//! that reads [`PUZZLES`]: the rest of the page asks for a puzzle's link,
//! its level and how many there are, so the list can be replaced by a
//! generated library without touching the page.

use crate::route::EndgameLink;

use super::setup::SetupProblem;

/// Built-in puzzles of graded difficulty: (level, landlord, farmer,
/// farmer 2). The landlord is to move and wins with one first move only
/// (checked by a test against the solver).
pub const PUZZLES: [(usize, &str, &str, &str); 5] = [
    (0, "3445667", "349QA2", ""),
    (1, "3456678", "389JQK", ""),
    (2, "67799Q222", "44TQQAAD", ""),
    (2, "6789TTTQ2", "449JAD", "458AA2"),
    (3, "37TTTQKKA", "468QAAAD", ""),
];

/// How many built-in puzzles there are.
pub(super) fn count() -> usize {
    PUZZLES.len()
}

/// The level (an index into the page's level names) of puzzle `n` (from 0).
pub(super) fn level(n: usize) -> Option<usize> {
    PUZZLES.get(n).map(|p| p.0)
}

/// Which built-in puzzle a link asks for (links number them from 1, as the
/// page does; the index from 0): `Ok(None)` for a position of its own. A
/// link with nothing in it asks for the first puzzle.
pub(super) fn puzzle_of(link: &EndgameLink) -> Result<Option<usize>, SetupProblem> {
    let empty = link.landlord.trim().is_empty() && link.farmer.trim().is_empty();
    match &link.puzzle {
        Some(text) => match text.trim().parse::<usize>() {
            Ok(n) if (1..=count()).contains(&n) => Ok(Some(n - 1)),
            _ => Err(SetupProblem::Puzzle(text.clone())),
        },
        None if empty => Ok(Some(0)),
        None => Ok(None),
    }
}

/// The link with a built-in puzzle written out.
pub(super) fn expand(link: &EndgameLink) -> EndgameLink {
    match puzzle_of(link) {
        Ok(Some(n)) => {
            let (_, l, f, f2) = PUZZLES[n];
            EndgameLink {
                landlord: l.to_string(),
                farmer: f.to_string(),
                farmer2: f2.to_string(),
                puzzle: Some((n + 1).to_string()),
                ..Default::default()
            }
        }
        _ => link.clone(),
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::setup::parse;
    use super::*;
    use engine::clock::MonotonicClock;
    use engine::solver::{SolveOptions, Solver};
    use engine::{Move, Team};

    /// The link to the puzzle of index `n` (numbered from 1 in links).
    pub fn puzzle(n: usize) -> EndgameLink {
        EndgameLink {
            puzzle: Some((n + 1).to_string()),
            ..Default::default()
        }
    }

    #[test]
    fn built_in_puzzles_have_one_winning_first_move() {
        let clock = MonotonicClock::default();
        for n in 0..count() {
            let position = parse(&puzzle(n)).unwrap();
            let mut solver = Solver::new(16 << 20);
            let r = solver.solve(&position, &SolveOptions::default(), &clock, &mut ());
            assert!(r.exact && r.winner == Team::Landlord, "puzzle {n}: {r:?}");
            let winning: Vec<Move> = solver
                .solve_moves(&position, &SolveOptions::default(), &clock)
                .into_iter()
                .filter(|v| v.winner == Team::Landlord)
                .map(|v| v.play)
                .collect();
            assert_eq!(winning, [r.best.unwrap()], "puzzle {n}");
        }
    }

    #[test]
    fn puzzles_are_numbered_and_an_empty_link_opens_the_first() {
        assert_eq!(puzzle_of(&EndgameLink::default()), Ok(Some(0)));
        assert_eq!(parse(&EndgameLink::default()), parse(&puzzle(0)));
        let err = parse(&EndgameLink {
            puzzle: Some("99".into()),
            ..Default::default()
        })
        .unwrap_err();
        assert_eq!(err, SetupProblem::Puzzle("99".into()));
        // Links number puzzles as the page does, from 1 to the last.
        let numbered = |n: &str| {
            puzzle_of(&EndgameLink {
                puzzle: Some(n.into()),
                ..Default::default()
            })
        };
        assert_eq!(numbered("1"), Ok(Some(0)));
        assert_eq!(numbered(&count().to_string()), Ok(Some(count() - 1)));
        assert_eq!(numbered("0"), Err(SetupProblem::Puzzle("0".into())));
        assert_eq!(
            numbered(&(count() + 1).to_string()),
            Err(SetupProblem::Puzzle((count() + 1).to_string()))
        );
        assert!(err.explain(crate::i18n::Lang::Zh.strings()).contains("“99”"));
        assert!(matches!(
            puzzle_of(&EndgameLink {
                puzzle: Some("x".into()),
                ..Default::default()
            }),
            Err(SetupProblem::Puzzle(_))
        ));
    }
}

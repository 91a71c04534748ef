//! The puzzle library (the engine's, proven) as the page reaches it, and
//! how links name a puzzle: by its stable id (`?puzzle=znmoaYh`), or by its
//! number in the library from 1 (old links: 1–5 are the five first
//! puzzles, which keep their place). This is the one place that reads the
//! library.

use engine::puzzles::{self, Puzzle};
use engine::Date;
use engine::Seat;

use crate::route::EndgameLink;

/// A link's puzzle that the library does not have: the text it asked for.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct UnknownPuzzle(pub(super) String);

/// Every puzzle, level by level (the first level opens with the five
/// built-ins).
pub(super) fn all() -> &'static [Puzzle] {
    puzzles::library()
}

/// How many puzzles there are.
pub(super) fn count() -> usize {
    all().len()
}

/// The levels, easiest first (1, 2, …).
pub(super) fn levels() -> Vec<u8> {
    puzzles::levels()
}

/// The puzzle of the day (Beijing time), as an index.
pub(super) fn of_day(date: Date) -> Option<usize> {
    let id = puzzles::of_day(date)?.id();
    all().iter().position(|p| p.id() == id)
}

/// Which puzzle a link asks for (an index into [`all`]): `Ok(None)` for a
/// position of its own. A link with nothing in it asks for the first.
pub(super) fn puzzle_of(link: &EndgameLink) -> Result<Option<usize>, UnknownPuzzle> {
    let empty = link.landlord.trim().is_empty() && link.farmer.trim().is_empty();
    match &link.puzzle {
        Some(text) => {
            let text = text.trim();
            let by_id = all().iter().position(|p| p.id().as_str() == text);
            let by_number = text
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=count()).contains(n))
                .map(|n| n - 1);
            match by_id.or(by_number) {
                Some(n) => Ok(Some(n)),
                None => Err(UnknownPuzzle(text.to_string())),
            }
        }
        None if empty => Ok(Some(0)),
        None => Ok(None),
    }
}

/// The link to puzzle `n`, by its id.
pub(super) fn link_to(n: usize) -> EndgameLink {
    EndgameLink {
        puzzle: all().get(n).map(|p| p.id().to_string()),
        ..Default::default()
    }
}

/// The link with a puzzle written out: its hands, the play to beat and who
/// is to move.
pub(super) fn expand(link: &EndgameLink) -> EndgameLink {
    match puzzle_of(link) {
        Ok(Some(n)) => {
            let p = &all()[n];
            let (last, last_by) = p.to_beat().map_or((String::new(), String::new()), |(by, play)| {
                (play.to_string(), by.name().to_string())
            });
            EndgameLink {
                landlord: p.hand(Seat::Landlord).to_string(),
                farmer: p.hand(Seat::Farmer1).to_string(),
                farmer2: if p.seats() == 3 {
                    p.hand(Seat::Farmer2).to_string()
                } else {
                    String::new()
                },
                last,
                last_by,
                to_move: p.to_move().name().to_string(),
                puzzle: Some(p.id().to_string()),
            }
        }
        _ => link.clone(),
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::setup::{parse, SetupProblem};
    use super::*;

    /// The link to the puzzle of index `n`, by number (from 1), as old
    /// links wrote it.
    pub fn puzzle(n: usize) -> EndgameLink {
        EndgameLink {
            puzzle: Some((n + 1).to_string()),
            ..Default::default()
        }
    }

    #[test]
    fn every_puzzle_opens_as_its_own_position_by_id_and_by_number() {
        for (n, p) in all().iter().enumerate() {
            let by_id = parse(&link_to(n)).unwrap();
            assert_eq!(&by_id, p.position(), "puzzle {}", p.id());
            assert_eq!(parse(&puzzle(n)).unwrap(), by_id);
            assert_eq!(puzzle_of(&link_to(n)), Ok(Some(n)));
        }
        // The five first keep their numbers, so old links still open them.
        assert_eq!(all()[0].id().as_str(), "znmoaYh");
        assert_eq!(all()[4].id().as_str(), "d5sj6VS");
    }

    #[test]
    fn puzzles_are_numbered_and_an_empty_link_opens_the_first() {
        assert_eq!(puzzle_of(&EndgameLink::default()), Ok(Some(0)));
        assert_eq!(parse(&EndgameLink::default()), parse(&puzzle(0)));
        let asked = |n: &str| {
            puzzle_of(&EndgameLink {
                puzzle: Some(n.into()),
                ..Default::default()
            })
        };
        assert_eq!(asked("1"), Ok(Some(0)));
        assert_eq!(asked(&count().to_string()), Ok(Some(count() - 1)));
        for bad in ["0", "x", "zzzzzzz", &(count() + 1).to_string()] {
            assert_eq!(asked(bad), Err(UnknownPuzzle(bad.into())), "{bad}");
        }
        let err = SetupProblem::from(asked("99999").unwrap_err());
        assert!(err.explain(crate::i18n::Lang::Zh.strings()).contains("“99999”"));
    }
}

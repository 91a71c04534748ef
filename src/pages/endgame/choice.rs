//! Which puzzles the player chooses from and which comes next: by
//! default the untried puzzle rated nearest the player's rating; once
//! the player picks a level, that level's next puzzle in order; either
//! within the theme picked, if any.

use engine::puzzles::{rating, Puzzle};

use super::progress::{Choice, Progress};

/// Whether `puzzle` is among those the choice allows.
fn allowed(choice: Choice, puzzle: &Puzzle) -> bool {
    choice.theme.is_none_or(|t| t.fits(puzzle)) && choice.level.is_none_or(|l| puzzle.level() == l)
}

/// The puzzles listed in the bar (indices into `all`): the theme's, if
/// one is picked (of the level picked, if one is); else the level
/// picked, or the level of the puzzle on the board.
pub(super) fn listed(all: &[Puzzle], choice: Choice, current: Option<usize>) -> Vec<usize> {
    let choice = match choice {
        Choice {
            level: None,
            theme: None,
        } => Choice {
            level: Some(current.map_or(1, |n| all[n].level())),
            theme: None,
        },
        c => c,
    };
    (0..all.len()).filter(|&n| allowed(choice, &all[n])).collect()
}

/// The next puzzle after `current`: among those the choice allows (but
/// `current`), the untried first, then the unsolved, then any; of
/// those, the nearest the player's rating, or with a level picked the
/// first after `current` in order (round to the start).
pub(super) fn next(all: &[Puzzle], progress: &Progress, current: Option<usize>) -> Option<usize> {
    let choice = progress.choice();
    let pool: Vec<usize> = (0..all.len())
        .filter(|&n| Some(n) != current && allowed(choice, &all[n]))
        .collect();
    let tier = |n: usize| {
        let id = all[n].id();
        if !progress.is_tried(id) {
            0
        } else if !progress.is_solved(id) {
            1
        } else {
            2
        }
    };
    let best = pool.iter().map(|&n| tier(n)).min()?;
    let pool: Vec<usize> = pool.into_iter().filter(|&n| tier(n) == best).collect();
    match choice.level {
        Some(_) => pool
            .iter()
            .copied()
            .find(|&n| current.is_none_or(|c| n > c))
            .or(pool.first().copied()),
        None => {
            let target = progress.player().rating();
            rating::nearest(target, pool.iter().map(|&n| (n, progress.rating_of(&all[n]).rating())))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::progress::How;
    use super::*;
    use engine::puzzles::{library, Rating, Theme};

    const CLEAN: How = How {
        slipped: false,
        looked: false,
    };

    fn distance(progress: &Progress, n: usize) -> f64 {
        (progress.rating_of(&library()[n]).rating() - progress.player().rating()).abs()
    }

    #[test]
    fn the_next_puzzle_is_the_untried_one_nearest_the_players_rating() {
        let all = library();
        let mut p = Progress::default();
        let mut ratings = Vec::new();
        for _ in 0..12 {
            let n = next(all, &p, None).unwrap();
            assert!(!p.is_tried(all[n].id()));
            // None untried is nearer.
            let nearer = (0..all.len()).find(|&m| !p.is_tried(all[m].id()) && distance(&p, m) < distance(&p, n));
            assert_eq!(nearer, None);
            ratings.push((p.player().points(), p.rating_of(&all[n]).points()));
            p.solve(&all[n], CLEAN, None);
        }
        println!("(player, next puzzle) while solving every one: {ratings:?}");
        // Solving every one, the player rises, and so do the puzzles given.
        assert!(ratings[11].0 > ratings[0].0 + 200, "{ratings:?}");
        assert!(ratings[11].1 > ratings[0].1 + 200, "{ratings:?}");
        // Failing, they come down again.
        let top = p.player().rating();
        for _ in 0..6 {
            let n = next(all, &p, None).unwrap();
            p.fail(&all[n]);
        }
        assert!(p.player().rating() < top - 100.0);
        let n = next(all, &p, None).unwrap();
        assert!(p.rating_of(&all[n]).rating() < top - 100.0);
    }

    #[test]
    fn a_theme_and_a_level_narrow_the_choice() {
        let all = library();
        let mut p = Progress::default();
        p.set_choice(Choice {
            level: None,
            theme: Some(Theme::Pass),
        });
        let listed_pass = listed(all, p.choice(), Some(0));
        assert!(!listed_pass.is_empty() && listed_pass.iter().all(|&n| Theme::Pass.fits(&all[n])));
        assert_eq!(listed_pass.len(), all.iter().filter(|q| Theme::Pass.fits(q)).count());
        for _ in 0..listed_pass.len() {
            let n = next(all, &p, None).unwrap();
            assert!(Theme::Pass.fits(&all[n]) && !p.is_tried(all[n].id()));
            p.fail(&all[n]);
        }
        // All tried: the unsolved come back, still the theme's.
        let n = next(all, &p, None).unwrap();
        assert!(Theme::Pass.fits(&all[n]) && !p.is_solved(all[n].id()));

        // A level picked: its puzzles in order after the current one, round
        // to the start; the solved ones skipped.
        let mut p = Progress::default();
        p.set_choice(Choice {
            level: Some(3),
            theme: None,
        });
        let three = listed(all, p.choice(), None);
        assert!(three.iter().all(|&n| all[n].level() == 3));
        assert_eq!(next(all, &p, None), Some(three[0]));
        assert_eq!(next(all, &p, Some(three[4])), Some(three[5]));
        assert_eq!(next(all, &p, Some(*three.last().unwrap())), Some(three[0]));
        p.solve(&all[three[5]], CLEAN, None);
        assert_eq!(next(all, &p, Some(three[4])), Some(three[6]));
        // With nothing picked, the bar lists the board's level.
        let listed_here = listed(all, Choice::default(), Some(three[2]));
        assert_eq!(listed_here, three);
        assert!(listed(all, Choice::default(), None)
            .iter()
            .all(|&n| all[n].level() == 1));
    }

    #[test]
    fn a_puzzle_rated_by_this_player_is_chosen_by_its_new_rating() {
        let all = library();
        let mut p = Progress::default();
        let n = next(all, &p, None).unwrap();
        let before = Rating::of_puzzle(&all[n]);
        p.fail(&all[n]);
        assert!(p.rating_of(&all[n]).rating() > before.rating());
    }
}

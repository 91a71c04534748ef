//! The solver's benchmark: seeded random 1v1 endgames of a given size,
//! landlord to move, each solved to a proof with a fresh solver. The CLI
//! (`ddz solve-bench`) and the web app's wasm build run exactly these, so
//! their times compare.

use serde::{Deserialize, Serialize};

use crate::cards::{Cards, Rank};
use crate::clock::Clock;
use crate::rng;
use crate::seat::{Seat, Team};

use super::{Position, SolveOptions, Solver};

/// Endgame `seed` of a size: the landlord's and the farmer's hands cut from
/// a shuffled deck, landlord to move. `None` if the sizes do not fit a deck.
pub fn random_endgame(seed: u64, landlord: usize, farmer: usize) -> Option<Position> {
    if landlord == 0 || farmer == 0 || landlord + farmer > 54 {
        return None;
    }
    let mut deck: Vec<Rank> = Cards::DECK.iter().collect();
    rng::shuffle(&mut rng::from_seed(seed), &mut deck);
    let hand = |ranks: &[Rank]| ranks.iter().copied().collect::<Result<Cards, _>>().ok();
    let hands = [hand(&deck[..landlord])?, hand(&deck[landlord..landlord + farmer])?];
    Position::new(&hands, Seat::Landlord, None).ok()
}

/// One benchmark position and how the solve went.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Case {
    pub seed: u64,
    pub landlord: Cards,
    pub farmer: Cards,
    /// Proven within the time limit.
    pub exact: bool,
    pub winner: Team,
    pub ms: f64,
    pub nodes: u64,
}

/// Solves endgames `seed..seed + positions` of `landlord`+`farmer` cards,
/// each for at most `limit_ms`, all of it on the full-depth search.
pub fn run(
    landlord: usize,
    farmer: usize,
    positions: u64,
    seed: u64,
    limit_ms: f64,
    table_bytes: usize,
    clock: &dyn Clock,
) -> Option<Vec<Case>> {
    (seed..seed + positions)
        .map(|s| {
            let position = random_endgame(s, landlord, farmer)?;
            let options = SolveOptions {
                time_limit_ms: Some(limit_ms),
                proof_share: 1.0,
                table_bytes,
                ..SolveOptions::default()
            };
            let r = Solver::new(table_bytes).solve(&position, &options, clock, &mut ());
            Some(Case {
                seed: s,
                landlord: position.hand(Seat::Landlord),
                farmer: position.hand(Seat::Farmer1),
                exact: r.exact,
                winner: r.winner,
                ms: r.ms,
                nodes: r.nodes,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::MonotonicClock;

    #[test]
    fn endgames_are_seeded_and_checked() {
        let a = random_endgame(7, 16, 16).unwrap();
        assert_eq!(a, random_endgame(7, 16, 16).unwrap());
        assert_eq!((a.hand(Seat::Landlord).len(), a.hand(Seat::Farmer1).len()), (16, 16));
        assert_ne!(a, random_endgame(8, 16, 16).unwrap());
        assert!(random_endgame(0, 30, 30).is_none());
        assert!(random_endgame(0, 0, 5).is_none());
    }

    #[test]
    fn small_endgames_are_proven() {
        let cases = run(6, 6, 5, 0, 10_000.0, 1 << 20, &MonotonicClock::default()).unwrap();
        assert_eq!(cases.len(), 5);
        assert!(cases.iter().all(|c| c.exact && c.landlord.len() == 6));
    }
}

//! The solver's benchmarks: seeded random 1v1 endgames of a given size,
//! and whole seeded three-seat deals (20+17+17), landlord to move, each
//! solved to a proof with a fresh solver. The CLI (`ddz solve-bench`) and
//! the web app's wasm build run exactly these, so their times compare.

use serde::{Deserialize, Serialize};

use crate::cards::{Cards, Rank};
use crate::clock::Clock;
use crate::rng;
use crate::seat::{Seat, Team};

use super::{Anatomy, Position, SolveOptions, Solver};

/// Endgame `seed` of a size: the landlord's and the farmer's hands cut from
/// a shuffled deck, landlord to move. `None` if the sizes do not fit a deck.
pub fn random_endgame(seed: u64, landlord: usize, farmer: usize) -> Option<Position> {
    random_position(seed, &[landlord, farmer])
}

/// Position `seed` with hands of these sizes (landlord first, 2 or 3 of
/// them) cut from a shuffled deck, landlord to move. `None` if a size is 0
/// or they do not fit a deck.
pub fn random_position(seed: u64, sizes: &[usize]) -> Option<Position> {
    if !(2..=3).contains(&sizes.len()) || sizes.contains(&0) || sizes.iter().sum::<usize>() > 54 {
        return None;
    }
    let mut deck: Vec<Rank> = Cards::DECK.iter().collect();
    rng::shuffle(&mut rng::from_seed(seed), &mut deck);
    let mut start = 0;
    let mut hands = Vec::with_capacity(sizes.len());
    for &n in sizes {
        hands.push(
            deck[start..start + n]
                .iter()
                .copied()
                .collect::<Result<Cards, _>>()
                .ok()?,
        );
        start += n;
    }
    Position::new(&hands, Seat::Landlord, None).ok()
}

/// One benchmark position and how the solve went.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Case {
    /// The position's seed ([`random_position`]), or the deal's.
    pub seed: u64,
    /// The landlord's hand.
    pub landlord: Cards,
    /// Farmer 1's hand.
    pub farmer: Cards,
    /// Farmer 2's hand, in a three-seat deal.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub farmer2: Option<Cards>,
    /// Proven within the time limit.
    pub exact: bool,
    /// Who wins with best play (predicted when not exact).
    pub winner: Team,
    /// Milliseconds the solve took, its table's making included.
    pub ms: f64,
    /// Nodes searched.
    pub nodes: u64,
    /// Where they went.
    #[serde(default)]
    pub anatomy: Anatomy,
}

/// Solves endgames `seed..seed + positions` of `landlord`+`farmer` cards,
/// each for at most `limit_ms`, all of it on the full-depth search, with a
/// table of at most `table_bytes` sized to the job as `ddz solve` sizes it.
pub fn run(
    landlord: usize,
    farmer: usize,
    positions: u64,
    seed: u64,
    limit_ms: f64,
    table_bytes: usize,
    clock: &dyn Clock,
) -> Option<Vec<Case>> {
    run_sizes(&[landlord, farmer], positions, seed, limit_ms, table_bytes, clock)
}

/// [`run`] for positions of any sizes (2 or 3 hands, landlord first).
pub fn run_sizes(
    sizes: &[usize],
    positions: u64,
    seed: u64,
    limit_ms: f64,
    table_bytes: usize,
    clock: &dyn Clock,
) -> Option<Vec<Case>> {
    (seed..seed.saturating_add(positions))
        .map(|s| Some(solve_case(s, &random_position(s, sizes)?, limit_ms, table_bytes, clock)))
        .collect()
}

/// Solves the whole deals `seed..seed + deals` (`Deal::from_seed`, landlord
/// to lead), each for at most `limit_ms`, all of it on the full-depth search.
pub fn run_full(deals: u64, seed: u64, limit_ms: f64, table_bytes: usize, clock: &dyn Clock) -> Vec<Case> {
    (seed..seed.saturating_add(deals))
        .map(|s| solve_full(s, limit_ms, table_bytes, clock))
        .collect()
}

/// Whole deal `seed`, solved with a fresh solver for at most `limit_ms`
/// (its table sized as [`run`] sizes it).
pub fn solve_full(seed: u64, limit_ms: f64, table_bytes: usize, clock: &dyn Clock) -> Case {
    let deal = crate::deal::Deal::from_seed(seed);
    let position = Position::new(&deal.hands(), Seat::Landlord, None).expect("a seeded deal is a position");
    solve_case(seed, &position, limit_ms, table_bytes, clock)
}

/// `position` solved with a fresh solver for at most `limit_ms`, all of it
/// on the full-depth search, with a table of at most `table_bytes` sized to
/// the job as `ddz solve` sizes it.
fn solve_case(seed: u64, position: &Position, limit_ms: f64, table_bytes: usize, clock: &dyn Clock) -> Case {
    let table_bytes = table_bytes.min(SolveOptions::table_bytes_for(position, Some(limit_ms)));
    let options = SolveOptions {
        time_limit_ms: Some(limit_ms),
        proof_share: 1.0,
        table_bytes,
        // The time to a proof, not to the loser's longest line after it.
        principal_variation: false,
        ..SolveOptions::exhaustive()
    };
    // Timed from the table's making: its pages cost when first touched.
    let started = clock.now_ms();
    let r = Solver::new(table_bytes).solve(position, &options, clock);
    Case {
        seed,
        landlord: position.hand(Seat::Landlord),
        farmer: position.hand(Seat::Farmer1),
        farmer2: (position.seats() == 3).then(|| position.hand(Seat::Farmer2)),
        exact: r.exact,
        winner: r.winner,
        ms: clock.now_ms() - started,
        nodes: r.nodes,
        anatomy: r.anatomy,
    }
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

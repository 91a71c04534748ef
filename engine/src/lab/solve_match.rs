//! The search paper's benchmark, for 1v1 Dou Dizhu: the time-limited
//! solver (神算子) against the heuristic player, open hands, on random
//! deals of each hand size, both seatings. The paper found the solver's
//! net score growing with the size.
//!
//! A game is scored as the paper's margin: the cards the loser still holds
//! when the winner goes out, positive when the solver wins. A deal's net
//! score is the sum over its two seatings, so a deal that one seat always
//! wins counts for nothing.

use serde::Serialize;

use crate::agents::{HeuristicPlayer, Player};
use crate::clock::{Clock, Deadline};
use crate::game::Game;
use crate::limits::{self, LimitError};
use crate::seat::Seat;
use crate::solver::{bench, Position, SolveOptions, Solver, Utility};

use super::duplicate::Estimate;

/// One hand size's result.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct SizeResult {
    /// Cards in each hand at the start.
    pub size: usize,
    /// Deals played (each twice).
    pub deals: u64,
    /// The solver's net score per deal (both seatings), with its 95%
    /// interval.
    pub net: Estimate,
    /// Games the solver won, of `2 × deals`.
    pub solver_wins: u64,
}

/// The sizes the benchmark takes: 1 to 20 cards a hand (two hands of a
/// deck, the landlord's at most [`limits::MAX_HAND`]).
pub const SIZES: std::ops::RangeInclusive<usize> = 1..=limits::MAX_HAND as usize;

/// Plays `deals` deals of `size` cards a hand (seeds `seed..`, the
/// solver's [`bench::random_endgame`] deals), each twice with the seats
/// swapped, the solver thinking at most `time_limit_ms` a move.
pub fn run_size(
    size: usize,
    deals: u64,
    seed: u64,
    time_limit_ms: f64,
    clock: &dyn Clock,
) -> Result<SizeResult, LimitError> {
    limits::check("deals", deals, &limits::DEALS)?;
    let games = (seed..seed.saturating_add(deals))
        .map(|s| play_match_deal(size, s, time_limit_ms, clock))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(SizeResult::of(size, &games))
}

/// Deal `seed` of `size` cards a hand played twice, seats swapped: the
/// solver's net score and games won.
pub fn play_match_deal(size: usize, seed: u64, time_limit_ms: f64, clock: &dyn Clock) -> Result<MatchDeal, LimitError> {
    limits::check("size", size, &SIZES)?;
    let start = bench::random_endgame(seed, size, size).expect("sizes within a deck");
    let hands = [start.hand(Seat::Landlord), start.hand(Seat::Farmer1)];
    let options = SolveOptions {
        utility: Utility::CardMargin,
        time_limit_ms: Some(time_limit_ms),
        principal_variation: false,
        ..SolveOptions::exhaustive()
    }
    .sized_for(&start);
    let mut solver = Solver::new(options.table_bytes);
    let mut out = MatchDeal { net: 0, solver_wins: 0 };
    for solver_seat in [Seat::Landlord, Seat::Farmer1] {
        let margin = play(&hands, solver_seat, &mut solver, &options, seed, clock);
        out.net += margin;
        out.solver_wins += u32::from(margin > 0);
    }
    Ok(out)
}

/// One deal of the match: the solver's result over both seatings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct MatchDeal {
    /// The solver's margins summed.
    pub net: i32,
    /// Games the solver won (0 to 2).
    pub solver_wins: u32,
}

impl SizeResult {
    /// The result of a size from its deals' results.
    pub fn of(size: usize, deals: &[MatchDeal]) -> SizeResult {
        SizeResult {
            size,
            deals: deals.len() as u64,
            net: Estimate::of(deals.iter().map(|d| f64::from(d.net))),
            solver_wins: deals.iter().map(|d| u64::from(d.solver_wins)).sum(),
        }
    }
}

/// One game from `hands`, the solver in `solver_seat`: its margin.
fn play(
    hands: &[crate::Cards; 2],
    solver_seat: Seat,
    solver: &mut Solver,
    options: &SolveOptions,
    seed: u64,
    clock: &dyn Clock,
) -> i32 {
    let mut game = Game::from_hands(hands).expect("two hands from one deck");
    let mut heuristic = HeuristicPlayer::new(0.0, seed);
    while game.outcome().is_none() {
        let seat = game.to_move();
        let mv = if seat == solver_seat {
            let position = Position::new(
                &[game.hand(Seat::Landlord), game.hand(Seat::Farmer1)],
                seat,
                game.to_beat(),
            )
            .expect("a game in progress is a position");
            solver
                .solve(&position, options, clock)
                .best
                .expect("a position in progress has a move")
        } else {
            heuristic.choose(&game.view(seat), &Deadline::NONE)
        };
        game.apply(mv).expect("both players choose legal moves");
    }
    let outcome = game.outcome().expect("the game is over");
    let loser = if outcome.winner == Seat::Landlord {
        Seat::Farmer1
    } else {
        Seat::Landlord
    };
    let margin = game.hand(loser).len() as i32;
    if outcome.winner == solver_seat {
        margin
    } else {
        -margin
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::MonotonicClock;

    #[test]
    fn the_solver_never_loses_a_small_deal_it_could_win() {
        let clock = MonotonicClock::default();
        // At 4 cards a hand the solver proves every position: on every
        // deal it does at least as well as the heuristic in the other seat
        // (it wins the seat that wins with best play by at least as much as
        // the heuristic could, and concedes no more in the other).
        for seed in 0..30 {
            assert!(
                play_match_deal(4, seed, 1_000.0, &clock).unwrap().net >= 0,
                "deal {seed}"
            );
        }
        let r = run_size(4, 30, 0, 1_000.0, &clock).unwrap();
        assert_eq!((r.size, r.deals), (4, 30));
        assert!(r.net.mean >= 0.0, "{r:?}");
        assert!(r.solver_wins >= 30, "{r:?}");
        assert_eq!(r, run_size(4, 30, 0, 1_000.0, &clock).unwrap());
        assert!(run_size(21, 1, 0, 10.0, &clock).is_err());
        assert!(run_size(0, 1, 0, 10.0, &clock).is_err());
    }
}

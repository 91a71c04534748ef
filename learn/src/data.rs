//! Labelled hands from self-play, as the paper labelled human games: the
//! winner's dealt hand (the landlord's 20 cards with the bottom cards, a
//! farmer's 17), each card tagged by the class of the play it left in
//! ([`engine::split::labels`]: a trio-with-kickers is its trio and its
//! kicker cards).

use engine::agents::{play_seated, seat_seeds, PlayerError, PlayerSpec};
use engine::clock::Clock;
use engine::split::{labels, Class};
use engine::{rng, Cards, Deal, Game, Play, Seat};

/// One labelled hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    /// The deal's seed.
    pub seed: u64,
    /// The winner's seat.
    pub seat: Seat,
    /// The winner's dealt hand.
    pub hand: Cards,
    /// The class of each card of `hand`, canonical order.
    pub tags: Vec<Class>,
}

/// Plays the deal of `seed` with `players` (landlord, farmer 1, farmer 2,
/// each seeded from the deal's seed) and labels the winner's hand. There is
/// no time limit, so `clock` is only passed through (the crate builds for
/// wasm too, where the native clock does not exist).
pub fn winner_example(seed: u64, players: [&PlayerSpec; 3], clock: &dyn Clock) -> Result<Example, PlayerError> {
    let deal = Deal::from_seed(seed);
    let seeds = seat_seeds(&mut rng::from_seed(seed ^ 0x5b17_7e55));
    let mut game = Game::new(&deal);
    let seat = play_seated(&mut game, players, seeds, clock, None)?.winner;
    let plays: Vec<Play> = game
        .record()
        .iter()
        .filter(|t| t.seat == seat)
        .filter_map(|t| t.mv.play())
        .collect();
    Ok(Example {
        seed,
        seat,
        hand: deal.hand(seat),
        tags: labels(&plays),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::clock::MonotonicClock;
    use engine::split::groups_from_labels;

    #[test]
    fn the_winner_is_labelled_card_by_card() {
        let heuristic: PlayerSpec = "heuristic".parse().unwrap();
        for seed in 0..20 {
            let ex = winner_example(seed, [&heuristic; 3], &MonotonicClock::default()).unwrap();
            assert_eq!(ex.tags.len(), ex.hand.len() as usize);
            assert!(matches!(ex.hand.len(), 17 | 20));
            assert_eq!(ex.hand.len() == 20, ex.seat == Seat::Landlord);
            groups_from_labels(ex.hand, &ex.tags).unwrap();
        }
    }
}

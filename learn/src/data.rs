//! Labelled hands from self-play, as the paper labelled human games: the
//! winner's dealt hand (the landlord's 20 cards with the bottom cards, a
//! farmer's 17), each card tagged by the class of the play it left in
//! ([`engine::split::labels`]: a trio-with-kickers is its trio and its
//! kicker cards).

use engine::agents::{make_player, play_out, PlayerError};
use engine::clock::Clock;
use engine::split::labels;
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
    /// One class (0..=3) per card of `hand`, canonical order.
    pub tags: Vec<u8>,
}

/// Plays the deal of `seed` with `players` (landlord, farmer 1, farmer 2,
/// each seeded from the deal's seed) and labels the winner's hand. There is
/// no time limit, so `clock` is only passed through (the crate builds for
/// wasm too, where the native clock does not exist).
pub fn winner_example(seed: u64, players: [&str; 3], clock: &dyn Clock) -> Result<Example, PlayerError> {
    let deal = Deal::from_seed(seed);
    let mut seeds = rng::from_seed(seed ^ 0x5b17_7e55);
    let mut table = Vec::with_capacity(3);
    for name in players {
        table.push(make_player(name, rng::split(&mut seeds))?);
    }
    let mut game = Game::new(&deal);
    let seat = play_out(&mut game, &mut table, clock, None)?.winner;
    let plays: Vec<Play> = game
        .record()
        .iter()
        .filter(|t| t.seat == seat)
        .filter_map(|t| t.mv.play())
        .collect();
    let tags = labels(&plays).iter().map(|c| c.index()).collect();
    Ok(Example {
        seed,
        seat,
        hand: deal.hand(seat),
        tags,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::clock::MonotonicClock;
    use engine::split::{groups_from_labels, Class};

    #[test]
    fn the_winner_is_labelled_card_by_card() {
        for seed in 0..20 {
            let ex = winner_example(
                seed,
                ["heuristic", "heuristic", "heuristic"],
                &MonotonicClock::default(),
            )
            .unwrap();
            assert_eq!(ex.tags.len(), ex.hand.len() as usize);
            assert!(matches!(ex.hand.len(), 17 | 20));
            assert_eq!(ex.hand.len() == 20, ex.seat == Seat::Landlord);
            let classes: Vec<Class> = ex.tags.iter().map(|&t| Class::from_index(t).unwrap()).collect();
            groups_from_labels(ex.hand, &classes).unwrap();
        }
        assert!(winner_example(0, ["heuristic", "nobody", "heuristic"], &MonotonicClock::default()).is_err());
    }
}

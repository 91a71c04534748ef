//! The AI players: only legal moves, whatever the deal; and a move that
//! depends on the seat's view alone (the hidden hands can change without
//! changing it). That a player cannot read hidden cards is also a matter of
//! types: it is only ever given a `SeatView`.

use engine::clock::{Deadline, MonotonicClock};
use engine::{make_player, play_out, rng, Cards, Deal, Game, Rank, Seat};
use proptest::prelude::*;

/// Every kind of player, with small budgets so the test stays quick.
const PLAYERS: [&str; 8] = [
    "random",
    "greedy",
    "heuristic:noise=0.3",
    "heuristic",
    "sampler:samples=2:nodes=300:candidates=4",
    "hybrid:switch=24:samples=2:nodes=300",
    "hybrid:switch=30:samples=2:nodes=300:read=64:exploit=300",
    "L3",
];

/// A 1v1 table from a shuffled deck: two hands of the given sizes.
fn one_on_one(seed: u64, a: usize, b: usize) -> Game {
    let mut deck: Vec<Rank> = Cards::DECK.iter().collect();
    rng::shuffle(&mut rng::from_seed(seed), &mut deck);
    let hand = |r: &[Rank]| r.iter().copied().collect::<Result<Cards, _>>().unwrap();
    Game::from_hands(&[hand(&deck[..a]), hand(&deck[a..a + b])]).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn every_player_finishes_deals_with_legal_moves(seed in any::<u64>(), a in 0usize..PLAYERS.len(), b in 0usize..PLAYERS.len()) {
        let clock = MonotonicClock::default();
        let mut game = Game::new(&Deal::from_seed(seed));
        let mut table = vec![
            make_player(PLAYERS[a], seed).unwrap(),
            make_player(PLAYERS[b], seed ^ 1).unwrap(),
            make_player(PLAYERS[b], seed ^ 2).unwrap(),
        ];
        // play_out refuses an illegal move with an error naming the player.
        let outcome = play_out(&mut game, &mut table, &clock, None);
        prop_assert!(outcome.is_ok(), "{:?}", outcome);
        prop_assert!(game.is_over());

        let mut game = one_on_one(seed, 3 + (seed % 9) as usize, 3 + (seed / 9 % 9) as usize);
        let mut table = vec![make_player(PLAYERS[b], seed).unwrap(), make_player(PLAYERS[a], seed ^ 3).unwrap()];
        let outcome = play_out(&mut game, &mut table, &clock, None);
        prop_assert!(outcome.is_ok(), "{:?}", outcome);
    }

    #[test]
    fn a_move_depends_on_the_view_alone(seed in any::<u64>(), swaps in 1usize..6) {
        // Two deals that differ only in how the farmers' cards are split:
        // the landlord sees the same thing, so it plays the same move.
        let deal = Deal::from_seed(seed);
        let mut f1: Vec<Rank> = deal.hand(Seat::Farmer1).iter().collect();
        let mut f2: Vec<Rank> = deal.hand(Seat::Farmer2).iter().collect();
        for i in 0..swaps {
            std::mem::swap(&mut f1[i], &mut f2[16 - i]);
        }
        let hand = |r: &[Rank]| r.iter().copied().collect::<Result<Cards, _>>().unwrap();
        let other = Deal::new([deal.hand(Seat::Landlord), hand(&f1), hand(&f2)], deal.bottom()).unwrap();
        for name in PLAYERS {
            let first = |d: &Deal| {
                let game = Game::new(d);
                make_player(name, 7).unwrap().choose(&game.view(Seat::Landlord), &Deadline::NONE)
            };
            prop_assert_eq!(first(&deal), first(&other), "{}", name);
        }
    }
}

/// The top rung (`strongest`, the most expensive player) at every seat of a
/// whole deal, 50 ms a move: every move legal, and every answer back within
/// its time. Only a gross limit is asserted (a shared machine may stall a
/// thread); the measured times are printed.
#[test]
fn the_strongest_player_keeps_its_time() {
    use engine::Clock;
    let clock = MonotonicClock::default();
    let mut game = Game::new(&Deal::from_seed(5));
    let mut table: Vec<_> = (0..3).map(|i| make_player("strongest", i).unwrap()).collect();
    let (mut slowest, mut total, mut moves) = (0.0f64, 0.0, 0);
    while !game.is_over() {
        let seat = game.to_move();
        let started = clock.now_ms();
        let mv = table[seat.index()].choose(&game.view(seat), &Deadline::after(&clock, 50.0));
        let ms = clock.now_ms() - started;
        (slowest, total, moves) = (slowest.max(ms), total + ms, moves + 1);
        assert!(ms < 50.0 + 1000.0, "move {moves} took {ms:.0} ms against 50");
        game.apply(mv).expect("a legal move");
    }
    println!(
        "strongest, 50 ms a move: {moves} moves, mean {:.1} ms, slowest {slowest:.1} ms",
        total / f64::from(moves)
    );
}

//! Property tests of the auction (叫分) over random seeds, first bidders and
//! call sequences: it ends within three calls, a 3 ends it at once, the
//! highest bidder wins and takes the bottom cards, all passes redeal, and
//! illegal calls change nothing. The AI's calls are always legal.

use engine::agents::bidding::{assess, choose_bid};
use engine::{Auction, AuctionState, Bid, BidError, Cards, Deal, Rank, Seat};
use proptest::prelude::*;

/// Plays an auction with calls picked from the allowed ones by `picks`,
/// trying the disallowed call `probes` names at each step first.
fn run(seed: u64, picks: &[u8], probes: &[u8]) -> Auction {
    let mut auction = Auction::from_seed(seed);
    for (calls, (&pick, &probe)) in picks.iter().zip(probes).enumerate() {
        let AuctionState::Open { to_bid } = auction.state() else {
            break;
        };
        assert_eq!(to_bid, calls);
        assert_eq!(auction.bids().len(), calls);
        // A disallowed call is refused and changes nothing.
        let tried = Bid::ALL[usize::from(probe) % 4];
        if !auction.allows(tried) {
            let before = auction;
            assert!(matches!(auction.bid(tried), Err(BidError::NotHigher { .. })));
            assert_eq!(auction, before);
        }
        let allowed: Vec<Bid> = Bid::ALL.into_iter().filter(|&b| auction.allows(b)).collect();
        assert_eq!(allowed[0], Bid::Pass, "a pass is always allowed while open");
        let highest = auction.highest().map_or(Bid::Pass, |(_, b)| b);
        assert!(allowed[1..].iter().all(|&b| b > highest));
        auction.bid(allowed[usize::from(pick) % allowed.len()]).unwrap();
    }
    auction
}

fn total(hands: &[Cards]) -> Option<Cards> {
    hands.iter().try_fold(Cards::EMPTY, |acc, &h| acc.checked_add(h))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn auctions_end_with_the_highest_bidder_as_landlord(
        seed in any::<u64>(),
        first in 0usize..3,
        picks in prop::collection::vec(any::<u8>(), 3),
        probes in prop::collection::vec(any::<u8>(), 3),
    ) {
        let auction = run(seed, &picks, &probes);
        let bids = auction.bids();
        // Over within three calls; a 3 is always the last call.
        prop_assert!(!auction.is_open());
        prop_assert!((1..=3).contains(&bids.len()));
        prop_assert!(bids[..bids.len() - 1].iter().all(|&b| b != Bid::Three));
        prop_assert!(bids.len() == 3 || bids.last() == Some(&Bid::Three));
        // Bids that are not passes strictly rise.
        let raised: Vec<Bid> = bids.iter().copied().filter(|&b| b != Bid::Pass).collect();
        prop_assert!(raised.windows(2).all(|w| w[0] < w[1]));
        // No more calls once over.
        let mut over = auction;
        for b in Bid::ALL {
            prop_assert!(!over.allows(b));
            prop_assert_eq!(over.bid(b), Err(BidError::Over));
            prop_assert_eq!(over, auction);
        }

        match auction.state() {
            AuctionState::Open { .. } => prop_assert!(false, "still open"),
            AuctionState::AllPassed => {
                prop_assert!(bids.iter().all(|&b| b == Bid::Pass));
                prop_assert_eq!(bids.len(), 3);
                prop_assert_eq!(auction.highest(), None);
                prop_assert_eq!(auction.deal(), None);
            }
            AuctionState::Won { landlord, bid } => {
                let top = *bids.iter().max().unwrap();
                prop_assert_eq!(bid, top);
                prop_assert_eq!(bids[landlord], top);
                prop_assert_eq!(auction.highest(), Some((landlord, bid)));
                let deal = auction.deal().unwrap();
                // The 54 cards: the landlord's 20 are its 17 and the bottom.
                prop_assert_eq!(total(&deal.hands()), Some(Cards::DECK));
                prop_assert_eq!(deal.hand(Seat::Landlord), auction.hand(landlord).checked_add(auction.bottom()).unwrap());
                prop_assert_eq!(deal.bottom(), Some(auction.bottom()));
                // Chairs: bidder i sits at chair (first + i) % 3; farmer 1 is
                // the landlord's 下家, the next chair in turn order.
                let chair_of = |bidder: usize| (first + bidder) % 3;
                let bidder_at = |chair: usize| (chair + 3 - first) % 3;
                let next_chair = (chair_of(landlord) + 1) % 3;
                prop_assert_eq!(deal.hand(Seat::Farmer1), auction.hand(bidder_at(next_chair)));
                prop_assert_eq!(deal.hand(Seat::Farmer2), auction.hand(bidder_at((next_chair + 1) % 3)));
                prop_assert_eq!(Deal::new(deal.hands(), deal.bottom()), Ok(deal));
                if landlord == 0 {
                    prop_assert_eq!(deal, Deal::from_seed(seed));
                }
            }
        }
        // Replaying the calls gives the same auction.
        prop_assert_eq!(Auction::from_seed(seed).with_bids(bids), Ok(auction));
    }

    #[test]
    fn seeded_auctions_hold_the_deck_and_bidder_0_gets_the_reference_deal(seed in any::<u64>()) {
        let auction = Auction::from_seed(seed);
        let hands = [auction.hand(0), auction.hand(1), auction.hand(2)];
        prop_assert_eq!(hands.map(Cards::len), [17, 17, 17]);
        prop_assert_eq!(auction.bottom().len(), 3);
        prop_assert_eq!(total(&[hands[0], hands[1], hands[2], auction.bottom()]), Some(Cards::DECK));
        prop_assert_eq!(Auction::new(hands, auction.bottom()), Ok(auction));
        for calls in [&[Bid::Three][..], &[Bid::One, Bid::Pass, Bid::Pass], &[Bid::Two, Bid::Pass, Bid::Pass]] {
            let won = auction.with_bids(calls).unwrap();
            prop_assert_eq!(won.deal(), Some(Deal::from_seed(seed)));
        }
    }

    #[test]
    fn ai_auctions_are_legal(seed in any::<u64>()) {
        let mut auction = Auction::from_seed(seed);
        let mut calls = 0;
        while let AuctionState::Open { to_bid } = auction.state() {
            let hand = auction.hand(to_bid);
            let call = choose_bid(hand, auction.highest().map(|(_, b)| b));
            prop_assert!(auction.allows(call), "{call} not allowed after {:?}", auction.bids());
            // The jump-to-max rule: the maximum bid if it is higher, else pass.
            let max = assess(hand).max_bid;
            let highest = auction.highest().map_or(Bid::Pass, |(_, b)| b);
            prop_assert_eq!(call, if max > highest { max } else { Bid::Pass });
            auction.bid(call).unwrap();
            calls += 1;
        }
        prop_assert!(calls <= 3);
    }

    #[test]
    fn more_control_never_lowers_the_max_bid(seed in any::<u64>(), bidder in 0usize..3) {
        let hand = Auction::from_seed(seed).hand(bidder);
        let before = assess(hand);
        // A joker, a 2 or a bomb's fourth card adds at least 2 to twice the
        // control points, and one card at most one play.
        for rank in [Rank::RedJoker, Rank::BlackJoker, Rank::Two] {
            if let Some(more) = hand.checked_add(Cards::of(rank, 1).unwrap()) {
                prop_assert!(assess(more).max_bid >= before.max_bid, "{} + {}", hand, rank);
            }
        }
        for rank in Rank::ALL.into_iter().filter(|&r| hand.count(r) == 3) {
            let bomb = hand.checked_add(Cards::of(rank, 1).unwrap()).unwrap();
            prop_assert!(assess(bomb).max_bid >= before.max_bid, "{} + {}", hand, rank);
        }
    }
}

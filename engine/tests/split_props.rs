//! Splits checked against exhaustive search with the independent reference:
//! the exact minimum is the true minimum, every split is a partition of the
//! hand into legal plays, alternatives are ordered and distinct, and the
//! paper's baseline and labels behave as defined.

mod reference;

use std::collections::HashMap;

use engine::split::{self, baseline, greedy_groups, groups_from_labels, labels, BaseKind, Splitter};
use engine::{lead_plays, movegen::plays_with_lowest, rng, Cards, Play, Rank};
use proptest::prelude::*;
use reference::{ref_plays, ref_readings};

fn to_vec(c: Cards) -> Vec<u8> {
    c.iter().map(|r| r.index() as u8).collect()
}

/// The fewest plays by exhaustive search over every play the reference
/// finds (not only those holding the lowest card), memoised on the hand.
fn exhaustive_min(hand: &[u8], memo: &mut HashMap<Vec<u8>, u32>) -> u32 {
    if hand.is_empty() {
        return 0;
    }
    if let Some(&v) = memo.get(hand) {
        return v;
    }
    let mut best = u32::MAX;
    for (cards, ..) in ref_plays(hand) {
        let rest = reference::remove(hand, &cards).unwrap();
        best = best.min(1 + exhaustive_min(&rest, memo));
    }
    memo.insert(hand.to_vec(), best);
    best
}

/// A random hand of `n` cards from a seeded shuffle, optionally clustered on
/// a few neighbouring ranks so chains, trios and kickers interact.
fn hand(seed: u64, n: usize, clustered: bool) -> Cards {
    let mut deck: Vec<Rank> = Cards::DECK.iter().collect();
    if clustered {
        let lo = (seed % 8) as usize;
        deck.retain(|r| (lo..lo + 6).contains(&r.index()) || r.index() >= 12);
    }
    rng::shuffle(&mut rng::from_seed(seed), &mut deck);
    deck.truncate(n);
    deck.into_iter().collect::<Result<Cards, _>>().unwrap()
}

fn assert_partition(hand: Cards, plays: &[Play]) {
    let mut rest = to_vec(hand);
    for p in plays {
        let cards = to_vec(p.cards());
        let reading = (p.kind(), p.rank().index() as u8, p.chain_len());
        assert!(ref_readings(&cards).contains(&reading), "{p:?} is not a legal play");
        rest = reference::remove(&rest, &cards).unwrap_or_else(|| panic!("{p:?} is not in what is left of {hand}"));
    }
    assert!(rest.is_empty(), "cards {:?} of {hand} are in no play", rest);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn exact_equals_exhaustive_on_small_hands(seed in any::<u64>(), n in 1usize..=9, clustered in any::<bool>()) {
        let h = hand(seed, n, clustered);
        let mut splitter = Splitter::new();
        let want = exhaustive_min(&to_vec(h), &mut HashMap::new());
        prop_assert_eq!(splitter.min_plays(h), want, "hand {}", h);
        let best = splitter.best(h);
        prop_assert_eq!(best.play_count(), want);
        assert_partition(h, best.plays());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn full_hands_split_into_legal_partitions(seed in any::<u64>(), landlord in any::<bool>()) {
        let h = hand(seed, if landlord { 20 } else { 17 }, false);
        let mut splitter = Splitter::new();
        let top = splitter.top(h, 4);
        prop_assert!(!top.is_empty());
        prop_assert_eq!(&top[0], &splitter.best(h));
        for s in &top {
            assert_partition(h, s.plays());
            let penalty: i32 = s.plays().iter().map(|&p| split::penalty(h, p)).sum();
            prop_assert_eq!(s.penalty(), penalty);
        }
        for w in top.windows(2) {
            prop_assert!((w[0].play_count(), w[0].penalty()) <= (w[1].play_count(), w[1].penalty()));
            let mut a: Vec<_> = w[0].plays().iter().map(|p| format!("{p:?}")).collect();
            let mut b: Vec<_> = w[1].plays().iter().map(|p| format!("{p:?}")).collect();
            a.sort();
            b.sort();
            prop_assert_ne!(a, b, "alternatives repeat a split");
        }
        // The paper's baseline is a legal split and never shorter than the minimum.
        let base = baseline(h);
        assert_partition(h, base.plays());
        prop_assert!(base.play_count() >= top[0].play_count());
    }

    #[test]
    fn plays_with_lowest_are_the_leads_holding_the_lowest_card(seed in any::<u64>(), n in 1usize..=20, clustered in any::<bool>()) {
        let h = hand(seed, n, clustered);
        let lowest = h.lowest().unwrap();
        let mut leads: Vec<Play> = Vec::new();
        lead_plays(h, &mut leads);
        let mut want: Vec<String> = leads.iter().filter(|p| p.cards().count(lowest) > 0).map(|p| format!("{p:?}")).collect();
        let mut got: Vec<Play> = Vec::new();
        plays_with_lowest(h, &mut got);
        let mut got: Vec<String> = got.iter().map(|p| format!("{p:?}")).collect();
        want.sort();
        let before = got.len();
        got.sort();
        got.dedup();
        prop_assert_eq!(got.len(), before, "a play came out twice");
        prop_assert_eq!(got, want);
    }

    #[test]
    fn labels_keep_each_cards_class(seed in any::<u64>(), n in 1usize..=20) {
        let h = hand(seed, n, seed % 2 == 0);
        let order = split::baseline_orders()[(seed % 40) as usize];
        let groups = greedy_groups(h, &order);
        assert_partition(h, &groups);
        let classes = labels(&groups);
        prop_assert_eq!(classes.len() as u32, h.len());
        let back = groups_from_labels(h, &classes).unwrap();
        assert_partition(h, &back);
        prop_assert_eq!(labels(&back), classes);
    }
}

#[test]
fn greedy_orders_take_kinds_in_order() {
    let h: Cards = "3344556677".parse().unwrap();
    let pairs_first = [
        BaseKind::PairChain,
        BaseKind::Straight,
        BaseKind::Bomb,
        BaseKind::Airplane,
        BaseKind::Trio,
    ];
    let straight_first = [
        BaseKind::Straight,
        BaseKind::PairChain,
        BaseKind::Bomb,
        BaseKind::Airplane,
        BaseKind::Trio,
    ];
    let show = |g: Vec<Play>| g.iter().map(|p| p.to_string()).collect::<Vec<_>>();
    assert_eq!(show(greedy_groups(h, &pairs_first)), ["3344556677"]);
    assert_eq!(show(greedy_groups(h, &straight_first)), ["34567", "34567"]);
}

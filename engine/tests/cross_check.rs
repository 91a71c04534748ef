//! Cross-checks of the fast engine against the slow reference in
//! `tests/reference` (written straight from rules.md): the classifier
//! (`readings`), lead and follow generation (`plays`) and `Play::beats`.

mod reference;

use std::collections::BTreeSet;

use engine::{lead_plays, legal_moves, plays, readings, Cards, Kind, Move, Play, PlayError, Rank};
use proptest::prelude::*;
use proptest::sample::{select, subsequence};
use reference::{
    brute_force_plays, candidate_mains, deck, main_part, one_play_per_reading, ref_beats, ref_plays, ref_readings,
    remove, show, sub_multisets, Reading, RefPlay,
};

// ---------------------------------------------------------------------------
// Conversions between the engine's types and the reference's.

fn to_cards(v: &[u8]) -> Cards {
    v.iter()
        .map(|&r| Rank::from_index(r as usize).unwrap())
        .collect::<Result<Cards, _>>()
        .unwrap()
}

fn to_vec(c: Cards) -> Vec<u8> {
    c.iter().map(|r| r.index() as u8).collect()
}

fn reading_of(p: Play) -> Reading {
    (p.kind(), p.rank().index() as u8, p.chain_len())
}

fn ref_play_of(p: Play) -> RefPlay {
    (to_vec(p.cards()), p.kind(), p.rank().index() as u8, p.chain_len())
}

/// The fast plays as a sorted list of reference plays, asserting that no
/// play appears twice.
fn as_ref_plays(fast: &[Play], context: &str) -> Vec<RefPlay> {
    let mut seen = BTreeSet::new();
    for &p in fast {
        assert!(seen.insert(ref_play_of(p)), "{context}: {p:?} generated twice");
    }
    seen.into_iter().collect()
}

/// Describes the difference of two sorted sets of plays for a failure message.
fn diff(fast: &[RefPlay], reference: &[RefPlay]) -> String {
    let f: BTreeSet<_> = fast.iter().collect();
    let r: BTreeSet<_> = reference.iter().collect();
    let only = |a: &BTreeSet<&RefPlay>, b: &BTreeSet<&RefPlay>| {
        a.difference(b)
            .take(12)
            .map(|(c, k, r, l)| format!("{} {k}@{}x{l}", show(c), show(&[*r])))
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        "only fast ({}): [{}]; only reference ({}): [{}]",
        f.difference(&r).count(),
        only(&f, &r),
        r.difference(&f).count(),
        only(&r, &f)
    )
}

// ---------------------------------------------------------------------------
// Randomness: a small seeded generator of our own (not the deal module).

struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn shuffled(mut cards: Vec<u8>, seed: u64) -> Vec<u8> {
    let mut rng = SplitMix(seed);
    for i in (1..cards.len()).rev() {
        let j = rng.below(i + 1);
        cards.swap(i, j);
    }
    cards
}

/// The first `n` cards of a seeded shuffle of the deck, sorted.
fn seeded_hand(seed: u64, n: usize) -> Vec<u8> {
    let mut hand = shuffled(deck(), seed);
    hand.truncate(n);
    hand.sort();
    hand
}

// ---------------------------------------------------------------------------
// Strategies for card multisets.

/// A uniformly random sub-multiset of the deck.
fn any_cards(sizes: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Vec<u8>> {
    subsequence(deck(), sizes)
}

/// One or two windows of consecutive ranks with counts biased towards 3 and
/// 4 (so chains, trios, airplanes, fours and kickers of several cards of a
/// rank are common), plus a few random cards, at most `max` cards in all.
fn clustered_cards(max: usize) -> impl Strategy<Value = Vec<u8>> {
    let counts = select(vec![0usize, 1, 2, 2, 3, 3, 3, 4]);
    (
        (0u8..=12, prop::collection::vec(counts.clone(), 1..=6)),
        (0u8..=12, prop::collection::vec(counts, 0..=3)),
        subsequence(deck(), 0..=4),
    )
        .prop_map(move |(first, second, extras)| {
            let mut cards = Vec::new();
            for (start, counts) in [first, second] {
                for (i, &n) in counts.iter().enumerate() {
                    let rank = start + i as u8;
                    if rank <= 12 {
                        let room = 4 - reference::count(&cards, rank);
                        cards.extend(std::iter::repeat_n(rank, n.min(room)));
                    }
                }
            }
            for e in extras {
                if reference::count(&cards, e) < reference::copies(e) {
                    cards.push(e);
                }
            }
            cards.truncate(max);
            cards.sort();
            cards
        })
        .prop_filter("non-empty", |c| !c.is_empty())
}

/// The main part of a random reading of a random kind, plus kickers drawn
/// from the rest of the deck: none, the right number of single cards, the
/// right number of pairs (possibly of the same rank twice), or a few random
/// cards. Most are valid plays; many break a kicker rule in a subtle way.
fn shaped_cards() -> impl Strategy<Value = Vec<u8>> {
    let mains: Vec<Reading> = Kind::ALL
        .iter()
        .flat_map(|&k| candidate_mains(k).into_iter().map(move |(r, l)| (k, r, l)))
        .collect();
    (select(mains), 0u8..4, any::<u64>()).prop_map(|((kind, rank, len), mode, seed)| {
        let main = main_part(kind, rank, len);
        let mut pool = shuffled(remove(&deck(), &main).unwrap(), seed);
        let mut rng = SplitMix(seed ^ 0x5555);
        let links = match kind {
            Kind::FourTwoSingles | Kind::FourTwoPairs => 2,
            Kind::AirplaneSingles | Kind::AirplanePairs => len as usize,
            _ => 1 + rng.below(3),
        };
        let mut kickers = Vec::new();
        match mode {
            0 => {}
            1 => kickers.extend(pool.drain(..links)),
            2 => {
                for _ in 0..links {
                    let at = rng.below(pool.len());
                    let r = pool[at];
                    if reference::count(&pool, r) >= 2 {
                        for _ in 0..2 {
                            let i = pool.iter().position(|&c| c == r).unwrap();
                            kickers.push(pool.remove(i));
                        }
                    }
                }
            }
            _ => kickers.extend(pool.drain(..1 + rng.below(6))),
        }
        let mut cards = reference::join(&main, &kickers);
        cards.truncate(20);
        cards
    })
}

/// Any of the above, for the classifier.
fn classifier_input() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![2 => any_cards(1..=20), 2 => clustered_cards(20), 5 => shaped_cards()]
}

// ---------------------------------------------------------------------------
// The classifier.

fn check_classifier(cards: &[u8]) -> Result<(), TestCaseError> {
    let name = show(cards);
    let c = to_cards(cards);
    let fast = readings(c);
    let expected = ref_readings(cards);
    let mut got: Vec<Reading> = fast.iter().map(|&p| reading_of(p)).collect();
    got.sort();
    let distinct: BTreeSet<_> = got.iter().collect();
    prop_assert_eq!(
        distinct.len(),
        got.len(),
        "{}: a reading listed twice: {:?}",
        name,
        fast
    );
    prop_assert_eq!(&got, &expected, "{}: fast readings {:?}", name, fast);
    for &p in &fast {
        prop_assert_eq!(p.cards(), c, "{}: {:?} has other cards", name, p);
        let (kind, rank, len) = reading_of(p);
        let main = main_part(kind, rank, len);
        prop_assert_eq!(to_vec(p.main_cards()), main.clone(), "{}: main part of {:?}", name, p);
        prop_assert_eq!(
            Some(to_vec(p.kickers())),
            remove(cards, &main),
            "{}: kickers of {:?}",
            name,
            p
        );
        // `main+kickers` always picks this reading back.
        let explicit = format!("{}+{}", p.main_cards(), p.kickers());
        prop_assert_eq!(Play::parse(&explicit), Ok(p), "{}: parse({})", name, explicit);
    }
    match fast.as_slice() {
        [] => prop_assert!(
            matches!(Play::parse(&name), Err(PlayError::NotAPlay(_))),
            "{}: parse should say not a play: {:?}",
            name,
            Play::parse(&name)
        ),
        [one] => {
            prop_assert_eq!(Play::parse(&one.to_string()), Ok(*one), "{}: parse(written form)", name);
            prop_assert_eq!(Play::parse(&name), Ok(*one), "{}: parse(cards)", name);
        }
        several => {
            prop_assert!(
                matches!(Play::parse(&name), Err(PlayError::Ambiguous { .. })),
                "{}: parse should be ambiguous: {:?}",
                name,
                Play::parse(&name)
            );
            for &p in several {
                if !p.kickers().is_empty() {
                    prop_assert_eq!(Play::parse(&p.to_string()), Ok(p), "{}: parse(written form)", name);
                }
            }
        }
    }
    Ok(())
}

/// Every multiset of at most `max` cards, in no particular order.
fn all_multisets(max: usize) -> Vec<Vec<u8>> {
    fn go(rank: u8, left: usize, acc: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if rank == 15 {
            if !acc.is_empty() {
                out.push(acc.clone());
            }
            return;
        }
        for take in 0..=left.min(reference::copies(rank)) {
            acc.extend(std::iter::repeat_n(rank, take));
            go(rank + 1, left - take, acc, out);
            acc.truncate(acc.len() - take);
        }
    }
    let mut out = Vec::new();
    go(0, max, &mut Vec::new(), &mut out);
    out
}

/// Exhaustive for every multiset of up to five cards (every single, pair,
/// trio, trio with a kicker, bomb, rocket and short non-play).
#[test]
fn classifier_matches_reference_on_every_small_multiset() {
    let all = all_multisets(5);
    assert!(all.len() > 10_000, "{}", all.len());
    for cards in &all {
        check_classifier(cards).unwrap();
    }
}

/// Every reading that exists (each kind, main rank and length) is found by
/// the engine, with the lowest kickers the rules allow.
#[test]
fn classifier_finds_every_kind_rank_and_length() {
    let all = one_play_per_reading();
    let expected: usize = Kind::ALL.iter().map(|&k| candidate_mains(k).len()).sum();
    assert_eq!(all.len(), expected);
    for (cards, reading) in &all {
        let fast: Vec<Reading> = readings(to_cards(cards)).into_iter().map(reading_of).collect();
        assert!(
            fast.contains(reading),
            "{}: {:?} missing from {:?}",
            show(cards),
            reading,
            fast
        );
        check_classifier(cards).unwrap();
    }
}

// ---------------------------------------------------------------------------
// Golden readings, through both the reference and the engine.

fn golden(text: &str, expected: &[Reading]) {
    let cards = reference::parse(text);
    let mut expected = expected.to_vec();
    expected.sort();
    assert_eq!(ref_readings(&cards), expected, "reference readings of {text}");
    check_classifier(&cards).unwrap();
}

#[test]
fn golden_readings_of_tricky_card_sets() {
    use Kind::*;
    // Four trios, or three trios with the fourth as single kickers, at
    // either end.
    golden(
        "333444555666",
        &[(Airplane, 0, 4), (AirplaneSingles, 0, 3), (AirplaneSingles, 1, 3)],
    );
    let p = Play::parse("444555666+333").unwrap();
    assert_eq!(reading_of(p), (AirplaneSingles, 1, 3));
    let p = Play::parse("333444555+666").unwrap();
    assert_eq!(reading_of(p), (AirplaneSingles, 0, 3));
    assert_eq!(reading_of(Play::parse("333444555666+").unwrap()), (Airplane, 0, 4));
    // Four with two pairs only: not an airplane (3 has four cards).
    golden("33334455", &[(FourTwoPairs, 0, 1)]);
    golden("33334444", &[]);
    golden("33335555", &[]);
    golden("3333445", &[]);
    // Four with two singles is not a bomb; a bomb beats it, it beats no bomb.
    golden("333345", &[(FourTwoSingles, 0, 1)]);
    golden("333344", &[(FourTwoSingles, 0, 1)]);
    golden("3333", &[(Bomb, 0, 1)]);
    let four_two = Play::parse("333345").unwrap();
    let bomb = Play::parse("3333").unwrap();
    assert!(bomb.beats(four_two) && !four_two.beats(bomb));
    assert!(ref_beats(reading_of(bomb), reading_of(four_two)) && !ref_beats(reading_of(four_two), reading_of(bomb)));
    assert!(Play::parse("4444+56").unwrap().beats(four_two));
    // Jokers as kickers.
    golden("333444XD", &[(AirplaneSingles, 0, 2)]);
    golden("333X", &[(TrioSingle, 0, 1)]);
    golden("222D", &[(TrioSingle, 12, 1)]);
    golden("3333XD", &[(FourTwoSingles, 0, 1)]);
    golden("2222XD", &[(FourTwoSingles, 12, 1)]);
    golden("333XD", &[]); // the jokers are not a pair
    golden("XD", &[(Rocket, 13, 1)]);
    golden("X", &[(Single, 13, 1)]);
    golden("333444XD5566", &[]); // 12 cards: 3 links with singles need 3 trios
    golden("3334445XD", &[]);
    // 2 is not in chains.
    golden("KKKAAA222", &[]);
    golden("KKKAAA22", &[(AirplaneSingles, 10, 2)]);
    golden("AAA222", &[]);
    golden("JQKA2", &[]);
    golden("QQKKAA22", &[]);
    golden("TJQKA", &[(Straight, 7, 5)]);
    golden("QQKKAA", &[(PairChain, 9, 3)]);
    // Kickers may repeat a rank, and may even be three of a kind.
    golden("33344455", &[(AirplaneSingles, 0, 2)]);
    golden("333444555777", &[(AirplaneSingles, 0, 3)]);
    // A kicker may not be of the airplane's ranks; pair wings are distinct.
    golden("33334445", &[]);
    golden("3334445566", &[(AirplanePairs, 0, 2)]);
    golden("3334445555", &[]);
    // The longest chains.
    golden("3456789TJQKA", &[(Straight, 0, 12)]);
    golden("33445566778899TTJJQQ", &[(PairChain, 0, 10)]);
    golden("333444555666777888", &[(Airplane, 0, 6)]);
    // Five trios with five single kickers (20 cards), or...
    golden("3334445556667778899T", &[(AirplaneSingles, 0, 5)]);
    // ...four trios with four pair kickers (20 cards).
    golden("3334445556668899TTJJ", &[(AirplanePairs, 0, 4)]);
    // 16 cards: airplane 4..7 with kickers 3338, or 3..6 with kickers 7778.
    golden("3334445556667778", &[(AirplaneSingles, 0, 4), (AirplaneSingles, 1, 4)]);
}

// ---------------------------------------------------------------------------
// Play::beats, exhaustively over readings and on random plays with kickers.

#[test]
fn beats_matches_reference_on_every_pair_of_readings() {
    let plays: Vec<Play> = one_play_per_reading()
        .iter()
        .map(|(cards, (kind, rank, len))| {
            let main = main_part(*kind, *rank, *len);
            let kickers = remove(cards, &main).unwrap();
            Play::parse(&format!("{}+{}", show(&main), show(&kickers))).unwrap()
        })
        .collect();
    for &a in &plays {
        for &b in &plays {
            assert_eq!(
                a.beats(b),
                ref_beats(reading_of(a), reading_of(b)),
                "{:?} beats {:?}",
                a,
                b
            );
        }
    }
}

/// Every reading that exists as the target, against a few rich hands: the
/// plays that follow are exactly the leads that beat it.
#[test]
fn follow_plays_for_every_target_reading() {
    let targets: Vec<Play> = one_play_per_reading()
        .iter()
        .map(|(cards, (kind, rank, len))| {
            let main = main_part(*kind, *rank, *len);
            let kickers = remove(cards, &main).unwrap();
            Play::parse(&format!("{}+{}", show(&main), show(&kickers))).unwrap()
        })
        .collect();
    let mut hands: Vec<Vec<u8>> = [
        "33344455566677788XD2",
        "3334445556667778899T",
        "3334445556668899TTJJ",
        "33445566778899TTJJQQ",
        "3456789TJQKA2222XD",
        "444455556666KKKAAA22",
        "3333TTTTJJJJQQQQKKKK",
        "X",
    ]
    .iter()
    .map(|h| reference::parse(h))
    .collect();
    hands.extend((0..4).map(|seed| seeded_hand(seed, 20)));
    for hand in &hands {
        let c = to_cards(hand);
        let leads = plays(c, None);
        for &target in &targets {
            let name = format!("hand {} target {:?}", show(hand), target);
            let got = as_ref_plays(&plays(c, Some(target)), &name);
            let expected: Vec<RefPlay> = leads
                .iter()
                .filter(|&&p| ref_beats(reading_of(p), reading_of(target)))
                .map(|&p| ref_play_of(p))
                .collect::<BTreeSet<_>>()
                .into_iter()
                .collect();
            assert!(got == expected, "{}: {}", name, diff(&got, &expected));
        }
    }
}

/// Picks a play among `plays`, first choosing a kind uniformly among those
/// present so rare kinds are not drowned by the many kicker choices.
fn pick(plays: &[Play], kind_pick: usize, play_pick: usize) -> Option<Play> {
    let kinds: Vec<Kind> = plays
        .iter()
        .map(|p| p.kind())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    if kinds.is_empty() {
        return None;
    }
    let kind = kinds[kind_pick % kinds.len()];
    let of_kind: Vec<Play> = plays.iter().copied().filter(|p| p.kind() == kind).collect();
    Some(of_kind[play_pick % of_kind.len()])
}

// ---------------------------------------------------------------------------
// Properties.

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    #[test]
    fn classifier_matches_reference(cards in classifier_input()) {
        check_classifier(&cards)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Lead generation is every sub-multiset of the hand with every reading
    /// the reference gives it, each once.
    #[test]
    fn lead_plays_match_brute_force_on_small_hands(
        hand in prop_oneof![any_cards(1..=10), clustered_cards(11)]
    ) {
        // At most 2^11 sub-multisets, so brute force stays quick.
        prop_assert!(sub_multisets(&hand).len() <= 2048);
        let fast = plays(to_cards(&hand), None);
        let got = as_ref_plays(&fast, &show(&hand));
        let expected = brute_force_plays(&hand);
        prop_assert!(got == expected, "hand {}: {}", show(&hand), diff(&got, &expected));
        // The direct reference generator agrees with brute force too.
        prop_assert_eq!(ref_plays(&hand), expected);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Full hands (17 and 20 cards from a seeded shuffle): every lead is a
    /// reading the reference accepts, of cards in the hand, listed once, in
    /// a deterministic order, and the set equals the reference generator's.
    #[test]
    fn lead_plays_of_full_hands(seed in any::<u64>(), landlord in any::<bool>()) {
        let hand = seeded_hand(seed, if landlord { 20 } else { 17 });
        let name = show(&hand);
        let c = to_cards(&hand);
        let fast = plays(c, None);
        let mut counted = 0usize;
        lead_plays(c, &mut counted);
        prop_assert_eq!(counted, fast.len(), "{}: counting sink", name);
        let mut moves = Vec::new();
        legal_moves(c, None, &mut moves);
        prop_assert_eq!(moves, fast.iter().map(|&p| Move::Play(p)).collect::<Vec<_>>(), "{}: leading moves", name);
        prop_assert_eq!(&fast, &plays(c, None), "{}: two calls differ", name);
        for &p in &fast {
            prop_assert!(c.contains(p.cards()), "{}: {:?} not in the hand", name, p);
            prop_assert!(
                ref_readings(&to_vec(p.cards())).contains(&reading_of(p)),
                "{}: {:?} is not a reading of its cards",
                name,
                p
            );
        }
        // The documented generation order: kind, then main rank, then length.
        for w in fast.windows(2) {
            let key = |p: Play| (p.kind(), p.rank(), p.chain_len());
            prop_assert!(key(w[0]) <= key(w[1]), "{}: order {:?} then {:?}", name, w[0], w[1]);
        }
        let got = as_ref_plays(&fast, &name);
        let expected = ref_plays(&hand);
        prop_assert!(got == expected, "hand {}: {}", name, diff(&got, &expected));
    }

    /// Clustered hands of up to 20 cards (long airplanes, several fours,
    /// kickers of three or four cards of a rank): leads equal the reference
    /// generator's.
    #[test]
    fn lead_plays_of_clustered_hands(hand in clustered_cards(20)) {
        let name = show(&hand);
        let got = as_ref_plays(&plays(to_cards(&hand), None), &name);
        let expected = ref_plays(&hand);
        prop_assert!(got == expected, "hand {}: {}", name, diff(&got, &expected));
    }

    /// Following: the plays that beat a target are exactly the leads that
    /// beat it by the reference's rule.
    #[test]
    fn follow_plays_are_the_leads_that_beat_the_target(
        seed in any::<u64>(),
        size in select(vec![5usize, 10, 17, 20]),
        target_hand in prop_oneof![clustered_cards(20), any_cards(8..=20)],
        kind_pick in any::<usize>(),
        play_pick in any::<usize>(),
    ) {
        let hand = seeded_hand(seed, size);
        let c = to_cards(&hand);
        let Some(target) = pick(&plays(to_cards(&target_hand), None), kind_pick, play_pick) else {
            return Ok(());
        };
        let name = format!("hand {} target {:?}", show(&hand), target);
        let fast = plays(c, Some(target));
        // The legal moves when following are these plays, then the pass.
        let mut moves = Vec::new();
        legal_moves(c, Some(target), &mut moves);
        let mut expected_moves: Vec<Move> = fast.iter().map(|&p| Move::Play(p)).collect();
        expected_moves.push(Move::Pass);
        prop_assert_eq!(moves, expected_moves, "{}: following moves", name);
        let got = as_ref_plays(&fast, &name);
        let expected: Vec<RefPlay> = plays(c, None)
            .into_iter()
            .filter(|&p| ref_beats(reading_of(p), reading_of(target)))
            .map(ref_play_of)
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        prop_assert!(got == expected, "{}: {}", name, diff(&got, &expected));
    }

    /// Following with hands built around the target's ranks, so that plays of
    /// the same kind and length are common.
    #[test]
    fn follow_plays_with_clustered_hands(
        hand in clustered_cards(20),
        target_hand in clustered_cards(20),
        kind_pick in any::<usize>(),
        play_pick in any::<usize>(),
    ) {
        let c = to_cards(&hand);
        let Some(target) = pick(&plays(to_cards(&target_hand), None), kind_pick, play_pick) else {
            return Ok(());
        };
        let name = format!("hand {} target {:?}", show(&hand), target);
        let got = as_ref_plays(&plays(c, Some(target)), &name);
        let expected: Vec<RefPlay> =
            ref_plays(&hand).into_iter().filter(|p| ref_beats((p.1, p.2, p.3), reading_of(target))).collect();
        prop_assert!(got == expected, "{}: {}", name, diff(&got, &expected));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// `Play::beats` agrees with the reference on random plays with kickers.
    #[test]
    fn beats_matches_reference_on_random_plays(
        a_hand in prop_oneof![clustered_cards(20), any_cards(1..=20)],
        b_hand in prop_oneof![clustered_cards(20), any_cards(1..=20)],
        picks in any::<(usize, usize, usize, usize)>(),
    ) {
        let a_plays = plays(to_cards(&a_hand), None);
        let b_plays = plays(to_cards(&b_hand), None);
        let (Some(a), Some(b)) = (pick(&a_plays, picks.0, picks.1), pick(&b_plays, picks.2, picks.3)) else {
            return Ok(());
        };
        prop_assert_eq!(a.beats(b), ref_beats(reading_of(a), reading_of(b)), "{:?} beats {:?}", a, b);
        prop_assert_eq!(b.beats(a), ref_beats(reading_of(b), reading_of(a)), "{:?} beats {:?}", b, a);
        // Same kind, to exercise the rank and length comparison.
        if let Some(b2) = pick(&b_plays.iter().copied().filter(|p| p.kind() == a.kind()).collect::<Vec<_>>(), 0, picks.3) {
            prop_assert_eq!(a.beats(b2), ref_beats(reading_of(a), reading_of(b2)), "{:?} beats {:?}", a, b2);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// `can_beat` and `has_kind` answer from rank masks what listing the
    /// plays would: whether any play beats the target, and whether any play
    /// of a kind and length reaches a rank.
    #[test]
    fn can_beat_and_has_kind_agree_with_the_plays(
        hand in prop_oneof![clustered_cards(20), any_cards(1..=20)],
        target_hand in prop_oneof![clustered_cards(20), any_cards(1..=20)],
        picks in any::<(usize, usize)>(),
        min_rank in 0usize..=15,
    ) {
        let c = to_cards(&hand);
        let Some(target) = pick(&plays(to_cards(&target_hand), None), picks.0, picks.1) else {
            return Ok(());
        };
        prop_assert_eq!(
            engine::can_beat(c, target),
            !plays(c, Some(target)).is_empty(),
            "hand {} target {:?}", show(&hand), target
        );
        let (kind, len) = (target.kind(), target.chain_len());
        let reaches = plays(c, None)
            .iter()
            .any(|p| p.kind() == kind && (p.chain_len() == len || kind == Kind::Rocket) && p.rank().index() >= min_rank);
        let reaches = if kind == Kind::Rocket { c.contains(Cards::JOKERS) } else { reaches };
        prop_assert_eq!(
            engine::movegen::has_kind(c, kind, len, min_rank),
            reaches,
            "hand {} kind {:?} len {} from rank {}", show(&hand), kind, len, min_rank
        );
    }
}

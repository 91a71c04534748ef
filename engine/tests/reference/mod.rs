//! A slow, deliberately plain reference for rules.md's combinations, used to
//! cross-check the fast engine (`engine::readings`, `engine::plays`,
//! `Play::beats`). It shares nothing with the engine but the `Kind` enum.
//!
//! Cards are sorted `Vec<u8>` of rank indices: 0 = `3`, 1 = `4`, ..., 7 = `T`,
//! 8 = `J`, 9 = `Q`, 10 = `K`, 11 = `A`, 12 = `2`, 13 = `X`, 14 = `D`.
//!
//! Everything here is written straight from the table in rules.md: for every
//! kind, every main rank and every length the kind allows, build the main
//! part, check that it is contained in the cards, and check what is left
//! (the kickers) against the kind's kicker rule.

#![allow(dead_code)]

use engine::Kind;

/// One reading of a set of cards: kind, main rank (lowest rank of the main
/// part), length in links (1 for kinds that are not chains).
pub type Reading = (Kind, u8, u8);

pub const ACE: u8 = 11;
pub const TWO: u8 = 12;
pub const BLACK_JOKER: u8 = 13;
pub const RED_JOKER: u8 = 14;

/// A hand holds at most 20 cards (the landlord's 17 plus the 3 bottom cards),
/// which bounds the longest airplanes with wings.
pub const MAX_HAND: usize = 20;

const LETTERS: &[u8; 15] = b"3456789TJQKA2XD";

/// How many cards of a rank the deck holds.
pub fn copies(rank: u8) -> usize {
    if rank == BLACK_JOKER || rank == RED_JOKER {
        1
    } else {
        4
    }
}

/// The 54-card deck, sorted.
pub fn deck() -> Vec<u8> {
    let mut out = Vec::new();
    for rank in 0..15u8 {
        for _ in 0..copies(rank) {
            out.push(rank);
        }
    }
    out
}

/// Canonical letters to rank indices (canonical notation only), sorted.
pub fn parse(text: &str) -> Vec<u8> {
    let mut out: Vec<u8> = text
        .bytes()
        .map(|b| LETTERS.iter().position(|&l| l == b).expect("a canonical card letter") as u8)
        .collect();
    out.sort();
    out
}

/// Rank indices to canonical letters, ascending.
pub fn show(cards: &[u8]) -> String {
    let mut sorted = cards.to_vec();
    sorted.sort();
    sorted.iter().map(|&r| LETTERS[r as usize] as char).collect()
}

pub fn count(cards: &[u8], rank: u8) -> usize {
    cards.iter().filter(|&&c| c == rank).count()
}

/// `whole` without the cards of `part`, or `None` if `part` is not a
/// sub-multiset of `whole`. The result is sorted.
pub fn remove(whole: &[u8], part: &[u8]) -> Option<Vec<u8>> {
    let mut rest = whole.to_vec();
    for &card in part {
        let at = rest.iter().position(|&c| c == card)?;
        rest.remove(at);
    }
    rest.sort();
    Some(rest)
}

/// Whether `part` is a sub-multiset of `whole`.
pub fn contains(whole: &[u8], part: &[u8]) -> bool {
    remove(whole, part).is_some()
}

/// The union of two multisets, sorted.
pub fn join(a: &[u8], b: &[u8]) -> Vec<u8> {
    let mut out = a.to_vec();
    out.extend_from_slice(b);
    out.sort();
    out
}

/// Cards of the main rank(s) per link, from the table: single and straight 1,
/// pair and pair chain 2, trio kinds and airplanes 3, four kinds and bomb 4.
fn main_width(kind: Kind) -> usize {
    match kind {
        Kind::Single | Kind::Straight => 1,
        Kind::Pair | Kind::PairChain => 2,
        Kind::Trio | Kind::TrioSingle | Kind::TrioPair => 3,
        Kind::Airplane | Kind::AirplaneSingles | Kind::AirplanePairs => 3,
        Kind::FourTwoSingles | Kind::FourTwoPairs | Kind::Bomb => 4,
        Kind::Rocket => 2,
    }
}

/// How many kicker cards a reading of `len` links carries.
pub fn kicker_count(kind: Kind, len: u8) -> usize {
    match kind {
        Kind::TrioSingle => 1,
        Kind::TrioPair => 2,
        Kind::AirplaneSingles => len as usize,
        Kind::AirplanePairs => 2 * len as usize,
        Kind::FourTwoSingles => 2,
        Kind::FourTwoPairs => 4,
        _ => 0,
    }
}

/// The chain kinds and their lengths in links. The table gives 5..12 cards
/// for a straight, 3..10 pairs for a pair chain and 2..6 trios for every
/// airplane; a hand has at most 20 cards, which caps the airplanes with wings
/// (4 cards per trio with single wings, 5 with pair wings).
pub fn chain_lengths(kind: Kind) -> Option<(u8, u8)> {
    let (min, table_max) = match kind {
        Kind::Straight => (5, 12),
        Kind::PairChain => (3, 10),
        Kind::Airplane | Kind::AirplaneSingles | Kind::AirplanePairs => (2, 6),
        _ => return None,
    };
    let cards_per_link = main_width(kind) + kicker_count(kind, 1);
    let max = table_max.min((MAX_HAND / cards_per_link) as u8);
    Some((min, max))
}

/// Every (main rank, length) a kind can have, whatever the cards.
pub fn candidate_mains(kind: Kind) -> Vec<(u8, u8)> {
    let mut out = Vec::new();
    match kind {
        // Any card is a single, jokers included.
        Kind::Single => {
            for rank in 0..=RED_JOKER {
                out.push((rank, 1));
            }
        }
        // Two, three or four of a rank: jokers have one copy each, and the
        // two jokers together are the rocket, not a pair.
        Kind::Pair
        | Kind::Trio
        | Kind::TrioSingle
        | Kind::TrioPair
        | Kind::FourTwoSingles
        | Kind::FourTwoPairs
        | Kind::Bomb => {
            for rank in 0..=TWO {
                out.push((rank, 1));
            }
        }
        Kind::Rocket => out.push((BLACK_JOKER, 1)),
        // Chains: consecutive ranks within 3..A (never 2 or a joker).
        Kind::Straight | Kind::PairChain | Kind::Airplane | Kind::AirplaneSingles | Kind::AirplanePairs => {
            let (min, max) = chain_lengths(kind).unwrap();
            for len in min..=max {
                for rank in 0..=ACE {
                    if rank + len - 1 <= ACE {
                        out.push((rank, len));
                    }
                }
            }
        }
    }
    out
}

/// The main part of a reading (the rocket's is `XD`).
pub fn main_part(kind: Kind, rank: u8, len: u8) -> Vec<u8> {
    if kind == Kind::Rocket {
        return vec![BLACK_JOKER, RED_JOKER];
    }
    let mut out = Vec::new();
    for r in rank..rank + len {
        for _ in 0..main_width(kind) {
            out.push(r);
        }
    }
    out
}

/// `cards` (sorted) is exactly `n` pairs of `n` distinct ranks.
fn is_distinct_pairs(cards: &[u8], n: usize) -> bool {
    if cards.len() != 2 * n {
        return false;
    }
    let mut ranks = Vec::new();
    for &r in cards {
        if !ranks.contains(&r) {
            ranks.push(r);
        }
    }
    ranks.len() == n && ranks.iter().all(|&r| count(cards, r) == 2 && r <= TWO)
}

/// Whether `kickers` are what a reading `(kind, rank, len)` may carry.
pub fn kickers_ok(kind: Kind, rank: u8, len: u8, kickers: &[u8]) -> bool {
    let mut kickers = kickers.to_vec();
    kickers.sort();
    let main_ranks: Vec<u8> = (rank..rank + len).collect();
    let none_of_main = kickers.iter().all(|k| !main_ranks.contains(k));
    match kind {
        Kind::Single
        | Kind::Pair
        | Kind::Trio
        | Kind::Straight
        | Kind::PairChain
        | Kind::Airplane
        | Kind::Bomb
        | Kind::Rocket => kickers.is_empty(),
        // A kicker of another rank; a joker may be the kicker.
        Kind::TrioSingle => kickers.len() == 1 && none_of_main,
        // A kicker pair of another rank.
        Kind::TrioPair => is_distinct_pairs(&kickers, 1) && none_of_main,
        // One kicker card per trio, none of the airplane's ranks; kickers may
        // repeat a rank and may be both jokers.
        Kind::AirplaneSingles => kickers.len() == len as usize && none_of_main,
        // One kicker pair per trio, distinct ranks, none of the airplane's.
        Kind::AirplanePairs => is_distinct_pairs(&kickers, len as usize) && none_of_main,
        // Two kicker cards of other ranks (may be a pair, may be both jokers).
        Kind::FourTwoSingles => kickers.len() == 2 && none_of_main,
        // Two kicker pairs of two other distinct ranks.
        Kind::FourTwoPairs => is_distinct_pairs(&kickers, 2) && none_of_main,
    }
}

/// Every valid reading of `cards`, in `Kind::ALL` order, then rank, then length.
pub fn ref_readings(cards: &[u8]) -> Vec<Reading> {
    let mut cards = cards.to_vec();
    cards.sort();
    let mut out = Vec::new();
    for kind in Kind::ALL {
        for (rank, len) in candidate_mains(kind) {
            // A cheap early exit: the card count is fixed by kind and length.
            if cards.len() != main_part(kind, rank, len).len() + kicker_count(kind, len) {
                continue;
            }
            let main = main_part(kind, rank, len);
            if let Some(rest) = remove(&cards, &main) {
                if kickers_ok(kind, rank, len, &rest) {
                    out.push((kind, rank, len));
                }
            }
        }
    }
    out.sort();
    out
}

/// Whether a play read as `a` may follow a play read as `b` (rules.md,
/// "Following"): same kind and length with a higher main rank, kickers never
/// count; a bomb beats any non-bomb and a lower bomb; the rocket beats all.
pub fn ref_beats(a: Reading, b: Reading) -> bool {
    let (a_kind, a_rank, a_len) = a;
    let (b_kind, b_rank, b_len) = b;
    if b_kind == Kind::Rocket {
        return false;
    }
    if a_kind == Kind::Rocket {
        return true;
    }
    if a_kind == Kind::Bomb {
        return b_kind != Kind::Bomb || a_rank > b_rank;
    }
    if b_kind == Kind::Bomb {
        return false;
    }
    a_kind == b_kind && a_len == b_len && a_rank > b_rank
}

/// Every distinct non-empty sub-multiset of `hand`, each sorted.
pub fn sub_multisets(hand: &[u8]) -> Vec<Vec<u8>> {
    let mut all: Vec<Vec<u8>> = vec![Vec::new()];
    for rank in 0..15u8 {
        let held = count(hand, rank);
        let mut next = Vec::new();
        for partial in &all {
            for take in 0..=held {
                let mut grown = partial.clone();
                grown.extend(std::iter::repeat_n(rank, take));
                next.push(grown);
            }
        }
        all = next;
    }
    all.retain(|s| !s.is_empty());
    all
}

/// Every distinct sub-multiset of `hand` with exactly `size` cards, sorted.
pub fn sub_multisets_of_size(hand: &[u8], size: usize) -> Vec<Vec<u8>> {
    fn go(groups: &[(u8, usize)], size: usize, acc: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if size == 0 {
            out.push(acc.clone());
            return;
        }
        let Some((&(rank, held), rest)) = groups.split_first() else {
            return;
        };
        for take in 0..=held.min(size) {
            acc.extend(std::iter::repeat_n(rank, take));
            go(rest, size - take, acc, out);
            acc.truncate(acc.len() - take);
        }
    }
    let groups: Vec<(u8, usize)> = (0..15u8).map(|r| (r, count(hand, r))).filter(|&(_, n)| n > 0).collect();
    let mut out = Vec::new();
    go(&groups, size, &mut Vec::new(), &mut out);
    out
}

/// A play as the reference sees it: its cards (sorted) and its reading.
pub type RefPlay = (Vec<u8>, Kind, u8, u8);

/// Every play `hand` can lead, built directly: each main part the hand
/// holds, with each multiset of kickers from the rest of the hand that the
/// kind accepts. Sorted. Fast enough for 20-card hands.
pub fn ref_plays(hand: &[u8]) -> Vec<RefPlay> {
    let mut out = Vec::new();
    for kind in Kind::ALL {
        for (rank, len) in candidate_mains(kind) {
            let main = main_part(kind, rank, len);
            let Some(rest) = remove(hand, &main) else {
                continue;
            };
            for kickers in sub_multisets_of_size(&rest, kicker_count(kind, len)) {
                if kickers_ok(kind, rank, len, &kickers) {
                    out.push((join(&main, &kickers), kind, rank, len));
                }
            }
        }
    }
    out.sort();
    out
}

/// Brute force: every sub-multiset of `hand` with every reading it has.
/// Sorted. Only for small hands (the sub-multisets grow exponentially).
pub fn brute_force_plays(hand: &[u8]) -> Vec<RefPlay> {
    let mut out = Vec::new();
    for cards in sub_multisets(hand) {
        for (kind, rank, len) in ref_readings(&cards) {
            out.push((cards.clone(), kind, rank, len));
        }
    }
    out.sort();
    out
}

/// One valid reading for every (kind, rank, len) that exists, with the
/// lowest kickers the rules allow, as (cards, reading).
pub fn one_play_per_reading() -> Vec<(Vec<u8>, Reading)> {
    let mut out = Vec::new();
    for kind in Kind::ALL {
        for (rank, len) in candidate_mains(kind) {
            let main = main_part(kind, rank, len);
            let rest = remove(&deck(), &main).unwrap();
            let need = kicker_count(kind, len);
            let pairs = matches!(kind, Kind::TrioPair | Kind::AirplanePairs | Kind::FourTwoPairs);
            let mut kickers = Vec::new();
            for r in 0..15u8 {
                if kickers.len() == need {
                    break;
                }
                let take = if pairs { 2 } else { 1 };
                if !main.contains(&r) && count(&rest, r) >= take {
                    kickers.extend(std::iter::repeat_n(r, take));
                }
            }
            let cards = join(&main, &kickers);
            if kickers.len() == need && ref_readings(&cards).contains(&(kind, rank, len)) {
                out.push((cards, (kind, rank, len)));
            }
        }
    }
    out
}

//! Transposition-table keys that one position shares with every position the game cannot
//! tell apart from it.
//!
//! Who beats whom depends only on the order of ranks, and adjacency only
//! matters to chains. So a key renames the ranks ([`RankMap`]):
//! - ranks nobody holds are dropped, leaving one gap only where, closed,
//!   they would let a hand make a chain across (the 2 and the jokers keep
//!   their places);
//! - once no hand can form a chain at all, which stays true as cards only
//!   leave hands, the gaps go too, and the 2 joins the other ranks. Only the
//!   jokers keep their places: the rocket is two particular ranks.
//!
//! The play to beat is kept by where its rank falls among the held ranks.
//! Most of a deep search's positions are small and chain-free, and there
//! this merges several positions into one.
//!
//! The hands are packed jointly, per rank two bits for each seat's count
//! (a rank's counts sum to at most 4, so a 4 can be written as a pair of
//! 3s no real counts make): a nibble per rank for the first two seats, two
//! bits for the third. Ranks are dropped from these vectors a whole field
//! at a time, with no loop over the ranks held.

use crate::cards::{Cards, Rank};
use crate::play::{Kind, Move, Play};

use super::position::Position;
use super::Utility;

/// A position's table key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Key {
    pub hands: u64,
    pub rest: u64,
}

impl Key {
    /// Never a real key: no position has every hand empty.
    pub const EMPTY: Key = Key { hands: 0, rest: 0 };

    pub fn hash(self) -> u64 {
        let h = (self.hands ^ self.rest.rotate_left(29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^ (h >> 32)
    }
}

/// How a position's ranks are renamed in its key: a held rank's new index
/// is the number of held ranks below it, plus (while chains are possible)
/// the number of gaps below it.
#[derive(Clone, Copy, Debug)]
pub(super) struct RankMap {
    held: u16,
    /// The first rank of each run of ranks nobody holds (3..A) that a
    /// chain could cross were it closed ([`needed_gaps`]); none once no
    /// chain is possible.
    gaps: u16,
    chain_free: bool,
}

/// The chain ranks `3`..`A`.
const CHAIN_RANKS: u16 = (1 << (Rank::HIGHEST_IN_CHAIN.index() + 1)) - 1;

/// Ranks of `hand` that some chain play (straight, pair chain, airplane)
/// could use.
pub(super) fn chain_ranks(hand: Cards) -> u16 {
    let mut out = 0;
    for (width, len) in [(1, 5), (2, 3), (3, 2)] {
        let ranks = hand.ranks_with_at_least(width) & CHAIN_RANKS;
        let mut starts = ranks;
        for i in 1..len {
            starts &= ranks >> i;
        }
        for i in 0..len {
            out |= starts << i;
        }
    }
    out
}

/// The runs of ranks nobody holds that must stay in a key, each by its
/// first rank: those some hand could make a chain across, were the run
/// closed (the ranks either side made neighbours). Settled from the lowest
/// up: a run below counts as closed if it was, the ranks above as if every
/// later run closed, so that no chain can cross any closed run. Asked
/// only while some hand can make a chain.
fn needed_gaps(hands: &[Cards; 3], held: u16) -> u16 {
    // No run of ranks nobody holds between two held ones: nothing to keep
    // (most positions early in a deal, when nearly every rank is held).
    let chain_held = held & CHAIN_RANKS;
    if chain_held == 0 {
        return 0;
    }
    let run = chain_held >> chain_held.trailing_zeros();
    if run & (run + 1) == 0 {
        return 0;
    }
    // Held chain ranks in order.
    let mut ranks = [0u8; 12];
    let mut n = 0;
    let mut bits = held & CHAIN_RANKS;
    while bits != 0 {
        ranks[n] = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        n += 1;
    }
    let mut kept = 0u16;
    for i in 0..n.saturating_sub(1) {
        let gap = ranks[i] + 1;
        if ranks[i + 1] == gap {
            continue;
        }
        let crossed = hands.iter().any(|h| {
            [(1, 5), (2, 3), (3, 2)].into_iter().any(|(width, len)| {
                let m = h.ranks_with_at_least(width);
                let has = |j: usize| m >> ranks[j] & 1 != 0;
                if !has(i) || !has(i + 1) {
                    return false;
                }
                // Down to a kept run or a rank the hand lacks; up to a lack.
                let mut below = 1;
                while below <= i && has(i - below) && kept >> (ranks[i - below] + 1) & 1 == 0 {
                    below += 1;
                }
                let above = (i + 1..n).take_while(|&j| has(j)).count();
                below + above >= len
            })
        });
        if crossed {
            kept |= 1 << gap;
        }
    }
    kept
}

/// Whether `hand` can make any chain play.
fn has_chain(hand: Cards) -> bool {
    let run = |ranks: u16, len: u32| (1..len).fold(ranks, |starts, i| starts & ranks >> i) != 0;
    run(hand.ranks_with_at_least(1) & CHAIN_RANKS, 5)
        || run(hand.ranks_with_at_least(2) & CHAIN_RANKS, 3)
        || run(hand.ranks_with_at_least(3) & CHAIN_RANKS, 2)
}

/// Each nibble of `x` (a count, 0..=4) as two bits, a 4 as 3; and the
/// nibbles that held a 4, as 1s.
fn two_bits(x: u64) -> (u64, u64) {
    const LOW_TWO: u64 = 0x0333_3333_3333_3333;
    const ONES: u64 = 0x0111_1111_1111_1111;
    let fours = x >> 2 & ONES;
    (x & LOW_TWO | (fours * 3), fours)
}

/// The seats' counts per rank, two bits each, as nibbles: `a | b << 2` for
/// the first two seats, `c` for the third. A seat's 4 is a pair of 3s that
/// no counts summing to at most 4 make: (3, 3, 0) for the landlord's,
/// (0, 3, 3) for farmer 1's, (3, 0, 3) for farmer 2's; with two seats
/// (3, 3) and (2, 3).
fn joint_nibbles(bits: [u64; 3], seats: u8) -> (u64, u64) {
    let (a, fa) = two_bits(bits[0]);
    let (b, fb) = two_bits(bits[1]);
    if seats == 2 {
        return (a | (fb * 2) | (b | (fa * 3)) << 2, 0);
    }
    let (c, fc) = two_bits(bits[2]);
    (a | (fc * 3) | (b | (fa * 3)) << 2, c | (fb * 3))
}

/// The low two bits of each nibble, packed: nibble `r` to bits `2r`, `2r + 1`.
fn pack_pairs(x: u64) -> u64 {
    let x = (x | x >> 2) & 0x0F0F_0F0F_0F0F_0F0F;
    let x = (x | x >> 4) & 0x00FF_00FF_00FF_00FF;
    let x = (x | x >> 8) & 0x0000_FFFF_0000_FFFF;
    (x | x >> 16) & 0xFFFF_FFFF
}

/// Nibble vectors with the nibbles of ranks `drop` taken out of `region`
/// (a mask of whole nibbles), the nibbles above each in the region moving
/// down one; what lies outside the region stays where it is.
fn drop_nibbles(mut xs: [u64; 2], region: u64, mut drop: u16) -> [u64; 2] {
    // From the top down, so that the ranks still to drop keep their places.
    while drop != 0 {
        let r = 15 - drop.leading_zeros();
        drop ^= 1 << r;
        let below = (1u64 << (4 * r)) - 1;
        for x in &mut xs {
            *x = *x & (below | !region) | (*x & region) >> 4 & !below;
        }
    }
    xs
}

impl RankMap {
    pub fn of(hands: &[Cards; 3]) -> RankMap {
        let held = hands.iter().fold(0, |m, h| m | h.ranks_with_at_least(1));
        let chain_free = !hands.iter().any(|&h| has_chain(h));
        let gaps = if chain_free { 0 } else { needed_gaps(hands, held) };
        RankMap { held, gaps, chain_free }
    }

    /// The ranks renamed by position (the others keep their places).
    fn renamed(&self) -> u16 {
        if self.chain_free {
            0x1fff
        } else {
            CHAIN_RANKS
        }
    }

    /// The new index of held rank `r`.
    #[inline]
    fn new_index(&self, r: usize) -> u32 {
        if self.renamed() >> r & 1 == 0 {
            return r as u32;
        }
        let below = (1u16 << r) - 1;
        (self.held & below).count_ones() + (self.gaps & below).count_ones()
    }

    /// A code for the rank of a play to beat, held or not, that orders
    /// against held ranks as the rank does: twice the held ranks below it,
    /// plus one if it is held; ranks that keep their places get codes above.
    fn beat_code(&self, rank: Rank) -> u64 {
        let r = rank.index();
        if self.renamed() >> r & 1 == 0 {
            return 32 + r as u64;
        }
        let below = (self.held & ((1 << r) - 1)).count_ones() as u64;
        2 * below + u64::from(self.held >> r & 1)
    }

    /// The renamed cards (all of whose ranks are held).
    pub fn cards(&self, cards: Cards) -> Cards {
        let bits = cards.bits();
        let mut out = 0;
        let mut ranks = cards.ranks_with_at_least(1);
        while ranks != 0 {
            let r = ranks.trailing_zeros() as usize;
            ranks &= ranks - 1;
            out |= (bits >> (4 * r) & 15) << (4 * self.new_index(r));
        }
        // Renaming is one-to-one on held ranks, so counts stay valid.
        Cards::from_bits(out).unwrap_or(Cards::EMPTY)
    }

    /// A move of this position, renamed.
    pub fn rename_move(&self, mv: Move) -> Move {
        match mv {
            Move::Pass => Move::Pass,
            Move::Play(p) => Move::Play(Play::new_unchecked(
                p.kind(),
                Rank::ALL[self.new_index(p.rank().index()) as usize],
                p.chain_len(),
                self.cards(p.cards()),
            )),
        }
    }

    /// A renamed move back in this position's ranks; `None` if it does not
    /// fit (it came from a position with another key).
    pub fn restore_move(&self, mv: Move) -> Option<Move> {
        let Move::Play(p) = mv else {
            return Some(Move::Pass);
        };
        let mut back = [u8::MAX; 15];
        let mut ranks = self.held;
        while ranks != 0 {
            let r = ranks.trailing_zeros() as usize;
            ranks &= ranks - 1;
            back[self.new_index(r) as usize] = r as u8;
        }
        let bits = p.cards().bits();
        let mut out = 0;
        let mut ranks = p.cards().ranks_with_at_least(1);
        while ranks != 0 {
            let k = ranks.trailing_zeros() as usize;
            ranks &= ranks - 1;
            let r = *back.get(k).filter(|&&r| r != u8::MAX)?;
            out |= (bits >> (4 * k) & 15) << (4 * r);
        }
        let rank = *back.get(p.rank().index()).filter(|&&r| r != u8::MAX)?;
        Some(Move::Play(Play::new_unchecked(
            p.kind(),
            Rank::ALL[usize::from(rank)],
            p.chain_len(),
            Cards::from_bits(out)?,
        )))
    }
}

impl Position {
    /// The table key and the renaming behind it.
    pub(super) fn key(&self, utility: Utility) -> (Key, RankMap) {
        let map = RankMap::of(&self.hands);
        let (ab, c) = joint_nibbles(self.hands.map(|h| h.bits()), self.seats);
        // The renamed ranks nobody holds go, but for a kept gap's first
        // rank (an empty field): the fields left take the new indices
        // `RankMap::new_index` gives. The others keep their places.
        let renamed = map.renamed();
        // The renamed ranks are the lowest 12 or 13.
        let region = (1u64 << (4 * (16 - renamed.leading_zeros()))) - 1;
        let drop = renamed & !map.held & !map.gaps;
        let [hands, c] = drop_nibbles([ab, c], region, drop);
        let spill = pack_pairs(c);
        let beat = match self.to_beat {
            None => 0,
            Some((by, p)) => {
                1 | (by.index() as u64) << 1
                    | (p.kind() as u64) << 3
                    | map.beat_code(p.rank()) << 7
                    | u64::from(p.chain_len()) << 13
            }
        };
        let bombs = if utility == Utility::Score {
            u64::from(self.bombs)
        } else {
            0
        };
        let rest = self.to_move.index() as u64
            | beat << 2
            | bombs << 20
            | u64::from(map.chain_free) << 26
            | u64::from(self.seats) << 27
            | spill << 32;
        (Key { hands, rest }, map)
    }
}

/// `kind`, rank and chain length as they are stored, and back.
pub(super) fn pack_play_shape(p: Play) -> u16 {
    p.kind() as u16 | (p.rank().index() as u16) << 4 | u16::from(p.chain_len()) << 8
}

pub(super) fn unpack_play(cards: Cards, shape: u16) -> Play {
    let kind = Kind::ALL[usize::from(shape & 15).min(Kind::ALL.len() - 1)];
    let rank = Rank::ALL[usize::from(shape >> 4 & 15).min(14)];
    Play::new_unchecked(kind, rank, (shape >> 8 & 15) as u8, cards)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::position::tests::landlord_to_move as pos;

    fn same_key(a: &Position, b: &Position) -> bool {
        a.key(Utility::WinLoss).0 == b.key(Utility::WinLoss).0
    }

    #[test]
    fn chain_free_positions_keep_only_the_order_of_ranks() {
        // Singles and a pair, no chains: only the interleaving matters.
        assert!(same_key(
            &pos(&["47A", "69K"], Some("5")),
            &pos(&["38K", "5TQ"], Some("4"))
        ));
        // The play to beat falls elsewhere among the held ranks.
        assert!(!same_key(
            &pos(&["47A", "69K"], Some("5")),
            &pos(&["47A", "69K"], Some("8"))
        ));
        // A pair is not two singles; the jokers keep their places.
        assert!(!same_key(&pos(&["44A", "69K"], None), &pos(&["45A", "69K"], None)));
        assert!(!same_key(&pos(&["3X", "D"], None), &pos(&["3A", "2"], None)));
    }

    #[test]
    fn gaps_matter_while_chains_are_possible() {
        // 3456 + 7 makes a straight; 3456 + 8 does not.
        assert!(!same_key(&pos(&["34567", "9"], None), &pos(&["34568", "9"], None)));
        // Dropping ranks nobody holds, keeping one gap: 34567|9 and 45678|T agree.
        assert!(same_key(&pos(&["34567", "9"], None), &pos(&["45678", "T"], None)));
        assert!(same_key(&pos(&["34567", "9"], None), &pos(&["34567", "Q"], None)));
        // A gap only one side of which a hand holds goes: 7|9 are no
        // neighbours in any hand.
        assert!(same_key(&pos(&["34567", "9T"], None), &pos(&["34567", "89"], None)));
        // Closed, the gap at 7 would let 3456 and 8 make a straight.
        assert!(!same_key(
            &pos(&["34568", "TJQKA"], None),
            &pos(&["34567", "9TJQK"], None)
        ));
        // The gap at 5 stays (34 and 6, 8, 9 could join were the gap at 7
        // closed too); then 6 and 89 make no chain of five: the gap at 7 goes.
        assert!(same_key(
            &pos(&["34689", "TJQKA"], None),
            &pos(&["34678", "9TJQK"], None)
        ));
    }

    #[test]
    fn every_count_of_a_rank_gets_its_own_field() {
        for r in 0..15 {
            for seats in [2u8, 3] {
                let mut seen = std::collections::HashSet::new();
                let mut counts = 0;
                for a in 0..=4u64 {
                    for b in 0..=4 - a {
                        for c in 0..=if seats == 3 { 4 - a - b } else { 0 } {
                            let (ab, cc) = joint_nibbles([a << (4 * r), b << (4 * r), c << (4 * r)], seats);
                            let field = (ab >> (4 * r) & 15) | (cc >> (4 * r) & 3) << 4;
                            // Nothing spills into the other ranks' fields.
                            assert_eq!(ab & !(15 << (4 * r)), 0);
                            assert_eq!(cc & !(3 << (4 * r)), 0);
                            seen.insert(field);
                            counts += 1;
                        }
                    }
                }
                assert_eq!(seen.len(), counts, "rank {r}, {seats} seats");
            }
        }
    }

    /// What a key must tell apart, written out the obvious way: each held
    /// rank's new index (`RankMap::new_index`) with every seat's count
    /// there, and the rest of the position as the key keeps it.
    fn reference(p: &Position) -> (Vec<(u32, [u32; 3])>, u64) {
        let map = RankMap::of(&p.hands);
        let ranks = (0..15)
            .filter(|r| map.held >> r & 1 != 0)
            .map(|r| (map.new_index(r), p.hands.map(|h| h.counts()[r].into())))
            .collect();
        (ranks, p.key(Utility::WinLoss).0.rest & 0xffff_ffff)
    }

    #[test]
    fn positions_share_a_key_exactly_when_the_reference_says_so() {
        use crate::rng;
        use crate::solver::position::tests::{deal_hands, random_deck};
        use std::collections::HashMap;
        let mut by_key = HashMap::new();
        let mut by_reference = HashMap::new();
        let mut shared = 0;
        for seed in 0..30_000 {
            let (mut r, deck) = random_deck(seed);
            let seats = 2 + rng::below(&mut r, 2) as usize;
            let sizes: Vec<usize> = (0..seats).map(|_| 1 + rng::below(&mut r, 8) as usize).collect();
            let hands = deal_hands(&mut deck.into_iter(), &sizes);
            let to_move = crate::Seat::ALL[rng::below(&mut r, seats as u32) as usize];
            let p = Position::new(&hands, to_move, None).unwrap();
            let k = p.key(Utility::WinLoss).0;
            let reference = reference(&p);
            let old = by_key.insert((k.hands, k.rest), reference.clone());
            if old.is_some() {
                shared += 1;
            }
            assert!(
                old.is_none_or(|o| o == reference),
                "{p:?} shares a key with another position"
            );
            let old = by_reference.insert(reference, (k.hands, k.rest));
            assert!(
                old.is_none_or(|o| o == (k.hands, k.rest)),
                "{p:?} and a position like it got two keys"
            );
        }
        // The test means something only if many positions share keys.
        assert!(shared > 1_500, "{shared} positions shared a key");
    }

    #[test]
    fn moves_round_trip_through_the_renaming() {
        let p = pos(&["4477TTTA", "69K2"], Some("3"));
        let (_, map) = p.key(Utility::WinLoss);
        let mut moves = Vec::new();
        p.moves(&mut moves);
        for mv in moves {
            assert_eq!(map.restore_move(map.rename_move(mv)), Some(mv));
        }
    }
}

//! Best moves remembered by class of position, to order the moves of
//! positions the table has never seen.
//!
//! A class is coarser than a key: hands that hold the same aces, 2s and
//! jokers, and below them the same number of singles, pairs, trios and
//! fours (whatever their ranks), with the same seat to move and the same
//! play to beat, share one. Most positions of a deep search are new (the
//! table misses almost nothing), yet most differ from one already searched
//! only in which low cards the farmers have shed so far, and the move that
//! won there mostly wins here too. Counting profiles rather than ranks
//! below the ace was the best of the thresholds measured (below the 2
//! orders worse, below the queen a little worse).
//!
//! A class's move is only tried first: it is no proof, so every verdict
//! stays exact. It must be one of the position's own moves to be used.

use crate::cards::{Cards, Rank};
use crate::play::Move;

use super::key::{pack_play_shape, unpack_play};
use super::position::Position;
use super::table::Written;

/// Ranks below this one count only by their profile.
const EXACT_FROM: Rank = Rank::Ace;

/// One bit per rank below [`EXACT_FROM`], at the lowest bit of its count.
const LOW_UNITS: u64 = {
    let mut m = 0;
    let mut r = 0;
    while r < EXACT_FROM.index() {
        m |= 1 << (4 * r);
        r += 1;
    }
    m
};

/// A position's class, as a 64-bit hash (never 0: 0 marks an empty slot).
pub(super) fn of(pos: &Position) -> u64 {
    let mut h: u64 = 0;
    for hand in pos.hands {
        h = mix(h, profile(hand));
    }
    let beat = match pos.to_beat {
        None => 0,
        Some((by, p)) => p.cards().bits() ^ u64::from(pack_play_shape(p)).rotate_right(16) ^ (by.index() as u64) << 62,
    };
    h = mix(h, beat ^ pos.to_move.index() as u64);
    h | 1
}

/// A hand as its cards from the ace up and, below, how many ranks it holds
/// once, twice, three and four times.
fn profile(hand: Cards) -> u64 {
    let bits = hand.bits();
    let low = bits & (LOW_UNITS * 15);
    let (b0, b1, b2) = (low & LOW_UNITS, low >> 1 & LOW_UNITS, low >> 2 & LOW_UNITS);
    let singles = (b0 & !b1 & !b2).count_ones();
    let pairs = (b1 & !b0).count_ones();
    let trios = (b0 & b1).count_ones();
    let fours = b2.count_ones();
    let counts = u64::from(singles | pairs << 4 | trios << 8 | fours << 12);
    bits >> (4 * EXACT_FROM.index()) << 16 | counts
}

fn mix(h: u64, v: u64) -> u64 {
    (h ^ v).wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(31)
}

/// A direct-mapped table of each class's last best move: 16 bytes an entry,
/// zeroed by the allocator (its pages are mapped as they are first used).
pub(super) struct ClassMoves {
    /// Per entry: the class's upper 48 bits and the move's shape; the
    /// move's cards.
    entries: Vec<[u64; 2]>,
    written: Written,
}

const PASS: u64 = 0xffff;

impl ClassMoves {
    /// A table of about `bytes` (a power of two of entries, at least 1,024).
    pub fn with_bytes(bytes: usize) -> ClassMoves {
        let n = (bytes / 16).max(1024);
        let n = if n.is_power_of_two() {
            n
        } else {
            n.next_power_of_two() / 2
        };
        ClassMoves {
            entries: vec![[0; 2]; n],
            written: Written::default(),
        }
    }

    fn slot(&self, class: u64) -> usize {
        class as usize & (self.entries.len() - 1)
    }

    /// Asks the memory system for `class`'s entry ahead of [`ClassMoves::get`].
    #[inline]
    pub fn prefetch(&self, class: u64) {
        super::table::prefetch(&self.entries[self.slot(class)]);
    }

    /// The class's last best move, if any (not necessarily legal here).
    pub fn get(&self, class: u64) -> Option<Move> {
        let [tagged, cards] = self.entries[self.slot(class)];
        if tagged == 0 || tagged >> 16 != class >> 16 {
            return None;
        }
        match tagged & 0xffff {
            PASS => Some(Move::Pass),
            shape => Cards::from_bits(cards).map(|c| Move::Play(unpack_play(c, shape as u16))),
        }
    }

    pub fn put(&mut self, class: u64, mv: Move) {
        let (shape, cards) = match mv {
            Move::Pass => (PASS, 0),
            Move::Play(p) => (u64::from(pack_play_shape(p)), p.cards().bits()),
        };
        let slot = self.slot(class);
        self.written.note(slot, self.entries.len());
        self.entries[slot] = [class >> 16 << 16 | shape, cards];
    }

    pub fn clear(&mut self) {
        self.entries = vec![[0; 2]; self.entries.len()];
        self.written.forget();
    }

    /// Empties the table, zeroing only the entries written when few were.
    pub fn empty(&mut self) {
        self.written.empty(&mut self.entries);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::position::tests::landlord_to_move as pos;

    #[test]
    fn low_ranks_count_only_by_their_profile() {
        // The farmers' low singles differ; the top cards and the profiles
        // (three low singles, and five) match.
        let a = pos(&["TKKKKX", "5782D", "34569A"], Some("8"));
        let b = pos(&["TKKKKX", "3692D", "45678A"], Some("8"));
        assert_eq!(of(&a), of(&b));
        // A pair instead of two singles, an ace moved, another play to
        // beat, another seat to move: each a different class.
        assert_ne!(of(&a), of(&pos(&["TKKKKX", "5772D", "34569A"], Some("8"))));
        assert_ne!(of(&a), of(&pos(&["TKKKKX", "5782D", "34569Q"], Some("8"))));
        assert_ne!(of(&a), of(&pos(&["TKKKKX", "5782D", "34569A"], Some("9"))));
        assert_ne!(of(&a), of(&pos(&["TKKKKX", "5782D", "34569A"], None)));
        assert_ne!(of(&a), of(&pos(&["TKKKKA", "5782D", "34569X"], Some("8"))));
    }

    #[test]
    fn profiles_count_as_the_obvious_loop_does() {
        // Every deal's hands, against counting rank by rank.
        for seed in 0..300 {
            for hand in crate::deal::Deal::from_seed(seed).hands() {
                let mut by_count = [0u64; 5];
                for r in &Rank::ALL[..EXACT_FROM.index()] {
                    by_count[usize::from(hand.count(*r))] += 1;
                }
                let top = hand.bits() >> (4 * EXACT_FROM.index());
                let want = top << 16 | by_count[1] | by_count[2] << 4 | by_count[3] << 8 | by_count[4] << 12;
                assert_eq!(profile(hand), want, "{hand}");
            }
        }
    }

    #[test]
    fn moves_round_trip() {
        let mut t = ClassMoves::with_bytes(1 << 16);
        let p = pos(&["TKKKKX", "5782D", "34569A"], None);
        let c = of(&p);
        assert_eq!(t.get(c), None);
        for mv in [
            Move::Pass,
            Move::parse("KKKK").unwrap(),
            Move::parse("33344456").unwrap(),
        ] {
            t.put(c, mv);
            assert_eq!(t.get(c), Some(mv));
        }
        // Another class in the same slot is not taken for this one.
        assert_eq!(t.get(c ^ 1 << 40), None);
        t.clear();
        assert_eq!(t.get(c), None);
    }
}

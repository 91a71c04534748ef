//! Suits and the faces written on cards, for display only. The rules ignore them (rules.md: a hand is a
//! multiset of ranks), but a table without them does not look like cards.
//! Every card of a deal gets its suit from the deal itself, so a deal always
//! looks the same, and no two cards of one rank share a suit.

use engine::{Cards, Rank};
use serde::{Deserialize, Serialize};

/// The rank as players write it: `10` for the ten; the jokers by name.
pub fn face_text(rank: Rank) -> &'static str {
    const FACES: [&str; 13] = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"];
    match rank {
        Rank::BlackJoker => "小王",
        Rank::RedJoker => "大王",
        r => FACES[r.index()],
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Suit {
    Spades,
    Hearts,
    Clubs,
    Diamonds,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds];

    pub const fn symbol(self) -> char {
        match self {
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
            Suit::Clubs => '♣',
            Suit::Diamonds => '♦',
        }
    }

    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }
}

/// One physical card: a rank and, except for the jokers, a suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Face {
    pub rank: Rank,
    pub suit: Option<Suit>,
}

/// A set of physical cards: one bit per (rank, suit), four bits per rank as
/// in [`Cards`] (whose nibbles count what these nibbles mark). A joker is bit
/// 0 of its nibble.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Faces(u64);

/// The bits a deck can hold: four per rank, one per joker.
const DECK_BITS: u64 = 0x011F_FFFF_FFFF_FFFF;

impl Faces {
    pub const EMPTY: Faces = Faces(0);

    pub const fn bits(self) -> u64 {
        self.0
    }

    /// `None` if `bits` marks a card a deck does not have.
    pub const fn from_bits(bits: u64) -> Option<Faces> {
        if bits & !DECK_BITS == 0 {
            Some(Faces(bits))
        } else {
            None
        }
    }

    const fn bit(face: Face) -> u64 {
        let suit = match face.suit {
            Some(s) => s as u32,
            None => 0,
        };
        1 << (face.rank.index() as u32 * 4 + suit)
    }

    pub fn of(faces: impl IntoIterator<Item = Face>) -> Faces {
        Faces(faces.into_iter().fold(0, |acc, f| acc | Faces::bit(f)))
    }

    pub const fn contains(self, face: Face) -> bool {
        self.0 & Faces::bit(face) != 0
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn union(self, other: Faces) -> Faces {
        Faces(self.0 | other.0)
    }

    pub const fn minus(self, other: Faces) -> Faces {
        Faces(self.0 & !other.0)
    }

    pub const fn intersection(self, other: Faces) -> Faces {
        Faces(self.0 & other.0)
    }

    pub const fn toggle(self, face: Face) -> Faces {
        Faces(self.0 ^ Faces::bit(face))
    }

    pub const fn is_subset(self, of: Faces) -> bool {
        self.0 & !of.0 == 0
    }

    /// The ranks these cards are: what the rules see.
    pub fn cards(self) -> Cards {
        Rank::ALL
            .iter()
            .map(|&r| Cards::of(r, ((self.0 >> (r.index() * 4)) & 0xF).count_ones() as u8).unwrap_or_default())
            .fold(Cards::EMPTY, |acc, c| acc.checked_add(c).unwrap_or(acc))
    }

    /// Low to high, each rank's suits in [`Suit::ALL`]'s order.
    pub fn iter(self) -> impl DoubleEndedIterator<Item = Face> {
        Rank::ALL.into_iter().flat_map(move |rank| {
            let nibble = (self.0 >> (rank.index() * 4)) & 0xF;
            Suit::ALL.into_iter().enumerate().filter_map(move |(i, suit)| {
                (nibble >> i & 1 == 1).then_some(Face {
                    rank,
                    suit: (!rank.is_joker()).then_some(suit),
                })
            })
        })
    }

    /// High to low, as a hand is held: jokers and 2s on the left.
    pub fn held(self) -> Vec<Face> {
        let mut faces: Vec<Face> = self.iter().collect();
        faces.sort_by_key(|f| std::cmp::Reverse((f.rank, f.suit.map(|s| 3 - s as u8))));
        faces
    }

    /// Picks `cards` from these faces: the ones in `prefer` first (say, the
    /// cards the user selected), then each rank's in suit order. `None` if
    /// these faces do not hold the cards.
    pub fn pick(self, cards: Cards, prefer: Faces) -> Option<Faces> {
        let mut taken = 0u64;
        for rank in Rank::ALL {
            let shift = rank.index() * 4;
            let held = (self.0 >> shift) & 0xF;
            let mut want = cards.count(rank) as u32;
            if held.count_ones() < want {
                return None;
            }
            let preferred = held & (prefer.0 >> shift);
            for pool in [preferred, held & !preferred] {
                for i in 0..4 {
                    if want > 0 && pool >> i & 1 == 1 {
                        taken |= 1 << (shift + i);
                        want -= 1;
                    }
                }
            }
        }
        Some(Faces(taken))
    }

    /// Suits for the cards of a deal, given as its parts (hands, and the
    /// bottom cards kept apart when they are). The suits of each rank are
    /// handed out in an order drawn from the parts themselves: the same parts
    /// always get the same suits, and the parts' cards stay disjoint.
    pub fn deal(parts: &[Cards]) -> Vec<Faces> {
        let mut state = parts.iter().fold(0x9E37_79B9_7F4A_7C15u64, |h, p| mix(h ^ p.bits()));
        let orders: Vec<[usize; 4]> = Rank::ALL
            .iter()
            .map(|_| {
                state = mix(state);
                let mut order = [0, 1, 2, 3];
                // Fisher–Yates from the hash's bits: display only, so a
                // slight bias does not matter.
                for i in (1..4).rev() {
                    order.swap(i, (state >> (8 * i)) as usize % (i + 1));
                }
                order
            })
            .collect();
        Faces::hand_out(parts, &orders)
    }

    /// Suits for cards without a deal behind them (a puzzle's hands): each
    /// rank's suits handed out in the fixed order ♠♥♣♦ across the parts, so
    /// cards keep their suits while the parts only lose cards from the end.
    pub fn plain(parts: &[Cards]) -> Vec<Faces> {
        Faces::hand_out(parts, &[[0, 1, 2, 3]; 15])
    }

    fn hand_out(parts: &[Cards], orders: &[[usize; 4]]) -> Vec<Faces> {
        let mut next = [0usize; 15];
        parts
            .iter()
            .map(|part| {
                let mut bits = 0u64;
                for rank in Rank::ALL {
                    for _ in 0..part.count(rank) {
                        let r = rank.index();
                        let suit = if rank.is_joker() { 0 } else { orders[r][next[r] % 4] };
                        next[r] += 1;
                        bits |= 1 << (r * 4 + suit);
                    }
                }
                Faces(bits)
            })
            .collect()
    }
}

/// A deal's faces: each seat's (the landlord's with the bottom cards), and
/// the bottom cards' when the deal knows them. The parts are the seeded
/// deal's hands before the bottom cards go to the landlord, so a seed shows
/// the same suits on every page, bid for or not.
pub fn deal_faces(deal: &engine::Deal) -> ([Faces; 3], Option<Faces>) {
    use engine::Seat;
    let [l, f1, f2] = deal.hands();
    match deal.bottom().and_then(|b| l.checked_sub(b).map(|rest| (rest, b))) {
        Some((rest, bottom)) => {
            let parts = Faces::deal(&[rest, f1, f2, bottom]);
            ([parts[0].union(parts[3]), parts[1], parts[2]], Some(parts[3]))
        }
        None => {
            let parts = Faces::deal(&[deal.hand(Seat::Landlord), f1, f2]);
            ([parts[0], parts[1], parts[2]], None)
        }
    }
}

/// SplitMix64's finaliser.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{Deal, Seat};

    fn c(s: &str) -> Cards {
        s.parse().unwrap()
    }

    #[test]
    fn a_deal_gets_every_card_once_and_always_the_same_suits() {
        for seed in 0..200 {
            let deal = Deal::from_seed(seed);
            let bottom = deal.bottom().unwrap();
            let parts = [
                deal.hand(Seat::Landlord).checked_sub(bottom).unwrap(),
                deal.hand(Seat::Farmer1),
                deal.hand(Seat::Farmer2),
                bottom,
            ];
            let faces = Faces::deal(&parts);
            assert_eq!(faces, Faces::deal(&parts));
            let all = faces.iter().fold(Faces::EMPTY, |acc, f| {
                assert!(acc.intersection(*f).is_empty(), "seed {seed}: two cards share a suit");
                acc.union(*f)
            });
            assert_eq!(all.bits(), DECK_BITS);
            for (f, p) in faces.iter().zip(parts) {
                assert_eq!(f.cards(), p);
            }
        }
    }

    #[test]
    fn suits_vary_between_deals() {
        let first = |seed| {
            let deal = Deal::from_seed(seed);
            Faces::deal(&deal.hands())[0].iter().next().unwrap().suit
        };
        let suits: std::collections::HashSet<_> = (0..50).map(first).collect();
        assert!(suits.len() > 1);
    }

    #[test]
    fn picking_prefers_the_selected_cards() {
        let hand = Faces::deal(&[c("7779XD")])[0];
        let sevens: Vec<Face> = hand.iter().filter(|f| f.rank == Rank::Seven).collect();
        let chosen = Faces::of([sevens[2]]);
        let picked = hand.pick(c("7"), chosen).unwrap();
        assert_eq!(picked, chosen);
        let picked = hand.pick(c("779"), Faces::EMPTY).unwrap();
        assert_eq!(picked.cards(), c("779"));
        assert!(picked.is_subset(hand));
        assert_eq!(hand.pick(c("8"), Faces::EMPTY), None);
        assert_eq!(hand.pick(c("XD"), Faces::EMPTY).unwrap().cards(), c("XD"));
    }

    #[test]
    fn a_hand_is_held_high_to_low() {
        let hand = Faces::deal(&[c("3TT2D")])[0];
        let ranks: String = hand.held().iter().map(|f| f.rank.letter()).collect();
        assert_eq!(ranks, "D2TT3");
        assert_eq!(Faces::from_bits(1 << 57), None);
        assert_eq!(Faces::from_bits(hand.bits()), Some(hand));
    }
}

//! Ranks, card multisets and their notation (rules.md, "Cards and notation").
//!
//! Suits never matter, so a set of cards is a multiset of ranks. [`Cards`]
//! packs it into one `u64`: four bits of count per rank, rank `r` in bits
//! `4r..4r+4`. Union, difference, containment and hashing are then single
//! integer operations, which is what move generation and search live on.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

/// A rank, from low to high: `3 4 5 6 7 8 9 T J Q K A 2 X D`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Rank {
    /// `3`, the lowest rank.
    Three = 0,
    /// `4`.
    Four,
    /// `5`.
    Five,
    /// `6`.
    Six,
    /// `7`.
    Seven,
    /// `8`.
    Eight,
    /// `9`.
    Nine,
    /// `T`, the ten (also read from `0` or `10`).
    Ten,
    /// `J`.
    Jack,
    /// `Q`.
    Queen,
    /// `K`.
    King,
    /// `A`, the highest rank a chain may reach.
    Ace,
    /// `2`, above the ace and never in a chain.
    Two,
    /// The black (small) joker, 小王.
    BlackJoker,
    /// The red (big) joker, 大王.
    RedJoker,
}

impl Rank {
    /// Every rank, low to high.
    pub const ALL: [Rank; 15] = [
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
        Rank::Two,
        Rank::BlackJoker,
        Rank::RedJoker,
    ];

    /// The highest rank a straight, pair chain or airplane may reach.
    pub const HIGHEST_IN_CHAIN: Rank = Rank::Ace;

    const LETTERS: &'static [u8; 15] = b"3456789TJQKA2XD";

    /// The rank at `index` (0 = `3`, 14 = `D`).
    pub const fn from_index(index: usize) -> Option<Rank> {
        if index < 15 {
            Some(Rank::ALL[index])
        } else {
            None
        }
    }

    /// Position from low to high: 0 for `3` up to 14 for `D`; also the rank's
    /// nibble in [`Cards::bits`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The canonical letter of the notation.
    pub const fn letter(self) -> char {
        Rank::LETTERS[self as usize] as char
    }

    /// How many cards of this rank a deck holds: 4, or 1 for each joker.
    pub const fn copies(self) -> u8 {
        if self.is_joker() {
            1
        } else {
            4
        }
    }

    /// Whether this is `X` or `D`.
    pub const fn is_joker(self) -> bool {
        matches!(self, Rank::BlackJoker | Rank::RedJoker)
    }

    /// Reads one canonical or tolerant letter (lower case; `0` for the ten).
    /// The two-character `10` is handled by the [`Cards`] parser.
    pub fn from_letter(c: char) -> Option<Rank> {
        let upper = c.to_ascii_uppercase();
        if upper == '0' {
            return Some(Rank::Ten);
        }
        Rank::LETTERS
            .iter()
            .position(|&l| l as char == upper)
            .map(|i| Rank::ALL[i])
    }
}

/// As its letter (`T`, `X`), the written form.
impl serde::Serialize for Rank {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_char(self.letter())
    }
}

impl<'de> serde::Deserialize<'de> for Rank {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Rank, D::Error> {
        let c = char::deserialize(d)?;
        Rank::from_letter(c).ok_or_else(|| serde::de::Error::custom(format!("'{c}' is not a rank")))
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A multiset of cards: a hand, a play, the bottom cards, a whole deck.
///
/// Counts are never above what a deck holds (4 per rank, 1 per joker); every
/// constructor checks it, so the packed form cannot overflow into the next
/// rank. The derived order is the packed integer's, only useful for sorting.
///
/// # Examples
///
/// ```
/// use engine::{Cards, Rank};
///
/// // Tolerant in (any case, `0` or `10` for the ten), canonical out.
/// let hand: Cards = "2a10t3x".parse()?;
/// assert_eq!(hand.to_string(), "3TTA2X");
/// assert_eq!(hand.len(), 6);
/// assert_eq!(hand.count(Rank::Ten), 2);
/// assert!(hand.contains("TT".parse()?));
///
/// // Errors name the character and its 1-based position.
/// let err = "33z".parse::<Cards>().unwrap_err();
/// assert!(err.to_string().starts_with("'z' at position 3 is not a card"));
/// assert!("33333".parse::<Cards>().is_err()); // a deck holds four
/// # Ok::<(), engine::CardsError>(())
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cards(u64);

/// One bit per rank nibble: bit 0 of every nibble.
const NIBBLE_ONES: u64 = 0x0111_1111_1111_1111;
/// The high bit of every nibble.
const NIBBLE_HIGHS: u64 = NIBBLE_ONES << 3;

impl Cards {
    /// No cards.
    pub const EMPTY: Cards = Cards(0);

    /// The full 54-card deck.
    pub const DECK: Cards = Cards(0x0114_4444_4444_4444);

    /// The rocket's cards, `XD`.
    pub const JOKERS: Cards = Cards(0x0110_0000_0000_0000);

    /// The packed form (4 bits per rank); stable, usable as a hash key.
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Rebuilds cards from [`Cards::bits`]; `None` if a count is impossible.
    pub const fn from_bits(bits: u64) -> Option<Cards> {
        let cards = Cards(bits);
        // Nibbles below 8 first, so `contains` cannot borrow across ranks.
        if bits >> 60 == 0 && bits & NIBBLE_HIGHS == 0 && Cards::DECK.contains(cards) {
            Some(cards)
        } else {
            None
        }
    }

    /// `n` cards of `rank` (n ≤ the deck's copies, else `None`).
    pub const fn of(rank: Rank, n: u8) -> Option<Cards> {
        if n > rank.copies() {
            None
        } else {
            Some(Cards((n as u64) << (4 * rank as u32)))
        }
    }

    /// `width` cards of each rank `start, start+1, .., start+len-1`. The
    /// caller guarantees the run fits (this is the chain builder of move
    /// generation, so it is not checked in release builds).
    pub(crate) const fn run(start: usize, len: usize, width: u8) -> Cards {
        debug_assert!(len >= 1 && start + len <= 15 && width <= 4);
        let ones = NIBBLE_ONES >> (4 * (15 - len)) << (4 * start);
        Cards(ones * width as u64)
    }

    /// How many cards of `rank` are held (0 to 4; 0 or 1 for a joker).
    pub const fn count(self, rank: Rank) -> u8 {
        ((self.0 >> (4 * rank as u32)) & 0xF) as u8
    }

    /// The ranks held at least `n` times (1 ≤ n ≤ 4), one bit per rank.
    pub const fn ranks_with_at_least(self, n: u8) -> u16 {
        // High bit of each nibble set iff count ≥ n (no borrows: counts ≤ 4).
        let high = ((self.0 | NIBBLE_HIGHS) - NIBBLE_ONES * n as u64) & NIBBLE_HIGHS;
        // Gather bit 4r to bit r by doubling the packed width each step.
        let mut x = high >> 3;
        x = (x | (x >> 3)) & 0x0303_0303_0303_0303;
        x = (x | (x >> 6)) & 0x000F_000F_000F_000F;
        x = (x | (x >> 12)) & 0x0000_00FF_0000_00FF;
        x = (x | (x >> 24)) & 0xFFFF;
        x as u16
    }

    /// Counts of all 15 ranks, low to high.
    pub fn counts(self) -> [u8; 15] {
        let mut out = [0u8; 15];
        for (i, slot) in out.iter_mut().enumerate() {
            *slot = ((self.0 >> (4 * i)) & 0xF) as u8;
        }
        out
    }

    /// Number of cards.
    pub const fn len(self) -> u32 {
        // Fold the nibbles into bytes (each ≤ 8), then add the bytes up.
        let bytes = (self.0 & 0x0F0F_0F0F_0F0F_0F0F) + ((self.0 >> 4) & 0x0F0F_0F0F_0F0F_0F0F);
        (bytes.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
    }

    /// Whether there are no cards.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every card of `other` is in `self` (multiset inclusion).
    pub const fn contains(self, other: Cards) -> bool {
        // Per nibble, (a | 8) - b keeps its high bit iff a ≥ b; counts are at
        // most 4, so no nibble ever borrows from its neighbour.
        ((self.0 | NIBBLE_HIGHS) - other.0) & NIBBLE_HIGHS == NIBBLE_HIGHS
    }

    /// The union of two multisets, if no rank exceeds what a deck holds.
    pub const fn checked_add(self, other: Cards) -> Option<Cards> {
        let sum = Cards(self.0 + other.0);
        if Cards::DECK.contains(sum) {
            Some(sum)
        } else {
            None
        }
    }

    /// `self` without `other`, if `other` is contained in `self`.
    pub const fn checked_sub(self, other: Cards) -> Option<Cards> {
        if self.contains(other) {
            Some(Cards(self.0 - other.0))
        } else {
            None
        }
    }

    /// `self` without `other`; the caller knows `other` is contained.
    pub(crate) const fn minus(self, other: Cards) -> Cards {
        debug_assert!(self.contains(other));
        Cards(self.0 - other.0)
    }

    /// `self` with `other` added; the caller knows the sum is possible.
    pub(crate) const fn plus(self, other: Cards) -> Cards {
        debug_assert!(Cards::DECK.contains(Cards(self.0 + other.0)));
        Cards(self.0 + other.0)
    }

    /// `self` without as many of `other`'s cards as it holds (per rank,
    /// never below zero).
    pub fn saturating_minus(self, other: Cards) -> Cards {
        let (a, b) = (self.counts(), other.counts());
        Rank::ALL.iter().fold(Cards::EMPTY, |acc, &r| {
            let n = a[r.index()].saturating_sub(b[r.index()]);
            acc.plus(Cards::of(r, n).unwrap_or(Cards::EMPTY))
        })
    }

    /// The cards both hold (per rank, the smaller count).
    pub fn intersection(self, other: Cards) -> Cards {
        let (a, b) = (self.counts(), other.counts());
        Rank::ALL.iter().fold(Cards::EMPTY, |acc, &r| {
            let n = a[r.index()].min(b[r.index()]);
            acc.plus(Cards::of(r, n).unwrap_or(Cards::EMPTY))
        })
    }

    /// These cards with every card of `rank` removed.
    pub const fn without_rank(self, rank: Rank) -> Cards {
        Cards(self.0 & !(0xF << (4 * rank as u32)))
    }

    /// The ranks present, low to high.
    pub fn ranks(self) -> impl Iterator<Item = Rank> {
        Rank::ALL.into_iter().filter(move |&r| self.count(r) > 0)
    }

    /// Every card, low to high, a rank repeated as often as it is held.
    pub fn iter(self) -> impl Iterator<Item = Rank> {
        Rank::ALL
            .into_iter()
            .flat_map(move |r| std::iter::repeat_n(r, self.count(r) as usize))
    }

    /// The lowest rank present.
    pub fn lowest(self) -> Option<Rank> {
        (!self.is_empty()).then(|| Rank::ALL[self.0.trailing_zeros() as usize / 4])
    }

    /// The highest rank present.
    pub fn highest(self) -> Option<Rank> {
        (!self.is_empty()).then(|| Rank::ALL[(63 - self.0.leading_zeros()) as usize / 4])
    }
}

impl FromIterator<Rank> for Result<Cards, CardsError> {
    fn from_iter<I: IntoIterator<Item = Rank>>(iter: I) -> Self {
        let mut cards = Cards::EMPTY;
        for rank in iter {
            cards = add_one(cards, rank).ok_or(CardsError::TooMany {
                rank,
                count: cards.count(rank) + 1,
            })?;
        }
        Ok(cards)
    }
}

fn add_one(cards: Cards, rank: Rank) -> Option<Cards> {
    if cards.count(rank) < rank.copies() {
        Some(Cards(cards.0 + (1 << (4 * rank as u32))))
    } else {
        None
    }
}

/// What is wrong with a written set of cards. Positions count characters
/// from 1, as a person reading the input would.
#[derive(Clone, Debug, PartialEq, Eq, Error, serde::Serialize, serde::Deserialize)]
pub enum CardsError {
    /// A character that is no rank letter.
    #[error("'{character}' at position {position} is not a card (use 3-9, T or 10 or 0, J, Q, K, A, 2, X, D)")]
    NotACard {
        /// The offending character.
        character: char,
        /// Its 1-based position in the text (plus the caller's offset).
        position: usize,
    },
    /// More cards of a rank than a deck holds.
    #[error("too many '{rank}': {count}, a deck holds {max}", max = rank.copies())]
    TooMany {
        /// The rank.
        rank: Rank,
        /// The count reached by the first card too many (one over the deck's).
        count: u8,
    },
}

impl Cards {
    /// Parses tolerant notation: case-insensitive, `0` or `10` for the ten,
    /// 小王 and 大王 for the jokers (as players write them), whitespace
    /// between cards ignored. `offset` is added to reported positions, so a
    /// caller parsing a larger text can point into it.
    pub fn parse_at(text: &str, offset: usize) -> Result<Cards, CardsError> {
        let mut cards = Cards::EMPTY;
        let trimmed_start = text.len() - text.trim_start().len();
        let lead = text[..trimmed_start].chars().count();
        let mut chars = text.trim().chars().enumerate().peekable();
        while let Some((i, c)) = chars.next() {
            let position = offset + lead + i + 1;
            if c.is_whitespace() {
                continue;
            }
            let rank = if c == '1' {
                match chars.next() {
                    Some((_, '0')) => Rank::Ten,
                    _ => return Err(CardsError::NotACard { character: c, position }),
                }
            } else if c == '小' || c == '大' {
                match chars.next() {
                    Some((_, '王')) if c == '小' => Rank::BlackJoker,
                    Some((_, '王')) => Rank::RedJoker,
                    _ => return Err(CardsError::NotACard { character: c, position }),
                }
            } else {
                Rank::from_letter(c).ok_or(CardsError::NotACard { character: c, position })?
            };
            cards = add_one(cards, rank).ok_or(CardsError::TooMany {
                rank,
                count: cards.count(rank) + 1,
            })?;
        }
        Ok(cards)
    }
}

impl FromStr for Cards {
    type Err = CardsError;
    fn from_str(s: &str) -> Result<Cards, CardsError> {
        Cards::parse_at(s, 0)
    }
}

/// Canonical notation: ascending, one letter per card, no separators.
impl fmt::Display for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in self.iter() {
            write!(f, "{}", rank.letter())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cards({self})")
    }
}

impl Serialize for Cards {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Cards {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Cards, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deck_holds_54_cards_four_per_rank_one_per_joker() {
        assert_eq!(Cards::DECK.len(), 54);
        for rank in Rank::ALL {
            assert_eq!(Cards::DECK.count(rank), rank.copies());
        }
        assert_eq!(
            Cards::DECK.to_string(),
            "3333444455556666777788889999TTTTJJJJQQQQKKKKAAAA2222XD"
        );
    }

    #[test]
    fn parses_tolerant_input_and_prints_canonically() {
        let cards: Cards = "d x 2".replace(' ', "").parse().unwrap();
        assert_eq!(cards.to_string(), "2XD");
        assert_eq!("10tT0j".parse::<Cards>().unwrap().to_string(), "TTTTJ");
        assert_eq!("  kq  ".parse::<Cards>().unwrap().to_string(), "QK");
        assert_eq!("".parse::<Cards>().unwrap(), Cards::EMPTY);
        // As players write them: 10, 小王, 大王, spaces between cards.
        assert_eq!("10 10 J 小王 大王".parse::<Cards>().unwrap().to_string(), "TTJXD");
        assert_eq!("3 4 5 6 7".parse::<Cards>().unwrap().to_string(), "34567");
    }

    #[test]
    fn errors_name_the_character_and_position() {
        assert_eq!(
            "33Z4".parse::<Cards>(),
            Err(CardsError::NotACard {
                character: 'Z',
                position: 3
            })
        );
        assert_eq!(
            "3 4 大".parse::<Cards>(),
            Err(CardsError::NotACard {
                character: '大',
                position: 5
            })
        );
        assert_eq!(
            "41".parse::<Cards>(),
            Err(CardsError::NotACard {
                character: '1',
                position: 2
            })
        );
        assert_eq!(
            "33333".parse::<Cards>(),
            Err(CardsError::TooMany {
                rank: Rank::Three,
                count: 5
            })
        );
        assert_eq!(
            "XX".parse::<Cards>(),
            Err(CardsError::TooMany {
                rank: Rank::BlackJoker,
                count: 2
            })
        );
        let message = "33Z4".parse::<Cards>().unwrap_err().to_string();
        assert!(message.contains("'Z'") && message.contains("position 3"), "{message}");
    }

    #[test]
    fn multiset_operations() {
        let hand: Cards = "3334455XD".parse().unwrap();
        let play: Cards = "333".parse().unwrap();
        assert!(hand.contains(play));
        assert!(!play.contains(hand));
        assert!(!hand.contains("3333".parse().unwrap()));
        assert_eq!(hand.checked_sub(play).unwrap().to_string(), "4455XD");
        assert_eq!(hand.checked_sub("6".parse().unwrap()), None);
        assert_eq!(play.checked_add(play), None);
        assert_eq!(hand.len(), 9);
        assert_eq!(hand.lowest(), Some(Rank::Three));
        assert_eq!(hand.highest(), Some(Rank::RedJoker));
        assert_eq!(Cards::run(0, 5, 1).to_string(), "34567");
        assert_eq!(Cards::run(9, 3, 2).to_string(), "QQKKAA");
        assert_eq!(Cards::from_bits(Cards::DECK.bits()), Some(Cards::DECK));
        assert_eq!(Cards::from_bits(5), None);
        assert_eq!(hand.ranks_with_at_least(1), 0b110_0000_0000_0111);
        assert_eq!(hand.ranks_with_at_least(2), 0b111);
        assert_eq!(hand.ranks_with_at_least(3), 0b001);
        assert_eq!(hand.ranks_with_at_least(4), 0);
        assert_eq!(Cards::DECK.ranks_with_at_least(4), 0x1FFF);
    }
}

//! Deals: the papers' dealing procedure from a seed, and the bracketed
//! three-hand notation `[landlord 20][farmer 1, 17][farmer 2, 17]`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::cards::{Cards, CardsError, Rank};
use crate::rng;
use crate::seat::Seat;

/// A full deal: the three hands, the landlord's including the bottom cards.
/// Always holds exactly the 54 cards, 20/17/17.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Deal {
    hands: [Cards; 3],
    /// The three bottom cards (底牌), when known: a seeded deal knows them, a
    /// pasted one only if given as a fourth bracket.
    bottom: Option<Cards>,
}

/// Cards per seat in a full deal, landlord first.
pub const HAND_SIZES: [u32; 3] = [20, 17, 17];

impl Deal {
    /// The reference dealing procedure: shuffle the 54 cards, deal cards
    /// 1..51 round-robin (landlord, farmer 1, farmer 2, ...), the last three
    /// are the bottom cards and go to the landlord.
    ///
    /// # Examples
    ///
    /// ```
    /// use engine::{Deal, Seat};
    ///
    /// let deal = Deal::from_seed(42);
    /// assert_eq!(deal, Deal::from_seed(42)); // the same seed, the same deal
    /// assert_eq!(deal.hand(Seat::Landlord).len(), 20);
    /// assert_eq!(deal.hand(Seat::Farmer1).len(), 17);
    /// let bottom = deal.bottom().unwrap();
    /// assert!(deal.hand(Seat::Landlord).contains(bottom));
    /// // The bracket notation reads back (without the bottom cards).
    /// assert_eq!(deal.to_string().parse::<Deal>()?.hands(), deal.hands());
    /// # Ok::<(), engine::DealError>(())
    /// ```
    pub fn from_seed(seed: u64) -> Deal {
        let mut deck: Vec<Rank> = Cards::DECK.iter().collect();
        rng::shuffle(&mut rng::from_seed(seed), &mut deck);
        let mut hands = [Cards::EMPTY; 3];
        for (i, &rank) in deck[..51].iter().enumerate() {
            hands[i % 3] = hands[i % 3].plus(Cards::run(rank.index(), 1, 1));
        }
        let bottom = deck[51..]
            .iter()
            .fold(Cards::EMPTY, |b, r| b.plus(Cards::run(r.index(), 1, 1)));
        hands[0] = hands[0].plus(bottom);
        Deal {
            hands,
            bottom: Some(bottom),
        }
    }

    /// Checks that the hands hold the deck exactly, 20/17/17, and that the
    /// bottom cards (if given) are three of the landlord's.
    pub fn new(hands: [Cards; 3], bottom: Option<Cards>) -> Result<Deal, DealError> {
        if let Some((missing, extra)) = deck_difference(&hands) {
            return Err(DealError::NotADeck { missing, extra });
        }
        for seat in Seat::ALL {
            let got = hands[seat.index()].len();
            if got != HAND_SIZES[seat.index()] {
                return Err(DealError::HandSize {
                    seat,
                    expected: HAND_SIZES[seat.index()],
                    got,
                });
            }
        }
        if let Some(b) = bottom {
            if b.len() != 3 || !hands[0].contains(b) {
                return Err(DealError::Bottom(b));
            }
        }
        Ok(Deal { hands, bottom })
    }

    /// A deal the caller has already checked (an auction's, which holds
    /// one deck 17/17/17 + 3 by construction).
    pub(crate) fn from_checked(hands: [Cards; 3], bottom: Cards) -> Deal {
        debug_assert!(Deal::new(hands, Some(bottom)).is_ok());
        Deal {
            hands,
            bottom: Some(bottom),
        }
    }

    /// The cards dealt to `seat` (the landlord's 20 include the bottom cards).
    pub fn hand(&self, seat: Seat) -> Cards {
        self.hands[seat.index()]
    }

    /// The three hands, landlord first.
    pub fn hands(&self) -> [Cards; 3] {
        self.hands
    }

    /// The three bottom cards (底牌), already in the landlord's hand; `None`
    /// for a parsed deal that did not give them.
    pub fn bottom(&self) -> Option<Cards> {
        self.bottom
    }

    /// Parses `[..][..][..]` (landlord, farmer 1, farmer 2), optionally a
    /// fourth bracket with the bottom cards. Whitespace between brackets is
    /// allowed; positions in errors count characters from 1.
    pub fn parse(text: &str) -> Result<Deal, DealError> {
        let mut groups: Vec<Cards> = Vec::new();
        let mut chars = text.char_indices().enumerate().peekable();
        while let Some((pos, (start_byte, c))) = chars.next() {
            if c.is_whitespace() {
                continue;
            }
            if c != '[' {
                return Err(DealError::Syntax {
                    position: pos + 1,
                    problem: Syntax::NotABracket(c),
                });
            }
            let mut close = None;
            for (p, (byte, ch)) in chars.by_ref() {
                if ch == ']' {
                    close = Some((p, byte));
                    break;
                }
            }
            let Some((_, end_byte)) = close else {
                return Err(DealError::Syntax {
                    position: pos + 1,
                    problem: Syntax::Unclosed,
                });
            };
            if groups.len() == 4 {
                return Err(DealError::Syntax {
                    position: pos + 1,
                    problem: Syntax::MoreThanFour,
                });
            }
            let inner = &text[start_byte + 1..end_byte];
            let cards = Cards::parse_at(inner, pos + 1).map_err(|e| DealError::Cards {
                group: groups.len(),
                source: e,
            })?;
            groups.push(cards);
        }
        if groups.len() < 3 {
            return Err(DealError::Syntax {
                position: text.chars().count() + 1,
                problem: Syntax::TooFew(groups.len()),
            });
        }
        Deal::new([groups[0], groups[1], groups[2]], groups.get(3).copied())
    }
}

impl FromStr for Deal {
    type Err = DealError;
    fn from_str(s: &str) -> Result<Deal, DealError> {
        Deal::parse(s)
    }
}

/// A deal as the tools take it: a seed (a whole number from 0 to
/// 2^64 − 1, dealt by [`Deal::from_seed`]) or the bracket notation.
///
/// ```
/// use engine::{Deal, SeedOrDeal};
///
/// let seeded: SeedOrDeal = " 42 ".parse()?;
/// assert_eq!((seeded.deal(), seeded.seed()), (Deal::from_seed(42), Some(42)));
/// let written: SeedOrDeal = Deal::from_seed(42).to_string().parse()?;
/// assert_eq!((written.deal().hands(), written.seed()), (Deal::from_seed(42).hands(), None));
/// # Ok::<(), engine::DealError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeedOrDeal {
    /// A seed, dealt by [`Deal::from_seed`].
    Seed(u64),
    /// A deal written in brackets.
    Deal(Deal),
}

impl SeedOrDeal {
    /// The deal.
    pub fn deal(self) -> Deal {
        match self {
            SeedOrDeal::Seed(seed) => Deal::from_seed(seed),
            SeedOrDeal::Deal(deal) => deal,
        }
    }

    /// The seed, when it was given one.
    pub fn seed(self) -> Option<u64> {
        match self {
            SeedOrDeal::Seed(seed) => Some(seed),
            SeedOrDeal::Deal(_) => None,
        }
    }
}

impl FromStr for SeedOrDeal {
    type Err = DealError;
    /// A whole number (spaces around it allowed) is a seed; anything else
    /// is read as brackets, and the error says what is wrong with them and
    /// where (a text with no `[` is neither: [`DealError::Syntax`] at its
    /// first character).
    fn from_str(text: &str) -> Result<SeedOrDeal, DealError> {
        match text.trim().parse::<u64>() {
            Ok(seed) => Ok(SeedOrDeal::Seed(seed)),
            Err(_) => Deal::parse(text).map(SeedOrDeal::Deal),
        }
    }
}

/// The canonical bracketed notation, three hands, landlord first.
impl fmt::Display for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [l, f1, f2] = self.hands;
        write!(f, "[{l}][{f1}][{f2}]")
    }
}

impl Serialize for Deal {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.bottom {
            Some(b) => s.collect_str(&format_args!("{self}[{b}]")),
            None => s.collect_str(self),
        }
    }
}

impl<'de> Deserialize<'de> for Deal {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Deal, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// What is wrong with the brackets of a written deal (data, so a page can
/// word it in its own language).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum Syntax {
    /// A character outside the brackets where a `[` should be.
    #[error("expected '[' but found '{0}'")]
    NotABracket(char),
    /// A `[` never closed.
    #[error("this '[' is never closed")]
    Unclosed,
    /// A fifth bracket.
    #[error("more than four brackets")]
    MoreThanFour,
    /// Fewer than the three hands (the number found).
    #[error("a deal is three bracketed hands, found {0}")]
    TooFew(usize),
}

/// Why a written deal or a set of hands is not a deal ([`Deal::parse`],
/// [`Deal::new`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DealError {
    /// Not bracketed groups: a character outside brackets, an unclosed `[`,
    /// more than four or fewer than three brackets.
    #[error("at position {position}: {problem}")]
    Syntax {
        /// 1-based character position of the problem.
        position: usize,
        /// What is wrong there.
        problem: Syntax,
    },
    /// A bracket whose cards do not parse.
    #[error("in the {} bracket: {source}", ordinal(*group))]
    Cards {
        /// The bracket, 0-based: landlord, farmer 1, farmer 2, bottom.
        group: usize,
        /// The problem with its cards (positions count in the whole text).
        source: CardsError,
    },
    /// The hands are not exactly the 54 cards.
    #[error("{}", not_a_deck(missing, extra))]
    NotADeck {
        /// Rank letters of the cards missing from the deck.
        missing: String,
        /// Rank letters of the cards beyond the deck.
        extra: String,
    },
    /// A hand of the wrong size.
    #[error("the {seat} has {got} cards, a deal gives it {expected}")]
    HandSize {
        /// The seat.
        seat: Seat,
        /// Cards it should hold: 20 for the landlord, 17 for a farmer.
        expected: u32,
        /// Cards it holds.
        got: u32,
    },
    /// Bottom cards that are not three of the landlord's cards.
    #[error("the bottom cards '{0}' must be three of the landlord's cards")]
    Bottom(Cards),
}

/// How `parts` together differ from one deck: the missing and the
/// duplicated cards (rank letters), or `None` if they are exactly the deck.
pub(crate) fn deck_difference(parts: &[Cards]) -> Option<(String, String)> {
    let mut missing = String::new();
    let mut extra = String::new();
    for rank in Rank::ALL {
        let held: u8 = parts.iter().map(|h| h.count(rank)).sum();
        for _ in held..rank.copies() {
            missing.push(rank.letter());
        }
        for _ in rank.copies()..held {
            extra.push(rank.letter());
        }
    }
    (!missing.is_empty() || !extra.is_empty()).then_some((missing, extra))
}

fn ordinal(group: usize) -> &'static str {
    [
        "first (landlord)",
        "second (farmer 1)",
        "third (farmer 2)",
        "fourth (bottom)",
    ][group.min(3)]
}

pub(crate) fn not_a_deck(missing: &str, extra: &str) -> String {
    let mut parts = vec![];
    if !missing.is_empty() {
        parts.push(format!("missing {missing}"));
    }
    if !extra.is_empty() {
        parts.push(format!("duplicated {extra}"));
    }
    format!("the hands are not one deck: {}", parts.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_deal_is_a_deck_20_17_17_with_bottom_in_landlord() {
        for seed in 0..200 {
            let deal = Deal::from_seed(seed);
            let hands = deal.hands();
            assert_eq!(hands.map(Cards::len), HAND_SIZES);
            let all = hands[0].checked_add(hands[1]).and_then(|x| x.checked_add(hands[2]));
            assert_eq!(all, Some(Cards::DECK));
            let bottom = deal.bottom().unwrap();
            assert_eq!(bottom.len(), 3);
            assert!(hands[0].contains(bottom));
            assert_eq!(Deal::new(hands, Some(bottom)), Ok(deal));
        }
    }

    #[test]
    fn seeded_deals_are_fixed() {
        // Golden: the same on every platform; a change breaks every shared seed.
        let golden = [
            (0, "[45778TJJJQKKKKAAA22X][33445678999TTJ22D][334556667889TQQQA]", "JQX"),
            (1, "[356789TTTTJJJQQK222D][3355567899JKKAA2X][344446677889QQKAA]", "8T2"),
            (
                42,
                "[3344566778889JQKKA2X][3445589TTTJJQQKKA][35667799TJQAA222D]",
                "46Q",
            ),
        ];
        for (seed, deal, bottom) in golden {
            let d = Deal::from_seed(seed);
            assert_eq!(
                (d.to_string().as_str(), d.bottom().unwrap().to_string().as_str()),
                (deal, bottom)
            );
        }
    }

    #[test]
    fn notation_round_trips() {
        for seed in 0..50 {
            let deal = Deal::from_seed(seed);
            let again: Deal = deal.to_string().parse().unwrap();
            assert_eq!(again.hands(), deal.hands());
            assert_eq!(again.bottom(), None);
            let with_bottom = format!("{deal}[{}]", deal.bottom().unwrap());
            assert_eq!(Deal::parse(&with_bottom).unwrap(), deal);
        }
    }

    #[test]
    fn errors_say_what_is_missing_or_duplicated() {
        // The example in rules.md holds 53 cards.
        let err = Deal::parse("[TTKA379Q2D69K5Q94J6][3JX8Q885TTK3265AK][29Q435J426787JA7A]").unwrap_err();
        assert_eq!(err.to_string(), "the hands are not one deck: missing 4");
        let err = Deal::parse("[TTKA379Q2D69K5Q94J64][3JX8Q885TTK3265AK][29Q435J426787JA7A3]").unwrap_err();
        assert_eq!(err.to_string(), "the hands are not one deck: duplicated 3");
        let deal = Deal::from_seed(3).to_string();
        let swapped = deal.replacen('[', "[3", 1).replacen("][", "]  [", 1);
        assert!(Deal::parse(&swapped).unwrap_err().to_string().contains("duplicated 3"));
        let err = Deal::parse("[33z]").unwrap_err();
        assert_eq!(err.to_string(), "in the first (landlord) bracket: 'z' at position 4 is not a card (use 3-9, T or 10 or 0, J, Q, K, A, 2, X, D)");
        assert!(Deal::parse("[34][5")
            .unwrap_err()
            .to_string()
            .contains("position 5: this '[' is never closed"));
        assert!(Deal::parse("34")
            .unwrap_err()
            .to_string()
            .contains("position 1: expected '['"));
        assert!(Deal::parse("[34][5]").unwrap_err().to_string().contains("found 2"));
    }

    #[test]
    fn a_seed_or_a_deal() {
        assert_eq!(" 7 ".parse(), Ok(SeedOrDeal::Seed(7)));
        assert_eq!("18446744073709551615".parse(), Ok(SeedOrDeal::Seed(u64::MAX)));
        let deal = Deal::from_seed(7);
        assert_eq!(
            deal.to_string().parse::<SeedOrDeal>().map(|d| d.deal().hands()),
            Ok(deal.hands())
        );
        // Past u64, or signed: not a seed, so read as brackets.
        for text in ["18446744073709551616", "-5", "seven"] {
            assert!(matches!(
                text.parse::<SeedOrDeal>(),
                Err(DealError::Syntax {
                    position: 1,
                    problem: Syntax::NotABracket(_)
                })
            ));
        }
    }

    #[test]
    fn hand_sizes_are_checked() {
        let d = Deal::from_seed(9).hands();
        let moved = d[0].lowest().unwrap();
        let one = Cards::of(moved, 1).unwrap();
        let hands = [d[0].checked_sub(one).unwrap(), d[1].checked_add(one).unwrap(), d[2]];
        assert_eq!(
            Deal::new(hands, None).unwrap_err().to_string(),
            "the landlord has 19 cards, a deal gives it 20"
        );
    }
}

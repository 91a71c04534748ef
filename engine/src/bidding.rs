//! The auction (叫分) of casual play (rules.md, "Bidding"): before the play,
//! who becomes the landlord and for how many points.
//!
//! Bidders are numbered 0, 1, 2 in turn order from the first bidder (the
//! app maps them to chairs and rotates the first bidder from deal to deal).
//! Each calls once in turn: pass (不叫) or a bid of 1, 2 or 3 points higher
//! than the highest so far. A 3 ends the auction at once; otherwise it ends
//! after each has called. The highest bidder wins, takes the 3 bottom cards
//! and is the landlord; if all three pass the cards are redealt.
//!
//! ```
//! use engine::{Auction, AuctionState, Bid, Deal};
//!
//! let mut auction = Auction::from_seed(42);
//! auction.bid(Bid::One)?;
//! auction.bid(Bid::Pass)?;
//! assert!(auction.bid(Bid::One).is_err()); // not higher than 1
//! auction.bid(Bid::Two)?;
//! assert_eq!(auction.state(), AuctionState::Won { landlord: 2, bid: Bid::Two });
//! // The winner's hand and the bottom cards make the landlord's 20.
//! let deal = auction.deal().unwrap();
//! assert_eq!(deal.hands()[0], auction.hand(2).checked_add(auction.bottom()).unwrap());
//! // Bidder 0 winning gives exactly the seed's reference deal.
//! let won = Auction::from_seed(42).with_bids(&[Bid::Three])?;
//! assert_eq!(won.deal(), Some(Deal::from_seed(42)));
//! # Ok::<(), engine::BidError>(())
//! ```

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use crate::cards::Cards;
use crate::deal::{deck_difference, not_a_deck, Deal};

/// A call in the auction: pass (不叫) or a bid of 1, 2 or 3 points.
/// Ordered by points; serialized as `"pass"`, `"1"`, `"2"`, `"3"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Bid {
    /// No bid (不叫).
    Pass,
    /// 1 point.
    One,
    /// 2 points.
    Two,
    /// 3 points: the highest, ends the auction at once.
    Three,
}

impl Bid {
    /// Every call, by points: pass, 1, 2, 3.
    pub const ALL: [Bid; 4] = [Bid::Pass, Bid::One, Bid::Two, Bid::Three];

    /// The points bid: 0 for a pass.
    pub const fn points(self) -> u8 {
        self as u8
    }

    /// The call worth `points`: 0 is a pass, 1..=3 a bid, anything else `None`.
    pub fn from_points(points: u8) -> Option<Bid> {
        Bid::ALL.get(usize::from(points)).copied()
    }

    /// The name used in the CLI, JSON and links: `pass`, `1`, `2`, `3`.
    pub fn name(self) -> &'static str {
        ["pass", "1", "2", "3"][self as usize]
    }

    /// Reads a name (`pass`, `1`, `2`, `3`; also `0` and `不叫` for a pass),
    /// ignoring case and surrounding spaces.
    pub fn parse(text: &str) -> Result<Bid, BidError> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("pass") || t == "0" || t == "不叫" {
            return Ok(Bid::Pass);
        }
        Bid::ALL[1..]
            .iter()
            .copied()
            .find(|b| b.name() == t)
            .ok_or_else(|| BidError::Unknown(text.to_string()))
    }
}

impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl FromStr for Bid {
    type Err = BidError;
    fn from_str(s: &str) -> Result<Bid, BidError> {
        Bid::parse(s)
    }
}

impl Serialize for Bid {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> Deserialize<'de> for Bid {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Bid, D::Error> {
        let text = String::deserialize(d)?;
        Bid::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// Why a call is refused (or a name is not a call).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BidError {
    /// Text that is no call (the text as given).
    #[error("'{0}' is not a bid (pass, 1, 2 or 3)")]
    Unknown(String),
    /// A bid not above the highest so far (a pass is always allowed).
    #[error("a bid of {bid} must be higher than the current {highest}")]
    NotHigher {
        /// The refused bid.
        bid: Bid,
        /// The highest bid so far.
        highest: Bid,
    },
    /// A call after the auction has ended (after a 3, or after three calls).
    #[error("the auction is over")]
    Over,
    /// From [`Auction::with_bids`]: the `number`th call (1-based) is refused.
    #[error("call {number} ({bid}): {reason}")]
    Replay {
        /// 1-based number of the refused call.
        number: usize,
        /// The refused call.
        bid: Bid,
        /// Why it was refused.
        reason: Box<BidError>,
    },
}

/// Why hands do not make an auction.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AuctionSetupError {
    /// The hands and bottom are not exactly one deck.
    #[error("{}", not_a_deck(missing, extra))]
    NotADeck {
        /// Rank letters of the cards missing from the deck.
        missing: String,
        /// Rank letters of the cards beyond the deck.
        extra: String,
    },
    /// A hand that is not 17 cards.
    #[error("bidder {bidder} has {got} cards, an auction gives each 17")]
    HandSize {
        /// The bidder, 0 to 2.
        bidder: usize,
        /// Cards in its hand.
        got: u32,
    },
    /// Bottom cards that are not 3 (the count given).
    #[error("the bottom has {0} cards, not 3")]
    Bottom(u32),
}

/// Where an auction stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case", tag = "state")]
pub enum AuctionState {
    /// Bidder `to_bid` calls next.
    Open {
        /// The bidder (0 to 2) to call next.
        to_bid: usize,
    },
    /// Over: `landlord` won with `bid`.
    Won {
        /// The winning bidder, 0 to 2: the landlord.
        landlord: usize,
        /// The winning bid: the base of the score.
        bid: Bid,
    },
    /// Over: everyone passed, the cards are redealt.
    AllPassed,
}

/// An auction: the three 17-card hands by bidder, the 3 bottom cards, and
/// the calls so far (at most three, bidder `i` made call `i`). Always a
/// legal sequence: [`Auction::bid`] refuses anything else.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Auction {
    hands: [Cards; 3],
    bottom: Cards,
    calls: [Bid; 3],
    made: u8,
}

impl Auction {
    /// The reference dealing procedure ([`Deal::from_seed`]'s cards): bidder
    /// `i` gets the 17 cards `Deal::from_seed(seed)` deals seat `i`, the
    /// bottom cards kept aside. So if bidder 0 becomes the landlord,
    /// [`Auction::deal`] is exactly `Deal::from_seed(seed)`.
    pub fn from_seed(seed: u64) -> Auction {
        let deal = Deal::from_seed(seed);
        let bottom = deal.bottom().unwrap_or_default();
        let mut hands = deal.hands();
        hands[0] = hands[0].minus(bottom);
        Auction::start(hands, bottom)
    }

    /// An auction over given hands (bidder 0, 1, 2) and bottom cards; they
    /// must be one deck, 17/17/17 + 3.
    pub fn new(hands: [Cards; 3], bottom: Cards) -> Result<Auction, AuctionSetupError> {
        if let Some((missing, extra)) = deck_difference(&[hands[0], hands[1], hands[2], bottom]) {
            return Err(AuctionSetupError::NotADeck { missing, extra });
        }
        if let Some(bidder) = (0..3).find(|&i| hands[i].len() != 17) {
            return Err(AuctionSetupError::HandSize {
                bidder,
                got: hands[bidder].len(),
            });
        }
        if bottom.len() != 3 {
            return Err(AuctionSetupError::Bottom(bottom.len()));
        }
        Ok(Auction::start(hands, bottom))
    }

    fn start(hands: [Cards; 3], bottom: Cards) -> Auction {
        Auction {
            hands,
            bottom,
            calls: [Bid::Pass; 3],
            made: 0,
        }
    }

    /// Bidder `bidder`'s 17 cards. Panics if `bidder` is not 0, 1 or 2.
    pub fn hand(&self, bidder: usize) -> Cards {
        self.hands[bidder]
    }

    /// The three bottom cards (底牌), which go to the winner.
    pub fn bottom(&self) -> Cards {
        self.bottom
    }

    /// The calls so far, bidder 0's first.
    pub fn bids(&self) -> &[Bid] {
        &self.calls[..usize::from(self.made)]
    }

    /// Where the auction stands: open (and who calls next), won, or all
    /// passed.
    pub fn state(&self) -> AuctionState {
        match self.highest() {
            Some((landlord, bid)) if bid == Bid::Three || self.made == 3 => AuctionState::Won { landlord, bid },
            None if self.made == 3 => AuctionState::AllPassed,
            _ => AuctionState::Open {
                to_bid: usize::from(self.made),
            },
        }
    }

    /// Whether the auction is still open.
    pub fn is_open(&self) -> bool {
        matches!(self.state(), AuctionState::Open { .. })
    }

    /// The highest bid so far and who made it (`None` while all passed).
    pub fn highest(&self) -> Option<(usize, Bid)> {
        // Bids only rise, so the last one that is not a pass is the highest.
        self.bids().iter().copied().enumerate().rfind(|&(_, b)| b != Bid::Pass)
    }

    /// Whether `bid` is allowed now: while the auction is open a pass
    /// always is, a bid if it is higher than the highest so far.
    pub fn allows(&self, bid: Bid) -> bool {
        self.check(bid).is_ok()
    }

    fn check(&self, bid: Bid) -> Result<(), BidError> {
        if !self.is_open() {
            return Err(BidError::Over);
        }
        match self.highest() {
            Some((_, highest)) if bid != Bid::Pass && bid <= highest => Err(BidError::NotHigher { bid, highest }),
            _ => Ok(()),
        }
    }

    /// Makes the next bidder's call; an illegal one is refused and the
    /// auction is left as it was.
    pub fn bid(&mut self, bid: Bid) -> Result<(), BidError> {
        self.check(bid)?;
        self.calls[usize::from(self.made)] = bid;
        self.made += 1;
        Ok(())
    }

    /// This auction with `bids` made in turn (for saved games and links);
    /// the error names the first refused call, counting from 1 across
    /// this auction's calls so far and `bids`.
    pub fn with_bids(mut self, bids: &[Bid]) -> Result<Auction, BidError> {
        for &bid in bids {
            let number = usize::from(self.made) + 1;
            self.bid(bid).map_err(|reason| BidError::Replay {
                number,
                bid,
                reason: Box::new(reason),
            })?;
        }
        Ok(self)
    }

    /// The deal once the auction is won: the landlord's 20 cards are the
    /// winner's 17 and the bottom cards (known to the deal), farmer 1 is
    /// the bidder after the winner (its 下家), farmer 2 the one after that.
    /// `None` while the auction is open or after all passed.
    pub fn deal(&self) -> Option<Deal> {
        match self.state() {
            AuctionState::Won { landlord, .. } => Some(self.deal_for(landlord)),
            _ => None,
        }
    }

    /// The deal if `landlord` (0, 1 or 2; panics otherwise) won, whatever
    /// the calls.
    pub(crate) fn deal_for(&self, landlord: usize) -> Deal {
        let hands = [
            self.hands[landlord].plus(self.bottom),
            self.hands[(landlord + 1) % 3],
            self.hands[(landlord + 2) % 3],
        ];
        Deal::from_checked(hands, self.bottom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn replay(seed: u64, calls: &str) -> Result<Auction, BidError> {
        let bids: Vec<Bid> = calls.split_whitespace().map(|c| c.parse().unwrap()).collect();
        Auction::from_seed(seed).with_bids(&bids)
    }

    #[test]
    fn bids_have_names_points_and_order() {
        for (i, bid) in Bid::ALL.into_iter().enumerate() {
            assert_eq!(usize::from(bid.points()), i);
            assert_eq!(Bid::from_points(i as u8), Some(bid));
            assert_eq!(Bid::parse(bid.name()), Ok(bid));
            assert_eq!(serde_json::to_string(&bid).unwrap(), format!("\"{bid}\""));
            assert_eq!(serde_json::from_str::<Bid>(&format!("\"{bid}\"")).unwrap(), bid);
        }
        assert_eq!(Bid::from_points(4), None);
        assert!(Bid::Pass < Bid::One && Bid::Two < Bid::Three);
        assert_eq!(Bid::parse(" PASS "), Ok(Bid::Pass));
        assert_eq!(Bid::parse("0"), Ok(Bid::Pass));
        assert_eq!(Bid::parse("不叫"), Ok(Bid::Pass));
        assert_eq!(
            Bid::parse("4").unwrap_err().to_string(),
            "'4' is not a bid (pass, 1, 2 or 3)"
        );
        assert!(serde_json::from_str::<Bid>("\"double\"").is_err());
    }

    #[test]
    fn auctions_end_as_the_rules_say() {
        let won = |landlord, bid| AuctionState::Won { landlord, bid };
        let cases = [
            ("3", won(0, Bid::Three)),
            ("1 3", won(1, Bid::Three)),
            ("pass pass 3", won(2, Bid::Three)),
            ("1 pass pass", won(0, Bid::One)),
            ("1 2 pass", won(1, Bid::Two)),
            ("pass 2 pass", won(1, Bid::Two)),
            ("pass pass 1", won(2, Bid::One)),
            ("pass pass pass", AuctionState::AllPassed),
            ("", AuctionState::Open { to_bid: 0 }),
            ("2 pass", AuctionState::Open { to_bid: 2 }),
        ];
        for (calls, state) in cases {
            let a = replay(7, calls).unwrap();
            assert_eq!(a.state(), state, "{calls}");
            assert_eq!(a.deal().is_some(), matches!(state, AuctionState::Won { .. }));
        }
    }

    #[test]
    fn illegal_calls_are_refused_and_explained() {
        let mut a = replay(3, "2").unwrap();
        let before = a;
        let err = a.bid(Bid::Two).unwrap_err();
        assert_eq!(err.to_string(), "a bid of 2 must be higher than the current 2");
        assert!(!a.allows(Bid::One) && a.allows(Bid::Pass) && a.allows(Bid::Three));
        assert_eq!(a, before);
        let mut over = replay(3, "3").unwrap();
        assert_eq!(over.bid(Bid::Pass).unwrap_err().to_string(), "the auction is over");
        assert!(!over.allows(Bid::Pass));
        assert_eq!(
            replay(3, "1 pass 1").unwrap_err().to_string(),
            "call 3 (1): a bid of 1 must be higher than the current 1"
        );
        assert_eq!(
            replay(3, "pass pass pass pass").unwrap_err().to_string(),
            "call 4 (pass): the auction is over"
        );
    }

    #[test]
    fn the_winner_takes_the_bottom_and_leads() {
        let seed = 11;
        let d = Deal::from_seed(seed);
        assert_eq!(replay(seed, "3").unwrap().deal(), Some(d));
        assert_eq!(replay(seed, "2 pass pass").unwrap().deal(), Some(d));
        let a = replay(seed, "1 2 pass").unwrap();
        let deal = a.deal().unwrap();
        assert_eq!(
            deal.hands(),
            [a.hand(1).checked_add(a.bottom()).unwrap(), a.hand(2), a.hand(0)]
        );
        assert_eq!(deal.bottom(), Some(a.bottom()));
    }

    #[test]
    fn setup_is_checked() {
        let a = Auction::from_seed(5);
        let (h, b) = ([a.hand(0), a.hand(1), a.hand(2)], a.bottom());
        assert_eq!(Auction::new(h, b), Ok(a));
        let low = h[0].lowest().unwrap();
        let one = Cards::of(low, 1).unwrap();
        let moved = [h[0].checked_sub(one).unwrap(), h[1].checked_add(one).unwrap(), h[2]];
        assert_eq!(
            Auction::new(moved, b).unwrap_err().to_string(),
            "bidder 0 has 16 cards, an auction gives each 17"
        );
        let short = [h[0].checked_sub(one).unwrap(), h[1], h[2]];
        assert!(Auction::new(short, b)
            .unwrap_err()
            .to_string()
            .starts_with("the hands are not one deck: missing"));
        let b_low = b.lowest().unwrap();
        let two_bottom = b.checked_sub(Cards::of(b_low, 1).unwrap()).unwrap();
        let bigger = [h[0].checked_add(Cards::of(b_low, 1).unwrap()).unwrap(), h[1], h[2]];
        assert!(Auction::new(bigger, two_bottom).is_err());
    }
}

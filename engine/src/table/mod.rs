//! A table of three people (docs/tables.md): a session of deals, each bid
//! for (叫分) and played out, with a running score. The server referees
//! a table move by move and shows each viewer only its [`TableView`]; the
//! CLI's table bot and the server's AI players choose their actions from
//! that view alone ([`bot::choose`]).
//!
//! Chairs are the table's fixed places, 0, 1 and 2 in turn order; seats
//! (landlord, farmer 1, farmer 2) are given to chairs by each deal's
//! auction. The first bidder moves one chair on from deal to deal.
//!
//! ```
//! use engine::table::{Action, Chair, Rules, Table, Viewer};
//! use engine::Bid;
//!
//! let mut table = Table::new(Rules::Tournament);
//! table.start_deal(42);
//! table.act(Chair::at(0), Action::Bid(Bid::Three))?;
//! // Chair 0 is the landlord: it holds 20 cards and leads.
//! let view = table.view(Viewer::Chair(Chair::at(0)));
//! let deal = view.deal.as_ref().unwrap();
//! assert_eq!(deal.hand.unwrap().len(), 20);
//! assert_eq!(deal.to_act, Some(Chair::at(0)));
//! // The others see their own hand only.
//! let view = table.view(Viewer::Chair(Chair::at(1)));
//! assert_eq!(view.deal.unwrap().hand.unwrap().len(), 17);
//! # Ok::<(), engine::table::TableError>(())
//! ```

pub mod bot;
mod casual;
mod deal;
pub mod duplicate;
mod protocol;
mod session;
mod view;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

use crate::bidding::{Bid, BidError};
use crate::game::IllegalMove;
use crate::play::{Move, PlayError};
use crate::seat::Seat;

pub use casual::Ask;
pub use deal::{DealResult, Phase, TableDeal};
pub use protocol::{ClientMessage, DuplicateSeat, Frame, Holder, ServerMessage, Sitter};
pub use session::Table;
pub use view::{DealView, TableView, Viewer};

/// One of the table's three chairs, 0 to 2 in turn order. Only chairs that
/// exist can be made; serialized as the number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Chair(u8);

impl Chair {
    /// The three chairs in turn order.
    pub const ALL: [Chair; 3] = [Chair(0), Chair(1), Chair(2)];

    /// Chair `n`, if there is one (0, 1 or 2).
    pub const fn new(n: usize) -> Option<Chair> {
        if n < 3 {
            Some(Chair(n as u8))
        } else {
            None
        }
    }

    /// Chair `n` for constants and tests; panics past 2.
    pub const fn at(n: usize) -> Chair {
        match Chair::new(n) {
            Some(chair) => chair,
            None => panic!("a table has chairs 0, 1 and 2"),
        }
    }

    /// Its number, 0 to 2: the index into per-chair arrays.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat this chair plays when `landlord` is the landlord's chair:
    /// the next chair is farmer 1, the one after farmer 2.
    pub const fn seat(self, landlord: Chair) -> Seat {
        Seat::ALL[(self.index() + 3 - landlord.index()) % 3]
    }

    /// The chair `steps` places on in turn order.
    pub const fn after(self, steps: usize) -> Chair {
        Chair(((self.0 as usize + steps) % 3) as u8)
    }
}

impl fmt::Display for Chair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Chair {
    type Err = TableError;
    fn from_str(text: &str) -> Result<Chair, TableError> {
        text.trim()
            .parse::<usize>()
            .ok()
            .and_then(Chair::new)
            .ok_or_else(|| TableError::NoSuchChair(text.to_string()))
    }
}

impl Serialize for Chair {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.0)
    }
}

impl<'de> Deserialize<'de> for Chair {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Chair, D::Error> {
        let n = u8::deserialize(d)?;
        Chair::new(usize::from(n)).ok_or_else(|| serde::de::Error::custom(TableError::NoSuchChair(n.to_string())))
    }
}

/// The rules a table plays by. Serialized as `"tournament"`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rules {
    /// 叫分: each bids once, 1 to 3 points or pass, a 3 ends the auction;
    /// all passing redeals. A deal is worth the bid times 2 for each bomb
    /// or rocket and 2 for spring or anti-spring (rules.md, "Bidding").
    #[default]
    Tournament,
    /// The rules people play at home and on 欢乐斗地主: 叫地主 and 抢地主
    /// (each rob ×2; nobody calling redeals), then 加倍 (farmer 1, farmer 2,
    /// the landlord: each ×2 on their own stakes) and 明牌 by the landlord
    /// (×2, the hand shown to all); bombs, rockets and spring ×2 each.
    Casual,
}

impl Rules {
    /// The name in the CLI and JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Rules::Tournament => "tournament",
            Rules::Casual => "casual",
        }
    }
}

impl FromStr for Rules {
    type Err = TableError;
    fn from_str(text: &str) -> Result<Rules, TableError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "tournament" => Ok(Rules::Tournament),
            "casual" => Ok(Rules::Casual),
            _ => Err(TableError::UnknownRules(text.to_string())),
        }
    }
}

/// What a chair does on its turn: a call in the auction, a casual
/// decision, or a move in the play. Written `bid 2`, `bid pass` for
/// calls, `call yes`, `rob no`, `double yes`, `show no` for decisions, and
/// as a [`Move`] (`33`, `pass`) for moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// A call in the auction (tournament rules).
    Bid(Bid),
    /// A yes or no to a casual decision.
    Say(Ask, bool),
    /// A move in the play.
    Play(Move),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Bid(bid) => write!(f, "bid {bid}"),
            Action::Say(ask, yes) => write!(f, "{} {}", ask.name(), if *yes { "yes" } else { "no" }),
            Action::Play(mv) => write!(f, "{mv}"),
        }
    }
}

impl FromStr for Action {
    type Err = TableError;
    fn from_str(text: &str) -> Result<Action, TableError> {
        let text = text.trim();
        if let Some(said) = say(text) {
            return said;
        }
        let bid = text
            .get(..3)
            .filter(|p| p.eq_ignore_ascii_case("bid"))
            .map(|_| &text[3..]);
        match bid {
            Some(bid) => bid
                .trim()
                .parse::<Bid>()
                .map(Action::Bid)
                .map_err(|e| TableError::BadAction(text.to_string(), e.to_string())),
            None => Move::parse(text)
                .map(Action::Play)
                .map_err(|e: PlayError| TableError::BadAction(text.to_string(), e.to_string())),
        }
    }
}

/// `call yes`, `rob no`, …: `None` if the first word is no decision.
fn say(text: &str) -> Option<Result<Action, TableError>> {
    let (word, answer) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    let ask = Ask::from_name(&word.to_ascii_lowercase())?;
    Some(match answer.trim().to_ascii_lowercase().as_str() {
        "yes" => Ok(Action::Say(ask, true)),
        "no" => Ok(Action::Say(ask, false)),
        _ => Err(TableError::BadAction(
            text.to_string(),
            format!("{} takes yes or no", ask.name()),
        )),
    })
}

impl Serialize for Action {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Action, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Why a table refused something.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TableError {
    /// Not 0, 1 or 2 (as given).
    #[error("'{0}' is not a chair (0, 1 or 2)")]
    NoSuchChair(String),
    /// Rules the table does not know (as given).
    #[error("unknown rules '{0}' (known: tournament, casual)")]
    UnknownRules(String),
    /// Text that is neither `bid N`, `bid pass` nor a move (the text, why).
    #[error("'{0}' is not an action: {1}")]
    BadAction(String, String),
    /// No deal is being played.
    #[error("no deal is being played")]
    NoDeal,
    /// Another chair's turn (the chair to act, or none once the deal is over).
    #[error("it is not chair {chair}'s turn")]
    NotYourTurn {
        /// The chair that tried to act.
        chair: Chair,
    },
    /// A bid during the play or a move during the auction.
    #[error("{0}")]
    WrongPhase(&'static str),
    /// A call the auction refuses.
    #[error("{0}")]
    Bid(BidError),
    /// A move the referee refuses.
    #[error("{0}")]
    Illegal(IllegalMove),
    /// A deal started while the one before it is still being played.
    #[error("deal {0} is still being played")]
    DealInProgress(u32),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_read_and_write() {
        for text in [
            "bid 1",
            "bid 3",
            "bid pass",
            "pass",
            "33",
            "3456789",
            "call yes",
            "rob no",
            "double yes",
            "show no",
        ] {
            let action: Action = text.parse().unwrap();
            assert_eq!(action.to_string(), text);
        }
        assert_eq!("  BID 2 ".parse::<Action>().unwrap(), Action::Bid(Bid::Two));
        assert!("bid 4".parse::<Action>().is_err());
        assert!("34".parse::<Action>().is_err());
        assert!("".parse::<Action>().is_err());
        assert!("rob maybe".parse::<Action>().is_err());
        assert_eq!("Call  YES".parse::<Action>().unwrap(), Action::Say(Ask::Call, true));
    }

    #[test]
    fn chairs_exist_only_0_to_2() {
        assert_eq!("2".parse::<Chair>().unwrap(), Chair::at(2));
        assert!("3".parse::<Chair>().is_err());
        assert!(serde_json::from_str::<Chair>("3").is_err());
        assert_eq!(serde_json::to_string(&Chair::at(1)).unwrap(), "1");
        assert_eq!(Chair::at(2).after(1), Chair::at(0));
    }
}

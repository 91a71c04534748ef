//! One deal at a table: the auction, then the play.

use serde::{Deserialize, Serialize};

use crate::bidding::{Auction, AuctionState, Bid};
use crate::cards::Cards;
use crate::game::{Game, Outcome, Scoring};
use crate::seat::{Seat, Team};

use super::{Action, Chair, TableError};

/// Where a deal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// The auction is open.
    Bidding,
    /// The landlord is known and the cards are being played.
    Playing,
    /// Someone went out: the deal is scored.
    Over,
    /// Everyone passed in the auction: nobody scores, the next deal is dealt.
    Redeal,
}

/// How a finished deal scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealResult {
    /// The chair that went out first.
    pub winner: Chair,
    /// Bombs and rockets played.
    pub bombs: u32,
    /// 春天 or 反春.
    pub spring: bool,
    /// What the deal was worth: the bid times the multiplier.
    pub stake: i64,
    /// Each chair's score: the landlord wins or loses the stake from each
    /// farmer, so the three add up to 0.
    pub scores: [i64; 3],
}

/// A deal at a table: dealt from a seed, bid for from the first bidder's
/// chair on, then played. Every action goes through [`TableDeal::act`], so
/// a deal is always one the rules allow.
#[derive(Clone, Debug)]
pub struct TableDeal {
    number: u32,
    first: Chair,
    auction: Auction,
    game: Option<Game>,
    landlord: Option<Chair>,
    actions: Vec<(Chair, Action)>,
}

impl TableDeal {
    /// Deal `number` of a session, its cards [`Auction::from_seed`]'s,
    /// bidder 0 sitting in chair `first`.
    pub fn new(number: u32, seed: u64, first: Chair) -> TableDeal {
        TableDeal {
            number,
            first,
            auction: Auction::from_seed(seed),
            game: None,
            landlord: None,
            actions: Vec::new(),
        }
    }

    /// Its number in the session, from 1.
    pub fn number(&self) -> u32 {
        self.number
    }

    /// The chair that bids first.
    pub fn first(&self) -> Chair {
        self.first
    }

    /// Every action so far, in order.
    pub fn actions(&self) -> &[(Chair, Action)] {
        &self.actions
    }

    /// The landlord's chair once the auction is won.
    pub fn landlord(&self) -> Option<Chair> {
        self.landlord
    }

    /// The winning bid once the auction is won.
    pub fn bid(&self) -> Option<Bid> {
        match self.auction.state() {
            AuctionState::Won { bid, .. } => Some(bid),
            _ => None,
        }
    }

    /// The calls so far, each with its chair.
    pub fn bids(&self) -> Vec<(Chair, Bid)> {
        let bids = self.auction.bids().iter().copied().enumerate();
        bids.map(|(i, bid)| (self.first.after(i), bid)).collect()
    }

    /// The bottom cards (底牌): known to everyone once the auction is won.
    pub fn bottom(&self) -> Cards {
        self.auction.bottom()
    }

    /// The play so far (empty during the auction).
    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// Where the deal stands.
    pub fn phase(&self) -> Phase {
        match (&self.game, self.auction.state()) {
            (Some(game), _) if game.is_over() => Phase::Over,
            (Some(_), _) => Phase::Playing,
            (None, AuctionState::AllPassed) => Phase::Redeal,
            (None, _) => Phase::Bidding,
        }
    }

    /// Whether no more actions can be made.
    pub fn is_finished(&self) -> bool {
        matches!(self.phase(), Phase::Over | Phase::Redeal)
    }

    /// The chair whose turn it is, if any.
    pub fn to_act(&self) -> Option<Chair> {
        match (&self.game, self.auction.state()) {
            (Some(game), _) if game.is_over() => None,
            (Some(game), _) => self.chair_of(game.to_move()),
            (None, AuctionState::Open { to_bid }) => Some(self.first.after(to_bid)),
            (None, _) => None,
        }
    }

    /// The seat a chair plays this deal, once the auction is won.
    pub fn seat_of(&self, chair: Chair) -> Option<Seat> {
        let landlord = self.landlord?;
        Some(Seat::ALL[(chair.index() + 3 - landlord.index()) % 3])
    }

    /// The chair playing `seat`, once the auction is won.
    pub fn chair_of(&self, seat: Seat) -> Option<Chair> {
        Some(self.landlord?.after(seat.index()))
    }

    /// The cards a chair holds now: its 17 during the auction, the
    /// landlord's 20 after it, less what it has played.
    pub fn hand(&self, chair: Chair) -> Cards {
        match (&self.game, self.seat_of(chair)) {
            (Some(game), Some(seat)) => game.hand(seat),
            _ => self.auction.hand(self.bidder(chair)),
        }
    }

    /// The cards a chair was dealt, with the bottom cards once it won
    /// them.
    pub fn dealt(&self, chair: Chair) -> Cards {
        let hand = self.auction.hand(self.bidder(chair));
        if self.landlord == Some(chair) {
            hand.plus(self.bottom())
        } else {
            hand
        }
    }

    fn bidder(&self, chair: Chair) -> usize {
        (chair.index() + 3 - self.first.index()) % 3
    }

    /// Makes `chair`'s action; anything out of turn, of the wrong phase or
    /// against the rules is refused and the deal left as it was.
    pub fn act(&mut self, chair: Chair, action: Action) -> Result<(), TableError> {
        if self.to_act() != Some(chair) {
            return Err(TableError::NotYourTurn { chair });
        }
        match (action, &mut self.game) {
            (Action::Bid(bid), None) => {
                self.auction.bid(bid).map_err(TableError::Bid)?;
                if let AuctionState::Won { landlord, .. } = self.auction.state() {
                    self.landlord = Some(self.first.after(landlord));
                    self.game = self.auction.deal().map(|deal| Game::new(&deal));
                }
            }
            (Action::Play(mv), Some(game)) => game.apply(mv).map_err(TableError::Illegal)?,
            (Action::Bid(_), Some(_)) => return Err(TableError::WrongPhase("the auction is over: play a move")),
            (Action::Play(_), None) => return Err(TableError::WrongPhase("the auction is open: bid or pass")),
        }
        self.actions.push((chair, action));
        Ok(())
    }

    /// The score once someone went out.
    pub fn result(&self) -> Option<DealResult> {
        let game = self.game.as_ref()?;
        let outcome: Outcome = game.outcome()?;
        let landlord = self.landlord?;
        let stake = i64::from(self.bid()?.points()) * outcome.score(Scoring::Online).abs();
        let landlord_wins = outcome.winning_team() == Team::Landlord;
        let mut scores = [0i64; 3];
        for chair in Chair::ALL {
            let share = if chair == landlord { 2 * stake } else { stake };
            let wins = (chair == landlord) == landlord_wins;
            scores[chair.index()] = if wins { share } else { -share };
        }
        Some(DealResult {
            winner: self.chair_of(outcome.winner)?,
            bombs: outcome.bombs,
            spring: outcome.spring || outcome.anti_spring,
            stake,
            scores,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::make_player;
    use crate::clock::Deadline;
    use crate::play::Move;

    #[test]
    fn the_auction_seats_chairs_from_the_winner() {
        let mut deal = TableDeal::new(1, 7, Chair::at(2));
        assert_eq!(deal.to_act(), Some(Chair::at(2)));
        deal.act(Chair::at(2), Action::Bid(Bid::Pass)).unwrap();
        assert!(matches!(
            deal.act(Chair::at(2), Action::Bid(Bid::One)),
            Err(TableError::NotYourTurn { .. })
        ));
        deal.act(Chair::at(0), Action::Bid(Bid::Two)).unwrap();
        assert!(deal.act(Chair::at(1), Action::Bid(Bid::One)).is_err());
        deal.act(Chair::at(1), Action::Bid(Bid::Pass)).unwrap();
        assert_eq!(deal.landlord(), Some(Chair::at(0)));
        assert_eq!(deal.seat_of(Chair::at(1)), Some(Seat::Farmer1));
        assert_eq!(deal.seat_of(Chair::at(2)), Some(Seat::Farmer2));
        assert_eq!(deal.hand(Chair::at(0)).len(), 20);
        assert_eq!(deal.to_act(), Some(Chair::at(0)));
        assert!(deal.act(Chair::at(0), Action::Bid(Bid::Three)).is_err());
        assert!(deal.act(Chair::at(0), Action::Play(Move::Pass)).is_err());
        assert_eq!(deal.phase(), Phase::Playing);
    }

    #[test]
    fn all_passing_redeals_and_scores_nothing() {
        let mut deal = TableDeal::new(1, 7, Chair::at(0));
        for chair in Chair::ALL {
            deal.act(chair, Action::Bid(Bid::Pass)).unwrap();
        }
        assert_eq!(deal.phase(), Phase::Redeal);
        assert_eq!(deal.to_act(), None);
        assert!(deal.result().is_none());
    }

    #[test]
    fn played_out_the_scores_add_to_zero_and_follow_the_stake() {
        for seed in 0..20 {
            let mut deal = TableDeal::new(1, seed, Chair::at((seed % 3) as usize));
            let mut player = make_player("greedy", seed).unwrap();
            while let Some(chair) = deal.to_act() {
                let action = match deal.game() {
                    None => Action::Bid(if deal.bids().is_empty() { Bid::Two } else { Bid::Pass }),
                    Some(game) => Action::Play(player.choose(&game.view(game.to_move()), &Deadline::NONE)),
                };
                deal.act(chair, action).unwrap();
            }
            let result = deal.result().unwrap();
            assert_eq!(result.scores.iter().sum::<i64>(), 0);
            assert_eq!(result.stake % 2, 0, "a bid of 2 doubles");
            let landlord = deal.landlord().unwrap();
            assert_eq!(result.scores[landlord.index()].abs(), 2 * result.stake);
            let dealt: u32 = Chair::ALL.iter().map(|&c| deal.dealt(c).len()).sum();
            assert_eq!(dealt, 54);
        }
    }
}

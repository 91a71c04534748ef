//! One deal at a table: the auction, then the play.

use serde::{Deserialize, Serialize};

use crate::bidding::{Auction, AuctionState, Bid};
use crate::cards::Cards;
use crate::game::{Game, Outcome, Scoring};
use crate::seat::{Seat, Team};

use super::casual::{robbing, Ask, Robbing};
use super::{Action, Chair, Rules, TableError};

/// Where a deal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    /// The auction is open (叫分, or 叫地主 and 抢地主).
    Bidding,
    /// Casual rules: farmer 1, farmer 2 and the landlord say whether they
    /// double (加倍).
    Doubling,
    /// Casual rules: the landlord says whether it shows its hand (明牌).
    Showing,
    /// The landlord is known and the cards are being played.
    Playing,
    /// Someone went out: the deal is scored.
    Over,
    /// Everyone passed in the auction: nobody scores, the next deal is dealt.
    Redeal,
}

impl Phase {
    /// The name in JSON, the CLI and the page: `bidding`, `doubling`,
    /// `showing`, `playing`, `over`, `redeal`.
    pub const fn name(self) -> &'static str {
        match self {
            Phase::Bidding => "bidding",
            Phase::Doubling => "doubling",
            Phase::Showing => "showing",
            Phase::Playing => "playing",
            Phase::Over => "over",
            Phase::Redeal => "redeal",
        }
    }
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
    /// What the deal was worth to a farmer before its own 加倍: the bid
    /// (or 2 for each rob), the landlord's 加倍 and 明牌, times the
    /// multiplier of bombs and spring.
    pub stake: i64,
    /// Each chair's score: the landlord wins or loses each farmer's stake
    /// (doubled if that farmer doubled), so the three add up to 0.
    pub scores: [i64; 3],
}

/// A deal at a table: dealt from a seed, bid for from the first bidder's
/// chair on, then played. Every action goes through [`TableDeal::act`], so
/// a deal is always one the rules allow.
#[derive(Clone, Debug)]
pub struct TableDeal {
    rules: Rules,
    number: u32,
    first: Chair,
    auction: Auction,
    game: Option<Game>,
    landlord: Option<Chair>,
    actions: Vec<(Chair, Action)>,
}

impl TableDeal {
    /// Deal `number` of a session under `rules`, its cards
    /// [`Auction::from_seed`]'s, bidder 0 sitting in chair `first`.
    pub fn new(rules: Rules, number: u32, seed: u64, first: Chair) -> TableDeal {
        TableDeal {
            rules,
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
        if let Some(game) = &self.game {
            return match self.pending() {
                Some(Ask::Double) => Phase::Doubling,
                Some(_) => Phase::Showing,
                None if game.is_over() => Phase::Over,
                None => Phase::Playing,
            };
        }
        let all_passed = match self.rules {
            Rules::Tournament => self.auction.state() == AuctionState::AllPassed,
            Rules::Casual => robbing(&self.answers(Ask::Call)) == Robbing::AllPassed,
        };
        if all_passed {
            Phase::Redeal
        } else {
            Phase::Bidding
        }
    }

    /// The casual decision still to be made after the auction, if any.
    fn pending(&self) -> Option<Ask> {
        if self.rules != Rules::Casual || self.game.is_none() {
            return None;
        }
        if self.answers(Ask::Double).len() < 3 {
            Some(Ask::Double)
        } else if self.answers(Ask::Show).is_empty() {
            Some(Ask::Show)
        } else {
            None
        }
    }

    /// The yes and no answers to `ask` so far, in order (calls and robs
    /// together for [`Ask::Call`] and [`Ask::Rob`]).
    fn answers(&self, ask: Ask) -> Vec<bool> {
        let same = |a: Ask| match ask {
            Ask::Call | Ask::Rob => matches!(a, Ask::Call | Ask::Rob),
            _ => a == ask,
        };
        let said = self.actions.iter().filter_map(|&(_, action)| match action {
            Action::Say(a, yes) if same(a) => Some(yes),
            _ => None,
        });
        said.collect()
    }

    /// Each chair's 加倍 (casual rules; none said yet is `false`).
    pub fn doubled(&self) -> [bool; 3] {
        let mut doubled = [false; 3];
        for &(chair, action) in &self.actions {
            if action == Action::Say(Ask::Double, true) {
                doubled[chair.index()] = true;
            }
        }
        doubled
    }

    /// Whether the landlord plays with its hand shown (明牌).
    pub fn shown(&self) -> bool {
        self.actions.iter().any(|&(_, a)| a == Action::Say(Ask::Show, true))
    }

    /// How many times the landlord's place was robbed (抢地主).
    pub fn robs(&self) -> u32 {
        match robbing(&self.answers(Ask::Call)) {
            Robbing::Won { robs, .. } if self.rules == Rules::Casual => robs,
            _ => 0,
        }
    }

    /// Whether no more actions can be made.
    pub fn is_finished(&self) -> bool {
        matches!(self.phase(), Phase::Over | Phase::Redeal)
    }

    /// The chair whose turn it is, if any.
    pub fn to_act(&self) -> Option<Chair> {
        let landlord = self.landlord;
        match (&self.game, self.pending(), self.rules) {
            (Some(_), Some(Ask::Double), _) => Some(landlord?.after(1 + self.answers(Ask::Double).len())),
            (Some(_), Some(_), _) => landlord,
            (Some(game), None, _) if game.is_over() => None,
            (Some(game), None, _) => self.chair_of(game.to_move()),
            (None, _, Rules::Tournament) => match self.auction.state() {
                AuctionState::Open { to_bid } => Some(self.first.after(to_bid)),
                _ => None,
            },
            (None, _, Rules::Casual) => match robbing(&self.answers(Ask::Call)) {
                Robbing::Open { bidder, .. } => Some(self.first.after(bidder)),
                _ => None,
            },
        }
    }

    /// The casual question the chair to act answers now, if any.
    pub fn asks(&self) -> Option<Ask> {
        match (self.rules, &self.game) {
            (Rules::Casual, None) => match robbing(&self.answers(Ask::Call)) {
                Robbing::Open { ask, .. } => Some(ask),
                _ => None,
            },
            _ => self.pending(),
        }
    }

    /// The seat a chair plays this deal, once the auction is won.
    pub fn seat_of(&self, chair: Chair) -> Option<Seat> {
        Some(chair.seat(self.landlord?))
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
        let asks = self.asks();
        match (action, &mut self.game) {
            (Action::Say(ask, _), _) if asks == Some(ask) => {}
            (Action::Say(..), _) => return Err(TableError::WrongPhase(self.expected())),
            (_, _) if asks.is_some() => return Err(TableError::WrongPhase(self.expected())),
            (Action::Bid(bid), None) => self.auction.bid(bid).map_err(TableError::Bid)?,
            (Action::Play(mv), Some(game)) => game.apply(mv).map_err(TableError::Illegal)?,
            (Action::Bid(_), Some(_)) => return Err(TableError::WrongPhase("the auction is over: play a move")),
            (Action::Play(_), None) => return Err(TableError::WrongPhase("the auction is open: bid or pass")),
        }
        self.actions.push((chair, action));
        if self.game.is_none() {
            self.seat_landlord();
        }
        Ok(())
    }

    /// What the chair to act must answer.
    fn expected(&self) -> &'static str {
        match self.asks() {
            Some(Ask::Call) => "call or not (call yes, call no)",
            Some(Ask::Rob) => "rob or not (rob yes, rob no)",
            Some(Ask::Double) => "double or not (double yes, double no)",
            Some(Ask::Show) => "show the hand or not (show yes, show no)",
            None if self.game.is_some() => "play a move",
            None if self.rules == Rules::Casual => "under casual rules: call or rob",
            None => "bid or pass (bid 1, bid 2, bid 3, bid pass)",
        }
    }

    /// Once the auction is won: the landlord's chair and the play.
    fn seat_landlord(&mut self) {
        let won = match self.rules {
            Rules::Tournament => match self.auction.state() {
                AuctionState::Won { landlord, .. } => Some(landlord),
                _ => None,
            },
            Rules::Casual => match robbing(&self.answers(Ask::Call)) {
                Robbing::Won { landlord, .. } => Some(landlord),
                _ => None,
            },
        };
        if let Some(bidder) = won {
            self.landlord = Some(self.first.after(bidder));
            self.game = Some(Game::new(&self.auction.deal_for(bidder)));
        }
    }

    /// The score once someone went out.
    pub fn result(&self) -> Option<DealResult> {
        let game = self.game.as_ref()?;
        let outcome: Outcome = game.outcome()?;
        let landlord = self.landlord?;
        let times = outcome.score(Scoring::Online).abs();
        let doubled = self.doubled();
        let twice = |yes: bool| if yes { 2 } else { 1 };
        let stake = match self.rules {
            Rules::Tournament => i64::from(self.bid()?.points()) * times,
            Rules::Casual => {
                (1i64 << self.robs().min(30)) * twice(doubled[landlord.index()]) * twice(self.shown()) * times
            }
        };
        let sign = if outcome.winning_team() == Team::Landlord {
            1
        } else {
            -1
        };
        let mut scores = [0i64; 3];
        for farmer in [landlord.after(1), landlord.after(2)] {
            let owed = stake * twice(doubled[farmer.index()]);
            scores[farmer.index()] = -sign * owed;
            scores[landlord.index()] += sign * owed;
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
        let mut deal = TableDeal::new(Rules::Tournament, 1, 7, Chair::at(2));
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
        let mut deal = TableDeal::new(Rules::Tournament, 1, 7, Chair::at(0));
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
            let mut deal = TableDeal::new(Rules::Tournament, 1, seed, Chair::at((seed % 3) as usize));
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

    fn say(ask: Ask, yes: bool) -> Action {
        Action::Say(ask, yes)
    }

    #[test]
    fn casual_deals_are_called_robbed_doubled_and_shown_in_turn() {
        let mut deal = TableDeal::new(Rules::Casual, 1, 11, Chair::at(1));
        assert_eq!(deal.asks(), Some(Ask::Call));
        assert!(matches!(
            deal.act(Chair::at(1), Action::Bid(Bid::One)),
            Err(TableError::WrongPhase(_))
        ));
        assert!(matches!(
            deal.act(Chair::at(1), say(Ask::Rob, true)),
            Err(TableError::WrongPhase(_))
        ));
        deal.act(Chair::at(1), say(Ask::Call, true)).unwrap();
        deal.act(Chair::at(2), say(Ask::Rob, true)).unwrap();
        deal.act(Chair::at(0), say(Ask::Rob, false)).unwrap();
        // The caller may rob back; it does not: chair 2 is the landlord.
        assert_eq!((deal.to_act(), deal.asks()), (Some(Chair::at(1)), Some(Ask::Rob)));
        deal.act(Chair::at(1), say(Ask::Rob, false)).unwrap();
        assert_eq!(deal.landlord(), Some(Chair::at(2)));
        assert_eq!(deal.robs(), 1);
        assert_eq!(deal.hand(Chair::at(2)).len(), 20);
        // 加倍: farmer 1, farmer 2, then the landlord; 明牌: the landlord.
        assert_eq!(deal.phase(), Phase::Doubling);
        for (chair, yes) in [(0, true), (1, false), (2, true)] {
            assert_eq!(deal.to_act(), Some(Chair::at(chair)));
            assert!(deal.act(Chair::at(chair), Action::Play(Move::Pass)).is_err());
            deal.act(Chair::at(chair), say(Ask::Double, yes)).unwrap();
        }
        assert_eq!((deal.phase(), deal.to_act()), (Phase::Showing, Some(Chair::at(2))));
        deal.act(Chair::at(2), say(Ask::Show, true)).unwrap();
        assert!(deal.shown());
        assert_eq!((deal.phase(), deal.to_act()), (Phase::Playing, Some(Chair::at(2))));
        let mut player = make_player("greedy", 3).unwrap();
        while let Some(chair) = deal.to_act() {
            let game = deal.game().unwrap();
            let mv = player.choose(&game.view(game.to_move()), &Deadline::NONE);
            deal.act(chair, Action::Play(mv)).unwrap();
        }
        let result = deal.result().unwrap();
        let times = result.stake / (2 * 2 * 2); // one rob, the landlord's 加倍, 明牌
        assert!(times >= 1 && result.stake % 8 == 0, "{result:?}");
        // Farmer 0 doubled: twice farmer 1's stake; the landlord's is the sum.
        assert_eq!(result.scores[0], 2 * result.scores[1]);
        assert_eq!(result.scores.iter().sum::<i64>(), 0);
        assert_eq!(result.scores[1].abs(), result.stake);
    }

    #[test]
    fn nobody_calling_redeals_and_tournament_rules_take_no_casual_answer() {
        let mut deal = TableDeal::new(Rules::Casual, 1, 11, Chair::at(0));
        for chair in Chair::ALL {
            deal.act(chair, say(Ask::Call, false)).unwrap();
        }
        assert_eq!(deal.phase(), Phase::Redeal);
        let mut deal = TableDeal::new(Rules::Tournament, 1, 11, Chair::at(0));
        assert!(matches!(
            deal.act(Chair::at(0), say(Ask::Call, true)),
            Err(TableError::WrongPhase(_))
        ));
        assert_eq!(deal.asks(), None);
    }
}

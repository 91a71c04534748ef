//! What one viewer of a table may see: the one function, [`Table::view`],
//! that the server builds every frame from.

use serde::{Deserialize, Serialize};

use crate::bidding::Bid;
use crate::cards::Cards;
use crate::deal::Deal;
use crate::play::Move;
use crate::seat::Seat;

use super::deal::{DealResult, Phase, TableDeal};
use super::session::Table;
use super::{Action, Ask, Chair, Rules};

/// Who is looking: the person (or AI) in a chair, or a spectator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Viewer {
    /// The holder of a chair: sees its own hand.
    Chair(Chair),
    /// Anyone else: sees what is public.
    Spectator,
}

/// A table as one viewer may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableView {
    /// The table's rules.
    pub rules: Rules,
    /// Who this view is for.
    pub viewer: Viewer,
    /// Each chair's total over the finished deals.
    pub scores: [i64; 3],
    /// Deals dealt so far, the current one included.
    pub deals: u32,
    /// The current (last) deal, if one was dealt.
    pub deal: Option<DealView>,
}

/// A deal as one viewer may see it. Public: the calls, the plays, the
/// counts, and the bottom cards once the auction is won. The viewer's own
/// hand if it holds a chair; every hand only once the deal is finished.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealView {
    /// Its number in the session, from 1.
    pub number: u32,
    /// Where it stands.
    pub phase: Phase,
    /// The chair that bid first.
    pub first: Chair,
    /// Whose turn it is.
    pub to_act: Option<Chair>,
    /// The viewer's cards now (a chair's viewer only).
    pub hand: Option<Cards>,
    /// The cards each chair holds now.
    pub counts: [u8; 3],
    /// The calls, in order (tournament rules).
    pub bids: Vec<(Chair, Bid)>,
    /// The casual decisions, in order: 叫, 抢, 加倍, 明牌.
    #[serde(default)]
    pub says: Vec<(Chair, Action)>,
    /// The casual question the chair to act answers now.
    #[serde(default)]
    pub asks: Option<Ask>,
    /// The landlord's cards now, when it plays them shown (明牌).
    #[serde(default)]
    pub shown: Option<Cards>,
    /// The landlord's chair, once the auction is won.
    pub landlord: Option<Chair>,
    /// The winning bid.
    pub bid: Option<Bid>,
    /// The bottom cards, once the auction is won.
    pub bottom: Option<Cards>,
    /// The plays, in order.
    pub plays: Vec<(Chair, Move)>,
    /// Every chair's hand as dealt (the landlord's with the bottom cards):
    /// only once the deal is finished.
    pub dealt: Option<[Cards; 3]>,
    /// The score, once someone went out.
    pub result: Option<DealResult>,
}

impl DealView {
    /// The seat a chair plays this deal, once the auction is won.
    pub fn seat_of(&self, chair: Chair) -> Option<Seat> {
        Some(chair.seat(self.landlord?))
    }

    /// The deal as its seats held it, landlord first with the bottom
    /// cards: once it is finished with a landlord (for its par).
    pub fn seated_deal(&self) -> Option<Deal> {
        let (dealt, landlord) = (self.dealt?, self.landlord?);
        let hands = [0, 1, 2].map(|k| dealt[landlord.after(k).index()]);
        Deal::new(hands, self.bottom).ok()
    }
}

impl Table {
    /// The table as `viewer` may see it. Every frame a server sends is
    /// built here, so what a viewer may not see is never in it.
    pub fn view(&self, viewer: Viewer) -> TableView {
        TableView {
            rules: self.rules(),
            viewer,
            scores: self.scores(),
            deals: self.deals().len() as u32,
            deal: self.current().map(|deal| deal.view(viewer)),
        }
    }

    /// Every finished deal, whole: what anyone may see of them.
    pub fn history(&self) -> Vec<DealView> {
        let finished = self.deals().iter().filter(|d| d.is_finished());
        finished.map(|deal| deal.view(Viewer::Spectator)).collect()
    }
}

impl TableDeal {
    /// This deal as `viewer` may see it.
    pub fn view(&self, viewer: Viewer) -> DealView {
        let finished = self.is_finished();
        let plays = match self.game() {
            Some(game) => game
                .record()
                .iter()
                .filter_map(|t| Some((self.chair_of(t.seat)?, t.mv)))
                .collect(),
            None => Vec::new(),
        };
        DealView {
            number: self.number(),
            phase: self.phase(),
            first: self.first(),
            to_act: self.to_act(),
            hand: match viewer {
                Viewer::Chair(chair) => Some(self.hand(chair)),
                Viewer::Spectator => None,
            },
            counts: Chair::ALL.map(|c| self.hand(c).len() as u8),
            bids: self.bids(),
            says: self
                .actions()
                .iter()
                .filter(|(_, a)| matches!(a, Action::Say(..)))
                .copied()
                .collect(),
            asks: self.asks(),
            shown: self.landlord().filter(|_| self.shown()).map(|l| self.hand(l)),
            landlord: self.landlord(),
            bid: self.bid(),
            bottom: self.landlord().map(|_| self.bottom()),
            plays,
            dealt: finished.then(|| Chair::ALL.map(|c| self.dealt(c))),
            result: self.result(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::make_player;
    use crate::clock::Deadline;
    use crate::table::bot;

    #[test]
    fn no_view_shows_a_card_it_may_not_until_the_deal_is_finished() {
        for seed in 0..12u64 {
            let rules = if seed % 2 == 0 {
                Rules::Tournament
            } else {
                Rules::Casual
            };
            let mut table = Table::new(rules);
            table.start_deal(seed).unwrap();
            let mut players = Chair::ALL.map(|c| make_player("heuristic", seed + c.index() as u64).unwrap());
            loop {
                let deal = table.current().unwrap();
                for viewer in [
                    Viewer::Spectator,
                    Viewer::Chair(Chair::at(0)),
                    Viewer::Chair(Chair::at(1)),
                    Viewer::Chair(Chair::at(2)),
                ] {
                    let view = table.view(viewer);
                    let shown = view.deal.as_ref().unwrap();
                    // The only fields holding cards: the viewer's hand, the
                    // bottom, the plays and the dealt hands.
                    let mine = match viewer {
                        Viewer::Chair(c) => Some(deal.hand(c)),
                        Viewer::Spectator => None,
                    };
                    assert_eq!(shown.hand, mine);
                    // Only a shown landlord's hand, and only once shown.
                    assert_eq!(shown.shown.is_some(), deal.shown());
                    assert_eq!(shown.bottom.is_some(), deal.landlord().is_some());
                    assert_eq!(shown.dealt.is_some(), deal.is_finished());
                }
                let Some(chair) = table.to_act() else { break };
                let view = table.view(Viewer::Chair(chair));
                let action = bot::choose(&view, &mut *players[chair.index()], &Deadline::NONE)
                    .unwrap()
                    .unwrap();
                table.act(chair, action).unwrap();
            }
            let over = table.view(Viewer::Spectator).deal.unwrap();
            let dealt = over.dealt.unwrap();
            // All hands shown at the end; a redeal's bottom was nobody's.
            let shown = if over.phase == Phase::Redeal { 51 } else { 54 };
            assert_eq!(dealt.iter().map(|c| c.len()).sum::<u32>(), shown);
            assert_eq!(table.history().len(), 1);
            // The seated deal replays to the same end.
            if let Some(deal) = over.seated_deal() {
                let game = table.current().unwrap().game().unwrap();
                let replayed = crate::game::Game::replay(&deal, game.record()).unwrap();
                assert_eq!(replayed.outcome(), game.outcome());
                assert_eq!(deal.bottom(), over.bottom);
            } else {
                assert_eq!(over.phase, Phase::Redeal);
            }
        }
    }
}

//! An AI in a chair, choosing from its [`TableView`] alone: the CLI's
//! table bot, and the server's AI players and 托管 play the same way.

use crate::agents::bidding::{assess, choose_bid};
use crate::agents::Player;
use crate::bidding::Bid;
use crate::cards::Cards;
use crate::clock::Deadline;
use crate::game::{RecordError, SeatView, Turn};

use super::deal::Phase;
use super::view::{DealView, TableView, Viewer};
use super::{Action, Ask, Chair};

/// The action of the chair `view` is for, if it is that chair's turn: the
/// bid [`choose_bid`] makes with its hand, a casual decision by the same
/// assessment ([`say`]), or the move `player` chooses from what the chair
/// sees. An error if the view does not hold together
/// (a view from elsewhere).
pub fn choose(
    view: &TableView,
    player: &mut dyn Player,
    deadline: &Deadline<'_>,
) -> Result<Option<Action>, RecordError> {
    let (Viewer::Chair(me), Some(deal)) = (view.viewer, &view.deal) else {
        return Ok(None);
    };
    let Some(hand) = deal.hand.filter(|_| deal.to_act == Some(me)) else {
        return Ok(None);
    };
    if let Some(ask) = deal.asks {
        return Ok(Some(Action::Say(ask, say(ask, hand))));
    }
    match (deal.phase, deal.landlord) {
        (Phase::Bidding, _) => {
            let highest = deal.bids.iter().map(|&(_, bid)| bid).max();
            Ok(Some(Action::Bid(choose_bid(hand, highest))))
        }
        (Phase::Playing, Some(landlord)) => {
            let turns = turns(deal, landlord);
            let mut counts = [0u8; 3];
            for chair in Chair::ALL {
                counts[chair.seat(landlord).index()] = deal.counts[chair.index()];
            }
            let seat_view = SeatView::from_record(me.seat(landlord), 3, hand, deal.bottom, &turns, counts)?;
            Ok(Some(Action::Play(player.choose(&seat_view, deadline))))
        }
        _ => Ok(None),
    }
}

/// The AI's answer to a casual question with `hand`: it calls a hand it
/// would bid on, robs and doubles with one it would bid 2 or more on,
/// and never shows its hand.
pub fn say(ask: Ask, hand: Cards) -> bool {
    let max = assess(hand).max_bid;
    match ask {
        Ask::Call => max > Bid::Pass,
        Ask::Rob | Ask::Double => max >= Bid::Two,
        Ask::Show => false,
    }
}

fn turns(deal: &DealView, landlord: Chair) -> Vec<Turn> {
    let turns = deal.plays.iter().map(|&(chair, mv)| Turn {
        seat: chair.seat(landlord),
        mv,
    });
    turns.collect()
}

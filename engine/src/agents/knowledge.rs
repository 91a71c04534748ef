//! What one seat can infer about the cards it does not see, and deals of
//! the hidden cards consistent with it.
//!
//! Public information is the seat's own hand, every play so far, the other
//! hands' card counts and the bottom cards. The hidden cards are the deck
//! minus the seat's hand and the played cards. One sound inference narrows
//! them: the landlord was dealt the bottom cards, so it still holds those of
//! them it has not played itself. Passes prove nothing (a seat may always
//! pass when following), so they are not read as voids.

use crate::cards::Cards;
use crate::game::SeatView;
use crate::rng::{self, Rng};
use crate::seat::Seat;

/// A seat's knowledge of the hidden cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Knowledge {
    seat: Seat,
    seats: usize,
    hand: Cards,
    /// Every card this seat has not seen: in the other hands (or, with
    /// fewer than three seats, out of play).
    unseen: Cards,
    /// Cards the landlord surely holds (bottom cards it has not played),
    /// when this seat is not the landlord.
    landlord_holds: Cards,
    counts: [u8; 3],
}

impl Knowledge {
    /// What `view`'s seat knows: the unseen cards, the others' counts, and
    /// the bottom cards the landlord still holds.
    pub fn of(view: &SeatView<'_>) -> Knowledge {
        let played = view.played();
        let unseen = Cards::DECK.minus(view.hand()).minus(played);
        let landlord_holds = match view.bottom() {
            Some(bottom) if view.seat() != Seat::Landlord => {
                let by_landlord = view
                    .record()
                    .iter()
                    .filter(|t| t.seat == Seat::Landlord)
                    .fold(Cards::EMPTY, |acc, t| acc.plus(t.mv.cards()));
                bottom.saturating_minus(by_landlord).intersection(unseen)
            }
            _ => Cards::EMPTY,
        };
        let mut counts = [0; 3];
        for &s in &Seat::ALL[..view.seats()] {
            counts[s.index()] = view.count(s);
        }
        Knowledge {
            seat: view.seat(),
            seats: view.seats(),
            hand: view.hand(),
            unseen,
            landlord_holds,
            counts,
        }
    }

    /// The cards this seat has not seen (a card counter's 记牌器 numbers).
    pub fn unseen(&self) -> Cards {
        self.unseen
    }

    /// Cards the landlord surely still holds, as far as this seat knows.
    pub fn landlord_holds(&self) -> Cards {
        self.landlord_holds
    }

    /// The other seats, in seat order.
    pub fn others(&self) -> impl Iterator<Item = Seat> + '_ {
        Seat::ALL[..self.seats].iter().copied().filter(move |&s| s != self.seat)
    }

    /// One deal of the hidden cards consistent with everything public, drawn
    /// uniformly among them: every hand, this seat's own included.
    pub fn sample(&self, rng: &mut Rng) -> [Cards; 3] {
        let mut hands = [Cards::EMPTY; 3];
        hands[self.seat.index()] = self.hand;
        let mut pool: Vec<crate::cards::Rank> = self.unseen.minus(self.landlord_holds).iter().collect();
        rng::shuffle(rng, &mut pool);
        let mut cards = pool.into_iter();
        for seat in self.others() {
            let mut hand = if seat == Seat::Landlord {
                self.landlord_holds
            } else {
                Cards::EMPTY
            };
            while hand.len() < u32::from(self.counts[seat.index()]) {
                let Some(rank) = cards.next() else { break };
                hand = hand.plus(Cards::of(rank, 1).unwrap_or(Cards::EMPTY));
            }
            hands[seat.index()] = hand;
        }
        hands
    }

    /// `hands` (a deal [`Knowledge::sample`] could give) with one random
    /// card of one other seat traded for one of the other's, the landlord
    /// keeping the cards it surely holds: a step of a local search among
    /// consistent deals. `None` with fewer than two other seats, or when a
    /// side has no card it could give.
    pub fn trade(&self, hands: &[Cards; 3], rng: &mut Rng) -> Option<[Cards; 3]> {
        let mut others = self.others();
        let (a, b) = (others.next()?, others.next()?);
        let free = |seat: Seat| match seat {
            Seat::Landlord => hands[seat.index()].saturating_minus(self.landlord_holds),
            _ => hands[seat.index()],
        };
        let pick = |cards: Cards, rng: &mut Rng| {
            if cards.is_empty() {
                return None;
            }
            let n = rng::below(rng, cards.len());
            cards.iter().nth(n as usize).and_then(|r| Cards::of(r, 1))
        };
        let (from_a, from_b) = (pick(free(a), rng)?, pick(free(b), rng)?);
        let mut out = *hands;
        out[a.index()] = hands[a.index()].checked_sub(from_a)?.checked_add(from_b)?;
        out[b.index()] = hands[b.index()].checked_sub(from_b)?.checked_add(from_a)?;
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::Deal;
    use crate::game::Game;
    use crate::play::Move;

    #[test]
    fn samples_fit_the_counts_and_the_bottom_cards() {
        let deal = Deal::from_seed(3);
        let mut game = Game::new(&deal);
        let mut moves = Vec::new();
        // A few plays in.
        for _ in 0..5 {
            moves.clear();
            game.legal_moves(&mut moves);
            game.apply(moves[0]).unwrap();
        }
        let view = game.view(Seat::Farmer1);
        let k = Knowledge::of(&view);
        assert_eq!(k.unseen(), game.hand(Seat::Landlord).plus(game.hand(Seat::Farmer2)));
        assert!(game.hand(Seat::Landlord).contains(k.landlord_holds()));
        let mut rng = rng::from_seed(1);
        for _ in 0..50 {
            let hands = k.sample(&mut rng);
            assert_eq!(hands[Seat::Farmer1.index()], view.hand());
            for s in [Seat::Landlord, Seat::Farmer2] {
                assert_eq!(hands[s.index()].len(), u32::from(view.count(s)));
            }
            assert_eq!(hands[0].plus(hands[2]), k.unseen());
            assert!(hands[0].contains(k.landlord_holds()));
        }
        let _ = Move::Pass;
    }

    #[test]
    fn trades_keep_a_deal_consistent() {
        let deal = Deal::from_seed(5);
        let game = Game::new(&deal);
        for seat in [Seat::Farmer1, Seat::Landlord] {
            let k = Knowledge::of(&game.view(seat));
            let mut rng = rng::from_seed(2);
            let mut hands = k.sample(&mut rng);
            let start = hands;
            for _ in 0..200 {
                hands = k.trade(&hands, &mut rng).unwrap();
                assert_eq!(hands[seat.index()], game.hand(seat));
                for s in Seat::ALL {
                    assert_eq!(hands[s.index()].len(), start[s.index()].len());
                }
                assert!(hands[0].contains(k.landlord_holds()));
            }
            assert_ne!(hands, start, "trades move cards");
        }
        // A landlord holding only bottom cards has none to trade.
        let k = Knowledge {
            seat: Seat::Farmer1,
            seats: 3,
            hand: "5".parse().unwrap(),
            unseen: "34".parse().unwrap(),
            landlord_holds: "3".parse().unwrap(),
            counts: [1, 1, 1],
        };
        let hands = k.sample(&mut rng::from_seed(3));
        assert_eq!(hands[Seat::Landlord.index()].to_string(), "3");
        assert_eq!(k.trade(&hands, &mut rng::from_seed(3)), None);
    }

    #[test]
    fn the_landlord_sees_no_bottom_constraint() {
        let game = Game::new(&Deal::from_seed(4));
        let k = Knowledge::of(&game.view(Seat::Landlord));
        assert_eq!(k.landlord_holds(), Cards::EMPTY);
        assert_eq!(k.unseen().len(), 34);
    }
}

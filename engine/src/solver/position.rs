//! The state the solver searches: every hand open, whose turn, the play to
//! beat, and the bombs so far (for the score).

use crate::cards::Cards;
use crate::movegen::legal_moves;
use crate::play::{Move, Play};
use crate::seat::Seat;

use super::Utility;

/// A position: every hand, whose turn, and the play to beat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(super) hands: [Cards; 3],
    pub(super) seats: u8,
    pub(super) to_move: Seat,
    pub(super) to_beat: Option<(Seat, Play)>,
    pub(super) bombs: u8,
}

/// Why hands do not make a [`Position`] ([`Position::new`]): the one
/// error of a game's hands and a position's.
pub use crate::game::PositionError;

/// The most cards a hand holds (the one constant is [`crate::limits::MAX_HAND`]).
pub use crate::limits::MAX_HAND;

impl Position {
    /// Hands landlord first (2 or 3 of them); `to_beat` is the play to beat
    /// and who made it (`None`: `to_move` leads).
    pub fn new(hands: &[Cards], to_move: Seat, to_beat: Option<(Seat, Play)>) -> Result<Position, PositionError> {
        let seats = hands.len();
        if !(2..=3).contains(&seats) {
            return Err(PositionError::SeatCount(seats));
        }
        let mut all = Cards::EMPTY;
        let mut padded = [Cards::EMPTY; 3];
        for (i, &h) in hands.iter().enumerate() {
            if h.is_empty() {
                return Err(PositionError::EmptyHand(Seat::ALL[i]));
            }
            if h.len() > MAX_HAND {
                return Err(PositionError::HandTooBig {
                    seat: Seat::ALL[i],
                    cards: h.len(),
                });
            }
            all = all.checked_add(h).ok_or(PositionError::NotFromOneDeck)?;
            padded[i] = h;
        }
        if to_move.index() >= seats {
            return Err(PositionError::NoSuchSeat(to_move));
        }
        if let Some((by, play)) = to_beat {
            if by.index() >= seats {
                return Err(PositionError::NoSuchSeat(by));
            }
            if by == to_move {
                return Err(PositionError::MoverMadeLastPlay(by));
            }
            all.checked_add(play.cards())
                .ok_or(PositionError::LastPlayNotFromDeck)?;
        }
        Ok(Position {
            hands: padded,
            seats: seats as u8,
            to_move,
            to_beat,
            bombs: 0,
        })
    }

    /// The cards `seat` holds (empty for a seat not at the table).
    pub fn hand(&self, seat: Seat) -> Cards {
        self.hands[seat.index()]
    }
    /// Seats at the table: 2 (1v1) or 3.
    pub fn seats(&self) -> usize {
        usize::from(self.seats)
    }
    /// The seat whose turn it is.
    pub fn to_move(&self) -> Seat {
        self.to_move
    }
    /// The play the seat to move must beat, and who made it; `None` on lead.
    pub fn to_beat(&self) -> Option<(Seat, Play)> {
        self.to_beat
    }

    /// The seat that went out, if one has.
    pub fn winner(&self) -> Option<Seat> {
        Seat::ALL[..self.seats()]
            .iter()
            .copied()
            .find(|s| self.hands[s.index()].is_empty())
    }

    /// The moves of the seat to move.
    pub fn moves(&self, out: &mut Vec<Move>) {
        legal_moves(self.hand(self.to_move), self.to_beat.map(|(_, p)| p), out);
    }

    /// The position after `mv` (which must be legal here).
    pub fn after(&self, mv: Move) -> Position {
        let mut next = *self;
        let seat = self.to_move;
        let after = seat.next(self.seats());
        match mv {
            Move::Play(play) => {
                next.hands[seat.index()] = self.hands[seat.index()].minus(play.cards());
                next.to_beat = Some((seat, play));
                next.bombs += u8::from(play.is_bomb_or_rocket());
            }
            Move::Pass => {
                // Everyone else passed: the last player to play leads.
                if matches!(self.to_beat, Some((by, _)) if by == after) {
                    next.to_beat = None;
                }
            }
        }
        next.to_move = after;
        next
    }

    /// `mv` is one of this position's moves.
    pub fn is_legal(&self, mv: Move) -> bool {
        let mut moves = Vec::new();
        self.moves(&mut moves);
        moves.contains(&mv)
    }

    /// The finished position's worth to the landlord under `utility`.
    pub(super) fn landlord_utility(&self, utility: Utility) -> i32 {
        let Some(winner) = self.winner() else { return 0 };
        let sign = if winner == Seat::Landlord { 1 } else { -1 };
        sign * match utility {
            Utility::WinLoss => 1,
            Utility::Score => 1 + i32::from(self.bombs),
            Utility::CardMargin => {
                let losers = Seat::ALL[..self.seats()].iter().filter(|s| s.team() != winner.team());
                losers.map(|s| self.hands[s.index()].len() as i32).sum()
            }
        }
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// The landlord to move with `hands` (written as cards), against
    /// farmer 1's play `beat` if there is one.
    pub fn landlord_to_move(hands: &[&str], beat: Option<&str>) -> Position {
        let hands: Vec<Cards> = hands.iter().map(|h| h.parse().unwrap()).collect();
        let to_beat = beat.map(|b| (Seat::Farmer1, Play::parse(b).unwrap()));
        Position::new(&hands, Seat::Landlord, to_beat).unwrap()
    }

    /// A shuffled deck for random positions, and the generator `seed`
    /// leaves for the test's further draws: half the time only six
    /// neighbouring ranks and the jokers, so bombs, chains and trios abound.
    pub fn random_deck(seed: u64) -> (crate::rng::Rng, Vec<crate::cards::Rank>) {
        use crate::rng;
        let mut r = rng::from_seed(seed);
        let mut deck: Vec<_> = Cards::DECK.iter().collect();
        if seed % 2 == 0 {
            let lo = rng::below(&mut r, 8) as usize;
            deck.retain(|k| (lo..lo + 6).contains(&k.index()) || k.is_joker());
        }
        rng::shuffle(&mut r, &mut deck);
        (r, deck)
    }

    /// Hands of `sizes` cards dealt in turn from `cards` (a deck from
    /// [`random_deck`]), which is left with the cards after them.
    pub fn deal_hands(cards: &mut impl Iterator<Item = crate::cards::Rank>, sizes: &[usize]) -> Vec<Cards> {
        sizes
            .iter()
            .map(|&n| cards.take(n).collect::<Result<Cards, _>>().unwrap())
            .collect()
    }

    #[test]
    fn positions_are_checked() {
        let c = |s: &str| s.parse::<Cards>().unwrap();
        assert_eq!(
            Position::new(&[c("3")], Seat::Landlord, None),
            Err(PositionError::SeatCount(1))
        );
        assert_eq!(
            Position::new(&[c("3"), c("4")], Seat::Farmer2, None),
            Err(PositionError::NoSuchSeat(Seat::Farmer2))
        );
        let three = Play::parse("3").unwrap();
        assert_eq!(
            Position::new(&[c("3"), c("4")], Seat::Landlord, Some((Seat::Landlord, three))),
            Err(PositionError::MoverMadeLastPlay(Seat::Landlord))
        );
        assert_eq!(
            Position::new(&[c("3333"), c("4")], Seat::Farmer1, Some((Seat::Landlord, three))),
            Err(PositionError::LastPlayNotFromDeck)
        );
    }
}

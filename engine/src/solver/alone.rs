//! A farmer alone: three-seat positions where one farmer beats the landlord
//! by itself while its partner passes throughout.
//!
//! With the partner passing, three seats play exactly as the 1v1 endgame of
//! the landlord against that farmer (a pass by the partner hands the turn
//! on just as if it were not there). So if the farmer wins that endgame,
//! the farmers win the position, whatever the partner holds: one 1v1 proof
//! answers every position that differs only in the partner's hand, and the
//! 1v1 search is far smaller than the three-seat one. It proves farmer wins
//! only (a landlord who wins the 1v1 may still lose to the two farmers), so
//! under win/loss alone.

use crate::cards::Cards;
use crate::play::Move;
use crate::seat::Seat;

use super::key::Key;
use super::position::Position;
use super::table::Written;

/// The 1v1 endgame of the landlord against `farmer`, its partner passing
/// throughout, and whether the partner, to move now, passes first; `None`
/// when the position cannot be played that way (the partner is on lead,
/// or made the play to beat).
pub(super) fn endgame(pos: &Position, farmer: Seat) -> Option<(Position, bool)> {
    debug_assert!(pos.seats() == 3 && farmer != Seat::Landlord);
    let partner = if farmer == Seat::Farmer1 {
        Seat::Farmer2
    } else {
        Seat::Farmer1
    };
    let mut p = *pos;
    let partner_passes = p.to_move == partner;
    if partner_passes {
        match p.to_beat {
            Some((by, _)) if by != partner => p = p.after(Move::Pass),
            _ => return None,
        }
    }
    if p.to_beat.is_some_and(|(by, _)| by == partner) {
        return None;
    }
    // The farmer sits in the 1v1 farmer's chair.
    let chair = |s: Seat| if s == Seat::Landlord { s } else { Seat::Farmer1 };
    let endgame = Position {
        hands: [p.hand(Seat::Landlord), p.hand(farmer), Cards::EMPTY],
        seats: 2,
        to_move: chair(p.to_move),
        to_beat: p.to_beat.map(|(by, play)| (chair(by), play)),
        bombs: 0,
    };
    Some((endgame, partner_passes))
}

/// Nodes the 1v1 endgame of a farmer alone may take before it is given
/// up, with `cards` left in all three hands: 1,000, doubled for every 4
/// cards above 30 (64,000 for a whole deal). A proof saves the more nodes
/// the more cards are left, and most endgames asked about are not farmer
/// wins; on 8 whole deals this took a third fewer nodes than 1,000 for all.
pub(super) fn budget(cards: u32) -> u64 {
    1_000 << (cards.saturating_sub(30) / 4)
}

/// Positions searched within a node budget without the proof sought (here
/// the endgames a farmer could not be proven to win alone; the solver's
/// probes keep one too), each with the budget it was given (`u64::MAX`:
/// proven the other way), so that they are tried again only with a larger
/// one. Direct-mapped: a key evicts whatever shared its slot, which only
/// means trying again. Its slots are made on the first insert, so a solver
/// that never asks holds none.
pub(super) struct Refuted {
    /// A key's two halves and its budget: plain words, so that a new
    /// table is asked of the allocator zeroed (fresh pages, no writes).
    slots: Vec<[u64; 3]>,
    size: usize,
    written: Written,
}

impl Refuted {
    pub(super) fn with_slots(slots: usize) -> Refuted {
        Refuted {
            slots: Vec::new(),
            size: slots.next_power_of_two(),
            written: Written::default(),
        }
    }

    fn slot(&self, key: Key) -> usize {
        key.hash() as usize & (self.size - 1)
    }

    /// Whether `key` was refuted with at least `budget` nodes.
    pub(super) fn covers(&self, key: Key, budget: u64) -> bool {
        self.slots
            .get(self.slot(key))
            .is_some_and(|&[hands, rest, b]| Key { hands, rest } == key && b >= budget)
    }

    pub(super) fn insert(&mut self, key: Key, budget: u64) {
        if self.slots.is_empty() {
            // All zeros: `Key::EMPTY` with no budget.
            self.slots = vec![[0; 3]; self.size];
        }
        let i = self.slot(key);
        self.written.note(i, self.size);
        self.slots[i] = [key.hands, key.rest, budget];
    }

    pub(super) fn clear(&mut self) {
        self.slots.fill([0; 3]);
        self.written.forget();
    }

    /// Empties the set, zeroing only the slots written when few were.
    pub(super) fn empty(&mut self) {
        self.written.empty(&mut self.slots);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::Play;

    fn pos(hands: [&str; 3], to_move: Seat, to_beat: Option<(Seat, &str)>) -> Position {
        let hands: Vec<Cards> = hands.iter().map(|h| h.parse().unwrap()).collect();
        let to_beat = to_beat.map(|(s, p)| (s, Play::parse(p).unwrap()));
        Position::new(&hands, to_move, to_beat).unwrap()
    }

    #[test]
    fn the_partner_passes_and_the_farmer_takes_the_1v1_chair() {
        // Farmer 2 alone: farmer 1, to move against the landlord's 5, passes.
        let p = pos(["345", "67", "89"], Seat::Farmer1, Some((Seat::Landlord, "5")));
        let (e, passes) = endgame(&p, Seat::Farmer2).unwrap();
        assert!(passes);
        assert_eq!(e.seats(), 2);
        assert_eq!(e.hand(Seat::Farmer1), "89".parse().unwrap());
        assert_eq!(e.to_move(), Seat::Farmer1);
        assert_eq!(
            e.to_beat().map(|(s, p)| (s, p.to_string())),
            Some((Seat::Landlord, "5".into()))
        );
        // Farmer 2 passing on the landlord's play after farmer 1 passed:
        // the landlord leads again, in 1v1 as in three seats.
        let p = pos(["345", "67", "89"], Seat::Farmer2, Some((Seat::Landlord, "5")));
        let (e, _) = endgame(&p, Seat::Farmer1).unwrap();
        assert_eq!((e.to_move(), e.to_beat()), (Seat::Landlord, None));
        // Farmer 2 passing on farmer 1's play: the landlord must beat it.
        let p = pos(["345", "67", "89"], Seat::Farmer2, Some((Seat::Farmer1, "6")));
        let (e, _) = endgame(&p, Seat::Farmer1).unwrap();
        assert_eq!(e.to_move(), Seat::Landlord);
        assert_eq!(e.to_beat().map(|(s, _)| s), Some(Seat::Farmer1));
    }

    #[test]
    fn a_partner_on_lead_or_with_the_play_to_beat_cannot_stand_aside() {
        let lead = pos(["345", "67", "89"], Seat::Farmer2, None);
        assert!(endgame(&lead, Seat::Farmer1).is_none());
        let beat = pos(["345", "67", "89"], Seat::Landlord, Some((Seat::Farmer2, "9")));
        assert!(endgame(&beat, Seat::Farmer1).is_none());
        assert!(endgame(&beat, Seat::Farmer2).is_some());
    }
}

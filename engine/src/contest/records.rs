//! Hand records, as a bridge club prints them after an event: each
//! board's three hands and bottom cards, its par with the first play, the
//! exact split of each hand, the field's scores and (once scored) every
//! entrant's.

use serde::Serialize;

use crate::agents::{PlayerError, PlayerSpec};
use crate::clock::Clock;
use crate::deal::Deal;
use crate::lab::par::Par;
use crate::play::Play;
use crate::seat::Seat;
use crate::split::Splitter;

use super::boards::Board;
use super::field::{Field, FieldRun};

/// The par's node budget: the built-in library's, so a library deal's par
/// here is the one the library records, the same on every machine.
pub const PAR_NODES: u64 = 2_000_000;

/// One board's record.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HandRecord {
    /// The board (its seed and the entrant's seat).
    pub board: Board,
    /// The deal.
    pub deal: Deal,
    /// Open hands, the landlord to lead, within [`PAR_NODES`].
    pub par: Par,
    /// The exact split of each hand, landlord first.
    pub splits: [Vec<Play>; 3],
    /// The field's scores from the entrant's seat.
    pub field: Field,
}

impl HandRecord {
    /// The record of `board` against `opponents`: the field played, par
    /// searched (a few seconds at most), each hand split.
    pub fn of(board: Board, opponents: PlayerSpec, clock: &dyn Clock) -> Result<HandRecord, PlayerError> {
        let field = FieldRun::new(board, opponents).run()?;
        Ok(HandRecord::with(board, field, Par::of(&board.deal(), PAR_NODES, clock)))
    }

    /// The record from a field and a par found elsewhere (the web worker
    /// plays the field in slices; a library holds the par).
    pub fn with(board: Board, field: Field, par: Par) -> HandRecord {
        let deal = board.deal();
        let mut splitter = Splitter::new();
        let splits = Seat::ALL.map(|s| splitter.best(deal.hand(s)).plays().to_vec());
        HandRecord {
            board,
            deal,
            par,
            splits,
            field,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::MonotonicClock;

    #[test]
    fn a_record_holds_the_whole_deal() {
        let board = Board {
            number: 1,
            seed: 22,
            seat: Seat::Landlord,
        };
        let r = HandRecord::of(board, "L5".parse().unwrap(), &MonotonicClock::default()).unwrap();
        for (seat, split) in Seat::ALL.iter().zip(&r.splits) {
            let cards = split.iter().fold(crate::Cards::EMPTY, |all, p| all.plus(p.cards()));
            assert_eq!(cards, r.deal.hand(*seat));
        }
        // Seed 22's landlord goes out by a static proof.
        assert!(r.par.exact);
        assert_eq!(r.field.games(), 22);
    }
}

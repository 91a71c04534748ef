//! The solver's state, grouped by job: what a solve was asked, what
//! persists between solves, the per-ply scratch space, and the node count
//! with the limits it is held to.

use std::cell::RefCell;

use crate::play::Move;
use crate::seat::Seat;

use super::class::ClassMoves;
use super::ordering::HISTORY_PER_SEAT;
use super::search::{Child, SplitCache};
use super::solve::Deepened;
use super::table::TransTable;
use super::{alone, Shortcuts, SolveOptions, Utility};

/// What the solve under way was asked: set from its options as it starts.
pub(super) struct Asked {
    /// What a finished deal is worth, and so what the table's values mean.
    pub(super) utility: Utility,
    /// The shortcuts this solve uses ([`SolveOptions::shortcuts`]).
    pub(super) shortcuts: Shortcuts,
    /// Whether depth-limited searches look for a farmer alone too (the
    /// iterations of [`SolveOptions::alone_share`]); else only the
    /// full-depth search does.
    pub(super) alone_within_horizon: bool,
}

/// What the solver learns and keeps from one solve to the next (under
/// one utility; another clears what depends on it).
pub(super) struct Memory {
    /// The table size it was made for.
    table_bytes: usize,
    /// The transposition table.
    pub(super) table: TransTable,
    /// The best split of each hand met: for plans, ordering and the estimate.
    pub(super) splits: SplitCache,
    /// Whether the table holds anything yet.
    pub(super) searched: bool,
    /// How often each play (by seat, kind, rank and chain length) has cut
    /// a search off: the history heuristic, which orders the answers to a
    /// play that the split does not rank (halves the nodes of hard proofs).
    pub(super) history: Vec<u32>,
    /// The last best move of each class of positions, for positions the
    /// table has not seen (`class`).
    pub(super) class_moves: ClassMoves,
    /// The 1v1 endgames of a farmer alone that were not proven farmer
    /// wins (`alone`), with a slot per 256 bytes of table.
    pub(super) alone_refuted: alone::Refuted,
    /// The three-seat positions probed without a proof (`PROBE_BUDGET`).
    pub(super) probed: alone::Refuted,
    /// Three-seat positions with a farmer to move found without a sure
    /// answer for the landlord, so that a position met again is not
    /// examined again.
    pub(super) no_answer: alone::Refuted,
    /// The farmer whose endgame alone is searched first: the last one
    /// proven to win alone. In a deal it is mostly the same farmer, and
    /// the other's endgame, searched first, is often given up at its
    /// budget (deals 10, 14 and 25 take a third of the nodes or less).
    pub(super) alone_first: Seat,
    /// The deepest iteration of deepening finished from the last position
    /// solved without a proof: solving it again (the next slice) answers
    /// with it should that call finish none as deep.
    pub(super) deepened: Option<Deepened>,
}

thread_local! {
    /// The memories of solvers dropped on this thread, to be emptied and
    /// used again: the AI players are built afresh for each move (so a
    /// move can be replayed alone), and each would otherwise allocate and
    /// zero megabytes. At most [`SPARE`] are kept.
    static SPARES: RefCell<Vec<Memory>> = const { RefCell::new(Vec::new()) };
}

/// How many memories a thread keeps, and the largest table kept.
const SPARE: usize = 2;
const SPARE_BYTES: usize = 16 << 20;

impl Memory {
    /// Empty, for a table of about `table_bytes`: one kept on this thread
    /// and emptied (exactly as a new one is, but for the split cache, whose
    /// answers never change), else a new one.
    pub(super) fn new(table_bytes: usize) -> Memory {
        let spare = SPARES.with(|spares| {
            let mut spares = spares.borrow_mut();
            let i = spares.iter().position(|m| m.table_bytes == table_bytes)?;
            Some(spares.swap_remove(i))
        });
        match spare {
            Some(mut memory) => {
                memory.empty();
                memory
            }
            None => Memory::fresh(table_bytes),
        }
    }

    /// Kept on this thread for [`Memory::new`], if there is room.
    pub(super) fn keep(self) {
        if self.table_bytes > SPARE_BYTES {
            return;
        }
        // A thread ending drops its spares: nothing to keep then.
        let _ = SPARES.try_with(|spares| {
            let mut spares = spares.borrow_mut();
            if spares.len() < SPARE {
                spares.push(self);
            }
        });
    }

    /// As [`Memory::fresh`] leaves it, but for the split cache.
    fn empty(&mut self) {
        self.table.empty();
        self.searched = false;
        self.history.fill(0);
        self.class_moves.empty();
        self.alone_refuted.empty();
        self.probed.empty();
        self.no_answer.empty();
        self.alone_first = Seat::Farmer1;
        self.deepened = None;
    }

    pub(super) fn fresh(table_bytes: usize) -> Memory {
        Memory {
            table_bytes,
            table: TransTable::with_bytes(table_bytes),
            splits: SplitCache::new(),
            searched: false,
            history: vec![0; 5 * HISTORY_PER_SEAT],
            // As many entries as the table has, at half the size.
            class_moves: ClassMoves::with_bytes(table_bytes.min(SolveOptions::MAX_TABLE_BYTES) / 2),
            alone_refuted: alone::Refuted::with_slots(table_bytes / 256),
            probed: alone::Refuted::with_slots(table_bytes / 256),
            no_answer: alone::Refuted::with_slots(table_bytes / 256),
            alone_first: Seat::Farmer1,
            deepened: None,
        }
    }
}

/// Space the search reuses at each ply instead of allocating it.
#[derive(Default)]
pub(super) struct Scratch {
    /// The moves at each ply.
    pub(super) moves: Vec<Vec<Move>>,
    /// The children at each ply.
    pub(super) children: Vec<Vec<Child>>,
    /// The best line found below each ply by a depth-limited search (the
    /// table keeps an estimate's entries too briefly to read it back).
    pub(super) lines: Vec<Vec<Move>>,
}

/// The nodes searched and where the search must stop.
pub(super) struct Budget {
    /// Positions searched in this solve.
    pub(super) nodes: u64,
    /// Stop once this many nodes are searched (the node budget).
    pub(super) node_limit: u64,
    /// Where the budgeted side search under way (a farmer alone's
    /// endgame, or a probe) stops; `u64::MAX` when none is.
    pub(super) side_limit: u64,
    /// A limit was reached: the search unwinds.
    pub(super) stopped: bool,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            nodes: 0,
            node_limit: u64::MAX,
            side_limit: u64::MAX,
            stopped: false,
        }
    }
}

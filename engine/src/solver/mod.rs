//! The open-hand solver (神算子): negamax with α-β pruning over positions
//! where every hand is known, for 1v1 (landlord against one farmer) and for
//! three seats (landlord against the farmer team).
//!
//! - Values are from the side to move's point of view. A proven result is
//!   worth more than any estimate: `±(PROVEN + utility)`, estimates stay
//!   within `±PROVEN`.
//! - The transposition table (`table`) keeps bounds per position, each
//!   marked *proven* when no horizon estimate went into it, so it is valid
//!   at every depth. Its keys (`key`) are shared by positions that differ
//!   only in ranks the game cannot tell apart.
//! - Static proofs (`control`): on lead, a hand whose best split the
//!   other side cannot stop goes out, and the search stops there.
//! - The landlord's sure answer (`answer`): under win/loss, a farmer to
//!   move whose every play (and its partner's after it) the landlord
//!   answers with a play nobody can beat, keeping a sure win, is a
//!   landlord win without a search.
//! - A farmer alone (`alone`): under win/loss, a three-seat position where
//!   one farmer beats the landlord in the 1v1 endgame of the two, its
//!   partner passing throughout, is a farmer win; those endgames are
//!   searched first, within a node budget, in the same table.
//! - Probes: under win/loss, before a three-seat position's moves are
//!   searched in order, each is first searched within a small node budget
//!   (`PROBE_BUDGET`), so that a move that wins quickly is found even when
//!   the ordering puts a hard one first (a proof search commits to its first
//!   move until that is proven or refuted). The probes' proofs stay in the
//!   table; what they could not prove is searched in full afterwards.
//! - Dominated moves (`dominance`) are never searched.
//! - Moves: a play that goes out first, then the table's best move (else,
//!   with three seats, the last best move of the position's class, `class`),
//!   then the groups of the hand's best split, then the search paper's order
//!   (following: the same kind from the lowest rank, then bombs, then the
//!   pass; leading: the most cards and lowest rank first, bombs last).
//! - First a full-depth search, which proves most endgames outright; if the
//!   time limit comes first, iterative deepening with an estimate at the
//!   horizon (the difference in minimum split play counts, [`Splitter`]),
//!   a ply at a time from the first, without a farmer alone's endgames
//!   (their budgets would take whole iterations).
//!   The clock is read every 16 nodes through the clock seam.

mod alone;
mod answer;
pub mod bench;
mod class;
mod control;
mod dominance;
mod key;
mod lines;
mod moves_run;
mod ordering;
mod position;
mod search;
mod solve;
mod state;
mod table;

use std::mem::ManuallyDrop;

use serde::Serialize;

use crate::play::Move;
use crate::seat::Team;

pub use moves_run::{MoveVerdict, MovesRun};
pub use position::{Position, PositionError, MAX_HAND};
use state::{Asked, Budget, Memory, Scratch};

/// What a finished deal is worth to the landlord.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Utility {
    /// +1 win, −1 loss.
    #[default]
    WinLoss,
    /// The tournament score ±(1 + b), b = bombs and rockets played.
    Score,
    /// The cards the losing side still holds when the winner goes out
    /// (the search paper's margin), signed for the landlord.
    CardMargin,
}

/// Proven values are `±(PROVEN + utility)`; estimates stay inside `±PROVEN`.
const PROVEN: i32 = 1_000_000;
const INFINITY: i32 = i32::MAX / 2;
/// Depths from here up are the full-depth proof search's (it starts at
/// `u8::MAX`; iterative deepening stops long before).
const PROOF_DEPTH: u8 = 128;

/// How to search.
#[derive(Clone, Copy, Debug)]
pub struct SolveOptions {
    /// What a finished deal is worth, and so what the search maximises.
    pub utility: Utility,
    /// Stop by then and answer with the deepest finished search.
    pub time_limit_ms: Option<f64>,
    /// Iterative deepening starts at this depth (plies, 1 or more).
    pub start_depth: u8,
    /// Plies each iteration adds up to depth 16 (1 or more; 4 at a time
    /// beyond). From the first ply one at a time, a whole deal's estimate
    /// names the winner far more often than from 8 plies two at a time,
    /// whose first iteration it seldom finished (the README's Speed).
    pub depth_step: u8,
    /// Transposition table size (for [`Solver::new`]; see
    /// [`SolveOptions::table_bytes_for`] for one sized to the job).
    pub table_bytes: usize,
    /// The share of the limit given to the first, full-depth search (the
    /// rest goes to iterative deepening): 1 to only try for a proof, 0 to
    /// skip it.
    pub proof_share: f64,
    /// With [`Shortcuts::farmer_alone`], the share of what the full-depth
    /// search left that first goes to depth-limited iterations (8 plies,
    /// then 10, …) asking at every new position whether a farmer wins
    /// alone; they answer only with a proof (their estimates are poor, as
    /// they seldom finish), and the deepening with the estimate gets the
    /// rest. They prove farmer wins the full-depth search, committed to
    /// one farmer reply, does not reach, but only given a million nodes or
    /// so, and they cost the estimate depth (`docs/solver.md`): 0, the
    /// default, skips them; a library's par takes them
    /// ([`crate::lab::par::Par::options`]).
    pub alone_share: f64,
    /// The full-depth search starts again from the root after this many
    /// nodes (checked every 1,024), and again after as many more, keeping
    /// its table: a search stuck on a move whose proof or refutation runs
    /// long tries the moves again in the order it has learned since
    /// (`docs/solver.md`, "Restarts"). The default, 1,000,000, proves
    /// deals 24 and 27 within 60 s, which one search does not; budgets up
    /// to 2,000,000 nodes (a library's par gives the proof half) never
    /// restart.
    pub restart_nodes: u64,
    /// Stop after about this many nodes (checked every 1,024), whatever the
    /// clock says: a budget that gives the same answer on every machine.
    pub node_limit: Option<u64>,
    /// Fill in the whole best line (false: the best move only, which is
    /// quicker, and with a node limit the same on every machine).
    pub principal_variation: bool,
    /// The shortcuts to long proofs: all on in [`Self::exhaustive`], all off in
    /// [`Self::sampler`].
    pub shortcuts: Shortcuts,
}

/// The shortcuts to long proofs, each a side search or a rule that pays on a
/// proof of many nodes and would take most of a solve of a few thousand
/// (`docs/solver.md` has what each is worth). Only the presets set them;
/// the crate's tests switch one off to measure it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shortcuts {
    /// Under win/loss with three seats, first look for a farmer who beats
    /// the landlord alone (a 1v1 endgame, searched within a node budget
    /// of its own).
    pub(crate) farmer_alone: bool,
    /// Under win/loss with three seats, search each move first within a
    /// small node budget, outside the search's own probes, before the moves
    /// are searched in full (see the module docs).
    pub(crate) probes: bool,
    /// Under win/loss with three seats, prove a farmer to move lost
    /// without a search when the landlord has a sure answer to whatever
    /// the farmers play (`answer`).
    pub(crate) sure_answers: bool,
    /// Look for plans on lead in the split with each pair or trio nobody
    /// can beat as singles broken into single covers, where the best
    /// split has none (`control::single_covers`).
    pub(crate) single_covers: bool,
}

impl Shortcuts {
    /// Every shortcut on.
    pub(crate) const ALL: Shortcuts = Shortcuts {
        farmer_alone: true,
        probes: true,
        sure_answers: true,
        single_covers: true,
    };
    /// Every shortcut off.
    pub(crate) const NONE: Shortcuts = Shortcuts {
        farmer_alone: false,
        probes: false,
        sure_answers: false,
        single_covers: false,
    };
}

impl SolveOptions {
    /// The largest table a search is given (and the default): 256 MB
    /// natively, where long proofs of whole deals need half the nodes with
    /// it that they need with 64 MB; 64 MB in wasm, within a browser tab.
    pub const MAX_TABLE_BYTES: usize = if cfg!(target_arch = "wasm32") {
        64 << 20
    } else {
        256 << 20
    };
    /// The smallest table (the table's own minimum): 64 KB.
    pub const MIN_TABLE_BYTES: usize = 64 << 10;

    /// A table sized to the job: no larger than the positions `position`
    /// can lead to (hand states grow as 2^cards), nor than a search can
    /// use within `time_limit_ms`, within
    /// [`Self::MIN_TABLE_BYTES`]..=[`Self::MAX_TABLE_BYTES`]. Up to 10 s that
    /// is what a search can fill (about 3 million nodes a second, one
    /// 32-byte entry each, twice over for room), at most 64 MB, which
    /// serves 10 s of a whole deal as well as 256 MB does; beyond, 6.4 MB
    /// a second, so that 256 MB waits for a 40 s limit or none. A small or
    /// short solve then starts at once and holds little memory, and the
    /// table's pages (each costs a fault when first touched) stay few.
    pub fn table_bytes_for(position: &Position, time_limit_ms: Option<f64>) -> usize {
        let cards: u32 = position.hands[..usize::from(position.seats)]
            .iter()
            .map(|h| h.len())
            .sum();
        // 128 bytes per subset of the cards: 2 MB at 14 cards, the most at
        // 21. In u64, so a 32-bit target (wasm) cannot overflow.
        let by_size = if cards < 40 { 128u64 << cards } else { u64::MAX };
        let by_time = match time_limit_ms {
            // `as` saturates: a long limit is simply the most.
            Some(ms) if !ms.is_nan() => {
                let ms = ms.max(0.0);
                ((ms * 3_000.0 * 32.0 * 2.0) as u64)
                    .min(64 << 20)
                    .max((ms * 6_400.0) as u64)
            }
            _ => u64::MAX,
        };
        // Within 64 KB..=256 MB, so the cast back is lossless.
        by_size
            .min(by_time)
            .clamp(Self::MIN_TABLE_BYTES as u64, Self::MAX_TABLE_BYTES as u64) as usize
    }

    /// A search for a proof: win/loss, no limits, the largest table, the
    /// best line in full and every shortcut to long proofs on. Set a limit (and
    /// [`Self::sized_for`] the table) for an answer within it.
    pub fn exhaustive() -> SolveOptions {
        SolveOptions {
            utility: Utility::WinLoss,
            time_limit_ms: None,
            start_depth: 1,
            depth_step: 1,
            table_bytes: SolveOptions::MAX_TABLE_BYTES,
            proof_share: 0.5,
            alone_share: 0.0,
            restart_nodes: 1_000_000,
            node_limit: None,
            principal_variation: true,
            shortcuts: Shortcuts::ALL,
        }
    }

    /// The sampling AI's many small solves: at most `node_limit` nodes and
    /// `time_limit_ms`, the best move only, deepening from 8 plies two at
    /// a time and no shortcut to long proofs (its ladder was measured so).
    pub fn sampler(node_limit: u64, time_limit_ms: Option<f64>) -> SolveOptions {
        SolveOptions {
            node_limit: Some(node_limit),
            time_limit_ms,
            principal_variation: false,
            start_depth: 8,
            depth_step: 2,
            shortcuts: Shortcuts::NONE,
            ..SolveOptions::exhaustive()
        }
    }

    /// These options with the table sized by [`Self::table_bytes_for`].
    pub fn sized_for(self, position: &Position) -> SolveOptions {
        SolveOptions {
            table_bytes: SolveOptions::table_bytes_for(position, self.time_limit_ms),
            ..self
        }
    }
}

/// How deep a search looked: a depth-limited iteration's plies, or to the
/// end of the deal. Serialised as a number, 255 for [`Depth::Full`] (the
/// worker's messages and the CLI's JSON carry it so).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, serde::Deserialize)]
#[serde(into = "u32", try_from = "u32")]
pub enum Depth {
    /// An iteration of iterative deepening, this many plies deep (below
    /// 255).
    Plies(u8),
    /// The full-depth search, to the end of the deal.
    Full,
}

impl Depth {
    /// The depth of a search started at `plies`: `u8::MAX` is how the
    /// full-depth search is started.
    fn of_search(plies: u8) -> Depth {
        if plies == u8::MAX {
            Depth::Full
        } else {
            Depth::Plies(plies)
        }
    }
}

impl From<Depth> for u32 {
    fn from(depth: Depth) -> u32 {
        match depth {
            Depth::Plies(plies) => u32::from(plies),
            Depth::Full => u32::from(u8::MAX),
        }
    }
}

impl TryFrom<u32> for Depth {
    type Error = String;

    fn try_from(n: u32) -> Result<Depth, String> {
        u8::try_from(n)
            .map(Depth::of_search)
            .map_err(|_| format!("a depth of {n} plies is beyond the search's 255"))
    }
}

/// A search's answer, explained.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct SolveResult {
    /// The landlord's value: the utility itself when `exact`, else an
    /// estimate (positive: the landlord is ahead).
    pub value: i32,
    /// Who wins with best play (predicted when not exact).
    pub winner: Team,
    /// Proven by searching to the end of the deal.
    pub exact: bool,
    /// The best move for the side to move.
    pub best: Option<Move>,
    /// The principal variation: best play for both sides from here.
    pub pv: Vec<Move>,
    /// How deep the deepest finished search looked.
    pub depth: Depth,
    /// Positions searched (over every iteration).
    pub nodes: u64,
    /// Milliseconds the search took, on the clock it was given.
    pub ms: f64,
    /// The time limit stopped the search before a proof.
    pub timed_out: bool,
    /// Where the nodes went.
    #[serde(default)]
    pub anatomy: Anatomy,
}

/// How many side searches of one kind ended one way, and the nodes they
/// took.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Tally {
    /// How many.
    pub count: u64,
    /// Their nodes, all together.
    pub nodes: u64,
}

impl Tally {
    fn add(&mut self, nodes: u64) {
        self.count += 1;
        self.nodes += nodes;
    }
}

/// How the side searches of one kind ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Outcomes {
    /// Proven a win for the side that asked.
    pub won: Tally,
    /// Proven a loss for it.
    pub lost: Tally,
    /// Stopped by their budget, unproven.
    pub given_up: Tally,
}

impl Outcomes {
    /// Counts a side search of `nodes` that ended `proven` (or not), and
    /// then `won` (or not) for the side that asked.
    fn add(&mut self, proven: bool, won: bool, nodes: u64) {
        match (proven, won) {
            (true, true) => &mut self.won,
            (true, false) => &mut self.lost,
            (false, _) => &mut self.given_up,
        }
        .add(nodes);
    }
}

/// Where a solve's nodes went, besides its own search: the side searches
/// that three-seat solves under win/loss make before searching a position
/// in full. Their nodes are part of [`SolveResult::nodes`]; a farmer
/// alone's endgame searched inside a probe counts in both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct Anatomy {
    /// Probes: a move searched within 500 nodes before the moves are
    /// searched in full; won and lost are for the side that
    /// made the move.
    pub probes: Outcomes,
    /// A farmer alone: the 1v1 endgame of one farmer against the landlord,
    /// its partner passing throughout, searched within its budget; won
    /// when the farmer wins it, lost when the landlord does.
    pub alone: Outcomes,
}

/// Who wins by the landlord's value of a search (predicted when unproven).
fn predicted_winner(landlord_value: i32) -> Team {
    if landlord_value > 0 {
        Team::Landlord
    } else {
        Team::Farmers
    }
}

/// The solver. Keep one around to reuse its table between searches.
pub struct Solver {
    asked: Asked,
    /// Taken out only on drop, to be kept for the next solver.
    memory: ManuallyDrop<Memory>,
    scratch: Scratch,
    budget: Budget,
    /// This solve's side searches.
    anatomy: Anatomy,
}

impl Solver {
    /// A solver with a transposition table of about `table_bytes` (rounded
    /// down to a power of two of entries, within the table's minimum and
    /// [`SolveOptions::MAX_TABLE_BYTES`]);
    /// [`SolveOptions::sized_for`] picks a size for the job.
    pub fn new(table_bytes: usize) -> Solver {
        Solver {
            asked: Asked {
                utility: Utility::WinLoss,
                shortcuts: Shortcuts::ALL,
                alone_within_horizon: false,
            },
            memory: ManuallyDrop::new(Memory::new(table_bytes)),
            scratch: Scratch::default(),
            budget: Budget::default(),
            anatomy: Anatomy::default(),
        }
    }
}

impl Drop for Solver {
    fn drop(&mut self) {
        // SAFETY: `memory` is never used again: this is the solver's drop.
        let memory = unsafe { ManuallyDrop::take(&mut self.memory) };
        memory.keep();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Cards;
    use crate::clock::MonotonicClock;
    use crate::seat::Seat;

    #[test]
    fn a_solver_on_a_dropped_ones_memory_searches_as_a_new_one() {
        let clock = MonotonicClock::default();
        let deal = |seed| {
            let d = crate::deal::Deal::from_seed(seed);
            Position::new(&d.hands(), Seat::Landlord, None).unwrap()
        };
        let sampler = SolveOptions::sampler(2_000, None);
        let proving = SolveOptions {
            node_limit: Some(30_000),
            ..SolveOptions::exhaustive()
        };
        for (seed, options) in (0..6).zip([sampler, proving].iter().cycle()) {
            let bytes = 8 << 20;
            // The same deal solved on a memory then dropped, so the next
            // solver takes it: anything left in it would show.
            Solver::new(bytes).solve(&deal(seed), options, &clock);
            let reused = Solver::new(bytes).solve(&deal(seed), options, &clock);
            let mut fresh = Solver::new(bytes);
            *fresh.memory = Memory::fresh(bytes);
            let new = fresh.solve(&deal(seed), options, &clock);
            let answer = |r: &SolveResult| (r.value, r.exact, r.best, r.pv.clone(), r.nodes);
            assert_eq!(answer(&reused), answer(&new), "deal {seed}");
        }
    }

    pub(super) fn pos(hands: &[&str]) -> Position {
        let hands: Vec<Cards> = hands.iter().map(|h| h.parse().unwrap()).collect();
        Position::new(&hands, Seat::Landlord, None).unwrap()
    }

    pub(super) fn solve(p: &Position, utility: Utility) -> SolveResult {
        let clock = MonotonicClock::default();
        Solver::new(1 << 20).solve(
            p,
            &SolveOptions {
                utility,
                ..SolveOptions::exhaustive()
            },
            &clock,
        )
    }

    #[test]
    fn going_out_at_once_wins() {
        let r = solve(&pos(&["34567", "2"]), Utility::WinLoss);
        assert!(r.exact);
        assert_eq!(r.winner, Team::Landlord);
        assert_eq!(r.best.map(|m| m.to_string()), Some("34567".into()));
        assert_eq!(r.value, 1);
    }

    #[test]
    fn a_small_endgame_has_the_known_answer() {
        // Landlord 3 and 2 against farmer A: lead the 2 (unbeatable), then the 3.
        let r = solve(&pos(&["32", "A"]), Utility::WinLoss);
        assert!(r.exact);
        assert_eq!(r.winner, Team::Landlord);
        assert_eq!(r.best.map(|m| m.to_string()), Some("2".into()));
        let pv: Vec<String> = r.pv.iter().map(|m| m.to_string()).collect();
        assert_eq!(pv, ["2", "pass", "3"]);
        // Landlord 3 and 4 against farmer KK: whatever the landlord leads, the farmer wins.
        let r = solve(&pos(&["34", "KK"]), Utility::WinLoss);
        assert_eq!((r.winner, r.exact, r.value), (Team::Farmers, true, -1));
    }

    #[test]
    fn utilities_scale_the_value() {
        // The landlord bombs and goes out: score 2, margin = the farmer's 2 cards.
        let p = pos(&["3333", "45"]);
        assert_eq!(solve(&p, Utility::Score).value, 2);
        assert_eq!(solve(&p, Utility::CardMargin).value, 2);
        assert_eq!(solve(&p, Utility::WinLoss).value, 1);
    }

    #[test]
    fn tables_are_sized_to_the_job() {
        let deal = crate::deal::Deal::from_seed(0);
        let whole = Position::new(&deal.hands(), Seat::Landlord, None).unwrap();
        let mb = |limit: Option<f64>| SolveOptions::table_bytes_for(&whole, limit) as f64 / f64::from(1 << 20);
        assert_eq!(mb(Some(100.0)), 100.0 * 192_000.0 / f64::from(1 << 20));
        assert_eq!(mb(Some(10_000.0)), 64.0);
        let longest = SolveOptions::MAX_TABLE_BYTES as f64 / f64::from(1 << 20);
        assert_eq!(mb(None), longest);
        assert_eq!(mb(Some(1e12)), longest);
        if !cfg!(target_arch = "wasm32") {
            assert_eq!(mb(Some(20_000.0)), 20_000.0 * 6_400.0 / f64::from(1 << 20));
            assert_eq!(longest, 256.0);
        }
        // A small endgame: its reachable positions, whatever the limit.
        assert_eq!(SolveOptions::table_bytes_for(&pos(&["3456", "789"]), None), 64 << 10);
        assert_eq!(
            SolveOptions::table_bytes_for(&pos(&["3456789TJ", "JQKA22XD"]), None),
            128 << 17
        );
    }
}

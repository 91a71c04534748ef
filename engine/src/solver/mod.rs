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
mod position;
mod table;

use std::rc::Rc;

use serde::Serialize;

use crate::cards::{Cards, Rank};
use crate::clock::{Clock, Deadline};
use crate::movegen::can_beat;
use crate::play::{readings, Kind, Move, Play};
use crate::seat::{Seat, Team};
use crate::split::Splitter;

use class::ClassMoves;
use control::Plan;
use key::{Key, RankMap};
pub use position::{Position, PositionError, MAX_HAND};
use table::{Bound, Found, Table};

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

/// Positions the longest-resistance line may look at before the plain
/// principal variation is shown instead.
const RESISTANCE_BUDGET: usize = 20_000;
/// Nodes an estimate's line may take to reach its horizon where the
/// table has lost its end ([`Solver::complete_line`]).
const LINE_BUDGET: u64 = 20_000;

/// Proven values are `±(PROVEN + utility)`; estimates stay inside `±PROVEN`.
const PROVEN: i32 = 1_000_000;
const INFINITY: i32 = i32::MAX / 2;
/// Depths from here up are the full-depth proof search's (it starts at
/// `u8::MAX`; iterative deepening stops long before).
const PROOF_DEPTH: u8 = 128;
/// Nodes a probe may take ([`SolveOptions::probes`]). Measured on 8 deals
/// (0, 1, 4, 20, 66, 103, 284, 322; 10 s each): 500 nodes 10.8 M in all,
/// 1,000 12.4 M, 2,000 13.7 M, none 36.1 M with 3 not proven.
const PROBE_BUDGET: u64 = 500;

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
    /// With [`Self::farmer_alone`], the share of what the full-depth
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
    /// Under win/loss with three seats, first look for a farmer who beats
    /// the landlord alone (a 1v1 endgame, searched within a node budget
    /// of its own). It pays on long proofs; a solve of a few thousand
    /// nodes (the sampling AI's) would spend them all there.
    pub farmer_alone: bool,
    /// Under win/loss with three seats, search each move first within a
    /// small node budget, outside the search's own probes, before the moves
    /// are searched in full (see the module docs). Like
    /// [`Self::farmer_alone`], it pays on long proofs only.
    pub probes: bool,
    /// Under win/loss with three seats, prove a farmer to move lost
    /// without a search when the landlord has a sure answer to whatever
    /// the farmers play (`answer`).
    pub sure_answers: bool,
    /// Look for plans on lead in the split with each pair or trio nobody
    /// can beat as singles broken into single covers, where the best
    /// split has none (`control::single_covers`).
    pub single_covers: bool,
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

    /// These options with the table sized by [`Self::table_bytes_for`].
    pub fn sized_for(self, position: &Position) -> SolveOptions {
        SolveOptions {
            table_bytes: SolveOptions::table_bytes_for(position, self.time_limit_ms),
            ..self
        }
    }
}

impl Default for SolveOptions {
    fn default() -> Self {
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
            farmer_alone: true,
            probes: true,
            sure_answers: true,
            single_covers: true,
        }
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
    /// Depth (plies) of the deepest finished iteration.
    pub depth: u32,
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

/// One legal play of the side to move and what the position after it is
/// worth ([`Solver::solve_moves`]).
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize)]
pub struct MoveVerdict {
    /// The play (or the pass).
    pub play: Move,
    /// Who wins after it, with best play from there (predicted when not exact).
    pub winner: Team,
    /// Proven by searching to the end.
    pub exact: bool,
    /// The landlord's value after it: the utility itself when exact, else
    /// an estimate.
    pub value: i32,
    /// Plays that lead to the same position, up to ranks nobody can tell
    /// apart (and so to the same verdict): one entry stands for them all.
    pub same_as: Option<Move>,
}

impl MoveVerdict {
    /// How good the play is for `team`: proven wins first (the larger the
    /// better), then estimates, then proven losses.
    fn rank_for(&self, team: Team) -> (i32, i32) {
        let v = if team == Team::Landlord {
            self.value
        } else {
            -self.value
        };
        let class = match (self.exact, self.winner == team) {
            (true, true) => 3,
            (false, true) => 2,
            (false, false) => 1,
            (true, false) => 0,
        };
        (class, v)
    }
}

/// Who wins by the landlord's value of a search (predicted when unproven).
fn predicted_winner(landlord_value: i32) -> Team {
    if landlord_value > 0 {
        Team::Landlord
    } else {
        Team::Farmers
    }
}

/// [`Solver::solve_moves`] a slice at a time (how the web worker runs it,
/// reporting progress and listening for a cancel between slices).
pub struct MovesRun {
    position: Position,
    options: SolveOptions,
    moves: Vec<Move>,
    /// The positions solved so far, and where their verdicts are in `out`.
    keys: Vec<(Key, usize)>,
    out: Vec<MoveVerdict>,
    started: f64,
    /// Time spent on the play being solved.
    spent: f64,
    /// The play being solved's verdict so far (winner, value, unproven):
    /// its estimate without a search, then what its search found when a
    /// slice ended before its share did.
    pending: Option<(Team, i32)>,
    /// Estimates made without a search, and the time they took: under a
    /// time limit every play gets one first, so what is left to search
    /// keeps back what the plays still to come will need for theirs.
    guesses: u32,
    guess_ms: f64,
}

/// The least share of a time limit worth starting a search with: a search
/// looks at the clock only every 16 nodes.
const MIN_SEARCH_MS: f64 = 0.2;

impl MovesRun {
    /// A run over every legal move of the side to move in `position`, none
    /// solved yet; the best line is not filled in (only the verdicts).
    pub fn new(position: Position, options: SolveOptions, clock: &dyn Clock) -> MovesRun {
        let mut moves = Vec::new();
        position.moves(&mut moves);
        MovesRun {
            position,
            options: SolveOptions {
                principal_variation: false,
                ..options
            },
            moves,
            keys: Vec::new(),
            out: Vec::new(),
            started: clock.now_ms(),
            spent: 0.0,
            pending: None,
            guesses: 0,
            guess_ms: 0.0,
        }
    }

    /// Plays done, of all.
    pub fn progress(&self) -> (usize, usize) {
        (self.out.len(), self.moves.len())
    }

    /// Works for at most `slice_ms`; true when every play has its verdict.
    /// A time limit is for the whole run. Under one, each play first gets
    /// the horizon estimate without a search (tens of microseconds: a
    /// split of each hand); what is left of the limit, less what the plays
    /// still to come will need for their estimates, is shared out among
    /// the plays not yet solved, and a play not proven in its share keeps
    /// its estimate. Once too little is left to search, the plays left keep
    /// their estimates without a search (not proven) rather than overrun
    /// the limit: a hundred plays searched at even a millisecond each
    /// would take ten times a 10 ms limit.
    pub fn advance(&mut self, solver: &mut Solver, clock: &dyn Clock, slice_ms: f64) -> bool {
        let slice_start = clock.now_ms();
        let utility = self.options.utility;
        while let Some(&mv) = self.moves.get(self.out.len()) {
            let child = self.position.after(mv);
            if let Some(w) = child.winner() {
                self.out.push(MoveVerdict {
                    play: mv,
                    winner: w.team(),
                    exact: true,
                    value: child.landlord_utility(utility),
                    same_as: None,
                });
                continue;
            }
            let (key, _) = child.key(utility);
            if let Some(&(_, j)) = self.keys.iter().find(|(k, _)| *k == key) {
                let first = self.out[j].clone();
                self.out.push(MoveVerdict {
                    play: mv,
                    same_as: Some(first.play),
                    ..first
                });
                continue;
            }
            let left_in_slice = slice_ms - (clock.now_ms() - slice_start);
            if left_in_slice <= 0.0 {
                return false;
            }
            let share = match self.options.time_limit_ms {
                None => None,
                Some(ms) => {
                    if self.pending.is_none() {
                        let before = clock.now_ms();
                        let value = solver.estimate_for_landlord(&child);
                        self.guess_ms += clock.now_ms() - before;
                        self.guesses += 1;
                        self.pending = Some((predicted_winner(value), value));
                    }
                    let unsolved = (self.moves.len() - self.out.len()) as f64;
                    let per_guess = self.guess_ms / f64::from(self.guesses.max(1));
                    let left = ms - (clock.now_ms() - self.started) - (unsolved - 1.0) * per_guess;
                    Some(left / unsolved)
                }
            };
            let budget = match share {
                Some(share) => (share - self.spent).min(left_in_slice),
                None => left_in_slice,
            };
            let verdict = match self.pending {
                // Too little time for this play: what it has without (or
                // from an earlier slice of) its search.
                Some((winner, value)) if budget < MIN_SEARCH_MS => (winner, false, value),
                _ => {
                    let r = solver.solve(
                        &child,
                        &SolveOptions {
                            time_limit_ms: budget.is_finite().then_some(budget),
                            node_limit: self.options.node_limit.map(|n| n / self.moves.len().max(1) as u64),
                            ..self.options
                        },
                        clock,
                        &mut (),
                    );
                    self.spent += r.ms;
                    if !r.exact && share.is_none_or(|share| self.spent < share) && self.options.node_limit.is_none() {
                        // Not proven yet, and time is left for it: go on next slice.
                        self.pending = Some((r.winner, r.value));
                        return false;
                    }
                    (r.winner, r.exact, r.value)
                }
            };
            let (winner, exact, value) = verdict;
            self.spent = 0.0;
            self.pending = None;
            self.keys.push((key, self.out.len()));
            self.out.push(MoveVerdict {
                play: mv,
                winner,
                exact,
                value,
                same_as: None,
            });
        }
        true
    }

    /// The verdicts so far, best first for the side to move.
    pub fn verdicts(&self) -> Vec<MoveVerdict> {
        let team = self.position.to_move.team();
        let mut out = self.out.clone();
        // A stable sort keeps equal plays in generation order.
        out.sort_by_key(|v| std::cmp::Reverse(v.rank_for(team)));
        out
    }
}

/// Progress reports, one per finished iteration.
pub trait Progress {
    /// An iteration finished: `depth` plies (255 for the first, full-depth
    /// search), with `nodes` searched and `ms` milliseconds since the solve
    /// started.
    fn iteration(&mut self, depth: u32, nodes: u64, ms: f64);
}

impl Progress for () {
    fn iteration(&mut self, _: u32, _: u64, _: f64) {}
}

/// The best splits of the hands met, in a direct-mapped cache: a hand
/// evicts whatever shared its slot. Splitting takes microseconds, a lookup
/// nanoseconds, and the search asks about the same few thousand hands.
struct SplitCache {
    slots: Vec<(u64, Option<Rc<[Play]>>)>,
}

impl SplitCache {
    const SLOTS: usize = 1 << 16;

    fn new() -> SplitCache {
        SplitCache {
            slots: vec![(0, None); Self::SLOTS],
        }
    }

    fn get(&mut self, hand: Cards, splitter: &mut Splitter) -> Rc<[Play]> {
        let i = (hand.bits().wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 48) as usize;
        match &self.slots[i] {
            (bits, Some(groups)) if *bits == hand.bits() => groups.clone(),
            _ => {
                let groups: Rc<[Play]> = splitter.best(hand).plays().into();
                self.slots[i] = (hand.bits(), Some(groups.clone()));
                groups
            }
        }
    }
}

/// The solver. Keep one around to reuse its table between searches.
pub struct Solver {
    table: Table,
    splitter: Splitter,
    /// The best split of each hand met: for plans, ordering and the estimate.
    splits: SplitCache,
    nodes: u64,
    stopped: bool,
    /// Stop once this many nodes are searched (the node budget).
    node_limit: u64,
    utility: Utility,
    /// Move lists and children per ply, reused.
    scratch: Vec<Vec<Move>>,
    children: Vec<Vec<Child>>,
    /// The best line found below each ply by a depth-limited search (the
    /// table keeps an estimate's entries too briefly to read it back).
    lines: Vec<Vec<Move>>,
    /// Whether the table holds anything yet.
    searched: bool,
    /// How often each play (by seat, kind, rank and chain length) has cut
    /// a search off: the history heuristic, which orders the answers to a
    /// play that the split does not rank (halves the nodes of hard proofs).
    history: Vec<u32>,
    /// The last best move of each class of positions, for positions the
    /// table has not seen (`class`).
    class_moves: ClassMoves,
    /// The 1v1 endgames of a farmer alone that were not proven farmer
    /// wins (`alone`), made on first use, with a slot per 256 bytes of table.
    alone_refuted: alone::Refuted,
    /// Whether this solve looks for them ([`SolveOptions::farmer_alone`]).
    farmer_alone: bool,
    /// Whether depth-limited searches look for them too (the iterations of
    /// [`SolveOptions::alone_share`]); else only the full-depth search does.
    alone_within_horizon: bool,
    /// The three-seat positions probed without a proof ([`PROBE_BUDGET`]).
    probed: alone::Refuted,
    /// Whether this solve probes ([`SolveOptions::probes`]).
    probes: bool,
    /// Whether this solve looks for the landlord's sure answers
    /// ([`SolveOptions::sure_answers`]).
    sure_answers: bool,
    /// Three-seat positions with a farmer to move found without a sure
    /// answer for the landlord, so that a position met again is not
    /// examined again.
    no_answer: alone::Refuted,
    /// Whether plans may use single covers ([`SolveOptions::single_covers`]).
    single_covers: bool,
    /// Where the budgeted search under way (a farmer alone's endgame, or
    /// a probe) stops; `u64::MAX` when none is.
    budget_limit: u64,
    /// This solve's side searches.
    anatomy: Anatomy,
    /// The farmer whose endgame alone is searched first: the last one
    /// proven to win alone. In a deal it is mostly the same farmer, and
    /// the other's endgame, searched first, is often given up at its
    /// budget (deals 10, 14 and 25 take a third of the nodes or less).
    alone_first: Seat,
    /// The deepest iteration of deepening finished from the last position
    /// solved without a proof: solving it again (the next slice) answers
    /// with it should that call finish none as deep.
    deepened: Option<Deepened>,
}

/// A search of the root that finished: what `solve` answers with.
#[derive(Clone)]
struct Finished {
    value: i32,
    proven: bool,
    depth: u8,
    /// The best line, taken as the search finished (a depth-limited
    /// search's own, then the table's): later searches, such as the next,
    /// unfinished iteration, overwrite the table's entries.
    line: Vec<Move>,
}

/// An iteration of deepening that finished, without a proof.
#[derive(Clone)]
struct Deepened {
    /// The position itself, not its key: positions that share a key (ranks
    /// the game cannot tell apart) are other positions to a caller.
    root: Position,
    finished: Finished,
}

impl Solver {
    /// A solver with a transposition table of about `table_bytes` (rounded
    /// down to a power of two of entries, within the table's minimum and
    /// [`SolveOptions::MAX_TABLE_BYTES`]);
    /// [`SolveOptions::sized_for`] picks a size for the job.
    pub fn new(table_bytes: usize) -> Solver {
        Solver {
            table: Table::with_bytes(table_bytes),
            splitter: Splitter::new(),
            splits: SplitCache::new(),
            nodes: 0,
            stopped: false,
            node_limit: u64::MAX,
            utility: Utility::WinLoss,
            scratch: Vec::new(),
            children: Vec::new(),
            lines: Vec::new(),
            searched: false,
            history: vec![0; 5 * HISTORY_PER_SEAT],
            // As many entries as the table has, at half the size.
            class_moves: ClassMoves::with_bytes(table_bytes.min(SolveOptions::MAX_TABLE_BYTES) / 2),
            alone_refuted: alone::Refuted::with_slots(table_bytes / 256),
            farmer_alone: true,
            alone_within_horizon: false,
            probed: alone::Refuted::with_slots(table_bytes / 256),
            probes: true,
            sure_answers: true,
            no_answer: alone::Refuted::with_slots(table_bytes / 256),
            single_covers: true,
            budget_limit: u64::MAX,
            anatomy: Anatomy::default(),
            alone_first: Seat::Farmer1,
            deepened: None,
        }
    }

    /// Whether one farmer alone beats the landlord from `pos`, a
    /// three-seat position under win/loss (`alone`): `Some` with the move
    /// that starts it for the side to move (for the landlord, its move in
    /// the 1v1 proof), searched as a 1v1 endgame in this solver's table
    /// within [`alone::budget`] nodes each, the last farmer to win alone first.
    fn prove_farmer_alone(&mut self, pos: &Position, ply: usize, deadline: &Deadline<'_>) -> Option<Option<Move>> {
        let budget = alone::budget(pos.hands.iter().map(|h| h.len()).sum());
        let farmers = match self.alone_first {
            Seat::Farmer2 => [Seat::Farmer2, Seat::Farmer1],
            _ => [Seat::Farmer1, Seat::Farmer2],
        };
        for farmer in farmers {
            let Some((endgame, partner_passes)) = alone::endgame(pos, farmer) else {
                continue;
            };
            let (key, map) = endgame.key(Utility::WinLoss);
            if self.alone_refuted.covers(key, budget) {
                continue;
            }
            let nodes_before = self.nodes;
            let (value, proven) = self.search_within(&endgame, key, &map, u8::MAX, ply, budget, deadline)?;
            let farmers_win = proven && (value > 0) == (endgame.to_move != Seat::Landlord);
            self.anatomy.alone.add(proven, farmers_win, self.nodes - nodes_before);
            if farmers_win {
                self.alone_first = farmer;
                let first = if partner_passes {
                    Some(Move::Pass)
                } else {
                    self.table_move(key, &map)
                };
                return Some(first);
            }
            self.alone_refuted.insert(key, if proven { u64::MAX } else { budget });
        }
        None
    }

    /// Probes `children` of a three-seat position under win/loss: searches
    /// each within [`PROBE_BUDGET`] nodes, in order, until one is proven a
    /// win for the side to move. Only the table keeps what they found (the
    /// search then reads it as it reads any proof); false if the search as
    /// a whole must stop.
    fn probe(&mut self, children: &[Child], depth: u8, ply: usize, deadline: &Deadline<'_>) -> bool {
        for c in children {
            if c.key == Key::EMPTY {
                if c.known_at_most.is_some_and(|v| v > 0) {
                    break;
                }
                continue;
            }
            if self.probed.covers(c.key, PROBE_BUDGET) || self.table.get(c.key).is_some_and(|e| e.proven) {
                continue;
            }
            let nodes_before = self.nodes;
            let Some((v, proven)) =
                self.search_within(&c.pos, c.key, &c.map, depth - 1, ply + 1, PROBE_BUDGET, deadline)
            else {
                return false;
            };
            let v = if c.same { v } else { -v };
            self.anatomy.probes.add(proven, v > 0, self.nodes - nodes_before);
            if proven && v > 0 {
                break;
            }
            self.probed.insert(c.key, if proven { u64::MAX } else { PROBE_BUDGET });
        }
        true
    }

    /// Searches `pos` with the full window within `budget` nodes (and
    /// within the budgeted search under way, if any): `None` if the solve
    /// as a whole must stop, else the value and whether it is proven (not
    /// when the budget ran out first).
    #[allow(clippy::too_many_arguments)]
    fn search_within(
        &mut self,
        pos: &Position,
        key: Key,
        map: &RankMap,
        depth: u8,
        ply: usize,
        budget: u64,
        deadline: &Deadline<'_>,
    ) -> Option<(i32, bool)> {
        let outer = self.budget_limit;
        self.budget_limit = outer.min(self.nodes + budget);
        let found = self.search(pos, key, map, depth, -INFINITY, INFINITY, ply, deadline);
        self.budget_limit = outer;
        if self.stopped {
            if self.nodes >= outer || self.nodes >= self.node_limit || deadline.expired() {
                return None;
            }
            // Only this budget ran out.
            self.stopped = false;
        }
        Some(found)
    }

    /// Solves `position`. Without a time limit the search runs until the
    /// result is proven. With one (of time or nodes), it first tries to
    /// prove the result with [`SolveOptions::proof_share`] of the limit,
    /// then (three seats, win/loss) with depth-limited iterations that ask
    /// a farmer alone ([`SolveOptions::alone_share`] of the rest), then
    /// deepens iteratively with the horizon estimate until the limit,
    /// answering with the deepest finished iteration.
    /// Calling again continues from the proofs the table kept, and answers
    /// with the deepest iteration finished from the same position over the
    /// calls, so a caller can search in slices (to report progress or be
    /// cancelled between them).
    ///
    /// # Examples
    ///
    /// ```
    /// use engine::clock::MonotonicClock;
    /// use engine::solver::{Position, SolveOptions, Solver};
    /// use engine::{Move, Seat, Team};
    ///
    /// // 1v1, landlord to lead 3KK against the farmer's A: leading a single
    /// // lets the A out, so the pair must go first.
    /// let position = Position::new(&["3KK".parse()?, "A".parse()?], Seat::Landlord, None)?;
    /// let options = SolveOptions::default().sized_for(&position);
    /// let mut solver = Solver::new(options.table_bytes);
    /// let result = solver.solve(&position, &options, &MonotonicClock::default(), &mut ());
    /// assert!(result.exact);
    /// assert_eq!(result.winner, Team::Landlord);
    /// assert_eq!(result.best, Some(Move::parse("KK")?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(
        &mut self,
        position: &Position,
        options: &SolveOptions,
        clock: &dyn Clock,
        progress: &mut dyn Progress,
    ) -> SolveResult {
        let started = clock.now_ms();
        // A NaN limit would never expire (the deadline compares false): take
        // it as no time at all, so garbage in never means "search forever".
        let options = &SolveOptions {
            time_limit_ms: options.time_limit_ms.map(|ms| if ms.is_nan() { 0.0 } else { ms }),
            ..*options
        };
        if options.utility != self.utility {
            // Values under another utility mean nothing now (a new table is empty already).
            if self.searched {
                self.table.clear();
                self.class_moves.clear();
                self.alone_refuted.clear();
                self.probed.clear();
                self.no_answer.clear();
                self.deepened = None;
            }
            self.utility = options.utility;
        }
        self.searched = true;
        self.farmer_alone = options.farmer_alone;
        self.probes = options.probes;
        self.sure_answers = options.sure_answers;
        self.single_covers = options.single_covers;
        self.nodes = 0;
        self.anatomy = Anatomy::default();
        self.stopped = false;
        let mover_sign = if position.to_move.team() == Team::Landlord {
            1
        } else {
            -1
        };
        if let Some(winner) = position.winner() {
            let value = position.landlord_utility(options.utility);
            return SolveResult {
                value,
                winner: winner.team(),
                exact: true,
                best: None,
                pv: vec![],
                depth: 0,
                nodes: 0,
                ms: 0.0,
                timed_out: false,
                anatomy: Anatomy::default(),
            };
        }
        let mut answer: Option<Finished> = None;
        let mut finish = |solver: &mut Solver, value: i32, proven: bool, depth: u8| {
            progress.iteration(u32::from(depth), solver.nodes, clock.now_ms() - started);
            Finished {
                value,
                proven,
                depth,
                line: if depth < PROOF_DEPTH {
                    solver.finished_line(position)
                } else {
                    solver.table_line(position, 200)
                },
            }
        };
        // First, a full-depth search: it proves most endgames fastest.
        let share = options.proof_share.clamp(0.0, 1.0);
        let proof_deadline = match options.time_limit_ms {
            Some(ms) => Deadline::after(clock, ms * share),
            None => Deadline::NONE,
        };
        self.node_limit = options.node_limit.map_or(u64::MAX, |n| (n as f64 * share) as u64);
        let (value, proven) = if share > 0.0 {
            self.prove(position, options.restart_nodes.max(1), &proof_deadline)
        } else {
            (0, false)
        };
        let limited = options.time_limit_ms.is_some() || options.node_limit.is_some();
        if !self.stopped && proven {
            answer = Some(finish(self, value, true, u8::MAX));
        } else if limited {
            self.stopped = false;
            let node_limit = options.node_limit.unwrap_or(u64::MAX);
            let alone_share = options.alone_share.clamp(0.0, 1.0);
            if self.farmer_alone && alone_share > 0.0 && position.seats == 3 && options.utility == Utility::WinLoss {
                // Then iterations that ask a farmer alone, for a proof only.
                let nodes_left = node_limit.saturating_sub(self.nodes);
                self.node_limit = self.nodes.saturating_add((nodes_left as f64 * alone_share) as u64);
                let deadline = match options.time_limit_ms {
                    Some(ms) => Deadline::after(clock, (ms - (clock.now_ms() - started)) * alone_share),
                    None => Deadline::NONE,
                };
                self.alone_within_horizon = true;
                let mut depth = 8u8;
                loop {
                    let (value, proven) = self.negamax(position, depth, -INFINITY, INFINITY, 0, &deadline);
                    if self.stopped {
                        break;
                    }
                    if proven {
                        answer = Some(finish(self, value, true, depth));
                        break;
                    }
                    if depth == u8::MAX {
                        break;
                    }
                    depth = depth.saturating_add(if depth < 16 { 2 } else { 4 });
                }
                self.alone_within_horizon = false;
                self.stopped = false;
            }
        }
        if answer.is_none() && limited {
            // Then iterative deepening with the estimate, until the limit.
            self.node_limit = options.node_limit.unwrap_or(u64::MAX);
            let deadline = match options.time_limit_ms {
                Some(ms) => Deadline::after(clock, ms - (clock.now_ms() - started)),
                None => Deadline::NONE,
            };
            // Iterations already finished from this position come back from
            // the table at once; the deepest of them answers should this
            // call finish none as deep.
            let before = self.deepened.take().filter(|d| d.root == *position);
            let mut depth = options.start_depth.max(1);
            loop {
                let (value, proven) = self.negamax(position, depth, -INFINITY, INFINITY, 0, &deadline);
                if self.stopped {
                    break;
                }
                answer = Some(finish(self, value, proven, depth));
                if proven || depth == u8::MAX {
                    break;
                }
                depth = depth.saturating_add(if depth < 16 { options.depth_step.max(1) } else { 4 });
            }
            if !answer.as_ref().is_some_and(|a| a.proven) {
                let now = answer.map(|finished| Deepened {
                    root: *position,
                    finished,
                });
                // On a tie, this call's (the last of the maxima).
                let deepest = before.into_iter().chain(now).max_by_key(|d| d.finished.depth);
                answer = deepest.as_ref().map(|d| d.finished.clone());
                self.deepened = deepest;
            }
        }
        let Finished {
            value,
            proven: exact,
            depth,
            line,
        } = match answer {
            Some(a) => a,
            // Not even the first iteration finished: fall back to the estimate.
            None => Finished {
                value: self.estimate(position),
                proven: false,
                depth: 0,
                line: Vec::new(),
            },
        };
        let depth = u32::from(depth);
        let landlord_value = mover_sign
            * if exact {
                value.signum() * (value.abs() - PROVEN)
            } else {
                value
            };
        // The search's nodes (the line below may solve positions of its own).
        let (nodes, anatomy) = (self.nodes, self.anatomy);
        let pv = if options.principal_variation && exact {
            let left = options
                .time_limit_ms
                .map_or(50.0, |ms| ms - (clock.now_ms() - started))
                .min(50.0);
            self.node_limit = u64::MAX;
            // The loser's best defence, where it can be found quickly.
            let resistance = if options.utility == Utility::WinLoss {
                self.resistance_line_until(position, RESISTANCE_BUDGET, clock, &Deadline::after(clock, left))
            } else {
                None
            };
            self.stopped = false;
            match resistance {
                Some(line) => line,
                None => self.principal_variation(position, &Deadline::after(clock, left)),
            }
        } else if options.principal_variation {
            self.node_limit = u64::MAX;
            self.complete_line(position, line, depth)
        } else {
            line.into_iter().take(1).collect()
        };
        SolveResult {
            value: landlord_value,
            winner: predicted_winner(landlord_value),
            exact,
            best: pv.first().copied().or_else(|| {
                let mut moves = Vec::new();
                position.moves(&mut moves);
                moves.first().copied()
            }),
            pv,
            depth,
            nodes,
            ms: clock.now_ms() - started,
            timed_out: !exact,
            anatomy,
        }
    }

    /// Every legal play of the side to move in `position`, each with the
    /// verdict of the position after it, best first for the side to move
    /// (a [`MovesRun`] run to the end).
    pub fn solve_moves(&mut self, position: &Position, options: &SolveOptions, clock: &dyn Clock) -> Vec<MoveVerdict> {
        let mut run = MovesRun::new(*position, *options, clock);
        while !run.advance(self, clock, f64::INFINITY) {}
        run.verdicts()
    }

    /// The best line from `position` with the loss delayed as long as
    /// possible: the winning side keeps its win and ends the deal in the
    /// fewest plies, the losing side makes it last the most (the longest
    /// resistance). Exact, by a search of its own over the solver's
    /// verdicts; `None` if that takes more than `budget` positions (then
    /// [`SolveResult::pv`] is the line to show).
    pub fn resistance_line(&mut self, position: &Position, budget: usize, clock: &dyn Clock) -> Option<Vec<Move>> {
        self.resistance_line_until(position, budget, clock, &Deadline::NONE)
    }

    /// [`Solver::resistance_line`], given up (`None`) at `deadline`.
    fn resistance_line_until(
        &mut self,
        position: &Position,
        budget: usize,
        clock: &dyn Clock,
        deadline: &Deadline<'_>,
    ) -> Option<Vec<Move>> {
        let mut memo = std::collections::HashMap::new();
        // Verdicts are win or loss whatever the utility being solved.
        let options = SolveOptions {
            principal_variation: false,
            utility: self.utility,
            ..SolveOptions::default()
        };
        let mut line = Vec::new();
        let mut pos = *position;
        while pos.winner().is_none() {
            let (_, mv) = self.distance(&pos, &options, clock, &mut memo, budget, deadline)?;
            line.push(mv);
            pos = pos.after(mv);
        }
        Some(line)
    }

    /// Plies to the end from `pos` with the winner hurrying and the loser
    /// delaying, and the move that does it.
    fn distance(
        &mut self,
        pos: &Position,
        options: &SolveOptions,
        clock: &dyn Clock,
        memo: &mut std::collections::HashMap<Position, (u32, Move)>,
        budget: usize,
        deadline: &Deadline<'_>,
    ) -> Option<(u32, Move)> {
        if let Some(&known) = memo.get(pos) {
            return Some(known);
        }
        if memo.len() >= budget || deadline.expired() {
            return None;
        }
        let mover = pos.to_move.team();
        let mut moves = Vec::new();
        pos.moves(&mut moves);
        let mut best: Option<(u32, Move)> = None;
        let mut winning = false;
        for &mv in &moves {
            let child = pos.after(mv);
            let keeps_win = match child.winner() {
                Some(w) => w.team() == mover,
                None => {
                    // Within what is left of the deadline, and proven, or
                    // no line at all.
                    let left = deadline.remaining_ms();
                    let bounded = SolveOptions {
                        time_limit_ms: left.is_finite().then_some(left.max(1.0)),
                        proof_share: 1.0,
                        ..*options
                    };
                    let r = self.solve(&child, &bounded, clock, &mut ());
                    if !r.exact || deadline.expired() {
                        return None;
                    }
                    r.winner == mover
                }
            };
            if winning && !keeps_win {
                continue;
            }
            let d = match child.winner() {
                Some(_) => 0,
                None => self.distance(&child, options, clock, memo, budget, deadline)?.0,
            } + 1;
            let better = match best {
                None => true,
                // The first win found replaces any losing line.
                Some(_) if keeps_win && !winning => true,
                Some((b, _)) if keeps_win => d < b,
                Some((b, _)) => d > b,
            };
            winning |= keeps_win;
            if better {
                best = Some((d, mv));
            }
        }
        let found = best?;
        memo.insert(*pos, found);
        Some(found)
    }

    /// The table's best move at `pos`, in `pos`'s ranks.
    fn table_move(&self, key: Key, map: &RankMap) -> Option<Move> {
        self.table
            .get(key)
            .and_then(|e| e.best)
            .and_then(|m| map.restore_move(m))
    }

    /// Best play for both sides, following the table (a proof's entries,
    /// which later searches keep); a position the table lacks (cut short
    /// by a plan) is searched briefly to fill it in.
    fn principal_variation(&mut self, root: &Position, deadline: &Deadline<'_>) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut pos = *root;
        while pos.winner().is_none() && pv.len() < 200 {
            let (key, map) = pos.key(self.utility);
            let mut next = forced_move(&pos, self.utility).or_else(|| self.table_move(key, &map));
            if next.is_none() {
                self.stopped = false;
                self.negamax(&pos, u8::MAX, -INFINITY, INFINITY, 0, deadline);
                next = self.table_move(key, &map);
            }
            let Some(mv) = next.filter(|&mv| pos.is_legal(mv)) else {
                break;
            };
            pv.push(mv);
            pos = pos.after(mv);
        }
        pv
    }

    /// The line at `ply` becomes `c`'s move, the moves the search made
    /// without searching on the way to `c` (passes, going out), and the
    /// line below `c` (empty where it was not searched).
    fn extend_line(&mut self, pos: &Position, c: &Child, ply: usize) {
        let (head, tail) = self.lines.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(c.mv);
        let mut at = pos.after(c.mv);
        while at != c.pos {
            let Some(mv) = forced_move(&at, self.utility) else {
                break;
            };
            line.push(mv);
            at = at.after(mv);
        }
        if c.key != Key::EMPTY && c.known_at_most.is_none() {
            line.extend_from_slice(&tail[0]);
        }
    }

    /// The full-depth search of `root`, started again from the root every
    /// `restart` nodes until it finishes or the node limit or `deadline`
    /// stops it.
    fn prove(&mut self, root: &Position, restart: u64, deadline: &Deadline<'_>) -> (i32, bool) {
        let limit = self.node_limit;
        loop {
            self.node_limit = limit.min(self.nodes.saturating_add(restart));
            let found = self.negamax(root, u8::MAX, -INFINITY, INFINITY, 0, deadline);
            // Stopped by this round's limit alone.
            let again = self.stopped && self.node_limit < limit && !deadline.expired();
            self.node_limit = limit;
            if !again {
                return found;
            }
            self.stopped = false;
        }
    }

    /// The best line of the depth-limited search of `root` just finished,
    /// and on from where it ends as the table has it, without searching.
    fn finished_line(&self, root: &Position) -> Vec<Move> {
        let mut end = LineEnd::new(root, self.lines.first().map_or(&[], Vec::as_slice), self.utility);
        let more = self.table_line(&end.pos, 200usize.saturating_sub(end.line.len()));
        end.extend(&more, self.utility);
        end.line
    }

    /// `line` from `root`, taken on to `depth` searched plies: where it
    /// ends short (a search cut off by an entry of the table, whose own
    /// line the table has since lost), the position there is searched
    /// deeper and deeper toward the depth left, and the line goes on with
    /// the deepest search that finished, round after round, within
    /// [`LINE_BUDGET`] nodes in all.
    fn complete_line(&mut self, root: &Position, line: Vec<Move>, depth: u32) -> Vec<Move> {
        let limit = self.nodes.saturating_add(LINE_BUDGET);
        let mut end = LineEnd::new(root, &line, self.utility);
        loop {
            let more = self.table_line(&end.pos, 200usize.saturating_sub(end.line.len()));
            end.extend(&more, self.utility);
            if end.pos.winner().is_some() || end.searched >= depth || end.line.len() >= 200 || self.nodes >= limit {
                return end.line;
            }
            // Deepening, each search within half of what is left: a
            // position too costly to search to the depth left (a warm
            // table cuts a line near the root) still gets the deepest line
            // the budget allows, and leaves budget for the rounds after.
            let (key, map) = end.pos.key(self.utility);
            let mut below = None;
            for left in 1..=(depth - end.searched) as u8 {
                let budget = (limit - self.nodes) / 2;
                let before = self.nodes;
                self.stopped = false;
                let found = self.search_within(&end.pos, key, &map, left, 0, budget, &Deadline::NONE);
                if found.is_none() || self.nodes - before >= budget {
                    self.stopped = false;
                    break;
                }
                below = self.lines.first().cloned();
            }
            if below.is_none_or(|below| end.extend(&below, self.utility) == 0) {
                return end.line;
            }
        }
    }

    /// The best line as the table has it now, without searching: up to
    /// the first position it lacks, at most `most` moves.
    fn table_line(&self, root: &Position, most: usize) -> Vec<Move> {
        let mut line = Vec::new();
        let mut pos = *root;
        while pos.winner().is_none() && line.len() < most {
            let next = forced_move(&pos, self.utility).or_else(|| {
                let (key, map) = pos.key(self.utility);
                self.table_move(key, &map)
            });
            let Some(mv) = next.filter(|&mv| pos.is_legal(mv)) else {
                break;
            };
            line.push(mv);
            pos = pos.after(mv);
        }
        line
    }

    /// The best split of `hand`, remembered.
    fn groups(&mut self, hand: Cards) -> Rc<[Play]> {
        self.splits.get(hand, &mut self.splitter)
    }

    /// Whether the side to move, on lead with `hand`, surely goes out
    /// ([`control`]): `Ok` with the first move, or `Err` with a group
    /// worth trying first. A covered plan is checked against the
    /// opponents going out on their answers.
    fn sure_win(&mut self, pos: &Position, hand: Cards) -> Result<Move, Option<Move>> {
        let groups = self.groups(hand);
        self.sure_win_with(pos, &groups)
    }

    /// [`Solver::sure_win`] with the hand's split at hand.
    fn sure_win_with(&mut self, pos: &Position, groups: &[Play]) -> Result<Move, Option<Move>> {
        self.sure_win_margin(pos, groups, 0)
    }

    /// [`Solver::sure_win_with`] with the opponents allowed to have shed up
    /// to `margin` plays each first (a covered plan then needs as many more
    /// plays between them and going out); where the split has no plan, the
    /// split with single covers ([`SolveOptions::single_covers`]).
    fn sure_win_margin(&mut self, pos: &Position, groups: &[Play], margin: u32) -> Result<Move, Option<Move>> {
        let plain = self.plan_holds(pos, groups, margin);
        if plain.is_ok() || !self.single_covers {
            return plain;
        }
        match control::single_covers(pos, groups) {
            Some(split) => self.plan_holds(pos, &split, margin).or(plain),
            None => plain,
        }
    }

    /// The plan of `groups` on lead, a covered one checked against the
    /// opponents going out on their answers (with `margin` plays to spare).
    fn plan_holds(&mut self, pos: &Position, groups: &[Play], margin: u32) -> Result<Move, Option<Move>> {
        match control::plan_on_lead(pos, groups) {
            Plan::Wins(first) => Ok(first),
            Plan::Covered { first, answers } => {
                let [a, b] = control::opponent_pair(pos);
                let enough = |n: usize| n as u32 > answers + margin;
                if enough(self.groups(a).len()) && (b.is_empty() || enough(self.groups(b).len())) {
                    Ok(first)
                } else {
                    Err(Some(first))
                }
            }
            Plan::Open(group) => Err(group),
        }
    }

    /// Following: a play nobody can beat that leaves a sure win on lead.
    fn quick_win_following(&mut self, pos: &Position, moves: &[Move]) -> Option<Move> {
        let hand = pos.hand(pos.to_move);
        moves.iter().copied().find(|&mv| match mv {
            Move::Play(p) => control::unbeatable(pos, p) && self.sure_win(pos, hand.minus(p.cards())).is_ok(),
            Move::Pass => false,
        })
    }

    /// The value of `pos` for the side to move, searching `depth` plies.
    /// The flag says whether it is proven (no estimate was used).
    fn negamax(
        &mut self,
        pos: &Position,
        depth: u8,
        alpha: i32,
        beta: i32,
        ply: usize,
        deadline: &Deadline<'_>,
    ) -> (i32, bool) {
        let (key, map) = pos.key(self.utility);
        self.search(pos, key, &map, depth, alpha, beta, ply, deadline)
    }

    /// [`Solver::negamax`] with the position's key already made.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        pos: &Position,
        key: Key,
        map: &RankMap,
        depth: u8,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        deadline: &Deadline<'_>,
    ) -> (i32, bool) {
        self.nodes += 1;
        // The clock every 16 nodes (a node that splits new hands can take
        // tens of microseconds); the node limit every 1,024 as it always
        // was, so a budget gives the same answer on every machine.
        if self.nodes >= self.budget_limit
            || (self.nodes & 15 == 0 && deadline.expired())
            || (self.nodes & 1023 == 0 && self.nodes >= self.node_limit)
        {
            self.stopped = true;
        }
        if self.stopped {
            return (0, false);
        }
        if depth < PROOF_DEPTH {
            if self.lines.len() <= ply + 1 {
                self.lines.resize_with(ply + 2, Vec::new);
            }
            self.lines[ply].clear();
        }
        let nodes_before = self.nodes;
        let mut table_move = None;
        if let Some(e) = self.table.get(key) {
            // The proof search follows proofs only: an estimate's best move
            // changes from one deepening to the next, and a search resumed
            // in slices would be steered afresh by each.
            if e.proven || depth < PROOF_DEPTH {
                table_move = e.best.and_then(|m| map.restore_move(m));
            }
            if e.proven || e.depth >= depth {
                match e.bound {
                    Bound::Exact => return (e.value, e.proven),
                    Bound::Lower if e.value >= beta => return (e.value, e.proven),
                    Bound::Upper if e.value <= alpha => return (e.value, e.proven),
                    _ => {}
                }
            }
        }
        // No value can be better than the best finish there is. A window
        // wholly outside [-cap, cap] is answered by the cap itself: searching
        // with the window clamped empty would return a value that is no
        // bound at all (the cap varies by position under card margin).
        let cap = self.cap(pos);
        if alpha >= cap {
            return (cap, true);
        }
        if beta <= -cap {
            return (-cap, true);
        }
        beta = beta.min(cap);
        alpha = alpha.max(-cap);
        if self.sure_answers
            && pos.seats == 3
            && self.utility == Utility::WinLoss
            && pos.to_move.team() == Team::Farmers
            && self.landlord_answers(pos, key)
        {
            // The farmers have lost; any of their moves will do for the line.
            let mut moves = Vec::new();
            pos.moves(&mut moves);
            let found = Found {
                value: -(PROVEN + 1),
                bound: Bound::Exact,
                depth,
                proven: true,
                best: moves.first().map(|&m| map.rename_move(m)),
            };
            self.table.put(key, found, 1);
            return (-(PROVEN + 1), true);
        }
        // Within a horizon only when asked: each endgame's budget (64,000
        // nodes at the first play) would take a whole iteration of the
        // deepening that gives the estimate.
        if self.farmer_alone
            && (depth >= PROOF_DEPTH || self.alone_within_horizon)
            && pos.seats == 3
            && self.utility == Utility::WinLoss
        {
            if let Some(first) = self.prove_farmer_alone(pos, ply, deadline) {
                let value = if pos.to_move == Seat::Landlord {
                    -(PROVEN + 1)
                } else {
                    PROVEN + 1
                };
                let found = Found {
                    value,
                    bound: Bound::Exact,
                    depth,
                    proven: true,
                    best: first.map(|m| map.rename_move(m)),
                };
                self.table.put(key, found, self.nodes - nodes_before);
                return (value, true);
            }
            if self.stopped {
                return (0, false);
            }
        }
        let hand = pos.hand(pos.to_move);
        if depth == 0 {
            // Going out at once is not an estimate.
            if let Some(out) = going_out(pos) {
                return (self.terminal_value(&pos.after(Move::Play(out)), pos.to_move), true);
            }
            return (self.estimate(pos), false);
        }
        // Three seats only: in 1v1 endgames the class's move costs nodes.
        let class = (pos.seats == 3).then(|| class::of(pos));
        if let Some(class) = class {
            self.class_moves.prefetch(class);
        }
        let groups = self.groups(hand);
        let mut first_group = None;
        if pos.to_beat.is_none() {
            match self.sure_win_with(pos, &groups) {
                Ok(first) => {
                    if let Some(win) = self.record_sure_win(key, map, depth, beta, first) {
                        return win;
                    }
                }
                Err(group) => first_group = group,
            }
        }
        if self.scratch.len() <= ply {
            self.scratch.push(Vec::with_capacity(128));
        }
        let mut moves = std::mem::take(&mut self.scratch[ply]);
        moves.clear();
        pos.moves(&mut moves);
        if pos.to_beat.is_some() {
            if let Some(first) = self.quick_win_following(pos, &moves) {
                if let Some(win) = self.record_sure_win(key, map, depth, beta, first) {
                    self.scratch[ply] = moves;
                    return win;
                }
            }
        }
        if moves.len() > 2 {
            dominance::prune(&mut moves, pos);
        }
        // Holding a bomb nobody can beat, letting a play go costs little.
        let pass_early = pos.to_beat.is_some() && control::holds_top_bomb(pos);
        // A farmer whose partner's play the landlord cannot beat lets it
        // stand: the partner leads next.
        let partner_holds = pos
            .to_beat
            .is_some_and(|(by, p)| by.team() == pos.to_move.team() && !can_beat(pos.hand(Seat::Landlord), p));
        // Else the last best move of its class, if it is a move here.
        let class_move = class
            .filter(|_| table_move.is_none())
            .and_then(|class| self.class_moves.get(class))
            .filter(|m| moves.contains(m));
        let history = &self.history[history_base(pos)..][..HISTORY_PER_SEAT];
        order(
            &mut moves,
            hand,
            &groups,
            table_move.or(class_move).or(first_group),
            pass_early,
            partner_holds,
            history,
        );

        // The children, and what the table already proves of them: one may
        // cut off at once, others may be known too weak to search
        // (enhanced transposition cutoffs).
        let mover = pos.to_move.team();
        if self.children.len() <= ply {
            self.children.push(Vec::with_capacity(128));
        }
        let mut children = std::mem::take(&mut self.children[ply]);
        children.clear();
        for &mv in &moves {
            let mut child = pos.after(mv);
            // A seat that cannot beat the play can only pass: skip past it.
            while child.winner().is_none()
                && child
                    .to_beat
                    .is_some_and(|(_, p)| !can_beat(child.hand(child.to_move), p))
            {
                child = child.after(Move::Pass);
            }
            let same = child.to_move.team() == mover;
            // Under win/loss a seat that can go out at once does (nothing
            // wins more): the child is as good as finished.
            if self.utility == Utility::WinLoss && child.winner().is_none() {
                if let Some(out) = going_out(&child) {
                    child = child.after(Move::Play(out));
                }
            }
            if child.winner().is_some() {
                let v = self.terminal_value(&child, pos.to_move);
                children.push(Child {
                    mv,
                    pos: child,
                    key: Key::EMPTY,
                    map: *map,
                    same,
                    known_at_most: Some(v),
                });
                continue;
            }
            let (ckey, cmap) = child.key(self.utility);
            self.table.prefetch(ckey);
            children.push(Child {
                mv,
                pos: child,
                key: ckey,
                map: cmap,
                same,
                known_at_most: None,
            });
        }
        if self.probes
            && pos.seats == 3
            && self.utility == Utility::WinLoss
            && depth >= PROOF_DEPTH
            && self.budget_limit == u64::MAX
            && children.len() > 1
            && !self.probe(&children, depth, ply, deadline)
        {
            self.scratch[ply] = moves;
            self.children[ply] = children;
            return (0, false);
        }
        for c in children.iter_mut() {
            if c.key == Key::EMPTY {
                continue;
            }
            let Some(e) = self.table.get(c.key).filter(|e| e.proven) else {
                continue;
            };
            // The child's bound, from the mover's side.
            let (at_least, at_most) = match (e.bound, c.same) {
                (Bound::Exact, true) => (e.value, e.value),
                (Bound::Exact, false) => (-e.value, -e.value),
                (Bound::Lower, true) | (Bound::Upper, false) => (if c.same { e.value } else { -e.value }, INFINITY),
                (Bound::Upper, true) | (Bound::Lower, false) => (-INFINITY, if c.same { e.value } else { -e.value }),
            };
            if at_least >= beta {
                let found = Found {
                    value: at_least,
                    bound: Bound::Lower,
                    depth,
                    proven: true,
                    best: Some(map.rename_move(c.mv)),
                };
                self.table.put(key, found, self.nodes - nodes_before);
                self.scratch[ply] = moves;
                self.children[ply] = children;
                return (at_least, true);
            }
            if at_most < INFINITY {
                c.known_at_most = Some(at_most);
            }
        }

        let alpha_in = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut all_proven = true;
        let mut cut_proven = None;
        for c in &children {
            let (v, proven) = match c.known_at_most {
                // Known (terminal, or proven no better than alpha): no search.
                Some(v) if c.key == Key::EMPTY || v <= alpha => (v, true),
                _ if c.same => self.search(&c.pos, c.key, &c.map, depth - 1, alpha, beta, ply + 1, deadline),
                _ => {
                    let (v, p) = self.search(&c.pos, c.key, &c.map, depth - 1, -beta, -alpha, ply + 1, deadline);
                    (-v, p)
                }
            };
            if self.stopped {
                self.scratch[ply] = moves;
                self.children[ply] = children;
                return (0, false);
            }
            all_proven &= proven;
            if v > best {
                best = v;
                best_move = Some(c.mv);
                if depth < PROOF_DEPTH {
                    self.extend_line(pos, c, ply);
                }
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                cut_proven = Some(proven);
                let h = &mut self.history[history_base(pos) + history_index(c.mv)];
                *h = h.saturating_add(1);
                break;
            }
        }
        self.children[ply] = children;
        self.scratch[ply] = moves;
        let proven = cut_proven.unwrap_or(all_proven);
        let bound = if cut_proven.is_some() {
            Bound::Lower
        } else if best <= alpha_in {
            Bound::Upper
        } else {
            Bound::Exact
        };
        // Proofs only, as the table's moves (an estimate's best move would
        // steer a proof search resumed in slices somewhere else).
        if let (Some(class), Some(mv)) = (class, best_move.filter(|_| proven && bound != Bound::Upper)) {
            self.class_moves.put(class, mv);
        }
        let found = Found {
            value: best,
            bound,
            depth,
            proven,
            best: best_move.map(|m| map.rename_move(m)),
        };
        self.table.put(key, found, self.nodes - nodes_before);
        (best, proven)
    }

    /// Stores a sure win starting with `first`. It is worth at least the
    /// least win (exactly that under win/loss): the search can stop if that
    /// is enough.
    fn record_sure_win(&mut self, key: Key, map: &RankMap, depth: u8, beta: i32, first: Move) -> Option<(i32, bool)> {
        let value = PROVEN + 1;
        let found = Found {
            value,
            bound: Bound::Lower,
            depth,
            proven: true,
            best: Some(map.rename_move(first)),
        };
        self.table.put(key, found, 1);
        (value >= beta || self.utility == Utility::WinLoss).then_some((value, true))
    }

    /// The most any finish of `pos` can be worth, as a proven value.
    fn cap(&self, pos: &Position) -> i32 {
        PROVEN
            + match self.utility {
                Utility::WinLoss => 1,
                Utility::Score => {
                    let all = pos.hands.iter().fold(Cards::EMPTY, |a, &h| a.plus(h));
                    let bombs = all.ranks_with_at_least(4).count_ones() + u32::from(all.contains(Cards::JOKERS));
                    1 + i32::from(pos.bombs) + bombs as i32
                }
                Utility::CardMargin => pos.hands.iter().map(|h| h.len() as i32).sum(),
            }
    }

    /// A finished position's value for the team of `mover` (who just moved).
    fn terminal_value(&self, finished: &Position, mover: Seat) -> i32 {
        let landlord = finished.landlord_utility(self.utility);
        let v = landlord.signum() * (PROVEN + landlord.abs());
        if mover.team() == Team::Landlord {
            v
        } else {
            -v
        }
    }

    /// The horizon estimate for the side to move: how many fewer plays it
    /// needs than the other side to go out (minimum splits), with a bonus
    /// for holding the lead.
    fn estimate(&mut self, pos: &Position) -> i32 {
        let mover = pos.to_move.team();
        let mut own = usize::MAX;
        let mut other = usize::MAX;
        for &seat in &Seat::ALL[..pos.seats()] {
            let plays = self.groups(pos.hand(seat)).len();
            if seat.team() == mover {
                own = own.min(plays);
            } else {
                other = other.min(plays);
            }
        }
        let lead = i32::from(pos.to_beat.is_none());
        100 * (other as i32 - own as i32) + 50 * lead
    }

    /// The horizon estimate of `pos` for the landlord, without a search
    /// (as an unproven [`SolveResult::value`]): for when there is no time
    /// left to search at all.
    pub fn estimate_for_landlord(&mut self, pos: &Position) -> i32 {
        let value = self.estimate(pos);
        if pos.to_move.team() == Team::Landlord {
            value
        } else {
            -value
        }
    }
}

/// A line being made ([`Solver::complete_line`]): its moves, the
/// position at its end, and how many of its moves were searched plies.
struct LineEnd {
    line: Vec<Move>,
    pos: Position,
    searched: u32,
}

impl LineEnd {
    /// `moves` from `root`, as far as they are legal and the deal goes on.
    fn new(root: &Position, moves: &[Move], utility: Utility) -> LineEnd {
        let mut end = LineEnd {
            line: Vec::new(),
            pos: *root,
            searched: 0,
        };
        end.extend(moves, utility);
        end
    }

    /// Appends `moves` while they are legal and the deal goes on; how many.
    fn extend(&mut self, moves: &[Move], utility: Utility) -> usize {
        let before = self.line.len();
        for &mv in moves {
            if self.pos.winner().is_some() || !self.pos.is_legal(mv) {
                break;
            }
            self.searched += u32::from(forced_move(&self.pos, utility).is_none());
            self.pos = self.pos.after(mv);
            self.line.push(mv);
        }
        self.line.len() - before
    }
}

/// The move the search makes without searching: a seat that cannot beat
/// the play passes; under win/loss, a seat that can go out at once does.
fn forced_move(pos: &Position, utility: Utility) -> Option<Move> {
    match pos.to_beat {
        Some((_, p)) if !can_beat(pos.hand(pos.to_move), p) => Some(Move::Pass),
        _ if utility == Utility::WinLoss => going_out(pos).map(Move::Play),
        _ => None,
    }
}

/// The play with which the seat to move goes out at once, if it has one.
fn going_out(pos: &Position) -> Option<Play> {
    let hand = pos.hand(pos.to_move);
    if !could_be_one_play(hand) {
        return None;
    }
    let to_beat = pos.to_beat.map(|(_, p)| p);
    readings(hand).into_iter().find(|p| to_beat.is_none_or(|t| p.beats(t)))
}

/// A quick filter for [`readings`] (which is slow for long hands): false
/// when `hand` is surely not one play.
fn could_be_one_play(hand: Cards) -> bool {
    let n = hand.len();
    if n <= 5 {
        return true;
    }
    let [m1, m2, m3, m4] = [1, 2, 3, 4].map(|k| hand.ranks_with_at_least(k));
    // The ranks of `m` are consecutive.
    let run = |m: u16| {
        let m = m >> m.trailing_zeros();
        m & (m + 1) == 0
    };
    if m3 != 0 {
        // An airplane (with or without wings), or four with two.
        return m3 & (m3 >> 1) != 0 || (m4 != 0 && (n == 6 || n == 8));
    }
    // A straight or a pair chain.
    (m2 == 0 || m2 == m1) && run(m1)
}

/// A move being searched, and the position after it.
struct Child {
    mv: Move,
    pos: Position,
    /// `Key::EMPTY` when the move ends the deal.
    key: Key,
    map: RankMap,
    /// The mover's team moves again (a farmer after the partner).
    same: bool,
    /// A proven bound on its value for the mover: the value itself when
    /// the deal is over.
    known_at_most: Option<i32>,
}

/// History entries per seat: one per kind, rank and chain length. Per
/// seat, not per team: the two farmers' hands answer differently (4% fewer
/// nodes on the whole deals proven within 10 s than one table for both).
const HISTORY_PER_SEAT: usize = Kind::ALL.len() * 16 * 16;

/// Where the history of the seat to move starts: 1v1 seats apart from
/// three-seat ones, whose endgames with a farmer alone share the table.
fn history_base(pos: &Position) -> usize {
    (pos.to_move.index() + if pos.seats == 2 { 3 } else { 0 }) * HISTORY_PER_SEAT
}

fn history_index(mv: Move) -> usize {
    match mv {
        Move::Pass => 0,
        Move::Play(p) => (p.kind() as usize * 16 + p.rank() as usize) * 16 + (p.chain_len() as usize & 15),
    }
}

/// Orders moves: a play that goes out first, then `hint` (the table's move,
/// else the class's, else the group the sure-win check suggests), then
/// (a farmer following a partner's play the landlord cannot beat) the
/// pass; following, the split's groups, then the other plays (bombs and the
/// rocket last) by how often they have cut off (the history heuristic),
/// ties in the generated order, lowest rank first; leading, the split's groups
/// first, then the most cards and lowest rank, bombs and the rocket last.
fn order(
    moves: &mut [Move],
    hand: Cards,
    groups: &[Play],
    hint: Option<Move>,
    pass_early: bool,
    partner_holds: bool,
    history: &[u32],
) {
    if !moves.contains(&Move::Pass) {
        // The split's groups first, lowest first; then the paper's order.
        let mut first = 0;
        for g in groups {
            if let Some(i) = moves[first..].iter().position(|m| *m == Move::Play(*g)) {
                moves.swap(first, first + i);
                first += 1;
            }
        }
        moves[..first].sort_unstable_by_key(|m| m.play().map(|p| p.rank()));
        moves[first..].sort_by_key(|m| match m {
            Move::Play(p) => (
                p.is_bomb_or_rocket(),
                20 - p.cards().len(),
                p.rank(),
                p.kind() == Kind::Rocket,
            ),
            Move::Pass => (true, 20, Rank::RedJoker, true),
        });
    } else {
        let mut first = 0;
        for i in 0..moves.len() {
            if matches!(moves[i], Move::Play(p) if groups.contains(&p) && !p.is_bomb_or_rocket()) {
                moves[first..=i].rotate_right(1);
                first += 1;
            }
        }
        if pass_early {
            // Then the pass, before plays that break the split.
            if let Some(i) = moves.iter().position(|&m| m == Move::Pass) {
                moves[first..=i].rotate_right(1);
                first += 1;
            }
        }
        moves[first..].sort_by_key(|m| match m {
            Move::Play(p) => (
                p.is_bomb_or_rocket() as u8,
                std::cmp::Reverse(history[history_index(*m)]),
            ),
            Move::Pass => (2, std::cmp::Reverse(0)),
        });
    }
    let to_front = |moves: &mut [Move], wanted: Option<Move>| {
        if let Some(i) = wanted.and_then(|w| moves.iter().position(|&m| m == w)) {
            moves[..=i].rotate_right(1);
        }
    };
    if partner_holds {
        to_front(moves, Some(Move::Pass));
    }
    to_front(moves, hint);
    to_front(moves, moves.iter().copied().find(|m| m.cards() == hand));
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::MonotonicClock;

    fn pos(hands: &[&str]) -> Position {
        let hands: Vec<Cards> = hands.iter().map(|h| h.parse().unwrap()).collect();
        Position::new(&hands, Seat::Landlord, None).unwrap()
    }

    fn solve(p: &Position, utility: Utility) -> SolveResult {
        let clock = MonotonicClock::default();
        Solver::new(1 << 20).solve(
            p,
            &SolveOptions {
                utility,
                ..SolveOptions::default()
            },
            &clock,
            &mut (),
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
    fn a_window_beyond_the_cap_leaves_no_false_bound() {
        // Under card margin the cap shrinks with the cards left. Solving
        // 34482 v 68KD after the landlord's 4 once stored a false bound for
        // a later position (here 382 v 68KD, a farmer win by 1 card) when a
        // window lay wholly beyond a position's cap.
        let clock = MonotonicClock::default();
        let options = SolveOptions {
            utility: Utility::CardMargin,
            ..SolveOptions::default()
        };
        let mut solver = Solver::new(1 << 16);
        let after_4 = pos(&["34482", "68KD"]).after(Move::Play(Play::parse("4").unwrap()));
        assert_eq!(solver.solve(&after_4, &options, &clock, &mut ()).value, -3);
        let later = pos(&["382", "68KD"]);
        assert_eq!(solver.solve(&later, &options, &clock, &mut ()).value, -1);
        assert_eq!(solve(&later, Utility::CardMargin).value, -1);
    }

    #[test]
    fn the_anatomy_counts_each_solves_side_searches() {
        let clock = MonotonicClock::default();
        let mut solver = Solver::new(16 << 20);
        // Deal 1, a landlord win that a probe of a later first play finds.
        let deal = crate::deal::Deal::from_seed(1);
        let p = Position::new(&deal.hands(), Seat::Landlord, None).unwrap();
        let r = solver.solve(&p, &SolveOptions::default(), &clock, &mut ());
        assert_eq!((r.winner, r.exact), (Team::Landlord, true));
        let a = r.anatomy;
        assert!(a.probes.won.count >= 1 && a.probes.given_up.count >= 1, "{a:?}");
        // A probe gives up exactly at its budget; a farmer alone at its own.
        assert_eq!(a.probes.given_up.nodes, PROBE_BUDGET * a.probes.given_up.count);
        assert!(a.alone.given_up.nodes >= alone::budget(0) * a.alone.given_up.count);
        for t in [a.probes, a.alone].iter().flat_map(|o| [o.won, o.lost, o.given_up]) {
            assert!(t.nodes >= t.count && t.nodes <= r.nodes, "{a:?} of {} nodes", r.nodes);
        }
        // A farmer alone proves this one from the root, in one endgame.
        let p = pos(&["3479J", "AA22", "568TQ"]);
        let r = solver.solve(&p, &SolveOptions::default(), &clock, &mut ());
        assert_eq!(r.anatomy.alone.won.count, 1, "{:?}", r.anatomy);
        assert_eq!(r.anatomy.probes, Outcomes::default());
        // Each solve counts its own: none in 1v1, none under another utility.
        let r = solver.solve(&pos(&["3KK", "A"]), &SolveOptions::default(), &clock, &mut ());
        assert_eq!(r.anatomy, Anatomy::default());
        let r = solve(&pos(&["3479J", "AA22", "568TQ"]), Utility::Score);
        assert_eq!(r.anatomy, Anatomy::default());
    }

    #[test]
    fn the_last_farmer_to_win_alone_is_asked_first() {
        // Farmer 2's AA22 wins alone; farmer 1's low singles do not.
        let clock = MonotonicClock::default();
        let mut solver = Solver::new(1 << 20);
        let first = solver.solve(
            &pos(&["3479J", "4568", "AA22"]),
            &SolveOptions::default(),
            &clock,
            &mut (),
        );
        assert_eq!((first.winner, first.exact), (Team::Farmers, true));
        let asked = |o: Outcomes| (o.won.count, o.lost.count + o.given_up.count);
        // Farmer 1 was asked first, in vain.
        assert_eq!(asked(first.anatomy.alone), (1, 1));
        // Now farmer 2 is, and farmer 1's new endgame is not searched.
        let next = solver.solve(
            &pos(&["3479J", "4569", "AA22"]),
            &SolveOptions::default(),
            &clock,
            &mut (),
        );
        assert_eq!(asked(next.anatomy.alone), (1, 0));
    }

    #[test]
    fn a_farmer_who_wins_alone_is_proven_whatever_its_partner_holds() {
        // Farmer 1's AA22 beats the landlord's five singles alone (a 2
        // takes the lead, then the pairs go): whatever farmer 2 holds, the
        // proof is the same 1v1 one, in the same nodes.
        let clock = MonotonicClock::default();
        let mut nodes = Vec::new();
        for partner in ["5", "568TQ", "5566889TTQQ"] {
            let p = pos(&["3479J", "AA22", partner]);
            let r = Solver::new(1 << 20).solve(&p, &SolveOptions::default(), &clock, &mut ());
            assert_eq!((r.winner, r.exact), (Team::Farmers, true));
            let mut game = p;
            for &mv in &r.pv {
                assert!(game.is_legal(mv), "{mv} in {game:?}");
                game = game.after(mv);
            }
            assert_eq!(game.winner().map(Seat::team), Some(Team::Farmers));
            nodes.push(r.nodes);
        }
        assert!(nodes.iter().all(|&n| n == nodes[0]), "{nodes:?}");
        // Switched off, the partner's cards are searched too.
        let without = SolveOptions {
            farmer_alone: false,
            ..SolveOptions::default()
        };
        let nodes: Vec<u64> = ["5", "568TQ", "5566889TTQQ"]
            .iter()
            .map(|partner| {
                let p = pos(&["3479J", "AA22", partner]);
                Solver::new(1 << 20).solve(&p, &without, &clock, &mut ()).nodes
            })
            .collect();
        assert!(nodes.iter().any(|&n| n != nodes[0]), "{nodes:?}");
    }

    #[test]
    fn probes_find_a_win_the_move_order_puts_late() {
        // The landlord wins this 14+12+12 position; its moves in order, each
        // searched in full, take some 380,000 nodes to get there, its
        // probes some 7,000.
        let p = pos(&["55778TTJJJJA2D", "3356789TQA2X", "4466899QQQKA"]);
        let clock = MonotonicClock::default();
        let options = SolveOptions {
            node_limit: Some(50_000),
            proof_share: 1.0,
            principal_variation: false,
            ..SolveOptions::default()
        };
        let r = Solver::new(16 << 20).solve(&p, &options, &clock, &mut ());
        assert_eq!((r.winner, r.exact), (Team::Landlord, true), "{} nodes", r.nodes);
        let without = SolveOptions {
            probes: false,
            ..options
        };
        let r = Solver::new(16 << 20).solve(&p, &without, &clock, &mut ());
        assert!(!r.exact, "proven in {} nodes without probes", r.nodes);
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

    #[test]
    fn the_one_play_filter_lets_every_play_through() {
        let mut rng = crate::rng::from_seed(7);
        let single = |r: Rank| Cards::of(r, 1).unwrap();
        let mut moves = Vec::new();
        let (mut plays, mut let_through) = (0, 0);
        for seed in 0..300 {
            let deal = crate::deal::Deal::from_seed(seed);
            let [hand, other, _] = deal.hands();
            // Every play the hand can lead: all shapes, kickers and lengths.
            let p = Position::new(&[hand, other], Seat::Landlord, None).unwrap();
            p.moves(&mut moves);
            for mv in &moves {
                if let Move::Play(play) = mv {
                    plays += 1;
                    assert!(could_be_one_play(play.cards()), "{play} was filtered out");
                }
            }
            // Random parts of it: the filter agrees with `readings`
            // wherever it lets a hand through.
            let mut ranks: Vec<Rank> = hand.iter().collect();
            crate::rng::shuffle(&mut rng, &mut ranks);
            let mut part = Cards::EMPTY;
            for &r in &ranks {
                part = part.checked_add(single(r)).unwrap();
                if part.len() > 5 && could_be_one_play(part) {
                    let_through += 1;
                    let p = Position::new(&[part, other], Seat::Landlord, None).unwrap();
                    assert_eq!(going_out(&p).is_some(), !readings(part).is_empty(), "{part}");
                }
            }
        }
        assert!(plays > 10_000, "{plays} plays");
        // It spares `readings` nearly every long hand (300 × 15 of them).
        assert!(let_through < 450, "{let_through} let through");
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

    #[test]
    fn a_deal_solved_in_slices_keeps_its_proofs() {
        // The web worker solves in slices of time, each a proof attempt and
        // then iterative deepening. Seed 13's deal (a farmer win) takes
        // about 46,000 nodes at once; when the estimates' best moves steered
        // each new slice's proof search, 20,000-node slices took 1.5-4.5 million.
        let clock = MonotonicClock::default();
        let deal = crate::deal::Deal::from_seed(13);
        let position = Position::new(&deal.hands(), Seat::Landlord, None).unwrap();
        let at_once = Solver::new(16 << 20).solve(&position, &SolveOptions::default(), &clock, &mut ());
        assert!(at_once.exact);
        let sliced = SolveOptions {
            node_limit: Some(20_000),
            principal_variation: false,
            ..SolveOptions::default()
        };
        let mut solver = Solver::new(16 << 20);
        let mut nodes = 0;
        let r = loop {
            let r = solver.solve(&position, &sliced, &clock, &mut ());
            nodes += r.nodes;
            if r.exact || nodes > 20 * at_once.nodes {
                break r;
            }
        };
        assert!(r.exact, "not proven in {nodes} nodes");
        assert_eq!(r.winner, at_once.winner);
        // Half of each slice goes to deepening: the proof itself costs
        // about what it does at once.
        assert!(
            nodes <= 4 * at_once.nodes,
            "{nodes} nodes in slices, {} at once",
            at_once.nodes
        );
    }

    #[test]
    fn an_estimate_answers_with_its_line_to_the_horizon() {
        // Seed 2's deal is far from proven in 100,000 nodes. The table
        // keeps an estimate's entries too briefly to read its line back
        // (it broke off after 1 to 6 plies); the search keeps it.
        let clock = MonotonicClock::default();
        let deal = crate::deal::Deal::from_seed(2);
        let position = Position::new(&deal.hands(), Seat::Landlord, None).unwrap();
        let options = SolveOptions {
            node_limit: Some(100_000),
            ..SolveOptions::default()
        };
        // Solved again and again in one table, as the worker's slices do:
        // the later iterations are cut off by the table's entries, whose
        // own lines it has lost (a line of 3 plies at depth 10 in the browser).
        let mut solver = Solver::new(16 << 20);
        for _ in 0..8 {
            let r = solver.solve(&position, &options, &clock, &mut ());
            assert!(!r.exact);
            assert!(
                r.pv.len() >= r.depth as usize,
                "{} plies at depth {}",
                r.pv.len(),
                r.depth
            );
            assert_eq!(r.best, r.pv.first().copied());
            let mut at = position;
            for &mv in &r.pv {
                assert!(at.is_legal(mv), "{mv} in {:?}", r.pv);
                at = at.after(mv);
            }
        }
    }

    #[test]
    fn a_line_reaches_its_horizon_after_many_solves_in_one_table() {
        // The worker's jobs, each in slices (the first half proof alone,
        // the line asked for in the last), one after another in one table:
        // by the third job of deal 5 the iterations are cut off near the
        // root, and the one search to the depth left that the line was
        // given did not finish within its budget (5 plies at depth 9; in
        // the browser, 9 plies at depth 10).
        let clock = MonotonicClock::default();
        for seed in [2, 5] {
            let deal = crate::deal::Deal::from_seed(seed);
            let position = Position::new(&deal.hands(), Seat::Landlord, None).unwrap();
            let mut solver = Solver::new(32 << 20);
            for job in 0..4 {
                for slice in 0..6 {
                    let options = SolveOptions {
                        node_limit: Some(150_000),
                        proof_share: if slice < 3 { 1.0 } else { 0.5 },
                        principal_variation: slice == 5,
                        ..SolveOptions::default()
                    };
                    let r = solver.solve(&position, &options, &clock, &mut ());
                    assert!(!r.exact);
                    if slice == 5 {
                        assert!(
                            r.pv.len() >= r.depth as usize,
                            "deal {seed}, job {job}: {} plies at depth {}",
                            r.pv.len(),
                            r.depth
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn iterations_that_ask_a_farmer_alone_prove_what_the_proof_had_no_budget_for() {
        // Position 11 of 14+12+12, a farmer win: the full-depth search
        // proves it in about 96,000 nodes, more than its half of 100,000;
        // 8-ply iterations asking a farmer alone prove it in what is left.
        let clock = MonotonicClock::default();
        let position = bench::random_position(11, &[14, 12, 12]).unwrap();
        let solve = |alone_share| {
            let options = SolveOptions {
                node_limit: Some(100_000),
                alone_share,
                principal_variation: false,
                ..SolveOptions::default()
            };
            Solver::new(16 << 20).solve(&position, &options, &clock, &mut ())
        };
        let without = solve(0.0);
        assert!(!without.exact);
        let with = solve(0.5);
        assert!(with.exact, "{} nodes, depth {}", with.nodes, with.depth);
        assert_eq!(with.winner, Team::Farmers);
        assert!(with.depth < u32::from(PROOF_DEPTH), "depth {}", with.depth);
        assert!(with.nodes <= 100_000 + 1024, "{} nodes", with.nodes);
    }

    #[test]
    fn an_unproven_deal_answers_with_a_finished_iteration_and_slices_never_go_back() {
        // Seed 2's deal is far from proven within these budgets.
        let clock = MonotonicClock::default();
        let deal = crate::deal::Deal::from_seed(2);
        let position = Position::new(&deal.hands(), Seat::Landlord, None).unwrap();
        let once = SolveOptions {
            node_limit: Some(100_000),
            principal_variation: false,
            ..SolveOptions::default()
        };
        let r = Solver::new(16 << 20).solve(&position, &once, &clock, &mut ());
        assert!(!r.exact);
        // An iteration finished: the answer is a search's, not the root's
        // static estimate (depth 0, which a first iteration of 8 plies
        // never got past).
        assert!(r.depth >= 4, "depth {}", r.depth);
        // In slices (as the web worker solves), each with half its nodes
        // for the proof: the answer deepens and never goes back (without
        // the deepest kept, a slice that finished fewer iterations than the
        // one before answered up to 2 plies shallower).
        let slice = SolveOptions {
            node_limit: Some(100_000),
            ..once
        };
        let mut solver = Solver::new(16 << 20);
        let depths: Vec<u32> = (0..20)
            .map(|_| solver.solve(&position, &slice, &clock, &mut ()).depth)
            .collect();
        assert!(depths.windows(2).all(|w| w[0] <= w[1]), "{depths:?}");
        assert!(depths[19] > depths[0], "{depths:?}");
    }
}

//! The solve: a full-depth proof search, then (under a limit) iterations that ask a farmer alone, then iterative deepening.

use crate::clock::{Clock, Deadline};
use crate::play::Move;
use crate::seat::Team;

use super::lines::RESISTANCE_BUDGET;
use super::{
    predicted_winner, Anatomy, Depth, Position, SolveOptions, SolveResult, Solver, Utility, PROOF_DEPTH, PROVEN,
};

/// A search of the root that finished: what `solve` answers with.
#[derive(Clone)]
pub(super) struct Finished {
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
pub(super) struct Deepened {
    /// The position itself, not its key: positions that share a key (ranks
    /// the game cannot tell apart) are other positions to a caller.
    root: Position,
    finished: Finished,
}

/// One call of [`Solver::solve`]: what it was asked, and when it began.
struct Call<'a> {
    position: &'a Position,
    options: &'a SolveOptions,
    clock: &'a dyn Clock,
    started: f64,
}

impl<'a> Call<'a> {
    /// The deadline at `share` of the time left (none without a limit).
    fn deadline(&self, share: f64) -> Deadline<'a> {
        match self.options.time_limit_ms {
            Some(ms) => Deadline::after(self.clock, (ms - (self.clock.now_ms() - self.started)) * share),
            None => Deadline::NONE,
        }
    }
}

impl Solver {
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
    /// let options = SolveOptions::exhaustive().sized_for(&position);
    /// let mut solver = Solver::new(options.table_bytes);
    /// let result = solver.solve(&position, &options, &MonotonicClock::default());
    /// assert!(result.exact);
    /// assert_eq!(result.winner, Team::Landlord);
    /// assert_eq!(result.best, Some(Move::parse("KK")?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve(&mut self, position: &Position, options: &SolveOptions, clock: &dyn Clock) -> SolveResult {
        let started = clock.now_ms();
        // A NaN limit would never expire (the deadline compares false): take
        // it as no time at all, so garbage in never means "search forever".
        let options = &SolveOptions {
            time_limit_ms: options.time_limit_ms.map(|ms| if ms.is_nan() { 0.0 } else { ms }),
            ..*options
        };
        self.begin(options);
        if let Some(winner) = position.winner() {
            return SolveResult {
                value: position.landlord_utility(options.utility),
                winner: winner.team(),
                exact: true,
                best: None,
                pv: vec![],
                depth: Depth::Plies(0),
                nodes: 0,
                ms: 0.0,
                timed_out: false,
                anatomy: Anatomy::default(),
            };
        }
        let mut call = Call {
            position,
            options,
            clock,
            started,
        };
        let answer = self.search_root(&mut call);
        self.result(&mut call, answer)
    }

    /// Readies the solver for a solve with `options`: what depends on
    /// another utility is cleared, the counts start again.
    fn begin(&mut self, options: &SolveOptions) {
        if options.utility != self.asked.utility {
            // Values under another utility mean nothing now (a new table is empty already).
            if self.memory.searched {
                self.memory.table.clear();
                self.memory.class_moves.clear();
                self.memory.alone_refuted.clear();
                self.memory.probed.clear();
                self.memory.no_answer.clear();
                self.memory.deepened = None;
            }
            self.asked.utility = options.utility;
        }
        self.memory.searched = true;
        self.asked.shortcuts = options.shortcuts;
        self.budget.nodes = 0;
        self.anatomy = Anatomy::default();
        self.budget.stopped = false;
    }

    /// The searches of the root in turn, until one answers: a full-depth
    /// proof, then (under a limit) iterations that ask a farmer alone, then
    /// iterative deepening. `None` if not even one iteration finished.
    fn search_root(&mut self, call: &mut Call<'_>) -> Option<Finished> {
        let options = call.options;
        // First, a full-depth search: it proves most endgames fastest.
        let share = options.proof_share.clamp(0.0, 1.0);
        let proof_deadline = match options.time_limit_ms {
            Some(ms) => Deadline::after(call.clock, ms * share),
            None => Deadline::NONE,
        };
        self.budget.node_limit = options.node_limit.map_or(u64::MAX, |n| (n as f64 * share) as u64);
        let (value, proven) = if share > 0.0 {
            self.prove(call.position, options.restart_nodes.max(1), &proof_deadline)
        } else {
            (0, false)
        };
        if !self.budget.stopped && proven {
            return Some(self.finish(call, value, true, u8::MAX));
        }
        if options.time_limit_ms.is_none() && options.node_limit.is_none() {
            return None;
        }
        self.budget.stopped = false;
        self.alone_iterations(call).or_else(|| self.deepen(call))
    }

    /// Under win/loss with three seats: depth-limited iterations that ask a
    /// farmer alone, within [`SolveOptions::alone_share`] of what is left,
    /// for a proof only.
    fn alone_iterations(&mut self, call: &mut Call<'_>) -> Option<Finished> {
        let options = call.options;
        let alone_share = options.alone_share.clamp(0.0, 1.0);
        if !(self.asked.shortcuts.farmer_alone
            && alone_share > 0.0
            && call.position.seats == 3
            && options.utility == Utility::WinLoss)
        {
            return None;
        }
        let nodes_left = options.node_limit.unwrap_or(u64::MAX).saturating_sub(self.budget.nodes);
        self.budget.node_limit = self
            .budget
            .nodes
            .saturating_add((nodes_left as f64 * alone_share) as u64);
        let deadline = call.deadline(alone_share);
        self.asked.alone_within_horizon = true;
        let mut depth = 8u8;
        let answer = loop {
            let (value, proven) = self.negamax(call.position, depth, &deadline);
            if self.budget.stopped {
                break None;
            }
            if proven {
                break Some(self.finish(call, value, true, depth));
            }
            if depth == u8::MAX {
                break None;
            }
            depth = depth.saturating_add(if depth < 16 { 2 } else { 4 });
        };
        self.asked.alone_within_horizon = false;
        self.budget.stopped = false;
        answer
    }

    /// Iterative deepening with the estimate, until the limit: the deepest
    /// iteration finished from this position, over this call and the
    /// earlier ones (kept in `memory.deepened` unless proven).
    fn deepen(&mut self, call: &mut Call<'_>) -> Option<Finished> {
        let options = call.options;
        self.budget.node_limit = options.node_limit.unwrap_or(u64::MAX);
        let deadline = call.deadline(1.0);
        // Iterations already finished from this position come back from
        // the table at once; the deepest of them answers should this call
        // finish none as deep.
        let before = self.memory.deepened.take().filter(|d| d.root == *call.position);
        let mut answer = None;
        let mut depth = options.start_depth.max(1);
        loop {
            let (value, proven) = self.negamax(call.position, depth, &deadline);
            if self.budget.stopped {
                break;
            }
            answer = Some(self.finish(call, value, proven, depth));
            if proven || depth == u8::MAX {
                break;
            }
            depth = depth.saturating_add(if depth < 16 { options.depth_step.max(1) } else { 4 });
        }
        if answer.as_ref().is_some_and(|a| a.proven) {
            return answer;
        }
        let now = answer.map(|finished| Deepened {
            root: *call.position,
            finished,
        });
        // On a tie, this call's (the last of the maxima).
        let deepest = before.into_iter().chain(now).max_by_key(|d| d.finished.depth);
        let answer = deepest.as_ref().map(|d| d.finished.clone());
        self.memory.deepened = deepest;
        answer
    }

    /// A search of the root that finished at `depth`, with its line taken
    /// now.
    fn finish(&mut self, call: &mut Call<'_>, value: i32, proven: bool, depth: u8) -> Finished {
        Finished {
            value,
            proven,
            depth,
            line: if depth < PROOF_DEPTH {
                self.finished_line(call.position)
            } else {
                self.table_line(call.position, 200)
            },
        }
    }

    /// The result from the answer (the estimate if there is none), with
    /// the line the options ask for.
    fn result(&mut self, call: &mut Call<'_>, answer: Option<Finished>) -> SolveResult {
        let position = call.position;
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
        let mover_sign = if position.to_move.team() == Team::Landlord {
            1
        } else {
            -1
        };
        let landlord_value = mover_sign
            * if exact {
                value.signum() * (value.abs() - PROVEN)
            } else {
                value
            };
        // The search's nodes (the line below may solve positions of its own).
        let (nodes, anatomy) = (self.budget.nodes, self.anatomy);
        let pv = self.answer_line(call, exact, line, depth);
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
            depth: Depth::of_search(depth),
            nodes,
            ms: call.clock.now_ms() - call.started,
            timed_out: !exact,
            anatomy,
        }
    }

    /// The line to answer with: with [`SolveOptions::principal_variation`],
    /// a proof's line (the loser's best defence where it is found quickly)
    /// or an estimate's completed; else the first move of the search's.
    fn answer_line(&mut self, call: &mut Call<'_>, exact: bool, line: Vec<Move>, depth: u8) -> Vec<Move> {
        let (position, options, clock) = (call.position, call.options, call.clock);
        if !options.principal_variation {
            return line.into_iter().take(1).collect();
        }
        self.budget.node_limit = u64::MAX;
        if !exact {
            return self.complete_line(position, line, u32::from(depth));
        }
        let left = options
            .time_limit_ms
            .map_or(50.0, |ms| ms - (clock.now_ms() - call.started))
            .min(50.0);
        // The loser's best defence, where it can be found quickly.
        let resistance = if options.utility == Utility::WinLoss {
            self.resistance_line_until(position, RESISTANCE_BUDGET, clock, &Deadline::after(clock, left))
        } else {
            None
        };
        self.budget.stopped = false;
        match resistance {
            Some(line) => line,
            None => self.principal_variation(position, &Deadline::after(clock, left)),
        }
    }

    /// The full-depth search of `root`, started again from the root every
    /// `restart` nodes until it finishes or the node limit or `deadline`
    /// stops it.
    fn prove(&mut self, root: &Position, restart: u64, deadline: &Deadline<'_>) -> (i32, bool) {
        let limit = self.budget.node_limit;
        loop {
            self.budget.node_limit = limit.min(self.budget.nodes.saturating_add(restart));
            let found = self.negamax(root, u8::MAX, deadline);
            // Stopped by this round's limit alone.
            let again = self.budget.stopped && self.budget.node_limit < limit && !deadline.expired();
            self.budget.node_limit = limit;
            if !again {
                return found;
            }
            self.budget.stopped = false;
        }
    }
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::MonotonicClock;
    use crate::seat::Seat;
    use crate::solver::bench;

    #[test]
    fn a_deal_solved_in_slices_keeps_its_proofs() {
        // The web worker solves in slices of time, each a proof attempt and
        // then iterative deepening. Seed 13's deal (a farmer win) takes
        // about 46,000 nodes at once; when the estimates' best moves steered
        // each new slice's proof search, 20,000-node slices took 1.5-4.5 million.
        let clock = MonotonicClock::default();
        let deal = crate::deal::Deal::from_seed(13);
        let position = Position::new(&deal.hands(), Seat::Landlord, None).unwrap();
        let at_once = Solver::new(16 << 20).solve(&position, &SolveOptions::exhaustive(), &clock);
        assert!(at_once.exact);
        let sliced = SolveOptions {
            node_limit: Some(20_000),
            principal_variation: false,
            ..SolveOptions::exhaustive()
        };
        let mut solver = Solver::new(16 << 20);
        let mut nodes = 0;
        let r = loop {
            let r = solver.solve(&position, &sliced, &clock);
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
                ..SolveOptions::exhaustive()
            };
            Solver::new(16 << 20).solve(&position, &options, &clock)
        };
        let without = solve(0.0);
        assert!(!without.exact);
        let with = solve(0.5);
        assert!(with.exact, "{} nodes, depth {:?}", with.nodes, with.depth);
        assert_eq!(with.winner, Team::Farmers);
        assert!(with.depth < Depth::Plies(PROOF_DEPTH), "depth {:?}", with.depth);
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
            ..SolveOptions::exhaustive()
        };
        let r = Solver::new(16 << 20).solve(&position, &once, &clock);
        assert!(!r.exact);
        // An iteration finished: the answer is a search's, not the root's
        // static estimate (depth 0, which a first iteration of 8 plies
        // never got past).
        assert!(r.depth >= Depth::Plies(4), "depth {:?}", r.depth);
        // In slices (as the web worker solves), each with half its nodes
        // for the proof: the answer deepens and never goes back (without
        // the deepest kept, a slice that finished fewer iterations than the
        // one before answered up to 2 plies shallower).
        let slice = SolveOptions {
            node_limit: Some(100_000),
            ..once
        };
        let mut solver = Solver::new(16 << 20);
        let depths: Vec<Depth> = (0..20).map(|_| solver.solve(&position, &slice, &clock).depth).collect();
        assert!(depths.windows(2).all(|w| w[0] <= w[1]), "{depths:?}");
        assert!(depths[19] > depths[0], "{depths:?}");
    }
}

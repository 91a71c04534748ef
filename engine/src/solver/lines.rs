//! Lines: the principal variation, the longest resistance, and an estimate's line to its horizon.

use crate::clock::{Clock, Deadline};
use crate::movegen::can_beat;
use crate::play::Move;

use super::key::{Key, RankMap};
use super::search::{going_out, Child, Node};
use super::{Position, SolveOptions, Solver, Utility};

/// Positions the longest-resistance line may look at before the plain
/// principal variation is shown instead.
pub(super) const RESISTANCE_BUDGET: usize = 20_000;
/// Nodes an estimate's line may take to reach its horizon where the
/// table has lost its end ([`Solver::complete_line`]).
const LINE_BUDGET: u64 = 20_000;

impl Solver {
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
    pub(super) fn resistance_line_until(
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
            utility: self.asked.utility,
            ..SolveOptions::exhaustive()
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
                    let r = self.solve(&child, &bounded, clock);
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
    pub(super) fn table_move(&self, key: Key, map: &RankMap) -> Option<Move> {
        self.memory
            .table
            .get(key)
            .and_then(|e| e.best)
            .and_then(|m| map.restore_move(m))
    }

    /// Best play for both sides, following the table (a proof's entries,
    /// which later searches keep); a position the table lacks (cut short
    /// by a plan) is searched briefly to fill it in.
    pub(super) fn principal_variation(&mut self, root: &Position, deadline: &Deadline<'_>) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut pos = *root;
        while pos.winner().is_none() && pv.len() < 200 {
            let (key, map) = pos.key(self.asked.utility);
            let mut next = forced_move(&pos, self.asked.utility).or_else(|| self.table_move(key, &map));
            if next.is_none() {
                self.budget.stopped = false;
                self.negamax(&pos, u8::MAX, deadline);
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
    pub(super) fn extend_line(&mut self, pos: &Position, c: &Child, ply: usize) {
        let (head, tail) = self.scratch.lines.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(c.mv);
        let mut at = pos.after(c.mv);
        while at != c.pos {
            let Some(mv) = forced_move(&at, self.asked.utility) else {
                break;
            };
            line.push(mv);
            at = at.after(mv);
        }
        if c.key != Key::EMPTY && c.known_at_most.is_none() {
            line.extend_from_slice(&tail[0]);
        }
    }

    /// The best line of the depth-limited search of `root` just finished,
    /// and on from where it ends as the table has it, without searching.
    pub(super) fn finished_line(&self, root: &Position) -> Vec<Move> {
        let mut end = LineEnd::new(
            root,
            self.scratch.lines.first().map_or(&[], Vec::as_slice),
            self.asked.utility,
        );
        let more = self.table_line(&end.pos, 200usize.saturating_sub(end.line.len()));
        end.extend(&more, self.asked.utility);
        end.line
    }

    /// `line` from `root`, taken on to `depth` searched plies: where it
    /// ends short (a search cut off by an entry of the table, whose own
    /// line the table has since lost), the position there is searched
    /// deeper and deeper toward the depth left, and the line goes on with
    /// the deepest search that finished, round after round, within
    /// [`LINE_BUDGET`] nodes in all.
    pub(super) fn complete_line(&mut self, root: &Position, line: Vec<Move>, depth: u32) -> Vec<Move> {
        let limit = self.budget.nodes.saturating_add(LINE_BUDGET);
        let mut end = LineEnd::new(root, &line, self.asked.utility);
        loop {
            let more = self.table_line(&end.pos, 200usize.saturating_sub(end.line.len()));
            end.extend(&more, self.asked.utility);
            if end.pos.winner().is_some()
                || end.searched >= depth
                || end.line.len() >= 200
                || self.budget.nodes >= limit
            {
                return end.line;
            }
            // Deepening, each search within half of what is left: a
            // position too costly to search to the depth left (a warm
            // table cuts a line near the root) still gets the deepest line
            // the budget allows, and leaves budget for the rounds after.
            let (key, map) = end.pos.key(self.asked.utility);
            let mut below = None;
            for left in 1..=(depth - end.searched) as u8 {
                let budget = (limit - self.budget.nodes) / 2;
                let before = self.budget.nodes;
                self.budget.stopped = false;
                let node = Node {
                    pos: &end.pos,
                    key,
                    map: &map,
                    depth: left,
                    ply: 0,
                };
                let found = self.search_within(node, budget, &Deadline::NONE);
                if found.is_none() || self.budget.nodes - before >= budget {
                    self.budget.stopped = false;
                    break;
                }
                below = self.scratch.lines.first().cloned();
            }
            if below.is_none_or(|below| end.extend(&below, self.asked.utility) == 0) {
                return end.line;
            }
        }
    }

    /// The best line as the table has it now, without searching: up to
    /// the first position it lacks, at most `most` moves.
    pub(super) fn table_line(&self, root: &Position, most: usize) -> Vec<Move> {
        let mut line = Vec::new();
        let mut pos = *root;
        while pos.winner().is_none() && line.len() < most {
            let next = forced_move(&pos, self.asked.utility).or_else(|| {
                let (key, map) = pos.key(self.asked.utility);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::MonotonicClock;
    use crate::seat::Seat;

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
            ..SolveOptions::exhaustive()
        };
        // Solved again and again in one table, as the worker's slices do:
        // the later iterations are cut off by the table's entries, whose
        // own lines it has lost (a line of 3 plies at depth 10 in the browser).
        let mut solver = Solver::new(16 << 20);
        for _ in 0..8 {
            let r = solver.solve(&position, &options, &clock);
            assert!(!r.exact);
            assert!(
                r.pv.len() >= u32::from(r.depth) as usize,
                "{} plies at depth {}",
                r.pv.len(),
                u32::from(r.depth)
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
                        ..SolveOptions::exhaustive()
                    };
                    let r = solver.solve(&position, &options, &clock);
                    assert!(!r.exact);
                    if slice == 5 {
                        assert!(
                            r.pv.len() >= u32::from(r.depth) as usize,
                            "deal {seed}, job {job}: {} plies at depth {}",
                            r.pv.len(),
                            u32::from(r.depth)
                        );
                    }
                }
            }
        }
    }
}

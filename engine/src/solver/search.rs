//! The search: negamax with alpha-beta over the table, its static proofs and side searches.

use std::rc::Rc;

use crate::cards::Cards;
use crate::clock::Deadline;
use crate::movegen::can_beat;
use crate::play::{readings, Move, Play};
use crate::seat::{Seat, Team};
use crate::split::Splitter;

use super::control::{self, Plan};
use super::key::{Key, RankMap};
use super::ordering::{history_base, history_index, order, HISTORY_PER_SEAT};
use super::table::{Bound, Found};
use super::{alone, class, dominance, Position, Solver, Utility, INFINITY, PROOF_DEPTH, PROVEN};

/// Nodes a probe may take ([`Shortcuts::probes`]). Measured on 8 deals
/// (0, 1, 4, 20, 66, 103, 284, 322; 10 s each): 500 nodes 10.8 M in all,
/// 1,000 12.4 M, 2,000 13.7 M, none 36.1 M with 3 not proven.
const PROBE_BUDGET: u64 = 500;

/// The best splits of the hands met, in a direct-mapped cache: a hand
/// evicts whatever shared its slot. Splitting takes microseconds, a lookup
/// nanoseconds, and the search asks about the same few thousand hands.
pub(super) struct SplitCache {
    splitter: Splitter,
    slots: Vec<(u64, Option<Rc<[Play]>>)>,
}

impl SplitCache {
    const SLOTS: usize = 1 << 16;

    pub(super) fn new() -> SplitCache {
        SplitCache {
            splitter: Splitter::new(),
            slots: vec![(0, None); Self::SLOTS],
        }
    }

    pub(super) fn get(&mut self, hand: Cards) -> Rc<[Play]> {
        let i = (hand.bits().wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 48) as usize;
        match &self.slots[i] {
            (bits, Some(groups)) if *bits == hand.bits() => groups.clone(),
            _ => {
                let groups: Rc<[Play]> = self.splitter.best(hand).plays().into();
                self.slots[i] = (hand.bits(), Some(groups.clone()));
                groups
            }
        }
    }
}

/// A position being searched: the position, its key and rank map, the
/// plies left to search and how far it is from the root.
#[derive(Clone, Copy)]
pub(super) struct Node<'a> {
    pub(super) pos: &'a Position,
    pub(super) key: Key,
    pub(super) map: &'a RankMap,
    /// Plies left; from [`PROOF_DEPTH`] up, to the end of the deal.
    pub(super) depth: u8,
    /// Plies from the root (the index of the scratch space).
    pub(super) ply: usize,
}

impl Node<'_> {
    /// The node of child `c`, a ply deeper.
    #[inline]
    fn child<'c>(self, c: &'c Child) -> Node<'c> {
        Node {
            pos: &c.pos,
            key: c.key,
            map: &c.map,
            depth: self.depth - 1,
            ply: self.ply + 1,
        }
    }
}

/// The α-β window: values at or below `alpha` and at or above `beta` are
/// bounds only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Window {
    pub(super) alpha: i32,
    pub(super) beta: i32,
}

impl Window {
    /// Every value.
    pub(super) const FULL: Window = Window {
        alpha: -INFINITY,
        beta: INFINITY,
    };

    /// The window from the other side's point of view.
    #[inline]
    fn negated(self) -> Window {
        Window {
            alpha: -self.beta,
            beta: -self.alpha,
        }
    }

    /// The window within `[-cap, cap]`.
    #[inline]
    fn within(self, cap: i32) -> Window {
        Window {
            alpha: self.alpha.max(-cap),
            beta: self.beta.min(cap),
        }
    }
}

/// What the search carries from a node's first steps to its moves: the
/// table's move, the position's class (three seats), and the node count
/// when the node began (what its table entry cost).
struct Hints {
    table_move: Option<Move>,
    class: Option<u64>,
    nodes_before: u64,
}

impl Solver {
    /// Whether one farmer alone beats the landlord from `pos`, a
    /// three-seat position under win/loss (`alone`): `Some` with the move
    /// that starts it for the side to move (for the landlord, its move in
    /// the 1v1 proof), searched as a 1v1 endgame in this solver's table
    /// within [`alone::budget`] nodes each, the last farmer to win alone first.
    fn prove_farmer_alone(&mut self, node: Node<'_>, deadline: &Deadline<'_>) -> Option<Option<Move>> {
        let pos = node.pos;
        let budget = alone::budget(pos.hands.iter().map(|h| h.len()).sum());
        let farmers = match self.memory.alone_first {
            Seat::Farmer2 => [Seat::Farmer2, Seat::Farmer1],
            _ => [Seat::Farmer1, Seat::Farmer2],
        };
        for farmer in farmers {
            let Some((endgame, partner_passes)) = alone::endgame(pos, farmer) else {
                continue;
            };
            let (key, map) = endgame.key(Utility::WinLoss);
            if self.memory.alone_refuted.covers(key, budget) {
                continue;
            }
            let nodes_before = self.budget.nodes;
            let endgame_node = Node {
                pos: &endgame,
                key,
                map: &map,
                depth: u8::MAX,
                ply: node.ply,
            };
            let (value, proven) = self.search_within(endgame_node, budget, deadline)?;
            let farmers_win = proven && (value > 0) == (endgame.to_move != Seat::Landlord);
            self.anatomy
                .alone
                .add(proven, farmers_win, self.budget.nodes - nodes_before);
            if farmers_win {
                self.memory.alone_first = farmer;
                let first = if partner_passes {
                    Some(Move::Pass)
                } else {
                    self.table_move(key, &map)
                };
                return Some(first);
            }
            self.memory
                .alone_refuted
                .insert(key, if proven { u64::MAX } else { budget });
        }
        None
    }

    /// Probes `children` of `node`, a three-seat position under win/loss: searches
    /// each within [`PROBE_BUDGET`] nodes, in order, until one is proven a
    /// win for the side to move. Only the table keeps what they found (the
    /// search then reads it as it reads any proof); false if the search as
    /// a whole must stop.
    fn probe(&mut self, node: Node<'_>, children: &[Child], deadline: &Deadline<'_>) -> bool {
        for c in children {
            if c.key == Key::EMPTY {
                if c.known_at_most.is_some_and(|v| v > 0) {
                    break;
                }
                continue;
            }
            if self.memory.probed.covers(c.key, PROBE_BUDGET) || self.memory.table.get(c.key).is_some_and(|e| e.proven)
            {
                continue;
            }
            let nodes_before = self.budget.nodes;
            let Some((v, proven)) = self.search_within(node.child(c), PROBE_BUDGET, deadline) else {
                return false;
            };
            let v = if c.same { v } else { -v };
            self.anatomy.probes.add(proven, v > 0, self.budget.nodes - nodes_before);
            if proven && v > 0 {
                break;
            }
            self.memory
                .probed
                .insert(c.key, if proven { u64::MAX } else { PROBE_BUDGET });
        }
        true
    }

    /// Searches `node` with the full window within `budget` nodes (and
    /// within the budgeted search under way, if any): `None` if the solve
    /// as a whole must stop, else the value and whether it is proven (not
    /// when the budget ran out first).
    pub(super) fn search_within(
        &mut self,
        node: Node<'_>,
        budget: u64,
        deadline: &Deadline<'_>,
    ) -> Option<(i32, bool)> {
        let outer = self.budget.side_limit;
        self.budget.side_limit = outer.min(self.budget.nodes + budget);
        let found = self.search(node, Window::FULL, deadline);
        self.budget.side_limit = outer;
        if self.budget.stopped {
            if self.budget.nodes >= outer || self.budget.nodes >= self.budget.node_limit || deadline.expired() {
                return None;
            }
            // Only this budget ran out.
            self.budget.stopped = false;
        }
        Some(found)
    }

    /// The best split of `hand`, remembered.
    pub(super) fn groups(&mut self, hand: Cards) -> Rc<[Play]> {
        self.memory.splits.get(hand)
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
    /// split with single covers ([`Shortcuts::single_covers`]).
    pub(super) fn sure_win_margin(
        &mut self,
        pos: &Position,
        groups: &[Play],
        margin: u32,
    ) -> Result<Move, Option<Move>> {
        let plain = self.plan_holds(pos, groups, margin);
        if plain.is_ok() || !self.asked.shortcuts.single_covers {
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

    /// The value of `pos` for the side to move, searching `depth` plies
    /// with the full window, as the root. The flag says whether it is
    /// proven (no estimate was used).
    pub(super) fn negamax(&mut self, pos: &Position, depth: u8, deadline: &Deadline<'_>) -> (i32, bool) {
        let (key, map) = pos.key(self.asked.utility);
        let root = Node {
            pos,
            key,
            map: &map,
            depth,
            ply: 0,
        };
        self.search(root, Window::FULL, deadline)
    }

    /// The value of `node` for the side to move within `window`: exact
    /// inside it, else a bound on that side. The flag says whether it is
    /// proven (no estimate was used). In order: the budget, the table, the
    /// static proofs, a leaf's estimate, then the moves
    /// ([`Self::search_moves`]).
    fn search(&mut self, node: Node<'_>, mut window: Window, deadline: &Deadline<'_>) -> (i32, bool) {
        if self.out_of_budget(deadline) {
            return (0, false);
        }
        if node.depth < PROOF_DEPTH {
            if self.scratch.lines.len() <= node.ply + 1 {
                self.scratch.lines.resize_with(node.ply + 2, Vec::new);
            }
            self.scratch.lines[node.ply].clear();
        }
        let nodes_before = self.budget.nodes;
        let table_move = match self.table_answer(node, window) {
            Ok(table_move) => table_move,
            Err(answer) => return answer,
        };
        if let Some(answer) = self.static_answer(node, &mut window, nodes_before, deadline) {
            return answer;
        }
        if node.depth == 0 {
            // Going out at once is not an estimate.
            if let Some(out) = going_out(node.pos) {
                return (
                    self.terminal_value(&node.pos.after(Move::Play(out)), node.pos.to_move),
                    true,
                );
            }
            return (self.estimate(node.pos), false);
        }
        let hints = Hints {
            table_move,
            nodes_before,
            // Three seats only: in 1v1 endgames the class's move costs nodes.
            class: (node.pos.seats == 3).then(|| class::of(node.pos)),
        };
        self.search_moves(node, window, hints, deadline)
    }

    /// Counts a node; whether the search must stop (a budget spent, the
    /// deadline passed). The clock every 16 nodes (a node that splits new
    /// hands can take tens of microseconds); the node limit every 1,024 as
    /// it always was, so a budget gives the same answer on every machine.
    #[inline]
    fn out_of_budget(&mut self, deadline: &Deadline<'_>) -> bool {
        self.budget.nodes += 1;
        if self.budget.nodes >= self.budget.side_limit
            || (self.budget.nodes & 15 == 0 && deadline.expired())
            || (self.budget.nodes & 1023 == 0 && self.budget.nodes >= self.budget.node_limit)
        {
            self.budget.stopped = true;
        }
        self.budget.stopped
    }

    /// What the table knows of `node`: `Err` with the answer when its
    /// entry settles the node in `window`, else the entry's move to try
    /// first, if any.
    #[inline]
    fn table_answer(&mut self, node: Node<'_>, window: Window) -> Result<Option<Move>, (i32, bool)> {
        let Some(e) = self.memory.table.get(node.key) else {
            return Ok(None);
        };
        if e.proven || e.depth >= node.depth {
            match e.bound {
                Bound::Exact => return Err((e.value, e.proven)),
                Bound::Lower if e.value >= window.beta => return Err((e.value, e.proven)),
                Bound::Upper if e.value <= window.alpha => return Err((e.value, e.proven)),
                _ => {}
            }
        }
        // The proof search follows proofs only: an estimate's best move
        // changes from one deepening to the next, and a search resumed in
        // slices would be steered afresh by each.
        Ok(e.best
            .filter(|_| e.proven || node.depth < PROOF_DEPTH)
            .and_then(|m| node.map.restore_move(m)))
    }

    /// The answers that need no move searched: the cap on any value (which
    /// also narrows `window`), the landlord's sure answer, a farmer alone.
    fn static_answer(
        &mut self,
        node: Node<'_>,
        window: &mut Window,
        nodes_before: u64,
        deadline: &Deadline<'_>,
    ) -> Option<(i32, bool)> {
        let Node {
            pos, key, map, depth, ..
        } = node;
        // No value can be better than the best finish there is. A window
        // wholly outside [-cap, cap] is answered by the cap itself: searching
        // with the window clamped empty would return a value that is no
        // bound at all (the cap varies by position under card margin).
        let cap = self.cap(pos);
        if window.alpha >= cap {
            return Some((cap, true));
        }
        if window.beta <= -cap {
            return Some((-cap, true));
        }
        *window = window.within(cap);
        let three_win_loss = pos.seats == 3 && self.asked.utility == Utility::WinLoss;
        if self.asked.shortcuts.sure_answers
            && three_win_loss
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
            self.memory.table.put(key, found, 1);
            return Some((-(PROVEN + 1), true));
        }
        // Within a horizon only when asked: each endgame's budget (64,000
        // nodes at the first play) would take a whole iteration of the
        // deepening that gives the estimate.
        if self.asked.shortcuts.farmer_alone
            && (depth >= PROOF_DEPTH || self.asked.alone_within_horizon)
            && three_win_loss
        {
            if let Some(first) = self.prove_farmer_alone(node, deadline) {
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
                self.memory.table.put(key, found, self.budget.nodes - nodes_before);
                return Some((value, true));
            }
            if self.budget.stopped {
                return Some((0, false));
            }
        }
        None
    }

    /// `node`'s moves: a sure win on lead if the split shows one, else the
    /// moves generated into this ply's scratch list and searched
    /// ([`Self::search_ordered`]).
    fn search_moves(&mut self, node: Node<'_>, window: Window, hints: Hints, deadline: &Deadline<'_>) -> (i32, bool) {
        let Node { pos, ply, .. } = node;
        if let Some(class) = hints.class {
            self.memory.class_moves.prefetch(class);
        }
        let groups = self.groups(pos.hand(pos.to_move));
        let mut first_group = None;
        if pos.to_beat.is_none() {
            match self.sure_win_with(pos, &groups) {
                Ok(first) => {
                    if let Some(win) = self.record_sure_win(node, window.beta, first) {
                        return win;
                    }
                }
                Err(group) => first_group = group,
            }
        }
        if self.scratch.moves.len() <= ply {
            self.scratch.moves.push(Vec::with_capacity(128));
        }
        let mut moves = std::mem::take(&mut self.scratch.moves[ply]);
        let answer = self.search_ordered(node, window, &hints, (&groups, first_group), &mut moves, deadline);
        self.scratch.moves[ply] = moves;
        answer
    }

    /// `node`'s moves generated, a quick win following the play to beat
    /// taken at once, the rest pruned and ordered, then their children
    /// searched ([`Self::search_children`]).
    fn search_ordered(
        &mut self,
        node: Node<'_>,
        window: Window,
        hints: &Hints,
        (groups, first_group): (&[Play], Option<Move>),
        moves: &mut Vec<Move>,
        deadline: &Deadline<'_>,
    ) -> (i32, bool) {
        let Node { pos, ply, .. } = node;
        moves.clear();
        pos.moves(moves);
        if pos.to_beat.is_some() {
            if let Some(first) = self.quick_win_following(pos, moves) {
                if let Some(win) = self.record_sure_win(node, window.beta, first) {
                    return win;
                }
            }
        }
        self.order_moves(pos, moves, groups, hints, first_group);
        if self.scratch.children.len() <= ply {
            self.scratch.children.push(Vec::with_capacity(128));
        }
        let mut children = std::mem::take(&mut self.scratch.children[ply]);
        let answer = self.search_children(node, window, hints, moves, &mut children, deadline);
        self.scratch.children[ply] = children;
        answer
    }

    /// Prunes dominated moves and puts the rest in the order to search:
    /// the table's move, else the class's last best move (if it is a move
    /// here), else the split's first group; then by `ordering::order`.
    fn order_moves(
        &mut self,
        pos: &Position,
        moves: &mut Vec<Move>,
        groups: &[Play],
        hints: &Hints,
        first_group: Option<Move>,
    ) {
        if moves.len() > 2 {
            dominance::prune(moves, pos);
        }
        // Holding a bomb nobody can beat, letting a play go costs little.
        let pass_early = pos.to_beat.is_some() && control::holds_top_bomb(pos);
        // A farmer whose partner's play the landlord cannot beat lets it
        // stand: the partner leads next.
        let partner_holds = pos
            .to_beat
            .is_some_and(|(by, p)| by.team() == pos.to_move.team() && !can_beat(pos.hand(Seat::Landlord), p));
        let class_move = hints
            .class
            .filter(|_| hints.table_move.is_none())
            .and_then(|class| self.memory.class_moves.get(class))
            .filter(|m| moves.contains(m));
        let history = &self.memory.history[history_base(pos)..][..HISTORY_PER_SEAT];
        order(
            moves,
            pos.hand(pos.to_move),
            groups,
            hints.table_move.or(class_move).or(first_group),
            pass_early,
            partner_holds,
            history,
        );
    }

    /// The children of `moves`, each past the seats that can only pass and,
    /// under win/loss, past a seat that goes out at once; a finished one
    /// carries its value.
    fn expand(&mut self, node: Node<'_>, moves: &[Move], children: &mut Vec<Child>) {
        let Node { pos, map, .. } = node;
        let mover = pos.to_move.team();
        children.clear();
        for &mv in moves {
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
            if self.asked.utility == Utility::WinLoss && child.winner().is_none() {
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
            let (ckey, cmap) = child.key(self.asked.utility);
            self.memory.table.prefetch(ckey);
            children.push(Child {
                mv,
                pos: child,
                key: ckey,
                map: cmap,
                same,
                known_at_most: None,
            });
        }
    }

    /// What the table already proves of the children (enhanced
    /// transposition cutoffs): a child that cuts off `window` at once is
    /// the answer, stored; others may be marked known too weak to search.
    fn known_cutoff(
        &mut self,
        node: Node<'_>,
        window: Window,
        nodes_before: u64,
        children: &mut [Child],
    ) -> Option<i32> {
        let Node { key, map, depth, .. } = node;
        for c in children.iter_mut() {
            if c.key == Key::EMPTY {
                continue;
            }
            let Some(e) = self.memory.table.get(c.key).filter(|e| e.proven) else {
                continue;
            };
            // The child's bound, from the mover's side.
            let (at_least, at_most) = match (e.bound, c.same) {
                (Bound::Exact, true) => (e.value, e.value),
                (Bound::Exact, false) => (-e.value, -e.value),
                (Bound::Lower, true) | (Bound::Upper, false) => (if c.same { e.value } else { -e.value }, INFINITY),
                (Bound::Upper, true) | (Bound::Lower, false) => (-INFINITY, if c.same { e.value } else { -e.value }),
            };
            if at_least >= window.beta {
                let found = Found {
                    value: at_least,
                    bound: Bound::Lower,
                    depth,
                    proven: true,
                    best: Some(map.rename_move(c.mv)),
                };
                self.memory.table.put(key, found, self.budget.nodes - nodes_before);
                return Some(at_least);
            }
            if at_most < INFINITY {
                c.known_at_most = Some(at_most);
            }
        }
        None
    }

    /// The children of `moves` built, probed and checked against the
    /// table, then searched in order within `window`; the result stored.
    fn search_children(
        &mut self,
        node: Node<'_>,
        mut window: Window,
        hints: &Hints,
        moves: &[Move],
        children: &mut Vec<Child>,
        deadline: &Deadline<'_>,
    ) -> (i32, bool) {
        let Node {
            pos,
            key,
            map,
            depth,
            ply,
        } = node;
        self.expand(node, moves, children);
        if self.asked.shortcuts.probes
            && pos.seats == 3
            && self.asked.utility == Utility::WinLoss
            && depth >= PROOF_DEPTH
            && self.budget.side_limit == u64::MAX
            && children.len() > 1
            && !self.probe(node, children, deadline)
        {
            return (0, false);
        }
        if let Some(at_least) = self.known_cutoff(node, window, hints.nodes_before, children) {
            return (at_least, true);
        }
        let alpha_in = window.alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut all_proven = true;
        let mut cut_proven = None;
        for c in children.iter() {
            let (v, proven) = match c.known_at_most {
                // Known (terminal, or proven no better than alpha): no search.
                Some(v) if c.key == Key::EMPTY || v <= window.alpha => (v, true),
                _ if c.same => self.search(node.child(c), window, deadline),
                _ => {
                    let (v, p) = self.search(node.child(c), window.negated(), deadline);
                    (-v, p)
                }
            };
            if self.budget.stopped {
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
            if v > window.alpha {
                window.alpha = v;
            }
            if window.alpha >= window.beta {
                cut_proven = Some(proven);
                let h = &mut self.memory.history[history_base(pos) + history_index(c.mv)];
                *h = h.saturating_add(1);
                break;
            }
        }
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
        if let (Some(class), Some(mv)) = (hints.class, best_move.filter(|_| proven && bound != Bound::Upper)) {
            self.memory.class_moves.put(class, mv);
        }
        let found = Found {
            value: best,
            bound,
            depth,
            proven,
            best: best_move.map(|m| map.rename_move(m)),
        };
        self.memory
            .table
            .put(key, found, self.budget.nodes - hints.nodes_before);
        (best, proven)
    }

    /// Stores a sure win of `node` starting with `first`. It is worth at
    /// least the least win (exactly that under win/loss): the search can
    /// stop if that is enough (at `beta`).
    fn record_sure_win(&mut self, node: Node<'_>, beta: i32, first: Move) -> Option<(i32, bool)> {
        let Node { key, map, depth, .. } = node;
        let value = PROVEN + 1;
        let found = Found {
            value,
            bound: Bound::Lower,
            depth,
            proven: true,
            best: Some(map.rename_move(first)),
        };
        self.memory.table.put(key, found, 1);
        (value >= beta || self.asked.utility == Utility::WinLoss).then_some((value, true))
    }

    /// The most any finish of `pos` can be worth, as a proven value.
    fn cap(&self, pos: &Position) -> i32 {
        PROVEN
            + match self.asked.utility {
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
        let landlord = finished.landlord_utility(self.asked.utility);
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
    pub(super) fn estimate(&mut self, pos: &Position) -> i32 {
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

/// The play with which the seat to move goes out at once, if it has one.
pub(super) fn going_out(pos: &Position) -> Option<Play> {
    let hand = pos.hand(pos.to_move);
    if !could_be_one_play(hand) {
        return None;
    }
    let to_beat = pos.to_beat.map(|(_, p)| p);
    readings(hand).into_iter().find(|p| to_beat.is_none_or(|t| p.beats(t)))
}

/// A quick filter for [`readings`] (which is slow for long hands): false
/// when `hand` is surely not one play.
pub(super) fn could_be_one_play(hand: Cards) -> bool {
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
pub(super) struct Child {
    pub(super) mv: Move,
    pub(super) pos: Position,
    /// `Key::EMPTY` when the move ends the deal.
    pub(super) key: Key,
    pub(super) map: RankMap,
    /// The mover's team moves again (a farmer after the partner).
    pub(super) same: bool,
    /// A proven bound on its value for the mover: the value itself when
    /// the deal is over.
    pub(super) known_at_most: Option<i32>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Rank;
    use crate::clock::MonotonicClock;
    use crate::solver::tests::{pos, solve};
    use crate::solver::{Anatomy, Outcomes, Shortcuts, SolveOptions};

    #[test]
    fn a_window_beyond_the_cap_leaves_no_false_bound() {
        // Under card margin the cap shrinks with the cards left. Solving
        // 34482 v 68KD after the landlord's 4 once stored a false bound for
        // a later position (here 382 v 68KD, a farmer win by 1 card) when a
        // window lay wholly beyond a position's cap.
        let clock = MonotonicClock::default();
        let options = SolveOptions {
            utility: Utility::CardMargin,
            ..SolveOptions::exhaustive()
        };
        let mut solver = Solver::new(1 << 16);
        let after_4 = pos(&["34482", "68KD"]).after(Move::Play(Play::parse("4").unwrap()));
        assert_eq!(solver.solve(&after_4, &options, &clock).value, -3);
        let later = pos(&["382", "68KD"]);
        assert_eq!(solver.solve(&later, &options, &clock).value, -1);
        assert_eq!(solve(&later, Utility::CardMargin).value, -1);
    }

    #[test]
    fn the_anatomy_counts_each_solves_side_searches() {
        let clock = MonotonicClock::default();
        let mut solver = Solver::new(16 << 20);
        // Deal 1, a landlord win that a probe of a later first play finds.
        let deal = crate::deal::Deal::from_seed(1);
        let p = Position::new(&deal.hands(), Seat::Landlord, None).unwrap();
        let r = solver.solve(&p, &SolveOptions::exhaustive(), &clock);
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
        let r = solver.solve(&p, &SolveOptions::exhaustive(), &clock);
        assert_eq!(r.anatomy.alone.won.count, 1, "{:?}", r.anatomy);
        assert_eq!(r.anatomy.probes, Outcomes::default());
        // Each solve counts its own: none in 1v1, none under another utility.
        let r = solver.solve(&pos(&["3KK", "A"]), &SolveOptions::exhaustive(), &clock);
        assert_eq!(r.anatomy, Anatomy::default());
        let r = solve(&pos(&["3479J", "AA22", "568TQ"]), Utility::Score);
        assert_eq!(r.anatomy, Anatomy::default());
    }

    #[test]
    fn the_last_farmer_to_win_alone_is_asked_first() {
        // Farmer 2's AA22 wins alone; farmer 1's low singles do not.
        let clock = MonotonicClock::default();
        let mut solver = Solver::new(1 << 20);
        // No line after the proof: the line is searched for 50 ms of wall
        // clock, and what it gets through would change the solver's memory
        // from one run to the next.
        let options = SolveOptions {
            principal_variation: false,
            ..SolveOptions::exhaustive()
        };
        let first = solver.solve(&pos(&["3479J", "4568", "AA22"]), &options, &clock);
        assert_eq!((first.winner, first.exact), (Team::Farmers, true));
        let asked = |o: Outcomes| (o.won.count, o.lost.count + o.given_up.count);
        // Farmer 1 was asked first, in vain.
        assert_eq!(asked(first.anatomy.alone), (1, 1));
        // Now farmer 2 is, and farmer 1's new endgame is not searched.
        let next = solver.solve(&pos(&["3479J", "4569", "AA22"]), &options, &clock);
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
            let r = Solver::new(1 << 20).solve(&p, &SolveOptions::exhaustive(), &clock);
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
            shortcuts: Shortcuts {
                farmer_alone: false,
                ..Shortcuts::ALL
            },
            ..SolveOptions::exhaustive()
        };
        let nodes: Vec<u64> = ["5", "568TQ", "5566889TTQQ"]
            .iter()
            .map(|partner| {
                let p = pos(&["3479J", "AA22", partner]);
                Solver::new(1 << 20).solve(&p, &without, &clock).nodes
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
            ..SolveOptions::exhaustive()
        };
        let r = Solver::new(16 << 20).solve(&p, &options, &clock);
        assert_eq!((r.winner, r.exact), (Team::Landlord, true), "{} nodes", r.nodes);
        let without = SolveOptions {
            shortcuts: Shortcuts {
                probes: false,
                ..Shortcuts::ALL
            },
            ..options
        };
        let r = Solver::new(16 << 20).solve(&p, &without, &clock);
        assert!(!r.exact, "proven in {} nodes without probes", r.nodes);
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
}

//! The open-hand solver (神算子): negamax with α-β pruning over positions
//! where every hand is known, for 1v1 (landlord against one farmer) and for
//! three seats (landlord against the farmer team).
//!
//! - Values are from the side to move's point of view. A proven result is
//!   worth more than any estimate: `±(PROVEN + utility)`, estimates stay
//!   within `±PROVEN`.
//! - A transposition table of bounded size keeps bounds per position, each
//!   marked *proven* when no horizon estimate went into it, so it is valid
//!   at every depth.
//! - Moves: a play that goes out first, then the table's best move, then the
//!   search paper's order (following: the same kind from the lowest rank,
//!   then bombs, then the pass; leading: the most cards and lowest rank
//!   first, bombs last).
//! - Iterative deepening with an estimate at the horizon (the difference in
//!   minimum split play counts, [`Splitter`]), under a hard time limit
//!   checked every 1,024 nodes through the clock seam; an iteration that
//!   needed no estimate is exact, and the search stops there.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use serde::Serialize;

use crate::cards::Cards;
use crate::clock::{Clock, Deadline};
use crate::movegen::legal_moves;
use crate::play::{Kind, Move, Play};
use crate::seat::{Seat, Team};
use crate::split::Splitter;

/// What a finished deal is worth to the landlord.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
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

/// A position: every hand, whose turn, and the play to beat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    hands: [Cards; 3],
    seats: u8,
    to_move: Seat,
    to_beat: Option<(Seat, Play)>,
    bombs: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("a position has 2 or 3 hands, not {0}")]
    SeatCount(usize),
    #[error("the {0} has no cards: the deal is already over")]
    EmptyHand(Seat),
    #[error("the hands hold more of a rank than a deck has")]
    NotFromOneDeck,
    #[error("the {0} is not at this table")]
    NoSuchSeat(Seat),
    #[error("the {0} cannot be to move right after its own play")]
    MoverMadeLastPlay(Seat),
    #[error("the play to beat and the hands together hold more of a rank than a deck has")]
    LastPlayNotFromDeck,
}

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

    pub fn hand(&self, seat: Seat) -> Cards {
        self.hands[seat.index()]
    }
    pub fn seats(&self) -> usize {
        usize::from(self.seats)
    }
    pub fn to_move(&self) -> Seat {
        self.to_move
    }
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
    fn landlord_utility(&self, utility: Utility) -> i32 {
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

    /// The table key: everything the rest of the game depends on.
    fn key(&self, utility: Utility) -> Key {
        let beat = match self.to_beat {
            None => 0,
            Some((by, p)) => {
                1 | (by.index() as u32) << 1
                    | (p.kind() as u32) << 3
                    | (p.rank().index() as u32) << 7
                    | u32::from(p.chain_len()) << 11
            }
        };
        let bombs = if utility == Utility::Score {
            u32::from(self.bombs)
        } else {
            0
        };
        Key {
            hands: [self.hands[0].bits(), self.hands[1].bits(), self.hands[2].bits()],
            meta: self.to_move.index() as u32 | beat << 2 | bombs << 18,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
struct Key {
    hands: [u64; 3],
    meta: u32,
}

impl Key {
    fn hash(&self) -> u64 {
        let mut h = u64::from(self.meta).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        for x in self.hands {
            h = (h ^ x).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            h ^= h >> 31;
        }
        h
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: Key,
    value: i32,
    bound: Bound,
    /// Remaining depth searched; ignored when `proven`.
    depth: u8,
    proven: bool,
    best: Option<Move>,
}

/// Proven values are `±(PROVEN + utility)`; estimates stay inside `±PROVEN`.
const PROVEN: i32 = 1_000_000;
const INFINITY: i32 = i32::MAX / 2;

/// A bounded transposition table: a power-of-two array, one entry per slot.
struct Table {
    slots: Vec<Option<Entry>>,
}

impl Table {
    fn with_bytes(bytes: usize) -> Table {
        let n = (bytes / std::mem::size_of::<Option<Entry>>())
            .max(1024)
            .next_power_of_two()
            / 2;
        Table {
            slots: vec![None; n.max(1024)],
        }
    }

    fn index(&self, key: &Key) -> usize {
        (key.hash() as usize) & (self.slots.len() - 1)
    }

    fn get(&self, key: &Key) -> Option<&Entry> {
        self.slots[self.index(key)].as_ref().filter(|e| e.key == *key)
    }

    fn put(&mut self, entry: Entry) {
        let i = self.index(&entry.key);
        // Keep the deeper or proven result of another position over a shallow one.
        let replace = match &self.slots[i] {
            Some(old) if old.key != entry.key => entry.proven || !old.proven && entry.depth >= old.depth,
            _ => true,
        };
        if replace {
            self.slots[i] = Some(entry);
        }
    }

    fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }
}

/// How to search.
#[derive(Clone, Copy, Debug)]
pub struct SolveOptions {
    pub utility: Utility,
    /// Stop by then and answer with the deepest finished search.
    pub time_limit_ms: Option<f64>,
    /// Iterative deepening starts at this depth (plies).
    pub start_depth: u8,
    /// Transposition table size.
    pub table_bytes: usize,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            utility: Utility::WinLoss,
            time_limit_ms: None,
            start_depth: 8,
            table_bytes: 64 << 20,
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
    pub nodes: u64,
    pub ms: f64,
    /// The time limit stopped the search before a proof.
    pub timed_out: bool,
}

/// Progress reports, one per finished iteration.
pub trait Progress {
    fn iteration(&mut self, depth: u32, nodes: u64, ms: f64);
}

impl Progress for () {
    fn iteration(&mut self, _: u32, _: u64, _: f64) {}
}

/// Hashes the card bits used as keys of the solver's caches: one multiply,
/// instead of the default hasher's resistance to attacks it does not face.
#[derive(Default)]
struct CardsHasher(u64);

impl Hasher for CardsHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (n ^ (n >> 31)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    }
}

type CardsMap<V> = HashMap<u64, V, BuildHasherDefault<CardsHasher>>;

/// The solver. Keep one around to reuse its table between searches.
pub struct Solver {
    table: Table,
    splitter: Splitter,
    plays_cache: CardsMap<u8>,
    /// Best split of each hand met, for the quick-win check and ordering.
    split_cache: CardsMap<Vec<Play>>,
    nodes: u64,
    stopped: bool,
    utility: Utility,
    /// Move lists per ply, reused.
    scratch: Vec<Vec<Move>>,
    /// Whether the table holds anything yet.
    searched: bool,
}

impl Solver {
    pub fn new(table_bytes: usize) -> Solver {
        Solver {
            table: Table::with_bytes(table_bytes),
            splitter: Splitter::new(),
            plays_cache: CardsMap::default(),
            split_cache: CardsMap::default(),
            nodes: 0,
            stopped: false,
            utility: Utility::WinLoss,
            scratch: Vec::new(),
            searched: false,
        }
    }

    /// Solves `position`. Without a time limit the search runs until the
    /// result is proven. With one, it first tries to prove the result with
    /// half the time, then deepens iteratively with the horizon estimate
    /// until the limit, answering with the deepest finished iteration.
    /// Calling again continues from the proofs the table kept, so a caller
    /// can search in slices (to report progress or be cancelled between them).
    pub fn solve(
        &mut self,
        position: &Position,
        options: &SolveOptions,
        clock: &dyn Clock,
        progress: &mut dyn Progress,
    ) -> SolveResult {
        let started = clock.now_ms();
        if options.utility != self.utility {
            // Values under another utility mean nothing now (a new table is empty already).
            if self.searched {
                self.table.clear();
            }
            self.utility = options.utility;
        }
        self.searched = true;
        self.nodes = 0;
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
            };
        }
        let mut answer: Option<(i32, bool, u32)> = None;
        // First, a full-depth search: it proves most endgames fastest.
        let proof_deadline = match options.time_limit_ms {
            Some(ms) => Deadline::after(clock, ms / 2.0),
            None => Deadline::NONE,
        };
        let (value, proven) = self.negamax(position, u8::MAX, -INFINITY, INFINITY, 0, &proof_deadline);
        if !self.stopped && proven {
            answer = Some((value, true, u32::from(u8::MAX)));
            progress.iteration(u32::from(u8::MAX), self.nodes, clock.now_ms() - started);
        } else if let Some(ms) = options.time_limit_ms {
            // Then iterative deepening with the estimate, until the limit.
            self.stopped = false;
            let deadline = Deadline::after(clock, ms - (clock.now_ms() - started));
            let mut depth = options.start_depth.max(1);
            loop {
                let (value, proven) = self.negamax(position, depth, -INFINITY, INFINITY, 0, &deadline);
                if self.stopped {
                    break;
                }
                answer = Some((value, proven, u32::from(depth)));
                progress.iteration(u32::from(depth), self.nodes, clock.now_ms() - started);
                if proven || depth == u8::MAX {
                    break;
                }
                depth = depth.saturating_add(if depth < 16 { 2 } else { 4 });
            }
        }
        let (value, exact, depth) = match answer {
            Some(a) => a,
            // Not even the first iteration finished: fall back to the estimate.
            None => (self.estimate(position), false, 0),
        };
        let landlord_value = mover_sign
            * if exact {
                value.signum() * (value.abs() - PROVEN)
            } else {
                value
            };
        let left = options
            .time_limit_ms
            .map_or(50.0, |ms| ms - (clock.now_ms() - started))
            .min(50.0);
        let pv = self.principal_variation(position, &Deadline::after(clock, left));
        SolveResult {
            value: landlord_value,
            winner: if landlord_value > 0 {
                Team::Landlord
            } else {
                Team::Farmers
            },
            exact,
            best: pv.first().copied().or_else(|| {
                let mut moves = Vec::new();
                position.moves(&mut moves);
                moves.first().copied()
            }),
            pv,
            depth,
            nodes: self.nodes,
            ms: clock.now_ms() - started,
            timed_out: !exact,
        }
    }

    /// Best play for both sides, following the table; a position the table
    /// lacks (cut short by a quick win) is searched briefly to fill it in.
    fn principal_variation(&mut self, root: &Position, deadline: &Deadline<'_>) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut pos = *root;
        while pos.winner().is_none() && pv.len() < 200 {
            if self.table.get(&pos.key(self.utility)).and_then(|e| e.best).is_none() {
                self.stopped = false;
                self.negamax(&pos, u8::MAX, -INFINITY, INFINITY, 0, deadline);
            }
            let Some(mv) = self.table.get(&pos.key(self.utility)).and_then(|e| e.best) else {
                break;
            };
            if !pos.is_legal(mv) {
                break;
            }
            pv.push(mv);
            pos = pos.after(mv);
        }
        pv
    }

    /// The value of `pos` for the side to move, searching `depth` plies.
    /// The flag says whether it is proven (no estimate was used).
    fn negamax(
        &mut self,
        pos: &Position,
        depth: u8,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        deadline: &Deadline<'_>,
    ) -> (i32, bool) {
        self.nodes += 1;
        if self.nodes & 1023 == 0 && deadline.expired() {
            self.stopped = true;
        }
        if self.stopped {
            return (0, false);
        }
        let key = pos.key(self.utility);
        let mut table_move = None;
        if let Some(e) = self.table.get(&key) {
            table_move = e.best;
            if e.proven || e.depth >= depth {
                match e.bound {
                    Bound::Exact => return (e.value, e.proven),
                    Bound::Lower if e.value >= beta => return (e.value, e.proven),
                    Bound::Upper if e.value <= alpha => return (e.value, e.proven),
                    _ => {}
                }
            }
        }
        // No value can be better than the best finish there is.
        let cap = self.cap(pos);
        beta = beta.min(cap);
        alpha = alpha.max(-cap);
        if depth == 0 {
            // Going out at once is not an estimate.
            let hand = pos.hand(pos.to_move);
            let to_beat = pos.to_beat.map(|(_, p)| p);
            if let Some(out) = crate::play::readings(hand)
                .into_iter()
                .find(|p| to_beat.is_none_or(|t| p.beats(t)))
            {
                return (self.terminal_value(&pos.after(Move::Play(out)), pos.to_move), true);
            }
            return (self.estimate(pos), false);
        }
        // On lead, a hand that splits into groups nobody else can beat,
        // but for at most one, goes out: play the others first, keeping the lead.
        let mut first_group = None;
        if pos.to_beat.is_none() {
            match self.quick_win(pos) {
                QuickWin::Yes(first) => {
                    if let Some(win) = self.record_quick_win(key, depth, beta, first) {
                        return win;
                    }
                }
                QuickWin::No(group) => first_group = group,
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
                if let Some(win) = self.record_quick_win(key, depth, beta, first) {
                    self.scratch[ply] = moves;
                    return win;
                }
            }
        }
        let hand = pos.hand(pos.to_move);
        if self.split_cache.len() > 1 << 18 {
            self.split_cache.clear();
        }
        let groups: &[Play] = self
            .split_cache
            .entry(hand.bits())
            .or_insert_with(|| self.splitter.best(hand).plays().to_vec());
        order(&mut moves, pos.hand(pos.to_move), groups, table_move.or(first_group));

        let alpha_in = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut all_proven = true;
        let mut cut_proven = None;
        let mover = pos.to_move.team();
        for &mv in &moves {
            let child = pos.after(mv);
            let same = child.to_move.team() == mover;
            let (v, proven) = if child.winner().is_some() {
                (self.terminal_value(&child, pos.to_move), true)
            } else if same {
                self.negamax(&child, depth - 1, alpha, beta, ply + 1, deadline)
            } else {
                let (v, p) = self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, deadline);
                (-v, p)
            };
            if self.stopped {
                self.scratch[ply] = moves;
                return (0, false);
            }
            all_proven &= proven;
            if v > best {
                best = v;
                best_move = Some(mv);
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                cut_proven = Some(proven);
                break;
            }
        }
        self.scratch[ply] = moves;
        let proven = cut_proven.unwrap_or(all_proven);
        let bound = if cut_proven.is_some() {
            Bound::Lower
        } else if best <= alpha_in {
            Bound::Upper
        } else {
            Bound::Exact
        };
        self.table.put(Entry {
            key,
            value: best,
            bound,
            depth,
            proven,
            best: best_move,
        });
        (best, proven)
    }

    /// Whether the side to move, on lead, surely goes out: its best split has
    /// at most one group that an opponent could beat. Otherwise a group of
    /// the split worth trying first.
    fn quick_win(&mut self, pos: &Position) -> QuickWin {
        self.quick_win_with(pos, pos.hand(pos.to_move))
    }

    /// Whether nobody on the other side can beat `play`.
    fn unbeatable(pos: &Position, play: Play) -> bool {
        let mover = pos.to_move;
        Seat::ALL[..pos.seats()]
            .iter()
            .filter(|s| s.team() != mover.team())
            .all(|&o| {
                let mut n = 0usize;
                crate::movegen::follow_plays(pos.hand(o), play, &mut n);
                n == 0
            })
    }

    /// [`Solver::quick_win`] for the mover holding `hand` on lead.
    fn quick_win_with(&mut self, pos: &Position, hand: Cards) -> QuickWin {
        if self.split_cache.len() > 1 << 18 {
            self.split_cache.clear();
        }
        let groups = self
            .split_cache
            .entry(hand.bits())
            .or_insert_with(|| self.splitter.best(hand).plays().to_vec());
        let mut beatable = 0;
        let mut safe_first = None;
        let mut try_first = None;
        for &g in groups.iter() {
            if Solver::unbeatable(pos, g) {
                safe_first.get_or_insert(g);
            } else {
                beatable += 1;
                try_first.get_or_insert(g);
            }
        }
        match (beatable, safe_first, try_first) {
            (0 | 1, Some(g), _) => QuickWin::Yes(Move::Play(g)),
            (0 | 1, None, Some(g)) => QuickWin::Yes(Move::Play(g)),
            (_, _, g) => QuickWin::No(g.map(Move::Play)),
        }
    }

    /// Following: a play nobody can beat that leaves a quick win on lead.
    fn quick_win_following(&mut self, pos: &Position, moves: &[Move]) -> Option<Move> {
        let hand = pos.hand(pos.to_move);
        for &mv in moves {
            let Move::Play(p) = mv else { continue };
            if Solver::unbeatable(pos, p) && matches!(self.quick_win_with(pos, hand.minus(p.cards())), QuickWin::Yes(_))
            {
                return Some(mv);
            }
        }
        None
    }

    /// Stores a quick win starting with `first`. It is worth at least the
    /// least win (exactly that under win/loss): the search can stop if that
    /// is enough.
    fn record_quick_win(&mut self, key: Key, depth: u8, beta: i32, first: Move) -> Option<(i32, bool)> {
        let value = PROVEN + 1;
        self.table.put(Entry {
            key,
            value,
            bound: Bound::Lower,
            depth,
            proven: true,
            best: Some(first),
        });
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
        let mut own = u8::MAX;
        let mut other = u8::MAX;
        for &seat in &Seat::ALL[..pos.seats()] {
            let hand = pos.hand(seat);
            let plays = match self.plays_cache.get(&hand.bits()) {
                Some(&n) => n,
                None => {
                    let n = self.splitter.min_plays(hand) as u8;
                    if self.plays_cache.len() > 1 << 20 {
                        self.plays_cache.clear();
                    }
                    self.plays_cache.insert(hand.bits(), n);
                    n
                }
            };
            if seat.team() == mover {
                own = own.min(plays);
            } else {
                other = other.min(plays);
            }
        }
        let lead = i32::from(pos.to_beat.is_none());
        100 * (i32::from(other) - i32::from(own)) + 50 * lead
    }
}

enum QuickWin {
    /// A sure win, starting with this move.
    Yes(Move),
    /// No proof; maybe a split group to try first.
    No(Option<Move>),
}

/// Orders moves: a play that goes out first, then the table's move;
/// following, the generated order (same kind from the lowest rank, bombs,
/// rocket, pass); leading, the most cards and lowest rank first with bombs
/// and the rocket last.
fn order(moves: &mut [Move], hand: Cards, groups: &[Play], table_move: Option<Move>) {
    if !moves.contains(&Move::Pass) {
        // On lead: the search paper's order (most cards, then lowest rank;
        // bombs last), with the groups of the hand's best split first.
        moves.sort_by_cached_key(|m| match m {
            Move::Play(p) => {
                let group = groups.contains(p);
                (
                    !group,
                    p.is_bomb_or_rocket(),
                    if group { 0 } else { 20 - p.cards().len() },
                    p.rank(),
                    p.kind() == Kind::Rocket,
                )
            }
            Move::Pass => (true, true, 20, crate::cards::Rank::RedJoker, true),
        });
    } else {
        // Following: the paper's order (generation order: the same kind
        // from the lowest rank, bombs, the pass), split groups first.
        let mut first = 0;
        for i in 0..moves.len() {
            if matches!(moves[i], Move::Play(p) if groups.contains(&p) && !p.is_bomb_or_rocket()) {
                moves[first..=i].rotate_right(1);
                first += 1;
            }
        }
    }
    let to_front = |moves: &mut [Move], wanted: Option<Move>| {
        if let Some(i) = wanted.and_then(|w| moves.iter().position(|&m| m == w)) {
            moves[..=i].rotate_right(1);
        }
    };
    to_front(moves, table_move);
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

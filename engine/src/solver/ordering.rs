//! Move ordering and the history heuristic.

use crate::cards::{Cards, Rank};
use crate::play::{Kind, Move, Play};

use super::Position;

/// History entries per seat: one per kind, rank and chain length. Per
/// seat, not per team: the two farmers' hands answer differently (4% fewer
/// nodes on the whole deals proven within 10 s than one table for both).
pub(super) const HISTORY_PER_SEAT: usize = Kind::ALL.len() * 16 * 16;

/// Where the history of the seat to move starts: 1v1 seats apart from
/// three-seat ones, whose endgames with a farmer alone share the table.
pub(super) fn history_base(pos: &Position) -> usize {
    (pos.to_move.index() + if pos.seats == 2 { 3 } else { 0 }) * HISTORY_PER_SEAT
}

pub(super) fn history_index(mv: Move) -> usize {
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
pub(super) fn order(
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

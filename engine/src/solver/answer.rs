//! The landlord's sure answer: a static landlord win with a farmer to move.
//!
//! The farmers move now, but whatever they put on the table before the
//! landlord's next turn, the landlord answers it with a play neither farmer
//! can beat and then surely goes out on lead (`control`'s plans); and if
//! both farmers pass, the landlord surely goes out on lead as it stands.
//! The farmers' plays are taken by shape: an answer above the highest play
//! of a shape that either farmer can make answers every play of it.
//!
//! The hands are the farmers' hands as they stand, a superset of what they
//! hold by the answer, so "neither can beat it" and the plans hold then
//! too, with two cautions:
//! - nobody may go out on the way: neither farmer's hand may be one play;
//! - each farmer sheds at most one play before the answer, so a covered
//!   plan must hold with one play to spare (`margin`).
//!
//! When the highest play of a shape has no answer that way, each single,
//! pair and trio of the shape is tried with its own cards gone from the
//! farmer's hand (a farmer's big joker that only a bomb answers no longer
//! spoils the plan after the bomb). Under win/loss only (a bomb counts).

use crate::cards::{Cards, Rank};
use crate::movegen::{can_beat, has_kind, lead_plays};
use crate::play::{readings, Kind, Play};
use crate::seat::{Seat, Team};

use super::key::Key;
use super::position::Position;
use super::search::could_be_one_play;
use super::Solver;

/// The shapes a play can have, bombs and the rocket aside.
fn shapes() -> impl Iterator<Item = (Kind, u8)> {
    Kind::ALL.into_iter().filter(|k| !k.is_bomb_or_rocket()).flat_map(|k| {
        let (lo, hi) = k.lengths();
        (lo..=hi).map(move |len| (k, len))
    })
}

/// The highest main rank of a play of `kind` and `len` in `hand`.
fn top_rank(hand: Cards, kind: Kind, len: u8) -> Option<usize> {
    (0..Rank::ALL.len()).rev().find(|&r| has_kind(hand, kind, len, r))
}

/// The highest rank in a rank mask, −1 for none.
fn top(mask: u16) -> i32 {
    if mask == 0 {
        -1
    } else {
        15 - mask.leading_zeros() as i32
    }
}

fn is_one_play(hand: Cards) -> bool {
    could_be_one_play(hand) && !readings(hand).is_empty()
}

impl Solver {
    /// Whether the landlord surely wins `pos`, a three-seat position with a
    /// farmer to move (see the module docs). Positions found without a sure
    /// answer are remembered by `key`; the cheap refusals come first, before
    /// that memory is read.
    pub(super) fn landlord_answers(&mut self, pos: &Position, key: Key) -> bool {
        debug_assert!(pos.seats() == 3 && pos.to_move.team() == Team::Farmers);
        let l = pos.hand(Seat::Landlord);
        let (f1, f2) = (pos.hand(Seat::Farmer1), pos.hand(Seat::Farmer2));
        // The farmers' hands whose plays the landlord may face (the one to
        // move first), whether the play to beat is a farmer's, and whether
        // the landlord leads if the farmers pass.
        let (hands, theirs, landlord_leads): (&[(Seat, Cards)], bool, bool) = match (pos.to_move, pos.to_beat) {
            (Seat::Farmer1, None) => (&[(Seat::Farmer1, f1), (Seat::Farmer2, f2)], false, false),
            (Seat::Farmer2, None) => (&[(Seat::Farmer2, f2)], false, false),
            (Seat::Farmer1, Some((Seat::Landlord, _))) => (&[(Seat::Farmer1, f1), (Seat::Farmer2, f2)], false, true),
            (Seat::Farmer2, Some((Seat::Landlord, _))) => (&[(Seat::Farmer2, f2)], false, true),
            (Seat::Farmer2, Some((Seat::Farmer1, _))) => (&[(Seat::Farmer2, f2)], true, false),
            // The landlord let farmer 2's play go: farmer 1 may pass it back.
            _ => return false,
        };
        let to_beat = pos.to_beat.map(|(_, t)| t);
        // Cheap refusals first: the rocket and bombs, the top single and
        // pair, the play to beat.
        if f1.contains(Cards::JOKERS) || f2.contains(Cards::JOKERS) {
            return false;
        }
        let f_bombs = f1.ranks_with_at_least(4) | f2.ranks_with_at_least(4);
        let l_bombs = l.ranks_with_at_least(4);
        let l_rocket = l.contains(Cards::JOKERS);
        if f_bombs != 0 && !l_rocket && top(l_bombs) <= top(f_bombs) {
            return false;
        }
        if to_beat.is_none() && f_bombs == 0 && !l_rocket && l_bombs == 0 {
            // Only a higher single answers a single, a higher pair a pair.
            if top(l.ranks_with_at_least(1)) <= top(f1.plus(f2).ranks_with_at_least(1)) {
                return false;
            }
            let pairs = hands.iter().fold(0, |m, (_, h)| m | h.ranks_with_at_least(2));
            if pairs != 0 && top(l.ranks_with_at_least(2)) <= top(pairs) {
                return false;
            }
        }
        if to_beat.is_some_and(|t| !can_beat(l, t)) || is_one_play(f1) || is_one_play(f2) {
            return false;
        }
        if self.memory.no_answer.covers(key, 1) {
            return false;
        }
        let answered = self.answers_everything(pos, hands, theirs, landlord_leads);
        if !answered {
            self.memory.no_answer.insert(key, 1);
        }
        answered
    }

    /// The costly part of [`Self::landlord_answers`], past its refusals.
    fn answers_everything(
        &mut self,
        pos: &Position,
        hands: &[(Seat, Cards)],
        theirs: bool,
        landlord_leads: bool,
    ) -> bool {
        let l = pos.hand(Seat::Landlord);
        let to_beat = pos.to_beat.map(|(_, t)| t);
        let f_bombs = pos.hand(Seat::Farmer1).ranks_with_at_least(4) | pos.hand(Seat::Farmer2).ranks_with_at_least(4);
        if landlord_leads && !self.sure_win_for(pos, l, 0) {
            return false;
        }
        // The answers: plays neither farmer can beat that leave a sure win
        // (or nothing). A bomb or the rocket answers everything.
        let mut plays: Vec<Play> = Vec::new();
        lead_plays(l, &mut plays);
        let answers = |this: &mut Solver, now: &Position, q: Play| {
            q.cards() == l
                || (!can_beat(now.hand(Seat::Farmer1), q)
                    && !can_beat(now.hand(Seat::Farmer2), q)
                    && this.sure_win_for(now, l.minus(q.cards()), 1))
        };
        for &q in plays.iter().filter(|q| q.is_bomb_or_rocket()) {
            if answers(self, pos, q) {
                return true;
            }
        }
        if f_bombs != 0 {
            return false;
        }
        // Every shape the farmers may put up needs an answer above it.
        let shapes: Vec<(Kind, u8)> = match to_beat {
            None => shapes()
                .filter(|&(kind, len)| has_kind(hands[0].1, kind, len, 0))
                .collect(),
            Some(t) => vec![(t.kind(), t.chain_len())],
        };
        for (kind, len) in shapes {
            let mut above = match to_beat {
                Some(t) if theirs => t.rank().index() as i32,
                _ => -1,
            };
            for &(_, h) in hands {
                // Following, only plays above the one to beat count.
                if let Some(r) = top_rank(h, kind, len).filter(|&r| to_beat.is_none_or(|t| r > t.rank().index())) {
                    above = above.max(r as i32);
                }
            }
            if above < 0 {
                continue;
            }
            let answered = plays
                .iter()
                .filter(|q| q.kind() == kind && q.chain_len() == len && q.rank().index() as i32 > above)
                .any(|&q| answers(self, pos, q));
            if answered {
                continue;
            }
            // Else each play of the shape with its cards gone from the hand
            // that played it (kinds without kickers only).
            if !matches!(kind, Kind::Single | Kind::Pair | Kind::Trio) {
                return false;
            }
            let lowest = to_beat.map_or(0, |t| t.rank().index() + 1);
            for &(seat, h) in hands {
                for &rank in &Rank::ALL[lowest..] {
                    let Some(cards) = Cards::of(rank, kind.width()).filter(|&c| h.contains(c)) else {
                        continue;
                    };
                    let mut after = *pos;
                    after.hands[seat.index()] = h.minus(cards);
                    let answered = plays
                        .iter()
                        .filter(|q| (q.kind() == kind && q.rank() > rank) || q.is_bomb_or_rocket())
                        .any(|&q| answers(self, &after, q));
                    if !answered {
                        return false;
                    }
                }
            }
            // A farmer's play on the table (its cards are gone already).
            if let Some(t) = to_beat.filter(|_| theirs) {
                if !plays.iter().filter(|q| q.beats(t)).any(|&q| answers(self, pos, q)) {
                    return false;
                }
            }
        }
        true
    }

    /// Whether the landlord, on lead with `hand` (the farmers' hands as in
    /// `pos`), surely goes out, each farmer having shed up to `margin` plays
    /// first.
    fn sure_win_for(&mut self, pos: &Position, hand: Cards, margin: u32) -> bool {
        if hand.is_empty() {
            return true;
        }
        let mut on_lead = *pos;
        on_lead.hands[Seat::Landlord.index()] = hand;
        on_lead.to_move = Seat::Landlord;
        on_lead.to_beat = None;
        let groups = self.groups(hand);
        self.sure_win_margin(&on_lead, &groups, margin).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::play::Play;
    use crate::rng;
    use crate::solver::position::tests::{deal_hands, random_deck};
    use crate::solver::Utility;

    fn answers(hands: [&str; 3], to_move: Seat, beat: Option<(Seat, &str)>) -> bool {
        let hands: Vec<Cards> = hands.iter().map(|h| h.parse().unwrap()).collect();
        let beat = beat.map(|(s, p)| (s, Play::parse(p).unwrap()));
        let pos = Position::new(&hands, to_move, beat).unwrap();
        Solver::new(1 << 20).landlord_answers(&pos, pos.key(Utility::WinLoss).0)
    }

    #[test]
    fn the_landlord_answers_whatever_the_farmers_lead() {
        // Farmer 1 leads singles or pairs: a 2 answers a single (then
        // KKKK+8T and the other 2), the 22 a pair (then KKKK+8T). Farmer 2
        // leads straights and trios too: the bomb answers those, and then
        // each 2 covers one of 8 and T.
        let hands = ["8TKKKK22", "334T", "34556667889TA"];
        assert!(answers(hands, Seat::Farmer1, None));
        assert!(answers(hands, Seat::Farmer2, None));
        // With the big joker, farmer 2 beats a 2 and puts an ace on farmer
        // 1's lead that nothing but the bomb answers, after which the 2s
        // cover nothing.
        assert!(!answers(["8TKKKK22", "334T", "3455666789TAD"], Seat::Farmer1, None));
    }

    #[test]
    fn a_played_top_card_no_longer_spoils_the_plan() {
        // Farmer 1 may put the big joker on the landlord's small one; the
        // bomb answers it, and without the joker the 2s cover 8 and T.
        assert!(answers(
            ["8TKKKK22", "499TJD", "3455667889TA"],
            Seat::Farmer1,
            Some((Seat::Landlord, "X"))
        ));
    }

    /// Whether the landlord wins with best play: plain minimax.
    fn landlord_wins(pos: &Position, memo: &mut HashMap<Position, bool>) -> bool {
        if let Some(winner) = pos.winner() {
            return winner == Seat::Landlord;
        }
        if let Some(&known) = memo.get(pos) {
            return known;
        }
        let mut moves = Vec::new();
        pos.moves(&mut moves);
        let mut wins = moves.iter().map(|&m| landlord_wins(&pos.after(m), memo));
        let value = if pos.to_move() == Seat::Landlord {
            wins.any(|w| w)
        } else {
            wins.all(|w| w)
        };
        memo.insert(*pos, value);
        value
    }

    #[test]
    fn every_sure_answer_is_a_landlord_win_by_minimax() {
        let mut solver = Solver::new(1 << 20);
        let (mut fired, mut wins) = (0, 0);
        for seed in 0..4000u64 {
            let (mut r, deck) = random_deck(seed);
            let sizes = [
                3 + rng::below(&mut r, 4) as usize,
                2 + rng::below(&mut r, 3) as usize,
                2 + rng::below(&mut r, 3) as usize,
            ];
            let mut cards = deck.iter().copied();
            let hands = deal_hands(&mut cards, &sizes);
            let to_move = if rng::below(&mut r, 2) == 0 {
                Seat::Farmer1
            } else {
                Seat::Farmer2
            };
            // Sometimes a play to beat, from the cards left over.
            let spare: Cards = cards.take(6).collect::<Result<Cards, _>>().unwrap();
            let mut plays: Vec<Play> = Vec::new();
            lead_plays(spare, &mut plays);
            let by = if to_move == Seat::Farmer2 && rng::below(&mut r, 2) == 0 {
                Seat::Farmer1
            } else {
                Seat::Landlord
            };
            let to_beat = match rng::below(&mut r, 3) {
                0 => None,
                _ => Some((by, plays[rng::below(&mut r, plays.len() as u32) as usize])),
            };
            let pos = Position::new(&hands, to_move, to_beat).unwrap();
            if solver.landlord_answers(&pos, pos.key(Utility::WinLoss).0) {
                fired += 1;
                assert!(landlord_wins(&pos, &mut HashMap::new()), "seed {seed}: {pos:?}");
            } else if landlord_wins(&pos, &mut HashMap::new()) {
                wins += 1;
            }
        }
        println!("{fired} sure answers, {wins} other landlord wins");
        // The rule must be exercised, and it is not the whole story.
        assert!(
            fired > 200 && wins > 200,
            "{fired} sure answers, {wins} other landlord wins"
        );
    }

    #[test]
    fn no_answer_when_a_farmer_can_go_out_or_holds_the_rocket() {
        assert!(!answers(["8TKKKK22", "33", "34556667889TA"], Seat::Farmer1, None));
        assert!(!answers(["8TKKKK22", "334TXD", "3455667889TA"], Seat::Farmer1, None));
        // Farmer 1 to move after the landlord let farmer 2's play go.
        assert!(!answers(
            ["8TKKKK22", "334T", "3455667889TA"],
            Seat::Farmer1,
            Some((Seat::Farmer2, "9"))
        ));
    }
}

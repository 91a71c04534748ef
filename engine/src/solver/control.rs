//! Static proofs of a win on lead, from the mover's best split (control,
//! 控制: holding plays the other side cannot beat).
//!
//! - A *quick win*: at most one group of the split can be beaten. Lead the
//!   others (each is passed), then the last one.
//! - A *covered plan*: every beatable group but one is covered, either by a
//!   group of the same kind and length ranked above anything the other side
//!   can make of it, or by a bomb nobody can beat. Lead a covered group; if
//!   it is beaten, answer with its cover, which is passed, and lead again.
//!   The other side gets at most one answer per covered group, so the plan
//!   holds if none of them can go out in that many plays.
//!
//! Both are sound whatever the other side does; the search takes them as
//! proven wins and stops there.

use crate::cards::Cards;
use crate::movegen::{can_beat, has_kind};
use crate::play::{Kind, Move, Play};
use crate::seat::Seat;

use super::position::Position;

pub(super) enum Plan {
    /// A sure win, starting with this move.
    Wins(Move),
    /// A sure win starting with this move if no opponent can go out in
    /// `answers` plays.
    Covered { first: Move, answers: u32 },
    /// No proof; maybe a beatable group worth trying first.
    Open(Option<Move>),
}

/// The hands of the seats against the side to move.
pub(super) fn opponents(pos: &Position) -> impl Iterator<Item = Cards> + '_ {
    let team = pos.to_move.team();
    Seat::ALL[..pos.seats()]
        .iter()
        .filter(move |s| s.team() != team)
        .map(|&s| pos.hand(s))
}

/// The hands against the side to move, as a pair (the second empty in 1v1
/// or when the mover is a farmer).
pub(super) fn opponent_pair(pos: &Position) -> [Cards; 2] {
    let mut pair = [Cards::EMPTY; 2];
    for (slot, hand) in pair.iter_mut().zip(opponents(pos)) {
        *slot = hand;
    }
    pair
}

/// Whether nobody on the other side can beat `play`.
pub(super) fn unbeatable(pos: &Position, play: Play) -> bool {
    opponents(pos).all(|h| !can_beat(h, play))
}

/// The plan for the side to move, on lead with `groups` (a split of its
/// hand, which may be its hand after a play it is about to make).
pub(super) fn plan_on_lead(pos: &Position, groups: &[Play]) -> Plan {
    let opponent_bombs = opponents(pos).any(|h| h.ranks_with_at_least(4) != 0 || h.contains(Cards::JOKERS));
    // Per kind and length: beatable groups, covers, and a beatable group.
    let mut classes: [(Kind, u8, u32, u32, Option<Play>); 20] = [(Kind::Single, 0, 0, 0, None); 20];
    let mut n = 0;
    let (mut beatable, mut wild) = (0, 0);
    let (mut safe_first, mut beatable_first) = (None, None);
    for &g in groups {
        let safe = unbeatable(pos, g);
        if safe && g.is_bomb_or_rocket() {
            wild += 1;
            safe_first.get_or_insert(g);
            continue;
        }
        let i = match classes[..n]
            .iter()
            .position(|c| (c.0, c.1) == (g.kind(), g.chain_len()))
        {
            Some(i) => i,
            None if n < classes.len() => {
                classes[n] = (g.kind(), g.chain_len(), 0, 0, None);
                n += 1;
                n - 1
            }
            None => return Plan::Open(beatable_first.map(Move::Play)),
        };
        if !safe {
            beatable += 1;
            classes[i].2 += 1;
            classes[i].4.get_or_insert(g);
            beatable_first.get_or_insert(g);
        } else {
            safe_first.get_or_insert(g);
            // Above anything of its kind the other side holds, even equal.
            if !opponent_bombs && opponents(pos).all(|h| !has_kind(h, g.kind(), g.chain_len(), g.rank().index())) {
                classes[i].3 += 1;
            }
        }
    }
    if beatable <= 1 {
        return match safe_first.or(beatable_first) {
            Some(g) => Plan::Wins(Move::Play(g)),
            None => Plan::Open(None),
        };
    }
    let classes = &classes[..n];
    let uncovered = classes
        .iter()
        .map(|c| c.2.saturating_sub(c.3))
        .sum::<u32>()
        .saturating_sub(wild);
    if uncovered > 1 {
        return Plan::Open(beatable_first.map(Move::Play));
    }
    // A beatable group whose class has a cover; with only bombs to cover, any.
    let first = classes
        .iter()
        .find(|c| c.2 > 0 && c.3 > 0)
        .or_else(|| classes.iter().find(|c| c.2 > 0 && wild > 0))
        .and_then(|c| c.4);
    match first {
        Some(g) => Plan::Covered {
            first: Move::Play(g),
            answers: beatable - uncovered,
        },
        None => Plan::Open(beatable_first.map(Move::Play)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(hands: &[&str], groups: &[&str]) -> Plan {
        let hands: Vec<Cards> = hands.iter().map(|h| h.parse().unwrap()).collect();
        let pos = Position::new(&hands, Seat::Landlord, None).unwrap();
        let groups: Vec<Play> = groups.iter().map(|g| Play::parse(g).unwrap()).collect();
        plan_on_lead(&pos, &groups)
    }

    #[test]
    fn one_beatable_group_is_a_quick_win() {
        // The 2 cannot be beaten: lead it, then the 3.
        assert!(matches!(plan(&["32", "A"], &["3", "2"]), Plan::Wins(Move::Play(p)) if p.to_string() == "2"));
        assert!(matches!(plan(&["34", "K"], &["3", "4"]), Plan::Open(_)));
    }

    #[test]
    fn covers_answer_beaten_groups() {
        // 3 and 4 are beatable by the K, but the 2 tops any single: lead 3;
        // if the K comes, the 2 takes the lead back.
        match plan(&["342", "KQ"], &["3", "4", "2"]) {
            Plan::Covered { first, answers } => {
                assert_eq!(first.to_string(), "3");
                assert_eq!(answers, 1);
            }
            _ => panic!("expected a covered plan"),
        }
        // An opponent's 2 ties the cover: a tie does not beat it back.
        assert!(matches!(plan(&["342", "K2"], &["3", "4", "2"]), Plan::Open(_)));
        // An opponent's bomb beats everything but a higher bomb.
        assert!(matches!(plan(&["342", "K5555"], &["3", "4", "2"]), Plan::Open(_)));
        assert!(matches!(
            plan(&["34AAAA", "K5555"], &["3", "4", "AAAA"]),
            Plan::Covered { answers: 1, .. }
        ));
    }
}

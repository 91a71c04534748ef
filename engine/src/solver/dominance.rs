//! Moves the search can skip because another move is at least as good.
//!
//! The argument: a hand with one of its cards *raised* (a singleton moved up
//! to a rank it does not hold, or an exact pair or trio moved up as a
//! whole) is at least as strong, as long as the lower card was in no chain.
//! Whatever the weaker hand plays, the stronger one plays the same with
//! the raised card, which beats everything the original beat and is beaten
//! by less. Two moves that leave the other side the same choices then
//! compare by what they leave the mover:
//! - kickers: `333+5` is at least as good as `333+8` when 5 and 8 are
//!   singletons of the hand (kickers never count for beating), and so on
//!   for pair kickers and every kind with wings;
//! - a single, pair or trio against a higher one of the same shape, when
//!   no opponent holds a card between them: the other side can beat both
//!   or neither the same way.
//!
//! A farmer's higher card can stop its partner from taking over (the
//! partner beats a low lead, not a high one), so for a farmer the lower
//! card only counts as raised when the partner holds nothing between the
//! two: then the partner can beat both or neither.

use crate::cards::Cards;
use crate::play::{Kind, Move};
use crate::seat::Seat;

use super::key::chain_ranks;
use super::position::Position;

/// Removes the moves that another of `moves` dominates.
pub(super) fn prune(moves: &mut Vec<Move>, pos: &Position) {
    let hand = pos.hand(pos.to_move());
    let opponents = super::control::opponents(pos).fold(0u16, |m, h| m | h.ranks_with_at_least(1));
    let partner = match pos.to_move() {
        Seat::Farmer1 if pos.seats() == 3 => pos.hand(Seat::Farmer2).ranks_with_at_least(1),
        Seat::Farmer2 => pos.hand(Seat::Farmer1).ranks_with_at_least(1),
        _ => 0,
    };
    let exactly = |n: u8| hand.ranks_with_at_least(n) & !hand.ranks_with_at_least(n + 1);
    // Ranks held exactly 1, 2, 3 times and in no chain: these can be raised.
    let chains = chain_ranks(hand);
    let free = [0, exactly(1) & !chains, exactly(2) & !chains, exactly(3) & !chains];
    // The lowest rank a play of the same shape could have (it must still beat).
    let lowest_legal = match pos.to_beat() {
        Some((_, t)) => t.rank().index() + 1,
        None => 0,
    };
    moves.retain(|&mv| {
        let Move::Play(p) = mv else { return true };
        match p.kind() {
            Kind::Single | Kind::Pair | Kind::Trio => {
                let width = p.kind().width();
                let r = p.rank().index();
                if exactly(width) >> r & 1 == 0 {
                    return true;
                }
                // A lower free rank of the same count, with no card of the
                // opponents (nor of a farmer's partner) in between or at r,
                // would do as well.
                let between = |a: usize| ((1u16 << (r + 1)) - 1) & !((1u16 << (a + 1)) - 1);
                !(lowest_legal..r)
                    .any(|a| free[usize::from(width)] >> a & 1 == 1 && (opponents | partner) & between(a) == 0)
            }
            Kind::TrioSingle | Kind::FourTwoSingles | Kind::AirplaneSingles => {
                !has_lower_spare(p.kickers(), p.cards(), exactly(1), free[1], 1, partner)
            }
            Kind::TrioPair | Kind::FourTwoPairs | Kind::AirplanePairs => {
                !has_lower_spare(p.kickers(), p.cards(), exactly(2), free[2], 2, partner)
            }
            _ => true,
        }
    });
}

/// Whether some kicker group of `width` (a rank held exactly `width` times,
/// all of it in the kickers) could be swapped for a lower free rank the
/// play does not use, with no card of `partner` above that rank up to the
/// kicker's.
fn has_lower_spare(kickers: Cards, play: Cards, exact: u16, free: u16, width: u8, partner: u16) -> bool {
    let whole = kickers.ranks_with_at_least(width) & exact;
    if whole == 0 {
        return false;
    }
    // The highest spare rank below the highest whole kicker group: the
    // nearest one, so the fewest partner cards in between.
    let highest = 15 - whole.leading_zeros();
    let below = free & !play.ranks_with_at_least(1) & ((1u16 << highest) - 1);
    if below == 0 {
        return false;
    }
    let spare = 15 - below.leading_zeros();
    let between = ((1u16 << (highest + 1)) - 1) & !((1u16 << (spare + 1)) - 1);
    partner & between == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::Play;

    fn kept(hands: &[&str], beat: Option<&str>) -> Vec<String> {
        kept_by(Seat::Landlord, hands, beat.map(|b| (Seat::Farmer1, b)))
    }

    fn kept_by(mover: Seat, hands: &[&str], beat: Option<(Seat, &str)>) -> Vec<String> {
        let hands: Vec<Cards> = hands.iter().map(|h| h.parse().unwrap()).collect();
        let to_beat = beat.map(|(s, b)| (s, Play::parse(b).unwrap()));
        let pos = Position::new(&hands, mover, to_beat).unwrap();
        let mut moves = Vec::new();
        pos.moves(&mut moves);
        prune(&mut moves, &pos);
        moves
            .iter()
            .map(|m| match m {
                // Main part and kickers apart, to see which kickers are kept.
                Move::Play(p) if !p.kickers().is_empty() => format!("{}+{}", p.main_cards(), p.kickers()),
                Move::Play(p) => p.to_string(),
                Move::Pass => "pass".into(),
            })
            .collect()
    }

    #[test]
    fn kickers_are_the_lowest_singletons() {
        // 5 and 8 are singletons, K is half a pair: 333+5 beats 333+8.
        let moves = kept(&["33358KK", "A"], None);
        let trios: Vec<_> = moves.iter().filter(|m| m.starts_with("333+")).collect();
        assert_eq!(trios, ["333+5", "333+K", "333+KK"]);
    }

    #[test]
    fn singles_with_nothing_between_are_one_choice() {
        // The opponent holds nothing between 5 and 8: leading 8 is no better than 5.
        let moves = kept(&["58", "3K"], None);
        assert_eq!(moves, ["5"]);
        // With the opponent's 7 in between, both stay.
        assert_eq!(kept(&["58", "7K"], None), ["5", "8"]);
        // Following a 4: the same.
        assert_eq!(kept(&["58", "3K"], Some("4")), ["5", "pass"]);
    }

    #[test]
    fn a_farmer_keeps_a_low_card_its_partner_can_beat() {
        // Farmer 1 leads: the partner's 7 beats a 5 but not an 8.
        assert_eq!(kept_by(Seat::Farmer1, &["3K", "58", "7"], None), ["5", "8"]);
        // The partner's 4 beats neither: the 8 is only a higher 5.
        assert_eq!(kept_by(Seat::Farmer1, &["3K", "58", "4"], None), ["5"]);
        // Farmer 2 with kickers: 333+5 keeps the 8 unless the partner's 6
        // could take over from a single 5 later.
        let trios = |partner: &str| -> Vec<String> {
            kept_by(Seat::Farmer2, &["A", partner, "33358"], None)
                .into_iter()
                .filter(|m| m.starts_with("333+"))
                .collect()
        };
        assert_eq!(trios("4"), ["333+5"]);
        assert_eq!(trios("6"), ["333+5", "333+8"]);
    }

    #[test]
    fn cards_in_a_chain_are_not_raised() {
        // 3 is in the straight 34567: leading 3 and leading 9 both stay.
        let moves = kept(&["345679", "K"], None);
        assert!(moves.contains(&"3".to_string()) && moves.contains(&"9".to_string()));
    }
}

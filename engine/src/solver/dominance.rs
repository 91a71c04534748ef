//! Moves the search can skip because another move is at least as good.
//!
//! The argument: a hand with one of its cards *raised* (a singleton, or an
//! exact pair or trio as a whole, moved up to a higher rank) is at least as
//! strong, as long as the lower cards are in no chain of the weaker hand
//! (the hand left after the move it skips) and the higher rank then holds
//! at most three cards. Whatever the weaker hand plays, the
//! stronger one plays the same with the raised cards, which beat
//! everything the originals beat and are beaten by less. The raised cards
//! may join cards of their new rank: the weaker hand holds too few of that
//! rank to use it as a trio or as a second pair of kickers, and single
//! kickers may repeat a rank, so the same play is always there to make;
//! and no bomb comes of it, which would change the score. Two moves that
//! leave the other side the same choices then compare by what they leave
//! the mover:
//! - kickers: `333+5` is at least as good as `333+8` when 5 is a singleton
//!   of the hand and it holds at most two 8s besides the kicker (kickers
//!   never count for beating), and so on for pair kickers (at most one
//!   card of the rank left) and every kind with wings;
//! - a single, pair or trio (with its kicker or not) against a higher one
//!   of the same shape, taken from a rank of at most three cards, when no
//!   opponent can make that group between them: the other side can beat
//!   both or neither the same way;
//! - a chain (straight, pair chain, airplane) against the same chain one
//!   rank lower, whose lowest group is raised to the top, when no
//!   opponent holds the same chain from the higher start.
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
    // Ranks where some opponent holds at least 1, 2, 3 cards: where it could
    // beat a single, a pair, a trio of a lower rank.
    let opponent_hands = super::control::opponent_pair(pos);
    let mut opponents = [0u16; 4];
    for h in opponent_hands {
        for (width, ranks) in opponents.iter_mut().enumerate().skip(1) {
            *ranks |= h.ranks_with_at_least(width as u8);
        }
    }
    let partner = match pos.to_move() {
        Seat::Farmer1 if pos.seats() == 3 => pos.hand(Seat::Farmer2).ranks_with_at_least(1),
        Seat::Farmer2 => pos.hand(Seat::Farmer1).ranks_with_at_least(1),
        _ => 0,
    };
    // The lowest rank a play of the same shape could have (it must still beat).
    let lowest_legal = match pos.to_beat() {
        Some((_, t)) => t.rank().index() + 1,
        None => 0,
    };
    let chains_before = chain_ranks(hand);
    moves.retain(|&mv| {
        let Move::Play(p) = mv else { return true };
        // What the hand holds after the play: the weaker of the two hands
        // compared, in which the lower cards must be in no chain.
        let rest = hand.minus(p.cards());
        // Ranks held exactly `width` times and in no chain: these can be
        // raised. (Asked last: the chains cost the most to find, and only
        // where the whole hand has some, a superset of the rest's.)
        let free = |width: u8| {
            let exact = rest.ranks_with_at_least(width) & !rest.ranks_with_at_least(width + 1);
            if exact & chains_before == 0 {
                exact
            } else {
                exact & !chain_ranks(rest)
            }
        };
        // Ranks that can take a raised group of `width` cards: at most
        // three cards of the rank after the raise.
        let takes = |width: u8| !rest.ranks_with_at_least(4 - width);
        // Whether the same play with its main group (a single, pair or
        // trio) one of a lower free rank would do as well: no opponent can
        // make that group between the two ranks, nor does a farmer's
        // partner hold any card there (it could take over from the lower
        // card, kept, later).
        let lower_main = || {
            let width = p.kind().width();
            let r = p.rank().index();
            if takes(width) >> r & 1 == 0 {
                return false;
            }
            // A lower rank a with no stop in (a, r]: from the highest stop
            // up to r, r itself excluded.
            let stops = (opponents[usize::from(width)] | partner) & ranks_below(r + 1);
            let from = match stops {
                0 => lowest_legal,
                _ => (15 - stops.leading_zeros() as usize).max(lowest_legal),
            };
            if from >= r {
                return false;
            }
            let window = ranks_below(r) & !ranks_below(from);
            free(width) & !p.kickers().ranks_with_at_least(1) & window != 0
        };
        // Whether the same chain one rank lower would do as well: its lowest
        // group is free and raised to the top, no opponent can make the
        // same chain from the play's first rank (the one shape it beats
        // that the lower chain does not), and a farmer's partner holds
        // nothing in between.
        let lower_chain = || {
            let (width, len) = (p.kind().width(), usize::from(p.chain_len()));
            let first = p.rank().index();
            let Some(a) = first.checked_sub(1).filter(|&a| a >= lowest_legal) else {
                return false;
            };
            let top = first + len - 1;
            let between = ranks_below(top + 1) & !ranks_below(a + 1);
            let run = ((1u16 << len) - 1) << first;
            partner & between == 0
                && opponent_hands.iter().all(|h| h.ranks_with_at_least(width) & run != run)
                && takes(width) >> top & 1 == 1
                && (free(width) & !p.kickers().ranks_with_at_least(1)) >> a & 1 == 1
        };
        // Whether a kicker group of `width` could be a lower free rank.
        let kickers = |width: u8| has_lower_spare(p.kickers(), p.cards(), takes(width), free(width), width, partner);
        match p.kind() {
            Kind::Single | Kind::Pair | Kind::Trio => !lower_main(),
            Kind::TrioSingle => !(lower_main() || kickers(1)),
            Kind::TrioPair => !(lower_main() || kickers(2)),
            Kind::Straight | Kind::PairChain | Kind::Airplane => !lower_chain(),
            Kind::AirplaneSingles => !(lower_chain() || kickers(1)),
            Kind::AirplanePairs => !(lower_chain() || kickers(2)),
            Kind::FourTwoSingles => !kickers(1),
            Kind::FourTwoPairs => !kickers(2),
            _ => true,
        }
    });
}

/// Whether some kicker group of `width` (of a rank in `takes`: one that
/// can take the raise) could be swapped for a lower free rank the play
/// does not use, with no card of `partner` above that rank up to the
/// kicker's.
fn has_lower_spare(kickers: Cards, play: Cards, takes: u16, free: u16, width: u8, partner: u16) -> bool {
    let raisable = kickers.ranks_with_at_least(width) & takes;
    if raisable == 0 {
        return false;
    }
    // The highest spare rank below the highest kicker group that can take
    // the raise: the nearest one, so the fewest partner cards in between.
    let highest = 15 - raisable.leading_zeros() as usize;
    let below = free & !play.ranks_with_at_least(1) & ranks_below(highest);
    if below == 0 {
        return false;
    }
    let spare = 15 - below.leading_zeros() as usize;
    let between = ranks_below(highest + 1) & !ranks_below(spare + 1);
    partner & between == 0
}

/// The ranks below `rank` (0 to 15), as a mask.
fn ranks_below(rank: usize) -> u16 {
    ((1u32 << rank) - 1) as u16
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::Play;
    use crate::rng;
    use crate::solver::position::tests::{deal_hands, random_deck};
    use crate::solver::Utility;
    use std::collections::HashMap;

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
        // 5 and 8 are singletons, K half a pair: 333+5 beats 333+8 and
        // 333+K (it keeps the pair of kings).
        let moves = kept(&["33358KK", "A"], None);
        let trios: Vec<_> = moves.iter().filter(|m| m.starts_with("333+")).collect();
        assert_eq!(trios, ["333+5", "333+KK"]);
        // A king of a trio too (the 5 would make it a trio again), but not
        // one of a bomb: keeping the 5 keeps the bomb.
        let trios = |hand: &str| -> Vec<String> {
            kept(&[hand, "A"], None)
                .into_iter()
                .filter(|m| m.starts_with("333+") && m.len() == 5)
                .collect()
        };
        assert_eq!(trios("3335KKK"), ["333+5"]);
        assert_eq!(trios("3335KKKK"), ["333+5", "333+K"]);
    }

    #[test]
    fn only_the_same_shape_between_keeps_the_higher_group() {
        // The opponent's 7 beats a single 5, not a pair: 88 is a higher 55.
        let pairs = |opponent: &str| -> Vec<String> {
            kept(&["5588", opponent], None)
                .into_iter()
                .filter(|m| m.len() == 2)
                .collect()
        };
        assert_eq!(pairs("7K"), ["55"]);
        assert_eq!(pairs("77K"), ["55", "88"]);
        // Trios with a kicker alike: 666+3 is a higher 444+3 unless the
        // opponent holds a trio (or a bomb) of 5s.
        let trios = |opponent: &str| -> Vec<String> {
            kept(&["3444666", opponent], None)
                .into_iter()
                .filter(|m| m.ends_with("+3"))
                .collect()
        };
        assert_eq!(trios("55K"), ["444+3"]);
        assert_eq!(trios("555K"), ["444+3", "666+3"]);
    }

    #[test]
    fn a_single_or_pair_may_come_from_a_larger_group() {
        // The 8 of a pair: leading it is no better than leading the 5.
        assert_eq!(kept(&["588", "3K"], None), ["5", "88"]);
        // Nor a pair from a trio, against the free pair of 5s.
        assert!(!kept(&["55888", "3K"], None).contains(&"88".to_string()));
        // The 8 of a bomb stays: leading the 5 instead keeps the bomb.
        assert!(kept(&["58888", "3K"], None).contains(&"8".to_string()));
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

    /// The landlord's value of `pos` by plain minimax over every legal
    /// move, nothing pruned: the slow, obvious reference.
    fn minimax(pos: &Position, utility: Utility, memo: &mut HashMap<Position, i32>) -> i32 {
        if pos.winner().is_some() {
            return pos.landlord_utility(utility);
        }
        if let Some(&v) = memo.get(pos) {
            return v;
        }
        let mut moves = Vec::new();
        pos.moves(&mut moves);
        let values = moves.iter().map(|&mv| minimax(&pos.after(mv), utility, memo));
        let v = if pos.to_move() == Seat::Landlord {
            values.max()
        } else {
            values.min()
        };
        let v = v.expect("a legal move");
        memo.insert(*pos, v);
        v
    }

    /// Checks that the moves `prune` keeps in `pos` are as good as all of
    /// them, under every utility; returns the moves it dropped.
    fn keeps_the_best(pos: &Position) -> Vec<Move> {
        let mut all = Vec::new();
        pos.moves(&mut all);
        let mut kept = all.clone();
        prune(&mut kept, pos);
        if kept.len() == all.len() {
            return Vec::new();
        }
        let sign = if pos.to_move() == Seat::Landlord { 1 } else { -1 };
        for utility in [Utility::WinLoss, Utility::Score, Utility::CardMargin] {
            let mut memo = HashMap::new();
            let mut best = |moves: &[Move]| {
                moves
                    .iter()
                    .map(|&mv| sign * minimax(&pos.after(mv), utility, &mut memo))
                    .max()
            };
            let (all_best, kept_best) = (best(&all), best(&kept));
            assert_eq!(kept_best, all_best, "{pos:?} {utility:?}: kept {kept:?}");
        }
        all.retain(|m| !kept.contains(m));
        all
    }

    #[test]
    fn no_pruned_move_is_better_than_every_kept_one() {
        // Found by this test once: farmer 1 wins only by leading its 6. The
        // 4 looks as good unless the partner's 6, between the two, counts.
        let hands: Vec<Cards> = ["8K", "46JA", "36Q"].iter().map(|h| h.parse().unwrap()).collect();
        keeps_the_best(&Position::new(&hands, Seat::Farmer1, None).unwrap());
        // Half the positions: the mover holds 5–8 cards (trios and pairs
        // abound in the narrow decks of `random_deck`), the others 1–4. The
        // other half: three seats, a farmer to move with 2–5 cards, where
        // the partner taking over decides many games.
        let (mut positions, mut raised_into_held) = (0, 0);
        for seed in 0..2_000u64 {
            let (mut r, deck) = random_deck(seed);
            let large = seed % 4 < 2;
            let seats = if large { 2 + rng::below(&mut r, 2) as usize } else { 3 };
            let mover = if large {
                Seat::ALL[rng::below(&mut r, seats as u32) as usize]
            } else {
                Seat::ALL[1 + rng::below(&mut r, 2) as usize]
            };
            let sizes: Vec<usize> = (0..seats)
                .map(|i| match (i == mover.index(), large) {
                    (true, true) => 5 + rng::below(&mut r, 4) as usize,
                    (true, false) => 2 + rng::below(&mut r, 4) as usize,
                    (false, _) => 1 + rng::below(&mut r, if seats == 2 { 4 } else { 3 }) as usize,
                })
                .collect();
            let mut cards = deck.into_iter();
            let hands = deal_hands(&mut cards, &sizes);
            // Sometimes a play to beat, from the cards left, by the seat before.
            let spare: Cards = cards.take(6).collect::<Result<Cards, _>>().unwrap();
            let mut leads: Vec<Play> = Vec::new();
            crate::movegen::lead_plays(spare, &mut leads);
            leads.retain(|p| p.kind() != Kind::Rocket);
            let before = Seat::ALL[(mover.index() + seats - 1) % seats];
            let to_beat = (rng::below(&mut r, 2) == 0)
                .then(|| leads.get(rng::below(&mut r, leads.len().max(1) as u32) as usize))
                .flatten()
                .map(|&p| (before, p));
            let Ok(pos) = Position::new(&hands, mover, to_beat) else {
                continue;
            };
            let pruned = keeps_the_best(&pos);
            let hand = pos.hand(mover);
            let more = |group: Cards| group.ranks().any(|k| hand.count(k) > group.count(k));
            positions += usize::from(!pruned.is_empty());
            raised_into_held += usize::from(
                pruned
                    .iter()
                    .any(|m| matches!(m, Move::Play(p) if more(p.main_cards()) || more(p.kickers()))),
            );
        }
        // Both kinds of raise are exercised: into a free rank, and into one
        // the hand still holds.
        assert!(positions > 300, "{positions} positions with a move pruned");
        assert!(raised_into_held > 100, "{raised_into_held} raised into a held rank");
    }

    #[test]
    fn no_pruned_chain_is_better_than_every_kept_one() {
        // The mover follows a straight of 5 (or a pair chain of 3) one rank
        // below a run of 6 singles (or 4 pairs) it holds, with a card more
        // or not, from 8 neighbouring ranks: it can beat it from two
        // starting ranks. Half the time the opponent holds the same chain
        // from the higher start: it beats the lower chain and not the
        // higher. Straights are played in three seats too, a farmer's
        // partner (or the landlord's second opponent) holding 1 or 2 cards.
        let mut chains = 0;
        for seed in 0..400u64 {
            let mut r = rng::from_seed(seed);
            let lo = 1 + rng::below(&mut r, 4) as usize;
            let (width, len) = if seed % 2 == 0 { (1, 6) } else { (2, 4) };
            let run = Cards::run(lo, len, width);
            let blocker = Cards::run(lo + 1, len - 1, width);
            let blocked = rng::below(&mut r, 2) == 0;
            let mut deck: Vec<_> = Cards::DECK
                .saturating_minus(run)
                .saturating_minus(if blocked { blocker } else { Cards::EMPTY })
                .iter()
                .filter(|k| (lo..lo + 8).contains(&k.index()))
                .collect();
            rng::shuffle(&mut r, &mut deck);
            let seats = if width == 1 {
                2 + rng::below(&mut r, 2) as usize
            } else {
                2
            };
            let mover = Seat::ALL[rng::below(&mut r, seats as u32) as usize];
            let mut cards = deck.into_iter();
            let mut hands = Vec::new();
            for seat in &Seat::ALL[..seats] {
                // In three seats, a farmer's partner, or the landlord's
                // second opponent, holds few cards.
                let few = seats == 3 && *seat != Seat::Landlord && (*seat == Seat::Farmer2 || mover != Seat::Landlord);
                let hand = if *seat == mover {
                    run.checked_add(deal_hands(&mut cards, &[rng::below(&mut r, 2) as usize])[0])
                } else if few {
                    Some(deal_hands(&mut cards, &[1 + rng::below(&mut r, 2) as usize])[0])
                } else if blocked {
                    blocker.checked_add(deal_hands(&mut cards, &[rng::below(&mut r, 2) as usize])[0])
                } else {
                    Some(deal_hands(&mut cards, &[4 + rng::below(&mut r, 2) as usize])[0])
                };
                hands.push(hand.unwrap());
            }
            let kind = if width == 1 { Kind::Straight } else { Kind::PairChain };
            let to_beat = Play::parse(&Cards::run(lo - 1, len - 1, width).to_string())
                .ok()
                .filter(|p| p.kind() == kind);
            let before = Seat::ALL[(mover.index() + seats - 1) % seats];
            let Ok(pos) = Position::new(&hands, mover, to_beat.map(|p| (before, p))) else {
                continue;
            };
            let pruned = keeps_the_best(&pos);
            chains += usize::from(pruned.iter().any(|m| matches!(m, Move::Play(p) if p.chain_len() > 1)));
        }
        assert!(chains > 60, "{chains} positions with a chain pruned");
    }

    #[test]
    fn cards_in_a_chain_are_not_raised() {
        // 3 is in the straight 34567: leading 3 and leading 9 both stay.
        let moves = kept(&["345679", "K"], None);
        assert!(moves.contains(&"3".to_string()) && moves.contains(&"9".to_string()));
        // Leading the 7 breaks the straight, and the 3 it keeps is free:
        // no better than leading the 3.
        assert!(!moves.contains(&"7".to_string()));
    }
}

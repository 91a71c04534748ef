//! The split-based heuristic player: plays from the minimum split of its
//! hand (拆牌) and reasons about control, its partner and the other side's
//! card counts.
//!
//! Leading: a hand whose groups nobody could beat, but for one, runs out
//! (whatever the hidden cards are); a farmer feeds a partner about to go
//! out; otherwise it sheds its weakest group, keeping the groups nobody
//! can beat for later and not leading singles (pairs) into an opponent
//! with one card (two). Following: never over its partner; a group of its
//! split that beats the play, the lowest; breaking its split only against
//! an opponent close to going out, or when it costs no extra play; a bomb
//! when an opponent could go out or the bomb nearly finishes the hand.
//!
//! `noise` is the chance of a uniformly random legal move instead: the
//! knob that makes weaker rungs of the ladder.

use crate::cards::Cards;
use crate::clock::Deadline;
use crate::game::SeatView;
use crate::movegen::can_beat;
use crate::play::{Kind, Move, Play};
use crate::rng::{self, Rng};
use crate::seat::Seat;
use crate::split::Splitter;

use super::knowledge::Knowledge;
use super::Player;

/// The split-based heuristic player (see the module docs); named
/// `heuristic`, or `heuristic:noise=P` when it has noise.
pub struct HeuristicPlayer {
    name: String,
    noise: f64,
    rng: Rng,
    splitter: Splitter,
    moves: Vec<Move>,
}

impl HeuristicPlayer {
    /// A heuristic player making a random move with probability `noise`
    /// (clamped to 0..=1; [`crate::PlayerSpec`] refuses values outside it),
    /// its randomness drawn from `seed`.
    pub fn new(noise: f64, seed: u64) -> HeuristicPlayer {
        HeuristicPlayer {
            name: if noise > 0.0 {
                format!("heuristic:noise={noise}")
            } else {
                "heuristic".into()
            },
            noise: noise.clamp(0.0, 1.0),
            rng: rng::from_seed(seed),
            splitter: Splitter::new(),
            moves: Vec::with_capacity(256),
        }
    }

    /// The heuristic's move, without noise.
    pub fn decide(&mut self, view: &SeatView<'_>) -> Move {
        self.moves.clear();
        view.legal_moves(&mut self.moves);
        let hand = view.hand();
        if let Some(&out) = self.moves.iter().find(|m| m.cards() == hand) {
            return out;
        }
        let knowledge = Knowledge::of(view);
        // Whatever the hidden cards are, an opponent holds at most these.
        let threat = knowledge.unseen();
        let groups = self.splitter.best(hand).plays().to_vec();
        let mv = match view.to_beat() {
            None => self.lead(view, &groups, threat),
            Some((by, target)) => self.follow(view, &groups, threat, by, target),
        };
        // Only legal moves leave here.
        if self.moves.contains(&mv) {
            mv
        } else {
            self.moves.first().copied().unwrap_or(Move::Pass)
        }
    }

    fn lead(&mut self, view: &SeatView<'_>, groups: &[Play], threat: Cards) -> Move {
        let safe = |g: &Play| !can_beat(threat, *g);
        let beatable: Vec<Play> = groups.iter().copied().filter(|g| !safe(g)).collect();
        if beatable.len() <= 1 {
            // Run out: the safe groups first, the beatable one last.
            let first = groups.iter().copied().find(safe).or(beatable.first().copied());
            return first.map_or(Move::Pass, Move::Play);
        }
        let me = view.seat();
        let opponents_min = Seat::ALL[..view.seats()]
            .iter()
            .filter(|&&s| s.team() != me.team())
            .map(|&s| view.count(s))
            .min()
            .unwrap_or(20);
        // A farmer whose partner plays next and is about to go out feeds it.
        let next = me.next(view.seats());
        if view.is_partner(next) {
            let wanted = match view.count(next) {
                1 => Some(Kind::Single),
                2 => Some(Kind::Pair),
                _ => None,
            };
            if let Some(kind) = wanted {
                let lowest = self
                    .moves
                    .iter()
                    .filter_map(|m| m.play())
                    .filter(|p| p.kind() == kind)
                    .min_by_key(|p| p.rank());
                if let Some(p) = lowest {
                    return Move::Play(p);
                }
            }
        }
        let risky = |p: &Play| {
            (opponents_min == 1 && p.kind() == Kind::Single) || (opponents_min == 2 && p.kind() == Kind::Pair)
        };
        let ordinary = |p: &&Play| !p.is_bomb_or_rocket();
        let pick = beatable
            .iter()
            .filter(ordinary)
            .filter(|p| !risky(p))
            .min_by_key(|p| (p.rank(), std::cmp::Reverse(p.cards().len())))
            .or_else(|| {
                // Only risky groups left: the highest of them, the hardest to beat.
                beatable.iter().filter(ordinary).max_by_key(|p| p.rank())
            })
            .or(groups.first());
        pick.map_or(Move::Pass, |p| Move::Play(*p))
    }

    fn follow(&mut self, view: &SeatView<'_>, groups: &[Play], threat: Cards, by: Seat, target: Play) -> Move {
        if view.is_partner(by) {
            return Move::Pass;
        }
        let hand = view.hand();
        let danger = view.count(by) <= 2
            || Seat::ALL[..view.seats()]
                .iter()
                .any(|&s| s.team() != view.seat().team() && view.count(s) == 1);
        let plays: Vec<Play> = self.moves.iter().filter_map(|m| m.play()).collect();
        let ordinary: Vec<Play> = plays.iter().copied().filter(|p| !p.is_bomb_or_rocket()).collect();
        // Against an opponent with one card, a single is answered with the
        // highest single, so it cannot be beaten back easily.
        if danger && target.kind() == Kind::Single {
            if let Some(top) = ordinary.iter().max_by_key(|p| p.rank()) {
                return Move::Play(*top);
            }
        }
        // A group of the split that beats it, the lowest.
        if let Some(g) = groups
            .iter()
            .filter(|g| !g.is_bomb_or_rocket() && g.beats(target))
            .min_by_key(|g| g.rank())
        {
            return Move::Play(*g);
        }
        // Breaking the split: when it costs no extra play, or to stop a
        // dangerous opponent.
        let before = groups.len();
        for &p in &ordinary {
            let after = self.splitter.min_plays(hand.minus(p.cards())) as usize + 1;
            if after <= before || danger {
                return Move::Play(p);
            }
        }
        // A bomb: to stop an opponent about to go out, or when it nearly
        // finishes the hand (nobody can beat the bomb and little is left).
        if let Some(bomb) = plays
            .iter()
            .copied()
            .filter(|p| p.is_bomb_or_rocket())
            .min_by_key(|p| p.rank())
        {
            let rest = hand.minus(bomb.cards());
            let finishing = !can_beat(threat, bomb) && self.splitter.min_plays(rest) <= 2;
            if view.count(by) <= 4 || finishing {
                return Move::Play(bomb);
            }
        }
        Move::Pass
    }
}

impl Player for HeuristicPlayer {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, view: &SeatView<'_>, _: &Deadline<'_>) -> Move {
        if self.noise > 0.0 && rng::unit(&mut self.rng) < self.noise {
            self.moves.clear();
            view.legal_moves(&mut self.moves);
            let i = rng::below(&mut self.rng, self.moves.len() as u32) as usize;
            return self.moves.get(i).copied().unwrap_or(Move::Pass);
        }
        self.decide(view)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    fn choose(hands: &[&str], moves: &[&str]) -> String {
        let hands: Vec<Cards> = hands.iter().map(|h| h.parse().unwrap()).collect();
        let mut g = Game::from_hands(&hands).unwrap();
        for m in moves {
            g.apply(Move::parse(m).unwrap()).unwrap();
        }
        HeuristicPlayer::new(0.0, 0)
            .choose(&g.view(g.to_move()), &Deadline::NONE)
            .to_string()
    }

    #[test]
    fn leads_its_weakest_group_and_keeps_control() {
        // 34567 and the 2: the straight first, the 2 (nobody can beat it
        // once the jokers are... unknown) stays.
        assert_eq!(choose(&["345679J2", "TTKKAQ"], &[]), "34567");
    }

    #[test]
    fn does_not_lead_a_single_into_one_card() {
        // The farmer has one card: lead the pair, not the 3.
        assert_eq!(choose(&["34QQ", "K"], &[]), "QQ");
    }

    #[test]
    fn follows_with_a_split_group_and_not_over_its_partner() {
        assert_eq!(choose(&["33", "4TT", "89"], &["3", "4"]), "pass");
        // Beat a single with the single of the split, not by breaking the pair.
        assert_eq!(choose(&["5799J", "669K"], &["5"]), "9");
        // Against one card left, the highest single.
        assert_eq!(choose(&["57", "669K"], &["5"]), "K");
    }
}

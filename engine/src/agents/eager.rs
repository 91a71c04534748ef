//! The eager model: how a simple player plays, to read and to exploit it.
//!
//! The eager player beats whenever it can, with the lowest play of the same
//! kind and length (never a bomb), and leads the lowest group of its split.
//! RLCard's rule agent, the field's baseline, plays this way, and so do many
//! beginners. The sampler uses the model two ways, each an option:
//! - reading (`read=N`): of `N` deals of the hidden cards it keeps the one
//!   whose hands best explain the others' moves as eager moves
//!   ([`misfits`]). A player who is not eager only blurs the reading: the
//!   kept deal is still one consistent with everything public.
//! - exploiting (`exploit=N`): where the open-hand solver proves the
//!   landlord lost against perfect play, every move scores the same; the
//!   landlord then prefers a move after which it still beats eager farmers
//!   ([`BestReply`]). Only the landlord: farmers would be searched as one
//!   mind, which two sampling farmers are not.

use std::collections::HashMap;

use crate::cards::Cards;
use crate::game::SeatView;
use crate::movegen::{follow_plays, has_kind};
use crate::play::{Move, Play};
use crate::seat::Team;
use crate::solver::Position;
use crate::split::Splitter;

/// The eager player's move in `pos` (`moves` is scratch space).
pub fn eager_move(pos: &Position, splitter: &mut Splitter, moves: &mut Vec<Move>) -> Move {
    let hand = pos.hand(pos.to_move());
    moves.clear();
    pos.moves(moves);
    if let Some(&out) = moves.iter().find(|m| m.cards() == hand) {
        return out;
    }
    match pos.to_beat() {
        None => {
            let split = splitter.best(hand);
            let lowest = split
                .plays()
                .iter()
                .filter(|p| !p.is_bomb_or_rocket())
                .min_by_key(|p| (p.rank(), std::cmp::Reverse(p.cards().len())))
                .or(split.plays().first());
            match lowest {
                Some(&p) => Move::Play(p),
                None => moves.first().copied().unwrap_or(Move::Pass),
            }
        }
        Some((_, target)) => moves
            .iter()
            .filter_map(|m| m.play())
            .filter(|p| same_class(*p, target))
            .min_by_key(|p| p.rank())
            .map_or(Move::Pass, Move::Play),
    }
}

fn same_class(p: Play, target: Play) -> bool {
    p.kind() == target.kind() && p.chain_len() == target.chain_len()
}

/// How many of the other seats' moves so far an eager player holding
/// `hands` (every hand now; `view`'s own seat is skipped) would not have
/// made: a lead without its lowest card, a pass or a bomb while it could
/// beat with the same kind, or a higher play of the kind than it needed.
pub fn misfits(view: &SeatView<'_>, hands: &[Cards; 3]) -> u32 {
    let history = view.history();
    // Each seat's hand before each of its moves, walking back from now.
    let mut now = *hands;
    let mut before: Vec<Cards> = history
        .iter()
        .rev()
        .map(|t| {
            let hand = &mut now[t.seat.index()];
            *hand = hand.plus(t.mv.cards());
            *hand
        })
        .collect();
    before.reverse();
    let mut count = 0;
    let mut to_beat: Option<Play> = None;
    let mut passes = 0;
    let mut plays = Vec::new();
    for (t, &hand) in history.iter().zip(&before) {
        if t.seat != view.seat() {
            let fits = match (to_beat, t.mv) {
                (None, mv) => mv.cards().lowest() == hand.lowest() || mv == Move::Pass,
                (Some(target), Move::Play(p)) if same_class(p, target) => {
                    plays.clear();
                    follow_plays(hand, target, &mut plays);
                    !plays.iter().any(|q| same_class(*q, target) && q.rank() < p.rank())
                }
                // A pass, or a bomb over another kind: only if it could not
                // beat in kind.
                (Some(target), _) => {
                    target.is_bomb_or_rocket()
                        || !has_kind(hand, target.kind(), target.chain_len(), target.rank().index() + 1)
                }
            };
            count += u32::from(!fits);
        }
        match t.mv {
            Move::Play(p) => (to_beat, passes) = (Some(p), 0),
            Move::Pass => {
                passes += 1;
                if passes + 1 >= view.seats() {
                    (to_beat, passes) = (None, 0);
                }
            }
        }
    }
    count
}

/// A search for a line that beats eager opponents: an OR search over the
/// moves of one team, the other team playing [`eager_move`].
pub struct BestReply {
    known: HashMap<Position, bool>,
    splitter: Splitter,
    moves: Vec<Move>,
}

impl Default for BestReply {
    fn default() -> Self {
        BestReply::new()
    }
}

impl BestReply {
    /// A search with nothing known yet.
    pub fn new() -> BestReply {
        BestReply {
            known: HashMap::new(),
            splitter: Splitter::new(),
            moves: Vec::new(),
        }
    }

    /// Whether `team` wins from `pos` against eager opponents, searching at
    /// most `nodes` positions: `None` when that is not enough.
    pub fn wins(&mut self, pos: &Position, team: Team, nodes: u64) -> Option<bool> {
        self.known.clear();
        let mut left = nodes;
        self.search(pos, team, &mut left)
    }

    fn search(&mut self, pos: &Position, team: Team, left: &mut u64) -> Option<bool> {
        let mut pos = *pos;
        // The eager side's moves are forced: follow them.
        while pos.winner().is_none() && pos.to_move().team() != team {
            if *left == 0 {
                return None;
            }
            *left -= 1;
            let mv = eager_move(&pos, &mut self.splitter, &mut self.moves);
            pos = pos.after(mv);
        }
        if let Some(w) = pos.winner() {
            return Some(w.team() == team);
        }
        if let Some(&v) = self.known.get(&pos) {
            return Some(v);
        }
        if *left == 0 {
            return None;
        }
        *left -= 1;
        let hand = pos.hand(pos.to_move());
        let mut moves = Vec::new();
        pos.moves(&mut moves);
        let groups = self.splitter.best(hand);
        // Going out, then the split's groups lowest first, the pass, the rest.
        moves.sort_by_key(|m| match m {
            Move::Play(p) if p.cards() == hand => (0, 0),
            Move::Play(p) if groups.plays().contains(p) => (1, p.rank() as u8),
            Move::Pass => (2, 0),
            Move::Play(p) => (3 + u8::from(p.is_bomb_or_rocket()), p.rank() as u8),
        });
        let mut unknown = false;
        for mv in moves {
            match self.search(&pos.after(mv), team, left) {
                Some(true) => {
                    self.known.insert(pos, true);
                    return Some(true);
                }
                Some(false) => {}
                None => unknown = true,
            }
        }
        if unknown {
            return None;
        }
        self.known.insert(pos, false);
        Some(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::MonotonicClock;
    use crate::deal::Deal;
    use crate::game::Game;
    use crate::rng;
    use crate::solver::{SolveOptions, Solver};

    fn pos(hands: &[&str], to_beat: Option<(Seat, &str)>, to_move: Seat) -> Position {
        let hands: Vec<Cards> = hands.iter().map(|h| h.parse().unwrap()).collect();
        let to_beat = to_beat.map(|(s, p)| (s, Play::parse(p).unwrap()));
        Position::new(&hands, to_move, to_beat).unwrap()
    }

    fn eager(p: &Position) -> String {
        eager_move(p, &mut Splitter::new(), &mut Vec::new()).to_string()
    }

    use crate::seat::Seat;

    #[test]
    fn the_eager_player_beats_low_in_kind_and_leads_low() {
        // The lowest single that beats, over the partner too.
        let p = pos(&["3", "579K", "4"], Some((Seat::Farmer2, "6")), Seat::Farmer1);
        assert_eq!(eager(&p), "7");
        // No single above the 2: a pass, with a bomb in hand.
        let p = pos(&["3", "5555K", "4"], Some((Seat::Landlord, "2")), Seat::Farmer1);
        assert_eq!(eager(&p), "pass");
        // Leading: the split's lowest group, the pair before the single.
        let p = pos(&["44Q", "5", "6"], None, Seat::Landlord);
        assert_eq!(eager(&p), "44");
        // Going out comes first.
        let p = pos(&["3", "QQ", "4"], Some((Seat::Landlord, "55")), Seat::Farmer1);
        assert_eq!(eager(&p), "QQ");
    }

    #[test]
    fn misfits_count_the_moves_an_eager_player_would_not_make() {
        let deal = Deal::from_seed(11);
        let mut game = Game::new(&deal);
        let view_hands = |game: &Game| Seat::ALL.map(|s| game.hand(s));
        // Every seat plays as the eager player: nothing misfits.
        let mut splitter = Splitter::new();
        let mut moves = Vec::new();
        for _ in 0..12 {
            let p = Position::new(&view_hands(&game), game.to_move(), game.to_beat()).unwrap();
            game.apply(eager_move(&p, &mut splitter, &mut moves)).unwrap();
            if game.is_over() {
                break;
            }
        }
        assert!(game.history().len() >= 12);
        assert_eq!(misfits(&game.view(Seat::Landlord), &view_hands(&game)), 0);
        // A farmer that passes while it could beat in kind misfits once.
        let mut game = Game::new(&deal);
        let lead = {
            let p = Position::new(&view_hands(&game), game.to_move(), game.to_beat()).unwrap();
            eager_move(&p, &mut splitter, &mut moves)
        };
        game.apply(lead).unwrap();
        let p = Position::new(&view_hands(&game), game.to_move(), game.to_beat()).unwrap();
        let could = eager_move(&p, &mut splitter, &mut moves) != Move::Pass;
        game.apply(Move::Pass).unwrap();
        assert_eq!(
            misfits(&game.view(Seat::Landlord), &view_hands(&game)),
            u32::from(could)
        );
        // Its own moves are never counted.
        assert_eq!(misfits(&game.view(game.history()[1].seat), &view_hands(&game)), 0);
    }

    /// Small random three-seat positions, landlord to lead.
    fn small_positions(n: usize) -> Vec<Position> {
        let mut rng = rng::from_seed(7);
        (0..n as u64)
            .map(|seed| {
                let deal = Deal::from_seed(seed);
                let hands = Seat::ALL.map(|s| {
                    let mut ranks: Vec<_> = deal.hand(s).iter().collect();
                    rng::shuffle(&mut rng, &mut ranks);
                    let keep = if s == Seat::Landlord { 6 } else { 5 };
                    ranks.into_iter().take(keep).collect::<Result<Cards, _>>().unwrap()
                });
                Position::new(&hands, Seat::Landlord, None).unwrap()
            })
            .collect()
    }

    #[test]
    fn a_line_against_eager_farmers_agrees_with_perfect_play() {
        let clock = MonotonicClock::default();
        let mut solver = Solver::new(1 << 20);
        let mut reply = BestReply::new();
        let options = SolveOptions {
            principal_variation: false,
            ..SolveOptions::default()
        };
        let (mut lost_but_beats_eager, mut lost) = (0, 0);
        for p in small_positions(300) {
            let r = solver.solve(&p, &options, &clock, &mut ());
            assert!(r.exact);
            let against_eager = reply.wins(&p, Team::Landlord, 1_000_000);
            assert!(against_eager.is_some(), "small positions are searched to the end");
            if r.value > 0 {
                // A win against every defence is a win against this one.
                assert_eq!(against_eager, Some(true), "{p:?}");
            } else {
                lost += 1;
                lost_but_beats_eager += u32::from(against_eager == Some(true));
            }
        }
        // Eager farmers throw away some of the landlord's lost deals.
        assert!(
            lost > 20 && lost_but_beats_eager > 0,
            "{lost_but_beats_eager} of {lost}"
        );
        println!("lost against perfect play {lost} of 300, of them won against eager farmers {lost_but_beats_eager}");
    }

    #[test]
    fn the_search_stops_at_its_budget() {
        let p = small_positions(1)[0];
        let deal = Deal::from_seed(3);
        let full = Position::new(&deal.hands(), Seat::Landlord, None).unwrap();
        let mut reply = BestReply::new();
        assert_eq!(reply.wins(&full, Team::Landlord, 0), None);
        assert!(reply.wins(&p, Team::Landlord, 1_000_000).is_some());
    }
}

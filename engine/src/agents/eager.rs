//! The eager model: how a simple player plays, to read and to exploit it.
//!
//! The eager player beats whenever it can, with the lowest play of the same
//! kind and length, its partner's plays too; when it cannot beat in kind it
//! passes, or (against the other side) may throw in a bomb. It leads the
//! smallest group that holds its lowest card ([`eager_lead`]). RLCard's rule
//! agent, the field's baseline, plays this way (on 255 recorded deals the
//! model names 99.4% of its leads and 99% of its follows; its bombs are a
//! coin flip), and so do many beginners. The sampler uses the model two
//! ways, each an option:
//! - reading (`read=N`): each deal of the hidden cards is searched, in up
//!   to `N` tries, for hands that explain the other side's moves as eager
//!   moves ([`misfits`]; a partner is not read: it may well be another of
//!   ours).
//!   A player who is not eager only blurs the reading: the kept deal is
//!   still one consistent with everything public.
//! - exploiting (`exploit=N`): where the open-hand solver proves a side
//!   lost against perfect play, every move scores the same; the seat then
//!   prefers a move after which it still beats eager players
//!   ([`BestReply`]: the other seats, a farmer's partner too, eager).
//!
//! Both only while the other side may be eager: once no deal the sampler
//! finds explains all its moves (one was provably not the eager move, as a
//! lead above a card it plays later), the sampler reads and exploits
//! nothing, so a player that is not eager is met as before.

use std::collections::HashMap;

use crate::cards::{Cards, Rank};
use crate::clock::Deadline;
use crate::game::SeatView;
use crate::movegen::{follow_plays, has_kind};
use crate::play::{readings, Move, Play};
use crate::seat::Seat;
use crate::solver::Position;
use crate::split::Splitter;

/// The eager player's move in `pos` (`moves` is scratch space, left
/// holding the legal moves). Where it cannot beat in kind it passes (see
/// [`BestReply`] for its bombs).
pub fn eager_move(pos: &Position, moves: &mut Vec<Move>) -> Move {
    moves.clear();
    pos.moves(moves);
    match pos.to_beat() {
        None => eager_lead(pos.hand(pos.to_move()))
            .map(Move::Play)
            .or_else(|| moves.first().copied())
            .unwrap_or(Move::Pass),
        Some((_, target)) => moves
            .iter()
            .filter_map(|m| m.play())
            .filter(|p| same_class(*p, target))
            .min_by_key(|p| p.rank())
            .map_or(Move::Pass, Move::Play),
    }
}

/// The eager player's lead: the smallest group that holds its lowest card,
/// with groups as a beginner sees them (`None` for an empty hand). Bombs
/// and the rocket are whole; so are trios, led bare, and consecutive trios
/// below the 2, led as an airplane. Of the ranks held once or twice, a run
/// of five or more from 3 to A is a straight, taken whole as often as its
/// thinnest rank allows; the rest are pairs and singles, and a pair or a
/// single of the lowest rank is led before a straight. It never looks for
/// a way to go out.
pub fn eager_lead(hand: Cards) -> Option<Play> {
    let low = hand.lowest()?.index();
    let counts = hand.counts();
    let ace = Rank::Ace.index();
    let cards = match counts[low] {
        _ if hand == Cards::JOKERS => Cards::JOKERS,
        3 => Cards::run(low, (low..=ace).take_while(|&r| counts[r] == 3).count().max(1), 3),
        n @ (1 | 2) => {
            let run = (low..=ace).take_while(|&r| counts[r] == 1 || counts[r] == 2).count();
            let thinnest = (low..low + run).map(|r| counts[r]).min().unwrap_or(n);
            match run >= 5 {
                true if n == thinnest => Cards::run(low, run, 1),
                true => Cards::run(low, 1, n - thinnest),
                false => Cards::run(low, 1, n),
            }
        }
        n => Cards::run(low, 1, n),
    };
    readings(cards).into_iter().find(|p| p.kickers().is_empty())
}

fn same_class(p: Play, target: Play) -> bool {
    p.kind() == target.kind() && p.chain_len() == target.chain_len()
}

/// How many of the other side's moves so far an eager player holding
/// `hands` (every hand now; `view`'s side is skipped) would not have made:
/// a lead other than [`eager_lead`], a pass or a bomb while it could beat
/// with the same kind, or a higher play of the kind than it needed.
pub fn misfits(view: &SeatView<'_>, hands: &[Cards; 3]) -> u32 {
    let record = view.record();
    // Each seat's hand before each of its moves, walking back from now.
    let mut now = *hands;
    let mut before: Vec<Cards> = record
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
    for (t, &hand) in record.iter().zip(&before) {
        if t.seat.team() != view.seat().team() {
            let fits = match (to_beat, t.mv) {
                (None, mv) => eager_lead(hand).map(Move::Play) == Some(mv),
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

/// A search for a line that beats eager players: an OR search over one
/// seat's moves, every other seat (a farmer's partner too) playing
/// [`eager_move`]. Where an eager seat cannot beat the other side's play
/// in kind but holds a bomb, it may pass or bomb (RLCard's agent picks at
/// random): a win must beat each.
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

    /// Whether `seat`'s side wins from `pos` with `seat` searching and every
    /// other seat eager, in at most `nodes` positions and by `deadline`:
    /// `None` when that is not enough.
    pub fn wins(&mut self, pos: &Position, seat: Seat, nodes: u64, deadline: &Deadline<'_>) -> Option<bool> {
        self.known.clear();
        let mut left = Budget { nodes, deadline };
        self.search(pos, seat, &mut left)
    }

    fn search(&mut self, pos: &Position, seat: Seat, left: &mut Budget<'_>) -> Option<bool> {
        let team = seat.team();
        let mut pos = *pos;
        // The eager seats' moves are forced: follow them.
        while pos.winner().is_none() && pos.to_move() != seat {
            if !left.take() {
                return None;
            }
            let mv = eager_move(&pos, &mut self.moves);
            // A farmer that cannot beat its partner in kind just passes;
            // against the other side it may pass or bomb: each must lose.
            let against = pos.to_beat().is_some_and(|(by, _)| by.team() != pos.to_move().team());
            let is_bomb = |m: &Move| m.play().is_some_and(Play::is_bomb_or_rocket);
            if mv == Move::Pass && against && self.moves.iter().any(is_bomb) {
                let bombs = self.moves.iter().copied().filter(is_bomb);
                let choices: Vec<Move> = std::iter::once(Move::Pass).chain(bombs).collect();
                return self.decide(&pos, choices, seat, left, false);
            }
            pos = pos.after(mv);
        }
        if let Some(w) = pos.winner() {
            return Some(w.team() == team);
        }
        if let Some(&v) = self.known.get(&pos) {
            return Some(v);
        }
        if !left.take() {
            return None;
        }
        let hand = pos.hand(seat);
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
        let value = self.decide(&pos, moves, seat, left, true);
        if let Some(v) = value {
            self.known.insert(pos, v);
        }
        value
    }

    /// The value of `pos` over its children after `moves`: `decisive` as
    /// soon as one child has it (`true`: `seat` picks a winning move;
    /// `false`: an eager seat's choice that beats `seat`), else the other
    /// value, or `None` if a child was not searched to the end.
    fn decide(
        &mut self,
        pos: &Position,
        moves: Vec<Move>,
        seat: Seat,
        left: &mut Budget<'_>,
        decisive: bool,
    ) -> Option<bool> {
        let mut unknown = false;
        for mv in moves {
            match self.search(&pos.after(mv), seat, left) {
                Some(v) if v == decisive => return Some(decisive),
                Some(_) => {}
                None => unknown = true,
            }
        }
        (!unknown).then_some(!decisive)
    }
}

/// What a [`BestReply`] search may still spend: positions, and time.
struct Budget<'a> {
    nodes: u64,
    deadline: &'a Deadline<'a>,
}

impl Budget<'_> {
    /// One position more, if the budget allows it; the clock is read every
    /// 64 positions (each splits a hand, tens of microseconds), and once
    /// past the deadline nothing is left.
    fn take(&mut self) -> bool {
        if self.nodes == 0 || (self.nodes % 64 == 0 && self.deadline.expired()) {
            self.nodes = 0;
            return false;
        }
        self.nodes -= 1;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::MonotonicClock;
    use crate::deal::Deal;
    use crate::game::Game;
    use crate::rng;
    use crate::seat::Team;
    use crate::solver::{SolveOptions, Solver};

    fn pos(hands: &[&str], to_beat: Option<(Seat, &str)>, to_move: Seat) -> Position {
        let hands: Vec<Cards> = hands.iter().map(|h| h.parse().unwrap()).collect();
        let to_beat = to_beat.map(|(s, p)| (s, Play::parse(p).unwrap()));
        Position::new(&hands, to_move, to_beat).unwrap()
    }

    fn eager(p: &Position) -> String {
        eager_move(p, &mut Vec::new()).to_string()
    }

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
        // Not even to go out.
        let p = pos(&["99TTT", "5", "6"], None, Seat::Landlord);
        assert_eq!(eager(&p), "99");
    }

    #[test]
    fn eager_players_finish_deals_and_explain_themselves() {
        let mut moves = Vec::new();
        for seed in 0..40 {
            let mut game = Game::new(&Deal::from_seed(seed));
            while !game.is_over() {
                let hands = Seat::ALL.map(|s| game.hand(s));
                let p = Position::new(&hands, game.to_move(), game.to_beat()).unwrap();
                game.apply(eager_move(&p, &mut moves)).unwrap();
                if game.is_over() {
                    break;
                }
                let now = Seat::ALL.map(|s| game.hand(s));
                for seat in Seat::ALL {
                    assert_eq!(misfits(&game.view(seat), &now), 0, "seed {seed}");
                }
            }
        }
    }

    #[test]
    fn a_lead_above_a_card_played_later_is_provably_not_eager() {
        use crate::agents::knowledge::Knowledge;
        let hands = ["5889", "3467", "TJQK"].map(|h| h.parse::<Cards>().unwrap());
        let play = |moves: &[&str]| {
            let mut game = Game::from_hands(&hands).unwrap();
            for m in moves {
                game.apply(Move::parse(m).unwrap()).unwrap();
            }
            game
        };
        let mut rng = rng::from_seed(1);
        // 88 led over the 5 played next: no deal explains it.
        let game = play(&["88", "pass", "pass", "5"]);
        let knowledge = Knowledge::of(&game.view(Seat::Farmer1));
        for _ in 0..50 {
            assert!(misfits(&game.view(Seat::Farmer1), &knowledge.sample(&mut rng)) > 0);
        }
        // The 5 first is eager, and the true deal explains it.
        let game = play(&["5", "6", "T"]);
        let now = Seat::ALL.map(|s| game.hand(s));
        assert_eq!(misfits(&game.view(Seat::Farmer1), &now), 0);
    }

    #[test]
    fn the_eager_lead_is_the_smallest_group_with_the_lowest_card() {
        let lead = |hand: &str| eager_lead(hand.parse().unwrap()).map(|p| p.to_string());
        for (hand, want) in [
            // A trio led bare, consecutive trios as an airplane, bombs whole.
            ("3334456678TJJQKKKAXD", "333"),
            ("333444555K", "333444555"),
            ("AAA222", "AAA"),
            ("6666889", "6666"),
            // A straight taken whole, to the A.
            ("34455667899TJJQKA22D", "3456789TJQKA"),
            ("455667788JJQQA222", "45678"),
            // A pair or single left over from a straight goes first.
            ("334456789TTJ2", "3"),
            ("3344556677", "34567"),
            ("33445566778", "3"),
            // Too short for a straight: the lowest rank as it is held.
            ("4455567889TTTJJJJQAX", "44"),
            ("457777889TTQQQQKAA22", "4"),
            ("222", "222"),
            ("XD", "XD"),
            ("D", "D"),
        ] {
            assert_eq!(lead(hand).as_deref(), Some(want), "{hand}");
        }
        assert_eq!(lead(""), None);
    }

    #[test]
    fn misfits_count_the_moves_an_eager_player_would_not_make() {
        let deal = Deal::from_seed(11);
        let mut game = Game::new(&deal);
        let view_hands = |game: &Game| Seat::ALL.map(|s| game.hand(s));
        // Every seat plays as the eager player: nothing misfits.
        let mut moves = Vec::new();
        for _ in 0..12 {
            let p = Position::new(&view_hands(&game), game.to_move(), game.to_beat()).unwrap();
            game.apply(eager_move(&p, &mut moves)).unwrap();
            if game.is_over() {
                break;
            }
        }
        assert!(game.record().len() >= 12);
        assert_eq!(misfits(&game.view(Seat::Landlord), &view_hands(&game)), 0);
        // A farmer that passes while it could beat in kind misfits once.
        let mut game = Game::new(&deal);
        let lead = {
            let p = Position::new(&view_hands(&game), game.to_move(), game.to_beat()).unwrap();
            eager_move(&p, &mut moves)
        };
        game.apply(lead).unwrap();
        let p = Position::new(&view_hands(&game), game.to_move(), game.to_beat()).unwrap();
        let could = eager_move(&p, &mut moves) != Move::Pass;
        game.apply(Move::Pass).unwrap();
        assert_eq!(
            misfits(&game.view(Seat::Landlord), &view_hands(&game)),
            u32::from(could)
        );
        // Its side's moves are never counted: not by itself, nor by its partner.
        let farmer = game.record()[1].seat;
        assert_eq!(farmer.team(), Team::Farmers);
        for seat in [Seat::Farmer1, Seat::Farmer2] {
            assert_eq!(misfits(&game.view(seat), &view_hands(&game)), 0);
        }
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
            ..SolveOptions::exhaustive()
        };
        let (mut lost_but_beats_eager, mut lost) = (0, 0);
        for p in small_positions(300) {
            let r = solver.solve(&p, &options, &clock);
            assert!(r.exact);
            let against_eager = reply.wins(&p, Seat::Landlord, 1_000_000, &Deadline::NONE);
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
    fn an_eager_seat_with_a_bomb_may_use_it() {
        let mut reply = BestReply::new();
        // The 2 then the K wins if the farmer passes; its bomb would win it
        // the game, so against a farmer holding one the line is no win.
        let p = pos(&["K2", "35556", "4"], None, Seat::Landlord);
        assert_eq!(reply.wins(&p, Seat::Landlord, 1000, &Deadline::NONE), Some(true));
        let p = pos(&["K2", "35555", "4"], None, Seat::Landlord);
        assert_eq!(reply.wins(&p, Seat::Landlord, 1000, &Deadline::NONE), Some(false));
    }

    #[test]
    fn the_search_stops_at_its_budget() {
        let p = small_positions(1)[0];
        let deal = Deal::from_seed(3);
        let full = Position::new(&deal.hands(), Seat::Landlord, None).unwrap();
        let mut reply = BestReply::new();
        assert_eq!(reply.wins(&full, Seat::Landlord, 0, &Deadline::NONE), None);
        assert!(reply.wins(&p, Seat::Landlord, 1_000_000, &Deadline::NONE).is_some());
    }
}

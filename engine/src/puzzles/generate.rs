//! The generator: positions from seeded self-play, proven, graded, and
//! chosen level by level until each level has its share.
//!
//! Deal `k` of seed `s` is `Deal::from_seed(derive(s, k))`, played out by
//! three heuristic players with noise ([`NOISE`], each seeded from the
//! deal), so the play is varied but sensible. Every position along the
//! way where the hands hold at most [`MAX_CARDS`] cards in all is a
//! candidate; [`super::prove::prove`] keeps those where the side to move
//! wins with one answer. A deal's candidates depend on the seed and `k`
//! alone, so deals can be proven in parallel ([`candidates`]) and offered
//! to a [`Selection`] in order: the same seed gives the same library.

use crate::agents::{HeuristicPlayer, Player};
use crate::cards::Cards;
use crate::clock::{Clock, Deadline};
use crate::deal::Deal;
use crate::game::Game;
use crate::play::Play;
use crate::rng::derive;
use crate::seat::Seat;
use crate::solver::Position;

use super::builtin;
use super::grade::{level_of, LEVELS};
use super::id::PuzzleId;
use super::prove::{prove, Proof};
use super::puzzle::Puzzle;

/// The chance of a random move by the self-play players.
pub const NOISE: f64 = 0.25;
/// The most cards in all hands of a candidate position.
pub const MAX_CARDS: u32 = 20;
/// The most cards at a three-seat table whose 1v1 endgames are taken.
pub const MAX_CARDS_1V1: u32 = 28;

/// The puzzles a generated library may hold: at least one per level.
pub const COUNT: std::ops::RangeInclusive<usize> = LEVELS as usize..=super::file::MAX_PUZZLES;

/// A proven position from self-play, not yet given a place.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The position.
    pub position: Position,
    /// Its proof.
    pub proof: Proof,
}

impl Candidate {
    /// Its level by the grading ([`super::grade`]).
    pub fn level(&self) -> u8 {
        level_of(&self.proof.facts, self.proof.answers[0], self.cards())
    }
    /// Cards in all hands.
    pub fn cards(&self) -> u32 {
        cards_in(&self.position)
    }
}

/// The level a library gives `position`, proven as `proof`: 1 for a
/// built-in (they open level 1 whatever their grade), else its grade's
/// (what [`Selection`] files a puzzle under, and `ddz puzzles check`
/// confirms).
pub fn level_in_library(position: &Position, proof: &Proof) -> u8 {
    if builtin::positions().contains(position) {
        return 1;
    }
    level_of(&proof.facts, proof.answers[0], cards_in(position))
}

fn cards_in(position: &Position) -> u32 {
    (0..position.seats()).map(|i| position.hand(Seat::ALL[i]).len()).sum()
}

/// The seed of deal `k` of a generator seeded `seed`.
pub fn deal_seed(seed: u64, k: u64) -> u64 {
    derive(&[b"puzzles", &seed.to_le_bytes(), &k.to_le_bytes()])
}

/// The positions of deal `k`'s self-play with at most [`MAX_CARDS`]
/// cards, in the order played (the deal's end excluded), each followed by
/// its 1v1 endgames ([`endgames_1v1`]) when the table holds at most
/// [`MAX_CARDS_1V1`].
pub fn positions(seed: u64, k: u64) -> Vec<Position> {
    let deal_seed = deal_seed(seed, k);
    let mut game = Game::new(&Deal::from_seed(deal_seed));
    let mut players: Vec<HeuristicPlayer> = (0..3u64)
        .map(|i| HeuristicPlayer::new(NOISE, derive(&[&deal_seed.to_le_bytes(), &i.to_le_bytes()])))
        .collect();
    let mut out = Vec::new();
    while !game.is_over() {
        let hands: Vec<_> = game.seat_list().iter().map(|&s| game.hand(s)).collect();
        let cards = hands.iter().map(|h| h.len()).sum::<u32>();
        if cards <= MAX_CARDS {
            if let Ok(p) = Position::new(&hands, game.to_move(), game.to_beat()) {
                out.push(p);
            }
        }
        if cards <= MAX_CARDS_1V1 {
            out.extend(endgames_1v1(&hands, game.to_move(), game.to_beat()));
        }
        let seat = game.to_move();
        let mv = players[seat.index()].choose(&game.view(seat), &Deadline::NONE);
        if game.apply(mv).is_err() {
            // The heuristic plays only legal moves; should it not, the
            // deal gives no more positions.
            break;
        }
    }
    out
}

/// The 1v1 endgames (landlord against one farmer, that farmer as farmer 1)
/// of a three-seat table: for each farmer, its hand and the landlord's,
/// the same seat to move, and the play to beat if one of the two made it
/// (else the seat to move leads). None where the seat to move is the
/// other farmer, or the two hold more than [`MAX_CARDS`].
pub fn endgames_1v1(hands: &[Cards], to_move: Seat, to_beat: Option<(Seat, Play)>) -> Vec<Position> {
    let mut out = Vec::new();
    for farmer in [Seat::Farmer1, Seat::Farmer2] {
        let Some(&fh) = hands.get(farmer.index()) else { continue };
        let map = |s: Seat| match s {
            Seat::Landlord => Some(Seat::Landlord),
            s if s == farmer => Some(Seat::Farmer1),
            _ => None,
        };
        let Some(mover) = map(to_move) else { continue };
        if hands[0].len() + fh.len() > MAX_CARDS {
            continue;
        }
        let beat = to_beat.and_then(|(by, play)| map(by).map(|by| (by, play)));
        if let Ok(p) = Position::new(&[hands[0], fh], mover, beat) {
            out.push(p);
        }
    }
    out
}

/// Deal `k`'s positions that prove to be puzzles, in the order played.
pub fn candidates(seed: u64, k: u64, clock: &dyn Clock) -> Vec<Candidate> {
    positions(seed, k)
        .into_iter()
        .filter_map(|position| prove(&position, clock).ok().map(|proof| Candidate { position, proof }))
        .collect()
}

/// The library being chosen: each level takes candidates until it holds
/// its share of the count (level 1 starts with the built-ins).
#[derive(Clone, Debug)]
pub struct Selection {
    /// How many puzzles each level takes, level 1 first; they sum to the
    /// count asked for (see [`capacities`]).
    capacity: Vec<usize>,
    by_level: Vec<Vec<Puzzle>>,
    seen: std::collections::HashSet<PuzzleId>,
    /// The side to move's hand and the play to beat of each puzzle taken:
    /// a table and its 1v1 endgame, or two moments of one deal, often pose
    /// the same question, which the library asks once.
    questions: std::collections::HashSet<(u64, u64)>,
}

/// What a position asks, for [`Selection`]'s repeats.
fn question(p: &Position) -> (u64, u64) {
    (
        p.hand(p.to_move()).bits(),
        p.to_beat().map_or(0, |(_, play)| {
            play.cards().bits() ^ (u64::from(play.kind() as u8) << 60)
        }),
    )
}

impl Selection {
    /// An empty selection for `count` puzzles in all, the built-ins first
    /// in level 1 (`proofs` are theirs, in order).
    pub fn new(count: usize, built_ins: &[(Position, Proof)]) -> Selection {
        let mut s = Selection {
            capacity: capacities(count, built_ins.len()),
            by_level: vec![Vec::new(); usize::from(LEVELS)],
            seen: Default::default(),
            questions: Default::default(),
        };
        for (position, proof) in built_ins {
            let p = Puzzle::new(1, *position, proof.clone());
            s.seen.insert(p.id());
            s.questions.insert(question(position));
            s.by_level[0].push(p);
        }
        s
    }

    /// Takes `c` if its level has room and its question is new (the side
    /// to move's hand and the play to beat); whether it was taken.
    pub fn offer(&mut self, c: &Candidate) -> bool {
        let level = c.level();
        let index = usize::from(level) - 1;
        let slot = &mut self.by_level[index];
        let id = PuzzleId::of(&c.position);
        if slot.len() >= self.capacity[index]
            || self.seen.contains(&id)
            || self.questions.contains(&question(&c.position))
        {
            return false;
        }
        self.seen.insert(id);
        self.questions.insert(question(&c.position));
        slot.push(Puzzle::new(level, c.position, c.proof.clone()));
        true
    }

    /// Puzzles held per level, level 1 first.
    pub fn counts(&self) -> Vec<usize> {
        self.by_level.iter().map(Vec::len).collect()
    }

    /// Every level full.
    pub fn is_full(&self) -> bool {
        self.by_level.iter().zip(&self.capacity).all(|(l, &c)| l.len() >= c)
    }

    /// The puzzles, level by level, each level in the order taken.
    pub fn into_puzzles(self) -> Vec<Puzzle> {
        self.by_level.into_iter().flatten().collect()
    }
}

/// How many puzzles each level takes so that a library holds `count` in
/// all: an even share each, the remainder to the lowest levels, and level 1
/// at least the `built_ins`, which always open the library; what they take
/// beyond their share comes from the next levels up, so that the hardest
/// levels, the rarest, keep theirs.
fn capacities(count: usize, built_ins: usize) -> Vec<usize> {
    let levels = usize::from(LEVELS);
    let mut capacity: Vec<usize> = (0..levels)
        .map(|l| count / levels + usize::from(l < count % levels))
        .collect();
    let mut over = built_ins.saturating_sub(capacity[0]);
    capacity[0] = capacity[0].max(built_ins);
    for c in capacity.iter_mut().skip(1) {
        let taken = over.min(*c);
        *c -= taken;
        over -= taken;
    }
    capacity
}

/// The built-in puzzles with their proofs; an error names the one that
/// does not prove (a defect).
pub fn built_ins(clock: &dyn Clock) -> Result<Vec<(Position, Proof)>, String> {
    builtin::positions()
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            prove(&p, clock)
                .map(|proof| (p, proof))
                .map_err(|e| format!("built-in puzzle {}: {e}", i + 1))
        })
        .collect()
}

/// A library of `count` puzzles from `seed`, deals proven one after
/// another (the CLI proves them in parallel, with the same result),
/// giving up after `max_deals` deals.
pub fn generate(seed: u64, count: usize, max_deals: u64, clock: &dyn Clock) -> Result<Vec<Puzzle>, String> {
    let mut selection = Selection::new(count, &built_ins(clock)?);
    for k in 0..max_deals {
        if selection.is_full() {
            break;
        }
        for c in candidates(seed, k, clock) {
            selection.offer(&c);
        }
    }
    Ok(selection.into_puzzles())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::MonotonicClock;

    #[test]
    fn the_same_seed_makes_the_same_library() {
        let clock = MonotonicClock::default();
        let a = generate(5, 30, 12, &clock).unwrap();
        let b = generate(5, 30, 12, &clock).unwrap();
        assert_eq!(a, b);
        assert!(a.len() > 10, "{} puzzles", a.len());
        assert_eq!(
            a.iter().take(5).map(|p| *p.position()).collect::<Vec<_>>(),
            builtin::positions()
        );
        // Another seed, other deals.
        let c = generate(6, 30, 12, &clock).unwrap();
        assert_ne!(a[5..], c[5..]);
        // Each kept puzzle proves as recorded, at its level.
        for p in &a[5..] {
            let proof = prove(p.position(), &clock).unwrap();
            assert_eq!(proof.answers, p.answers());
            assert_eq!(level_of(&proof.facts, p.answer(), p.cards()), p.level());
        }
        // Levels are in order and none holds more than its share.
        assert!(a.windows(2).all(|w| w[0].level() <= w[1].level()));
        assert!((2..=LEVELS).all(|l| a.iter().filter(|p| p.level() == l).count() <= 3));
    }

    #[test]
    fn the_levels_hold_the_count_asked_for() {
        for count in COUNT.clone().step_by(7).chain([10, 11, 25, 320]) {
            let c = capacities(count, 5);
            assert_eq!(c.iter().sum::<usize>(), count, "{count}: {c:?}");
            assert!(c[0] >= 5);
            // No level above the first holds more than an even share, rounded up.
            assert!(
                c[1..].iter().all(|&n| n <= count.div_ceil(usize::from(LEVELS))),
                "{count}: {c:?}"
            );
        }
        assert_eq!(capacities(10, 5), [5, 0, 0, 0, 0, 1, 1, 1, 1, 1]);
        assert_eq!(capacities(320, 5), [32; 10]);
        assert_eq!(capacities(25, 5), [5, 1, 3, 3, 3, 2, 2, 2, 2, 2]);
    }

    #[test]
    fn a_table_gives_its_1v1_endgames() {
        let hands: Vec<Cards> = ["3K", "45", "6A"].iter().map(|h| h.parse().unwrap()).collect();
        let out = endgames_1v1(&hands, Seat::Landlord, Some((Seat::Farmer2, Play::parse("7").unwrap())));
        // In farmer 1's, the play to beat was the other farmer's: the
        // landlord leads. In farmer 2's, farmer 2 (now farmer 1) made it.
        assert_eq!(out.len(), 2);
        assert!(out.iter().all(|p| p.seats() == 2));
        assert_eq!(out[0].to_beat(), None);
        assert_eq!(out[1].hand(Seat::Farmer1), hands[2]);
        assert_eq!(out[1].to_beat().map(|(s, _)| s), Some(Seat::Farmer1));
        // Farmer 2 to move is only in its own endgame.
        let out = endgames_1v1(&hands, Seat::Farmer2, None);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].to_move(), Seat::Farmer1);
    }
}

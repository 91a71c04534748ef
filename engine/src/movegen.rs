//! Legal plays: every play of a hand when leading, every play that beats a
//! given play when following.
//!
//! Each kind is one pass over a `u16` mask of the ranks held at least w
//! times; chains are runs of set bits in it. Kickers are enumerated as
//! multisets of ranks (never as card instances), so no play is produced
//! twice. The order is fixed: kinds in
//! [`Kind::ALL`] order, then main rank, then length, then kickers low to high.

use crate::cards::{Cards, Rank};
use crate::play::{Kind, Move, Play};

/// Where generated plays go: a `Vec<Play>`, a `Vec<Move>`, or a counter.
pub trait PlaySink {
    /// Takes one generated play.
    fn push_play(&mut self, play: Play);
}

impl PlaySink for Vec<Play> {
    #[inline]
    fn push_play(&mut self, play: Play) {
        self.push(play);
    }
}

impl PlaySink for Vec<Move> {
    #[inline]
    fn push_play(&mut self, play: Play) {
        self.push(Move::Play(play));
    }
}

/// Counts plays without storing them.
impl PlaySink for usize {
    #[inline]
    fn push_play(&mut self, _: Play) {
        *self += 1;
    }
}

/// Every play `hand` can lead.
///
/// # Examples
///
/// ```
/// use engine::{lead_plays, Cards, Play};
///
/// let hand: Cards = "3345XD".parse()?;
/// let mut plays: Vec<Play> = Vec::new();
/// lead_plays(hand, &mut plays);
/// let written: Vec<String> = plays.iter().map(|p| p.to_string()).collect();
/// assert_eq!(written, ["3", "4", "5", "X", "D", "33", "XD"]);
///
/// // A counter is a sink too.
/// let mut count = 0usize;
/// lead_plays(hand, &mut count);
/// assert_eq!(count, 7);
/// # Ok::<(), engine::CardsError>(())
/// ```
pub fn lead_plays<S: PlaySink>(hand: Cards, out: &mut S) {
    let mut g = Generator::new(hand, out);
    for kind in Kind::ALL {
        g.kind(kind, None, 0);
    }
}

/// Every play of `hand` that holds at least one card of its lowest rank:
/// the same plays as [`lead_plays`] filtered on that rank, generated
/// directly (kinds in order; kickers in a fixed order of their own). A split
/// must put that card somewhere, so this is all a splitting search branches on.
pub fn plays_with_lowest<S: PlaySink>(hand: Cards, out: &mut S) {
    let Some(lowest) = hand.lowest() else {
        return;
    };
    let c = lowest.index();
    let mut g = Generator::new(hand, out);
    let at_c = |g: &Generator<S>, kind: Kind| g.at_least[kind.width() as usize] & (1 << c) != 0;
    for kind in Kind::ALL {
        match kind {
            Kind::Single | Kind::Pair | Kind::Trio | Kind::Bomb => {
                if at_c(&g, kind) {
                    g.push(kind, c, 1, Cards::run(c, 1, kind.width()));
                }
            }
            // A chain holding the lowest card starts there.
            Kind::Straight | Kind::PairChain | Kind::Airplane => g.chains_from(kind, c),
            Kind::TrioSingle | Kind::TrioPair => {
                let kicker_width = if kind == Kind::TrioSingle { 1 } else { 2 };
                for r in bits(g.at_least[3]) {
                    let trio = Cards::run(r, 1, 3);
                    if r == c {
                        for k in bits(g.at_least[kicker_width as usize] & !(1 << r)) {
                            g.push(kind, r, 1, trio.plus(Cards::run(k, 1, kicker_width)));
                        }
                    } else if g.at_least[kicker_width as usize] & (1 << c) != 0 {
                        g.push(kind, r, 1, trio.plus(Cards::run(c, 1, kicker_width)));
                    }
                }
            }
            Kind::AirplaneSingles | Kind::AirplanePairs => g.airplanes_with_lowest(kind, c),
            Kind::FourTwoSingles | Kind::FourTwoPairs => {
                for r in bits(g.at_least[4]) {
                    let four = Cards::run(r, 1, 4);
                    g.wings(kind, r, 1, four, 1 << r, 2, (r != c).then_some(c));
                }
            }
            Kind::Rocket => {
                if lowest == Rank::BlackJoker && hand.contains(Cards::JOKERS) {
                    g.push(Kind::Rocket, c, 1, Cards::JOKERS);
                }
            }
        }
    }
}

/// Every play of `hand` that beats `target` (not including the pass).
pub fn follow_plays<S: PlaySink>(hand: Cards, target: Play, out: &mut S) {
    let mut g = Generator::new(hand, out);
    let above = target.rank().index() + 1;
    match target.kind() {
        Kind::Rocket => {}
        Kind::Bomb => {
            g.kind(Kind::Bomb, None, above);
            g.kind(Kind::Rocket, None, 0);
        }
        kind => {
            g.kind(kind, Some(target.chain_len()), above);
            g.kind(Kind::Bomb, None, 0);
            g.kind(Kind::Rocket, None, 0);
        }
    }
}

/// The legal moves of a seat holding `hand`: every lead when `to_beat` is
/// `None`, else every play that beats it followed by the pass.
///
/// # Examples
///
/// ```
/// use engine::{legal_moves, Cards, Move, Play};
///
/// let hand: Cards = "3345XD".parse()?;
/// let mut moves: Vec<Move> = Vec::new();
/// legal_moves(hand, Some(Play::parse("4")?), &mut moves);
/// let written: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
/// assert_eq!(written, ["5", "X", "D", "XD", "pass"]);
/// # Ok::<(), engine::PlayError>(())
/// ```
pub fn legal_moves(hand: Cards, to_beat: Option<Play>, out: &mut Vec<Move>) {
    match to_beat {
        None => lead_plays(hand, out),
        Some(target) => {
            follow_plays(hand, target, out);
            out.push(Move::Pass);
        }
    }
}

/// Convenience: the plays of `hand` that lead or follow, as a new vector.
pub fn plays(hand: Cards, to_beat: Option<Play>) -> Vec<Play> {
    let mut out = Vec::new();
    match to_beat {
        None => lead_plays(hand, &mut out),
        Some(target) => follow_plays(hand, target, &mut out),
    }
    out
}

struct Generator<'a, S> {
    hand: Cards,
    counts: [u8; 15],
    /// `at_least[w]`: bit `r` set iff the hand holds at least `w` of rank `r`.
    at_least: [u16; 5],
    out: &'a mut S,
}

/// Ranks a chain may use: `3` to `A`.
const CHAIN_RANKS: u16 = (1 << (Rank::HIGHEST_IN_CHAIN.index() + 1)) - 1;

/// The set bits of `mask`, low to high.
#[inline]
/// Whether `hand` holds a play that beats `target`: the same answer as
/// [`follow_plays`] finding one, from the rank masks alone (the solver
/// asks this far more often than it lists the plays).
pub fn can_beat(hand: Cards, target: Play) -> bool {
    if hand.contains(Cards::JOKERS) && target.kind() != Kind::Rocket {
        return true;
    }
    match target.kind() {
        Kind::Rocket => false,
        Kind::Bomb => hand.ranks_with_at_least(4) & from_rank(target.rank().index() + 1) != 0,
        kind => hand.ranks_with_at_least(4) != 0 || has_kind(hand, kind, target.chain_len(), target.rank().index() + 1),
    }
}

/// Whether `hand` can make a play of `kind` (chain length `len`, ignored
/// for kinds that are not chains) whose main rank is at least `min_rank`.
pub fn has_kind(hand: Cards, kind: Kind, len: u8, min_rank: usize) -> bool {
    let above = from_rank(min_rank);
    let at_least = |w: u8| hand.ranks_with_at_least(w);
    // Starts of runs of `len` chain ranks held at least `w` times.
    let run_starts = |w: u8| {
        let ranks = at_least(w) & CHAIN_RANKS;
        let mut starts = ranks;
        for i in 1..u32::from(len) {
            starts &= ranks >> i;
        }
        starts
    };
    let outside = |ranks: u16| -> u32 {
        let mut cards = hand;
        for r in bits(ranks) {
            cards = cards.without_rank(Rank::ALL[r]);
        }
        cards.len()
    };
    match kind {
        Kind::Single | Kind::Pair | Kind::Trio | Kind::Bomb => at_least(kind.width()) & above != 0,
        Kind::Straight | Kind::PairChain | Kind::Airplane => run_starts(kind.width()) & above != 0,
        Kind::TrioSingle => bits(at_least(3) & above).any(|r| outside(1 << r) >= 1),
        Kind::TrioPair => bits(at_least(3) & above).any(|r| at_least(2) & !(1 << r) != 0),
        Kind::AirplaneSingles | Kind::AirplanePairs => bits(run_starts(3) & above).any(|start| {
            let chain = (((1u32 << len) - 1) << start) as u16;
            if kind == Kind::AirplaneSingles {
                outside(chain) >= u32::from(len)
            } else {
                (at_least(2) & !chain).count_ones() >= u32::from(len)
            }
        }),
        Kind::FourTwoSingles => bits(at_least(4) & above).any(|r| outside(1 << r) >= 2),
        Kind::FourTwoPairs => bits(at_least(4) & above).any(|r| (at_least(2) & !(1 << r)).count_ones() >= 2),
        Kind::Rocket => hand.contains(Cards::JOKERS),
    }
}

fn bits(mut mask: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            None
        } else {
            let r = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            Some(r)
        }
    })
}

/// Ranks `≥ min_rank`.
#[inline]
const fn from_rank(min_rank: usize) -> u16 {
    if min_rank >= 16 {
        0
    } else {
        !((1u16 << min_rank) - 1)
    }
}

impl<'a, S: PlaySink> Generator<'a, S> {
    fn new(hand: Cards, out: &'a mut S) -> Self {
        let mut at_least = [0u16; 5];
        for (w, mask) in at_least.iter_mut().enumerate().skip(1) {
            *mask = hand.ranks_with_at_least(w as u8);
        }
        Generator {
            hand,
            counts: hand.counts(),
            at_least,
            out,
        }
    }

    #[inline]
    fn push(&mut self, kind: Kind, rank: usize, len: usize, cards: Cards) {
        self.out
            .push_play(Play::new_unchecked(kind, Rank::ALL[rank], len as u8, cards));
    }

    /// Plays of one kind with main rank ≥ `min_rank`, of length `len` if given.
    fn kind(&mut self, kind: Kind, len: Option<u8>, min_rank: usize) {
        match kind {
            Kind::Single | Kind::Pair | Kind::Trio | Kind::Bomb => self.groups(kind, min_rank),
            Kind::Straight | Kind::PairChain | Kind::Airplane => self.chains(kind, len, min_rank),
            Kind::TrioSingle | Kind::TrioPair => self.trio_with_kicker(kind, min_rank),
            Kind::AirplaneSingles | Kind::AirplanePairs => self.airplanes_with_wings(kind, len, min_rank),
            Kind::FourTwoSingles | Kind::FourTwoPairs => self.four_with_two(kind, min_rank),
            Kind::Rocket => {
                if self.hand.contains(Cards::JOKERS) {
                    self.push(Kind::Rocket, Rank::BlackJoker.index(), 1, Cards::JOKERS);
                }
            }
        }
    }

    fn groups(&mut self, kind: Kind, min_rank: usize) {
        let width = kind.width();
        for r in bits(self.at_least[width as usize] & from_rank(min_rank)) {
            self.push(kind, r, 1, Cards::run(r, 1, width));
        }
    }

    /// Calls `f(start, len)` for every run of chain ranks with count ≥ the
    /// kind's width, `start ≥ min_rank`, its length within the kind's limits
    /// (or exactly `only`).
    #[inline]
    fn for_each_run(
        &mut self,
        kind: Kind,
        only: Option<u8>,
        min_rank: usize,
        mut f: impl FnMut(&mut Self, usize, usize),
    ) {
        let (min_len, max_len) = match only {
            Some(l) => (l as u32, l as u32),
            None => {
                let (a, b) = kind.lengths();
                (a as u32, b as u32)
            }
        };
        let ranks = self.at_least[kind.width() as usize] & CHAIN_RANKS;
        for start in bits(ranks & from_rank(min_rank)) {
            let run = (ranks >> start).trailing_ones().min(max_len);
            for len in min_len..=run {
                f(self, start, len as usize);
            }
        }
    }

    fn chains(&mut self, kind: Kind, only: Option<u8>, min_rank: usize) {
        let width = kind.width();
        self.for_each_run(kind, only, min_rank, |g, start, len| {
            g.push(kind, start, len, Cards::run(start, len, width));
        });
    }

    /// Chains of `kind` starting exactly at `start`.
    fn chains_from(&mut self, kind: Kind, start: usize) {
        let width = kind.width();
        let ranks = self.at_least[width as usize] & CHAIN_RANKS;
        if ranks & (1 << start) == 0 {
            return;
        }
        let (min_len, max_len) = kind.lengths();
        let run = (ranks >> start).trailing_ones().min(max_len as u32);
        for len in min_len as u32..=run {
            self.push(kind, start, len as usize, Cards::run(start, len as usize, width));
        }
    }

    /// Airplanes with wings that hold a card of rank `c`, the hand's lowest:
    /// those starting at `c` with any wings, the others with `c` in the wings.
    fn airplanes_with_lowest(&mut self, kind: Kind, c: usize) {
        self.for_each_run(kind, None, c, |g, start, len| {
            let main = Cards::run(start, len, 3);
            let chain = (((1u32 << len) - 1) << start) as u16;
            g.wings(kind, start, len, main, chain, len, (start != c).then_some(c));
        });
    }

    /// `main` plus its wings (`need` singles or pairs, per `kind`) from the
    /// ranks outside `own`; with `forced`, only wings holding that rank.
    #[allow(clippy::too_many_arguments)]
    fn wings(
        &mut self,
        kind: Kind,
        rank: usize,
        len: usize,
        main: Cards,
        own: u16,
        need: usize,
        forced: Option<usize>,
    ) {
        let singles = matches!(kind, Kind::AirplaneSingles | Kind::FourTwoSingles | Kind::TrioSingle);
        let mut rest = self.counts;
        for r in bits(own) {
            rest[r] = 0;
        }
        if singles {
            match forced {
                None => self.single_kickers(kind, rank, len, main, &rest, need),
                Some(f) if rest[f] > 0 => {
                    rest[f] -= 1;
                    self.single_kickers(kind, rank, len, main.plus(Cards::run(f, 1, 1)), &rest, need - 1);
                }
                Some(_) => {}
            }
        } else {
            let pairs = self.at_least[2] & !own;
            match forced {
                None => self.pair_kickers(kind, rank, len, main, pairs, need),
                Some(f) if pairs & (1 << f) != 0 => self.pair_kickers(
                    kind,
                    rank,
                    len,
                    main.plus(Cards::run(f, 1, 2)),
                    pairs & !(1 << f),
                    need - 1,
                ),
                Some(_) => {}
            }
        }
    }

    fn trio_with_kicker(&mut self, kind: Kind, min_rank: usize) {
        let kicker_width = if kind == Kind::TrioSingle { 1 } else { 2 };
        for r in bits(self.at_least[3] & from_rank(min_rank)) {
            let trio = Cards::run(r, 1, 3);
            for k in bits(self.at_least[kicker_width as usize] & !(1 << r)) {
                self.push(kind, r, 1, trio.plus(Cards::run(k, 1, kicker_width)));
            }
        }
    }

    fn airplanes_with_wings(&mut self, kind: Kind, only: Option<u8>, min_rank: usize) {
        self.for_each_run(kind, only, min_rank, |g, start, len| {
            let main = Cards::run(start, len, 3);
            // Kickers come from the other ranks only.
            let mut rest = g.counts;
            rest[start..start + len].fill(0);
            if kind == Kind::AirplaneSingles {
                g.single_kickers(kind, start, len, main, &rest, len);
            } else {
                let chain = (((1u32 << len) - 1) << start) as u16;
                g.pair_kickers(kind, start, len, main, g.at_least[2] & !chain, len);
            }
        });
    }

    fn four_with_two(&mut self, kind: Kind, min_rank: usize) {
        for r in bits(self.at_least[4] & from_rank(min_rank)) {
            let four = Cards::run(r, 1, 4);
            if kind == Kind::FourTwoSingles {
                let mut rest = self.counts;
                rest[r] = 0;
                self.single_kickers(kind, r, 1, four, &rest, 2);
            } else {
                self.pair_kickers(kind, r, 1, four, self.at_least[2] & !(1 << r), 2);
            }
        }
    }

    /// `main` plus every multiset of `need` kicker cards drawn from `rest`.
    #[allow(clippy::too_many_arguments)]
    fn single_kickers(&mut self, kind: Kind, rank: usize, len: usize, main: Cards, rest: &[u8; 15], need: usize) {
        // Compact the ranks on offer so the recursion skips empty ones.
        let mut ranks = [0u8; 15];
        let mut n = 0;
        let mut total = 0;
        for (r, &c) in rest.iter().enumerate() {
            if c > 0 {
                ranks[n] = r as u8;
                n += 1;
                total += c as usize;
            }
        }
        if total >= need {
            self.multisets(kind, rank, len, rest, &ranks[..n], need, main);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn multisets(
        &mut self,
        kind: Kind,
        rank: usize,
        len: usize,
        rest: &[u8; 15],
        ranks: &[u8],
        need: usize,
        acc: Cards,
    ) {
        if need == 0 {
            self.push(kind, rank, len, acc);
            return;
        }
        for (i, &r) in ranks.iter().enumerate() {
            let r = r as usize;
            let most = (rest[r] as usize).min(need);
            let mut cards = acc;
            for take in 1..=most {
                cards = cards.plus(Cards::run(r, 1, 1));
                self.multisets(kind, rank, len, rest, &ranks[i + 1..], need - take, cards);
            }
        }
    }

    /// `main` plus every choice of `need` distinct pair ranks from `pairs`.
    #[allow(clippy::too_many_arguments)]
    fn pair_kickers(&mut self, kind: Kind, rank: usize, len: usize, main: Cards, pairs: u16, need: usize) {
        if pairs.count_ones() as usize >= need {
            self.combinations(kind, rank, len, pairs, need, main);
        }
    }

    fn combinations(&mut self, kind: Kind, rank: usize, len: usize, pairs: u16, need: usize, acc: Cards) {
        if need == 0 {
            self.push(kind, rank, len, acc);
            return;
        }
        let mut left = pairs;
        // Leave enough ranks for the remaining picks.
        while left.count_ones() as usize >= need {
            let r = left.trailing_zeros() as usize;
            left &= left - 1;
            self.combinations(kind, rank, len, left, need - 1, acc.plus(Cards::run(r, 1, 2)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lead(text: &str) -> Vec<String> {
        plays(text.parse().unwrap(), None)
            .iter()
            .map(|p| p.to_string())
            .collect()
    }

    #[test]
    fn small_hand_in_generation_order() {
        assert_eq!(lead("3334"), ["3", "4", "33", "333", "3334"]);
        assert_eq!(lead("XD2"), ["2", "X", "D", "XD"]);
        assert_eq!(lead("33334"), ["3", "4", "33", "333", "3334", "3333"]);
    }

    #[test]
    fn four_with_two_kickers_are_multisets() {
        let four_two: Vec<String> = plays("3333XD5".parse().unwrap(), None)
            .iter()
            .filter(|p| p.kind() == Kind::FourTwoSingles)
            .map(|p| format!("{}+{}", p.main_cards(), p.kickers()))
            .collect();
        assert_eq!(four_two, ["3333+5X", "3333+5D", "3333+XD"]);
    }

    #[test]
    fn follow_lists_higher_same_shape_then_bombs() {
        let hand: Cards = "34567789TJ2222XD".parse().unwrap();
        let target = Play::parse("56789").unwrap();
        let got: Vec<String> = plays(hand, Some(target)).iter().map(|p| p.to_string()).collect();
        assert_eq!(got, ["6789T", "789TJ", "2222", "XD"]);
        let bomb = Play::parse("QQQQ").unwrap();
        let got: Vec<String> = plays(hand, Some(bomb)).iter().map(|p| p.to_string()).collect();
        assert_eq!(got, ["2222", "XD"]);
        let rocket = Play::parse("XD").unwrap();
        assert!(plays(hand, Some(rocket)).is_empty());
        let mut moves = Vec::new();
        legal_moves(hand, Some(rocket), &mut moves);
        assert_eq!(moves, [Move::Pass]);
    }
}

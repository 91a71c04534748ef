//! Suggested splits (拆牌): a hand divided into legal plays.
//!
//! [`Splitter`] finds the exact minimum number of plays (手数), kickers
//! included, by a memoised search: some play must hold the hand's lowest
//! card, so the fewest plays of a hand is one plus the fewest plays of what
//! is left, minimised over the plays holding that card. Every play comes
//! from move generation, so kickers, chains and their limits are exactly
//! rules.md's. Among equally short splits a per-play *penalty* breaks ties
//! the way a player would (bombs and the rocket kept whole, long chains, no
//! stranded low singles, 2s and jokers not spent as kickers); the search
//! minimises (plays, penalty) lexicographically, keeping the `k` best per
//! position so that alternatives come out too.
//!
//! [`baseline`] is the splitting paper's "minimum combination split", and
//! [`labels`] / [`groups_from_labels`] its four-class card labels.

use std::fmt;

use crate::cards::{Cards, Rank};
use crate::limits::{self, LimitError};
use crate::movegen::plays_with_lowest;
use crate::play::{readings, Kind, Play};

/// The most splits [`Splitter::top`] returns: the best and
/// [`limits::ALTERNATIVES`]' most alternatives.
pub const MAX_SPLITS: usize = *limits::ALTERNATIVES.end() + 1;

/// A hand divided into plays, lowest card first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split {
    plays: Vec<Play>,
    penalty: i32,
}

impl Split {
    /// The plays, in order of their lowest card; together they are the hand.
    pub fn plays(&self) -> &[Play] {
        &self.plays
    }

    /// A split of the plays' cards into `plays` (sorted as the baseline sorts),
    /// with the tie-break penalty of [`Splitter`]; for splits found
    /// elsewhere (the learned splitter's groups with their kickers).
    pub fn from_plays(mut plays: Vec<Play>) -> Split {
        plays.sort_by_key(|p| (p.rank(), p.kind()));
        let hand = plays.iter().fold(Cards::EMPTY, |acc, p| acc.plus(p.cards()));
        let penalty = plays.iter().map(|&p| penalty(hand, p)).sum();
        Split { plays, penalty }
    }

    /// The number of plays (手数).
    pub fn play_count(&self) -> u32 {
        self.plays.len() as u32
    }

    /// The tie-break score among equally short splits (lower is better).
    pub fn penalty(&self) -> i32 {
        self.penalty
    }

    /// All the cards of the split.
    pub fn cards(&self) -> Cards {
        self.plays.iter().fold(Cards::EMPTY, |acc, p| acc.plus(p.cards()))
    }

    /// The plays as a sorted list, to compare splits as sets.
    fn key(&self) -> Vec<(Kind, Rank, u8, u64)> {
        let mut key: Vec<_> = self
            .plays
            .iter()
            .map(|p| (p.kind(), p.rank(), p.chain_len(), p.cards().bits()))
            .collect();
        key.sort_unstable();
        key
    }
}

impl fmt::Display for Split {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.plays.iter().map(|p| p.to_string()).collect();
        write!(f, "{} plays: {}", self.plays.len(), parts.join(" "))
    }
}

/// One of the best ways to finish a position: `plays` more plays with this
/// total penalty, starting with `play`, continuing with entry `next` of the
/// position that `play` leaves.
#[derive(Clone, Copy, Debug)]
struct Entry {
    plays: u8,
    penalty: i32,
    play: Option<Play>,
    next: u8,
}

impl Entry {
    fn cost(&self) -> (u8, i32) {
        (self.plays, self.penalty)
    }
}

/// Positions → their entries: an open-addressing table keyed by the card
/// bits, cleared between hands without freeing (the search's hot path).
#[derive(Default)]
struct Memo {
    keys: Vec<u64>,
    values: Vec<(u32, u8)>,
    /// Slots used, and the generation that marks a slot as used this run.
    len: usize,
    stamps: Vec<u32>,
    stamp: u32,
}

impl Memo {
    fn clear(&mut self) {
        self.len = 0;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.stamps.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        if self.keys.is_empty() {
            self.grow(1 << 10);
        }
    }

    fn slot(&self, key: u64) -> usize {
        let mask = self.keys.len() - 1;
        let mut i = ((key ^ (key >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9) >> 20) as usize & mask;
        while self.stamps[i] == self.stamp && self.keys[i] != key {
            i = (i + 1) & mask;
        }
        i
    }

    fn get(&self, key: u64) -> Option<(u32, u8)> {
        let i = self.slot(key);
        (self.stamps[i] == self.stamp).then(|| self.values[i])
    }

    fn insert(&mut self, key: u64, value: (u32, u8)) {
        if (self.len + 1) * 2 > self.keys.len() {
            self.grow(self.keys.len() * 2);
        }
        let i = self.slot(key);
        if self.stamps[i] != self.stamp {
            self.len += 1;
        }
        self.keys[i] = key;
        self.values[i] = value;
        self.stamps[i] = self.stamp;
    }

    fn grow(&mut self, size: usize) {
        let old: Vec<(u64, (u32, u8))> = (0..self.keys.len())
            .filter(|&i| self.stamps[i] == self.stamp)
            .map(|i| (self.keys[i], self.values[i]))
            .collect();
        self.keys = vec![0; size];
        self.values = vec![(0, 0); size];
        self.stamps = vec![0; size];
        if self.stamp == 0 {
            self.stamp = 1;
        }
        self.len = 0;
        for (k, v) in old {
            self.insert(k, v);
        }
    }
}

/// The exact splitter. Keep one around: its memory is reused between hands.
///
/// # Examples
///
/// ```
/// use engine::{Cards, Splitter};
///
/// let mut splitter = Splitter::new();
/// let hand: Cards = "3456799XD".parse()?;
/// assert_eq!(splitter.min_plays(hand), 3);
/// let best = splitter.best(hand);
/// let groups: Vec<String> = best.plays().iter().map(|p| p.to_string()).collect();
/// assert_eq!(groups, ["34567", "99", "XD"]);
///
/// // Hands over 20 cards are refused rather than searched.
/// assert!(splitter.try_top(Cards::DECK, 1).is_err());
/// # Ok::<(), engine::CardsError>(())
/// ```
#[derive(Default)]
pub struct Splitter {
    /// The hand being split (penalties depend on it).
    hand: Cards,
    /// How many best entries each position keeps.
    keep: usize,
    /// Position → its best entries, as (start, len) in `arena`.
    memo: Memo,
    arena: Vec<Entry>,
    /// Play lists and best-entry lists, one per search depth, reused.
    scratch: Vec<(Vec<Play>, Vec<Entry>)>,
}

impl Splitter {
    /// A splitter with an empty memo; keep it to reuse its memory across
    /// hands.
    pub fn new() -> Splitter {
        Splitter::default()
    }

    /// The fewest plays that empty `hand` (0 for no cards).
    pub fn min_plays(&mut self, hand: Cards) -> u32 {
        self.run(hand, 1);
        self.root().first().map_or(0, |e| u32::from(e.plays))
    }

    /// The best split: fewest plays, then lowest penalty.
    pub fn best(&mut self, hand: Cards) -> Split {
        self.top(hand, 1).pop().unwrap_or(Split {
            plays: vec![],
            penalty: 0,
        })
    }

    /// Up to `k` distinct splits, best first: the best, then the next best
    /// by (plays, penalty). At most [`MAX_SPLITS`] are kept, whatever `k`
    /// (each position keeps about 2k entries). The search is exponential in
    /// the hand's size: meant for hands of at most [`limits::MAX_HAND`] cards, which
    /// [`Splitter::try_top`] checks.
    pub fn top(&mut self, hand: Cards, k: usize) -> Vec<Split> {
        let k = k.min(MAX_SPLITS);
        if hand.is_empty() || k == 0 {
            return vec![Split {
                plays: vec![],
                penalty: 0,
            }];
        }
        // Different search paths can reach the same set of plays, so keep
        // more per position than asked and drop repeats at the end.
        self.run(hand, if k == 1 { 1 } else { k * 2 + 1 });
        let mut out: Vec<Split> = Vec::with_capacity(k);
        let mut seen = Vec::new();
        for i in 0..self.root().len() {
            let split = self.extract(hand, i);
            let key = split.key();
            if !seen.contains(&key) {
                seen.push(key);
                out.push(split);
                if out.len() == k {
                    break;
                }
            }
        }
        out
    }

    /// [`Splitter::top`] for a hand of at most [`limits::MAX_HAND`] cards and the
    /// best split with at most [`limits::ALTERNATIVES`] alternatives after
    /// it (so `1..=101` splits); anything else is refused rather than run.
    pub fn try_top(&mut self, hand: Cards, k: usize) -> Result<Vec<Split>, LimitError> {
        limits::hand("hand", hand)?;
        limits::check("alternatives", k.saturating_sub(1), &limits::ALTERNATIVES)?;
        Ok(self.top(hand, k))
    }

    fn root(&self) -> &[Entry] {
        match self.memo.get(self.hand.bits()) {
            Some((start, len)) => &self.arena[start as usize..start as usize + len as usize],
            None => &[],
        }
    }

    fn run(&mut self, hand: Cards, keep: usize) {
        self.hand = hand;
        self.keep = keep;
        self.memo.clear();
        self.arena.clear();
        // Entry 0: the empty hand, finished with no plays.
        self.arena.push(Entry {
            plays: 0,
            penalty: 0,
            play: None,
            next: 0,
        });
        self.memo.insert(Cards::EMPTY.bits(), (0, 1));
        self.solve(hand, 0);
    }

    fn extract(&self, hand: Cards, index: usize) -> Split {
        let mut plays = Vec::new();
        let mut rest = hand;
        let mut i = index;
        let total = self.root()[index].penalty;
        while let Some((start, _)) = self.memo.get(rest.bits()) {
            let entry = self.arena[start as usize + i];
            let Some(play) = entry.play else { break };
            plays.push(play);
            rest = rest.minus(play.cards());
            i = entry.next as usize;
        }
        Split { plays, penalty: total }
    }

    fn solve(&mut self, hand: Cards, depth: usize) -> (u32, u8) {
        if let Some(found) = self.memo.get(hand.bits()) {
            return found;
        }
        if hand.is_empty() {
            return (0, 1);
        }
        if self.scratch.len() <= depth {
            self.scratch.push((Vec::with_capacity(256), Vec::with_capacity(8)));
        }
        let (mut plays, mut best) = std::mem::take(&mut self.scratch[depth]);
        plays.clear();
        best.clear();
        plays_with_lowest(hand, &mut plays);
        for &play in &plays {
            let (start, len) = self.solve(hand.minus(play.cards()), depth + 1);
            let first = self.arena[start as usize];
            // Skip the penalty when even the child's best cannot make the list.
            if best.len() == self.keep && best.last().is_some_and(|w| w.plays < first.plays + 1) {
                continue;
            }
            let own = self.penalty(play);
            for next in 0..len {
                let after = self.arena[(start + u32::from(next)) as usize];
                let entry = Entry {
                    plays: after.plays + 1,
                    penalty: after.penalty + own,
                    play: Some(play),
                    next,
                };
                // Insert in order, ties after (so generation order decides).
                let at = best.partition_point(|e| e.cost() <= entry.cost());
                if at < self.keep {
                    best.insert(at, entry);
                    best.truncate(self.keep);
                } else {
                    // Later entries of the same child cost at least as much.
                    break;
                }
            }
        }
        let start = self.arena.len() as u32;
        let len = best.len() as u8;
        self.arena.extend_from_slice(&best);
        self.scratch[depth] = (plays, best);
        self.memo.insert(hand.bits(), (start, len));
        (start, len)
    }

    /// How much a human would dislike this play in a split of `self.hand`;
    /// only compared between splits with the same number of plays.
    fn penalty(&self, play: Play) -> i32 {
        penalty(self.hand, play)
    }
}

/// The tie-break penalty of `play` within a split of `hand` (lower is better).
pub fn penalty(hand: Cards, play: Play) -> i32 {
    let cards = play.cards();
    let mut pen = 0;
    // Bombs and the rocket stay whole.
    if play.kind() != Kind::Bomb {
        pen += 100 * (cards.ranks_with_at_least(1) & hand.ranks_with_at_least(4)).count_ones() as i32;
    }
    let jokers = cards.ranks_with_at_least(1) >> Rank::BlackJoker.index();
    if play.kind() != Kind::Rocket && jokers != 0 && hand.contains(Cards::JOKERS) {
        pen += 100;
    }
    let low = |rank: Rank| (Rank::Two.index() as i32 - rank.index() as i32).max(0);
    match play.kind() {
        // A low single or pair left on its own is hard to get rid of.
        Kind::Single => pen += low(play.rank()),
        Kind::Pair => pen += low(play.rank()) / 2,
        // Long chains shed many cards at once.
        Kind::Straight | Kind::PairChain | Kind::Airplane | Kind::AirplaneSingles | Kind::AirplanePairs => {
            pen -= 2 * play.main_cards().len() as i32
        }
        _ => {}
    }
    // Kickers should be low cards, never the 2s and jokers that win leads.
    let kickers = play.kickers();
    if !kickers.is_empty() {
        let mut ranks = kickers.ranks_with_at_least(1);
        while ranks != 0 {
            let r = ranks.trailing_zeros() as usize;
            ranks &= ranks - 1;
            let each = match Rank::ALL[r] {
                Rank::Two | Rank::BlackJoker | Rank::RedJoker => 20,
                Rank::Ace => 6,
                _ => r as i32 / 3,
            };
            pen += each * i32::from(kickers.count(Rank::ALL[r]));
        }
    }
    pen
}

/// The exact best split of `hand` (a fresh [`Splitter`]; keep one to reuse).
pub fn exact(hand: Cards) -> Split {
    Splitter::new().best(hand)
}

// ---------------------------------------------------------------------------
// The splitting paper's baseline, "minimum combination split".

/// The group kinds the baseline orders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BaseKind {
    /// Trios (三张), kickers attached afterwards.
    Trio,
    /// Bombs (炸弹).
    Bomb,
    /// Straights (顺子).
    Straight,
    /// Pair chains (连对).
    PairChain,
    /// Airplanes (飞机), kickers attached afterwards.
    Airplane,
}

/// The paper's 40 priority orders: every order of the five kinds except
/// those that take trios before bombs or before airplanes.
pub fn baseline_orders() -> Vec<[BaseKind; 5]> {
    use BaseKind::*;
    let kinds = [Trio, Bomb, Straight, PairChain, Airplane];
    let mut out = Vec::new();
    let mut order = [Trio; 5];
    fn permute(kinds: &[BaseKind; 5], used: u8, depth: usize, order: &mut [BaseKind; 5], out: &mut Vec<[BaseKind; 5]>) {
        if depth == 5 {
            let at = |k: BaseKind| order.iter().position(|&x| x == k).unwrap_or(0);
            if at(BaseKind::Trio) > at(BaseKind::Bomb) && at(BaseKind::Trio) > at(BaseKind::Airplane) {
                out.push(*order);
            }
            return;
        }
        for (i, &k) in kinds.iter().enumerate() {
            if used & (1 << i) == 0 {
                order[depth] = k;
                permute(kinds, used | (1 << i), depth + 1, order, out);
            }
        }
    }
    permute(&kinds, 0, 0, &mut order, &mut out);
    out
}

/// The baseline's groups before kickers are attached: the kinds taken
/// greedily in `order` (each time the longest group of that kind, lowest
/// first), then pairs, then singles.
pub fn greedy_groups(hand: Cards, order: &[BaseKind; 5]) -> Vec<Play> {
    let mut rest = hand;
    let mut groups = Vec::new();
    let mut take = |rest: &mut Cards, kind: Kind, rank: usize, len: usize| {
        let cards = if kind == Kind::Rocket {
            Cards::JOKERS
        } else {
            Cards::run(rank, len, kind.width())
        };
        *rest = rest.minus(cards);
        groups.push(Play::new_unchecked(kind, Rank::ALL[rank], len as u8, cards));
    };
    for &base in order {
        match base {
            BaseKind::Bomb => {
                for r in 0..13 {
                    if rest.count(Rank::ALL[r]) == 4 {
                        take(&mut rest, Kind::Bomb, r, 1);
                    }
                }
                if rest.contains(Cards::JOKERS) {
                    take(&mut rest, Kind::Rocket, Rank::BlackJoker.index(), 1);
                }
            }
            BaseKind::Trio => {
                for r in 0..13 {
                    if rest.count(Rank::ALL[r]) >= 3 {
                        take(&mut rest, Kind::Trio, r, 1);
                    }
                }
            }
            BaseKind::Straight | BaseKind::PairChain | BaseKind::Airplane => {
                let kind = match base {
                    BaseKind::Straight => Kind::Straight,
                    BaseKind::PairChain => Kind::PairChain,
                    _ => Kind::Airplane,
                };
                while let Some((rank, len)) = longest_run(rest, kind) {
                    take(&mut rest, kind, rank, len);
                }
            }
        }
    }
    for r in 0..15 {
        let rank = Rank::ALL[r];
        while rest.count(rank) >= 2 {
            take(&mut rest, Kind::Pair, r, 1);
        }
        while rest.count(rank) == 1 {
            take(&mut rest, Kind::Single, r, 1);
        }
    }
    groups.sort_by_key(|p| (p.rank(), p.kind()));
    groups
}

/// The longest chain of `kind` in `cards` (lowest start on ties).
fn longest_run(cards: Cards, kind: Kind) -> Option<(usize, usize)> {
    let ranks = cards.ranks_with_at_least(kind.width()) & ((1 << (Rank::HIGHEST_IN_CHAIN.index() + 1)) - 1);
    let (min, max) = kind.lengths();
    let mut best: Option<(usize, usize)> = None;
    for start in 0..=Rank::HIGHEST_IN_CHAIN.index() {
        let len = ((ranks >> start).trailing_ones() as usize).min(max as usize);
        if len >= min as usize && best.is_none_or(|(_, l)| len > l) {
            best = Some((start, len));
        }
    }
    best
}

/// Attaches kickers to the trios and airplanes of `groups`: each takes its
/// lowest available singles, else its lowest pairs (never its own ranks).
/// 2s and jokers are used last.
pub fn attach_kickers(groups: &[Play]) -> Vec<Play> {
    let mut carriers: Vec<Play> = groups
        .iter()
        .copied()
        .filter(|p| matches!(p.kind(), Kind::Trio | Kind::Airplane))
        .collect();
    // Larger carriers first: an airplane needs several kickers at once.
    carriers.sort_by_key(|p| (std::cmp::Reverse(p.chain_len()), p.rank()));
    let mut singles: Vec<Play> = groups.iter().copied().filter(|p| p.kind() == Kind::Single).collect();
    let mut pairs: Vec<Play> = groups.iter().copied().filter(|p| p.kind() == Kind::Pair).collect();
    let mut out: Vec<Play> = groups
        .iter()
        .copied()
        .filter(|p| !matches!(p.kind(), Kind::Trio | Kind::Airplane | Kind::Single | Kind::Pair))
        .collect();
    for carrier in carriers {
        let need = carrier.chain_len() as usize;
        let own = carrier.main_cards();
        let usable = |p: &Play| own.count(p.rank()) == 0;
        let from = |pool: &Vec<Play>| -> Vec<usize> {
            pool.iter()
                .enumerate()
                .filter(|(_, p)| usable(p))
                .map(|(i, _)| i)
                .take(need)
                .collect()
        };
        let chosen_singles = from(&singles);
        let chosen_pairs = from(&pairs);
        let (pool, chosen) = if chosen_singles.len() == need {
            (&mut singles, chosen_singles)
        } else if chosen_pairs.len() == need {
            (&mut pairs, chosen_pairs)
        } else {
            out.push(carrier);
            continue;
        };
        let kickers = chosen.iter().fold(Cards::EMPTY, |acc, &i| acc.plus(pool[i].cards()));
        for &i in chosen.iter().rev() {
            pool.remove(i);
        }
        let cards = own.plus(kickers);
        let play = readings(cards)
            .into_iter()
            .find(|p| p.main_cards() == own && p.kind() != carrier.kind());
        match play {
            Some(p) => out.push(p),
            None => {
                // Cannot happen for well-formed groups; keep the pieces rather than lose cards.
                out.push(carrier);
            }
        }
    }
    out.extend(singles);
    out.extend(pairs);
    out.sort_by_key(|p| (p.rank(), p.kind()));
    out
}

/// The splitting paper's baseline: for each of the 40 priority orders,
/// split greedily and attach kickers; keep the split with the fewest plays
/// (the first such order on ties).
pub fn baseline(hand: Cards) -> Split {
    let mut best: Option<Split> = None;
    for order in baseline_orders() {
        let plays = attach_kickers(&greedy_groups(hand, &order));
        if best.as_ref().is_none_or(|b| plays.len() < b.plays.len()) {
            let penalty = plays.iter().map(|&p| penalty(hand, p)).sum();
            best = Some(Split { plays, penalty });
        }
    }
    best.unwrap_or(Split {
        plays: vec![],
        penalty: 0,
    })
}

// ---------------------------------------------------------------------------
// The paper's four-class labels.

/// A card's class in the splitting paper's labels, written as its digit
/// (`Display`): 0 single or straight, 1 pair or pair chain, 2 trio or
/// airplane, 3 bomb or rocket.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    /// 0: a single or in a straight (and a single kicker).
    Single,
    /// 1: in a pair or a pair chain (and a kicker pair).
    Pair,
    /// 2: in a trio or an airplane, kickers apart.
    Trio,
    /// 3: in a bomb or the rocket (and the four of a four-with-two).
    Bomb,
}

impl Class {
    /// Every class, by its number.
    pub const ALL: [Class; 4] = [Class::Single, Class::Pair, Class::Trio, Class::Bomb];

    /// Its number, 0 to 3 (the learned splitter's tag).
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The class numbered `index`; `None` past 3.
    pub fn from_index(index: u8) -> Option<Class> {
        Class::ALL.get(usize::from(index)).copied()
    }

    /// Its digit, `'0'` to `'3'`.
    pub fn digit(self) -> char {
        char::from(b'0' + self.index())
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.index())
    }
}

/// The class of a kind's main part. Kickers are labelled by their own
/// shape (a single kicker [`Class::Single`], a kicker pair
/// [`Class::Pair`]); the four of a four-with-two is [`Class::Bomb`].
pub fn class_of(kind: Kind) -> Class {
    match kind {
        Kind::Single | Kind::Straight => Class::Single,
        Kind::Pair | Kind::PairChain => Class::Pair,
        Kind::Trio | Kind::TrioSingle | Kind::TrioPair | Kind::Airplane => Class::Trio,
        Kind::AirplaneSingles | Kind::AirplanePairs => Class::Trio,
        Kind::FourTwoSingles | Kind::FourTwoPairs | Kind::Bomb | Kind::Rocket => Class::Bomb,
    }
}

/// The labels of a split's cards, one per card, the cards in canonical
/// (ascending) order; a rank's labels ascending.
pub fn labels(plays: &[Play]) -> Vec<Class> {
    let mut per_rank: [Vec<Class>; 15] = Default::default();
    for play in plays {
        let main = play.main_cards();
        for rank in main.iter() {
            per_rank[rank.index()].push(class_of(play.kind()));
        }
        let pair_kickers = matches!(play.kind(), Kind::TrioPair | Kind::AirplanePairs | Kind::FourTwoPairs);
        let kicker = if pair_kickers { Class::Pair } else { Class::Single };
        for rank in play.kickers().iter() {
            per_rank[rank.index()].push(kicker);
        }
    }
    per_rank
        .iter_mut()
        .flat_map(|v| {
            v.sort_unstable();
            v.iter().copied()
        })
        .collect()
}

/// Labels written as digits (`0 222222 00000`, whitespace ignored).
pub fn parse_labels(text: &str) -> Result<Vec<Class>, LabelError> {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .enumerate()
        .map(|(i, label)| {
            label
                .to_digit(10)
                .and_then(|d| Class::from_index(d as u8))
                .ok_or(LabelError::NotALabel { label, position: i + 1 })
        })
        .collect()
}

/// Why labels do not make groups ([`groups_from_labels`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LabelError {
    /// Not one label per card.
    #[error("{labels} labels for {cards} cards")]
    Length {
        /// Labels given.
        labels: usize,
        /// Cards in the hand.
        cards: usize,
    },
    /// A label other than 0, 1, 2 or 3 ([`parse_labels`]).
    #[error("label '{label}' at position {position} is not 0, 1, 2 or 3")]
    NotALabel {
        /// The character.
        label: char,
        /// Its 1-based position among the labels.
        position: usize,
    },
    /// The cards of a class at a rank do not make whole groups (a class-1
    /// rank not held in pairs, a lone joker in class 3, ...).
    #[error("the {class} cards of rank {rank} ({count}) do not make whole groups")]
    Shape {
        /// The class.
        class: Class,
        /// The rank.
        rank: Rank,
        /// Cards of that rank with that label.
        count: u8,
    },
}

/// Turns labels back into groups (the paper's rule): per class, runs of
/// at least 5 consecutive singles make a straight, 3 pairs a pair chain,
/// 2 trios an airplane; class 3 is bombs and the rocket. `labels` pairs
/// with `cards` in canonical order.
pub fn groups_from_labels(cards: Cards, labels: &[Class]) -> Result<Vec<Play>, LabelError> {
    let ranks: Vec<Rank> = cards.iter().collect();
    if labels.len() != ranks.len() {
        return Err(LabelError::Length {
            labels: labels.len(),
            cards: ranks.len(),
        });
    }
    let mut by_class = [Cards::EMPTY; 4];
    for (&rank, &class) in ranks.iter().zip(labels) {
        let i = usize::from(class.index());
        by_class[i] = by_class[i].plus(Cards::run(rank.index(), 1, 1));
    }
    let mut groups = Vec::new();
    let shape = |class: u8, rank: Rank, count: u8| LabelError::Shape {
        class: Class::ALL[usize::from(class)],
        rank,
        count,
    };
    // Class 3: bombs and the rocket.
    let bombs = by_class[3];
    if bombs.contains(Cards::JOKERS) {
        groups.push(Play::new_unchecked(Kind::Rocket, Rank::BlackJoker, 1, Cards::JOKERS));
    }
    for rank in bombs
        .without_rank(Rank::BlackJoker)
        .without_rank(Rank::RedJoker)
        .ranks()
    {
        match bombs.count(rank) {
            4 => groups.push(Play::new_unchecked(Kind::Bomb, rank, 1, Cards::run(rank.index(), 1, 4))),
            n => return Err(shape(3, rank, n)),
        }
    }
    if bombs.count(Rank::BlackJoker) != bombs.count(Rank::RedJoker) {
        let joker = if bombs.count(Rank::BlackJoker) == 1 {
            Rank::BlackJoker
        } else {
            Rank::RedJoker
        };
        return Err(shape(3, joker, 1));
    }
    for (class, width, chain, min) in [
        (0u8, 1u8, Kind::Straight, 5usize),
        (1, 2, Kind::PairChain, 3),
        (2, 3, Kind::Airplane, 2),
    ] {
        let part = by_class[class as usize];
        let single_kind = [Kind::Single, Kind::Pair, Kind::Trio][class as usize];
        // Every rank of the class must hold whole groups of its width.
        for rank in part.ranks() {
            if part.count(rank) % width != 0 || (class > 0 && rank.is_joker()) {
                return Err(shape(class, rank, part.count(rank)));
            }
        }
        let mut rest = part;
        let (_, max) = chain.lengths();
        let mut start = 0;
        while start <= Rank::HIGHEST_IN_CHAIN.index() {
            let mut len = 0;
            while start + len <= Rank::HIGHEST_IN_CHAIN.index()
                && rest.count(Rank::ALL[start + len]) >= width
                && len < max as usize
            {
                len += 1;
            }
            if len >= min {
                let cards = Cards::run(start, len, width);
                rest = rest.minus(cards);
                groups.push(Play::new_unchecked(chain, Rank::ALL[start], len as u8, cards));
                // The same ranks may start another run (two straights side by side).
                continue;
            }
            start += 1;
        }
        for rank in rest.ranks() {
            for _ in 0..rest.count(rank) / width {
                groups.push(Play::new_unchecked(
                    single_kind,
                    rank,
                    1,
                    Cards::run(rank.index(), 1, width),
                ));
            }
        }
    }
    groups.sort_by_key(|p| (p.rank(), p.kind()));
    Ok(groups)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(s: &str) -> Cards {
        s.parse().unwrap()
    }

    /// Each play with its main part and kickers apart (`333+4`), to see
    /// which cards went where.
    fn notations(plays: &[Play]) -> Vec<String> {
        plays
            .iter()
            .map(|p| match p.kickers() {
                k if k.is_empty() => p.to_string(),
                k => format!("{}+{}", p.main_cards(), k),
            })
            .collect()
    }

    #[test]
    fn the_papers_example_labels_and_back() {
        let hand = cards("34445556789TA22XD");
        let groups = groups_from_labels(hand, &parse_labels("0 222222 00000 0 11 33").unwrap()).unwrap();
        assert_eq!(notations(&groups), ["3", "444555", "6789T", "A", "22", "XD"]);
        let digits: String = labels(&groups).iter().map(|c| c.digit()).collect();
        assert_eq!(digits, "02222220000001133");
        assert_eq!(
            parse_labels("01 4"),
            Err(LabelError::NotALabel {
                label: '4',
                position: 3
            })
        );
    }

    #[test]
    fn the_baseline_reproduces_a_hand_worked_example() {
        // Worked by hand from the definition: with airplanes first and then
        // straights, 34445556789TA22XD splits into 3, 444555, 6789T, A, 22,
        // XD; the airplane then takes the two lowest singles, 3 and A.
        let hand = cards("34445556789TA22XD");
        let order = [
            BaseKind::Airplane,
            BaseKind::Straight,
            BaseKind::Bomb,
            BaseKind::PairChain,
            BaseKind::Trio,
        ];
        assert_eq!(
            notations(&greedy_groups(hand, &order)),
            ["3", "444555", "6789T", "A", "22", "XD"]
        );
        assert_eq!(
            notations(&attach_kickers(&greedy_groups(hand, &order))),
            ["444555+3A", "6789T", "22", "XD"]
        );
        assert_eq!(baseline(hand).play_count(), 4);
        assert_eq!(baseline_orders().len(), 40);
    }

    #[test]
    fn exact_finds_kickers_that_break_a_trio() {
        // Three trios: 333+4 and 666+44 is two plays, not three.
        let mut s = Splitter::new();
        assert_eq!(s.min_plays(cards("333444666")), 2);
        assert_eq!(s.min_plays(cards("")), 0);
        assert_eq!(s.min_plays(cards("3")), 1);
        let best = s.best(cards("34445556789TA22XD"));
        assert_eq!(best.play_count(), 4);
        assert_eq!(best.cards(), cards("34445556789TA22XD"));
    }

    #[test]
    fn ties_keep_bombs_and_the_rocket_whole() {
        // Four with two is one play: fewer plays win over keeping the bomb.
        assert_eq!(notations(exact(cards("3333XD")).plays()), ["3333+XD"]);
        // At two plays either way, the bomb and the rocket stay whole.
        assert_eq!(notations(exact(cards("33335")).plays()), ["3333", "5"]);
        assert_eq!(notations(exact(cards("333XD")).plays()), ["333", "XD"]);
        // 2s are not spent as kickers when a low card can be.
        assert_eq!(notations(exact(cards("333444562")).plays()), ["333444+56", "2"]);
    }

    #[test]
    fn alternatives_are_distinct_and_ordered() {
        let mut s = Splitter::new();
        let top = s.top(cards("3456789TJQKA2"), 4);
        assert!(top.len() > 1);
        for pair in top.windows(2) {
            assert!((pair[0].play_count(), pair[0].penalty()) <= (pair[1].play_count(), pair[1].penalty()));
            assert_ne!(pair[0].key(), pair[1].key());
        }
        assert_eq!(top[0], s.best(cards("3456789TJQKA2")));
    }
}

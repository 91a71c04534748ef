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
//! proven wins and stops there. Where the best split has no plan, the same
//! split with each pair or trio nobody can beat *as a single* broken into
//! singles may have one (`single_covers`): `8T22` against hands without a
//! 2 or a joker splits as `8 T 22` (two beatable singles, no cover), but
//! played as `8 T 2 2` each 2 covers one of them.

use crate::cards::{Cards, Rank};
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

/// Whether the side to move holds a bomb or the rocket that nobody on the
/// other side can beat: a sure way to take the lead back later.
pub(super) fn holds_top_bomb(pos: &Position) -> bool {
    let hand = pos.hand(pos.to_move);
    if hand.contains(Cards::JOKERS) {
        return true;
    }
    let bombs = hand.ranks_with_at_least(4);
    if bombs == 0 {
        return false;
    }
    let top = 15 - bombs.leading_zeros();
    opponents(pos).all(|h| !h.contains(Cards::JOKERS) && h.ranks_with_at_least(4) >> top == 0)
}

/// Whether nobody on the other side can beat `play`. For one play this
/// is cheaper than [`Beaters`], whose reading pays off over many.
pub(super) fn unbeatable(pos: &Position, play: Play) -> bool {
    opponents(pos).all(|h| !can_beat(h, play))
}

/// The other side's hands as `can_beat` reads them, read once for the
/// many groups of a plan.
#[derive(Clone, Copy)]
struct Beaters {
    hands: [Cards; 2],
    /// Whether one of them holds the rocket.
    rocket: bool,
    /// Their bombs' ranks.
    bombs: u16,
    /// Each hand's ranks held at least once, twice and three times.
    at_least: [[u16; 3]; 2],
}

impl Beaters {
    fn of(pos: &Position) -> Beaters {
        let hands = opponent_pair(pos);
        let at_least = hands.map(|h| [1, 2, 3].map(|w| h.ranks_with_at_least(w)));
        Beaters {
            hands,
            rocket: hands.iter().any(|h| h.contains(Cards::JOKERS)),
            bombs: hands.iter().fold(0, |m, h| m | h.ranks_with_at_least(4)),
            at_least,
        }
    }

    /// Whether they hold a bomb or the rocket.
    fn have_bombs(&self) -> bool {
        self.rocket || self.bombs != 0
    }

    /// Whether one of them can beat `play` (`can_beat` for either hand).
    fn beat(&self, play: Play) -> bool {
        let above = play.rank().index() + 1;
        match play.kind() {
            Kind::Rocket => false,
            _ if self.rocket => true,
            Kind::Bomb => self.bombs >> above != 0,
            _ if self.bombs != 0 => true,
            kind @ (Kind::Single | Kind::Pair | Kind::Trio) => {
                let w = usize::from(kind.width()) - 1;
                self.at_least.iter().any(|a| a[w] >> above != 0)
            }
            kind => self.hands.iter().any(|&h| has_kind(h, kind, play.chain_len(), above)),
        }
    }
}

/// The plan for the side to move, on lead with `groups` (a split of its
/// hand, which may be its hand after a play it is about to make).
pub(super) fn plan_on_lead(pos: &Position, groups: &[Play]) -> Plan {
    let beaters = Beaters::of(pos);
    let [a, b] = beaters.hands;
    let opponents = a.plus(b);
    let opponent_bombs = beaters.have_bombs();
    // Per kind and length: the beatable groups and the covers' ranks. A
    // hand of at most 20 cards makes at most 6 kinds and lengths (the
    // cheapest seven take 1 + 2 + 3 + 4 + 4 + 5 + 5 = 24 cards).
    let mut classes: [Class; 8] = [Class::default(); 8];
    let mut n = 0;
    let (mut beatable, mut wild) = (0, 0);
    let (mut safe_first, mut beatable_first) = (None, None);
    for &g in groups {
        let safe = !beaters.beat(g);
        if safe && g.is_bomb_or_rocket() {
            wild += 1;
            safe_first.get_or_insert(g);
            continue;
        }
        let i = match classes[..n]
            .iter()
            .position(|c| (c.kind, c.len) == (g.kind(), g.chain_len()))
        {
            Some(i) => i,
            None if n < classes.len() => {
                classes[n] = Class {
                    kind: g.kind(),
                    len: g.chain_len(),
                    ..Class::default()
                };
                n += 1;
                n - 1
            }
            None => return Plan::Open(beatable_first.map(Move::Play)),
        };
        let class = &mut classes[i];
        if safe {
            safe_first.get_or_insert(g);
            // Against bombs only a higher bomb can answer.
            if !opponent_bombs {
                class.covers[g.rank().index()] += 1;
            }
        } else {
            beatable += 1;
            class.beatable += 1;
            class.group.get_or_insert(g);
            beatable_first.get_or_insert(g);
        }
    }
    if beatable <= 1 {
        return match safe_first.or(beatable_first) {
            Some(g) => Plan::Wins(Move::Play(g)),
            None => Plan::Open(None),
        };
    }
    // Each answer needs a cover or a bomb of its own.
    let covers: u32 = classes[..n].iter().map(Class::cover_count).sum();
    if beatable - 1 > covers + wild {
        return Plan::Open(beatable_first.map(Move::Play));
    }
    // The other side answers every group but the last: count the answers
    // no cover can take, with the last group in the class where that helps
    // most; bombs nobody can beat take the rest.
    let classes = &classes[..n];
    let mut unanswered = 0;
    let mut last = None;
    let mut saving = 0;
    // Any answer may be a bomb, if the other side has one.
    let count = |c: &Class, k: u32| if opponent_bombs { k } else { c.unanswered(opponents, k) };
    for (i, c) in classes.iter().enumerate().filter(|(_, c)| c.beatable > 0) {
        let all = count(c, c.beatable);
        unanswered += all;
        let saved = all - count(c, c.beatable - 1);
        if last.is_none() || saved > saving {
            (last, saving) = (Some(i), saved);
        }
    }
    if unanswered - saving > wild {
        return Plan::Open(beatable_first.map(Move::Play));
    }
    // Lead a group that is not the last one.
    let first = classes
        .iter()
        .enumerate()
        .find(|&(i, c)| c.beatable > 1 || (c.beatable == 1 && Some(i) != last))
        .and_then(|(_, c)| c.group);
    match first {
        Some(g) => Plan::Covered {
            first: Move::Play(g),
            answers: beatable - 1,
        },
        None => Plan::Open(beatable_first.map(Move::Play)),
    }
}

/// `groups` with each pair or trio whose rank nobody against the side to
/// move can beat as a single broken into singles (covers for its beatable
/// singles), or `None` if there is none to break or no single to cover.
pub(super) fn single_covers(pos: &Position, groups: &[Play]) -> Option<Vec<Play>> {
    let single = |rank: Rank| Cards::of(rank, 1).map(|c| Play::new_unchecked(Kind::Single, rank, 1, c));
    let beaters = Beaters::of(pos);
    let breakable =
        |g: &Play| matches!(g.kind(), Kind::Pair | Kind::Trio) && single(g.rank()).is_some_and(|s| !beaters.beat(s));
    // Covers only serve beatable singles.
    let beatable_single = |g: &Play| g.kind() == Kind::Single && beaters.beat(*g);
    if !groups.iter().any(breakable) || !groups.iter().any(beatable_single) {
        return None;
    }
    let mut split = Vec::with_capacity(groups.len() + 4);
    for &g in groups {
        match single(g.rank()).filter(|_| breakable(&g)) {
            Some(s) => split.extend(std::iter::repeat_n(s, g.cards().len() as usize)),
            None => split.push(g),
        }
    }
    Some(split)
}

/// One kind and length of play in a plan.
#[derive(Clone, Copy)]
struct Class {
    kind: Kind,
    len: u8,
    beatable: u32,
    /// How many of the mover's groups of this class nobody can beat, by
    /// rank (two single 2s are two covers).
    covers: [u8; 15],
    group: Option<Play>,
}

impl Default for Class {
    fn default() -> Self {
        Class {
            kind: Kind::Single,
            len: 1,
            beatable: 0,
            covers: [0; 15],
            group: None,
        }
    }
}

impl Class {
    fn cover_count(&self) -> u32 {
        self.covers.iter().map(|&k| u32::from(k)).sum()
    }

    /// How many of the other side's `k` strongest answers in this class no
    /// cover beats, each cover answering once (the highest cover takes the
    /// highest answer it beats).
    fn unanswered(&self, opponents: Cards, k: u32) -> u32 {
        let mut covers = self.covers;
        let mut left = 0;
        self.strongest_answers(opponents, k, |rank| {
            match (rank + 1..covers.len()).rev().find(|&r| covers[r] > 0) {
                Some(r) => covers[r] -= 1,
                None => left += 1,
            }
        });
        left
    }

    /// Calls `f` with the ranks of the other side's `k` strongest plays in
    /// this class, highest first: counted card by card for singles, pairs
    /// and trios; for other kinds, the strongest play `k` times over (it may
    /// not be makeable that often, which only makes the count safer).
    fn strongest_answers(&self, opponents: Cards, k: u32, mut f: impl FnMut(usize)) {
        let mut left = k;
        match self.kind {
            Kind::Single | Kind::Pair | Kind::Trio => {
                for rank in Rank::ALL.iter().rev() {
                    for _ in 0..opponents.count(*rank) / self.kind.width() {
                        if left == 0 {
                            return;
                        }
                        f(rank.index());
                        left -= 1;
                    }
                }
            }
            kind => {
                // The highest rank the other side reaches in this class.
                let mut top = None;
                for r in (0..15).rev() {
                    if has_kind(opponents, kind, self.len, r) {
                        top = Some(r);
                        break;
                    }
                }
                if let Some(r) = top {
                    (0..left).for_each(|_| f(r));
                }
            }
        }
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

    #[test]
    fn beaters_agree_with_can_beat_hand_by_hand() {
        use crate::movegen::lead_plays;
        use crate::rng;
        use crate::solver::position::tests::{deal_hands, random_deck};
        let (mut checked, mut beaten) = (0, 0);
        for seed in 0..2000u64 {
            let (mut r, deck) = random_deck(seed);
            let sizes = [2, 3, 3].map(|n| n + rng::below(&mut r, 10) as usize);
            let hands = deal_hands(&mut deck.into_iter(), &sizes);
            let seats = if seed % 3 == 0 { 2 } else { 3 };
            let to_move = Seat::ALL[rng::below(&mut r, seats) as usize];
            let pos = Position::new(&hands[..seats as usize], to_move, None).unwrap();
            let beaters = Beaters::of(&pos);
            let mut plays = Vec::new();
            for &h in &hands {
                lead_plays(h, &mut plays);
            }
            for p in plays {
                let slow = opponents(&pos).any(|h| can_beat(h, p));
                assert_eq!(beaters.beat(p), slow, "{p} against {hands:?}, {to_move:?} to move");
                checked += 1;
                beaten += usize::from(slow);
            }
        }
        // Both answers are common.
        assert!(
            beaten > checked / 5 && beaten < checked * 4 / 5,
            "{beaten} of {checked}"
        );
    }

    #[test]
    fn a_pair_nobody_can_beat_as_singles_covers_two_singles() {
        let hands: Vec<Cards> = ["89T22", "3JQK"].iter().map(|h| h.parse().unwrap()).collect();
        let pos = Position::new(&hands, Seat::Landlord, None).unwrap();
        let best: Vec<Play> = ["8", "9", "T", "22"].iter().map(|g| Play::parse(g).unwrap()).collect();
        assert!(matches!(plan_on_lead(&pos, &best), Plan::Open(_)));
        let split = single_covers(&pos, &best).expect("the 2s break");
        let written: Vec<String> = split.iter().map(|p| p.to_string()).collect();
        assert_eq!(written, ["8", "9", "T", "2", "2"]);
        // Each 2 answers one beaten single: two covers, not one.
        assert!(matches!(plan_on_lead(&pos, &split), Plan::Covered { answers: 2, .. }));
        // Against a joker a single 2 is no cover, so nothing breaks.
        let hands: Vec<Cards> = ["89T22", "3JQX"].iter().map(|h| h.parse().unwrap()).collect();
        let pos = Position::new(&hands, Seat::Landlord, None).unwrap();
        assert!(single_covers(&pos, &best).is_none());
    }
}

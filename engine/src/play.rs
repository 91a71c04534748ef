//! Combinations (牌型): what a set of cards can be played as, and what beats
//! what (rules.md, "Combinations").
//!
//! A [`Play`] is one *reading* of a set of cards: `333444555666` is both an
//! airplane of four trios and the airplane `444555666` with kickers `3 3 3`,
//! and the reading decides what may follow. Plays are only made by
//! [`readings`] and by move generation, so every `Play` is legal by
//! construction.

use std::fmt;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::cards::{Cards, CardsError, Rank};

/// The kinds of combination, in the order of rules.md's table (which is also
/// the order in which plays are generated).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// One card (单张), jokers included.
    Single,
    /// Two cards of a rank (对子); the two jokers are the rocket, not a pair.
    Pair,
    /// Three cards of a rank (三张).
    Trio,
    /// A trio with one kicker card of another rank (三带一).
    TrioSingle,
    /// A trio with a kicker pair of another rank (三带一对).
    TrioPair,
    /// 5 to 12 consecutive single ranks within 3..A (顺子).
    Straight,
    /// 3 to 10 consecutive pairs within 3..A (连对).
    PairChain,
    /// 2 to 6 consecutive trios within 3..A (飞机).
    Airplane,
    /// An airplane with one kicker card per trio, none of its ranks (飞机带单).
    AirplaneSingles,
    /// An airplane with one kicker pair per trio, of distinct ranks none of
    /// its own (飞机带对).
    AirplanePairs,
    /// Four of a rank with two kicker cards (四带二); not a bomb.
    FourTwoSingles,
    /// Four of a rank with two kicker pairs of distinct ranks (四带两对); not
    /// a bomb.
    FourTwoPairs,
    /// Four of a rank (炸弹): beats any non-bomb and any lower bomb.
    Bomb,
    /// Both jokers, `XD` (火箭/王炸): beats everything.
    Rocket,
}

impl Kind {
    /// Every kind, in the order of rules.md's table.
    pub const ALL: [Kind; 14] = [
        Kind::Single,
        Kind::Pair,
        Kind::Trio,
        Kind::TrioSingle,
        Kind::TrioPair,
        Kind::Straight,
        Kind::PairChain,
        Kind::Airplane,
        Kind::AirplaneSingles,
        Kind::AirplanePairs,
        Kind::FourTwoSingles,
        Kind::FourTwoPairs,
        Kind::Bomb,
        Kind::Rocket,
    ];

    /// The English name used in the CLI, JSON and the docs.
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Single => "single",
            Kind::Pair => "pair",
            Kind::Trio => "trio",
            Kind::TrioSingle => "trio_single",
            Kind::TrioPair => "trio_pair",
            Kind::Straight => "straight",
            Kind::PairChain => "pair_chain",
            Kind::Airplane => "airplane",
            Kind::AirplaneSingles => "airplane_singles",
            Kind::AirplanePairs => "airplane_pairs",
            Kind::FourTwoSingles => "four_two_singles",
            Kind::FourTwoPairs => "four_two_pairs",
            Kind::Bomb => "bomb",
            Kind::Rocket => "rocket",
        }
    }

    /// The Chinese name players use (rules.md's, with 王炸 for the rocket
    /// and 飞机带翅膀 for an airplane with single kickers).
    pub const fn name_zh(self) -> &'static str {
        match self {
            Kind::Single => "单张",
            Kind::Pair => "对子",
            Kind::Trio => "三张",
            Kind::TrioSingle => "三带一",
            Kind::TrioPair => "三带一对",
            Kind::Straight => "顺子",
            Kind::PairChain => "连对",
            Kind::Airplane => "飞机",
            Kind::AirplaneSingles => "飞机带翅膀",
            Kind::AirplanePairs => "飞机带对",
            Kind::FourTwoSingles => "四带二",
            Kind::FourTwoPairs => "四带两对",
            Kind::Bomb => "炸弹",
            Kind::Rocket => "王炸",
        }
    }

    /// Cards of the main rank(s) per link of the chain: 1 for singles and
    /// straights, 2 for pairs, 3 for trios and airplanes, 4 for four-with-two.
    pub const fn width(self) -> u8 {
        match self {
            Kind::Single | Kind::Straight => 1,
            Kind::Pair | Kind::PairChain => 2,
            Kind::Trio | Kind::TrioSingle | Kind::TrioPair => 3,
            Kind::Airplane | Kind::AirplaneSingles | Kind::AirplanePairs => 3,
            Kind::FourTwoSingles | Kind::FourTwoPairs | Kind::Bomb => 4,
            Kind::Rocket => 1,
        }
    }

    /// Kicker cards per link: 1 (single wings), 2 (pair wings), else 0.
    /// Four-with-two has one link and two kickers (singles or pairs).
    pub const fn kicker_cards(self) -> u8 {
        match self {
            Kind::TrioSingle | Kind::AirplaneSingles => 1,
            Kind::TrioPair | Kind::AirplanePairs | Kind::FourTwoSingles => 2,
            Kind::FourTwoPairs => 4,
            _ => 0,
        }
    }

    /// The allowed chain lengths (links), inclusive.
    pub const fn lengths(self) -> (u8, u8) {
        match self {
            Kind::Straight => (5, 12),
            Kind::PairChain => (3, 10),
            Kind::Airplane => (2, 6),
            // 4 cards per link, at most 20 cards in a hand.
            Kind::AirplaneSingles => (2, 5),
            // 5 cards per link.
            Kind::AirplanePairs => (2, 4),
            _ => (1, 1),
        }
    }

    /// Whether this kind is a bomb or the rocket: it may follow any non-bomb
    /// play whatever its shape, and each one played raises the multiplier.
    pub const fn is_bomb_or_rocket(self) -> bool {
        matches!(self, Kind::Bomb | Kind::Rocket)
    }

    /// The kind of an English name as given by [`Kind::name`] (`pair_chain`);
    /// `None` for any other text.
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One legal combination: its cards, its kind, its main rank (the lowest
/// rank of its main part) and its length in links (1 except for chains).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Play {
    cards: Cards,
    kind: Kind,
    rank: Rank,
    chain_len: u8,
}

impl Play {
    /// Only for code that has already checked the shape (move generation and
    /// the classifier).
    pub(crate) const fn new_unchecked(kind: Kind, rank: Rank, chain_len: u8, cards: Cards) -> Play {
        Play {
            cards,
            kind,
            rank,
            chain_len,
        }
    }

    /// All the cards played, main part and kickers.
    pub const fn cards(self) -> Cards {
        self.cards
    }
    /// The combination these cards are read as.
    pub const fn kind(self) -> Kind {
        self.kind
    }
    /// The main rank: the lowest rank of the main part (the trio of a trio
    /// with kicker, the first link of a chain, the four of four-with-two).
    pub const fn rank(self) -> Rank {
        self.rank
    }
    /// Links of a chain (cards of a straight, pairs of a pair chain, trios
    /// of an airplane); 1 for every other kind.
    pub const fn chain_len(self) -> u8 {
        self.chain_len
    }

    /// The main part, without kickers.
    pub const fn main_cards(self) -> Cards {
        if let Kind::Rocket = self.kind {
            return Cards::JOKERS;
        }
        Cards::run(self.rank as usize, self.chain_len as usize, self.kind.width())
    }

    /// The kickers (empty for kinds without them).
    pub const fn kickers(self) -> Cards {
        self.cards.minus(self.main_cards())
    }

    /// Whether this is a bomb or the rocket.
    pub const fn is_bomb_or_rocket(self) -> bool {
        self.kind.is_bomb_or_rocket()
    }

    /// Whether this play may follow `other`: same kind and length with a
    /// higher main rank, or a bomb over a non-bomb or a lower bomb, or the
    /// rocket over anything.
    pub fn beats(self, other: Play) -> bool {
        match (self.kind, other.kind) {
            (Kind::Rocket, Kind::Rocket) => false,
            (Kind::Rocket, _) => true,
            (_, Kind::Rocket) => false,
            (Kind::Bomb, Kind::Bomb) => self.rank > other.rank,
            (Kind::Bomb, _) => true,
            (a, b) => a == b && self.chain_len == other.chain_len && self.rank > other.rank,
        }
    }

    /// Whether these cards can be read as more than one play
    /// (`333444555666`), so that the written form must say which.
    pub fn has_several_readings(self) -> bool {
        readings(self.cards).len() > 1
    }

    /// Reads a written play. `cards` alone must have exactly one reading;
    /// `main+kickers` picks the reading with that main part (accepted for
    /// any play, so `333+4` reads as `3334` does).
    ///
    /// # Examples
    ///
    /// ```
    /// use engine::{Kind, Play};
    ///
    /// let trio = Play::parse("3334")?;
    /// assert_eq!(trio.kind(), Kind::TrioSingle);
    /// assert_eq!(trio.to_string(), "3334");
    ///
    /// // These cards have several readings: plain, they are refused...
    /// assert!(Play::parse("333444555666").is_err());
    /// // ...and `main+kickers` says which one is meant.
    /// let wings = Play::parse("444555666+333")?;
    /// assert_eq!(wings.kind(), Kind::AirplaneSingles);
    /// assert_eq!(wings.to_string(), "444555666+333");
    /// assert_eq!(Play::parse("333444555666+")?.kind(), Kind::Airplane);
    ///
    /// assert!(Play::parse("3344").is_err()); // two pairs are no combination
    /// assert!(Play::parse("TTJJQQ")?.beats(Play::parse("334455")?));
    /// # Ok::<(), engine::PlayError>(())
    /// ```
    pub fn parse(text: &str) -> Result<Play, PlayError> {
        let (main_text, kicker_text) = match text.split_once('+') {
            Some((m, k)) => (m, Some(k)),
            None => (text, None),
        };
        let main = Cards::parse_at(main_text, 0)?;
        let cards = match kicker_text {
            Some(k) => {
                let kickers = Cards::parse_at(k, main_text.chars().count() + 1)?;
                main.checked_add(kickers)
                    .ok_or_else(|| PlayError::NotAPlay(text.trim().to_string()))?
            }
            None => main,
        };
        let all = readings(cards);
        let chosen: Vec<Play> = match kicker_text {
            Some(_) => all.iter().copied().filter(|p| p.main_cards() == main).collect(),
            None => all.clone(),
        };
        match chosen.as_slice() {
            [one] => Ok(*one),
            [] if all.is_empty() => Err(PlayError::NotAPlay(cards.to_string())),
            [] => Err(PlayError::NoSuchReading {
                text: text.trim().to_string(),
                readings: all.iter().map(|p| p.describe()).collect(),
            }),
            _ => Err(PlayError::Ambiguous {
                cards: cards.to_string(),
                readings: chosen.iter().map(|p| p.describe()).collect(),
            }),
        }
    }

    /// The written form and the kind, e.g. `444555666+333 (airplane_singles)`.
    pub fn describe(self) -> String {
        format!("{self} ({})", self.kind)
    }
}

impl fmt::Display for Play {
    /// The one written form of a play (also serde's): the plain cards
    /// (`3334`) when they have one reading, and `main+kickers`
    /// (`444555666+333`, or `333444555666+` for no kickers) only when they
    /// have several, so [`Play::parse`] of it always gives this play back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.has_several_readings() {
            write!(f, "{}+{}", self.main_cards(), self.kickers())
        } else {
            write!(f, "{}", self.cards)
        }
    }
}

impl fmt::Debug for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self} {}@{}x{}", self.kind, self.rank, self.chain_len)
    }
}

/// Why a written play was refused ([`Play::parse`], [`Move::parse`]).
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize, Deserialize)]
pub enum PlayError {
    /// The text is not cards (see [`CardsError`]).
    #[error(transparent)]
    Cards(#[from] CardsError),
    /// The cards make no legal combination (the canonical cards).
    #[error("'{0}' is not a legal combination")]
    NotAPlay(String),
    /// The plain cards have several readings, so the text must write
    /// `main+kickers` to pick one.
    #[error("'{cards}' can be read several ways: {}; write the one you mean as main+kickers", readings.join(", "))]
    Ambiguous {
        /// The cards, in canonical form.
        cards: String,
        /// Every reading, each as [`Play::describe`] writes it.
        readings: Vec<String>,
    },
    /// `main+kickers` names a main part that no reading of the cards has.
    #[error("'{text}' is not a reading of these cards; they can be read as {}", readings.join(", "))]
    NoSuchReading {
        /// The text as given (trimmed).
        text: String,
        /// Every reading of the cards, each as [`Play::describe`] writes it.
        readings: Vec<String>,
    },
}

/// As the written form (`Play`'s `Display`); either form reads back.
impl Serialize for Play {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Play {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Play, D::Error> {
        let text = String::deserialize(d)?;
        Play::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// `pass`, or the play.
impl Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Move::Pass => s.serialize_str("pass"),
            Move::Play(p) => p.serialize(s),
        }
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let text = String::deserialize(d)?;
        Move::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// A turn's action: a play, or a pass (不出).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// No cards (不出); allowed only when following.
    Pass,
    /// A play of cards.
    Play(Play),
}

impl Move {
    /// The cards played; empty for a pass.
    pub const fn cards(self) -> Cards {
        match self {
            Move::Pass => Cards::EMPTY,
            Move::Play(p) => p.cards,
        }
    }

    /// The play; `None` for a pass.
    pub const fn play(self) -> Option<Play> {
        match self {
            Move::Pass => None,
            Move::Play(p) => Some(p),
        }
    }

    /// `pass`, or the play as in [`Play::parse`].
    pub fn parse(text: &str) -> Result<Move, PlayError> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("pass") || t == "不出" {
            Ok(Move::Pass)
        } else {
            Play::parse(t).map(Move::Play)
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Pass => f.write_str("pass"),
            Move::Play(p) => write!(f, "{p}"),
        }
    }
}

/// Every valid reading of `cards` as one play, in generation order.
pub fn readings(cards: Cards) -> Vec<Play> {
    let mut out = Vec::new();
    let n = cards.len() as u8;
    if n == 0 {
        return out;
    }
    let counts = cards.counts();
    let ranks_held = counts.iter().filter(|&&c| c > 0).count();
    let lowest = match cards.lowest() {
        Some(r) => r,
        None => return out,
    };
    let push = |out: &mut Vec<Play>, kind, rank, len| out.push(Play::new_unchecked(kind, rank, len, cards));

    // One rank only: single, pair, trio, bomb.
    if ranks_held == 1 {
        let kind = match n {
            1 => Some(Kind::Single),
            2 => Some(Kind::Pair),
            3 => Some(Kind::Trio),
            4 => Some(Kind::Bomb),
            _ => None,
        };
        if let Some(kind) = kind {
            push(&mut out, kind, lowest, 1);
        }
    }
    if cards == Cards::JOKERS {
        push(&mut out, Kind::Rocket, Rank::BlackJoker, 1);
    }
    // Trio with a kicker of another rank.
    if ranks_held == 2 && (n == 4 || n == 5) {
        let kicker = if n == 4 { 1 } else { 2 };
        if let Some(r) = Rank::ALL.into_iter().find(|&r| counts[r.index()] == 3) {
            if counts.contains(&kicker) {
                let kind = if n == 4 { Kind::TrioSingle } else { Kind::TrioPair };
                push(&mut out, kind, r, 1);
            }
        }
    }
    // Plain chains: every held rank has the same count, consecutive, ≤ A.
    for kind in [Kind::Straight, Kind::PairChain, Kind::Airplane] {
        let width = kind.width();
        let (min, max) = kind.lengths();
        if n % width == 0 && (min..=max).contains(&(n / width)) {
            let len = n / width;
            let fits = lowest.index() + len as usize <= Rank::HIGHEST_IN_CHAIN.index() + 1;
            if fits && cards == Cards::run(lowest.index(), len as usize, width) {
                push(&mut out, kind, lowest, len);
            }
        }
    }
    // Airplanes with wings: a run of exactly-three counts; the rest are the
    // kickers (so never of the airplane's ranks).
    for (kind, per_link) in [(Kind::AirplaneSingles, 4u8), (Kind::AirplanePairs, 5u8)] {
        let (min, max) = kind.lengths();
        if n % per_link != 0 || !(min..=max).contains(&(n / per_link)) {
            continue;
        }
        let len = (n / per_link) as usize;
        for start in 0..=(Rank::HIGHEST_IN_CHAIN.index() + 1 - len) {
            let main = Cards::run(start, len, 3);
            if (start..start + len).all(|r| counts[r] == 3) {
                let rest = cards.minus(main).counts();
                let wings_ok = kind == Kind::AirplaneSingles || rest.iter().all(|&c| c == 0 || c == 2);
                if wings_ok {
                    push(&mut out, kind, Rank::ALL[start], len as u8);
                }
            }
        }
    }
    // Four with two singles (any two other cards) or two pairs of two
    // distinct other ranks.
    if n == 6 || n == 8 {
        for r in Rank::ALL.into_iter().filter(|r| counts[r.index()] == 4) {
            let rest = cards.without_rank(r).counts();
            if n == 6 {
                push(&mut out, Kind::FourTwoSingles, r, 1);
            } else if rest.iter().all(|&c| c == 0 || c == 2) {
                push(&mut out, Kind::FourTwoPairs, r, 1);
            }
        }
    }
    out.sort_by_key(|p| (p.kind, p.rank, p.chain_len));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<String> {
        readings(text.parse().unwrap())
            .iter()
            .map(|p| format!("{p:?}"))
            .collect()
    }

    #[test]
    fn golden_readings() {
        assert_eq!(kinds("3"), ["3 single@3x1"]);
        assert_eq!(kinds("XD"), ["XD rocket@Xx1"]);
        assert_eq!(kinds("3334"), ["3334 trio_single@3x1"]);
        assert_eq!(kinds("333X"), ["333X trio_single@3x1"]);
        assert!(kinds("3333").iter().all(|k| k.contains("bomb")));
        assert_eq!(kinds("33334"), Vec::<String>::new());
        assert_eq!(kinds("33344"), ["33344 trio_pair@3x1"]);
        assert_eq!(kinds("34567"), ["34567 straight@3x5"]);
        assert_eq!(kinds("TJQKA"), ["TJQKA straight@Tx5"]);
        assert_eq!(kinds("JQKA2"), Vec::<String>::new());
        assert_eq!(kinds("3456789TJQKA"), ["3456789TJQKA straight@3x12"]);
        assert_eq!(kinds("334455"), ["334455 pair_chain@3x3"]);
        assert_eq!(kinds("3344"), Vec::<String>::new());
        assert_eq!(kinds("333444"), ["333444 airplane@3x2"]);
        assert_eq!(kinds("KKKAAA222"), Vec::<String>::new());
        // Four trios, or three trios with the fourth trio as kickers (either end).
        assert_eq!(
            kinds("333444555666"),
            [
                "333444555666+ airplane@3x4",
                "333444555+666 airplane_singles@3x3",
                "444555666+333 airplane_singles@4x3"
            ]
        );
        assert_eq!(kinds("33344457"), ["33344457 airplane_singles@3x2"]);
        assert_eq!(kinds("333444XD"), ["333444XD airplane_singles@3x2"]);
        assert_eq!(kinds("33344455"), ["33344455 airplane_singles@3x2"]);
        // A kicker may not be of the airplane's ranks.
        assert_eq!(kinds("33334445"), Vec::<String>::new());
        assert_eq!(kinds("3334445566"), ["3334445566 airplane_pairs@3x2"]);
        // Pair wings are of distinct ranks.
        assert_eq!(kinds("3334445555"), Vec::<String>::new());
        // Four with two: singles (may be a pair or both jokers), two pairs.
        assert_eq!(kinds("333345"), ["333345 four_two_singles@3x1"]);
        assert_eq!(kinds("333355"), ["333355 four_two_singles@3x1"]);
        assert_eq!(kinds("3333XD"), ["3333XD four_two_singles@3x1"]);
        assert_eq!(kinds("33334455"), ["33334455 four_two_pairs@3x1"]);
        assert_eq!(kinds("33334444"), Vec::<String>::new());
        assert_eq!(kinds("33335555"), Vec::<String>::new());
    }

    #[test]
    fn beating() {
        let p = |s: &str| Play::parse(s).unwrap();
        assert!(p("4").beats(p("3")));
        assert!(!p("3").beats(p("3")));
        assert!(p("D").beats(p("X")));
        assert!(!p("44").beats(p("3")));
        assert!(p("45678").beats(p("34567")));
        assert!(!p("456789").beats(p("34567")));
        assert!(p("4445").beats(p("333A")));
        assert!(!p("4445").beats(p("33344")));
        assert!(p("3333").beats(p("2222+XD")));
        assert!(p("4444").beats(p("3333")));
        assert!(p("XD").beats(p("2222")));
        assert!(!p("2222").beats(p("XD")));
        assert!(!p("XD").beats(p("XD")));
        assert!(p("444555+33").beats(p("333444+KK")));
    }

    #[test]
    fn parse_needs_the_reading_when_ambiguous() {
        let err = Play::parse("333444555666").unwrap_err();
        assert!(matches!(err, PlayError::Ambiguous { .. }), "{err}");
        assert!(err.to_string().contains("444555666+333 (airplane_singles)"), "{err}");
        let p = Play::parse("444555666+333").unwrap();
        assert_eq!(
            (p.kind(), p.rank(), p.chain_len()),
            (Kind::AirplaneSingles, Rank::Four, 3)
        );
        assert_eq!(Play::parse("333444555666+").unwrap().kind(), Kind::Airplane);
        assert!(matches!(Play::parse("3456"), Err(PlayError::NotAPlay(_))));
        assert!(matches!(Play::parse("3456+8"), Err(PlayError::NotAPlay(_))));
        assert!(matches!(Play::parse("333+444"), Err(PlayError::NoSuchReading { .. })));
        assert_eq!(Move::parse(" PASS ").unwrap(), Move::Pass);
        // One written form everywhere: plain cards unless they have
        // several readings, and every reading comes back.
        for (text, written) in [
            ("444555666+333", "444555666+333"),
            ("333444555666+", "333444555666+"),
            ("333444555+666", "333444555+666"),
            ("3", "3"),
            ("XD", "XD"),
            ("3333+45", "333345"),
            ("333+4", "3334"),
            ("33+", "33"),
        ] {
            let play = Play::parse(text).unwrap();
            assert_eq!(play.to_string(), written);
            let json = serde_json::to_string(&Move::Play(play)).unwrap();
            assert_eq!(json, format!("\"{written}\""));
            assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), Move::Play(play));
            assert_eq!(Play::parse(written), Ok(play));
        }
        assert!(matches!(
            Play::parse("3z"),
            Err(PlayError::Cards(CardsError::NotACard { position: 2, .. }))
        ));
    }
}

//! The game's words in the page's language: seats, kinds of play, cards
//! and plays as players say them, settings, the splitter's classes and
//! reasons, the units of a job's progress.

use engine::{Cards, Kind, Move, Play, Rank, Seat, Split};

use super::{Lang, Strings};
use crate::game::prefs::{BadValue, Setting};
use crate::suits::{face_text, Face};

/// What the units of a job's progress are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    Games,
    Rounds,
    Deals,
    Positions,
    Tournaments,
    /// Pieces of work of different kinds (scoring: boards replayed, field
    /// games).
    Steps,
}

impl Strings {
    /// `12 / 40 games`, in this language.
    pub fn progress_in(&self, done: u32, total: u32, unit: Unit) -> String {
        let word = (self.unit)(unit);
        format!("{done} / {total} {word}")
    }

    pub fn seat(&self, seat: Seat) -> &'static str {
        match (self.lang == Lang::Zh, seat) {
            (true, Seat::Landlord) => "地主",
            (true, Seat::Farmer1) => "农民一（下家）",
            (true, Seat::Farmer2) => "农民二（上家）",
            (false, Seat::Landlord) => "Landlord",
            (false, Seat::Farmer1) => "Farmer 1 (next)",
            (false, Seat::Farmer2) => "Farmer 2 (previous)",
        }
    }

    /// A seat in a few characters, for table headings: 地主 / 下家 / 上家.
    pub fn seat_short(&self, seat: Seat) -> &'static str {
        match (self.lang == Lang::Zh, seat) {
            (true, Seat::Landlord) => "地主",
            (true, Seat::Farmer1) => "下家",
            (true, Seat::Farmer2) => "上家",
            (false, Seat::Landlord) => "Landlord",
            (false, Seat::Farmer1) => "Farmer 1",
            (false, Seat::Farmer2) => "Farmer 2",
        }
    }

    /// A card's name in the page's language: `10`, `A`, 小王 / small joker.
    pub fn spoken(&self, rank: Rank) -> &'static str {
        match rank {
            Rank::BlackJoker => self.joker_names[0],
            Rank::RedJoker => self.joker_names[1],
            rank => face_text(rank),
        }
    }

    /// A card's face in a narrow column (a split's tags, a hand record):
    /// as printed, the jokers by a short name.
    pub fn short_face(&self, rank: Rank) -> &'static str {
        match rank {
            Rank::BlackJoker => self.joker_short[0],
            Rank::RedJoker => self.joker_short[1],
            rank => face_text(rank),
        }
    }

    /// What a screen reader says for one physical card.
    pub fn spoken_face(&self, face: Face) -> String {
        match face.suit {
            None => self.spoken(face.rank).to_string(),
            Some(suit) => (self.card_name)(self.spoken(face.rank), (self.suit)(suit)),
        }
    }

    /// A move in few characters: the cards (`333+4`, `10JQKA`), 王炸, 不出.
    pub fn move_cards(&self, mv: Move) -> String {
        let Move::Play(p) = mv else {
            return self.pass.to_string();
        };
        if p.kind() == Kind::Rocket {
            return self.kind(p.kind()).to_string();
        }
        let tight = |c: Cards| self.cards_words(c).replace(' ', "");
        // The kickers after 带 in Chinese (as 三带一 reads), not the
        // notation's `+`.
        let with = match self.lang {
            Lang::Zh => "带",
            Lang::En => "+",
        };
        if p.kickers().is_empty() {
            tight(p.main_cards())
        } else {
            format!("{}{with}{}", tight(p.main_cards()), tight(p.kickers()))
        }
    }

    /// A move as players say it: `三带一 3 3 3 + 4`, 不出.
    pub fn move_words(&self, mv: Move) -> String {
        mv.play().map_or(self.pass.to_string(), |p| self.play_words(p))
    }

    /// A kind of combination by the name players use.
    pub fn kind(&self, kind: Kind) -> &'static str {
        if self.lang == Lang::Zh {
            return kind.name_zh();
        }
        match kind {
            Kind::Single => "single",
            Kind::Pair => "pair",
            Kind::Trio => "trio",
            Kind::TrioSingle => "trio with a single",
            Kind::TrioPair => "trio with a pair",
            Kind::Straight => "straight",
            Kind::PairChain => "pair chain",
            Kind::Airplane => "airplane",
            Kind::AirplaneSingles => "airplane with wings",
            Kind::AirplanePairs => "airplane with pairs",
            Kind::FourTwoSingles => "four with two",
            Kind::FourTwoPairs => "four with two pairs",
            Kind::Bomb => "bomb",
            Kind::Rocket => "rocket",
        }
    }

    /// Cards as players say them, high to low within a group: `10 10`,
    /// `大王 小王`.
    pub fn cards_words(&self, cards: Cards) -> String {
        let words: Vec<&str> = cards.iter().map(|r| self.spoken(r)).collect();
        words.join(" ")
    }

    /// Rank letters (the engine's, as in a deal error) as players say the
    /// cards; a letter that is not a rank stays as it is.
    pub(super) fn letters_words(&self, letters: &str) -> String {
        let words: Vec<String> = letters
            .chars()
            .map(|c| Rank::from_letter(c).map_or(c.to_string(), |r| self.spoken(r).to_string()))
            .collect();
        words.join(" ")
    }

    /// A play as players say it: its kind and its cards (the main cards,
    /// then the kickers): `三带一 7 7 7 带 4`, `7 7 7 + 4 (trio with a
    /// single)`, `王炸`.
    pub fn play_words(&self, play: Play) -> String {
        let kind = self.kind(play.kind());
        if play.kind() == Kind::Rocket {
            return if self.lang == Lang::Zh {
                kind.to_string()
            } else {
                format!("the {kind}")
            };
        }
        let mut cards = self.cards_words(play.main_cards());
        if !play.kickers().is_empty() {
            let with = if self.lang == Lang::Zh { "带" } else { "+" };
            cards = format!("{cards} {with} {}", self.cards_words(play.kickers()));
        }
        if self.lang == Lang::Zh {
            format!("{kind} {cards}")
        } else {
            format!("{cards} ({kind})")
        }
    }

    /// A setting's name, as the page's controls call it.
    pub fn setting(&self, setting: Setting) -> &'static str {
        let zh = self.lang == Lang::Zh;
        match (setting, zh) {
            (Setting::Language, true) => "语言",
            (Setting::Seed, true) => "牌局编号",
            (Setting::Mode, true) => "玩法",
            (Setting::Seat, true) => "座位",
            (Setting::First, true) => "先叫的一家",
            (Setting::Level, true) => "对手水平",
            (Setting::Pace, true) => "出牌速度",
            (Setting::Timer, true) => "出牌计时",
            (Setting::Language, false) => "language",
            (Setting::Seed, false) => "deal number",
            (Setting::Mode, false) => "rules",
            (Setting::Seat, false) => "seat",
            (Setting::First, false) => "first bidder",
            (Setting::Level, false) => "opponents' level",
            (Setting::Pace, false) => "pace",
            (Setting::Timer, false) => "turn timer",
        }
    }

    /// Values that could not be read: `出牌速度“warp”、座位“x”`.
    pub fn bad_values(&self, bad: &[BadValue]) -> String {
        let zh = self.lang == Lang::Zh;
        let one = |b: &BadValue| {
            if zh {
                format!("{}“{}”", self.setting(b.setting), b.value)
            } else {
                format!("{} '{}'", self.setting(b.setting), b.value)
            }
        };
        bad.iter()
            .map(one)
            .collect::<Vec<_>>()
            .join(if zh { "、" } else { ", " })
    }

    /// A card class of the learned splitter (`'0'`..`'3'`) in words.
    pub fn tag_name(&self, tag: char) -> String {
        let zh = self.lang == Lang::Zh;
        match (tag, zh) {
            ('0', true) => "单张或顺子",
            ('1', true) => "对子或连对",
            ('2', true) => "三张或飞机",
            ('3', true) => "炸弹或火箭",
            ('0', false) => "single or straight",
            ('1', false) => "pair or pair chain",
            ('2', false) => "trio or airplane",
            ('3', false) => "bomb or rocket",
            _ => "?",
        }
        .to_string()
    }

    /// How the learned split differs from the exact one: their play
    /// counts, and which groups only one of them has.
    pub fn learned_diff(&self, learned: &[Play], exact: &[Play]) -> String {
        let zh = self.lang == Lang::Zh;
        let key = |p: &Play| (p.cards(), p.kind());
        let only = |a: &[Play], b: &[Play]| -> Vec<String> {
            a.iter()
                .filter(|p| !b.iter().any(|q| key(q) == key(p)))
                .map(|p| self.play_words(*p))
                .collect()
        };
        let (mine, theirs) = (only(learned, exact), only(exact, learned));
        if mine.is_empty() && theirs.is_empty() {
            return if zh {
                format!("与最少拆牌完全相同（{} 手）。", learned.len())
            } else {
                format!("The same as the exact split ({} plays).", learned.len())
            };
        }
        let join = |v: Vec<String>| v.join(if zh { "、" } else { ", " });
        let same = learned.len() - mine.len();
        if zh {
            format!(
                "学习拆牌 {} 手，最少拆牌 {} 手；{} 组相同。只在学习拆牌中：{}。只在最少拆牌中：{}。",
                learned.len(),
                exact.len(),
                same,
                join(mine),
                join(theirs)
            )
        } else {
            format!(
                "The learned split makes {} plays, the exact split {}; {} groups are the same. Only in the learned split: {}. Only in the exact split: {}.",
                learned.len(),
                exact.len(),
                same,
                join(mine),
                join(theirs)
            )
        }
    }

    /// A short explanation of a split that a teacher can read out.
    pub fn split_reason(&self, split: &Split) -> String {
        let zh = self.lang == Lang::Zh;
        let plays = split.plays();
        let list = |f: &dyn Fn(&Play) -> bool| -> Vec<String> {
            plays.iter().filter(|p| f(p)).map(|p| self.play_words(*p)).collect()
        };
        let join = |v: Vec<String>| v.join(if zh { "、" } else { ", " });
        let mut parts = vec![if zh {
            format!(
                "共 {} 手：出完这手牌至少要 {} 次出牌。",
                split.play_count(),
                split.play_count()
            )
        } else {
            format!(
                "{} plays: the fewest turns this hand needs to go out.",
                split.play_count()
            )
        }];
        let chains = list(&|p| {
            matches!(
                p.kind(),
                Kind::Straight | Kind::PairChain | Kind::Airplane | Kind::AirplaneSingles | Kind::AirplanePairs
            )
        });
        if !chains.is_empty() {
            parts.push(if zh {
                format!("连牌一次出掉多张：{}。", join(chains))
            } else {
                format!("Chains shed many cards at once: {}.", join(chains))
            });
        }
        let kicked = list(&|p| !p.kickers().is_empty());
        if !kicked.is_empty() {
            parts.push(if zh {
                format!("小牌作为带牌跟出，不必单独出：{}。", join(kicked))
            } else {
                format!(
                    "Low cards ride along as kickers instead of being played alone: {}.",
                    join(kicked)
                )
            });
        }
        let bombs = list(&|p| p.is_bomb_or_rocket());
        if !bombs.is_empty() {
            parts.push(if zh {
                format!("炸弹保持完整，留到关键时刻：{}。", join(bombs))
            } else {
                format!("Bombs stay whole for the decisive moment: {}.", join(bombs))
            });
        }
        let control: Cards = plays
            .iter()
            .filter(|p| !p.is_bomb_or_rocket())
            .map(|p| p.main_cards())
            .fold(Cards::EMPTY, |acc, c| {
                let high = [Rank::Two, Rank::BlackJoker, Rank::RedJoker]
                    .into_iter()
                    .fold(Cards::EMPTY, |h, r| {
                        h.checked_add(Cards::of(r, c.count(r)).unwrap_or_default()).unwrap_or(h)
                    });
                acc.checked_add(high).unwrap_or(acc)
            });
        if !control.is_empty() {
            let control = self.cards_words(control);
            parts.push(if zh {
                format!("{control} 是控制牌，用来夺回出牌权。")
            } else {
                format!("{control} are control cards that win the lead back.")
            });
        }
        let singles: Vec<String> = plays
            .iter()
            .filter(|p| p.kind() == Kind::Single && p.rank() < Rank::Ace)
            .map(|p| self.cards_words(p.cards()))
            .collect();
        if !singles.is_empty() {
            parts.push(if zh {
                format!("要设法送走的小单张：{}。", join(singles))
            } else {
                format!("Low singles to get rid of: {}.", join(singles))
            });
        }
        parts.join(" ")
    }

    /// The readings of written cards as players say them (三带一 3 3 3 带 4),
    /// from the cards themselves; the engine's words if they do not parse.
    pub(super) fn readings_words(&self, cards: &str, engine_words: &[String]) -> String {
        match cards.parse::<Cards>() {
            Ok(c) if !engine::readings(c).is_empty() => engine::readings(c)
                .into_iter()
                .map(|p| self.play_words(p))
                .collect::<Vec<_>>()
                .join("、"),
            _ => engine_words.join("、"),
        }
    }
}

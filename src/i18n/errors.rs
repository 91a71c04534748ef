//! Errors in the page's language: every [`JobError`] of the worker, and
//! what is wrong with a typed deal, play, cards, position, settings or
//! score distribution, is data, worded here.

use engine::deal::Syntax;
use engine::lab::dih::DistributionError;
use engine::lab::panel::{CentreError, MAX_GDI_LEN};
use engine::limits::MAX_HAND;
use engine::solver::PositionError;
use engine::{CardsError, DealError, IllegalMove, LimitError, PlayError, PlayerError, RecordError};

use super::{capitalise, Lang, Strings};
use crate::settings::SettingsError;
use crate::web::{SetAside, StorageError};
use crate::worker::{JobError, Quantity};

impl Strings {
    /// Why a worker job could not run, in this language.
    pub fn job_error(&self, error: &JobError) -> String {
        let zh = self.lang == Lang::Zh;
        match error {
            JobError::Position(e) => self.position_error(e),
            JobError::Record(e) => self.record_error(e),
            JobError::DealOver if zh => "这局已经结束了，没有下一步。".into(),
            JobError::DealOver => "The deal is over: there is no next move.".into(),
            JobError::Player(e) => self.player_error(e),
            JobError::OutOfRange { what, value, min, max } => {
                let name = self.quantity(*what);
                if zh {
                    format!("{name} 为 {value}，应在 {min} 到 {max} 之间。")
                } else {
                    format!("The {name} is {value}; it must be from {min} to {max}.")
                }
            }
            JobError::Distribution(e) => self.distribution_error(e),
            JobError::TooFewDeals { found, needed, eps } if zh => format!(
                "牌库里只有 {found} 副牌在中心的 ε = {eps} 以内，而 {needed} 张牌桌各需一副：请放宽 ε 或换一个中心。"
            ),
            JobError::TooFewDeals { found, needed, eps } => format!(
                "Only {found} deals of the library lie within ε = {eps} of the centre, and {needed} tables need one each: widen ε or move the centre."
            ),
            JobError::CentreGrades { given } if zh => {
                format!("牌库里没有一副牌的 GDI 有 {given} 个等级：中心的项数要与牌局的得分等级数相同。")
            }
            JobError::CentreGrades { given } => format!(
                "No deal of the library has a GDI of {given} grades: the centre needs as many numbers as the deals have grades."
            ),
            JobError::Library(why) if zh => format!("内置牌库无法读取（程序缺陷）：{why}"),
            JobError::Library(why) => format!("The built-in library cannot be read (a defect of the app): {why}"),
            JobError::Boards(e) => self.boards_error(e),
            JobError::Model(why) if zh => format!("学习拆牌的模型无法载入（需要联网载入一次）：{why}"),
            JobError::Model(why) => format!("The learned splitter's model could not be loaded (it needs the network once): {why}"),
        }
    }

    /// A number's name, as the page's controls call it.
    pub fn quantity(&self, what: Quantity) -> &'static str {
        let zh = self.lang == Lang::Zh;
        match (what, zh) {
            (Quantity::Games, true) => "局数",
            (Quantity::GamesPerTable, true) => "每桌局数",
            (Quantity::TimeLimit, true) => "时限（毫秒）",
            (Quantity::Players, true) => "选手数 n",
            (Quantity::Rounds, true) => "轮数 m",
            (Quantity::Top, true) => "名次数 r",
            (Quantity::Matches, true) => "比赛场数",
            (Quantity::Tables, true) => "牌桌数",
            (Quantity::Eps, true) => "ε",
            (Quantity::Deals, true) => "牌局数",
            (Quantity::Sizes, true) => "手牌张数的个数",
            (Quantity::HandSize, true) => "每手牌张数",
            (Quantity::Games, false) => "number of games",
            (Quantity::GamesPerTable, false) => "number of games per table",
            (Quantity::TimeLimit, false) => "time limit (ms)",
            (Quantity::Players, false) => "number of players n",
            (Quantity::Rounds, false) => "number of rounds m",
            (Quantity::Top, false) => "number of top places r",
            (Quantity::Matches, false) => "number of tournaments",
            (Quantity::Tables, false) => "number of tables",
            (Quantity::Eps, false) => "ε",
            (Quantity::Deals, false) => "number of deals",
            (Quantity::Sizes, false) => "number of hand sizes",
            (Quantity::HandSize, false) => "cards in each hand",
        }
    }

    /// Why a record does not replay, naming the move.
    pub fn record_error(&self, error: &RecordError) -> String {
        if self.lang == Lang::En {
            return format!("The record does not replay: {}.", error);
        }
        match error {
            RecordError::OutOfTurn { turn, expected, seat } => {
                format!(
                    "记录第 {turn} 手：该{}出牌，不是{}。",
                    self.seat(*expected),
                    self.seat(*seat)
                )
            }
            RecordError::Illegal { turn, problem } => {
                format!("记录第 {turn} 手不合规则：{}", self.illegal_move(problem))
            }
            RecordError::NoSuchSeat { seat, seats } => format!("{seats} 人的牌桌上没有{}。", self.seat(*seat)),
            RecordError::NotYourTurn(seat) => format!("按记录，现在该{}出牌。", self.seat(*seat)),
            RecordError::HandSize { hand, count } => format!("手牌有 {hand} 张，记录却说是 {count} 张。"),
            RecordError::NotFromOneDeck => "手牌与已出的牌合起来超出了一副牌。".into(),
            RecordError::Over(seat) => format!("这局已经结束：{}已出完牌。", self.seat(*seat)),
            RecordError::BottomWithTwoSeats => "两人的牌桌没有底牌。".into(),
            RecordError::BottomSize { cards } => format!("底牌 {cards} 是 {} 张，底牌应为 3 张。", cards.len()),
            RecordError::BottomNotLandlords { cards } => format!("底牌 {cards} 不全在地主的手牌和出过的牌里。"),
            RecordError::BottomNotHeld { cards, left, .. } => {
                format!("地主只剩 {left} 张牌，装不下还没出的底牌（{cards}）。")
            }
            RecordError::BottomNotFromDeck { cards } => format!("底牌 {cards} 与手牌、已出的牌合起来超出了一副牌。"),
            RecordError::CountTooBig { seat, count, played } => format!(
                "{}还剩 {count} 张、已出 {played} 张，共 {} 张，一手牌最多 {MAX_HAND} 张。",
                self.seat(*seat),
                u32::from(*count) + played
            ),
            RecordError::CountNotDealt {
                seat,
                count,
                played,
                dealt,
            } => format!(
                "{}还剩 {count} 张、已出 {played} 张，与发到的 {dealt} 张不符。",
                self.seat(*seat)
            ),
            RecordError::CountsOverDeck(total) => format!("剩下的牌与已出的牌共 {total} 张，超过一副牌的 54 张。"),
        }
    }

    /// Why a move is against the rules.
    pub fn illegal_move(&self, error: &IllegalMove) -> String {
        if self.lang == Lang::En {
            return format!("{}.", capitalise(&error.to_string()));
        }
        match error {
            IllegalMove::GameOver => "这局已经结束了。".into(),
            IllegalMove::PassOnLead(seat) => format!("{}自由出牌，不能不出。", self.seat(*seat)),
            IllegalMove::NotHeld { seat, cards } => format!("{}手里没有 {cards}。", self.seat(*seat)),
            IllegalMove::DoesNotBeat { play, target } => format!("{play} 压不过 {target}。"),
        }
    }

    /// Why text is not a GDI centre.
    pub fn centre_error(&self, error: &CentreError) -> String {
        let zh = self.lang == Lang::Zh;
        match error {
            CentreError::Syntax { item, text } if zh => format!("GDI 中心的第 {item} 项“{text}”不是数字。"),
            CentreError::Syntax { item, text } => format!("Item {item} of the GDI centre, '{text}', is not a number."),
            CentreError::OutOfRange { item, value } if zh => {
                format!("GDI 中心的第 {item} 项是 {value}：GDI 的每一项是 0 到 1 之间的比例。")
            }
            CentreError::OutOfRange { item, value } => {
                format!("Item {item} of the GDI centre is {value}: each GDI value is a share from 0 to 1.")
            }
            CentreError::Length(n) if zh => format!("GDI 中心有 {n} 项；GDI 有 1 到 {MAX_GDI_LEN} 项。"),
            CentreError::Length(n) => format!("The GDI centre has {n} values; a GDI has 1 to {MAX_GDI_LEN}."),
        }
    }

    /// A number outside its stated range.
    pub fn limit_error(&self, error: &LimitError) -> String {
        if self.lang == Lang::En {
            return format!("{}.", capitalise(&error.to_string()));
        }
        match error {
            LimitError::OutOfRange { what, value, range } => {
                format!("{what} 为 {value}，超出范围（{}）。", range.replace(" to ", " 到 "))
            }
            LimitError::TimeLimit { what, value } => {
                format!("{what} 为 {value}，不是有效的时限（应为大于 0、至多一小时的毫秒数）。")
            }
            LimitError::SeedRange { first, count } => format!("从种子 {first} 起的 {count} 个种子超出了种子的范围。"),
            LimitError::HandTooBig { what, cards } => format!("{what} 有 {cards} 张牌，一手牌最多 {MAX_HAND} 张。"),
            LimitError::TotalsSpan { rounds, low, high } => {
                format!("{rounds} 轮、得分从 {low} 到 {high}，总分的跨度太大。")
            }
        }
    }

    /// Why an AI cannot play.
    pub fn player_error(&self, error: &PlayerError) -> String {
        let zh = self.lang == Lang::Zh;
        let known = engine::agents::PLAYER_NAMES.join(", ");
        let top = engine::agents::Rung::TOP.index();
        match error {
            PlayerError::Unknown(name) if zh => {
                format!("没有名为“{name}”的 AI。可用：{known}，或梯级 L0–L{top}，或 strongest（最高一级）。")
            }
            PlayerError::Unknown(name) => {
                format!("There is no AI called '{name}'. Known: {known}, or a ladder rung L0–L{top}, or strongest (the top rung).")
            }
            PlayerError::BadOption { name, why } if zh => format!("AI “{name}”的选项不对：{why}"),
            PlayerError::BadOption { name, why } => format!("The options of AI '{name}' are not right: {why}"),
            PlayerError::Illegal {
                player,
                seat,
                mv,
                source,
            } if zh => format!(
                "AI {player}（{}）出了不合规则的 {mv}：{}（程序缺陷）",
                self.seat(*seat),
                self.illegal_move(source)
            ),
            PlayerError::Illegal {
                player,
                seat,
                mv,
                source,
            } => format!(
                "The AI {player} ({}) chose an illegal move {mv}: {} (a defect of the app)",
                self.seat(*seat),
                self.illegal_move(source)
            ),
            PlayerError::WrongCount { players, seats } if zh => format!("{seats} 人的牌桌给了 {players} 个 AI。"),
            PlayerError::WrongCount { players, seats } => format!("{players} AIs for a table of {seats}."),
            PlayerError::Limit(e) => self.limit_error(e),
        }
    }
}

impl Strings {
    /// Why a value could not be stored.
    pub fn storage_error(&self, error: StorageError) -> &'static str {
        match (error, self.lang) {
            (StorageError::Full, Lang::Zh) => "浏览器给本站的存储空间（约 5 MB）已满",
            (StorageError::Full, Lang::En) => "this site's storage in the browser (about 5 MB) is full",
            (StorageError::Unavailable, Lang::Zh) => "浏览器不让本站保存数据",
            (StorageError::Unavailable, Lang::En) => "the browser does not let this site store anything",
            (StorageError::AsideFull, Lang::Zh) => "已经另存了 9 份读不出的旧数据，不再多存",
            (StorageError::AsideFull, Lang::En) => "nine unreadable copies are already kept aside",
        }
    }

    /// What became of stored text that could not be read, as a clause:
    /// kept aside, left where it was (the next save replaces it), or lost.
    pub fn set_aside(&self, kept: SetAside) -> String {
        match (kept, self.lang) {
            (SetAside::Kept, Lang::Zh) => "原文已另存一份".into(),
            (SetAside::Kept, Lang::En) => "its text was kept aside".into(),
            (SetAside::LeftInPlace(e), Lang::Zh) => {
                format!(
                    "原文没能另存（{}），还留在原处，下次保存时会被替换",
                    self.storage_error(e)
                )
            }
            (SetAside::LeftInPlace(e), Lang::En) => format!(
                "its text could not be copied aside ({}): it is left where it was until the next save replaces it",
                self.storage_error(e)
            ),
            (SetAside::Lost(e), Lang::Zh) => format!("原文没能保住（{}），已经丢失", self.storage_error(e)),
            (SetAside::Lost(e), Lang::En) => {
                format!("its text could not be kept ({}) and is lost", self.storage_error(e))
            }
        }
    }

    /// Why stored settings were reset.
    pub fn settings_error(&self, error: &SettingsError) -> String {
        match (error, self.lang) {
            (SettingsError::Format, Lang::Zh) => "格式无法识别".into(),
            (SettingsError::Format, Lang::En) => "their format was not recognised".into(),
            (SettingsError::Value(bad), _) => self.bad_values(std::slice::from_ref(bad)),
        }
    }

    /// Why a score distribution is not one, in this language.
    pub fn distribution_error(&self, error: &DistributionError) -> String {
        let zh = self.lang == Lang::Zh;
        match error {
            DistributionError::Empty if zh => "至少要有一个得分。".into(),
            DistributionError::Empty => "A distribution needs at least one score.".into(),
            DistributionError::BadProbability { score, p } if zh => {
                format!("得分 {score} 的概率是 {p}，应在 0 到 1 之间。")
            }
            DistributionError::BadProbability { score, p } => {
                format!("The probability of score {score} is {p}; it must be between 0 and 1.")
            }
            DistributionError::NotNormalised(sum) if zh => format!("概率之和是 {sum}，不是 1。"),
            DistributionError::NotNormalised(sum) => format!("The probabilities add up to {sum}, not 1."),
            DistributionError::Repeated(score) if zh => format!("得分 {score} 出现了两次。"),
            DistributionError::Repeated(score) => format!("Score {score} is listed twice."),
            DistributionError::Syntax { item, text } if zh => {
                format!("第 {item} 项“{text}”不是“得分:概率”。")
            }
            DistributionError::Syntax { item, text } => format!("Item {item}, '{text}', is not SCORE:PROBABILITY."),
        }
    }

    /// A deal error in this language, naming what is wrong and where.
    pub fn deal_error(&self, error: &DealError) -> String {
        let zh = self.lang == Lang::Zh;
        match error {
            DealError::Syntax { position, problem } => {
                if zh {
                    let what = match problem {
                        Syntax::NotABracket(c) => format!("这里应是“[”，却是“{c}”"),
                        Syntax::Unclosed => "这个“[”没有配对的“]”".to_string(),
                        Syntax::MoreThanFour => "方括号多于四组".to_string(),
                        Syntax::TooFew(n) => format!("牌局要三组方括号里的手牌，只有 {n} 组"),
                    };
                    format!("第 {position} 个字符处：{what}。牌局写作 [地主20张][农民一17张][农民二17张]。")
                } else {
                    format!("At character {position}: {problem}. A deal is written [landlord 20][farmer 1, 17][farmer 2, 17].")
                }
            }
            DealError::Cards { group, source } => {
                let which = if zh {
                    [
                        "第一组（地主）",
                        "第二组（农民一）",
                        "第三组（农民二）",
                        "第四组（底牌）",
                    ][(*group).min(3)]
                } else {
                    [
                        "first bracket (landlord)",
                        "second bracket (farmer 1)",
                        "third bracket (farmer 2)",
                        "fourth bracket (bottom)",
                    ][(*group).min(3)]
                };
                let what = self.cards_error(source);
                if zh {
                    format!("{which}：{what}")
                } else {
                    format!("In the {which}: {what}")
                }
            }
            DealError::NotADeck { missing, extra } => {
                let mut parts = Vec::new();
                if zh {
                    if !missing.is_empty() {
                        parts.push(format!("缺少 {}", self.letters_words(missing)));
                    }
                    if !extra.is_empty() {
                        parts.push(format!("多出 {}", self.letters_words(extra)));
                    }
                    format!("三手牌不是一副完整的牌：{}。", parts.join("；"))
                } else {
                    if !missing.is_empty() {
                        parts.push(format!("missing {missing}"));
                    }
                    if !extra.is_empty() {
                        parts.push(format!("duplicated {extra}"));
                    }
                    format!("The hands are not one deck: {}.", parts.join("; "))
                }
            }
            DealError::HandSize { seat, expected, got } => {
                if zh {
                    format!("{}有 {got} 张牌，应为 {expected} 张。", self.seat(*seat))
                } else {
                    format!("The {seat} has {got} cards; a deal gives it {expected}.")
                }
            }
            DealError::Bottom(cards) => {
                if zh {
                    format!("底牌 {} 必须是地主手中的三张牌。", self.cards_words(*cards))
                } else {
                    format!("The bottom cards {cards} must be three of the landlord's cards.")
                }
            }
        }
    }

    /// A problem with a puzzle field, in this language.
    pub fn play_error(&self, error: &PlayError) -> String {
        let zh = self.lang == Lang::Zh;
        match error {
            PlayError::Cards(e) => self.cards_error(e),
            PlayError::NotAPlay(cards) => {
                if zh {
                    format!("{cards} 不是合法牌型")
                } else {
                    format!("'{cards}' is not a legal combination")
                }
            }
            PlayError::Ambiguous { cards, readings } => {
                if zh {
                    format!(
                        "{cards} 有多种理解：{}；请写成 主体+带牌",
                        self.readings_words(cards, readings)
                    )
                } else {
                    format!(
                        "'{cards}' can be read several ways: {}; write main+kickers",
                        readings.join(", ")
                    )
                }
            }
            PlayError::NoSuchReading { text, readings } => {
                if zh {
                    let cards = text.split('+').collect::<String>();
                    format!(
                        "{text} 不是这些牌的一种理解；可理解为 {}",
                        self.readings_words(&cards, readings)
                    )
                } else {
                    format!(
                        "'{text}' is not a reading of these cards; they can be read as {}",
                        readings.join(", ")
                    )
                }
            }
        }
    }

    pub fn position_error(&self, error: &PositionError) -> String {
        if self.lang == Lang::En {
            return format!("{}.", capitalise(&error.to_string()));
        }
        match error {
            PositionError::SeatCount(n) => format!("残局需要 2 或 3 家的牌，而不是 {n} 家。"),
            PositionError::EmptyHand(seat) => format!("{}没有牌：这局已经结束了。", self.seat(*seat)),
            PositionError::HandTooBig { seat, cards } => {
                format!("{}有 {cards} 张牌，一手牌最多 20 张。", self.seat(*seat))
            }
            PositionError::NotFromOneDeck => "各家的牌合起来超出了一副牌的张数。".into(),
            PositionError::NoSuchSeat(seat) => format!("这一局没有{}。", self.seat(*seat)),
            PositionError::MoverMadeLastPlay(seat) => format!("{}刚出完牌，不能接着轮到它。", self.seat(*seat)),
            PositionError::LastPlayNotFromDeck => "要压的牌和各家的牌合起来超出了一副牌。".into(),
        }
    }

    pub fn cards_error(&self, error: &CardsError) -> String {
        let zh = self.lang == Lang::Zh;
        match error {
            CardsError::NotACard { character, position } => {
                if zh {
                    format!("第 {position} 个字符“{character}”不是牌（可用 3-9、10、J、Q、K、A、2、小王、大王）")
                } else {
                    format!("'{character}' at position {position} is not a card (use 3-9, T or 10 or 0, J, Q, K, A, 2, X, D)")
                }
            }
            CardsError::TooMany { rank, count } => {
                if zh {
                    format!(
                        "{} 有 {count} 张，一副牌只有 {} 张",
                        crate::suits::face_text(*rank),
                        rank.copies()
                    )
                } else {
                    format!("too many '{rank}': {count}, a deck holds {}", rank.copies())
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{EN, ZH};
    use super::*;
    use engine::Move;

    #[test]
    fn worker_errors_are_worded_in_both_languages() {
        let err = JobError::Player(engine::make_player("L99", 0).err().unwrap());
        assert!(EN.job_error(&err).starts_with("There is no AI called 'L99'."));
        assert!(ZH.job_error(&err).starts_with("没有名为“L99”的 AI。"));
        let err = JobError::TooFewDeals {
            found: 3,
            needed: 6,
            eps: 0.15,
        };
        assert!(EN
            .job_error(&err)
            .starts_with("Only 3 deals of the library lie within ε = 0.15"));
        assert!(ZH.job_error(&err).contains("只有 3 副牌"));
        let err = Quantity::Rounds.count(500).unwrap_err();
        assert_eq!(
            EN.job_error(&err),
            "The number of rounds m is 500; it must be from 1 to 200."
        );
        assert_eq!(ZH.job_error(&err), "轮数 m 为 500，应在 1 到 200 之间。");
        let mut game = engine::Game::new(&engine::Deal::from_seed(1));
        let err = JobError::Record(RecordError::Illegal {
            turn: 1,
            problem: game.apply(Move::Pass).unwrap_err(),
        });
        assert_eq!(ZH.job_error(&err), "记录第 1 手不合规则：地主自由出牌，不能不出。");
        assert!(EN.job_error(&err).contains("turn 1"));
        let err = JobError::Player("sampler:samples=5000".parse::<engine::PlayerSpec>().unwrap_err());
        assert!(ZH.job_error(&err).contains("5000"), "{}", ZH.job_error(&err));
    }
}

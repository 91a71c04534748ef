//! The worker's errors in the page's language: every [`JobError`] is data,
//! worded here.

use engine::lab::panel::{CentreError, MAX_GDI_LEN};
use engine::limits::MAX_HAND;
use engine::{IllegalMove, LimitError, PlayerError, RecordError};

use super::{capitalise, Lang, Strings};
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

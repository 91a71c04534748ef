//! The Play page's words, in both languages: the words players use at a
//! table (上家 and 下家, 叫分, 不出, 要不起, 报单, 春天), never engine notation.

use engine::agents::bidding::HandStrength;
use engine::bidding::Bid;

use crate::game::model::{RestoreError, Stakes};
use crate::game::saved::LoadError;

pub struct PlayStrings {
    pub me: &'static str,
    /// 上家, on the left.
    pub left: &'static str,
    /// 下家, on the right.
    pub right: &'static str,
    pub landlord: &'static str,
    pub farmer: &'static str,
    pub cards_left: fn(u32) -> String,
    /// 报单 / 报双.
    pub warning: fn(u32) -> String,
    pub thinking: &'static str,
    /// A ladder rung by its level's name and its number (L8: 专家（第 8 级）).
    pub level_rung: fn(&str, usize) -> String,
    /// An opponent's clock, read aloud.
    pub seconds_left: fn(u32) -> String,

    pub bid_button: fn(u8) -> String,
    pub no_bid: &'static str,
    /// A call as its bubble shows it.
    pub called: fn(Bid) -> String,
    pub your_bid: &'static str,
    pub waiting_bid: fn(&str) -> String,
    pub landlord_is: fn(&str, u8) -> String,
    pub all_passed: &'static str,
    pub bid_advice: fn(&HandStrength) -> String,

    pub play: &'static str,
    pub pass: &'static str,
    /// The mark on the play that took the trick.
    pub trick_taken: &'static str,
    pub cannot_beat: &'static str,
    pub hint: &'static str,
    pub undo: &'static str,
    pub redo: &'static str,
    pub your_lead: &'static str,
    /// Beat (whose play).
    pub your_follow: fn(&str, &str) -> String,
    pub waiting_play: fn(&str) -> String,
    pub not_a_combination: &'static str,
    pub does_not_beat: fn(&str) -> String,
    pub which_reading: &'static str,
    pub timed_out: &'static str,
    pub worker_failed: &'static str,
    pub your_hand: &'static str,

    pub bottom: &'static str,
    pub multiplier: &'static str,
    pub stakes: fn(&Stakes) -> String,
    pub session: &'static str,
    pub deals_played: fn(u32) -> String,
    pub menu: &'static str,
    pub sound_on: &'static str,
    pub sound_off: &'static str,

    pub settings: &'static str,
    pub mode: &'static str,
    pub modes: [&'static str; 2],
    pub mode_notes: [&'static str; 2],
    pub seat: &'static str,
    pub seats: [&'static str; 3],
    pub level: &'static str,
    pub levels: [&'static str; 6],
    pub level_notes: [&'static str; 6],
    pub pace: &'static str,
    pub paces: [&'static str; 3],
    pub practice: &'static str,
    pub counter: &'static str,
    pub sound: &'static str,
    pub timer: &'static str,
    pub timers: [&'static str; 3],
    pub new_deal: &'static str,
    pub restart: &'static str,
    pub reset_session: &'static str,
    pub seed: fn(u64) -> String,
    pub share: &'static str,
    pub close: &'static str,
    pub keys: &'static str,
    pub record: &'static str,
    pub bids: &'static str,

    pub you_won: &'static str,
    pub you_lost: &'static str,
    pub went_out: fn(&str) -> String,
    pub spring: &'static str,
    pub anti_spring: &'static str,
    pub points: fn(&str, i64) -> String,
    pub next_deal: &'static str,
    pub replay: &'static str,
    pub download: &'static str,
    pub show_table: &'static str,
    pub result: &'static str,

    pub replay_step: fn(usize, usize) -> String,
    pub replay_bar: &'static str,
    pub to_start: &'static str,
    pub back: &'static str,
    pub forward: &'static str,
    pub to_end: &'static str,
    pub leave_replay: &'static str,
    pub jump_to: &'static str,

    pub review: &'static str,
    pub reviewing: fn(u32, u32) -> String,
    /// Who moved, what the position was worth to its side before the
    /// move and after it.
    pub review_move: fn(&str, &str, &str) -> String,
    pub wins: &'static str,
    pub loses: &'static str,
    pub likely_wins: &'static str,
    pub likely_loses: &'static str,
    pub not_reached: &'static str,
    /// What a slip was (`review::slip_words`), and how sure the solver is of it.
    pub slips: [&'static str; 4],
    pub slip_sure: [&'static str; 4],
    /// A better play where the mover had a proven win, and where it is the
    /// solver's estimate.
    pub better: &'static str,
    pub better_guess: &'static str,
    /// After a label: ：in 中文.
    pub colon: &'static str,
    /// Slips of the user's side (of them, thrown wins), then the other side's.
    pub review_summary: fn(usize, usize, usize, usize) -> String,
    pub move_number: fn(usize) -> String,
    pub first_blunder: &'static str,
    /// Why the saved game could not be read, and what became of its text.
    pub unreadable_game: fn(&str, &str) -> String,
    pub not_saved: fn(&str) -> String,
    pub paused: &'static str,
    pub resume: &'static str,
    pub keep_text: &'static str,
    pub load_error: fn(&LoadError) -> String,
    pub link_problems: fn(&str) -> String,
    pub dismiss: &'static str,
}

/// The high cards as players name them: 双王两个2一个炸.
fn controls_zh(s: &HandStrength) -> String {
    const COUNT: [&str; 5] = ["", "一", "两", "三", "四"];
    let c = s.controls;
    let mut said = match (c.big_joker > 0, c.small_joker > 0) {
        (true, true) => "双王".to_string(),
        (true, false) => "大王".to_string(),
        (false, true) => "小王".to_string(),
        (false, false) => String::new(),
    };
    if c.twos > 0 {
        said += &format!("{}个2", COUNT[usize::from(c.twos.min(4))]);
    }
    if c.bombs > 0 {
        said += &format!("{}个炸", COUNT[usize::from(c.bombs.min(4))]);
    }
    if said.is_empty() {
        "没有大牌".into()
    } else {
        said
    }
}

fn controls_en(s: &HandStrength) -> String {
    let c = s.controls;
    let mut parts = vec![];
    if c.big_joker > 0 {
        parts.push("the big joker".to_string());
    }
    if c.small_joker > 0 {
        parts.push("the small joker".to_string());
    }
    match c.twos {
        0 => {}
        1 => parts.push("one 2".into()),
        n => parts.push(format!("{n} 2s")),
    }
    match c.bombs {
        0 => {}
        1 => parts.push("a bomb".into()),
        n => parts.push(format!("{n} bombs")),
    }
    if parts.is_empty() {
        "no high cards".into()
    } else {
        parts.join(", ")
    }
}

/// How good a hand is to bid on, by the rule's score (the ⓘ beside the
/// advice gives the rule; its cut-offs are the bids').
fn strength_zh(score: i32) -> &'static str {
    match score {
        4.. => "牌好",
        1..=3 => "牌不错",
        -2..=0 => "牌一般",
        _ => "牌差",
    }
}

fn strength_en(score: i32) -> &'static str {
    match score {
        4.. => "a strong hand",
        1..=3 => "a good hand",
        -2..=0 => "an average hand",
        _ => "a weak hand",
    }
}

fn load_error_zh(e: &LoadError) -> String {
    match e {
        LoadError::Format(_) => "它不是有效的存档".into(),
        LoadError::Version(v) => format!("存档来自更新的版本（格式 {v}）"),
        LoadError::Value { what, value } => {
            let what = match *what {
                "mode" => "玩法",
                "chair" => "座位",
                "seat" => "座位",
                "bid" => "叫分",
                "move" => "出牌",
                _ => "牌",
            };
            format!("存档里有无法识别的{what}“{value}”")
        }
        LoadError::Restore(why) => match why {
            RestoreError::Bid { index, .. } => format!("第 {index} 次叫分不合规则"),
            RestoreError::BidsInTournament => "竞技玩法不叫分，存档里却有叫分".into(),
            RestoreError::MovesBeforeLandlord => "还没定地主就有人出牌".into(),
            RestoreError::Move { index, .. } => format!("第 {index} 手出牌不合规则"),
            RestoreError::OutOfTurn { index, .. } => format!("第 {index} 手不该轮到这一家出"),
            RestoreError::Faces { index } => format!("第 {index} 手的牌面与出的牌对不上"),
            RestoreError::Redo => "可重做的几手与记录对不上".into(),
            RestoreError::Record(_) => "出牌记录不合规则".into(),
        },
    }
}

fn load_error_en(e: &LoadError) -> String {
    match e {
        LoadError::Format(why) => format!("it is not a saved game ({why})"),
        LoadError::Version(v) => format!("it was saved by a newer version ({v})"),
        LoadError::Value { what, value } => format!("it holds an unknown {what} '{value}'"),
        LoadError::Restore(why) => format!("its moves break the rules ({why})"),
    }
}

pub static ZH: PlayStrings = PlayStrings {
    me: "你",
    left: "上家",
    right: "下家",
    landlord: "地主",
    farmer: "农民",
    cards_left: |n| format!("{n} 张"),
    warning: |n| if n == 1 { "报单".into() } else { "报双".into() },
    thinking: "思考中",
    level_rung: |level, rung| format!("{level}（第 {rung} 级）"),
    seconds_left: |s| format!("还剩 {s} 秒"),

    bid_button: |p| format!("{p} 分"),
    no_bid: "不叫",
    called: |b| match b {
        Bid::Pass => "不叫".into(),
        b => format!("{} 分", b.points()),
    },
    your_bid: "轮到你叫分",
    waiting_bid: |who| format!("等{who}叫分"),
    landlord_is: |who, bid| format!("{who}当地主（{bid} 分），拿走三张底牌"),
    all_passed: "三家都不叫，重新发牌……",
    bid_advice: |s| {
        let call = match s.max_bid {
            Bid::Pass => "不叫".to_string(),
            Bid::Three => "叫3分".to_string(),
            b => format!("可以叫{}分", b.points()),
        };
        format!(
            "{}，拆成 {} 手，{}，{call}。",
            controls_zh(s),
            s.plays,
            strength_zh(s.score)
        )
    },

    play: "出牌",
    pass: "不出",
    trick_taken: "最大",
    cannot_beat: "要不起",
    hint: "提示",
    undo: "悔牌",
    redo: "重做",
    your_lead: "轮到你出牌",
    your_follow: |who, play| format!("压{who}的{play}，或者不出"),
    waiting_play: |who| format!("等{who}出牌"),
    not_a_combination: "选中的牌不成牌型",
    does_not_beat: |play| format!("压不过{play}：要出同样牌型、同样张数且更大的牌，或者炸弹、王炸"),
    which_reading: "这几张牌有几种出法，选一种：",
    timed_out: "时间到，已替你出牌",
    worker_failed: "后台计算出错：",
    your_hand: "你的手牌",

    bottom: "底牌",
    multiplier: "倍数",
    stakes: |s| {
        use crate::game::model::Mode;
        match s.mode {
            Mode::Classic => {
                let mut parts = vec![format!("叫分 {}", s.bid)];
                if s.bombs > 0 {
                    parts.push(format!("炸弹 {} 个 ×{}", s.bombs, 1u64 << s.bombs.min(60)));
                }
                if s.spring {
                    parts.push("春天 ×2".into());
                }
                parts.join(" · ")
            }
            Mode::Tournament => format!("竞技计分：1 + {} 个炸弹", s.bombs),
        }
    },
    session: "总分",
    deals_played: |n| format!("已打 {n} 局"),
    menu: "菜单",
    sound_on: "声音：开",
    sound_off: "声音：关",

    settings: "设置",
    mode: "玩法",
    modes: ["叫分（欢乐场规则）", "竞技（固定地主）"],
    mode_notes: [
        "三家轮流叫 1–3 分，叫得最高的当地主并拿底牌；都不叫就重新发牌。每个炸弹或王炸翻倍，春天再翻倍。",
        "论文与比赛的规则：不叫分，地主固定；地主得分 ±(1 + 炸弹数)。",
    ],
    seat: "座位（竞技）",
    seats: ["地主", "农民（地主下家）", "农民（地主上家）"],
    level: "对手水平",
    levels: ["新手", "入门", "进阶", "高手", "专家", "大师"],
    level_notes: [
        "刚学会规则：常把好牌拆散，大牌乱出。",
        "会按牌型出牌，但时常失误。",
        "拆牌合理，偶尔失误。",
        "按最少手数拆牌，懂得留大牌控场、与队友配合。",
        "后半局推演你们手里可能的牌，逐一算到底。",
        "同专家，但更早开始推演（剩 40 张牌起），推演的可能多得多、算得更深。最强对手。",
    ],
    pace: "出牌速度",
    paces: ["慢", "中", "快"],
    practice: "练习模式（可悔牌）",
    counter: "记牌器",
    sound: "声音",
    timer: "出牌计时",
    timers: ["关", "15 秒", "30 秒"],
    new_deal: "新牌局",
    restart: "重打这副牌",
    reset_session: "总分清零",
    seed: |s| format!("牌局编号 {s}"),
    share: "分享这副牌",
    close: "关闭",
    keys: "键盘：←/→ 移动，空格 选牌，回车 出牌，P 不出，H 提示",
    record: "出牌记录",
    bids: "叫分",

    you_won: "你赢了！",
    you_lost: "你输了",
    went_out: |who| format!("{who}先出完"),
    spring: "春天！",
    anti_spring: "反春！",
    points: |who, p| format!("{who} {p:+}"),
    next_deal: "再来一局",
    replay: "复盘",
    download: "下载牌谱",
    show_table: "看牌桌",
    result: "结果",

    replay_step: |k, n| format!("第 {k} / {n} 手"),
    replay_bar: "复盘：逐手查看，各家的牌全部亮出",
    to_start: "回到开头",
    back: "上一手",
    forward: "下一手",
    to_end: "到最后",
    leave_replay: "退出复盘",
    jump_to: "跳到第几手",

    review: "明牌复盘",
    reviewing: |done, total| format!("神算子复盘中：{done} / {total} 手"),
    review_move: |who, before, after| format!("明牌看：{who}出这手之前{before}，之后{after}。"),
    wins: "必胜",
    loses: "必败",
    likely_wins: "看来占优（时限内未能证明）",
    likely_loses: "看来落后（时限内未能证明）",
    not_reached: "未算到",
    slips: [
        "这手丢掉了必胜",
        "这手把看好的局面变成了必败",
        "这手之后必胜不再有把握",
        "这手让形势由好变坏",
    ],
    slip_sure: [
        "已证明：之前必胜，之后必败",
        "之后必败已证明；之前占优是估计",
        "之前必胜已证明；之后时限内未能证明",
        "估计：前后都未能证明",
    ],
    better: "能保住胜局的出法",
    better_guess: "神算子看好的出法",
    colon: "：",
    review_summary: |mine, mine_thrown, theirs, theirs_thrown| {
        format!("明牌复盘：你方失误 {mine} 处（丢掉必胜 {mine_thrown} 次），对方 {theirs} 处（{theirs_thrown} 次）。")
    },
    move_number: |k| format!("第 {k} 手"),
    first_blunder: "看第一处失误",
    unreadable_game: |why, kept| format!("上次保存的对局无法读取：{why}。{kept}；这里开了新的一局。"),
    not_saved: |why| format!("没能保存这一局：{why}。刷新或关闭页面后就接不上了。"),
    keep_text: "下载原文",
    paused: "链接打开了另一副牌；你没打完的那一局已保存。",
    resume: "继续那一局",
    load_error: load_error_zh,
    link_problems: |what| format!("链接里有看不懂的值（{what}），已用默认值代替。"),
    dismiss: "知道了",
};

pub static EN: PlayStrings = PlayStrings {
    me: "You",
    left: "Previous",
    right: "Next",
    landlord: "Landlord",
    farmer: "Farmer",
    cards_left: |n| if n == 1 { "1 card".into() } else { format!("{n} cards") },
    warning: |n| if n == 1 { "Last card!".into() } else { "Two cards left!".into() },
    thinking: "Thinking",
    level_rung: |level, rung| format!("{level} (rung {rung})"),
    seconds_left: |s| format!("{s} s left"),

    bid_button: |p| if p == 1 { "1 point".into() } else { format!("{p} points") },
    no_bid: "No bid",
    called: |b| match b {
        Bid::Pass => "No bid".into(),
        b => format!("Bid {}", b.points()),
    },
    your_bid: "Your bid",
    waiting_bid: |who| format!("Waiting for {who} to bid"),
    landlord_is: |who, bid| format!("{who} is the landlord ({bid} points) and takes the bottom cards"),
    all_passed: "Nobody bid: redealing…",
    bid_advice: |s| {
        let call = match s.max_bid {
            Bid::Pass => "pass".to_string(),
            b => format!("bid {}", b.points()),
        };
        let mut high = controls_en(s);
        high[..1].make_ascii_uppercase();
        format!("{high}, {} plays: {}, {call}.", s.plays, strength_en(s.score))
    },

    play: "Play",
    pass: "Pass",
    trick_taken: "takes it",
    cannot_beat: "Can't beat",
    hint: "Hint",
    undo: "Undo",
    redo: "Redo",
    your_lead: "Your lead",
    your_follow: |who, play| format!("Beat {who}'s {play}, or pass"),
    waiting_play: |who| format!("Waiting for {who}"),
    not_a_combination: "The selected cards are not a combination",
    does_not_beat: |play| format!("That does not beat {play}: play the same kind and number of cards, higher, or a bomb or the rocket"),
    which_reading: "These cards can be played more than one way; pick one:",
    timed_out: "Time's up: played for you",
    worker_failed: "The background computation failed: ",
    your_hand: "Your hand",

    bottom: "Bottom cards",
    multiplier: "Multiplier",
    stakes: |s| {
        use crate::game::model::Mode;
        match s.mode {
            Mode::Classic => {
                let mut parts = vec![format!("bid {}", s.bid)];
                if s.bombs > 0 {
                    parts.push(format!("{} bomb(s) ×{}", s.bombs, 1u64 << s.bombs.min(60)));
                }
                if s.spring {
                    parts.push("spring ×2".into());
                }
                parts.join(" · ")
            }
            Mode::Tournament => format!("tournament scoring: 1 + {} bomb(s)", s.bombs),
        }
    },
    session: "Session",
    deals_played: |n| if n == 1 { "1 deal".into() } else { format!("{n} deals") },
    menu: "Menu",
    sound_on: "Sound: on",
    sound_off: "Sound: off",

    settings: "Settings",
    mode: "Rules",
    modes: ["Bidding (online rules)", "Tournament (fixed landlord)"],
    mode_notes: [
        "Each player bids 1–3 points once; the highest bidder is the landlord and takes the bottom cards; if nobody bids, the cards are redealt. Each bomb or rocket doubles the stake, and so does a spring.",
        "The rules of the papers and of tournaments: no bidding, a fixed landlord, who scores ±(1 + bombs).",
    ],
    seat: "Seat (tournament)",
    seats: ["Landlord", "Farmer (landlord's next)", "Farmer (landlord's previous)"],
    level: "Opponents",
    levels: ["Beginner", "Novice", "Intermediate", "Advanced", "Expert", "Master"],
    level_notes: [
        "Just learned the rules: breaks up good hands and wastes high cards.",
        "Plays by combinations, but slips often.",
        "Splits its hand sensibly; the odd slip.",
        "Plays the fewest-plays split, keeps control with high cards, works with its partner.",
        "From mid-game on, works out the cards you may hold and calculates each case to the end.",
        "Like the expert, but from earlier on (40 cards left), with many more cases and deeper calculation. The strongest.",
    ],
    pace: "Pace",
    paces: ["slow", "normal", "fast"],
    practice: "Practice (undo allowed)",
    counter: "Card counter",
    sound: "Sound",
    timer: "Turn timer",
    timers: ["off", "15 s", "30 s"],
    new_deal: "New deal",
    restart: "Replay this deal",
    reset_session: "Reset the session score",
    seed: |s| format!("Deal number {s}"),
    share: "Share this deal",
    close: "Close",
    keys: "Keys: ←/→ move, Space selects, Enter plays, P passes, H hints",
    record: "Record",
    bids: "Bids",

    you_won: "You won!",
    you_lost: "You lost",
    went_out: |who| format!("{who} went out first"),
    spring: "Spring!",
    anti_spring: "Anti-spring!",
    points: |who, p| format!("{who} {p:+}"),
    next_deal: "Next deal",
    replay: "Replay",
    download: "Download the record",
    show_table: "View the table",
    result: "Result",

    replay_step: |k, n| format!("move {k} / {n}"),
    replay_bar: "Replay: step through the deal with every hand open",
    to_start: "To the start",
    back: "Back one move",
    forward: "Forward one move",
    to_end: "To the end",
    leave_replay: "Leave the replay",
    jump_to: "Jump to move",

    review: "Review with open hands",
    reviewing: |done, total| format!("The solver is reviewing: {done} / {total} moves"),
    review_move: |who, before, after| format!("With every hand open: before this move by {who}, their side {before}; after it, {after}."),
    wins: "wins",
    loses: "loses",
    likely_wins: "looks ahead (not proven in time)",
    likely_loses: "looks behind (not proven in time)",
    not_reached: "not reached in time",
    slips: [
        "This move threw the win away",
        "This move turned a promising position into a loss",
        "After this move the win is no longer sure",
        "This move turned a good position bad",
    ],
    slip_sure: [
        "Proven: a win before, a loss after",
        "The loss after is proven; the edge before was an estimate",
        "The win before is proven; after it nothing was proven in time",
        "An estimate: neither side proven",
    ],
    better: "A play that keeps the win",
    better_guess: "The solver's choice",
    colon: ": ",
    review_summary: |mine, mine_thrown, theirs, theirs_thrown| {
        format!("With every hand open: your side slipped {mine} times (thrown wins: {mine_thrown}), the other side {theirs} times (thrown wins: {theirs_thrown}).")
    },
    move_number: |k| format!("Move {k}"),
    first_blunder: "Go to the first mistake",
    unreadable_game: |why, kept| format!("The saved game could not be read: {why}. {}; a new deal started.", super::capitalise(kept)),
    not_saved: |why| format!("This game could not be saved: {why}. A reload or closing the page would lose it."),
    keep_text: "Download its text",
    paused: "The link opened another deal; your unfinished game is kept.",
    resume: "Back to that game",
    load_error: load_error_en,
    link_problems: |what| format!("The link has values this page cannot read ({what}); defaults are used instead."),
    dismiss: "OK",
};

#[cfg(test)]
mod tests {
    use engine::agents::bidding::assess;
    use engine::Cards;

    use super::*;

    #[test]
    fn bidding_advice_is_a_sentence_a_player_would_say() {
        // Both jokers, a bomb of 7s, one 2: a strong hand.
        let hand: Cards = "34567777899JQKA2XD".parse().unwrap();
        let s = assess(hand);
        let zh = (ZH.bid_advice)(&s);
        assert_eq!(zh, format!("双王一个2一个炸，拆成 {} 手，牌好，叫3分。", s.plays));
        let en = (EN.bid_advice)(&s);
        assert!(
            en.starts_with("The big joker, the small joker, one 2, a bomb, "),
            "{en}"
        );
        assert!(en.ends_with("a strong hand, bid 3."), "{en}");
        // No high cards: a pass, said so.
        let weak = assess("3345679TJQKK".parse().unwrap());
        assert!((ZH.bid_advice)(&weak).starts_with("没有大牌，"));
        assert!((ZH.bid_advice)(&weak).ends_with("牌差，不叫。"));
    }
}

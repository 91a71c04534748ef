//! The words of a table for people (an online table on a ddz-server), in
//! both languages.

pub struct TableStrings {
    pub with_friends: &'static str,
    pub with_friends_note: &'static str,
    pub opening: &'static str,
    pub title: &'static str,
    pub share: &'static str,
    pub your_name: &'static str,
    pub sit: &'static str,
    pub watch: &'static str,
    pub watching: &'static str,
    pub empty_chair: &'static str,
    pub waiting: &'static str,
    pub fill: &'static str,
    pub ai_player: &'static str,
    pub auto: &'static str,
    pub auto_note: &'static str,
    pub take_over: &'static str,
    pub next_deal: &'static str,
    pub waiting_next: &'static str,
    pub redeal: &'static str,
    pub deal_number: fn(u32) -> String,
    pub result: fn(bool, i64) -> String,
    pub scores: &'static str,
    pub connecting: &'static str,
    pub refused: fn(&str) -> String,
    pub no_table: &'static str,
    pub host_key_lost: &'static str,
    pub rules_label: &'static str,
    /// Tournament (叫分), casual (抢地主, 加倍, 明牌).
    pub rules: [&'static str; 2],
    /// Yes and no to 叫地主, 抢地主, 加倍, 明牌.
    pub answers: [[&'static str; 2]; 4],
    pub doubled: &'static str,
}

pub const ZH: TableStrings = TableStrings {
    with_friends: "和好友玩",
    with_friends_note: "开一张桌，把链接发给两位好友；空位可以让 AI 坐。",
    opening: "正在开桌……",
    title: "好友桌",
    share: "本桌链接",
    your_name: "你的名字",
    sit: "入座",
    watch: "旁观",
    watching: "旁观中：只看公开的牌，一局结束后亮出所有手牌。",
    empty_chair: "空位",
    waiting: "等人入座",
    fill: "空位让 AI 坐",
    ai_player: "AI",
    auto: "托管",
    auto_note: "超时或离开时由 AI 代打，回来后可取消托管。",
    take_over: "取消托管",
    next_deal: "下一局",
    waiting_next: "等其他人准备……",
    redeal: "都不叫，重新发牌",
    deal_number: |n| format!("第 {n} 局"),
    result: |won, score| {
        if won {
            format!("你赢了 {score:+} 分")
        } else {
            format!("你输了 {score:+} 分")
        }
    },
    scores: "积分",
    connecting: "正在连接……",
    refused: |why| format!("服务器拒绝：{why}"),
    no_table: "没有这张桌。",
    host_key_lost: "本机没能保存桌主的钥匙：刷新后不能再让 AI 入座。",
    rules_label: "规则",
    rules: ["叫分（比赛规则）", "欢乐（抢地主、加倍、明牌）"],
    answers: [
        ["叫地主", "不叫"],
        ["抢地主", "不抢"],
        ["加倍", "不加倍"],
        ["明牌", "不明牌"],
    ],
    doubled: "加倍",
};

pub const EN: TableStrings = TableStrings {
    with_friends: "Play with friends",
    with_friends_note: "Open a table and send its link to two friends; the AI can take empty chairs.",
    opening: "Opening a table…",
    title: "Friends' table",
    share: "This table's link",
    your_name: "Your name",
    sit: "Take a seat",
    watch: "Watch",
    watching: "Watching: public cards only; every hand is shown when a deal ends.",
    empty_chair: "Empty",
    waiting: "Waiting for players",
    fill: "AI in the empty chairs",
    ai_player: "AI",
    auto: "Auto-play",
    auto_note: "When time runs out or a player leaves, the AI plays for them until they take over.",
    take_over: "Take over",
    next_deal: "Next deal",
    waiting_next: "Waiting for the others…",
    redeal: "Everyone passed: a new deal",
    deal_number: |n| format!("Deal {n}"),
    result: |won, score| {
        if won {
            format!("You won {score:+}")
        } else {
            format!("You lost {score:+}")
        }
    },
    scores: "Scores",
    connecting: "Connecting…",
    refused: |why| format!("The server refused: {why}"),
    no_table: "There is no such table.",
    host_key_lost: "This browser could not keep the host key: after a reload the AI cannot be seated.",
    rules_label: "Rules",
    rules: ["Bidding (tournament rules)", "Casual (rob, double, show)"],
    answers: [
        ["Call", "Don't call"],
        ["Rob", "Don't rob"],
        ["Double", "Don't double"],
        ["Show my hand", "Don't show"],
    ],
    doubled: "Doubled",
};

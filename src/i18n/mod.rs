//! The UI's two languages. Every string the UI shows is a field of
//! [`Strings`], so a text missing in one language is a compile error.

use yew::{hook, use_context};

use crate::suits::Suit;

pub mod contest;
pub mod daily;
pub mod duplicate;
pub mod endgame;
mod errors;
pub mod lab;
pub mod online;
pub mod play;
pub mod table;
mod words;

pub use words::Unit;

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    Zh,
    En,
}

impl Lang {
    /// Both languages, Chinese first: the order in which the app shows them side by side.
    pub const ALL: [Lang; 2] = [Lang::Zh, Lang::En];

    /// The language the page is not in (the glossary's second names).
    pub fn other(self) -> Lang {
        match self {
            Lang::Zh => Lang::En,
            Lang::En => Lang::Zh,
        }
    }

    /// The code stored in settings and set as `<html lang>`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Zh => "zh-CN",
            Lang::En => "en",
        }
    }

    pub fn from_code(code: &str) -> Option<Lang> {
        match code {
            "zh-CN" => Some(Lang::Zh),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// The language of a browser locale such as `zh-TW` or `en-GB`.
    pub fn from_locale(locale: &str) -> Lang {
        if locale.to_ascii_lowercase().starts_with("zh") {
            Lang::Zh
        } else {
            Lang::En
        }
    }

    pub fn strings(self) -> &'static Strings {
        match self {
            Lang::Zh => &ZH,
            Lang::En => &EN,
        }
    }
}

/// The page's language, as the app provides it (Chinese outside the app,
/// as in a component's test).
#[hook]
pub fn use_lang() -> Lang {
    use_context::<Lang>().unwrap_or(Lang::Zh)
}

/// The page's strings: every word a component shows comes from here.
#[hook]
pub fn use_strings() -> &'static Strings {
    use_lang().strings()
}

pub struct Strings {
    pub lang: Lang,
    pub app_title: &'static str,
    pub nav_label: &'static str,
    pub nav_deal: &'static str,
    pub nav_play: &'static str,
    pub nav_endgame: &'static str,
    pub nav_lab: &'static str,
    pub nav_contest: &'static str,
    pub language: &'static str,
    pub not_found: &'static str,

    pub deal_title: &'static str,
    pub open_hands: &'static str,
    /// The field holding a deal's code (its notation), to copy.
    pub deal_code: &'static str,
    pub random_deal: &'static str,
    pub seed: &'static str,
    pub deal_seed: &'static str,
    pub paste_label: &'static str,
    pub paste_placeholder: &'static str,
    pub show_deal: &'static str,
    pub bottom_cards: &'static str,
    pub seed_shown: &'static str,
    pub pasted_deal: &'static str,
    pub share_link: &'static str,
    pub copy: &'static str,
    pub copied: &'static str,
    /// The clipboard refused: the text is on the page to select.
    pub copy_refused: &'static str,
    pub open_link: &'static str,
    pub cards_count: fn(u32) -> String,
    pub bad_seed: fn(&str) -> String,
    pub bad_link: &'static str,

    pub sim_title: &'static str,
    pub sim_explain: &'static str,
    pub games: &'static str,
    pub run: &'static str,
    pub cancel: &'static str,
    pub cancelled: &'static str,
    pub lead_counts: &'static str,
    pub landlord_wins: fn(f64) -> String,
    pub average_score: fn(f64) -> String,
    pub score_distribution: &'static str,
    pub worker_failed: &'static str,
    pub player_random: &'static str,
    pub player_greedy: &'static str,

    pub show_split: &'static str,
    pub hide_split: &'static str,
    pub split_plays: fn(u32) -> String,
    pub split_option: fn(usize) -> String,
    pub split_options: &'static str,
    pub split_best: &'static str,
    pub split_learned: &'static str,
    pub learned_note: &'static str,
    pub learned_loading: &'static str,
    pub tags_label: &'static str,
    pub tags_legend: &'static str,

    pub endgame_title: &'static str,
    pub endgame_intro: &'static str,
    pub puzzle: &'static str,
    pub custom: &'static str,
    pub levels: [&'static str; 4],
    pub landlord_hand: &'static str,
    pub farmer_hand: &'static str,
    pub farmer2_hand: &'static str,
    pub last_play: &'static str,
    pub last_by: &'static str,
    pub to_move: &'static str,
    pub nobody: &'static str,
    pub set_up: &'static str,
    pub picker_title: &'static str,
    pub picker_fix_text: &'static str,
    pub picker_in_hand: fn(&str, u8) -> String,
    pub picker_add: fn(&str) -> String,
    pub picker_remove: fn(&str) -> String,
    pub picker_clear: &'static str,
    pub leads: &'static str,
    pub to_beat: &'static str,
    pub solve: &'static str,
    pub time_limit: &'static str,
    pub searching: fn(Option<u32>, u64, f64) -> String,
    /// Whether the landlord wins, and `None` when proven, else the depth
    /// (plies) of the search the estimate comes from (0: none finished).
    pub verdict: fn(bool, Option<u32>) -> String,
    pub winning_line: &'static str,
    /// The line of an estimate: the search's best play up to its depth.
    pub expected_line: &'static str,
    pub pass: &'static str,
    pub hint: &'static str,
    pub stats: fn(u64, f64) -> String,

    pub export: &'static str,
    pub lab_intro: &'static str,
    pub lab_deal_title: &'static str,
    pub lab_panel: &'static str,
    pub lab_panel_name: fn(&str) -> String,
    pub lab_games: &'static str,
    pub lab_deal_input: &'static str,
    pub dih_title: &'static str,
    pub dih_explain: &'static str,
    pub dih_dist: &'static str,
    pub dih_bad_dist: &'static str,
    pub rank_title: &'static str,
    pub rank_explain: &'static str,
    pub rank_centre: &'static str,
    pub tournament_centre: &'static str,
    pub rank_run: &'static str,
    pub rank_count: fn(usize, usize) -> String,
    pub rank_seed: &'static str,
    pub rank_distance: &'static str,
    /// A typed ε that is no number in its range (min, max).
    pub bad_eps: fn(&str, f64, f64) -> String,
    pub tournament_title: &'static str,
    pub tournament_explain: &'static str,
    pub tournament_tables: &'static str,
    pub tournament_matches: &'static str,
    pub settings_reset: fn(&str) -> String,
    pub crashed: &'static str,
    pub par_title: &'static str,
    pub par_explain: &'static str,
    pub par_first: &'static str,
    /// The link from a step of the par line to the Endgame page.
    pub par_analyse: &'static str,

    /// The jokers as players say them, small then big: 小王 / small joker.
    pub joker_names: [&'static str; 2],
    /// The jokers where a card is printed in a narrow column (a split's
    /// tags, a hand record), small then big: 小王 / SJ.
    pub joker_short: [&'static str; 2],
    /// A suit's name: 黑桃 / spades.
    pub suit: fn(Suit) -> &'static str,
    /// A suited card's name for a screen reader, from its rank's and its
    /// suit's names: 黑桃A / A of spades.
    pub card_name: fn(&str, &str) -> String,
    /// The name down a joker's left edge, small then big: 小王 / JOKER.
    pub joker_face: [&'static str; 2],
    /// The font size of that name and the step from one letter to the next.
    pub joker_face_size: (f64, f64),
    /// What a job's progress counts: 局 / games.
    pub unit: fn(Unit) -> &'static str,
    pub play: &'static play::PlayStrings,
    pub eg: &'static endgame::EndgameStrings,
    pub lab: &'static lab::LabStrings,
    pub contest: &'static contest::ContestStrings,
    pub daily: &'static daily::DailyStrings,
    pub online: &'static online::OnlineStrings,
    pub table: &'static table::TableStrings,
    pub duplicate: &'static duplicate::DuplicateStrings,
}

pub static ZH: Strings = Strings {
    lang: Lang::Zh,
    app_title: "斗地主 · 竞技二打一",
    nav_label: "主导航",
    nav_deal: "发牌",
    nav_play: "对局",
    nav_endgame: "残局",
    nav_lab: "实验室",
    nav_contest: "比赛",
    language: "语言",
    not_found: "没有这个页面。",

    deal_title: "发牌",
    open_hands: "明牌：三家的牌全部显示。",
    deal_code: "牌局代码（可复制）",
    random_deal: "随机发牌",
    seed: "种子",
    deal_seed: "按种子发牌",
    paste_label: "粘贴牌局",
    paste_placeholder: "[地主 20 张][农民一 17 张][农民二 17 张]",
    show_deal: "显示",
    bottom_cards: "底牌",
    seed_shown: "种子",
    pasted_deal: "粘贴的牌局",
    share_link: "分享链接",
    copy: "复制",
    copied: "已复制",
    copy_refused: "浏览器不让复制，请手动选中复制",
    open_link: "打开链接",
    cards_count: |n| format!("{n} 张"),
    bad_seed: |s| format!("种子必须是 0 到 18446744073709551615 之间的整数，“{s}”不是。"),
    bad_link: "链接中的牌局无法读取：",

    sim_title: "后台自对弈",
    sim_explain: "在后台线程中用基础 AI 反复打这一局，界面不会卡顿。",
    games: "局数",
    run: "开始",
    cancel: "取消",
    cancelled: "已取消。",
    lead_counts: "首出可选牌型数",
    landlord_wins: |p| format!("地主胜率 {p:.1}%"),
    average_score: |s| format!("地主平均得分 {s:+.3}"),
    score_distribution: "地主得分分布",
    worker_failed: "后台计算出错：",
    player_random: "随机",
    player_greedy: "贪心",

    show_split: "拆牌",
    hide_split: "收起拆牌",
    split_plays: |n| format!("{n} 手"),
    split_option: |i| format!("方案 {i}"),
    split_options: "拆法",
    split_best: "最佳",
    split_learned: "学习拆牌",
    learned_note: "学习拆牌：按拆牌论文的神经网络序列标注模型给每张牌标一个类别，再按类别组牌（5 张以上相连的单张成顺子，3 对以上相连的对子成连对，2 个以上相连的三张成飞机）。模型用本项目最强 AI 自我对局中赢家的出牌训练。",
    learned_loading: "正在载入学习拆牌模型……",
    tags_label: "每张牌的类别",
    tags_legend: "类别：0 单张或顺子 · 1 对子或连对 · 2 三张或飞机 · 3 炸弹或火箭",

    endgame_title: "残局",
    endgame_intro: "明牌残局：各家的牌都摊开。先自己试着赢下来；再看答案：每种出法是胜是负，神算子都算到了底。",
    puzzle: "题目",
    custom: "自定义",
    levels: ["入门", "进阶", "高手", "大师"],
    landlord_hand: "地主的牌",
    farmer_hand: "农民的牌（二人残局）或农民一",
    farmer2_hand: "农民二的牌（可空）",
    last_play: "要压的牌（可空）",
    last_by: "出牌人",
    to_move: "轮到",
    nobody: "—",
    set_up: "摆好残局",
    picker_title: "选牌：先选给谁，再逐张添减",
    picker_fix_text: "这手牌的文字有误，请先改正再用选牌器。",
    picker_in_hand: |name, n| format!("{name}：{n} 张"),
    picker_add: |name| format!("加一张{name}"),
    picker_remove: |name| format!("减一张{name}"),
    picker_clear: "清空这手牌",
    leads: "自由出牌",
    to_beat: "要压",
    solve: "求解",
    time_limit: "时限",
    searching: |depth, nodes, ms| match depth {
        Some(d) => format!("搜索中：深度 {d}，{nodes} 个节点，{:.1} 秒", ms / 1000.0),
        None => format!("搜索中：{nodes} 个节点，{:.1} 秒", ms / 1000.0),
    },
    verdict: |landlord, estimate| {
        let side = if landlord { "地主" } else { "农民" };
        match estimate {
            None => format!("{side}必胜（已证明）"),
            Some(0) => format!("{side}占优（估计：时限内未能证明）"),
            Some(d) => format!("{side}占优（估计：搜索深度 {d}，时限内未能证明）"),
        }
    },
    winning_line: "最佳走法",
    expected_line: "预计走法（估计，到搜索深度为止）",
    pass: "不出",
    hint: "提示",
    stats: |nodes, ms| format!("{nodes} 个节点，{:.0} 毫秒", ms),

    export: "导出：",
    lab_intro: "一副牌有多难？让一组 AI 牌桌各打一遍，看得分分布与难度等级 GDI；算区分度 DIH；从牌库里选测试用例与同等牌力的牌局；模拟三种赛制。计算都在后台线程里进行。",
    lab_deal_title: "一副牌在一组牌桌上的得分",
    lab_panel: "牌桌组",
    lab_panel_name: |p| match p {
        "quick" => "快速组：第 0–7 级 AI 当地主，高手当农民".into(),
        "ladder" => "阶梯组：第 0–10 级 AI 当地主，高手当农民".into(),
        "strong" => "强手组：第 7–10 级 AI 当地主，第 8 级当农民".into(),
        other => other.into(),
    },
    lab_games: "每桌局数",
    lab_deal_input: "种子或牌局（[地主][农民1][农民2]）",
    dih_title: "区分度 DIH",
    dih_explain: "n 名选手、m 轮、每轮得分按这副牌的分布：前 r 名总分两两不同的概率。",
    dih_dist: "每轮得分分布（得分:概率,…）",
    dih_bad_dist: "分布写得不对：",
    rank_title: "牌库",
    rank_explain: "内置牌库按 DIH（用上面的 n、m、r）排序；填了 GDI 中心则按与中心的距离排序。点一行打开那副牌。",
    rank_centre: "GDI 中心（可空）",
    tournament_centre: "GDI 中心（同等牌力赛制用）",
    rank_run: "排序",
    rank_count: |shown, all| format!("{all} 副牌中的 {shown} 副"),
    rank_seed: "种子",
    rank_distance: "距离",
    bad_eps: |what, min, max| format!("ε 应是 {min} 到 {max} 之间的数，而不是“{what}”。"),
    tournament_title: "赛制模拟",
    tournament_explain: "每桌一个地主 AI，对同样的农民 AI；每轮按得分排名计分。三种赛制：复式（同一副牌）、同等牌力（不同的牌，GDI 相近）、随机。热图是每桌得每个名次的概率（%）。",
    tournament_tables: "各桌地主 AI",
    tournament_matches: "比赛场数",
    settings_reset: |detail| format!("保存的设置无法读取，已重置（{detail}）。"),
    crashed: "程序出错了，请刷新页面。",
    par_title: "明牌结果（神算子）",
    par_explain: "三家的牌都亮出来、各方都走最好的出法时，地主先出，谁必胜？神算子在后台逐一推演到底；时限内没能证明时，给出的是估计。估计不是证明：难局里大约五次错一次（错时多半是把农民的胜局估成地主胜）；加长时限，可能就证明出来了。",
    par_first: "地主首出",
    par_analyse: "到残局页分析这一步：每种出法的胜负",

    joker_names: ["小王", "大王"],
    joker_short: ["小王", "大王"],
    suit: |suit| match suit {
        Suit::Spades => "黑桃",
        Suit::Hearts => "红桃",
        Suit::Clubs => "梅花",
        Suit::Diamonds => "方块",
    },
    card_name: |rank, suit| format!("{suit}{rank}"),
    joker_face: ["小王", "大王"],
    joker_face_size: (14.5, 16.0),
    unit: |unit| match unit {
        Unit::Games => "局",
        Unit::Rounds => "轮",
        Unit::Deals => "副牌",
        Unit::Positions => "个局面",
        Unit::Tournaments => "场比赛",
        Unit::Steps => "步",
    },
    play: &play::ZH,
    eg: &endgame::ZH,
    lab: &lab::ZH,
    contest: &contest::ZH,
    daily: &daily::ZH,
    online: &online::ZH,
    table: &table::ZH,
    duplicate: &duplicate::ZH,
};

pub static EN: Strings = Strings {
    lang: Lang::En,
    app_title: "Dou Dizhu · competitive",
    nav_label: "Main",
    nav_deal: "Deal",
    nav_play: "Play",
    nav_endgame: "Endgame",
    nav_lab: "Lab",
    nav_contest: "Contests",
    language: "Language",
    not_found: "There is no such page.",

    deal_title: "Deal",
    open_hands: "Open hands: all three hands are shown.",
    deal_code: "Deal code (to copy)",
    random_deal: "Random deal",
    seed: "Seed",
    deal_seed: "Deal this seed",
    paste_label: "Paste a deal",
    paste_placeholder: "[landlord 20][farmer 1, 17][farmer 2, 17]",
    show_deal: "Show",
    bottom_cards: "Bottom cards",
    seed_shown: "Seed",
    pasted_deal: "Pasted deal",
    share_link: "Share link",
    copy: "Copy",
    copied: "Copied",
    copy_refused: "The browser refused: select the text and copy it",
    open_link: "Open the link",
    cards_count: |n| if n == 1 { "1 card".into() } else { format!("{n} cards") },
    bad_seed: |s| format!("A seed is a whole number from 0 to 18446744073709551615; \"{s}\" is not."),
    bad_link: "The deal in this link cannot be read: ",

    sim_title: "Self-play in the background",
    sim_explain: "Baseline AIs play this deal again and again in a web worker; the page stays responsive.",
    games: "Games",
    run: "Run",
    cancel: "Cancel",
    cancelled: "Cancelled.",
    lead_counts: "Plays available on the first lead",
    landlord_wins: |p| format!("Landlord wins {p:.1}%"),
    average_score: |s| format!("Landlord's average score {s:+.3}"),
    score_distribution: "Landlord's score distribution",
    worker_failed: "The background computation failed: ",
    player_random: "random",
    player_greedy: "greedy",

    show_split: "Split",
    hide_split: "Hide split",
    split_plays: |n| format!("{n} plays"),
    split_option: |i| format!("Option {i}"),
    split_options: "Splits",
    split_best: "best",
    split_learned: "Learned",
    learned_note: "The learned split: the splitting paper's BiLSTM-CRF tags each card with a class, and the tags are grouped (5 or more consecutive singles make a straight, 3 or more consecutive pairs a pair chain, 2 or more consecutive trios an airplane). Trained on the winners' plays in our strongest AI's self-play.",
    learned_loading: "Loading the learned splitter's model…",
    tags_label: "Each card's class",
    tags_legend: "Classes: 0 single or straight · 1 pair or pair chain · 2 trio or airplane · 3 bomb or rocket",

    endgame_title: "Endgame",
    endgame_intro: "Open-hand endgames: every hand lies open. Try to win it yourself first; then look at the answers: every play marked as winning or losing, worked out to the end by the solver.",
    puzzle: "Puzzle",
    custom: "Custom",
    levels: ["Easy", "Medium", "Hard", "Expert"],
    landlord_hand: "Landlord's cards",
    farmer_hand: "Farmer's cards (1v1), or farmer 1",
    farmer2_hand: "Farmer 2's cards (optional)",
    last_play: "Play to beat (optional)",
    last_by: "Played by",
    to_move: "To move",
    nobody: "—",
    set_up: "Set up",
    picker_title: "Pick cards: choose a hand, then add or remove cards",
    picker_fix_text: "This hand's text has a mistake: correct it to use the picker.",
    picker_in_hand: |name, n| format!("{name}: {n} in this hand"),
    picker_add: |name| format!("add a {name}"),
    picker_remove: |name| format!("remove a {name}"),
    picker_clear: "Clear this hand",
    leads: "leads",
    to_beat: "to beat",
    solve: "Solve",
    time_limit: "Time limit",
    searching: |depth, nodes, ms| match depth {
        Some(d) => format!("Searching: depth {d}, {nodes} nodes, {:.1} s", ms / 1000.0),
        None => format!("Searching: {nodes} nodes, {:.1} s", ms / 1000.0),
    },
    verdict: |landlord, estimate| {
        let side = if landlord { "The landlord wins" } else { "The farmers win" };
        let ahead = if landlord { "The landlord is ahead" } else { "The farmers are ahead" };
        match estimate {
            None => format!("{side} (proven)"),
            Some(0) => format!("{ahead} (estimate: not proven in time)"),
            Some(d) => format!("{ahead} (estimate at depth {d}: not proven in time)"),
        }
    },
    winning_line: "Best play",
    expected_line: "Expected play (estimate, to the search's depth)",
    pass: "pass",
    hint: "Hint",
    stats: |nodes, ms| format!("{nodes} nodes, {:.0} ms", ms),

    export: "Save as:",
    lab_intro: "How hard is a deal? Let a panel of AI tables play it and see its score distribution and its grade difficulty (GDI); compute DIH; pick test cases and equal-strength deals from the library; simulate the three tournament formats. All computation runs in the background worker.",
    lab_deal_title: "A deal's scores over a panel",
    lab_panel: "Panel",
    lab_panel_name: |p| match p {
        "quick" => "Quick: L0–L7 landlords, L7 farmers".into(),
        "ladder" => "Ladder: L0–L10 landlords, L7 farmers".into(),
        "strong" => "Strong: L7–L10 landlords, L8 farmers".into(),
        other => other.into(),
    },
    lab_games: "Games per table",
    lab_deal_input: "Seed or deal ([landlord][farmer 1][farmer 2])",
    dih_title: "DIH: distinction of the top places",
    dih_explain: "n players, m rounds, score distribution D per round: the chance that the top r totals all differ.",
    dih_dist: "Score distribution per round (score:probability, ...)",
    dih_bad_dist: "The distribution is not right: ",
    rank_title: "The hand library",
    rank_explain: "The built-in library ranked by DIH (with n, m, r from above), or, given a GDI centre, by distance to it. Click a row to open its deal.",
    rank_centre: "GDI centre (optional)",
    tournament_centre: "GDI centre (for the equal-strength format)",
    rank_run: "Rank",
    rank_count: |shown, all| format!("{shown} of {all} deals"),
    rank_seed: "Seed",
    rank_distance: "Distance",
    bad_eps: |what, min, max| format!("ε must be a number from {min} to {max}, not '{what}'."),
    tournament_title: "Tournament formats",
    tournament_explain: "Each table is a landlord AI against the same farmer AIs, ranked by score every round. Three formats: duplicate (the same deal), equal strength (different deals of similar GDI), random. The heatmaps show each table's chance of each place (%).",
    tournament_tables: "Tables' landlord AIs",
    tournament_matches: "Matches",
    settings_reset: |detail| format!("A saved setting could not be read and was reset ({detail})."),
    crashed: "Something went wrong. Please reload the page.",
    par_title: "Par: the open-hand result",
    par_explain: "With every hand shown and best play on both sides, the landlord leading: who wins? The solver works it out to the end in the background; if it cannot prove it within the time limit, the answer is an estimate. An estimate is not a proof: on hard deals about one in five is wrong (mostly a farmer win called a landlord one); a longer time limit may prove it.",
    par_first: "The landlord's first play",
    par_analyse: "Analyse this position on the Endgame page: every play's verdict",

    joker_names: ["small joker", "big joker"],
    // S and B as the names say; docs/rules.md's X and D are notation.
    joker_short: ["SJ", "BJ"],
    suit: |suit| match suit {
        Suit::Spades => "spades",
        Suit::Hearts => "hearts",
        Suit::Clubs => "clubs",
        Suit::Diamonds => "diamonds",
    },
    card_name: |rank, suit| format!("{rank} of {suit}"),
    // As printed decks have it.
    joker_face: ["JOKER", "JOKER"],
    joker_face_size: (10.5, 10.5),
    unit: |unit| match unit {
        Unit::Games => "games",
        Unit::Rounds => "rounds",
        Unit::Deals => "deals",
        Unit::Positions => "positions",
        Unit::Tournaments => "tournaments",
        Unit::Steps => "steps",
    },
    play: &play::EN,
    eg: &endgame::EN,
    lab: &lab::EN,
    contest: &contest::EN,
    daily: &daily::EN,
    online: &online::EN,
    table: &table::EN,
    duplicate: &duplicate::EN,
};

#[cfg(test)]
mod tests {
    use engine::{Move, Play};

    use super::*;

    #[test]
    fn each_language_has_the_other() {
        assert_eq!(Lang::Zh.other(), Lang::En);
        assert_eq!(Lang::En.other(), Lang::Zh);
        assert_eq!(Lang::ALL, [Lang::Zh, Lang::En]);
        // main.rs's crash message, as it read before it used `Lang::ALL`.
        assert_eq!(
            Lang::ALL.map(|l| l.strings().crashed).join(" / "),
            format!("{} / {}", Lang::Zh.strings().crashed, Lang::En.strings().crashed)
        );
    }

    #[test]
    fn a_play_read_several_ways_is_explained_in_players_words() {
        let err = Play::parse("333444555666").unwrap_err();
        let zh = Lang::Zh.strings().play_error(&err);
        assert!(zh.contains("飞机") && !zh.contains("airplane"), "{zh}");
        assert!(zh.contains("带"), "{zh}");
    }

    #[test]
    fn a_move_in_few_characters() {
        let (zh, en) = (Lang::Zh.strings(), Lang::En.strings());
        let play = |text: &str| Move::Play(Play::parse(text).unwrap());
        assert_eq!(zh.move_cards(play("333+4")), "333带4");
        assert_eq!(en.move_cards(play("333+4")), "333+4");
        assert_eq!(zh.move_cards(play("TJQKA")), "10JQKA");
        assert_eq!(zh.move_cards(play("XD")), "王炸");
        assert_eq!(zh.move_cards(Move::Pass), "不出");
        assert_eq!(zh.move_words(play("333+4")), "三带一 3 3 3 带 4");
        assert_eq!(en.move_cards(Move::Pass), en.pass);
    }

    #[test]
    fn locales_map_to_languages() {
        assert_eq!(Lang::from_locale("zh-TW"), Lang::Zh);
        assert_eq!(Lang::from_locale("ZH"), Lang::Zh);
        assert_eq!(Lang::from_locale("en-GB"), Lang::En);
        assert_eq!(Lang::from_locale("fr"), Lang::En);
        for lang in [Lang::Zh, Lang::En] {
            assert_eq!(Lang::from_code(lang.code()), Some(lang));
        }
        assert_eq!(Lang::from_code("xx"), None);
    }

    #[test]
    fn deal_errors_are_explained_in_both_languages() {
        let err = engine::Deal::parse("[TTKA379Q2D69K5Q94J6][3JX8Q885TTK3265AK][29Q435J426787JA7A]").unwrap_err();
        assert_eq!(EN.deal_error(&err), "The hands are not one deck: missing 4.");
        assert_eq!(ZH.deal_error(&err), "三手牌不是一副完整的牌：缺少 4。");
        let err = engine::Deal::parse("[33z]").unwrap_err();
        assert!(EN.deal_error(&err).contains("'z' at position 4"));
        assert!(ZH.deal_error(&err).contains("第 4 个字符“z”"));
    }

    #[test]
    fn lab_errors_are_explained_in_both_languages() {
        let err = engine::lab::dih::Distribution::parse("1:0.5,x").unwrap_err();
        assert_eq!(EN.distribution_error(&err), "Item 2, 'x', is not SCORE:PROBABILITY.");
        assert_eq!(ZH.distribution_error(&err), "第 2 项“x”不是“得分:概率”。");
    }
}

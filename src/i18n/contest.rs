//! The Contest page's words, in both languages, and the contest errors
//! (codes, names, refused results) worded from their data.

use engine::contest::code::{CodeError, CodeKind};
use engine::contest::standings::{BoardColumn, Column};
use engine::contest::{BoardsError, EventError, FileProblem, NameError, RecordProblem, Rejection, ResultError};

use super::{Lang, Strings};
use crate::game::entry::{self, EntryError};
use crate::web::SetAside;

pub struct ContestStrings {
    pub title: &'static str,
    pub intro: &'static str,
    pub bad_event: fn(&str) -> String,
    pub back_home: &'static str,
    pub back_event: &'static str,
    pub untitled: &'static str,
    pub daily_title: fn(&str) -> String,
    pub daily_note: &'static str,
    pub to_daily: &'static str,
    pub your_events: &'static str,
    pub progress: fn(&str, usize, usize) -> String,
    pub formats: [&'static str; 3],
    pub format_notes: [&'static str; 3],

    pub rule_format: fn(&str, u8) -> String,
    pub rule_test_cases: fn(u32, u32, u32) -> String,
    pub rule_duplicate: &'static str,
    pub rule_equal: fn(&str, f64) -> String,
    pub rule_random: &'static str,
    pub rule_alternate: &'static str,
    pub rule_seat: fn(&str) -> String,
    pub rule_opponents: fn(&str) -> String,
    pub rule_scoring: &'static str,
    pub rule_no_aids: &'static str,
    pub rule_aids: fn(&str) -> String,
    pub rule_reveal_each: &'static str,
    pub rule_reveal_end: &'static str,
    /// What a link event is not: said under its rules.
    pub link_event_open: &'static str,
    pub list_separator: &'static str,
    /// After a label: `：` or `: `.
    pub colon: &'static str,
    pub games: &'static str,

    pub your_name: &'static str,
    pub enter: &'static str,
    pub enter_note_shared: &'static str,
    pub enter_note_own: &'static str,
    pub dealing_note: &'static str,
    pub entered_as: fn(&str) -> String,
    pub play_board: fn(usize) -> String,
    pub resume_board: fn(usize) -> String,
    pub board: &'static str,
    pub seat: &'static str,
    pub score: &'static str,
    pub beaten_head: &'static str,
    pub in_progress: &'static str,
    pub play: &'static str,
    pub resume: &'static str,
    pub review: &'static str,
    pub your_result: &'static str,
    pub total: fn(i64, usize) -> String,
    pub hand_in: &'static str,
    pub copy_code: &'static str,
    pub download_file: &'static str,
    pub organiser: &'static str,
    pub share_event: &'static str,
    pub event_code: &'static str,
    pub score_results: &'static str,
    pub hand_records: &'static str,
    /// Every entrant's boards, each their own (equal and random events).
    pub all_records: &'static str,
    pub no_event_code: &'static str,
    pub already_entered: fn(&str) -> String,
    pub replace_open: &'static str,
    /// What giving up an entry loses: the entrant, boards finished, of
    /// how many, the total, whether the result is complete.
    pub replace_loses: fn(&str, usize, usize, i64, bool) -> String,
    /// What giving up unreadable stored progress loses (its KB).
    pub replace_unreadable: fn(usize) -> String,
    pub replace_confirm: &'static str,
    pub not_saved: fn(&str) -> String,
    pub not_entered: &'static str,
    pub no_such_board: fn(&str, usize) -> String,
    pub play_in_order: fn(usize) -> String,

    pub board_of: fn(u8, u8) -> String,
    pub board_score: fn(u8, i64) -> String,
    pub board_line: fn(u8, u8, &str) -> String,
    pub next_board: &'static str,
    pub see_result: &'static str,
    pub field_at_end: &'static str,
    pub field_working: &'static str,
    /// In the boards' table while a board's field is worked out.
    pub field_pending: &'static str,
    pub field_title: fn(u8) -> String,
    pub field_x: &'static str,
    pub field_y: &'static str,
    pub field_subtitle: fn(u64) -> String,
    pub field_caption: fn(u64, &str) -> String,
    pub you: &'static str,
    pub beaten: fn(&str, i64) -> String,
    /// Par: whether the landlord wins, proven or not, the first play.
    pub par_line: fn(bool, bool, &str) -> String,

    pub standings_of: fn(&str) -> String,
    pub score_intro: &'static str,
    pub paste_results: &'static str,
    pub pasted: &'static str,
    pub drop_files: &'static str,
    /// A file the browser could not read (its name).
    pub file_unreadable: fn(&str) -> String,
    /// A file too large to be a result (its name, its KB), not read.
    pub file_too_large: fn(&str, u64) -> String,
    pub score_n: fn(usize) -> String,
    pub clear: &'static str,
    pub export_csv: &'static str,
    pub print: &'static str,
    pub nobody_counted: &'static str,
    pub standings_note: fn(usize) -> String,
    pub place: &'static str,
    pub entrant: &'static str,
    pub rank_points: &'static str,
    /// A board's column in the CSV: `第3副得分`, `Board 3 score`.
    pub board_column: fn(usize, &str) -> String,
    /// The CSV's file name: the title and the date.
    pub csv_name: fn(&str, &str) -> String,
    pub standings_not_kept: fn(&str) -> String,
    pub board_short: fn(usize) -> String,
    pub board_cell: fn(u8, u32, u32) -> String,
    pub distinction: fn(u32, u32, u32, f64) -> String,
    pub refused: fn(usize) -> String,

    pub records_of: fn(&str) -> String,
    pub whose_boards: &'static str,
    /// The heading of one entrant's boards.
    pub records_for: fn(&str) -> String,
    pub show_boards: &'static str,
    pub record_head: fn(u8, u64, &str) -> String,
    pub split_of: fn(usize) -> String,
    pub field_counts: fn(u64, f64) -> String,
    pub entrants_scores: &'static str,

    pub create: &'static str,
    pub title_label: &'static str,
    pub format_label: &'static str,
    pub boards_label: &'static str,
    pub deals_label: &'static str,
    pub source_test_cases: &'static str,
    pub source_random: &'static str,
    pub players_label: &'static str,
    pub top_label: &'static str,
    pub centre_label: &'static str,
    pub advanced: &'static str,
    pub test_cases_note: &'static str,
    pub difficulty_label: &'static str,
    /// Easier for the entrant, balanced, harder.
    pub difficulties: [&'static str; 3],
    pub difficulty_custom: &'static str,
    pub seat_label: &'static str,
    pub seat_rules: [&'static str; 4],
    pub opponents_label: &'static str,
    pub aids_label: &'static str,
    pub reveal_label: &'static str,
    pub reveal_each: &'static str,
    pub reveal_end: &'static str,
    pub create_button: &'static str,
    pub open_event: &'static str,
    pub bad_number: fn(&str, &str, u64, u64) -> String,
    pub bad_eps: fn(&str) -> String,
    pub centre_out_of_reach: fn(usize) -> String,
    pub centre_share: fn(usize, usize) -> String,
}

pub static ZH: ContestStrings = ContestStrings {
    title: "比赛",
    intro: "复式赛：每位选手打同样的牌、坐同样的位置、对同样的 AI，逐副比较成绩。同等牌力赛：每人的牌各不相同，但难度相当，谁也没法串通。不需要服务器：赛事就是一条链接，成绩是一段代码，组织者把所有成绩重新复盘后排名。",
    bad_event: |why| format!("这条比赛链接打不开：{why}"),
    back_home: "返回比赛首页",
    back_event: "返回本场比赛",
    untitled: "比赛",
    daily_title: |date| format!("每日赛 {date}"),
    daily_note: "每日赛以北京时间零点更新，当天所有人的牌都一样，离线也能打。",
    to_daily: "参加今天的每日赛",
    your_events: "你参加过的比赛",
    progress: |who, done, all| format!("{who}：已打 {done}/{all} 副"),
    formats: ["复式", "同等牌力", "随机"],
    format_notes: [
        "每位选手打同样的牌、坐同样的位置。",
        "每位选手的牌各不相同，但 GDI 都在中心的 ε 以内：难度相当，没法串通。",
        "每位选手各打各的随机牌：只适合娱乐。",
    ],

    rule_format: |format, boards| format!("{format}赛，共 {boards} 副牌。"),
    rule_test_cases: |n, m, r| format!("牌局是按 DIH 从牌库选出的测试用例（n = {n}，m = {m}，r = {r}）。"),
    rule_duplicate: "所有选手的牌完全相同。",
    rule_equal: |centre, eps| format!("每人的牌由比赛和名字生成，从你的座位看，GDI 都在中心（{centre}）的 {eps} 以内（95% 置信）。"),
    rule_random: "每人的牌由比赛和名字随机生成。",
    rule_alternate: "单数副当地主，双数副当农民（地主下家）。",
    rule_seat: |seat| format!("每副的位置：{seat}。"),
    rule_opponents: |who| format!("对手：{who} AI。"),
    rule_scoring: "计分：赢 +1、输 −1，每个炸弹或王炸再加 1；每副按名次给名次分 2 ×（n − 名次 + 1），累计排名。",
    rule_no_aids: "不能用提示、记牌器和悔牌。",
    rule_aids: |aids| format!("可以用：{aids}。"),
    rule_reveal_each: "每副打完就能看到与 AI 场的比较。",
    rule_reveal_end: "全部打完才公布与 AI 场的比较。",
    link_event_open: "这是链接比赛：牌局由链接推算而来，持有链接的人都能算出每一副牌（包括对手的牌），也能重打。适合课堂和朋友间的比赛；正式比赛请用服务器上的线上比赛。",
    list_separator: "、",
    colon: "：",
    games: "局数",

    your_name: "你的名字",
    enter: "报名开始",
    enter_note_shared: "名字用来区分选手；同一名字只算一次。",
    enter_note_own: "你的牌由比赛和你的名字生成：组织者可以据此重算。",
    dealing_note: "正在为你挑选牌局（每副候选牌都要让 AI 从你的座位打上几十到上千局，确认难度在 ε 以内）……",
    entered_as: |who| format!("选手：{who}"),
    play_board: |k| format!("开始第 {k} 副"),
    resume_board: |k| format!("继续第 {k} 副"),
    board: "副",
    seat: "位置",
    score: "得分",
    beaten_head: "胜过 AI 场",
    in_progress: "进行中",
    play: "开始",
    resume: "继续",
    review: "复盘",
    your_result: "你的成绩",
    total: |total, boards| format!("{boards} 副共得 {total:+} 分。"),
    hand_in: "把成绩代码复制给组织者，或下载成绩文件交上去。成绩里只有你的出牌记录：分数由组织者重新复盘算出。",
    copy_code: "复制成绩代码",
    download_file: "下载成绩文件",
    organiser: "组织者",
    share_event: "把这条链接发给选手：",
    event_code: "比赛代码：",
    score_results: "录入成绩、排名",
    hand_records: "牌局记录（可打印）",
    all_records: "所有选手的牌局记录（可打印）",
    no_event_code: "这条链接里没有比赛代码（e= 后面是空的）。请向组织者要完整的链接。",
    already_entered: |who| format!("你已经以“{who}”报名并打过牌了：这是你的进度，没有被改动。"),
    replace_open: "放弃这份进度，重新报名……",
    replace_loses: |who, played, boards, total, complete| {
        let result = if complete { "，以及要交给组织者的成绩代码" } else { "" };
        format!("这会删除“{who}”在本场比赛的进度：已打完 {played}/{boards} 副，共 {total:+} 分{result}。删除后无法恢复；已经交出的成绩不受影响。")
    },
    replace_unreadable: |kb| format!("这会删除本机那份无法读取的比赛进度（{kb} KB）。删除后无法恢复。"),
    replace_confirm: "删除并重新报名",
    not_saved: |why| format!("进度没能保存：{why}。在本页上还看得到，但刷新或关闭后会丢失；请先腾出空间（例如删除不用的比赛进度）。"),
    not_entered: "你还没有报名这场比赛。",
    no_such_board: |b, n| format!("没有第“{b}”副：这场比赛共 {n} 副。"),
    play_in_order: |k| format!("请按顺序打：先打第 {k} 副。"),

    board_of: |k, n| format!("第 {k}/{n} 副"),
    board_score: |k, s| format!("第 {k} 副：{s:+} 分"),
    board_line: |k, n, seat| format!("共 {n} 副中的第 {k} 副 · 你的位置：{seat}"),
    next_board: "下一副",
    see_result: "查看成绩",
    field_at_end: "与 AI 场的比较在全部打完后公布。",
    field_working: "AI 场正在打这副牌……",
    field_pending: "计算中……",
    field_title: |k| format!("第 {k} 副：AI 场的得分"),
    field_x: "得分（你的位置）",
    field_y: "局数占比",
    field_subtitle: |n| format!("n = {n} 局：梯级 L0–L10 的 AI 各坐你的位置，对手相同"),
    field_caption: |seed, opp| format!("种子 {seed} · 对手 {opp}"),
    you: "你",
    beaten: |share, score| format!("你得 {score:+} 分，胜过 AI 场的 {share}（平局算一半）。"),
    par_line: |landlord, exact, first| {
        let who = if landlord { "地主" } else { "农民" };
        let how = if exact { "已证明" } else { "估计" };
        format!("明牌结果：{who}胜（{how}），地主首出 {first}。")
    },

    standings_of: |t| format!("{t}：排名"),
    score_intro: "把选手交来的成绩代码粘贴进来（每行一个），或拖入成绩文件。每份成绩都会在重新生成的牌上逐手复盘：出牌不合规则、牌对不上、对手的出牌不是 AI 的、别的比赛、重复报名、代码损坏，都会被拒并说明原因。",
    paste_results: "成绩代码（每行一个）",
    pasted: "粘贴",
    drop_files: "或拖入/选择成绩文件：",
    file_unreadable: |name| format!("“{name}”读不出来：浏览器没能读取这个文件。"),
    file_too_large: |name, kb| format!("“{name}”有 {kb} KB，成绩文件不会这么大：没有读它。"),
    score_n: |n| format!("复盘并排名（{n} 份）"),
    clear: "清空",
    export_csv: "导出 CSV",
    print: "打印",
    nobody_counted: "没有一份成绩被计入。",
    standings_note: |n| format!("{n} 位选手。每副按得分排名次（同分同名次），名次分 2 ×（n − 名次 + 1），累计；小字是该副名次。"),
    place: "名次",
    entrant: "选手",
    rank_points: "名次分",
    board_column: |k, what| format!("第{k}副{what}"),
    csv_name: |title, date| format!("{title} 排名 {date}.csv"),
    standings_not_kept: |why| format!("排名没能存下来（{why}），牌局记录里就不会有选手的得分。"),
    board_short: |k| format!("第{k}副"),
    board_cell: |k, place, points| format!("第 {k} 副：第 {place} 名，{points} 名次分"),
    distinction: |n, m, r, p| format!("区分度 DIH：{n} 位选手打这 {m} 副牌，前 {r} 名总分各不相同的概率是 {:.1}%（按 AI 场在每副上的得分分布估计）。", 100.0 * p),
    refused: |n| format!("被拒的成绩（{n} 份）"),

    records_of: |t| format!("{t}：牌局记录"),
    whose_boards: "哪位选手的牌（每人的牌不同）",
    records_for: |who| format!("{who} 的牌"),
    show_boards: "显示",
    record_head: |k, seed, seat| format!("第 {k} 副 · 种子 {seed} · 选手的位置：{seat}"),
    split_of: |n| format!("拆成 {n} 手："),
    field_counts: |games, mean| format!("AI 场 {games} 局，平均 {mean:+.2} 分"),
    entrants_scores: "选手得分",

    create: "创建比赛",
    title_label: "名称",
    format_label: "赛制",
    boards_label: "副数",
    deals_label: "牌局",
    source_test_cases: "最能分出高下的牌（从内置牌库挑选，推荐）",
    source_random: "随机发的牌",
    players_label: "预计选手数 n",
    top_label: "要分出名次的前 r 名",
    centre_label: "GDI 中心（逗号分隔）",
    advanced: "高级",
    test_cases_note: "“最能分出高下的牌”是测试用例：按下面的 n 和 r 算出每副牌的区分度 DIH，取最高的几副。",
    difficulty_label: "牌局难度",
    difficulties: ["好打", "适中", "难打"],
    difficulty_custom: "自定义（见“高级”）",
    seat_label: "选手的位置",
    seat_rules: ["每副当地主", "每副当农民（地主下家）", "每副当农民（地主上家）", "地主、农民轮换"],
    opponents_label: "AI 对手",
    aids_label: "允许的辅助",
    reveal_label: "何时公布与 AI 场的比较",
    reveal_each: "每副打完",
    reveal_end: "全部打完",
    create_button: "创建",
    open_event: "打开比赛页",
    bad_number: |what, value, lo, hi| format!("{what}“{value}”应是 {lo} 到 {hi} 的整数。"),
    bad_eps: |value| format!("ε“{value}”应是 0.001 到 1 之间的数。"),
    centre_out_of_reach: |of| format!("牌库的 {of} 副牌里没有一副在这个中心的 ε 以内：选手的牌会找不到。请放宽 ε 或换一个中心。"),
    centre_share: |near, of| format!("牌库 {of} 副牌里有 {near} 副（{:.1}%）在中心的 ε 以内。", 100.0 * near as f64 / of.max(1) as f64),
};

pub static EN: ContestStrings = ContestStrings {
    title: "Contests",
    intro: "Duplicate: every entrant plays the same cards from the same seat against the same AI, and the results are compared board by board. Equal strength: everyone gets different cards of the same difficulty, so nobody can share hands. No server: an event is a link, a result is a code, and the organiser replays every result to rank them.",
    bad_event: |why| format!("This contest link does not open: {why}"),
    back_home: "Back to contests",
    back_event: "Back to the event",
    untitled: "Contest",
    daily_title: |date| format!("Daily contest {date}"),
    daily_note: "The daily contest changes at midnight Beijing time; everyone gets the same cards that day, and it works offline.",
    to_daily: "Enter today's contest",
    your_events: "Events you entered",
    progress: |who, done, all| format!("{who}: {done} of {all} boards played"),
    formats: ["Duplicate", "Equal strength", "Random"],
    format_notes: [
        "Every entrant plays the same cards from the same seat.",
        "Every entrant gets their own cards, all within ε of the GDI centre: the same difficulty, nothing to share.",
        "Every entrant gets their own random cards: for fun only.",
    ],

    rule_format: |format, boards| format!("{format}, {boards} boards."),
    rule_test_cases: |n, m, r| format!("The boards are test cases chosen from the library by DIH (n = {n}, m = {m}, r = {r})."),
    rule_duplicate: "Every entrant gets exactly the same cards.",
    rule_equal: |centre, eps| format!("Each entrant's cards come from the event and their name, each within {eps} of the GDI centre ({centre}) from the entrant's seat, with 95% confidence."),
    rule_random: "Each entrant's cards are dealt at random from the event and their name.",
    rule_alternate: "You are the landlord on odd boards and a farmer (the landlord's right) on even ones.",
    rule_seat: |seat| format!("Your seat on every board: {seat}."),
    rule_opponents: |who| format!("Opponents: the {who} AI."),
    rule_scoring: "Scoring: a win +1, a loss −1, and 1 more for each bomb or rocket; on each board, places give 2 × (n − place + 1) rank points, summed.",
    rule_no_aids: "No hint, card counter or undo.",
    rule_aids: |aids| format!("Allowed: {aids}."),
    rule_reveal_each: "You see how each board went against the AI field as soon as it ends.",
    rule_reveal_end: "How you did against the AI field is shown once every board is played.",
    link_event_open: "This is a link event: its boards are derived from the link, so anyone with the link can compute every hand, the opponents' too, and play a board again. It suits a class or friends; a competition needs an online event on a server.",
    list_separator: ", ",
    colon: ": ",
    games: "Games",

    your_name: "Your name",
    enter: "Enter and start",
    enter_note_shared: "Your name tells entrants apart; a name counts once.",
    enter_note_own: "Your cards are dealt from the event and your name, so the organiser can deal them again.",
    dealing_note: "Choosing your boards (the AI plays each candidate deal from your seat, tens to a thousand times, until its difficulty is surely within ε)…",
    entered_as: |who| format!("Entrant: {who}"),
    play_board: |k| format!("Play board {k}"),
    resume_board: |k| format!("Resume board {k}"),
    board: "Board",
    seat: "Seat",
    score: "Score",
    beaten_head: "Field beaten",
    in_progress: "in progress",
    play: "Play",
    resume: "Resume",
    review: "Review",
    your_result: "Your result",
    total: |total, boards| format!("{total:+} over {boards} boards."),
    hand_in: "Copy the result code to the organiser, or download the result file and hand it in. The result holds only your moves: the organiser's replay works out the score.",
    copy_code: "Copy the result code",
    download_file: "Download the result file",
    organiser: "Organiser",
    share_event: "Send entrants this link:",
    event_code: "Event code:",
    score_results: "Score results",
    hand_records: "Hand records (printable)",
    all_records: "Every entrant's hand records (printable)",
    no_event_code: "This link has no event code (nothing follows e=). Ask the organiser for the whole link.",
    already_entered: |who| format!("You have already entered as \"{who}\" and played: here is your progress, unchanged."),
    replace_open: "Give up this entry and enter again…",
    replace_loses: |who, played, boards, total, complete| {
        let result = if complete { ", and the result code to hand in" } else { "" };
        format!("This deletes {who}'s progress in this event: {played} of {boards} boards finished, {total:+} in all{result}. It cannot be undone; a result already handed in is not affected.")
    },
    replace_unreadable: |kb| format!("This deletes the unreadable progress kept in this browser ({kb} KB). It cannot be undone."),
    replace_confirm: "Delete it and enter again",
    not_saved: |why| format!("Your progress could not be saved: {why}. It shows on this page, but a reload or closing the tab loses it; free some space first (for example, progress in events you no longer need)."),
    not_entered: "You have not entered this event yet.",
    no_such_board: |b, n| format!("There is no board '{b}': the event has {n}."),
    play_in_order: |k| format!("Boards are played in order: board {k} comes first."),

    board_of: |k, n| format!("Board {k} of {n}"),
    board_score: |k, s| format!("Board {k}: {s:+}"),
    board_line: |k, n, seat| format!("Board {k} of {n} · your seat: {seat}"),
    next_board: "Next board",
    see_result: "See your result",
    field_at_end: "How you did against the AI field is shown once every board is played.",
    field_working: "The AI field is playing this board…",
    field_pending: "working…",
    field_title: |k| format!("Board {k}: the AI field's scores"),
    field_x: "Score (your seat)",
    field_y: "Share of games",
    field_subtitle: |n| format!("n = {n} games: ladder rungs L0–L10 each in your seat, the same opponents"),
    field_caption: |seed, opp| format!("seed {seed} · opponents {opp}"),
    you: "you",
    beaten: |share, score| format!("You scored {score:+} and beat {share} of the AI field (ties count half)."),
    par_line: |landlord, exact, first| {
        let who = if landlord { "the landlord wins" } else { "the farmers win" };
        let how = if exact { "proven" } else { "estimated" };
        format!("Par: {who} ({how}); the landlord leads {first}.")
    },

    standings_of: |t| format!("{t}: standings"),
    score_intro: "Paste the result codes entrants sent you (one a line), or drop result files here. Every result is replayed move by move on its deals, dealt again: an illegal move, cards that do not match, an opponent's move that is not the AI's, another event, an entrant twice or a damaged code is refused, with the reason.",
    paste_results: "Result codes (one a line)",
    pasted: "pasted",
    drop_files: "or drop or choose result files:",
    file_unreadable: |name| format!("\"{name}\" could not be read: the browser did not read the file."),
    file_too_large: |name, kb| format!("\"{name}\" is {kb} KB, larger than any result file: it was not read."),
    score_n: |n| format!("Replay and rank ({n})"),
    clear: "Clear",
    export_csv: "Export CSV",
    print: "Print",
    nobody_counted: "No result was counted.",
    standings_note: |n| format!("{n} entrants. On each board, places by score (ties share one); rank points 2 × (n − place + 1), summed. The small number is the place on that board."),
    place: "Place",
    entrant: "Entrant",
    rank_points: "Rank points",
    board_column: |k, what| format!("Board {k} {}", what.to_lowercase()),
    csv_name: |title, date| format!("{title} standings {date}.csv"),
    standings_not_kept: |why| format!("The standings could not be kept ({why}), so the hand records will not show entrants' scores."),
    board_short: |k| format!("B{k}"),
    board_cell: |k, place, points| format!("Board {k}: place {place}, {points} rank points"),
    distinction: |n, m, r, p| format!("DIH: with {n} entrants playing these {m} boards, the top {r} totals come out distinct with probability {:.1}% (each board's scores as the AI field's).", 100.0 * p),
    refused: |n| format!("Results refused ({n})"),

    records_of: |t| format!("{t}: hand records"),
    whose_boards: "Whose boards (each entrant has their own)",
    records_for: |who| format!("{who}'s boards"),
    show_boards: "Show",
    record_head: |k, seed, seat| format!("Board {k} · seed {seed} · the entrant's seat: {seat}"),
    split_of: |n| format!("{n} plays:"),
    field_counts: |games, mean| format!("AI field: {games} games, mean {mean:+.2}"),
    entrants_scores: "Entrants",

    create: "Create an event",
    title_label: "Title",
    format_label: "Format",
    boards_label: "Boards",
    deals_label: "Deals",
    source_test_cases: "The deals that best tell players apart (chosen from the built-in library; recommended)",
    source_random: "Random deals",
    players_label: "Entrants expected, n",
    top_label: "Top places to tell apart, r",
    centre_label: "GDI centre (comma-separated)",
    advanced: "Advanced",
    test_cases_note: "\"The deals that best tell players apart\" are test cases: each deal's DIH is worked out for the n and r below, and the highest are taken.",
    difficulty_label: "How hard the deals are",
    difficulties: ["Easier", "Balanced", "Harder"],
    difficulty_custom: "Custom (see \"Advanced\")",
    seat_label: "The entrant's seat",
    seat_rules: ["The landlord on every board", "Farmer 1 (landlord's right) on every board", "Farmer 2 (landlord's left) on every board", "Landlord and farmer in turn"],
    opponents_label: "AI opponents",
    aids_label: "Aids allowed",
    reveal_label: "When to show results against the field",
    reveal_each: "After each board",
    reveal_end: "At the end",
    create_button: "Create",
    open_event: "Open the event",
    bad_number: |what, value, lo, hi| format!("{what} '{value}' must be a whole number from {lo} to {hi}."),
    bad_eps: |value| format!("ε '{value}' must be a number from 0.001 to 1."),
    centre_out_of_reach: |of| format!("None of the library's {of} deals lies within ε of this centre: entrants' deals could not be found. Widen ε or move the centre."),
    centre_share: |near, of| format!("{near} of the library's {of} deals ({:.1}%) lie within ε of the centre.", 100.0 * near as f64 / of.max(1) as f64),
};

impl Strings {
    /// Why a stored entry cannot be used, as a clause.
    pub fn entry_error(&self, e: &EntryError) -> String {
        let zh = self.lang == Lang::Zh;
        match e {
            EntryError::TooLong(n) if zh => format!("有 {n} 字节，超过上限 {}", entry::MAX_TEXT),
            EntryError::TooLong(n) => format!("{n} bytes, over the limit of {}", entry::MAX_TEXT),
            EntryError::Format(_) if zh => "不是比赛进度的格式".into(),
            EntryError::Format(why) => format!("not an entry: {why}"),
            EntryError::Version(v) if zh => format!("是更新版本（第 {v} 版）存的"),
            EntryError::Version(v) => format!("saved by a newer version ({v})"),
            EntryError::Event(_) if zh => "其中的比赛代码或名字读不出".into(),
            EntryError::Event(why) => format!("its event or name: {why}"),
            EntryError::Board { board, why } if zh => format!("第 {board} 副：{}", (self.play.load_error)(why)),
            EntryError::Board { board, why } => format!("board {board}: {}", (self.play.load_error)(why)),
        }
    }

    /// A stored entry could not be read (`why`), and what became of it.
    pub fn unreadable_entry(&self, why: &str, kept: SetAside) -> String {
        let zh = self.lang == Lang::Zh;
        match kept {
            SetAside::Kept if zh => format!("本机保存的比赛进度无法读取（{why}），已另存一份，进度从头开始。"),
            SetAside::Kept => format!("This browser's progress in the event could not be read ({why}); it was kept aside, and play starts over."),
            SetAside::LeftInPlace(e) if zh => format!(
                "本机保存的比赛进度无法读取（{why}）。没能另存一份（{}），所以它原样留着，不会被覆盖；要重新报名，得先在下面选择删除它。",
                self.storage_error(e)
            ),
            SetAside::LeftInPlace(e) => format!(
                "This browser's progress in the event could not be read ({why}). It could not be copied aside ({}), so it is left where it was and will not be written over; to enter again, first choose below to delete it.",
                self.storage_error(e)
            ),
            SetAside::Lost(e) if zh => format!(
                "本机保存的比赛进度无法读取（{why}），也没能另存（{}）：它已经丢失，进度从头开始。",
                self.storage_error(e)
            ),
            SetAside::Lost(e) => format!(
                "This browser's progress in the event could not be read ({why}) nor kept ({}): it is lost, and play starts over.",
                self.storage_error(e)
            ),
        }
    }

    /// Why a code is not what was wanted.
    pub fn code_error(&self, error: &CodeError) -> String {
        let zh = self.lang == Lang::Zh;
        let kind = |k: &CodeKind| match (k, zh) {
            (CodeKind::Event, true) => "比赛代码",
            (CodeKind::Result, true) => "成绩代码",
            (CodeKind::Event, false) => "an event code",
            (CodeKind::Result, false) => "a result code",
        };
        match error {
            CodeError::Empty if zh => "没有代码：内容是空的。".into(),
            CodeError::NotACode if zh => "这不是代码：里面有代码不会有的字符。".into(),
            CodeError::TooLong(n) if zh => format!("这不是代码：有 {n} 个字符，太长了。"),
            CodeError::Corrupted if zh => "代码已损坏（校验不符）：有字符被改动、多出或截掉了。".into(),
            CodeError::WrongKind { expected, found } if zh => {
                format!("这是{}，不是{}。", kind(found), kind(expected))
            }
            CodeError::Version(v) if zh => format!(
                "代码是第 {v} 版格式，本程序读第 {} 版。",
                engine::contest::code::VERSION
            ),
            CodeError::Malformed(why) if zh => format!("代码内容有误：{why}"),
            CodeError::WrongKind { expected, found } => format!("This is {}, not {}.", kind(found), kind(expected)),
            other => format!("{}.", super::capitalise(&other.to_string())),
        }
    }

    /// Why settings or a code are not an event.
    pub fn event_error(&self, error: &EventError) -> String {
        match error {
            EventError::Code(e) => self.code_error(e),
            EventError::Centre(e) => self.centre_error(e),
            EventError::Limit(e) => self.limit_error(e),
            other if self.lang == Lang::Zh => match other {
                EventError::Title(why) => format!("名称不行：{why}"),
                EventError::Boards(n) => format!("副数 {n} 超出范围（1 到 36）。"),
                EventError::NotARung(r) => format!("对手“{r}”不是 AI 梯级。"),
                EventError::Seeds { found, boards } => {
                    format!("测试用例只有 {found} 副不同的牌，而比赛要 {boards} 副。")
                }
                EventError::Eps(v) => format!("ε {v} 超出范围（0.001 到 1）。"),
                EventError::Rising { item, value, before } => {
                    format!("GDI 中心的第 {item} 项（{value}）比第 {before} 项大：GDI 从低等级到高等级不会上升。")
                }
                _ => other.to_string(),
            },
            other => format!("{}.", super::capitalise(&other.to_string())),
        }
    }

    /// Why a name is not one.
    pub fn name_error(&self, error: &NameError) -> String {
        match (error, self.lang) {
            (NameError::Empty, Lang::Zh) => "请填写名字。".into(),
            (NameError::TooLong(n), Lang::Zh) => format!(
                "名字有 {n} 个字，最多 {} 个。",
                engine::contest::entrant::MAX_NAME_CHARS
            ),
            (NameError::Control, Lang::Zh) => "名字里有控制字符（如制表符、换行）。".into(),
            (e, Lang::En) => format!("{}.", super::capitalise(&e.to_string())),
        }
    }

    fn result_error(&self, error: &ResultError) -> String {
        let zh = self.lang == Lang::Zh;
        match error {
            ResultError::Code(e) => self.code_error(e),
            ResultError::Event(e) if zh => format!("其中的比赛：{}", self.event_error(e)),
            ResultError::Event(e) => format!("Its event: {}", self.event_error(e)),
            ResultError::Name(e) if zh => format!("其中的名字：{}", self.name_error(e)),
            ResultError::Name(e) => format!("Its entrant's name: {}", self.name_error(e)),
            ResultError::File(why) => self.file_problem(why),
            ResultError::TooLarge(n) if zh => format!("文件有 {n} 字节，成绩文件不会这么大。"),
            ResultError::Move { board, turn, problem } if zh => format!("第 {board} 副第 {turn} 手：{problem}"),
            other => format!("{}.", super::capitalise(&other.to_string())),
        }
    }

    /// Why a file is not a result file.
    fn file_problem(&self, problem: &FileProblem) -> String {
        if self.lang == Lang::En {
            return format!("Not a result file: {problem}.");
        }
        let why = match problem {
            FileProblem::Binary => "它根本不是文字（是图片或文档吧？）".to_string(),
            FileProblem::NotAResult => "它既不是成绩文件（JSON），也不是一行一个的成绩代码".to_string(),
            FileProblem::Truncated => "内容没写完就断了（被截掉了？）".to_string(),
            FileProblem::Syntax { line, column } => format!("第 {line} 行第 {column} 列起不是 JSON"),
            FileProblem::Missing { field } => format!("缺少成绩文件必有的字段“{field}”"),
            FileProblem::Shape { line, column } => format!("第 {line} 行第 {column} 列的值类型不对"),
            FileProblem::Tag(tag) => format!("它自称是“{tag}”"),
            FileProblem::Boards(n) => format!("有 {n} 副牌，任何比赛都没有这么多"),
            FileProblem::Moves { board, moves } => format!("第 {board} 副有 {moves} 手，一副牌打不了这么多手"),
        };
        format!("不是成绩文件：{why}。")
    }

    /// A column of the standings' CSV, in this language.
    pub fn csv_column(&self, column: Column) -> String {
        let c = self.contest;
        match column {
            Column::Place => c.place.to_string(),
            Column::Entrant => c.entrant.to_string(),
            Column::RankPoints => c.rank_points.to_string(),
            Column::Score => c.score.to_string(),
            Column::FieldBeaten => c.beaten_head.to_string(),
            Column::Board(k, what) => {
                let what = match what {
                    BoardColumn::Score => c.score,
                    BoardColumn::Place => c.place,
                    BoardColumn::Points => c.rank_points,
                    BoardColumn::FieldBeaten => c.beaten_head,
                };
                (c.board_column)(k, what)
            }
        }
    }

    fn record_problem(&self, problem: &RecordProblem) -> String {
        if self.lang == Lang::En {
            return problem.to_string();
        }
        match problem {
            RecordProblem::Illegal { turn, seat, mv, problem } => {
                let why = self.illegal_move(problem);
                let hint = if matches!(problem, engine::IllegalMove::NotHeld { .. }) {
                    "（记录与牌局对不上）"
                } else {
                    ""
                };
                format!("第 {turn} 手（{}，{mv}）不合规则：{why}{hint}", self.seat(*seat))
            }
            RecordProblem::Unfinished { moves } => format!("记录在第 {moves} 手就停了，还没有人出完牌（缺少出牌）。"),
            RecordProblem::AfterEnd { turn } => format!("第 {turn} 手：这副牌已经结束了。"),
            RecordProblem::NotTheOpponents {
                turn,
                seat,
                played,
                expected,
                opponents,
            } => format!("第 {turn} 手（{}）：记录里是 {played}，但比赛的 {opponents} 对手在这里出 {expected}（对手的出牌被改过）。", self.seat(*seat)),
        }
    }

    /// Why a result was refused, in this language.
    pub fn rejection(&self, reason: &Rejection) -> String {
        let zh = self.lang == Lang::Zh;
        match reason {
            Rejection::Unreadable(e) => self.result_error(e),
            Rejection::OtherEvent { title } if zh && title.is_empty() => "这是另一场比赛的成绩。".into(),
            Rejection::OtherEvent { title } if zh => format!("这是另一场比赛（“{title}”）的成绩。"),
            Rejection::OtherEvent { title } if title.is_empty() => "It is for another event.".into(),
            Rejection::OtherEvent { title } => format!("It is for another event (\"{title}\")."),
            Rejection::SameEntrant { entrant, first } if zh => format!("{entrant} 已经报过名了（{first}）。"),
            Rejection::SameEntrant { entrant, first } => format!("{entrant} has already entered ({first})."),
            Rejection::Boards { found, expected } if zh => format!("有 {found} 副牌的记录，比赛共 {expected} 副。"),
            Rejection::Boards { found, expected } => format!("It has {found} boards; the event has {expected}."),
            Rejection::Deals(e) => self.boards_error(e),
            Rejection::Board { board, problem } if zh => format!("第 {board} 副：{}", self.record_problem(problem)),
            Rejection::Board { board, problem } => format!("Board {board}: {}.", self.record_problem(problem)),
            // The CLI's files; a page reads what the browser hands it.
            Rejection::NotOpened(why) if zh => format!("文件打不开：{why}"),
            Rejection::NotOpened(why) => format!("It could not be opened: {why}."),
        }
    }

    /// Why an entrant's boards could not be dealt.
    pub fn boards_error(&self, error: &BoardsError) -> String {
        match (error, self.lang) {
            (BoardsError::TooFewEqual { found, wanted, tried }, Lang::Zh) => {
                format!("试了 {tried} 副牌，只有 {found} 副在中心的 ε 以内，要 {wanted} 副：这个中心或 ε 难以达到。")
            }
            (BoardsError::Withheld, Lang::Zh) => {
                "这是线上比赛的公开代码：牌只由它的服务器发出（比赛结束后，完整代码才能推算出每一副牌）。".into()
            }
            (BoardsError::Player(e), _) => self.player_error(e),
            (e, Lang::En) => format!("{}.", super::capitalise(&e.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{EN, ZH};
    use engine::contest::code::CodeError;
    use engine::contest::{FileProblem, Rejection, ResultError};

    #[test]
    fn refusals_are_worded_in_both_languages() {
        let corrupted = Rejection::Unreadable(ResultError::Code(CodeError::Corrupted));
        assert!(ZH.rejection(&corrupted).contains("损坏"));
        assert!(EN.rejection(&corrupted).contains("corrupted"));
        let other = Rejection::OtherEvent { title: "周五".into() };
        assert!(ZH.rejection(&other).contains("另一场比赛"));
        assert!(EN.rejection(&other).contains("another event"));
    }

    #[test]
    fn a_file_that_is_not_a_result_is_told_in_the_pages_language() {
        let missing = Rejection::Unreadable(ResultError::File(FileProblem::Missing { field: "file".into() }));
        assert_eq!(ZH.rejection(&missing), "不是成绩文件：缺少成绩文件必有的字段“file”。");
        assert_eq!(
            EN.rejection(&missing),
            "Not a result file: the field 'file' is missing."
        );
        let picture = Rejection::Unreadable(ResultError::File(FileProblem::Binary));
        assert!(ZH.rejection(&picture).contains("不是文字"));
    }
}

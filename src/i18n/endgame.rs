//! The Endgame page's words (残局), in both languages.

use engine::puzzles::Theme;

use super::Lang;
use crate::web::SetAside;

pub struct EndgameStrings {
    /// The task of a position: who is to move, whether it leads, whether
    /// the side to move wins, whether that is the landlord, and in how
    /// many plays when proven (see `worker::WinsIn`).
    pub task: fn(&str, bool, bool, bool, Option<u32>) -> String,
    pub mode_try: &'static str,
    pub mode_analyse: &'static str,
    pub mode_label: &'static str,
    pub try_intro: &'static str,
    pub your_turn: fn(&str) -> String,
    pub their_turn: fn(&str) -> String,
    pub threw_away: fn(&str) -> String,
    pub winning_play: fn(&str) -> String,
    pub retry: &'static str,
    pub show_answer: &'static str,
    pub solved: &'static str,
    pub lost: &'static str,
    pub win: &'static str,
    pub lose: &'static str,
    pub estimate: &'static str,
    pub win_long: &'static str,
    pub lose_long: &'static str,
    pub estimate_long: &'static str,
    pub moves_title: &'static str,
    pub moves_note: &'static str,
    pub equivalents: fn(usize) -> String,
    pub analysing: fn(u32, u32) -> String,
    pub line_title: &'static str,
    pub follow_line: &'static str,
    pub start_over: &'static str,
    pub utility: &'static str,
    pub utilities: [&'static str; 2],
    pub score_after: fn(i32) -> String,
    pub unknown_puzzle: fn(&str, usize) -> String,
    /// The puzzle library: a level by number, with how many of its puzzles
    /// are solved and their stars; a puzzle by its number in its level.
    pub level_option: fn(u8, usize, usize, u32) -> String,
    pub level_title: fn(u8) -> String,
    pub puzzle_number: fn(usize) -> String,
    pub daily: &'static str,
    pub daily_done: &'static str,
    /// Puzzles solved in a row without a slip, and the best run.
    pub streak: fn(u32, u32) -> String,
    pub next_puzzle: &'static str,
    pub solved_mark: &'static str,
    /// Stored progress that could not be read (why), and what became of
    /// it: kept aside; left where it was, and nothing saved over it; lost.
    pub progress_unreadable: fn(&str, SetAside) -> String,
    pub custom_title: &'static str,
    pub hands_title: &'static str,
    pub over: fn(&str) -> String,
    pub position_label: &'static str,
    /// A play that wins, and in how many of the winner's plays.
    pub wins_in: fn(u32) -> String,
    /// The position's verdict: whether the landlord wins, in how many plays.
    pub side_wins: fn(bool, Option<u32>) -> String,
    /// The position's estimate: whether the landlord is ahead.
    pub side_ahead: fn(bool) -> String,
    /// A time limit in seconds.
    pub seconds: fn(f64) -> String,
    pub record_title: &'static str,
    /// The player's rating, and what counts for it.
    pub rating: fn(i32) -> String,
    pub rating_rule: &'static str,
    /// Whether the try on the board is rated (a first try) or not.
    pub try_rated: &'static str,
    pub try_not_rated: &'static str,
    /// A puzzle's rating.
    pub puzzle_rating: fn(i32) -> String,
    /// After a rated try: the player's rating and change, the puzzle's.
    pub rating_change: fn(i32, i32, i32, i32) -> String,
    /// A solve: its stars (1–3), whether it carried the streak on, the
    /// streak now.
    pub solved_with: fn(u8, bool, u32) -> String,
    /// Stars as words, for a screen reader (0: none yet).
    pub stars: fn(u8) -> String,
    /// A level's stars out of all it could have.
    pub level_stars: fn(u32, u32) -> String,
    /// How the next puzzle is chosen: near the rating, or a level.
    pub pick_label: &'static str,
    pub pick_rating: &'static str,
    pub theme_label: &'static str,
    pub theme_all: &'static str,
    pub theme: fn(Theme) -> &'static str,
    /// What a theme means, in a sentence.
    pub theme_about: fn(Theme) -> &'static str,
    /// The bar's title when a theme is picked: its name and how many.
    pub theme_title: fn(&str, usize) -> String,
    pub themes_label: &'static str,
    /// The only play is the pass: made for the player.
    pub forced_pass: &'static str,
    pub save_failed: fn(&str) -> String,
}

pub static ZH: EndgameStrings = EndgameStrings {
    task: |seat, leads, mover_wins, landlord, n| {
        let turn = if leads {
            format!("{seat}先出")
        } else {
            format!("轮到{seat}接牌")
        };
        let plays = n.map(|n| format!("（{n} 手）")).unwrap_or_default();
        match (mover_wins, landlord) {
            (true, _) => format!("{turn}，必胜{plays}"),
            (false, true) => format!("{turn}，地主必胜{plays}"),
            (false, false) => format!("{turn}，农民必胜{plays}"),
        }
    },
    mode_try: "自己试",
    mode_analyse: "看答案",
    mode_label: "做题方式",
    try_intro: "先自己试：出一手牌，神算子替对方应对。走错一步会马上告诉你。",
    your_turn: |seat| format!("轮到你（{seat}）出牌：点一种出法。"),
    their_turn: |seat| format!("{seat}正在应对……"),
    threw_away: |play| format!("这一步丢掉了胜局：{play}。"),
    winning_play: |play| format!("能赢的出法：{play}。"),
    retry: "重试这一步",
    show_answer: "看答案",
    solved: "成功！这局赢下来了。",
    lost: "这局输了。可以重试，或者看答案。",
    win: "胜",
    lose: "负",
    estimate: "估",
    win_long: "出这手能赢（已证明）",
    lose_long: "出这手会输（已证明）",
    estimate_long: "时限内未能证明，这是估计",
    moves_title: "所有出法（好的在前）",
    moves_note:
        "胜、负是对轮到的一方而言；“必胜（几手）”数的是赢家还要出几手牌，不出不算。悬停可在牌桌上预览，点击就出这手。",
    equivalents: |n| format!("另有 {n} 种同样结果的出法"),
    analysing: |done, total| format!("分析中：{done} / {total} 种出法"),
    line_title: "最佳走法（输的一方尽量拖长）",
    follow_line: "在牌桌上逐手看",
    start_over: "回到开头",
    utility: "比较",
    utilities: ["胜负", "得分"],
    score_after: |v| format!("地主得分 {v:+}"),
    unknown_puzzle: |n, total| format!("没有这道题：链接里的题号是“{n}”，题库共 {total} 道。"),
    level_option: |n, solved, total, stars| format!("第 {n} 关（已解 {solved}/{total} · ★ {stars}）"),
    level_title: |n| format!("第 {n} 关"),
    puzzle_number: |k| format!("第 {k} 题"),
    daily: "每日一题",
    daily_done: "今日已解",
    streak: |n, best| format!("连对 {n} 题 · 最佳 {best}"),
    next_puzzle: "下一题",
    solved_mark: "已解",
    progress_unreadable: |why, kept| {
        let storage = |e| Lang::Zh.strings().storage_error(e);
        match kept {
            SetAside::Kept => format!("之前保存的残局进度无法读取（{why}），原文已另存，进度从头记起。"),
            SetAside::LeftInPlace(e) => format!("之前保存的残局进度无法读取（{why}）。没法另存一份（{}），原文留在原处未动：这次的进度不会保存。", storage(e)),
            SetAside::Lost(e) => format!("之前保存的残局进度无法读取（{why}），也没能另存（{}），原文已丢失。", storage(e)),
        }
    },
    custom_title: "自己摆残局",
    hands_title: "牌桌",
    over: |winner| format!("{winner}已出完。"),
    position_label: "局面",
    wins_in: |n| format!("必胜（{n} 手）"),
    side_wins: |landlord, n| {
        let side = if landlord { "地主" } else { "农民" };
        match n {
            Some(n) => format!("{side}必胜（{n} 手）"),
            None => format!("{side}必胜"),
        }
    },
    side_ahead: |landlord| format!("估计{}占优（时限内未能证明）", if landlord { "地主" } else { "农民" }),
    seconds: |s| format!("{s} 秒"),
    record_title: "出牌记录",
    rating: |r| format!("等级分 {r}"),
    rating_rule: "等级分的算法和国际象棋网站给残局题评分的一样：每道题只算你第一次尝试。一步不错解出来，你涨分、题目降分；走错一步或看了答案，你降分、题目涨分。下一题按你的等级分挑，也可以自己选关卡。",
    try_rated: "这是你第一次做这道题：计入等级分。",
    try_not_rated: "这道题你做过了：这次不计等级分。",
    puzzle_rating: |r| format!("本题 {r} 分"),
    rating_change: |player, dp, puzzle, dq| {
        format!("你的等级分 {player}（{}），本题 {puzzle}（{}）", signed(dp), signed(dq))
    },
    solved_with: |stars, counted, streak| {
        let how = match stars {
            3 => "三星，一步没错",
            2 => "两星，中间走错过",
            _ => "一星，看过答案",
        };
        if counted {
            format!("成功！{how}。连对 {streak} 题。")
        } else {
            format!("成功！{how}。这次不算连对，连对从 0 重新数。")
        }
    },
    stars: |n| if n == 0 { "还没有星".into() } else { format!("{n} 星") },
    level_stars: |got, of| format!("★ {got}/{of}"),
    pick_label: "选题",
    pick_rating: "按我的等级分",
    theme_label: "主题",
    theme_all: "全部",
    theme: |t| match t {
        Theme::Split => "拆牌",
        Theme::Pass => "不出",
        Theme::Bomb => "炸弹",
        Theme::Farmers => "农民",
        Theme::Quick => "速胜",
        Theme::Long => "长局",
        Theme::HeadsUp => "两人",
        Theme::ThreeSeats => "三人",
    },
    theme_about: |t| match t {
        Theme::Split => "要把牌拆开打：答案不在最顺的拆法里",
        Theme::Pass => "答案是不出",
        Theme::Bomb => "牌桌上有炸弹或王炸",
        Theme::Farmers => "农民一方要赢",
        Theme::Quick => "两手以内必胜",
        Theme::Long => "要 5 手以上才赢",
        Theme::HeadsUp => "地主对一个农民",
        Theme::ThreeSeats => "地主对两个农民",
    },
    theme_title: |name, n| format!("主题：{name}（{n} 题）"),
    themes_label: "主题",
    forced_pass: "要不起，自动不出。",
    save_failed: |why| format!("残局进度没能保存：{why}。"),
};

pub static EN: EndgameStrings = EndgameStrings {
    task: |seat, leads, mover_wins, landlord, n| {
        let turn = if leads { format!("{seat} to play") } else { format!("{seat} to answer") };
        let plays = n.map(|n| format!(" in {n}")).unwrap_or_default();
        match (mover_wins, landlord) {
            (true, _) => format!("{turn} and win{plays}"),
            (false, true) => format!("{turn}: the landlord wins{plays}"),
            (false, false) => format!("{turn}: the farmers win{plays}"),
        }
    },
    mode_try: "Try it",
    mode_analyse: "Answers",
    mode_label: "Mode",
    try_intro: "Try it yourself first: make a play and the solver answers for the other side. A play that throws the win away is flagged at once.",
    your_turn: |seat| format!("Your move ({seat}): pick a play."),
    their_turn: |seat| format!("{seat} is answering…"),
    threw_away: |play| format!("That play threw the win away: {play}."),
    winning_play: |play| format!("A winning play: {play}."),
    retry: "Retry this move",
    show_answer: "Show the answers",
    solved: "Solved! The deal is won.",
    lost: "The deal is lost. Retry, or look at the answers.",
    win: "W",
    lose: "L",
    estimate: "?",
    win_long: "wins (proven)",
    lose_long: "loses (proven)",
    estimate_long: "not proven within the time limit: an estimate",
    moves_title: "Every play, best first",
    moves_note: "Win and loss are for the side to move; \"in N\" counts the plays the winner still makes (passes not counted). Hover to preview a play on the table; click to make it.",
    equivalents: |n| if n == 1 { "1 more play with the same result".into() } else { format!("{n} more plays with the same result") },
    analysing: |done, total| format!("Analysing: {done} / {total} plays"),
    line_title: "Best play (the losing side holding out longest)",
    follow_line: "Step through it on the table",
    start_over: "Back to the start",
    utility: "Compare by",
    utilities: ["win or loss", "score"],
    score_after: |v| format!("landlord's score {v:+}"),
    unknown_puzzle: |n, total| format!("There is no such puzzle: the link asks for \"{n}\", and the library holds {total}."),
    level_option: |n, solved, total, stars| format!("Level {n} ({solved}/{total} solved · ★ {stars})"),
    level_title: |n| format!("Level {n}"),
    puzzle_number: |k| format!("Puzzle {k}"),
    daily: "Puzzle of the day",
    daily_done: "solved today",
    streak: |n, best| format!("Streak {n} · best {best}"),
    next_puzzle: "Next puzzle",
    solved_mark: "solved",
    progress_unreadable: |why, kept| {
        let storage = |e| Lang::En.strings().storage_error(e);
        match kept {
            SetAside::Kept => format!("Your saved puzzle progress could not be read ({why}); its text was kept aside and progress starts afresh."),
            SetAside::LeftInPlace(e) => format!("Your saved puzzle progress could not be read ({why}). It could not be copied aside ({}), so its text stays where it was, untouched, and this session's progress is not saved.", storage(e)),
            SetAside::Lost(e) => format!("Your saved puzzle progress could not be read ({why}) nor kept ({}): it is lost.", storage(e)),
        }
    },
    custom_title: "Set up your own",
    hands_title: "Table",
    over: |winner| format!("{winner} went out."),
    position_label: "Position",
    wins_in: |n| format!("wins in {n}"),
    side_wins: |landlord, n| {
        let side = if landlord { "The landlord wins" } else { "The farmers win" };
        match n {
            Some(n) => format!("{side} in {n}"),
            None => side.to_string(),
        }
    },
    side_ahead: |landlord| {
        format!("Estimate: the {} ahead (not proven in time)", if landlord { "landlord is" } else { "farmers are" })
    },
    seconds: |s| format!("{s} s"),
    record_title: "Moves made",
    rating: |r| format!("Rating {r}"),
    rating_rule: "Rating (Glicko-2, as Lichess rates its puzzles): only your first try of a puzzle counts. Solve it without a wrong play and your rating goes up and the puzzle's down; a wrong play or a look at the answer, the other way. The next puzzle is chosen near your rating, unless you pick a level.",
    try_rated: "Your first try of this puzzle: it is rated.",
    try_not_rated: "You have tried this puzzle before: this try is not rated.",
    puzzle_rating: |r| format!("Puzzle rating {r}"),
    rating_change: |player, dp, puzzle, dq| {
        format!("Your rating {player} ({}); the puzzle {puzzle} ({})", signed(dp), signed(dq))
    },
    solved_with: |stars, counted, streak| {
        let how = match stars {
            3 => "3 stars, no wrong play",
            2 => "2 stars, after a wrong play",
            _ => "1 star, after seeing the answer",
        };
        if counted {
            format!("Solved! {how}. Streak {streak}.")
        } else {
            format!("Solved! {how}. This solve does not count for the streak, which starts again from 0.")
        }
    },
    stars: |n| match n {
        0 => "no stars yet".into(),
        1 => "1 star".into(),
        n => format!("{n} stars"),
    },
    level_stars: |got, of| format!("★ {got}/{of}"),
    pick_label: "Puzzles",
    pick_rating: "Near my rating",
    theme_label: "Theme",
    theme_all: "All",
    theme: |t| match t {
        Theme::Split => "Split",
        Theme::Pass => "Pass",
        Theme::Bomb => "Bomb",
        Theme::Farmers => "Farmers",
        Theme::Quick => "Quick",
        Theme::Long => "Long",
        Theme::HeadsUp => "1v1",
        Theme::ThreeSeats => "Three seats",
    },
    theme_about: |t| match t {
        Theme::Split => "Break the hand up: the answer is not in its smoothest split",
        Theme::Pass => "The answer is to pass",
        Theme::Bomb => "A bomb or the rocket is on the table",
        Theme::Farmers => "The farmers must win",
        Theme::Quick => "A win in 2 plays or fewer",
        Theme::Long => "A win that takes 5 plays or more",
        Theme::HeadsUp => "The landlord against one farmer",
        Theme::ThreeSeats => "The landlord against two farmers",
    },
    theme_title: |name, n| format!("Theme: {name} ({n} puzzles)"),
    themes_label: "Themes",
    forced_pass: "You cannot beat it: passing for you.",
    save_failed: |why| format!("Your puzzle progress could not be saved: {why}."),
};

/// A change of rating as players write it: +12, −8, ±0.
fn signed(n: i32) -> String {
    match n {
        0 => "±0".into(),
        n if n > 0 => format!("+{n}"),
        n => format!("−{}", n.unsigned_abs()),
    }
}

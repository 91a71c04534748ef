//! The Endgame page's words (残局), in both languages.

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
    /// are solved; a puzzle by its number in its level.
    pub level_label: &'static str,
    pub level_option: fn(u8, usize, usize) -> String,
    pub level_title: fn(u8) -> String,
    pub puzzle_number: fn(usize) -> String,
    pub daily: &'static str,
    pub daily_done: &'static str,
    /// Puzzles solved in a row without a slip, and the best run.
    pub streak: fn(u32, u32) -> String,
    pub next_puzzle: &'static str,
    pub solved_mark: &'static str,
    /// Why stored progress could not be read, and what became of it.
    pub progress_unreadable: fn(&str, &str) -> String,
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
    level_label: "关卡",
    level_option: |n, solved, total| format!("第 {n} 关（已解 {solved}/{total}）"),
    level_title: |n| format!("第 {n} 关"),
    puzzle_number: |k| format!("第 {k} 题"),
    daily: "每日一题",
    daily_done: "今日已解",
    streak: |n, best| format!("连对 {n} 题 · 最佳 {best}"),
    next_puzzle: "下一题",
    solved_mark: "已解",
    progress_unreadable: |why, kept| format!("之前保存的残局进度无法读取（{why}），{kept}；进度从头记起。"),
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
    level_label: "Level",
    level_option: |n, solved, total| format!("Level {n} ({solved}/{total} solved)"),
    level_title: |n| format!("Level {n}"),
    puzzle_number: |k| format!("Puzzle {k}"),
    daily: "Puzzle of the day",
    daily_done: "solved today",
    streak: |n, best| format!("Streak {n} · best {best}"),
    next_puzzle: "Next puzzle",
    solved_mark: "solved",
    progress_unreadable: |why, kept| format!("Your saved puzzle progress could not be read ({why}); {kept}, and progress starts afresh."),
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
};

//! The daily contest's card, history and ending, in both languages, and
//! why a stored daily record could not be read.

use super::Lang;
use crate::game::journal::{DayProblem, JournalError, MAX_DAYS, MAX_TEXT};
use crate::web::SetAside;

pub struct DailyStrings {
    /// Today's contest in a line: boards and opponents.
    pub summary: fn(u8, &str) -> String,
    pub rules: &'static str,
    /// Boards played of all, and the total so far.
    pub so_far: fn(usize, usize, i64) -> String,
    /// Under the total: over how many boards.
    pub total_of: fn(usize) -> String,
    /// The place among everyone placed (the entrant and the field's players).
    pub place: fn(u32, u32) -> String,
    /// The share of the field's players beaten: their number, the share.
    pub beaten: fn(u32, &str) -> String,
    /// Fields known of all boards, while the rest are worked out.
    pub waiting: fn(usize, usize) -> String,
    pub review_board: fn(usize) -> String,
    /// A board's score, for a screen reader.
    pub board_score: fn(usize, i64) -> String,
    pub board_unplayed: fn(usize) -> String,
    pub records: &'static str,
    pub review: &'static str,
    pub no_organiser: &'static str,

    pub streak_none: &'static str,
    pub streak_on: fn(u32) -> String,
    /// The streak up to yesterday, today's still to play.
    pub streak_keep: fn(u32) -> String,
    pub streak_best: fn(u32) -> String,

    pub history_link: &'static str,
    pub history_title: &'static str,
    pub history_intro: &'static str,
    pub history_empty: &'static str,
    pub days_finished: fn(usize) -> String,
    pub today: &'static str,
    /// A day's place, its size and the share beaten, in a few words.
    pub place_short: fn(u32, u32, &str) -> String,
    /// A finished day whose field is not all known: boards known of all.
    pub field_short: fn(usize, usize) -> String,
    pub unfinished: fn(usize, usize) -> String,

    /// The daily record could not be read (why), and what became of it.
    pub record_unreadable: fn(&str, SetAside) -> String,
    pub record_error: fn(&JournalError) -> String,
    /// The daily record could not be saved (why).
    pub not_saved: fn(&str) -> String,
}

/// 1st, 2nd, 3rd, 4th, 11th, 21st …
fn ordinal(n: u32) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

pub static ZH: DailyStrings = DailyStrings {
    summary: |boards, opponents| format!("{boards} 副复式，地主、农民轮流坐，对手是{opponents}。"),
    rules: "规则",
    so_far: |done, all, total| format!("已打 {done}/{all} 副，目前合计 {total:+} 分。"),
    total_of: |boards| format!("{boards} 副合计"),
    place: |place, of| format!("第 {place} 名（共 {of} 人）"),
    beaten: |players, share| format!("和 AI 场 {players} 位选手比总分，胜过其中 {share}（平局算一半）。"),
    waiting: |known, all| format!("AI 场还在算（已算好 {known}/{all} 副），算完后这里显示你的名次。"),
    review_board: |k| format!("复盘第 {k} 副"),
    board_score: |k, s| format!("第 {k} 副 {s:+} 分，复盘"),
    board_unplayed: |k| format!("第 {k} 副还没打"),
    records: "牌谱",
    review: "逐副复盘",
    no_organiser: "每日赛没有组织者，不用交成绩：成绩记在这台设备的每日赛记录里。可以看看这一天的牌谱，或者逐副复盘。",

    streak_none: "打完今天的每日赛，开始连续天数",
    streak_on: |n| format!("连续 {n} 天"),
    streak_keep: |n| format!("连续 {n} 天，打完今天的就是第 {} 天", n + 1),
    streak_best: |n| format!("最佳 {n} 天"),

    history_link: "每日赛记录",
    history_title: "每日赛记录",
    history_intro: "每天的成绩只记在这台设备上。点一副的分数复盘那一副。",
    history_empty: "还没有打过每日赛。",
    days_finished: |n| format!("共打完 {n} 天"),
    today: "今天",
    place_short: |place, of, share| format!("第 {place}/{of} 名 · 胜过 {share}"),
    field_short: |known, all| format!("AI 场未算完（{known}/{all} 副）"),
    unfinished: |done, all| format!("没打完（{done}/{all} 副）"),

    record_unreadable: |why, kept| {
        let storage = |e| Lang::Zh.strings().storage_error(e);
        match kept {
            SetAside::Kept => {
                format!("本机的每日赛记录无法读取（{why}），已另存一份；记录按本机现有的每日赛进度重建。")
            }
            SetAside::LeftInPlace(e) => format!(
                "本机的每日赛记录无法读取（{why}）。没能另存一份（{}），所以原样留着，这次不保存新的记录。",
                storage(e)
            ),
            SetAside::Lost(e) => format!(
                "本机的每日赛记录无法读取（{why}），也没能保住（{}），已经丢失；记录按本机现有的每日赛进度重建。",
                storage(e)
            ),
        }
    },
    record_error: |e| match e {
        JournalError::TooLong(n) => format!("有 {n} 字节，超过上限 {MAX_TEXT}"),
        JournalError::Format { line, column } => format!("第 {line} 行第 {column} 列起不是每日赛记录的格式"),
        JournalError::Version(v) => format!("是更新版本（第 {v} 版）存的"),
        JournalError::TooManyDays(n) => format!("有 {n} 天，超过上限 {MAX_DAYS} 天"),
        JournalError::Day { date, problem } => {
            let what = match problem {
                DayProblem::Date => "不是日期".to_string(),
                DayProblem::Order => "日期顺序不对或重复".to_string(),
                DayProblem::Score(s) => format!("有一副得 {s:+} 分，不可能"),
                DayProblem::Fields => "算好 AI 场的副数比打完的还多".to_string(),
                DayProblem::Place => "名次和分数对不上".to_string(),
            };
            format!("“{date}”这一天{what}")
        }
    },
    not_saved: |why| format!("每日赛记录没能保存（{why}）。成绩还在各天的比赛进度里，有空间后再打开本页就会补上。"),
};

pub static EN: DailyStrings = DailyStrings {
    summary: |boards, opponents| format!("{boards} duplicate boards, landlord and farmer in turn, against {opponents}."),
    rules: "Rules",
    so_far: |done, all, total| format!("{done} of {all} boards played, {total:+} so far."),
    total_of: |boards| format!("over {boards} boards"),
    place: |place, of| format!("{} of {of}", ordinal(place)),
    beaten: |players, share| format!("Your total against the {players} players of the AI field: ahead of {share} of them (ties count half)."),
    waiting: |known, all| format!("The AI field is still being worked out ({known} of {all} boards done); your place shows here when it is."),
    review_board: |k| format!("Review board {k}"),
    board_score: |k, s| format!("Board {k}, {s:+}: review"),
    board_unplayed: |k| format!("Board {k}: not played"),
    records: "Hand records",
    review: "Review the boards",
    no_organiser: "The daily contest has no organiser and nothing to hand in: your result is kept in this browser's daily history. See the day's hand records, or review each board.",

    streak_none: "Finish today's contest to start a streak",
    streak_on: |n| format!("{n}-day streak"),
    streak_keep: |n| format!("{n}-day streak: finish today's to make it {}", n + 1),
    streak_best: |n| format!("best {n}"),

    history_link: "Daily history",
    history_title: "Daily contest history",
    history_intro: "Each day's result is kept in this browser only. Tap a board's score to review it.",
    history_empty: "No daily contest played yet.",
    days_finished: |n| format!("{n} days finished"),
    today: "today",
    place_short: |place, of, share| format!("{} of {of} · beat {share}", ordinal(place)),
    field_short: |known, all| format!("field not all worked out ({known} of {all})"),
    unfinished: |done, all| format!("unfinished ({done} of {all} boards)"),

    record_unreadable: |why, kept| {
        let storage = |e| Lang::En.strings().storage_error(e);
        match kept {
            SetAside::Kept => format!("This browser's daily history could not be read ({why}); it was kept aside, and the history is rebuilt from the daily contests' entries here."),
            SetAside::LeftInPlace(e) => format!("This browser's daily history could not be read ({why}). It could not be copied aside ({}), so it is left as it is and nothing new is saved over it.", storage(e)),
            SetAside::Lost(e) => format!("This browser's daily history could not be read ({why}) nor kept ({}): it is lost, and the history is rebuilt from the daily contests' entries here.", storage(e)),
        }
    },
    record_error: |e| match e {
        JournalError::TooLong(n) => format!("{n} bytes, over the limit of {MAX_TEXT}"),
        JournalError::Format { line, column } => format!("not a daily history from line {line}, column {column}"),
        JournalError::Version(v) => format!("saved by a newer version ({v})"),
        JournalError::TooManyDays(n) => format!("{n} days, over the limit of {MAX_DAYS}"),
        JournalError::Day { date, problem } => {
            let what = match problem {
                DayProblem::Date => "is not a date".to_string(),
                DayProblem::Order => "is out of order or twice".to_string(),
                DayProblem::Score(s) => format!("has a board scored {s:+}, which cannot be"),
                DayProblem::Fields => "has more fields worked out than boards finished".to_string(),
                DayProblem::Place => "has a place that does not go with its scores".to_string(),
            };
            format!("the day \"{date}\" {what}")
        }
    },
    not_saved: |why| format!("The daily history could not be saved ({why}). The results are still in each day's entry and are added when this page is opened with room to spare."),
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_read_as_ordinals() {
        let names: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23].into_iter().map(ordinal).collect();
        assert_eq!(
            names,
            ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd"]
        );
        assert_eq!((EN.place)(5, 23), "5th of 23");
        assert_eq!((ZH.place)(5, 23), "第 5 名（共 23 人）");
    }
}

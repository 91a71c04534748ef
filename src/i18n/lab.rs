//! The Lab page's words for a classroom: chart titles and axes, each
//! chart's sample size, export captions, the presentation mode, panel
//! names, run-time estimates and the glossary of its terms (GDI, DIH, g1…,
//! ε, panel, table), in words a teacher can read out. The terms are
//! docs/research.md's.

use super::Lang;
use crate::format::{sig, thousands};

/// DIH's n, m, r.
pub type Nmr = (u32, u32, u32);

/// A term of the glossary: its name and what it means.
pub struct Term {
    /// A stable id (`gdi`, `dih`, ...), also the glossary entry's anchor.
    pub id: &'static str,
    pub name: &'static str,
    pub meaning: &'static str,
}

pub struct LabStrings {
    pub present: &'static str,
    pub present_leave: &'static str,
    pub present_prev: &'static str,
    pub present_next: &'static str,
    pub present_hint: &'static str,
    pub both_languages: &'static str,
    pub settings: &'static str,
    /// A panel's name (`quick` → 快速组 / Quick).
    pub panel_name: fn(&str) -> &'static str,
    pub hist_title: &'static str,
    pub hist_x: &'static str,
    pub hist_y: &'static str,
    pub gdi_title: &'static str,
    pub gdi_x: &'static str,
    pub gdi_y: &'static str,
    pub dih_title: &'static str,
    pub dih_x: &'static str,
    pub rank_dih_title: &'static str,
    pub rank_near_title: &'static str,
    pub rank_x: &'static str,
    pub rank_distance_y: &'static str,
    pub places_x: &'static str,
    pub places_y: &'static str,
    pub chance: &'static str,
    /// A tournament format's name (`duplicate`, `equal`, `random`).
    pub format_name: fn(&str) -> &'static str,
    pub places_title: fn(&str) -> String,
    /// n = games (tables × games per table), with the intervals' key.
    pub n_games: fn(u64, usize, u32) -> String,
    /// n players and r for DIH, exact; whether on a log scale.
    pub n_dih: fn(u32, u32, bool) -> String,
    /// n = deals of the library, how many shown, the library's games per deal;
    /// whether the bars carry 95% intervals.
    pub n_library: fn(usize, usize, u64, bool) -> String,
    /// n tournaments and the widest 95% interval's half, in points.
    pub n_tournaments: fn(u32, f64) -> String,
    /// what, deal, panel, games, seed, date.
    pub caption_deal: fn(&str, &str, &str, u64, u64, &str) -> String,
    /// what, distribution, n, m, r, date.
    pub caption_dih: fn(&str, &str, u32, u32, u32, &str) -> String,
    /// what, library deals, panel, games per deal, (n, m, r), date.
    pub caption_library: fn(&str, usize, &str, u64, Nmr, &str) -> String,
    /// what, tables, tournaments, rounds, seed, centre and ε (or nothing), date.
    pub caption_tournament: fn(&str, &str, u32, u32, u64, &str, &str) -> String,
    /// Games in all and the time they take, in seconds.
    pub estimate: fn(u64, f64) -> String,
    pub long_run: &'static str,
    pub par_title: &'static str,
    pub par_explain: &'static str,
    pub par_run: &'static str,
    pub par_chart_title: &'static str,
    pub par_x: &'static str,
    pub par_y: &'static str,
    pub par_landlord: &'static str,
    pub par_farmers: &'static str,
    /// n = games on deals with a proven par, deals proven, deals not, budget.
    pub n_par: fn(u64, u64, u64, u64) -> String,
    /// what, library deals, panel, games per deal, par budget, date.
    pub caption_par: fn(&str, usize, &str, u64, u64, &str) -> String,
    pub par_cases_title: &'static str,
    pub par_cases_explain: &'static str,
    pub par_col: &'static str,
    pub par_first: &'static str,
    pub par_panel_wins: &'static str,
    pub par_gap: &'static str,
    pub par_unproven: &'static str,
    pub like_title: &'static str,
    pub like_explain: &'static str,
    pub like_count: &'static str,
    pub like_run: &'static str,
    /// kept, wanted, dealt, first seed, last seed.
    pub like_result: fn(usize, u32, u64, u64, u64) -> String,
    pub like_distance: &'static str,
    pub sm_title: &'static str,
    pub sm_explain: &'static str,
    pub sm_deals: &'static str,
    pub sm_limit: &'static str,
    pub sm_chart_title: &'static str,
    pub sm_x: &'static str,
    pub sm_y: &'static str,
    /// n = games, deals per size, sizes.
    pub n_sm: fn(u64, u32, usize) -> String,
    /// what, deals per size, ms a move, seed, date.
    pub caption_sm: fn(&str, u32, f64, u64, &str) -> String,
    pub dih_exact: &'static str,
    pub glossary_title: &'static str,
    pub glossary_intro: &'static str,
    pub what_is: fn(&str) -> String,
    pub terms: &'static [Term],
}

impl LabStrings {
    /// The term with this id (the glossary has every id the page uses).
    pub fn term(&self, id: &str) -> Option<&'static Term> {
        self.terms.iter().find(|t| t.id == id)
    }
}

/// About `s` seconds, rounded as a person would say it.
fn seconds(s: f64) -> String {
    if s < 1.0 {
        "1".into()
    } else if s < 10.0 {
        format!("{:.0}", s.ceil())
    } else {
        format!("{:.0}", (s / 5.0).ceil() * 5.0)
    }
}

pub static ZH: LabStrings = LabStrings {
    present: "演示模式",
    present_leave: "退出演示",
    present_prev: "上一张图",
    present_next: "下一张图",
    present_hint: "每屏一张图；用 ← → 或翻页键切换，参数在每张图下的“设置”里。",
    both_languages: "图表中英双语（用于导出）",
    settings: "设置",
    panel_name: |p| match p {
        "quick" => "快速组",
        "ladder" => "阶梯组",
        "strong" => "强手组",
        _ => "？",
    },
    hist_title: "得分分布",
    hist_x: "地主得分",
    hist_y: "占全部对局的比例",
    gdi_title: "难度等级 GDI",
    gdi_x: "等级",
    gdi_y: "达到该等级的比例",
    dih_title: "区分度 DIH 随轮数的变化",
    dih_x: "轮数 m",
    rank_dih_title: "区分度 DIH 最高的牌局",
    rank_near_title: "离 GDI 中心最近的牌局",
    rank_x: "牌局种子",
    rank_distance_y: "与中心的距离",
    places_x: "名次",
    places_y: "牌桌（地主 AI）",
    chance: "概率",
    format_name: |f| match f {
        "duplicate" => "复式",
        "equal" => "同等牌力",
        _ => "随机",
    },
    places_title: |f| format!("{}：各桌得各名次的概率", (ZH.format_name)(f)),
    n_games: |n, tables, per| {
        format!("n = {} 局（{tables} 桌 × 每桌 {per} 局）· 竖线：95% 区间", thousands(n))
    },
    n_dih: |players, top, log| {
        format!(
            "n = {players} 名选手，前 r = {top} 名 · 精确计算，不是抽样{}",
            if log { " · 对数刻度" } else { "" }
        )
    },
    n_library: |deals, shown, games, intervals| {
        format!(
            "n = 牌库 {} 副牌（每副 {} 局），图中为前 {shown} 副{}",
            thousands(deals as u64),
            thousands(games),
            if intervals { " · 竖线：95% 区间" } else { "" }
        )
    },
    n_tournaments: |n, half| {
        format!(
            "n = 每种赛制 {} 场比赛 · 每格的 95% 区间不超过 ±{} 个百分点",
            thousands(u64::from(n)),
            sig(half, 2)
        )
    },
    caption_deal: |what, deal, panel, games, seed, date| {
        format!("{what}｜牌局 {deal}｜牌桌组：{panel}｜{} 局｜种子 {seed}｜{date}", thousands(games))
    },
    caption_dih: |what, dist, n, m, r, date| format!("{what}｜每轮分布 {dist}｜n = {n}，m = {m}，r = {r}｜{date}"),
    caption_library: |what, deals, panel, games, (n, m, r), date| {
        format!(
            "{what}｜内置牌库 {} 副牌｜牌桌组：{panel}，每副 {} 局｜n = {n}，m = {m}，r = {r}｜{date}",
            thousands(deals as u64),
            thousands(games)
        )
    },
    caption_tournament: |what, tables, matches, rounds, seed, strength, date| {
        let strength = if strength.is_empty() { String::new() } else { format!("｜{strength}") };
        format!(
            "{what}｜牌桌 {tables}｜{} 场 × {rounds} 轮｜种子 {seed}{strength}｜{date}",
            thousands(u64::from(matches))
        )
    },
    estimate: |games, s| format!("共 {} 局，约 {} 秒", thousands(games), seconds(s)),
    long_run: "这次计算较长，不会自动开始：准备好后按“开始”。",
    par_title: "明牌结果与牌桌组",
    par_explain: "牌库里每副牌都用神算子明牌算过（地主先出、所有手牌公开）。这里看牌桌组的地主在“明牌地主必胜”和“明牌农民必胜”的牌局里各赢了多少。明牌能赢、牌桌组却常输的牌局，最值得拿来讲解。",
    par_run: "比较",
    par_chart_title: "牌桌组的地主胜率，按明牌结果分组",
    par_x: "明牌结果",
    par_y: "牌桌组地主的胜率",
    par_landlord: "明牌地主必胜",
    par_farmers: "明牌农民必胜",
    n_par: |games, proven, unproven, budget| {
        format!(
            "n = {} 局（明牌已证明的 {} 副牌；另有 {} 副在 {} 个节点内未证明，不计）· 竖线：95% 区间",
            thousands(games),
            thousands(proven),
            thousands(unproven),
            thousands(budget)
        )
    },
    caption_par: |what, deals, panel, games, budget, date| {
        format!(
            "{what}｜内置牌库 {} 副牌｜牌桌组：{panel}，每副 {} 局｜明牌：每副至多 {} 个节点｜{date}",
            thousands(deals as u64),
            thousands(games),
            thousands(budget)
        )
    },
    par_cases_title: "教学案例：明牌能赢，牌桌组却常输",
    par_cases_explain: "按差距排序：明牌赢家在牌桌组里输掉的对局比例。点一行在上面打开这副牌。",
    par_col: "明牌",
    par_first: "首出",
    par_panel_wins: "牌桌组地主胜率",
    par_gap: "差距",
    par_unproven: "未证明",
    like_title: "同等牌力的新牌局",
    like_explain: "从种子 10000 起发新牌，每副用同一牌桌组、每桌 8 局打过，留下 GDI 与这副牌相距不到 ε 的：可用于同等牌力赛制的新牌。",
    like_count: "要几副",
    like_run: "发同等牌力的牌",
    like_result: |kept, wanted, tried, first, last| {
        format!(
            "发了 {} 副（种子 {first}–{last}），留下 {kept} 副{}（{:.1}%）",
            thousands(tried),
            if (kept as u32) < wanted { "，没凑够" } else { "" },
            100.0 * kept as f64 / tried.max(1) as f64
        )
    },
    like_distance: "与这副牌的距离",
    sm_title: "神算子对启发式 AI（1 对 1，明牌）",
    sm_explain: "搜索论文的实验：每种手牌张数随机发若干副 1 对 1 的牌，神算子（每步限时）和启发式 AI 各坐一边，再换座位打一遍。净胜张数是赢家出完时输家手里剩的牌，神算子赢为正，两种座位相加。论文发现它随张数增长。",
    sm_deals: "每种张数的牌局数",
    sm_limit: "神算子每步时限（毫秒）",
    sm_chart_title: "神算子的净胜张数，按手牌张数",
    sm_x: "每手牌张数",
    sm_y: "每副牌的净胜张数（两种座位合计）",
    n_sm: |games, deals, sizes| {
        format!("n = {} 局（{sizes} 种张数 × {deals} 副 × 2 种座位）· 竖线：95% 区间", thousands(games))
    },
    caption_sm: |what, deals, ms, seed, date| {
        format!("{what}｜每种张数 {deals} 副，换座位各打一次｜神算子每步 {} 毫秒｜种子 {seed}｜{date}", sig(ms, 3))
    },
    dih_exact: "DIH 是精确算出的，不是抽样估计。",
    glossary_title: "术语表",
    glossary_intro: "页面上每个术语旁的 ⓘ 也会给出同样的解释。",
    what_is: |term| format!("什么是{term}？"),
    terms: &[
        Term {
            id: "table",
            name: "牌桌",
            meaning: "一张牌桌：一个 AI 当地主，对两个 AI 农民，把同一副牌从头打到尾。",
        },
        Term {
            id: "panel",
            name: "牌桌组",
            meaning: "一组牌桌：地主 AI 从弱到强，农民 AI 都一样。每张桌把这副牌打若干局，得分分布就来自这些对局。AI 按梯级从第 0 级（新手）到第 11 级（大师）编号，高手是第 7 级。快速组：第 0–7 级当地主，第 7 级当农民；阶梯组：第 0–10 级当地主，第 7 级当农民；强手组：第 7–10 级当地主，第 8 级当农民。",
        },
        Term {
            id: "gdi",
            name: "GDI（等级难度评估指标）",
            meaning: "把地主可能的得分从低到高看作等级。GDI 是一串比例 g1、g2……：有多少比例的对局达到了每个等级或更高。g 越大，这副牌对地主越容易。",
        },
        Term {
            id: "g",
            name: "g1、g2……",
            meaning: "g1 是避开了最差得分的对局比例；g2 是再高一级及以上的比例；最后一个 g 是拿到最高分的比例。",
        },
        Term {
            id: "bid-rule",
            name: "叫分估算",
            meaning: "大王算 4、小王 3、每张 2 和每个炸弹各 1，合计乘 2，再减去这手牌最少拆成的手数，得到分数：4 以上叫 3 分，1 以上叫 2 分，−2 以上叫 1 分，更低不叫。AI 也按这个叫分。",
        },
        Term {
            id: "par",
            name: "明牌结果",
            meaning: "把三家的牌都摊开、地主先出，双方都下最好的棋时谁赢。由神算子在限定的节点数内证明；没证明的牌局不算进图表。",
        },
        Term {
            id: "dih",
            name: "DIH（初始手牌区分度）",
            meaning: "n 名选手打 m 轮，每轮得分都按这个分布：前 r 名的总分两两不同的概率。越接近 1，比赛越能把前 r 名分出高下。",
        },
        Term {
            id: "nmr",
            name: "n、m、r",
            meaning: "n：选手人数；m：轮数，每轮一副牌；r：要分出名次的前几名。",
        },
        Term {
            id: "test-cases",
            name: "测试用例",
            meaning: "从内置牌库里挑出的、最能把选手分出高下的牌：先按预计人数 n 和要分出的前 r 名算出每副牌的 DIH，再取最高的几副。牌库重建也不会改变已建好的比赛：牌就在比赛代码里。",
        },
        Term {
            id: "eps",
            name: "ε（牌力容差）",
            meaning: "两副牌的 GDI 距离小于 ε，就算同等牌力。研究用的是 ε = 0.15；再大，排名就不准了。",
        },
        Term {
            id: "centre",
            name: "GDI 中心",
            meaning: "想要的牌力，例如 0.70,0.27,0.05；GDI 离它不到 ε 的牌局都算这个牌力。",
        },
        Term {
            id: "interval",
            name: "95% 区间",
            meaning: "局数有限，比例只是估计。竖线标出真实比例在 95% 把握下所在的范围；局数越多，竖线越短。",
        },
        Term {
            id: "n",
            name: "图上的 n",
            meaning: "这张图的数字来自多少局对局（或多少场比赛、多少副牌）。",
        },
    ],
};

pub static EN: LabStrings = LabStrings {
    present: "Presentation mode",
    present_leave: "Leave presentation",
    present_prev: "Previous chart",
    present_next: "Next chart",
    present_hint: "One chart per screen: ← → or Page Up / Page Down to move; each chart's settings are under it.",
    both_languages: "Charts in both languages (for export)",
    settings: "Settings",
    panel_name: |p| match p {
        "quick" => "Quick",
        "ladder" => "Ladder",
        "strong" => "Strong",
        _ => "?",
    },
    hist_title: "Score distribution",
    hist_x: "Landlord's score",
    hist_y: "Share of the games",
    gdi_title: "Grade difficulty (GDI)",
    gdi_x: "Grade",
    gdi_y: "Share reaching the grade",
    dih_title: "DIH against the number of rounds",
    dih_x: "Rounds m",
    rank_dih_title: "Deals with the highest DIH",
    rank_near_title: "Deals nearest the GDI centre",
    rank_x: "Deal seed",
    rank_distance_y: "Distance to the centre",
    places_x: "Place",
    places_y: "Table (landlord AI)",
    chance: "Chance",
    format_name: |f| match f {
        "duplicate" => "Duplicate",
        "equal" => "Equal strength",
        _ => "Random",
    },
    places_title: |f| format!("{}: each table's chance of each place", (EN.format_name)(f)),
    n_games: |n, tables, per| {
        format!(
            "n = {} games ({tables} tables × {per}) · lines: 95% intervals",
            thousands(n)
        )
    },
    n_dih: |players, top, log| {
        format!(
            "n = {players} players, top r = {top} · exact, not sampled{}",
            if log { " · log scale" } else { "" }
        )
    },
    n_library: |deals, shown, games, intervals| {
        format!(
            "n = {} library deals ({} games each); the first {shown} shown{}",
            thousands(deals as u64),
            thousands(games),
            if intervals { " · lines: 95% intervals" } else { "" }
        )
    },
    n_tournaments: |n, half| {
        format!(
            "n = {} tournaments per format · every cell's 95% interval within ±{} points",
            thousands(u64::from(n)),
            sig(half, 2)
        )
    },
    caption_deal: |what, deal, panel, games, seed, date| {
        format!(
            "{what} · deal {deal} · panel: {panel} · {} games · seed {seed} · {date}",
            thousands(games)
        )
    },
    caption_dih: |what, dist, n, m, r, date| {
        format!("{what} · distribution per round {dist} · n = {n}, m = {m}, r = {r} · {date}")
    },
    caption_library: |what, deals, panel, games, (n, m, r), date| {
        format!(
            "{what} · built-in library, {} deals · panel: {panel}, {} games each · n = {n}, m = {m}, r = {r} · {date}",
            thousands(deals as u64),
            thousands(games)
        )
    },
    caption_tournament: |what, tables, matches, rounds, seed, strength, date| {
        let strength = if strength.is_empty() { String::new() } else { format!(" · {strength}") };
        format!(
            "{what} · tables {tables} · {} tournaments × {rounds} rounds · seed {seed}{strength} · {date}",
            thousands(u64::from(matches))
        )
    },
    estimate: |games, s| format!("{} games, about {} s", thousands(games), seconds(s)),
    long_run: "This run is long, so it does not start on its own: press Run when ready.",
    par_title: "Par and the panel",
    par_explain: "Every deal of the library was solved with all hands open (the landlord to lead): its par. Here: how often the panel's landlords won the deals that are landlord wins with open cards, and those that are farmer wins. A deal open cards win but the panel mostly loses is the one to teach from.",
    par_run: "Compare",
    par_chart_title: "The panel's landlord wins, by par",
    par_x: "Par (open hands)",
    par_y: "Landlord wins in the panel",
    par_landlord: "Landlord wins with open hands",
    par_farmers: "Farmers win with open hands",
    n_par: |games, proven, unproven, budget| {
        format!(
            "n = {} games (on the {} deals with a proven par; {} more not proven within {} nodes are left out) · bars: 95% intervals",
            thousands(games),
            thousands(proven),
            thousands(unproven),
            thousands(budget)
        )
    },
    caption_par: |what, deals, panel, games, budget, date| {
        format!(
            "{what} · built-in library, {} deals · panel: {panel}, {} games each · par within {} nodes a deal · {date}",
            thousands(deals as u64),
            thousands(games),
            thousands(budget)
        )
    },
    par_cases_title: "Teaching cases: open hands win, the panel mostly loses",
    par_cases_explain: "Widest gap first: the share of the panel's games the par's winner lost. Click a row to open the deal above.",
    par_col: "Par",
    par_first: "First play",
    par_panel_wins: "Panel's landlord wins",
    par_gap: "Gap",
    par_unproven: "not proven",
    like_title: "Deals like this one",
    like_explain: "Fresh deals from seed 10000 on, each played by the same panel 8 games a table, kept when their GDI lies within ε of this deal's: new deals for the equal-strength format.",
    like_count: "How many",
    like_run: "Deal me deals like this",
    like_result: |kept, wanted, tried, first, last| {
        format!(
            "dealt {} (seeds {first}–{last}), kept {kept}{} ({:.1}%)",
            thousands(tried),
            if (kept as u32) < wanted { ", fewer than asked" } else { "" },
            100.0 * kept as f64 / tried.max(1) as f64
        )
    },
    like_distance: "Distance from this deal",
    sm_title: "The solver against the heuristic (1v1, open hands)",
    sm_explain: "The search paper's experiment: random 1v1 deals of each hand size, the solver (with a time limit a move) on one side and the heuristic AI on the other, then again with the seats swapped. The net score is the cards the loser still holds when the winner goes out, positive when the solver wins, over both seatings. The paper found it growing with the size.",
    sm_deals: "Deals per size",
    sm_limit: "Solver's time a move (ms)",
    sm_chart_title: "The solver's net score by hand size",
    sm_x: "Cards in each hand",
    sm_y: "Net score per deal (both seatings)",
    n_sm: |games, deals, sizes| {
        format!("n = {} games ({sizes} sizes × {deals} deals × 2 seatings) · bars: 95% intervals", thousands(games))
    },
    caption_sm: |what, deals, ms, seed, date| {
        format!("{what} · {deals} deals a size, both seatings · the solver {} ms a move · seed {seed} · {date}", sig(ms, 3))
    },
    dih_exact: "DIH is computed exactly, not estimated by sampling.",
    glossary_title: "Glossary",
    glossary_intro: "The ⓘ beside each term on the page gives the same explanation.",
    what_is: |term| format!("What is {term}?"),
    terms: &[
        Term {
            id: "table",
            name: "Table",
            meaning: "A table: one AI plays the landlord against two AI farmers, and they play the deal through to the end.",
        },
        Term {
            id: "panel",
            name: "Panel",
            meaning: "A set of tables whose landlord AIs go from weak to strong, all against the same farmer AIs. Every table plays the deal a number of times, and the score distribution comes from those games. Quick: L0–L7 landlords, L7 farmers; Ladder: L0–L10 against L7; Strong: L7–L10 against L8.",
        },
        Term {
            id: "gdi",
            name: "GDI (grade difficulty index)",
            meaning: "Take the landlord's possible scores, lowest to highest, as grades. The GDI is a list of shares g1, g2, …: how many of the games reached each grade or better. The larger the g, the easier the deal is for the landlord.",
        },
        Term {
            id: "g",
            name: "g1, g2, …",
            meaning: "g1 is the share of games that avoided the worst score; g2 the share one grade higher or better; the last g is the share that reached the best score.",
        },
        Term {
            id: "bid-rule",
            name: "The bidding rule",
            meaning: "Big joker 4, small joker 3, each 2 and each bomb 1; double the sum and take away the fewest plays the hand splits into. From 4, bid 3; from 1, bid 2; from −2, bid 1; below, pass. The AI bids by this rule too.",
        },
        Term {
            id: "par",
            name: "Par (open hands)",
            meaning: "Who wins when all three hands are laid open, the landlord leads and both sides play their best. The solver proves it within a node budget; deals it does not prove are left out of the chart.",
        },
        Term {
            id: "dih",
            name: "DIH (distinction of initial hand)",
            meaning: "With n players over m rounds, each round scored by this distribution: the chance that the top r totals all differ. The closer to 1, the better the tournament tells its top r places apart.",
        },
        Term {
            id: "nmr",
            name: "n, m, r",
            meaning: "n: the number of players; m: the number of rounds, one deal each; r: how many top places must be told apart.",
        },
        Term {
            id: "test-cases",
            name: "Test cases",
            meaning: "The deals of the built-in library that best tell players apart: each deal's DIH is worked out for the n entrants expected and the top r places to tell apart, and the highest are taken. Rebuilding the library does not change an event made: its deals are in its code.",
        },
        Term {
            id: "eps",
            name: "ε (epsilon)",
            meaning: "Two deals whose GDI lie closer than ε count as equal strength. The research used ε = 0.15; any wider and the ranking loses its power.",
        },
        Term {
            id: "centre",
            name: "GDI centre",
            meaning: "The strength you want, such as 0.70,0.27,0.05; every deal whose GDI lies within ε of it counts as that strength.",
        },
        Term {
            id: "interval",
            name: "95% interval",
            meaning: "With a limited number of games a share is only an estimate. The line marks where the true share lies, with 95% confidence; more games, shorter lines.",
        },
        Term {
            id: "n",
            name: "n on a chart",
            meaning: "How many games (or tournaments, or deals) the chart's numbers come from.",
        },
    ],
};

/// The words a chart is labelled in: the page's language, or both (for an
/// export to a mixed audience).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChartWords {
    pub lang: Lang,
    pub both: bool,
}

impl ChartWords {
    /// `f`'s words in the page's language, or `中文 · English`.
    pub fn say(&self, f: impl Fn(&'static LabStrings) -> String) -> String {
        if self.both {
            format!("{} · {}", f(&ZH), f(&EN))
        } else {
            f(self.lang.strings().lab)
        }
    }

    /// A fixed text in the chosen words.
    pub fn word(&self, f: impl Fn(&'static LabStrings) -> &'static str) -> String {
        self.say(|l| f(l).to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_languages_name_the_same_terms() {
        let ids = |l: &LabStrings| l.terms.iter().map(|t| t.id).collect::<Vec<_>>();
        assert_eq!(ids(&ZH), ids(&EN));
        for id in [
            "table", "panel", "gdi", "g", "dih", "nmr", "eps", "centre", "interval", "n", "par", "bid-rule",
        ] {
            assert!(ZH.term(id).is_some() && EN.term(id).is_some(), "{id}");
        }
    }

    #[test]
    fn chart_words_are_one_language_unless_both_are_asked_for() {
        let zh = ChartWords {
            lang: Lang::Zh,
            both: false,
        };
        let en = ChartWords {
            lang: Lang::En,
            both: false,
        };
        let both = ChartWords {
            lang: Lang::En,
            both: true,
        };
        assert_eq!(zh.word(|l| l.hist_title), "得分分布");
        assert_eq!(en.word(|l| l.hist_title), "Score distribution");
        assert_eq!(both.word(|l| l.hist_title), "得分分布 · Score distribution");
        assert_eq!((EN.panel_name)("quick"), "Quick");
        assert_eq!((ZH.panel_name)("strong"), "强手组");
        assert_eq!(
            (EN.n_games)(1600, 8, 200),
            "n = 1,600 games (8 tables × 200) · lines: 95% intervals"
        );
        assert_eq!((EN.estimate)(1600, 1.3), "1,600 games, about 2 s");
        assert_eq!((ZH.estimate)(40, 0.2), "共 40 局，约 1 秒");
    }
}

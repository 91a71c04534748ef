//! The solver's commands: `ddz solve`, `ddz par`, `ddz solve-bench`,
//! `ddz solve-limits`.

use serde::Serialize;
use serde_json::{json, Value};

use engine::clock::MonotonicClock;
use engine::lab::par::Par;
use engine::solver::{bench, Anatomy, Depth, MovesRun, Outcomes, Position, SolveOptions, Solver};
use engine::{Clock, Move, Seat, SeedOrDeal, SeedRange, Stepwise, Team};

use super::play::team_name;
use crate::args::{SolveArgs, SolveBenchArgs, UtilityArg};
use crate::error::CliError;
use crate::report::Report;

pub fn solve(args: SolveArgs) -> Result<Report, CliError> {
    let mut hands = vec![args.landlord, args.farmer];
    if let Some(f2) = args.farmer2 {
        hands.push(f2);
    }
    let to_beat = match (args.last_by, args.last) {
        (Some(by), Some(play)) => Some((by, play)),
        _ => None,
    };
    let to_move = match (args.to_move, to_beat) {
        (Some(seat), _) => seat,
        (None, Some((by, _))) => by.next(hands.len()),
        (None, None) => Seat::Landlord,
    };
    let position = Position::new(&hands, to_move, to_beat)?;
    let options = SolveOptions {
        utility: args.utility.into(),
        time_limit_ms: args.time_limit,
        ..SolveOptions::exhaustive()
    }
    .sized_for(&position);
    if args.all_moves {
        return Ok(all_moves_report(&position, &options));
    }
    Ok(solved_report(&position, &options))
}

/// `ddz par`: the open-hand result of a whole deal, landlord to lead.
pub fn par(
    deal: Option<SeedOrDeal>,
    seed: Option<u64>,
    limit: f64,
    nodes: Option<u64>,
    utility: UtilityArg,
) -> Result<Report, CliError> {
    let (deal, seed) = match (seed, deal) {
        (Some(seed), _) => (engine::Deal::from_seed(seed), Some(seed)),
        (None, Some(d)) => (d.deal(), d.seed()),
        (None, None) => return Err(CliError::Other("give a DEAL or --seed".into())),
    };
    let position = Position::new(&deal.hands(), Seat::Landlord, None)?;
    let options = match nodes {
        Some(nodes) => SolveOptions {
            utility: utility.into(),
            ..Par::options(nodes)
        },
        None => SolveOptions {
            utility: utility.into(),
            time_limit_ms: Some(limit),
            ..SolveOptions::exhaustive()
        }
        .sized_for(&position),
    };
    let mut report = solved_report(&position, &options);
    report.json["deal"] = json!(deal.to_string());
    report.json["seed"] = json!(seed);
    report.text = format!("par of {}\n{}", deal, report.text);
    Ok(report)
}

fn move_name(m: Move) -> String {
    m.play().map_or("pass".to_string(), |p| p.to_string())
}

#[derive(Serialize)]
struct MoveVerdict {
    play: String,
    winner: &'static str,
    exact: bool,
    value: i32,
    #[serde(skip_serializing_if = "Option::is_none")]
    same_as: Option<String>,
}

#[derive(Serialize)]
struct AllMoves {
    to_move: &'static str,
    winner: Option<&'static str>,
    exact: bool,
    value: Option<i32>,
    best: Option<String>,
    moves: Vec<MoveVerdict>,
    ms: f64,
}

/// Every legal play of the side to move, with the verdict after it.
fn all_moves_report(position: &Position, options: &SolveOptions) -> Report {
    let clock = MonotonicClock::default();
    let started = clock.now_ms();
    // The run's clock starts before the solver's table is made, so the
    // time limit bounds the whole command's search, the table's making too.
    let mut run = MovesRun::new(*position, *options, &clock);
    let mut solver = Solver::new(options.table_bytes);
    while !run.work_for(&mut solver, &clock, f64::INFINITY) {}
    let verdicts = run.output();
    let ms = clock.now_ms() - started;
    let best = verdicts.first();
    let to_move = position.to_move();
    let mut text = format!("{} to move: {} legal plays, best first\n", to_move, verdicts.len());
    for v in &verdicts {
        text += &format!(
            "  {:<16} {:<8} {:<10} {:>4}{}\n",
            move_name(v.play),
            team_name(v.winner),
            if v.exact { "proven" } else { "estimate" },
            v.value,
            v.same_as.map_or(String::new(), |m| format!("  (as {})", move_name(m)))
        );
    }
    text += &format!("{ms:.1} ms\n");
    let json = AllMoves {
        to_move: to_move.name(),
        winner: best.map(|b| team_name(b.winner)),
        exact: verdicts.iter().all(|v| v.exact),
        value: best.map(|b| b.value),
        best: best.map(|b| b.play.to_string()),
        moves: verdicts
            .iter()
            .map(|v| MoveVerdict {
                play: v.play.to_string(),
                winner: team_name(v.winner),
                exact: v.exact,
                value: v.value,
                same_as: v.same_as.map(|m| m.to_string()),
            })
            .collect(),
        ms,
    };
    Report::new(&json, text)
}

#[derive(Serialize)]
struct Solved {
    winner: &'static str,
    exact: bool,
    value: i32,
    best: Option<String>,
    pv: Vec<String>,
    depth: Depth,
    nodes: u64,
    ms: f64,
    to_move: &'static str,
    anatomy: Anatomy,
}

/// The side searches' line of a solve's report, if it made any: how each
/// kind ended, with the nodes each outcome took.
fn anatomy_text(a: &Anatomy) -> String {
    let part = |name: &str, o: &Outcomes| {
        format!(
            "{name}: {} won ({} nodes), {} lost ({}), {} given up ({})",
            o.won.count, o.won.nodes, o.lost.count, o.lost.nodes, o.given_up.count, o.given_up.nodes
        )
    };
    if *a == Anatomy::default() {
        return String::new();
    }
    format!(
        "side searches: {}; {}\n",
        part("probes", &a.probes),
        part("a farmer alone", &a.alone)
    )
}

/// Solves `position` and says who wins, the best move and line, and the cost.
fn solved_report(position: &Position, options: &SolveOptions) -> Report {
    let to_move = position.to_move();
    let seats = position.seats();
    let r = Solver::new(options.table_bytes).solve(position, options, &MonotonicClock::default());
    let winner = team_name(r.winner);
    let mut seat = to_move;
    let mut line = String::new();
    for mv in &r.pv {
        line += &format!("  {:<9} {}\n", seat.to_string(), move_name(*mv));
        seat = seat.next(seats);
    }
    let text = format!(
        "{} wins{} (value {} for the landlord)\nbest move for the {}: {}\n{}{} nodes, {:.1} ms, depth {}\n{}",
        winner,
        if r.exact {
            ", proven"
        } else {
            " (estimate: the time limit came first)"
        },
        r.value,
        to_move,
        r.best.map_or("-".into(), move_name),
        if line.is_empty() {
            String::new()
        } else {
            format!("best play:\n{line}")
        },
        r.nodes,
        r.ms,
        match r.depth {
            Depth::Full => "full".to_string(),
            Depth::Plies(plies) => plies.to_string(),
        },
        anatomy_text(&r.anatomy),
    );
    let json = Solved {
        winner,
        exact: r.exact,
        value: r.value,
        best: r.best.map(|m| m.to_string()),
        pv: r.pv.iter().map(|m| m.to_string()).collect(),
        depth: r.depth,
        nodes: r.nodes,
        ms: r.ms,
        to_move: to_move.name(),
        anatomy: r.anatomy,
    };
    Report::new(&json, text)
}

pub fn limits(seeds: SeedRange, limit: f64) -> Result<Report, CliError> {
    let deals = seeds.count();
    let clock = MonotonicClock::default();
    let mut overshoots = Vec::new();
    let mut solver = Solver::new(SolveOptions::exhaustive().table_bytes);
    for s in seeds.iter() {
        let deal = engine::Deal::from_seed(s);
        let position = Position::new(&deal.hands(), Seat::Landlord, None)?;
        let options = SolveOptions {
            time_limit_ms: Some(limit),
            ..SolveOptions::exhaustive()
        };
        let started = std::time::Instant::now();
        let r = solver.solve(&position, &options, &clock);
        let took = started.elapsed().as_secs_f64() * 1000.0;
        if !r.exact {
            overshoots.push((took - limit) / limit);
        }
    }
    overshoots.sort_by(f64::total_cmp);
    let at = |q: f64| {
        overshoots
            .get(((overshoots.len() as f64 - 1.0) * q).round() as usize)
            .copied()
            .unwrap_or(0.0)
    };
    let (median, p95, worst) = (at(0.5), at(0.95), overshoots.last().copied().unwrap_or(0.0));
    let text = format!(
        "{} of {deals} deals stopped by the {limit} ms limit; overshoot: median {:.1}%, 95th percentile {:.1}%, worst {:.1}%\n",
        overshoots.len(),
        100.0 * median,
        100.0 * p95,
        100.0 * worst
    );
    Ok(Report {
        json: json!({ "time_limit_ms": limit, "stopped": overshoots.len(), "deals": deals, "median": median, "p95": p95, "worst": worst }),
        text,
    })
}

/// A benchmark case as the CLI writes it: `winner` the side, as everywhere.
#[derive(Serialize)]
struct CaseJson {
    seed: u64,
    landlord: String,
    farmer: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    farmer2: Option<String>,
    exact: bool,
    winner: &'static str,
    ms: f64,
    nodes: u64,
    anatomy: Anatomy,
}

fn case_json(c: &bench::Case) -> CaseJson {
    CaseJson {
        seed: c.seed,
        landlord: c.landlord.to_string(),
        farmer: c.farmer.to_string(),
        farmer2: c.farmer2.map(|f| f.to_string()),
        exact: c.exact,
        winner: team_name(c.winner),
        ms: c.ms,
        nodes: c.nodes,
        anatomy: c.anatomy,
    }
}

/// `ddz solve-bench`: whole deals with `--full`, else 1v1 endgames by size.
pub fn bench_command(args: SolveBenchArgs) -> Result<Report, CliError> {
    let seeds = |count_flag, count| super::seeds("--seed", args.seed, count_flag, count);
    if args.full {
        Ok(bench_full(seeds("--deals", args.deals)?, args.time_limit))
    } else {
        bench(&args.sizes, seeds("--positions", args.positions)?, args.time_limit)
    }
}

/// Whole deals solved to a proof, each with a fresh solver: how many are
/// proven within 1 s and within the limit, and the times and nodes.
pub fn bench_full(seeds: SeedRange, limit: f64) -> Report {
    let clock = MonotonicClock::default();
    let table_bytes = SolveOptions::exhaustive().table_bytes;
    let mut text = format!("whole deals (20+17+17, landlord to lead), seeds {seeds}, at most {limit} ms each\n");
    // The last two: nodes in probes and in a farmer alone's endgames that
    // ended unproven (the side searches' waste, where hard deals spend it).
    text += "seed        proven   winner        ms        nodes   probes given up   alone given up\n";
    let mut cases = Vec::new();
    for s in seeds.iter() {
        let case = bench::solve_full(s, limit, table_bytes, &clock);
        text += &format!(
            "{:<10} {:>7} {:>9} {:>9.0} {:>12} {:>17} {:>16}\n",
            s,
            if case.exact { "yes" } else { "no" },
            if case.exact { team_name(case.winner) } else { "-" },
            case.ms,
            case.nodes,
            case.anatomy.probes.given_up.nodes,
            case.anatomy.alone.given_up.nodes,
        );
        cases.push(case);
    }
    let within = |ms: f64| cases.iter().filter(|c| c.exact && c.ms <= ms).count();
    let mut times: Vec<f64> = cases
        .iter()
        .map(|c| if c.exact { c.ms } else { f64::INFINITY })
        .collect();
    times.sort_by(f64::total_cmp);
    let mut nodes: Vec<u64> = cases.iter().map(|c| c.nodes).collect();
    nodes.sort_unstable();
    let n = cases.len().max(1);
    let median_ms = times.get(n / 2).copied().unwrap_or(0.0);
    let worst_ms = times.last().copied().unwrap_or(0.0);
    let (median_nodes, worst_nodes) = (
        nodes.get(n / 2).copied().unwrap_or(0),
        nodes.last().copied().unwrap_or(0),
    );
    let (in_1s, in_limit) = (within(1000.0), within(limit));
    let show = |ms: f64| {
        if ms.is_finite() {
            format!("{ms:.0} ms")
        } else {
            "unproven".into()
        }
    };
    text += &format!(
        "proven within 1 s: {in_1s}/{}; within {limit} ms: {in_limit}/{}; median {} ({median_nodes} nodes), worst {} ({worst_nodes} nodes)\n",
        cases.len(),
        cases.len(),
        show(median_ms),
        show(worst_ms)
    );
    let cases: Vec<CaseJson> = cases.iter().map(case_json).collect();
    Report {
        json: json!({ "time_limit_ms": limit, "deals": cases.len(), "proven_1s": in_1s, "proven": in_limit,
            "median_ms": median_ms.is_finite().then_some(median_ms), "worst_ms": worst_ms.is_finite().then_some(worst_ms),
            "median_nodes": median_nodes, "worst_nodes": worst_nodes, "cases": cases }),
        text,
    }
}

pub fn bench(sizes: &[Vec<usize>], seeds: SeedRange, limit: f64) -> Result<Report, CliError> {
    let positions = seeds.count();
    let mut rows: Vec<Value> = Vec::new();
    let mut text =
        format!("exact solving, {positions} seeded positions per size, landlord to move, at most {limit} ms each\n");
    text += "size     solved  median ms   worst ms   median nodes   worst nodes   landlord wins\n";
    for counts in sizes {
        let label = counts.iter().map(|n| n.to_string()).collect::<Vec<_>>().join("+");
        let clock = MonotonicClock::default();
        let cases = bench::run_sizes(
            counts,
            positions,
            seeds.first(),
            limit,
            SolveOptions::exhaustive().table_bytes,
            &clock,
        )
        .ok_or_else(|| CliError::arg("--sizes", format!("'{label}' does not fit a deck")))?;
        let mut times: Vec<f64> = cases.iter().map(|c| c.ms).collect();
        let mut nodes: Vec<u64> = cases.iter().map(|c| c.nodes).collect();
        times.sort_by(f64::total_cmp);
        nodes.sort_unstable();
        let solved = cases.iter().filter(|c| c.exact).count();
        let landlord_wins = cases.iter().filter(|c| c.exact && c.winner == Team::Landlord).count();
        let middle = |v: usize| v / 2;
        let median_t = times.get(middle(times.len())).copied().unwrap_or(0.0);
        let worst_t = times.last().copied().unwrap_or(0.0);
        let median_n = nodes.get(middle(nodes.len())).copied().unwrap_or(0);
        let worst_n = nodes.last().copied().unwrap_or(0);
        text += &format!(
            "{:<8} {:>3}/{:<3} {:>10.1} {:>10.1} {:>14} {:>13} {:>15}\n",
            label, solved, positions, median_t, worst_t, median_n, worst_n, landlord_wins
        );
        let cases: Vec<CaseJson> = cases.iter().map(case_json).collect();
        rows.push(json!({ "landlord": counts[0], "farmer": counts[1], "farmer2": counts.get(2), "positions": positions, "solved": solved, "median_ms": median_t, "worst_ms": worst_t, "median_nodes": median_n, "worst_nodes": worst_n, "landlord_wins": landlord_wins, "cases": cases }));
    }
    Ok(Report {
        json: json!({ "time_limit_ms": limit, "sizes": rows }),
        text,
    })
}

/// `ddz solve-match`: the solver against the heuristic, 1v1 open hands,
/// by hand size ([`engine::lab::solve_match`]), the deals on every core.
pub fn solve_match(sizes: &[usize], seeds: SeedRange, limit: f64, quiet: bool) -> Report {
    use engine::lab::solve_match::{play_match_deal, MatchDeal, SizeResult};
    use rayon::prelude::*;
    let clock = MonotonicClock::default();
    let bar = crate::report::progress(sizes.len() as u64 * seeds.count(), quiet);
    bar.set_message("solve-match");
    let jobs: Vec<(usize, u64)> = sizes.iter().flat_map(|&z| seeds.iter().map(move |s| (z, s))).collect();
    let played: Vec<MatchDeal> = jobs
        .par_iter()
        .map(|&(size, seed)| {
            let r = play_match_deal(size, seed, limit, &clock).expect("sizes are parsed within range");
            bar.inc(1);
            r
        })
        .collect();
    bar.finish_and_clear();
    let results: Vec<SizeResult> = sizes
        .iter()
        .zip(played.chunks(seeds.count() as usize))
        .map(|(&size, deals)| SizeResult::of(size, deals))
        .collect();
    let mut text = format!(
        "the solver ({limit} ms a move, card margin) against the heuristic, 1v1 open hands, seeds {seeds}, both seatings\n"
    );
    text += "size   deals   net score per deal (95%)   solver wins\n";
    for r in &results {
        text += &format!(
            "{:>4} {:>7}   {:>+7.2} ({:+.2} to {:+.2})   {:>5.1}%\n",
            r.size,
            r.deals,
            r.net.mean,
            r.net.low(),
            r.net.high(),
            100.0 * r.solver_wins as f64 / (2 * r.deals).max(1) as f64
        );
    }
    Report {
        json: json!({ "time_limit_ms": limit, "seeds": seeds.to_string(), "sizes": results }),
        text,
    }
}

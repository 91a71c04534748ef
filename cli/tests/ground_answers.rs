//! Issue 50, the ground under the answers: the agent answers only what it
//! was offered, in the reading offered; every input line gets one answer
//! line; every time limit is kept (`solve --all-moves` and every player
//! spec in range, measured and printed); a flag that would be ignored is
//! refused, naming it.
//!
//! Every run has a deadline, so a hang fails its test instead of blocking
//! the suite. `DDZ_BIN=/path/to/ddz` runs the tests against another build
//! (how they were shown failing against the one before the fixes).

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

use serde_json::Value;

use engine::agents::GreedyPlayer;
use engine::{Deadline, Deal, Game, Move, Player, Seat};

mod support;
use support::{binary, run, run_job, Job, Run};

/// Runs `ddz args`, killed (and the test failed) after `limit`.
fn run_within(args: &[&str], limit: Duration) -> Run {
    run_job(&Job {
        limit,
        ..Job::new(args)
    })
}

/// `ddz agent` driven as a framework drives it: one line written, one
/// line read, each answer awaited with a deadline.
struct Agent {
    child: Child,
    input: Option<ChildStdin>,
    answers: Receiver<String>,
}

impl Agent {
    fn start(args: &[&str]) -> Agent {
        let mut child = Command::new(binary())
            .arg("agent")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("run ddz agent");
        let input = child.stdin.take();
        let out = child.stdout.take().expect("stdout");
        let (send, answers) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Agent { child, input, answers }
    }

    /// Writes `line` and waits for its answer: the answer and the round
    /// trip in milliseconds, or `None` if none came within `limit`.
    fn ask(&mut self, line: &str, limit: Duration) -> Option<(Value, f64)> {
        let input = self.input.as_mut().expect("stdin open");
        let started = Instant::now();
        writeln!(input, "{line}").expect("write a request");
        input.flush().expect("flush");
        let answer = self.answers.recv_timeout(limit).ok()?;
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        let value = serde_json::from_str(&answer).unwrap_or_else(|e| panic!("answer {answer:?} is not JSON: {e}"));
        Some((value, ms))
    }

    /// The answer to `line`, which must come within 20 s.
    fn answer(&mut self, line: &str) -> Value {
        self.ask(line, Duration::from_secs(20))
            .unwrap_or_else(|| panic!("no answer to {line:?} within 20 s: the driver would wait forever"))
            .0
    }
}

impl Drop for Agent {
    fn drop(&mut self) {
        drop(self.input.take());
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn error_of(v: &Value) -> &str {
    v["error"]
        .as_str()
        .unwrap_or_else(|| panic!("expected an error, got {v}"))
}

/// A request for `seat` holding `hand`, after `history`.
fn request(seat: &str, hand: &str, history: &[(&str, &str)], counts: &str, legal: &[&str]) -> String {
    let history: Vec<Value> = history.iter().map(|(s, m)| serde_json::json!([s, m])).collect();
    let counts: Value = serde_json::from_str(counts).expect("counts");
    serde_json::json!({ "seat": seat, "hand": hand, "history": history, "counts": counts, "legal": legal }).to_string()
}

const PLAYERS: [&str; 5] = ["random", "greedy", "heuristic", "sampler", "L11"];

#[test]
fn the_agent_answers_only_an_entry_of_legal_in_its_reading() {
    // Four trios after an airplane of three with kickers: as an airplane of
    // four trios (`888999TTTJJJ+`) they cannot follow; as an airplane of
    // three with kickers (`888999TTT+JJJ`) they beat it.
    let after = [("landlord", "333444555+67K")];
    let counts = r#"{"landlord": 8, "farmer1": 13, "farmer2": 17}"#;
    let offered_wrong = request("farmer1", "888999TTTJJJ4", &after, counts, &["888999TTTJJJ+"]);
    let offered_right = request("farmer1", "888999TTTJJJ4", &after, counts, &["888999TTT+JJJ", "pass"]);
    // Leading, both readings legal: offered in either order.
    let lead = r#"{"landlord": 12, "farmer1": 13, "farmer2": 17}"#;
    let both = [
        request(
            "landlord",
            "888999TTTJJJ",
            &[],
            lead,
            &["888999TTT+JJJ", "888999TTTJJJ+"],
        ),
        request(
            "landlord",
            "888999TTTJJJ",
            &[],
            lead,
            &["888999TTTJJJ+", "888999TTT+JJJ"],
        ),
        // Spelled the caller's way (lower case): answered as spelled.
        request("landlord", "888999TTTJJJ", &[], lead, &["888999ttt+jjj"]),
        // Only a play the player would not choose.
        request("landlord", "888999TTTJJJ", &[], lead, &["8"]),
        request("landlord", "888999TTTJJJ", &[], lead, &["TTTJJJ", "9"]),
    ];
    for player in PLAYERS {
        let mut agent = Agent::start(&["--player", player]);
        let refused = agent.answer(&offered_wrong);
        assert!(
            error_of(&refused).contains("legal[0]") && error_of(&refused).contains("888999TTTJJJ+"),
            "{player}: {refused}"
        );
        let answer = agent.answer(&offered_right);
        assert!(
            ["888999TTT+JJJ", "pass"].contains(&answer["play"].as_str().unwrap_or_default()),
            "{player}: {answer}"
        );
        for line in &both {
            let request: Value = serde_json::from_str(line).unwrap();
            let legal: Vec<&str> = request["legal"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap())
                .collect();
            let answer = agent.answer(line);
            let play = answer["play"].as_str().unwrap_or_else(|| panic!("{player}: {answer}"));
            assert!(legal.contains(&play), "{player}: {play} was not offered: {legal:?}");
            // The reading is the offered entry's move, not another reading.
            let reading = answer["reading"].as_str().expect("a reading");
            assert_eq!(
                Move::parse(reading).unwrap(),
                Move::parse(play).unwrap(),
                "{player}: answered {play} but meant {reading}"
            );
        }
    }
}

#[test]
fn the_agent_accepts_every_legal_move_offered_as_the_rules_write_it() {
    // Every legal move in its written form, as `ddz moves` lists it: all
    // accepted, one answered.
    let deal = Deal::from_seed(7);
    let hand = deal.hand(Seat::Landlord).to_string();
    let moves = run(&["moves", &hand, "--json"]);
    assert_eq!(moves.code, 0, "{}", moves.stderr);
    let listed: Value = serde_json::from_str(&moves.stdout).unwrap();
    let legal: Vec<&str> = listed["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert!(legal.len() > 50);
    let line = request(
        "landlord",
        &hand,
        &[],
        r#"{"landlord": 20, "farmer1": 17, "farmer2": 17}"#,
        &legal,
    );
    for player in PLAYERS {
        let answer = Agent::start(&["--player", player]).answer(&line);
        let play = answer["play"].as_str().unwrap_or_else(|| panic!("{player}: {answer}"));
        assert!(legal.contains(&play), "{player}: {play}");
        assert_eq!(
            answer["reading"].as_str(),
            Some(play),
            "{player}: the written form is the reading"
        );
    }
}

#[test]
fn every_line_gets_one_answer_line_blank_lines_too() {
    let good = r#"{"seat":"landlord","hand":"45778TJJJQKKKKAAA22X","history":[],"counts":{"landlord":20,"farmer1":17,"farmer2":17}}"#;
    let mut agent = Agent::start(&["--player", "greedy"]);
    assert!(agent.answer(good)["play"].is_string());
    for (i, blank) in ["", "   ", "\t"].iter().enumerate() {
        // A driver that writes a line and reads a line gets its line.
        let (answer, _) = agent
            .ask(blank, Duration::from_secs(10))
            .unwrap_or_else(|| panic!("no answer to the blank line {blank:?}: a line-for-line driver deadlocks"));
        assert!(error_of(&answer).contains(&format!("line {}", i + 2)), "{answer}");
        assert!(error_of(&answer).contains("blank"), "{answer}");
    }
    assert!(agent.answer(good)["play"].is_string(), "the agent keeps serving");
}

#[test]
fn a_driver_that_stops_reading_ends_the_agent_quietly() {
    let good = r#"{"seat":"landlord","hand":"45778TJJJQKKKKAAA22X","history":[],"counts":{"landlord":20,"farmer1":17,"farmer2":17}}"#;
    let mut child = Command::new(binary())
        .args(["agent", "--player", "greedy"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run ddz agent");
    // The reader goes away before the first answer.
    drop(child.stdout.take());
    let mut stdin = child.stdin.take().expect("stdin");
    for _ in 0..3 {
        // The agent may already have ended: a failed write is expected.
        let _ = writeln!(stdin, "{good}");
    }
    drop(stdin);
    let mut err = String::new();
    let _ = child.stderr.take().expect("stderr").read_to_string(&mut err);
    let status = child.wait().expect("wait");
    assert_eq!(
        status.code(),
        Some(0),
        "a closed stdout ends the agent as the end of its input does: {err}"
    );
    assert!(err.is_empty(), "nothing to report: {err}");
}

/// Forty positions across deals, as requests for the seat to move: deal
/// `seed`, greedy players for `seed % 25` moves (fewer where the deal
/// would end) (early positions hide the
/// most cards, the sampler's costliest reading).
fn positions() -> Vec<String> {
    (0..40u64)
        .map(|seed| {
            let deal = Deal::from_seed(seed);
            let mut game = Game::new(&deal);
            let mut player = GreedyPlayer::new();
            for _ in 0..seed % 25 {
                let mv = player.choose(&game.view(game.to_move()), &Deadline::NONE);
                let mut next = game.clone();
                next.apply(mv).expect("a legal move");
                // A position still to play.
                if next.is_over() {
                    break;
                }
                game = next;
            }
            let seat = game.to_move();
            let history: Vec<Value> = game
                .record()
                .iter()
                .map(|t| serde_json::json!([t.seat.name(), t.mv.to_string()]))
                .collect();
            let counts: serde_json::Map<String, Value> = Seat::ALL
                .iter()
                .map(|s| (s.name().to_string(), Value::from(game.hand(*s).len())))
                .collect();
            serde_json::json!({
                "seat": seat.name(), "hand": game.hand(seat).to_string(), "history": history,
                "counts": counts, "bottom": deal.bottom().map(|b| b.to_string()),
            })
            .to_string()
        })
        .collect()
}

/// Median, 95th percentile and worst of `xs`.
fn spread(mut xs: Vec<f64>) -> (f64, f64, f64) {
    xs.sort_by(f64::total_cmp);
    let at = |q: f64| xs[((xs.len() - 1) as f64 * q).round() as usize];
    (at(0.5), at(0.95), at(1.0))
}

/// The gross bounds the overshoots are held to (the figures are printed;
/// speed is never asserted tightly, and the machine may be busy, so the
/// worst is printed, not held: one stall of the machine would fail it).
/// Before the fixes the median was +16 to +41 ms and the 95th percentile
/// +200 to +500 ms; after, both are within a few ms.
const MEDIAN_OVERSHOOT_MS: f64 = 25.0;
const P95_OVERSHOOT_MS: f64 = 100.0;
/// A whole `ddz` process also starts, allocates its table and exits,
/// which takes tens of milliseconds of a test build on a busy machine
/// (+39 ms median seen while other builds ran): it is held only grossly,
/// and the search inside it to the bounds above.
const PROCESS_MEDIAN_OVERSHOOT_MS: f64 = 200.0;
const PROCESS_P95_OVERSHOOT_MS: f64 = 500.0;

#[test]
fn every_player_spec_in_range_keeps_the_agents_time_limit() {
    // Every kind at the ends of its ranges (engine::limits), and the top rung.
    let max = "samples=1000:nodes=10000000:candidates=100:read=1024:exploit=10000000";
    let specs = [
        "random".to_string(),
        "greedy".into(),
        "heuristic".into(),
        "heuristic:noise=1".into(),
        "sampler:samples=1:nodes=1:candidates=1:read=1:exploit=0".into(),
        "sampler:samples=1000:read=1024".into(),
        format!("sampler:{max}"),
        "hybrid:switch=0".into(),
        format!("hybrid:switch=54:{max}"),
        "L11".into(),
    ];
    let positions = positions();
    let mut failures = Vec::new();
    println!(
        "agent round trip over the time limit, {} positions (ms):",
        positions.len()
    );
    println!(
        "{:<96} {:>6} {:>8} {:>8} {:>8}",
        "player", "limit", "median", "p95", "worst"
    );
    for limit in [10.0, 100.0] {
        for spec in &specs {
            let mut agent = Agent::start(&["--player", spec, "--time-limit", &limit.to_string()]);
            let mut overshoots = Vec::new();
            for line in &positions {
                let (answer, ms) = agent
                    .ask(line, Duration::from_secs(30))
                    .unwrap_or_else(|| panic!("{spec} at {limit} ms: no answer within 30 s"));
                assert!(answer["play"].is_string(), "{spec}: {answer}");
                overshoots.push(ms - limit);
            }
            let (median, p95, worst) = spread(overshoots);
            println!("{spec:<96} {limit:>6} {median:>+8.1} {p95:>+8.1} {worst:>+8.1}");
            if median > MEDIAN_OVERSHOOT_MS || p95 > P95_OVERSHOOT_MS {
                failures.push(format!(
                    "{spec} at {limit} ms: median {median:+.1}, 95th percentile {p95:+.1}"
                ));
            }
        }
    }
    assert!(failures.is_empty(), "time limits overrun: {failures:#?}");
}

#[test]
fn solve_all_moves_keeps_its_time_limit_for_the_whole_command() {
    let mut failures = Vec::new();
    println!("solve --all-moves over the time limit, whole deals 0..40, landlord to lead (ms):");
    println!("limit   process median   p95  worst   search median   p95  worst   moves  proven");
    for limit in [10.0, 100.0] {
        let (mut wall, mut search) = (Vec::new(), Vec::new());
        let (mut moves, mut proven) = (0, 0);
        for seed in 0..40 {
            let deal = Deal::from_seed(seed);
            let [l, f1, f2] = deal.hands().map(|h| h.to_string());
            let limit_text = limit.to_string();
            let args = [
                "solve",
                "--landlord",
                &l,
                "--farmer",
                &f1,
                "--farmer2",
                &f2,
                "--all-moves",
                "--time-limit",
                &limit_text,
                "--json",
            ];
            let r = run_within(&args, Duration::from_secs(30));
            assert_eq!(r.code, 0, "{}", r.stderr);
            let v: Value = serde_json::from_str(&r.stdout).expect("JSON");
            let listed = v["moves"].as_array().expect("moves");
            moves += listed.len();
            proven += listed.iter().filter(|m| m["exact"] == true).count();
            // An estimate says so: never a proof it did not make.
            assert_eq!(v["exact"], listed.iter().all(|m| m["exact"] == true));
            wall.push(r.ms() - limit);
            search.push(v["ms"].as_f64().expect("ms") - limit);
        }
        let (wall_median, wall_p95, wall_worst) = spread(wall);
        let (search_median, search_p95, search_worst) = spread(search);
        println!(
            "{limit:>5}   {wall_median:>+14.1} {wall_p95:>+5.1} {wall_worst:>+6.1}   {search_median:>+13.1} {search_p95:>+5.1} {search_worst:>+6.1}   {moves:>5}  {proven}"
        );
        if search_median > MEDIAN_OVERSHOOT_MS
            || search_p95 > P95_OVERSHOOT_MS
            || wall_median > PROCESS_MEDIAN_OVERSHOOT_MS
            || wall_p95 > PROCESS_P95_OVERSHOOT_MS
        {
            failures.push(format!(
                "at {limit} ms: process median {wall_median:+.1}, 95th percentile {wall_p95:+.1}; search median {search_median:+.1}, 95th percentile {search_p95:+.1}"
            ));
        }
    }
    assert!(failures.is_empty(), "time limits overrun: {failures:#?}");
}

/// `args` is refused (exit 2) with a message naming each of `needles`.
fn refused(args: &[&str], needles: &[&str]) {
    let r = run(args);
    assert_eq!(r.code, 2, "ddz {args:?} should be refused, not answered: {}", r.stdout);
    for needle in needles {
        assert!(
            r.stderr.contains(needle),
            "ddz {args:?}: expected {needle:?} in {:?}",
            r.stderr
        );
    }
}

fn library() -> String {
    format!("{}/../assets/library.json", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn a_flag_that_would_be_ignored_is_refused_naming_it() {
    let lib = library();
    fn dih<'a>(extra: &[&'a str]) -> Vec<&'a str> {
        [&["dih"][..], extra, &["--players", "10", "--rounds", "3", "--top", "2"]].concat()
    }
    // dih: one source of the distribution, and only its own flags.
    refused(
        &dih(&["--deal", "3", "--library", &lib, "--entry", "3"]),
        &["--deal", "--library"],
    );
    refused(&dih(&["--dist", "1:1", "--entry", "3"]), &["--entry"]);
    refused(&dih(&["--dist", "1:1", "--panel", "strong"]), &["--panel"]);
    refused(&dih(&["--dist", "1:1", "--games", "2"]), &["--games"]);
    refused(&dih(&["--library", &lib, "--entry", "3", "--games", "2"]), &["--games"]);
    refused(&dih(&["--deal", "3", "--entry", "3"]), &["--entry"]);
    // tournament: the pool's flags only where a format takes a pool.
    fn tournament<'a>(extra: &[&'a str]) -> Vec<&'a str> {
        [&["tournament", "--matches", "2", "--rounds", "2"][..], extra].concat()
    }
    refused(
        &tournament(&["--format", "duplicate", "--centre", "0.5"]),
        &["--centre"],
    );
    refused(&tournament(&["--format", "random", "--library", &lib]), &["--library"]);
    refused(&tournament(&["--format", "duplicate", "--eps", "0.2"]), &["--eps"]);
    // ε in its range on every path.
    refused(
        &["equal", "--library", &lib, "--centre", "0.5", "--eps", "1e300"],
        &["--eps", "10"],
    );
    refused(
        &["equal", "--library", &lib, "--centre", "0.5", "--eps", "11"],
        &["--eps"],
    );
    refused(
        &tournament(&[
            "--format",
            "equal",
            "--library",
            &lib,
            "--centre",
            "0.5",
            "--eps",
            "1e300",
        ]),
        &["--eps"],
    );
    // equal: --generate's flags are refused with --library.
    for flag in [
        ["--count", "5"],
        ["--panel", "strong"],
        ["--games", "3"],
        ["--seed", "4"],
        ["--max-deals", "9"],
    ] {
        refused(
            &[&["equal", "--library", &lib, "--centre", "0.5"][..], &flag].concat(),
            &[flag[0]],
        );
    }
    // split: the model is the learned method's.
    for method in ["exact", "greedy"] {
        refused(&["split", "34567", "--method", method, "--model", &lib], &["--model"]);
    }
    refused(&["split", "34567", "--model", &lib], &["--model"]);
    // contest new: each format's own flags; contest deals: a name only
    // where the deals are the entrant's.
    fn contest<'a>(extra: &[&'a str]) -> Vec<&'a str> {
        [&["contest", "new", "--seed", "1"][..], extra].concat()
    }
    refused(&contest(&["--format", "duplicate", "--centre", "0.5"]), &["--centre"]);
    refused(&contest(&["--format", "duplicate", "--eps", "0.2"]), &["--eps"]);
    refused(&contest(&["--format", "duplicate", "--library", &lib]), &["--library"]);
    refused(&contest(&["--format", "random", "--library", &lib]), &["--library"]);
    refused(
        &contest(&["--format", "random", "--test-cases", "10,3,2"]),
        &["--test-cases"],
    );
    refused(&contest(&["--format", "equal", "--random"]), &["--random"]);
    let made = run(&contest(&["--format", "duplicate", "--json"]));
    let code: serde_json::Value = serde_json::from_str(&made.stdout).expect("contest new --json");
    let code = code["code"].as_str().expect("an event code").to_string();
    refused(&["contest", "deals", &code, "--entrant", "ann"], &["--entrant"]);

    // solve-bench: --full's flags and the endgames' are apart.
    refused(&["solve-bench", "--full", "--positions", "3"], &["--positions"]);
    refused(&["solve-bench", "--full", "--sizes", "4+4"], &["--sizes"]);
    refused(&["solve-bench", "--sizes", "4+4", "--deals", "3"], &["--deals"]);

    // What each flag is for still answers.
    for ok in [
        dih(&["--deal", "3", "--panel", "quick", "--games", "1"]),
        dih(&["--library", &lib, "--entry", "0"]),
        dih(&["--dist", "0:0.5,1:0.5"]),
        tournament(&["--format", "duplicate"]),
        vec!["equal", "--library", &lib, "--centre", "0.5", "--eps", "0.01"],
        vec!["split", "34567", "--method", "greedy"],
        vec!["solve-bench", "--sizes", "4+4", "--positions", "2"],
        contest(&["--format", "equal", "--centre", "1,0.25,0.25", "--eps", "0.2"]),
        contest(&["--format", "duplicate", "--test-cases", "10,3,2", "--library", &lib]),
        vec!["contest", "deals", &code],
    ] {
        let r = run(&ok);
        assert_eq!(r.code, 0, "ddz {ok:?}: {}", r.stderr);
    }
}

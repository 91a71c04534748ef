//! The server's load benchmark (not a timed test; `scripts/bench-server`
//! builds it and a release `ddz-server` and runs it): N concurrent AI
//! entrants, each a thread with its own connection, enter one online
//! event and play every board through the API with the same client code
//! as `ddz contest enter --server` (this example includes it). It reports
//! moves per second, each move's latency (the AI's replies included) at
//! p50/p95/p99, the errors by status, and, after closing the event, the
//! entrants' moves lost or duplicated: each client's acknowledged moves
//! against the server's export, which must agree exactly.
//!
//!     cargo run --release -p ddz-cli --example bench_server -- \
//!         --server http://127.0.0.1:8080 --entrants 50 [--boards 6] [--player L1] [--opponents L7]
//!
//! `--json` prints the figures as one JSON object.

// The client's modules, shared with the CLI; the benchmark uses part of them.
#[allow(dead_code)]
#[path = "../src/cmd/online/api.rs"]
mod api;
#[allow(dead_code)]
#[path = "../src/cmd/online/entrant.rs"]
mod entrant;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use engine::clock::MonotonicClock;
use engine::contest::{Aids, ContestResult, Deals, Event, Reveal, SeatRule, Settings};
use engine::{Game, PlayerSpec, Rung};

use api::{str_field, ApiError, Repeat, Server};
use entrant::{Entry, Sent, Tally};

struct Options {
    server: String,
    entrants: usize,
    boards: u8,
    player: PlayerSpec,
    opponents: Rung,
    json: bool,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        server: "http://127.0.0.1:8080".into(),
        entrants: 50,
        boards: 6,
        player: "L1".parse().map_err(|e| format!("{e:?}"))?,
        opponents: "L7".parse().map_err(|e| format!("{e:?}"))?,
        json: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        if flag == "--json" {
            o.json = true;
            continue;
        }
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--server" => o.server = value,
            "--entrants" => {
                o.entrants = value
                    .parse()
                    .ok()
                    .filter(|n| (1..=100_000).contains(n))
                    .ok_or("--entrants: 1 to 100,000")?
            }
            "--boards" => {
                o.boards = value
                    .parse()
                    .ok()
                    .filter(|n| (1..=36).contains(n))
                    .ok_or("--boards: 1 to 36")?
            }
            "--player" => o.player = value.parse().map_err(|e| format!("--player: {e:?}"))?,
            "--opponents" => o.opponents = value.parse().map_err(|e| format!("--opponents: {e:?}"))?,
            _ => return Err(format!("unknown flag {flag}")),
        }
    }
    Ok(o)
}

/// One entrant's run.
struct Outcome {
    name: String,
    tally: Tally,
    error: Option<String>,
    busy: u64,
    resent: u64,
}

fn entrant(o: &Options, id: &str, i: usize, start: &Barrier) -> Outcome {
    let name = format!("bench-{i:05}");
    let mut outcome = Outcome {
        name: name.clone(),
        tally: Tally::default(),
        error: None,
        busy: 0,
        resent: 0,
    };
    let server = match Server::new(&o.server, Duration::from_secs(120)) {
        Ok(s) => s,
        Err(e) => {
            outcome.error = Some(e);
            start.wait();
            return outcome;
        }
    };
    start.wait();
    let result = server
        .post(
            &format!("events/{id}/entries"),
            None,
            &json!({ "name": name }),
            Repeat::WhenBusy,
        )
        .and_then(|reply| Ok(str_field(&reply, "entry_key")?.to_string()))
        .and_then(|key| {
            let entry = Entry {
                server: &server,
                id,
                key: &key,
            };
            entrant::play_entry(&entry, &o.player, i as u64, None, &mut outcome.tally)
        });
    if let Err(e) = result {
        outcome.error = Some(status_of(&e));
    }
    outcome.busy = server.busy.load(Ordering::Relaxed);
    outcome.resent = server.resent.load(Ordering::Relaxed);
    outcome
}

/// An error as the tally counts it: the status and code, or its kind.
fn status_of(e: &ApiError) -> String {
    match e {
        ApiError::Server { status, code, .. } => format!("{status} {code}"),
        ApiError::Network(m) => format!("network: {m}"),
        ApiError::Reply(m) => format!("reply: {m}"),
    }
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[i.min(sorted.len() - 1)].as_secs_f64() * 1000.0
}

/// The entrant's moves in each exported result: (name, board, ply, move).
fn exported_moves(export: &Value) -> Result<BTreeSet<(String, u64, usize, String)>, String> {
    let clock = MonotonicClock::default();
    let mut moves = BTreeSet::new();
    for r in export["results"].as_array().ok_or("no results in the export")? {
        let file = r["file"].as_str().ok_or("a result without its file")?;
        let result = ContestResult::from_file(file).map_err(|e| e.to_string())?;
        let boards = result
            .event
            .boards_for(&result.entrant, &clock)
            .map_err(|e| e.to_string())?;
        for (board, record) in boards.iter().zip(&result.records) {
            let mut game = Game::new(&board.deal());
            for (ply, &mv) in record.iter().enumerate() {
                if game.to_move() == board.seat {
                    moves.insert((
                        result.entrant.as_str().to_string(),
                        u64::from(board.number),
                        ply,
                        mv.to_string(),
                    ));
                }
                game.apply(mv).map_err(|e| format!("{}: {e}", result.entrant))?;
            }
        }
    }
    Ok(moves)
}

fn main() {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            let _ = std::io::Write::write_all(&mut std::io::stderr(), format!("bench_server: {e}\n").as_bytes());
            std::process::exit(2);
        }
    };
    if let Err(e) = run(o) {
        let _ = std::io::Write::write_all(&mut std::io::stderr(), format!("bench_server: {e}\n").as_bytes());
        std::process::exit(1);
    }
}

fn run(o: Options) -> Result<(), String> {
    let server = Server::new(&o.server, Duration::from_secs(300))?;
    let (id, org) = open_event(&server, &o)?;
    let o = Arc::new(o);
    let (outcomes, seconds) = play_all(&o, &id)?;

    let mut latencies: Vec<Duration> = outcomes
        .iter()
        .flat_map(|x| x.tally.latencies.iter().copied())
        .collect();
    latencies.sort();
    let moves = latencies.len();
    let mut errors: BTreeMap<String, u64> = BTreeMap::new();
    for x in &outcomes {
        if let Some(e) = &x.error {
            *errors.entry(e.clone()).or_default() += 1;
        }
    }
    let busy: u64 = outcomes.iter().map(|x| x.busy).sum();
    let resent: u64 = outcomes.iter().map(|x| x.resent).sum();
    let stale: u64 = outcomes.iter().map(|x| x.tally.stale).sum();

    let (exported, lost, duplicated) = close_and_compare(&server, &id, &org, &outcomes)?;
    let finished = outcomes.iter().filter(|x| x.error.is_none()).count();

    let figures = json!({
        "entrants": o.entrants, "boards": o.boards, "player": o.player.to_string(),
        "opponents": o.opponents.to_string(), "finished": finished, "seconds": seconds,
        "moves": moves, "moves_per_second": moves as f64 / seconds,
        "latency_ms": {
            "p50": percentile(&latencies, 50.0), "p95": percentile(&latencies, 95.0),
            "p99": percentile(&latencies, 99.0), "max": percentile(&latencies, 100.0),
        },
        "errors": errors, "busy_waited": busy, "resent": resent, "stale": stale,
        "exported_moves": exported, "lost": lost, "duplicated": duplicated,
    });
    let text = format!(
        "{n} entrants × {b} boards ({p} against {op}): {finished} finished in {seconds:.1} s\n\
         {moves} moves, {mps:.1} moves/s; latency p50 {p50:.1} ms, p95 {p95:.1} ms, p99 {p99:.1} ms, max {max:.1} ms\n\
         errors: {errors:?}; 503/429 waited out {busy}, resent after network errors {resent}, stale {stale}\n\
         export: {ex} entrant moves; lost {lost}, duplicated {duplicated}\n",
        n = o.entrants,
        b = o.boards,
        p = o.player,
        op = o.opponents,
        mps = moves as f64 / seconds,
        p50 = percentile(&latencies, 50.0),
        p95 = percentile(&latencies, 95.0),
        p99 = percentile(&latencies, 99.0),
        max = percentile(&latencies, 100.0),
        ex = exported,
    );
    let out = if o.json { format!("{figures}\n") } else { text };
    let _ = std::io::Write::write_all(&mut std::io::stdout(), out.as_bytes());
    if lost > 0 || duplicated > 0 {
        return Err(format!("{lost} moves lost and {duplicated} duplicated"));
    }
    Ok(())
}

/// The bench's event on the server: its id and organiser key.
fn open_event(server: &Server, o: &Options) -> Result<(String, String), String> {
    let event = Event::new(Settings {
        title: format!("bench {} entrants", o.entrants),
        deals: Deals::Seeded { seed: 1 },
        boards: o.boards,
        seat: SeatRule::Alternate,
        opponents: o.opponents,
        aids: Aids::default(),
        reveal: Reveal::EachBoard,
    })
    .map_err(|e| e.to_string())?;
    let made = server
        .post(
            "events",
            None,
            &json!({ "event": event.code(), "max_entrants": o.entrants }),
            Repeat::WhenBusy,
        )
        .map_err(|e| e.to_string())?;
    let id = str_field(&made, "id").map_err(|e| e.to_string())?.to_string();
    let org = str_field(&made, "organiser_key")
        .map_err(|e| e.to_string())?
        .to_string();
    Ok((id, org))
}

/// Every entrant's thread, started together: their outcomes and the
/// seconds from the start to the last.
fn play_all(o: &Arc<Options>, id: &str) -> Result<(Vec<Outcome>, f64), String> {
    let start = Arc::new(Barrier::new(o.entrants + 1));
    let threads: Vec<_> = (0..o.entrants)
        .map(|i| {
            let (o, id, start) = (Arc::clone(o), id.to_string(), Arc::clone(&start));
            std::thread::Builder::new()
                .stack_size(1 << 20)
                .spawn(move || entrant(&o, &id, i, &start))
                .map_err(|e| format!("thread {i}: {e}"))
        })
        .collect::<Result<_, _>>()?;
    start.wait();
    let began = Instant::now();
    let outcomes: Vec<Outcome> = threads
        .into_iter()
        .map(|t| t.join().map_err(|_| "an entrant's thread panicked".to_string()))
        .collect::<Result<_, _>>()?;
    let seconds = began.elapsed().as_secs_f64();
    Ok((outcomes, seconds))
}

/// Closes the event and holds its export against the moves the server
/// acknowledged: the moves exported, and how many were lost or duplicated.
fn close_and_compare(
    server: &Server,
    id: &str,
    org: &str,
    outcomes: &[Outcome],
) -> Result<(usize, usize, usize), String> {
    server
        .post(&format!("events/{id}/close"), Some(org), &json!({}), Repeat::WhenBusy)
        .map_err(|e| format!("closing: {e}"))?;
    let export_text = server
        .get_text(&format!("events/{id}/export"), None, api::MAX_EXPORT)
        .map_err(|e| format!("the export: {e}"))?;
    let export: Value = serde_json::from_str(&export_text).map_err(|e| e.to_string())?;
    let exported = exported_moves(&export)?;
    let acknowledged: BTreeSet<(String, u64, usize, String)> = outcomes
        .iter()
        .flat_map(|x| {
            x.tally
                .acknowledged
                .iter()
                .map(|&Sent { board, ply, mv }| (x.name.clone(), board, ply, mv.to_string()))
        })
        .collect();
    let lost = acknowledged.difference(&exported).count();
    let duplicated = exported.difference(&acknowledged).count();
    Ok((exported.len(), lost, duplicated))
}

//! The tables' soak benchmark (not a timed test; `scripts/bench-tables`
//! builds it and a release `ddz-server` and runs it): N tables, each with
//! three bots in its chairs, every bot a thread with its own WebSocket,
//! play deals without a pause for S seconds, using the CLI's table client
//! (`ddz table bot`'s socket and per-frame logic, included here). Turns
//! are 300 s, so no timer fires. It reports moves per second, a move's
//! latency (an `act` sent to the frame showing the ply passed) at
//! p50/p95/p99, the errors by code, the server's memory (with
//! `--server-pid`), and the moves lost or duplicated: each bot's
//! acknowledged actions against `GET /api/tables/{id}/history` for every
//! finished deal, which must agree exactly.
//!
//!     cargo run --release -p ddz-cli --example soak_tables -- \
//!         --server http://127.0.0.1:8080 [--tables 300] [--seconds 300] [--player random] [--server-pid PID]
//!
//! `--json` prints the figures as one JSON object.

// The CLI's client modules, reached as the CLI has them (`crate::cmd::…`;
// `bot.rs` finds `socket.rs` as its sibling).
#[allow(dead_code)]
#[path = "../src/cmd/online/api.rs"]
mod api;
#[allow(dead_code)]
#[path = "../src/cmd/table/bot.rs"]
mod bot;
#[allow(dead_code)]
#[path = "../src/cmd/table/socket.rs"]
mod socket;
mod cmd {
    pub mod online {
        pub(crate) use crate::api;
    }
}

/// What `bot.rs` reports through (its reconnecting loop, unused here).
mod report {
    #[allow(dead_code)]
    pub fn write_stderr(text: &str) {
        let _ = std::io::Write::write_all(&mut std::io::stderr(), text.as_bytes());
    }
}

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Barrier, OnceLock};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use engine::clock::{Deadline, MonotonicClock};
use engine::table::{Action, Chair, ClientMessage, DealView, ServerMessage};
use engine::PlayerSpec;

use api::{str_field, ApiError, Repeat, Server};
use bot::{read_message, think_ms, Bot};
use socket::Socket;

struct Options {
    server: String,
    tables: usize,
    seconds: u64,
    player: PlayerSpec,
    server_pid: Option<u32>,
    json: bool,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        server: "http://127.0.0.1:8080".into(),
        tables: 300,
        seconds: 300,
        player: "random".parse().map_err(|e| format!("{e:?}"))?,
        server_pid: None,
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
            "--tables" => {
                o.tables = value
                    .parse()
                    .ok()
                    .filter(|n| (1..=10_000).contains(n))
                    .ok_or("--tables: 1 to 10,000")?
            }
            "--seconds" => {
                o.seconds = value
                    .parse()
                    .ok()
                    .filter(|n| (1..=86_400).contains(n))
                    .ok_or("--seconds: 1 to 86,400")?
            }
            "--player" => o.player = value.parse().map_err(|e| format!("--player: {e:?}"))?,
            "--server-pid" => o.server_pid = Some(value.parse().map_err(|_| "--server-pid: a process id")?),
            _ => return Err(format!("unknown flag {flag}")),
        }
    }
    Ok(o)
}

/// One action: the table's index, the deal, the ply, the chair, the action.
type Stored = (usize, u32, usize, usize, String);

/// One bot's run.
#[derive(Default)]
struct Outcome {
    /// Actions the server showed stored, as this bot sent them.
    acknowledged: Vec<Stored>,
    latencies: Vec<Duration>,
    /// Refusals by code, and the end of a connection that was not ours.
    errors: BTreeMap<String, u64>,
    /// An action answered by a frame showing another at its ply.
    replaced: u64,
    /// An action whose answer did not come before the bot stopped.
    unanswered: u64,
}

/// An action sent and not yet seen stored.
struct Pending {
    deal: u32,
    ply: usize,
    action: Action,
    sent: Instant,
}

/// The action at `ply` of `deal`: the calls come first, then the moves.
fn action_at(deal: &DealView, ply: usize) -> Option<(Chair, Action)> {
    match deal.bids.get(ply) {
        Some(&(chair, bid)) => Some((chair, Action::Bid(bid))),
        None => deal
            .plays
            .get(ply - deal.bids.len())
            .map(|&(chair, mv)| (chair, Action::Play(mv))),
    }
}

/// How long a bot waits for its last action's answer after the run.
const DRAIN: Duration = Duration::from_secs(30);

/// One bot: it opens its socket, waits for every other to be open and for
/// the stop to be set, then plays until the stop.
fn seat(
    o: &Options,
    url: &str,
    key: &str,
    table: usize,
    chair: Chair,
    start: &Barrier,
    stop: &OnceLock<Instant>,
) -> Outcome {
    let mut out = Outcome::default();
    let fail = |out: &mut Outcome, e: ApiError| {
        let kind = match e {
            ApiError::Server { status, code, .. } => format!("{status} {code}"),
            ApiError::Network(m) => format!("network: {m}"),
            ApiError::Reply(m) => format!("reply: {m}"),
        };
        *out.errors.entry(kind).or_default() += 1;
    };
    // Hello at once (the server waits 10 s for it); the frames wait in
    // the socket until the start.
    let hello = ClientMessage::Hello {
        key: Some(key.to_string()),
    };
    let socket = Socket::connect(url).and_then(|mut s| s.send(&hello).map(|()| s));
    start.wait();
    start.wait();
    let stop = *stop.get().expect("set between the barriers");
    let mut socket = match socket {
        Ok(s) => s,
        Err(e) => {
            fail(&mut out, e);
            return out;
        }
    };
    let seed = (table * 3 + chair.index()) as u64;
    let mut bot = Bot::new(chair, o.player.build(seed), usize::MAX);
    let clock = MonotonicClock::default();
    let mut pending: Option<Pending> = None;
    loop {
        let now = Instant::now();
        let stopping = now >= stop;
        if stopping && pending.is_none() {
            break;
        }
        let until = if stopping { stop + DRAIN } else { stop };
        if now >= until {
            out.unanswered += 1;
            break;
        }
        let text = match socket.recv((until - now).min(Duration::from_secs(1))) {
            Ok(Some(text)) => text,
            Ok(None) => continue,
            Err(e) => {
                fail(&mut out, e);
                return out;
            }
        };
        let frame = match read_message(&text) {
            Ok(Some(ServerMessage::Frame(frame))) => frame,
            Ok(Some(ServerMessage::Error { code, .. })) => {
                *out.errors.entry(code).or_default() += 1;
                // The action is refused; a fresh frame follows.
                pending = None;
                continue;
            }
            Ok(None) => continue,
            Err(e) => {
                fail(&mut out, e);
                return out;
            }
        };
        if let Some(p) = &pending {
            let number = frame.view.deal.as_ref().map_or(0, |d| d.number);
            if number > p.deal || (number == p.deal && frame.ply > p.ply) {
                out.latencies.push(p.sent.elapsed());
                let shown = frame
                    .view
                    .deal
                    .as_ref()
                    .filter(|d| d.number == p.deal)
                    .and_then(|d| action_at(d, p.ply));
                if shown.is_some_and(|s| s != (chair, p.action)) {
                    out.replaced += 1;
                } else {
                    out.acknowledged
                        .push((table, p.deal, p.ply, chair.index(), p.action.to_string()));
                }
                pending = None;
            }
        }
        if stopping {
            continue;
        }
        let deadline = Deadline::after(&clock, think_ms(&frame));
        let step = match bot.on_frame(&frame, &deadline) {
            Ok(step) => step,
            Err(e) => {
                fail(&mut out, e);
                return out;
            }
        };
        for message in &step.send {
            if let ClientMessage::Act { deal, ply, action } = message {
                pending = Some(Pending {
                    deal: *deal,
                    ply: *ply,
                    action: *action,
                    sent: Instant::now(),
                });
            }
            if let Err(e) = socket.send(message) {
                fail(&mut out, e);
                return out;
            }
        }
    }
    socket.close();
    out
}

/// The server's VmHWM and VmRSS in KiB.
fn memory(pid: Option<u32>) -> Option<(u64, u64)> {
    let status = std::fs::read_to_string(format!("/proc/{}/status", pid?)).ok()?;
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
    };
    Some((field("VmHWM:")?, field("VmRSS:")?))
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[i.min(sorted.len() - 1)].as_secs_f64() * 1000.0
}

fn main() {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            let _ = std::io::Write::write_all(&mut std::io::stderr(), format!("soak_tables: {e}\n").as_bytes());
            std::process::exit(2);
        }
    };
    if let Err(e) = run(o) {
        let _ = std::io::Write::write_all(&mut std::io::stderr(), format!("soak_tables: {e}\n").as_bytes());
        std::process::exit(1);
    }
}

/// Makes a table with 300 s turns and takes its three chairs: its id and
/// the seat keys.
fn make_table(server: &Server, i: usize) -> Result<(String, [String; 3]), ApiError> {
    let made = server.post("tables", None, &json!({ "turn_seconds": 300 }), Repeat::WhenBusy)?;
    let id = str_field(&made, "id")?.to_string();
    let mut keys: [String; 3] = Default::default();
    for chair in Chair::ALL {
        let body = json!({ "name": format!("soak{i}-{chair}"), "chair": chair.index() });
        let sat = server.post(&format!("tables/{id}/seats"), None, &body, Repeat::WhenBusy)?;
        keys[chair.index()] = str_field(&sat, "seat_key")?.to_string();
    }
    Ok((id, keys))
}

fn run(o: Options) -> Result<(), String> {
    let server = Server::new(&o.server, Duration::from_secs(120))?;
    let tables: Vec<(String, [String; 3])> = (0..o.tables)
        .map(|i| make_table(&server, i).map_err(|e| format!("making table {i}: {e}")))
        .collect::<Result<_, _>>()?;
    let ws = server.url().replacen("http", "ws", 1);
    let memory_before = memory(o.server_pid);

    let o = Arc::new(o);
    let start = Arc::new(Barrier::new(3 * o.tables + 1));
    // The stop is set once every socket is open: the barrier's release.
    let stop = Arc::new(OnceLock::<Instant>::new());
    let threads: Vec<_> = tables
        .iter()
        .enumerate()
        .flat_map(|(t, (id, keys))| Chair::ALL.map(|chair| (t, id.clone(), keys[chair.index()].clone(), chair)))
        .map(|(t, id, key, chair)| {
            let (o, start, stop) = (Arc::clone(&o), Arc::clone(&start), Arc::clone(&stop));
            let url = format!("{ws}/api/tables/{id}/ws");
            std::thread::Builder::new()
                .stack_size(1 << 20)
                .spawn(move || seat(&o, &url, &key, t, chair, &start, &stop))
                .map_err(|e| format!("thread {t}/{chair}: {e}"))
        })
        .collect::<Result<_, _>>()?;
    start.wait();
    let began = Instant::now();
    let _ = stop.set(began + Duration::from_secs(o.seconds));
    start.wait();
    // The server's memory every 10 s, for its growth.
    let mut rss_samples = Vec::new();
    while Instant::now() < began + Duration::from_secs(o.seconds) {
        if let Some((_, rss)) = memory(o.server_pid) {
            rss_samples.push(rss);
        }
        std::thread::sleep(
            Duration::from_secs(10)
                .min((began + Duration::from_secs(o.seconds)).saturating_duration_since(Instant::now())),
        );
    }
    let memory_after_run = memory(o.server_pid);
    let outcomes: Vec<Outcome> = threads
        .into_iter()
        .map(|t| t.join().map_err(|_| "a bot's thread panicked".to_string()))
        .collect::<Result<_, _>>()?;
    let seconds = o.seconds as f64;

    let mut latencies: Vec<Duration> = outcomes.iter().flat_map(|x| x.latencies.iter().copied()).collect();
    latencies.sort();
    let mut errors: BTreeMap<String, u64> = BTreeMap::new();
    for x in &outcomes {
        for (code, n) in &x.errors {
            *errors.entry(code.clone()).or_default() += n;
        }
    }
    let replaced: u64 = outcomes.iter().map(|x| x.replaced).sum();
    let unanswered: u64 = outcomes.iter().map(|x| x.unanswered).sum();
    let acknowledged: BTreeSet<Stored> = outcomes.iter().flat_map(|x| x.acknowledged.iter().cloned()).collect();
    let moves = acknowledged.len();

    // Every finished deal's actions, as the server stored them.
    let mut stored: BTreeSet<Stored> = BTreeSet::new();
    let mut finished: BTreeSet<(usize, u32)> = BTreeSet::new();
    for (t, (id, _)) in tables.iter().enumerate() {
        let history = server
            .get(&format!("tables/{id}/history"), None)
            .map_err(|e| format!("table {id}'s history: {e}"))?;
        let deals: Vec<DealView> = serde_json::from_value(history.get("deals").cloned().unwrap_or(Value::Null))
            .map_err(|e| format!("table {id}'s history: {e}"))?;
        for deal in &deals {
            finished.insert((t, deal.number));
            for ply in 0..deal.bids.len() + deal.plays.len() {
                let (chair, action) = action_at(deal, ply).expect("a ply within the deal");
                stored.insert((t, deal.number, ply, chair.index(), action.to_string()));
            }
        }
    }
    let checked: BTreeSet<Stored> = acknowledged
        .iter()
        .filter(|a| finished.contains(&(a.0, a.1)))
        .cloned()
        .collect();
    let lost = checked.difference(&stored).count();
    let duplicated = stored.difference(&checked).count();
    let memory_end = memory(o.server_pid);

    let kib = |m: Option<(u64, u64)>| m.map(|(hwm, rss)| json!({ "peak_kib": hwm, "rss_kib": rss }));
    let figures = json!({
        "tables": o.tables, "sockets": 3 * o.tables, "seconds": seconds, "player": o.player.to_string(),
        "moves": moves, "moves_per_second": moves as f64 / seconds,
        "deals_finished": finished.len(),
        "latency_ms": {
            "p50": percentile(&latencies, 50.0), "p95": percentile(&latencies, 95.0),
            "p99": percentile(&latencies, 99.0), "max": percentile(&latencies, 100.0),
        },
        "errors": errors, "replaced": replaced, "unanswered": unanswered,
        "checked_moves": checked.len(), "history_moves": stored.len(), "lost": lost, "duplicated": duplicated,
        "server_memory": {
            "before": kib(memory_before), "after_run": kib(memory_after_run), "end": kib(memory_end),
            "rss_every_10s_kib": rss_samples,
        },
    });
    let mib = |m: Option<(u64, u64)>| {
        m.map_or("-".to_string(), |(hwm, rss)| {
            format!(
                "peak {:.1} MiB, now {:.1} MiB",
                hwm as f64 / 1024.0,
                rss as f64 / 1024.0
            )
        })
    };
    let text = format!(
        "{n} tables, {s} sockets ({p}) for {seconds:.0} s: {moves} moves, {mps:.1} moves/s, {deals} deals finished\n\
         latency p50 {p50:.1} ms, p95 {p95:.1} ms, p99 {p99:.1} ms, max {max:.1} ms\n\
         errors: {errors:?}; actions replaced {replaced}, unanswered at the stop {unanswered}\n\
         history: {h} moves in finished deals, {c} of them acknowledged; lost {lost}, duplicated {duplicated}\n\
         server memory: before {m0}; after the run {m1}; rss every 10 s (MiB): {samples}\n",
        n = o.tables,
        s = 3 * o.tables,
        p = o.player,
        mps = moves as f64 / seconds,
        deals = finished.len(),
        p50 = percentile(&latencies, 50.0),
        p95 = percentile(&latencies, 95.0),
        p99 = percentile(&latencies, 99.0),
        max = percentile(&latencies, 100.0),
        h = stored.len(),
        c = checked.len(),
        m0 = mib(memory_before),
        m1 = mib(memory_after_run),
        samples = rss_samples
            .iter()
            .map(|k| format!("{:.0}", *k as f64 / 1024.0))
            .collect::<Vec<_>>()
            .join(" "),
    );
    let out = if o.json { format!("{figures}\n") } else { text };
    let _ = std::io::Write::write_all(&mut std::io::stdout(), out.as_bytes());
    if lost > 0 || duplicated > 0 {
        return Err(format!("{lost} moves lost and {duplicated} duplicated"));
    }
    Ok(())
}

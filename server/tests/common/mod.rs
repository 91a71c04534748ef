//! The test harness: a real `ddz-server` process on a free port with a
//! temporary SQLite database (or the PostgreSQL of `DDZ_TEST_POSTGRES`),
//! spoken to over real HTTP (reqwest, blocking), and a client that plays
//! boards from what the API shows it, as a person's app or the CLI would.
#![allow(dead_code)]

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use engine::agents::PlayerSpec;
use engine::clock::Deadline;
use engine::contest::{Aids, Deals, Event, Reveal, SeatRule, Settings};
use engine::{Cards, Move, Seat, SeatView, Turn};
use reqwest::blocking::{Client, Response};
use reqwest::header::HeaderMap;
use serde_json::{json, Value};

pub mod table;

static COUNTER: AtomicU32 = AtomicU32::new(0);

/// Where the servers of a test keep their data.
#[derive(Clone, Debug)]
pub struct Store {
    pub url: String,
    dir: Option<PathBuf>,
}

impl Store {
    /// A fresh SQLite file, or the PostgreSQL database of `DDZ_TEST_POSTGRES`.
    pub fn new() -> Store {
        if let Some(url) = postgres() {
            return Store { url, dir: None };
        }
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let dir = std::env::temp_dir().join(format!("ddz-server-test-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temp dir");
        Store {
            url: format!("sqlite://{}", dir.join("test.db").display()),
            dir: Some(dir),
        }
    }
    /// A fresh SQLite file whatever the environment says.
    pub fn sqlite() -> Store {
        let n = COUNTER.fetch_add(1, Ordering::SeqCst);
        let dir = std::env::temp_dir().join(format!("ddz-server-test-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a temp dir");
        Store {
            url: format!("sqlite://{}", dir.join("test.db").display()),
            dir: Some(dir),
        }
    }
    pub fn is_postgres(&self) -> bool {
        self.dir.is_none()
    }
}

impl Drop for Store {
    fn drop(&mut self) {
        if let Some(dir) = &self.dir {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

pub fn postgres() -> Option<String> {
    std::env::var("DDZ_TEST_POSTGRES").ok().filter(|s| !s.is_empty())
}

/// A running `ddz-server`.
pub struct Server {
    child: Option<Child>,
    pub base: String,
    pub port: u16,
    pub database: String,
    extra: Vec<String>,
    pub env: Vec<(String, String)>,
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

impl Server {
    /// A server on `store` with generous rate limits (the functional tests
    /// play fast from one address).
    pub fn start(store: &Store) -> Server {
        Server::with_args(store, &["--rate-per-ip", "100000", "--rate-per-key", "100000"])
    }

    pub fn with_args(store: &Store, args: &[&str]) -> Server {
        let port = free_port();
        let mut server = Server {
            child: None,
            base: format!("http://127.0.0.1:{port}"),
            port,
            database: store.url.clone(),
            extra: args.iter().map(|s| s.to_string()).collect(),
            env: Vec::new(),
        };
        server.spawn();
        server
    }

    fn spawn(&mut self) {
        let child = Command::new(env!("CARGO_BIN_EXE_ddz-server"))
            .arg("--listen")
            .arg(format!("127.0.0.1:{}", self.port))
            .arg("--database")
            .arg(&self.database)
            .args(&self.extra)
            .env("DDZ_LOG", "warn")
            .envs(self.env.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("ddz-server starts");
        self.child = Some(child);
        let start = Instant::now();
        let client = client();
        loop {
            if let Ok(r) = client.get(self.url("/api/health")).send() {
                if r.status().is_success() {
                    return;
                }
            }
            if let Some(status) = self.child.as_mut().and_then(|c| c.try_wait().ok().flatten()) {
                panic!("ddz-server exited at start: {status}");
            }
            assert!(start.elapsed() < Duration::from_secs(60), "ddz-server did not answer");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    pub fn pid(&self) -> u32 {
        self.child.as_ref().map(Child::id).expect("running")
    }

    /// SIGKILL, no goodbye.
    pub fn kill(&mut self) {
        if let Some(mut c) = self.child.take() {
            let _ = c.kill();
            let _ = c.wait();
        }
    }

    /// SIGTERM, and the exit status once it has shut down.
    pub fn terminate(&mut self) -> std::process::ExitStatus {
        let mut c = self.child.take().expect("running");
        let _ = Command::new("kill").arg("-TERM").arg(c.id().to_string()).status();
        c.wait().expect("it exits")
    }

    /// Killed and started again on the same database and port.
    pub fn restart(&mut self) {
        self.kill();
        self.spawn();
    }

    /// Killed and started again with these environment variables.
    pub fn restart_with_env(&mut self, env: &[(&str, &str)]) {
        self.kill();
        self.env = env.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        self.spawn();
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub fn alive(&mut self) -> bool {
        self.child
            .as_mut()
            .is_some_and(|c| c.try_wait().ok().flatten().is_none())
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

pub fn client() -> Client {
    // A connection for each request: the server refuses an oversized body
    // unread and closes the connection, and a pooled connection reused in
    // that moment fails the next request (hyper's IncompleteMessage).
    Client::builder()
        .timeout(Duration::from_secs(300))
        .pool_max_idle_per_host(0)
        .build()
        .expect("a client")
}

/// An answer: status, headers and body.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub headers: HeaderMap,
    pub text: String,
}

impl Answer {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.text).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text))
    }
    /// Asserts the status and, for errors, the JSON error shape.
    pub fn expect(self, status: u16) -> Answer {
        assert_eq!(self.status, status, "body: {}", self.text);
        if status >= 400 {
            let v = self.json();
            assert!(
                v["error"].is_string() && v["code"].is_string(),
                "error shape: {}",
                self.text
            );
        }
        self
    }
    pub fn code(&self) -> String {
        self.json()["code"].as_str().unwrap_or_default().to_string()
    }
    /// Everything the client received, for leak scans.
    pub fn everything(&self) -> String {
        let mut s = String::new();
        for (k, v) in &self.headers {
            s.push_str(k.as_str());
            s.push_str(": ");
            s.push_str(&String::from_utf8_lossy(v.as_bytes()));
            s.push('\n');
        }
        s.push_str(&self.text);
        s
    }
}

fn answer(r: reqwest::Result<Response>) -> Answer {
    let r = r.expect("the server answers");
    Answer {
        status: r.status().as_u16(),
        headers: r.headers().clone(),
        text: r.text().expect("a body"),
    }
}

/// A client of one server, remembering every answer (for leak scans).
pub struct Api {
    pub base: String,
    pub client: Client,
    pub seen: std::cell::RefCell<Vec<String>>,
}

impl Api {
    pub fn new(server: &Server) -> Api {
        Api {
            base: server.base.clone(),
            client: client(),
            seen: Default::default(),
        }
    }
    fn keep(&self, a: Answer) -> Answer {
        self.seen.borrow_mut().push(a.everything());
        a
    }
    pub fn get(&self, path: &str, key: Option<&str>) -> Answer {
        let mut rq = self.client.get(format!("{}{path}", self.base));
        if let Some(k) = key {
            rq = rq.bearer_auth(k);
        }
        self.keep(answer(rq.send()))
    }
    pub fn post(&self, path: &str, key: Option<&str>, body: &Value) -> Answer {
        let mut rq = self.client.post(format!("{}{path}", self.base)).json(body);
        if let Some(k) = key {
            rq = rq.bearer_auth(k);
        }
        self.keep(answer(rq.send()))
    }
    pub fn post_raw(&self, path: &str, key: Option<&str>, content_type: &str, body: Vec<u8>) -> Answer {
        let mut rq = self
            .client
            .post(format!("{}{path}", self.base))
            .header("content-type", content_type)
            .body(body);
        if let Some(k) = key {
            rq = rq.bearer_auth(k);
        }
        self.keep(answer(rq.send()))
    }

    /// Creates an event: (id, organiser key, the answer's JSON).
    pub fn create(&self, event: &Event, extra: Value) -> (String, String, Value) {
        let mut body = json!({ "event": event.code() });
        if let (Some(b), Some(e)) = (body.as_object_mut(), extra.as_object()) {
            for (k, v) in e {
                b.insert(k.clone(), v.clone());
            }
        }
        let v = self.post("/api/events", None, &body).expect(201).json();
        (
            v["id"].as_str().expect("id").to_string(),
            v["organiser_key"].as_str().expect("key").to_string(),
            v,
        )
    }

    /// Enters: the entry key.
    pub fn enter(&self, id: &str, name: &str) -> String {
        let v = self
            .post(&format!("/api/events/{id}/entries"), None, &json!({ "name": name }))
            .expect(201)
            .json();
        v["entry_key"].as_str().expect("entry key").to_string()
    }

    pub fn board(&self, id: &str, key: &str, n: u8) -> Value {
        self.get(&format!("/api/events/{id}/entry/boards/{n}"), Some(key))
            .expect(200)
            .json()
    }

    pub fn send_move(&self, id: &str, key: &str, n: u8, ply: u64, mv: &str) -> Answer {
        self.post(
            &format!("/api/events/{id}/entry/boards/{n}/moves"),
            Some(key),
            &json!({ "ply": ply, "move": mv }),
        )
    }

    /// Plays board `n` to its end choosing with `L1` from the board view
    /// alone, GETting the board again before each move when `reload`;
    /// returns the final view.
    pub fn play_board(&self, id: &str, key: &str, n: u8, reload: bool) -> Value {
        let mut v = self.board(id, key, n);
        let mut guard = 0;
        while !v["over"].as_bool().expect("over") {
            guard += 1;
            assert!(guard < 100, "a board that never ends");
            if reload {
                let again = self.board(id, key, n);
                assert_eq!(again, v, "a reload shows the same board");
            }
            let mv = choose(&v);
            let ply = v["ply"].as_u64().expect("ply");
            v = self.send_move(id, key, n, ply, &mv.to_string()).expect(200).json();
        }
        v
    }
}

/// The entrant's move from a board view, chosen by a cheap AI (L1) that
/// sees what the API gives and nothing more.
pub fn choose(v: &Value) -> Move {
    let seat: Seat = serde_json::from_value(v["seat"].clone()).expect("seat");
    let hand: Cards = v["hand"].as_str().expect("hand").parse().expect("cards");
    let bottom: Option<Cards> = v["bottom"].as_str().map(|b| b.parse().expect("bottom"));
    let turns: Vec<Turn> = v["plays"]
        .as_array()
        .expect("plays")
        .iter()
        .map(|p| Turn {
            seat: serde_json::from_value(p["seat"].clone()).expect("seat"),
            mv: Move::parse(p["move"].as_str().expect("move")).expect("a move"),
        })
        .collect();
    let counts: Vec<u8> = v["counts"]
        .as_array()
        .expect("counts")
        .iter()
        .map(|c| c.as_u64().expect("count") as u8)
        .collect();
    let view = SeatView::from_record(seat, 3, hand, bottom, &turns, [counts[0], counts[1], counts[2]])
        .expect("a consistent view");
    let spec: PlayerSpec = "L1".parse().expect("a rung");
    let mut player = spec.build(turns.len() as u64 + 1);
    player.choose(&view, &Deadline::NONE)
}

/// A link-event (public) code: `boards` boards of `deals` against `rung`.
pub fn event(deals: Deals, boards: u8, rung: &str, reveal: Reveal) -> Event {
    Event::new(Settings {
        title: "Server test".into(),
        deals,
        boards,
        seat: SeatRule::Alternate,
        opponents: rung.parse().expect("a rung"),
        aids: Aids::default(),
        reveal,
    })
    .expect("an event")
}

pub fn duplicate(boards: u8) -> Event {
    event(Deals::Seeded { seed: 7 }, boards, "L1", Reveal::EachBoard)
}

pub fn equal(boards: u8) -> Event {
    event(
        Deals::Equal {
            centre: "0.9,0.5,0.3".parse().expect("a centre"),
            eps_milli: 300,
            seed: 5,
        },
        boards,
        "L2",
        Reveal::EachBoard,
    )
}

/// A bomb the hand in a board view cannot play (it holds fewer than four of that rank).
pub fn not_held(v: &Value) -> String {
    let hand = v["hand"].as_str().expect("hand");
    "3456789TJQKA2"
        .chars()
        .find(|r| hand.chars().filter(|c| c == r).count() < 4)
        .map(|r| r.to_string().repeat(4))
        .expect("a rank held fewer than four times")
}

/// A board view without its field (played in the background once the
/// board is over, so it may appear between two looks).
pub fn without_field(v: &Value) -> Value {
    let mut v = v.clone();
    if let Some(o) = v.as_object_mut() {
        o.remove("field");
    }
    v
}

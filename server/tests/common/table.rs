//! A table's client for the tests: a real WebSocket that keeps every
//! message it received (for leak scans), and a bot that plays from the
//! frames alone, as a person's app or the CLI's table bot would.

use std::net::TcpStream;
use std::time::{Duration, Instant};

use engine::agents::make_player;
use engine::clock::Deadline;
use engine::table::{bot, TableView};
use serde_json::{json, Value};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

use super::{Api, Server};

/// Creates a table: (id, host key).
pub fn create(api: &Api, body: Value) -> (String, String) {
    let v = api.post("/api/tables", None, &body).expect(201).json();
    (
        v["id"].as_str().unwrap().to_string(),
        v["host_key"].as_str().unwrap().to_string(),
    )
}

/// Takes a chair: (chair, seat key).
pub fn sit(api: &Api, id: &str, name: &str) -> (usize, String) {
    let v = api
        .post(&format!("/api/tables/{id}/seats"), None, &json!({ "name": name }))
        .expect(201)
        .json();
    (
        v["chair"].as_u64().unwrap() as usize,
        v["seat_key"].as_str().unwrap().to_string(),
    )
}

pub struct Socket {
    ws: WebSocket<MaybeTlsStream<TcpStream>>,
    /// Every text message received, in order.
    pub received: Vec<String>,
    /// The last frame.
    pub frame: Value,
    /// The deal and ply this socket last acted on (an action is sent once).
    acted: Option<(Value, Value)>,
}

impl Socket {
    /// Connects to table `id` and says hello with `key` (a spectator
    /// without); waits for the first frame.
    pub fn open(server: &Server, id: &str, key: Option<&str>) -> Socket {
        let url = format!("ws://127.0.0.1:{}/api/tables/{id}/ws", server.port);
        let (ws, _) = tungstenite::connect(url).expect("the socket opens");
        if let MaybeTlsStream::Plain(stream) = ws.get_ref() {
            stream.set_read_timeout(Some(Duration::from_millis(20))).unwrap();
        }
        let mut socket = Socket {
            ws,
            received: Vec::new(),
            frame: Value::Null,
            acted: None,
        };
        let hello = match key {
            Some(k) => json!({"type": "hello", "key": k}),
            None => json!({"type": "hello"}),
        };
        socket.send(&hello);
        socket.until(Duration::from_secs(20), |f| f["type"] == "frame");
        socket
    }

    pub fn send(&mut self, value: &Value) {
        self.ws.send(Message::text(value.to_string())).expect("sent");
    }

    /// The next message within `wait`, if any.
    pub fn recv(&mut self, wait: Duration) -> Option<Value> {
        let start = Instant::now();
        while start.elapsed() < wait {
            match self.ws.read() {
                Ok(Message::Text(text)) => {
                    self.received.push(text.to_string());
                    let v: Value = serde_json::from_str(&text).expect("JSON");
                    if v["type"] == "frame" {
                        self.frame = v.clone();
                    }
                    return Some(v);
                }
                Ok(Message::Close(_)) => return None,
                Ok(_) => {}
                Err(tungstenite::Error::Io(e))
                    if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {}
                Err(e) => panic!("the socket failed: {e}"),
            }
        }
        None
    }

    /// The last frame if it meets `done`, else the first message read
    /// that does; panics after `wait`.
    pub fn until(&mut self, wait: Duration, mut done: impl FnMut(&Value) -> bool) -> Value {
        if done(&self.frame) {
            return self.frame.clone();
        }
        let start = Instant::now();
        loop {
            if let Some(v) = self.recv(Duration::from_millis(200)) {
                if done(&v) {
                    return v;
                }
            }
            assert!(start.elapsed() < wait, "timed out; last frame: {}", self.frame);
        }
    }

    /// If it is this chair's turn in the last frame and it has not acted
    /// on it, the action a bot with `player` chooses, sent; whether one was.
    pub fn play_turn(&mut self, player: &str) -> bool {
        let view: TableView = match serde_json::from_value(self.frame.clone()) {
            Ok(v) => v,
            Err(_) => return false,
        };
        let mut player = make_player(player, 1).unwrap();
        let Ok(Some(action)) = bot::choose(&view, &mut *player, &Deadline::NONE) else {
            return false;
        };
        let at = (self.frame["deals"].clone(), self.frame["ply"].clone());
        if self.acted.as_ref() == Some(&at) {
            return false;
        }
        let (deal, ply) = at.clone();
        self.acted = Some(at);
        self.send(&json!({"type": "act", "deal": deal, "ply": ply, "action": action.to_string()}));
        true
    }

    pub fn close(mut self) {
        let _ = self.ws.close(None);
        let _ = self.ws.flush();
    }
}

/// Whether the frame's deal is finished.
pub fn finished(frame: &Value) -> bool {
    matches!(frame["deal"]["phase"].as_str(), Some("over" | "redeal"))
}
